"""Classic Rummy's house rules (RULES.md CR-20 … CR-24) as plug-ins: found through their entry points,
refused where they do not belong, each played and broken, each compared with the same game without it.
Every one of the 32 stacks of them passes the conformance kit (tests/test_conformance.py): random games
played to the end with every card accounted for, refusals that change nothing, views that hide hands.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import rummykit
from rummykit import (
    Discard,
    Draw,
    Game,
    GoDown,
    InvalidOptionError,
    LayOff,
    RunEnd,
    TakeDiscard,
    UnknownHouseRuleError,
)
from rummykit.core.cards import Card, Rank, shoe_ids
from rummykit.documents.serialize import dump_position, load_position
from rummykit_variants.classic_rummy.house_rules import NAMES
from tests.classic_support import arrange, legal_by_brute_force, table_melds
from tests.support import refuse

FILLERS = {1: "2C 5C 8C JC", 2: "3D 6D 9D QD", 3: "4S 7S 10S KS"}
JK = Card.of(Rank.JOKER)


def new(house_rules: list[str], players: int = 2, **options: Any) -> Game:
    """A seeded game in which the last seat deals, so seat 0 plays first."""
    return rummykit.new_game(
        "rummy", players=players, seed=7, dealer=players - 1, options=options, house_rules=house_rules
    )


def at(
    house_rules: list[str],
    phase: str,
    *hands: str,
    players: int = 2,
    turn_number: int = 5,
    options: dict[str, Any] | None = None,
    **position: Any,
) -> Game:
    """A position under ``house_rules``: the hands given (seat 0 first; fillers for the rest), seat 0 to act."""
    game = new(house_rules, players, **(options or {}))
    seats = [*hands, *(FILLERS[seat] for seat in range(len(hands), players))]
    return arrange(game, hands=seats, turn=0, phase=phase, turn_number=turn_number, **position)


def down(*melds: str) -> GoDown:
    return GoDown(seat=0, melds=melds)


def table(game: Game) -> list[str]:
    return [str(meld) for meld in table_melds(game)]


def with_and_without(rule: str, *hands: str, **position: Any) -> tuple[Game, Game]:
    """The same position with the house rule ``rule`` and without it."""
    return at([rule], *hands, **position), at([], *hands, **position)


# -- discovery and refusals at game creation -------------------------------------------------------

SPECS = {
    "one-meld-per-turn": ("CR-20", ()),
    "ace-low": ("CR-21", ()),
    "discard-to-go-out": ("CR-22", ()),
    "initial-meld-50": ("CR-23", ("initial_meld_minimum",)),
    "jokers": ("CR-24", ("jokers",)),
}


def test_the_five_house_rules_are_found_for_rummy_and_only_for_it() -> None:
    assert rummykit.available_house_rules("rummy") == NAMES == tuple(sorted(SPECS))
    assert not set(NAMES) & set(rummykit.available_house_rules("railroad-rummy"))


@pytest.mark.parametrize(("name", "rule", "options"), [(name, *spec) for name, spec in SPECS.items()])
def test_each_house_rule_declares_its_rule_and_options(name: str, rule: str, options: tuple[str, ...]) -> None:
    spec = rummykit.house_rule_spec(name)
    assert (spec.name, spec.applies_to) == (name, frozenset({"rummy"}))
    assert spec.rules[0].id == rule and spec.title
    assert tuple(option.name for option in spec.options) == options
    game = new([name])
    assert rule in game.rule_ids and [h.name for h in game.house_rules] == [name]


def test_an_unknown_house_rule_is_refused_listing_the_valid_ones() -> None:
    with pytest.raises(UnknownHouseRuleError, match="not a house rule") as err:
        new(["ace-high"])
    assert err.value.available == NAMES


def test_a_house_rule_of_another_variant_is_refused() -> None:
    with pytest.raises(UnknownHouseRuleError, match="does not apply"):
        rummykit.new_game("railroad-rummy", players=3, house_rules=["ace-low"])


def test_a_house_rule_stacked_twice_is_refused() -> None:
    with pytest.raises(UnknownHouseRuleError):
        new(["jokers", "jokers"])


@pytest.mark.parametrize(
    ("house_rules", "options", "rule", "message"),
    [
        ([], {"jokers": 2}, None, "no option 'jokers'"),
        ([], {"initial_meld_minimum": 40}, None, "no option 'initial_meld_minimum'"),
        (["jokers"], {"jokers": 0}, "CR-24", "at least 1"),
        (["jokers"], {"jokers": 5}, "CR-24", "at most 4"),
        (["jokers"], {"jokers": True}, "CR-24", "must be an int"),
        (["jokers"], {"jokers": "2"}, "CR-24", "must be an int"),
        (["initial-meld-50"], {"initial_meld_minimum": 0}, "CR-23", "at least 1"),
        (["initial-meld-50"], {"initial_meld_minimum": 50.0}, "CR-23", "must be an int"),
        (["ace-low"], {"ace_low": True}, None, "no option 'ace_low'"),
    ],
)
def test_an_unknown_option_or_a_bad_value_is_refused_at_creation(
    house_rules: list[str], options: dict[str, Any], rule: str | None, message: str
) -> None:
    with pytest.raises(InvalidOptionError, match=message) as err:
        new(house_rules, **options)
    assert err.value.rule == rule


# -- CR-20 one-meld-per-turn -----------------------------------------------------------------------


def test_cr_20_one_new_meld_per_turn_and_laying_off_stays_free() -> None:
    game = at(["one-meld-per-turn"], "play", "9H 10H JH QH 4D 4S 4H 7C", table=[(1, "6S 7S 8S")])
    game.apply(down("9H 10H JH"))
    assert [a for a in game.legal_actions(0) if isinstance(a, GoDown)] == []
    game.apply(LayOff(seat=0, card="QH", meld=1))
    assert table(game) == ["6S 7S 8S", "9H 10H JH QH"] and game.view(0).melds_this_turn == 1  # type: ignore[attr-defined]


def test_cr_20_the_next_turn_may_lay_down_another_meld() -> None:
    game = at(["one-meld-per-turn"], "play", "9H 10H JH 4D 4S 4H 7C 3S", stock="KD")
    game.apply(down("9H 10H JH"))
    game.apply(Discard(seat=0, card="7C"))
    game.apply(Draw(seat=1))
    game.apply(Discard(seat=1, card="2C"))
    game.apply(Draw(seat=0))
    game.apply(down("4D 4H 4S"))
    assert len(table(game)) == 2


def test_cr_20_two_melds_at_once_or_a_second_meld_in_the_turn_are_refused() -> None:
    game, plain = with_and_without("one-meld-per-turn", "play", "9H 10H JH 4D 4S 4H 7C")
    refuse(game, down("9H 10H JH", "4D 4S 4H"), "CR-20")
    game.apply(down("9H 10H JH"))
    refuse(game, down("4D 4S 4H"), "CR-20")
    plain.apply(down("9H 10H JH", "4D 4S 4H"))  # without the house rule both go down in one action
    assert len(table(plain)) == 2


# -- CR-21 ace-low ---------------------------------------------------------------------------------


def test_cr_21_a_2_3_is_a_run() -> None:
    game = at(["ace-low"], "play", "AH 2H 3H 9S")
    game.apply(down("AH 2H 3H"))
    assert [rank.symbol for rank in table_melds(game)[0].ranks] == ["A", "2", "3"]


def test_cr_21_q_k_a_is_refused_under_ace_low_and_a_run_without_it() -> None:
    game, plain = with_and_without("ace-low", "play", "QH KH AH 9S")
    refuse(game, down("QH KH AH"), "CR-21")
    assert [a for a in game.legal_actions(0) if isinstance(a, GoDown)] == []
    plain.apply(down("QH KH AH"))
    assert table(plain) == ["QH KH AH"]


def test_cr_21_an_ace_is_not_laid_off_above_a_king_under_ace_low() -> None:
    game, plain = with_and_without("ace-low", "play", "AH 9S", table=[(1, "JH QH KH")])
    refuse(game, LayOff(seat=0, card="AH", meld=0), "CR-21")
    refuse(game, LayOff(seat=0, card="AH", meld=0, end="high"), "CR-21")
    plain.apply(LayOff(seat=0, card="AH", meld=0))
    assert table(plain) == ["JH QH KH AH"]


def test_cr_21_a_run_from_2_to_k_takes_the_ace_only_below() -> None:
    run = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    game, plain = with_and_without("ace-low", "play", "AS 5H", table=[(1, run)])
    lay = [a for a in game.legal_actions(0) if isinstance(a, LayOff)]
    assert lay == [LayOff(seat=0, card="AS", meld=0, end=RunEnd.LOW)]
    assert len([a for a in plain.legal_actions(0) if isinstance(a, LayOff)]) == 2
    refuse(game, LayOff(seat=0, card="AS", meld=0, end="high"), "CR-21")


@pytest.mark.parametrize("meld", ["KH AH 2H", "AH 2S 3H"])
def test_cr_4_under_ace_low_runs_broken_for_other_reasons_cite_cr_4(meld: str) -> None:
    # K-A-2 wraps (CR-4 forbids it whatever the ace counts); AH 2S 3H mixes suits: neither is about CR-21.
    game = at(["ace-low"], "play", "KH AH 2H 3H 2S 9S")
    refuse(game, down(meld), "CR-4")


def test_g_5_under_ace_low_a_run_not_listed_low_to_high_is_refused() -> None:
    game = at(["ace-low"], "play", "KH AH 2H 3H 2S 9S")
    refuse(game, down("2H AH 3H"), "G-5")  # A-2-3 is a run under ace-low; only its order is wrong


# -- CR-22 discard-to-go-out -----------------------------------------------------------------------


def test_cr_22_going_out_by_discarding_the_last_card() -> None:
    game = at(["discard-to-go-out"], "play", "9H 10H JH QS", played={0: 2})
    game.apply(down("9H 10H JH"))
    game.apply(Discard(seat=0, card="QS"))
    assert game.history[0].went_out == 0


def test_cr_22_melding_the_last_cards_is_refused_and_goes_out_without_the_rule() -> None:
    game, plain = with_and_without("discard-to-go-out", "play", "9H 10H JH", played={0: 2})
    refuse(game, down("9H 10H JH"), "CR-22")
    assert game.legal_actions(0) == [Discard(seat=0, card=c) for c in sorted(game.hand(0))]
    plain.apply(down("9H 10H JH"))
    assert plain.history[0].went_out == 0


def test_cr_22_laying_off_the_last_card_is_refused() -> None:
    game, plain = with_and_without("discard-to-go-out", "play", "QH", table=[(1, "9H 10H JH")], played={0: 2})
    refuse(game, LayOff(seat=0, card="QH", meld=0), "CR-22")
    plain.apply(LayOff(seat=0, card="QH", meld=0))
    assert plain.history[0].went_out == 0


def test_cr_22_with_g_4_the_player_keeps_a_card_that_may_be_discarded() -> None:
    game = at(["discard-to-go-out"], "draw", "9H 10H JH", discard="QH")
    game.apply(TakeDiscard(seat=0))
    refuse(game, down("9H 10H JH"), "G-4")  # it would keep only QH, just taken (CR-6)
    refuse(game, down("9H 10H JH QH"), "CR-22")  # it would empty the hand
    discards = [Discard(seat=0, card=card) for card in ("9H", "10H", "JH")]
    assert game.legal_actions(0) == [down("10H JH QH"), *discards]


# -- CR-23 initial-meld-50 -------------------------------------------------------------------------


def test_cr_23_a_first_meld_worth_30_is_refused_and_accepted_without_the_rule() -> None:
    game, plain = with_and_without("initial-meld-50", "play", "10H JH QH 9S")
    err = refuse(game, down("10H JH QH"), "CR-23")  # 10 + 10 + 10 = 30 < 50
    assert "at least 50" in str(err) and "is 30" in str(err)
    plain.apply(down("10H JH QH"))
    assert table(plain) == ["10H JH QH"]


def test_cr_23_several_melds_together_count_and_later_melds_are_free() -> None:
    game = at(["initial-meld-50"], "play", "JH QH KH KS KD KC 2S 3S 4S 9D")
    assert down("JH QH KH") not in game.legal_actions(0)
    game.apply(down("JH QH KH", "KS KD KC"))  # 10 + 10 + 10 + 10 + 10 + 10 = 60 >= 50
    game.apply(down("2S 3S 4S"))  # 2 + 3 + 4 = 9 points: no longer the initial meld
    assert len(table(game)) == 3 and game.view(0).melded[0]  # type: ignore[attr-defined]


def test_cr_23_counts_cr_10_points_with_the_ace_as_1() -> None:
    game = at(["initial-meld-50"], "play", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H 9S")  # 1 + 2 + ... + 10 = 55
    game.apply(down("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H"))
    short = at(["initial-meld-50"], "play", "AH 2H 3H 4H 5H 6H 7H 8H 9H 9S")  # 45
    refuse(short, down("AH 2H 3H 4H 5H 6H 7H 8H 9H"), "CR-23")


def test_cr_23_option_initial_meld_minimum() -> None:
    game = at(["initial-meld-50"], "play", "10H JH QH 9S", options={"initial_meld_minimum": 30})
    game.apply(down("10H JH QH"))
    strict = at(["initial-meld-50"], "play", "10H JH QH KH 9S", options={"initial_meld_minimum": 41})
    refuse(strict, down("10H JH QH KH"), "CR-23")  # 10 + 10 + 10 + 10 = 40 < 41


def test_cr_c5_a_lay_off_waits_for_the_initial_meld() -> None:
    hand = "QH KS KD KC 7S 8S 9S 4D"
    game, plain = with_and_without("initial-meld-50", "play", hand, table=[(1, "9H 10H JH")])
    assert [a for a in game.legal_actions(0) if isinstance(a, LayOff)] == []
    assert game.explain(LayOff(seat=0, card="QH", meld=0)) is not None
    plain.apply(LayOff(seat=0, card="QH", meld=0))  # without the house rule it may lay off in the same turn
    game.apply(down("KC KD KS", "7S 8S 9S"))  # K + K + K + 7 + 8 + 9 = 30 + 24 = 54 >= 50
    game.apply(LayOff(seat=0, card="QH", meld=0))  # in the same turn, after the initial meld
    assert table(game)[0] == "9H 10H JH QH"


def test_cr_c5_a_lay_off_before_the_initial_meld_is_refused() -> None:
    game = at(["initial-meld-50"], "play", "QH KS KD KC 7S 8S 9S 4D", table=[(1, "9H 10H JH")])
    refuse(game, LayOff(seat=0, card="QH", meld=0), "CR-C5")


# -- CR-24 jokers ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("options", "jokers"), [({}, 2), ({"jokers": 1}, 1), ({"jokers": 4}, 4)])
def test_cr_24_jokers_are_added_to_the_deck(options: dict[str, Any], jokers: int) -> None:
    game = new(["jokers"], **options)
    shoe = game.state.rules.shoe
    assert len(shoe) == 52 + jokers and shoe.count(JK) == jokers
    assert sorted(game.state.card_ids()) == sorted(shoe_ids(shoe))
    assert len(new([]).state.rules.shoe) == 52 and JK not in new([]).state.rules.shoe


@pytest.mark.parametrize(
    ("meld", "ranks"),
    [
        ("5H 5D JK", "5 5 5"),
        ("7H JK 9H", "7 8 9"),
        ("JK 8H 9H", "7 8 9"),
        ("8H 9H JK", "8 9 10"),
        ("JK 2H 3H", "A 2 3"),
    ],
)
def test_cr_24_a_joker_is_wild_in_sets_and_runs(meld: str, ranks: str) -> None:
    game = at(["jokers"], "play", meld + " 4S")
    game.apply(down(meld))
    assert " ".join(rank.symbol for rank in table_melds(game)[0].ranks) == ranks
    # Without the house rule the deck holds no joker (CR-1), so nobody holds one: the same meld is refused
    # as naming a card the seat does not hold (G-7).
    plain = at([], "play", meld.replace("JK", "") + " 4S")
    refuse(plain, down(meld), "G-7")


def test_cr_24_a_meld_holds_at_least_as_many_natural_cards_as_wild_cards() -> None:
    game = at(["jokers"], "play", "5H JK JK 7H 8H 4S")
    refuse(game, down("5H JK JK"), "CR-24")
    refuse(game, down("7H JK JK"), "CR-24")
    game.apply(down("7H 8H JK JK"))
    assert [str(m) for m in table_melds(game)] == ["7H 8H JK(9) JK(10)"]


def test_cr_24_a_lay_off_keeps_the_wild_limit_and_a_joker_on_a_run_names_its_end() -> None:
    game = at(["jokers"], "play", "JK JK 4S 9S", table=[(1, "7H JK 9H")], options={"jokers": 3})
    refuse(game, LayOff(seat=0, card="JK", meld=0), "G-5")
    lay = [a for a in game.legal_actions(0) if isinstance(a, LayOff)]
    assert lay == [LayOff(seat=0, card="JK", meld=0, end=end) for end in (RunEnd.LOW, RunEnd.HIGH)]
    game.apply(LayOff(seat=0, card="JK", meld=0, end="high"))
    refuse(game, LayOff(seat=0, card="JK", meld=0, end="low"), "CR-24")
    assert str(table_melds(game)[0]) == "7H JK(8) 9H JK(10)"


def test_cr_24_a_joker_counts_15_in_hand() -> None:
    game = at(["jokers"], "play", "9S", "JK 2C", played={0: 2})
    game.apply(Discard(seat=0, card="9S"))
    assert game.history[0].scores == (17, 0)  # seat 1's JK 2C: 15 + 2 (seat 0 played before: no double)


def test_cr_24_a_joker_counts_15_toward_an_initial_meld() -> None:
    game = at(["jokers", "initial-meld-50"], "play", "10H JH QH KH JK 4S")
    refuse(game, down("JH QH KH JK"), "CR-23")  # 10 + 10 + 10 + 15 = 45 < 50
    game.apply(down("10H JH QH KH JK"))  # 10 + 10 + 10 + 10 + 15 = 55 >= 50


def test_cr_21_with_jokers_a_joker_is_never_an_ace_above_a_king() -> None:
    game = at(["jokers", "ace-low"], "play", "QH KH JK 4S")
    refuse(game, down("QH KH JK"), "CR-21")
    game.apply(down("JK QH KH"))
    assert str(table_melds(game)[0]) == "JK(J) QH KH"


# -- G-6, G-7 under the house rules ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("house_rules", "hand", "action"),
    [
        # a first meld worth less than 50 (10 + 10 + 10 = 30) naming QH, which seat 0 does not hold
        (["initial-meld-50"], "10H JH 9S", down("10H JH QH")),
        # a lay-off that would empty the hand, of a card seat 0 does not hold
        (["discard-to-go-out"], "9S", LayOff(seat=0, card="5S", meld=0)),
        # a meld that would empty the hand, naming 10H twice
        (["discard-to-go-out"], "8H 9H 10H", down("8H 9H 10H 10H")),
        # Q-K-A under ace-low, naming AH, which seat 0 does not hold
        (["ace-low"], "QH KH 9S", down("QH KH AH")),
        # two jokers and one natural card, with one joker held
        (["jokers"], "7H JK 9S", down("7H JK JK")),
        # a discard of a joker seat 0 does not hold
        (["jokers"], "7H 9S", Discard(seat=0, card="JK")),
    ],
)
def test_g_7_a_card_not_held_is_refused_as_such_under_the_house_rules(
    house_rules: list[str], hand: str, action: GoDown | LayOff | Discard
) -> None:
    game = at(house_rules, "play", hand, table=[(1, "6S 7S 8S")])
    err = refuse(game, action, "G-7")
    assert "does not hold" in str(err)


def test_g_7_a_lay_off_before_the_initial_meld_cites_cr_c5_whatever_card_it_names() -> None:
    # CR-C5 is the seat's own condition for laying off (it has not made its initial meld): G-7 cites
    # it first, as it cites RR-20 for a seat that has not gone down, whichever card the lay-off names.
    game = at(["initial-meld-50"], "play", "10H JH 9S", table=[(1, "6S 7S 8S")])
    refuse(game, LayOff(seat=0, card="5S", meld=0), "CR-C5")
    refuse(game, LayOff(seat=0, card="9S", meld=0), "CR-C5")


def test_g_7_a_second_meld_of_cards_not_held_is_refused_as_such_under_one_meld_per_turn() -> None:
    game = at(["one-meld-per-turn"], "play", "9H 10H JH 4D 4S 4H 7C")
    game.apply(down("9H 10H JH"))
    refuse(game, down("4D 4S 4C"), "G-7")  # 4C is not held: that, not CR-20, is why it is refused
    refuse(game, down("4D 4S 4H"), "CR-20")  # a second meld of held cards breaks CR-20


def test_g_6_a_meld_plays_the_joker_taken_from_the_discard_pile_first() -> None:
    # Seat 0 holds a joker and takes the other from the discard pile. The two are alike (G-6): a meld
    # naming one joker plays the one just taken, so the joker kept is the dealt one, which may be
    # discarded (CR-6), and the meld does not leave the turn without an end (G-4).
    game = at(["jokers"], "draw", "7H 8H JK", discard="JK")
    game.apply(TakeDiscard(seat=0))
    game.apply(down("7H 8H JK"))
    assert game.hand(0) == (JK,) and Discard(seat=0, card=JK) in game.legal_actions(0)
    game.apply(Discard(seat=0, card="JK"))
    assert game.history[0].went_out == 0


# -- the same game with and without each restriction ------------------------------------------------

#: Each restriction and the rules it refuses by (``initial-meld-50``: CR-23, and CR-C5 for a lay-off before the
#: initial meld, which the engine cites as CR-23 today: see test_cr_c5_a_lay_off_before_the_initial_meld_is_refused).
RESTRICTIONS = {
    "one-meld-per-turn": ("CR-20",),
    "discard-to-go-out": ("CR-22",),
    "initial-meld-50": ("CR-23", "CR-C5"),
}


def _without(game: Game, rule: str) -> Game:
    """The same position with the house rule ``rule`` taken off (through a position document)."""
    data = json.loads(dump_position(game))
    data["house_rules"] = [name for name in data["house_rules"] if name != rule]
    for option in rummykit.house_rule_spec(rule).options:
        data["options"].pop(option.name)
    return load_position(data)


#: Positions (seat 0's hand and the table) in which each restriction refuses something.
WHERE_THEY_APPLY: dict[str, list[dict[str, Any]]] = {
    "one-meld-per-turn": [
        {"hands": ["9H 10H JH 4D 4S 4H 7C"]},
        {"hands": ["4D 4S 4H 7C"], "table": [(0, "9H 10H JH")], "melds_this_turn": 1, "melded": {0: 5}},
    ],
    "discard-to-go-out": [
        {"hands": ["9H 10H JH"]},
        {"hands": ["QH"], "table": [(1, "9H 10H JH")]},
        {"hands": ["9H 10H JH 4D 4S 4H"]},
    ],
    "initial-meld-50": [{"hands": ["10H JH QH 9S"], "table": [(1, "6S 7S 8S")]}],
}


def _differences(game: Game, rule: str, rule_ids: tuple[str, ...]) -> int:
    """Check that the turn player's legal actions with the house rule are those of the same position
    without it, less actions the house rule refuses (citing one of its rules); return how many it refuses."""
    seat = game.turn
    legal = set(game.legal_actions(seat))
    allowed = set(_without(game, rule).legal_actions(seat))
    assert legal <= allowed
    for action in allowed - legal:
        err = game.explain(action)
        assert err is not None and err.rule in rule_ids, (action, err)
    return len(allowed - legal)


@pytest.mark.parametrize(("rule", "rule_ids"), RESTRICTIONS.items(), ids=list(RESTRICTIONS))
def test_a_restriction_differs_from_the_plain_game_exactly_where_it_applies(
    rule: str, rule_ids: tuple[str, ...]
) -> None:
    refused = 0
    for position in WHERE_THEY_APPLY[rule]:
        hand, *_ = position["hands"]
        game = at([rule], "play", hand, **{key: value for key, value in position.items() if key != "hands"})
        refused += _differences(game, rule, rule_ids)
    assert refused, "the house rule refuses something in the positions built for it"
    # Games mostly between heuristic bots (which meld), compared at every play-phase position.
    for seed in range(3):
        game = rummykit.new_game("rummy", players=2 + seed, seed=seed, house_rules=[rule], options={"max_rounds": 1})
        bots = [rummykit.make_bot("heuristic", "rummy", seed=seed + seat) for seat in range(game.players)]
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.turn
            if game.phase == "play":
                _differences(game, rule, rule_ids)
            legal = game.legal_actions(seat)
            game.apply(bots[seat].choose(game.view(seat), legal) if rng.random() < 0.8 else rng.choice(legal))


# -- legal actions stay complete and sound under the house rules ------------------------------------

BUILT = {
    "jokers in sets and runs": ("5H 5D JK 7H 9H JK", "4S"),
    "a joker beside the ace": ("JK AS 2S QD KD", "3S"),
    "a lone joker kept for the discard": ("JK 4C", "9S"),
}


@pytest.mark.parametrize("stack", [["jokers"], list(NAMES)], ids=["jokers", "all five"])
@pytest.mark.parametrize(("hand", "top"), BUILT.values(), ids=BUILT)
def test_legal_actions_are_complete_and_sound_under_house_rules(stack: list[str], hand: str, top: str) -> None:
    # seat 0 has made its initial meld (6S 7S 8S, on turn 1), so initial-meld-50 does not restrict it
    game = at(stack, "draw", hand, discard=top, table=[(0, "6S 7S 8S"), (1, "10S 10H 10D")])
    game.apply(TakeDiscard(seat=0))
    for pick in (0, -1):  # every play of the turn: the first meld or lay-off listed each time, or the last
        walk = game.copy()
        while walk.round == 1 and walk.phase == "play":
            legal = walk.legal_actions(0)
            assert len(legal) == len(set(legal))
            for action in legal:
                assert walk.check(action) == action
                walk.copy().apply(action)
            assert set(legal) == legal_by_brute_force(walk, 0)
            plays = [action for action in legal if not isinstance(action, Discard)]
            if not plays:
                break
            walk.apply(plays[pick])
