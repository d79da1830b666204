"""Gin Rummy in ``rummykit play`` (issue 36, finding 7): the seat's own deadwood on its screen, aces
sorted low, a help that says how to knock (at the wall too), and who knocked marked in the seats'
table rather than a status line of a bare seat number.

Every expected deadwood here is worked out by hand from the rule book: a card's value (GIN-1: ace 1,
2 to 10 their number, J, Q and K 10) and deadwood (GIN-10: the cards of no meld, before a knock in the
hand's best arrangement, after it the cards left in hand once the seat has laid down).
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Sequence
from typing import Any

import pytest
from rich.console import Console

import rummykit
from rummykit import GoDown, InvalidPositionError, TakeDiscard
from rummykit.core.engine import Game
from rummykit.core.specs import Ruleset
from rummykit.documents.serialize import dump_view, load_view
from rummykit.play.commands import parse_move
from rummykit.play.terminal import play_in_terminal
from rummykit.standard import Knock, KnockView, Pass, StandardRules, knock_move_help

# Two runs and a set; the king is the only card of no meld (GIN-9): 10 deadwood.
MELDED = "AS 2S 3S 4H 5H 6H 8C 8D 8H"
SINGLE: dict[str, Any] = {"single_hand": True}


def position(hand: str, **given: Any) -> Game:
    """A single hand of Gin Rummy with seat 0 holding ``hand`` (seat 1's hand dealt from the rest)."""
    return rummykit.build_position("gin-rummy", 2, seed=1, turn=0, hands=[hand, None], options=SINGLE, **given)


def played(game: Game, lines: Sequence[str], *, seat: int = 0) -> str:
    """What ``rummykit play`` shows at 80 columns while the person in ``seat`` types ``lines`` (then
    ``quit``) from ``game``."""
    typed = iter([*lines, "quit"])
    console = Console(file=io.StringIO(), width=80)
    play_in_terminal(None, players=2, seat=seat, start=game, console=console, read_line=lambda _: next(typed))
    output = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(output, str)
    return output


def standard(rules: Ruleset) -> StandardRules:
    """A configuration's rules, as Gin Rummy's are: the standard rummy's."""
    assert isinstance(rules, StandardRules)
    return rules


def seat_rows(screen: str) -> dict[int, str]:
    """The rows of the seats' table of one screen, by seat."""
    return {int(m.group(1)): m.group(0) for m in re.finditer(r"^seat (\d).*$", screen, re.MULTILINE)}


# -- deadwood ----------------------------------------------------------------------------------------


def test_the_screen_shows_the_seats_own_deadwood_before_and_after_the_draw() -> None:
    # before the draw: KC alone is of no meld (10); after drawing 2D: 2D and KC (12), and the knock
    # discards follow from it (GIN-12: 2D leaves 10, KC leaves 2, both at most the knock card)
    game = position(f"{MELDED} KC", stock="2D")
    output = played(game, ["draw"])
    first, second = output.split("you draw from the stock: 2D")
    assert re.findall(r"deadwood: (\d+)", first, re.IGNORECASE) == ["10"]
    assert re.findall(r"deadwood: (\d+)", second, re.IGNORECASE) == ["12"]
    assert "Your deadwood: 12" in second


def test_only_the_seats_own_deadwood_is_in_its_view() -> None:
    # seat 1 holds three kings and seven cards of no meld (no two of them in one suit in a row):
    # 1 + 2 + 3 + 4 + 5 + 6 + 7 = 28 deadwood; seat 0's view does not tell it, and a spectator, who
    # holds no hand, has none
    game = rummykit.build_position(
        "gin-rummy", 2, seed=1, turn=0, hands=[f"{MELDED} KC", "KS KD KH 7C AD 2C 3D 4C 5D 6C"], options=SINGLE
    )
    assert game.view(0).deadwood == 10  # type: ignore[attr-defined]
    assert game.view(1).deadwood == 28  # type: ignore[attr-defined]
    assert game.view(None).deadwood is None  # type: ignore[attr-defined]
    assert json.loads(dump_view(game.view(0)))["deadwood"] == 10


def test_after_laying_down_the_cards_kept_are_the_deadwood() -> None:
    # GIN-13: laying down every meld is not compulsory, and the cards kept count: the knocker keeps
    # AS 2S 3S and 2D, 1 + 2 + 3 + 2 = 8, where its best arrangement would leave 2
    game = position(f"{MELDED} 2D KC", phase="play")
    game.apply(Knock(seat=0, card="KC"))
    assert game.view(0).deadwood == 2  # type: ignore[attr-defined]
    game.apply(GoDown(seat=0, melds=["4H 5H 6H", "8C 8D 8H"]))
    assert game.view(0).deadwood == 8  # type: ignore[attr-defined]


def test_a_view_whose_deadwood_is_not_its_hands_is_refused() -> None:
    game = position(f"{MELDED} KC")
    data = json.loads(dump_view(game.view(0)))
    assert data["deadwood"] == 10
    data["deadwood"] = 3
    with pytest.raises(InvalidPositionError, match="deadwood: the hand holds 10 deadwood, not 3"):
        load_view(json.dumps(data))
    spectator = json.loads(dump_view(game.view(None)))
    spectator["deadwood"] = 0
    with pytest.raises(InvalidPositionError, match="a spectator holds no hand"):
        load_view(json.dumps(spectator))
    del data["deadwood"]  # a view written before the field: read as not given
    assert isinstance(view := load_view(json.dumps(data)), KnockView) and view.deadwood is None


# -- aces low ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "house_rules", "ace_first"),
    [
        ("gin-rummy", [], True),  # GIN-9: the ace low only
        ("rummy", [], False),  # classic Rummy: the ace low or high
        ("rummy", ["ace-low"], True),  # CR-21: runs go from A to K only
    ],
)
def test_the_hand_is_sorted_with_the_ace_where_the_runs_put_it(
    variant: str, house_rules: list[str], ace_first: bool
) -> None:
    hand = "KC 5H AS 9D 2S QH 7C AD 3S 10H"
    game = rummykit.build_position(variant, 2, seed=1, turn=0, hands=[hand, None], house_rules=house_rules)
    output = played(game, ["draw"] if variant == "rummy" else [])
    shown = re.search(r"Your hand \(10\): (.*)", output)
    assert shown is not None
    expected = "AD AS 2S 3S 5H 7C 9D 10H QH KC" if ace_first else "2S 3S 5H 7C 9D 10H QH KC AD AS"
    assert shown.group(1).strip() == expected


def test_discards_are_numbered_with_the_aces_first_in_gin_rummy() -> None:
    # the moves are numbered in the hand's order: 1 is the ace, the lowest card (GIN-9)
    game = position("KC 5H AS 9D 2S QH 7C 8D 3S 10H", stock="JD")
    output = played(game, ["draw", "1"])
    assert "you discard AS" in output
    assert [action for action in game.record.actions if action.seat == 0][-1] == rummykit.Discard(seat=0, card="AS")


# -- help ----------------------------------------------------------------------------------------------


def help_text(game: Game) -> str:
    """What ``help`` shows."""
    return played(game, ["help"]).split("Moves (type one")[1].split("Every rule with its id")[0]


def test_the_help_says_how_to_knock_and_how_to_knock_at_the_wall() -> None:
    text = " ".join(help_text(position(f"{MELDED} KC")).split())
    assert "knock 9C knock, discarding 9C, when that leaves at most the knock card in deadwood (GIN-12)" in text
    assert "take, then knock 9C at the wall (the stock down to 2 cards): take the last discard, only to knock" in text
    assert "pass leave the first up-card to the next player (GIN-4); as a defender, lay down no meld (GIN-18)" in text
    # no wild cards in Gin Rummy (GIN-1): no joker in the examples, no end to choose for a lay-off
    assert "JK" not in text and "joker" not in text and "[low|high]" not in text
    assert "down 5H 5D 5S / 7C 8C 9C" in text and "ranks A, 2-10 (or T), J, Q, K" in text


def test_every_example_of_the_knock_help_is_read_as_the_moves_it_names() -> None:
    game = position(f"{MELDED} KC")
    read = {
        words: [parse_move(game, 0, part) for part in words.split(", then ")]
        for words, _ in knock_move_help(standard(game.state.rules))
    }
    knock = Knock(seat=0, card="9C")
    assert read == {"knock 9C": [knock], "take, then knock 9C": [TakeDiscard(seat=0), knock], "pass": [Pass(seat=0)]}


def test_without_the_wall_knock_the_help_does_not_offer_it() -> None:
    # GIN-19 with wall_knock false: the hand is dead at the wall, nobody takes that discard
    rules = standard(rummykit.configure("gin-rummy", 2, options={"wall_knock": False}).rules)
    assert [words for words, _ in knock_move_help(rules)] == ["knock 9C", "pass"]
    assert "wall" not in " ".join(meaning for _, meaning in knock_move_help(rules))


def test_the_wall_knock_is_typed_as_the_help_says() -> None:
    # GIN-19: with 2 cards left in the stock, seat 0 may take the last discard (2D) only to knock with
    # it: a discard is refused, the knock with KC leaves 2D, 2 deadwood
    game = position(f"{MELDED} KC", phase="wall", stock="5C 9D", discard="2D", rest="discard")
    output = played(game, ["take", "discard KC", "knock KC", "down AS 2S 3S / 4H 5H 6H / 8C 8D 8H"])
    assert "you take the top discard (2D)" in output
    assert "Not allowed: the discard taken at the wall is taken only to knock (GIN-19)" in " ".join(output.split())
    assert "you knock, discarding KC" in output
    assert "seat 0 knocked with 2 deadwood" in " ".join(output.split())


# -- who knocked ---------------------------------------------------------------------------------------


def test_who_knocked_is_marked_in_the_seats_table_not_in_a_status_line() -> None:
    game = position(f"{MELDED} 2D KC", phase="play")
    output = played(game, ["knock KC"])
    before, after = output.split("you knock, discarding KC")
    assert "knocked" not in before.lower()
    assert "Knocked:" not in after
    rows = seat_rows(after)
    assert "knocked" in rows[0] and "knocked" not in rows[1]
