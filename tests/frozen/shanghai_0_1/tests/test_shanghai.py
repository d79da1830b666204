"""Shanghai's own tests: found as an installed plug-in, every rule played and broken, seeded games
that end, keep every card and replay, and legal actions that the rules accept.

Positions are set up with a stacked shoe (``new_game(shoe=...)``), the public way to deal chosen cards.
"""

from __future__ import annotations

import doctest
import os
import random
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from types import ModuleType

import pytest

import rummykit
import rummykit_shanghai_0_1.rules
from rummykit import (
    Card,
    Discard,
    Draw,
    GoDown,
    IllegalActionError,
    InvalidOptionError,
    LayOff,
    RunEnd,
    TakeDiscard,
    parse_cards,
)
from rummykit.serialize import dump_position, dump_record, load_position, load_record, position_to_data
from rummykit.shoe import decks
from rummykit_shanghai_0_1 import ShanghaiView

SHOE = decks(2, jokers_per_deck=2)


def stacked(hands: Sequence[str], *, discard: str, stock: str = "") -> list[Card]:
    """A whole shoe in draw order that deals ``hands`` (dealer 0, so seat 1 is dealt first), turns
    up ``discard`` and leaves ``stock`` on top of the stock, the next card to be drawn first."""
    players = len(hands)
    cards = [parse_cards(hand) for hand in hands]
    assert all(len(hand) == 11 for hand in cards), "Shanghai deals 11 cards"
    order = [cards[(1 + step) % players][i] for i in range(11) for step in range(players)]
    order += parse_cards(discard) + parse_cards(stock)
    rest = Counter(SHOE) - Counter(order)
    assert sum(rest.values()) == len(SHOE) - len(order), "more copies of a card than the shoe holds"
    return order + sorted(rest.elements())


HANDS = (
    "3C 4C 6D 7D 8S 9S 10H JH QC KD AD",
    "5H 5D 5S 9C 9D JK 7H KH QS 3S 4H",
    "6C 6H 8C 8D 10C 10D JC JD QH AH AS",
)


def round_one(stock: str = "4D 8H") -> rummykit.Game:
    """Seat 1 to play round 1 (2 sets) holding two sets and a spare joker-free hand."""
    return rummykit.new_game("shanghai-0-1", players=3, seed=1, dealer=0, shoe=stacked(HANDS, discard="KS", stock=stock))


def in_round(number: int, game: rummykit.Game) -> rummykit.Game:
    """The same deal as round ``number``: a position is data, and loading it checks it."""
    data = position_to_data(game)
    data["round"] = number
    return load_position(data)


def refused(game: rummykit.Game, action: rummykit.Action) -> IllegalActionError:
    before = game.copy()
    with pytest.raises(IllegalActionError) as info:
        game.apply(action)
    assert game == before, "a refused action changes nothing"
    return info.value


def test_found_through_its_entry_point() -> None:
    assert "shanghai-0-1" in rummykit.available_variants()
    spec = rummykit.variant_spec("shanghai-0-1")
    assert spec.title == "Shanghai"
    assert {f"SH-{n}" for n in range(1, 15)} <= spec.rule_ids
    assert set(rummykit.available_bots("shanghai-0-1")) >= {"heuristic", "random"}


@pytest.mark.parametrize("module", [rummykit_shanghai_0_1, rummykit_shanghai_0_1.rules], ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    assert doctest.testmod(module).failed == 0


def test_deal_and_view() -> None:
    game = round_one()
    assert game.turn == 1
    assert [len(game.hand(seat)) for seat in range(3)] == [11, 11, 11]
    view = game.view(1)
    assert isinstance(view, ShanghaiView)
    assert (view.contract, view.rounds, view.went_down) == ("2 sets", 7, (False, False, False))
    assert view.discard_top == Card.parse("KS")


def test_go_down_with_the_contract_in_one_form() -> None:
    game = round_one()
    game.apply(Draw(seat=1))
    # SH-9: sets may be longer than 3; given in any order, recorded in one form (SH-C2).
    game.apply(GoDown(seat=1, melds=(tuple(parse_cards("JK 9D 9C")), tuple(parse_cards("5S 5H 5D")))))
    recorded = game.record.actions[-1]
    assert recorded == GoDown(seat=1, melds=(tuple(parse_cards("5D 5H 5S")), tuple(parse_cards("9C 9D JK"))))
    view = game.view(0)
    assert isinstance(view, ShanghaiView)
    assert view.went_down == (False, True, False)
    assert len(game.state.table) == 2
    assert game.is_legal(Discard(seat=1, card=Card.parse("KH")))


def test_every_listed_go_down_is_in_canonical_form() -> None:
    game = round_one()
    game.apply(Draw(seat=1))
    go_downs = [action for action in game.legal_actions(1) if isinstance(action, GoDown)]
    assert go_downs, "seat 1 holds two sets"
    assert all(game.check(action) == action for action in go_downs)
    assert len(set(go_downs)) == len(go_downs)


def test_lay_off_from_the_turn_of_going_down() -> None:
    game = round_one(stock="5C 8H")
    game.apply(Draw(seat=1))  # draws 5C
    game.apply(GoDown(seat=1, melds=(tuple(parse_cards("5H 5D 5S")), tuple(parse_cards("9C 9D JK")))))
    game.apply(LayOff(seat=1, card=Card.parse("5C"), meld=0))
    assert len(game.state.table[0].meld) == 4


@pytest.mark.parametrize(
    ("melds", "rule"),
    [
        (["5H 5D 5S"], "SH-9"),  # one set where the contract is two
        (["5H 5D 9C", "5S 9D JK"], "SH-6"),  # neither a set nor a run
        (["5H 5D", "9C 9D JK"], "SH-5"),  # a set of two
        (["5H JK 5D 5S", "9C 9D 9H"], "G-7"),  # the hand holds no 9H (G-7: a card not held is refused as such)
    ],
)
def test_invalid_go_downs_cite_their_rule(melds: list[str], rule: str) -> None:
    game = round_one()
    game.apply(Draw(seat=1))
    assert refused(game, GoDown(seat=1, melds=tuple(tuple(parse_cards(m)) for m in melds))).rule == rule


def test_wild_limit() -> None:
    hands = (HANDS[0], "5H JK JK 9C 9D 9S 7H KH QS 3S 4H", HANDS[2])
    game = rummykit.new_game("shanghai-0-1", players=3, seed=1, dealer=0, shoe=stacked(hands, discard="KS", stock="4D"))
    game.apply(Draw(seat=1))
    err = refused(game, GoDown(seat=1, melds=(tuple(parse_cards("5H JK JK")), tuple(parse_cards("9C 9D 9S")))))
    assert err.rule == "SH-4"


def test_turn_rules() -> None:
    game = round_one()
    assert refused(game, Discard(seat=1, card=Card.parse("5H"))).rule == "SH-8"  # draw first
    assert refused(game, Draw(seat=2)).rule == "SH-2"  # the seat after the dealer starts
    game.apply(TakeDiscard(seat=1))
    assert refused(game, Discard(seat=1, card=Card.parse("KS"))).rule == "SH-11"  # not the taken card
    assert refused(game, LayOff(seat=1, card=Card.parse("KS"), meld=0)).rule == "SH-10"  # not down yet
    game.apply(GoDown(seat=1, melds=(tuple(parse_cards("5H 5D 5S")), tuple(parse_cards("9C 9D JK")))))
    again = GoDown(seat=1, melds=(tuple(parse_cards("KH KS QS")),))
    assert refused(game, again).rule == "SH-10"  # once a round, no new meld after


def test_lay_off_with_a_natural_fills_in_the_end() -> None:
    hands = (HANDS[0], "5H 6H 7H 8H 9C 9D 9S 4H QS 3S KD", HANDS[2])
    shoe = stacked(hands, discard="KS", stock="2D 10D JD")
    game = in_round(2, rummykit.new_game("shanghai-0-1", players=3, seed=1, dealer=0, shoe=shoe))
    view = game.view(1)
    assert isinstance(view, ShanghaiView)
    assert view.contract == "1 set + 1 run"
    game.apply(Draw(seat=1))
    game.apply(GoDown(seat=1, melds=(tuple(parse_cards("9C 9D 9S")), tuple(parse_cards("5H 6H 7H 8H")))))
    assert refused(game, LayOff(seat=1, card=Card.parse("3S"), meld=1)).rule == "SH-6"  # not the next rank
    assert refused(game, LayOff(seat=1, card=Card.parse("QS"), meld=0)).rule == "SH-5"  # not a 9
    game.apply(LayOff(seat=1, card=Card.parse("4H"), meld=1))
    assert game.record.actions[-1] == LayOff(seat=1, card=Card.parse("4H"), meld=1, end=RunEnd.LOW)
    assert str(game.state.table[1].meld) == "4H 5H 6H 7H 8H"


def test_option_rounds() -> None:
    game = rummykit.new_game("shanghai-0-1", players=2, seed=3, options={"rounds": 1})
    _play(game, random.Random(3))
    assert len(game.history) == 1
    with pytest.raises(InvalidOptionError, match="SH-7"):
        rummykit.new_game("shanghai-0-1", players=2, seed=3, options={"rounds": 8})
    with pytest.raises(InvalidOptionError, match="SH-1"):
        rummykit.new_game("shanghai-0-1", players=7, seed=3)


def _play(game: rummykit.Game, chooser: random.Random, *, check_every: bool = False) -> None:
    bots = [rummykit.make_bot("heuristic" if seat % 2 else "random", "shanghai-0-1", seed=seat) for seat in range(9)]
    while not game.is_over:
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        if check_every:
            assert all(game.check(action) == action for action in legal), "every listed action is accepted as is"
        game.apply(bots[seat].choose(game.view(seat), legal))


@pytest.mark.parametrize("seed", range(4))
def test_seeded_games_end_keep_every_card_and_replay(seed: int) -> None:
    game = rummykit.new_game("shanghai-0-1", players=2 + seed, seed=seed)
    _play(game, random.Random(seed))
    assert len(game.history) == 7
    assert sorted(game.state.card_ids()) == sorted(set(game.state.card_ids()))
    assert len(game.state.card_ids()) == 108
    assert game.winners == tuple(s for s, total in enumerate(game.scores) if total == min(game.scores))
    again = rummykit.replay(load_record(dump_record(game.record)))
    assert again == game


def test_legal_actions_are_accepted_as_listed() -> None:
    game = rummykit.new_game("shanghai-0-1", players=3, seed=11, options={"rounds": 3})
    _play(game, random.Random(11), check_every=True)


def test_positions_round_trip() -> None:
    game = round_one()
    game.apply(Draw(seat=1))
    game.apply(GoDown(seat=1, melds=(tuple(parse_cards("5H 5D 5S")), tuple(parse_cards("9C 9D JK")))))
    loaded = load_position(dump_position(game))
    assert loaded.view(1) == game.view(1)
    assert loaded.legal_actions(1) == game.legal_actions(1)


def test_simulate_from_the_command_line() -> None:
    command = shutil.which("rummykit", path=os.path.dirname(sys.executable)) or shutil.which("rummykit")
    assert command is not None, "rummykit's command is installed with it"
    result = subprocess.run(
        [command, "simulate", "shanghai-0-1", "--players", "3", "--games", "3", "--bots", "heuristic,random", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert '"games": 3' in result.stdout
