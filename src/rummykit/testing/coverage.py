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
  kit's random player in one of five moods, drawn for each round and seat while a way to end a round
  is unreached (else always eager): *eager*, it melds four times in five when it can
  ([`eager_choice`][rummykit.testing.coverage.eager_choice]); *patient*, it draws from the stock and
  keeps a few cards, so that rounds last until the stock runs out
  ([`patient_choice`][rummykit.testing.coverage.patient_choice]); *looping*, it takes the top discard
  and throws the same card back, the loop that rules such as Gin Rummy's repeated take end
  ([`looping_choice`][rummykit.testing.coverage.looping_choice]); *greedy*, it hurries to go out,
  keeping the cards that fit its hand and going out when a line of its plays this turn empties it
  ([`greedy_choice`][rummykit.testing.coverage.greedy_choice]); *hoarding*, the same, but keeping its
  melds in hand until it can go out with them;
- while anything but the end of the game is unreached, that choice and
  [`LOOK_AHEAD`][rummykit.testing.coverage.LOOK_AHEAD] other listed actions (one of each other kind
  first) are tried on a copy, and the first that leads to an unreached phase, lists an action of an
  unreached kind, or ends the round in an unreached way is taken;
- while a way to end a round is unreached, a play that would end the round in a way already reached
  is mostly set aside for another ([`AVOID`][rummykit.testing.coverage.AVOID]).

What the games still have not reached, the kit looks for in more games
([`check_games`][rummykit.testing.runs.check_games]): searches from positions its games went through,
and one-round games steered toward it: every seat one of the variant's bots, or the kit's random player
in one mood, and the options that the unreached rule sets at their extreme values
([`steered_options`][rummykit.testing.coverage.steered_options]).

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
from rummykit.core.actions import Action, Discard, Draw, TakeDiscard
from rummykit.core.bots import Bot, UnknownBotError
from rummykit.core.cards import Card, Rank, face
from rummykit.core.engine import Game
from rummykit.core.errors import RummyError
from rummykit.core.specs import Option
from rummykit.core.state import GameState, Phase
from rummykit.testing.random_play import MELD_KINDS, cards_in

__all__ = [
    "AVOID",
    "COMMON_ROUND_ENDS",
    "GREEDY",
    "KEEP",
    "LINE_DEPTH",
    "LINE_TRIES",
    "LOOK_AHEAD",
    "LOOPING",
    "MOODS",
    "PATIENCE",
    "Coverage",
    "Driver",
    "Outcome",
    "coverage_targets",
    "declared_unreachable",
    "eager_choice",
    "extreme_values",
    "fit",
    "going_out_line",
    "greedy_choice",
    "looping_choice",
    "patient_choice",
    "random_by_kind",
    "seat_players",
    "steered_options",
]

COMMON_ROUND_ENDS: Final = ("G-1",)
"""The ways every variant's rounds can end: G-1, the turn cap (option ``max_turns_per_round``)."""
AVOID: Final = 0.9
"""While a way to end a round is still unreached: how often the driver sets aside a play that would
end the round in a way already reached (when there is another)."""
MOODS: Final = ("eager", "patient", "looping", "greedy", "hoarding")
"""The moods of the kit's random player (see the module's text)."""
PATIENCE: Final = 0.4
"""While a way to end a round is still unreached: the share of rounds in which each seat of the kit's
random player plays patiently ([`patient_choice`][rummykit.testing.coverage.patient_choice])."""
LOOPING: Final = 0.2
"""While a way to end a round is still unreached: the share of rounds in which each seat of the kit's
random player loops ([`looping_choice`][rummykit.testing.coverage.looping_choice])."""
GREEDY: Final = 0.1
"""While a way to end a round is still unreached: the share of rounds in which each seat of the kit's
random player hurries to go out ([`greedy_choice`][rummykit.testing.coverage.greedy_choice]), and the
share in which it does so hoarding its melds until it can go out with them."""
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
        how: how each target was first reached: the game that reached it, in words (its ``source``).
        source: how the game being played came about, in words (``"game 3 from the deal"``).
    """

    def __init__(self, targets: Sequence[str], unreachable: Mapping[str, str] | None = None) -> None:
        self.targets: tuple[str, ...] = tuple(targets)
        self.unreachable: dict[str, str] = dict(unreachable or {})
        self._known = frozenset(self.targets)
        self.reached: Counter[str] = Counter()
        self.games: Counter[str] = Counter()
        self.undeclared: Counter[str] = Counter()
        self.in_game: set[str] = set()
        self.positions_checked: int = 0
        self.how: dict[str, str] = {}
        self.source: str = "a game"
        self._wanted = {name for name in self.targets if name not in self.unreachable}

    def start_game(self, source: str | None = None) -> None:
        """A new game starts (``source``: how it came about, in words): what it reaches is counted as
        this game's."""
        self.in_game = set()
        if source is not None:
            self.source = source

    def end_game(self) -> None:
        """The game has ended: every target it reached counts one more game."""
        self.games.update(self.in_game)

    def see(self, target: str) -> bool:
        """Count ``target`` reached once; ``True`` if it is the first time in this game."""
        if target not in self._known:
            self.undeclared[target] += 1
        self.reached[target] += 1
        if target not in self.how:
            self.how[target] = self.source
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


def looping_choice(legal: Sequence[Action], state: GameState, rng: random.Random) -> Action:
    """The kit's random player looping: it takes the top discard when it may (nine times in ten), and
    throws back the card it took this turn when it may; else it plays as
    [`eager_choice`][rummykit.testing.coverage.eager_choice] plays. Two players looping reach the rules
    that end such loops (Gin Rummy's repeated take, GIN-7, and its take limit, GIN-8).

    Examples:
        >>> import rummykit
        >>> from rummykit import TakeDiscard
        >>> game = rummykit.new_game("rummy", 2, seed=1)
        >>> seat = game.turn
        >>> looping_choice(game.legal_actions(seat), game.state, random.Random(0)).kind
        'take-discard'
        >>> _ = game.apply(TakeDiscard(seat=seat))
        >>> back = looping_choice(game.legal_actions(seat), game.state, random.Random(0))
        >>> back.kind != "discard" or back.card != rummykit.face(game.state.taken)  # Classic Rummy forbids it (CR-6)
        True
    """
    takes = [action for action in legal if isinstance(action, TakeDiscard)]
    if takes and rng.random() < 0.9:
        return rng.choice(takes)
    if state.taken is not None:
        taken = face(state.taken)
        back = [action for action in legal if isinstance(action, Discard) and action.card == taken]
        if back:
            return back[0]
    return eager_choice(legal, rng)


def fit(card: Card, others: Sequence[Card]) -> int:
    """How well ``card`` fits the cards of ``others``: two points for each other card of its rank (at
    most two), one for each card of its suit at most two ranks away (the ace at either end), and the
    most for a joker, which fits anything."""
    if card.rank is Rank.JOKER:
        return 10
    ranks = {int(card.rank)} | ({1} if card.rank is Rank.ACE else set())
    same = sum(1 for other in others if other.rank is card.rank)
    near = sum(
        1
        for other in others
        if other.suit is card.suit
        and other.rank is not Rank.JOKER
        and other.rank is not card.rank
        and any(0 < abs(rank - other_rank) <= 2 for rank in ranks for other_rank in _values(other.rank))
    )
    return 2 * min(same, 2) + near


def _values(rank: Rank) -> tuple[int, ...]:
    return (int(rank), 1) if rank is Rank.ACE else (int(rank),)


def going_out_line(game: Game, seat: int, legal: Sequence[Action]) -> Action | None:
    """The first play of a line of ``seat``'s plays this turn that empties its hand (its melds and
    lay-offs, then a discard), found on copies of the game, or ``None``: at most
    [`LINE_DEPTH`][rummykit.testing.coverage.LINE_DEPTH] plays deep and
    [`LINE_TRIES`][rummykit.testing.coverage.LINE_TRIES] plays tried in all."""
    tries = [LINE_TRIES]
    return _line(game, seat, legal, LINE_DEPTH, tries)


LINE_DEPTH: Final = 4
"""How many plays deep the kit's greedy player looks for a way to go out this turn."""
LINE_TRIES: Final = 120
"""How many plays in all the kit's greedy player tries on copies, looking for a way to go out."""


def _line(game: Game, seat: int, legal: Sequence[Action], depth: int, tries: list[int]) -> Action | None:
    turn = (game.state.round, game.state.turn_number)
    candidates = [action for action in legal if action.kind in MELD_KINDS or isinstance(action, Discard)]
    candidates.sort(key=lambda action: -len(cards_in(action)))
    for action in candidates:
        if tries[0] <= 0:
            return None
        tries[0] -= 1
        trial = game.copy()
        try:
            applied = trial.apply(action)
        except RummyError:
            continue
        result = applied.round_result
        if result is not None:
            if result.went_out == seat:
                return action
            continue
        if isinstance(action, Discard) or depth <= 1 or trial.to_act != (seat,):
            continue
        if (trial.state.round, trial.state.turn_number) != turn:
            continue
        if _line(trial, seat, trial.legal_actions(seat), depth - 1, tries) is not None:
            return action
    return None


def greedy_choice(
    legal: Sequence[Action], game: Game, seat: int, rng: random.Random, *, hoarding: bool = False
) -> Action:
    """The kit's random player in a hurry to go out, for a variant that offers no bot of its own: it
    goes out when a line of its plays this turn empties its hand
    ([`going_out_line`][rummykit.testing.coverage.going_out_line]); else puts on the table as many
    cards as one listed play can (unless ``hoarding``: then it keeps its melds in hand until it can go
    out with them, as some games need); takes the top discard when it fits its hand (a card of a rank
    it holds, or of a suit it holds two ranks away at most), else draws from the stock; and discards the
    card that fits its hand least, the costliest rank first. Any other choice is
    [`eager_choice`][rummykit.testing.coverage.eager_choice]'s. It reads only its own hand and the top
    discard, as a seat may, and tries its lines on copies of the game.

    Examples:
        >>> import rummykit
        >>> from rummykit import Discard
        >>> game = rummykit.new_game("rummy", 2, seed=4)
        >>> seat = game.turn
        >>> first = greedy_choice(game.legal_actions(seat), game, seat, random.Random(1))
        >>> first.kind in ("draw", "take-discard")
        True
        >>> _ = game.apply(first)
        >>> choice = greedy_choice(game.legal_actions(seat), game, seat, random.Random(1))
        >>> choice.kind in ("go-down", "lay-off", "discard")
        True
    """
    finish = going_out_line(game, seat, legal)
    if finish is not None:
        return finish
    plays = [action for action in legal if action.kind in MELD_KINDS]
    if plays and not hoarding:
        return max(plays, key=lambda action: (len(cards_in(action)), rng.random()))
    hand = game.hand(seat)
    take = next((action for action in legal if isinstance(action, TakeDiscard)), None)
    draw = next((action for action in legal if isinstance(action, Draw)), None)
    discard_pile = game.state.piles.get("discard") or []
    if take is not None and draw is not None and discard_pile:
        return take if fit(face(discard_pile[-1]), hand) >= 1 else draw
    discards = [action for action in legal if isinstance(action, Discard)]
    others = [action for action in legal if action.kind not in MELD_KINDS and not isinstance(action, Discard)]
    if discards and not others:

        def spare(action: Discard) -> tuple[int, int, float]:
            rest = list(hand)
            rest.remove(action.card)
            return (fit(action.card, rest), -int(action.card.rank), rng.random())

        return min(discards, key=spare)
    return eager_choice([*others, *discards] if hoarding and (others or discards) else legal, rng)


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
        mood: the mood of every seat the kit's random player plays, one of
            [`MOODS`][rummykit.testing.coverage.MOODS] (default: drawn for each round and seat while a
            way to end a round is unreached, else eager).
    """

    def __init__(
        self,
        game: Game,
        rng: random.Random,
        coverage: Coverage,
        players: Sequence[str | None] | None = None,
        *,
        look_ahead: bool = True,
        mood: str | None = None,
    ) -> None:
        if mood is not None and mood not in MOODS:
            raise ValueError(f"no mood {mood!r}; the moods: {', '.join(MOODS)}")
        self.rng = rng
        self.coverage = coverage
        self.look_ahead = look_ahead
        self.mood = mood
        self._moods: dict[tuple[int, int], str] = {}
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
        mood = self.mood if self.mood is not None else self._mood(game, seat) if self.look_ahead else "eager"
        if mood == "patient":
            return patient_choice(legal, len(game.state.hands[seat]), self.rng)
        if mood == "looping":
            return looping_choice(legal, game.state, self.rng)
        if mood in ("greedy", "hoarding"):
            return greedy_choice(legal, game, seat, self.rng, hoarding=mood == "hoarding")
        return eager_choice(legal, self.rng)

    def _mood(self, game: Game, seat: int) -> str:
        """The mood of the kit's random player at ``seat`` this round: the driver's own, if it has one;
        else, while a way to end a round is still unreached, patient in
        [`PATIENCE`][rummykit.testing.coverage.PATIENCE] of the rounds and looping in
        [`LOOPING`][rummykit.testing.coverage.LOOPING] of them (drawn once a round and seat), and eager
        otherwise."""
        if self.mood is not None:
            return self.mood
        if not self.coverage.wants_any("round-end:"):
            return "eager"
        key = (len(game.state.history), seat)
        if key not in self._moods:
            draw, chosen = self.rng.random(), "eager"
            shares = (("patient", PATIENCE), ("looping", LOOPING), ("greedy", GREEDY), ("hoarding", GREEDY))
            for mood, share in shares:
                if draw < share:
                    chosen = mood
                    break
                draw -= share
            self._moods[key] = chosen
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


def extreme_values(option: Option) -> list[object]:
    """The values of ``option`` at its edges: each of its choices, both bools, its minimum and maximum
    (where bounded), ``None`` where it may be left out. What rarely happens at the default often
    happens there (a take limit of 1 ends a hand at its first take).

    Examples:
        >>> from rummykit import Option
        >>> extreme_values(Option("take_limit", int, 50, "", minimum=1, optional=True))
        [1, None]
        >>> extreme_values(Option("knock_test", str, "a", "", choices=("a", "b")))
        ['a', 'b']
    """
    if option.choices is not None:
        return list(option.choices)
    if option.type is bool:
        return [True, False]
    values: list[object] = []
    if option.type is int:
        values += [bound for bound in (option.minimum, option.maximum) if bound is not None]
    if option.optional:
        values.append(None)
    return values


def steered_options(options: Sequence[Option], targets: Sequence[str], rng: random.Random) -> dict[str, object]:
    """Options that steer a game toward the unreached ``targets``: for each way to end a round among
    them (``round-end:GIN-8``), every option of ``options`` that the same rule sets (``Option.rule``)
    at one of its [`extreme_values`][rummykit.testing.coverage.extreme_values], drawn with ``rng``.

    Examples:
        >>> from rummykit import Option
        >>> limit = Option("take_limit", int, 50, "", minimum=1, optional=True, rule="GIN-8")
        >>> other = Option("target", int, 100, "", minimum=1, rule="GIN-23")
        >>> steered = steered_options([limit, other], ["round-end:GIN-8"], random.Random(3))
        >>> steered in ({"take_limit": 1}, {"take_limit": None})
        True
        >>> steered_options([limit, other], ["action:lay-off"], random.Random(3))
        {}
    """
    rules = {target.removeprefix("round-end:") for target in targets if target.startswith("round-end:")}
    steered: dict[str, object] = {}
    for option in options:
        values = extreme_values(option)
        if option.rule in rules and values and option.name != "max_rounds":  # the kit sets the rounds itself
            steered[option.name] = rng.choice(values)
    return steered
