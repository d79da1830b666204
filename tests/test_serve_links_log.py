"""The game server's seats, links and log (issue 36: finding 4, "Seats and links"; finding 5, "A log
people read"; "Any installed variant at the table"), through Starlette's test client: every page is
told which seats are played; the log is the whole game's, numbered from its start, a page at a time,
a claim told with its winner and HMG spelled out where it is first used, an open claim window's
declarations still sealed; the variants' options are given with what a form needs to offer them; the
server has an icon; a restart names the games it brought back; and a variant from a plug-in that is
not rummykit's own (the Shanghai example, registered for the process) is offered, played and replayed
like a built-in one, and a game of it waits in the storage while it is not installed, the server
starting without it. The pages themselves: tests/test_serve_links_browser.py."""

from __future__ import annotations

import importlib
import json
import logging
import random
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Final

import attrs
import pytest

pytest.importorskip("starlette", reason="the serve extra is not installed (pip install -e '.[serve]')")
pytest.importorskip("httpx2", reason="the serve extra is not installed (pip install -e '.[serve]')")

from starlette.testclient import TestClient

import rummykit
from rummykit.core.plugins import make_bot, register_variant, unregister_variant
from rummykit.documents.serialize import load_record
from rummykit.serve.journal import LOG_PAGE, Journal, replayed
from rummykit.serve.messages import log_fields, message_text, seat_state
from rummykit.serve.tables import Listener
from rummykit_variants.railroad_rummy import Claim
from rummykit_variants.railroad_rummy.plugin import SPEC, RailroadRummy
from tests.serve_support import Seat, choice, create, server, table_of, tables, token_of, tokens

HMG: Final = dict(rummykit.variant_spec("railroad-rummy").glossary)["HMG"]
"""RailRoad Rummy's own words for an HMG, from its declaration."""

BOUND: Final = 60.0
"""How long the server's bots may take to finish a game (seconds): a bound for a stuck test, never a measure."""


def wait_until(done: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + BOUND
    while not done():
        assert time.monotonic() < deadline, f"waited {BOUND:g} s for {what}"
        time.sleep(0.01)


def bots_game(client: TestClient, variant: str, **options: Any) -> tuple[str, rummykit.Game]:
    """A game of bots alone played to its end by the server; its spectators' token and the game."""
    answer = create(client, variant, ["random", "random"], options=options)
    token = token_of(answer["spectators"])
    game = table_of(client, token).game
    wait_until(lambda: table_of(client, token).game.is_over, "the bots to finish")
    return token, game


def next_of(seat: Seat, kind: str) -> dict[str, Any]:
    """The next message of ``kind`` a page is sent (the others before it skipped)."""
    while True:
        message = seat.receive()
        if message["type"] == kind:
            return message
        assert message["type"] != "error" or kind == "error", message


def state_at(seat: Seat, at: int) -> dict[str, Any]:
    """The page's state after the game's action ``at``."""
    while True:
        state = seat.state()
        if state["at"] >= at:
            assert state["at"] == at
            return state


# -- finding 4: who is at the table -------------------------------------------------------------------------


def test_every_page_is_told_which_seats_are_played_as_pages_open_and_close() -> None:
    with server() as client:
        answer = create(client, "rummy", [None, None, "random"])
        people = tokens(answer)
        with Seat(client, token_of(answer["spectators"])) as spectator:
            assert spectator.state()["connected"] == [2]  # a bot's seat is always played; nobody's page is open
            first = Seat(client, people[0])
            assert first.state()["connected"] == [0, 2]
            assert next_of(spectator, "connected")["seats"] == [0, 2]
            with Seat(client, people[0]) as again:  # a second page of the same seat: nothing new to tell
                assert again.state()["connected"] == [0, 2]
                with Seat(client, people[1]) as second:
                    assert second.state()["connected"] == [0, 1, 2]
                    assert next_of(spectator, "connected")["seats"] == [0, 1, 2]
                    assert next_of(first, "connected")["seats"] == [0, 1, 2]
                assert next_of(spectator, "connected")["seats"] == [0, 2]
            first.close()  # the seat's last page closes
            assert next_of(spectator, "connected")["seats"] == [2]


# -- finding 5: the whole game's log, numbered from its start, a page at a time ------------------------------


def test_the_log_is_the_whole_games_numbered_from_its_start_and_read_a_page_at_a_time() -> None:
    with server() as client:
        token, game = bots_game(client, "rummy", max_rounds=2, target=100_000)  # two rounds, whatever round 1 scores
        actions = game.record.actions
        assert len(game.history) == 2 and len(actions) > 2 * LOG_PAGE  # more than a state's page, of two rounds
        with Seat(client, token) as spectator:
            state = spectator.state()
            shown = state["log"]
            assert [entry["number"] for entry in shown] == list(range(len(actions) - LOG_PAGE + 1, len(actions) + 1))
            assert state["log_older"]
            while shown[0]["number"] > 1:
                spectator.send({"type": "log", "before": shown[0]["number"]})
                page = next_of(spectator, "log")
                assert len(page["entries"]) <= LOG_PAGE and page["older"] == (page["entries"][0]["number"] > 1)
                shown = page["entries"] + shown
        assert [entry["number"] for entry in shown] == list(range(1, len(actions) + 1))
        assert [entry["text"] for entry in shown] == [f"seat {a.seat}: {a.describe()}" for a in actions]
        rounds = [entry["round"] for entry in shown]
        assert rounds[0] == 1 and rounds[-1] == 2 and rounds == sorted(rounds)
        # the first round's last action ended it: the game's history says at which action
        ended = next(entry for entry in shown if entry["round"] == 2)["number"] - 1
        assert ended == sum(1 for entry in shown if entry["round"] == 1)


@pytest.mark.parametrize("before", [0, -3, "40", None, 2.5])
def test_a_bad_request_for_a_page_of_the_log_is_refused_and_changes_nothing(before: Any) -> None:
    with server() as client:
        answer = create(client, "rummy", [None, None])
        pages = [Seat(client, token) for token in tokens(answer)]
        try:
            states = [page.state() for page in pages]
            turn = next(seat for seat, state in enumerate(states) if state["legal"])
            pages[turn].send({"type": "log", "before": before})
            refused = next_of(pages[turn], "error")
            assert "'before'" in refused["message"]
            assert table_of(client, tokens(answer)[0]).at == 0
            answered = pages[turn].act(states[turn]["legal"][0], 0)
            assert answered["type"] == "accepted"  # the page goes on as before
        finally:
            for page in pages:
                page.close()


def railroad_claim(client: TestClient) -> tuple[list[Seat], Seat, int, rummykit.Game]:
    """A game of RailRoad Rummy for three people: the turn player has drawn from the draw pile, and
    the next seat has claimed the top discard with an HMG; the claim window is still open. Its pages
    (every seat's, and a spectator's), the turn player's seat, and the server's game."""
    answer = create(client, "railroad-rummy", [None, None, None])
    pages = [Seat(client, token) for token in tokens(answer)]
    spectator = Seat(client, token_of(answer["spectators"]))
    states = [page.state() for page in pages]
    spectator.state()
    turn = next(seat for seat, state in enumerate(states) if state["legal"])
    draw = next(entry for entry in states[turn]["legal"] if entry["text"] == "draw from the stock")
    assert pages[turn].act(draw, 0)["type"] == "accepted"
    claimant = (turn + 1) % 3
    claiming = state_at(pages[claimant], 1)
    hmg = next(entry for entry in claiming["legal"] if entry["text"] == "claim the top discard with an HMG")
    assert pages[claimant].act(hmg, 1)["type"] == "accepted"
    return pages, spectator, turn, table_of(client, tokens(answer)[0]).game


def test_an_open_claim_windows_declarations_stay_out_of_the_other_seats_logs() -> None:
    """RR-C1: while a claim window is open, a declaration is told to its own seat alone."""
    with server() as client:
        pages, spectator, turn, _ = railroad_claim(client)
        claimant, other = (turn + 1) % 3, (turn + 2) % 3
        try:
            for page in (*pages, spectator):
                state_at(page, 2)
            assert [entry["number"] for entry in pages[claimant].latest_log()] == [1, 2]
            assert [entry["number"] for entry in pages[other].latest_log()] == [1]
            assert [entry["number"] for entry in spectator.latest_log()] == [1]
            assert "HMG" not in pages[turn].glossary  # nor its words
        finally:
            for page in (*pages, spectator):
                page.close()


def test_a_claim_is_told_with_its_winner_and_hmg_is_spelled_out_where_first_used() -> None:
    with server() as client:
        pages, spectator, turn, game = railroad_claim(client)
        claimant, other = (turn + 1) % 3, (turn + 2) % 3
        try:
            passing = state_at(pages[other], 2)
            declined = next(entry for entry in passing["legal"] if entry["text"] == "pass on the top discard")
            assert pages[other].act(declined, 2)["type"] == "accepted"
            told = state_at(spectator, 3)
            assert [entry["number"] for entry in told["log"]] == [2, 3]  # the claim, told once its window closed
            card = game.view(None).last_claim.card  # type: ignore[attr-defined]
            claim, closing = spectator.latest_log()[1:]
            assert claim["text"] == f"seat {claimant}: claim the top discard with an HMG (HMG: {HMG})"
            assert closing["text"] == f"seat {other}: pass on the top discard"
            assert len(closing["news"]) == 1
            assert closing["news"][0].startswith(f"last claim: seat {claimant} took the {card} with an HMG")
            assert told["glossary"]["HMG"] == HMG
            state_at(pages[claimant], 3)
            mine = pages[claimant].latest_log()
            assert mine[1]["text"].startswith("you: claim the top discard with an HMG (HMG: ")
        finally:
            for page in (*pages, spectator):
                page.close()


def test_the_log_spells_an_abbreviation_out_in_the_variants_own_words_else_by_the_rule_that_names_it() -> None:
    """The words come from the variant's declaration (`VariantSpec.glossary`), not the server's: a
    plug-in that declares other words for HMG is told with those; one that declares none is told by
    the rule whose title names HMG (RR-16, "HMG priority")."""

    class Worded(RailroadRummy):
        spec = attrs.evolve(SPEC, name="railroad-worded", glossary={"HMG": "Hold Me Gently, a claim's trump card"})

    class Unworded(RailroadRummy):
        spec = attrs.evolve(SPEC, name="railroad-unworded", glossary={})

    told: dict[str, str] = {}
    for name, plugin in (("railroad-worded", Worded()), ("railroad-unworded", Unworded())):
        register_variant(name, plugin)
        try:
            game = rummykit.new_game(name, players=3, seed=4)
            journal = Journal(game)
            turn = game.turn
            for action in (rummykit.Draw(seat=turn), Claim(seat=(turn + 1) % 3, hmg=True)):
                game.apply(action)
                journal.add(game, action, round_number=1)
            assert journal.first_use == {"HMG": 2}
            told[name] = journal.explained["HMG"]
        finally:
            unregister_variant(name)
    assert told["railroad-worded"] == "Hold Me Gently, a claim's trump card"
    rule = next(rule for rule in SPEC.rules if "HMG" in rule.title)
    assert told["railroad-unworded"].startswith(f"see rule {rule.id}, {rule.title}: ")


def test_an_entry_told_again_is_told_as_a_fresh_journal_tells_it() -> None:
    """The journal keeps each entry as told (to the seat that played it, and to the others): told again
    as the game goes on, to any seat, an entry reads as a journal rebuilt from the record tells it."""
    game = rummykit.new_game("railroad-rummy", players=3, seed=4)
    journal = Journal(game)
    bots = [make_bot("heuristic", "railroad-rummy", seed=seat) for seat in range(3)]
    for _ in range(4):
        for _ in range(15):
            seat = game.to_act[0]
            action = bots[seat].choose(game.view(seat), game.legal_actions(seat))
            number = game.round
            game.apply(action)
            journal.add(game, action, round_number=number)
        fresh = replayed(game.record)[1]
        for told in (None, 0, 1, 2):
            assert journal.told(game, told) == fresh.told(game, told)
    assert journal.told(game, 0) != journal.told(game, 1)  # "you: …" for each seat's own actions


class _Nowhere:
    """A page's connection that is never written to (the test takes the messages itself)."""

    async def send_text(self, text: str) -> None:
        raise AssertionError("not sent here")

    async def close(self, code: int) -> None:
        raise AssertionError("not closed here")


def _played(game: rummykit.Game, journal: Journal, bots: list[Any]) -> None:
    """The next action of ``game``, its acting seat's bot's, played and added to ``journal``."""
    seat = game.to_act[0]
    action = bots[seat].choose(game.view(seat), game.legal_actions(seat))
    number = game.round
    game.apply(action)
    journal.add(game, action, round_number=number)


def _put_state(game: rummykit.Game, journal: Journal, page: Listener) -> None:
    """The state message of ``page``'s seat now, with the log entries it has not been told, put to wait."""
    state = seat_state(game, page.seat, len(game.record.actions))
    page.put_state(message_text(state.fields), log_fields(game, state, journal, page.told))


@pytest.mark.parametrize("variant", ["railroad-rummy", "rummy"])
def test_a_page_told_only_the_entries_it_has_not_been_told_keeps_the_log_a_page_opened_anew_is_told(
    variant: str,
) -> None:
    """After a page's first state, each state tells it only the log's entries it has not been told;
    a state that waits for the page is replaced by the next with its entries kept. A page that adds
    each state's entries to those it keeps, by number, holds after every action what a page opened
    then is told: the latest LOG_PAGE entries its seat may know (Journal.page), each told once, with the
    same ``log_older``. RailRoad Rummy's sealed declarations (RR-C1) are told to the other seats once
    their window closes, after entries numbered above them (a seat's own, of four players); two rounds,
    so that a round's end is told too."""
    game = rummykit.new_game(variant, players=4, seed=7, options={"max_rounds": 2})
    journal = Journal(game)
    bots = [make_bot("heuristic", variant, seed=seat) for seat in range(4)]
    rng = random.Random(5)
    pages = [Listener(_Nowhere(), seat, pictures=False) for seat in (0, 1, 2, 3, None)]
    kept: list[dict[int, dict[str, Any]]] = [{} for _ in pages]
    late = 0  # entries told after an entry numbered above them

    def read(index: int) -> None:
        nonlocal late
        while pages[index].outbox:
            message = json.loads(pages[index].take())
            for entry in message["log"]:
                assert entry["number"] not in kept[index], f"entry {entry['number']} told twice"
                late += bool(kept[index]) and entry["number"] < max(kept[index])
                kept[index][entry["number"]] = entry
            view = game.view(pages[index].seat)
            page, older = journal.page(game, view)
            assert [kept[index][number] for number in sorted(kept[index])[-LOG_PAGE:]] == page
            assert message["log_older"] == older

    for index, page in enumerate(pages):
        _put_state(game, journal, page)
        read(index)
    while not game.is_over:
        _played(game, journal, bots)
        for index, page in enumerate(pages):
            _put_state(game, journal, page)
            if rng.random() < 0.6:  # else the state waits, and the next one replaces it
                read(index)
    for index in range(len(pages)):
        read(index)
    assert len(game.history) == 2 and len(game.record.actions) > LOG_PAGE
    assert late > 0 if variant == "railroad-rummy" else late == 0


def test_a_state_waiting_for_a_stalled_page_holds_at_most_the_latest_page_of_the_log() -> None:
    """A spectator's page that reads nothing while a game of two rounds is played has one state waiting, whose log is
    the latest LOG_PAGE entries it may know, each once, with Journal.page's ``log_older``: what a page keeps,
    not every entry the actions added."""
    game = rummykit.new_game("railroad-rummy", players=4, seed=7, options={"max_rounds": 2})
    journal = Journal(game)
    bots = [make_bot("heuristic", "railroad-rummy", seed=seat) for seat in range(4)]
    page = Listener(_Nowhere(), None, pictures=False)
    _put_state(game, journal, page)
    page.take()
    while not game.is_over:
        _played(game, journal, bots)
        _put_state(game, journal, page)
    assert len(page.outbox) == 1
    message = json.loads(page.take())
    latest, older = journal.page(game, game.view(None))
    assert sorted(message["log"], key=lambda entry: entry["number"]) == latest
    assert len(latest) == LOG_PAGE and message["log_older"] == older is True


def test_a_page_being_closed_keeps_the_messages_waiting_for_it_and_takes_no_more() -> None:
    """A page told to close (the game expired) is sent what waited, then the error, then closed: a state or a
    connected message put after that is not taken, and does not drop the ones waiting."""
    game = rummykit.new_game("rummy", players=2, seed=3)
    journal = Journal(game)
    page = Listener(_Nowhere(), 0, pictures=False)
    state = seat_state(game, 0, 0)
    page.put_state(message_text(state.fields), log_fields(game, state, journal, page.told))
    page.put("connected", message_text({"type": "connected", "seats": [0]}))
    page.end("the game has expired", 1001)
    page.put_state(message_text(state.fields), log_fields(game, state, journal, page.told))
    page.put("connected", message_text({"type": "connected", "seats": []}))
    kinds = [json.loads(page.take())["type"] for _ in range(len(page.outbox))]
    assert kinds == ["state", "connected", "error"]


# -- finding 5: options a form can offer, an icon, a restart that names its games -----------------------------


def test_each_option_is_given_with_its_type_bounds_and_choices() -> None:
    with server() as client:
        variants = {variant["name"]: variant for variant in client.get("/api/variants").json()}
    gin = {option["name"]: option for option in variants["gin-rummy"]["options"]}
    assert gin["oklahoma"] == {
        "name": "oklahoma",
        "type": "bool",
        "default": False,
        "help": "GIN-25: the first up-card's value is the knock card",
        "minimum": None,
        "maximum": None,
        "choices": None,
        "optional": False,
    }
    assert (gin["knock_test"]["type"], gin["knock_test"]["choices"]) == ("str", ["openspiel", "exact"])
    hmg = {option["name"]: option for option in variants["railroad-rummy"]["options"]}["hmg_per_player"]
    assert (hmg["type"], hmg["minimum"], hmg["default"]) == ("int", 0, 3)
    spec = rummykit.variant_spec("gin-rummy")
    assert set(gin) >= {option.name for option in spec.options}


def test_the_server_has_an_icon() -> None:
    with server() as client:
        for path in ("/favicon.ico", "/static/icon.svg"):
            icon = client.get(path)
            assert icon.status_code == 200, path
            assert icon.headers["content-type"].startswith("image/svg+xml")
            assert icon.text.startswith("<svg")
        page = client.get("/play").text
        assert '<link rel="icon" href="/static/icon.svg"' in page


def test_a_restarted_server_names_the_games_it_brought_back(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    database = str(tmp_path / "games.sqlite3")
    with server(database=database) as client:
        games = {
            variant: table_of(client, tokens(create(client, variant, [None, None]))[0]).id
            for variant in ("rummy", "gin-rummy")
        }
    with caplog.at_level(logging.INFO, logger="rummykit.serve"), server(database=database):
        pass
    told = [record.getMessage() for record in caplog.records if "brought back" in record.getMessage()]
    assert len(told) == 1
    assert told[0].startswith("brought back 2 unfinished games: ")
    for variant, game_id in games.items():
        assert f"{game_id} ({variant}, 0 actions)" in told[0]


# -- any installed variant at the table -----------------------------------------------------------------------

SHANGHAI: Final = Path(__file__).resolve().parents[1] / "examples" / "shanghai" / "src"
"""The source of the example plug-in of a third party (Shanghai), not installed with rummykit."""
PLUGINS_REGISTERED: dict[str, Any] = {}
"""The plug-ins the `shanghai` fixture has registered for the process, by name."""


@pytest.fixture
def shanghai() -> Iterator[str]:
    """The Shanghai example, imported from its source and registered for the process (as an
    installed plug-in is found by its entry point), and only while the test runs."""
    if "shanghai" in rummykit.available_variants():  # installed beside rummykit: it is there already
        yield "shanghai"
        return
    sys.path.insert(0, str(SHANGHAI))
    try:
        plugin = importlib.import_module("rummykit_shanghai.plugin").Shanghai()
        register_variant("shanghai", plugin)
        PLUGINS_REGISTERED["shanghai"] = plugin
        try:
            yield "shanghai"
        finally:
            del PLUGINS_REGISTERED["shanghai"]
            unregister_variant("shanghai")
    finally:
        sys.path.remove(str(SHANGHAI))
        for name in [name for name in sys.modules if name.split(".")[0] == "rummykit_shanghai"]:
            del sys.modules[name]


def test_a_third_party_variant_is_offered_played_and_replayed_like_a_built_in_one(shanghai: str) -> None:
    with server(share_records=True) as client:
        offered = {variant["name"]: variant for variant in client.get("/api/variants").json()}
        assert shanghai in offered
        assert offered[shanghai]["title"] == "Shanghai"
        assert "heuristic" in offered[shanghai]["bots"]
        assert [option["name"] for option in offered[shanghai]["options"]][-1] == "rounds"
        # the server deals from a seed of its own: the turn cap (G-1) bounds a round that would run long
        answer = create(client, shanghai, [None, "heuristic"], options={"max_rounds": 1, "max_turns_per_round": 40})
        person = tokens(answer)[0]
        bot = make_bot("heuristic", shanghai, seed=5)
        with Seat(client, person, pictures=True) as page:
            state = page.state()
            assert state["title"] == "Shanghai" and state["picture"].startswith("<svg")
            while not state["over"]:
                if state["legal"]:
                    answered = page.act(choice(bot, state), state["at"])
                    assert answered["type"] == "accepted", answered
                state = page.state()
            assert state["round_end"] is not None and page.latest_log()[-1]["number"] == state["at"]
        game = table_of(client, person).game
        record = client.post("/api/record", headers={"Authorization": f"Bearer {person}"})
        assert record.status_code == 200
        assert load_record(record.json()) == game.record
        replay = client.post("/api/replay", headers={"Authorization": f"Bearer {person}"})
        assert replay.status_code == 200
        assert "Shanghai" in replay.text and "seat 0's view" in replay.text


def test_a_game_whose_variant_is_no_longer_installed_waits_in_the_storage_and_the_server_starts(
    shanghai: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    if shanghai not in PLUGINS_REGISTERED:
        pytest.skip("Shanghai is installed beside rummykit: it cannot be taken away for the test")
    database = str(tmp_path / "games.sqlite3")
    with server(database=database) as client:
        gone = table_of(client, tokens(create(client, shanghai, [None, None]))[0]).id
        kept = tokens(create(client, "rummy", [None, None]))[0]
    unregister_variant(shanghai)  # the plug-in is uninstalled
    try:
        with caplog.at_level(logging.INFO, logger="rummykit.serve"), server(database=database) as client:
            assert table_of(client, kept).game.variant == "rummy"  # the server starts, with the others
            assert gone not in tables(client).tables
        told = [record.getMessage() for record in caplog.records]
        assert any(f"cannot bring back game {gone}" in text and "'shanghai'" in text for text in told), told
    finally:
        register_variant(shanghai, PLUGINS_REGISTERED[shanghai])  # and installed again
    with server(database=database) as client:
        assert tables(client).tables[gone].game.variant == shanghai  # it was kept: it is back
