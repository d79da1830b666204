"""Every built-in variant, with each stack of its house rules, passes the conformance kit
(rummykit.testing): termination, conservation, soundness, completeness, refusal, determinism, views
and records. Adding a variant is one entry in VARIANTS.

The quick run plays a few seeded games per stack and checks some hypothesis positions; the ``slow``
run is the full-size demonstration: 500 RailRoad Rummy games, 50 Railroad Canasta games, 100 Classic
Rummy games alone and 40 under each of the 31 other stacks of its five house rules, and more
hypothesis positions.
"""

from __future__ import annotations

import itertools
from typing import Final

import pytest

from rummykit.testing import check_games, check_random_actions

#: Each built-in variant and the house rules it has (every stack of them is checked).
VARIANTS: Final[dict[str, tuple[str, ...]]] = {
    "railroad-canasta": (),
    "railroad-rummy": (),
    "rummy": ("ace-low", "discard-to-go-out", "initial-meld-50", "jokers", "one-meld-per-turn"),
}
STACKS: Final = [
    (variant, stack)
    for variant, rules in VARIANTS.items()
    for size in range(len(rules) + 1)
    for stack in itertools.combinations(rules, size)
]
#: The variants alone (no house rule): checked at more length than each stack.
PLAIN: Final = [(variant, ()) for variant in VARIANTS]


def case_id(case: object) -> str:
    if isinstance(case, tuple):
        return "+".join(case) or "plain"
    return str(case)


def test_every_rummy_stack_is_checked() -> None:
    assert len([case for case in STACKS if case[0] == "rummy"]) == 32


# -- the quick run -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "house_rules"), PLAIN, ids=case_id)
def test_seeded_games(variant: str, house_rules: tuple[str, ...]) -> None:
    report = check_games(variant, house_rules=house_rules, games=6)
    assert report.rounds >= 6


@pytest.mark.parametrize(("variant", "house_rules"), PLAIN, ids=case_id)
def test_random_actions(variant: str, house_rules: tuple[str, ...]) -> None:
    report = check_random_actions(variant, house_rules=house_rules, max_examples=60)
    assert report.accepted and len(report.refusals) >= 3, report


@pytest.mark.parametrize(("variant", "house_rules"), [case for case in STACKS if case[1]], ids=case_id)
def test_seeded_games_and_random_actions_under_house_rules(variant: str, house_rules: tuple[str, ...]) -> None:
    check_games(variant, house_rules=house_rules, games=3, seed=1000)
    check_random_actions(variant, house_rules=house_rules, max_examples=8)


@pytest.mark.parametrize("variant", [variant for variant, rules in VARIANTS.items() if rules])
def test_random_actions_under_random_stacks(variant: str) -> None:
    check_random_actions(variant, house_rules=None, max_examples=30)


# -- the full-size run -------------------------------------------------------------------------------------

SLOW_GAMES: Final = {"railroad-rummy": 500, "railroad-canasta": 50, "rummy": 100}
"""Full-size runs: games of each variant alone, in batches that parallel test runs share out. Railroad
Canasta's games are long (a random bot's round runs to hundreds of turns); tests/test_canasta_games.py
plays 200 more of them."""
STACK_GAMES: Final = 40
"""Games under each stack of house rules (31 stacks: 1,240 games with those of Rummy alone)."""
BATCH: Final = 50


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant", "house_rules", "first"),
    [
        (variant, stack, first)
        for variant, stack in STACKS
        for first in range(0, STACK_GAMES if stack else SLOW_GAMES[variant], BATCH)
    ],
    ids=case_id,
)
def test_seeded_games_at_full_size(variant: str, house_rules: tuple[str, ...], first: int) -> None:
    # Termination and conservation (every card accounted for) after every action of every game; the
    # costly checks at some positions only: soundness every 10th, views every 20th (their JSON every
    # 100th). The quick run checks them at every position of its games.
    check_games(
        variant,
        house_rules=house_rules,
        games=min(BATCH, STACK_GAMES) if house_rules else BATCH,
        seed=10_000 + first,
        soundness_every=10,
        views_every=20,
        json_every=100,
    )


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "house_rules"), PLAIN, ids=case_id)
def test_random_actions_at_full_size(variant: str, house_rules: tuple[str, ...]) -> None:
    check_random_actions(variant, house_rules=house_rules, max_examples=200)
