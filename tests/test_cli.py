"""The ``rummykit`` command: ``play`` driven by a scripted person, ``simulate``, ``rules``, ``variants``,
help texts and the errors of bad arguments.

The scripted person (:class:`ScriptedPerson`) plays the person's seat of :func:`play_in_terminal`
through its ``read_line``: it sees the real game (captured when ``play_in_terminal`` creates it) and
answers each prompt with what the game needs, typing moves as text or by number, and trying refused
and malformed moves along the way. The lines it typed are then fed to ``rummykit play`` on standard
input, which must play the same game.
"""

from __future__ import annotations

import io
import json
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import rummykit
from rummykit import MeldRules, RuleText, VariantSpec, hookimpl
from rummykit.core.actions import Discard, Draw, GoDown, LayOff
from rummykit.core.cards import Rank, standard_deck
from rummykit.core.engine import Game
from rummykit.core.plugins import register_variant, unregister_variant
from rummykit.core.specs import GameSettings
from rummykit.documents.serialize import dump_position, load_position, load_record
from rummykit.play import cli, terminal
from rummykit.play.chunks import RunSpec, game_seed, play_game
from rummykit.play.cli import app
from rummykit.play.commands import move_help
from rummykit.play.results import RUN_FIELDS
from rummykit.standard import Deal, RuleIds, Scoring, StandardRules, StandardRummy, StandardState, Stock
from rummykit_variants.railroad_rummy.rules import card_points
from tests.pictures_support import page_data
from tests.sizes import variant_params
from tests.support import arrange

runner = CliRunner()

_PROMPT = re.compile(r"^(?:your (?:move|\w+ decision) \([^)]*\)> )+")
_EVENTS = ("you ", "seat ", "  last claim: ", "Round ", "Game over", "The winner", "You win", "You left")


def flat(text: str) -> str:
    """``text`` with every run of white space one space (rich wraps long error messages)."""
    return " ".join(text.split())


def events(output: str) -> list[str]:
    """The lines that tell what happened (moves, claims, round results, the end), prompts removed."""
    lines = (_PROMPT.sub("", line).rstrip() for line in output.splitlines())
    return [line for line in lines if line.startswith(_EVENTS)]


class ScriptedPerson:
    """Answers ``play_in_terminal``'s prompts for the person's seat from the real game.

    It first types the lines of ``probes["first"]``, and each of ``probes[phase]`` the first time
    the game is in that phase (refused and malformed moves, ``help``), then plays: claims the first
    time a claim window opens and passes after, draws (by word and by number in turn), goes down
    when it can, lays off what it can, else discards its costliest card.
    """

    def __init__(self, transcript: io.StringIO, probes: dict[str, list[str]] | None = None) -> None:
        self.transcript = transcript
        self.probes = {phase: list(lines) for phase, lines in (probes or {}).items()}
        self.game: Game | None = None
        self.seat = 0
        self.typed: list[str] = []
        self._claimed = False
        self._draws = 0

    def capture(self, monkeypatch: pytest.MonkeyPatch, arrange_game: Callable[[Game], object] | None = None) -> None:
        """Catch the game ``play_in_terminal`` creates (and arrange it if asked: ``arrange_game`` changes
        the game, or returns the game to play instead). An arranged position must be one the position
        loader accepts."""
        real_new_game = rummykit.new_game

        def new_game(*args: Any, **kwargs: Any) -> Game:
            self.game = real_new_game(*args, **kwargs)
            if arrange_game is not None:
                arranged = arrange_game(self.game)
                if isinstance(arranged, Game):
                    self.game = arranged
                assert load_position(dump_position(self.game)) == self.game, "the loader accepts the position"
            return self.game

        monkeypatch.setattr(terminal, "new_game", new_game)

    def __call__(self, prompt: str) -> str:
        self.transcript.write(prompt)  # as input() writes it to standard output
        line = self._answer()
        self.typed.append(line)
        return line

    def _answer(self) -> str:
        game = self.game
        assert game is not None and self.seat in game.to_act, "asked to move when the seat may not"
        pending = self.probes.get("first") or self.probes.get(game.phase)
        if pending:
            return pending.pop(0)
        legal = game.legal_actions(self.seat)
        if game.phase == "claim":
            if not self._claimed:
                self._claimed = True
                return "claim"
            return "pass"
        if game.phase == "draw":
            self._draws += 1
            if self._draws % 2:
                return "draw"
            return str(legal.index(Draw(seat=self.seat)) + 1)
        for kind in (GoDown, LayOff):
            for number, action in enumerate(legal, start=1):
                if isinstance(action, kind):
                    return str(number)
        discards = [a for a in legal if isinstance(a, Discard)]
        costliest = max(discards, key=lambda a: card_points(a.card))
        return f"discard {costliest.card}"


def absent_go_down(game: Game, seat: int) -> str:
    """A go-down of two sets of ranks the seat does not hold (refused as cards not held, G-7)."""
    held = {card.rank.symbol for card in game.hand(seat)}
    ranks = [rank for rank in ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K") if rank not in held]
    first, second = ranks[:2]
    return f"down {first}C {first}D {first}H / {second}C {second}D {second}S"


def one_set_go_down(game: Game, seat: int) -> str:
    """A go-down of one set of cards the seat holds, a pair and a wild card (refused by RR-11: round 1's
    contract is two sets)."""
    hand = game.hand(seat)
    wild = next(card for card in hand if card.rank in (Rank.TWO, Rank.JOKER))
    ranks = Counter(card.rank for card in hand if card.rank not in (Rank.TWO, Rank.JOKER))
    pair = next(rank for rank, count in ranks.items() if count >= 2)
    naturals = [card for card in hand if card.rank is pair][:2]
    return f"down {naturals[0]} {naturals[1]} {wild}"


def play_directly(
    monkeypatch: pytest.MonkeyPatch,
    *,
    seed: int,
    probes: dict[str, list[str]] | None = None,
    players: int = 2,
    arrange_game: Callable[[Game], object] | None = None,
    width: int = 100,
    **console_options: Any,
) -> tuple[Game, ScriptedPerson, str]:
    """One round of RailRoad Rummy through ``play_in_terminal``, the person played by a script."""
    transcript = io.StringIO()
    person = ScriptedPerson(transcript, probes)
    person.capture(monkeypatch, arrange_game)
    console = Console(file=transcript, width=width, **console_options)
    game = terminal.play_in_terminal(
        "railroad-rummy",
        players=players,
        seat=0,
        seed=seed,
        bots=["heuristic"],
        options={"max_rounds": 1},
        console=console,
        read_line=person,
    )
    assert game is person.game
    return game, person, transcript.getvalue()


# -- play ------------------------------------------------------------------------------------------


#: The refused and malformed lines the scripted person tries, the first time the game is in the
#: draw phase and in the play phase: {card} is a card of its first hand, {absent} a go-down of
#: cards it does not hold, {short} a go-down of one set of cards it holds.
PROBES = {
    "draw": ("", "xyzzy", "0", "99", "-3", "discard {card}", "lay 5C on"),
    "play": ("{absent}", "{short}", "lay {card} on 9", "discard ZZ", "show"),
}


def _probes_for(game: Game) -> dict[str, list[str]]:
    fill = {"card": str(game.hand(0)[0]), "absent": absent_go_down(game, 0), "short": one_set_go_down(game, 0)}
    return {phase: [line.format(**fill) for line in lines] for phase, lines in PROBES.items()}


@pytest.fixture
def whole_round(monkeypatch: pytest.MonkeyPatch) -> tuple[Game, ScriptedPerson, str]:
    """A whole round (``max_rounds=1``) of 2-player RailRoad Rummy, seed 4, with probes and ``help``."""
    seed = 4
    preview = rummykit.new_game("railroad-rummy", players=2, seed=seed)  # the same first deal
    probes = {"first": ["help"], **_probes_for(preview)}
    return play_directly(monkeypatch, seed=seed, probes=probes)


def test_play_runs_a_whole_round_to_its_result_and_winners(whole_round: tuple[Game, ScriptedPerson, str]) -> None:
    game, _, output = whole_round
    assert game.is_over and len(game.history) == 1
    result = game.history[0]
    assert f"Round 1 is over: {result.reason}" in output
    assert "Game over after 1 round." in output
    best = game.scores[game.winners[0]]
    if game.winners == (0,):
        assert f"You win, with {best} points." in output
    else:
        assert f"The winner is seat {game.winners[0]}, with {best} points." in output
    # the round's scores and totals are printed under the result
    tail = output.split("Round 1 is over")[1]
    for score, total in zip(result.scores, result.totals, strict=True):
        assert re.search(rf"\b{score}\s+{total}\b", tail)
    # each hand laid open, and each line of each score with its rule (RR-30: the cards left in hand)
    for seat in result.seats:
        assert (" ".join(map(str, seat.left)) if seat.left else "no cards left") in tail
        for item in seat.items:
            points = re.escape(f"{item.points:+d}")
            assert re.search(rf"{item.rule}\s+{points}\s+{re.escape(item.what)}", tail)
    assert any(seat.items for seat in result.seats)


def test_play_shows_the_position_and_the_numbered_moves(whole_round: tuple[Game, ScriptedPerson, str]) -> None:
    _, _, output = whole_round
    assert "RailRoad Rummy, round 1: contract 2 sets" in output
    # the view's declared fields: per seat in the seats' table, the others one a line
    for heading in ("seat", "cards", "total", "HMGs left", "melded"):
        assert heading in output
    assert "seat 0 (you)" in output and "against seat 1 (heuristic)" in output
    assert re.search(r"Discard pile: \S+ on top \(\d+ cards?\)\s+stock: \d+ cards", output)
    assert re.search(r"Standby pile: \d+", output) and "Rounds: 7" in output
    assert re.search(r"Your hand \(7\): ", output)
    assert "   1. draw from the stock" in output and "   2. take the top discard" in output
    assert "RailRoad Rummy, round 1: contract 2 sets (claim)" in output  # the claim window's phase
    assert "   3. claim the top discard with an HMG" in output


def test_play_lists_the_table_melds_numbered_with_wild_ranks(monkeypatch: pytest.MonkeyPatch) -> None:
    def position(game: Game) -> Game:
        return arrange(
            game,
            hands=["4C 4D 9H 9S JH QS KD", "5C 5D 8C 8D 10S JD QH"],
            turn=0,
            phase="draw",
            discard="6H",
            table=[(1, "7C 7D 2S"), (1, "5H 6S JK 8H")],
            went_down={1: 1},
        )

    _, _, output = play_directly(monkeypatch, seed=1, arrange_game=position, probes={"draw": ["quit"]})
    assert "Table:" in output
    assert "meld 0: seat 1's set: 7C 7D 2S(7)" in output
    assert "meld 1: seat 1's run: 5H 6S JK(7) 8H" in output
    assert re.search(r"seat 1\s+7\s+0\s+yes\s+3", output)
    assert "You left the game in round 1" in output


def test_play_refuses_moves_naming_the_rule(whole_round: tuple[Game, ScriptedPerson, str]) -> None:
    _, _, output = whole_round
    # a discard before drawing
    assert "Not allowed: a turn starts with a draw" in output and "(RR-14)" in output
    assert "RR-14 The draw: A turn starts with exactly one draw" in output
    # a go-down of cards the hand does not hold: refused as such, whatever else is wrong with it (G-7)
    assert re.search(r"Not allowed: the hand does not hold (\S+ )+\(G-7\)", output)
    assert "G-7 The most specific rule: A refusal cites the most specific rule" in flat(output)
    # a go-down of held cards that is not the round's contract
    assert "Not allowed: round 1's contract is 2 sets, not 1 set (RR-11)" in output
    assert "RR-11 Going down, rounds 1-6:" in output
    # laying off before going down
    assert "Not allowed: only a player who has gone down may lay off (RR-20)" in output


def test_play_answers_malformed_lines_and_asks_again(whole_round: tuple[Game, ScriptedPerson, str]) -> None:
    game, person, output = whole_round
    assert "Not a move: type a move or the number of one" in output
    assert "Not a move: 'xyzzy' is not a move; moves: draw, take, down, lay, discard" in output
    assert "Not a move: there is no move 0: the moves are numbered 1 to 2" in output
    assert "Not a move: there is no move 99: the moves are numbered 1 to 2" in output
    assert "Not a move: there is no move -3" in output
    assert "Not a move: write a lay-off as: lay QS on 3" in output
    assert re.search(r"Not a move: 'zz' is not a card", output, re.IGNORECASE)
    # every probe was typed, and the game went on to its end after them
    assert all(not lines for lines in person.probes.values())
    assert game.is_over


def test_play_help_lists_the_moves_and_the_variants_own_words(whole_round: tuple[Game, ScriptedPerson, str]) -> None:
    game, _, output = whole_round
    for line in move_help(game):
        assert line.split("   ")[0].strip() in output
    assert "take 7H" not in output  # the common moves it has only (no spread discard pile)
    assert re.search(r"claim\s+claim the top discard\s*\n", output)
    assert re.search(r"hmg\s+claim the top discard with an HMG", output)
    assert re.search(r"pass\s+pass on the top discard", output)
    assert "Every rule with its id: rummykit rules railroad-rummy" in output


def test_play_tells_each_bot_action_in_one_line_and_seals_declarations(
    whole_round: tuple[Game, ScriptedPerson, str],
) -> None:
    _, _, output = whole_round
    lines = events(output)
    assert any(re.fullmatch(r"seat 1 draws from the stock", line) for line in lines)
    assert any(re.fullmatch(r"seat 1 discards \S+", line) for line in lines)
    # with two players a declaration closes its claim window, so it is told (RR-C1 seals only open windows)
    assert any(re.fullmatch(r"seat 1 (passes on|claims) the top discard( with an HMG)?", line) for line in lines)
    assert not any("sealed" in line for line in lines)
    assert any(line.startswith("  last claim: ") for line in lines)
    assert any(re.fullmatch(r"you draw from the stock: \S+", line) for line in lines)  # the card drawn
    # the person claimed once and won: the claimed card and the penalty card
    assert re.search(
        r"\n  last claim: seat 0 took the \S+ and a penalty card \([^)]*seat 0: claim[^)]*\)\n  you get \S+ \S+\n",
        output,
    )
    assert "you claim the top discard" in output


def test_play_through_the_cli_on_standard_input_plays_the_same_game(
    whole_round: tuple[Game, ScriptedPerson, str],
) -> None:
    game, person, output = whole_round
    stdin = "".join(f"{line}\n" for line in person.typed)
    args = ["play", "railroad-rummy", "--players", "2", "--seed", "4", "--bots", "heuristic", "-o", "max_rounds=1"]
    result = runner.invoke(app, args, input=stdin)
    assert result.exit_code == 0, result.output
    assert events(result.stdout) == events(output)
    assert f"Round 1 is over: {game.history[0].reason}" in result.stdout
    assert all(f"({rule})" in result.stdout for rule in ("RR-14", "G-7", "RR-11", "RR-20"))
    assert "Every rule with its id: rummykit rules railroad-rummy" in result.stdout


def test_play_carries_out_a_go_down_with_the_cards_typed(monkeypatch: pytest.MonkeyPatch) -> None:
    # G-6: of four 5s the person keeps 5C, and may discard it in the same turn.
    def position(game: Game) -> object:
        hands = ["5H 5D 5C 5S 8H 8D 8C KC", "3C 4D 6H 9S 9D 10D QH"]
        return arrange(game, hands=hands, turn=0, phase="play", discard="QD")

    lines = ["down 5H 5D 5S / 8H 8D 8C", "discard 5C", "quit"]
    game, _, output = play_directly(monkeypatch, seed=1, arrange_game=position, probes={"first": lines})
    assert "   1. go down with 5C 5D 5H / 8C 8D 8H" in output  # the listing shows one of the equal plays
    assert "you go down with 5H 5D 5S / 8H 8D 8C" in output
    assert "meld 0: your set: 5D 5H 5S" in output and "Your hand (2): 5C KC" in output
    assert "you discard 5C" in output and "Not allowed" not in output
    on_table = sorted(card for table_meld in game.state.table for card in table_meld.meld.cards)
    assert on_table == sorted(rummykit.parse_cards("5H 5D 5S 8H 8D 8C"))
    assert game.view(None).discard_top == rummykit.Card.parse("5C")


def test_play_may_discard_the_card_just_taken_from_the_discard_pile(monkeypatch: pytest.MonkeyPatch) -> None:
    # RR-21: by default (may_discard_taken_card=true) the card taken from the discard pile may go back.
    def position(game: Game) -> object:
        return arrange(game, hands=["4C 4D 9H 9S JH QS KD", "5C 5D 8C 8D 10S JD QH"], turn=0, discard="6H")

    game, _, output = play_directly(
        monkeypatch, seed=1, arrange_game=position, probes={"first": ["take", "discard 6H", "quit"]}
    )
    assert "you take the top discard (6H)" in output
    assert "   3. 6H " in output  # listed among the discards
    assert "you discard 6H" in output and "Not allowed" not in output
    assert game.view(None).discard_top == rummykit.Card.parse("6H")


def test_many_go_downs_are_all_listed_compactly(monkeypatch: pytest.MonkeyPatch) -> None:
    def position(game: Game) -> Game:
        return arrange(game, hands=["5C 5D 7C 7D 9C 9D JC JD 2S JK", "3C 4D 6H 8S 9S 10D QH"], turn=0, phase="play")

    game, _, output = play_directly(monkeypatch, seed=1, arrange_game=position, probes={"play": ["quit"]})
    moves = output.split("Your moves:")[1].split("your move (")[0]
    go_downs = [a for a in game.legal_actions(0) if isinstance(a, GoDown)]
    assert len(go_downs) == 6  # two sets of four ranks, each with one wild card: one go-down per pair (RR-C4)
    assert "  go down with (6 choices):" in moves
    assert "  discard (10 choices):" in moves
    numbers = [int(n) for n in re.findall(r"(\d+)\. ", moves)]
    assert numbers == list(range(1, 17))  # every move listed, numbered in order
    assert len(moves.strip().splitlines()) < 16  # several to a line
    assert "5C 5D 2S(5) / 7C 7D JK(7)" in moves  # a wild card shows the rank it stands for
    assert "9C 9D 2S(9) / JC JD JK(J)" in moves
    assert re.search(r"\b16\. JK\b", moves)


def test_cards_are_coloured_red_and_wild_cards_highlighted(monkeypatch: pytest.MonkeyPatch) -> None:
    def position(game: Game) -> Game:
        return arrange(
            game, hands=["5H 9C KD 2S JK 7S 8S", "3C 4D 6H 8S 9S 10D QH"], turn=0, phase="draw", discard="4C"
        )

    _, _, output = play_directly(
        monkeypatch,
        seed=1,
        arrange_game=position,
        probes={"draw": ["quit"]},
        force_terminal=True,
        color_system="standard",
    )
    hand = next(line for line in output.splitlines() if "Your hand" in line)
    assert "\x1b[31m5H\x1b[0m" in hand and "\x1b[31mKD\x1b[0m" in hand  # red suits red
    assert re.search(r"(?<!\x1b\[31m)9C", hand)  # black suits in the default colour
    assert "\x1b[1;7m2S\x1b[0m" in hand and "\x1b[1;7mJK\x1b[0m" in hand  # wild cards highlighted
    plain = re.sub(r"\x1b\[[0-9;]*m", "", hand)
    assert plain.endswith("Your hand (7): 5H 7S 8S 9C KD 2S JK")  # sorted, the wild cards last


def test_quit_ends_the_game_politely() -> None:
    result = runner.invoke(app, ["play", "railroad-rummy", "--players", "3", "--seed", "4"], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "You left the game in round 1. Totals so far: you 0, seat 1 0, seat 2 0." in result.stdout
    assert "Traceback" not in result.output


@pytest.mark.parametrize("stdin", ["", "help\n", "draw\n\n"])
def test_the_end_of_input_ends_the_game_politely(stdin: str) -> None:
    result = runner.invoke(app, ["play", "railroad-rummy", "--players", "2", "--seed", "3"], input=stdin)
    assert result.exit_code == 0, result.output
    assert "You left the game in round 1" in result.stdout
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_end_of_input_from_read_line_ends_play_in_terminal() -> None:
    def read_line(prompt: str) -> str:
        raise EOFError

    output = io.StringIO()
    console = Console(file=output, width=100)
    game = terminal.play_in_terminal("railroad-rummy", players=4, seat=2, seed=9, console=console, read_line=read_line)
    assert not game.is_over
    assert "You left the game in round 1" in output.getvalue()
    assert "You are seat 2, against seat 0 (heuristic), seat 1 (heuristic), seat 3 (heuristic)" in output.getvalue()


def test_the_other_seats_cycle_through_the_bots() -> None:
    output = io.StringIO()
    terminal.play_in_terminal(
        "railroad-rummy",
        players=4,
        seat=1,
        seed=2,
        bots=["random", "heuristic"],
        console=Console(file=output, width=100),
        read_line=lambda prompt: "quit",
    )
    assert "against seat 0 (random), seat 2 (heuristic), seat 3 (random)" in output.getvalue()


def test_a_seeded_game_is_the_same_game_every_time() -> None:
    def play(seed: int) -> tuple[Sequence[Any], str]:
        output = io.StringIO()
        answers = iter(["1"] * 40 + ["quit"])
        game = terminal.play_in_terminal(
            "railroad-rummy",
            players=3,
            seed=seed,
            console=Console(file=output, width=100),
            read_line=lambda prompt: next(answers),
        )
        return game.record.actions, output.getvalue()

    assert play(11) == play(11)


#: Lines a careless person might type: junk, half moves, moves at the wrong time, odd numbers.
JUNK = (
    *("", " ", "help", "show", "draw", "take", "claim", "hmg", "pass", "down", "down /", "down 5H / "),
    *("down 5H 5D JK / 7C 7S 7D", "lay", "lay QS on", "lay QS on x", "lay 2S on 0 high", "lay JK on 99 low"),
    *("discard", "discard 9C", "discard ZZ", "discard 10H 9C", "-1", "0", "99999999999999999999", "1.5"),
    *("½", "\x00", "quit now", "draw draw", "DOWN 3c 3d 3h / 4c 4d 4h", "[bold]markup[/]"),
)


@pytest.mark.parametrize("seed", [1, 2])
def test_bad_input_never_crashes_a_game(seed: int) -> None:
    rng = random.Random(seed)
    output = io.StringIO()

    def read_line(prompt: str) -> str:
        count = int(re.search(r"\((?:1-)?(\d+),", prompt).group(1))  # type: ignore[union-attr]
        return str(rng.randint(1, count)) if rng.random() < 0.5 else rng.choice(JUNK)

    game = terminal.play_in_terminal(
        "railroad-rummy",
        players=3,
        seat=seed,
        seed=seed,
        bots=["heuristic", "random"],
        options={"max_rounds": 2},
        console=Console(file=output, width=rng.choice([40, 200])),
        read_line=read_line,
    )
    assert game.is_over and len(game.history) == 2
    assert "Game over after 2 rounds." in output.getvalue()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seat", "3"], "your seat must be one of 0 to 2, not 3"),
        (["--players", "9"], "2 to 8 players, not 9 (RR-1)"),
        (["-o", "hmg_per_player=-1"], "option 'hmg_per_player' of railroad-rummy must be at least 0, not -1 (RR-18)"),
        (["-o", "no_such_option=1"], "railroad-rummy has no option 'no_such_option'"),
        (["-o", "oops"], "an option is written name=value"),
    ],
)
def test_play_refuses_a_game_it_cannot_set_up(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["play", "railroad-rummy", "--players", "3", *args], input="quit\n")
    assert result.exit_code == 2
    assert message in flat(result.stderr)
    assert "Traceback" not in result.output


# -- simulate --------------------------------------------------------------------------------------


def _simulate(games: int, workers: int) -> dict[str, Any]:
    args = ["simulate", "railroad-rummy", "--players", "4", "--games", str(games), "--seed", "2024"]
    args += ["--bots", "heuristic,random", "--workers", str(workers), "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    figures: dict[str, Any] = json.loads(result.stdout)
    return figures


def _check_simulation(games: int) -> None:
    one, two = _simulate(games, workers=1), _simulate(games, workers=2)
    assert (one["workers"], two["workers"]) == (1, 2)
    for run_field in RUN_FIELDS:  # how the run was played: timing, workers, chunks
        del one[run_field], two[run_field]
    assert one == two
    assert one["games"] == games and one["players"] == 4
    by_bot = {row["bot"]: row for row in one["by_bot"]}
    heuristic, random_bot = by_bot["heuristic"]["mean_score"], by_bot["random"]["mean_score"]
    assert heuristic < 0.6 * random_bot, (heuristic, random_bot)  # golf scoring: lower is better
    assert by_bot["heuristic"]["wins"] > by_bot["random"]["wins"]
    assert [row["bot"] for row in one["seats"]] == ["heuristic", "random", "heuristic", "random"]


@pytest.mark.slow
def test_simulate_heuristic_beats_random_and_workers_do_not_change_the_figures() -> None:
    _check_simulation(20)


@pytest.mark.slow
def test_simulate_200_games_heuristic_beats_random_and_workers_do_not_change_the_figures() -> None:
    _check_simulation(200)


def test_simulate_prints_tables_without_json() -> None:
    args = ["simulate", "railroad-rummy", "--players", "2", "--games", "3", "--bots", "heuristic,random"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    for text in ("railroad-rummy: 3 games, 2 players, seed 0", "by bot", "rounds per game", "games per second"):
        assert text in result.stdout


class HeadsUpRummy(StandardRummy[StandardRules, StandardState]):
    """A variant for two players only: the standard rummy of sets, one deck, 10 cards each, one round."""

    spec = VariantSpec(
        name="heads-up-rummy",
        title="Heads-up Rummy",
        min_players=2,
        max_players=2,
        players_rule="HU-1",
        rules=(
            RuleText("HU-1", "Players", "2 players, one 52-card deck, 10 cards each."),
            RuleText("HU-2", "The turn", "Draw from the stock or the discard pile, lay down sets, lay off, discard."),
            RuleText("HU-3", "Going out", "An empty hand or stock ends the round; hands score their cards."),
        ),
    )

    @hookimpl
    def rummykit_setup(self, config: GameSettings) -> StandardRules:
        ids = RuleIds(
            start="HU-2",
            draw="HU-2",
            empty_discard="HU-2",
            meld="HU-2",
            lay_off="HU-2",
            discard="HU-2",
            no_card="HU-3",
            going_out="HU-3",
        )
        return StandardRules(
            shoe_parts=(standard_deck(),),
            deal=Deal(hand_size=10),
            stock=Stock(reshuffle="none"),  # HU-3: an empty stock ends the round
            melds=MeldRules(wild_faces=frozenset(), set_ranks=frozenset(Rank) - {Rank.JOKER}, run_order=()),
            scoring=Scoring(points={rank: min(int(rank), 10) for rank in Rank}),
            rounds=1,
            ids=ids,
        )


@pytest.fixture
def heads_up() -> Iterator[str]:
    """Heads-up Rummy, registered for one test (other tests list the installed variants)."""
    register_variant(HeadsUpRummy.spec.name, HeadsUpRummy())
    yield HeadsUpRummy.spec.name
    unregister_variant(HeadsUpRummy.spec.name)


def test_simulate_and_play_default_to_a_player_count_the_variant_allows(heads_up: str) -> None:
    # --players defaults to 4 (simulate) and 3 (play), brought into the variant's range: 2 here
    result = runner.invoke(app, ["simulate", heads_up, "--games", "2", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["players"] == 2
    result = runner.invoke(app, ["play", heads_up, "--seed", "1"], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "You left the game in round 1. Totals so far: you 0, seat 1 0." in result.stdout
    # a count given is the one used, and one the variant does not allow is still refused, naming its rule
    result = runner.invoke(app, ["simulate", heads_up, "--games", "1", "--players", "3"])
    assert result.exit_code == 2 and "played by 2 players, not 3 (HU-1)" in flat(result.output)
    # variants that allow them keep 4 and 3
    result = runner.invoke(app, ["simulate", "railroad-rummy", "--games", "1", "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout)["players"] == 4
    result = runner.invoke(app, ["play", "railroad-rummy", "--seed", "4"], input="quit\n")
    assert "Totals so far: you 0, seat 1 0, seat 2 0." in result.stdout
    for command, usual in (("simulate", 4), ("play", 3)):
        help_text = flat(runner.invoke(app, [command, "--help"]).output)
        assert f"Default: {usual}, or the nearest count the variant allows" in help_text


# -- rules, variants, help, bad names ---------------------------------------------------------------


def test_rules_prints_every_rule_id_and_the_options() -> None:
    result = runner.invoke(app, ["rules", "railroad-rummy"])
    assert result.exit_code == 0, result.output
    spec = rummykit.variant_spec("railroad-rummy")
    printed = set(re.findall(r"\b(?:RR|G)-C?\d+\b", result.stdout))
    assert {rule.id for rule in spec.rules} <= printed
    assert {rule.id for rule in rummykit.COMMON_RULES} <= printed
    for option in (*spec.options, *rummykit.COMMON_OPTIONS):
        assert option.name in result.stdout
    assert "bots: heuristic, random" in result.stdout


def test_variants_lists_railroad_rummy() -> None:
    result = runner.invoke(app, ["variants"])
    assert result.exit_code == 0, result.output
    assert "railroad-rummy" in result.stdout and "RailRoad Rummy" in result.stdout
    assert "heuristic, random" in result.stdout


COMMANDS = ("simulate", "play", "rules", "variants")


def test_help_lists_the_commands() -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0, result.output
    for command in COMMANDS:
        assert command in result.stdout


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_has_help(command: str) -> None:
    result = runner.invoke(app, [command, "--help"])
    assert result.exit_code == 0, result.output
    assert "Usage:" in result.stdout and command in result.stdout


@pytest.mark.parametrize("command", ["simulate", "play", "rules"])
def test_an_unknown_variant_fails_listing_the_installed_ones(command: str) -> None:
    result = runner.invoke(app, [command, "railroad"], input="quit\n")
    assert result.exit_code == 2
    assert "unknown variant 'railroad'; installed variants:" in flat(result.stderr)
    assert "railroad-rummy" in result.stderr


@pytest.mark.parametrize("command", ["simulate", "play"])
def test_an_unknown_bot_fails_listing_the_variants_bots(command: str) -> None:
    result = runner.invoke(app, [command, "railroad-rummy", "--bots", "heuristic,genius"], input="quit\n")
    assert result.exit_code == 2
    assert "railroad-rummy has no bot 'genius'; its bots: heuristic, random" in flat(result.stderr)


def test_simulate_refuses_a_bad_option_cleanly() -> None:
    result = runner.invoke(app, ["simulate", "railroad-rummy", "--games", "2", "-o", "hmg_per_player=-1"])
    assert result.exit_code == 2
    assert "option 'hmg_per_player' of railroad-rummy must be at least 0, not -1 (RR-18)" in flat(result.stderr)
    assert "Traceback" not in result.output


def test_the_default_bot_is_random_for_a_variant_without_a_heuristic_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """A third-party variant need not offer ``heuristic``: ``--bots`` then defaults to ``random``."""
    assert cli._bot_names("railroad-rummy", None) == ["heuristic"]
    monkeypatch.setattr(cli, "available_bots", lambda variant: ("random",))
    assert cli._bot_names("railroad-rummy", None) == ["random"]
    result = runner.invoke(app, ["simulate", "railroad-rummy", "--players", "2", "--games", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["bots"] == ["random"]


def test_play_keeps_a_declaration_sealed_while_its_claim_window_is_open() -> None:
    # RR-C1 with three players: seat 1 declares on the card seat 0 drew past, seat 2 has yet to: the
    # person is told only that seat 1 moved; when seat 2 closes the window, the claim's outcome names both.
    args = ["play", "railroad-rummy", "--players", "3", "--seed", "4"]
    result = runner.invoke(app, args, input="1\n" * 5 + "quit\n")
    assert result.exit_code == 0, result.output
    lines = events(result.stdout)
    sealed = lines.index("seat 1 has made a sealed move")
    assert lines[sealed + 1].startswith("seat 2 ")
    assert re.fullmatch(r"  last claim: .*\(seat 1: \w+, seat 2: \w+\)", lines[sealed + 2])


# -- 80 columns, numbering, claim windows (issue 28) ------------------------------------------------

VARIANTS = rummykit.available_variants()


def longest(text: str) -> int:
    return max(len(line) for line in text.splitlines())


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("columns", [None, "80"])
def test_rules_are_readable_at_80_columns_and_in_a_pager(
    monkeypatch: pytest.MonkeyPatch, variant: str, columns: str | None
) -> None:
    """Piped (into ``less``) or at 80 columns, the rules are paragraphs of whole lines under their ids:
    no line over 80 columns, and about 60 or more characters to a line of text (a rule's text in a
    column of a table got 15)."""
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    result = runner.invoke(app, ["rules", variant])
    assert result.exit_code == 0, result.output
    assert longest(result.stdout) <= 80
    joined = " ".join(result.stdout.split())
    spec = rummykit.variant_spec(variant)
    rules = (*spec.rules, *rummykit.COMMON_RULES)
    for rule in rules:
        assert f"{rule.id} {rule.title} {' '.join(rule.text.split())}" in joined, rule.id
    text = sum(len(rule.text) for rule in rules)
    lines = [line for line in result.stdout.splitlines() if line.startswith("    ")]
    assert sum(map(len, lines)) / len(lines) >= 55 or len(lines) <= text / 55 + len(rules)


def _late_position(variant: str, tmp_path: Path) -> Path:
    """A position late in a game between heuristic bots: totals of several digits, melds on the
    table, the variant's facts filled in (red 3s, HMGs used), as a file for ``play --position``."""
    spec = rummykit.variant_spec(variant)
    players = min(spec.max_players, 6)
    options: dict[str, Any] = {"max_rounds": 3}
    run = RunSpec(variant=variant, players=players, seat_bots=("heuristic",) * players, options=options)
    record = play_game(run, 11).record
    # before seat 0's last action, at least 12 from the end (with six players, the last 12 may all be others')
    last = max(i for i, action in enumerate(record.actions) if action.seat == 0)
    game = rummykit.replay(record, upto=min(last, len(record.actions) - 12))
    path = tmp_path / f"{variant}.json"
    path.write_text(dump_position(game), encoding="utf-8")
    return path


@pytest.mark.parametrize("variant", variant_params(VARIANTS))
def test_play_is_readable_at_80_columns(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, variant: str) -> None:
    """Every variant, from the most seats at its start and from a position late in a game: no line
    over 80 columns, no cell of the seats' table cut short with "…"."""
    monkeypatch.setenv("COLUMNS", "80")
    spec = rummykit.variant_spec(variant)
    moves = "1\n" * 12 + "quit\n"
    starts = [
        ["play", variant, "--players", str(spec.max_players), "--seed", "3"],
        ["play", "--position", str(_late_position(variant, tmp_path))],
    ]
    for args in starts:
        result = runner.invoke(app, args, input=moves)
        assert result.exit_code == 0, result.output
        assert longest(result.stdout) <= 80, args
        assert "…" not in result.stdout
        assert re.search(r"^seat +cards +total", result.stdout, re.MULTILINE)


_FIGURES = re.compile(r"│ +\d+ │ +\d+\.\d% │ +\d+\.\d–\d+\.\d% │ +-?\d+\.\d │ +±\d+\.\d │ +\d+\.\d │$")
"""A row's figures, each cell whole: wins, win rate, its interval, mean score, its half-width, spread."""


@pytest.mark.parametrize(
    "args",
    [
        # the README's first command (fewer games: the layout is what is tested)
        pytest.param(["railroad-rummy", "--players", "4", "--games", "20", "--bots", "heuristic,random"], id="readme"),
        # the canasta games' whole games take seconds: their layout is the same table, checked in the slow set
        *(
            pytest.param(
                [v, "--players", str(rummykit.variant_spec(v).max_players), "--games", "2"],
                id=v,
                marks=[pytest.mark.slow] if "canasta" in v else [],
            )
            for v in VARIANTS
        ),
    ],
)
def test_simulate_is_readable_at_80_columns(monkeypatch: pytest.MonkeyPatch, args: list[str]) -> None:
    """At 80 columns (issue 36: the README's first table was mangled) no line is longer, no bot's name
    is cut short, and each row of figures is one line, each interval whole in its cell."""
    monkeypatch.setenv("COLUMNS", "80")
    result = runner.invoke(app, ["simulate", *args])
    assert result.exit_code == 0, result.output
    assert longest(result.stdout) <= 80 and "…" not in result.stdout
    rows = [line for line in result.stdout.splitlines() if re.match(r"│ +(\d+ │ +)?(heuristic|random) ", line)]
    players = int(args[args.index("--players") + 1])
    bots = {bot for bot in ("heuristic", "random") if bot in " ".join(rows)}
    assert len(rows) == players + len(bots), result.stdout
    for row in rows:
        assert _FIGURES.search(row), row


def test_moves_are_numbered_in_the_order_of_the_hand_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    """Typing the place of a card in the hand as shown (by rank, wild cards last) discards that card:
    the discards are numbered in the hand's order, not the engine's."""

    def position(game: Game) -> Game:
        return arrange(game, hands=["JK 9C KD 2S 5H 7S 8S 4D", "3C 4D 6H 8S 9S 10D QH"], turn=0, phase="play")

    game, _, output = play_directly(monkeypatch, seed=1, arrange_game=position, probes={"play": ["7", "quit"]})
    hand = "4D 5H 7S 8S 9C KD 2S JK"
    assert f"Your hand (8): {hand}" in output
    numbered = re.findall(r"(\d+)\. (\S+)", output.split("discard (8 choices):")[1].split("your move")[0])
    assert numbered == [(str(number), card) for number, card in enumerate(hand.split(), start=1)]
    assert "you discard 2S" in output and game.record.actions[0] == Discard(seat=0, card="2S")


def test_a_single_move_is_asked_for_as_one_number() -> None:
    result = runner.invoke(app, ["play", "railroad-canasta", "--seed", "3", "--players", "4"], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "   1. draw from the stock\nyour move (1, help, quit)> " in result.stdout
    assert "(1-1," not in result.stdout


def test_a_claim_window_says_whose_decision_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a claim window the turn player waits: the table says whose turn it is and who is to decide,
    the prompt asks for the person's claim decision (it said "to play" of the turn player)."""
    monkeypatch.setenv("COLUMNS", "80")
    result = runner.invoke(app, ["play", "railroad-rummy", "--players", "3", "--seed", "4"], input="1\n" * 3 + "quit\n")
    assert result.exit_code == 0, result.output
    screen = result.stdout.split("contract 2 sets (claim)")[1].split("your claim decision")[0]
    rows = {line.split()[1]: line for line in screen.splitlines() if re.match(r"seat \d", line)}
    turn = next(seat for seat, row in rows.items() if row.rstrip().endswith("turn"))
    assert "to decide" in rows["0"] and "to play" not in screen
    assert f"Claim: you and seat {3 - int(turn)} decide; then seat {turn} goes on with the turn." in flat(screen)
    assert "your claim decision (1-3, help, quit)> " in result.stdout


def test_the_last_claim_is_told_once(whole_round: tuple[Game, ScriptedPerson, str]) -> None:
    _, _, output = whole_round
    told = [line for line in output.splitlines() if "last claim:" in line.lower()]
    assert told and all(_PROMPT.sub("", line).startswith("  last claim: ") for line in told)
    assert "Last claim" not in output


def test_play_marks_the_canastas_on_the_table(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = _late_position("railroad-canasta", tmp_path)
    game = load_position(path.read_text(encoding="utf-8"))
    kinds = game.view(0).canastas  # type: ignore[attr-defined]
    assert any(kinds)
    result = runner.invoke(app, ["play", "--position", str(path), "--seat", "0"], input="quit\n")
    assert result.exit_code == 0, result.output
    for number, kind in enumerate(kinds):
        line = next(line for line in result.stdout.splitlines() if line.startswith(f"  meld {number}: "))
        assert (f"({kind} canasta)" in line) == bool(kind), line


# -- help ------------------------------------------------------------------------------------------

EVERY_COMMAND = ("simulate", "play", "replay", "position", "rules", "check", "variants", "serve")


def test_the_command_list_gives_whole_descriptions_at_80_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    listing = runner.invoke(app, ["--help"]).stdout
    commands = listing.split("Commands:")[1]
    assert "..." not in commands and longest(listing) <= 80
    assert [line.split()[0] for line in commands.splitlines() if line.startswith("  ") and line[2] != " "] == list(
        EVERY_COMMAND
    )


@pytest.mark.parametrize("command", EVERY_COMMAND)
def test_each_commands_help_has_an_example_and_a_plain_usage_line(command: str) -> None:
    result = runner.invoke(app, [command, "--help"])
    assert result.exit_code == 0, result.output
    usage = result.stdout.splitlines()[0]
    assert usage.startswith(f"Usage: rummykit {command} [OPTIONS]")
    assert "{" not in usage and "[[" not in usage
    example = result.stdout.split("Example")[1]
    assert f"rummykit {command}" in example


def test_simulate_says_that_a_tie_is_a_win_for_each_tied_seat() -> None:
    # G-1: a round that reaches its turn cap scores nothing (CR-9's rule for classic Rummy), so every game ties
    args = ["simulate", "rummy", "--players", "3", "--games", "5", "-o", "max_rounds=1", "-o", "max_turns_per_round=3"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "counts as a win for each of them, so the wins add up to 15 for 5 games" in flat(result.stdout)
    untied = runner.invoke(app, ["simulate", "rummy", "--players", "2", "--games", "3"])
    assert "ties:" not in untied.stdout


# -- saving games ----------------------------------------------------------------------------------


def test_play_saves_the_game_when_the_person_quits_and_replay_shows_it(tmp_path: Path) -> None:
    saved, page = tmp_path / "game.json", tmp_path / "game.html"
    args = ["play", "railroad-rummy", "--players", "3", "--seed", "4", "--save", str(saved)]
    result = runner.invoke(app, args, input="1\n" * 6 + "quit\n")
    assert result.exit_code == 0, result.output
    record = load_record(saved.read_text(encoding="utf-8"))
    assert record.seed == 4 and record.players == 3 and len(record.actions) >= 6
    assert f"Saved the game ({len(record.actions)} actions) to {saved}" in flat(result.stdout)
    shown = runner.invoke(app, ["replay", str(saved), "--html", str(page), "--seat", "0"])
    assert shown.exit_code == 0, shown.output
    assert f"wrote {page}: {len(record.actions)} actions, seat 0's view" in flat(shown.stdout)
    assert page_data(page.read_text(encoding="utf-8"))["steps"][-1]["action"] == len(record.actions)
    text = runner.invoke(app, ["replay", str(saved)])
    assert text.exit_code == 0 and "  last claim: " in text.stdout  # who won each claim is said


def test_play_saves_a_finished_game_and_on_the_save_command(tmp_path: Path) -> None:
    saved, early = tmp_path / "game.json", tmp_path / "early.json"
    options = ["-o", "max_rounds=1", "-o", "max_turns_per_round=4"]
    args = ["play", "rummy", "--players", "2", "--seed", "5", "--save", str(saved), *options]
    result = runner.invoke(app, args, input=f"save {early}\n" + "1\n" * 40)
    assert result.exit_code == 0, result.output
    assert "Game over after 1 round." in result.stdout
    assert rummykit.replay(load_record(saved.read_text(encoding="utf-8"))).is_over
    assert load_record(early.read_text(encoding="utf-8")).actions == ()
    no_file = runner.invoke(app, ["play", "rummy", "--seed", "5"], input="save\nquit\n")
    assert "Not a move: say where: save FILE" in flat(no_file.stdout)


def test_simulate_saves_every_game_or_a_sample(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    args = ["simulate", "rummy", "--players", "2", "--games", "4", "--seed", "9", "--json"]
    result = runner.invoke(app, [*args, "--save-games", str(folder)])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    files = sorted(folder.iterdir())
    assert [path.name for path in files] == [f"game-0000{index}.json" for index in range(4)]
    wins = Counter[int]()
    for index, path in enumerate(files):
        record = load_record(path.read_text(encoding="utf-8"))
        assert record.seed == game_seed(9, index)
        wins.update(rummykit.replay(record).winners)
    assert [wins[seat] for seat in range(2)] == [row["wins"] for row in figures["seats"]]  # the games counted
    sample = tmp_path / "sample"
    result = runner.invoke(app, [*args[:-1], "--save-games", str(sample), "--save-sample", "2"])
    assert result.exit_code == 0 and len(list(sample.iterdir())) == 2
    assert "saved 2 games to" in flat(result.stdout)
    lone = runner.invoke(app, [*args[:-1], "--save-sample", "2"])
    assert lone.exit_code == 2 and "give --save-games DIR too" in flat(lone.stderr)


# -- rummykit check ----------------------------------------------------------------------------------------


def test_check_prints_the_report_as_a_table_of_80_columns_and_the_same_for_the_same_seed() -> None:
    arguments = ["check", "gin-rummy", "--games", "3", "--examples", "4", "--budget", "40", "--seed", "2"]
    first, second = runner.invoke(app, arguments), runner.invoke(app, arguments)
    assert first.exit_code == 0, first.output
    lines = first.stdout.splitlines()
    assert all(len(line) <= 80 for line in lines), first.stdout
    assert lines[0].startswith("gin-rummy, seed 2: ") and "first reached by" in first.stdout
    assert any(line.split()[:1] == ["round-end:GIN-18"] for line in lines)
    assert "every property held, in " in lines[-1]
    assert first.stdout.rsplit("\n", 2)[0] == second.stdout.rsplit("\n", 2)[0]  # all but the time taken


def test_check_as_json_holds_the_whole_report() -> None:
    result = runner.invoke(app, ["check", "rummy", "--games", "2", "--examples", "2", "--budget", "30", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["variant"] == "rummy" and data["seed"] == 0 and data["examples"] == 2 and data["seconds"] >= 0
    assert set(data["how"]) <= set(data["targets"]) and data["reached"]["phase:draw"] > 0


def test_check_fails_naming_the_property_and_the_call_that_makes_the_run_again() -> None:
    from tests.test_conformance_kit import LosesACard  # noqa: PLC0415

    register_variant(LosesACard.name, LosesACard())
    try:
        result = runner.invoke(app, ["check", LosesACard.name, "--games", "1", "--examples", "1"])
    finally:
        unregister_variant(LosesACard.name)
    assert result.exit_code == 1
    message = flat(result.stderr)
    assert message.startswith("failed: conservation: toy-loses-a-card, 2 players, seed 0")
    assert "reproduce: from rummykit.testing import check_games; check_games('toy-loses-a-card', games=1)" in message


def test_check_refuses_an_unknown_variant_or_house_rule() -> None:
    result = runner.invoke(app, ["check", "no-such-rummy"])
    assert result.exit_code == 2 and "unknown variant 'no-such-rummy'" in flat(result.stderr)
    result = runner.invoke(app, ["check", "rummy", "--house-rule", "no-hmg"])
    assert result.exit_code == 2 and "no house rule 'no-hmg' for rummy" in flat(result.stderr)
