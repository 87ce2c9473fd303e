"""Property: random modules that mix lazy imports (3.15), ``type`` statements
(3.12), unpacking in comprehensions (3.15), starred items after ``for ...
in`` (3.9), ``:=`` in sets and subscripts (3.9, 3.10), decorators that are
any expression (3.9), starred subscripts and ``*args: *Ts`` (3.11) and 3.12
f-strings, lowered for 3.8, print what 3.15 prints running the originals.

Hypothesis writes modules of a docstring or none, then statements drawn
from lazy imports (``import`` and ``from``, with ``as``), type aliases
(values that are names defined later or never, f-strings reusing their
quotes, lambdas, values over several lines; in a class body, values that
read the class's names, bound before or after, or changed on the class),
the use of an alias's
``__name__``, ``__module__`` and ``__value__`` (a ``NameError`` caught;
a lambda's result rather than its repr, whose qualified name differs),
of an imported name, f-strings that reuse quotes, and comprehensions that
unpack (lists, sets, dicts, generators, a call's; elements that reuse
quotes in f-strings or assign with ``:=``; over one line or several),
printed as they are, in an f-string's field, its debug text or a
t-string's interpolation; each at module level,
after ``x = 0;`` on one line, or in an ``if`` block.  Python 3.15 runs the
originals, a batch in one process; this interpreter (in a process of its
own) runs them lowered.  Lazy and eager imports print the same: the
programs never look at ``sys.modules``.
"""

import sys

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from fstring_backport import transpile

from support.pythons import oracle, outcomes
from support.strategies import batches

# (module, a name it has, a call of that name that prints the same anywhere)
MODULES = [
    ("json", "dumps", "dumps([1, 'a'])"),
    ("textwrap", "dedent", "dedent('  a')"),
    ("keyword", "iskeyword", "iskeyword('lazy')"),
    ("colorsys", "rgb_to_hsv", "rgb_to_hsv(0.0, 0.0, 0.0)"),
    ("string", "capwords", "capwords('a b')"),
]
ALIASES = ("Number", "Pair", "Later", "Text")
VALUES = (
    "int",
    "Undefined",
    "Later",
    'f"{d["k"]}"',
    "lambda: Number",
    "(\n    str  # a comment\n    , int)",
    "[Pair, 1]",
)
# Values of a type alias in a class body that binds Later before it and
# Number after: names of the class, of the module (w, keys) or of neither.
CLASS_VALUES = (
    "Later",
    "Number",
    "Undefined",
    "(Later, Number, w)",
    "d['k'].upper()",
    "keys[*d, Later]",
    "(\n    Later  # a comment\n    , str)",
)


@st.composite
def statement(draw, calls):
    """One statement (lines without indentation), and the calls of what it imports."""
    kinds = ["lazy import", "lazy from", "type", "use alias", "use import", "f-string", "for", ":=", "decorator"]
    kind = draw(st.sampled_from([*kinds, "starred subscript", "starred annotation", "type in a class"]))
    if kind == "type in a class":  # (3.12) its value sees the class's names
        alias, value = draw(st.sampled_from(ALIASES)), draw(st.sampled_from(CLASS_VALUES))
        changed = ["Holder.Number = complex"] if draw(st.booleans()) else []
        lines = ["class Holder:", "    Later = bytes", *f"    type {alias} = {value}".split("\n"), "    Number = float"]
        return [
            *lines,
            *changed,
            "try:",
            # An alias in its own value (type Later = Later) shows as Holder.Later
            # on 3.15, Later on 3.12-3.14, which have no qualified names for it.
            f"    print(repr(shown(Holder.{alias}.__value__)).replace('Holder.', ''))",
            "except NameError as error:",
            "    print('NameError', error)",
        ], []
    if kind == "starred subscript":  # (3.11) keys shows its key
        forms = [
            "keys[*d, w]",
            'keys[1:w, *"ab"]',
            'f"{keys[*d, ::2]!r:>{w}}"',
            'keys[*(d if w else "x")]',
            'f"{keys[f"{d["k"]}":2, *d]}"',
            "keys[\n        *d,\n        (y := w):]",
        ]
        return f"print({draw(st.sampled_from(forms))})".split("\n"), []
    if kind == "starred annotation":  # (3.11) read right after the def
        parameters = draw(st.sampled_from(["*args: *d", 'a=f"{d["k"]}", *args: *keys[*d, 1:2][:1]']))
        return [f"def h({parameters}) -> None:", "    pass", "print(h.__annotations__)"], []
    if kind == "decorator":  # any expression (3.9)
        forms = [
            "[lambda f: f][0]",
            '(lambda f: print(f"{f.__name__!r:>{w}}") or f)',
            "shown if d else print",
            '{"k": shown}[f"{d["k"]}".replace("v", "k")]',
        ]
        return [f"@{draw(st.sampled_from(forms))}", "def h():", '    return f"{d["k"]}"', "print(shown(h))"], []
    if kind == ":=":  # directly in a set (3.9) or a subscript (3.10)
        forms = ["sorted({y := w, 2}), y", '{5: d}[i := w]["k"], i', 'f"{ {y := d["k"]} }{d[k := "k"]}"']
        shown = draw(st.sampled_from(forms))
        return [f"print({shown})"], []
    if kind == "for":  # starred items after "for ... in" (3.9)
        iterable = draw(st.sampled_from(['*d, *"xy"', 'f"{d["k"]}", *[w]', "*d,", '\\\n        *"ab", w']))
        return [f"for v in {iterable}:", '    print(f"{v!r:>{w}}")'], []
    if kind in ("lazy import", "lazy from"):
        module, name, call = draw(st.sampled_from(MODULES))
        bound = draw(st.sampled_from(["", "m_" + module]))
        if kind == "lazy import":
            as_ = f" as {bound}" if bound else ""
            return [f"lazy import {module}{as_}"], [f"{bound or module}.{call}"]
        as_ = f" as {bound}" if bound else ""
        return [f"lazy from {module} import {name}{as_}"], [(bound or name) + call[len(name) :]]
    if kind == "type":
        value = draw(st.sampled_from(VALUES))
        return f"type {draw(st.sampled_from(ALIASES))} = {value}".split("\n"), []
    if kind == "use alias":
        alias = draw(st.sampled_from(ALIASES))
        return [
            "try:",
            f"    print({alias}.__name__, {alias}.__module__, {alias}.__type_params__, shown({alias}.__value__))",
            "except NameError as error:",
            "    print('NameError', error)",
        ], []
    if kind == "use import" and calls:
        return [f"print({draw(st.sampled_from(calls))})"], []
    return ['print(f"{d["k"]!r:>{w}}|{[x for x in "ab"]}")'], []


@st.composite
def unpacking(draw):
    """A statement that prints a comprehension that unpacks (PEP 798)."""
    form = draw(st.sampled_from(["list", "set", "dict", "generator", "call"]))
    condition = draw(st.sampled_from(["", " if x", " if (z := x)"]))
    if form == "dict":
        element = draw(st.sampled_from(["**{x: len(x)}", '**{f"{d["k"]}": x}', "**(z := {x: 1})"]))
    else:
        element = "*" + draw(st.sampled_from(["x", "[x, x]", 'f"{d["k"]}{x}"', "(z := [x])"]))
    loop = draw(st.sampled_from([" for x in ", "\n    for x in "])) + draw(st.sampled_from(['"ab"', '["ab", "c"]']))
    inner = element + loop + condition
    comprehension = {
        "list": f"[{inner}]",
        "set": f"sorted({{{inner}}})",
        "dict": f"{{{inner}}}",
        "generator": f"list(({inner}))",
        "call": f"list({inner})",
    }[form]
    shown = draw(st.sampled_from(["plain", "field", "debug", "t-string"]))
    # A space after a field's brace: ``{{`` would be an escaped brace.
    if shown == "field":
        return f'print(f"{{ {comprehension}!r:>{{w}}}}|")'.split("\n")
    if shown == "debug":
        return f'print(f"{{ {comprehension}=}}")'.split("\n")
    if shown == "t-string":
        # Not in a comprehension's iterable, where ``:=`` is refused.
        template = f'template = t"{{ {comprehension}}}"'
        return (template + "\nprint([(i.expression, i.value) for i in template.interpolations])").split("\n")
    return f"print({comprehension})".split("\n")


@st.composite
def program(draw):
    lines = ['"""A generated module."""'] if draw(st.booleans()) else []
    lines.append("d, w = {'k': 'v'}, 5")
    # A function's repr holds its address and qualified name: its result is shown.
    lines.append("shown = lambda value: value() if callable(value) and type(value).__name__ == 'function' else value")
    lines.append("keys = type('Keys', (), {'__getitem__': lambda self, key: key})()")
    calls: list = []
    for _ in range(draw(st.integers(1, 8))):
        if draw(st.integers(0, 3)) == 0:
            body, more = draw(unpacking()), []
        else:
            body, more = draw(statement(calls))
        calls.extend(more)
        place = draw(st.sampled_from(["module", "after x = 0;", "if block"]))
        if place == "after x = 0;" and len(body) == 1:
            lines.append("x = 0; " + body[0])
        elif place == "if block":
            lines.append("if d:")
            lines.extend("    " + line for line in body)
        else:
            lines.extend(body)
    return "\n".join(lines) + "\n"


# Each example is a batch of 40 programs run by one oracle process.
@pytest.mark.skipif(sys.version_info >= (3, 15), reason="3.15 runs the originals itself")
@settings(max_examples=batches(20, 10), phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(st.lists(program(), min_size=40, max_size=40))
def test_lowered_modules_print_what_315_prints(sources):
    expected = outcomes(oracle(), [("", source) for source in sources])
    lowered = [transpile(source, (3, 8), "case.py") for source in sources]
    for source, out in zip(sources, lowered):
        assert out.count("\n") == source.count("\n"), source
        assert transpile(out, (3, 8), "case.py") == out, source
    got = outcomes(sys.executable, [("", out) for out in lowered])
    for source, out, wanted, result in zip(sources, lowered, expected, got):
        assert wanted[1] is None or "SyntaxError" not in wanted[1], source  # the strategy writes valid modules
        assert result == wanted, (source, out)
