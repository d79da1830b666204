"""The listing of rummykit's public API, ``tests/public_api.txt``: every public name with its signature.

One line a name, or a member of a class: ``path: kind detail``. A class gives its bases and its
constructor, then each public field (attrs classes: type and default), property, method (signature)
and attribute; a function its signature; a constant its type (and its value, where that is short and
stable); a hook specification its options and signature; a module path just ``module``. Deprecated
names and module paths are listed with their replacement and the release that removes them.

Annotations are written as in the source (the modules use ``from __future__ import annotations``),
members in sorted order, and nothing that changes between runs (no addresses, no line numbers, no
set order), between Python 3.11 and 3.12, or between the releases of attrs and pluggy that rummykit
supports.

Write the listing after a change to the API, and say what changed in ``CHANGELOG.md``::

    python -m tests.public_api --write

``tests/test_public_api.py`` fails while the code and the listing differ.
"""

from __future__ import annotations

import argparse
import ast
import collections.abc
import difflib
import enum
import functools
import importlib
import inspect
import re
import sys
import textwrap
import types
import typing
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

import rummykit
from rummykit import _moved
from rummykit.core import deprecation
from rummykit.core.hookspecs import PROJECT

__all__ = ["COMMAND", "LISTING", "SECTIONS", "difference", "listing", "main", "module_lines"]

LISTING: Final = Path(__file__).with_name("public_api.txt")
"""The checked-in listing."""
COMMAND: Final = "python -m tests.public_api --write"
"""The command that writes the listing anew (from the repository's root)."""

SECTIONS: Final = (
    ("rummykit", None),
    ("rummykit.standard", None),
    ("rummykit.testing", None),
    ("rummykit.testing.pytest_plugin", ("VariantConformance",)),
    ("rummykit.core.hookspecs", None),
)
"""The modules listed, each with the names listed (``None``: its ``__all__``)."""

_HEADER: Final = f"""\
# rummykit's public API: every public name, each public member of a class, and each hook specification,
# with its signature. Written by `{COMMAND}`; tests/test_public_api.py fails while the
# code and this listing differ. A change here is a change to the API: say what changed in CHANGELOG.md.
# A class lists the members it inherits only from classes not listed here (the others list them).
"""

_ADDRESS: Final = re.compile(r" at 0x[0-9a-fA-F]+")
_NOT_STABLE: Final = frozenset({"__version__"})
"""Constants whose value changes without the API changing: only their type is listed."""


class _Text(str):
    """Text that `inspect` shows as it is (``repr`` without quotes), for annotations and defaults."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str(self)


# -- types, values and signatures ----------------------------------------------------------------------


def type_text(annotation: Any) -> str:
    """An annotation as text: a string as written; a class by its name; generics, unions and literals
    spelled out the same on every Python version."""
    if isinstance(annotation, str):
        return annotation
    if annotation is None or annotation is type(None):
        return "None"
    if annotation is Ellipsis:
        return "..."
    if isinstance(annotation, typing.TypeVar):
        return annotation.__name__
    if isinstance(annotation, typing.ForwardRef):
        return annotation.__forward_arg__
    if isinstance(annotation, list):
        return "[" + ", ".join(type_text(item) for item in annotation) + "]"
    origin = typing.get_origin(annotation)
    if origin is not None and origin is not annotation:  # (Generic is its own origin)
        args = typing.get_args(annotation)
        if origin is typing.Union or origin is types.UnionType:
            return " | ".join(type_text(arg) for arg in args)
        if origin is typing.Literal:
            return f"Literal[{', '.join(value_text(arg) for arg in args)}]"
        name = type_text(origin)
        if origin is collections.abc.Callable and len(args) == 2:  # ([parameters] or ..., result)
            return f"{name}[{type_text(args[0])}, {type_text(args[1])}]"
        return f"{name}[{', '.join(type_text(arg) for arg in args)}]" if args else name
    if isinstance(annotation, type):
        return annotation.__qualname__
    named = getattr(annotation, "__qualname__", None) or getattr(annotation, "__name__", None)
    if isinstance(named, str):
        return named
    return _ADDRESS.sub("", repr(annotation))


def value_text(value: Any) -> str:
    """A value (a default, a constant) as text that is the same on every run: sets sorted, classes
    and functions by name, attrs instances field by field, other objects by their type only."""
    if value is attrs.NOTHING:
        return "<factory>"  # an attrs field's default made by a factory (as dataclasses show it)
    if isinstance(value, enum.Enum):
        return f"{type(value).__qualname__}.{value.name}"
    if value is None or isinstance(value, bool | int | float | complex | str | bytes):
        return repr(value)
    if isinstance(value, attrs.Factory):  # type: ignore[arg-type]
        takes_self = ", takes_self=True" if value.takes_self else ""
        return f"Factory({value_text(value.factory)}{takes_self})"
    if isinstance(value, type) or inspect.isroutine(value):
        return str(getattr(value, "__qualname__", getattr(value, "__name__", type(value).__qualname__)))
    if isinstance(value, tuple | list):
        items = [value_text(item) for item in value]
        if isinstance(value, list):
            return "[" + ", ".join(items) + "]"
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    if isinstance(value, frozenset | set):
        items = sorted(value_text(item) for item in value)
        return f"{type(value).__name__}({{{', '.join(items)}}})" if items else f"{type(value).__name__}()"
    if isinstance(value, dict | types.MappingProxyType):
        pairs = ", ".join(f"{value_text(key)}: {value_text(item)}" for key, item in value.items())
        return f"{{{pairs}}}" if isinstance(value, dict) else f"mappingproxy({{{pairs}}})"
    if attrs.has(type(value)):
        fields = ", ".join(
            f"{field.alias or field.name}={value_text(getattr(value, field.name))}"
            for field in attrs.fields(type(value))
            if field.init
        )
        return f"{type(value).__qualname__}({fields})"
    return f"<{type(value).__qualname__}>"


def _simple(value: Any) -> bool:
    """Is a constant's value short and stable enough to list (a number, a word, a tuple of words)?"""
    if isinstance(value, bool | int | str) and not isinstance(value, enum.Enum):
        return len(repr(value)) <= 80
    if isinstance(value, tuple | frozenset):
        return all(isinstance(item, str | int) for item in value) and len(value_text(value)) <= 80
    return False


def constant_type(value: Any) -> str:
    """A constant's type, with its items' types for a tuple, set or dict of one type each."""
    kind = type(value).__qualname__
    if isinstance(value, tuple | list | frozenset | set) and value:
        items = {type(item).__qualname__ for item in value}
        if len(items) == 1:
            return f"{kind}[{items.pop()}, ...]" if isinstance(value, tuple) else f"{kind}[{items.pop()}]"
    if isinstance(value, dict) and value:
        keys = {type(key).__qualname__ for key in value}
        items = {type(item).__qualname__ for item in value.values()}
        if len(keys) == len(items) == 1:
            return f"{kind}[{keys.pop()}, {items.pop()}]"
    return kind


def signature_text(function: Callable[..., Any], *, bound: bool = False, returns: bool = True) -> str:
    """``function``'s signature: annotations as written, defaults as `value_text` shows them; without
    its first parameter where ``bound`` (``self``, ``cls``), without its return where not ``returns``."""
    signature = inspect.signature(function)
    parameters = list(signature.parameters.values())[1:] if bound else list(signature.parameters.values())
    parameters = [
        parameter.replace(
            annotation=(
                parameter.empty if parameter.annotation is parameter.empty else _Text(type_text(parameter.annotation))
            ),
            default=parameter.empty if parameter.default is parameter.empty else _Text(value_text(parameter.default)),
        )
        for parameter in parameters
    ]
    result = signature.return_annotation
    result = signature.empty if result is signature.empty or not returns else _Text(type_text(result))
    return str(signature.replace(parameters=parameters, return_annotation=result))


# -- classes ---------------------------------------------------------------------------------------------


def _own(cls: type) -> bool:
    """Is ``cls`` a class of the code listed, rather than of Python itself (``object``, ``Exception``,
    ``Enum``, ``Protocol``, ``Generic``), whose members are not listed with each subclass?"""
    return cls.__module__.split(".")[0] not in sys.stdlib_module_names and cls.__module__ != "builtins"


def _bases(cls: type) -> str:
    bases = cls.__dict__.get("__orig_bases__", cls.__bases__)
    return ", ".join(type_text(base) for base in bases)


def _constructor(cls: type) -> str | None:
    """The signature of calling ``cls``, from the first class of its MRO that defines ``__init__`` or
    ``__new__`` (``None`` for an enum or a protocol, which are not called to make one)."""
    if issubclass(cls, enum.Enum) or getattr(cls, "_is_protocol", False):
        return None
    for base in cls.__mro__:
        if base is object:
            return "()"
        for name in ("__init__", "__new__"):
            function = base.__dict__.get(name)
            if isinstance(function, staticmethod):
                function = function.__func__
            if inspect.isfunction(function):
                return signature_text(function, bound=True, returns=False)
        if "__init__" in base.__dict__ or "__new__" in base.__dict__:
            return "(*args)"  # a builtin's own constructor (an exception's)
    return "()"


def _flags(cls: type) -> list[str]:
    flags = []
    if attrs.has(cls):
        frozen = getattr(cls.__setattr__, "__name__", "") == "_frozen_setattrs"
        flags.append("frozen attrs" if frozen else "attrs")
    if issubclass(cls, enum.Enum):
        flags.append("enum")
    if getattr(cls, "_is_protocol", False):
        flags.append("runtime checkable protocol" if getattr(cls, "_is_runtime_protocol", False) else "protocol")
    if issubclass(cls, tuple) and hasattr(cls, "_fields"):
        flags.append("named tuple")
    if inspect.isabstract(cls):
        flags.append("abstract")
    return flags


def _init_attributes(cls: type) -> dict[str, str | None]:
    """The public attributes ``cls.__init__`` sets on ``self`` (``self.rule = rule``), each with its
    annotation where the assignment or the parameter it copies has one."""
    init = cls.__dict__.get("__init__")
    if not inspect.isfunction(init) or init.__code__.co_filename.startswith("<"):
        return {}
    parameters = inspect.signature(init).parameters
    found: dict[str, str | None] = {}
    for node in ast.walk(ast.parse(textwrap.dedent(inspect.getsource(init)))):
        if not isinstance(node, ast.Assign | ast.AnnAssign):
            continue
        for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
            if not (
                isinstance(target, ast.Attribute)
                and isinstance(target.value, ast.Name)
                and target.value.id == "self"
                and not target.attr.startswith("_")
            ):
                continue
            annotation = None
            if isinstance(node, ast.AnnAssign):
                annotation = ast.unparse(node.annotation)
            elif isinstance(node.value, ast.Name) and node.value.id in parameters:
                given = parameters[node.value.id].annotation
                annotation = None if given is inspect.Parameter.empty else type_text(given)
            found.setdefault(target.attr, annotation)
    return found


def _defined_here(member: Any, owner: type) -> bool:
    """Is ``member`` a function written in the source of ``owner``'s module, in ``owner`` (not one made
    by attrs or by ``NamedTuple``, nor one copied from the standard library)?"""
    function = member.__func__ if isinstance(member, classmethod | staticmethod) else member
    function = inspect.unwrap(function) if callable(function) else function
    code = getattr(function, "__code__", None)
    source = getattr(sys.modules.get(owner.__module__), "__file__", None)
    return (
        code is not None
        and source is not None
        and Path(code.co_filename) == Path(source)
        and getattr(function, "__qualname__", "").startswith(owner.__qualname__ + ".")
    )


def _hookimpl(function: Any) -> str:
    options = getattr(function, f"{PROJECT}_impl", None)
    if options is None:
        return ""
    chosen = ", ".join(f"{key}={value!r}" for key, value in sorted(options.items()) if value)
    return f"hookimpl({chosen}) " if chosen else "hookimpl "


def _member(name: str, raw: Any, owner: type, set_in_init: dict[str, str | None]) -> str | None:
    """One member's kind and detail, or ``None`` if it is not listed."""
    annotations = inspect.get_annotations(owner)
    if name.startswith("__") and not _defined_here(raw, owner):
        return None  # a special method is listed where the class's source defines it
    if isinstance(raw, property):
        returns = raw.fget.__annotations__.get("return") if raw.fget is not None else None
        kind = "property" if raw.fset is None else "settable property"
        return f"{kind} {type_text(returns) if returns is not None else ''}".rstrip()
    if isinstance(raw, functools.cached_property):
        return f"property {type_text(raw.func.__annotations__.get('return', ''))}".rstrip()
    if isinstance(raw, types.MemberDescriptorType):  # a slot: an attrs cached property, or an attribute
        kind = "property" if "__attrs_attrs__" in owner.__dict__ else "attribute"
        annotation = type_text(annotations[name]) if name in annotations else set_in_init.get(name)
        return f"{kind} {annotation or ''}".rstrip()
    if isinstance(raw, staticmethod):
        return f"staticmethod {signature_text(raw.__func__)}"
    if isinstance(raw, classmethod):
        return f"classmethod {signature_text(raw.__func__, bound=True)}"
    if inspect.isfunction(raw) or (callable(raw) and hasattr(raw, "__wrapped__")):
        return f"{_hookimpl(raw)}method {signature_text(raw, bound=True)}"
    if name in owner.__dict__:
        annotation = f" {type_text(annotations[name])}" if name in annotations else ""
        return f"class attribute{annotation} = {value_text(raw)}"
    return f"attribute {type_text(annotations[name])}"


def _field(field: attrs.Attribute[Any]) -> str:
    text = f"field {type_text(field.type) if field.type is not None else ''}".rstrip()
    if field.default is not attrs.NOTHING:
        text += f" = {value_text(field.default)}"
    if not field.init:
        text += " (not in the constructor)"
    return text


def _field_owner(cls: type, name: str) -> type:
    """The class of ``cls``'s MRO that declares the attrs field ``name``."""
    for owner in cls.__mro__:
        declared = owner.__dict__.get("__attrs_attrs__", ())
        if any(field.name == name and not field.inherited for field in declared):
            return owner
    return cls


def class_lines(path: str, cls: type, listed: Collection[type] = ()) -> Iterator[tuple[str, str]]:
    """``cls`` and its public members, as (path, kind and detail). A member that ``cls`` inherits from
    a class in ``listed`` is left to that class's lines."""
    flags = "".join(f" [{flag}]" for flag in _flags(cls))
    constructor = _constructor(cls)
    yield path, f"class({_bases(cls)}){flags}" + (f" {constructor}" if constructor is not None else "")
    covered = {ancestor for base in cls.__mro__[1:] if base in listed for ancestor in base.__mro__}
    members: dict[str, str] = {}
    skip: set[str] = set()
    if issubclass(cls, enum.Enum):
        skip |= set(cls.__members__)
        members.update((name, f"member {value_text(member.value)}") for name, member in cls.__members__.items())
    if issubclass(cls, tuple) and hasattr(cls, "_fields"):  # a named tuple
        defaults: dict[str, Any] = getattr(cls, "_field_defaults", {})
        skip |= set(cls._fields)
        for name in cls._fields:
            default = f" = {value_text(defaults[name])}" if name in defaults else ""
            members[name] = f"field {type_text(inspect.get_annotations(cls).get(name, ''))}{default}".rstrip()
    if attrs.has(cls):
        for field in attrs.fields(cls):
            skip.add(field.name)
            if not field.name.startswith("_") and _field_owner(cls, field.name) not in covered:
                members[field.name] = _field(field)
    for owner in cls.__mro__:
        if not _own(owner) or owner in covered:
            continue
        set_in_init = _init_attributes(owner)
        names = set(owner.__dict__) | set(inspect.get_annotations(owner))
        for name in sorted(names - skip - set(members)):
            if (name.startswith("_") and not name.startswith("__")) or name in ("__init__", "__new__"):
                continue
            if not name.startswith("__attrs") and (text := _member(name, owner.__dict__.get(name), owner, set_in_init)):
                members[name] = text
        for name, annotation in set_in_init.items():
            members.setdefault(name, f"attribute {annotation}" if annotation else "attribute")
    for name in sorted(members):
        yield f"{path}.{name}", members[name]


# -- modules ---------------------------------------------------------------------------------------------


def _hookspec(function: Callable[..., Any]) -> str | None:
    options = getattr(function, f"{PROJECT}_spec", None)
    if options is None:
        return None
    chosen = [f"firstresult={bool(options.get('firstresult'))}", f"historic={bool(options.get('historic'))}"]
    if options.get("warn_on_impl") is not None:
        chosen.append(f"warn_on_impl={type(options['warn_on_impl']).__qualname__}")
    return f"hookspec({', '.join(chosen)}) {signature_text(function)}"


def object_lines(path: str, value: Any, *, name: str, listed: Collection[type] = ()) -> Iterator[tuple[str, str]]:
    """One public name of a module, and its members if it is a class (as `class_lines` lists them)."""
    if inspect.ismodule(value):
        yield path, "module"
    elif inspect.isclass(value):
        yield from class_lines(path, value, listed)
    elif (spec := _hookspec(value)) is not None:
        yield path, spec
    elif inspect.isroutine(value) or (callable(value) and hasattr(value, "__wrapped__")):
        yield path, f"function {signature_text(value)}"
    elif isinstance(value, typing.NewType):
        yield path, f"NewType({type_text(value.__supertype__)})"
    elif typing.get_origin(value) is not None:
        yield path, f"type alias {type_text(value)}"
    elif _simple(value) and name not in _NOT_STABLE:
        yield path, f"constant {constant_type(value)} = {value_text(value)}"
    else:
        yield path, f"constant {constant_type(value)}"


def _chosen(module: types.ModuleType, names: Iterable[str] | None) -> set[str]:
    """``names``, or else the module's ``__all__`` and the hook specifications it declares."""
    if names is not None:
        return set(names)
    hooks = {name for name, value in vars(module).items() if _hookspec(value) is not None}
    return set(getattr(module, "__all__", ())) | hooks


def module_lines(
    module: types.ModuleType, names: Iterable[str] | None = None, *, listed: Collection[type] | None = None
) -> list[str]:
    """The lines of ``module``'s public names (``names``, or else its ``__all__``) and, for the hook
    specifications, every hook it declares; deprecated names marked with their removal. A class's
    members inherited from a class in ``listed`` (by default: the module's classes listed) are left to
    that class."""
    chosen = _chosen(module, names)
    if listed is None:
        listed = [value for name in chosen if inspect.isclass(value := getattr(module, name))]
    found: list[tuple[str, str]] = []
    for name in chosen:
        found.extend(object_lines(f"{module.__name__}.{name}", getattr(module, name), name=name, listed=listed))
    return [f"{path}: {text}{_deprecated_mark(path)}" for path, text in sorted(found, key=_path_key)]


def _deprecated_mark(path: str) -> str:
    new = deprecation.REPLACED.get(path)
    return f" [deprecated: {new}; removed in rummykit {deprecation.REMOVED_IN}]" if new else ""


def _path_key(item: tuple[str, str]) -> tuple[str, ...]:
    return tuple(item[0].split("."))


def module_paths(package: types.ModuleType) -> list[str]:
    """Every public module path of ``package`` and its subpackages (from the files: nothing is imported)."""
    paths = []
    for folder in package.__path__:
        root = Path(folder)
        for file in sorted(root.rglob("*.py")):
            parts = file.relative_to(root).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            if parts and not any(part.startswith("_") for part in parts):
                paths.append(".".join((package.__name__, *parts)))
    return sorted(set(paths), key=lambda path: tuple(path.split(".")))


def deprecated_lines() -> list[str]:
    """Every deprecated name and module path, with its replacement and the release that removes it."""
    removal = f"removed in rummykit {deprecation.REMOVED_IN}"
    lines = [(old, f"deprecated name, now {new}; {removal}") for old, new in deprecation.REPLACED.items()]
    lines += [(old, f"deprecated module path, now {new}; {removal}") for old, new in _moved.MOVED.items()]
    return [f"{path}: {text}" for path, text in sorted(lines, key=_path_key)]


def listing() -> str:
    """The whole listing, as ``tests/public_api.txt`` holds it."""
    parts = [_HEADER]
    modules = [(importlib.import_module(module_name), names) for module_name, names in SECTIONS]
    listed = [
        value
        for module, names in modules
        for name in _chosen(module, names)
        if inspect.isclass(value := getattr(module, name))
    ]
    for module, names in modules:
        lines = module_lines(module, names, listed=listed)
        parts.append(f"\n[{module.__name__}]\n" + "".join(f"{line}\n" for line in lines))
    paths = module_paths(rummykit)
    parts.append("\n[module paths]\n" + "".join(f"{path}: module\n" for path in paths))
    parts.append("\n[deprecated]\n" + "".join(f"{line}\n" for line in deprecated_lines()))
    return "".join(parts)


def difference(expected: str, actual: str) -> str | None:
    """What differs between the checked-in listing (``expected``) and the code's (``actual``): a
    unified diff and the command that writes the listing anew; ``None`` if they are the same."""
    if expected == actual:
        return None
    diff = difflib.unified_diff(
        expected.splitlines(keepends=True),
        actual.splitlines(keepends=True),
        fromfile="tests/public_api.txt (checked in)",
        tofile="tests/public_api.txt (from the code)",
    )
    return (
        "The public API differs from its listing, tests/public_api.txt:\n\n"
        + "".join(diff)
        + f"\nIf the change is meant, write the listing with `{COMMAND}`"
        + " and say what changed in CHANGELOG.md.\n"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """``--write``: write the listing; without it, print how the code differs from it (exit status 1)."""
    parser = argparse.ArgumentParser(prog="python -m tests.public_api", description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="write tests/public_api.txt from the code")
    arguments = parser.parse_args(argv)
    actual = listing()
    if arguments.write:
        LISTING.write_text(actual, encoding="utf-8")
        print(f"wrote {LISTING} ({actual.count(chr(10))} lines)")
        return 0
    message = difference(LISTING.read_text(encoding="utf-8") if LISTING.exists() else "", actual)
    print(message or "tests/public_api.txt matches the code")
    return 1 if message else 0


if __name__ == "__main__":
    raise SystemExit(main())
