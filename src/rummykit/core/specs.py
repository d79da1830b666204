"""What a variant or house rule declares as data: its name, players, rules, options and actions.

A variant plug-in returns a [`VariantSpec`][rummykit.core.specs.VariantSpec] from ``rummykit_variant``; a
house rule returns a [`HouseRuleSpec`][rummykit.core.specs.HouseRuleSpec] from ``rummykit_house_rule``.
Options are declared with [`Option`][rummykit.core.specs.Option] and validated when a game is created
([`resolve_options`][rummykit.core.specs.resolve_options]): an unknown name or a bad value is refused with
[`InvalidOptionError`][rummykit.core.errors.InvalidOptionError], never reset to a default.

Examples:
    >>> opt = Option("max_turns_per_round", int, 1000, "G-1: turns after which a round ends", minimum=1)
    >>> resolve_options([opt], {"max_turns_per_round": 50}, owner="railroad-rummy")
    {'max_turns_per_round': 50}
    >>> resolve_options([opt], {"max_turns": 50}, owner="railroad-rummy")
    Traceback (most recent call last):
    ...
    rummykit.core.errors.InvalidOptionError: railroad-rummy has no option 'max_turns'; its options: max_turns_per_round
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Generator, Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import attrs

from rummykit.core.actions import Action
from rummykit.core.cards import Card, CardId, shoe_ids
from rummykit.core.deprecation import warn_replaced
from rummykit.core.errors import InvalidOptionError, quote
from rummykit.core.hookspecs import hookimpl

if TYPE_CHECKING:
    from rummykit.core.state import GameState
    from rummykit.core.views import View

__all__ = [
    "COMMON_OPTIONS",
    "COMMON_RULES",
    "GameSettings",
    "HouseRule",
    "HouseRuleSpec",
    "Option",
    "RuleText",
    "Ruleset",
    "VariantSpec",
    "resolve_options",
    "rule_book",
]


@attrs.frozen
class RuleText:
    """One rule of a rule book: its id (``"RR-11"``), a short title and the rule in words."""

    id: str
    title: str
    text: str


def rule_book(text: str) -> tuple[RuleText, ...]:
    """A rule book from a compact text: each rule starts a line as ``id | title | text``, its text
    going on in indented lines (joined with single spaces).

    Examples:
        >>> book = rule_book('''
        ... XX-1 | Players | 2 to 6
        ...     players.
        ... XX-2 | Deal | Ten cards each.
        ... ''')
        >>> [(rule.id, rule.title, rule.text) for rule in book]
        [('XX-1', 'Players', '2 to 6 players.'), ('XX-2', 'Deal', 'Ten cards each.')]
    """
    rules = re.findall(r"^(\S+) \| (.+?) \| (.+(?:\n[ \t]+.+)*)", text, re.MULTILINE)
    return tuple(RuleText(id_, title, " ".join(body.split())) for id_, title, body in rules)


_INT_LIMIT = 2**63 - 1
"""No int option takes a larger value (whatever its bounds): a game's record must be written and read
back as it was."""


@attrs.frozen
class Option:
    """A typed, validated game option.

    Attributes:
        name: the option's name (``"hmg_per_player"``).
        type: ``int``, ``bool`` or ``str``. ``bool`` is never accepted for ``int``.
        default: the value when the option is not given; ``None`` only if ``optional``.
        help: one line for ``rummykit rules`` and the docs, starting with the rule id it belongs to.
        minimum, maximum: bounds for an ``int`` (within ±(2**63 - 1) in any case).
        choices: the allowed values of a ``str``.
        optional: ``None`` is a valid value (meaning "no limit").
        rule: the id of the rule the option belongs to (cited when a value is refused).
    """

    name: str
    type: type
    default: Any
    help: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] | None = None
    optional: bool = False
    rule: str | None = None

    def validate(self, value: Any, owner: str) -> Any:
        """Return ``value`` if it is valid for this option, else raise
        [`InvalidOptionError`][rummykit.core.errors.InvalidOptionError]."""
        where = f"option {self.name!r} of {owner}"
        problem = None
        if value is None:
            if self.optional:
                return None
            problem = f"needs a value of type {self.type.__name__}"
        elif self.type is int and (isinstance(value, bool) or not isinstance(value, int)):
            problem = f"must be an int, not {quote(value)}"
        elif self.type is int and not -_INT_LIMIT <= value <= _INT_LIMIT:
            problem = f"must be an int from -(2**63 - 1) to 2**63 - 1, not {quote(value)}"
        elif self.type is not int and not isinstance(value, self.type):
            problem = f"must be a {self.type.__name__}, not {quote(value)}"
        elif self.minimum is not None and value < self.minimum:
            problem = f"must be at least {self.minimum}, not {quote(value)}"
        elif self.maximum is not None and value > self.maximum:
            problem = f"must be at most {self.maximum}, not {quote(value)}"
        elif self.choices is not None and value not in self.choices:
            problem = f"must be one of {', '.join(self.choices)}, not {quote(value)}"
        if problem is not None:
            raise InvalidOptionError(f"{where} {problem}", rule=self.rule, field=f"options.{self.name}")
        return value


COMMON_RULES: tuple[RuleText, ...] = (
    RuleText("G-0", "Game over", "Once the game is over no action is accepted."),
    RuleText(
        "G-1",
        "Turn cap",
        "A round that reaches the option max_turns_per_round (default 1,000 turns) ends at once with nobody out, "
        "scored as the variant scores a round with nobody out.",
    ),
    RuleText(
        "G-2",
        "Seats and turns",
        "Seats are numbered 0..n-1 in turn order; the seat after X is the next in that order, wrapping. "
        "Only the seats whose turn it is (or who are asked to declare) may act.",
    ),
    RuleText(
        "G-3",
        "Round cap",
        "The option max_rounds (default: none) ends the game after that many rounds, the best total winning as "
        "the variant ranks totals; tied best totals all win.",
    ),
    RuleText(
        "G-4",
        "Able to end the turn",
        "No play may leave the turn player without a legal way to end the turn (a legal discard, or an empty "
        "hand where going out is allowed).",
    ),
    RuleText(
        "G-5",
        "Several melds, wild ranks",
        "Several melds laid down together are one action. The cards of a run are listed from low to high and a "
        "wild card stands for the rank of its place; a wild card laid off on a run says which end it extends.",
    ),
    RuleText(
        "G-C1",
        "Clarification: rounds cut short end the game",
        "G-1 guarantees that every round ends; this guarantees that every game does. A game that has had "
        "max_capped_rounds rounds (option, default 10) end at the turn cap of G-1 ends after the last of them, the "
        "best total winning as G-3 says. No table of people gets there (a round ends at the cap after 1,000 turns "
        "by default); a simulation with a small turn cap would otherwise never reach a score that ends the game.",
    ),
    RuleText(
        "G-6",
        "Named cards move",
        "The cards a player names are the cards that move. Whatever a variant does to keep its listing of legal "
        "actions short (treating suits or copies as interchangeable where its rules ignore them, or listing one "
        "representative of equivalent plays), an action naming cards the player holds is carried out with exactly "
        "those cards, and every play the rules allow is accepted as named, listed or not.",
    ),
    RuleText(
        "G-7",
        "The most specific rule",
        "A refusal cites the most specific rule that forbids the action. An action refused because its condition "
        "does not hold cites that condition's rule, even when the turn has already passed; a card the seat does "
        "not hold is refused as such (G-7), not under a rule about some other card.",
    ),
)
"""The rules common to every variant (rule book "Common to every variant"), and the engine's own."""

COMMON_OPTIONS: tuple[Option, ...] = (
    Option(
        "max_turns_per_round",
        int,
        1000,
        "G-1: a round that reaches this many turns ends at once with nobody out",
        minimum=1,
        rule="G-1",
    ),
    Option(
        "max_rounds",
        int,
        None,
        "G-3: end the game after this many rounds, the best total winning (none: play by the rules)",
        minimum=1,
        optional=True,
        rule="G-3",
    ),
    Option(
        "max_capped_rounds",
        int,
        10,
        "G-C1: end the game after this many rounds have ended at the turn cap (G-1)",
        minimum=1,
        rule="G-C1",
    ),
)
"""Options every game has (rule book, common rules G-1 and G-3, and the clarification G-C1)."""


def resolve_options(options: Iterable[Option], given: Mapping[str, Any], *, owner: str) -> dict[str, Any]:
    """Every option's value: the given ones validated, the others at their defaults."""
    declared = {opt.name: opt for opt in options}
    if not isinstance(given, Mapping):
        raise InvalidOptionError(f"options must be a mapping of names to values, not {quote(given)}", field="options")
    for name in given:
        if name not in declared:
            raise InvalidOptionError(
                f"{owner} has no option {quote(name)}; its options: {', '.join(sorted(declared)) or '(none)'}",
                field="options",
            )
    return {name: opt.validate(given[name], owner) if name in given else opt.default for name, opt in declared.items()}


def _reasons(given: Mapping[str, str] | Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """Words with their meanings (things declared unreachable in tests, each with its reason; a
    glossary's abbreviations), as sorted pairs (a spec stays hashable and picklable)."""
    pairs = dict(given.items() if isinstance(given, Mapping) else given)
    return tuple(sorted((str(name), str(reason)) for name, reason in pairs.items()))


def _counts(counts: Iterable[int]) -> tuple[int, ...]:
    return tuple(counts)


@attrs.frozen(kw_only=True)
class VariantSpec:
    """A variant's declaration, returned by its ``rummykit_variant`` hook.

    Attributes:
        name: the name games are created with (``"railroad-rummy"``), the same as its entry point.
        title: the name people use (``"RailRoad Rummy"``).
        min_players, max_players: the player range.
        player_counts: the counts of that range the variant is played by, when not all of them are
            (Canasta: ``(2, 3, 4, 6)``); empty: every count from `min_players` to `max_players`.
        players_rule: the id of the rule that sets the player range (``"RR-1"``).
        low_score_wins: the best total is the lowest (golf scoring), else the highest.
        rules: the variant's rule book, every rule with its id.
        options: the options a game of this variant takes (the common ones are added).
        actions: every action type the variant accepts.
        phases: the variant's own turn phases, beyond the core's ``draw``, ``play``, ``over``.
        piles: the names of the shared piles a round has (``stock``, ``discard``, …).
        seat_piles: the names of the piles each seat has of its own (Railroad Canasta's ``kitty``
            and ``red_threes``), kept in ``state.seat_piles``.
        public_seat_piles: those of `seat_piles` that lie face up for everybody (red 3s);
            the others are hidden from the other seats, and the variant's views say when their
            owner sees them (a kitty).
        state_type: the variant's state class (a subclass of [`GameState`][rummykit.core.state.GameState]
            with its own fields; the standard rummy's is [`StandardState`][rummykit.standard.state.StandardState]),
            or ``None`` for the core's.
        view_type: the class of the variant's views (``None``: the core's
            [`View`][rummykit.core.views.View]).
        listing_ignores_suits: ``legal_actions`` lists plays that differ only in the suits of their
            cards once, as the variant's rules ignore suits (RailRoad Rummy, Railroad Canasta). Any
            of them is accepted and carried out with the cards it names (G-6); the conformance kit
            finds an accepted play in the listing with suits set aside. ``False``: every accepted
            play is listed as it is (or in parts, its move's ``split``).
        round_ends: the ids of the rules by which a round can end (``"RR-22"``, a player went out;
            ``"RR-5"``, no card can be drawn): the ``rule`` of each
            [`RoundEnd`][rummykit.core.state.RoundEnd] the variant sets. G-1, the turn cap, is
            common to every variant and not listed. The conformance kit drives its games toward each
            of them, and fails on a round that ends by a rule not declared here.
        unreachable_in_tests: what the conformance kit's games cannot be expected to reach, each
            with the reason: ``{"round-end:SH-13": "the hands never grow, so a card can always be
            drawn"}``. Keys name a phase (``"phase:knock"``), an action kind (``"action:claim"``)
            or a way a round ends (``"round-end:CR-9"``); given as a mapping, kept as sorted
            pairs. The kit reports them and does not fail when its games never reach them.
        glossary: the abbreviations the variant's actions and news use, each in words for a person
            who has not read the rule book: ``{"HMG": "a token that puts a claim ahead of …"}``;
            given as a mapping, kept as sorted pairs. The server spells each out where its log
            first uses it; an abbreviation not declared here is explained by the rule whose title
            names it.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    player_counts: tuple[int, ...] = attrs.field(default=(), converter=_counts)
    players_rule: str | None = None
    low_score_wins: bool = False
    rules: tuple[RuleText, ...] = ()
    options: tuple[Option, ...] = ()
    actions: tuple[type[Action], ...] = ()
    phases: tuple[str, ...] = ()
    piles: tuple[str, ...] = ("stock", "discard")
    seat_piles: tuple[str, ...] = ()
    public_seat_piles: tuple[str, ...] = ()
    state_type: type[GameState] | None = None
    view_type: type[View] | None = None
    listing_ignores_suits: bool = False
    round_ends: tuple[str, ...] = ()
    unreachable_in_tests: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_reasons)
    glossary: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_reasons)

    def __attrs_post_init__(self) -> None:
        counts = self.player_counts
        if counts and (
            list(counts) != sorted(set(counts)) or counts[0] != self.min_players or counts[-1] != self.max_players
        ):
            raise ValueError(
                f"{self.name}'s player_counts {list(counts)} are not the counts from min_players "
                f"({self.min_players}) to max_players ({self.max_players}) it is played by, each once, lowest first"
            )

    @property
    def rule_ids(self) -> frozenset[str]:
        """The ids of the rules this variant may cite when it refuses an action."""
        return frozenset(rule.id for rule in self.rules)

    @property
    def players(self) -> tuple[int, ...]:
        """Every player count the variant is played by, lowest first (`player_counts`, or the whole range).

        Examples:
            >>> VariantSpec(name="v", title="V", min_players=2, max_players=4).players
            (2, 3, 4)
            >>> VariantSpec(name="v", title="V", min_players=2, max_players=6, player_counts=(2, 3, 4, 6)).players
            (2, 3, 4, 6)
        """
        return self.player_counts or tuple(range(self.min_players, self.max_players + 1))

    @property
    def players_text(self) -> str:
        """The player counts in words.

        Examples:
            >>> VariantSpec(name="v", title="V", min_players=2, max_players=4).players_text
            '2 to 4'
            >>> VariantSpec(name="v", title="V", min_players=2, max_players=6, player_counts=(2, 3, 4, 6)).players_text
            '2, 3, 4 or 6'
        """
        if self.player_counts and len(self.player_counts) != self.max_players - self.min_players + 1:
            return ", ".join(map(str, self.player_counts[:-1])) + f" or {self.player_counts[-1]}"
        low, high = self.min_players, self.max_players
        return f"{low} to {high}" if high > low else str(low)


@attrs.frozen(kw_only=True)
class HouseRuleSpec:
    """A house rule's declaration, returned by its ``rummykit_house_rule`` hook.

    Attributes:
        name: the name games ask for it by (``"ace-low"``), the same as its entry point.
        applies_to: the variants it can be stacked on.
        rules: the rules it adds or changes, with their ids.
        options: options it adds to the game.
        round_ends: the ids of the rules by which it lets a round end, beyond the variant's own
            ([`VariantSpec.round_ends`][rummykit.core.specs.VariantSpec]).
    """

    name: str
    applies_to: frozenset[str]
    title: str = ""
    rules: tuple[RuleText, ...] = ()
    options: tuple[Option, ...] = ()
    round_ends: tuple[str, ...] = ()


def _read_only(options: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(options))


@attrs.frozen(kw_only=True)
class GameSettings:
    """How a game was created: variant, players, every option's value, house rules, seed.

    Like the rest of the configuration, ``options`` is read-only (a game's options are fixed
    when it is created, and shared with its copies):

    Examples:
        >>> config = GameSettings(variant="rummy", players=2, options={"max_rounds": 3})
        >>> config.options["max_rounds"] = 1
        Traceback (most recent call last):
        ...
        TypeError: 'mappingproxy' object does not support item assignment
        >>> config == GameSettings(variant="rummy", players=2, options={"max_rounds": 3})
        True
    """

    variant: str
    players: int
    options: Mapping[str, Any] = attrs.field(converter=_read_only)
    house_rules: tuple[str, ...] = ()
    seed: int | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and deep-copied by value (a read-only mapping does not pickle)."""
        fields = {
            "variant": self.variant,
            "players": self.players,
            "options": dict(self.options),
            "house_rules": self.house_rules,
            "seed": self.seed,
        }
        return (_game_config, (fields,))


def _game_config(fields: dict[str, Any]) -> GameSettings:
    return GameSettings(**fields)


@attrs.frozen(kw_only=True)
class Ruleset:
    """The rules of a configuration (variant, players, options, house rules) resolved into data,
    once (``rummykit_setup``), and shared by every game of the configuration.

    The core reads the fields below; a variant's rules extend it (the standard rummy's
    [`StandardRules`][rummykit.standard.rules.StandardRules]: the deal, meld rules, contracts, points), and house
    rules return an evolved copy. Game code reads it from ``state.rules`` instead of calling hooks
    in inner loops. The G-1 and G-3 caps are options (``state.config.options``), read by the engine.

    Attributes:
        shoe_parts: every card of a round's shoe, as faces in a fixed order, in parts that are
            shuffled separately and put one after the other in draw order (RailRoad Rummy: the
            two decks of the draw pile, then the two of the standby pile). The engine gives each
            card its id and shuffles each part.
        low_score_wins: the best total is the lowest: the spec's
            ``low_score_wins`` ([`VariantSpec`][rummykit.core.specs.VariantSpec]), which the rules of a
            configuration carry once compiled (a variant declares it in its spec only).
    """

    shoe_parts: tuple[tuple[Card, ...], ...]
    low_score_wins: bool = False

    @functools.cached_property
    def shoe(self) -> tuple[Card, ...]:
        """Every card of a round's shoe, all parts together, in their fixed order (worked out once per
        configuration)."""
        return tuple(card for part in self.shoe_parts for card in part)

    @functools.cached_property
    def part_ids(self) -> tuple[tuple[CardId, ...], ...]:
        """The physical card ids of each part of the shoe, in the fixed order of ``shoe``: what a round
        shuffles, part by part (worked out once per configuration)."""
        ids = shoe_ids(self.shoe)
        parts, start = [], 0
        for part in self.shoe_parts:
            parts.append(tuple(ids[start : start + len(part)]))
            start += len(part)
        return tuple(parts)

    @functools.cached_property
    def card_ids(self) -> frozenset[CardId]:
        """Every physical card of a round's shoe (worked out once per configuration)."""
        return frozenset(cid for part in self.part_ids for cid in part)


_R = TypeVar("_R", bound=Ruleset)


class HouseRule(Generic[_R]):
    """A house rule that changes the variant's rules as data, as a plug-in: its declaration and one
    function, ``change(rules, config)``, that returns the rules of a configuration changed (most house
    rules change a field or two: ``attrs.evolve``). Register an instance under the entry-point group
    ``rummykit.house_rules``.

    Args:
        spec: the house rule's declaration (name, the variants it applies to, its rules and options).
        change: the variant's rules, and the game's settings (``config.options`` holds the house
            rule's own options), to the rules the game plays by.

    Examples:
        >>> import attrs, rummykit
        >>> from rummykit.core.plugins import register_house_rule, unregister_house_rule
        >>> long_rounds = HouseRule(
        ...     HouseRuleSpec(name="long-rounds", applies_to=frozenset({"rummy"}), title="Long rounds"),
        ...     lambda rules, config: attrs.evolve(rules, deal=attrs.evolve(rules.deal, hand_size=12)),
        ... )
        >>> register_house_rule("long-rounds", long_rounds)
        >>> len(rummykit.new_game("rummy", players=2, seed=1, house_rules="long-rounds").hand(0))
        12
        >>> unregister_house_rule("long-rounds")
    """

    def __init__(self, spec: HouseRuleSpec, change: Callable[[_R, GameSettings], _R]) -> None:
        self.spec = spec
        self.change = change

    @hookimpl
    def rummykit_house_rule(self) -> HouseRuleSpec:
        """The house rule's declaration."""
        return self.spec

    @hookimpl(wrapper=True)
    def rummykit_setup(self, config: GameSettings) -> Generator[None, _R, _R]:
        """The variant's rules, changed."""
        rules = yield
        return self.change(rules, config)

    def __repr__(self) -> str:
        return f"<HouseRule {self.spec.name}>"


def __getattr__(name: str) -> Any:
    if name == "GameConfig":  # the 0.1 name
        warn_replaced("rummykit.core.specs.GameConfig")
        return GameSettings
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
