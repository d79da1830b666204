"""The Classic Canasta plug-in, registered through the ``rummykit.variants`` entry point ``canasta``: the canasta
family's game (`rules.make_rules`) for two sides of partners (or two or three players each alone), with its
up-card (CAN-8), its concealed going out and the end of its stock (`moves`), and play to 5,000."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rummykit.core.actions import Action, Discard, Draw, GoDown, LayOff
from rummykit.core.bots import Bot
from rummykit.core.cards import FACE_MASK, CardId
from rummykit.core.errors import InvalidPositionError
from rummykit.core.hookspecs import hookimpl
from rummykit.core.moves import Move
from rummykit.core.shoe import Randomness
from rummykit.core.specs import GameSettings, VariantSpec
from rummykit.core.state import in_pile
from rummykit.standard import (
    AnswerGoOut,
    AskToGoOut,
    CanastaFamilyRummy,
    EndRound,
    FamilyView,
    StandardRules,
    TakePile,
    deal_family,
    with_asking,
)
from rummykit.standard.asking import ASK
from rummykit_variants.canasta.book import RULES
from rummykit_variants.canasta.bot import HeuristicBot
from rummykit_variants.canasta.moves import ClassicCanastaState, canasta_moves
from rummykit_variants.canasta.rules import OPTIONS, make_rules

__all__ = ["SPEC", "ClassicCanasta"]

SPEC = VariantSpec(
    name="canasta",
    title="Canasta",
    min_players=2,
    max_players=6,
    player_counts=(2, 3, 4, 6),
    players_rule="CAN-1",
    rules=RULES,
    options=OPTIONS,
    actions=(Draw, TakePile, EndRound, GoDown, LayOff, Discard, AskToGoOut, AnswerGoOut),
    phases=(ASK,),
    seat_piles=("red_threes",),
    public_seat_piles=("red_threes",),
    state_type=ClassicCanastaState,
    view_type=FamilyView,
    listing_ignores_suits=True,
    round_ends=("CAN-10", "CAN-24", "CAN-27"),
)


class ClassicCanasta(CanastaFamilyRummy[StandardRules, ClassicCanastaState]):
    """Classic Canasta: the canasta family's game, sides of partners sharing melds, red threes and score."""

    spec = SPEC

    @hookimpl
    def rummykit_setup(self, config: GameSettings) -> StandardRules:
        return make_rules(config)

    @hookimpl
    def rummykit_moves(self, rules: StandardRules) -> dict[type[Action], Move[Any, Any]]:
        return with_asking(rules, canasta_moves(rules))

    @hookimpl
    def rummykit_start_round(self, state: ClassicCanastaState, shoe: list[CardId], rng: Randomness) -> bool:
        """CAN-6 to CAN-8: the deal, the red threes in hands laid out and replaced seat by seat (CAN-7), then the
        up-card, covered by the next card of the stock while it is a wild card or a red three, which freeze the
        pile (CAN-19)."""
        deal_family(state, shoe)
        family = state.family
        stock, pile = state.piles["stock"], state.piles["discard"]
        freezes = family.groups.never_indices | {card.index for card in family.takes.frozen_by}
        while stock and pile[-1] & FACE_MASK in freezes:
            pile.append(stock.pop())
            state.note_moved(pile[-1:], in_pile("stock"), in_pile("discard"))
        state.frozen = any(cid & FACE_MASK in freezes for cid in pile)
        return True

    @hookimpl
    def rummykit_check_position(self, state: ClassicCanastaState) -> None:
        """The family's position rules, and the turns Classic Canasta keeps per seat: one entry a seat, each a turn
        already played (``drew_on``: CAN-26's draw from the stock; ``added_on``: a card added to a partner's meld)."""
        for name in ("drew_on", "added_on"):
            turns = getattr(state, name)
            if len(turns) != state.players:
                raise InvalidPositionError(f"extra.{name}", f"one entry per seat ({state.players}), not {len(turns)}")
            for seat, turn in enumerate(turns):
                if turn is not None and not 1 <= turn <= state.turn_number:
                    raise InvalidPositionError(
                        f"extra.{name}[{seat}]", f"turn {turn} is not one of 1 to {state.turn_number}"
                    )
        super().rummykit_check_position(state)

    @hookimpl
    def rummykit_bots(self) -> Mapping[str, Callable[[int | None], Bot]]:
        return {"heuristic": HeuristicBot}
