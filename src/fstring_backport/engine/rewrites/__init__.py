"""The rewrites: each a module of its own, listed once in :data:`REWRITES`.

A rewrite module holds:

* ``RULES``: the rules (:mod:`..rules`) it lowers, which ``--check``
  reports where the target needs them lowered;
* ``problems(module, version)``: where ``version`` needs it lowered, as
  (offset, rule);
* ``edits(rewriting)``: what it changes, as :class:`.module.Edit`;
* for grammar that :mod:`..constructs` finds, ``MAY_HOLD``: the quick
  check's test for it (:data:`CONSTRUCT_REWRITES`).

:mod:`..rewriting` runs every rewrite on one lexed module and applies their
edits together.  Adding a rewrite is a module here, its line below, and its
tests in tests/engine/rewrites/.
"""

from . import (
    bracket_except_types,
    lower_comprehension_unpacking,
    lower_decorator_expressions,
    lower_fstrings,
    lower_lazy_imports,
    lower_parenthesized_with,
    lower_starred_annotations,
    lower_starred_for_iterable,
    lower_starred_subscripts,
    lower_tstrings,
    lower_type_aliases,
    lower_unbracketed_walrus,
    register_templatelib,
)

REWRITES = (
    lower_comprehension_unpacking,  # first: these three tell the lowering which tokens they change
    lower_unbracketed_walrus,
    lower_type_aliases,  # before the starred subscripts': they write around the names it changes
    lower_starred_subscripts,  # after the walrus's: it writes around the tokens that one changed
    lower_tstrings,
    lower_fstrings,
    bracket_except_types,
    register_templatelib,
    lower_lazy_imports,
    lower_parenthesized_with,
    lower_starred_for_iterable,
    lower_starred_annotations,
    lower_decorator_expressions,
)

# The rewrites of the grammar that :mod:`..constructs` finds: each also has
# ``MAY_HOLD``, the quick check's test for its ``RULES``, which the safety
# net asks too (a target that reads the grammar keeps it in the output).
CONSTRUCT_REWRITES = (
    lower_comprehension_unpacking,
    lower_unbracketed_walrus,
    lower_parenthesized_with,
    lower_starred_for_iterable,
    lower_starred_subscripts,
    lower_starred_annotations,
    lower_decorator_expressions,
)
