"""Classic Rummy rule by rule (RULES.md CR-1 … CR-12, the clarifications CR-C1 … CR-C4, and the common
rules G-1 … G-7 as this variant applies them), its views, positions and records, the completeness and
soundness of its legal actions, and its heuristic bot.

Every rule a player can break has a test that plays it as written, through the public API, and a test
that breaks it: the action is refused with ``IllegalActionError`` citing that rule, and the game is left
unchanged. The rules the engine carries out by itself (dealing, going out, scoring, the end of the game)
are tested by what they do: positions built through the position loader (``tests.classic_support.arrange``)
or rounds dealt from stacked shoes, against numbers worked out by hand from RULES.md in the test.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any, ClassVar, cast

import attrs
import pytest

import rummykit
from rummykit import (
    Action,
    Card,
    Discard,
    Draw,
    Game,
    GameOverError,
    GoDown,
    IllegalActionError,
    InvalidActionError,
    InvalidOptionError,
    InvalidPositionError,
    LayOff,
    MeldKind,
    Rank,
    RoundResult,
    RunEnd,
    TakeDiscard,
    parse_cards,
)
from rummykit.core.cards import shoe_ids, standard_deck
from rummykit.documents.serialize import dump_position, dump_record, dump_view, load_position, load_record, load_view
from rummykit.play.commands import parse_move
from rummykit.play.simulate import simulate
from rummykit.standard import FreeMelds, Minimums, StandardRules
from rummykit.standard.melding import disjoint_combinations, single_melds
from rummykit_variants.classic_rummy import ClassicRummyView
from rummykit_variants.classic_rummy.plugin import ClassicRummy
from rummykit_variants.classic_rummy.rules import MELD_RULES
from tests.classic_support import arrange, legal_by_brute_force, stacked_shoe, table_melds
from tests.support import play, refuse

# Hands for the other seats that meld nothing and share no card with the hands the tests give seat 0.
# By CR-10 (J, Q, K: 10; 2-10: face value) they are worth 2 + 5 + 8 + 10 = 25, 3 + 6 + 9 + 10 = 28 and
# 4 + 7 + 10 + 10 = 31.
FILLERS = {1: "2C 5C 8C JC", 2: "3D 6D 9D QD", 3: "4S 7S 10S KS"}


def new(players: int = 2, **options: Any) -> Game:
    """A seeded game in which the last seat deals, so seat 0 plays first (CR-2)."""
    return rummykit.new_game("rummy", players=players, seed=7, dealer=players - 1, options=options)


def at(
    phase: str,
    *hands: str,
    players: int = 2,
    turn: int = 0,
    turn_number: int = 5,
    options: dict[str, Any] | None = None,
    **position: Any,
) -> Game:
    """A position: the hands given (seat 0 first; fillers for the rest), ``turn`` to act in ``phase``."""
    game = new(players, **(options or {}))
    seats = [*hands, *(FILLERS[seat] for seat in range(len(hands), players))]
    return arrange(game, hands=seats, turn=turn, phase=phase, turn_number=turn_number, **position)


def down(*melds: str, seat: int = 0) -> GoDown:
    return GoDown(seat=seat, melds=melds)


def view(game: Game, seat: int | None = None) -> ClassicRummyView:
    return cast(ClassicRummyView, game.view(seat))


def held(game: Game, seat: int = 0) -> list[Card]:
    return sorted(game.hand(seat))


def cards(text: str) -> list[Card]:
    return sorted(parse_cards(text))


def table(game: Game) -> list[str]:
    return [str(meld) for meld in table_melds(game)]


def last(game: Game) -> RoundResult:
    return game.history[-1]


def go_downs(game: Game, seat: int = 0) -> list[GoDown]:
    return [action for action in game.legal_actions(seat) if isinstance(action, GoDown)]


def lay_offs(game: Game, seat: int = 0) -> list[LayOff]:
    return [action for action in game.legal_actions(seat) if isinstance(action, LayOff)]


# -- CR-1 players and cards ------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "size"), [(2, 10), (3, 7), (4, 7)])
def test_cr_1_one_deck_ten_cards_each_for_two_seven_for_three_or_four(players: int, size: int) -> None:
    game = new(players)
    v = view(game)
    assert v.hand_sizes == (size,) * players and v.hand_size == size
    assert (v.discard_size, v.stock_size) == (1, 52 - players * size - 1)
    assert Counter(game.state.rules.shoe) == Counter(standard_deck())  # no jokers
    assert sorted(game.state.card_ids()) == sorted(shoe_ids(standard_deck()))


@pytest.mark.parametrize("players", [0, 1, 5])
def test_cr_1_fewer_than_two_or_more_than_four_players_are_refused(players: int) -> None:
    # Break: creating the game is refused with InvalidOptionError citing CR-1.
    with pytest.raises(InvalidOptionError) as err:
        rummykit.new_game("rummy", players=players)
    assert err.value.rule == "CR-1" and "2 to 4" in str(err.value)


def test_cr_c1_the_deal_goes_one_card_at_a_time_from_the_seat_after_the_dealer() -> None:
    shoe = list(standard_deck())
    game = rummykit.new_game("rummy", players=2, dealer=1, shoe=shoe)
    assert game.hand(0) == tuple(shoe[0:20:2]) and game.hand(1) == tuple(shoe[1:20:2])
    assert view(game).discard_top == shoe[20]
    game.apply(Draw(seat=0))
    assert game.hand(0)[-1] == shoe[21]  # the rest is the stock, in order


# -- CR-2 dealer and first player ------------------------------------------------------------------


@pytest.mark.parametrize(("dealer", "first"), [(0, 1), (2, 3), (3, 0)])
def test_cr_2_the_seat_after_the_dealer_plays_first(dealer: int, first: int) -> None:
    game = rummykit.new_game("rummy", players=4, seed=1, dealer=dealer)
    assert (game.dealer, game.turn, game.to_act) == (dealer, first, (first,))


def test_cr_2_the_deal_passes_one_seat_forward_each_round() -> None:
    game = rummykit.new_game("rummy", players=3, seed=1, dealer=1, options={"max_turns_per_round": 1})
    seen = []
    for _ in range(4):
        seen.append((game.round, game.dealer, game.turn))
        seat = game.turn
        game.apply(Draw(seat=seat))
        game.apply(next(a for a in game.legal_actions(seat) if isinstance(a, Discard)))
    assert seen == [(1, 1, 2), (2, 2, 0), (3, 0, 1), (4, 1, 2)]


def test_cr_2_the_first_dealer_is_chosen_by_the_games_random_source() -> None:
    dealers = [rummykit.new_game("rummy", players=4, seed=seed).dealer for seed in range(20)]
    assert len(set(dealers)) > 1
    assert [rummykit.new_game("rummy", players=4, seed=seed).dealer for seed in range(20)] == dealers


def test_cr_2_only_the_first_player_makes_the_first_draw() -> None:
    game = new(4)
    for seat in (1, 2, 3):
        refuse(game, Draw(seat=seat), "CR-2")
        refuse(game, TakeDiscard(seat=seat), "CR-2")


# -- CR-3 the draw ---------------------------------------------------------------------------------


def test_cr_3_drawing_takes_the_top_card_of_the_stock() -> None:
    game = at("draw", "4H 9S", stock="KH QH", discard="3S")
    game.apply(Draw(seat=0))
    assert game.hand(0)[-1] == Card.parse("KH") and game.phase == "play"
    assert view(game).stock_size == 52 - 2 - 4 - 1 - 1 and view(game).discard_top == Card.parse("3S")


def test_cr_3_taking_the_discard_takes_its_top_card() -> None:
    game = at("draw", "4H 9S", discard="2S 3S")
    game.apply(TakeDiscard(seat=0))
    assert game.hand(0)[-1] == Card.parse("3S") and view(game).taken == Card.parse("3S")
    assert view(game).discard_top == Card.parse("2S") and game.phase == "play"


def test_cr_3_drawing_twice_is_refused() -> None:
    game = at("draw", "4H 9S", discard="3S")
    game.apply(Draw(seat=0))
    refuse(game, Draw(seat=0), "CR-3")
    refuse(game, TakeDiscard(seat=0), "CR-3")


@attrs.frozen
class _DeepTake(Action):
    """A draw of a variant's own (as Rummy 500's take of cards deep in the discard pile)."""

    kind: ClassVar[str] = "deep-take"


def test_cr_3_a_draw_of_a_variants_own_counts_as_the_turns_one_draw_once_declared() -> None:
    # The turn check reads which actions draw from `Turns.draws`: undeclared, a deep take at the start of
    # a turn is refused as no draw (CR-3); declared, it is the draw, and no second draw may follow it.
    game = at("draw", "4H 9S", discard="3S")
    rules = cast(StandardRules, game.state.rules)
    with pytest.raises(IllegalActionError, match="a turn starts with a draw") as refused:
        rules.check_turn(game.state, _DeepTake(seat=0))
    assert refused.value.rule == "CR-3"
    declared = attrs.evolve(rules, turns=attrs.evolve(rules.turns, draws=(*rules.turns.draws, _DeepTake)))
    declared.check_turn(game.state, _DeepTake(seat=0))
    game.apply(Draw(seat=0))
    with pytest.raises(IllegalActionError, match="exactly one draw") as refused:
        declared.check_turn(game.state, _DeepTake(seat=0))
    assert refused.value.rule == "CR-3"


def test_cr_3_an_empty_discard_pile_cannot_be_taken_from() -> None:
    # Play never leaves the discard pile empty at a draw (after CR-7 shuffles it into the stock, the player
    # who drew discards), but a loaded position may: with no top card there is nothing to take.
    game = at("draw", "4H 9S", discard="")
    err = refuse(game, TakeDiscard(seat=0), "CR-3")
    assert "CR-7" in str(err)  # the message says why the pile is empty
    assert game.legal_actions(0) == [Draw(seat=0)]


def test_cr_3_playing_or_discarding_before_drawing_is_refused() -> None:
    game = at("draw", "4H 5H 6H 9S", discard="3S")
    refuse(game, down("4H 5H 6H"), "CR-3")
    refuse(game, Discard(seat=0, card="9S"), "CR-3")
    assert game.legal_actions(0) == [Draw(seat=0), TakeDiscard(seat=0)]


# -- CR-4 runs and sets ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("meld", "kind", "ranks"),
    [
        ("AH 2H 3H", MeldKind.RUN, "A 2 3"),
        ("QH KH AH", MeldKind.RUN, "Q K A"),
        ("4S 5S 6S 7S", MeldKind.RUN, "4 5 6 7"),
        ("9H 9S 9D", MeldKind.SET, "9 9 9"),
        ("KH KD KS KC", MeldKind.SET, "K K K K"),
    ],
)
def test_cr_4_runs_of_one_suit_ace_low_or_high_and_sets_of_one_rank(meld: str, kind: MeldKind, ranks: str) -> None:
    game = at("play", meld + " 3C", played={0: 1})
    game.apply(down(meld))
    laid = table_melds(game)[0]
    assert laid.kind is kind and " ".join(rank.symbol for rank in laid.ranks) == ranks
    assert held(game) == cards("3C")


@pytest.mark.parametrize(
    "meld",
    [
        "KH AH 2H",  # the ace is low or high, never both (no wrap)
        "4H 5S 6H",  # a run's cards are all of one suit
        "4H 6H 7H",  # consecutive ranks
        "9H 9S",  # three or more cards
        "9H 9S 10D",  # a set is of one rank
    ],
)
def test_cr_4_anything_else_is_refused(meld: str) -> None:
    game = at("play", "KH AH 2H 3H 4H 5S 6H 7H 9H 9S 10D")
    refuse(game, down(meld), "CR-4")


def test_cr_4_a_card_that_does_not_extend_a_meld_cannot_join_it() -> None:
    game = at("play", "8S QS 6H", table=[(1, "9H 10H JH"), (1, "4D 4H 4S")])
    refuse(game, LayOff(seat=0, card="8S", meld=0), "CR-4")
    refuse(game, LayOff(seat=0, card="QS", meld=0, end="high"), "CR-4")
    refuse(game, LayOff(seat=0, card="6H", meld=1), "CR-4")


# -- CR-5 melding and laying off -------------------------------------------------------------------


def test_cr_5_several_melds_in_one_action_and_more_later_in_the_turn() -> None:
    game = at("play", "AH 2H 3H 7S 7D 7H 9S 10S JS 4D")
    game.apply(down("AH 2H 3H", "7S 7D 7H"))
    assert table(game) == ["7D 7H 7S", "AH 2H 3H"]  # recorded in canonical order (CR-C4)
    game.apply(down("9S 10S JS"))
    assert held(game) == cards("4D") and view(game).melded == (True, False)


def test_cr_5_lay_off_on_anyones_meld_at_either_end_of_a_run() -> None:
    game = at("play", "8H QH 4C 6S", table=[(1, "9H 10H JH"), (1, "4D 4H 4S")])
    play(
        game,
        LayOff(seat=0, card="8H", meld=0),
        LayOff(seat=0, card="QH", meld=0),
        LayOff(seat=0, card="4C", meld=1),
    )
    assert table(game) == ["8H 9H 10H JH QH", "4D 4H 4S 4C"]
    assert game.record.actions[0].end is RunEnd.LOW and game.record.actions[1].end is RunEnd.HIGH  # type: ignore[attr-defined]
    assert [m.owner for m in game.state.table] == [1, 1] and view(game).played == (True, True)


def test_cr_5_lay_off_on_ones_own_meld_on_a_later_turn() -> None:
    game = at("play", "9H 10H JH 5S 8D", discard="2S", stock="3S QH")
    play(game, down("9H 10H JH"), Discard(seat=0, card="5S"), Draw(seat=1), Discard(seat=1, card="2C"))
    play(game, Draw(seat=0), LayOff(seat=0, card="QH", meld=0))
    assert table(game) == ["9H 10H JH QH"]


def test_cr_5_playing_is_optional() -> None:
    game = at("play", "4H 5H 6H 9S")
    assert go_downs(game) == [down("4H 5H 6H")]
    game.apply(Discard(seat=0, card="9S"))
    assert (game.turn, game.phase, table(game)) == (1, "draw", [])


def test_cr_5_a_lay_off_on_a_meld_that_is_not_on_the_table_is_refused() -> None:
    game = at("play", "8H 4H 9S", table=[(1, "9H 10H JH")])
    refuse(game, LayOff(seat=0, card="8H", meld=1), "CR-5")
    refuse(game, LayOff(seat=0, card="8H", meld=-1), "CR-5")
    game.apply(LayOff(seat=0, card="8H", meld=0))
    assert table(game) == ["8H 9H 10H JH"]


def test_a_meld_action_without_cards_is_malformed() -> None:
    game = at("play", "4H 5H 9S")
    with pytest.raises(InvalidActionError):
        game.apply(GoDown(seat=0, melds=[]))
    with pytest.raises(InvalidActionError):
        game.apply(GoDown(seat=0, melds=["4H 5H", ""]))


# -- CR-6 the discard ------------------------------------------------------------------------------


def test_cr_6_a_discard_ends_the_turn() -> None:
    game = at("play", "4H 9S")
    game.apply(Discard(seat=0, card="9S"))
    assert (game.turn, game.phase, game.state.turn_number) == (1, "draw", 6)
    assert view(game).discard_top == Card.parse("9S")


def test_cr_6_the_card_taken_from_the_discard_pile_may_be_melded_but_not_discarded() -> None:
    game = at("draw", "4H 5H 9S 2D", discard="6H")
    game.apply(TakeDiscard(seat=0))
    refuse(game, Discard(seat=0, card="6H"), "CR-6")
    assert Discard(seat=0, card="6H") not in game.legal_actions(0)
    play(game, down("4H 5H 6H"), Discard(seat=0, card="9S"))
    assert table(game) == ["4H 5H 6H"]


# -- G-7 a card the seat does not hold -------------------------------------------------------------


def test_g_7_a_card_not_held_is_refused_as_such_in_a_meld_a_lay_off_and_a_discard() -> None:
    game = at("play", "4H 5H 9S 9D", table=[(1, "9H 10H JH")])
    refuse(game, down("4H 5H 6H"), "G-7")  # 6H is not in seat 0's hand
    refuse(game, down("4H 5S 6H"), "G-7")  # not held, and not a run either: refused as not held
    refuse(game, down("9S 9D 9S"), "G-7")  # one 9S held, named twice
    refuse(game, LayOff(seat=0, card="8H", meld=0), "G-7")
    refuse(game, LayOff(seat=0, card="QH", meld=0, end="high"), "G-7")
    refuse(game, Discard(seat=0, card="KD"), "G-7")
    refuse(game, Discard(seat=0, card="2C"), "G-7")  # a card of seat 1's hand
    err = refuse(game, Discard(seat=0, card="6H"), "G-7")
    assert "does not hold 6H" in str(err)


def test_g_7_a_card_not_held_is_not_blamed_on_the_taken_card_rule() -> None:
    # Seat 0 took 6H from the discard pile: CR-6 forbids discarding 6H, not a card it never held.
    game = at("draw", "4H 5H 9S", discard="6H")
    game.apply(TakeDiscard(seat=0))
    refuse(game, Discard(seat=0, card="6H"), "CR-6")
    refuse(game, Discard(seat=0, card="7H"), "G-7")
    refuse(game, down("4H 5H 6H 7H"), "G-7")
    play(game, down("4H 5H 6H"), Discard(seat=0, card="9S"))
    assert last(game).went_out == 0


# -- CR-7 rebuilding the stock ---------------------------------------------------------------------


def test_cr_7_an_empty_stock_is_rebuilt_from_the_whole_discard_pile_shuffled() -> None:
    game = at("draw", "4H 9S", leftover="discard")
    pile = list(game.state.piles["discard"])
    assert game.state.piles["stock"] == [] and len(pile) == 52 - 6
    game.apply(Draw(seat=0))
    stock = game.state.piles["stock"]
    assert game.state.piles["discard"] == [] and Counter([*stock, game.state.hands[0][-1]]) == Counter(pile)
    assert stock != pile[:-1]  # shuffled
    assert view(game).rebuilds_used == 1


def test_cr_7_the_rebuild_shuffles_with_the_games_random_source() -> None:
    first, second = (at("draw", "4H 9S", leftover="discard") for _ in range(2))
    other = rummykit.new_game("rummy", players=2, seed=8, dealer=1)
    other = arrange(other, hands=["4H 9S", FILLERS[1]], turn=0, phase="draw", turn_number=5, leftover="discard")
    for game in (first, second, other):
        game.apply(Draw(seat=0))
    assert first.state.piles == second.state.piles != other.state.piles


# -- CR-8 going out --------------------------------------------------------------------------------


# Seat 0 played on turn 2 (``played={0: 2}``), so going out on turn 5 is not going rummy (CR-11) and
# it scores what seat 1 holds once: FILLERS[1] = 2C 5C 8C JC = 2 + 5 + 8 + 10 = 25.


def test_cr_8_discarding_the_last_card_goes_out() -> None:
    game = at("play", "QS", played={0: 2})
    game.apply(Discard(seat=0, card="QS"))
    assert last(game).went_out == 0 and "CR-8" in last(game).reason
    assert last(game).scores == (25, 0) and game.scores == (25, 0) and game.round == 2


def test_cr_8_melding_the_whole_hand_goes_out_without_a_discard() -> None:
    game = at("play", "9H 10H JH", played={0: 2})
    game.apply(down("9H 10H JH"))
    assert last(game).went_out == 0 and "CR-8" in last(game).reason
    assert last(game).scores == (25, 0) and game.round == 2


def test_cr_8_laying_off_the_last_card_goes_out_without_a_discard() -> None:
    game = at("play", "QH", table=[(1, "9H 10H JH")], played={0: 2})
    game.apply(LayOff(seat=0, card="QH", meld=0))
    assert last(game).went_out == 0 and "CR-8" in last(game).reason
    assert last(game).scores == (25, 0) and game.round == 2


def test_cr_8_a_hand_with_a_card_left_does_not_go_out() -> None:
    game = at("play", "9H 10H JH QS", played={0: 2})
    game.apply(down("9H 10H JH"))
    assert (game.round, game.history, game.hand(0)) == (1, (), (Card.parse("QS"),))
    assert game.legal_actions(0) == [Discard(seat=0, card="QS")]  # the turn still ends with a discard


def test_cr_8_going_out_ends_the_round_at_once_and_the_next_is_dealt() -> None:
    # A round from a stacked shoe: dealer seat 1, so seat 0 plays first (CR-2).
    first = stacked_shoe(
        dealer=1,
        hands=["AH 2H 3H 4C 4D 4S 7S 8S 9S KD", "2C 3C 7C 2D 5D 9D 6H 8H JS QS"],
        discard="QC",
        stock="5C 6C 10S",
    )
    second = list(standard_deck())
    game = rummykit.new_game("rummy", players=2, dealer=1, shoes=[first, second])
    play(
        game,
        Draw(seat=0),  # 5C
        down("AH 2H 3H", "4C 4D 4S"),  # seat 0 plays on turn 1: going out later is not going rummy
        Discard(seat=0, card="KD"),
        Draw(seat=1),  # 6C
        Discard(seat=1, card="6C"),
        Draw(seat=0),  # 10S
        down("7S 8S 9S 10S"),
    )
    assert game.round == 1 and held(game) == cards("5C")
    game.apply(Discard(seat=0, card="5C"))  # the hand is empty: seat 0 goes out and wins the round
    # Seat 1 plays no more in round 1: it is scored on the ten cards it was dealt (CR-10, CR-11):
    # 2C 3C 7C 2D 5D 9D 6H 8H JS QS = 2 + 3 + 7 + 2 + 5 + 9 + 6 + 8 + 10 + 10 = 62.
    assert len(game.history) == 1 and last(game).went_out == 0
    assert last(game).reason == "seat 0 went out (CR-8)"
    assert last(game).scores == (62, 0) and game.scores == (62, 0)
    # Round 2 is dealt immediately from the second shoe by seat 0 (CR-2), one card at a time from seat 1
    # (CR-C1): seat 1 gets the 1st, 3rd, ... 19th cards, seat 0 the 2nd, ... 20th, the 21st is turned up.
    assert (game.round, game.dealer, game.turn, game.phase) == (2, 0, 1, "draw")
    assert game.hand(1) == tuple(second[0:20:2]) and game.hand(0) == tuple(second[1:20:2])
    assert view(game).discard_top == second[20] and view(game).stock_size == 52 - 21


# -- CR-9 the stalemate ----------------------------------------------------------------------------


def test_cr_9_the_third_time_the_stock_runs_out_the_round_ends_unscored() -> None:
    game = at("draw", "4H 9S", leftover="discard", rebuilds=2, totals=[40, 30])
    game.apply(Draw(seat=0))
    result = game.history[0]
    assert result.went_out is None and result.scores == (0, 0) and "the third time" in result.reason
    assert "CR-9" in result.reason
    assert game.scores == (40, 30) and game.round == 2 and view(game).rebuilds_used == 0


@pytest.mark.parametrize("rebuilds", [0, 1])
def test_cr_9_option_stock_rebuilds_sets_how_often_the_stock_is_rebuilt(rebuilds: int) -> None:
    game = at("draw", "4H 9S", leftover="discard", options={"stock_rebuilds": 1}, rebuilds=rebuilds)
    game.apply(Draw(seat=0))
    assert (game.round, game.phase) == ((1, "play") if rebuilds == 0 else (2, "draw"))


def test_cr_9_a_negative_number_of_rebuilds_is_refused() -> None:
    # Break: the option's value is refused with InvalidOptionError citing CR-9.
    with pytest.raises(InvalidOptionError) as err:
        new(stock_rebuilds=-1)
    assert err.value.rule == "CR-9"


def test_cr_c2_taking_the_discard_does_not_rebuild_an_empty_stock() -> None:
    game = at("draw", "4H 9S", discard="2S 3S", leftover="discard", rebuilds=2)
    game.apply(TakeDiscard(seat=0))
    assert game.state.piles["stock"] == [] and view(game).rebuilds_used == 2 and game.round == 1


def test_cr_c2_with_no_card_to_draw_at_all_the_round_ends_unscored() -> None:
    # Every other card is on the table, in sets of each rank (seat 0 holds 4H 9S, seat 1 2C 5C 8C JC).
    held_now = {"4H", "9S", *FILLERS[1].split()}
    sets = [[str(card) for card in standard_deck() if card.rank is rank and str(card) not in held_now] for rank in Rank]
    table = [(number % 2, " ".join(cards)) for number, cards in enumerate(group for group in sets if group)]
    game = at("draw", "4H 9S", table=table)  # no stock, no discard pile
    assert game.legal_actions(0) == [Draw(seat=0)]
    game.apply(Draw(seat=0))
    assert last(game).went_out is None and last(game).scores == (0, 0) and "CR-C2" in last(game).reason
    assert "the stock is used up, and the discard pile holds no card" in last(game).reason


class _GrowingMinimum(ClassicRummy):
    """Classic Rummy at a table whose first meld action must be worth more as a player's total grows, as the
    canasta family's does (`Minimums`): 20 points below a total of 100, 40 from 100 up."""

    @rummykit.hookimpl
    def rummykit_setup(self, config: rummykit.GameSettings) -> StandardRules:
        rules = super().rummykit_setup(config)
        minimums = Minimums(((100, 40),), below=20)
        return attrs.evolve(rules, melding=FreeMelds(initial_minimum=minimums, initial_rule="CR-23"))


@pytest.mark.parametrize(("total", "melds", "accepted"), [(0, "5H 5D 5S", False), (0, "9H 9D 9S", True),
                                                          (150, "9H 9D 9S", False), (150, "9H 9D 9S 9C", False),
                                                          (150, "QH QD QS QC", True)])  # fmt: skip
def test_an_initial_meld_minimum_by_the_players_total_is_the_minimum_of_the_step_it_reaches(
    total: int, melds: str, accepted: bool
) -> None:
    # 5s: 15 points, 9s: 27, four 9s: 36, four queens: 40 (CR-10). Below a total of 100 the first meld
    # action must be worth 20; from 100 up, 40.
    game = rummykit.build_position(
        _GrowingMinimum(), 2, hands=["5H 5D 5S 9H 9D 9S 9C QH QD QS QC", None], turn=0, phase="play",
        totals=[total, 0],
    )  # fmt: skip
    action = GoDown(seat=0, melds=(melds,))
    if accepted:
        game.apply(action)
        return
    minimum = 20 if total < 100 else 40
    with pytest.raises(IllegalActionError, match=f"worth at least {minimum} points") as refused:
        game.apply(action)
    assert refused.value.rule == "CR-23"


class _NoRebuild(ClassicRummy):
    """Classic Rummy at a table that never shuffles the discard pile into a new stock."""

    @rummykit.hookimpl
    def rummykit_setup(self, config: rummykit.GameSettings) -> StandardRules:
        rules = super().rummykit_setup(config)
        return attrs.evolve(rules, stock=attrs.evolve(rules.stock, reshuffle="none"))


def test_cr_c2_at_a_table_that_never_rebuilds_the_stock_the_reason_says_the_stock_ran_out() -> None:
    # The discard pile holds cards, so it is not "used up": the round ends because the stock ran out.
    game = rummykit.build_position(_NoRebuild(), 2, hands=["4H 9S", None], stock="", rest="discard")
    assert len(game.state.piles["discard"]) > 1
    seat = game.turn
    game.apply(Draw(seat=seat))
    assert last(game).rule == "CR-C2" and last(game).went_out is None
    assert last(game).reason == (
        f"the stock has run out: seat {seat} drew from it rather than take from the discard pile, which is never "
        "shuffled into a new stock, so play ends (CR-C2)"
    )


# -- CR-10 card points -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "points"),
    [("KD", 10), ("QS", 10), ("JD", 10), ("10D", 10), ("7S", 7), ("2D", 2), ("AD", 1)],
)
def test_cr_10_card_points(card: str, points: int) -> None:
    # Seat 1 holds the one card; seat 0 (which played on turn 2, so no double, CR-11) goes out.
    game = at("play", "9S", card, played={0: 2})
    game.apply(Discard(seat=0, card="9S"))
    assert last(game).scores == (points, 0)


def test_cr_10_a_hand_is_worth_the_sum_of_its_card_points() -> None:
    game = at("play", "9S", "KC QD JH 10S 9C 5D AH 2S", played={0: 2})
    game.apply(Discard(seat=0, card="9S"))
    # K + Q + J + 10 + 9 + 5 + A + 2 = 10 + 10 + 10 + 10 + 9 + 5 + 1 + 2 = 57
    assert last(game).scores == (57, 0) and game.scores == (57, 0)


def test_cr_10_the_cards_on_the_table_do_not_count() -> None:
    # Seat 1 melded KS KH KC (30 points) earlier; only the 2C 5C 8C JC in its hand count: 2 + 5 + 8 + 10 = 25.
    game = at("play", "QS", table=[(1, "KS KH KC")], played={0: 2})
    game.apply(Discard(seat=0, card="QS"))
    assert last(game).scores == (25, 0)


# -- CR-11 scoring a round -------------------------------------------------------------------------


# In 3-player games seat 1 holds 2C 5C 8C JC (2 + 5 + 8 + 10 = 25) and seat 2 3D 6D 9D QD (3 + 6 + 9 + 10
# = 28): the winner scores 25 + 28 = 53, or 2 x 53 = 106 going rummy.


def test_cr_11_the_winner_scores_every_card_left_in_the_other_hands() -> None:
    game = at("play", "9H 10H JH QS", players=3, played={0: 2})
    play(game, down("9H 10H JH"), Discard(seat=0, card="QS"))
    assert last(game).scores == (53, 0, 0)
    assert game.scores == (53, 0, 0)


def test_cr_11_the_round_result_gives_each_seat_its_cards_and_the_winner_a_line_per_hand() -> None:
    # The same round as above, line by line: seat 0 laid down 9H 10H JH and went out with QS (CR-8);
    # it scores seat 1's 25 and seat 2's 28 (CR-11); seats 1 and 2 score nothing, their hands worth 25 and 28.
    game = at("play", "9H 10H JH QS", players=3, played={0: 2})
    play(game, down("9H 10H JH"), Discard(seat=0, card="QS"))
    result = last(game)
    assert (result.went_out, result.by, result.action, result.rule) == (0, 0, Discard(seat=0, card="QS"), "CR-8")
    winner, second, third = result.seats
    assert [str(meld) for meld in winner.melds] == ["9H 10H JH"] and winner.left == () and winner.deadwood == 0
    assert [(item.rule, item.points, item.cards) for item in winner.items] == [
        ("CR-11", 25, tuple(parse_cards("2C 5C 8C JC"))),
        ("CR-11", 28, tuple(parse_cards("3D 6D 9D QD"))),
    ]
    assert (second.left, second.deadwood, second.items, second.score) == (tuple(parse_cards("2C 5C 8C JC")), 25, (), 0)
    assert (third.deadwood, third.items, third.score) == (28, (), 0)
    assert [seat.score for seat in result.seats] == list(result.scores) == [53, 0, 0]
    assert [seat.total for seat in result.seats] == list(result.totals)


def test_cr_11_going_rummy_is_a_line_of_its_own() -> None:
    # 53 from the hands, and as much again for going rummy: 106 (CR-11)
    game = at("play", "9H 10H JH QS", players=3)
    play(game, down("9H 10H JH"), Discard(seat=0, card="QS"))
    assert [(item.rule, item.points) for item in last(game).seats[0].items] == [
        ("CR-11", 25),
        ("CR-11", 28),
        ("CR-11", 53),
    ]


def test_cr_11_only_the_winner_scores_and_the_scores_add_to_the_totals() -> None:
    game = at("play", "9H 10H JH QS", players=3, played={0: 2}, totals=[10, 20, 30])
    play(game, down("9H 10H JH"), Discard(seat=0, card="QS"))
    # the losers score nothing (their cards count for the winner, not against them): 10 + 53 = 63
    assert last(game).scores == (53, 0, 0) and last(game).totals == (63, 20, 30)
    assert game.scores == (63, 20, 30)


def test_cr_11_going_rummy_with_a_final_discard_scores_double() -> None:
    game = at("play", "9H 10H JH QS", players=3)
    play(game, down("9H 10H JH"), Discard(seat=0, card="QS"))
    assert last(game).scores == (106, 0, 0) and "CR-11" in last(game).reason


def test_cr_11_going_rummy_without_a_discard_scores_double() -> None:
    game = at("play", "9H 10H JH 4H 4D 4S", players=3)
    game.apply(down("9H 10H JH", "4H 4D 4S"))
    assert last(game).scores == (106, 0, 0)


def test_cr_11_a_lay_off_earlier_in_the_same_turn_still_goes_rummy() -> None:
    game = at("play", "9H 10H JH KD", table=[(1, "KS KH KC")], players=3)
    play(game, LayOff(seat=0, card="KD", meld=0), down("9H 10H JH"))
    assert last(game).scores == (106, 0, 0)


@pytest.mark.parametrize("earlier", [{"played": {0: 3}}, {"played": {0: 3}, "melded": {0: 3}}])
def test_cr_11_a_player_who_played_on_an_earlier_turn_does_not_go_rummy(earlier: dict[str, Any]) -> None:
    game = at("play", "9H 10H JH QS", players=3, **earlier)
    assert view(game).played == (True, False, False)
    play(game, down("9H 10H JH"), Discard(seat=0, card="QS"))
    assert last(game).scores == (53, 0, 0) and "rummy" not in last(game).reason


def test_cr_11_from_a_stacked_shoe_going_rummy_doubles_and_going_out_later_does_not() -> None:
    # Round 1: dealer seat 1, seat 0 plays first and lays down its whole hand on turn 1 (going rummy).
    # Round 2: dealer seat 0, seat 1 plays first; it melds on turn 1 and goes out on turn 3.
    # (Turns are counted in the round: turn 1 is seat 1's, turn 2 seat 0's, turn 3 seat 1's.)
    first = stacked_shoe(
        dealer=1,
        hands=["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H", "2C 4C 6C 8C 10C 3D 5D 7D 9D JD"],
        discard="KS",
        stock="QS",
    )
    second = stacked_shoe(
        dealer=0,
        hands=["AC 3C 5C 7C 9C JC 2D 4D 6D 8D", "AS 2S 3S 4S 5S 6S KD KH KC QH"],
        discard="JH",
        stock="9S 8H 7S",
    )
    game = rummykit.new_game("rummy", players=2, dealer=1, shoes=[first, second], options={"target": 500})
    play(game, Draw(seat=0), down("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H"), Discard(seat=0, card="QS"))
    # seat 1: 2 + 4 + 6 + 8 + 10 + 3 + 5 + 7 + 9 + 10 = 64, doubled for going rummy: 128
    assert last(game).went_out == 0 and "rummy" in last(game).reason and "CR-11" in last(game).reason
    assert last(game).scores == (128, 0) and game.round == 2 and game.turn == 1
    play(
        game,
        Draw(seat=1),  # 9S
        down("AS 2S 3S 4S 5S 6S", seat=1),
        Discard(seat=1, card="9S"),
        Draw(seat=0),  # 8H
        Discard(seat=0, card="8H"),
        Draw(seat=1),  # 7S
        LayOff(seat=1, card="7S", meld=0),
        down("KC KD KH", seat=1),
    )
    assert held(game, 1) == cards("QH")
    game.apply(Discard(seat=1, card="QH"))
    # seat 1 goes out but played on an earlier turn: seat 0's hand, once:
    # AC 3C 5C 7C 9C JC 2D 4D 6D 8D = 1 + 3 + 5 + 7 + 9 + 10 + 2 + 4 + 6 + 8 = 55
    assert last(game).went_out == 1 and last(game).reason == "seat 1 went out (CR-8)"
    assert last(game).scores == (0, 55) and game.scores == (128, 55)


# -- CR-12 the end of the game ---------------------------------------------------------------------


def test_cr_12_the_game_ends_after_the_round_in_which_a_player_reaches_the_target() -> None:
    # Three rounds from stacked shoes, target 100. The dealer passes one seat forward each round (CR-2).
    round_1 = stacked_shoe(  # dealer seat 1: seat 0 plays first
        dealer=1,
        hands=["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H", "AC 2C 3D 4D 5S 6S 7C 8D 9S 2D"],
        discard="KS",
        stock="QS",
    )
    round_2 = stacked_shoe(  # dealer seat 0: seat 1 plays first
        dealer=0,
        hands=["AC AD AH 2C 2D 3C 3D 4C 4D 5C", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S"],
        discard="KH",
        stock="QD",
    )
    round_3 = stacked_shoe(  # dealer seat 1: seat 0 plays first
        dealer=1,
        hands=["AC 2C 3C 4C 5C 6D 7D 8D 9D 10D", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S"],
        discard="KH",
        stock="JH JS",
    )
    game = rummykit.new_game("rummy", players=2, dealer=1, shoes=[round_1, round_2, round_3])

    # Round 1: seat 0 lays down its whole hand on its first turn (going rummy, CR-11) and discards.
    play(game, Draw(seat=0), down("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H"), Discard(seat=0, card="QS"))
    # seat 1 holds 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 2 = 47; doubled: 94. Totals 94, 0: nobody has 100.
    assert last(game).scores == (94, 0) and game.scores == (94, 0)
    assert not game.is_over and (game.round, game.turn) == (2, 1)

    # Round 2: seat 1 goes rummy the same way.
    play(game, Draw(seat=1), down("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", seat=1), Discard(seat=1, card="QD"))
    # seat 0 holds 1 + 1 + 1 + 2 + 2 + 3 + 3 + 4 + 4 + 5 = 26; doubled: 52. Totals 94, 52.
    assert last(game).scores == (0, 52) and game.scores == (94, 52)
    assert not game.is_over and (game.round, game.turn) == (3, 0)

    # Round 3: seat 0 draws and discards; seat 1, on its first turn, melds all 11 cards (no discard).
    play(game, Draw(seat=0), Discard(seat=0, card="JH"), Draw(seat=1))
    game.apply(down("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS", seat=1))
    # seat 0 holds 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 = 55; doubled: 110. Totals 94, 52 + 110 = 162.
    assert last(game).scores == (0, 110) and game.scores == (94, 162)
    # seat 1 reached 100: the game ends after this round; the highest total, 162, wins.
    assert game.is_over and game.winners == (1,) and len(game.history) == 3 and game.to_act == ()


def test_cr_12_reaching_the_target_ends_the_game_and_the_highest_total_wins() -> None:
    game = at("play", "QS", played={0: 2}, totals=[80, 99])
    game.apply(Discard(seat=0, card="QS"))
    # seat 0 scores seat 1's 2C 5C 8C JC = 25: 80 + 25 = 105 >= 100, the highest (seat 1 stays at 99)
    assert game.is_over and game.scores == (105, 99) and game.winners == (0,)


# Only the winner of a round scores (CR-11), so in play the first seat to reach the target is alone at
# the top; a tie for highest is arranged here by giving the position its totals.


def test_cr_12_a_tie_for_highest_plays_another_round() -> None:
    game = at("play", "QS", played={0: 2}, totals=[75, 100])
    game.apply(Discard(seat=0, card="QS"))
    # 75 + 25 = 100: seats 0 and 1 tie at 100, the target
    assert not game.is_over and game.scores == (100, 100) and game.round == 2 and game.winners == ()


def test_cr_12_a_tie_stays_after_an_unscored_round_and_the_game_goes_on() -> None:
    game = at("draw", "4H 9S", leftover="discard", rebuilds=2, totals=[100, 100])
    game.apply(Draw(seat=0))  # the stock runs out a third time: no points (CR-9)
    assert last(game).scores == (0, 0) and game.scores == (100, 100)
    assert not game.is_over and game.round == 2


def test_cr_12_the_round_after_a_tie_decides() -> None:
    game = at("play", "QS", played={0: 2}, totals=[100, 100])
    game.apply(Discard(seat=0, card="QS"))
    # 100 + 25 = 125 > 100
    assert game.is_over and game.scores == (125, 100) and game.winners == (0,)


def test_cr_12_option_target() -> None:
    game = at("play", "QS", played={0: 2}, options={"target": 500}, totals=[480, 0])
    game.apply(Discard(seat=0, card="QS"))
    # 480 + 25 = 505 >= 500
    assert game.is_over and game.scores == (505, 0) and view(game).target == 500


def test_cr_12_below_the_target_the_game_goes_on() -> None:
    game = at("play", "QS", played={0: 2}, options={"target": 500}, totals=[200, 0])
    game.apply(Discard(seat=0, card="QS"))
    # 200 + 25 = 225 < 500
    assert not game.is_over and game.scores == (225, 0) and game.round == 2


def test_cr_12_a_target_below_one_is_refused() -> None:
    with pytest.raises(InvalidOptionError) as err:
        new(target=0)
    assert err.value.rule == "CR-12"


def test_g_0_no_action_once_the_game_is_over() -> None:
    game = at("play", "QS", played={0: 2}, totals=[95, 0])
    game.apply(Discard(seat=0, card="QS"))  # 95 + 25 = 120: the game is over (CR-12)
    assert game.is_over and game.to_act == () and game.legal_actions(1) == []
    with pytest.raises(GameOverError) as err:
        game.apply(Draw(seat=1))
    assert err.value.rule == "G-0"


def test_g_3_max_rounds_ends_the_game_with_tied_best_totals_sharing_the_win() -> None:
    game = at("play", "QS", played={0: 2}, options={"max_rounds": 1}, totals=[0, 25])
    game.apply(Discard(seat=0, card="QS"))
    # 0 + 25 = 25 for seat 0, 25 for seat 1: tied best totals after the one round allowed
    assert game.is_over and game.scores == (25, 25) and game.winners == (0, 1)


# -- G-1, G-2, G-4, G-5 (G-7: above, with CR-5 and CR-6) ----------------------------------------------


def test_g_1_a_round_that_reaches_the_turn_cap_ends_unscored() -> None:
    game = at("play", "9S 4H", turn_number=5, options={"max_turns_per_round": 5})
    game.apply(Discard(seat=0, card="9S"))
    assert last(game).went_out is None and last(game).scores == (0, 0) and "G-1" in last(game).reason


def test_g_1_below_the_turn_cap_the_round_goes_on() -> None:
    game = at("play", "9S 4H", turn_number=4, options={"max_turns_per_round": 5})
    game.apply(Discard(seat=0, card="9S"))
    assert game.round == 1 and game.turn == 1


def test_g_2_the_turn_passes_to_the_next_seat_wrapping() -> None:
    game = arrange(new(3), hands=["9S 4H", FILLERS[1], FILLERS[2]], turn=2, phase="play", turn_number=3)
    game.apply(Discard(seat=2, card="3D"))
    assert (game.turn, game.state.turn_number) == (0, 4)


def test_g_2_acting_out_of_turn_is_refused() -> None:
    game = at("play", "4H 5H 6H 9S", turn_number=3)
    refuse(game, Draw(seat=1), "G-2")
    refuse(game, Discard(seat=1, card="2C"), "G-2")
    assert game.legal_actions(1) == []


def test_g_4_a_meld_that_leaves_only_the_taken_card_is_refused() -> None:
    game = at("draw", "9H 10H JH", discard="QS")
    game.apply(TakeDiscard(seat=0))
    refuse(game, down("9H 10H JH"), "G-4")
    assert go_downs(game) == []


def test_g_4_a_lay_off_that_leaves_only_the_taken_card_is_refused() -> None:
    game = at("draw", "QH", discard="4S", table=[(1, "9H 10H JH")])
    game.apply(TakeDiscard(seat=0))
    refuse(game, LayOff(seat=0, card="QH", meld=0), "G-4")
    assert lay_offs(game) == []


def test_g_4_a_play_that_uses_the_taken_card_or_keeps_another_is_allowed() -> None:
    game = at("draw", "9H 10H 4S", discard="JH")
    game.apply(TakeDiscard(seat=0))
    assert go_downs(game) == [down("9H 10H JH")]
    play(game, down("9H 10H JH"), Discard(seat=0, card="4S"))
    assert last(game).went_out == 0


def test_g_4_once_the_taken_card_is_melded_the_last_two_cards_play_freely() -> None:
    game = at("draw", "9H 10H QS 5S", discard="JH", table=[(1, "6S 7S 8S")])
    play(game, TakeDiscard(seat=0), down("9H 10H JH"))
    assert held(game) == cards("QS 5S") and LayOff(seat=0, card="5S", meld=0, end="low") in game.legal_actions(0)
    game.apply(LayOff(seat=0, card="5S", meld=0))
    assert game.legal_actions(0) == [Discard(seat=0, card="QS")]


def test_g_5_several_melds_laid_down_together_are_one_action() -> None:
    game = at("play", "AH 2H 3H 7S 7D 7H 9C")
    game.apply(down("7S 7D 7H", "AH 2H 3H"))
    assert len(game.record.actions) == 1 and len(table(game)) == 2


def test_g_5_a_run_is_read_as_listed_from_low_to_high() -> None:
    game = at("play", "AH 2H 3H QS KS AS 9C")
    game.apply(down("AH 2H 3H", "QS KS AS"))  # the listing places each ace: low, then high
    ranks = {" ".join(rank.symbol for rank in meld.ranks) for meld in table_melds(game)}
    assert ranks == {"A 2 3", "Q K A"}


@pytest.mark.parametrize("meld", ["5H 4H 6H", "6H 5H 4H", "3H 2H AH", "AS KS QS"])
def test_g_5_a_run_not_listed_low_to_high_is_refused(meld: str) -> None:
    # 4H 5H 6H, AH 2H 3H and QS KS AS are runs by CR-4; only the order they are named in is wrong.
    game = at("play", "AH 2H 3H 4H 5H 6H QS KS AS 9C")
    refuse(game, down(meld), "G-5")


# -- CR-C3, CR-C4 ------------------------------------------------------------------------------------


def test_cr_c3_a_run_from_2_to_k_takes_an_ace_at_either_end() -> None:
    run = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    game = at("play", "AS 5H", table=[(1, run)])
    assert lay_offs(game) == [LayOff(seat=0, card="AS", meld=0, end=end) for end in (RunEnd.LOW, RunEnd.HIGH)]
    high = game.copy()
    game.apply(LayOff(seat=0, card="AS", meld=0))  # no end named: the low end
    assert table(game) == ["AS " + run] and game.record.actions[-1] == lay_offs(high)[0]
    high.apply(LayOff(seat=0, card="AS", meld=0, end="high"))
    assert table(high) == [run + " AS"]


def test_cr_c3_a_full_run_takes_nothing_more() -> None:
    game = at("play", "KS 5H", table=[(1, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS")])
    game.apply(LayOff(seat=0, card="KS", meld=0))
    assert lay_offs(game) == []


def test_cr_c4_every_play_is_recorded_in_one_form_and_listed_once() -> None:
    game = at("play", "AH 2H 3H 7S 7D 7H 9C")
    legal = game.legal_actions(0)
    assert len(legal) == len(set(legal))
    canonical = game.check(down("7S 7D 7H", "AH 2H 3H"))
    assert canonical == game.check(down("AH 2H 3H", "7H 7S 7D")) == down("7D 7H 7S", "AH 2H 3H")
    assert canonical in legal
    game.apply(down("7H 7S 7D"))
    assert game.record.actions[-1] == down("7D 7H 7S")


# -- views, positions, records ---------------------------------------------------------------------


def test_a_view_shows_the_seats_own_hand_and_the_public_round() -> None:
    game = at("play", "9H 10H JH QS", played={0: 2}, melded={0: 2}, rebuilds=1, melds_this_turn=0)
    mine, theirs, spectator = view(game, 0), view(game, 1), view(game)
    assert mine.hand == game.hand(0) and theirs.hand == game.hand(1) and spectator.hand == ()
    assert mine.hand_sizes == (4, 4) and mine.rebuilds_used == 1 and mine.stock_rebuilds == 2
    assert (mine.target, mine.played, mine.melded, mine.melds_this_turn) == (100, (True, False), (True, False), 0)
    game.apply(down("9H 10H JH"))
    assert view(game, 1).melds_this_turn == 1 and view(game, 1).log == (down("9H 10H JH"),)
    assert "QS" not in dump_view(view(game, 1))


def test_views_and_positions_round_trip_through_json() -> None:
    game = rummykit.new_game("rummy", players=3, seed=5)
    rng = random.Random(5)
    for _ in range(40):
        game.apply(rng.choice(game.legal_actions(game.turn)))
    for seat in (0, 1, 2, None):
        assert load_view(dump_view(game.view(seat))) == game.view(seat)
    loaded = load_position(dump_position(game))
    assert loaded.state == game.state
    assert loaded.legal_actions(loaded.turn) == game.legal_actions(game.turn)


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"rebuilds": 3}, "extra.rebuilds"),
        ({"played_on": [None]}, "extra.played_on"),
        ({"melded_on": [9, None]}, "extra.melded_on[0]"),
        ({"played_on": [None, None], "melded_on": [1, None]}, "extra.played_on[0]"),
    ],
)
def test_a_position_with_inconsistent_round_state_is_refused(change: dict[str, Any], path: str) -> None:
    game = at("play", "9H 10H JH QS", turn_number=3)
    data = json.loads(dump_position(game))
    data["extra"].update(change)
    with pytest.raises(InvalidPositionError) as err:
        load_position(data)
    assert err.value.path == path


def test_a_position_with_a_table_meld_of_a_seat_that_never_melded_is_refused() -> None:
    game = at("play", "9S 4H", table=[(1, "9H 10H JH")], turn_number=3)
    data = json.loads(dump_position(game))
    data["extra"]["melded_on"] = [None, None]
    data["extra"]["played_on"] = [None, None]
    with pytest.raises(InvalidPositionError) as err:
        load_position(data)
    assert err.value.path == "table[0].owner"


def test_a_game_record_replays_to_the_same_game() -> None:
    game = rummykit.new_game("rummy", players=2, seed=11, options={"max_rounds": 2})
    rng = random.Random(11)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions(game.turn)))
    assert rummykit.replay(game.record) == game
    assert load_record(dump_record(game.record)) == game.record


def test_a_stacked_shoe_that_is_not_one_52_card_deck_is_refused() -> None:
    deck = list(standard_deck())
    with pytest.raises(InvalidPositionError, match="not in this game's shoe: JK") as err:
        rummykit.new_game("rummy", players=2, shoe=[*deck[:-1], "JK"])
    assert err.value.path == "shoes[0]"
    with pytest.raises(InvalidPositionError, match="missing cards: AS") as err:
        rummykit.new_game("rummy", players=2, shoes=[deck, deck[:-1]])  # the second round's shoe
    assert err.value.path == "shoes[1]"


def test_typed_moves_are_the_common_ones() -> None:
    game = at("play", "4H 5H 6H 9S", table=[(1, "9H 10H JH")])
    assert parse_move(game, 0, "down 4h 5h 6h") == down("4H 5H 6H")
    assert parse_move(game, 0, "discard 9s") == Discard(seat=0, card="9S")
    with pytest.raises(InvalidActionError):
        parse_move(game, 0, "knock")


# -- legal actions: complete and sound -------------------------------------------------------------


def _play_positions(players: int, seed: int, count: int) -> list[Game]:
    """Play-phase positions of a seeded random game in which a meld or a lay-off is possible."""
    game = rummykit.new_game("rummy", players=players, seed=seed)
    rng = random.Random(seed)
    found: list[Game] = []
    while len(found) < count and not game.is_over:
        legal = game.legal_actions(game.turn)
        if game.phase == "play" and any(isinstance(action, GoDown | LayOff) for action in legal):
            found.append(game.copy())
        game.apply(rng.choice(legal))
    return found


# Hands for seat 0 (with the top discard it takes) beside the melds 6H 7H 8H and 10S 10H 10D on the table.
BUILT = {
    "runs, a set and the taken card": ("AH 2H 3H 4H 5H 5D 5S KH QH", "JH"),
    "a set of four and its subsets": ("9H 9S 9D 9C 10C 4D 4H", "4S"),
    "runs around the ace": ("QS KS AS 2S 3S 4S 7D 8D", "9D"),
    "two cards, one taken": ("9H", "5H"),
    "the taken card melded, then a lay-off": ("7D 8D QS 5S", "9D"),
}


@pytest.mark.parametrize(("hand", "top"), BUILT.values(), ids=BUILT)
def test_legal_actions_are_complete_and_sound_in_built_positions(hand: str, top: str) -> None:
    game = at("draw", hand, discard=top, table=[(1, "6H 7H 8H"), (1, "10S 10H 10D")])
    game.apply(TakeDiscard(seat=0))
    _check_complete_and_sound(game)


@pytest.mark.parametrize(
    ("players", "seed"),
    # 2, 3 and 4 players in the quick suite; three more games in the slow set
    [(2, 1), (3, 2), (4, 3), *(pytest.param(*case, marks=pytest.mark.slow) for case in [(2, 4), (2, 5), (3, 6)])],
)
def test_legal_actions_are_complete_and_sound_in_random_positions(players: int, seed: int) -> None:
    positions = _play_positions(players, seed, 4)
    assert positions
    for game in positions:
        _check_complete_and_sound(game)


def _check_complete_and_sound(game: Game) -> None:
    """Check the legal actions of the turn player, then again after each play of the turn until only
    discards are left or the round ends: once playing the first meld or lay-off listed, once the last."""
    for pick in (0, -1):
        walk = game.copy()
        seat, start = walk.turn, walk.round
        while walk.round == start and walk.phase == "play":
            legal = walk.legal_actions(seat)
            assert len(legal) == len(set(legal)), "each action once"
            for action in legal:
                assert walk.check(action) == action, "listed in canonical form"
                walk.copy().apply(action)
            assert set(legal) == legal_by_brute_force(walk, seat)
            plays = [action for action in legal if not isinstance(action, Discard)]
            if not plays:
                break
            walk.apply(plays[pick])


def test_every_meld_of_a_hand_is_found() -> None:
    hand = parse_cards("AH 2H 3H 4H KH QH 5H 5S 5D 5C")
    found = {str(meld) for meld in single_melds(hand, MELD_RULES)}
    runs = {"AH 2H 3H", "AH 2H 3H 4H", "AH 2H 3H 4H 5H", "2H 3H 4H", "2H 3H 4H 5H", "3H 4H 5H", "QH KH AH"}
    fives = {"5C 5D 5H", "5C 5D 5S", "5C 5H 5S", "5D 5H 5S", "5C 5D 5H 5S"}
    assert found == runs | fives


def test_disjoint_combinations_restore_the_counts() -> None:
    counts = [2, 1, 1]
    combos = list(disjoint_combinations([(0, 0), (0, 1), (1, 2), (0,)], counts))
    assert combos == [(0,), (0, 2), (1,), (1, 3), (2,), (2, 3), (3,)]
    assert counts == [2, 1, 1]


# -- the heuristic bot -----------------------------------------------------------------------------


def test_the_heuristic_bot_beats_random_play() -> None:
    result = simulate("rummy", players=2, games=20, seed=3, bots=("heuristic", "random"))
    rates = {stats.bot: stats.win_rate for stats in result.by_bot}
    assert rates["heuristic"] >= 0.9 > rates["random"]


def test_the_heuristic_bot_only_chooses_legal_actions_and_melds_the_most_points() -> None:
    bot = rummykit.make_bot("heuristic", "rummy", seed=1)
    game = at("play", "9H 10H JH QH 4D 4S 4C 2S")
    choice = bot.choose(game.view(0), game.legal_actions(0))
    assert choice == down("4C 4D 4S", "9H 10H JH QH")
    game = at("draw", "9H 10H 2S 7D", discard="JH")
    assert bot.choose(game.view(0), game.legal_actions(0)) == TakeDiscard(seat=0)
    game = at("draw", "9H 10H 2S 7D", discard="4C")
    assert bot.choose(game.view(0), game.legal_actions(0)) == Draw(seat=0)
    game = at("play", "9H 10H KS 7D")
    assert bot.choose(game.view(0), game.legal_actions(0)) == Discard(seat=0, card="KS")
