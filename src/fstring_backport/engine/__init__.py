"""The engine: the one place that knows f-strings and t-strings.

The pipeline, in the order a source goes through it:

* :mod:`.source` decodes bytes as Python does (coding cookie, BOM);
* :mod:`.prefilter_rewrites` returns most files at once: no f-string needs a rewrite;
* :mod:`.lexer` cuts the rest into tokens that cover every byte, with the
  mode stack of PEP 701, into a :class:`~.parsed.Parsed` (text, tokens,
  lines, file name) that the later steps take whole;
* :mod:`.fstrings` builds the tree of each f-string and t-string from its
  tokens, and :mod:`.templates` finds which t-strings make one Template;
* :mod:`.oldsyntax` judges what the target rejects or reads differently,
  each problem a named rule of :mod:`.rules`;
* :mod:`.rewrites` are the rewrites, one module each, listed in one
  registry: :mod:`.lowering` writes those f-strings again, and every
  t-string as a call of the runtime (``fstring_backport.templatelib``);
  :mod:`.excepts` finds ``except A, B:`` to bracket; :mod:`.annotations`
  finds where ``from __future__ import annotations`` goes; :mod:`.hoisting`
  places the constants they cannot spell and the runtime's import;
* :mod:`.safety` checks the output before it is returned;
* :mod:`.pipeline` is the way in, :func:`~.pipeline.transpile` and
  :func:`~.pipeline.find_problems`: the target, the encoding and the quick
  check; :mod:`.rewriting`, the full path from the lexer on, which runs
  the rewrites, loads only for a file that needs it.

:mod:`.lexical` states the lexical facts (quotes, prefixes, a literal's
body, line breaks, blanks, comments) that the lexer, the quick check and
:mod:`.literals` (what a literal means, how to write one) build on;
:mod:`.parsed` turns offsets into lines and errors;
:mod:`.targets` and :mod:`.errors` are shared by all.  The command line,
the import hook and the build steps call :mod:`.pipeline` and add only
what is theirs.  Importing this package loads nothing else: the command
line reads :mod:`.targets` at start-up without paying for the lexer.
"""
