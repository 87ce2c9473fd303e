"""The runtime: ``string.templatelib`` (PEP 750) for Pythons before 3.14,
and :func:`type_alias`, what a lowered ``type`` statement calls (at the end).

Transpiled code calls :func:`build` once per t-string (concatenated t-strings
make one call): ``t"Hi {name!r:>{w}}!"`` becomes
``build('Hi ', ((name), 'name', 'r', f'>{w}'), '!')``, strings (final,
possibly empty) at the even places and ``(value, expression, conversion,
format_spec)`` at the odd ones.  Users import :class:`Template`,
:class:`Interpolation` and :func:`convert` from here or from
``string.templatelib``.

This file imports only the standard library and no other module of the
package, and does not rely on its own name: the build step copies it verbatim
into wheels as ``<package>/_fstring_backport_templatelib.py``.

On Python 3.14 and later the names are the real ``string.templatelib`` ones
and :func:`build` calls their constructors.

Before 3.14 there is one ``Template`` class per process, however many copies
of this file are loaded.  The first copy registers a module at
``sys.modules["string.templatelib"]`` (and as the ``templatelib``
attribute of ``string``) holding its ``Template``, ``Interpolation``,
``convert``, ``__all__``, ``_template_unpickle`` (which pickles name, as
3.15's do) and, privately, its builder as ``_fstring_backport_build_1``.  A
copy loaded later takes those classes and that builder; when the registered
module lacks the builder (it comes from something else, or from a version of
this file with another layout), it builds through the public constructors.

How the classes are made fast (``build`` is on the hot path):

- ``build`` only makes the object and stores ``[parts]``, the tuple of its
  arguments, in a slot whose descriptor is then taken out of the class:
  only this module's accessors reach it, so the objects are immutable
  through their API, ``object.__setattr__`` included.
- The first access to the strings, interpolations, iteration, ``+``, repr or
  pickling makes the Interpolation objects, each holding the tuple it was
  given, and extends that list to ``[parts, items, strings, interpolations]``
  with one ``list +=``: threads that race there all read the first extension,
  so ``t.interpolations[0] is t.interpolations[0]`` always holds.
- ``values`` reads the parts and makes no Interpolation.
- The iterator is a subclass of ``filter`` over the items, so iterating runs
  in C.

Where these classes differ from 3.15's (pure Python cannot do better, or
only at a cost on every call):

- Messages the interpreter itself writes name the classes by their short
  name: reading a missing attribute (``'Template' object has no attribute
  'x'``), ``len(t)``, ``t[0]``, ``t < t``, ``i + i``, weak references,
  ``operator.concat(t, t)`` (which 3.15 allows), and ``[] + t`` or
  ``deque() + t`` (``Template.__radd__`` must decline there, since
  ``lst += t`` extends the list as on 3.15).  Setting and deleting
  attributes, ``Template + x``, ``str + Template`` and the other left
  operands, ``format()``, the constructors' errors and subclassing give
  3.15's messages.
- ``dir()`` also lists ``__module__`` and ``__radd__``; the properties are
  ``property`` objects, not member descriptors; calling a method or
  descriptor unbound on an object of the wrong type fails with another
  message; ``isinstance(iter(t), filter)`` is true; the classes themselves
  accept new attributes; ``Template(**{})`` is accepted (3.15 refuses an
  empty keyword dict it is given).
- A str subclass that changes its truthiness is skipped by iteration by that
  truthiness (3.15 looks at the length).
- Python 3.8 has no ``types.GenericAlias``: ``Template[int]`` there is a
  small stand-in with the same repr, ``__origin__`` and ``__args__``.
- Pickles name ``string.templatelib`` as 3.15's do and load on either side,
  but on 3.8-3.13 only once this runtime is imported.
"""

import sys

# typing is not imported at run time (it costs start-up): type checkers know
# this name, and see typing's helpers where the interpreter runs stand-ins.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any, Literal, NoReturn
    from typing import Generic as _Generic
    from typing import TypeVar as _TypeVar
    from typing import final as _final
    from typing import overload as _overload
else:

    def _final(cls):
        return cls

    _overload = _final

    def _TypeVar(name):
        return None

    class _Generic:
        def __class_getitem__(cls, parameters):
            return object  # class Interpolation(_Generic[_T]) has the single base object


_T = _TypeVar("_T")

__all__ = ["Template", "Interpolation", "convert"]


def _build_generic(
    s0: str, i0: "Any" = None, s1: "Any" = None, i1: "Any" = None, s2: "Any" = None, i2: "Any" = None,
    s3: "Any" = None, i3: "Any" = None, s4: "Any" = None, *rest: "Any"
) -> "Template":
    """The Template of a transpiled t-string, through the public constructors.

    The builder on 3.14 and later, and below when the registered classes are
    another registrant's.  Its parts alternate: a string, then a field's
    ``(value, expression, conversion, spec)``, ending in a string; none is
    None.  Up to four fields take a path of their own: on 3.14 this call is
    most of what a transpiled t-string costs beside a native one.
    """
    if i0 is None:
        return Template(s0)
    if i1 is None:
        return Template(s0, Interpolation(*i0), s1)
    if i2 is None:
        return Template(s0, Interpolation(*i0), s1, Interpolation(*i1), s2)
    if i3 is None:
        return Template(s0, Interpolation(*i0), s1, Interpolation(*i1), s2, Interpolation(*i2), s3)
    if not rest:
        return Template(
            s0, Interpolation(*i0), s1, Interpolation(*i1), s2, Interpolation(*i2), s3, Interpolation(*i3), s4
        )
    arguments = [s0, Interpolation(*i0), s1, Interpolation(*i1), s2, Interpolation(*i2), s3, Interpolation(*i3), s4]
    for index, part in enumerate(rest):
        arguments.append(part if index % 2 else Interpolation(*part))
    return Template(*arguments)


if sys.version_info >= (3, 14):
    from string.templatelib import Interpolation, Template, convert

    build = _build_generic

else:
    _new = object.__new__
    _filter_new: "Any" = filter.__new__
    _MODULE = "string.templatelib"
    _TEMPLATE = "string.templatelib.Template"
    _INTERPOLATION = "string.templatelib.Interpolation"
    _ITERATOR = "string.templatelib.TemplateIter"
    _FIELDS = ("value", "expression", "conversion", "format_spec")
    _MISSING: "Any" = object()
    _HEAPTYPE = 1 << 9
    _IMMUTABLETYPE = 1 << 8 if sys.version_info >= (3, 10) else 0  # the flag exists from 3.10

    def _tp_name(cls: type) -> str:
        """A type's name as the interpreter writes it in messages (tp_name).

        A class statement's class has its short name; a type written in C its
        module and name, builtins' without the module.
        """
        name = _NAMES.get(cls)
        if name is not None:
            return name
        flags = cls.__flags__
        name = cls.__name__
        if flags & _HEAPTYPE and not flags & _IMMUTABLETYPE:
            return name
        module = cls.__module__
        return name if module == "builtins" or not isinstance(module, str) else f"{module}.{name}"

    def _qualified(cls: type) -> str:
        """A type's fully qualified name, as ``%T`` writes it: no module for builtins and __main__."""
        module = cls.__module__
        if not isinstance(module, str) or module in ("builtins", "__main__"):
            return cls.__qualname__
        return f"{module}.{cls.__qualname__}"

    def _check_new(arguments: "tuple[Any, ...]", cls: type, name: str) -> None:
        """The checks of ``X.__new__(cls, ...)`` on the class argument, with 3.15's messages."""
        if not arguments:
            raise TypeError(f"{name}.__new__(): not enough arguments")
        target = arguments[0]
        if not isinstance(target, type):
            raise TypeError(f"{name}.__new__(X): X is not a type object ({_tp_name(type(target))})")
        if not issubclass(target, cls):
            target_name = _tp_name(target)
            raise TypeError(f"{name}.__new__({target_name}): {target_name} is not a subtype of {name}")

    # Attributes reached through the type (3.15's dir()), for the messages of setting them.
    _OBJECT_ATTRIBUTES = frozenset(
        (
            "__delattr__", "__dir__", "__doc__", "__eq__", "__format__", "__ge__", "__getattribute__",
            "__getstate__", "__gt__", "__hash__", "__init__", "__init_subclass__", "__le__", "__lt__", "__ne__",
            "__new__", "__reduce__", "__reduce_ex__", "__repr__", "__setattr__", "__sizeof__", "__str__",
            "__subclasshook__",
        )
    )  # fmt: skip
    _TEMPLATE_ATTRIBUTES = _OBJECT_ATTRIBUTES | {"__add__", "__class_getitem__", "__iter__"}
    _INTERPOLATION_ATTRIBUTES = _OBJECT_ATTRIBUTES | {"__class_getitem__", "__match_args__"}
    _READONLY = "readonly attribute"
    _VALUES_READONLY = "attribute 'values' of 'string.templatelib.Template' objects is not writable"
    _TEMPLATE_DATA = {"strings": _READONLY, "interpolations": _READONLY, "values": _VALUES_READONLY}
    _INTERPOLATION_DATA = dict.fromkeys(_FIELDS, _READONLY)

    def _refuse_setattr(
        obj: object, name: object, value: object, data: "dict[str, str]", attributes: "frozenset[str]"
    ) -> "NoReturn":
        """Raise what 3.15 raises for setting (or, value being _MISSING, deleting) an attribute."""
        if not isinstance(name, str):
            raise TypeError(f"attribute name must be string, not '{_tp_name(type(name))}'")
        if name == "__class__":
            if value is _MISSING:
                raise TypeError("can't delete __class__ attribute")
            if not isinstance(value, type):
                raise TypeError(f"__class__ must be set to a class, not '{_tp_name(type(value))}' object")
            raise TypeError("__class__ assignment only supported for mutable types or ModuleType subclasses")
        if name in data:
            raise AttributeError(data[name])
        type_name = _tp_name(type(obj))
        if name in attributes:
            raise AttributeError(f"'{type_name}' object attribute '{name}' is read-only")
        error = AttributeError(
            f"'{type_name}' object has no attribute '{name}' and no __dict__ for setting new attributes"
        )
        error.name = name
        error.obj = obj
        raise error

    def _refuse_subclass(name: str) -> "NoReturn":
        raise TypeError(f"type '{name}' is not an acceptable base type")

    if sys.version_info >= (3, 9):
        _GenericAlias: "Any" = type(list[int])
    else:

        class _GenericAlias:
            """``cls[args]`` on 3.8, which has no types.GenericAlias: its repr, origin, arguments, call."""

            __slots__ = ("__origin__", "__args__")

            def __init__(self, origin: type, args: "Any") -> None:
                self.__origin__ = origin
                self.__args__ = args if isinstance(args, tuple) else (args,)

            @property
            def __parameters__(self) -> "tuple[Any, ...]":
                return ()

            def __call__(self, *args: "Any", **kwargs: "Any") -> "Any":
                return self.__origin__(*args, **kwargs)

            def __eq__(self, other: object) -> bool:
                if not isinstance(other, _GenericAlias):
                    return NotImplemented
                return self.__origin__ is other.__origin__ and self.__args__ == other.__args__

            def __hash__(self) -> int:
                return hash((self.__origin__, self.__args__))

            def __repr__(self) -> str:
                args = ", ".join(_alias_argument(arg) for arg in self.__args__) if self.__args__ else "()"
                return f"{_alias_argument(self.__origin__)}[{args}]"

        def _alias_argument(arg: object) -> str:
            if arg is Ellipsis:
                return "..."
            if isinstance(arg, list):
                return "[" + ", ".join(_alias_argument(item) for item in arg) + "]"
            if isinstance(arg, type):
                return arg.__qualname__ if arg.__module__ == "builtins" else f"{arg.__module__}.{arg.__qualname__}"
            return repr(arg)

    # -- Interpolation ---------------------------------------------------------

    def _interpolation_new(*arguments: "Any", **keywords: "Any") -> "Any":
        """``Interpolation(value, expression="", conversion=None, format_spec="")`` as 3.15 parses it."""
        _check_new(arguments, Interpolation, _INTERPOLATION)
        given = len(arguments) - 1
        total = given + len(keywords)
        if total > 4:
            kind = "" if given else "keyword "
            raise TypeError(f"Interpolation() takes at most 4 {kind}arguments ({total} given)")
        fields = list(arguments[1:]) + [_MISSING] * (4 - given)
        unused = len(keywords)
        for index in range(given, 4):
            if unused and _FIELDS[index] in keywords:
                fields[index] = keywords[_FIELDS[index]]
                unused -= 1
            elif index == 0:
                raise TypeError("Interpolation() missing required argument 'value' (pos 1)")
        if unused:
            for index in range(given):
                if _FIELDS[index] in keywords:
                    name = _FIELDS[index]
                    raise TypeError(f"argument for Interpolation() given by name ('{name}') and position ({index + 1})")
            for name in keywords:
                if name not in _FIELDS:
                    raise TypeError(f"Interpolation() got an unexpected keyword argument '{name}'")
        value, expression, conversion, format_spec = fields
        if expression is _MISSING:
            expression = ""
        elif not isinstance(expression, str):
            raise TypeError(f"Interpolation() argument 'expression' must be str, not {_argument_type(expression)}")
        if conversion is _MISSING:
            conversion = None
        elif conversion is not None:
            if not isinstance(conversion, str):
                raise TypeError(
                    f"Interpolation() argument 'conversion' must be str, not {_qualified(type(conversion))}"
                )
            # str's own methods: a subclass's __len__ or __eq__ cannot pass a bad conversion.
            if str.__len__(conversion) != 1 or not str.__contains__("ars", conversion):
                raise ValueError("Interpolation() argument 'conversion' must be one of 's', 'a' or 'r'")
        if format_spec is _MISSING:
            format_spec = ""
        elif not isinstance(format_spec, str):
            raise TypeError(f"Interpolation() argument 'format_spec' must be str, not {_argument_type(format_spec)}")
        interpolation = _new(Interpolation)
        _set_fields(interpolation, (value, expression, conversion, format_spec))
        return interpolation

    def _argument_type(argument: object) -> str:
        """How argument clinic names a wrong argument's type."""
        return "None" if argument is None else _tp_name(type(argument))[:50]

    @_final
    class Interpolation(_Generic[_T]):  # generic for type checkers, as typeshed's
        """Interpolation object"""

        __module__ = "string.templatelib"
        # One slot, the tuple (value, expression, conversion, format_spec) as given to build();
        # its descriptor is removed below, after the accessors have taken it.
        __slots__ = ("_fstring_backport_fields",)
        __match_args__ = ("value", "expression", "conversion", "format_spec")

        if TYPE_CHECKING:

            def __new__(
                cls,
                value: "_T",
                expression: str = "",
                conversion: 'Literal["a", "r", "s"] | None' = None,
                format_spec: str = "",
            ) -> "Interpolation[_T]":
                raise NotImplementedError

        else:
            __new__ = _interpolation_new

        @property
        def value(self) -> "_T":
            """Value"""
            return _get_fields(self)[0]

        @property
        def expression(self) -> str:
            """Expression"""
            return _get_fields(self)[1]

        @property
        def conversion(self) -> 'Literal["a", "r", "s"] | None':
            """Conversion"""
            return _get_fields(self)[2]

        @property
        def format_spec(self) -> str:
            """Format specifier"""
            return _get_fields(self)[3]

        def __repr__(self) -> str:
            value, expression, conversion, format_spec = _get_fields(self)
            return f"Interpolation({value!r}, {expression!r}, {conversion!r}, {format_spec!r})"

        def __reduce__(self) -> "tuple[Any, ...]":
            return (Interpolation, _get_fields(self))

        if not TYPE_CHECKING:  # type checkers see 3.14's class: none of these
            __class_getitem__ = classmethod(_GenericAlias)

            def __getstate__(self):
                return None  # as object's on 3.15; object has none before 3.11

            def __format__(self, format_spec):
                if format_spec:
                    raise TypeError(f"unsupported format string passed to {_INTERPOLATION}.__format__")
                return str(self)

            def __setattr__(self, name, value):
                _refuse_setattr(self, name, value, _INTERPOLATION_DATA, _INTERPOLATION_ATTRIBUTES)

            def __delattr__(self, name):
                _refuse_setattr(self, name, _MISSING, _INTERPOLATION_DATA, _INTERPOLATION_ATTRIBUTES)

            def __init_subclass__(cls, **keywords):
                _refuse_subclass(_INTERPOLATION)

    _get_fields: "Any" = Interpolation.__dict__["_fstring_backport_fields"].__get__
    _set_fields: "Any" = Interpolation.__dict__["_fstring_backport_fields"].__set__

    # -- Template --------------------------------------------------------------

    @_final
    class TemplateIter(filter):  # a filter over the items: iteration runs in C
        """Template iterator object"""

        __module__ = "string.templatelib"
        __slots__ = ()

        if not TYPE_CHECKING:

            def __new__(cls, *arguments, **keywords):
                raise TypeError(f"cannot create '{_ITERATOR}' instances")

            def __reduce__(self):
                raise TypeError("cannot pickle 'TemplateIter' object")

            def __getstate__(self):
                return None

            def __reduce_ex__(self, protocol):
                name = "TemplateIter" if protocol < 2 else _ITERATOR
                raise TypeError(f"cannot pickle '{name}' object")

            def __init_subclass__(cls, **keywords):
                _refuse_subclass(_ITERATOR)

    def _template_new(*arguments: "Any", **keywords: "Any") -> "Any":
        """``Template(*args)``: strings joined, '' put between interpolations and at the ends."""
        _check_new(arguments, Template, _TEMPLATE)
        if keywords:
            raise TypeError("Template.__new__ only accepts *args arguments")
        items: list[Any] = []
        after_string = False
        for argument in arguments[1:]:
            if isinstance(argument, str):
                if after_string:
                    items[-1] = str.__add__(items[-1], argument)
                else:
                    items.append(argument)
                after_string = True
            elif type(argument) is Interpolation:
                if not after_string:
                    items.append("")
                items.append(argument)
                after_string = False
            else:
                raise TypeError(
                    "Template.__new__ *args need to be of type 'str' or 'Interpolation', got "
                    + _qualified(type(argument))
                )
        if not after_string:
            items.append("")
        return _from_items(items)

    def _from_items(items: "list[Any]") -> "Template":
        """A Template of its items: strings and Interpolations alternating, strings first and last."""
        interpolations = tuple(items[1::2])
        parts = list(items)
        parts[1::2] = [_get_fields(interpolation) for interpolation in interpolations]
        template = _new(Template)
        _set_state(template, [tuple(parts), items, tuple(items[0::2]), interpolations])
        return template

    def _state(template: "Template") -> "list[Any]":
        """[parts, items, strings, interpolations], made on first use from build()'s [parts]."""
        state: list[Any] = _get_state(template)
        return state if len(state) > 1 else _make(state)

    def _make(state: "list[Any]") -> "list[Any]":
        """Extend build()'s [parts] to [parts, items, strings, interpolations]."""
        parts = state[0]
        if len(parts) == 3:  # one interpolation: the commonest, made faster without loops
            interpolation = _new(Interpolation)
            _set_fields(interpolation, parts[1])
            made: tuple[Any, ...] = ([parts[0], interpolation, parts[2]], (parts[0], parts[2]), (interpolation,))
        else:
            interpolations = []
            for fields in parts[1::2]:
                interpolation = _new(Interpolation)
                _set_fields(interpolation, fields)
                interpolations.append(interpolation)
            items = list(parts)
            items[1::2] = interpolations
            made = (items, parts[0::2], tuple(interpolations))
        # One list.extend: of threads racing here, all read the first one's objects.
        state += made
        return state

    def _concatenate(left: "Template", right: "Template") -> "Template":
        first = _state(left)[1]
        second = _state(right)[1]
        return _from_items([*first[:-1], str.__add__(first[-1], second[0]), *second[1:]])

    def _add_other(template: "Template", other: object) -> "Any":
        """template + other, other not a Template: other's __radd__, else 3.15's error."""
        reflected = getattr(type(other), "__radd__", None)
        if reflected is not None:
            result = reflected(other, template)
            if result is not NotImplemented:
                return result
        raise TypeError(f'can only concatenate {_TEMPLATE} (not "{_qualified(type(other))}") to {_TEMPLATE}')

    def _radd(other: object) -> "Any":
        """other + template, other's own + having declined: what 3.15's interpreter reports."""
        if isinstance(other, str):
            raise TypeError(f'can only concatenate str (not "{_TEMPLATE}") to str')
        if isinstance(other, (bytes, bytearray)):
            raise TypeError(f"can't concat {_TEMPLATE} to {_tp_name(type(other))[:100]}")
        if isinstance(other, tuple):
            raise TypeError(f'can only concatenate tuple (not "{_TEMPLATE}") to tuple')
        deque = getattr(sys.modules.get("_collections"), "deque", None)
        if isinstance(other, list) or (deque is not None and isinstance(other, deque)):
            return NotImplemented  # their += extends them with the template's items, as on 3.15
        array = getattr(sys.modules.get("array"), "array", None)
        if array is not None and isinstance(other, array):
            raise TypeError(f'can only append array (not "{_TEMPLATE}") to array')
        raise TypeError(f"unsupported operand type(s) for +: '{_tp_name(type(other))[:100]}' and '{_TEMPLATE}'")

    @_final
    class Template:
        """Template object"""

        __module__ = "string.templatelib"
        # One slot, the state list (see _state); its descriptor is removed below.
        __slots__ = ("_fstring_backport_state",)

        if TYPE_CHECKING:

            def __new__(cls, *args: "str | Interpolation[Any]") -> "Template":
                raise NotImplementedError

        else:
            __new__ = _template_new

        @property
        def strings(self) -> "tuple[str, ...]":
            """Strings"""
            state = _get_state(self)  # _state(self), inline: accessors are hot
            return (state if len(state) > 1 else _make(state))[2]

        @property
        def interpolations(self) -> "tuple[Interpolation[Any], ...]":
            """Interpolations"""
            state = _get_state(self)
            return (state if len(state) > 1 else _make(state))[3]

        @property
        def values(self) -> "tuple[Any, ...]":
            """Values of interpolations"""
            parts = _get_state(self)[0]  # no Interpolation needs making
            if len(parts) == 3:
                return (parts[1][0],)
            return tuple([fields[0] for fields in parts[1::2]])

        def __iter__(self) -> "Iterator[str | Interpolation[Any]]":
            state = _get_state(self)
            return _filter_new(TemplateIter, None, (state if len(state) > 1 else _make(state))[1])

        def __add__(self, other: "Template", /) -> "Template":
            if type(other) is Template:
                return _concatenate(self, other)
            return _add_other(self, other)

        def __repr__(self) -> str:
            state = _state(self)
            return f"Template(strings={state[2]!r}, interpolations={state[3]!r})"

        def __reduce__(self) -> "tuple[Any, ...]":
            state = _state(self)
            return (_template_unpickle, (state[2], state[3]))

        if not TYPE_CHECKING:  # type checkers see 3.14's class: none of these
            __class_getitem__ = classmethod(_GenericAlias)

            def __radd__(self, other):
                return _radd(other)

            def __getstate__(self):
                return None

            def __format__(self, format_spec):
                if format_spec:
                    raise TypeError(f"unsupported format string passed to {_TEMPLATE}.__format__")
                return str(self)

            def __setattr__(self, name, value):
                _refuse_setattr(self, name, value, _TEMPLATE_DATA, _TEMPLATE_ATTRIBUTES)

            def __delattr__(self, name):
                _refuse_setattr(self, name, _MISSING, _TEMPLATE_DATA, _TEMPLATE_ATTRIBUTES)

            def __init_subclass__(cls, **keywords):
                _refuse_subclass(_TEMPLATE)

    _get_state: "Any" = Template.__dict__["_fstring_backport_state"].__get__
    _set_state: "Any" = Template.__dict__["_fstring_backport_state"].__set__

    def _seal(cls: type, slot: "str | None", data: "dict[str, str]") -> None:
        """Leave in the class what 3.15's shows, and make its properties refuse writes.

        The slot's descriptor goes (only this module's accessors, which took
        its methods, reach the state then), and so do ``__slots__`` and what
        3.13's class statement adds; the properties refuse as 3.15's members
        do, through ``object.__setattr__`` too.
        """
        if slot is not None:
            delattr(cls, slot)
        for name in ("__slots__", "__firstlineno__", "__static_attributes__"):
            if name in cls.__dict__:
                delattr(cls, name)
        for name, message in data.items():

            def refuse(self: object, value: object = None, message: str = message) -> "NoReturn":
                raise AttributeError(message)

            accessor = cls.__dict__[name]
            setattr(cls, name, property(accessor.fget, refuse, refuse, accessor.__doc__))

    _seal(Template, "_fstring_backport_state", _TEMPLATE_DATA)
    _seal(Interpolation, "_fstring_backport_fields", _INTERPOLATION_DATA)
    _seal(TemplateIter, None, {})

    _NAMES = {Template: _TEMPLATE, Interpolation: _INTERPOLATION, TemplateIter: _ITERATOR}

    # typeshed's overloads; ruff cannot tell _overload is typing.overload (a stand-in at run time).
    @_overload
    def convert(obj: "_T", /, conversion: None) -> "_T": ...
    @_overload
    def convert(obj: object, /, conversion: 'Literal["r", "s", "a"]') -> str: ...  # noqa: F811
    def convert(obj: "Any", /, conversion: 'Literal["a", "r", "s"] | None') -> "Any":  # noqa: F811
        """Convert *obj* using formatted string literal semantics."""
        if conversion is None:
            return obj
        if conversion == "r":
            return repr(obj)
        if conversion == "s":
            return str(obj)
        if conversion == "a":
            return ascii(obj)
        raise ValueError(f"invalid conversion specifier: {conversion}")

    def _template_unpickle(*args: "Any") -> "Template":
        """Rebuild a pickled Template from its strings and interpolations (3.15's reduction)."""
        if len(args) != 2:
            raise ValueError("Template expects tuple of length 2 to unpickle")
        strings, interpolations = tuple(args[0]), tuple(args[1])
        arguments = []
        for index in range(max(len(strings), len(interpolations))):  # pairs, missing ones None, as zip_longest
            for item in (strings[index : index + 1], interpolations[index : index + 1]):
                if item and item[0] is not None:
                    arguments.append(item[0])
        return Template(*arguments)

    convert.__module__ = _template_unpickle.__module__ = _MODULE
    convert.__annotations__ = {}  # its signature reads (obj, /, conversion), as 3.15's

    def build(*parts: "Any") -> "Template":
        """The Template of a transpiled t-string: strings and (value, expression, conversion, spec) alternating."""
        template = _new(Template)
        _set_state(template, [parts])
        return template

    # -- One Template class per process ----------------------------------------

    _module = type(sys)(_MODULE, "Support for template string literals (t-strings).")
    _module.__dict__.update(
        Template=Template,
        Interpolation=Interpolation,
        convert=convert,
        __all__=["Template", "Interpolation", "convert"],
        _template_unpickle=_template_unpickle,
        _fstring_backport_build_1=build,  # the private builder of this layout, for later copies
    )
    if sys.__spec__ is not None:  # a ModuleSpec, for importlib.util.find_spec, without importing importlib
        _module.__spec__ = type(sys.__spec__)(_MODULE, None)
    _registered = sys.modules.setdefault(_MODULE, _module)  # atomic: one registrant, however many threads
    if _registered is not _module:
        _public = ("Template", "Interpolation", "convert")
        if all(hasattr(_registered, _name) for _name in _public):
            _adopted = {_name: getattr(_registered, _name) for _name in _public}
            _adopted["build"] = getattr(_registered, "_fstring_backport_build_1", _build_generic)
            # Through globals() rather than assignments, so that type checkers
            # keep seeing the classes above instead of a redefinition.
            globals().update(_adopted)

    import string as _string

    if getattr(_string, "templatelib", None) is not _registered:
        setattr(_string, "templatelib", _registered)  # noqa: B010  # string has no such attribute for type checkers


# -- Type aliases (PEP 695) -------------------------------------------------------
# The ``type`` statement, lowered for Pythons before 3.12, becomes
# ``X = type_alias('X', lambda: value)``.  It is here, in the t-string
# runtime's file, because output ships one runtime copy per package.


def _seeing_the_class(evaluate: "Any", namespace: "Any", defined_class: "Any") -> "Any":
    """``evaluate`` of a ``type`` statement directly in a class body, given
    how its scope looks a name up: in the class body's ``namespace`` while
    that runs, in the class's own dict once ``defined_class()`` (the
    class's ``__class__`` cell) gives the class; then outside the class."""

    def look_up(name: str, outside: "Any") -> "Any":
        try:
            scope = defined_class().__dict__
        except NameError:  # the cell is empty: the class body still runs
            scope = namespace
        try:
            return scope[name]
        except KeyError:
            return outside()

    return lambda: evaluate(look_up)


if sys.version_info >= (3, 12):
    _ALIAS_CODE: "dict[str, Any]" = {}

    def type_alias(qualname: str, evaluate: "Any", defined_class: "Any" = None) -> "Any":
        """The ``typing.TypeAliasType`` that ``type <name> = ...`` makes, its
        value ``evaluate()``, computed on first access: made by a ``type``
        statement of its own, in the caller's module, where 3.15 and later
        qualify its name as ``qualname`` does (``f.<locals>.X``).  Directly
        in a class body, ``evaluate`` takes how to look a name up (see
        :func:`_seeing_the_class`)."""
        caller = sys._getframe(1)
        if defined_class is not None:
            evaluate = _seeing_the_class(evaluate, caller.f_locals, defined_class)
        code = _ALIAS_CODE.get(qualname)
        if code is None:
            code = _ALIAS_CODE[qualname] = _alias_code(qualname)
        made: list[Any] = []
        namespace = {
            "__name__": caller.f_globals.get("__name__"),
            "__fstring_backport_value__": evaluate,
            "__fstring_backport_made__": made,
        }
        exec(code, namespace)
        return made[0]

    def _alias_code(qualname: str) -> "Any":
        """Code that makes the alias in the classes and functions that its
        qualified name names (3.15 takes it from them; 3.12-3.14 name it
        alone), and puts it in ``__fstring_backport_made__``."""
        *scopes, name = qualname.split(".") if sys.version_info >= (3, 15) else [qualname.rpartition(".")[2]]
        lines = [f"type {name} = __fstring_backport_value__()", f"__fstring_backport_made__.append({name})"]
        while scopes:
            scope = scopes.pop()
            if scope == "<locals>":
                function = scopes.pop()
                lines = [f"def {function}():", *(" " + line for line in lines), f"{function}()"]
            else:
                lines = [f"class {scope}:", *(" " + line for line in lines)]
        return compile("\n".join(lines), "<type alias>", "exec")

else:
    _NO_VALUE = object()
    _READ_ONLY = frozenset(("__name__", "__qualname__", "__value__", "__type_params__", "__parameters__"))

    @_final
    class TypeAliasType:
        """What ``type X = ...`` makes on 3.12 and later (PEP 695): ``__name__``,
        ``__qualname__`` (3.15's, which its repr shows), ``__module__``,
        ``__value__`` (computed on first access, again after an exception),
        no type parameters; unions with ``|``, pickled by name.  Shown as
        ``typing.TypeAliasType``, which these Pythons lack."""

        __module__ = "typing"

        def __init_subclass__(cls, **kwargs: "Any") -> None:
            raise TypeError("type 'typing.TypeAliasType' is not an acceptable base type")

        def __setattr__(self, name: str, value: "Any") -> None:
            if name in _READ_ONLY:
                raise AttributeError("readonly attribute")
            if name != "__module__":
                raise AttributeError(
                    f"'typing.TypeAliasType' object has no attribute {name!r}"
                    " and no __dict__ for setting new attributes"
                )
            object.__setattr__(self, name, value)

        @property
        def __value__(self) -> "Any":
            value = self.__dict__["_value"]
            if value is _NO_VALUE:
                value = self.__dict__["_evaluate"]()
                self.__dict__["_value"] = value
            return value

        def __repr__(self) -> str:
            return self.__dict__["__qualname__"]

        def __getitem__(self, parameters: "Any") -> "NoReturn":
            raise TypeError("Only generic type aliases are subscriptable")

        def __or__(self, other: "Any") -> "Any":
            import typing

            return typing.Union[self, other]

        def __ror__(self, other: "Any") -> "Any":
            import typing

            return typing.Union[other, self]

        def __mro_entries__(self, bases: "Any") -> "NoReturn":
            raise TypeError("typealias() takes exactly 2 positional arguments (3 given)")

        def __reduce__(self) -> str:
            return self.__dict__["__name__"]

        if sys.version_info < (3, 11):
            # typing.Union takes only what is callable before 3.11.
            def __call__(self, *args: "Any", **kwargs: "Any") -> "NoReturn":
                raise TypeError("'typing.TypeAliasType' object is not callable")

    def type_alias(qualname: str, evaluate: "Any", defined_class: "Any" = None) -> "Any":
        """What ``type <name> = ...`` makes, its value ``evaluate()``,
        computed on first access, in the caller's module, its name
        qualified as 3.15 qualifies it (``f.<locals>.X``).  Directly in a
        class body, ``evaluate`` takes how to look a name up (see
        :func:`_seeing_the_class`)."""
        caller = sys._getframe(1)
        if defined_class is not None:
            evaluate = _seeing_the_class(evaluate, caller.f_locals, defined_class)
        alias = object.__new__(TypeAliasType)
        alias.__dict__.update(
            __name__=qualname.rpartition(".")[2],
            __qualname__=qualname,
            __module__=caller.f_globals.get("__name__"),
            __type_params__=(),
            __parameters__=(),
            _evaluate=evaluate,
            _value=_NO_VALUE,
        )
        return alias
