"""The Rummy 500 plug-in, registered through the ``rummykit.variants`` entry point ``rummy-500``: the standard
rummy played from [`make_rules`][rummykit_variants.rummy_500.rules.make_rules]'s data."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rummykit.core.actions import DeepTake, Discard, Draw, GoDown, LayOff
from rummykit.core.bots import Bot
from rummykit.core.hookspecs import hookimpl
from rummykit.core.specs import GameSettings, VariantSpec
from rummykit.standard import SpreadState, SpreadView, StandardRules, StandardRummy
from rummykit_variants.rummy_500.bot import HeuristicBot
from rummykit_variants.rummy_500.rules import OPTIONS, RULES, make_rules

__all__ = ["SPEC", "Rummy500"]

SPEC = VariantSpec(
    name="rummy-500",
    title="Rummy 500",
    min_players=2,
    max_players=8,
    players_rule="R5-1",
    rules=RULES,
    options=OPTIONS,
    actions=(Draw, DeepTake, GoDown, LayOff, Discard),
    state_type=SpreadState,
    view_type=SpreadView,
    round_ends=("R5-9", "R5-10"),
)


class Rummy500(StandardRummy[StandardRules, SpreadState]):
    """Rummy 500: the standard rummy with a spread discard pile and credit to the layer, its rules as data, and
    its heuristic bot."""

    spec = SPEC

    @hookimpl
    def rummykit_setup(self, config: GameSettings) -> StandardRules:
        return make_rules(config)

    @hookimpl
    def rummykit_bots(self) -> Mapping[str, Callable[[int | None], Bot]]:
        return {"heuristic": HeuristicBot}
