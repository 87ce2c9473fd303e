"""Code compiled at run time: ``fstring_backport.compile``, and the pytest
plugin, the IPython extension and the console built on it."""
