"""Every built-in variant, with stacks of its house rules, passes the conformance kit
(rummykit.testing): termination, conservation, soundness, completeness, refusal, determinism, views,
records and coverage. Adding a variant is one entry in VARIANTS.

The quick run makes the call a variant author makes first, `check_variant(name)` with its defaults, on
every built-in variant: no start position is handed to the kit, which reaches every phase, action kind
and way to end a round from the deal (its games, searches from their positions, and games steered toward
what they have not reached). Classic Rummy's house rules are checked one at a time and all together (6
of the 32 stacks), and random stacks in random positions. The ``slow`` run is the full-size
demonstration: 500 RailRoad Rummy games, 50 Railroad Canasta games, 200 Gin Rummy games, 100 Classic
Rummy games alone and 40 under each of the 31 other stacks of its five house rules, and more random
positions.
"""

from __future__ import annotations

import itertools
from typing import Final

import pytest

from rummykit.testing import check_games, check_random_actions, check_variant
from tests.sizes import variant_params

#: Each built-in variant and the house rules it has.
VARIANTS: Final[dict[str, tuple[str, ...]]] = {
    "canasta": (),
    "gin-rummy": (),
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
#: The stacks the quick run checks: each house rule alone, and all of a variant's together.
SAMPLED_STACKS: Final = [
    (variant, stack) for variant, stack in STACKS if stack and (len(stack) == 1 or len(stack) == len(VARIANTS[variant]))
]
STACK_GAMES: Final = 5
"""Games under each sampled stack of house rules in the quick run."""
EVERY: Final = 25
"""Between the positions the kit checks in full (the first of each phase in each game, the first after
each action kind, each round's end), the quick run's stacks check soundness and views at every 25th."""


def case_id(case: object) -> str:
    if isinstance(case, tuple):
        return "+".join(case) or "plain"
    return str(case)


def test_every_rummy_stack_is_checked_in_the_slow_run_and_six_in_the_quick_run() -> None:
    assert len([case for case in STACKS if case[0] == "rummy"]) == 32
    assert len(SAMPLED_STACKS) == 6


# -- the quick run -----------------------------------------------------------------------------------------


# every game's default call is in the slow set (`pytest -m slow`, as CI runs it); Classic Rummy's (3 s on one core)
# in the quick suite too, which must stay quick: the others take 5 s (RailRoad Rummy) to 20 s and more (canasta)
@pytest.mark.parametrize("variant", variant_params(VARIANTS, quick={"rummy"}))
def test_the_default_call_proves_the_variant(variant: str) -> None:
    # what a variant author calls first: nothing but the name; the kit reaches everything by itself
    report = check_variant(variant)
    never = [target for target in report.targets if not report.reached.get(target)]
    assert all(target in report.unreachable for target in never), report.table()
    assert not report.undeclared, report.undeclared  # every way a round ends is declared
    assert report.examples == 30 and report.accepted and len(report.refusals) >= 3, report
    assert report.reached_games["phase:over"] >= 10  # every game from the deal ends


@pytest.mark.parametrize(("variant", "house_rules"), SAMPLED_STACKS, ids=case_id)
def test_seeded_games_and_random_actions_under_house_rules(variant: str, house_rules: tuple[str, ...]) -> None:
    check_games(
        variant,
        house_rules=house_rules,
        games=STACK_GAMES,
        seed=1000,
        soundness_every=EVERY,
        views_every=EVERY,
        json_every=4 * EVERY,
    )
    check_random_actions(variant, house_rules=house_rules, max_examples=5, max_steps=100, seed=1000)


@pytest.mark.parametrize("variant", [variant for variant, rules in VARIANTS.items() if rules])
def test_random_actions_under_random_stacks(variant: str) -> None:
    check_random_actions(variant, house_rules=None, max_examples=15, max_steps=150)


# -- the full-size run -------------------------------------------------------------------------------------

SLOW_GAMES: Final = {"canasta": 50, "gin-rummy": 200, "railroad-rummy": 500, "railroad-canasta": 50, "rummy": 100}
"""Full-size runs: games of each variant alone, in batches that parallel test runs share out. Railroad
Canasta's games are long (a random bot's round runs to hundreds of turns); tests/test_canasta_games.py
plays 200 more of them."""
SLOW_STACK_GAMES: Final = 40
"""Games under each stack of house rules (31 stacks: 1,240 games with those of Rummy alone)."""
BATCH: Final = 50


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant", "house_rules", "first"),
    [
        (variant, stack, first)
        for variant, stack in STACKS
        for first in range(0, SLOW_STACK_GAMES if stack else SLOW_GAMES[variant], BATCH)
    ],
    ids=case_id,
)
def test_seeded_games_at_full_size(variant: str, house_rules: tuple[str, ...], first: int) -> None:
    # Termination and conservation (every card accounted for) after every action of every game; every
    # check at the positions where a game first reaches a phase, an action kind or a round's end; the
    # costly checks elsewhere at some positions only: soundness every 10th, views every 20th (their JSON
    # every 100th). Each batch reaches everything on its own, from the deal (no start positions).
    check_games(
        variant,
        house_rules=house_rules,
        games=min(BATCH, SLOW_STACK_GAMES) if house_rules else BATCH,
        seed=10_000 + first,
        soundness_every=10,
        views_every=20,
        json_every=100,
    )


@pytest.mark.slow
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_random_actions_at_full_size(variant: str) -> None:
    check_random_actions(variant, max_examples=200, seed=10_000)
