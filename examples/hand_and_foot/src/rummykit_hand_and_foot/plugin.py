"""The Hand and Foot plug-in, registered through the ``rummykit.variants`` entry point ``hand-and-foot``: the
canasta family's game (`rules.make_rules`) for two sides of partners, with the foot and the minimums by round
(`moves`), and four rounds."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs

from rummykit.core.actions import Action, Discard, Draw, GoDown, LayOff
from rummykit.core.bots import Bot
from rummykit.core.cards import CardId
from rummykit.core.hookspecs import hookimpl
from rummykit.core.moves import Move
from rummykit.core.shoe import Randomness
from rummykit.core.specs import GameSettings, VariantSpec
from rummykit.core.views import Picture, View, shown
from rummykit.standard import (
    CanastaFamilyRummy,
    EndRound,
    FamilyView,
    GroupState,
    StandardRules,
    TakePile,
    deal_family,
    family_view_fields,
)
from rummykit.standard.plugin import game_over
from rummykit_hand_and_foot.book import RULES
from rummykit_hand_and_foot.bot import HandAndFootBot
from rummykit_hand_and_foot.moves import hand_and_foot_moves, minimum_of
from rummykit_hand_and_foot.rules import make_rules

__all__ = ["SPEC", "HandAndFoot", "HandAndFootView"]


@attrs.frozen(kw_only=True)
class HandAndFootView(FamilyView):
    """A Hand and Foot view: the family's (``initial_minimum``: the round's, HF-12), and how many cards each
    seat's foot holds (0 once picked up, HF-13); never a foot's cards, not even the seat's own.

    Attributes:
        feet: the cards in each seat's foot.
    """

    feet: tuple[int, ...] = shown("foot", per_seat=True, picture=Picture.PILE)


SPEC = VariantSpec(
    name="hand-and-foot",
    title="Hand and Foot",
    min_players=2,
    max_players=4,
    player_counts=(2, 4),
    players_rule="HF-1",
    rules=RULES,
    actions=(Draw, TakePile, EndRound, GoDown, LayOff, Discard),
    seat_piles=("foot", "red_threes"),
    public_seat_piles=("red_threes",),
    state_type=GroupState,
    view_type=HandAndFootView,
    listing_ignores_suits=True,
    round_ends=("HF-14", "HF-15"),
)


class HandAndFoot(CanastaFamilyRummy[StandardRules, GroupState]):
    """Hand and Foot: the canasta family's game, sides of partners, a foot a seat and four rounds."""

    spec = SPEC

    @hookimpl
    def rummykit_setup(self, config: GameSettings) -> StandardRules:
        return make_rules(config)

    @hookimpl
    def rummykit_moves(self, rules: StandardRules) -> dict[type[Action], Move[Any, Any]]:
        return hand_and_foot_moves(rules)

    @hookimpl
    def rummykit_start_round(self, state: GroupState, shoe: list[CardId], rng: Randomness) -> bool:
        """HF-6 and HF-7: the family's deal; nothing freezes the pile (HF-11 takes it with a natural pair only)."""
        deal_family(state, shoe)
        state.frozen = False
        return True

    @hookimpl
    def rummykit_view(self, state: GroupState, seat: int | None, to_act: tuple[int, ...]) -> View:
        """The family's view, the round's minimum for every seat (HF-12) and the feet's sizes (HF-13)."""
        fields = family_view_fields(state, seat, to_act)
        fields["initial_minimum"] = (minimum_of(state.round),) * state.players
        return HandAndFootView(**fields, feet=tuple(map(len, state.seat_piles["foot"])))

    @hookimpl
    def rummykit_game_over(self, state: GroupState) -> bool:
        """HF-21: after the fourth round."""
        return game_over(state)

    @hookimpl
    def rummykit_bots(self) -> Mapping[str, Callable[[int | None], Bot]]:
        return {"heuristic": HandAndFootBot}
