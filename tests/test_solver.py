"""Tests of the contract solver: hand-counted cases, and a brute-force oracle on small random hands."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummykit.core.cards import Card, Rank, Suit, parse_cards
from rummykit.core.errors import IllegalActionError
from rummykit.core.melds import Meld, MeldKind, MeldRules, read_meld
from rummykit.core.solver import Contract, ContractSolver, MeldRequirement, can_meet_contract, contract_ways, meld_key
from rummykit.standard.fewest_wilds import fewest_wild_ways, ranks_of
from tests.sizes import examples

# --- Rules and contracts --------------------------------------------------------------------------

RR_ORDER = tuple(Rank(value) for value in range(3, 15))  # 3 to A
RR_RULES = MeldRules(
    wild_faces=frozenset(parse_cards("2C 2D 2H 2S JK")),
    set_ranks=frozenset(RR_ORDER),
    run_order=RR_ORDER,
    min_set=3,
    min_run=4,
    wilds_at_most_naturals=True,
    rules={"wilds": "RR-7", "set": "RR-8", "run": "RR-9"},
)
SET = MeldRequirement(MeldKind.SET, 3)
RUN = MeldRequirement(MeldKind.RUN, 4)
LONG_RUN = MeldRequirement(MeldKind.RUN, 4, exact=False)
RR_CONTRACTS = {
    1: Contract((SET, SET)),
    2: Contract((SET, RUN)),
    3: Contract((RUN, RUN)),
    4: Contract((SET, SET, SET)),
    5: Contract((SET, SET, RUN)),
    6: Contract((SET, RUN, RUN)),
    7: Contract((LONG_RUN, LONG_RUN, LONG_RUN), max_leftover=1),
}

RR_NO_WILD_LIMIT = attrs.evolve(RR_RULES, wilds_at_most_naturals=False)
RR_CANASTA_LIMITS = attrs.evolve(
    RR_RULES, wilds_at_most_naturals=False, min_naturals=2, max_wilds=2, natural_only=frozenset({Rank.SEVEN})
)
"""RailRoad Rummy's shapes under the canasta family's kind of wild-card limits (`MeldRules.min_naturals`,
`max_wilds`, `natural_only`), for the oracle."""

CLASSIC_ORDER = (Rank.ACE, *(Rank(value) for value in range(2, 15)))  # A 2 3 ... K A
CLASSIC_RULES = MeldRules(
    wild_faces=frozenset(),
    set_ranks=frozenset(CLASSIC_ORDER),
    run_order=CLASSIC_ORDER,
    min_set=3,
    min_run=3,
    suited_runs=True,
    rules={"wilds": "CR-24", "set": "CR-4", "run": "CR-4"},
)
CLASSIC_JOKER_RULES = MeldRules(
    wild_faces=frozenset(parse_cards("JK")),
    set_ranks=frozenset(CLASSIC_ORDER),
    run_order=CLASSIC_ORDER,
    min_set=3,
    max_set=4,
    min_run=3,
    suited_runs=True,
    rules={"wilds": "CR-24", "set": "CR-4", "run": "CR-4"},
)
CLASSIC_CONTRACTS = {
    "run": Contract((MeldRequirement(MeldKind.RUN, 3, exact=False),)),
    "set+run": Contract((MeldRequirement(MeldKind.SET, 3, exact=False), MeldRequirement(MeldKind.RUN, 3, exact=False))),
    "2 runs, all cards": Contract((MeldRequirement(MeldKind.RUN, 3, exact=False),) * 2, max_leftover=0),
    "set+run, all but one": Contract(
        (MeldRequirement(MeldKind.SET, 3, exact=False), MeldRequirement(MeldKind.RUN, 3, exact=False)), max_leftover=1
    ),
    "2 sets+run": Contract((MeldRequirement(MeldKind.SET, 3),) * 2 + (MeldRequirement(MeldKind.RUN, 3),)),
}


def ways_text(hand: str, contract: Contract, rules: MeldRules = RR_RULES) -> list[str]:
    """The ways as text, one way a line, melds separated by ``|``."""
    return [" | ".join(str(meld) for meld in way) for way in contract_ways(parse_cards(hand), contract, rules)]


# --- Hand-counted cases ---------------------------------------------------------------------------


def test_round_1_ways_counted_by_hand() -> None:
    # Sets of 5s: 5D 5H 5S, or two of them and a wild (3 pairs x 2 wilds); sets of 9s: 9C 9H and a
    # wild. Two sets: the 9s take one wild, the 5s take the three 5s (2 ways) or two 5s and the
    # other wild (2 x 3 ways): 8 ways.
    ways = ways_text("5H 5D 5S 9C 9H JK 2C", RR_CONTRACTS[1])
    assert ways == [  # sorted by meld_key: ranks, then card indices (2C is the lowest face, JK the highest)
        "5D 5H 2C(5) | 9C 9H JK(9)",
        "5D 5H 5S | 9C 9H 2C(9)",
        "5D 5H 5S | 9C 9H JK(9)",
        "5D 5H JK(5) | 9C 9H 2C(9)",
        "5D 5S 2C(5) | 9C 9H JK(9)",
        "5D 5S JK(5) | 9C 9H 2C(9)",
        "5H 5S 2C(5) | 9C 9H JK(9)",
        "5H 5S JK(5) | 9C 9H 2C(9)",
    ]
    assert can_meet_contract(parse_cards("5H 5D 5S 9C 9H JK 2C"), RR_CONTRACTS[1], RR_RULES)


def test_a_wild_card_standing_for_another_rank_is_another_way() -> None:
    one_run = Contract((RUN,))
    assert ways_text("4H 5H 6H JK", one_run) == ["JK(3) 4H 5H 6H", "4H 5H 6H JK(7)"]
    low, high = contract_ways(parse_cards("4H 5H 6H JK"), one_run, RR_RULES)
    assert [rank.symbol for rank in low[0].ranks] == ["3", "4", "5", "6"]
    assert [rank.symbol for rank in high[0].ranks] == ["4", "5", "6", "7"]
    # Two different wild faces in two places: each arrangement is a way.
    assert ways_text("4H 6H 2C JK", one_run) == [
        "2C(3) 4H JK(5) 6H",
        "JK(3) 4H 2C(5) 6H",
        "4H 2C(5) 6H JK(7)",
        "4H JK(5) 6H 2C(7)",
    ]
    assert ways_text("5D 5H 5S JK 8S 9S 10S", RR_CONTRACTS[2]) == [
        "5D 5H 5S | JK(7) 8S 9S 10S",
        "5D 5H 5S | 8S 9S 10S JK(J)",
    ]


def test_duplicate_cards_from_several_decks() -> None:
    # Identical melds for two equal requirements are one way, listed once.
    assert ways_text("7H 7H 7H 7H 7H 7H", RR_CONTRACTS[1]) == ["7H 7H 7H | 7H 7H 7H"]
    assert ways_text("5H 5H 5D 5D JK JK", RR_CONTRACTS[1]) == [
        "5D 5D JK(5) | 5H 5H JK(5)",
        "5D 5H JK(5) | 5D 5H JK(5)",
    ]
    # Two copies of a face in a run's hand make no second way: the way names faces, not copies.
    assert ways_text("4H 4H 5H 6H 7H", Contract((RUN,))) == ["4H 5H 6H 7H"]
    # The hand's order does not matter.
    hand = parse_cards("5H 5H 5D 5D JK JK 9S 9S 9S 10S")
    shuffled = list(hand)
    random.Random(7).shuffle(shuffled)
    assert contract_ways(shuffled, RR_CONTRACTS[4], RR_RULES) == contract_ways(hand, RR_CONTRACTS[4], RR_RULES)


def test_a_meld_never_holds_more_wild_cards_than_natural_cards() -> None:
    with pytest.raises(IllegalActionError) as refused:
        read_meld(parse_cards("5H 2C JK"), RR_RULES)
    assert refused.value.rule == "RR-7"
    # One 5 and two wilds is no set, so only the 9s can make a set: no second set.
    assert ways_text("5H 2C JK 9C 9D 9S 7H", RR_CONTRACTS[1]) == []
    assert not can_meet_contract(parse_cards("5H 2C JK 9C 9D 9S 7H"), RR_CONTRACTS[1], RR_RULES)
    # A run of 4 holds at most 2 wild cards.
    assert ways_text("4H 2C JK 2D 9S", Contract((RUN,))) == []
    assert ways_text("5H 5S 2C JK", Contract((SET,))) == ["5H 5S 2C(5)", "5H 5S JK(5)"]


def test_hands_that_cannot_meet_the_contract() -> None:
    cases = [
        ("3H 5S 7D 9C JH KS AD", 2),
        ("3H 4H 5H 6H 7H 8H 9H", 3),  # two runs of 4 need 8 cards
        ("2C 2D 2H JK JK 3S 4S", 1),  # wild cards alone make no set
        ("QH KH AH 2C 3C 4C 5C", 3),  # no wrap round the ace (and 2 is never natural)
        ("5H 5D 5S 5C 9H 9D 8C", 4),
        # Enough natural cards and wild cards in all, but two sets of 9s need four 9s.
        ("5H 5D 5S 9C 9D 9S 2C JK 2D", 4),
        ("3H 4H 5H 6H QS 2C JK 2D", 3),  # QS and three wild cards are no run, whatever 3-6 spares
    ]
    for hand, round_number in cases:
        contract = RR_CONTRACTS[round_number]
        assert contract_ways(parse_cards(hand), contract, RR_RULES) == [], hand
        assert not can_meet_contract(parse_cards(hand), contract, RR_RULES), hand


def test_round_7_uses_every_card_or_every_card_but_one() -> None:
    contract = RR_CONTRACTS[7]
    every_card = "3H 4H 5H 6H 7C 8C 9C 10C JD QD KD AD"
    assert ways_text(every_card, contract) == ["3H 4H 5H 6H | 7C 8C 9C 10C | JD QD KD AD"]
    # A second 9 can join no run: either 9 stays in hand.
    assert ways_text(every_card + " 9S", contract) == [
        "3H 4H 5H 6H | 7C 8C 9C 10C | JD QD KD AD",
        "3H 4H 5H 6H | 7C 8C 9S 10C | JD QD KD AD",
    ]
    # A third 9 would leave two cards in hand.
    assert ways_text(every_card + " 9S 9D", contract) == []
    assert not can_meet_contract(parse_cards(every_card + " 9S 9D"), contract, RR_RULES)


def test_melds_of_any_size_using_every_card() -> None:
    # A set may take every 5; the second set has no rank below the first's (equal requirements).
    any_set = MeldRequirement(MeldKind.SET, 3, exact=False)
    two_sets = Contract((any_set, any_set), max_leftover=0)
    assert ways_text("5H 5H 5D 5D 5S 5S", two_sets) == [  # DDH+HSS, DDS+HHS, DHH+DSS, DHS+DHS
        "5D 5D 5H | 5H 5S 5S",
        "5D 5D 5S | 5H 5H 5S",
        "5D 5H 5H | 5D 5S 5S",
        "5D 5H 5S | 5D 5H 5S",
    ]
    assert ways_text("5H 5H 5D 5D 5S 5S 9C", two_sets) == []
    # A run below the set it follows (a requirement of another kind, so no order between them).
    set_and_run = CLASSIC_CONTRACTS["set+run, all but one"]
    assert ways_text("10C 10D 10H 4S 5S 6S", set_and_run, CLASSIC_RULES) == ["10C 10D 10H | 4S 5S 6S"]
    assert ways_text("10C 10D 10H 4S 5S 6S 8D", set_and_run, CLASSIC_RULES) == ["10C 10D 10H | 4S 5S 6S"]
    assert ways_text("10C 10D 10H 4S 5S 6S 8D 8H", set_and_run, CLASSIC_RULES) == []


def test_suited_runs_with_an_ace_at_both_ends() -> None:
    one_run = Contract((MeldRequirement(MeldKind.RUN, 3, exact=False),))
    assert ways_text("AH 2H 3H", one_run, CLASSIC_RULES) == ["AH 2H 3H"]
    assert ways_text("QH KH AH", one_run, CLASSIC_RULES) == ["QH KH AH"]
    assert ways_text("KH AH 2H", one_run, CLASSIC_RULES) == []  # no wrap
    assert ways_text("AH 2H 3S", one_run, CLASSIC_RULES) == []  # one suit
    assert ways_text("AH 2H 3H 4H", one_run, CLASSIC_RULES) == ["2H 3H 4H", "AH 2H 3H", "AH 2H 3H 4H"]
    # A joker goes where a run has room: nothing is below the low ace, nothing above the high one.
    assert ways_text("AH 2H JK", one_run, CLASSIC_JOKER_RULES) == ["AH 2H JK(3)"]
    assert ways_text("KH AH JK", one_run, CLASSIC_JOKER_RULES) == ["JK(Q) KH AH"]
    # Only a run longer than the smallest holds enough natural cards here.
    set_and_run = CLASSIC_CONTRACTS["set+run"]
    assert ways_text("9C 9D 9H AC JK JK 4C", set_and_run, CLASSIC_JOKER_RULES) == ["9C 9D 9H | AC JK(2) JK(3) 4C"]
    # Sets take any suits; max_set caps them.
    set_only = Contract((MeldRequirement(MeldKind.SET, 3, exact=False),))
    assert ways_text("9C 9D 9H 9S JK", set_only, CLASSIC_JOKER_RULES) == [
        "9C 9D 9H",
        "9C 9D 9S",
        "9C 9D JK(9)",
        "9C 9H 9S",
        "9C 9H JK(9)",
        "9C 9S JK(9)",
        "9D 9H 9S",
        "9D 9H JK(9)",
        "9D 9S JK(9)",
        "9H 9S JK(9)",
        "9C 9D 9H 9S",
        "9C 9D 9H JK(9)",
        "9C 9D 9S JK(9)",
        "9C 9H 9S JK(9)",
        "9D 9H 9S JK(9)",
    ]


def test_contracts_no_meld_can_meet() -> None:
    assert contract_ways(parse_cards("5H 5D"), Contract(()), RR_RULES) == [()]
    assert contract_ways(parse_cards("5H 5D"), Contract((), max_leftover=1), RR_RULES) == []
    too_small = Contract((MeldRequirement(MeldKind.SET, 2),))
    assert contract_ways(parse_cards("5H 5D 5S"), too_small, RR_RULES) == []
    no_runs = MeldRules(wild_faces=frozenset(), set_ranks=frozenset(RR_ORDER), run_order=())
    assert contract_ways(parse_cards("5H 6H 7H 8H"), Contract((RUN,)), no_runs) == []


def test_without_the_wild_card_limit() -> None:
    # A run of one natural card and three wild cards: 3 runs of 4 hold a 5, 3! arrangements of the wilds.
    runs = ways_text("5H 2C JK 2D", Contract((RUN,)), RR_NO_WILD_LIMIT)
    assert len(runs) == 18
    assert "2C(3) 2D(4) 5H JK(6)" in runs and "5H JK(6) 2D(7) 2C(8)" in runs
    assert ways_text("5H 2C JK", Contract((SET,)), RR_NO_WILD_LIMIT) == ["5H 2C(5) JK(5)"]
    assert ways_text("2C JK 2D", Contract((SET,)), RR_NO_WILD_LIMIT) == []  # a set needs a natural card


def test_a_prepared_solver_answers_like_the_functions() -> None:
    hands = ["5H 5D 5S 9C 9H JK 2C", "3H 4H 5H 6H 7C 8C 9C 10C JD QD KD AD 9S", "4C 4D 4H", "", "2C JK 7S 7S 7S 8S 9S"]
    for contract in RR_CONTRACTS.values():
        solver = ContractSolver(contract, RR_RULES)
        for text in hands * 2:  # each hand twice: nothing of one hand stays in the solver
            hand = parse_cards(text)
            assert solver.ways(hand) == contract_ways(hand, contract, RR_RULES)
            assert solver.can_meet(hand) is can_meet_contract(hand, contract, RR_RULES)


def test_the_melds_are_what_read_meld_reads() -> None:
    hand = parse_cards("5H 5D 5S 2C JK 6D 7D 8D 9D 9C 9S")
    for contract in RR_CONTRACTS.values():
        for way in contract_ways(hand, contract, RR_RULES):
            for meld, requirement in zip(way, contract.melds, strict=True):
                assert read_meld(meld.cards, RR_RULES) == meld
                assert meld.kind is requirement.kind


# --- The brute-force oracle -----------------------------------------------------------------------


def sub_multisets(counts: Counter[Card], size: int) -> Iterator[tuple[Card, ...]]:
    """Every multiset of ``size`` cards within ``counts``, as a sorted tuple."""
    faces = sorted(counts)

    def pick(first: int, size: int) -> Iterator[tuple[Card, ...]]:
        if size == 0:
            yield ()
            return
        for position in range(first, len(faces)):
            face = faces[position]
            for copies in range(min(counts[face], size), 0, -1):
                for rest in pick(position + 1, size - copies):
                    yield (face,) * copies + rest

    return pick(0, size)


def melds_of(group: tuple[Card, ...], kind: MeldKind, rules: MeldRules) -> list[Meld]:
    """Every meld of ``kind`` made of exactly the cards of ``group``, in canonical order of cards.

    Candidates: a set's natural cards then its wild cards, each sorted; a run's cards in every
    window of the run order, natural cards at their rank's place, wild cards in every arrangement
    over the other places. ``read_meld`` decides which candidates are melds.
    """
    wilds = sorted(card for card in group if card in rules.wild_faces)
    naturals = sorted(card for card in group if card not in rules.wild_faces)
    if kind == MeldKind.SET:
        candidates = [tuple(naturals + wilds)]
        if len({card.rank for card in naturals}) > 1:
            return []  # natural cards of two ranks: read_meld would refuse it; saves the oracle's time
    else:
        candidates = []
        order = rules.run_order
        for start in range(len(order) - len(group) + 1):
            window = order[start : start + len(group)]
            places: dict[Rank, Card] = {}
            for card in naturals:
                if card.rank not in window or card.rank in places:
                    break
                places[card.rank] = card
            else:
                for arrangement in set(itertools.permutations(wilds)):
                    spare = iter(arrangement)
                    candidates.append(tuple(places[rank] if rank in places else next(spare) for rank in window))
    melds = []
    for cards in set(candidates):
        try:
            melds.append(read_meld(cards, rules, kind))
        except IllegalActionError:
            continue
    return melds


def oracle_key(meld: Meld) -> tuple[str, tuple[Rank, ...]]:
    """The oracle's own order of melds, for equal requirements (any fixed order would do)."""
    return str(meld), meld.ranks


def brute_force_ways(hand: Sequence[Card], contract: Contract, rules: MeldRules) -> set[tuple[Meld, ...]]:
    """Every way, in contract order; the melds of equal consecutive requirements in ``oracle_key`` order.

    For each requirement in turn: every part of the cards left of a size it allows, and every meld
    of those cards.
    """
    found: set[tuple[Meld, ...]] = set()
    smallest = [requirement.size for requirement in contract.melds]
    melds_by_group: dict[tuple[tuple[Card, ...], MeldKind], list[Meld]] = {}

    def search(depth: int, left: Counter[Card], chosen: tuple[Meld, ...]) -> None:
        remaining = left.total()
        if depth == len(contract.melds):
            if contract.max_leftover is None or remaining <= contract.max_leftover:
                found.add(chosen)
            return
        requirement = contract.melds[depth]
        tied = depth > 0 and contract.melds[depth - 1] == requirement
        largest = remaining - sum(smallest[depth + 1 :])
        for size in [requirement.size] if requirement.exact else range(requirement.size, largest + 1):
            for group in sub_multisets(left, size):
                key = (group, requirement.kind)
                if key not in melds_by_group:
                    melds_by_group[key] = melds_of(group, requirement.kind, rules)
                for meld in melds_by_group[key]:
                    if not tied or oracle_key(chosen[-1]) <= oracle_key(meld):
                        search(depth + 1, left - Counter(group), (*chosen, meld))

    search(0, Counter(hand), ())
    return found


def canonical(way: tuple[Meld, ...], contract: Contract) -> tuple[Meld, ...]:
    """The way with the melds of each run of equal consecutive requirements in ``oracle_key`` order."""
    melds: list[Meld] = []
    for _, pairs in itertools.groupby(zip(contract.melds, way, strict=True), key=lambda pair: pair[0]):
        melds.extend(sorted((meld for _, meld in pairs), key=oracle_key))
    return tuple(melds)


def check_against_brute_force(hand: Sequence[Card], contract: Contract, rules: MeldRules) -> None:
    ways = contract_ways(hand, contract, rules)
    expected = brute_force_ways(hand, contract, rules)
    got = [canonical(way, contract) for way in ways]
    assert len(set(got)) == len(got), "a way is listed twice"
    assert set(got) == expected
    assert can_meet_contract(hand, contract, rules) is bool(expected)
    keys = [tuple(meld_key(meld) for meld in way) for way in ways]
    assert keys == sorted(keys)
    for way in ways:
        for i in range(1, len(way)):
            if contract.melds[i] == contract.melds[i - 1]:
                assert meld_key(way[i - 1]) <= meld_key(way[i])


@st.composite
def hands(
    draw: st.DrawFn, rules: MeldRules, contract: Contract, *, ranks: int, most_wilds: int = 4, most_extra: int = 2
) -> list[Card]:
    """A hand of about the contract's size, from a few ranks, one or two suits and one or two wild faces.

    Half of the hands start as the cards of one way to meet the contract; then a card may go and
    up to ``most_extra`` may come. The small pool of faces makes duplicate cards common. At most
    ``most_wilds`` wild cards: each multiplies the ways, and the oracle is slow.
    """
    order = rules.run_order
    start = draw(st.integers(0, len(order) - ranks))
    window = order[start : start + ranks]
    suits = draw(st.lists(st.sampled_from(Suit), min_size=1, max_size=2, unique=True))
    naturals = [Card.of(rank, suit) for rank in window for suit in suits]
    naturals = [card for card in naturals if card not in rules.wild_faces]
    wilds = (
        draw(st.lists(st.sampled_from(sorted(rules.wild_faces)), min_size=1, max_size=2, unique=True))
        if rules.wild_faces
        else []
    )

    wilds_drawn = 0

    def card_for(rank: Rank) -> Card:
        """A natural card of ``rank``, or one time in four a wild card."""
        nonlocal wilds_drawn
        of_rank = [card for card in naturals if card.rank is rank]
        if wilds and wilds_drawn < most_wilds and (not of_rank or draw(st.integers(0, 3)) == 0):
            wilds_drawn += 1
            return draw(st.sampled_from(wilds))
        return draw(st.sampled_from(of_rank or naturals))

    hand: list[Card] = []
    if draw(st.booleans()):
        for requirement in contract.melds:
            if requirement.kind == MeldKind.SET:
                rank = draw(st.sampled_from(window))
                hand += [card_for(rank) for _ in range(requirement.size)]
            else:
                first = draw(st.integers(0, ranks - requirement.size))
                hand += [card_for(rank) for rank in window[first : first + requirement.size]]
        if draw(st.booleans()):
            del hand[draw(st.integers(0, len(hand) - 1))]
    else:
        size = sum(requirement.size for requirement in contract.melds) - 1
        hand += [card_for(draw(st.sampled_from(window))) for _ in range(size)]
    hand += draw(
        st.lists(st.sampled_from(naturals + wilds if wilds_drawn < most_wilds else naturals), max_size=most_extra)
    )
    return hand


ORACLE_SETTINGS = settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
ROUND_7_SETTINGS = settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("round_number", range(1, 7))
@ORACLE_SETTINGS
@given(data=st.data())
def test_railroad_contracts_against_brute_force(round_number: int, data: st.DataObject) -> None:
    contract = RR_CONTRACTS[round_number]
    hand = data.draw(hands(RR_RULES, contract, ranks=5))
    check_against_brute_force(hand, contract, RR_RULES)


@ROUND_7_SETTINGS
@given(data=st.data())
def test_railroad_round_7_against_brute_force(data: st.DataObject) -> None:
    contract = RR_CONTRACTS[7]  # 3 runs of 4 or more: 12 cards and more
    hand = data.draw(hands(RR_RULES, contract, ranks=7, most_wilds=2, most_extra=1))
    check_against_brute_force(hand, contract, RR_RULES)


@pytest.mark.parametrize("round_number", [1, 2, 3])
@ORACLE_SETTINGS
@given(data=st.data())
def test_no_wild_limit_against_brute_force(round_number: int, data: st.DataObject) -> None:
    contract = RR_CONTRACTS[round_number]
    hand = data.draw(hands(RR_NO_WILD_LIMIT, contract, ranks=5, most_wilds=3))
    check_against_brute_force(hand, contract, RR_NO_WILD_LIMIT)


@pytest.mark.parametrize("round_number", [1, 2, 5])
@ORACLE_SETTINGS
@given(data=st.data())
def test_canasta_wild_card_limits_against_brute_force(round_number: int, data: st.DataObject) -> None:
    contract = RR_CONTRACTS[round_number]
    hand = data.draw(hands(RR_CANASTA_LIMITS, contract, ranks=5, most_wilds=3))
    check_against_brute_force(hand, contract, RR_CANASTA_LIMITS)


@pytest.mark.parametrize("rules", [CLASSIC_RULES, CLASSIC_JOKER_RULES], ids=["no-wilds", "jokers"])
@pytest.mark.parametrize("name", sorted(CLASSIC_CONTRACTS))
@ORACLE_SETTINGS
@given(data=st.data())
def test_suited_contracts_against_brute_force(rules: MeldRules, name: str, data: st.DataObject) -> None:
    contract = CLASSIC_CONTRACTS[name]
    hand = data.draw(hands(rules, contract, ranks=5))
    check_against_brute_force(hand, contract, rules)


# --- The go-downs a listing names: one for each choice of ranks, the fewest wild cards ----------------------


def _suits_aside(hand: Sequence[Card]) -> list[Card]:
    """``hand`` with suits set aside, as RailRoad Rummy's listing sees it: each card as its rank's clubs
    card (a joker stays)."""
    return [card if card.rank is Rank.JOKER else Card.of(card.rank, Suit.CLUBS) for card in hand]


def _wilds(way: Sequence[Meld], rules: MeldRules) -> tuple[int, int]:
    """How many wild cards a way lays down, and how many of them are jokers."""
    cards = [card for meld in way for card in meld.cards]
    return sum(1 for card in cards if card in rules.wild_faces), sum(1 for card in cards if card.rank is Rank.JOKER)


@pytest.mark.parametrize(
    ("round_number", "rules"),
    [*((n, RR_RULES) for n in range(1, 7)), (2, RR_NO_WILD_LIMIT), (1, RR_CANASTA_LIMITS), (2, RR_CANASTA_LIMITS)],
)
@ORACLE_SETTINGS
@given(data=st.data())
def test_fewest_wild_ways_name_each_choice_of_ranks_once_with_the_fewest_wild_cards(
    round_number: int, rules: MeldRules, data: st.DataObject
) -> None:
    """Against the solver's every way (itself checked against brute force above): the same choices of
    ranks, each once, each with the fewest wild cards of its ways and the fewest jokers of as many."""
    contract = RR_CONTRACTS[round_number]
    hand = _suits_aside(data.draw(hands(rules, contract, ranks=5, most_wilds=3)))
    best: dict[tuple[object, ...], tuple[int, int]] = {}
    for way in contract_ways(hand, contract, rules):
        choice = ranks_of(way)
        best[choice] = min(best.get(choice, (99, 99)), _wilds(way, rules))
    listed = list(fewest_wild_ways(hand, contract, rules))
    assert len({ranks_of(way) for way in listed}) == len(listed)
    assert {ranks_of(way): _wilds(way, rules) for way in listed} == best
    for way in listed:
        assert Counter(card for meld in way for card in meld.cards) <= Counter(hand)
        assert [read_meld(meld.cards, rules, meld.kind) for meld in way] == list(way)


def test_a_hand_of_every_card_eight_times_has_one_way_for_each_choice_of_ranks() -> None:
    """A hand of 112 cards, suits set aside, every rank 8 times (2s and jokers too): one way for each
    choice of ranks, whatever the hand holds beyond: round 3's two runs of 4, the 45 pairs of the
    9 runs; round 6's set and two runs, 12 × 45 = 540; round 4's three sets, the 364 multisets of 3 of
    the 12 ranks, and only the 12 of one rank three times need a wild card (9 cards of a rank held 8
    times, RR-7 allowing one a set)."""
    hand = _suits_aside(parse_cards(" ".join(["3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2C JK"] * 8)))
    for round_number, count, with_wilds in ((3, 45, 0), (6, 540, 0), (4, 364, 12)):
        listed = list(fewest_wild_ways(hand, RR_CONTRACTS[round_number], RR_RULES))
        assert len(listed) == count
        assert sum(1 for way in listed if _wilds(way, RR_RULES) != (0, 0)) == with_wilds
        assert all(_wilds(way, RR_RULES) in ((0, 0), (1, 0)) for way in listed)
