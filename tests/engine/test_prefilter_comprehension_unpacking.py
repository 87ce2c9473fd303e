"""The quick check's test for unpacking in a comprehension never misses one.

False from ``may_unpack_in_comprehension`` lets a module skip the full
path, so every case here that unpacks must get True; the cases that do not
show where it reads past what cannot hold a comprehension.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fstring_backport import TranspileError
from fstring_backport.engine.prefilter_comprehension_unpacking import may_unpack_in_comprehension
from fstring_backport.engine.rewriting import rewrite

UNPACKS = [
    "r = [*x for x in xs]\n",
    "r = [\n    *x\n    for x in xs]\n",
    "r = ( *x for x in xs)\n",  # a blank after the opener
    "r = {  **d for d in ds}\n",
    "r = [\\\n*x for x in xs]\n",  # a joined line
    "r = [  # a comment\n    *x for x in xs]\n",
    "r = [  # one\n    # two\n\n    *x for x in xs]\n",
    "r = [*'a,b' for _ in c]\n",  # a comma in a string is no item's end
    'r = [*"""a]""" for _ in c]\n',
    "r = [*'it\\'s]' for _ in c]\n",  # an escaped quote
    "r = [*x  # x, y]\n    for x in xs]\n",  # nor in a comment
    "r = [*f'{x}' for x in xs]\n",  # an f-string: perhaps
    "r = [*f'{\"a,b\"}' for _ in c]\n",
    "r = [*(a, b)[i] for i in c]\n",
    "r = [*(a if a else b) for a in c]\n",
    "async def f():\n    return [*x async for x in xs]\n",
    "g(*x for x in xs)\n",
    "r = {**{k: v for k, v in p} for p in ps}\n",
    # what stands before on the star's line: strings closed, or perhaps open
    "s = 'a'; r = [*x for x in xs]\n",
    "s = '#[*' + '''a\nb''' + str([*x for x in xs])\n",
    's = """\n\' """ + str([*x for x in xs])\n',  # a triple-quoted string ends on the line
    "s = 'a\\\n' + str([*x for x in xs])\n",  # a string over a joined line
    "s = f'{\n\"a\"}' + str([*x for x in xs])\n",  # an f-string's field over lines
    "s = f\"\"\"a\nit's {[*x for x in xs]}\"\"\"\n",  # a field in the text of lines before
]
DOES_NOT = [
    "f(*args, **kw)\n",
    "r = [*a, *(b for b in c)]\n",
    "g(*(x for x in y))\n",
    "f(**{'a': 2})\n",  # quotes inside the item's brackets
    "g(*['x, y', 'z'])\n",
    "h(a * b for b in c)\n",  # a product, not a star after an opener
    "h(x, *y)\n",
    "r = a ** b\n",
    "s = '[*x for x in xs]'\n",  # in a string
    "s = 'a' 'b[*x for x in xs]'\n",
    "s = 0  # [*x for x in xs]\n",  # in a comment
]


@pytest.mark.parametrize("source", UNPACKS)
def test_every_spelling_of_the_construct_is_found(source):
    assert may_unpack_in_comprehension(source)
    assert may_unpack_in_comprehension(source.encode())
    assert rewrite(source, version=(3, 14)) != source  # the full path agrees it unpacks


@pytest.mark.parametrize("source", DOES_NOT)
def test_what_cannot_be_the_construct_is_passed(source):
    assert not may_unpack_in_comprehension(source)
    assert rewrite(source, version=(3, 14)) == source


GAPS = ["", " ", "\n", "\n\n    ", "  # c, ]\n    ", "\\\n", " \\\n  "]
ITEMS = ["x", "x.y", "'a,b'", "b'x]'", "f'{x}'", "rf'{x!r}'", '"""a\n]"""', "(a, b)", "[a for a in b]", "x  # ,)\n"]


# What may stand before the bracket on its line: a string or a comment
# character closed there, or a string or field of the line before that ends
# there.
LEADS = [
    "", "'a' + ", '"#" + ', "'''a\n''' + ", "f'{1}' + ", "b'\\'' + ", "'a\\\nb' + ", "f'{\n1}' + ",
    "'''\"\n' ''' + ", "f'''\n\" {1}' ''' + ",  # a quote of the other kind on the last line
]


@given(
    st.sampled_from(LEADS),
    st.sampled_from(["[]", "{}", "()", "f()"]),
    st.sampled_from(["*", "**"]),
    st.sampled_from(GAPS),
    st.sampled_from(ITEMS),
    st.sampled_from(GAPS),
    st.sampled_from(["for x in y", "async for x in y", ", z", ")", "]", "}"]),
)
def test_the_full_path_never_lowers_what_the_quick_check_passed(lead, brackets, stars, before, item, after, rest):
    opener, closer = brackets[:-1], brackets[-1]
    source = f"async def g():\n    r = {lead}{opener}{before}{stars}{item}{after} {rest}{closer}\n"
    try:
        lowered = rewrite(source, version=(3, 14))
    except TranspileError:
        return  # not Python, or refused by 3.15: the full path reports it either way
    if lowered != source:
        assert may_unpack_in_comprehension(source)
