"""A fast, conservative answer to "may this text use grammar newer than
its target?", from its bytes.

False says no construct of :mod:`.constructs` is there; True says only
"perhaps", and :mod:`.constructs` reads the tokens.  Most texts get False
without being lexed.

Each pattern finds every place where a construct could be, blind to
strings and comments (a match there is a false alarm, never a miss).  Each
starts with a literal (``*``, ``]``, ``match``...), which :mod:`re` finds
at memory speed only when the pattern starts with it, and checks the rest
where it stands: a keyword where it opens the construct, a ``*`` that
unpacks somewhere other than a call's or a ``def``'s brackets.  Where a
pattern reads a bracket's contents it reads them as balanced brackets,
one-line strings and plain characters; what it cannot read that way (a
comment, a backslash, a triple-quoted string, brackets nested deeper)
makes it answer True.  Only the patterns of constructs newer than the
target run: for a 3.12 target, one.  The patterns of the grammar that the
rewrites lower (``with (...)``, ``:=``, decorators) are here too, asked by
the quick check instead (``may_*``).

Then a match is read on its line, first from its bytes alone (what
stands before a ``*`` or a ``]``, two words side by side that only prose
has), then with the line's strings and comments blanked, and the lines
above where it needs its bracket.  What is left is checked last against
the whole file's plain strings and comments (:mod:`.prose`): most of it
is a docstring's prose (``*args*``, ``with (a, b)``, ``match x``).

Imports nothing but :mod:`re` and two prefilters that import only it until
a pattern matches: the import hook's cold path may ask it.
"""

import re
from typing import TYPE_CHECKING, Dict, Iterator, List, Optional, Tuple

from .prefilter_strings import joined_to_line_before
from .prefilter_strings import line_start as start_of_line
from .prefilter_type_aliases import may_hold_type_statements

TYPE_STATEMENT_NEEDS = (3, 12)  # rules.TYPE_STATEMENT.needs (rules is not imported here)
STARRED_NEEDS = (3, 11)  # rules.STARRED_SUBSCRIPT.needs, and its neighbours' of the "*"

if TYPE_CHECKING:
    from typing import Callable

_NAME_BYTES = rb"A-Za-z0-9_\x80-\xff"  # inside a class: bytes of a name (any past ASCII may be)
_NAME = rb"[A-Za-z_\x80-\xff][" + _NAME_BYTES + rb"]*"
_BLANK = rb"(?:[ \t\f]|\\(?:\r\n|\r|\n))"
_SPACE = rb"(?:[ \t\f\r\n]|\\(?:\r\n|\r|\n))"  # inside brackets, line breaks too
_LINE_END = rb"(?:#[^\r\n]*)?(?:\r\n|\r|\n|\Z)"
# A one-line string, escapes and all (its prefix reads as plain characters).
_STRING = rb"""'(?:[^'\\\r\n]|\\[^\r\n])*'|"(?:[^"\\\r\n]|\\[^\r\n])*\""""


def _keyword(word: bytes) -> bytes:
    """``word`` as a whole word: not part of a name, nor an attribute."""
    return word + rb"(?<![" + _NAME_BYTES + rb".]" + word + rb")(?![" + _NAME_BYTES + rb"])"


_groups = iter(range(1_000_000))  # names for the atomic groups' captures


def _atomic(pattern: bytes) -> bytes:
    """``pattern`` matched once, as long as it goes, never given back (an
    atomic group, which :mod:`re` has only from 3.11): a lookahead that
    captures, and a reference to what it captured.  Without it the engine
    tries every way to split a text that does not match."""
    name = b"a%d" % next(_groups)
    return b"(?=(?P<" + name + b">" + pattern + b"))(?P=" + name + b")"


def _balanced(plain: bytes, depth: int = 5) -> bytes:
    """A run of ``plain`` characters, strings, and bracket pairs nested
    ``depth`` deep at most (inside them, anything but a comment or a
    backslash is plain; a pair may close with another kind of bracket,
    which valid code never does)."""
    inside = rb"""(?:[^()\[\]{}'"#\\]|""" + _STRING + rb")*"
    for _ in range(depth - 1):
        inside = rb"""(?:[^()\[\]{}'"#\\]|""" + _STRING + rb"|" + _atomic(rb"[(\[{]" + inside + rb"[)\]}]") + rb")*"
    return _atomic(b"(?:" + plain + b"|" + _STRING + b"|" + _atomic(rb"[(\[{]" + inside + rb"[)\]}]") + b")*")


# One item of a bracket's list, up to a comma or the closing bracket at its
# level; and one that holds no "for" at its level (a comprehension's).
_ITEM = _balanced(rb"""[^()\[\]{}'"#\\,\r\n]""")
_ITEM_NO_FOR = _balanced(
    rb"""(?:(?!(?<![""" + _NAME_BYTES + rb"""])for(?![""" + _NAME_BYTES + rb"""]))[^()\[\]{}'"#\\,\r\n])"""
)
_ITEM_NO_AS = _balanced(
    rb"""(?:(?!(?<![""" + _NAME_BYTES + rb"""])as(?![""" + _NAME_BYTES + rb"""]))[^()\[\]{}'"#\\,\r\n])"""
)
# After a "*" that unpacks in a call or a def's parameters: its item and
# the others to the closing ")" (a "*" the rest of a pattern finds inside
# them is tried on its own).
_IN_PARENTHESES = (
    _ITEM_NO_FOR
    + _atomic(rb"(?:" + _SPACE + rb"*," + _SPACE + rb"*(?:\*\*?|=)?" + _ITEM + rb")*")
    + _SPACE
    + rb"*\)"
)
# What a "*" that multiplies comes right after: the end of an operand.
_OPERAND_END = rb"[" + _NAME_BYTES + rb""")\]}'"]"""


def _patterns(target: Tuple[int, int]) -> List[Tuple[Tuple[int, int], bytes, "Callable[[bytes, int, bytes], bool]"]]:
    """(the oldest Python that reads them all, a pattern, whether a match
    of it at an offset may be the construct, given its line's code) for
    each construct, as a scan for ``target`` looks for them."""
    # Type parameters (3.12) and their defaults (3.13): the "]" that closes
    # them, before a def's "(", a class's ":" or "(", a type statement's
    # "=" (one pattern for the three keywords, whose words are common).
    closes_type_parameters = rb"\](?=[ \t\f]*[(:=])(?![ \t\f]*==)"
    if target < (3, 12):
        # But most "]" before an "=" subscript an assignment's target: a
        # type statement is found from its keyword instead
        # (:func:`may_use_newer_grammar`), as the scan asks for the word
        # anyway (the statement, lowered, is named in a class body).
        closes_type_parameters = rb"\](?=[ \t\f]*[(:])"
    return [
        # the match statement (3.10): "match" not assigned, called, subscripted
        # or annotated, where it starts a line
        ((3, 10), _keyword(b"match") + rb"(?!" + _BLANK + rb"*(?:[=.,;)\]}:]|[-+*/%&|^@<>]=|//=|\*\*=|>>=|<<=|$))",
         _starts_a_line),
        ((3, 13), closes_type_parameters, _closes_type_parameters),
    ]


def _star_of_311() -> bytes:
    """A "*" that 3.11 first reads: right after "except" (``except*``) or
    an annotation's ":" (``*args: *Ts``); any other that unpacks, but in a
    call's or a def's parentheses: in a subscript (``a[*b]``).  Led by the
    "*" itself, which re finds at memory speed: its neighbours are looked
    at from it."""
    # (One after "for ... in", 3.9, is lowered: the quick check's own.)
    always = b"|".join(rb"(?<=" + before + rb"\*)" for before in (b"except", b"except ", b":", b": "))
    # Any other "*" that unpacks (not right after an operand, which it
    # would multiply), unless in a call's or a def's parentheses.  A "**"
    # is never one: it unpacks a mapping, in a call or a dict display (3.5;
    # in a comprehension, lowered).
    unpacking = rb"(?<!" + _OPERAND_END + rb"\*)(?<!" + _OPERAND_END + rb" \*)(?!" + _IN_PARENTHESES + rb")"
    return rb"\*(?<!\*\*)(?!\*)(?:" + always + rb"|" + unpacking + rb")"


def _relaxed_decorator() -> bytes:
    """PEP 614 (3.9), which the rewrites lower (the quick check asks, for a
    target before 3.9): an "@" not followed by a dotted name called at most
    once and its line's end, where it starts a line."""
    dotted = _NAME + rb"(?:" + _BLANK + rb"*\." + _BLANK + rb"*" + _NAME + rb")*"
    call = rb"\(" + _balanced(rb"""[^()\[\]{}'"#\\]""") + rb"\)" + _BLANK + rb"*"
    return rb"@(?!" + _BLANK + rb"*" + dotted + _BLANK + rb"*(?:" + call + rb")?" + _LINE_END + rb")"


# Parenthesized context managers (3.9), which the rewrites lower (the
# quick check asks, for a target before 3.9): "with (", but for one
# parenthesized expression on the line, with no "as" or "," at its level
# ("with (yield lock):", "with (a / b).open() as f:").
_WITH_ITEMS = _keyword(b"with") + _BLANK + rb"*\((?!" + _ITEM_NO_AS + _BLANK + rb"*\))"

_compiled: Dict[Tuple[int, int], List[Tuple["re.Pattern[bytes]", "Callable[[bytes, int, bytes], bool]"]]] = {}


def _searches(target: Tuple[int, int]) -> List[Tuple["re.Pattern[bytes]", "Callable[[bytes, int, bytes], bool]"]]:
    found = _compiled.get(target)
    if found is None:
        found = _compiled[target] = [
            (re.compile(pattern), counts) for needs, pattern, counts in _patterns(target) if needs > target
        ]
    return found


def may_use_newer_grammar(data: bytes, target: Tuple[int, int]) -> bool:
    """Whether ``data`` (UTF-8, or any encoding that spells ASCII as ASCII)
    may hold a construct that Python ``target`` rejects and the rewrites
    leave as it is; False is sure.  Before 3.12, a ``type`` statement
    counts, with type parameters or not: lowered, it is named in a class
    body (the quick check's own test, whose answer for the same bytes is
    kept)."""
    return (
        _may_hold(data, _searches(target))
        or (target < STARRED_NEEDS and (may_star_in_subscripts(data) or _starred_kinds(data)[1]))
        or (target < TYPE_STATEMENT_NEEDS and may_hold_type_statements(data))
    )


def may_star_in_subscripts(data: bytes) -> bool:
    """Whether ``data`` may hold a starred subscript or ``*args: *Ts``
    (3.11), which the rewrites lower for older targets; False is sure."""
    return _starred_kinds(data)[0]


def _starred_kinds(data: bytes) -> Tuple[bool, bool]:
    """Whether ``data`` may hold a star that 3.11 first reads other than
    ``except*``, and whether it may hold ``except*``, from one search: the
    scan for a target before 3.11 asks for either, the quick check for the
    first.  The answer for the same bytes object is kept, so that the
    command line searches once."""
    if _last_starred[0][0] is not data:
        if not _compiled_star:
            _compiled_star.append((re.compile(_star_of_311()), _star_counts))
        other = except_star = False
        for at in _holding(data, _compiled_star):
            if _EXCEPT_BEFORE.search(data, max(0, at - 20), at):
                except_star = True
            else:
                other = True
                break
        _last_starred[0] = (data, (other, except_star))
    return _last_starred[0][1]


_EXCEPT_BEFORE = re.compile(rb"(?<![A-Za-z0-9_\x80-\xff.])except[ \t\f]*\Z")
_compiled_star: List[Tuple["re.Pattern[bytes]", "Callable[[bytes, int, bytes], bool]"]] = []
# The bytes last asked about, and the answer.
_last_starred: List[Tuple[Optional[bytes], Tuple[bool, bool]]] = [(None, (False, False))]


def may_parenthesize_with_items(data: bytes) -> bool:
    """Whether ``data`` may hold ``with (a as b, c):`` (3.9), which the
    rewrites lower for 3.8; False is sure."""
    if not _compiled_with_items:
        _compiled_with_items.append((re.compile(_WITH_ITEMS), _in_code))
    return _may_hold(data, _compiled_with_items)


_compiled_with_items: List[Tuple["re.Pattern[bytes]", "Callable[[bytes, int, bytes], bool]"]] = []


def may_relax_decorators(data: bytes) -> bool:
    """Whether ``data`` may hold a decorator that is any expression (3.9),
    ``@buttons[0].connect``, which the rewrites lower for 3.8; False is sure."""
    if not _compiled_decorators:
        _compiled_decorators.append((re.compile(_relaxed_decorator()), _starts_a_line))
    return _may_hold(data, _compiled_decorators)


_compiled_decorators: List[Tuple["re.Pattern[bytes]", "Callable[[bytes, int, bytes], bool]"]] = []


def may_walrus_unbracketed(data: bytes) -> bool:
    """Whether ``data`` may hold ``:=`` directly in a set display (3.9) or
    a subscript (3.10), which the rewrites lower for older targets; False
    is sure."""
    return _may_hold(data, [(_WALRUS, _walrus_counts)])


_WALRUS = re.compile(rb":=")


def _may_hold(
    data: bytes, searches: List[Tuple["re.Pattern[bytes]", "Callable[[bytes, int, bytes], bool]"]]
) -> bool:
    """Whether a match of one of ``searches`` may be its construct."""
    return any(True for _ in _holding(data, searches))


def _holding(
    data: bytes, searches: List[Tuple["re.Pattern[bytes]", "Callable[[bytes, int, bytes], bool]"]]
) -> Iterator[int]:
    """Where a match of one of ``searches`` may be its construct."""
    prose = None
    for pattern, counts in searches:
        for match in pattern.finditer(data):
            at = match.start()
            line_start = start_of_line(data, at)
            if counts is _starts_a_line and data[line_start:at].strip(b" \t\f"):
                continue  # what starts a statement starts a line, whatever the line holds
            if counts is _closes_type_parameters and _plainly_not_type_parameters(data, line_start, at):
                continue
            if counts is _star_counts and (
                _plainly_not_unpacking(data[line_start:at]) or _in_prose(data, line_start, at)
            ):
                continue
            if counts is _walrus_counts and _plainly_not_unbracketed(data, at):
                continue  # (x := 1), f'{x:=10}': sure even where the reading below gives up
            code = _code_of_line(data, line_start, at)
            offset = at - line_start
            if code is not None and not (
                code[offset : offset + 1] == data[at : at + 1] and counts(data, at, code[:offset])
            ):
                continue  # in a string or a comment on its line, or not where it counts
            if counts is _closes_type_parameters and not _named_before(data, at):
                continue
            # Perhaps the construct: unless a docstring's or a comment's prose
            # holds it, which the file read from its start tells.
            if prose is None:
                from .prose import Prose

                prose = Prose(data)
            if not prose.covers(at):
                yield at


# Whether a match at ``at`` (whose line's code before it is ``before``) may
# be its construct.


def _in_code(data: bytes, at: int, before: bytes) -> bool:
    return True


def _starts_a_line(data: bytes, at: int, before: bytes) -> bool:
    """An ``@`` or ``match`` only where it starts a line (after blanks)."""
    return not before.strip(b" \t\f")


def _walrus_counts(data: bytes, at: int, before: bytes) -> bool:
    """A ``:=`` only directly inside a brace or a subscript; not in an
    f-string's field, where it starts a format spec (``f'{x:=10}'``)."""
    opener, position = _innermost_opener(data, at)
    if opener == b"?":
        return True
    if opener == b"{":
        return not _opens_a_field(data, position)
    return opener == b"[" and _subscripts(data, position)


# The words a set display may follow directly ("else{y := 1}"); after any
# other word, or a quote, a "{" is in an f-string's text: it opens a field.
_WORDS_BEFORE_A_DISPLAY = frozenset(
    b"and as assert await del elif else for from if in is lambda match not or raise return while with yield".split()
)
_WORD = re.compile(rb"[" + _NAME_BYTES + rb"]+\Z")
_BRACKET_AND_NAME = re.compile(rb"([({])[ \t\f]*" + _NAME + rb"[ \t\f]*\Z")


def _plainly_not_unbracketed(data: bytes, at: int) -> bool:
    """Whether the ``:=`` at ``at`` surely is no construct, from what stands
    right before it: ``(`` and a name (an assignment in brackets, or a
    call's argument), or ``{`` and a name where the ``{`` surely opens an
    f-string's field (the ``:`` starts its spec)."""
    name = _BRACKET_AND_NAME.search(data, max(0, at - 100), at)
    if name is None:
        return False
    return name.group(1) == b"(" or (name.group(1) == b"{" and _opens_a_field(data, name.start()))


def _opens_a_field(data: bytes, brace: int) -> bool:
    """Whether the ``{`` at ``brace`` surely opens an f-string's field."""
    if data[brace - 1 : brace] in (b"'", b'"'):
        return True
    word = _WORD.search(data, max(0, brace - 20), brace)
    return word is not None and word.group() not in _WORDS_BEFORE_A_DISPLAY


# What comes before type parameters' "[": "def", "class" or "type" and a name.
_NOT_A_KEYWORD = rb"(?!(?:in|is|if|else|and|or|not|for|lambda)(?![" + _NAME_BYTES + rb"]))"
_NAMED = re.compile(
    rb"(?:^|[^A-Za-z0-9_\x80-\xff.])(?:def|class|type)" + _BLANK + rb"+" + _NOT_A_KEYWORD + _NAME + _BLANK + rb"*\Z"
)


def _closes_type_parameters(data: bytes, at: int, before: bytes) -> bool:
    """A "]" only where it closes type parameters: its "[" after ``def``,
    ``class`` or ``type`` and a name."""
    if before.count(b"[") > before.count(b"]"):  # its "[" is on this line (strings are blanks in ``before``)
        return _NAMED_ON_A_LINE.search(before) is not None
    opener, position = _innermost_opener(data, at)
    return opener == b"?" or (opener == b"[" and _NAMED.search(data, max(0, position - 200), position) is not None)


def _named_before(data: bytes, at: int) -> bool:
    """Whether ``def``, ``class`` or ``type``, a name and a "[" stand
    anywhere before ``at``, strings and comments included: type parameters
    that a "]" closes opened there (asked where reading its line or the
    lines above could not tell)."""
    return _NAMED_ANYWHERE.search(data, 0, at) is not None


_NAMED_ANYWHERE = re.compile(
    rb"(?<![A-Za-z0-9_\x80-\xff.])(?:def|class|type)" + _BLANK + rb"+" + _NAME + _BLANK + rb"*\["
)


def _plainly_not_type_parameters(data: bytes, line_start: int, at: int) -> bool:
    """Whether the line before the "]" at ``at`` shows, without reading its
    strings, that the "]" closes a "[" of its own that follows no ``def``,
    ``class`` or ``type``: the common case, answered without reading code.

    Before the line's first quote or ``#`` all is code, where the line
    starts in code (:func:`_starts_in_code`): where a "[" opened there is
    still open at the quote, and no "]" at all (in a string or not)
    follows up to this one, this one closes a "[" of this line (in valid
    code, whatever the line's brackets close of those above)."""
    line = data[line_start:at]
    if b"def" in line or b"class" in line or b"type" in line or not _starts_in_code(data, line_start, at):
        return False
    cut = _QUOTE_OR_COMMENT.search(line)
    code = line if cut is None else line[: cut.start()]
    return code.count(b"[") > code.count(b"]") and (cut is None or b"]" not in line[cut.start() :])


_QUOTE_OR_COMMENT = re.compile(rb"""['"#]""")
_TRIPLE_QUOTES = (b"'''", b'"""')


def _starts_in_code(data: bytes, line_start: int, at: int) -> bool:
    """Whether the line is in code where it starts, or all in a string up to
    ``at``: a string that a line above opened and that closes before ``at``
    is triple-quoted, or the line above ends in a backslash."""
    line = data[line_start:at]
    return not any(quotes in line for quotes in _TRIPLE_QUOTES) and not joined_to_line_before(data, line_start)


def _plainly_not_unpacking(line: bytes) -> bool:
    """Whether a line before a "*" shows, without reading its strings, that
    the "*" unpacks nothing that :func:`_star_counts` looks for: it follows
    neither "[", ",", ``except`` nor the ":" of ``*args:`` (nor
    starts the line).  What it follows otherwise is code or not: in code a
    "*" after an operator, a quote, a bracket other than "[", "=", a
    backslash or another ":" is never such an unpacking (it multiplies, it
    is 3.8's, or it is not Python); in a string or a comment, neither is
    the "*"."""
    text = line.rstrip(b" \t\f")
    last = text[-1:]
    if not last or last in b"[,":
        return False
    if last == b":":
        return bool(text[:-1].strip(b" \t\f")) and _STARRED_PARAMETER.search(text) is None
    if last in _NAME_LAST:
        return _AFTER_WORD.search(line) is None
    return True


def _in_prose(data: bytes, line_start: int, at: int) -> bool:
    """Whether the line of the "*" at ``at`` shows two words side by side,
    neither of them a keyword, with no quote or comment before them
    ("optional arguments *format*", "* Using the tuple"): prose, a
    docstring's, as no code has them (where the line starts in code, or
    in a string that it does not close before the "*")."""
    if not _starts_in_code(data, line_start, at):
        return False
    end = _QUOTE_COMMENT_OR_LINE_END.search(data, line_start)
    for words in _TWO_WORDS.finditer(data, line_start, len(data) if end is None else end.start()):
        if words.group(1) not in _KEYWORDS and words.group(2) not in _KEYWORDS:
            return True
    return False


_QUOTE_COMMENT_OR_LINE_END = re.compile(rb"""['"#\r\n]""")
_TWO_WORDS = re.compile(rb"(?<![" + _NAME_BYTES + rb".])(" + _NAME + rb")[ \t\f]+(" + _NAME + rb")")
# Keywords, soft ones too: beside a word they may be code ("a if b", "; type X").
_KEYWORDS = frozenset(
    b"False None True and as assert async await break class continue def del elif else except finally for from "
    b"global if import in is lambda nonlocal not or pass raise return try while with yield match case type lazy _"
    .split()
)

# "*args:", before the "*" of a starred annotation (3.11).
_STARRED_PARAMETER = re.compile(rb"\*[ \t\f]*[A-Za-z_\x80-\xff][A-Za-z0-9_\x80-\xff]*[ \t\f]*:\Z")


def _assigned_to(code: bytes) -> bool:
    """Whether the code of a line after a "*" (strings blanked) reaches an
    assignment's "=" at the star's level, before any bracket closes that
    it does not open and with no ``lambda`` on the way: then the star is
    in an assignment's targets, or a call's or a def's arguments before a
    keyword (3.8's, all), never in a subscript or a for statement."""
    depth = 0
    for index, byte in enumerate(code):
        if byte in b"([{":
            depth += 1
        elif byte in b")]}":
            depth -= 1
            if depth < 0:
                return False
        elif byte == 61 and depth == 0:  # "="
            if code[index + 1 : index + 2] == b"=" or code[index - 1 : index] in (b"=", b"!", b"<", b">", b":"):
                return False  # a comparison or ":=": no assignment
            return b"lambda" not in code[:index]
    return False


_NAME_LAST = frozenset(bytes((byte,)) for byte in range(256) if byte >= 0x80 or chr(byte).isalnum() or chr(byte) == "_")


_NAMED_ON_A_LINE = re.compile(
    rb"(?:^|[^A-Za-z0-9_\x80-\xff.])(?:def|class|type)[ \t\f]+" + _NOT_A_KEYWORD + _NAME + rb"[ \t\f]*\["
)


_AFTER_WORD = re.compile(rb"(?:^|[^A-Za-z0-9_\x80-\xff])except[ \t\f]*\Z|:[ \t\f]*\Z")


def _star_counts(data: bytes, at: int, before: bytes) -> bool:
    """A ``*`` after ``except`` or ``:``; else one after ``[`` or ``,``
    (those of calls and defs left out by the pattern) only in a subscript
    (a list's, a set's, an assignment's or a for statement's is 3.8's or
    lowered)."""
    if _AFTER_WORD.search(before):
        return True
    last = before.rstrip(b" \t\f")[-1:]
    if last and last not in b"[,":
        return False
    rest = _code_of_line(data, at)
    if rest is not None and _assigned_to(rest[1:]):
        return False  # "a, *b = c", "f(\n  a, *b, c=1)"
    opener, position = _innermost_opener(data, at)
    if opener == b"?":
        return True
    return opener == b"[" and _subscripts(data, position)


def _subscripts(data: bytes, bracket: int) -> bool:
    """Whether the ``[`` at ``bracket`` subscripts (rather than opens a list)."""
    before = data[:bracket].rstrip(b" \t\f")
    return before[-1:] in _OPERAND_LAST and not before.endswith(_KEYWORDS_BEFORE_A_LIST)


# The last byte of an operand: a "[" after one subscripts it; and the words
# after which a "[" opens a list though a name's byte precedes it.
_OPERAND_LAST = frozenset(
    bytes((byte,)) for byte in range(256) if byte >= 0x80 or chr(byte).isalnum() or chr(byte) in "_)]}'\""
)
_KEYWORDS_BEFORE_A_LIST = tuple(
    b" " + word for word in b"in not and or is if else return yield await assert del elif while for lambda".split()
) + tuple(b"\t" + word for word in b"in not and or is if else return yield await assert".split())


# A piece of a line: code, a one-line string (triple-quoted ones first, so
# that an f-string's prefix is seen before its quotes), a comment, or a
# backslash that continues the line.
_TRIPLE_QUOTED = b"|".join(
    quote * 3 + rb"(?:[^" + quote + rb"\\\r\n]|\\[^\r\n]|" + quote + rb"(?!" + quote * 2 + rb"))*" + quote * 3
    for quote in (b"'", b'"')
)
_LINE_PIECE = re.compile(
    rb"""[^'"#\\\r\n]+|""" + _TRIPLE_QUOTED + rb"|" + _STRING + rb"""|#[^\r\n]*|\\(?=\r|\n|\Z)"""
)


def _code_of_line(data: bytes, start: int, stop: int = -1) -> "bytes | None":
    """The line from ``start`` (to ``stop``, a piece past it, when given),
    its one-line strings and its comment turned to blanks (so offsets
    keep); None where a backslash, an f-string's fields or a quote that
    does not close on the line make the reading unsure."""
    end = data.find(b"\n", start)
    if end < 0:
        end = len(data)
    carriage = data.find(b"\r", start, end)
    if carriage >= 0:
        end = carriage
    limit = end if stop < 0 else min(end, stop + 1)
    pieces = []
    position = start
    while position < limit:
        piece = _LINE_PIECE.match(data, position, end)
        if piece is None:
            return None
        text = piece.group()
        if text[:1] in b"'\"" and b"{" in text and data[position - 2 : position].rstrip(b"rRbB")[-1:] in b"fFtT":
            return None  # an f-string's fields are code
        pieces.append(b" " * len(text) if text[:1] in b"'\"#" else text)
        position = piece.end()
    return b"".join(pieces)


# How many lines back :func:`_innermost_opener` reads before it gives up.
_READ_BACK = 50


def _innermost_opener(data: bytes, at: int) -> "tuple[bytes, int]":
    """The bracket that ``at`` is directly inside and its offset, read
    backwards: ``b"("``, ``b"["``, ``b"{"``, ``b""`` for none, or ``b"?"``
    where the reading is unsure (a backslash, a string over several lines,
    too far).

    Reading goes back over lines while the line above may go on into this
    one (it ends in a comma, an operator or an opening bracket); a line
    above that ends otherwise ends a statement."""
    depth = 0
    line_start = start_of_line(data, at)
    end = at
    for _ in range(_READ_BACK):
        code = _code_of_line(data, line_start)
        if code is None:
            return b"?", -1
        for index in range(end - line_start - 1, -1, -1):
            byte = code[index]
            if byte in b")]}":
                depth += 1
            elif byte in b"([{":
                if depth == 0:
                    return bytes((byte,)), line_start + index
                depth -= 1
        if line_start == 0:
            return b"", -1
        above_end = line_start - 1
        if above_end > 0 and data[above_end - 1 : above_end + 1] == b"\r\n":
            above_end -= 1
        above_start = start_of_line(data, above_end)
        above = _code_of_line(data, above_start)
        if above is None:
            return b"?", -1
        if depth == 0 and not above.rstrip(b" \t\f").endswith(_GOES_ON):
            return b"", -1
        line_start, end = above_start, above_end
    return b"?", -1


# What a line that goes on into the next may end in (":" ends a header).
_GOES_ON = tuple(bytes((byte,)) for byte in b"\\([{,+-*/%&|^@<>=.~")
