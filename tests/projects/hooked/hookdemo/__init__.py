"""A package written with Python 3.12 f-strings; this file is 3.8 syntax."""

import fstring_backport

fstring_backport.install(__name__)
