"""Plug-in discovery: variants and house rules by name, from entry points or registered for the
process, and the bots they offer.

Variants are found through the entry-point group ``rummykit.variants`` and house rules through
``rummykit.house_rules``: the built-in variants are registered there by rummykit's own package metadata,
exactly as a third-party package registers its own. Nothing is registered at import time;
[`rummykit.configure`][rummykit.core.configuration.configure] compiles each configuration (variant, players,
options, house rules) once, with a plugin manager of its own.

Before a plug-in is packaged (or in tests), [`register_variant`][rummykit.core.plugins.register_variant] and
[`register_house_rule`][rummykit.core.plugins.register_house_rule] make it known by name for the process,
exactly as an entry point would: games, records, positions and views then find it by its name, until
[`unregister_variant`][rummykit.core.plugins.unregister_variant] or
[`unregister_house_rule`][rummykit.core.plugins.unregister_house_rule].

Examples:
    >>> "railroad-rummy" in available_variants()
    True
    >>> load_variant("railroad")
    Traceback (most recent call last):
    ...
    rummykit.core.errors.UnknownVariantError: unknown variant 'railroad'; installed variants: ...
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import pickle
import sys
import threading
import types
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs
import pluggy

from rummykit.core import hookspecs
from rummykit.core.bots import Bot, BotFactory, UnknownBotError
from rummykit.core.defaults import CoreBots
from rummykit.core.errors import (
    InvalidOptionError,
    PluginError,
    RummyError,
    UnknownHouseRuleError,
    UnknownVariantError,
    quote,
)
from rummykit.core.specs import HouseRuleSpec, VariantSpec

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

    from rummykit.core.configuration import Configuration

__all__ = [
    "BOT_GROUP",
    "BUILT_IN",
    "HOUSE_RULE_GROUP",
    "VARIANT_GROUP",
    "NameClash",
    "available_bots",
    "available_house_rules",
    "available_variants",
    "bot_factories",
    "bot_levels",
    "generic_bots",
    "house_rule_list",
    "house_rule_spec",
    "load_house_rule",
    "load_variant",
    "make_bot",
    "new_manager",
    "parse_bot",
    "plugin_object",
    "plugin_references",
    "plugins_of",
    "register_house_rule",
    "register_variant",
    "registry_generation",
    "resolve_names",
    "unregister_house_rule",
    "unregister_variant",
    "variant_spec",
]

VARIANT_GROUP = "rummykit.variants"
"""Entry-point group of variant plug-ins (name: the variant's name)."""
HOUSE_RULE_GROUP = "rummykit.house_rules"
"""Entry-point group of house-rule plug-ins (name: the house rule's name)."""
BOT_GROUP = "rummykit.bots"
"""Entry-point group of bots that play every variant (name: the bot's name; rummykit's own ``search``):
each a factory taking a seed (``None``: unseeded) and, if it has levels, a keyword ``level`` and an
attribute ``levels`` that lists them (`bot_levels`). A variant's own bot of the same name wins over it."""

Plugin = Any
"""A plug-in: a module or object whose ``rummykit_*`` functions are marked with ``hookimpl``, or a class
of such objects (made once per process: `plugin_object`)."""

_MADE: dict[type, Any] = {}
"""The plug-in object of each plug-in class given (`plugin_object`)."""


def plugin_object(plugin: Plugin) -> Plugin:
    """``plugin`` as pluggy registers it: a class is made into its one object of the process (made
    without arguments the first time), so that the class itself is a variant's whole declaration, named
    by its entry point (``gin-rummy = "rummykit_variants.gin_rummy.plugin:GinRummy"``); a module or
    an object is itself.

    Raises:
        PluginError: a class that cannot be made without arguments.

    Examples:
        >>> from rummykit_variants.gin_rummy.plugin import GinRummy
        >>> plugin_object(GinRummy) is plugin_object(GinRummy), isinstance(plugin_object(GinRummy), GinRummy)
        (True, True)
    """
    if not isinstance(plugin, type):
        return plugin
    made = _MADE.get(plugin)
    if made is None:
        try:
            made = plugin()
        except Exception as exc:
            raise PluginError(
                f"the plug-in class {plugin.__module__}.{plugin.__qualname__} could not be made without "
                f"arguments: {type(exc).__name__}: {exc}"
            ) from exc
        with _LOCK:  # two threads that made one each keep the first
            made = _MADE.setdefault(plugin, made)
    return made


_REGISTERED: dict[str, dict[str, Plugin]] = {VARIANT_GROUP: {}, HOUSE_RULE_GROUP: {}}
"""Plug-ins registered for this process ([`register_variant`][rummykit.core.plugins.register_variant],
[`register_house_rule`][rummykit.core.plugins.register_house_rule]), by group and name."""


def plugins_of(group: str) -> dict[str, EntryPoint | Plugin]:
    """The plug-ins of ``group`` (`VARIANT_GROUP` or `HOUSE_RULE_GROUP`) by name: the installed entry
    points, then those registered in this process (which win)."""
    return {**dict(_scan(group, tuple(sys.path))), **_REGISTERED[group]}


@functools.cache
def _scan(group: str, path: tuple[str, ...]) -> tuple[tuple[str, EntryPoint | NameClash], ...]:
    """The entry points of ``group`` by name, read once per process and ``sys.path`` (reading the installed
    distributions' metadata costs milliseconds, and a simulation creates thousands of games).

    Two entry points of one name: an installed plug-in keeps its name against one built into rummykit (a
    plug-in written before rummykit built in a game of that name goes on working, and the built-in steps
    aside); two plug-ins from outside rummykit are a [`NameClash`][rummykit.core.plugins.NameClash], refused
    with both named when the name is loaded."""
    from importlib.metadata import entry_points  # noqa: PLC0415 (costs 30 ms: only once plug-ins are looked for)

    return resolve_names(group, entry_points(group=group))


def resolve_names(group: str, found: Iterable[EntryPoint]) -> tuple[tuple[str, EntryPoint | NameClash], ...]:
    """The entry points ``found`` in ``group`` by name, as the installed plug-ins are read:
    an installed plug-in keeps its name against one built into rummykit, and two from outside clash.

    Examples:
        >>> from importlib.metadata import EntryPoint
        >>> built_in = EntryPoint("rummy-500", "rummykit_variants.rummy_500.plugin:Rummy500", VARIANT_GROUP)
        >>> mine = EntryPoint("rummy-500", "my_rummy_500:MyRummy500", VARIANT_GROUP)
        >>> resolve_names(VARIANT_GROUP, [built_in, mine])[0][1].value
        'my_rummy_500:MyRummy500'
        >>> theirs = EntryPoint("rummy-500", "their_rummy_500:Theirs", VARIANT_GROUP)
        >>> clash = resolve_names(VARIANT_GROUP, [built_in, mine, theirs])[0][1]
        >>> print(clash.error())
        2 installed plug-ins call themselves 'rummy-500' in rummykit.variants: my_rummy_500:MyRummy500 and ...
    """
    by_name: dict[str, list[EntryPoint]] = {}
    for ep in found:
        by_name.setdefault(ep.name, []).append(ep)
    resolved: list[tuple[str, EntryPoint | NameClash]] = []
    for name, eps in by_name.items():
        outside = [ep for ep in eps if not ep.value.startswith(BUILT_IN)] or eps[:1]
        distinct = list({ep.value: ep for ep in outside}.values())  # one package seen twice on the path
        resolved.append((name, distinct[0] if len(distinct) == 1 else NameClash(group, name, tuple(distinct))))
    return tuple(resolved)


BUILT_IN: Final = ("rummykit.", "rummykit_variants.")
"""How the entry points of the plug-ins built into rummykit begin (their modules')."""


@attrs.frozen
class NameClash:
    """Two installed plug-ins from outside rummykit give themselves one name in one group: loading the name
    is refused, naming both (`PluginError`).

    Attributes:
        group: the entry-point group (`VARIANT_GROUP`, `HOUSE_RULE_GROUP`, `BOT_GROUP`).
        name: the name both give.
        entry_points: each plug-in's entry point.
    """

    group: str
    name: str
    entry_points: tuple[EntryPoint, ...]

    def error(self) -> PluginError:
        """The refusal of the name, naming each plug-in and the distribution that installs it."""
        named = []
        for ep in self.entry_points:
            dist = ep.dist
            named.append(f"{ep.value} (from {dist.name} {dist.version})" if dist is not None else ep.value)
        return PluginError(
            f"{len(named)} installed plug-ins call themselves {self.name!r} in {self.group}: "
            + " and ".join(named)
            + "; uninstall all but one, or give one another name in its entry point"
        )


def available_variants() -> tuple[str, ...]:
    """The names of the installed variants, sorted."""
    return tuple(sorted(plugins_of(VARIANT_GROUP)))


def _is_entry_point(plugin: EntryPoint | Plugin) -> bool:
    """``plugin`` is an installed plug-in's entry point, not yet loaded."""
    from importlib.metadata import EntryPoint  # noqa: PLC0415 (loaded with the entry points, in _scan)

    return isinstance(plugin, EntryPoint)


def _load(ep: EntryPoint | Plugin, kind: str) -> Plugin:
    if isinstance(ep, NameClash):
        raise ep.error()
    if not _is_entry_point(ep):
        return ep  # registered in this process: the plug-in itself
    try:
        return ep.load()
    except Exception as exc:  # an installed plug-in that fails to import
        raise PluginError(f"the {kind} {ep.name!r} ({ep.value}) could not be loaded: {exc}") from exc


def load_variant(name: str) -> Plugin:
    """The installed variant plug-in called ``name``;
    [`UnknownVariantError`][rummykit.core.errors.UnknownVariantError] lists the installed ones if there is
    none."""
    eps = plugins_of(VARIANT_GROUP)
    if name not in eps:
        raise UnknownVariantError(name, eps)
    plugin = plugin_object(_load(eps[name], "variant"))
    _check_declared_name("variant", name, eps[name], variant_spec(plugin).name)
    return plugin


_SPECS: dict[tuple[Plugin, str], tuple[object, Any]] = {}
"""What a plug-in's spec hook answered, by plug-in and hook, with the function that answered."""


def _single(plugin: Plugin, hook: str) -> Any:
    """What ``plugin`` alone answers to the argument-free ``hook`` (its spec), kept for the process
    (a simulation creates thousands of games) as long as the plug-in's function is the one that
    gave it."""
    owner = plugin if isinstance(plugin, types.ModuleType) else type(plugin)
    function = getattr(owner, hook, None)
    try:
        known = _SPECS.get((plugin, hook))
    except TypeError:  # a plug-in object that cannot be hashed: read it each time
        known = None
    if known is not None and known[0] is function:
        return known[1]
    pm = new_manager()
    try:
        pm.register(plugin)
    except (pluggy.PluginValidationError, ValueError) as exc:
        raise PluginError(f"plug-in {plugin!r} is not valid: {exc}") from exc
    answer = getattr(pm.hook, hook)()
    with contextlib.suppress(TypeError):
        _SPECS[plugin, hook] = (function, answer)
    return answer


def variant_spec(variant: str | Plugin) -> VariantSpec:
    """The [`VariantSpec`][rummykit.core.specs.VariantSpec] a variant declares (by name, or a plug-in object).
    By name, it is read once per process (a server writes a view per seat per action), until a plug-in
    registered for the process comes or goes."""
    generation = _generation
    if isinstance(variant, str):
        known = _SPEC_BY_NAME.get((variant, tuple(sys.path)))
        if known is not None:
            return known
    plugin = load_variant(variant) if isinstance(variant, str) else plugin_object(variant)
    spec = _single(plugin, "rummykit_variant")
    if not isinstance(spec, VariantSpec):
        raise PluginError(f"plug-in {plugin!r} does not declare a variant (rummykit_variant returned {spec!r})")
    if isinstance(variant, str):
        with _LOCK:
            if _generation == generation:  # no plug-in came or went since the name was looked up
                _SPEC_BY_NAME[variant, tuple(sys.path)] = spec
    return spec


_SPEC_BY_NAME: dict[tuple[str, tuple[str, ...]], VariantSpec] = {}
"""Variants' specs by name (and ``sys.path``, where entry points are found), written under `_LOCK`."""
_LOCK = threading.Lock()
_generation = 0
"""How many times a plug-in registered for the process has come or gone (`registry_generation`),
changed under `_LOCK`."""


def registry_generation() -> int:
    """How many times a plug-in registered for this process has come or gone: a cache of what names
    stand for writes an answer found by name only if this has not changed since it looked the name up
    (under its lock), so that an answer about a plug-in just unregistered is never kept."""
    return _generation


def house_rule_spec(house_rule: str | Plugin) -> HouseRuleSpec:
    """The [`HouseRuleSpec`][rummykit.core.specs.HouseRuleSpec] a house rule declares (by name, or a plug-in object)."""
    plugin = load_house_rule(house_rule) if isinstance(house_rule, str) else plugin_object(house_rule)
    spec = _single(plugin, "rummykit_house_rule")
    if not isinstance(spec, HouseRuleSpec):
        raise PluginError(f"plug-in {plugin!r} does not declare a house rule (rummykit_house_rule returned {spec!r})")
    return spec


def available_house_rules(variant: str | None = None) -> tuple[str, ...]:
    """The installed house rules, sorted; with ``variant``, only those that apply to it."""
    names = []
    for name, ep in plugins_of(HOUSE_RULE_GROUP).items():
        if variant is None or variant in house_rule_spec(_load(ep, "house rule")).applies_to:
            names.append(name)
    return tuple(sorted(names))


def load_house_rule(name: str, variant: str | None = None) -> Plugin:
    """The installed house-rule plug-in ``name``.
    [`UnknownHouseRuleError`][rummykit.core.errors.UnknownHouseRuleError] (listing the valid ones) if it is
    not installed or, with ``variant``, does not apply to that variant."""
    eps = plugins_of(HOUSE_RULE_GROUP)
    if name not in eps:
        raise UnknownHouseRuleError(name, variant or "any variant", available_house_rules(variant))
    plugin = plugin_object(_load(eps[name], "house rule"))
    spec = house_rule_spec(plugin)
    _check_declared_name("house rule", name, eps[name], spec.name)
    if variant is not None and variant not in spec.applies_to:
        raise UnknownHouseRuleError(name, variant, available_house_rules(variant), installed=True)
    return plugin


def _check_declared_name(kind: str, name: str, ep: EntryPoint | Plugin, declared: str) -> None:
    """An installed plug-in's entry point and its spec must give it the same name (a game, a record
    and the docs all name it by its spec)."""
    if declared != name:
        where = f" ({ep.value})" if _is_entry_point(ep) else ""
        raise PluginError(
            f"the {kind} installed as {name!r}{where} declares the name {declared!r}: "
            "its entry point and its spec must name it the same"
        )


def _register(group: str, kind: str, name: str, plugin: Plugin, declared: str) -> None:
    if declared != name:
        raise PluginError(f"the {kind} plug-in {plugin!r} declares the name {declared!r}, not {name!r}")
    known = plugins_of(group).get(name)
    if known is plugin:
        return
    if known is not None:
        raise PluginError(f"a {kind} called {name!r} is already installed or registered")
    global _generation  # noqa: PLW0603 (the registry's one counter, changed under its lock)
    with _LOCK:
        _REGISTERED[group][name] = plugin
        _generation += 1
        _SPEC_BY_NAME.clear()


def register_variant(name: str, plugin: Plugin) -> None:
    """Make the variant plug-in ``plugin`` known as ``name`` for the rest of this process, as if it
    were installed under the entry point ``name`` of the group ``rummykit.variants``.

    For a variant author's tests before the plug-in is packaged, and for tests that build plug-ins on
    the fly. Registering the same plug-in again does nothing;
    [`unregister_variant`][rummykit.core.plugins.unregister_variant] forgets it.

    Raises:
        PluginError: the plug-in declares another name (``rummykit_variant``), or another variant
            is already installed or registered as ``name``.

    Examples:
        >>> from rummykit_variants.classic_rummy.plugin import ClassicRummy
        >>> register_variant("rummy", ClassicRummy())  # the name is the installed variant's
        Traceback (most recent call last):
        ...
        rummykit.core.errors.PluginError: a variant called 'rummy' is already installed or registered
    """
    plugin = plugin_object(plugin)
    _register(VARIANT_GROUP, "variant", name, plugin, variant_spec(plugin).name)


def register_house_rule(name: str, plugin: Plugin) -> None:
    """Make the house-rule plug-in ``plugin`` known as ``name`` for the rest of this process, as if
    it were installed under the entry point ``name`` of the group ``rummykit.house_rules``.

    Raises:
        PluginError: the plug-in declares another name (``rummykit_house_rule``), or another house
            rule is already installed or registered as ``name``.
    """
    plugin = plugin_object(plugin)
    _register(HOUSE_RULE_GROUP, "house rule", name, plugin, house_rule_spec(plugin).name)


def _unregister(group: str, kind: str, name: str) -> None:
    global _generation  # noqa: PLW0603 (the registry's one counter, changed under its lock)
    if name not in _REGISTERED[group]:
        raise PluginError(f"no {kind} called {name!r} was registered in this process")
    with _LOCK:
        del _REGISTERED[group][name]
        _generation += 1
        _SPEC_BY_NAME.clear()
    configuration = sys.modules.get("rummykit.core.configuration")  # and compiled configurations
    if configuration is not None:
        configuration.forget_compiled()


def unregister_variant(name: str) -> None:
    """Forget the variant registered as ``name`` with
    [`register_variant`][rummykit.core.plugins.register_variant] (a test that registers a plug-in unregisters
    it, so that other tests see only the installed variants).

    Raises:
        PluginError: no variant was registered as ``name`` (installed ones cannot be unregistered).
    """
    _unregister(VARIANT_GROUP, "variant", name)


def unregister_house_rule(name: str) -> None:
    """Forget the house rule registered as ``name`` with
    [`register_house_rule`][rummykit.core.plugins.register_house_rule].

    Raises:
        PluginError: no house rule was registered as ``name`` (installed ones cannot be unregistered).
    """
    _unregister(HOUSE_RULE_GROUP, "house rule", name)


def new_manager() -> pluggy.PluginManager:
    """A plugin manager that knows rummykit's hooks and nothing else."""
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    return pm


def house_rule_list(house_rules: Sequence[str | Plugin] | str | None) -> Sequence[str | Plugin]:
    """``house_rules`` as a list: one name alone is one house rule (never split into letters), and
    ``None`` is none.

    Raises:
        InvalidOptionError: anything else that is not a list of names or plug-ins.
    """
    if house_rules is None:
        return ()
    if isinstance(house_rules, str):
        return (house_rules,)
    if isinstance(house_rules, Mapping | bytes) or not isinstance(house_rules, Iterable):
        raise InvalidOptionError(f"house_rules is a list of house rules' names, not {quote(house_rules)}")
    return tuple(house_rules)


def plugin_references(
    pm: pluggy.PluginManager, spec: VariantSpec, house_rules: Sequence[HouseRuleSpec]
) -> tuple[str | Plugin, tuple[str | Plugin, ...]]:
    """How a game names its
    variant and house rules when it is pickled: by name where the name finds the very plug-in it uses,
    else the plug-in object itself (loaded with the game, if it pickles).

    Raises:
        PluginError: a plug-in object that neither its name finds nor pickles.
    """

    def reference(kind: str, name: str, load: Callable[[str], Plugin]) -> str | Plugin:
        plugin = pm.get_plugin(f"{kind.replace(' ', '-')}:{name}")
        try:
            if load(name) is plugin:
                return name
        except RummyError:
            pass
        try:
            pickle.dumps(plugin)
        except Exception as exc:
            raise PluginError(
                f"a game of the {kind} {name!r} cannot be pickled: its plug-in {plugin!r} was given as an object that "
                f"is not registered as {name!r} and does not pickle ({type(exc).__name__}); install it, or register "
                f"it with register_{kind.replace(' ', '_')}({name!r}, plugin) in every process that loads the game"
            ) from exc
        return plugin

    variant = reference("variant", spec.name, load_variant)
    return variant, tuple(reference("house rule", rule.name, load_house_rule) for rule in house_rules)


def _factories(variant: str | Plugin | pluggy.PluginManager | Configuration) -> dict[str, BotFactory]:
    factories: dict[str, BotFactory] = {name: _generic_bot(ep) for name, ep in _scan(BOT_GROUP, tuple(sys.path))}
    manager = getattr(variant, "plugin_manager", variant)  # a configuration answers with its plug-ins
    if isinstance(manager, pluggy.PluginManager):
        contributions = manager.hook.rummykit_bots()
    else:  # a variant alone (a name or a plug-in): its bots, after the core's
        plugin = load_variant(variant) if isinstance(variant, str) else plugin_object(variant)
        variant_spec(plugin)  # a plug-in that declares no variant is refused as such
        contributions = [*_single(plugin, "rummykit_bots"), CoreBots().rummykit_bots()]
    for contribution in reversed(contributions):  # later plug-ins answer first
        factories.update(contribution)
    return factories


def _generic_bot(ep: EntryPoint | NameClash) -> BotFactory:
    """A factory that loads the bot of entry point ``ep`` when a bot is made (not when bots are listed)."""

    def factory(seed: int | None, **level: Any) -> Bot:
        made: Bot = _load(ep, "bot")(seed, **level)
        return made

    factory.__name__ = factory.__qualname__ = ep.name
    factory.takes_level = True  # type: ignore[attr-defined]
    factory.entry_point = ep  # type: ignore[attr-defined]
    return factory


def available_bots(variant: str | Plugin | pluggy.PluginManager | Configuration) -> tuple[str, ...]:
    """The names of the bots a variant offers, sorted; always including ``random`` and the bots that play
    every variant (``search``). ``variant`` is a name or a plug-in (its bots alone), or a configuration or
    its plugin manager (``game.configuration``, ``game.plugin_manager``: its house rules' bots too)."""
    return tuple(sorted(_factories(variant)))


def generic_bots() -> tuple[str, ...]:
    """The names of the installed bots that play every variant (entry-point group ``rummykit.bots``),
    sorted.

    Examples:
        >>> "search" in generic_bots()
        True
    """
    return tuple(sorted(name for name, _ in _scan(BOT_GROUP, tuple(sys.path))))


def parse_bot(text: str) -> tuple[str, int | None]:
    """A bot as people choose it by text: ``"search:3"`` is the bot ``search`` at level 3, ``"heuristic"``
    a bot without a level.

    Raises:
        InvalidOptionError: (a ``ValueError``) a level that is not a whole number.

    Examples:
        >>> parse_bot("search:3"), parse_bot("heuristic")
        (('search', 3), ('heuristic', None))
    """
    name, colon, level = text.partition(":")
    if not colon:
        return text, None
    if not level.strip().isdigit():
        raise InvalidOptionError(f"{text!r}: a bot's level is a whole number after the colon (search:3), not {level!r}")
    return name, int(level)


def _takes_level(factory: BotFactory) -> bool:
    if getattr(factory, "takes_level", False):
        return True
    try:
        parameters = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return False
    return "level" in parameters or any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values())


def make_bot(
    name: str,
    variant: str | Plugin | pluggy.PluginManager | Configuration,
    *,
    seed: int | None = None,
    level: int | None = None,
) -> Bot:
    """A new bot called ``name`` for ``variant`` (as [`available_bots`][rummykit.core.plugins.available_bots]
    takes it), seeded with ``seed``, at ``level`` if the bot has levels (``search``: 1 to 5). ``name`` may
    carry its level as people type it: ``"search:3"`` ([`parse_bot`][rummykit.core.plugins.parse_bot]).

    Raises:
        UnknownBotError: listing the bots the variant offers.
        InvalidOptionError: (a ``ValueError``) a level for a bot that takes none, naming the bot and the
            variant; a level the bot does not have; ``name`` and ``level`` giving two levels.

    Examples:
        >>> make_bot("search:2", "rummy", seed=1)
        SearchBot(seed=1, level=2)
        >>> make_bot("random", "rummy", level=2)
        Traceback (most recent call last):
        ...
        rummykit.core.errors.InvalidOptionError: the bot 'random' of rummy has no levels: make it without a level
    """
    bot_name, named_level = parse_bot(name)
    if named_level is not None and level is not None and named_level != level:
        raise InvalidOptionError(f"{name!r} names level {named_level}, and level={level!r} another")
    level = named_level if level is None else level
    factories = _factories(variant)
    spec_name = variant if isinstance(variant, str) else str(getattr(variant, "__name__", variant))
    spec_name = str(getattr(getattr(variant, "spec", None), "name", spec_name))
    if bot_name not in factories:
        raise UnknownBotError(bot_name, spec_name, list(factories))
    factory = factories[bot_name]
    if level is None:
        return factory(seed)
    if not _takes_level(factory):
        raise InvalidOptionError(f"the bot {bot_name!r} of {spec_name} has no levels: make it without a level")
    return factory(seed, level=level)  # type: ignore[call-arg]


def bot_levels(variant: str | Plugin | pluggy.PluginManager | Configuration) -> dict[str, tuple[int, ...]]:
    """The levels of each bot a variant offers that has levels (``variant`` as
    [`available_bots`][rummykit.core.plugins.available_bots] takes it), by name, lowest first: what a
    bot's factory declares in its attribute ``levels`` (a bot from the group ``rummykit.bots`` is loaded
    to read it). A bot that takes a level and declares none is given with no levels: `make_bot` is the
    judge of the levels it takes.

    Examples:
        >>> bot_levels("rummy")
        {'search': (1, 2, 3, 4, 5)}
    """
    found: dict[str, tuple[int, ...]] = {}
    for name, factory in sorted(_factories(variant).items()):
        if not _takes_level(factory):
            continue
        ep = getattr(factory, "entry_point", None)
        made = factory if ep is None else _load(ep, "bot")
        found[name] = tuple(sorted(int(level) for level in getattr(made, "levels", ())))
    return found


def bot_factories(variant: str | Plugin | pluggy.PluginManager | Configuration) -> Mapping[str, BotFactory]:
    """Every bot factory a variant offers, by name (``variant`` as
    [`available_bots`][rummykit.core.plugins.available_bots] takes it)."""
    return _factories(variant)
