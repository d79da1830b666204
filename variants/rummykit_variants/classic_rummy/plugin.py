"""The Classic Rummy plug-in, registered through the ``rummykit.variants`` entry point ``rummy``: the
standard rummy played from [`make_rules`][rummykit_variants.classic_rummy.rules.make_rules]'s data."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rummykit.core.actions import Discard, Draw, GoDown, LayOff, TakeDiscard
from rummykit.core.bots import Bot
from rummykit.core.errors import InvalidPositionError
from rummykit.core.hookspecs import hookimpl
from rummykit.core.specs import GameSettings, VariantSpec
from rummykit.core.state import Phase
from rummykit.standard import StandardRules, StandardRummy, StandardState, StandardView, check_position
from rummykit_variants.classic_rummy.bot import HeuristicBot
from rummykit_variants.classic_rummy.rules import OPTIONS, RULES, make_rules

__all__ = ["SPEC", "ClassicRummy"]

SPEC = VariantSpec(
    name="rummy",
    title="Classic Rummy",
    min_players=2,
    max_players=4,
    players_rule="CR-1",
    rules=RULES,
    options=OPTIONS,
    actions=(Draw, TakeDiscard, GoDown, LayOff, Discard),
    state_type=StandardState,
    view_type=StandardView,
    round_ends=("CR-8", "CR-9", "CR-C2"),
    unreachable_in_tests={
        "round-end:CR-C2": "no hand ever holds more than it was dealt and the card drawn, so the stock and the "
        "discard pile hold at least 24 cards together at every draw (52 less 4 hands of 7): a card can always be "
        "drawn (CR-7)",
    },
)


class ClassicRummy(StandardRummy[StandardRules, StandardState]):
    """Classic Rummy: the standard rummy, its rules as data, and its heuristic bot."""

    spec = SPEC

    @hookimpl
    def rummykit_setup(self, config: GameSettings) -> StandardRules:
        return make_rules(config)

    @hookimpl
    def rummykit_check_position(self, state: StandardState) -> None:
        """The standard rummy's position rules, and hands no larger than play makes them: a hand is
        dealt its cards (CR-1) and takes one card a turn (CR-3), which its discard gives back (CR-6),
        so it never holds more than the deal, and one card more after its turn's draw. (A larger hand
        could only be written by hand, and its melds would be too many to list.)"""
        check_position(state)
        dealt = state.rules.deal.hand_size_of(state.round)
        for seat, hand in enumerate(state.hands):
            drawn = seat == state.turn and state.phase in (Phase.PLAY, Phase.OVER)
            if len(hand) > dealt + drawn:
                raise InvalidPositionError(
                    f"hands[{seat}]",
                    f"{len(hand)} cards: a hand holds at most the {dealt} dealt (CR-1), and one more after the "
                    "turn's draw (CR-3) until its discard (CR-6)",
                )

    @hookimpl
    def rummykit_bots(self) -> Mapping[str, Callable[[int | None], Bot]]:
        return {"heuristic": HeuristicBot}
