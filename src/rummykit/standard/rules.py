"""The standard rummy as data: how a round is dealt, how the stock is kept, how players meld, lay off,
discard and go out, and how rounds are scored. Each part is a small frozen record with neutral defaults;
a variant's [`StandardRules`][rummykit.standard.rules.StandardRules] is its game, and a house rule is an
edit of a field or two (``attrs.evolve``).

Examples:
    >>> from rummykit.core.cards import Rank
    >>> deal = Deal(hand_size=(7, 7, 10))
    >>> deal.hand_size_of(3), Deal(hand_size=11).hand_size_of(5)
    (10, 11)
    >>> Scoring(points={Rank.ACE: 15}).points_of(Card.parse("AS"))
    15
"""

from __future__ import annotations

import enum
import functools
import re
import warnings
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, Literal

import attrs

from rummykit.core.actions import Action, DeepTake, Draw, TakeDiscard
from rummykit.core.cards import Card, Rank, standard_deck
from rummykit.core.deprecation import REMOVED_IN
from rummykit.core.errors import IllegalActionError
from rummykit.core.melds import Meld, MeldKind, MeldRules
from rummykit.core.solver import Contract, ContractSolver
from rummykit.core.specs import Ruleset
from rummykit.core.state import DRAW, Phase, ScoreItem, SeatScore
from rummykit.standard.groups import Groups

if TYPE_CHECKING:
    from rummykit.core.state import GameState

__all__ = [
    "KNOCK_POINTS",
    "KNOCK_RUN_ORDER",
    "CanastaFamily",
    "ContractMelds",
    "Deal",
    "FamilyScoring",
    "FreeMelds",
    "GoingOut",
    "KnockPhase",
    "Knocking",
    "Minimums",
    "PileTakes",
    "RuleIds",
    "Scoring",
    "SpreadPile",
    "StandardRules",
    "Stock",
    "Turns",
]


@attrs.frozen(kw_only=True)
class Deal:
    """How a round is dealt: ``hand_size`` cards to every seat, one at a time from the seat after the
    dealer; then each of ``seat_piles`` (name and size: a Canasta kitty), one card at a time too;
    then, with ``up_card``, the next card turned up to start the discard pile.

    Attributes:
        hand_size: cards a hand is dealt; a tuple gives each round's (round 1 first).
        seat_piles: piles each seat is dealt face down after its hand, by name and size.
        up_card: turn up a card to start the discard pile.
    """

    hand_size: int | tuple[int, ...]
    seat_piles: tuple[tuple[str, int], ...] = ()
    up_card: bool = True

    def hand_size_of(self, round: int) -> int:
        """The hand size of round ``round`` (1-based)."""
        sizes = self.hand_size
        return sizes if isinstance(sizes, int) else sizes[min(round, len(sizes)) - 1]


@attrs.frozen(kw_only=True)
class Stock:
    """Where the cards of a draw come from, and what happens when the stock runs out.

    The shoe's parts (`shoe_parts`) become the piles ``piles``
    names, in draw order: the first is the stock. When a card must be drawn from an empty stock,
    the next of ``piles`` that still holds cards becomes the stock; when none does, the discard
    pile is shuffled into a new stock (``reshuffle``: all of it, or all but its top card; ``none``:
    never), at most ``rebuilds`` times a round (``None``: no limit).

    Attributes:
        piles: the names of the piles the shoe's parts become (``("stock", "standby")``).
        reshuffle: ``"all"``, ``"below-top"`` or ``"none"``.
        rebuilds: how many times the stock may be rebuilt from the discard pile in a round.
        cards: cards drawn at the start of a turn (``Draw``).
        from_discard: the turn player may take the top discard instead (``TakeDiscard``).
        dead_at: the round ends with nobody out, dead (``ids.dead_hand``), when a turn ends by a discard
            that leaves this many cards or fewer in the stock (Gin Rummy: 2); ``None``: play on.
    """

    piles: tuple[str, ...] = ("stock",)
    reshuffle: Literal["all", "below-top", "none"] = "below-top"
    rebuilds: int | None = None
    cards: int = 1
    from_discard: bool = True
    dead_at: int | None = None


@attrs.frozen(kw_only=True)
class Turns:
    """How a turn goes, as phases: the phase a round opens in, the variant's phases before and after
    the draw, what its own phases allow, and whether an empty hand ends the round. The standard
    rummy's: a turn is a draw, then play; a player whose hand empties goes out.

    Attributes:
        opening: the phase every round starts in (Gin Rummy's: the first up-card is offered).
        before_draw: the variant's phases, besides ``draw``, in which the turn player has not drawn
            yet and may draw (``Draw``, ``TakeDiscard``) as its moves allow.
        after_draw: the phases in which the turn player has drawn: no second draw, the card taken from
            the discard pile is still the turn's (``taken``), new melds of the turn are counted.
        phase_rules: for a phase in which only the moves declared for it play
            ([`Move.phases`][rummykit.core.moves.Move.phases]), the rule that says so and what it allows,
            in words (``{"knock": ("GIN-13", "after a knock the knocker lays down melds")}``): a play of
            another move is refused citing it.
        empty_hand_ends_round: a player whose hand becomes empty goes out, which ends the round
            (``ids.going_out``); otherwise play goes on (Gin Rummy's knocker who lays down every card).
        draws: the actions that are a turn's draw: exactly one of them starts a turn (``ids.draw``),
            and none comes after it. The standard's: `Draw` and `TakeDiscard`; a variant with a draw
            of its own (taking the whole discard pile, taking cards deep in a spread pile, ending the
            round at an empty stock) names it here.
    """

    opening: str = Phase.DRAW
    before_draw: frozenset[str] = frozenset()
    after_draw: frozenset[str] = frozenset({Phase.PLAY})
    phase_rules: Mapping[str, tuple[str, str]] = attrs.field(factory=dict)
    empty_hand_ends_round: bool = True
    draws: tuple[type[Action], ...] = (Draw, TakeDiscard)


def _highest_first(steps: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(steps, reverse=True))


@attrs.frozen
class Minimums:
    """An initial meld's minimum that grows with the player's (or side's) total before the round, as the
    canasta family's does: the minimum of the highest step the total reaches, else ``below``.

    Attributes:
        steps: ``(total, minimum)`` pairs: from that total up, that minimum (in any order).
        below: the minimum of a total below every step (a negative total in Canasta).

    Examples:
        >>> canasta = Minimums(((0, 50), (1500, 90), (3000, 120)), below=15)  # Canasta's CAN-15
        >>> [canasta.of(total) for total in (-5, 0, 1495, 1500, 2995, 3000, 9000)]
        [15, 50, 50, 90, 90, 120, 120]
    """

    steps: tuple[tuple[int, int], ...] = attrs.field(converter=_highest_first)
    below: int = 0

    def of(self, total: int) -> int:
        """The minimum for a total of ``total``."""
        return next((minimum for floor, minimum in self.steps if total >= floor), self.below)


@attrs.frozen(kw_only=True)
class PileTakes:
    """Taking the whole discard pile, as the canasta family does: instead of drawing, a player melds the
    pile's top card at once, in one of the ways allowed, then takes the rest of the pile into hand.

    Attributes:
        pair: with two natural cards of its rank from hand (and wild cards if wanted), a new meld, or onto
            the taker's meld of that rank.
        natural_and_wild: with one natural card of its rank and at least one wild card from hand, on an
            unfrozen pile only (Canasta's CAN-20).
        onto_meld: the top card alone onto the taker's meld of its rank, on an unfrozen pile only.
        exact_pair_onto_meld: with a meld of the top card's rank, the cards from hand are exactly two natural
            cards, which go onto it with the top card as far as it has room, the rest back to hand
            (Railroad Canasta's RC-C3).
        blocked: ranks whose card on top of the pile blocks it for every player (wild cards, threes).
        frozen_by: faces that freeze the pile while they lie in it (wild cards; a red three turned up): a
            frozen pile is taken only with a natural pair.
        frozen_until_melded: the pile is frozen for a side that has not made its initial meld (CAN-19).
        not_single_to_single: a player holding one card may not take a pile of one card (CAN-22).
        ids: the rules a refusal cites: ``take`` (the ways to take), ``frozen``, ``blocked``, ``onto``
            (`exact_pair_onto_meld`), ``melds`` (other melds laid with the take: for an initial meld only),
            ``empty`` (an empty pile) and ``single`` (`not_single_to_single`); each ``take``'s if empty.
    """

    pair: bool = True
    natural_and_wild: bool = False
    onto_meld: bool = True
    exact_pair_onto_meld: bool = False
    blocked: frozenset[Rank] = frozenset({Rank.TWO, Rank.JOKER, Rank.THREE})
    frozen_by: frozenset[Card] = frozenset()
    frozen_until_melded: bool = False
    not_single_to_single: bool = False
    ids: Mapping[str, str] = attrs.field(factory=dict)

    def rule(self, key: str) -> str:
        """The rule cited for ``key`` (``"take"``'s where the variant names none)."""
        return self.ids.get(key) or self.ids.get("take", "")


@attrs.frozen(kw_only=True)
class SpreadPile:
    """A discard pile that lies spread, every card of it in sight, as Rummy 500's does: instead of drawing,
    the turn player may take any card of it with every card above it ([`DeepTake`][rummykit.core.actions.DeepTake]),
    and must then play the card taken deepest at once: the turn's first meld or lay-off uses it. A take is
    refused unless the cards in hand and those taken make that play possible. Views show the whole pile, in
    pile order (`SpreadView`).

    The variant declares `DeepTake` among its draws (`Turns.draws`), plays a `SpreadState` and shows a
    `SpreadView`.

    Attributes:
        rule: the deep take (cited when the card is not in the pile).
        use_rule: the card taken deepest is played at once (cited when the take could not be played, or a
            play or a discard comes before it).
        top_free: the top card alone may be taken and kept, as in the standard rummy (the card may not be
            discarded in the same turn, `RuleIds.discard`); otherwise it too is played at once.
    """

    rule: str
    use_rule: str
    top_free: bool = False


@attrs.frozen(kw_only=True)
class GoingOut:
    """What a side needs to go out, as the canasta family counts it.

    Attributes:
        canastas: the fewest canastas (Canasta: 1; 2 with two or six players).
        kinds: kinds of canasta the side must each have one of (Railroad Canasta: all four).
        without_discard: a player may go out by melding every card, with no discard (Canasta's CAN-24);
            otherwise the last card is discarded.
        rule: the rule that says so.
        ask_partner: the rule by which a player with a partner asks "may I go out?" and is bound by the answer
            (Canasta's CAN-25: `rummykit.standard.asking`); ``None``: nobody asks.

    Examples:
        >>> GoingOut(canastas=1, rule="CAN-24").allows(["mixed"]), GoingOut(canastas=2, rule="CAN-37").allows(["mixed"])
        (True, False)
        >>> railroad = GoingOut(kinds=frozenset({"sevens", "wild", "red", "black"}), rule="RC-21")
        >>> railroad.allows(["red", "black", "wild"]), railroad.allows(["red", "black", "wild", "sevens"])
        (False, True)
    """

    canastas: int = 1
    kinds: frozenset[str] = frozenset()
    without_discard: bool = False
    rule: str
    ask_partner: str | None = None

    def allows(self, canastas: Iterable[str]) -> bool:
        """Whether a side with canastas of ``canastas``' kinds (one entry a canasta) may go out."""
        have = list(canastas)
        return len(have) >= self.canastas and self.kinds <= set(have)

    def missing(self, canastas: Iterable[str]) -> str:
        """What a side with ``canastas`` lacks to go out, in words (``""``: nothing)."""
        have = list(canastas)
        kinds = sorted(self.kinds - set(have))
        if kinds:
            return "a canasta of each kind, and it lacks " + ", ".join(kinds)
        if len(have) < self.canastas:
            return f"{self.canastas} canasta{'s' * (self.canastas != 1)}, and it has {len(have)}"
        return ""


@attrs.frozen(kw_only=True)
class FamilyScoring:
    """How the canasta family scores a round, side by side: plus the cards of the side's melds (each at its
    own value, `Groups.points`), plus each canasta's bonus (`Canastas`), plus the faces laid out (red threes),
    minus the cards left in the side's hands and in the seat piles not picked up, plus the going-out bonus.

    Attributes:
        placed_each: what each face laid out scores.
        placed_all: what a side's faces laid out score together when there are this many of them (Canasta's
            four red threes: ``{4: 800}``), instead of `placed_each` apiece.
        placed_minus_unmelded: a side that made no meld in the round scores its faces laid out minus (CAN-32).
        going_out: what going out scores the side of the player who went out.
        concealed: what going out concealed scores instead (in all; 0: no such bonus).
        seat_piles_minus: seat piles whose cards left in them count minus (Railroad Canasta's kitty).
        placed_what: the faces laid out, in words (``"red threes"``).
        ids: the rules each line cites: ``melds``, ``canastas`` (else `Canastas.rule`), ``placed``,
            ``unmelded``, ``going_out``, ``concealed``, ``hand`` and ``seat_piles``; ``score`` where one is
            not given.
    """

    placed_each: int = 100
    placed_all: Mapping[int, int] = attrs.field(factory=dict)
    placed_minus_unmelded: bool = False
    going_out: int = 100
    concealed: int = 0
    seat_piles_minus: tuple[str, ...] = ()
    placed_what: str = "red threes"
    ids: Mapping[str, str] = attrs.field(factory=dict)

    def rule(self, key: str) -> str:
        """The rule a line of ``key`` cites."""
        return self.ids.get(key) or self.ids.get("score", "")

    def placed_points(self, count: int) -> int:
        """What ``count`` faces laid out by one side score (before `placed_minus_unmelded`).

        Examples:
            >>> FamilyScoring(placed_all={4: 800}).placed_points(3), FamilyScoring(placed_all={4: 800}).placed_points(4)
            (300, 800)
        """
        return self.placed_all.get(count, self.placed_each * count)


@attrs.frozen(kw_only=True)
class CanastaFamily:
    """The canasta family's mechanics, as data: its melds, its initial-meld minimums, taking the pile,
    the faces laid out before a seat (red threes), partnerships and going out.

    Attributes:
        groups: the melds ([`Groups`][rummykit.standard.groups.Groups]).
        minimums: an initial meld's minimum by the side's total before the round.
        takes: how the whole discard pile is taken.
        placed: the seat pile where `Groups.never` faces (red threes) are laid out the moment they come,
            or ``None``.
        replace_placed: a face laid out from the stock (a draw, the deal) is replaced by the next card of
            the stock (none if it is empty).
        sides: each seat's side (``(0, 1, 0, 1)`` for two partnerships); empty: each seat plays alone.
        going_out: what a side needs to go out.
        one_meld_after_initial: after the initial meld, each meld action lays down one meld (Railroad
            Canasta's RC-C2).
        last_placed_ends: the rule by which a face laid out as the stock's last card ends the round at once
            (Canasta's CAN-10); ``""``: play goes on.
        scoring: how a round is scored.
        ids: the rules cited: ``initial`` (the minimum), ``one_per_key`` (a second meld of a rank: else
            `Groups.ids`), ``own`` (adding only to the side's own melds), ``one_meld`` (one meld an action),
            ``going_out``: the last discard (else `GoingOut.rule`).
    """

    groups: Groups
    minimums: Minimums
    takes: PileTakes = PileTakes()
    placed: str | None = None
    replace_placed: bool = True
    sides: tuple[int, ...] = ()
    going_out: GoingOut
    one_meld_after_initial: bool = False
    last_placed_ends: str = ""
    scoring: FamilyScoring = FamilyScoring()
    ids: Mapping[str, str] = attrs.field(factory=dict)

    def side_of(self, seat: int) -> int:
        """``seat``'s side (itself when each plays alone)."""
        return self.sides[seat] if self.sides else seat

    def partners(self, seat: int, players: int) -> tuple[int, ...]:
        """The seats of ``seat``'s side, ``seat`` among them, in seat order."""
        if not self.sides:
            return (seat,)
        side = self.sides[seat]
        return tuple(other for other in range(players) if self.sides[other] == side)


@attrs.frozen(kw_only=True)
class FreeMelds:
    """Melding as in classic rummy: after drawing, a player lays down any sets and runs, several at
    once (G-5) and as often as they like, and adds cards to any meld on the table.

    Attributes:
        per_turn: at most this many new melds a turn (``None``: no limit).
        per_turn_rule: the rule that sets ``per_turn``.
        initial_minimum: a player's first meld action of a round is worth at least this many
            points ([`Scoring`][rummykit.standard.rules.Scoring]), and they lay off only after it
            (``None``: no minimum); or [`Minimums`][rummykit.standard.rules.Minimums], by the player's
            total before the round ([`minimum_for`][rummykit.standard.rules.FreeMelds.minimum_for]).
        initial_rule: the rule that sets ``initial_minimum``.
        lay_off_rule: the rule that forbids laying off before the initial meld (else ``initial_rule``).
        listed_singly: the listing names one meld an action: a play of several melds at once stands for
            those melds laid one after another (`Move.split`). A hand that grows without bound (Rummy 500's,
            which takes cards deep in the discard pile) holds too many combinations of melds to list.
    """

    per_turn: int | None = None
    per_turn_rule: str = ""
    initial_minimum: int | Minimums | None = None
    initial_rule: str = ""
    lay_off_rule: str = ""
    listed_singly: bool = False

    def minimum_for(self, total: int) -> int | None:
        """What a first meld action of a player with ``total`` before the round must be worth (``None``: no
        minimum)."""
        minimum = self.initial_minimum
        return minimum.of(total) if isinstance(minimum, Minimums) else minimum


@attrs.frozen(kw_only=True)
class ContractMelds:
    """Melding as in contract rummy: a player goes down once a round, laying down exactly the round's
    contract in one action, and starts no new meld after that; they add cards to melds on the table
    only once they have gone down.

    Attributes:
        contracts: each round's contract (round 1 first); the game has this many rounds.
        lay_off_same_turn: a player may lay off in the turn they go down (else from the next turn).
    """

    contracts: tuple[Contract, ...]
    lay_off_same_turn: bool = True

    def contract_of(self, round: int) -> Contract:
        """Round ``round``'s contract."""
        return self.contracts[min(max(round, 1), len(self.contracts)) - 1]


class KnockPhase(enum.StrEnum):
    """The phases of a round that ends by a knock ([`Knocking`][rummykit.standard.rules.Knocking]), beyond the
    core's ``draw``, ``play`` and ``over``: a variant that plays them declares them (`VariantSpec.phases`)."""

    FIRST_UP_CARD = "first-up-card"
    """The up-card is offered to each seat in turn, from the seat after the dealer (`Knocking.offer_up_card`)."""
    WALL = "wall"
    """A discard left the stock at `Stock.dead_at` cards: the next seat may take it only to knock, or pass."""
    KNOCK = "knock"
    """The knocker has discarded and lays down melds."""
    LAY_OFF = "lay-off"
    """A defender lays off on the knocker's melds, then lays down melds or passes."""


@attrs.frozen(kw_only=True)
class Knocking:
    """A round that ends by a knock, as Gin Rummy's does. A player who has drawn may knock instead of
    discarding when a discard leaves them *deadwood* (the points of the cards none of their melds holds,
    [`rummykit.standard.deadwood`][rummykit.standard.deadwood]) of at most the knock card; they discard
    that card (``Knock``), then lay down melds in one go-down keeping at most the knock card in hand. Each
    other player in turn, a defender, then lays off cards on the knocker's melds (unless the knocker kept
    nothing: gin) and lays down melds of their own, or passes (``Pass``). Then the round is scored: the
    knocker wins from each defender the difference of their deadwood (with gin, and the gin bonus); a
    defender whose deadwood is less wins the difference and the undercut bonus (`score_knock`).

    Knock endings are played with one 52-card deck without wild cards, sets of 3 or 4 cards, runs of one
    suit with the ace low, and cards worth their standard values (what `rummykit.standard.deadwood`
    reckons with).

    Attributes:
        knock_card: the most deadwood a knocker may keep (``None``: the value of the round's first up-card,
            Oklahoma, and ``ace_knock_card`` for an ace).
        ace_knock_card: the knock card of an ace up-card, where the up-card sets it.
        shortcut: a knock is allowed only if OpenSpiel's shortcut allows it too
            ([`shortcut`][rummykit.standard.deadwood.shortcut]).
        offer_up_card: the round opens by offering the up-card to each seat in turn from the seat after
            the dealer; the first to take it plays on from there, and if all pass, the seat after the dealer
            draws from the stock (`KnockPhase.FIRST_UP_CARD`).
        wall: when a discard leaves the stock at `Stock.dead_at` cards, the next seat may take that
            discard only to knock with it, or pass, and the round is dead (`KnockPhase.WALL`); otherwise
            the round is dead at once.
        lay_off_limit: the most cards laid off past each end of a run the knocker laid down (``None``:
            no limit).
        gin_bonus: what gin adds to the knocker's points.
        undercut_bonus: what an undercut adds to the defender's points.
        undercut_on_tie: a defender whose deadwood equals the knocker's undercuts (else nobody scores).
        zero_sum: the points a player wins are lost by the other (else only the winner scores).
    """

    knock_card: int | None = 10
    ace_knock_card: int = 0
    shortcut: bool = False
    offer_up_card: bool = True
    wall: bool = True
    lay_off_limit: int | None = None
    gin_bonus: int = 25
    undercut_bonus: int = 25
    undercut_on_tie: bool = False
    zero_sum: bool = False

    def turns(self, ids: RuleIds) -> Turns:
        """How the turns of a knock ending go: from the offer of the first up-card (if the up-card is
        offered), a draw, then a discard or a knock; the wall comes before a draw, the knock after it; in
        a phase of its own each move plays where it may, and the others are refused citing ``ids``; a
        knocker who lays down every card does not end the round."""
        return Turns(
            opening=KnockPhase.FIRST_UP_CARD if self.offer_up_card else Phase.DRAW,
            before_draw=frozenset({KnockPhase.FIRST_UP_CARD, KnockPhase.WALL}),
            after_draw=frozenset({Phase.PLAY, KnockPhase.KNOCK}),
            phase_rules={
                KnockPhase.FIRST_UP_CARD: (
                    ids.offer,
                    "the first up-card is offered: take it or pass it (all passed: draw)",
                ),
                KnockPhase.WALL: (ids.wall, "at the wall the discard is taken only to knock with it, or passed"),
                Phase.PLAY: (ids.draw, "after the draw the turn ends with a discard or a knock"),
                KnockPhase.KNOCK: (ids.knocker, "after a knock the knocker lays down melds"),
                KnockPhase.LAY_OFF: (
                    ids.defender,
                    "after the knocker's melds a defender lays off, lays down melds or passes",
                ),
            },
            empty_hand_ends_round=False,
        )

    def knock_card_of(self, up_card: Card) -> int:
        """The knock card of a round whose first up-card is ``up_card``."""
        if self.knock_card is not None:
            return self.knock_card
        return self.ace_knock_card if up_card.rank is Rank.ACE else min(int(up_card.rank), 10)

    def score_knock(self, knocker: int, deadwood: list[int]) -> list[int]:
        """Each seat's points in a round that ``knocker`` ended, from each seat's ``deadwood``.

        Examples:
            >>> knocking = Knocking(gin_bonus=25, undercut_bonus=25)
            >>> knocking.score_knock(0, [3, 20]), knocking.score_knock(0, [8, 5]), knocking.score_knock(0, [9, 9])
            ([17, 0], [0, 28], [0, 0])
            >>> knocking.score_knock(1, [12, 0]), Knocking(zero_sum=True).score_knock(0, [8, 5])
            ([0, 37], [-28, 28])
        """
        return [sheet.points for sheet in self.knock_sheet(knocker, deadwood)]

    def knock_sheet(
        self, knocker: int, deadwood: list[int], *, rule: str = "", gin: str = "", undercut: str = ""
    ) -> list[SeatScore]:
        """Each seat's score in a round that ``knocker`` ended, line by line: the deadwood each side
        counts, the gin bonus and the undercut bonus, citing ``rule`` (the scoring of a knock), ``gin``
        and ``undercut`` (each ``rule`` where empty).

        Examples:
            >>> knocking = Knocking(gin_bonus=25, undercut_bonus=25)
            >>> for item in knocking.knock_sheet(0, [8, 5], rule="GIN-20", undercut="GIN-21")[1].items:
            ...     print(item.rule, item.points, item.what)
            GIN-20 -5 the defender's own deadwood
            GIN-20 8 the knocker's deadwood (seat 0)
            GIN-21 25 undercut bonus
        """
        items: list[list[ScoreItem]] = [[] for _ in deadwood]
        mine = deadwood[knocker]
        for seat, theirs in enumerate(deadwood):
            if seat == knocker:
                continue
            won = theirs - mine + (self.gin_bonus if mine == 0 else 0)
            undercut_won = won < 0 or (won == 0 < mine and self.undercut_on_tie)
            if undercut_won:
                won -= self.undercut_bonus
            # each line as the knocker counts it; the defender counts it the other way
            lines = [
                (rule, f"the defender's deadwood (seat {seat})", "the defender's own deadwood", theirs),
                (rule, "the knocker's own deadwood", f"the knocker's deadwood (seat {knocker})", -mine),
            ]
            if mine == 0 and self.gin_bonus:
                lines.append((gin or rule, "gin bonus", "gin bonus, to the knocker", self.gin_bonus))
            if undercut_won and self.undercut_bonus:
                lines.append(
                    (undercut or rule, "undercut bonus, to the defender", "undercut bonus", -self.undercut_bonus)
                )
            if self.zero_sum or won > 0:
                items[knocker] += [ScoreItem(rule=r, what=what, points=points) for r, what, _, points in lines]
            if self.zero_sum or won < 0:
                items[seat] += [ScoreItem(rule=r, what=what, points=-points) for r, _, what, points in lines]
        return [SeatScore(items=tuple(lines), deadwood=points) for lines, points in zip(items, deadwood, strict=True)]


@attrs.frozen(kw_only=True)
class Scoring:
    """How a round is scored from the cards left in hands, and how the game ends.

    Attributes:
        points: what each rank is worth.
        winner_takes_hands: the player who went out scores the points left in the other hands (and
            nobody else scores); otherwise each player who did not go out scores their own hand's
            points (golf: the lowest total wins).
        rummy_multiplier: a player who goes out in the turn of their first play (going rummy)
            scores this many times as much.
        target: the game ends after a round in which a total reaches this, once one player alone
            has the best total (a tie plays on); ``None``: no target.
        credit_layer: each seat scores the points of every card it put on the table this round, in its own
            melds or laid off on anyone's, less the points of the cards left in its hand, whoever went out
            (Rummy 500): a round's score, and a total, may be negative. ``winner_takes_hands`` is then unused.
        low_ace: what a natural ace laid as the low card of a run (``A 2 3``) is worth on the table, instead of
            its rank's points (``None``: its rank's points).
    """

    points: Mapping[Rank, int]
    winner_takes_hands: bool = False
    rummy_multiplier: int = 1
    target: int | None = None
    credit_layer: bool = False
    low_ace: int | None = None

    def points_of(self, card: Card) -> int:
        """What ``card`` is worth."""
        return self.points[card.rank]

    def laid_points(self, card: Card, meld: Meld, place: int) -> int:
        """What ``card`` is worth laid at ``place`` of ``meld`` (`low_ace`: a natural ace at the low end of a run).

        Examples:
            >>> from rummykit.core.melds import read_meld
            >>> from rummykit.core.cards import parse_cards
            >>> rules = MeldRules(run_order=(Rank.ACE, *(Rank(v) for v in range(2, 14)), Rank.ACE), suited_runs=True)
            >>> low, high = read_meld(parse_cards("AH 2H 3H"), rules), read_meld(parse_cards("QH KH AH"), rules)
            >>> scoring = Scoring(points={**{rank: 5 for rank in Rank}, Rank.ACE: 15}, low_ace=1)
            >>> scoring.laid_points(low.cards[0], low, 0), scoring.laid_points(high.cards[2], high, 2)
            (1, 15)
        """
        if (
            self.low_ace is not None
            and card.rank is Rank.ACE
            and place == 0
            and meld.kind == MeldKind.RUN
            and meld.ranks[0] is Rank.ACE
        ):
            return self.low_ace
        return self.points[card.rank]


@attrs.frozen(kw_only=True)
class RuleIds:
    """The ids of the variant's rules that the standard rummy cites, by what they rule.

    Attributes:
        start: who plays first in a round (``"CR-2"``).
        draw: a turn starts with exactly one draw (``"CR-3"``).
        empty_discard: the rule that says why the discard pile can be empty (the stock rebuilt from it,
            an up-card that did not come), cited with ``draw`` when it is (``""``: it never is at a draw).
        meld: laying down and adding to melds (free melds), or the contract (contract melds).
        last_contract: the contract rule of a round whose contract takes the whole hand, if any.
        once: going down once a round (contract melds).
        lay_off: laying off.
        discard: the turn's discard and the taken card (``"CR-6"``).
        no_card: a card must be drawn and none can be had (``""``: one always can).
        stalemate: the stock ran out once too often (`Stock.rebuilds`).
        going_out: an empty hand ends the round (``""``: it does not, `Turns.empty_hand_ends_round`).
        dead_hand: the round is dead with the stock down to `Stock.dead_at` cards.
        offer: the up-card offered to each seat in turn (`Knocking.offer_up_card`).
        knock: knocking (`Knocking`).
        knocker: the knocker's discard and melds.
        gin: nobody lays off on gin.
        lay_off_limit: the cards laid off past a run's end (`Knocking.lay_off_limit`).
        defender: a defender's lay-offs and melds, after which the round is scored.
        wall: the wall (`Knocking.wall`).
        rummy: the scoring of a player who goes out in the turn of their first play (going rummy).
        score: the scoring of a round, cited by each line of a seat's score (``""``: the rule that
            ended the round).
        undercut: the undercut bonus of a knock ending (``""``: `score`).
        discard_to_go_out: going out only by discarding the last card (``None``: not at this table).
    """

    start: str
    draw: str
    empty_discard: str = ""
    meld: str
    last_contract: str | None = None
    once: str = ""
    lay_off: str
    discard: str
    no_card: str = ""
    stalemate: str = ""
    going_out: str = ""
    rummy: str = ""
    discard_to_go_out: str | None = None
    dead_hand: str = ""
    offer: str = ""
    knock: str = ""
    knocker: str = ""
    gin: str = ""
    lay_off_limit: str = ""
    defender: str = ""
    wall: str = ""
    score: str = ""
    undercut: str = ""

    def __attrs_post_init__(self) -> None:
        if _RULE_ID.fullmatch(self.empty_discard) is None:  # 0.1 took a text here; until 0.3 it still may
            found = _ID_IN_TEXT.findall(self.empty_discard)
            instead = (
                f"empty_discard={found[-1]!r}"
                if found
                else "empty_discard the id of the rule that says why the discard pile can be empty"
            )
            warnings.warn(
                f"RuleIds.empty_discard holds a rule id, not a text: give {instead}, not "
                f"{self.empty_discard!r}; rummykit {REMOVED_IN} takes only a rule id there (until then the text is "
                "shown as it was, in the refusal of a draw from an empty discard pile)",
                DeprecationWarning,
                stacklevel=3,  # the caller of RuleIds(...), through the __init__ attrs writes
            )


_RULE_ID: Final = re.compile(r"\S*")
"""A rule id, as rule books write them (``"SH-13"``, ``"RR-C3"``), or ``""``: one word."""
_ID_IN_TEXT: Final = re.compile(r"\b[A-Z]+-[A-Z]*[0-9]+\b")
"""A rule id in a text (``"a new stock was formed, SH-13"``)."""


@attrs.frozen(kw_only=True)
class StandardRules(Ruleset):
    """The rules of a standard rummy, as data, for one configuration (variant, players, options,
    house rules): what ``rummykit_setup`` returns. Every game of the configuration shares it.

    Attributes:
        deal: how a round is dealt.
        turns: how a turn goes: its phases, and whether an empty hand ends the round.
        stock: the stock, the draw and the empty stock.
        melds: the shapes of melds (which cards are wild, sets, runs).
        melding: free melds or contract melds.
        may_discard_taken: the card taken from the discard pile may be discarded the same turn.
        scoring: how rounds are scored and the game ends.
        rounds: the game ends after this many rounds (``None``: when `Scoring.target` ends it).
        knocking: how a round ends by a knock (``None``: it does not).
        family: the canasta family's mechanics (``None``: not of the family).
        spread: a discard pile that lies spread, any card of it taken with the cards above it (``None``: only
            its top card is ever in sight).
        ids: the rule ids cited.
        run_order_rule: the rule that sets which ranks a run may span, cited where a run is refused
            only because of it (``None``: the meld rules' own run rule).
        natural_run_order: the run order that rule changes (a refusal cites `run_order_rule`
            only if this order would accept the run).
    """

    deal: Deal
    turns: Turns = Turns()
    stock: Stock = Stock()
    melds: MeldRules
    melding: FreeMelds | ContractMelds = FreeMelds()
    may_discard_taken: bool = False
    scoring: Scoring
    rounds: int | None = None
    knocking: Knocking | None = None
    family: CanastaFamily | None = None
    spread: SpreadPile | None = None
    ids: RuleIds
    run_order_rule: str | None = None
    natural_run_order: tuple[Rank, ...] = ()

    def __attrs_post_init__(self) -> None:
        melds = self.melds
        if self.knocking is not None and (
            self.shoe != standard_deck()
            or melds.wild_faces
            or melds.run_order != KNOCK_RUN_ORDER
            or melds.max_set != 4
            or not melds.suited_runs
            or any(self.scoring.points_of(card) != KNOCK_POINTS[card.rank] for card in standard_deck())
        ):
            raise ValueError(
                "knock endings are played with one 52-card deck without wild cards, sets of 3 or 4, runs of one "
                "suit with the ace low, and cards worth their standard values (ace 1, faces 10)"
            )
        if self.spread is not None:
            if DeepTake not in self.turns.draws:
                raise ValueError(
                    "a discard pile that lies spread is taken by DeepTake: name it among the turn's draws "
                    "(Turns(draws=(Draw, DeepTake)))"
                )
            if not isinstance(self.melding, FreeMelds) or self.melding.initial_minimum is not None:
                raise ValueError("a discard pile that lies spread is played with free melds and no initial minimum")

    @functools.cached_property
    def round_facts(self) -> tuple[Mapping[str, Any], ...]:
        """What these rules fix of each round's view (its hand size and contract, the target, the
        rounds, the rebuilds allowed), for rounds 1, 2, ...; the last entry holds for every later
        round. Worked out once per configuration: every view of every game shows them."""
        melding, sizes = self.melding, self.deal.hand_size
        contracts = melding.contracts if isinstance(melding, ContractMelds) else ()
        last = max(len(contracts), 1 if isinstance(sizes, int) else len(sizes))
        return tuple(
            MappingProxyType(
                {
                    "hand_size": self.deal.hand_size_of(round),
                    "contract": str(melding.contract_of(round)) if isinstance(melding, ContractMelds) else None,
                    "target": self.scoring.target,
                    "rounds": self.rounds,
                    "stock_rebuilds": self.stock.rebuilds,
                }
            )
            for round in range(1, last + 1)
        )

    @functools.cached_property
    def solvers(self) -> dict[int, ContractSolver]:
        """The contract solver of each round (by round), prepared once per configuration."""
        melding = self.melding
        if not isinstance(melding, ContractMelds):
            return {}
        return {i + 1: ContractSolver(contract, self.melds) for i, contract in enumerate(melding.contracts)}

    def check_turn(self, state: GameState, action: Action) -> None:
        """G-2 and the draw (``ids.start``, ``ids.draw``): only the turn player acts, and a turn starts
        with exactly one draw, in ``draw`` or a phase before the draw (`Turns.before_draw`). A variant
        with phases of its own declares what they allow (`Turns.phase_rules`) or overrides this.

        Raises:
            IllegalActionError: citing the rule.
        """
        if action.seat != state.turn:
            if state.turn_number == 1 and state.phase == self.turns.opening:
                raise IllegalActionError(
                    self.ids.start, f"the seat after the dealer, seat {state.turn}, starts the round", action=action
                )
            raise IllegalActionError("G-2", f"it is seat {state.turn}'s turn", action=action)
        drawing = isinstance(action, self.turns.draws)
        if drawing and state.phase != DRAW and state.phase not in self.turns.before_draw:
            raise IllegalActionError(
                self.ids.draw, "a turn has exactly one draw, and this one has had it", action=action
            )
        if not drawing and state.phase == DRAW:
            where = "cards of the discard pile" if self.spread is not None else "the top of the discard pile"
            raise IllegalActionError(
                self.ids.draw, f"a turn starts with a draw: from the stock or {where}", action=action
            )


KNOCK_RUN_ORDER: Final = (Rank.ACE, *(Rank(value) for value in range(2, 14)))
"""The run order of knock endings: the ace low only."""
KNOCK_POINTS: Final[Mapping[Rank, int]] = {rank: 1 if rank is Rank.ACE else min(int(rank), 10) for rank in Rank}
"""What a card is worth in a knock ending: ace 1, 2 to 10 their number, J, Q and K 10."""

NO_POINTS: Final[Mapping[Rank, int]] = dict.fromkeys(Rank, 0)
"""Cards are worth their rank's points; a standard table."""
