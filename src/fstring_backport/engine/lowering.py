"""Rewrite one 3.12 f-string so that Python 3.8-3.11 accept it, unchanged in meaning.

An f-string that :mod:`oldsyntax` rejects is written out again, part by
part, changing only what the old rules forbid:

* a nested string gets a quote no enclosing f-string uses (``"k"`` becomes
  ``'k'`` inside ``f"..."``); if none fits, or it holds a backslash, the
  constant moves to a temporary (:mod:`hoisting`);
* a nested f-string gets an unused quote the same way; text with a backslash
  in it becomes a field holding a temporary;
* comments in fields are dropped, a line continuation becomes a plain line
  break, and an f-string with a line break in a field becomes triple-quoted,
  so every line keeps its number;
* a debug field ``{expr=}`` whose expression had to change becomes its 3.15
  text, as literal text, followed by ``{expr!r}``;
* a field two specs deep, ``{x:{y:{z}}}``, becomes ``{x:{f'{y:{z}}'}}``;
* a field whose conversion must run before its spec's fields, as on 3.13+,
  ``{x!r:{w}}``, becomes ``{('%r' % ((x),)):{w}}``.

Every field is still evaluated and formatted left to right, exactly once.

A t-string (PEP 750), or a run of them concatenated, becomes a call of the
runtime's ``build`` (:mod:`templates`) with its strings and interpolations
in source order: ``t"a{x!r:>{w}}b"`` becomes
``_fstring_backport_t('a', ((x), 'x', 'r', f'>{w}'), 'b')``.  Values are
evaluated left to right and not formatted; a spec with fields becomes an
f-string, formatted as 3.14 formats it.  Line breaks stay where they were.
"""

import ast
import re
from typing import Callable, Dict, List, NamedTuple, Optional, Sequence, Tuple, Union

from .errors import TranspileError
from .fstrings import Field, FString, Literal, Part, debug_text, interpolation_expression, parse_fstrings
from .hoisting import Temporaries
from .lexer import (
    COMMENT,
    CONTINUATION,
    FSTRING_END,
    FSTRING_START,
    NAME,
    NL,
    STRING,
    TRIVIA,
    TSTRING_START,
    WHITESPACE,
    Token,
    lex,
)
from .lexical import LINE_BREAK, QUOTES, is_raw, prefix_of, quote_of
from .literals import (
    constant_source,
    encode_text,
    fits_among,
    fits_in,
    fstring_text_value,
    halve_braces,
    literal_value,
    normalise_newlines,
    spell_inline,
    text_fits,
)
from .oldsyntax import accepted_before_312, converts_before_spec, read_otherwise_before_313
from .parsed import Parsed
from .templates import Concatenations, inline_runtime

# Where no line can import the runtime, t-strings name it through the
# builtin __import__: a module that binds that name itself cannot have them.
NO_PLACE_FOR_RUNTIME = (
    "cannot lower this t-string: the module binds __import__, and no line above the first statement "
    "can import the Template runtime; add a blank line or a docstring there"
)

_LINE_BREAKS = re.compile(LINE_BREAK)


def binds_import(parsed: Parsed) -> bool:
    """Whether the module may bind the name ``__import__`` (assigns it,
    defines it, imports it, declares it global)."""
    code = [token for token in parsed.tokens if token.kind not in TRIVIA]
    for i, token in enumerate(code):
        if token.kind == NAME and token.text == "__import__":
            before = code[i - 1].text if i else ""
            after = code[i + 1].text if i + 1 < len(code) else ""
            if after in ("=", ":=") or before in ("def", "class", "as", "import", "global", "for"):
                return True
    return False


class CannotLower(Exception):
    """This way of writing the f-string does not work; another may."""


class _NeedsATemporary(CannotLower):
    """Text in a spec two levels deep that only a field could carry: a
    field there is too deep for old Pythons."""


_NO_QUOTE_FOR_A_LINE_BREAK = "a line break inside a single-quoted f-string"
_ADD_A_LINE = "add a blank line or a docstring above the first statement"


class _Where(NamedTuple):
    """Where a part is being written."""

    quote: str  # the delimiter of the f-string it goes in
    raw: bool  # whether that f-string is raw
    enclosing: Tuple[str, ...]  # the delimiters of the f-strings around that one
    in_expression: bool  # inside another f-string's expression: no backslashes
    spec_level: int = 0  # format specs open around the part

    @property
    def context(self) -> Tuple[str, ...]:
        """Every delimiter the written text must fit in."""
        return self.enclosing + (self.quote,)

    def in_spec(self) -> "_Where":
        return self._replace(spec_level=self.spec_level + 1)


def _escape_quote(text: str, quote: str) -> str:
    """Escape each bare ``quote[0]`` in non-raw literal text."""
    char = quote[0]
    return re.sub(r"\\[\s\S]|" + re.escape(char), lambda m: m.group() if len(m.group()) == 2 else "\\" + char, text)


def _line_breaks(text: str) -> str:
    return "".join(_LINE_BREAKS.findall(text))


def _quote_choices(original: str, multiline: bool) -> List[str]:
    first = original * 3 if multiline and len(original) == 1 else original
    return [first] + [q for q in QUOTES if q != first and not (multiline and len(q) == 1)]


class Lowerer:
    def __init__(
        self,
        parsed: Parsed,
        temporaries: Temporaries,
        encoding: str = "utf-8",
        nodes: Optional[Dict[int, FString]] = None,
        old_fstrings: bool = True,
        older_than_313: bool = True,
    ) -> None:
        self.encoding = encoding  # what the output will be written in
        self.parsed = parsed
        self.tokens = parsed.tokens
        self.source = parsed.text
        self.temps = temporaries
        # Every f-string and t-string by its first token (found as needed if not given).
        self.nested: Dict[int, FString] = {} if nodes is None else nodes
        self.concatenations = Concatenations(parsed, self.nested)
        # False for a 3.12 or 3.13 target: only t-strings are rewritten,
        # and for 3.12 the f-strings that 3.13 reads otherwise.
        self.old_fstrings = old_fstrings
        # Whether the f-string being lowered moves the line breaks it cannot
        # hold after itself (see lower).
        self.defer_breaks = False
        self.deferral_failure: Optional[str] = None  # why the last try at moving them failed
        self.older_than_313 = older_than_313
        # Whether an f-string in an expression with no quote left for it may
        # be spelled with calls of format (_joined_call): tried only where
        # quotes alone fail, and only where names can be bound.
        self.format_calls = False
        self.spec_constants = 0  # text written as a constant's field in a spec, so far
        # Tokens another rewrite changes (by index), which an f-string or
        # t-string lowered around them writes as changed.
        self.replaced: Dict[int, str] = {}

    def replace(self, index: int, text: str) -> None:
        """Write ``tokens[index]`` as ``text`` wherever a lowering writes it."""
        self.replaced[index] = text

    # -- entry point ----------------------------------------------------

    def lower(self, node: FString) -> str:
        """The old-syntax text for ``node``; raise TranspileError if there is none."""
        return self._retried_with_format_calls(lambda: self._lower(node))

    def _retried_with_format_calls(self, attempt: "Callable[[], str]") -> str:
        """What ``attempt`` gives, tried again with f-strings spelled as calls
        of format where quotes alone fail and names can be bound."""
        try:
            return attempt()
        except TranspileError:
            if self.temps.inline:
                raise
        self.format_calls = True
        try:
            return attempt()
        finally:
            self.format_calls = False

    def _lower(self, node: FString) -> str:
        self._index(node)
        start, end = self.tokens[node.start], self.tokens[node.end]
        prefix = self._prefix(node)
        raw = is_raw(prefix)
        multiline = bool(_LINE_BREAKS.search(self.source, start.end, end.offset))
        reason = "no quoting works"
        for quote in _quote_choices(end.text, multiline):
            mark = self.temps.checkpoint()
            try:
                text = prefix + quote + self.parts(node.parts, _Where(quote, raw, (), False)) + quote
                if self._accepted(text):
                    return text
            except CannotLower as exc:
                reason = str(exc)
            except ValueError as exc:  # an escape 3.12 rejects too
                raise self.parsed.error(str(exc), start.offset) from exc
            self.temps.rollback(mark)
        if reason == _NO_QUOTE_FOR_A_LINE_BREAK:
            # More f-strings nested around a line break in code than old
            # Pythons have triple quotes: the breaks go after the f-string,
            # as line continuations, so that the lines below keep theirs.
            self.deferral_failure = None
            try:
                deferred = self._with_breaks_after(node, prefix, raw, end.text)
            except ValueError as exc:  # an escape 3.12 rejects too, met only on this try
                raise self.parsed.error(str(exc), start.offset) from exc
            if deferred is not None:
                return deferred
            reason = self.deferral_failure or reason
        reason = self._unless_names(reason)
        raise self.parsed.error(f"cannot lower this f-string for Python < 3.12 ({reason})", start.offset)

    def _with_breaks_after(self, node: FString, prefix: str, raw: bool, original: str) -> Optional[str]:
        tokens = self.tokens
        for quote in _quote_choices(original, False):

            def written(quote: str = quote) -> Optional[str]:
                text = prefix + quote + self.parts(node.parts, _Where(quote, raw, (), False)) + quote
                return text if self._accepted(text) else None

            text = self._breaks_moved_after(written, tokens[node.start].offset, tokens[node.end].end)
            if text is not None:
                return text
        return None

    def _breaks_moved_after(self, write: "Callable[[], Optional[str]]", start: int, end: int) -> Optional[str]:
        """What ``write`` gives with the line breaks that no quote can hold
        written as blanks, and as many line continuations after it as the
        source from ``start`` to ``end`` has breaks it lacks; None if it
        cannot."""
        breaks = _LINE_BREAKS.findall(self.source, start, end)
        mark = self.temps.checkpoint()
        self.defer_breaks = True
        try:
            text = write()
            if text is not None and len(_LINE_BREAKS.findall(text)) <= len(breaks):
                return text + "".join(" \\" + moved for moved in breaks[len(_LINE_BREAKS.findall(text)) :])
        except CannotLower as exc:
            self.deferral_failure = str(exc)  # what the error then says: the line breaks were not all
        finally:
            self.defer_breaks = False
        self.temps.rollback(mark)
        return None

    def lower_template(self, group: List[FString]) -> str:
        """The runtime call for these concatenated t-strings, outside any f-string."""
        return self._retried_with_format_calls(lambda: self._lower_template(group))

    def _lower_template(self, group: List[FString]) -> str:
        offset = self.tokens[group[0].start].offset
        mark = self.temps.checkpoint()
        try:
            return self.template(group, ())
        except CannotLower as exc:
            reason = str(exc)
        except ValueError as exc:  # an escape 3.14 rejects too
            raise self.parsed.error(str(exc), offset) from exc
        self.temps.rollback(mark)
        if reason == _NO_QUOTE_FOR_A_LINE_BREAK:
            # As for an f-string (see lower): the breaks go after the call.
            end = self.tokens[group[-1].end].end
            self.deferral_failure = None
            try:
                call = self._breaks_moved_after(lambda: self.template(group, ()), offset, end)
            except ValueError as exc:
                raise self.parsed.error(str(exc), offset) from exc
            if call is not None:
                return call
            reason = self.deferral_failure or reason
        reason = self._unless_names(reason)
        raise self.parsed.error(f"cannot lower this t-string for Python < 3.14 ({reason})", offset)

    def _unless_names(self, reason: str) -> str:
        """``reason``, saying what to change where only the want of a line
        for names stopped the lowering (names spell what quotes cannot)."""
        if self.temps.no_place and not self.temps.asked_inline and _ADD_A_LINE not in reason:
            return f"{reason}, and no line to bind names on: {_ADD_A_LINE}"
        return reason

    def _prefix(self, node: FString) -> str:
        return prefix_of(self.tokens[node.start].text)

    def _index(self, node: FString) -> None:
        for field in node.fields():
            for nested in field.fstrings:
                if nested.start not in self.nested:
                    self.nested[nested.start] = nested
                    self.concatenations.by_end[nested.end] = nested
                self._index(nested)

    def _accepted(self, text: str) -> bool:
        try:
            parsed = lex(text)
            (node,) = parse_fstrings(parsed)
        except (TranspileError, ValueError):
            return False
        # All of the text, not an f-string that a stray quote ended early.
        return parsed.tokens[node.end].end == len(text) and accepted_before_312(parsed, node)

    # -- the parts of an f-string ---------------------------------------

    def parts(
        self,
        parts: Sequence[Part],
        where: "_Where",
    ) -> str:
        out = []
        last = len(parts) - 1
        for i, part in enumerate(parts):
            if isinstance(part, Literal):
                out.append(self.literal(part, where, closes=i == last))
            else:
                out.append(self.field(part, where))
        return "".join(out)

    def literal(self, part: Literal, where: "_Where", closes: bool) -> str:
        """The text of ``part``.  When it ``closes`` the f-string (its last
        part) it must not end in the quote's character, which would run into
        a closing triple quote (text ``a""`` before three quotes)."""
        text = self.tokens[part.index].text
        if where.spec_level and "{" in text:
            # "{{" after a spec's field: a brace for 3.13+, a field for older Pythons.
            return self._hoist_text(fstring_text_value(text, where.raw), text, where)
        runs_into_quote = closes and text.endswith(where.quote[0])
        if where.in_expression:
            if "\\" not in text and not runs_into_quote and fits_among(text, where.context):
                return text
        elif text_fits(text, where.quote) and not runs_into_quote:
            return text
        elif not where.raw:
            escaped = _escape_quote(text, where.quote)
            if text_fits(escaped, where.quote):
                return escaped
        # Text no quoting can carry becomes a field holding a constant.
        return self._hoist_text(fstring_text_value(text, where.raw), text, where)

    def _hoist_text(self, value: str, text: str, where: "_Where") -> str:
        if where.spec_level >= 2:
            raise _NeedsATemporary("text in a nested format spec needs a temporary")
        if where.spec_level:
            self.spec_constants += 1
        breaks = self._check_breaks(_line_breaks(text), where.context)
        return "{" + self._constant(value, where.context) + breaks + "}"

    def _constant(self, value: Union[str, bytes], context: Tuple[str, ...]) -> str:
        """A module-level name bound to ``value``, or its inline spelling
        where names are not wanted or no line can bind them."""
        if self.temps.inline:
            spelled = spell_inline(value, context, self.encoding)
            if spelled is None:
                raise CannotLower(
                    "no quote left to spell a constant inline (inline-constants is on)"
                    if self.temps.asked_inline
                    else "no quote left to spell a constant inline, and no line to bind it to a name on: " + _ADD_A_LINE
                )
            return spelled
        return self.temps.name_for(constant_source(value, self.encoding))

    def field(
        self,
        field: Field,
        where: "_Where",
    ) -> str:
        inner = self._bare_fstring(field, where.raw)
        if inner is None:
            return self._field(field, where)
        mark = self.temps.checkpoint()
        try:
            return self._field(field, where)
        except CannotLower:
            # {f"..."} is the text of the inner f-string: when no quote is
            # left for it, its parts can stand in this f-string directly.
            self.temps.rollback(mark)
            return self.parts(inner.parts, where)

    def _bare_fstring(self, field: Field, raw: bool) -> Optional[FString]:
        """The f-string that is all of this field, if it is nothing else."""
        if field.equals is not None or field.conversion is not None or field.colon is not None:
            return None
        if len(field.fstrings) != 1:
            return None
        inner = field.fstrings[0]
        if inner.template:
            return None
        tokens = self.tokens
        for i in list(range(field.expr_start, inner.start)) + list(range(inner.end + 1, field.expr_end)):
            if tokens[i].kind != WHITESPACE:
                return None
        inner_raw = is_raw(self._prefix(inner))
        return inner if inner_raw == raw else None

    def _field(
        self,
        field: Field,
        where: "_Where",
    ) -> str:
        if where.spec_level >= 2 or (where.spec_level == 1 and self._spec_has_fields(field)):
            return self._as_nested_fstring(field, where)
        if where.spec_level == 1 and field.spec:
            mark = self.temps.checkpoint()
            try:
                return self._field_here(field, where)
            except _NeedsATemporary:  # text in its spec: a field there is too deep
                self.temps.rollback(mark)
                return self._as_nested_fstring(field, where)
        return self._field_here(field, where)

    def _as_nested_fstring(self, field: Field, where: "_Where") -> str:
        """The field as a nested f-string of its own: too deep for old
        Pythons where it stands (a spec's field whose spec has fields)."""
        prefix = "rf" if where.raw else "f"
        return "{" + self.fstring_of([field], prefix, "'", where.raw, where.context) + "}"

    def _joined_call(self, parts: Sequence[Part], raw: bool, context: Tuple[str, ...]) -> str:
        """An f-string in an expression, spelled with no quote: its text
        bound to names, each field a call of ``format`` (:meth:`_format_call`),
        joined by ``''.join`` (both bound with the temporaries); one piece
        alone is itself.  The line breaks the spelling does not keep follow
        it."""
        if not parts:
            return self._constant("", context)
        tokens = self.tokens
        pieces = self._pieces(parts, raw, context)
        call = pieces[0] if len(pieces) == 1 else self._join(pieces)
        first, last = parts[0], parts[-1]
        start = tokens[first.open if isinstance(first, Field) else first.index].offset
        end = tokens[last.close if isinstance(last, Field) else last.index].end
        missing = _LINE_BREAKS.findall(self.source, start, end)[len(_LINE_BREAKS.findall(call)) :]
        return call + self._check_breaks("".join(missing), context)

    def _pieces(self, parts: Sequence[Part], raw: bool, context: Tuple[str, ...]) -> List[str]:
        """Each part spelled with no quote: text as a name, a field as a call."""
        return [
            self._format_call(part, raw, context)
            if isinstance(part, Field)
            else self._constant(fstring_text_value(self.tokens[part.index].text, raw), context)
            for part in parts
        ]

    def _join(self, pieces: List[str]) -> str:
        return self.temps.join_name + "((" + ", ".join(pieces) + "))"

    def _format_call(self, field: Field, raw: bool, context: Tuple[str, ...]) -> str:
        """``F(value, spec)`` for ``field``, its spec's fields as such calls too."""
        function = self.temps.format_function()
        tokens = self.tokens
        conversion = tokens[field.conversion].text if field.conversion is not None else None
        if field.equals is not None and conversion is None and field.colon is None:
            conversion = "r"  # {x=} shows the repr
        if conversion is not None:
            value = self._converted(field, context, conversion)
        else:
            # Bracketed: a field's expression may be a bare tuple ({a, b}).
            value = "(" + self.expression(field.expr_start, field.expr_end, context) + ")"
        arguments = [value]
        if field.colon is not None:
            pieces = self._pieces(field.spec or (), raw, context)
            if len(pieces) == 1:
                arguments.append(pieces[0])
            elif pieces:
                arguments.append(self._join(pieces))
        formatted = function + "(" + ", ".join(arguments) + ")"
        if field.equals is None:
            return formatted
        return self._join([self._constant(debug_text(tokens, field), context), formatted])

    def _field_here(self, field: Field, where: "_Where", converts_first: bool = False) -> str:
        """The field, written where it stands; with ``converts_first`` its
        value converted before its spec's fields run (see _converted)."""
        tokens = self.tokens
        context = where.context
        original = self.source[tokens[field.expr_start].offset : tokens[field.expr_end].offset]
        conversion = tokens[field.conversion].text if field.conversion is not None else None
        converts_first = converts_first or converts_before_spec(field)
        mark, constants = self.temps.checkpoint(), self.spec_constants
        if converts_first:
            expression = self._converted(field, context)
            conversion = None
        else:
            expression = self.expression(field.expr_start, field.expr_end, context)
        # Line breaks after '=' or the conversion move in front of
        # '!' and ':', the only place old Pythons allow them.
        tail_start = field.expr_end
        tail_end = field.colon if field.colon is not None else field.close
        tail = tokens[tail_start:tail_end]
        tail_breaks = "".join(_line_breaks(t.text) for t in tail if t.kind in (NL, CONTINUATION))
        tail_breaks = self._check_breaks(tail_breaks, context)
        prefix = ""
        kept = False  # the expression and "=" stand as written
        if field.equals is not None and field.debug_end is not None:  # set together
            as_written = self.source[tokens[field.expr_start].offset : tokens[field.debug_end].offset]
            unchanged = expression == original and debug_text(tokens, field) == normalise_newlines(as_written)
            if unchanged and not tail_breaks and not converts_first:
                # No line break or comment after '=': the field stands as written.
                expression = as_written
                kept = True
            else:
                prefix = self.debug_literal(field, where)
                if conversion is None and field.colon is None:
                    conversion = "r"
        if expression.startswith("{") and not where.spec_level and not kept:
            expression = " " + expression  # "{{" would be a brace as text
        out = prefix + "{" + expression + tail_breaks
        if conversion is not None:
            out += "!" + conversion
        if field.colon is not None:
            out += ":" + self.parts(field.spec or [], where.in_spec())
            if conversion is not None and self.spec_constants != constants:
                # A constant now stands in the spec as a field, which old
                # Pythons run before converting: the check would flag it.
                self.temps.rollback(mark)
                return self._field_here(field, where, converts_first=True)
        return out + "}"

    def _converted(self, field: Field, context: Tuple[str, ...], conversion: Optional[str] = None) -> str:
        """``('%r' % ((expr),))``: the converted value, before the spec's fields run.

        Python 3.13+ converts a field's value before it evaluates the fields
        of its format spec; older Pythons do it after.  Formatting the
        converted string again with the spec gives the same text.  ``%r``,
        ``%s`` and ``%a`` convert as ``!r``, ``!s`` and ``!a`` do, look up no
        name, and need one quote for two characters (or a constant, where no
        quote is left); the expression stays in the field, where its strings
        need no further quote.
        """
        if conversion is None:
            assert field.conversion is not None
            conversion = self.tokens[field.conversion].text
        expression = self.expression(field.expr_start, field.expr_end, context)
        for quote in QUOTES:
            if fits_among(quote, context):
                return f"({quote}%{conversion}{quote} % (({expression}),))"
        # No quote left where it stands: the format is a constant.
        return f"({self._constant('%' + conversion, context)} % (({expression}),))"

    def _spec_has_fields(self, field: Field) -> bool:
        return any(isinstance(part, Field) for part in field.spec or ())

    def debug_literal(self, field: Field, where: "_Where") -> str:
        """The text 3.15 shows for ``{expr=}``, as literal text of this f-string."""
        value = debug_text(self.tokens, field)
        encoded = encode_text(value, where.quote, where.raw, self.encoding)
        if where.spec_level and ("{" in value or "}" in value):
            encoded = None  # a spec has no way to write a brace as text
        if encoded is not None and (
            not where.in_expression
            or ("\\" not in encoded and fits_among(encoded, where.context))
        ):
            return encoded
        return self._hoist_text(value, "", where)

    # -- expressions ------------------------------------------------------

    def expression(self, start: int, end: int, context: Tuple[str, ...]) -> str:
        tokens = self.tokens
        out: List[str] = []
        i = start
        while i < end:
            token = tokens[i]
            kind = token.kind
            if kind == COMMENT:
                _drop_trailing_blanks(out)
                i += 1
                continue
            if kind == NL or kind == CONTINUATION:
                out.append(self._breaks_of(token, context))
                i += 1
                continue
            if kind == STRING:
                j = i
                while j < end and (tokens[j].kind == STRING or tokens[j].kind in TRIVIA):
                    j += 1
                while tokens[j - 1].kind != STRING:  # leave trailing trivia
                    j -= 1
                k = j
                while k < end and tokens[k].kind in TRIVIA:
                    k += 1
                if (k < end and tokens[k].kind == FSTRING_START) or self._follows_fstring(i, start):
                    # Concatenated with f-strings: this piece on its own.
                    _append_literal(out, self.string_among_fstrings(i, context))
                    i += 1
                    continue
                _append_literal(out, self.strings(i, j, context))
                i = j
                continue
            if kind == FSTRING_START:
                node = self.nested[i]
                _append_literal(out, self.nested_fstring(node, context))
                i = node.end + 1
                continue
            if kind == TSTRING_START:
                group = self.concatenations.group(i)
                out.append(self.template(group, context))
                i = group[-1].end + 1
                continue
            out.append(self.replaced.get(i, token.text) if self.replaced else token.text)
            i += 1
        return "".join(out)

    def code(self, start: int, end: int) -> str:
        """``tokens[start:end]`` outside any f-string, as written but for its
        t-strings and (for an old target) the f-strings old Pythons reject."""
        tokens = self.tokens
        out: List[str] = []
        i = start
        while i < end:
            kind = tokens[i].kind
            if kind == TSTRING_START:
                group = self.concatenations.group(i)
                out.append(self.template(group, ()))
                i = group[-1].end + 1
                continue
            if kind == FSTRING_START and (
                self.old_fstrings
                or self._debug_text_holds_tstring(self.nested[i])
                or self.holds_replaced(self.nested[i])
                or (self.older_than_313 and read_otherwise_before_313(self.parsed, self.nested[i]))
            ):
                node = self.nested[i]
                self._index(node)
                if self.old_fstrings and accepted_before_312(self.parsed, node) and not self._replaces_in(i, node.end):
                    out.append(self.source[tokens[i].offset : tokens[node.end].end])
                else:
                    out.append(self.lower(node))
                i = node.end + 1
                continue
            # An f-string for a new target: its t-strings are lowered.
            out.append(self.replaced.get(i, tokens[i].text) if self.replaced else tokens[i].text)
            i += 1
        return "".join(out)

    def _replaces_in(self, start: int, end: int) -> bool:
        """Whether a token of ``tokens[start:end]`` is written changed."""
        return bool(self.replaced) and any(start <= i < end for i in self.replaced)

    def holds_replaced(self, node: FString, last: Optional[FString] = None) -> bool:
        """Whether ``node`` (to ``last``, the end of its concatenation) holds
        a token written changed: then the lowering writes it whole, so that
        what the program sees of its fields' text (debug text, an
        Interpolation's expression) stays as written."""
        return self._replaces_in(node.start, (last or node).end)

    def _debug_text_holds_tstring(self, node: FString) -> bool:
        """Whether a ``{expr=}`` field of ``node`` shows a t-string's text,
        which lowering the t-string in place would change: then the f-string
        is lowered whole, its debug text written out as literal text."""
        tokens = self.tokens
        return any(
            field.equals is not None
            and any(token.kind == TSTRING_START for token in tokens[field.expr_start : field.expr_end])
            for field in node.fields()
        )

    # -- t-strings --------------------------------------------------------

    def template(self, group: List[FString], context: Tuple[str, ...]) -> str:
        """The runtime call that builds the Template of these concatenated t-strings.

        Arguments alternate: a string, then ``((value), 'expression',
        conversion, format_spec)`` for each interpolation, then a string.
        Each piece is followed by the line breaks its source had, so every
        value stays on its line.
        """
        tokens = self.tokens
        if self.temps.runtime_inline:
            if binds_import(self.parsed):
                raise self.parsed.error(NO_PLACE_FOR_RUNTIME, tokens[group[0].start].offset)
            module = self.temps.runtime_module
            function = inline_runtime(module, self._string([(module, None)], context))
        else:
            function = self.temps.runtime()
        for node in group:
            self._index(node)
        out = [function + "("]
        texts: List[_Piece] = []  # the pieces of the string being gathered
        segment = tokens[group[0].start].offset  # where the source of the next piece starts
        for node in group:
            raw = is_raw(self._prefix(node))
            quote = tokens[node.end].text
            for part in node.parts:
                if isinstance(part, Literal):
                    texts.append(_literal_piece(tokens[part.index].text, raw, quote))
                    continue
                if part.equals is not None:
                    texts.append((debug_text(tokens, part), None))
                opening = tokens[part.open].offset
                out.append(self._with_breaks(self._string(texts, context), segment, opening, context, ","))
                texts = []
                closing = tokens[part.close].end
                text = self.interpolation(part, raw, quote, context)
                out.append(self._with_breaks(text, opening, closing, context, ","))
                segment = closing
        last = self._string(texts, context)
        out.append(self._with_breaks(last, segment, tokens[group[-1].end].end, context, "") + ")")
        return "".join(out)

    def interpolation(self, field: Field, raw: bool, quote: str, context: Tuple[str, ...]) -> str:
        """``((value), 'expression', conversion, format_spec)`` for one field."""
        tokens = self.tokens
        if context:
            value = self.expression(field.expr_start, field.expr_end, context)
        else:
            value = self.code(field.expr_start, field.expr_end)
        expression = self._string([(interpolation_expression(tokens, field, self.source), None)], context)
        if field.conversion is not None:
            conversion = self._string([(tokens[field.conversion].text, None)], context)
        elif field.equals is not None and field.colon is None:
            conversion = self._string([("r", None)], context)
        else:
            conversion = "None"
        return f"(({value}), {expression}, {conversion}, {self._spec(field, raw, quote, context)})"

    def _spec(self, field: Field, raw: bool, quote: str, context: Tuple[str, ...]) -> str:
        """The format spec: a string, or an f-string if it has fields."""
        spec = field.spec or []
        texts = [_literal_piece(self.tokens[part.index].text, raw, quote) for part in spec if isinstance(part, Literal)]
        if len(texts) == len(spec):  # no fields: one string
            return self._string(texts, context)
        # Written out part by part: copied as it is, "{{}}" (a field holding
        # a dict in a spec) would read as text in an f-string of its own.
        return self.fstring_of(spec, "rf" if raw else "f", quote, raw, context)

    def _string(self, pieces: List["_Piece"], context: Tuple[str, ...]) -> str:
        """A str constant, spelled to fit in ``context`` (or named).

        In plain code its pieces of literal text are written as they were
        (so Python warns of an invalid escape as it would have), as plain
        literals implicitly concatenated.
        """
        value = "".join(piece for piece, _ in pieces)
        if not context:
            literals = [
                as_written or constant_source(piece, self.encoding)
                for piece, as_written in pieces
                if piece or as_written
            ]
            return " ".join(literals) or "''"
        spelled = spell_inline(value, context, self.encoding)
        if spelled is not None and not spelled.startswith("("):
            return spelled  # plain text in a quote that fits
        return self._constant(value, context)

    def _with_breaks(self, text: str, start: int, end: int, context: Tuple[str, ...], separator: str) -> str:
        """``text``, ``separator``, and the line breaks of ``source[start:end]`` it lacks
        (else a blank, between arguments)."""
        wanted = _LINE_BREAKS.findall(self.source, start, end)
        have = len(_LINE_BREAKS.findall(text))
        breaks = "".join(wanted[have:])
        breaks = self._check_breaks(breaks, context)
        return text + separator + (breaks or (" " if separator else ""))

    def strings(self, start: int, end: int, context: Tuple[str, ...]) -> str:
        """Plain string literals ``tokens[start:end]``, requoted or hoisted."""
        tokens = self.tokens
        out = []
        for token in tokens[start:end]:
            if token.kind != STRING:
                if token.kind in (NL, CONTINUATION):
                    out.append(self._breaks_of(token, context))
                elif token.kind == WHITESPACE:
                    out.append(token.text)
                elif token.kind == COMMENT:
                    _drop_trailing_blanks(out)
                continue
            requoted = self.requote(token.text, context)
            if requoted is None:
                return self.hoist_strings(start, end, context)
            if out and out[-1][-1:] == requoted[:1]:
                out.append(" ")  # two empty strings requoted alike would read as one triple quote
            out.append(requoted)
        return "".join(out)

    def requote(self, text: str, context: Tuple[str, ...]) -> Optional[str]:
        prefix = prefix_of(text)
        original = quote_of(text, len(prefix))
        body = text[len(prefix) + len(original) : len(text) - len(original)]
        if "\\" in body:
            return None
        for quote in [original] + [q for q in QUOTES if q != original]:
            if not text_fits(body, quote) or body.endswith(quote[0]):
                continue
            candidate = prefix + quote + body + quote
            if fits_among(candidate, context):
                return candidate
        return None

    def _follows_fstring(self, i: int, start: int) -> bool:
        k = i - 1
        while k >= start and self.tokens[k].kind in TRIVIA:
            k -= 1
        return k >= start and self.tokens[k].kind == FSTRING_END

    def string_among_fstrings(self, i: int, context: Tuple[str, ...]) -> str:
        """A plain string concatenated with f-strings: requoted, or an f-string
        whose one field holds it (a bare name cannot be concatenated)."""
        requoted = self.requote(self.tokens[i].text, context)
        if requoted is not None:
            return requoted
        field = "{" + self.hoist_strings(i, i + 1, context).strip(" ") + "}"
        multiline = bool(_LINE_BREAKS.search(field))
        for quote in QUOTES:
            text = "f" + quote + field + quote
            fits = fits_in(field, quote) and fits_among(text, context)
            if fits and not (multiline and len(quote) == 1):
                return text
        raise CannotLower("no quote left for a string concatenated with f-strings")

    def hoist_strings(self, start: int, end: int, context: Tuple[str, ...]) -> str:
        tokens = self.tokens
        pieces = [t.text for t in tokens[start:end] if t.kind == STRING]
        span = self.source[tokens[start].offset : tokens[end - 1].end]
        breaks = _line_breaks(span)
        breaks = self._check_breaks(breaks, context)
        if self.temps.inline:
            values = [literal_value(piece) for piece in pieces]
            if len({type(v) for v in values}) > 1:
                raise CannotLower("cannot mix bytes and nonbytes literals")
            # All str or all bytes (checked above), so the join is sound.
            name = self._constant(values[0][:0].join(values), context)  # type: ignore[arg-type]
        else:
            joined = " ".join(pieces)  # bound as written
            if breaks:
                # One line for the binding; the breaks stay where they were.
                try:
                    joined = constant_source(ast.literal_eval(normalise_newlines(joined)), self.encoding)
                except (SyntaxError, ValueError) as exc:
                    raise CannotLower(f"cannot evaluate a string constant: {exc}") from exc
            name = self.temps.name_for(joined)
        # A string may touch a keyword ("\n"in s); a name may not.
        before = self.source[tokens[start].offset - 1 : tokens[start].offset]
        after = self.source[tokens[end - 1].end : tokens[end - 1].end + 1]
        if before and (before.isalnum() or before == "_"):
            name = " " + name
        if after and (after.isalnum() or after == "_"):
            name += " "
        return name + breaks

    def nested_fstring(self, node: FString, context: Tuple[str, ...]) -> str:
        prefix = self._prefix(node)
        return self.fstring_of(node.parts, prefix, self.tokens[node.end].text, is_raw(prefix), context)

    def fstring_of(
        self, parts: Sequence[Part], prefix: str, original_quote: str, raw: bool, context: Tuple[str, ...]
    ) -> str:
        """An f-string inside an expression part, with a quote that fits."""
        reason = (
            "f-strings nested more deeply than four kinds of quote allow, "
            "or line breaks in more than two levels of them"
        )
        in_expression = bool(context)  # else a t-string's spec, in plain code
        for quote in _quote_choices(original_quote, False):
            if not fits_among(quote, context):
                continue
            mark = self.temps.checkpoint()
            try:
                text = prefix + quote + self.parts(parts, _Where(quote, raw, context, in_expression)) + quote
                if in_expression:
                    if "\\" not in text and fits_among(text, context):
                        return text
                elif self._accepted(text):  # a t-string's spec, in plain code: its text may end in a quote
                    return text
            except CannotLower as exc:
                reason = str(exc)  # what stopped the deepest level, said as it is
            self.temps.rollback(mark)
        if self.format_calls and in_expression:
            mark = self.temps.checkpoint()
            try:
                return self._joined_call(parts, raw, context)
            except CannotLower as exc:
                self.temps.rollback(mark)
                if str(exc) == _NO_QUOTE_FOR_A_LINE_BREAK:
                    raise  # the f-string may move its line breaks after itself
        raise CannotLower(reason)

    def _breaks_of(self, token: Token, context: Tuple[str, ...]) -> str:
        """The line breaks of a trivia token, which must survive the rewrite."""
        return self._check_breaks(_line_breaks(token.text), context)

    def _check_breaks(self, breaks: str, context: Tuple[str, ...]) -> str:
        """``breaks`` where ``context`` can hold them; else, when the
        f-string defers them, a blank, else CannotLower."""
        if breaks and any(len(q) == 1 for q in context):
            if not self.defer_breaks:
                raise CannotLower(_NO_QUOTE_FOR_A_LINE_BREAK)
            return " "  # lower adds the breaks after the f-string
        return breaks


# A piece of a t-string's text: its value, and how to write it as a plain
# literal as it was written, if it can be.
_Piece = Tuple[str, Optional[str]]
_ODD_BACKSLASHES_AT_END = re.compile(r"(?<!\\)(?:\\\\)*\\$")


def _literal_piece(text: str, raw: bool, quote: str) -> _Piece:
    """A t-string's literal text (``TSTRING_MIDDLE``) as a piece of a string.

    Its doubled braces halved, it is the body of a plain literal with the
    t-string's quote and rawness, unless it ends in a backslash or the
    quote's character (``t"a\\{x}"``, or a quote before a field in a
    triple-quoted t-string), which would run into the closing quote.
    """
    body = halve_braces(text, raw)
    if body.endswith(quote[0]) or _ODD_BACKSLASHES_AT_END.search(body):
        return fstring_text_value(text, raw), None
    return fstring_text_value(text, raw), ("r" if raw else "") + quote + body + quote


def _append_literal(out: List[str], literal: str) -> None:
    """Append a literal, apart from one before it that ends in its opening
    quote: ``'a'`` then ``''`` would read as ``'a'''``, a triple quote."""
    if out and literal[:1] in "'\"" and out[-1].endswith(literal[0]):
        out.append(" ")
    out.append(literal)


def _drop_trailing_blanks(out: List[str]) -> None:
    """Drop the blanks that stood between code and a comment being dropped.

    A comment ends its line, so they would be trailing blanks; line breaks
    stay, and later lines keep their columns.
    """
    while out and not out[-1].strip(" \t\f"):
        out.pop()
    if out:
        out[-1] = out[-1].rstrip(" \t\f")
