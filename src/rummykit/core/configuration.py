"""Configurations: a variant, its player count, options and house rules, compiled once into rules
and moves that every game of the configuration shares.

Compiling is where pluggy does its work: the configuration's plug-ins (the variant, its house rules,
and the core's defaults for hooks nobody implements) are registered in a plugin manager of its own,
the rules are set up (``rummykit_setup``) and the moves built (``rummykit_moves``). A game holds a
configuration and a state; creating one more game of a configuration costs no pluggy call, and games
of one configuration may be played in several threads at the same time (nothing they share changes).

Examples:
    >>> config = configure("rummy", 3, options={"target": 200})
    >>> config is configure("rummy", 3, options={"target": 200})  # compiled once, then shared
    True
    >>> config.rules.scoring.target, sorted(action.kind for action in config.moves)
    (200, ['discard', 'draw', 'go-down', 'lay-off', 'take-discard'])
"""

from __future__ import annotations

import copyreg
import sys
import threading
import types
import warnings
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import attrs
import pluggy

from rummykit.core import defaults
from rummykit.core.actions import Action
from rummykit.core.bots import BotFactory
from rummykit.core.cards import CardId
from rummykit.core.deprecation import warn_replaced
from rummykit.core.errors import InvalidOptionError, PluginError, RummyError, UnknownHouseRuleError, quote
from rummykit.core.moves import Move
from rummykit.core.plugins import (
    Plugin,
    available_house_rules,
    house_rule_list,
    house_rule_spec,
    load_house_rule,
    load_variant,
    new_manager,
    plugin_object,
    plugin_references,
    registry_generation,
    variant_spec,
)
from rummykit.core.shoe import Randomness, check_seed
from rummykit.core.specs import (
    COMMON_OPTIONS,
    COMMON_RULES,
    GameSettings,
    HouseRuleSpec,
    Ruleset,
    VariantSpec,
    resolve_options,
)
from rummykit.core.state import GameState, Phase

__all__ = ["Configuration", "check_players", "configure", "new_manager"]

REQUIRED_VARIANT_HOOKS = (
    "rummykit_variant",
    "rummykit_setup",
    "rummykit_moves",
    "rummykit_start_round",
    "rummykit_score_round",
)
"""The hooks every variant must implement
([`rummykit.standard.StandardRummy`][rummykit.standard.plugin.StandardRummy] does)."""


@attrs.frozen(eq=False, repr=False)
class Configuration:
    """A configuration compiled: everything its games share, and nothing that changes.

    Attributes:
        spec: the variant's declaration.
        house_rules: the house rules stacked on it, in order.
        players: the number of seats.
        options: every option's value (read-only).
        rules: the configuration's rules (``rummykit_setup``).
        moves: the moves by action type, in listing order (``rummykit_moves``).
        plugin_manager: the configuration's own plugin manager, for tools that call its hooks.
        rule_ids: every rule id a game of the configuration may cite.
    """

    spec: VariantSpec
    house_rules: tuple[HouseRuleSpec, ...]
    players: int
    options: Mapping[str, Any]
    rules: Ruleset
    moves: Mapping[type[Action], Move[Any, Any]]
    plugin_manager: pluggy.PluginManager
    rule_ids: frozenset[str]
    by_phase: Mapping[str, tuple[Move[Any, Any], ...]]
    """The moves that may be legal in each phase, in listing order; none in ``over``, the phase of a game over."""
    start_game: Callable[..., Any]
    start_round: Callable[..., Any]
    score_round: Callable[..., Any]
    game_over: Callable[..., Any]
    winners: Callable[..., Any]
    to_act: Callable[..., Any]
    check_turn: Callable[..., Any]
    """The phase gate (``rummykit_check_turn``): refuses an action of a move played on a turn
    ([`Move.on_turn`][rummykit.core.moves.Move.on_turn]) by a seat whose turn it is not, or in a phase
    that does not allow it."""
    view: Callable[..., Any]
    check_position: Callable[..., Any]

    @property
    def variant(self) -> str:
        """The variant's name."""
        return self.spec.name

    def game_config(self, seed: int | None) -> GameSettings:
        """Deprecated (removed in rummykit [`REMOVED_IN`][rummykit.core.deprecation.REMOVED_IN]): use
        [`settings`][rummykit.core.configuration.Configuration.settings]."""
        warn_replaced("rummykit.Configuration.game_config")
        return self.settings(seed)

    def settings(self, seed: int | None) -> GameSettings:
        """The [`GameSettings`][rummykit.core.specs.GameSettings] of a game of this configuration with ``seed``."""
        return GameSettings(
            variant=self.spec.name,
            players=self.players,
            options=self.options,
            house_rules=tuple(rule.name for rule in self.house_rules),
            seed=seed,
        )

    def new_state(self, seed: int | None = None) -> GameState:
        """A new game's state of this configuration (the variant's state class), before any card is
        dealt: for a position built from scratch, then checked by
        [`Game.from_state`][rummykit.core.engine.Game.from_state]."""
        check_seed(seed)
        state_type = self.spec.state_type or GameState
        return state_type(
            config=self.settings(seed),
            rules=self.rules,
            hands=[[] for _ in range(self.players)],
            totals=[0] * self.players,
        )

    def deal_round(self, state: GameState, rng: Randomness, shoe: Sequence[CardId] | None = None) -> None:
        """Start the next round of ``state``: the deal passes to the next seat (from round 2), the table
        and the round's log are cleared, and the variant deals (``rummykit_start_round``) the shoe: each
        part of ``rules.shoe_parts`` shuffled by ``rng``, or ``shoe`` (every card id of the round's
        shoe, in draw order) as stacked."""
        if state.round > 0:
            state.dealer = state.next_seat(state.dealer)
        state.round += 1
        state.table = []
        state.log = []
        state.taken = None
        state.round_end = None
        state.turn_number = 1
        if shoe is None:
            order: list[CardId] = []
            for part in state.rules.part_ids:
                part_ids = list(part)
                rng.shuffle(part_ids)
                order.extend(part_ids)
        else:
            order = list(shoe)
        self.start_round(state, order, rng)

    def bots(self) -> Mapping[str, BotFactory]:
        """The bots the configuration's plug-ins offer, by name (the variant's winning over the core's)."""
        factories: dict[str, BotFactory] = {}
        for contribution in reversed(self.plugin_manager.hook.rummykit_bots()):  # later plug-ins answer first
            factories.update(contribution)
        return factories

    def __repr__(self) -> str:
        rules = "".join(f" +{rule.name}" for rule in self.house_rules)
        return f"<Configuration {self.spec.name}{rules} players={self.players}>"


def _reduce(configuration: Configuration) -> tuple[Any, ...]:
    """How a configuration pickles and copies (registered with `copyreg`): as what names it, its variant
    and house rules (by name where the name finds the very plug-in it uses, else the plug-in object),
    players and options. Loading compiles it by [`configure`][rummykit.core.configuration.configure],
    which in the same process gives back the configuration already compiled (so a deep copy is the
    configuration itself); its plug-in manager and hook callers are never pickled.

    Raises:
        PluginError: a plug-in given as an object, neither installed nor registered under its name,
            that cannot be pickled itself.
    """
    variant, house_rules = plugin_references(
        configuration.plugin_manager, configuration.spec, configuration.house_rules
    )
    return (_configured, (variant, configuration.players, dict(configuration.options), house_rules))


def _configured(
    variant: str | Plugin, players: int, options: dict[str, Any], house_rules: Sequence[str | Plugin]
) -> Configuration:
    """A configuration loaded from a pickle (`_reduce`): compiled again, or found compiled."""
    return configure(variant, players, options=options, house_rules=list(house_rules))


copyreg.pickle(Configuration, _reduce)


def _implements(pm: pluggy.PluginManager, plugin: Plugin, hook: str) -> bool:
    """``plugin`` has an implementation of ``hook`` that pluggy registers (marked ``@hookimpl``)."""
    return callable(getattr(plugin, hook, None)) and pm.parse_hookimpl_opts(plugin, hook) is not None


def _check_marked(pm: pluggy.PluginManager, plugin: Plugin) -> None:
    """Refuse a ``rummykit_*`` function or method that is not marked ``@hookimpl``: pluggy would skip
    it without a word (an override in a subclass loses its base's marker)."""
    for name in (name for name in dir(plugin) if name.startswith("rummykit_")):
        if callable(getattr(plugin, name, None)) and pm.parse_hookimpl_opts(plugin, name) is None:
            owner = getattr(plugin, "__name__", type(plugin).__name__)
            raise PluginError(
                f"{owner}.{name} is not marked as a hook: decorate it with @rummykit.hookimpl "
                "(an override does not inherit its base's marker), or rename it"
            )


def _caller(pm: pluggy.PluginManager, hook: str, names: tuple[str, ...]) -> Callable[..., Any]:
    """A plain callable for ``hook``, taking its arguments in the order of ``names``: the one
    implementation's function where there is one (a game's hot path then skips pluggy), else the
    hook caller, which calls every implementation as pluggy does."""
    caller = getattr(pm.hook, hook)
    impls = caller.get_hookimpls()
    if len(impls) == 1 and not (impls[0].wrapper or impls[0].hookwrapper) and tuple(impls[0].argnames) == names:
        function: Callable[..., Any] = impls[0].function
        return function
    return lambda *args: caller(**dict(zip(names, args, strict=True)))


_LOCK = threading.Lock()
_COMPILED: dict[tuple[Any, ...], Configuration] = {}
_BY_NAME: dict[tuple[Any, ...], Configuration] = {}
"""Compiled configurations by the exact arguments that named them (`_named`): a game started or a
position loaded again with the same names skips finding the plug-ins and resolving the options."""
_MOST_KEPT = 512


def configure(
    variant: str | Plugin,
    players: int,
    *,
    options: Mapping[str, Any] | None = None,
    house_rules: Sequence[str | Plugin] | str | None = (),
) -> Configuration:
    """The compiled configuration of a variant (by name, or a plug-in object) for ``players`` with
    ``options`` and ``house_rules``: compiled the first time, then shared by every game.

    Raises:
        UnknownVariantError: the variant is not installed.
        UnknownHouseRuleError: a house rule is not installed, does not apply, or is given twice.
        InvalidOptionError: a bad player count or option.
        PluginError: a plug-in that breaks the variant contract.
    """
    generation = registry_generation()
    named = _named(variant, players, options, house_rules)
    if named is not None:
        known = _BY_NAME.get(named)
        if known is not None:
            return known
    if variant is None or isinstance(variant, int | float | bytes | list | tuple | dict):
        raise InvalidOptionError(
            f"a variant is given by its name, such as 'rummy', not {quote(variant)}", field="variant"
        )
    plugin = load_variant(variant) if isinstance(variant, str) else plugin_object(variant)
    spec = variant_spec(plugin)
    check_players(spec, players)
    rule_plugins: list[tuple[Plugin, HouseRuleSpec]] = []
    for house_rule in house_rule_list(house_rules):
        if isinstance(house_rule, str):
            rule_plugin = load_house_rule(house_rule, spec.name)
        else:
            rule_plugin = plugin_object(house_rule)
        rule_spec = house_rule_spec(rule_plugin)
        if spec.name not in rule_spec.applies_to:
            raise UnknownHouseRuleError(rule_spec.name, spec.name, available_house_rules(spec.name), installed=True)
        if any(known.name == rule_spec.name for _, known in rule_plugins):
            raise UnknownHouseRuleError(rule_spec.name, spec.name, (), duplicate=True)
        rule_plugins.append((rule_plugin, rule_spec))
    declared = [*COMMON_OPTIONS, *spec.options, *(opt for _, rule in rule_plugins for opt in rule.options)]
    resolved = resolve_options(declared, options or {}, owner=spec.name)
    key = (plugin, players, tuple(resolved.items()), tuple(rule for rule, _ in rule_plugins))
    try:
        known = _COMPILED.get(key)
    except TypeError:  # an option value that cannot be hashed: compile it each time
        return _compile(plugin, spec, players, resolved, rule_plugins)
    if known is None:
        with _LOCK:
            known = _COMPILED.get(key)
            if known is None:
                known = _compile(plugin, spec, players, resolved, rule_plugins)
                if len(_COMPILED) >= _MOST_KEPT:
                    _COMPILED.clear()
                _COMPILED[key] = known
    if named is not None:
        with _LOCK:  # the names' answer is kept only if no plug-in came or went since they were looked up
            if registry_generation() == generation:
                if len(_BY_NAME) >= _MOST_KEPT:
                    _BY_NAME.clear()
                _BY_NAME[named] = known
    return known


def _outside_rummykit() -> int:
    """The ``stacklevel`` of a warning that the function calling this issues, pointing at the first
    caller outside rummykit (the line that created the game): for a warning about the plug-ins of a
    configuration, which are compiled deep inside rummykit."""
    import inspect  # noqa: PLC0415 (only when there is something to warn about)

    here = inspect.currentframe()
    frame = here.f_back if here is not None else None  # the function that warns: stacklevel 1
    level = 1
    while frame is not None and frame.f_back is not None:
        name = str(frame.f_globals.get("__name__", ""))
        internal = frame.f_code.co_filename.startswith("<frozen importlib")  # warnings skips these itself
        if not internal and name != "rummykit" and not name.startswith("rummykit."):
            break
        frame = frame.f_back
        level += 0 if internal else 1
    return level


def check_players(spec: VariantSpec, players: Any) -> int:
    """``players`` if it is a player count of the variant ``spec`` declares, else
    [`InvalidOptionError`][rummykit.core.errors.InvalidOptionError] citing the variant's rule: what a
    reader checks before it makes anything per seat.

    Examples:
        >>> from rummykit.core.plugins import variant_spec
        >>> check_players(variant_spec("rummy"), 10**8)
        Traceback (most recent call last):
        ...
        rummykit.core.errors.InvalidOptionError: rummy is played by 2 to 4 players, not 100000000 (CR-1)
    """
    if isinstance(players, bool) or not isinstance(players, int):
        raise InvalidOptionError(f"players must be an int, not {quote(players)}", field="players")
    if players not in spec.players:
        raise InvalidOptionError(
            f"{spec.name} is played by {spec.players_text} players, not {quote(players)}",
            rule=spec.players_rule,
            field="players",
        )
    return players


_SCALARS: Final = frozenset({int, str, float, bool, type(None)})


def _named(
    variant: str | Plugin,
    players: int,
    options: Mapping[str, Any] | None,
    house_rules: Sequence[str | Plugin] | str | None,
) -> tuple[Any, ...] | None:
    """The exact arguments of a `configure` call that names everything (the variant and house rules
    by name, options as a dict of plain values), as a key of `_BY_NAME`; ``None`` for any other call.
    Each option value's type is part of the key (``True`` and ``1`` are equal, but not the same
    option value), and so is ``sys.path``, where the plug-ins' entry points are found."""
    if type(variant) is not str or type(players) is not int:
        return None
    if house_rules is None:
        rules: tuple[Any, ...] = ()
    elif type(house_rules) is str:
        rules = (house_rules,)
    elif type(house_rules) in (list, tuple) and all(type(rule) is str for rule in house_rules):
        rules = tuple(house_rules)
    else:
        return None
    if options is None:
        values: tuple[Any, ...] = ()
    elif type(options) is dict and all(type(value) in _SCALARS for value in options.values()):
        values = tuple((name, type(value), value) for name, value in options.items())
    else:
        return None
    return (variant, players, values, rules, tuple(sys.path))


def forget_compiled() -> None:
    """Forget every compiled configuration (after a plug-in registered in this process changes)."""
    with _LOCK:
        _COMPILED.clear()
        _BY_NAME.clear()


def _compile(
    plugin: Plugin,
    spec: VariantSpec,
    players: int,
    options: Mapping[str, Any],
    rule_plugins: Sequence[tuple[Plugin, HouseRuleSpec]],
) -> Configuration:
    pm = new_manager()
    plugins = [plugin, *(rule for rule, _ in rule_plugins)]
    for each in plugins:
        _check_marked(pm, each)
    missing = [hook for hook in REQUIRED_VARIANT_HOOKS if not _implements(pm, plugin, hook)]
    if missing:
        raise PluginError(f"variant {spec.name!r} does not implement {', '.join(missing)}")
    for hook, default in defaults.DEFAULTS.items():
        if not any(_implements(pm, each, hook) for each in plugins):
            pm.register(default, name=f"rummykit.core.defaults.{hook}")
    pm.register(defaults.CoreBots(), name="rummykit.core.defaults.bots")
    try:
        pm.register(plugin, name=f"variant:{spec.name}")
        for rule_plugin, rule_spec in rule_plugins:
            pm.register(rule_plugin, name=f"house-rule:{rule_spec.name}")
        pm.check_pending()  # a hook rummykit does not have (an old one, a typo) is an error, not ignored
    except (pluggy.PluginValidationError, ValueError) as exc:
        raise PluginError(f"a plug-in of {spec.name} is not valid: {exc}") from exc
    options = types.MappingProxyType(dict(options))
    house_rules = tuple(rule for _, rule in rule_plugins)
    config = GameSettings(
        variant=spec.name, players=players, options=options, house_rules=tuple(r.name for r in house_rules)
    )
    try:
        rules = pm.hook.rummykit_setup(config=config)
    except RummyError:
        raise
    except Exception as exc:
        raise PluginError(
            f"rummykit_setup of {spec.name} raised {type(exc).__name__}: {quote(str(exc))}",
            hook="rummykit_setup",
            plugin=spec.name,
        ) from exc
    if not isinstance(rules, Ruleset):
        raise PluginError(f"{spec.name}'s rummykit_setup returned {rules!r}, not a Ruleset")
    if rules.low_score_wins != spec.low_score_wins:  # declared once, in the spec: the rules carry it
        if rules.low_score_wins:  # said on purpose (the default is False): 0.1 refused this, so say it
            warnings.warn(
                f"the rules of {spec.name} say low_score_wins=True, but its VariantSpec says low_score_wins=False: "
                "the spec decides, so the highest total wins; declare low_score_wins=True in the VariantSpec if "
                "the lowest total wins (rummykit 0.1 refused the two disagreeing; the rules only carry the spec's)",
                UserWarning,
                stacklevel=_outside_rummykit(),
            )
        rules = attrs.evolve(rules, low_score_wins=spec.low_score_wins)
    try:
        moves = pm.hook.rummykit_moves(rules=rules)
    except RummyError:
        raise
    except Exception as exc:
        raise PluginError(
            f"rummykit_moves of {spec.name} raised {type(exc).__name__}: {quote(str(exc))}",
            hook="rummykit_moves",
            plugin=spec.name,
        ) from exc
    if not isinstance(moves, Mapping) or not all(isinstance(move, Move) for move in moves.values()):
        raise PluginError(f"{spec.name}'s rummykit_moves returned {moves!r}, not moves by action type")
    by_phase: dict[str, list[Move[Any, Any]]] = {}
    for move in moves.values():
        for phase in move.phases:
            if phase != Phase.OVER:  # no move plays once the game is over
                by_phase.setdefault(phase, []).append(move)
    ids = {rule.id for rule in (*spec.rules, *COMMON_RULES)} | {rule.id for r in house_rules for rule in r.rules}
    return Configuration(
        spec=spec,
        house_rules=house_rules,
        players=players,
        options=options,
        rules=rules,
        moves=types.MappingProxyType(dict(moves)),
        plugin_manager=pm,
        rule_ids=frozenset(ids),
        by_phase=types.MappingProxyType({phase: tuple(found) for phase, found in by_phase.items()}),
        start_game=_caller(pm, "rummykit_start_game", ("state",)),
        start_round=_caller(pm, "rummykit_start_round", ("state", "shoe", "rng")),
        score_round=_caller(pm, "rummykit_score_round", ("state",)),
        game_over=_caller(pm, "rummykit_game_over", ("state",)),
        winners=_caller(pm, "rummykit_winners", ("state",)),
        to_act=_caller(pm, "rummykit_to_act", ("state",)),
        check_turn=_caller(pm, "rummykit_check_turn", ("state", "action", "move")),
        view=_caller(pm, "rummykit_view", ("state", "seat", "to_act")),
        check_position=_caller(pm, "rummykit_check_position", ("state",)),
    )
