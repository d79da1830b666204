"""The Shanghai plug-in, registered through the ``rummykit.variants`` entry point ``shanghai``: the
standard contract rummy played from `make_rules`'s data, with one
override (which rule a group that is no meld breaks)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rummykit import Bot, Card, Contract, GameSettings, Meld, VariantSpec, hookimpl, read_meld
from rummykit.core.actions import Action, Discard, Draw, GoDown, LayOff, TakeDiscard
from rummykit.core.moves import Move
from rummykit.standard import ContractGoDown, StandardRules, StandardRummy, StandardState, StandardView
from rummykit_shanghai.bot import ShanghaiBot
from rummykit_shanghai.rules import OPTIONS, RULES, make_rules

__all__ = ["SPEC", "Shanghai"]

SPEC = VariantSpec(
    name="shanghai",
    title="Shanghai",
    min_players=2,
    max_players=6,
    players_rule="SH-1",
    low_score_wins=True,
    rules=RULES,
    options=OPTIONS,
    actions=(Draw, TakeDiscard, GoDown, LayOff, Discard),
    state_type=StandardState,
    view_type=StandardView,
    round_ends=("SH-12", "SH-13"),
    unreachable_in_tests={
        "round-end:SH-13": "no hand ever holds more than the 11 cards dealt and the card drawn, so the stock and "
        "the discard pile hold at least 42 cards together at every draw (108 less 6 hands of 11): a new stock "
        "can always be formed (SH-13)",
    },
)


class ShanghaiGoDown(ContractGoDown[StandardState]):
    """SH-9 as the standard rummy plays it, but a group that is no meld cites the rule it breaks as a
    set (SH-5) if its natural cards share a rank, else as a run (SH-6), whatever the contract asks."""

    def read(self, group: Sequence[Card], contract: Contract) -> Meld:
        return read_meld(group, self.rules.melds)


class Shanghai(StandardRummy[StandardRules, StandardState]):
    """Shanghai: the standard contract rummy, its rules as data, and its heuristic bot."""

    spec = SPEC

    @hookimpl
    def rummykit_setup(self, config: GameSettings) -> StandardRules:
        return make_rules(config)

    @hookimpl
    def rummykit_moves(self, rules: StandardRules) -> dict[type[Action], Move[Any, Any]]:
        return {**super().rummykit_moves(rules), GoDown: ShanghaiGoDown(rules)}

    @hookimpl
    def rummykit_bots(self) -> Mapping[str, Callable[[int | None], Bot]]:
        return {"heuristic": ShanghaiBot}
