"""The replay viewer (issue 18), without a browser: the page is one self-contained file; each of its
frames is the picture of the seat's view after that action; the actions are told as the seat may know
them (a sealed claim stays sealed); a refused action of a record is shown with its rule; no frame and
no word of a seat's page names a card hidden from it; and ``rummykit replay --html``. The page in a
real browser: tests/test_browser.py."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import rummykit
from rummykit import svg
from rummykit.core.cards import Card, face
from rummykit.core.errors import InvalidOptionError, InvalidRecordError
from rummykit.core.records import GameRecord
from rummykit.core.views import View
from rummykit.documents.notation import position_text, read_game
from rummykit.documents.serialize import dump_record, load_record
from rummykit.play.cli import app
from rummykit.testing.visibility import RoundWatch
from rummykit.viewer import replay_html, replay_steps, write_replay_html
from rummykit_variants.railroad_rummy import Claim, Pass
from tests.pictures_support import (
    drawn_faces,
    frame_markup,
    named_faces,
    page_data,
    parse,
    position,
    view_faces,
    without_defs,
    words,
)

runner = CliRunner()
VARIANTS = rummykit.available_variants()


def record_of(variant: str, players: int, seed: int, steps: int) -> GameRecord:
    return position(variant, players, seed, steps).record


def test_the_page_is_one_file_that_needs_no_network() -> None:
    page = replay_html(record_of("railroad-rummy", 3, 1, 30), seat=1)
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    namespaces = {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"}  # names, never fetched
    assert set(re.findall(r"(?:https?:)?//[\w.-]+\.[a-z]{2,}[^\"' \\]*", page)) <= namespaces
    assert not re.search(r"<(link|img|iframe|object|embed)\b|\bsrc=|@import|url\(", page)
    assert all(href.startswith("#") for href in re.findall(r'href="([^"]*)"', page))
    assert page.count("<script") == 2  # the data, and the viewer's script: both inline
    data = page_data(page)
    assert len(data["frames"]) == len(data["steps"]) == 31


def views_after_each_action(record: GameRecord, seats: tuple[int | None, ...]) -> list[dict[int | None, View]]:
    """Each seat's view at the start and after each action of ``record`` (replayed once)."""
    game = rummykit.replay(record, upto=0)
    views = [{seat: game.view(seat) for seat in seats}]
    for action in record.actions:
        game.apply(action)
        views.append({seat: game.view(seat) for seat in seats})
    return views


@pytest.mark.parametrize("seat", [None, 0, 2])
def test_each_frame_is_the_picture_of_the_seats_view_after_the_action(seat: int | None) -> None:
    record = record_of("railroad-rummy", 3, 4, 60)
    data = page_data(replay_html(record, seat=seat))
    replayed = replay_steps(record, seat=seat)
    previous = None
    views = views_after_each_action(record, (seat,))
    for index, step in enumerate(replayed.steps):
        view = views[index][seat]
        assert step.view == view
        assert frame_markup(data, index) == without_defs(svg.view(view, fresh=step.fresh))
        if seat is not None and previous is not None and previous.round == view.round:
            assert step.fresh == set(view.hand_ids) - set(previous.hand_ids)
        else:
            assert not step.fresh
        previous = view


def test_steps_tell_a_sealed_claim_only_to_its_seat() -> None:
    game = rummykit.new_game("railroad-rummy", players=4, seed=1)
    game.apply(rummykit.Draw(seat=2))
    game.apply(Claim(seat=3))
    game.apply(Claim(seat=0, hmg=True))
    game.apply(Pass(seat=1))
    texts = {seat: [step.text for step in replay_steps(game.record, seat=seat).steps] for seat in (None, 0, 3, 1)}
    assert texts[None][2:] == [
        "seat 3 has made a sealed move",
        "seat 0 has made a sealed move",
        "seat 1: pass on the top discard",  # the last declaration closes the window: all is public
    ]
    assert texts[3][2:4] == ["seat 3 (you): claim the top discard", "seat 0 has made a sealed move"]
    assert texts[0][2:4] == ["seat 3 has made a sealed move", "seat 0 (you): claim the top discard with an HMG"]
    kinds = [step.kind for step in replay_steps(game.record, seat=1).steps]
    assert kinds == ["deal", "action", "sealed", "sealed", "action"]
    assert texts[1][0] == f"Round 1 is dealt by seat {game.dealer}"


def test_a_round_end_says_how_the_round_ended() -> None:
    record = record_of("rummy", 2, 3, 400)
    steps = replay_steps(record, seat=0).steps
    ends = [step for step in steps if step.note]
    assert ends, "the game has a finished round"
    result = rummykit.replay(record).history[0]
    assert ends[0].note.startswith(f"Round 1 is over: {result.reason}. Scores: seat 0 {result.scores[0]:+d}")


def _with_bad_action(record: GameRecord, at: int, action: dict[str, object]) -> GameRecord:
    document = json.loads(dump_record(record))
    document["actions"].insert(at, action)
    return load_record(json.dumps(document), check=False)


def test_a_refused_action_of_a_record_is_shown_with_its_rule_and_the_replay_stops_there() -> None:
    record = record_of("railroad-rummy", 3, 1, 20)
    first = record.actions[0]
    bad = _with_bad_action(record, 0, {"type": "discard", "seat": first.seat, "card": "AS"})
    replayed = replay_steps(bad, seat=first.seat)
    assert len(replayed.steps) == 2
    refused = replayed.steps[-1]
    assert refused.kind == "refused" and refused.refusal is not None
    assert refused.refusal.rule == "RR-14"  # a turn starts with a draw
    assert refused.refusal.title and refused.refusal.text  # the rule from the rule book
    assert refused.text == f"seat {first.seat} (you) may not discard AS"
    assert refused.view == replayed.steps[0].view  # nothing changed
    data = page_data(replay_html(bad, seat=first.seat))
    assert data["steps"][-1]["refusal"]["rule"] == "RR-14"
    assert len(data["frames"]) == 2


def test_an_action_that_is_no_action_of_the_game_is_refused_without_a_rule() -> None:
    record = record_of("railroad-rummy", 3, 1, 6)
    bad = _with_bad_action(record, 3, {"type": "draw", "seat": 7})
    refused = replay_steps(bad).steps[-1]
    assert refused.kind == "refused" and refused.refusal is not None
    assert refused.refusal.rule == "" and "there is no seat 7" in refused.refusal.reason


def test_a_record_that_starts_from_a_position() -> None:
    game = read_game(position_text(rummykit.new_game("rummy", 2, seed=9)))
    game.apply(game.legal_actions(game.turn)[0])
    steps = replay_steps(game.record, seat=0).steps
    assert [step.text for step in steps][0] == "The position"
    assert len(steps) == 2


def test_bad_arguments_are_refused() -> None:
    record = record_of("rummy", 2, 1, 4)
    with pytest.raises(InvalidOptionError, match=r"seat is a seat of this 2-player game .* not 2"):
        replay_html(record, seat=2)
    with pytest.raises(InvalidOptionError, match="not True"):
        replay_html(record, seat=True)
    with pytest.raises(InvalidRecordError, match="expected a GameRecord"):
        replay_html("game.json")  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError, match="title is text"):
        replay_html(record, title=3)  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError, match="names holds one name for each of the 2 seats"):
        replay_html(record, names=["Ann"])


def test_write_replay_html(tmp_path: Path) -> None:
    record = record_of("rummy", 2, 1, 4)
    path = write_replay_html(record, tmp_path / "game.html", seat=1, title="Ann & Bob")
    page = path.read_text(encoding="utf-8")
    assert page == replay_html(record, seat=1, title="Ann & Bob")
    assert "<title>Ann &amp; Bob · seat 1&#x27;s view</title>" in page or "<h1>Ann &amp; Bob</h1>" in page


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_page_shows_a_card_hidden_from_its_seat(variant: str) -> None:
    """Each frame of a seat's page draws face up exactly what its view shows, each a card it has seen,
    and each step's words name only cards it has seen."""
    spec = rummykit.variant_spec(variant)
    for players, seed, some in ((spec.min_players, 31, None), (min(spec.max_players, 4), 32, (None, 1))):
        record = record_of(variant, players, seed, 70)
        seats = some or (None, *range(players))
        game = rummykit.replay(record, upto=0)
        watch = RoundWatch(game)
        seen_at: list[dict[int | None, set[Card]]] = []
        views: list[dict[int | None, View]] = []
        for index in range(len(record.actions) + 1):
            if index:
                game.apply(record.actions[index - 1])
                watch.follow(game)
            seen_at.append(
                {seat: {face(cid) for cid in watch.ever(seat)} | set(view_of(game, seat).hand) for seat in seats}
            )
            views.append({seat: view_of(game, seat) for seat in seats})
        for seat in seats:
            data = page_data(replay_html(record, seat=seat))
            for index, step in enumerate(data["steps"]):
                root = parse(frame_markup(data, index))
                assert drawn_faces(root) == view_faces(views[index][seat]), f"{variant} seat {seat} step {index}"
                named = named_faces(" ".join([words(root), step["text"], step.get("note", "")]))
                assert named <= seen_at[index][seat], f"{variant} seat {seat} step {index}: {named}"


def view_of(game: rummykit.Game, seat: int | None) -> View:
    return game.view(seat)


# -- rummykit replay --html ------------------------------------------------------------------------


def _record_file(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    path.write_text(dump_record(record_of("railroad-rummy", 3, 1, 25)), encoding="utf-8")
    return path


def test_cli_writes_the_viewer(tmp_path: Path) -> None:
    source = _record_file(tmp_path)
    out = tmp_path / "game.html"
    result = runner.invoke(app, ["replay", str(source), "--html", str(out), "--seat", "1"])
    assert result.exit_code == 0, result.output
    assert f"wrote {out}: 25 actions, seat 1's view" in " ".join(result.output.split())
    record = load_record(source.read_text(encoding="utf-8"))
    assert out.read_text(encoding="utf-8") == replay_html(record, seat=1)
    spectator = runner.invoke(app, ["replay", str(source), "--html", str(out)])
    assert spectator.exit_code == 0 and "the spectator's view" in spectator.output


def test_cli_writes_the_viewer_of_a_position(tmp_path: Path) -> None:
    source = tmp_path / "position.txt"
    source.write_text(position_text(rummykit.new_game("rummy", 2, seed=9)), encoding="utf-8")
    out = tmp_path / "position.html"
    result = runner.invoke(app, ["replay", str(source), "--html", str(out), "--seat", "0"])
    assert result.exit_code == 0, result.output
    assert len(page_data(out.read_text(encoding="utf-8"))["frames"]) == 1


def test_cli_warns_of_a_refused_action_and_writes_the_game_up_to_it(tmp_path: Path) -> None:
    record = record_of("railroad-rummy", 3, 1, 10)
    bad = _with_bad_action(record, 4, {"type": "discard", "seat": record.actions[4].seat, "card": "AS"})
    source = tmp_path / "bad.json"
    source.write_text(dump_record(bad), encoding="utf-8")
    out = tmp_path / "bad.html"
    result = runner.invoke(app, ["replay", str(source), "--html", str(out)])
    assert result.exit_code == 0
    flat = " ".join(result.output.split())
    assert "wrote" in flat and "4 actions" in flat
    assert (
        "warning:" in flat and "actions[4] is refused" in flat and "the page shows the game up to it (step 5)" in flat
    )


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--seat", "1"], "--seat chooses whose view the --html page shows: give --html OUT.html too"),
        (["--html", "OUT", "--final"], "--final prints how the game ended, --html writes a page"),
        (["--html", "OUT", "--seat", "3"], "there is no seat 3 in this 3-player game: --seat is 0 to 2"),
        (["--html", "OUT", "--seat", "-1"], "expected a whole number from 0 to 1,000, not '-1'"),
        (["--html", "/no/such/folder/game.html"], "cannot write /no/such/folder/game.html"),
    ],
)
def test_cli_refuses_bad_arguments(tmp_path: Path, arguments: list[str], message: str) -> None:
    source = _record_file(tmp_path)
    arguments = [str(tmp_path / "out.html") if argument == "OUT" else argument for argument in arguments]
    result = runner.invoke(app, ["replay", str(source), *arguments])
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())


def test_cli_refuses_a_record_that_cannot_start(tmp_path: Path) -> None:
    document = json.loads(dump_record(record_of("rummy", 2, 1, 3)))
    document["players"] = 9
    source = tmp_path / "bad.json"
    source.write_text(json.dumps(document), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(source), "--html", str(tmp_path / "x.html")])
    assert result.exit_code == 2
    assert "players" in result.output and not (tmp_path / "x.html").exists()
