"""The Railroad Canasta plug-in, registered through the ``rummykit.variants`` entry point
``railroad-canasta``: the canasta family's game (`rules.FAMILY`), with its own moves for the 7s and the
kitty, and play to 20,000."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rummykit.core.actions import Action, Discard, Draw, GoDown, LayOff
from rummykit.core.bots import Bot
from rummykit.core.cards import face
from rummykit.core.errors import InvalidPositionError
from rummykit.core.hookspecs import hookimpl
from rummykit.core.moves import Move
from rummykit.core.specs import GameSettings, VariantSpec
from rummykit.core.views import View
from rummykit.standard import view_fields
from rummykit.standard.canasta_family import EndRound, TakePile
from rummykit.standard.family_plugin import CanastaFamilyRummy, check_canastas
from rummykit_variants.railroad_canasta.actions import LeaveKitty, PickUpKitty
from rummykit_variants.railroad_canasta.bot import HeuristicBot
from rummykit_variants.railroad_canasta.moves import canasta_moves
from rummykit_variants.railroad_canasta.rules import (
    FAMILY,
    RULES,
    CanastaPhase,
    CanastaRules,
    initial_minimum,
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


class RailroadCanasta(CanastaFamilyRummy[CanastaRules, CanastaState]):
    """Railroad Canasta: the canasta family's deal, moves, scoring and end of game (`FAMILY`), with its 7s
    and its kitty."""

    spec = SPEC

    @hookimpl
    def rummykit_setup(self, config: GameSettings) -> CanastaRules:
        return make_rules(config)

    @hookimpl
    def rummykit_moves(self, rules: CanastaRules) -> dict[type[Action], Move[Any, Any]]:
        return canasta_moves(rules)

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
        check_canastas(view.canastas, view.table, FAMILY)

    @hookimpl
    def rummykit_check_position(self, state: CanastaState) -> None:
        """The family's position rules, and the kitties: one a seat, empty once picked up, of at most its
        size, picked up (or left) only by a seat that may (RC-20)."""
        if len(state.kitty_taken) != state.players:
            raise InvalidPositionError("extra.kitty_taken", f"one entry per seat ({state.players})")
        super().rummykit_check_position(state)
        size = dict(state.rules.deal.seat_piles)["kitty"]
        for seat, kitty in enumerate(state.seat_piles["kitty"]):
            if state.kitty_taken[seat] and kitty:
                raise InvalidPositionError(f"seat_piles.kitty[{seat}]", "the kitty was picked up, so it is empty")
            if len(kitty) > size:
                raise InvalidPositionError(f"seat_piles.kitty[{seat}]", f"a kitty holds {size} cards")
        turn = state.turn
        if state.phase == CanastaPhase.KITTY and (state.kitty_taken[turn] or not state.may_look(turn)):
            raise InvalidPositionError("phase", f"seat {turn} may not pick up its kitty now (RC-20)")

    @hookimpl
    def rummykit_arrange_position(self, state: CanastaState, melded: frozenset[int], given: frozenset[str]) -> None:
        """RC-15: the pile is frozen while a wild card lies in it, or a red 3 or a wild card was its
        first up-card; a kitty that is empty has been picked up (RC-20)."""
        super().rummykit_arrange_position(state, melded, given)
        if "kitty_taken" not in given:
            state.kitty_taken = [not kitty for kitty in state.seat_piles["kitty"]]

    @hookimpl
    def rummykit_bots(self) -> Mapping[str, Callable[[int | None], Bot]]:
        return {"heuristic": HeuristicBot}

    @hookimpl
    def rummykit_move_help(self, rules: CanastaRules) -> list[tuple[str, str]]:
        """The family's moves, and the kitty's (RC-20)."""
        kitty = [("kitty", "pick up your kitty (RC-20)"), ("leave", "leave your kitty for later (RC-20)")]
        return [*super().rummykit_move_help(rules), *kitty]

    @hookimpl
    def rummykit_parse_move(self, seat: int, words: list[str]) -> Action | None:
        match words:
            case ["kitty"] | ["pick", "up", "kitty"]:
                return PickUpKitty(seat=seat)
            case ["leave"] | ["leave", "kitty"]:
                return LeaveKitty(seat=seat)
        return super().rummykit_parse_move(seat, words)
