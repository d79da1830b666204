"""The replay viewer (issue 18), without a browser: the page is one self-contained file; each of its
frames is the picture of the seat's view after that action; the actions are told as the seat may know
them (a sealed claim stays sealed); a refused action of a record is shown with its rule; no frame and
no word of a seat's page names a card hidden from it; and ``rummykit replay --html``. The page in a
real browser: tests/test_browser.py."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import rummykit
from rummykit import svg
from rummykit.core.cards import Card, face
from rummykit.core.errors import InvalidOptionError, InvalidRecordError
from rummykit.core.records import GameRecord
from rummykit.core.views import View, shown_fields
from rummykit.documents.notation import position_text, read_game
from rummykit.documents.serialize import dump_record, load_record
from rummykit.play.chunks import RunSpec, play_game
from rummykit.play.cli import app
from rummykit.testing.visibility import RoundWatch
from rummykit.viewer import replay_html, replay_steps, write_replay_html
from rummykit_variants.railroad_rummy import Claim, Pass
from rummykit_variants.railroad_rummy.rules import card_points
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
from tests.sizes import variant_params

runner = CliRunner()
VARIANTS = rummykit.available_variants()


def record_of(variant: str, players: int, seed: int, steps: int) -> GameRecord:
    return position(variant, players, seed, steps).record


def two_rounds(variant: str, players: int, seed: int) -> rummykit.Game:
    """A game of two rounds (``max_rounds=2``) between heuristic bots, over."""
    options: dict[str, Any] = {"max_rounds": 2}
    run = RunSpec(variant=variant, players=players, seat_bots=("heuristic",) * players, options=options)
    return play_game(run, seed)


def round_end(variant: str, players: int, seed: int, before: int = 12) -> GameRecord:
    """A record of the last ``before`` actions of round 1 of [`two_rounds`][tests.test_replay_viewer.two_rounds],
    from the position they start at: short, with a round's end and the next deal."""
    full = two_rounds(variant, players, seed).record
    game = rummykit.replay(full, upto=0)
    last = next(index for index, action in enumerate(full.actions) if game.apply(action).round_result is not None)
    start = max(0, last - before)
    resumed = read_game(position_text(rummykit.replay(full, upto=start)))
    for action in full.actions[start : last + 1]:
        resumed.apply(action)
    return resumed.record


def test_the_page_is_one_file_that_needs_no_network() -> None:
    page = replay_html(record_of("railroad-rummy", 3, 1, 30), seat=1)
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    namespaces = {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"}  # names, never fetched
    assert set(re.findall(r"(?:https?:)?//[\w.-]+\.[a-z]{2,}[^\"' \\]*", page)) <= namespaces
    assert not re.search(r"<(link|img|iframe|object|embed)\b|\bsrc=|@import|url\(", page)
    assert all(href.startswith("#") for href in re.findall(r'href="([^"]*)"', page))
    assert page.count("<script") == 2  # the data, and the viewer's script: both inline
    data = page_data(page)
    assert len(data["frames"]) == len(data["steps"]) and data["steps"][-1]["action"] == 30


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
    top = game.view(None).log[-4]  # the draw's step: the top discard is the card claimed
    claimed = replay_steps(game.record).steps[1].view.discard_top
    assert isinstance(top, rummykit.Draw) and claimed is not None
    outcome = f"seat 0 took the {claimed} with an HMG and a penalty card (seat 3: claim, seat 0: hmg, seat 1: pass)"
    assert texts[None][2:] == [
        "seat 3 has made a sealed move",
        "seat 0 has made a sealed move",
        # the last declaration closes the window: all is public, and who won the claim is said
        f"seat 1: pass on the top discard; last claim: {outcome}",
    ]
    # once the window has closed, the list of every action names the declarations
    revealed = [step.revealed for step in replay_steps(game.record).steps]
    assert revealed[2:4] == ["seat 3: claim the top discard", "seat 0: claim the top discard with an HMG"]
    assert revealed[4] == ""
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


@pytest.mark.parametrize("variant", variant_params(VARIANTS))
def test_no_page_shows_a_card_hidden_from_its_seat(variant: str) -> None:
    """Each frame of a seat's page draws face up exactly what its view shows, each a card it has seen,
    and each step's words name only cards it has seen; at a round's end, the cards left in every hand
    too, which are laid face up to be scored."""
    spec = rummykit.variant_spec(variant)
    records = [
        (record_of(variant, spec.min_players, 31, 70), (None, *range(spec.min_players))),
        (record_of(variant, min(spec.max_players, 4), 32, 70), (None, 1)),
        # a round's end and the next deal
        (round_end(variant, min(spec.max_players, 3), 5), (None, *range(min(spec.max_players, 3)))),
    ]
    for record, seats in records:
        for seat in seats:
            replayed = replay_steps(record, seat=seat)
            data = page_data(replay_html(record, seat=seat))
            game = rummykit.replay(record, upto=0)
            watch = RoundWatch(game)
            before: set[Card] = set()
            for index, step in enumerate(replayed.steps):
                while len(game.record.actions) < step.action:
                    before = {face(cid) for cid in watch.ever(seat)}
                    game.apply(record.actions[len(game.record.actions)])
                    watch.follow(game)
                root = parse(frame_markup(data, index))
                where = f"{variant} seat {seat} step {index}"
                if step.ended is None:
                    view = game.view(seat)
                    assert step.view == view, where
                    assert drawn_faces(root) == view_faces(view), where
                    seen = {face(cid) for cid in watch.ever(seat)} | set(view.hand)
                else:  # the round's end: what was seen before the last action, its cards, every hand left
                    left = Counter(card for hand in step.ended.hands for card in hand)
                    assert drawn_faces(root) == view_faces(step.view) + left, where
                    seen = before | set(view_faces(step.view)) | set(left)
                # the news the view tells is public (the last claim's card, which lay face up)
                seen |= named_faces(" ".join(str(field.value) for field in shown_fields(step.view) if field.news))
                entry = data["steps"][index]
                named = named_faces(" ".join([words(root), entry["text"], entry.get("note", "")]))
                assert named <= seen, f"{where}: {named - seen}"


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


# -- round ends, seeds, refusals, the page's template (issues 24 and 28) ---------------------------


def test_an_action_that_ends_a_round_shows_the_rounds_end_before_the_next_deal() -> None:
    game = two_rounds("railroad-rummy", 3, 5)
    record = game.record
    steps = replay_steps(record, seat=1).steps
    ends = [step for step in steps if step.ended is not None]
    assert [end.ended.result for end in ends if end.ended is not None] == list(game.history)
    data = page_data(replay_html(record, seat=1))
    for end in ends:
        assert end.ended is not None
        result = end.ended.result
        # RR-30: each seat adds the points of the cards left in its hand; the seat that went out, 0
        assert result.scores == tuple(sum(map(card_points, hand)) for hand in end.ended.hands)
        assert result.went_out is None or not end.ended.hands[result.went_out]
        # the seat's own view at the end: the final table, its own cards left, the round not yet over
        assert end.view.round == result.round and Counter(end.view.hand) == Counter(end.ended.hands[1])
        assert end.note.startswith(
            f"Round {result.round} is over: {result.reason}. Scores: seat 0 {result.scores[0]:+d}"
        )
        frame = words(frame_markup(data, end.index))
        assert f"Round {result.round} is over" in frame and "cards left, laid face up to be scored" in frame
        assert all(f"{score:+d}" in frame for score in result.scores)
        if end is not ends[-1]:  # the next step is the next round's deal, as the game dealt it
            deal = steps[end.index + 1]
            assert (deal.kind, deal.action, deal.round) == ("deal", end.action, result.round + 1)
            assert deal.text.startswith(f"Round {result.round + 1} is dealt by seat ")
            assert deal.view == rummykit.replay(record, upto=end.action).view(1)
    assert ends[-1] is steps[-1] and "The game is over" in ends[-1].note  # the last round ends the game


def test_a_page_title_never_pulls_in_the_pages_own_parts() -> None:
    """Issue 24: every slot of the page is filled in one pass, so a title that reads like a slot stays
    text (``@BUTTONS@`` duplicated the controls and their ids)."""
    record = record_of("rummy", 2, 1, 4)
    title = "@BUTTONS@ @DATA@ @SCRIPT@ @TITLE@"
    page = replay_html(record, title=title)
    assert f"<h1>{title}</h1>" in page and f"<title>{title} · the spectator's view</title>" in page
    for unique in ('id="first"', 'id="slider"', 'id="rk-data"', "JSON.parse"):
        assert page.count(unique) == 1, unique


def test_a_page_holds_the_seed_only_when_asked_for_on_the_spectators_page() -> None:
    seed = 918_273_645
    game = rummykit.new_game("railroad-rummy", players=3, seed=seed)
    for _ in range(12):
        game.apply(game.legal_actions(game.to_act[0])[0])
    for seat in (None, 0, 1, 2):
        page = replay_html(game.record, seat=seat)
        assert str(seed) not in page and "seed" not in page.split("<svg", 1)[0]
    shown = replay_html(game.record, show_seed=True)
    assert f"<h1>RailRoad Rummy, 3 players, seed {seed}</h1>" in shown
    with pytest.raises(InvalidOptionError, match="only on the spectator's page"):
        replay_html(game.record, seat=1, show_seed=True)


def test_a_refusal_of_another_seats_action_tells_nothing_of_its_hand() -> None:
    """The reason of a refusal may name a card a hand does not hold (G-7): on another seat's page the
    refused action is shown without its cards, its rule or its reason."""
    record = record_of("railroad-rummy", 3, 1, 20)
    at = next(index for index, action in enumerate(record.actions) if isinstance(action, rummykit.Discard))
    seat = record.actions[at].seat
    game = rummykit.replay(record, upto=at)
    other = (seat + 1) % 3
    card = next(card for card in game.hand(other) if card not in game.hand(seat))  # in another hand
    bad = _with_bad_action(record, at, {"type": "discard", "seat": seat, "card": str(card)})
    own = replay_steps(bad, seat=seat).steps[-1]
    assert own.refusal is not None and own.refusal.rule == "G-7" and str(card) in own.refusal.reason
    for viewer in (None, other, (seat + 2) % 3):
        refused = replay_steps(bad, seat=viewer).steps[-1]
        assert refused.kind == "refused" and refused.refusal is not None and refused.refusal.rule == ""
        told = " ".join([refused.text, refused.refusal.reason, refused.refusal.title, refused.refusal.text])
        assert str(card) not in told and "G-7" not in told and "hold" not in told
        assert refused.text == f"seat {seat}'s next action in the record is refused by the rules"
        page = replay_html(bad, seat=viewer)
        assert f'"{card}"' not in page and "does not hold" not in page


@pytest.mark.parametrize(("variant", "rules"), [("gin-rummy", {"GIN-20"}), ("railroad-canasta", {"RC-12", "RC-31"})])
def test_a_rounds_end_shows_each_seats_score_lines_with_their_rules_and_deadwood(variant: str, rules: set[str]) -> None:
    # Issue 36, finding 1: the round's end gave each seat's cards left and score, not where the score came
    # from (the knock's deadwood, an undercut, a canasta's bonus, the red 3s) nor under which rule.
    game = two_rounds(variant, 2, 16)
    data = page_data(replay_html(game.record, seat=0))
    ends = [step for step in replay_steps(game.record, seat=0).steps if step.ended is not None]
    for end in ends:
        assert end.ended is not None
        frame = words(frame_markup(data, end.index))
        seats = end.ended.result.seats
        assert rules <= {item.rule for seat in seats for item in seat.items}
        for seat in seats:
            if seat.deadwood is not None:
                assert f"deadwood {seat.deadwood}" in frame
            for item in seat.items:
                assert item.rule in frame and item.what in frame and f"{item.points:+d}" in frame
