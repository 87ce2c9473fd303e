"""The module that lowered t-strings import the runtime's ``build`` from,
unless told another (the copy of it a wheel ships)."""

RUNTIME = "fstring_backport.templatelib"
