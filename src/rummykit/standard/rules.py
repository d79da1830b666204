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

import functools
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, Literal

import attrs

from rummykit.core.actions import Action, Draw, TakeDiscard
from rummykit.core.cards import Card, Rank
from rummykit.core.errors import IllegalActionError
from rummykit.core.melds import MeldRules
from rummykit.core.solver import Contract, ContractSolver
from rummykit.core.specs import Ruleset
from rummykit.core.state import Phase

if TYPE_CHECKING:
    from rummykit.core.state import GameState

__all__ = [
    "ContractMelds",
    "Deal",
    "FreeMelds",
    "RuleIds",
    "Scoring",
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
    """

    opening: str = Phase.DRAW
    before_draw: frozenset[str] = frozenset()
    after_draw: frozenset[str] = frozenset({Phase.PLAY})
    phase_rules: Mapping[str, tuple[str, str]] = attrs.field(factory=dict)
    empty_hand_ends_round: bool = True


@attrs.frozen(kw_only=True)
class FreeMelds:
    """Melding as in classic rummy: after drawing, a player lays down any sets and runs, several at
    once (G-5) and as often as they like, and adds cards to any meld on the table.

    Attributes:
        per_turn: at most this many new melds a turn (``None``: no limit).
        per_turn_rule: the rule that sets ``per_turn``.
        initial_minimum: a player's first meld action of a round is worth at least this many
            points ([`Scoring`][rummykit.standard.rules.Scoring]), and they lay off only after it
            (``None``: no minimum).
        initial_rule: the rule that sets ``initial_minimum``.
        lay_off_rule: the rule that forbids laying off before the initial meld (else ``initial_rule``).
    """

    per_turn: int | None = None
    per_turn_rule: str = ""
    initial_minimum: int | None = None
    initial_rule: str = ""
    lay_off_rule: str = ""


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
    """

    points: Mapping[Rank, int]
    winner_takes_hands: bool = False
    rummy_multiplier: int = 1
    target: int | None = None

    def points_of(self, card: Card) -> int:
        """What ``card`` is worth."""
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
        rummy: the scoring of a player who goes out in the turn of their first play (going rummy).
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
    ids: RuleIds
    run_order_rule: str | None = None
    natural_run_order: tuple[Rank, ...] = ()

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
        drawing = isinstance(action, Draw | TakeDiscard)
        if drawing and state.phase != Phase.DRAW and state.phase not in self.turns.before_draw:
            raise IllegalActionError(
                self.ids.draw, "a turn has exactly one draw, and this one has had it", action=action
            )
        if not drawing and state.phase == Phase.DRAW:
            raise IllegalActionError(
                self.ids.draw, "a turn starts with a draw: from the stock or the top of the discard pile", action=action
            )


NO_POINTS: Final[Mapping[Rank, int]] = dict.fromkeys(Rank, 0)
"""Cards are worth their rank's points; a standard table."""
