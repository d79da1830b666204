"""Properties of the RailRoad Rummy engine that only RailRoad Rummy has; the properties every variant
must have (termination, conservation, soundness, completeness, refusal, determinism, views, records)
are checked by the conformance kit, rummykit.testing (tests/test_conformance.py).

1. A refused action changes nothing and cites a rule of the game, and only malformed input is
   InvalidActionError, in positions random play seldom reaches (rounds 4 to 7, lay-offs).
2. ``legal_actions`` is sound (every listed action is ``check()``'s fixed point and applies),
   complete under the equivalence the variant declares (a brute-force enumeration of candidate
   actions finds nothing legal that no listed action stands for: ``listing_ignores_suits``, so
   suits are set aside, ``rummykit.testing.checks.suit_blind``; RR-C4, G-6) and free of duplicates.
3. Whole games of all seven rounds end, with the lowest total winning (RR-31).
4. A claim window hides each seat's declaration from the others (RR-C1).

Positions come from seeded random play (``tests.support.play_random``; or :func:`play_quietly`,
whose bot rarely claims, so that hands stay small enough for the brute force) and from
``tests.support.arrange`` (checked by the position loader) for positions random play seldom reaches
(rounds 4 to 7, lay-offs).
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Final

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import rummykit
from rummykit import (
    Action,
    Card,
    Discard,
    Draw,
    Game,
    GoDown,
    IllegalActionError,
    LayOff,
    MeldKind,
    RunEnd,
    TakeDiscard,
    read_meld,
)
from rummykit.testing import check_action
from rummykit.testing.checks import suit_blind
from rummykit.testing.strategies import actions as kit_actions
from rummykit_variants.railroad_rummy import MELD_RULES, ROUNDS, Claim, Pass, RailroadRummyView
from tests.sizes import examples
from tests.support import arrange, play_random

# -- games and positions -------------------------------------------------------------------------------

VARIANT: Final = "railroad-rummy"
ENDS: Final = (None, RunEnd.LOW, RunEnd.HIGH)
#: Far more actions than any game takes (G-1 ends a round after 1,000 turns).
ACTION_LIMIT: Final = 200_000


def new_game(players: int, seed: int, options: Mapping[str, Any] | None = None) -> Game:
    return rummykit.new_game(VARIANT, players=players, seed=seed, options=options)


def random_position(seed: int, players: int, steps: int, options: Mapping[str, Any] | None = None) -> Game:
    """A game after ``steps`` uniformly random legal actions (``play_random``), all from ``seed``."""
    game = new_game(players, seed, options)
    play_random(game, random.Random(seed), steps=steps)
    return game


def choose_quietly(game: Game, rng: random.Random) -> Action:
    """A random bot that keeps hands small: it passes on 9 claims in 10, and goes down half the
    times it can, so that positions with go-downs, melds on the table and lay-offs come early."""
    actions = game.legal_actions(game.to_act[0])
    passes = [a for a in actions if isinstance(a, Pass)]
    if passes and rng.random() < 0.9:
        return passes[0]
    go_downs = [a for a in actions if isinstance(a, GoDown)]
    return rng.choice(go_downs if go_downs and rng.random() < 0.5 else actions)


def play_quietly(
    seed: int, players: int, steps: int, options: Mapping[str, Any] | None = None, *, last_round: int = 3
) -> Iterator[Game]:
    """The positions of a game of :func:`choose_quietly` (the same game object, moved on), from
    the deal, for up to ``steps`` actions or until round ``last_round`` is over."""
    game = new_game(players, seed, options)
    rng = random.Random(seed)
    for _ in range(steps + 1):
        if game.is_over or game.round > last_round:
            return
        yield game
        game.apply(choose_quietly(game, rng))


OTHER_HAND: Final = "3D 4D 5D 6D 7D 8D 9H 10D JD QC"
#: Positions for ``tests.support.arrange`` (in a 2-player game unless ``players`` says otherwise, with
#: the default options unless ``options`` says otherwise).
ARRANGED_POSITIONS: Final[dict[str, dict[str, Any]]] = {
    "round 7, 13 cards with wild cards": {
        "hands": ["3C 4D 5H 6S 7C 8D 9H 10S JC QD KH JK 2H", OTHER_HAND],
        "round": 7,
        "turn": 0,
        "phase": "play",
        "turn_number": 5,
        "discard": "9D",
    },
    "round 7, 13 cards, the taken card left over or used": {
        "hands": ["3H 4H 5H 6H 7C 8C 9C 10C JD QD KD AD 9S", OTHER_HAND],
        "round": 7,
        "turn": 0,
        "phase": "play",
        "turn_number": 5,
        "discard": "9D",
        "taken": "9S",
    },
    "round 7, 13 cards, the taken card may not be left over (RR-21 option false)": {
        "options": {"may_discard_taken_card": False},
        "hands": ["3H 4H 5H 6H 7C 8C 9C 10C JD QD KD AD 9S", OTHER_HAND],
        "round": 7,
        "turn": 0,
        "phase": "play",
        "turn_number": 5,
        "discard": "9D",
        "taken": "9S",
    },
    "round 7, 12 cards, every card in runs": {
        "hands": ["4H 5H 6H 7H 8C 9C JC QD KD AD 2S JK", OTHER_HAND],
        "round": 7,
        "turn": 0,
        "phase": "play",
        "turn_number": 5,
        "discard": "9D",
    },
    "round 4, 11 cards, three sets": {
        "hands": ["5C 5D 5H 9S 9H JK KC KD 2S 7H 5S", OTHER_HAND],
        "round": 4,
        "turn": 0,
        "phase": "play",
        "turn_number": 3,
        "discard": "9D",
    },
    "round 4, 10 cards, the other seat to act": {
        "hands": ["5C 5D 5H 9S 9H JK KC KD 2S 7H", "3D 3H 3S 6D 6C JK 8D 8H 2C 4S"],
        "round": 4,
        "turn": 1,
        "phase": "play",
        "turn_number": 2,
        "discard": "9D",
    },
    "round 5, 11 cards, two sets and a run": {
        "hands": ["5C 5D 5H 9S 9H JK 6C 7D 8S 2S 10H", OTHER_HAND],
        "round": 5,
        "turn": 0,
        "phase": "play",
        "turn_number": 3,
        "discard": "9D",
    },
    "round 6, 11 cards, a set and two runs": {
        "hands": ["5C 5D JK 6S 7H 8H 9C 10D JD QD 2C", OTHER_HAND],
        "round": 6,
        "turn": 0,
        "phase": "play",
        "turn_number": 3,
        "discard": "9D",
    },
    "round 2, lay-offs on sets and runs": {
        "hands": ["3S 10D 2C JK 5C 4H QD KH 8S 3H", OTHER_HAND],
        "round": 2,
        "turn": 0,
        "phase": "play",
        "turn_number": 5,
        "discard": "9D",
        "table": [
            (0, "5H 5D 5S"),
            (0, "6C 7C 8C 9C"),
            (1, "JK 4D 5C 6H"),
            (1, "JK 5H 2D 7H"),  # as many wild cards as natural ones: no more wild cards (RR-7)
            (1, "3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"),  # complete (RR-9)
            (1, "QH QS 2D"),
        ],
        "went_down": {0: 1, 1: 2},
    },
    "round 2, a lay-off may not leave only the taken card (RR-21 option false)": {
        "options": {"may_discard_taken_card": False},
        "hands": ["9H 9S", OTHER_HAND],
        "round": 2,
        "turn": 0,
        "phase": "play",
        "turn_number": 3,
        "discard": "4D",
        "table": [(0, "9C 9D 2C"), (0, "5H 6H 7H 8H")],
        "went_down": {0: 1},
        "taken": "9S",
    },
    "round 2, a lay-off may leave only the taken card (RR-21 by default)": {
        "hands": ["9H 9S", OTHER_HAND],
        "round": 2,
        "turn": 0,
        "phase": "play",
        "turn_number": 3,
        "discard": "4D",
        "table": [(0, "9C 9D 2C"), (0, "5H 6H 7H 8H")],
        "went_down": {0: 1},
        "taken": "9S",
    },
    "round 3, went down this turn": {
        "hands": ["9H 4S", OTHER_HAND],
        "round": 3,
        "turn": 0,
        "phase": "play",
        "turn_number": 4,
        "discard": "4D",
        "table": [(0, "5H 6H 7H 8H"), (0, "JK 10S JS QS")],
        "went_down": {0: 4},
    },
    "a claim window, one seat without HMGs": {
        "players": 3,
        "hands": ["5C 5D 5H 9S 9H JK 6C 8S", "3D 4D 5D 6D 7D 8D 9H", "KH KS KD 7C 7H 2S 3C"],
        "turn": 0,
        "phase": "claim",
        "turn_number": 4,
        "discard": "KC",
        "hmg": [3, 0, 1],
    },
    "the draw, with an empty discard pile": {
        "hands": ["5C 5D 5H 9S 9H JK 6C", "3D 4D 5D 6D 7D 8D 9H"],
        "turn": 1,
        "phase": "draw",
        "turn_number": 6,
    },
    "the first turn of a round": {
        "players": 4,
        "hands": ["5C 5D 5H 9S 9H JK 6C", "3D 4D 5D 6D 7D 8D 9H", "5C 5D 5H 9S 9H JK 6C", "KH KS KD 7C 7H 2S 3C"],
        "turn": 2,
        "phase": "draw",
        "turn_number": 1,
        "discard": "QS",
    },
}


def arranged(name: str) -> Game:
    """A fresh game rearranged into the position ``ARRANGED_POSITIONS[name]``."""
    position = dict(ARRANGED_POSITIONS[name])
    game = new_game(position.pop("players", 2), 1, position.pop("options", None))
    return arrange(game, **position)


def is_malformed(action: Action, players: int) -> bool:
    """InvalidActionError is for malformed input only: a seat that does not exist, or a go-down
    that lists no meld or an empty one."""
    if not 0 <= action.seat < players:
        return True
    return isinstance(action, GoDown) and (not action.melds or any(not group for group in action.melds))


# -- brute-force enumeration of candidate actions -------------------------------------------------------


def sub_multisets(counts: Sequence[tuple[Card, int]], size: int, first: int = 0) -> Iterator[tuple[Card, ...]]:
    """Every sub-multiset of ``size`` cards of a hand given as ``(face, count)`` pairs, once each."""
    if size == 0:
        yield ()
        return
    for index in range(first, len(counts)):
        card, count = counts[index]
        for taken in range(min(count, size), 0, -1):
            for rest in sub_multisets(counts, size - taken, index + 1):
                yield (card,) * taken + rest


def card_orders(group: Sequence[Card], kind: MeldKind) -> Iterator[tuple[Card, ...]]:
    """Every distinct order of ``group`` that could be a meld of ``kind``. Orders read_meld refuses
    whatever it checks are skipped without asking it, to keep the brute force fast: a run whose
    natural cards do not rise (a run is listed low to high, G-5), a set whose natural cards differ
    in rank (RR-8)."""
    faces = sorted(set(group))
    left = [group.count(card) for card in faces]
    wild = [MELD_RULES.is_wild(card) for card in faces]
    ranks = [int(card.rank) for card in faces]
    run = kind == MeldKind.RUN
    order: list[Card] = []

    def extend(last_natural: int) -> Iterator[tuple[Card, ...]]:
        if len(order) == len(group):
            yield tuple(order)
            return
        for i, card in enumerate(faces):
            if not left[i]:
                continue
            if not wild[i] and last_natural and (ranks[i] <= last_natural if run else ranks[i] != last_natural):
                continue
            left[i] -= 1
            order.append(card)
            yield from extend(last_natural if wild[i] else ranks[i])
            order.pop()
            left[i] += 1

    yield from extend(0)


@functools.lru_cache(maxsize=100_000)
def accepted_orders(group: tuple[Card, ...], kind: MeldKind) -> tuple[tuple[Card, ...], ...]:
    """The orders of ``group`` that read_meld (the oracle) reads as a meld of ``kind``."""
    accepted = []
    for order in card_orders(group, kind):
        try:
            meld = read_meld(order, MELD_RULES)
        except IllegalActionError:
            continue
        if meld.kind is kind:
            accepted.append(order)
    return tuple(accepted)


@functools.lru_cache(maxsize=10_000)
def contract_splits(hand: tuple[Card, ...], round_number: int) -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """Every way to split a sub-multiset of ``hand`` (sorted) into the round's contract groups
    (RR-10), each group in every card order read_meld accepts. Groups of equal requirements are
    taken in one order only (:func:`brute_force_legal` checks that the meld order does not matter)."""
    contract = ROUNDS[round_number - 1].contract
    requirements = contract.melds
    if len(hand) < sum(req.size for req in requirements):
        return ()
    counts = sorted(Counter(hand).items())
    must_use = 0 if contract.max_leftover is None else len(hand) - contract.max_leftover
    candidates: dict[tuple[MeldKind, int], list[tuple[Counter[Card], tuple[tuple[Card, ...], ...]]]] = {}

    def groups(kind: MeldKind, size: int) -> list[tuple[Counter[Card], tuple[tuple[Card, ...], ...]]]:
        if (kind, size) not in candidates:
            candidates[kind, size] = [
                (Counter(group), orders)
                for group in sub_multisets(counts, size)
                if (orders := accepted_orders(group, kind))
            ]
        return candidates[kind, size]

    def sizes(depth: int, used: int) -> range:
        req = requirements[depth]
        if req.exact:
            return range(req.size, req.size + 1)
        still_needed = sum(r.size for r in requirements[depth + 1 :])
        return range(req.size, len(hand) - used - still_needed + 1)

    def split(
        depth: int, left: Counter[Card], used: int, floor: tuple[int, int]
    ) -> Iterator[list[tuple[tuple[Card, ...], ...]]]:
        if depth == len(requirements):
            if used >= must_use:
                yield []
            return
        req = requirements[depth]
        tied = depth > 0 and requirements[depth - 1] == req
        for size in sizes(depth, used):
            for index, (group, orders) in enumerate(groups(req.kind, size)):
                if (tied and (size, index) < floor) or group - left:
                    continue
                for rest in split(depth + 1, left - group, used + size, (size, index)):
                    yield [orders, *rest]

    return tuple(
        melds
        for orders_per_group in split(0, Counter(hand), 0, (0, 0))
        for melds in itertools.product(*orders_per_group)
    )


def candidate_actions(game: Game, seat: int) -> Iterator[Action]:
    """Every action type for ``seat``: the draws and declarations; a discard of every face in hand;
    a lay-off of every face in hand on every meld at every end; and every go-down candidate."""
    yield from (Draw(seat=seat), TakeDiscard(seat=seat), Pass(seat=seat), Claim(seat=seat), Claim(seat=seat, hmg=True))
    faces = sorted(set(game.hand(seat)))
    for card in faces:
        yield Discard(seat=seat, card=card)
    for card, meld, end in itertools.product(faces, range(len(game.state.table)), ENDS):
        yield LayOff(seat=seat, card=card, meld=meld, end=end)
    for melds in contract_splits(tuple(sorted(game.hand(seat))), game.round):
        yield GoDown(seat=seat, melds=melds)


def named_cards(action: Action) -> Counter[Card]:
    """The cards an action names (a go-down's, a lay-off's or a discard's), with multiplicity."""
    if isinstance(action, GoDown):
        return Counter(card for meld in action.melds for card in meld)
    if isinstance(action, LayOff | Discard):
        return Counter([action.card])
    return Counter()


def brute_force_legal(game: Game, seat: int) -> set[Action]:
    """Every candidate action that the game accepts, as ``check()`` returns it: with exactly the
    cards it names, only ordered (G-6)."""
    found: set[Action] = set()
    for action in candidate_actions(game, seat):
        try:
            checked = game.check(action)
        except IllegalActionError:
            continue
        assert named_cards(checked) == named_cards(action), f"{action} is carried out as {checked} (G-6)"
        assert game.check(checked) == checked, f"{checked} is not check()'s fixed point"
        found.add(checked)
        if isinstance(action, GoDown):
            # The meld order is not part of a go-down (G-5: one action): reversed, it lays down the
            # same melds. (Melds of the same ranks may keep the order they are named in.)
            reversed_melds = game.check(GoDown(seat=seat, melds=action.melds[::-1]))
            assert isinstance(reversed_melds, GoDown) and isinstance(checked, GoDown)
            assert Counter(reversed_melds.melds) == Counter(checked.melds), action
    return found


def assert_legal_actions_sound_and_complete(game: Game) -> None:
    """(a) soundness, exactly; (b) completeness against the brute force, under the equivalence the
    variant declares (suits set aside); (c) no duplicates, for every seat."""
    # RR-C4: the listing stands for every play with the same ranks (suits never matter, RR-8, RR-9).
    assert game.spec.listing_ignores_suits
    for seat in range(game.players):
        listed = game.legal_actions(seat)
        # (c) no duplicates; and one go-down per set of ranks (RR-C4).
        assert len(listed) == len(set(listed)), f"seat {seat} lists duplicates: {listed}"
        downs = [suit_blind(action) for action in listed if isinstance(action, GoDown)]
        assert len(downs) == len(set(downs)), f"seat {seat} lists a go-down twice up to suits: {listed}"
        # (a) every listed action is legal, check()'s fixed point, and applies to a copy.
        for action in listed:
            assert game.check(action) == action, f"{action} is not listed as check() returns it"
            game.copy().apply(action)
        # (b) every legal candidate the brute force finds is represented by a listed action (up to
        # suits; a go-down by the one listed for its choice of ranks, which lays down the fewest wild
        # cards of them all, the fewest jokers of as many), and the brute force finds every listed
        # action itself.
        found = brute_force_legal(game, seat)
        represented: dict[tuple[Any, ...], Action] = {}
        for action in listed:
            key = represented_as(action)
            assert not isinstance(action, GoDown) or key not in represented, f"{action}: its ranks are listed twice"
            represented.setdefault(key, action)
        missing = {action for action in found if represented_as(action) not in represented}
        assert not missing, f"seat {seat}: legal but not represented: {sorted(map(str, missing))}"
        for action in found:
            chosen = represented[represented_as(action)]
            assert wild_cards(chosen) <= wild_cards(action), f"{chosen} is listed for {action}, with more wild cards"
        unfound = set(listed) - found
        assert not unfound, f"seat {seat}: listed but not found by brute force: {sorted(map(str, unfound))}"


RUN_ORDER: Final = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""RR-9: runs within 3 to ace, ace high only."""


def represented_as(action: Action) -> tuple[Any, ...]:
    """What a listed action stands for (RR-C4): a go-down, its melds' kinds and the rank each place
    stands for (a set's rank; a run's ranks from the place of a natural card, G-5), with suits, and
    which cards stand as wild cards, set aside; any other action, itself with suits set aside."""
    if not isinstance(action, GoDown):
        return suit_blind(action)
    melds = []
    for cards in action.melds:
        ranks = [str(card)[:-1] if str(card) != "JK" else "JK" for card in cards]
        naturals = [(place, rank) for place, rank in enumerate(ranks) if rank not in ("2", "JK")]
        if len({rank for _, rank in naturals}) == 1:
            melds.append(("set", (naturals[0][1],) * len(cards)))
        else:
            place, rank = naturals[0]
            low = RUN_ORDER.index(rank) - place
            melds.append(("run", tuple(RUN_ORDER[low : low + len(cards)])))
    return ("go down", action.seat, tuple(sorted(melds, key=str)))


def wild_cards(action: Action) -> tuple[int, int]:
    """How many wild cards a play lays down (RR-6: 2s and jokers), and how many of them are jokers."""
    cards = [str(card) for card in named_cards(action).elements()]
    return sum(1 for card in cards if card == "JK" or card.startswith("2")), cards.count("JK")


# -- strategies ------------------------------------------------------------------------------------------

player_counts: Final = st.integers(2, 8)
seeds: Final = st.integers(0, 2**32 - 1)
#: The options that change which actions are legal (RR-18, RR-21).
game_options: Final = st.fixed_dictionaries(
    {"hmg_per_player": st.integers(0, 3), "may_discard_taken_card": st.booleans()}
)

# -- 1. a refused action changes nothing (arranged positions) ----------------------------------------------

ACTIONS_PER_POSITION: Final = 16


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(list(ARRANGED_POSITIONS)), data=st.data())
def test_a_refused_action_changes_nothing_in_arranged_positions(name: str, data: st.DataObject) -> None:
    # The kit's random actions (rummykit.testing.strategies.actions) and its check of each (refusal,
    # completeness), in positions random play seldom reaches; InvalidActionError for malformed input only.
    game = arranged(name)
    for _ in range(ACTIONS_PER_POSITION):
        if game.is_over:
            return
        action = data.draw(kit_actions(game), label="action")
        rule = check_action(game, action)
        event(f"{action.kind} {'accepted' if rule is None else f'refused ({rule})'}")
        if rule == "malformed":
            assert is_malformed(action, game.players), f"{action} is well formed: refuse it as illegal"


# -- 2. legal_actions is sound, complete and without duplicates --------------------------------------------


@pytest.mark.parametrize("name", list(ARRANGED_POSITIONS))
def test_legal_actions_in_arranged_positions(name: str) -> None:
    assert_legal_actions_sound_and_complete(arranged(name))


BRUTE_FORCE_SEEDS: Final = (0, 1, 2, 3, 4, 5, 6)


@pytest.mark.parametrize(
    "seed",
    # every player count from 2 to 8: 2 and 3 in the quick suite, 4 to 8 (the longer games) in the slow set
    [pytest.param(seed, marks=[pytest.mark.slow] if seed >= 2 else []) for seed in BRUTE_FORCE_SEEDS],
)
def test_legal_actions_along_seeded_games_of_rounds_1_to_3(seed: int) -> None:
    """Every position where the turn player has drawn (go-downs, lay-offs), and every 9th other one."""
    for step, game in enumerate(play_quietly(seed, players=2 + seed % 7, steps=ACTION_LIMIT)):
        if game.phase == "play" or step % 9 == 0:
            assert_legal_actions_sound_and_complete(game)


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, players=player_counts, steps=st.integers(0, 150), options=game_options)
def test_legal_actions_in_random_positions_of_rounds_1_to_3(
    seed: int, players: int, steps: int, options: dict[str, Any]
) -> None:
    """The first position after ``steps`` actions where the turn player has drawn (if round 3 ends
    first: the deal of round 4)."""
    for step, game in enumerate(play_quietly(seed, players, ACTION_LIMIT, options)):
        if step >= steps and game.phase == "play":
            break
    assert_legal_actions_sound_and_complete(game)


@pytest.mark.parametrize(
    "name",
    [
        "round 7, 13 cards, the taken card left over or used",
        "round 7, 13 cards, the taken card may not be left over (RR-21 option false)",
    ],
)
def test_a_round_7_go_down_is_listed_with_the_taken_card_first(name: str) -> None:
    # RR-C4 (RR-C2): either 9 may stay in hand; the one go-down listed plays the taken 9S and keeps the 9C.
    game = arranged(name)
    (go_down,) = (a for a in game.legal_actions(0) if isinstance(a, GoDown))
    played = [card for meld in go_down.melds for card in meld]
    assert Card.parse("9S") in played and Card.parse("9C") not in played


def test_a_round_7_go_down_keeping_the_taken_card_depends_on_rr_21() -> None:
    # G-6: the go-down naming the 9C keeps the taken 9S: legal by default (RR-21: it may be discarded),
    # refused with the option false (G-4: the turn could not end).
    runs = GoDown(seat=0, melds=["3H 4H 5H 6H", "7C 8C 9C 10C", "JD QD KD AD"])
    assert arranged("round 7, 13 cards, the taken card left over or used").check(runs) == runs
    game = arranged("round 7, 13 cards, the taken card may not be left over (RR-21 option false)")
    with pytest.raises(IllegalActionError) as err:
        game.check(runs)
    assert err.value.rule == "G-4"


# -- 3. whole games of seven rounds ------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_whole_games_play_seven_rounds_and_the_lowest_total_wins(seed: int) -> None:
    # The kit's games are cut short by max_rounds (G-3); these play RailRoad Rummy's seven rounds.
    players = 2 + seed
    game = new_game(players, seed)
    play_random(game, random.Random(seed))
    where = f"seed {seed}, {players} players"
    assert game.is_over and len(game.history) == len(ROUNDS), where
    assert game.scores == tuple(map(sum, zip(*(r.scores for r in game.history), strict=True))), where
    lowest = min(game.scores)
    assert game.winners == tuple(s for s, total in enumerate(game.scores) if total == lowest), f"{where}: RR-31"


# -- 4. sealed declarations -------------------------------------------------------------------------------


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, players=st.integers(3, 8), steps=st.integers(0, 200))
def test_views_hide_declarations_while_a_claim_window_is_open(seed: int, players: int, steps: int) -> None:
    # RR-C1: a claim window shows who has declared, not what.
    game = random_position(seed, players, steps)
    rng = random.Random(seed)
    while not (game.phase == "claim" and len(game.to_act) >= 2):  # one comes within a few turns
        game.apply(rng.choice(game.legal_actions(game.to_act[0])))
    seat = game.to_act[0]
    passed, claimed = game.copy(), game.copy()
    own = game.view(seat)
    assert isinstance(own, RailroadRummyView)
    passed.apply(Pass(seat=seat))
    claimed.apply(Claim(seat=seat, hmg=own.hmg[seat] > 0))
    for viewer in (None, *range(players)):
        if viewer != seat:
            assert passed.view(viewer) == claimed.view(viewer), f"seat {viewer} sees what seat {seat} declared"
