"""RailRoad Rummy's rule book and rules as data: the round schedule, contracts, meld rules, points."""

from __future__ import annotations

import enum
from typing import Final

import attrs

from rummykit.core.actions import Action
from rummykit.core.cards import Card, Rank, parse_cards
from rummykit.core.errors import IllegalActionError
from rummykit.core.melds import MeldKind, MeldRules
from rummykit.core.shoe import decks
from rummykit.core.solver import Contract, MeldRequirement
from rummykit.core.specs import GameSettings, Option, rule_book
from rummykit.core.state import GameState
from rummykit.standard import ContractMelds, Deal, RuleIds, Scoring, StandardRules, Stock

__all__ = [
    "IDS",
    "MELD_RULES",
    "OPTIONS",
    "POINTS",
    "ROUNDS",
    "RULES",
    "RailroadPhase",
    "RailroadRules",
    "RoundSpec",
    "card_points",
    "make_rules",
]


class RailroadPhase(enum.StrEnum):
    """RailRoad Rummy's own turn phase."""

    CLAIM = "claim"
    """The turn player drew from the draw pile; the others declare on the top discard (RR-15)."""


RULES: Final = rule_book("""
RR-1 | Players | 2 to 8 players; seats are numbered 0..n-1 in turn order.
RR-2 | Dealer | The first dealer is chosen at random. The starting player of a round is the seat after the dealer;
    the dealer moves one seat forward each round.
RR-3 | Cards | Every round starts from all 216 cards, shuffled anew: a draw pile of two 54-card decks (52 cards and
    2 jokers each) and a separate standby pile of two more such decks.
RR-4 | Deal | Deal one card at a time from the draw pile, starting with the starting player, until each player holds
    the round's hand size; then turn the top draw-pile card face up to start the discard pile.
RR-5 | Empty draw pile | When the draw pile is empty, the standby pile becomes the draw pile. When that is used up
    too, every card of the discard pile but its top card is shuffled to form a new draw pile. If a card must be
    drawn and none can be had, the round ends at once with nobody out; a penalty card that cannot be had is not
    dealt.
RR-6 | Wild cards | Every 2 and every joker is wild.
RR-7 | Wild limit | A meld never holds more wild cards than natural cards, when it is laid down and after every card
    added.
RR-8 | Sets | A set is 3 or more cards whose natural cards all have one rank (3 to A); a wild card stands for that
    rank.
RR-9 | Runs | A run is 4 or more cards of consecutive ranks within 3..A (ace high only, no wrap; suits do not
    matter). Each wild card stands for one fixed rank, set when it is laid down; a run of 12 cards is complete. A
    wild card on the table is never taken back or swapped.
RR-10 | Rounds and contracts | Seven rounds: 7 cards, 2 sets; 7, 1 set + 1 run; 7, 2 runs; 10, 3 sets; 10, 2 sets +
    1 run; 10, 1 set + 2 runs; 10, 3 runs using every card in hand.
RR-11 | Going down, rounds 1-6 | Lay down exactly the contract in one action: every set exactly 3 cards, every run
    exactly 4, no other or extra meld.
RR-12 | Going down, round 7 | Lay down exactly 3 runs of 4 or more cards that together use every card in hand, or
    every card but one, which is then discarded. Going down in round 7 is going out.
RR-13 | Once a round | A player goes down at most once a round, on their own turn, after drawing, and never starts a
    new meld after going down.
RR-14 | The draw | A turn starts with exactly one draw: the top card of the discard pile, or the top card of the
    draw pile.
RR-15 | Claims | When the turn player draws from the draw pile, each other player declares once: pass, claim the top
    discard, or claim using an HMG (if they have one left).
RR-16 | Claim priority | The claim goes to the first claimant in turn order from the turn player; claimants using an
    HMG come before all others, and among them turn order decides.
RR-17 | Penalty card | The winning claimant takes the card and is dealt one penalty card face down from the draw
    pile. Only the winner's HMG is used up.
RR-18 | HMGs | Each player starts the game with 3 HMGs (option hmg_per_player), kept across rounds. At most one
    claim per turn.
RR-19 | After the draw | After the draw and any claim, the turn player may go down and, from the turn after going
    down, lay off.
RR-20 | Laying off | A player who went down on an earlier turn may add single cards from hand to any meld on the
    table: to a set a card of its rank or a wild card; to a run a card that extends it at one end. RR-7 holds after
    each.
RR-21 | Discard | The turn ends with one discard, of any card in hand, the card taken from the discard pile this
    turn included. Option may_discard_taken_card (default true): a table that plays classic Rummy's rule sets it to
    false, and then that card may not be discarded this turn.
RR-22 | Going out | A player whose hand becomes empty, by going down, laying off or discarding, goes out: the round
    ends.
RR-30 | Scoring | Every player who did not go out adds the cards left in hand: 3-9: 5; 10, J, Q, K: 10; A: 15; 2:
    20; joker: 50. The player who went out adds 0.
RR-31 | Winning | After round 7 the lowest total wins; equal lowest totals share the win.
RR-C1 | Clarification: sealed claims | During a claim window each seat's declaration stays hidden from the others
    until every seat has declared; views show who has declared, not what.
RR-C2 | Clarification: the taken card is a physical card | Where RR-21 forbids discarding the card taken from the
    discard pile (may_discard_taken_card false), it forbids that very card. With several decks a hand may hold
    another card of the same face; that one may be discarded. When a play names a face the hand holds twice, the
    taken card is played first and the other kept.
RR-C3 | Clarification: no claim on an empty pile | When the discard pile is empty (a claim took its last card), a
    draw from the draw pile opens no claim window and the discard pile cannot be taken.
RR-C4 | Clarification: one listed go-down per choice of ranks | Suits never matter in RailRoad Rummy (RR-8, RR-9,
    RR-30), so legal_actions lists one go-down for each choice of its melds' ranks (each set's rank, the ranks of
    each run's places): of the go-downs of those ranks, the one with the fewest wild cards, and of as many the
    fewest jokers; naming for each rank the card taken from the discard pile first (RR-C2), then the hand's cards
    of that rank in suit order (clubs, diamonds, hearts, spades). A listing so grows with the ranks a contract can
    take, never with the hand (a hand grown by claims lists at most 540 go-downs, in round 6). A go-down naming
    other suits the hand holds, or other wild cards, or more of them, is just as legal, and is carried out with
    exactly the cards it names (G-6).
""")
"""RailRoad Rummy's rule book, rule by rule (the rules page renders it)."""

OPTIONS: Final = (
    Option("hmg_per_player", int, 3, "RR-18: HMGs each player starts the game with", minimum=0, rule="RR-18"),
    Option(
        "may_discard_taken_card",
        bool,
        True,
        "RR-21: the card taken from the discard pile may be discarded in the same turn",
        rule="RR-21",
    ),
)
"""RailRoad Rummy's options: name, type, default, meaning and the rule each one sets."""


@attrs.frozen
class RoundSpec:
    """One round of the schedule: the hand size and the contract (RR-10)."""

    hand_size: int
    contract: Contract


def _contract(*kinds: MeldKind, last: bool = False) -> Contract:
    if last:
        return Contract(tuple(MeldRequirement(MeldKind.RUN, 4, exact=False) for _ in kinds), max_leftover=1)
    size = {MeldKind.SET: 3, MeldKind.RUN: 4}
    return Contract(tuple(MeldRequirement(kind, size[kind]) for kind in kinds))


S, R = MeldKind.SET, MeldKind.RUN
ROUNDS: Final = (
    RoundSpec(7, _contract(S, S)),
    RoundSpec(7, _contract(S, R)),
    RoundSpec(7, _contract(R, R)),
    RoundSpec(10, _contract(S, S, S)),
    RoundSpec(10, _contract(S, S, R)),
    RoundSpec(10, _contract(S, R, R)),
    RoundSpec(10, _contract(R, R, R, last=True)),
)
"""RR-10: the seven rounds."""

MELD_RULES: Final = MeldRules(
    wild_faces=frozenset(parse_cards("2C 2D 2H 2S JK")),
    set_ranks=frozenset(Rank(r) for r in range(3, 15)),
    run_order=tuple(Rank(r) for r in range(3, 15)),
    min_set=3,
    min_run=4,
    suited_runs=False,
    wilds_at_most_naturals=True,
    rules={"wilds": "RR-7", "set": "RR-8", "run": "RR-9"},
)
"""RR-6 to RR-9."""

POINTS: Final = {
    **{Rank(r): 5 for r in range(3, 10)},
    Rank.TEN: 10,
    Rank.JACK: 10,
    Rank.QUEEN: 10,
    Rank.KING: 10,
    Rank.ACE: 15,
    Rank.TWO: 20,
    Rank.JOKER: 50,
}


def card_points(card: Card) -> int:
    """RR-30: what a card left in hand costs."""
    return POINTS[card.rank]


IDS: Final = RuleIds(
    start="RR-2",
    draw="RR-14",
    empty_discard="RR-C3",
    meld="RR-11",
    last_contract="RR-12",
    once="RR-13",
    lay_off="RR-20",
    discard="RR-21",
    no_card="RR-5",
    going_out="RR-22",
    score="RR-30",
)
"""The rules the standard rummy cites in RailRoad Rummy."""


@attrs.frozen(kw_only=True)
class RailroadRules(StandardRules):
    """RailRoad Rummy's rules for a configuration: a standard contract rummy (RR-10 to RR-13, RR-20 to
    RR-22, RR-30) with a claim window after every draw from the draw pile.

    Attributes:
        hmg_per_player: the HMGs each seat starts the game with (RR-18).
    """

    hmg_per_player: int = 3

    def check_turn(self, state: GameState, action: Action) -> None:
        """G-2 and RR-14, and RR-19: while the others declare on the top discard, nobody plays."""
        if state.phase == RailroadPhase.CLAIM:
            if action.seat == state.turn:
                raise IllegalActionError(
                    "RR-19", "the other players are still declaring on the top discard", action=action
                )
            raise IllegalActionError("G-2", f"it is seat {state.turn}'s turn", action=action)
        super().check_turn(state, action)


def make_rules(config: GameSettings) -> RailroadRules:
    """The rules of a configuration: two decks to draw from, two standing by (RR-3, RR-5), seven
    rounds of contracts (RR-10), golf scoring (RR-30, RR-31), and the options (RR-18, RR-21)."""
    options = config.options
    two_decks = decks(2, jokers_per_deck=2)
    return RailroadRules(
        shoe_parts=(two_decks, two_decks),
        deal=Deal(hand_size=tuple(spec.hand_size for spec in ROUNDS)),
        stock=Stock(piles=("stock", "standby"), reshuffle="below-top"),
        melds=MELD_RULES,
        melding=ContractMelds(contracts=tuple(spec.contract for spec in ROUNDS), lay_off_same_turn=False),
        may_discard_taken=options["may_discard_taken_card"],
        scoring=Scoring(points=POINTS),
        rounds=len(ROUNDS),
        ids=IDS,
        hmg_per_player=options["hmg_per_player"],
    )
