"""The safety net: refuse to return code that may differ from the input.

On a Python that parses 3.12+ f-strings as 3.15 does, the output's AST must
equal the input's once the temporaries are folded back into constants and
f-string parts are brought to one form (like black's safe mode); a t-string
in the input must have become the runtime call that builds its Template
(imported, or named inline); ``except A, B:`` reads as ``except (A, B):``
already.  The statements the output may add are taken out before the
comparison: the temporaries, the runtime's import, the statements that load
it in front of imports of ``string.templatelib``, and ``from __future__
import annotations``, which must stand where a future statement may.  Older
Pythons cannot parse the input, and early 3.12 and 3.13 releases parse some
debug fields wrongly, so there the output must at least compile where the
rewrites are.
"""

import ast
import re
import sys
import warnings
from typing import Callable, Dict, List, NamedTuple, Optional, Tuple

from .errors import TranspileError
from .targets import NATIVE, OLDEST, TSTRINGS


class Helpers(NamedTuple):
    """The names the output binds for what its rewrites call (each one that
    no module holds, so looked for in any): None for one not in use."""

    decorator: Optional[str] = None  # what lowered decorators are passed through
    slice_type: Optional[str] = None  # ``slice``, for lowered starred subscripts
    starred_annotation: Optional[str] = None  # what a lowered ``*args: *Ts`` unpacks to
    format_function: Optional[str] = None  # ``format``, for f-strings with no quote left
    join_function: Optional[str] = None  # ``''.join``, beside it


NO_HELPERS = Helpers()


def check_output(
    original: str,
    output: str,
    temporaries: Dict[str, str],
    spans: List[Tuple[int, int]],
    filename: str,
    runtime_name: Optional[str] = None,
    output_needs: Tuple[int, int] = OLDEST,
    input_needs: Tuple[int, int] = OLDEST,
    runtime_module: Optional[str] = None,
    future_annotations: bool = False,
    lazy_modules: bool = False,
    type_alias: "Optional[Tuple[Optional[str], str]]" = None,
    unpacking: Optional[str] = None,
    helpers: "Helpers" = NO_HELPERS,
) -> None:
    """Raise TranspileError unless ``output`` is safe to return.

    ``temporaries`` maps each temporary's name to its constant's source;
    ``spans`` are the (start line, end line) ranges of the output that were
    rewritten; ``runtime_name`` is what the t-string runtime's ``build`` is
    imported as, if it is, and ``runtime_module`` the module that the
    output names inline (where no line could import it); ``output_needs``
    is the oldest Python that can read the output (3.12 where it keeps 3.12
    f-strings, for a 3.12 or 3.13 target; 3.11 for ``except*``): an older
    one cannot check it; ``input_needs`` the oldest that parses
    the input (3.14 for t-strings and ``except A, B:``, 3.15 for lazy
    imports); ``future_annotations`` that the output adds ``from __future__
    import annotations``; ``lazy_modules`` that it lowers lazy imports
    (``__lazy_modules__`` assigned, ``lazy`` taken out); ``type_alias``,
    where it lowers ``type`` statements, the name it imports the runtime's
    ``type_alias`` as (None if it names it inline) and the module that it
    names inline; ``unpacking``, where it lowers unpacking in
    comprehensions, the prefix of the names it uses; ``helpers``, the names
    of what else the output may bind and call.
    """
    if sys.version_info < output_needs:
        return
    # Whether this Python parses the input as 3.15 does, t-strings included.
    reads_input = host_reads_fstrings_as_315() and sys.version_info >= input_needs
    try:
        new_tree = _parse(output, filename)
    except ValueError:
        return  # 3.12.1's parser crashes on some valid f-strings: nothing to compare
    except SyntaxError as exc:
        if reads_input:
            _parse_input(original, filename)  # raises the user's own error, if it is one
            raise TranspileError.from_syntax_error(
                exc, filename, f"internal error: the rewritten f-string does not compile ({exc.msg})"
            ) from exc
        lineno = exc.lineno or 0
        if any(a <= lineno <= b for a, b in spans):
            # This Python cannot read the input to tell whose error it is; the
            # rewrite is checked where one can (the test suite, on 3.14+), so
            # it is the input's: a typo beside an f-string, unfinished input.
            raise TranspileError.from_syntax_error(exc, filename) from None
        return  # not ours: syntax this interpreter is too old for
    if not reads_input:
        return  # the output compiles; the input's AST here would be wrong
    old_tree = _parse_input(original, filename)
    if old_tree is None:
        return
    if future_annotations:
        _take_out_future_annotations(new_tree, filename)  # type: ignore[arg-type]  # ast.parse gives a Module
    values = {name: _value_of(constant) for name, constant in temporaries.items()}
    normalise = _Normalise(values, runtime_name, runtime_module, lazy_modules, type_alias, unpacking, helpers)
    new_tree = normalise.visit(new_tree)
    old_tree = _Normalise({}, runtime_name, runtime_module, lazy_modules).visit(old_tree)
    if ast.dump(old_tree) != ast.dump(new_tree):
        raise TranspileError(
            "internal error: the rewritten code would not behave as the original; "
            "please report this file",
            filename,
            1,
            1,
        )


def _take_out_future_annotations(module: ast.Module, filename: str) -> None:
    """Remove the ``from __future__ import annotations`` the output added, or
    raise if it stands where Python rejects a future statement."""
    body = module.body
    for i, statement in enumerate(body):
        if _is_future_annotations(statement):
            del body[i]
            return
        is_docstring = (
            i == 0
            and isinstance(statement, ast.Expr)
            and isinstance(statement.value, ast.Constant)
            and isinstance(statement.value.value, str)
        )
        if not (is_docstring or (isinstance(statement, ast.ImportFrom) and statement.module == "__future__")):
            break
    raise TranspileError(
        "internal error: 'from __future__ import annotations' was not added where a future statement may stand",
        filename,
        1,
        1,
    )


def _is_future_annotations(statement: ast.stmt) -> bool:
    return (
        isinstance(statement, ast.ImportFrom)
        and statement.module == "__future__"
        and [(alias.name, alias.asname) for alias in statement.names] == [("annotations", None)]
    )


def _parse(text: str, filename: str) -> ast.AST:
    """``ast.parse`` without its warnings (invalid escapes): Python warns
    when it compiles the output, not when this checks it."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return ast.parse(text, filename)


def _same(node: ast.AST, written: ast.AST) -> bool:
    return ast.dump(node) == ast.dump(written)


def _value_of(constant: str) -> object:
    """A temporary's value: ``ast.literal_eval`` without its warnings, as
    :func:`_parse`."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return ast.literal_eval(constant)


def _parse_input(original: str, filename: str) -> Optional[ast.AST]:
    """The input's AST; its SyntaxError raised as the user's; None where this
    Python's parser crashes instead (3.12.1)."""
    try:
        return _parse(original, filename)
    except ValueError:
        return None
    except SyntaxError as exc:
        raise TranspileError.from_syntax_error(exc, filename) from None


# F-strings that early 3.12 and 3.13 releases parse other than 3.15 does
# (each bug fixed in a later bugfix release), with 3.15's debug text.
_DEBUG_TEXT_PROBES = (
    ("f\"{'#'=}\"", "'#'="),
    ("f'{a!=b=}'", "a!=b="),
    ("f'{\"\\n\"=}'", '"\\n"='),
)
_host_verdict: List[bool] = []


def host_reads_fstrings_as_315() -> bool:
    """Does this Python parse 3.12+ f-strings as 3.15 does (checked once)?"""
    if sys.version_info < NATIVE:
        return False
    if not _host_verdict:
        _host_verdict.append(all(_debug_text_here(src) == text for src, text in _DEBUG_TEXT_PROBES))
    return _host_verdict[0]


# T-strings that early 3.14 releases (3.14.2, Pyodide's, among them) parse
# other than 3.15 does: an interpolation's expression text loses its
# trailing blanks.  There, expression texts are compared without them.
_EXPRESSION_TEXT_PROBES = (
    ('t"{ a }"', " a "),
    ('t"{a = }"', "a "),
)
_host_expression_text_verdict: List[bool] = []


def host_keeps_trailing_blanks_in_tstrings() -> bool:
    """Does this Python keep an interpolation's trailing blanks in its
    expression text, as 3.15 does (checked once)?  True before 3.14, which
    parses no t-string."""
    if sys.version_info < TSTRINGS:
        return True
    if not _host_expression_text_verdict:
        _host_expression_text_verdict.append(
            all(_expression_text_here(src) == text for src, text in _EXPRESSION_TEXT_PROBES)
        )
    return _host_expression_text_verdict[0]


def _expression_text_here(src: str) -> object:
    try:
        values = ast.parse(src, mode="eval").body.values  # type: ignore[attr-defined]
    except (SyntaxError, ValueError):
        return None
    interpolations = [value for value in values if not isinstance(value, ast.Constant)]
    return interpolations[0].str if interpolations else None


def _debug_text_here(src: str) -> object:
    try:
        values = ast.parse(src, mode="eval").body.values  # type: ignore[attr-defined]
    except (SyntaxError, ValueError):
        return None
    return values[0].value if isinstance(values[0], ast.Constant) else None


def _spec_form(spec: ast.expr) -> ast.expr:
    """A format spec with no fields as the one string it is."""
    if isinstance(spec, ast.JoinedStr) and all(isinstance(value, ast.Constant) for value in spec.values):
        return ast.Constant("".join(value.value for value in spec.values))  # type: ignore[attr-defined]
    return spec


def _unconverted(value: ast.expr) -> Tuple[ast.expr, int]:
    """``('%r' % ((x),))`` as ``x`` and the conversion ``r``; another value as itself, unconverted."""
    if (
        isinstance(value, ast.BinOp)
        and isinstance(value.op, ast.Mod)
        and isinstance(value.left, ast.Constant)
        and value.left.value in ("%r", "%s", "%a")
        and isinstance(value.right, ast.Tuple)
        and len(value.right.elts) == 1
    ):
        return value.right.elts[0], ord(value.left.value[1])
    return value, -1


# The formats of inline spellings: only %c takes a value.
_ONLY_C = re.compile(r"(?:[^%]|%%|%c)*")
_ONLY_C_BYTES = re.compile(rb"(?:[^%]|%%|%c)*")


def _none_left_out(bound: Optional[ast.expr]) -> Optional[ast.expr]:
    return None if isinstance(bound, ast.Constant) and bound.value is None else bound


class _Normalise(ast.NodeTransformer):
    """Fold temporaries and inline spellings back and give equal f-strings one shape."""

    def __init__(
        self,
        values: Dict[str, object],
        runtime_name: Optional[str] = None,
        runtime_module: Optional[str] = None,
        lazy_modules: bool = False,
        type_alias: "Optional[Tuple[Optional[str], str]]" = None,
        unpacking: Optional[str] = None,
        helpers: Helpers = NO_HELPERS,
    ) -> None:
        self.values = values
        self.decorator = helpers.decorator
        self.slice_type = helpers.slice_type
        self.starred_annotation = helpers.starred_annotation
        self.format_function = helpers.format_function
        self.join_function = helpers.join_function
        self.unpacking = unpacking  # lowered unpacking in comprehensions: the prefix of its names
        self.lazy_modules = lazy_modules  # imports compared as plain ones, __lazy_modules__ taken out
        self.type_alias = type_alias  # lowered type statements: (imported as, module named inline)
        self.runtime_name = runtime_name
        self.runtime_module = runtime_module  # named inline: __import__(module).<path>.build
        no_tstrings = runtime_name is None and runtime_module is None
        self.exact_texts = no_tstrings or host_keeps_trailing_blanks_in_tstrings()

    def _expression_text(self, text: ast.expr) -> ast.expr:
        if self.exact_texts or not (isinstance(text, ast.Constant) and isinstance(text.value, str)):
            return text
        return ast.Constant(text.value.rstrip())

    def visit_Module(self, node: ast.Module) -> ast.AST:
        node.body = [stmt for stmt in node.body if not self._is_binding(stmt)]
        self.generic_visit(node)
        return node

    def visit_Expr(self, node: ast.Expr) -> Optional[ast.AST]:
        """``__import__(module)`` in front of an import of string.templatelib:
        the output's own, taken out (from the lists of statements that hold it)."""
        self.generic_visit(node)
        call = node.value
        if (
            self.runtime_module is not None
            and isinstance(call, ast.Call)
            and self._is_import_of_runtime(call)
        ):
            return None
        return node

    def visit_Assign(self, node: ast.Assign) -> Optional[ast.AST]:
        """``__lazy_modules__ = [...]``, which lowering lazy imports adds, taken
        out of both trees (a module's own too)."""
        targets = node.targets
        if self.lazy_modules and len(targets) == 1 and isinstance(targets[0], ast.Name):
            if targets[0].id == "__lazy_modules__":
                return None
        statement = self._type_statement(node)
        if statement is not None:
            return self.visit(statement)
        return self.generic_visit(node)

    def _type_statement(self, node: ast.Assign) -> Optional[ast.stmt]:
        """``X = type_alias('X', lambda: value)``, which a lowered ``type``
        statement is, as that statement; in a class body ``X =
        type_alias('X', lambda c: value, lambda: __class__)``, each name
        ``T`` of the value written ``c('T', lambda: T)``."""
        call, targets = node.value, node.targets
        if not (
            self.type_alias is not None
            and len(targets) == 1
            and isinstance(targets[0], ast.Name)
            and isinstance(call, ast.Call)
            and len(call.args) in (2, 3)
            and not call.keywords
            and self._names_type_alias(call.func)
        ):
            return None
        name, function = call.args[:2]
        if not (
            isinstance(name, ast.Constant)
            and isinstance(name.value, str)
            and name.value.rpartition(".")[2] == targets[0].id
            and isinstance(function, ast.Lambda)
        ):
            return None
        parameters, value = function.args, function.body
        if len(call.args) == 3:  # in a class body: its one parameter looks names up
            if not (_is_lambda_of(call.args[2], "__class__") and _takes_only(parameters, 1)):
                return None
            value = _ClassNamesAsNames(parameters.args[0].arg).visit(value)
        elif not _takes_only(parameters, 0):
            return None
        statement: ast.stmt = ast.TypeAlias(  # type: ignore[attr-defined,unused-ignore]  # 3.12+, as the input
            name=ast.Name(targets[0].id, ast.Store()), type_params=[], value=value
        )
        return statement

    def _names_type_alias(self, func: ast.expr) -> bool:
        """The runtime's ``type_alias``: the name it is imported as, or named inline."""
        assert self.type_alias is not None
        imported, module = self.type_alias
        if isinstance(func, ast.Name):
            return func.id == imported
        path = module.split(".")[1:] + ["type_alias"]
        while path and isinstance(func, ast.Attribute) and func.attr == path[-1]:
            path.pop()
            func = func.value
        return (
            not path
            and isinstance(func, ast.Call)
            and isinstance(func.func, ast.Name)
            and func.func.id == "__import__"
            and [ast.dump(arg) for arg in func.args] == [ast.dump(ast.Constant(module))]
        )

    # Lowered unpacking in a comprehension (rewrites.lower_comprehension_unpacking),
    # as the comprehension it was: ``[_i for _e in (E for ...) for _i in (*_e,)]``
    # as ``[*E for ...]``; ``{*_e}`` for a set, ``_e`` for a generator,
    # ``{_k: _v for _e in (E for ...) for _k, _v in {**_e}.items()}`` for a dict;
    # ``(lambda _g: [_i for _e in _g ...])(E for ...)`` as the same.

    def _visit_comprehension(self, node: ast.expr) -> ast.AST:
        self.generic_visit(node)
        return self._packed_any(node)

    visit_ListComp = visit_SetComp = visit_GeneratorExp = visit_DictComp = _visit_comprehension

    def _packed_any(self, node: ast.expr) -> ast.AST:
        if isinstance(node, ast.ListComp):
            return self._packed(node, lambda each: ast.Tuple([ast.Starred(each, ast.Load())], ast.Load()))
        if isinstance(node, ast.SetComp):
            return self._packed(node, lambda each: ast.Set([ast.Starred(each, ast.Load())]))
        if isinstance(node, ast.GeneratorExp):
            return self._packed(node, lambda each: each)
        assert isinstance(node, ast.DictComp)
        return self._packed_dict(node)

    def _comprehension_of_lambda(self, call: ast.Call) -> Optional[ast.expr]:
        """``(lambda _g: [... for _e in _g ...])(E for ...)`` as the lambda's
        comprehension over ``(E for ...)``."""
        function, arguments = call.func, call.args
        if self.unpacking is None or not isinstance(function, ast.Lambda) or call.keywords or len(arguments) != 1:
            return None
        parameters = function.args
        body = function.body
        if not (
            isinstance(arguments[0], ast.GeneratorExp)
            and [parameter.arg for parameter in parameters.args] == [self.unpacking + "g"]
            and not (parameters.posonlyargs or parameters.vararg or parameters.kwonlyargs or parameters.kwarg)
            and not parameters.defaults
            and isinstance(body, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp))
            and body.generators
            and _same(body.generators[0].iter, ast.Name(self.unpacking + "g", ast.Load()))
        ):
            return None
        body.generators[0].iter = arguments[0]
        return body

    def _packed(
        self, node: "ast.ListComp | ast.SetComp | ast.GeneratorExp", unpacking: "Callable[[ast.expr], ast.expr]"
    ) -> ast.AST:
        if self.unpacking is None:
            return node
        item = ast.Name(self.unpacking + "i", ast.Load())
        values = self._values(node.generators, ast.Name(item.id, ast.Store()), unpacking)
        if values is None or not _same(node.elt, item):
            return node
        return type(node)(ast.Starred(values.elt, ast.Load()), values.generators)

    def _packed_dict(self, node: ast.DictComp) -> ast.AST:
        if self.unpacking is None:
            return node
        key, value = ast.Name(self.unpacking + "k", ast.Load()), ast.Name(self.unpacking + "v", ast.Load())
        pair = ast.Tuple([ast.Name(key.id, ast.Store()), ast.Name(value.id, ast.Store())], ast.Store())
        values = self._values(
            node.generators,
            pair,
            lambda each: ast.Call(ast.Attribute(ast.Dict([None], [each]), "items", ast.Load()), [], []),
        )
        if values is None or not (_same(node.key, key) and _same(node.value, value)):
            return node
        return ast.DictComp(values.elt, None, values.generators)  # type: ignore[arg-type]  # 3.15's ** has no value

    def _values(
        self, generators: List[ast.comprehension], target: ast.expr, unpacking: "Callable[[ast.expr], ast.expr]"
    ) -> Optional[ast.GeneratorExp]:
        """The generator of the element's values, if ``generators`` are the
        two clauses that lowering writes: over that generator, then over
        each value unpacked as ``unpacking`` unpacks it, into ``target``."""
        assert self.unpacking is not None
        if len(generators) != 2:
            return None
        first, last = generators
        each = ast.Name(self.unpacking + "e", ast.Load())
        written = ast.comprehension(target, unpacking(each), [], 0)
        if isinstance(first.iter, ast.GeneratorExp) and _same(first.target, ast.Name(each.id, ast.Store())):
            if not first.ifs and _same(last, written):
                return first.iter
        return None

    def visit_Import(self, node: ast.Import) -> ast.AST:
        if self.lazy_modules:
            node.is_lazy = 0  # type: ignore[attr-defined]  # 3.15's field
        return node

    def visit_ImportFrom(self, node: ast.ImportFrom) -> ast.AST:
        if self.lazy_modules:
            node.is_lazy = 0  # type: ignore[attr-defined]  # 3.15's field
        return node

    def _is_import_of_runtime(self, call: ast.Call) -> bool:
        return (
            isinstance(call.func, ast.Name)
            and call.func.id == "__import__"
            and len(call.args) == 1
            and not call.keywords
            and isinstance(call.args[0], ast.Constant)
            and call.args[0].value == self.runtime_module
        )

    def _is_inline_runtime(self, func: ast.expr) -> bool:
        """``__import__('a.b').b.build``: the runtime named inline."""
        assert self.runtime_module is not None
        path = self.runtime_module.split(".")[1:] + ["build"]
        while path and isinstance(func, ast.Attribute) and func.attr == path[-1]:
            path.pop()
            func = func.value
        return not path and isinstance(func, ast.Call) and self._is_import_of_runtime(func)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        return self._decorated(node)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> ast.AST:
        return self._decorated(node)

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        return self._decorated(node)

    def _decorated(self, node: "ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef") -> ast.AST:
        """``@_d(expression)``, a lowered decorator, as ``@expression``."""
        self.generic_visit(node)
        node.decorator_list = [self._decorator_expression(decorator) for decorator in node.decorator_list]
        return node

    def _decorator_expression(self, decorator: ast.expr) -> ast.expr:
        if (
            isinstance(decorator, ast.Call)
            and isinstance(decorator.func, ast.Name)
            and decorator.func.id == self.decorator
            and len(decorator.args) == 1
            and not decorator.keywords
        ):
            return decorator.args[0]
        return decorator

    def _is_binding(self, stmt: ast.stmt) -> bool:
        """A temporary's binding, the function lowered decorators are passed
        through, or the runtime's import."""
        if isinstance(stmt, ast.ImportFrom):
            ours = {self.runtime_name, self.type_alias[0] if self.type_alias else None} - {None}
            return bool(ours) and {alias.asname for alias in stmt.names} <= ours
        return (
            isinstance(stmt, ast.Assign)
            and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ast.Name)
            and (
                stmt.targets[0].id in self.values
                or stmt.targets[0].id in (self.decorator, self.slice_type, self.format_function, self.join_function)
            )
        )

    def visit_arguments(self, node: ast.arguments) -> ast.AST:
        """``*args: [_v for (_v,) in (Ts,)][0]``, a lowered starred
        annotation, as ``*args: *Ts``."""
        self.generic_visit(node)
        annotation = node.vararg.annotation if node.vararg else None
        if self.starred_annotation is not None and node.vararg and isinstance(annotation, ast.Subscript):
            item = ast.Name(self.starred_annotation, ast.Load())
            comprehension = annotation.value
            if (
                _same(annotation.slice, ast.Constant(0))
                and isinstance(comprehension, ast.ListComp)
                and _same(comprehension.elt, item)
                and len(comprehension.generators) == 1
            ):
                generator = comprehension.generators[0]
                iterated = generator.iter
                if (
                    _same(generator.target, ast.Tuple([ast.Name(item.id, ast.Store())], ast.Store()))
                    and not generator.ifs
                    and not generator.is_async
                    and isinstance(iterated, ast.Tuple)
                    and len(iterated.elts) == 1
                ):
                    node.vararg.annotation = ast.Starred(iterated.elts[0], ast.Load())
        return node

    def visit_Slice(self, node: ast.Slice) -> ast.AST:
        """A bound written ``None`` as one left out (``a[None:1]`` is ``a[:1]``):
        a slice in a lowered starred subscript spells each."""
        self.generic_visit(node)
        node.lower, node.upper, node.step = (_none_left_out(bound) for bound in (node.lower, node.upper, node.step))
        return node

    def visit_TemplateStr(self, node: ast.expr) -> ast.AST:
        """A t-string as the runtime call it must have become: strings and
        ``((value), expression, conversion, spec)`` alternating."""
        self.generic_visit(node)
        args: List[ast.expr] = []
        pending = ""
        for value in node.values:  # type: ignore[attr-defined]  # ast.TemplateStr is 3.14+
            if isinstance(value, ast.Constant):
                pending += str(value.value)  # a t-string's text is str
                continue
            args.append(ast.Constant(pending))
            pending = ""
            conversion = None if value.conversion == -1 else chr(value.conversion)
            spec = ast.Constant("") if value.format_spec is None else _spec_form(value.format_spec)
            fields = [value.value, self._expression_text(ast.Constant(value.str)), ast.Constant(conversion), spec]
            args.append(ast.Tuple(fields, ast.Load()))
        args.append(ast.Constant(pending))
        return ast.Call(ast.Name(str(self.runtime_name), ast.Load()), args, [])

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        if self._joins_formatted(node):
            # Each is a constant or a formatted field, as an f-string's parts.
            parts = [ast.FormattedValue(part, -1, None) for part in node.args[0].elts]  # type: ignore[attr-defined]
            return self.visit_JoinedStr(ast.JoinedStr(parts))  # type: ignore[arg-type]  # FormattedValue is an expr
        if (
            isinstance(node.func, ast.Name)
            and node.func.id == self.slice_type
            and 1 < len(node.args) <= 3
            and not node.keywords
        ):
            return self.visit_Slice(ast.Slice(*node.args))  # a slice of a lowered starred subscript
        formatted = self._formatted(node)
        if formatted is not None:
            return formatted
        comprehension = self._comprehension_of_lambda(node)
        if comprehension is not None:
            return self._packed_any(comprehension)
        if self.runtime_module is not None and self._is_inline_runtime(node.func):
            node.func = ast.Name(str(self.runtime_name), ast.Load())
        if isinstance(node.func, ast.Name) and node.func.id == self.runtime_name:
            for arg in node.args:
                if isinstance(arg, ast.Tuple) and len(arg.elts) == 4:
                    arg.elts[1] = self._expression_text(arg.elts[1])
                    arg.elts[3] = _spec_form(arg.elts[3])
        return node

    def _joins_formatted(self, call: ast.Call) -> bool:
        """Whether ``call`` is ``J((a, b))``, ``J`` being ``''.join`` bound with
        the temporaries: how the output joins the parts of an f-string with
        no quote left (its text, fields formatted by calls, debug texts)."""
        return (
            isinstance(call.func, ast.Name)
            and call.func.id == self.join_function
            and len(call.args) == 1
            and not call.keywords
            and isinstance(call.args[0], ast.Tuple)
        )

    def _formatted(self, call: ast.Call) -> Optional[ast.AST]:
        """``F(value, spec)``, ``F`` being ``format`` bound with the
        temporaries (the value converted first, ``('%r' % ((x),))``), as the
        f-string holding the field it stands for."""
        args = call.args
        if not (isinstance(call.func, ast.Name) and call.func.id == self.format_function):
            return None
        if call.keywords or not 1 <= len(args) <= 2:
            return None
        value, conversion = _unconverted(args[0])
        spec = None
        if len(args) == 2:
            spec = args[1] if isinstance(args[1], ast.JoinedStr) else ast.JoinedStr([args[1]])
        return self.visit_JoinedStr(ast.JoinedStr([ast.FormattedValue(value, conversion, spec)]))

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        # u'...' (kind "u") is the same str as '...', which a temporary holds.
        return ast.Constant(node.value)

    def visit_Name(self, node: ast.Name) -> ast.AST:
        if node.id in self.values and isinstance(node.ctx, ast.Load):
            return ast.Constant(self.values[node.id])  # type: ignore[arg-type]  # a literal's value
        return node

    def visit_FormattedValue(self, node: ast.FormattedValue) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.format_spec, ast.Constant):
            # CPython gives a spec with a \N{...} escape as a bare constant.
            node.format_spec = ast.JoinedStr([node.format_spec])
        # {('%r' % ((x),)):{w}} is how old Pythons convert before the spec's
        # fields run, as 3.13+ does for {x!r:{w}}.
        if node.conversion == -1 and node.format_spec is not None:
            node.value, node.conversion = _unconverted(node.value)
        if isinstance(node.format_spec, ast.JoinedStr) and not node.format_spec.values:
            node.format_spec = None  # {x:} is {x}, and format(x) is what a call writes for it
        return node

    def visit_JoinedStr(self, node: ast.JoinedStr) -> ast.AST:
        self.generic_visit(node)
        flat: List[ast.expr] = []
        for value in node.values:
            # {"text"} and {f"..."} with no conversion or spec are their text.
            if isinstance(value, ast.FormattedValue) and value.conversion == -1 and value.format_spec is None:
                inner = value.value
                if isinstance(inner, ast.Constant) and isinstance(inner.value, str):
                    value = inner
                elif isinstance(inner, ast.JoinedStr):
                    flat.extend(inner.values)
                    continue
            flat.append(value)
        merged: List[ast.expr] = []
        for value in flat:
            if isinstance(value, ast.Constant) and merged and isinstance(merged[-1], ast.Constant):
                # Constants among an f-string's values are str.
                merged[-1] = ast.Constant(merged[-1].value + value.value)  # type: ignore[operator]
            elif not (isinstance(value, ast.Constant) and value.value == ""):
                merged.append(value)
        node.values = merged
        return node

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        self.generic_visit(node)
        # ("a%cb" % (10,)) is how a constant is spelled inline.
        left, right = node.left, node.right
        if (
            isinstance(node.op, ast.Mod)
            and isinstance(left, ast.Constant)
            and isinstance(left.value, (str, bytes))
            and (_ONLY_C_BYTES if isinstance(left.value, bytes) else _ONLY_C).fullmatch(left.value)  # type: ignore[arg-type]
            and isinstance(right, ast.Tuple)
            and all(isinstance(e, ast.Constant) and type(e.value) is int for e in right.elts)
        ):
            try:
                return ast.Constant(left.value % tuple(e.value for e in right.elts))  # type: ignore[attr-defined,operator]
            except (TypeError, ValueError, OverflowError):
                pass
        return node


def _is_lambda_of(node: ast.expr, name: str) -> bool:
    """Whether ``node`` is ``lambda: name``."""
    if not isinstance(node, ast.Lambda) or not isinstance(node.body, ast.Name) or node.body.id != name:
        return False
    return _takes_only(node.args, 0)


def _takes_only(parameters: ast.arguments, positional: int) -> bool:
    """Whether a function with these parameters takes just that many
    positional arguments, none with a default."""
    others = parameters.posonlyargs or parameters.vararg or parameters.kwonlyargs or parameters.kwarg
    return len(parameters.args) == positional and not (others or parameters.defaults)


class _ClassNamesAsNames(ast.NodeTransformer):
    """A lowered class-body alias's ``look_up('T', lambda: T)`` as ``T``."""

    def __init__(self, look_up: str) -> None:
        self.look_up = look_up

    def visit_Call(self, node: ast.Call) -> ast.AST:
        func, args = node.func, node.args
        if (
            isinstance(func, ast.Name)
            and func.id == self.look_up
            and len(args) == 2
            and not node.keywords
            and isinstance(args[0], ast.Constant)
            and isinstance(args[0].value, str)
            and _is_lambda_of(args[1], args[0].value)
        ):
            return ast.Name(args[0].value, ast.Load())
        return self.generic_visit(node)
