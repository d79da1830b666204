"""Every built-in variant, with stacks of its house rules, passes the conformance kit
(rummykit.testing): termination, conservation, soundness, completeness, refusal, determinism, views,
records and coverage. Adding a variant is one entry in VARIANTS.

The quick run plays a small run per variant, driven toward every phase, action kind and way to end a
round the variant declares (the kit fails naming what it never reached), with the variant's heuristic
bot mixed in; Classic Rummy's house rules are checked one at a time and all together (6 of the 32
stacks), and random stacks in hypothesis positions. The ``slow`` run is the full-size demonstration:
500 RailRoad Rummy games, 50 Railroad Canasta games, 200 Gin Rummy games, 100 Classic Rummy games alone
and 40 under each of the 31 other stacks of its five house rules, and more hypothesis positions.
"""

from __future__ import annotations

import itertools
from typing import Final

import pytest

import rummykit
from rummykit.testing import check_games, check_random_actions

#: Each built-in variant and the house rules it has.
VARIANTS: Final[dict[str, tuple[str, ...]]] = {
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
BOTS: Final = ("heuristic",)
"""The built-in variants' own bot, mixed in with the kit's random play."""
QUICK_GAMES: Final = {"gin-rummy": 3, "railroad-canasta": 3, "railroad-rummy": 3, "rummy": 5}
"""Games of each variant in the quick run: enough for the kit to reach every target (Railroad
Canasta's going out and Gin Rummy's rare ends from start positions, below)."""
QUICK_EXAMPLES: Final = {"gin-rummy": 20, "railroad-canasta": 12, "railroad-rummy": 20, "rummy": 20}
"""Hypothesis positions of each variant in the quick run (Railroad Canasta's cost the most)."""
STACK_GAMES: Final = 5
"""Games under each sampled stack of house rules in the quick run."""
EVERY: Final = 25
"""Between the positions the kit checks in full (the first of each phase in each game, the first after
each action kind, each round's end), the quick run checks soundness and views at every 25th."""


def going_out_in_railroad_canasta() -> rummykit.Game:
    """Seat 0 has a canasta of each kind (RC-21) and holds three 9s and a 5, after its draw: it may go
    out. Play from the deal reaches RC-21 in about one round of 40 between heuristic bots."""
    return rummykit.build_position(
        "railroad-canasta",
        2,
        seed=5,
        turn=0,
        phase="play",
        hands=["9C 9D 9H 5S", None],
        table=[
            (0, "7C 7D 7H 7S 7C 7D 7H"),
            (0, "2C 2D 2H 2S 2C 2D JK"),
            (0, "KC KD KH KS KC KD KH"),
            (0, "QC QD QH QS QC 2H JK"),
        ],
        options={"max_rounds": 1},
    )


def going_out_by_a_discard_in_rummy(house_rules: tuple[str, ...]) -> rummykit.Game:
    """Under ``house_rules`` with discard-to-go-out (CR-22), seat 0 has made its initial meld and holds
    three 9s and a 5, after its draw: it may lay the 9s down and go out by discarding the 5 (CR-8).
    Random and heuristic play seldom gets there under one meld a turn and an initial meld of 50."""
    return rummykit.build_position(
        "rummy",
        2,
        seed=5,
        turn=0,
        phase="play",
        hands=["9C 9D 9H 5S", None],
        table=[(0, "KC KD KH")],
        melded=[0],
        house_rules=house_rules,
        options={"max_rounds": 1},
    )


def stack_positions(variant: str, house_rules: tuple[str, ...]) -> list[rummykit.Game]:
    """The start positions of a full-size run of ``variant`` under ``house_rules``."""
    if not house_rules:
        return list(POSITIONS.get(variant, ()))
    if variant == "rummy" and "discard-to-go-out" in house_rules:
        return [going_out_by_a_discard_in_rummy(house_rules)]
    return []


def gin_lay_off(seed: int) -> rummykit.Game:
    """Seat 0 knocked, laid down 5S 6S 7S and 9H 9D 9C and kept 2C (GIN-13): seat 1, the defender, may
    lay off 8S on the run or 9S on the set (GIN-16), lay down 4C 4D 4H, or pass (GIN-18). Random play
    knocks in about one hand of forty, and a lay-off follows a few knocks in ten."""
    return rummykit.build_position(
        "gin-rummy",
        2,
        seed=seed,
        turn=1,
        phase="lay-off",
        hands=["2C", "8S 4H KD 4C 4D 9S JD 10H"],
        table=[(0, "5S 6S 7S"), (0, "9H 9D 9C")],
        discard="3D KC",
        facts={"knocker": 0},
        options={"single_hand": True},
    )


def gin_repeated_take(seed: int) -> rummykit.Game:
    """Seat 1 took the top discard and discarded it again; seat 0 has just done the same with 5H: if it
    discards 5H now, the hand is dead (GIN-7)."""
    return rummykit.build_position(
        "gin-rummy",
        2,
        seed=seed,
        turn=0,
        phase="play",
        hands=["5H 6D 8C QS KH 2C 4H 9D 10S JC AS", None],
        taken="5H",
        discard="9C",
        facts={"returned": True},
        options={"single_hand": True},
    )


def gin_take_limit() -> rummykit.Game:
    """The top discard was taken 49 times this hand: the 50th take is not made, the hand is dead (GIN-8)."""
    return rummykit.build_position(
        "gin-rummy",
        2,
        seed=1,
        turn=0,
        phase="draw",
        hands=[None, None],
        discard="5H 9C",
        facts={"takes": 49},
        options={"single_hand": True},
    )


#: Start positions the kit plays from, besides its deals, by variant.
POSITIONS: Final = {
    "gin-rummy": [gin_take_limit(), gin_lay_off(1), gin_lay_off(2), *(gin_repeated_take(seed) for seed in (1, 2, 3))],
    "railroad-canasta": [going_out_in_railroad_canasta()],
}


def case_id(case: object) -> str:
    if isinstance(case, tuple):
        return "+".join(case) or "plain"
    return str(case)


def test_every_rummy_stack_is_checked_in_the_slow_run_and_six_in_the_quick_run() -> None:
    assert len([case for case in STACKS if case[0] == "rummy"]) == 32
    assert len(SAMPLED_STACKS) == 6


# -- the quick run -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_seeded_games_reach_every_phase_action_and_round_end(variant: str) -> None:
    report = check_games(
        variant,
        games=QUICK_GAMES[variant],
        bots=BOTS,
        positions=POSITIONS.get(variant, ()),
        soundness_every=EVERY,
        views_every=EVERY,
        json_every=4 * EVERY,
    )
    never = [target for target in report.targets if not report.reached.get(target)]
    assert all(target in report.unreachable for target in never), report
    assert report.reached_games["phase:over"] == report.games


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_random_actions(variant: str) -> None:
    report = check_random_actions(variant, max_examples=QUICK_EXAMPLES[variant], max_steps=150, bots=BOTS)
    assert report.accepted and len(report.refusals) >= 3, report


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
    check_random_actions(variant, house_rules=house_rules, max_examples=5, max_steps=100)


@pytest.mark.parametrize("variant", [variant for variant, rules in VARIANTS.items() if rules])
def test_random_actions_under_random_stacks(variant: str) -> None:
    check_random_actions(variant, house_rules=None, max_examples=15, max_steps=150)


# -- the full-size run -------------------------------------------------------------------------------------

SLOW_GAMES: Final = {"gin-rummy": 200, "railroad-rummy": 500, "railroad-canasta": 50, "rummy": 100}
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
    # every 100th). Each batch reaches everything on its own.
    check_games(
        variant,
        house_rules=house_rules,
        games=min(BATCH, SLOW_STACK_GAMES) if house_rules else BATCH,
        seed=10_000 + first,
        bots=BOTS,
        positions=stack_positions(variant, house_rules),
        soundness_every=10,
        views_every=20,
        json_every=100,
    )


@pytest.mark.slow
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_random_actions_at_full_size(variant: str) -> None:
    check_random_actions(variant, max_examples=200, bots=BOTS)
