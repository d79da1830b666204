"""The RailRoad Rummy plug-in, registered through the ``rummykit.variants`` entry point
``railroad-rummy``: a standard contract rummy (`rummykit.standard`) with a claim window after
every draw from the draw pile (RR-15 to RR-18), its HMGs, and golf scoring."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rummykit.core.actions import Action, Discard, Draw, GoDown, LayOff, TakeDiscard
from rummykit.core.bots import Bot
from rummykit.core.cards import face
from rummykit.core.errors import InvalidPositionError
from rummykit.core.hookspecs import hookimpl
from rummykit.core.moves import Move
from rummykit.core.shoe import Randomness
from rummykit.core.specs import GameSettings, VariantSpec
from rummykit.core.state import Phase, RoundEnd, in_hand, in_pile
from rummykit.core.views import View
from rummykit.standard import DrawMove, StandardMove, StandardRummy, check_position, draw_card, view_fields
from rummykit_variants.railroad_rummy.actions import Claim, Pass
from rummykit_variants.railroad_rummy.bot import HeuristicBot
from rummykit_variants.railroad_rummy.rules import OPTIONS, RULES, RailroadPhase, RailroadRules, make_rules
from rummykit_variants.railroad_rummy.state import ClaimOutcome, Declaration, RailroadRummyView, RailroadState

__all__ = ["SPEC", "RailroadRummy"]

SPEC = VariantSpec(
    name="railroad-rummy",
    title="RailRoad Rummy",
    min_players=2,
    max_players=8,
    players_rule="RR-1",
    low_score_wins=True,
    rules=RULES,
    options=OPTIONS,
    actions=(Draw, TakeDiscard, Claim, Pass, GoDown, LayOff, Discard),
    phases=tuple(RailroadPhase),
    piles=("stock", "standby", "discard"),
    state_type=RailroadState,
    view_type=RailroadRummyView,
    listing_ignores_suits=True,
    round_ends=("RR-22", "RR-5"),
    glossary={
        "HMG": (
            "a token that puts a claim ahead of every claim made without one (RR-16); "
            "each player has a few for the whole game (RR-18)"
        ),
    },
)


def declaring(state: RailroadState) -> tuple[int, ...]:
    """In an open claim window, the seats yet to declare, in turn order from the turn player."""
    seats = (state.next_seat(state.turn, step) for step in range(1, state.players))
    return tuple(seat for seat in seats if seat not in state.declarations)


class RailroadDraw(DrawMove[RailroadState]):
    """RR-14, RR-15: a draw from the draw pile opens a claim window on the top discard (if any, RR-C3)."""

    def start_play(self, state: RailroadState) -> None:
        if state.piles["discard"]:
            state.phase = RailroadPhase.CLAIM
            state.declarations = {}
        else:
            state.phase = Phase.PLAY


class Declare(StandardMove[RailroadState, Claim | Pass]):
    """A declaration in the claim window (RR-15 to RR-18): pass, claim, or claim with an HMG. When
    the last seat has declared, the claim is resolved."""

    phases = frozenset({RailroadPhase.CLAIM})
    on_turn = False  # played out of turn: the seats after the turn player declare (RR-15)

    def __init__(self, rules: RailroadRules, action_type: type[Claim | Pass]) -> None:
        super().__init__(rules)
        self.action_type = action_type

    def check(self, state: RailroadState, action: Claim | Pass) -> Claim | Pass:
        if state.phase != RailroadPhase.CLAIM:
            raise self.refuse(
                "RR-15", "no claim window is open: one opens when the turn player draws from the draw pile", action
            )
        if action.seat == state.turn:
            raise self.refuse("RR-15", "the turn player does not declare in their own claim window", action)
        if action.seat in state.declarations:
            raise self.refuse("RR-15", "each player declares once in a claim window, and this seat has", action)
        if isinstance(action, Claim) and action.hmg and state.hmg[action.seat] <= 0:
            raise self.refuse("RR-18", "this seat has no HMG left", action)
        return action

    def legal(self, state: RailroadState, seat: int) -> Iterable[Claim | Pass]:
        if seat == state.turn or seat in state.declarations:
            return ()
        if self.action_type is Pass:
            return (Pass(seat=seat),)
        return (Claim(seat=seat), Claim(seat=seat, hmg=True)) if state.hmg[seat] > 0 else (Claim(seat=seat),)

    def perform(self, state: RailroadState, action: Claim | Pass, rng: Randomness) -> None:
        if isinstance(action, Pass):
            declared = Declaration.PASS
        else:
            declared = Declaration.HMG if action.hmg else Declaration.CLAIM
        state.declarations[action.seat] = declared
        if len(state.declarations) == state.players - 1:
            resolve_claims(state, rng)


def resolve_claims(state: RailroadState, rng: Randomness) -> None:
    """RR-16, RR-17: HMG claimants first, then turn order from the turn player; the winner takes the
    card and a penalty card (none if none can be had, RR-5), and only the winner's HMG is used up."""
    order = [state.next_seat(state.turn, step) for step in range(1, state.players)]
    declarations = tuple((seat, state.declarations[seat]) for seat in order)
    hmg_claimants = [seat for seat, declared in declarations if declared is Declaration.HMG]
    claimants = [seat for seat, declared in declarations if declared is not Declaration.PASS]
    winner = hmg_claimants[0] if hmg_claimants else (claimants[0] if claimants else None)
    pile = state.piles["discard"]
    card = pile[-1]
    penalty = False
    with_hmg = winner is not None and state.declarations[winner] is Declaration.HMG
    if winner is not None:
        claimed = pile.pop()
        state.hands[winner].append(claimed)
        state.note_moved((claimed,), in_pile("discard"), in_hand(winner))
        penalty_card = draw_card(state, rng)
        if not isinstance(penalty_card, RoundEnd):
            state.hands[winner].append(penalty_card)
            state.note_moved((penalty_card,), in_pile("stock"), in_hand(winner))
            penalty = True
        if with_hmg:
            state.hmg[winner] -= 1
    state.last_claim = ClaimOutcome(
        turn=state.turn, card=face(card), declarations=declarations, winner=winner, hmg=with_hmg, penalty=penalty
    )
    state.declarations = {}
    state.phase = Phase.PLAY


class RailroadRummy(StandardRummy[RailroadRules, RailroadState]):
    """RailRoad Rummy: the standard contract rummy, with the claim window and HMGs of its own."""

    spec = SPEC

    @hookimpl
    def rummykit_setup(self, config: GameSettings) -> RailroadRules:
        return make_rules(config)

    @hookimpl
    def rummykit_moves(self, rules: RailroadRules) -> dict[type[Action], Move[Any, Any]]:
        moves = super().rummykit_moves(rules)
        return {
            Draw: RailroadDraw(rules),
            TakeDiscard: moves[TakeDiscard],
            Pass: Declare(rules, Pass),
            Claim: Declare(rules, Claim),
            **{kind: moves[kind] for kind in (GoDown, LayOff, Discard)},
        }

    @hookimpl
    def rummykit_start_game(self, state: RailroadState) -> None:
        state.hmg = [state.rules.hmg_per_player] * state.players  # RR-18: for the whole game

    @hookimpl
    def rummykit_to_act(self, state: RailroadState) -> tuple[int, ...]:
        if state.is_over:
            return ()
        return declaring(state) if state.phase == RailroadPhase.CLAIM else (state.turn,)

    @hookimpl
    def rummykit_view(self, state: RailroadState, seat: int | None, to_act: tuple[int, ...]) -> View:
        fields = view_fields(state, seat, to_act)
        claim_open = state.phase == RailroadPhase.CLAIM
        if claim_open:  # RR-C1: the open window's declarations stay sealed, except the seat's own
            log = list(state.log)
            opened = len(log) - len(state.declarations)
            fields["log"] = (*log[:opened], *(a for a in log[opened:] if a.seat == seat))
        return RailroadRummyView(
            **fields,
            standby_size=len(state.piles.get("standby", ())),
            hmg=tuple(state.hmg),
            declared=tuple(sorted(state.declarations)) if claim_open else (),
            last_claim=state.last_claim,
        )

    @hookimpl
    def rummykit_check_view(self, view: View, rules: RailroadRules) -> None:
        super().rummykit_check_view(view, rules)
        if not isinstance(view, RailroadRummyView):
            return
        if len(view.hmg) != view.players:
            raise InvalidPositionError("hmg", f"one entry per seat ({view.players})")
        for seat, left in enumerate(view.hmg):
            if not 0 <= left <= rules.hmg_per_player:
                raise InvalidPositionError(f"hmg[{seat}]", f"HMGs left are 0 to {rules.hmg_per_player}, not {left}")
        if not 0 <= view.standby_size <= len(rules.card_ids):
            raise InvalidPositionError("standby_size", f"a pile holds 0 to {len(rules.card_ids)} cards")
        if any(not 0 <= seat < view.players for seat in view.declared):
            raise InvalidPositionError("declared", f"seats are 0 to {view.players - 1}")

    @hookimpl
    def rummykit_check_position(self, state: RailroadState) -> None:
        check_position(state)  # a game over too, as its last round left it
        players = state.players
        if len(state.hmg) != players:
            raise InvalidPositionError("extra.hmg", f"one entry per seat ({players})")
        for seat, left in enumerate(state.hmg):
            if not 0 <= left <= state.rules.hmg_per_player:
                raise InvalidPositionError(f"extra.hmg[{seat}]", f"HMGs left are 0 to {state.rules.hmg_per_player}")
        claim = state.last_claim
        named: list[tuple[str, int | None]] = [("declarations", seat) for seat in state.declarations]
        if claim is not None:
            named += [("last_claim.turn", claim.turn), ("last_claim.winner", claim.winner)]
            named += [(f"last_claim.declarations[{i}]", seat) for i, (seat, _) in enumerate(claim.declarations)]
        for field, named_seat in named:
            if named_seat is not None and not 0 <= named_seat < players:
                raise InvalidPositionError(f"extra.{field}", f"there is no seat {named_seat}")
        claim_open = state.phase == RailroadPhase.CLAIM
        if state.declarations and not claim_open:
            raise InvalidPositionError("extra.declarations", "declarations are only open during a claim window")
        if claim_open and not state.piles["discard"]:
            raise InvalidPositionError("phase", "a claim window needs a top discard to claim (RR-C3)")
        if state.turn in state.declarations:
            raise InvalidPositionError("extra.declarations", "the turn player does not declare")

    @hookimpl
    def rummykit_bots(self) -> Mapping[str, Callable[[int | None], Bot]]:
        return {"heuristic": HeuristicBot}

    @hookimpl
    def rummykit_parse_move(self, seat: int, words: list[str]) -> Action | None:
        if words == ["claim"]:
            return Claim(seat=seat)
        if words in (["hmg"], ["claim", "hmg"]):
            return Claim(seat=seat, hmg=True)
        if words == ["pass"]:
            return Pass(seat=seat)
        return None
