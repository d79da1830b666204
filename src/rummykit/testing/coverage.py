"""What the conformance kit's games reach, and how it drives them toward what they have not reached.

A check that never reaches a place proves nothing about it. The kit's games aim at every *target*
a variant declares:

- each phase a position can be in: ``"phase:draw"``, ``"phase:play"``, the variant's own
  (``VariantSpec.phases``: ``"phase:claim"``) and ``"phase:over"``, the end of the game;
- each action kind (``VariantSpec.actions``): ``"action:go-down"``, ``"action:claim"``;
- each way a round ends, by the id of the rule that ends it: ``"round-end:G-1"`` (the turn cap,
  common to every variant) and those ``VariantSpec.round_ends`` and the house rules'
  ``HouseRuleSpec.round_ends`` declare (``"round-end:RR-22"``).

[`Coverage`][rummykit.testing.coverage.Coverage] counts what a run of games reached, and how many of its
games reached it; the kit fails naming every target its games never reached, unless the variant
(``VariantSpec.unreachable_in_tests``) or the caller (``unreachable=``) declares it unreachable in
tests, with the reason.

[`Driver`][rummykit.testing.coverage.Driver] chooses the actions of a game, from a seeded random
source, so that the run reaches everything soon:

- an action of a kind the run has never played is taken as soon as one is listed;
- otherwise the seat's player chooses: one of the variant's own bots (``rummykit.make_bot``), or the
  kit's random player, which melds four times in five when it can
  ([`eager_choice`][rummykit.testing.coverage.eager_choice]) or, in half the rounds while a way to end
  a round is unreached, plays patiently, drawing from the stock and keeping a few cards, so that rounds
  last until the stock runs out ([`patient_choice`][rummykit.testing.coverage.patient_choice]);
- while anything but the end of the game is unreached, that choice and
  [`LOOK_AHEAD`][rummykit.testing.coverage.LOOK_AHEAD] other listed actions (one of each other kind
  first) are tried on a copy, and the first that leads to an unreached phase, lists an action of an
  unreached kind, or ends the round in an unreached way is taken;
- while a way to end a round is unreached, a play that would end the round in a way already reached
  is mostly set aside for another ([`AVOID`][rummykit.testing.coverage.AVOID]).

What the games still have not reached, the kit searches for from positions they went through
([`check_games`][rummykit.testing.checks.check_games]).

Examples:
    >>> import rummykit
    >>> coverage = Coverage(coverage_targets("rummy"))
    >>> coverage.targets[:3]
    ('phase:draw', 'phase:play', 'phase:over')
    >>> coverage.targets[-4:]
    ('round-end:G-1', 'round-end:CR-8', 'round-end:CR-9', 'round-end:CR-C2')
    >>> game = rummykit.new_game("rummy", 2, seed=1)
    >>> driver = Driver(game, random.Random(1), coverage)
    >>> action = driver.choose(game)
    >>> action.kind in ("draw", "take-discard")
    True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Final, NamedTuple

import rummykit
from rummykit.core.actions import Action, Draw
from rummykit.core.bots import Bot, UnknownBotError
from rummykit.core.engine import Game
from rummykit.core.errors import RummyError
from rummykit.core.state import Phase
from rummykit.testing.strategies import MELD_KINDS, cards_in

__all__ = [
    "AVOID",
    "COMMON_ROUND_ENDS",
    "KEEP",
    "LOOK_AHEAD",
    "PATIENCE",
    "Coverage",
    "Driver",
    "Outcome",
    "coverage_targets",
    "declared_unreachable",
    "eager_choice",
    "patient_choice",
    "random_by_kind",
    "seat_players",
]

COMMON_ROUND_ENDS: Final = ("G-1",)
"""The ways every variant's rounds can end: G-1, the turn cap (option ``max_turns_per_round``)."""
AVOID: Final = 0.9
"""While a way to end a round is still unreached: how often the driver sets aside a play that would
end the round in a way already reached (when there is another)."""
PATIENCE: Final = 0.5
"""While a way to end a round is still unreached: the share of rounds in which each seat of the kit's
random player plays patiently ([`patient_choice`][rummykit.testing.coverage.patient_choice])."""
KEEP: Final = 3
"""How many cards the kit's patient player keeps in hand
([`patient_choice`][rummykit.testing.coverage.patient_choice])."""
LOOK_AHEAD: Final = 3
"""While something is unreached: how many actions besides the player's choice the driver tries on a
copy at each step, looking for one that reaches it."""
_TRIES: Final = 3
_OVER: Final = f"phase:{Phase.OVER.value}"
"""How many other plays the driver tries before it keeps one that ends the round in a known way."""


def coverage_targets(variant: str, house_rules: Sequence[str] = ()) -> tuple[str, ...]:
    """Every target of ``variant`` with ``house_rules``: its phases, its action kinds and the ways its
    rounds end, in that order (see the module's text)."""
    spec = rummykit.variant_spec(variant)
    phases = [Phase.DRAW.value, Phase.PLAY.value, *(str(phase) for phase in spec.phases), Phase.OVER.value]
    ends = [*COMMON_ROUND_ENDS, *spec.round_ends]
    for rule in house_rules:
        ends += rummykit.house_rule_spec(rule).round_ends
    return (
        *_unique(f"phase:{phase}" for phase in phases),
        *_unique(f"action:{cls.kind}" for cls in spec.actions),
        *_unique(f"round-end:{rule}" for rule in ends),
    )


def _unique(names: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(names))


def declared_unreachable(
    variant: str, targets: Sequence[str], unreachable: Mapping[str, str] | None = None
) -> dict[str, str]:
    """What is declared unreachable in tests, with the reasons: the variant's
    ``VariantSpec.unreachable_in_tests`` and ``unreachable`` (which wins where both name a target).

    Raises:
        ValueError: a name that is no target of the variant, or an empty reason.
    """
    declared = dict(rummykit.variant_spec(variant).unreachable_in_tests) | dict(unreachable or {})
    for name, reason in declared.items():
        if name not in targets:
            raise ValueError(
                f"{name!r} is declared unreachable, but it is no target of {variant}: {', '.join(targets)}"
            )
        if not isinstance(reason, str) or not reason.strip():
            raise ValueError(f"{name!r} is declared unreachable without a reason: say why the kit cannot reach it")
    return declared


class Coverage:
    """What a run of games has reached: how often each target, and in how many games.

    Attributes:
        targets: every target, in the order of
            [`coverage_targets`][rummykit.testing.coverage.coverage_targets].
        unreachable: the targets declared unreachable in tests, with the reasons.
        reached: how often each target was reached: positions in each phase, actions of each kind,
            rounds ended in each way.
        games: in how many games each target was reached.
        undeclared: what the games reached that no target names (a phase or a way to end a round
            the variant does not declare), with how often.
        positions_checked: how many positions of the games were checked in full (counted by the
            kit's checks).
    """

    def __init__(self, targets: Sequence[str], unreachable: Mapping[str, str] | None = None) -> None:
        self.targets = tuple(targets)
        self.unreachable = dict(unreachable or {})
        self._known = frozenset(self.targets)
        self.reached: Counter[str] = Counter()
        self.games: Counter[str] = Counter()
        self.undeclared: Counter[str] = Counter()
        self.in_game: set[str] = set()
        self.positions_checked = 0
        self._wanted = {name for name in self.targets if name not in self.unreachable}

    def start_game(self) -> None:
        """A new game starts: what it reaches is counted as this game's."""
        self.in_game = set()

    def end_game(self) -> None:
        """The game has ended: every target it reached counts one more game."""
        self.games.update(self.in_game)

    def see(self, target: str) -> bool:
        """Count ``target`` reached once; ``True`` if it is the first time in this game."""
        if target not in self._known:
            self.undeclared[target] += 1
        self.reached[target] += 1
        self._wanted.discard(target)
        if target in self.in_game:
            return False
        self.in_game.add(target)
        return True

    def wants(self, target: str) -> bool:
        """``target`` is still to be reached by the run (and is not declared unreachable)."""
        return target in self._wanted

    def drives(self) -> bool:
        """Something is still to be reached that play can be driven toward (the end of a game,
        ``phase:over``, comes to every game by itself)."""
        return any(name != _OVER for name in self._wanted)

    def drives_toward_kinds_or_phases(self) -> bool:
        """An action kind, or a phase but the end of a game, is still to be reached."""
        return any(name.startswith("action:") or (name.startswith("phase:") and name != _OVER) for name in self._wanted)

    def wants_any(self, prefix: str) -> bool:
        """Some target of this kind (``"phase:"``, ``"action:"``, ``"round-end:"``) is still to be reached."""
        return any(name.startswith(prefix) for name in self._wanted)

    def missing(self) -> list[str]:
        """The targets never reached and not declared unreachable, in target order."""
        return [name for name in self.targets if name in self._wanted]


def seat_players(game_index: int, players: int, bots: Sequence[str]) -> list[str | None]:
    """Who plays each seat of game ``game_index``: in even games the kit's random player (``None``)
    at every seat; in odd games the kit's random player and each of ``bots`` in turn, shifted by one
    seat from one odd game to the next, so that every seat is played by each of them in some game.

    Examples:
        >>> seat_players(0, 3, ["heuristic"]), seat_players(1, 3, ["heuristic"]), seat_players(3, 3, ["heuristic"])
        ([None, None, None], ['heuristic', None, 'heuristic'], [None, 'heuristic', None])
        >>> seat_players(5, 2, [])
        [None, None]
    """
    if not bots or game_index % 2 == 0:
        return [None] * players
    choices: list[str | None] = [None, *bots]
    shift = 1 + game_index // 2
    return [choices[(shift + seat) % len(choices)] for seat in range(players)]


def patient_choice(legal: Sequence[Action], hand_size: int, rng: random.Random) -> Action:
    """The kit's random player in no hurry to go out: a draw from the stock when it may (nine times in
    ten), else one of the ``legal`` actions that name at most all but
    [`KEEP`][rummykit.testing.coverage.KEEP] cards of a hand of ``hand_size`` (it melds and lays off,
    but keeps a few cards), drawn as [`random_by_kind`][rummykit.testing.coverage.random_by_kind]
    draws; any action if none does. Rounds played so last long, and end as only long rounds do (the
    stock running out).

    Examples:
        >>> from rummykit import Discard, GoDown
        >>> legal = [GoDown(seat=0, melds=["2C 3C 4C"]), Discard(seat=0, card="2C"), Discard(seat=0, card="9H")]
        >>> patient_choice(legal, 5, random.Random(1)).kind
        'discard'
        >>> sorted({patient_choice(legal, 9, random.Random(seed)).kind for seed in range(20)})
        ['discard', 'go-down']
    """
    draws = [action for action in legal if isinstance(action, Draw)]
    if draws and rng.random() < 0.9:
        return rng.choice(draws)
    keeping = [action for action in legal if len(cards_in(action)) <= hand_size - KEEP]
    return random_by_kind(keeping or legal, rng)


def random_by_kind(legal: Sequence[Action], rng: random.Random) -> Action:
    """A kind drawn among the kinds ``legal`` lists, then one of its actions, so that a kind listed
    once (a knock among ten discards) is played as often as a kind listed ten times.

    Examples:
        >>> from rummykit import Discard, Draw
        >>> legal = [Discard(seat=0, card=card) for card in ("2C", "3C", "4C")] + [Draw(seat=0)]
        >>> picks = [random_by_kind(legal, random.Random(seed)).kind for seed in range(100)]
        >>> 30 < picks.count("draw") < 70
        True
    """
    kinds = list(dict.fromkeys(action.kind for action in legal))
    kind = rng.choice(kinds)
    return rng.choice([action for action in legal if action.kind == kind])


def eager_choice(legal: Sequence[Action], rng: random.Random) -> Action:
    """The kit's random player: an action that puts cards on the table (``MELD_KINDS``) 4 times in 5
    when there is one, else any, each drawn as [`random_by_kind`][rummykit.testing.coverage.random_by_kind]
    draws (so that short games reach tables, lay-offs and players going out).

    Examples:
        >>> from rummykit import Discard, GoDown
        >>> legal = [GoDown(seat=0, melds=["2C 3C 4C"]), Discard(seat=0, card="2C"), Discard(seat=0, card="9H")]
        >>> picks = [eager_choice(legal, random.Random(seed)).kind for seed in range(100)]
        >>> picks.count("go-down") > 70
        True
    """
    melds = [action for action in legal if action.kind in MELD_KINDS]
    return random_by_kind(melds if melds and rng.random() < 0.8 else legal, rng)


class Driver:
    """Chooses every action of one game, toward what ``coverage`` has not reached (see the module's
    text), with ``rng`` (so that the same seed and coverage give the same game).

    Args:
        game: the game, as it starts.
        rng: the random source of every choice.
        coverage: what the run has reached so far (updated by the caller as the game goes on).
        players: who plays each seat, ``None`` for the kit's random player, else the name of one of
            the variant's bots (``rummykit.available_bots``); default: the kit's random player.
        look_ahead: try actions on copies, toward unreached phases and ways to end a round, and away
            from ending rounds in ways already reached (``False``: only the preference for kinds never
            played, at no cost).
    """

    def __init__(
        self,
        game: Game,
        rng: random.Random,
        coverage: Coverage,
        players: Sequence[str | None] | None = None,
        *,
        look_ahead: bool = True,
    ) -> None:
        self.rng = rng
        self.coverage = coverage
        self.look_ahead = look_ahead
        self._moods: dict[tuple[int, int], bool] = {}
        names = list(players) if players is not None else [None] * game.players
        self.bots: list[tuple[str, Bot] | None] = [
            None if name is None else (name, _bot(game, name, rng)) for name in names
        ]

    def player(self, seat: int) -> str | None:
        """The name of the bot that plays ``seat`` (``None``: the kit's random player)."""
        bot = self.bots[seat]
        return None if bot is None else bot[0]

    def choose(self, game: Game) -> Action:
        """The next action: of a seat among those to act, one of its legal actions."""
        rng, coverage = self.rng, self.coverage
        seat = rng.choice(game.to_act)
        legal = game.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} is to act but has no legal action")
        fresh = [action for action in legal if coverage.wants(f"action:{action.kind}")]
        if fresh:
            return rng.choice(fresh)
        action = self._players_choice(game, seat, legal)
        if not self.look_ahead or not coverage.drives():
            return action
        listing = coverage.wants_any("action:")
        outcome = _outcome(game, action, listing=listing)
        if self._leads_to_unreached(outcome):
            return action
        for other in self._other_candidates(legal, action):
            if self._leads_to_unreached(_outcome(game, other, listing=listing)):
                return other
        if coverage.wants_any("round-end:") and rng.random() < AVOID:
            return self._not_ending_as_before(game, legal, action, outcome)
        return action

    def _other_candidates(self, legal: Sequence[Action], chosen: Action) -> list[Action]:
        """Up to [`LOOK_AHEAD`][rummykit.testing.coverage.LOOK_AHEAD] other actions to try on a copy:
        one of each other kind first (in random order), then others drawn at random."""
        kinds = [kind for kind in dict.fromkeys(action.kind for action in legal) if kind != chosen.kind]
        self.rng.shuffle(kinds)
        picked = [self.rng.choice([action for action in legal if action.kind == kind]) for kind in kinds]
        rest = [action for action in legal if action != chosen and action not in picked]
        extra = self.rng.sample(rest, min(len(rest), max(LOOK_AHEAD - len(picked), 0)))
        return (picked + extra)[:LOOK_AHEAD]

    def _players_choice(self, game: Game, seat: int, legal: Sequence[Action]) -> Action:
        bot = self.bots[seat]
        if bot is not None:
            return bot[1].choose(game.view(seat), legal)
        if self.look_ahead and self._patient(game, seat):
            return patient_choice(legal, len(game.state.hands[seat]), self.rng)
        return eager_choice(legal, self.rng)

    def _patient(self, game: Game, seat: int) -> bool:
        """Whether the kit's random player at ``seat`` plays this round patiently: in half the rounds
        (drawn once a round and seat) while a way to end a round is still unreached."""
        if not self.coverage.wants_any("round-end:"):
            return False
        key = (len(game.state.history), seat)
        if key not in self._moods:
            self._moods[key] = self.rng.random() < PATIENCE
        return self._moods[key]

    def _leads_to_unreached(self, outcome: Outcome | None) -> bool:
        """``outcome`` is a position in an unreached phase (but the end of the game, which comes by
        itself), or lists an action of an unreached kind, or the round ended in an unreached way."""
        if outcome is None:
            return False
        wants = self.coverage.wants
        return (
            (outcome.phase != Phase.OVER and wants(f"phase:{outcome.phase}"))
            or (outcome.rule is not None and wants(f"round-end:{outcome.rule}"))
            or any(wants(f"action:{kind}") for kind in outcome.kinds)
        )

    def _not_ending_as_before(
        self, game: Game, legal: Sequence[Action], action: Action, outcome: Outcome | None
    ) -> Action:
        """``action``, or another if it ends the round in a way already reached (a few tries)."""
        left = list(legal)
        for _ in range(_TRIES):
            if outcome is None or outcome.rule is None or self.coverage.wants(f"round-end:{outcome.rule}"):
                return action
            left.remove(action)
            if not left:
                break
            action = random_by_kind(left, self.rng)
            outcome = _outcome(game, action)
        return action


def _bot(game: Game, name: str, rng: random.Random) -> Bot:
    """A new bot of the game's variant (and house rules) called ``name``, seeded from ``rng``."""
    try:
        return rummykit.make_bot(name, game.configuration, seed=rng.randrange(2**32))
    except UnknownBotError as exc:
        raise UnknownBotError(name, game.variant, exc.available) from None


class Outcome(NamedTuple):
    """What an action leads to, found on a copy of the game.

    Attributes:
        phase: the phase of the position it leads to (of the next round, if it ends one).
        rule: the rule by which it ends the round, or ``None``.
        kinds: the action kinds listed in the position it leads to (empty unless asked for).
    """

    phase: str
    rule: str | None
    kinds: frozenset[str]


def _outcome(game: Game, action: Action, *, listing: bool = False) -> Outcome | None:
    """What ``action`` leads to (with the kinds then listed, if ``listing``); ``None`` if the action
    is refused (the kit reports that when it is played)."""
    trial = game.copy()
    try:
        applied = trial.apply(action)
    except RummyError:  # a refusal, or a plug-in's failure (PluginError): the kit reports it when played
        return None
    rule = applied.round_result.rule if applied.round_result is not None else None
    kinds = frozenset(other.kind for other in trial.legal_actions()) if listing and not trial.is_over else frozenset()
    return Outcome(str(trial.state.phase), rule, kinds)
