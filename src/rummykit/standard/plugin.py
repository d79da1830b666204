"""The standard rummy as a plug-in: [`StandardRummy`][rummykit.standard.plugin.StandardRummy], the class
a variant's plug-in derives from, whose hooks play the game its
[`StandardRules`][rummykit.standard.rules.StandardRules] describe.

A variant is a subclass with its declaration (``spec``) and its ``rummykit_setup`` (its rules, as
data, for one configuration); it overrides a hook only where its rules differ from the standard
rummy's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

import attrs

from rummykit.core.actions import Action, Discard, Draw, GoDown, LayOff, TakeDiscard
from rummykit.core.bots import Bot
from rummykit.core.cards import Card, CardId, face
from rummykit.core.errors import IllegalActionError, InvalidPositionError
from rummykit.core.hookspecs import hookimpl
from rummykit.core.melds import Meld, MeldKind, read_meld
from rummykit.core.moves import Move
from rummykit.core.shoe import Randomness
from rummykit.core.specs import GameSettings, Ruleset, VariantSpec
from rummykit.core.state import Phase, ScoreItem, SeatScore
from rummykit.core.views import Picture, View, base_view_fields, shown
from rummykit.standard.deadwood import held_deadwood, mask
from rummykit.standard.deadwood import points as deadwood_points
from rummykit.standard.going_down import ContractGoDown, FreeGoDown
from rummykit.standard.knocking import Knock, Pass, knock_move_help, knock_moves
from rummykit.standard.moves import DiscardMove, DrawMove, LayOffMove, TakeDiscardMove, check_turn
from rummykit.standard.rules import ContractMelds, KnockPhase, StandardRules
from rummykit.standard.spread import (
    SpreadState,
    arrange_spread,
    check_spread,
    credit_sheet,
    spread_moves,
    spread_view_fields,
)
from rummykit.standard.state import KnockState, StandardState

__all__ = [
    "KnockView",
    "SpreadView",
    "StandardRummy",
    "StandardView",
    "arrange_position",
    "check_knock",
    "check_position",
    "check_view",
    "deal",
    "game_over",
    "score_round",
    "score_sheet",
    "standard_moves",
    "view_fields",
]


@attrs.frozen(kw_only=True)
class StandardView(View):
    """A standard rummy view: the common view plus the round's and the game's public facts.

    Attributes:
        hand_size: the cards dealt to each hand this round.
        contract: this round's contract in words (contract melds), else ``None``.
        target: the total that ends the game, if the game has one.
        rounds: the rounds the game has, if it has a fixed number.
        stock_rebuilds: how many times the stock may be rebuilt in a round (``None``: no limit).
        rebuilds_used: how many times it has been rebuilt this round.
        played: whether each seat has melded or laid off this round.
        melded: whether each seat has laid down a meld this round (gone down, with contract melds).
        melds_this_turn: new melds the turn player has laid down this turn.
    """

    hand_size: int = shown("hand size")
    contract: str | None = shown("contract", hidden_if=None)
    target: int | None = shown("target", hidden_if=None)
    rounds: int | None = shown("rounds", hidden_if=None)
    stock_rebuilds: int | None = None
    rebuilds_used: int = 0
    played: tuple[bool, ...] = ()
    melded: tuple[bool, ...] = shown("melded", per_seat=True)
    melds_this_turn: int = 0

    @property
    def went_down(self) -> tuple[bool, ...]:
        """Whether each seat has gone down this round (contract melds: `melded`)."""
        return self.melded


@attrs.frozen(kw_only=True)
class KnockView(StandardView):
    """The view of a round that ends by a knock: the standard rummy's, its knock card, its knocker, and
    the seat's own deadwood.

    Attributes:
        knock_card: the round's knock card.
        knocker: the seat that knocked this round, if any.
        deadwood: the deadwood of the seat's own hand
            ([`held_deadwood`][rummykit.standard.deadwood.held_deadwood]: its best arrangement until it
            lays down, then the points of the cards it keeps); ``None`` in a spectator's view.
    """

    knock_card: int = shown("knock card")
    knocker: int | None = shown("knocked", hidden_if=None, picture=Picture.SEATS)
    deadwood: int | None = shown("your deadwood", hidden_if=None, default=None)


@attrs.frozen(kw_only=True)
class SpreadView(StandardView):
    """The view of a standard rummy whose discard pile lies spread, or whose scores credit the layer: the
    standard rummy's, the whole pile and what each seat has on the table (`spread_view_fields`).

    Attributes:
        discard_pile: the discard pile's cards, bottom to top: it lies spread, every card in sight.
        on_table: the points each seat has put on the table this round (`laid_points`).
    """

    discard_pile: tuple[Card, ...] = shown("discard pile, bottom to top", picture=Picture.SPREAD, default=())
    on_table: tuple[int, ...] = shown("points on the table", per_seat=True, default=())


def standard_moves(rules: StandardRules) -> dict[type[Action], Move[Any, Any]]:
    """The standard rummy's moves for ``rules``, in listing order: draws, melds, lay-offs, discards; or
    those of knock endings ([`knock_moves`][rummykit.standard.knocking.knock_moves])."""
    if rules.knocking is not None:
        return knock_moves(rules)
    moves: dict[type[Action], Move[Any, Any]] = {Draw: DrawMove(rules)}
    if rules.stock.from_discard:
        moves[TakeDiscard] = TakeDiscardMove(rules)
    moves[GoDown] = ContractGoDown(rules) if isinstance(rules.melding, ContractMelds) else FreeGoDown(rules)
    moves[LayOff] = LayOffMove(rules)
    moves[Discard] = DiscardMove(rules)
    return moves if rules.spread is None else spread_moves(rules, moves)


def deal(state: StandardState, shoe: Sequence[CardId]) -> None:
    """Deal a round as ``rules.deal`` says: the shoe's parts become the stock and its reserve piles;
    every hand gets its cards one at a time from the seat after the dealer, then every seat pile;
    then the up-card starts the discard pile. The seat after the dealer starts, in the opening phase
    (`Turns.opening`)."""
    rules = state.rules
    players = state.players
    piles: dict[str, list[CardId]] = {}
    start_of_part = 0
    for name, part in zip(rules.stock.piles, rules.shoe_parts, strict=True):
        piles[name] = list(reversed(shoe[start_of_part : start_of_part + len(part)]))  # top last
        start_of_part += len(part)
    stock = piles["stock"]
    start = state.next_seat(state.dealer)
    order = [(start + step) % players for step in range(players)]
    hands: list[list[CardId]] = [[] for _ in range(players)]
    for _ in range(rules.deal.hand_size_of(state.round)):
        for seat in order:
            hands[seat].append(stock.pop())
    seat_piles: dict[str, list[list[CardId]]] = {}
    for name, size in rules.deal.seat_piles:
        per_seat: list[list[CardId]] = [[] for _ in range(players)]
        seat_piles[name] = per_seat
        for _ in range(size):
            for seat in order:
                per_seat[seat].append(stock.pop())
    piles["discard"] = [stock.pop()] if rules.deal.up_card else []
    state.hands = hands
    state.piles = piles
    state.seat_piles = seat_piles
    state.turn = start
    state.phase = rules.turns.opening
    state.start_round()


def score_round(state: StandardState) -> list[int]:
    """Score the round that has just ended (``rules.scoring``): the player who went out scores the
    other hands' points (doubled, or more, for going rummy), or every player who did not go out
    scores their own hand's points. A knock ending is scored by the deadwood left in hands
    ([`Knocking.score_knock`][rummykit.standard.rules.Knocking.score_knock]); a round that ended otherwise,
    dead, scores nothing. [`score_sheet`][rummykit.standard.plugin.score_sheet] gives the same scores
    line by line."""
    return [sheet.points for sheet in score_sheet(state)]


def score_sheet(state: StandardState) -> list[SeatScore]:
    """Each seat's score for the round that has just ended, line by line (what
    [`score_round`][rummykit.standard.plugin.score_round] adds up), each line citing `RuleIds.score`
    (or the rule that ended the round), `RuleIds.rummy` or `RuleIds.undercut`; with
    each seat's deadwood, the points of the cards it was left holding."""
    rules = state.rules
    scoring, knocking, ids = rules.scoring, rules.knocking, rules.ids
    went_out = state.round_end.went_out if state.round_end is not None else None
    rule = ids.score or (state.round_end.rule if state.round_end is not None else "")
    if scoring.credit_layer:
        if not isinstance(state, SpreadState):
            raise TypeError("scores that credit the layer are kept by a SpreadState (the variant's state_type)")
        return credit_sheet(state)
    if knocking is not None:
        deadwood = [deadwood_points(mask(hand)) for hand in state.hands]
        if went_out is None:
            return [SeatScore(deadwood=points) for points in deadwood]
        return knocking.knock_sheet(went_out, deadwood, rule=rule, undercut=ids.undercut)
    left = [[face(cid) for cid in hand] for hand in state.hands]
    held = [sum(map(scoring.points_of, cards)) for cards in left]
    if not scoring.winner_takes_hands:
        return [
            SeatScore(
                items=()
                if seat == went_out
                else (ScoreItem(rule=rule, what="the cards left in hand", points=held[seat], cards=tuple(left[seat])),),
                deadwood=held[seat],
            )
            for seat in range(state.players)
        ]
    if went_out is None:
        return [SeatScore(deadwood=points) for points in held]
    items = [
        ScoreItem(rule=rule, what=f"the cards left in seat {seat}'s hand", points=held[seat], cards=tuple(left[seat]))
        for seat in range(state.players)
        if seat != went_out
    ]
    if scoring.rummy_multiplier != 1 and state.went_rummy(went_out):
        won = sum(item.points for item in items)
        items.append(
            ScoreItem(
                rule=ids.rummy or rule,
                what=f"going rummy: the points {scoring.rummy_multiplier} times over",
                points=won * (scoring.rummy_multiplier - 1),
            )
        )
    return [
        SeatScore(items=tuple(items) if seat == went_out else (), deadwood=held[seat]) for seat in range(state.players)
    ]


def game_over(state: StandardState) -> bool:
    """The game ends after its last round (``rules.rounds``), or once a total has reached the target
    with one player alone best (a tie plays on)."""
    rules = state.rules
    if rules.rounds is not None:
        return state.round >= rules.rounds
    target = rules.scoring.target
    if target is None:
        return False
    totals = state.totals
    best = min(totals) if rules.low_score_wins else max(totals)
    reached = best <= target if rules.low_score_wins else best >= target
    return reached and totals.count(best) == 1


def check_position(state: StandardState) -> None:
    """What a standard rummy position loaded from data must satisfy beyond the core's checks: hands
    and what the round has seen consistent with the turn and its phases (`Turns`), and valid melds
    owned by seats that melded. A game over is checked too (as the round that ended it left it): where
    an empty hand ends the round, only a hand may then be empty, the seat's that went out."""
    rules = state.rules
    if rules.rounds is not None and not 1 <= state.round <= rules.rounds:
        raise InvalidPositionError("round", f"the game has rounds 1 to {rules.rounds}, not {state.round}")
    over = state.phase == Phase.OVER
    players = state.players
    phases = rules.turns
    for seat, hand in enumerate(state.hands):
        if not hand and not over and phases.empty_hand_ends_round:
            raise InvalidPositionError(f"hands[{seat}]", "an empty hand means the seat went out, which ends the round")
    for name, turns in (("melded_on", state.melded_on), ("played_on", state.played_on)):
        if len(turns) != players:
            raise InvalidPositionError(f"extra.{name}", f"one entry per seat ({players})")
        for seat, turn in enumerate(turns):
            if turn is not None and not 1 <= turn <= state.turn_number:
                raise InvalidPositionError(
                    f"extra.{name}[{seat}]", f"turn {turn} is not one of 1 to {state.turn_number}"
                )
    for seat, (played, melded) in enumerate(zip(state.played_on, state.melded_on, strict=True)):
        if melded is not None and (played is None or played > melded):
            raise InvalidPositionError(f"extra.played_on[{seat}]", "a seat that melded has played by then")
    limit = rules.stock.rebuilds
    if state.rebuilds < 0 or (limit is not None and state.rebuilds > limit):
        raise InvalidPositionError("extra.rebuilds", f"the stock is rebuilt 0 to {limit} times")
    drawn = state.phase in phases.after_draw
    if state.melds_this_turn < 0 or (state.melds_this_turn and not (drawn or over)):
        raise InvalidPositionError("extra.melds_this_turn", "melds are laid down only after the draw")
    for index, table_meld in enumerate(state.table):
        if table_meld.meld.kind not in (MeldKind.SET, MeldKind.RUN):
            raise InvalidPositionError(f"table[{index}].kind", f"a set or a run, not {table_meld.meld.kind!r}")
        try:
            meld = state.read_table_meld(table_meld.meld.cards, table_meld.meld.kind)
        except IllegalActionError as exc:
            raise InvalidPositionError(f"table[{index}]", f"not a valid meld: {exc}") from exc
        if meld.ranks != table_meld.meld.ranks:
            raise InvalidPositionError(f"table[{index}].ranks", "the ranks do not follow the cards' places (G-5)")
        if state.melded_on[table_meld.owner] is None:
            raise InvalidPositionError(f"table[{index}].owner", f"seat {table_meld.owner} has not melded this round")
    if state.taken is not None and not drawn:
        raise InvalidPositionError("taken", "a card is taken from the discard pile at the draw, so only after it")
    if over and phases.empty_hand_ends_round:
        _check_went_out(state)
    if isinstance(state, KnockState) and not over:
        check_knock(state)
    if isinstance(state, SpreadState):
        check_spread(state)


def _check_went_out(state: StandardState) -> None:
    """A game over: a hand is empty only if its seat went out, ending the last round (its result)."""
    went_out = state.history[-1].went_out if state.history else None
    for seat, hand in enumerate(state.hands):
        if not hand and seat != went_out:
            raise InvalidPositionError(
                f"hands[{seat}]", f"an empty hand means the seat went out, but the last round's result says {went_out}"
            )


def check_knock(state: KnockState) -> None:
    """What a position of a knock ending must satisfy during a round: a knock card from 0 to 10, a
    knocker that is a seat; until the knock, hands of the cards dealt (one more after the turn's draw),
    as nothing is melded before it; no empty hand before the knocker's melds, a knocker only once a seat
    has knocked (it lays down, then the others play), nothing but passes while the first up-card is
    offered, and the wall only with the stock at `Stock.dead_at` cards."""
    if not 0 <= state.knock_card <= 10:
        raise InvalidPositionError("extra.knock_card", f"a knock card is from 0 to 10, not {state.knock_card}")
    phase, knocker = state.phase, state.knocker
    if knocker is not None and not 0 <= knocker < state.players:
        raise InvalidPositionError("extra.knocker", f"the knocker is a seat, 0 to {state.players - 1}, not {knocker}")
    empty = next((seat for seat, hand in enumerate(state.hands) if not hand), None)
    if empty is not None and phase != KnockPhase.LAY_OFF:
        reason = "only a knocker with gin, or a defender who laid off every card, holds no card, after the knock"
        raise InvalidPositionError(f"hands[{empty}]", reason)
    if phase not in (KnockPhase.KNOCK, KnockPhase.LAY_OFF):
        dealt = state.rules.deal.hand_size_of(state.round)
        for seat, hand in enumerate(state.hands):
            if len(hand) != dealt + (seat == state.turn and phase == Phase.PLAY):
                raise InvalidPositionError(
                    f"hands[{seat}]",
                    f"{len(hand)} card{'s' * (len(hand) != 1)}: nothing is melded before a knock, so a hand holds "
                    f"the {dealt} dealt, and one more after the turn's draw ({state.rules.ids.draw})",
                )
    if phase == KnockPhase.KNOCK and knocker != state.turn:
        raise InvalidPositionError("extra.knocker", "the knocker is the seat that lays down after the knock")
    if (phase == KnockPhase.LAY_OFF) != (knocker is not None and knocker != state.turn):
        raise InvalidPositionError("extra.knocker", "a seat has knocked in the knock and lay-off phases only")
    if phase == KnockPhase.FIRST_UP_CARD and len(state.log) > state.players:
        raise InvalidPositionError("log", "while the first up-card is offered, each seat passes it once at most")
    if phase == KnockPhase.WALL and len(state.piles["stock"]) > (state.rules.stock.dead_at or 0):
        raise InvalidPositionError("phase", "the wall is reached only with the stock down to its last cards")


def view_fields(state: StandardState, seat: int | None, to_act: tuple[int, ...]) -> dict[str, Any]:
    """The fields of a [`StandardView`][rummykit.standard.plugin.StandardView] for ``seat``: the common
    view's and the round's (and a [`KnockView`][rummykit.standard.plugin.KnockView]'s for a knock ending)."""
    fields = base_view_fields(state, seat, to_act)
    if isinstance(state, KnockState):
        fields["knock_card"], fields["knocker"] = state.knock_card, state.knocker
        if seat is not None:
            laid_down = state.melded_on[seat] is not None or state.phase == Phase.OVER
            fields["deadwood"] = held_deadwood(mask(state.hands[seat]), laid_down=laid_down)
    fields.update(_round_facts(state.rules, max(state.round, 1)))
    fields["rebuilds_used"] = state.rebuilds
    fields["played"] = tuple([turn is not None for turn in state.played_on])
    fields["melded"] = tuple([turn is not None for turn in state.melded_on])
    fields["melds_this_turn"] = state.melds_this_turn
    return fields


def check_view(view: StandardView, rules: StandardRules) -> None:
    """What a standard rummy view loaded from data must say of the round and the game: the facts its
    rules fix (the round's hand size and contract, the target, the rounds, the rebuilds allowed), one
    entry per seat, counts within their bounds, and a knock ending's deadwood as the seat's hand makes
    it. The core has checked the common fields."""
    if rules.rounds is not None and not 1 <= view.round <= rules.rounds:
        raise InvalidPositionError("round", f"the game has rounds 1 to {rules.rounds}, not {view.round}")
    expected = _round_facts(rules, max(view.round, 1))
    for field, value in expected.items():
        if getattr(view, field) != value:
            raise InvalidPositionError(
                field, f"round {view.round} has {field.replace('_', ' ')} {value}, not {getattr(view, field)}"
            )
    for field in ("played", "melded"):
        if len(getattr(view, field)) != view.players:
            raise InvalidPositionError(field, f"one entry per seat ({view.players})")
    limit = rules.stock.rebuilds
    if view.rebuilds_used < 0 or (limit is not None and view.rebuilds_used > limit):
        raise InvalidPositionError(
            "rebuilds_used", f"the stock is rebuilt 0 to {limit} times, not {view.rebuilds_used}"
        )
    if view.melds_this_turn < 0:
        raise InvalidPositionError("melds_this_turn", f"a count, not {view.melds_this_turn}")
    if isinstance(view, KnockView):
        _check_deadwood(view)
    if isinstance(view, SpreadView):
        _check_spread_view(view)


def _check_spread_view(view: SpreadView) -> None:
    """A spread pile's view shows the whole pile, its top card last; and each seat's points on the table."""
    pile = view.discard_pile
    if len(pile) != view.discard_size or (pile and pile[-1] != view.discard_top):
        raise InvalidPositionError(
            "discard_pile", f"the whole discard pile, bottom to top: {view.discard_size} cards, the top card last"
        )
    if len(view.on_table) != view.players:
        raise InvalidPositionError("on_table", f"one entry per seat ({view.players})")


def _check_deadwood(view: KnockView) -> None:
    """A knock ending's view holds its seat's deadwood as its hand makes it (a spectator's, none)."""
    if view.seat is None:
        if view.deadwood is not None:
            raise InvalidPositionError("deadwood", "a spectator holds no hand, so no deadwood")
        return
    laid_down = view.melded[view.seat] or view.phase == Phase.OVER
    held = held_deadwood(mask(card.index for card in view.hand), laid_down=laid_down)
    if view.deadwood is not None and view.deadwood != held:
        raise InvalidPositionError("deadwood", f"the hand holds {held} deadwood, not {view.deadwood}")


def _round_facts(rules: StandardRules, round: int) -> Mapping[str, Any]:
    """The fields of a [`StandardView`][rummykit.standard.plugin.StandardView] that ``rules`` fix for
    round ``round`` (from 1), worked out once by the rules (``StandardRules.round_facts``)."""
    facts = rules.round_facts
    return facts[min(round, len(facts)) - 1]


def arrange_position(state: StandardState, melded: frozenset[int]) -> None:
    """A position built by hand ([`build_position`][rummykit.documents.builder.build_position]): the seats of
    ``melded`` have melded, and played, on the turn before this one (turn 1 at the earliest)."""
    earlier = max(state.turn_number - 1, 1)
    state.melded_on = [earlier if seat in melded else None for seat in range(state.players)]
    state.played_on = list(state.melded_on)


R = TypeVar("R", bound=StandardRules)
S = TypeVar("S", bound=StandardState)


class StandardRummy(Generic[R, S]):
    """The standard rummy as a plug-in: every hook of a variant, played from its rules' data.

    Generic over the variant's rules and state classes (``StandardRummy[RailroadRules,
    RailroadState]``), so that the hooks it overrides are typed with its own.

    A variant derives from it, declares ``spec`` (its [`VariantSpec`][rummykit.core.specs.VariantSpec]: the
    standard rummy's actions, state and view unless it names its own) and implements ``rummykit_setup``,
    returning its [`StandardRules`][rummykit.standard.rules.StandardRules] for a configuration; it overrides other
    hooks only where its rules differ. Register an instance (the entry point names it).
    """

    spec: ClassVar[VariantSpec]
    """The variant's declaration."""

    @hookimpl
    def rummykit_variant(self) -> VariantSpec:
        """The variant's `spec`, with the standard rummy's actions, state and view where it names none."""
        spec = self.spec
        return attrs.evolve(
            spec,
            actions=spec.actions or (Draw, TakeDiscard, GoDown, LayOff, Discard),
            state_type=spec.state_type or StandardState,
            view_type=spec.view_type or StandardView,
        )

    @hookimpl
    def rummykit_setup(self, config: GameSettings) -> Ruleset:
        """The variant's rules for ``config``: every variant implements this (its `StandardRules`)."""
        raise NotImplementedError(f"{type(self).__name__} implements rummykit_setup: its rules for a configuration")

    @hookimpl
    def rummykit_moves(self, rules: R) -> dict[type[Action], Move[Any, Any]]:
        """The standard rummy's moves for ``rules`` ([`standard_moves`][rummykit.standard.plugin.standard_moves])."""
        return standard_moves(rules)

    @hookimpl
    def rummykit_start_round(self, state: S, shoe: list[CardId], rng: Randomness) -> bool:
        """Deal the round as ``rules.deal`` says ([`deal`][rummykit.standard.plugin.deal])."""
        deal(state, shoe)
        return True

    @hookimpl
    def rummykit_score_round(self, state: S) -> Sequence[int | SeatScore]:
        """Score the round by card points, line by line ([`score_sheet`][rummykit.standard.plugin.score_sheet])."""
        return score_sheet(state)

    @hookimpl
    def rummykit_check_turn(self, state: S, action: Action, move: Move[Any, Any]) -> bool:
        """The phase gate, from the rules' turns ([`check_turn`][rummykit.standard.moves.check_turn])."""
        check_turn(state.rules, state, action, move.phases)
        return True

    @hookimpl
    def rummykit_game_over(self, state: S) -> bool:
        """After the last round, or at the target ([`game_over`][rummykit.standard.plugin.game_over])."""
        return game_over(state)

    @hookimpl
    def rummykit_view(self, state: S, seat: int | None, to_act: tuple[int, ...]) -> View:
        """The variant's view class, from the standard rummy's fields
        ([`view_fields`][rummykit.standard.plugin.view_fields])."""
        view_type = self.spec.view_type or StandardView
        fields = view_fields(state, seat, to_act)
        if issubclass(view_type, SpreadView) and isinstance(state, SpreadState):
            fields.update(spread_view_fields(state))
        return view_type(**fields)

    @hookimpl
    def rummykit_check_position(self, state: S) -> None:
        """The standard rummy's position rules ([`check_position`][rummykit.standard.plugin.check_position])."""
        check_position(state)

    @hookimpl
    def rummykit_read_meld(self, rules: R, cards: tuple[Card, ...]) -> Meld:
        """A set or a run under ``rules.melds`` ([`read_meld`][rummykit.core.melds.read_meld])."""
        return read_meld(cards, rules.melds)

    @hookimpl
    def rummykit_arrange_position(self, state: S, melded: frozenset[int], given: frozenset[str]) -> None:
        """Who has melded, unless given ([`arrange_position`][rummykit.standard.plugin.arrange_position])."""
        if not given & {"melded_on", "played_on"}:
            arrange_position(state, melded)
        if isinstance(state, SpreadState):
            arrange_spread(state, given)

    @hookimpl
    def rummykit_face_up_cards(self, state: S, seat: int | None) -> list[CardId]:
        """A discard pile that lies spread (`StandardRules.spread`), every card of it."""
        return list(state.piles.get("discard", ())) if state.rules.spread is not None else []

    @hookimpl
    def rummykit_check_view(self, view: View, rules: R) -> None:
        """A loaded view's round facts ([`check_view`][rummykit.standard.plugin.check_view])."""
        if isinstance(view, StandardView):
            check_view(view, rules)

    @hookimpl
    def rummykit_bots(self) -> Mapping[str, Callable[[int | None], Bot]]:
        """No bots of its own (the core's ``random`` is always there); a variant offers its own."""
        return {}

    @hookimpl
    def rummykit_parse_move(self, seat: int, words: list[str]) -> Action | None:
        """The moves of knock endings, where the variant has them: ``pass``, and ``knock 9C``."""
        actions = self.spec.actions
        if words == ["pass"] and Pass in actions:
            return Pass(seat=seat)
        return Knock(seat=seat, card=words[1]) if len(words) == 2 and words[0] == "knock" and Knock in actions else None

    @hookimpl
    def rummykit_move_help(self, rules: R) -> list[tuple[str, str]]:
        """How to type the moves of knock endings, where the variant has them
        ([`knock_move_help`][rummykit.standard.knocking.knock_move_help])."""
        return knock_move_help(rules) if Knock in self.spec.actions else []
