"""The Railroad Canasta plug-in, registered through the ``rummykit.variants`` entry point
``railroad-canasta``: the standard rummy's deal, with its own moves (taking the pile, the kitty, the
3s), canasta scoring and play to 20,000."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from rummykit.core.actions import Action, Discard, Draw, GoDown, LayOff
from rummykit.core.bots import Bot
from rummykit.core.cards import FACE_MASK, Card, CardId, face
from rummykit.core.errors import IllegalActionError, InvalidPositionError
from rummykit.core.hookspecs import hookimpl
from rummykit.core.melds import Meld, MeldKind
from rummykit.core.moves import Move
from rummykit.core.shoe import Randomness
from rummykit.core.specs import GameSettings, VariantSpec
from rummykit.core.state import Phase, SeatScore
from rummykit.core.views import View
from rummykit.standard import StandardRummy, view_fields
from rummykit.standard.canasta_family import EndRound, TakePile, deal_family, family_game_over, score_family
from rummykit.standard.groups import WILD
from rummykit_variants.railroad_canasta.actions import LeaveKitty, PickUpKitty
from rummykit_variants.railroad_canasta.bot import HeuristicBot
from rummykit_variants.railroad_canasta.moves import canasta_moves
from rummykit_variants.railroad_canasta.rules import (
    GROUPS,
    RULES,
    CanastaPhase,
    CanastaRules,
    initial_minimum,
    is_red_three,
    is_wild,
    make_rules,
)
from rummykit_variants.railroad_canasta.state import LOOK_KINDS, CanastaState, RailroadCanastaView, canastas_of

__all__ = ["SPEC", "RailroadCanasta"]

SPEC = VariantSpec(
    name="railroad-canasta",
    title="Railroad Canasta",
    min_players=2,
    max_players=6,
    players_rule="RC-1",
    low_score_wins=False,
    rules=RULES,
    actions=(Draw, TakePile, EndRound, GoDown, LayOff, Discard, PickUpKitty, LeaveKitty),
    phases=tuple(CanastaPhase),
    piles=("stock", "discard"),
    seat_piles=("kitty", "red_threes"),
    public_seat_piles=("red_threes",),
    state_type=CanastaState,
    view_type=RailroadCanastaView,
    listing_ignores_suits=True,
    round_ends=("RC-21", "RC-22"),
)

_KINDS: Final = (*MeldKind, WILD)
"""The kinds of a meld on the table: a set, or a wild meld (RC-9)."""


class RailroadCanasta(StandardRummy[CanastaRules, CanastaState]):
    """Railroad Canasta: the standard rummy's deal and turn, with moves, scoring and an end of its own."""

    spec = SPEC

    @hookimpl
    def rummykit_setup(self, config: GameSettings) -> CanastaRules:
        return make_rules(config)

    @hookimpl
    def rummykit_moves(self, rules: CanastaRules) -> dict[type[Action], Move[Any, Any]]:
        return canasta_moves(rules)

    @hookimpl
    def rummykit_start_round(self, state: CanastaState, shoe: list[CardId], rng: Randomness) -> bool:
        """RC-3 and RC-C1: the standard deal (13 cards to each hand, then 11 to each kitty); then the red
        3s in hands placed and replaced, seat by seat from the first player; then the up-card, which
        freezes the pile if it is a red 3 or a wild card (RC-15)."""
        deal_family(state, shoe)
        return True

    @hookimpl
    def rummykit_score_round(self, state: CanastaState) -> list[SeatScore]:
        """RC-30, RC-31 (RC-C5: a round with nobody out has no going-out bonus), line by line (`FAMILY`'s scoring)."""
        return score_family(state)

    @hookimpl
    def rummykit_game_over(self, state: CanastaState) -> bool:
        """RC-32: a player has reached the target in this round or an earlier one (RC-C8), and nobody
        ties the highest total."""
        return family_game_over(state)

    @hookimpl
    def rummykit_view(self, state: CanastaState, seat: int | None, to_act: tuple[int, ...]) -> View:
        """The standard view, the seat's own kitty once it may look (RC-20), every seat's red 3s and
        kitty size, the pile's state and the initial-meld minimums."""
        kitties = state.seat_piles["kitty"]
        looks = tuple(bool(kinds & LOOK_KINDS) for kinds in state.canasta_kinds())
        return RailroadCanastaView(
            **view_fields(state, seat, to_act),
            kitty=tuple(face(cid) for cid in kitties[seat]) if seat is not None and looks[seat] else (),
            kitty_sizes=tuple(len(kitty) for kitty in kitties),
            kitty_picked_up=tuple(state.kitty_taken),
            may_look=looks,
            red_threes=tuple(tuple(face(cid) for cid in reds) for reds in state.seat_piles["red_threes"]),
            frozen=state.frozen,
            initial_minimum=tuple(initial_minimum(total) for total in state.totals),
            canastas=canastas_of(state.table),
        )

    @hookimpl
    def rummykit_check_view(self, view: View, rules: CanastaRules) -> None:
        """The standard view's checks, and each meld's canasta kind read from the table (RC-12)."""
        super().rummykit_check_view(view, rules)
        if not isinstance(view, RailroadCanastaView):
            return
        kinds = canastas_of(view.table)
        if len(view.canastas) != len(kinds):
            raise InvalidPositionError("canastas", f"one entry for each of the {len(kinds)} melds on the table")
        for index, (given, kind) in enumerate(zip(view.canastas, kinds, strict=True)):
            if given != kind:
                what = f"a {kind} canasta" if kind else "not a canasta"
                raise InvalidPositionError(f"canastas[{index}]", f"meld {index} is {what}, not {given!r}")

    @hookimpl
    def rummykit_check_position(self, state: CanastaState) -> None:
        """What a Railroad Canasta position loaded from data must satisfy beyond the core's checks: a game
        over too, as its last round left it."""
        players = state.players
        for name in ("melded_on", "played_on", "kitty_taken"):
            if len(getattr(state, name)) != players:
                raise InvalidPositionError(f"extra.{name}", f"one entry per seat ({players})")
        for seat, turn in enumerate(state.melded_on):
            if turn is not None and not 1 <= turn <= state.turn_number:
                raise InvalidPositionError(
                    f"extra.melded_on[{seat}]", f"turn {turn} is not one of 1 to {state.turn_number}"
                )
        for seat, held in enumerate(state.hands):
            for i, cid in enumerate(held):
                if cid & FACE_MASK in GROUPS.never_indices:
                    raise InvalidPositionError(
                        f"hands[{seat}][{i}]",
                        "a red 3 is never held: it is placed when it comes (RC-6)",
                    )
        for seat, reds in enumerate(state.seat_piles["red_threes"]):
            for i, cid in enumerate(reds):
                if not is_red_three(face(cid)):
                    raise InvalidPositionError(f"seat_piles.red_threes[{seat}][{i}]", f"{face(cid)} is not a red 3")
        size = dict(state.rules.deal.seat_piles)["kitty"]
        for seat, kitty in enumerate(state.seat_piles["kitty"]):
            if state.kitty_taken[seat] and kitty:
                raise InvalidPositionError(f"seat_piles.kitty[{seat}]", "the kitty was picked up, so it is empty")
            if len(kitty) > size:
                raise InvalidPositionError(f"seat_piles.kitty[{seat}]", f"a kitty holds {size} cards")
        open_keys: set[tuple[int, int]] = set()  # (seat, key) of each unfinished meld
        for index, table_meld in enumerate(state.table):
            given, owner = table_meld.meld, table_meld.owner
            if given.kind not in _KINDS:
                raise InvalidPositionError(f"table[{index}].kind", f"a set or a wild meld, not {given.kind!r}")
            try:
                meld = GROUPS.read(given.cards)
            except IllegalActionError as exc:
                raise InvalidPositionError(f"table[{index}]", f"not a valid meld: {exc}") from exc
            if meld.kind != given.kind:
                raise InvalidPositionError(f"table[{index}]", f"not a valid meld: {meld} is a {meld.kind} meld")
            if meld.ranks != given.ranks:
                ranks = " ".join(rank.symbol for rank in meld.ranks)
                raise InvalidPositionError(f"table[{index}].ranks", f"the cards of {meld} stand for {ranks}")
            if not state.has_melded(owner):
                raise InvalidPositionError(f"table[{index}].owner", f"seat {owner} has not melded this round")
            if not GROUPS.is_closed(meld):
                key = (owner, GROUPS.key(meld))
                if key in open_keys:
                    raise InvalidPositionError("table", f"seat {owner} has two unfinished melds of one rank (RC-11)")
                open_keys.add(key)
        turn = state.turn
        if state.phase == CanastaPhase.KITTY and (state.kitty_taken[turn] or not state.may_look(turn)):
            raise InvalidPositionError("phase", f"seat {turn} may not pick up its kitty now (RC-20)")
        if state.phase == Phase.OVER:  # the last round ended with the seat that went out, or melded all its 7s
            emptied = {state.history[-1].went_out if state.history else None, turn}
        else:
            emptied = set()
        for seat, hand in enumerate(state.hands):
            if not hand and seat not in emptied:
                raise InvalidPositionError(f"hands[{seat}]", "an empty hand means the seat went out, ending the round")

    @hookimpl
    def rummykit_read_meld(self, rules: CanastaRules, cards: tuple[Card, ...]) -> Meld:
        return GROUPS.read(cards)

    @hookimpl
    def rummykit_arrange_position(self, state: CanastaState, melded: frozenset[int], given: frozenset[str]) -> None:
        """RC-15: the pile is frozen while a wild card lies in it, or a red 3 or a wild card was its
        first up-card; a kitty that is empty has been picked up (RC-20)."""
        super().rummykit_arrange_position(state, melded, given)
        pile = [face(cid) for cid in state.piles["discard"]]
        if "frozen" not in given:
            state.frozen = any(is_wild(card) for card in pile) or bool(pile and is_red_three(pile[0]))
        if "kitty_taken" not in given:
            state.kitty_taken = [not kitty for kitty in state.seat_piles["kitty"]]

    @hookimpl
    def rummykit_bots(self) -> Mapping[str, Callable[[int | None], Bot]]:
        return {"heuristic": HeuristicBot}

    @hookimpl
    def rummykit_parse_move(self, seat: int, words: list[str]) -> Action | None:
        match words:
            case ["take", "pile", *cards] | ["take", *cards]:
                return TakePile(seat=seat, cards=" ".join(cards))
            case ["kitty"] | ["pick", "up", "kitty"]:
                return PickUpKitty(seat=seat)
            case ["leave"] | ["leave", "kitty"]:
                return LeaveKitty(seat=seat)
            case ["end"] | ["end", "round"]:
                return EndRound(seat=seat)
        return None
