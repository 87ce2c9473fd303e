"""A small HTML library written for Python 3.14, as t-string libraries are.

Importing it imports string.templatelib first, spelled as many libraries
spell it (no t-string in this module).
"""

from string import templatelib

from tstring_library.markup import Markup, html, to_int
from tstring_library.nodes import Element, Text, tree

Template = templatelib.Template

__all__ = ["Element", "Markup", "Template", "Text", "html", "to_int", "tree"]
