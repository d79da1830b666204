"""The game server (issue 29, ``rummykit serve``), through Starlette's test client, without a network:
games are created and joined by token, played to their end with bots, and stored; what each seat is
sent is made from its view alone (exchanging two cards hidden from it changes no message it gets);
a bad message, a wrong token or a foreign page changes nothing. The server in a real process, killed
and restarted: tests/test_serve_process.py; in a real browser: tests/test_serve_browser.py."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the serve extra is not installed (pip install -e '.[serve]')")
pytest.importorskip("httpx2", reason="the serve extra is not installed (pip install -e '.[serve]')")

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

import rummykit
from rummykit.core.cards import card_id_text, face
from rummykit.core.plugins import make_bot
from rummykit.documents.serialize import load_record, view_to_data
from rummykit.serve.journal import Journal
from rummykit.serve.messages import MAX_MESSAGE_BYTES, seat_message
from rummykit.serve.storage import SqliteStorage
from rummykit.testing.visibility import RoundWatch, card_lists, hidden_places
from tests.serve_support import HOST, Seat, choice, create, server, table_of, tables, token_of, tokens
from tests.sizes import examples, variant_params

VARIANTS = rummykit.available_variants()


def test_a_created_game_gives_each_person_a_secret_link_and_the_spectators_one() -> None:
    with server() as client:
        answer = create(client, "railroad-rummy", [None, "heuristic", None])
        seats = answer["seats"]
        assert [seat["bot"] for seat in seats] == [None, "heuristic", None]
        assert seats[1]["link"] is None
        links = [seats[0]["link"], seats[2]["link"], answer["spectators"]]
        assert all(link.startswith(f"http://{HOST}/play#") for link in links)
        assert len({token_of(link) for link in links}) == 3
        assert all(len(token_of(link)) >= 43 for link in links)  # 32 random bytes, as token_urlsafe writes them
        game = table_of(client, token_of(links[0])).game
        assert (game.variant, game.players) == ("railroad-rummy", 3)


@pytest.mark.parametrize(
    ("request_body", "problem"),
    [
        ({"variant": "gin", "seats": [None, None]}, "unknown variant 'gin'"),
        ({"variant": "rummy", "seats": [None]}, "2"),
        ({"variant": "rummy", "seats": [None] * 5}, "at most 4 players"),
        ({"variant": "rummy", "seats": [None, "grandmaster"]}, "no bot 'grandmaster'"),
        ({"variant": "rummy", "seats": [None, 3]}, "'seats' lists each seat"),
        ({"variant": "rummy", "seats": [None, None], "options": {"max_rounds": "many"}}, "max_rounds"),
        ({"variant": "rummy", "seats": [None, None], "house_rules": ["no-such-rule"]}, "no-such-rule"),
        ({"variant": "rummy", "seats": [None, None], "seed": 7}, "unknown field 'seed'"),
        ([1, 2], "an object"),
    ],
)
def test_a_bad_request_for_a_game_is_refused_with_its_reason(request_body: Any, problem: str) -> None:
    with server() as client:
        response = client.post("/api/games", json=request_body)
        assert response.status_code == 400
        assert problem in response.json()["error"]
        assert not tables(client).tables


def test_a_request_too_large_or_not_json_is_refused() -> None:
    with server() as client:
        big = json.dumps({"variant": "rummy", "seats": [None, None], "options": {"x": "y" * MAX_MESSAGE_BYTES}})
        assert client.post("/api/games", content=big).status_code == 400
        assert client.post("/api/games", content=b"[" * 5000).status_code == 400
        assert not tables(client).tables


def test_a_seat_joins_by_its_token_and_is_sent_its_own_view() -> None:
    with server() as client:
        answer = create(client, "rummy", [None, None])
        first, second = tokens(answer)
        game = table_of(client, first).game
        with Seat(client, second) as seat:
            message = seat.state()
        assert message["seat"] == 1
        assert message["view"] == view_to_data(game.view(1))
        assert message["at"] == 0
        legal = [entry["text"] for entry in message["legal"]]
        assert legal == ([action.describe() for action in game.legal_actions(1)] if 1 in game.to_act else [])
        with Seat(client, token_of(answer["spectators"])) as spectator:
            watched = spectator.state()
        assert watched["seat"] is None
        assert watched["view"]["hand"] == []
        assert watched["legal"] == []


def test_each_legal_action_says_where_on_the_table_it_goes() -> None:
    """Issue 36, finding 3: a page makes the stock, the discard pile, the table and each table meld a
    click target, from each legal action's ``target``: a draw goes to the stock, taking the top discard
    and discarding to the discard pile, going down to the table, a lay-off to the meld it names."""
    game = rummykit.new_game("rummy", players=2, seed=1)
    seat = game.to_act[0]
    first = seat_message(game, seat, 0)["legal"]
    assert [(entry["kind"], entry["target"]) for entry in first] == [("draw", "stock"), ("take-discard", "discard")]
    game.apply(game.legal_actions(seat)[0])  # the seat draws: two melds in hand, 4S 5S 6S and 7D 7H 7S
    going_down = next(action for action in game.legal_actions(seat) if action.kind == "go-down")
    game.apply(going_down)
    message = seat_message(game, seat, 2)
    for entry in message["legal"]:
        expected = {"discard": "discard", "go-down": "table"}.get(entry["kind"], entry["action"].get("meld"))
        assert entry["target"] == expected, entry
    laying_off = [entry for entry in message["legal"] if entry["kind"] == "lay-off"]
    assert laying_off and all(entry["target"] == entry["action"]["meld"] for entry in laying_off)
    assert {entry["target"] for entry in laying_off} <= set(range(len(message["view"]["table"])))


def play_to_the_end(client: Any, token: str, seed: int) -> tuple[dict[str, Any], int]:
    """Play a person's seat with a heuristic bot that knows only the seat's messages, to the game's end;
    the last state and how many actions were acknowledged."""
    bot = make_bot("heuristic", "rummy", seed=seed)
    acknowledged = 0
    with Seat(client, token) as seat:
        message = seat.state()
        while not message["over"]:
            ended = message["round_end"]
            if ended and 0 in ended["waiting"]:  # a round's end on screen: ready for the next deal
                seat.send({"type": "ready", "round": ended["round"]})
            elif message["legal"]:
                answer = seat.act(choice(bot, message), message["at"])
                assert answer["type"] == "accepted", answer
                acknowledged += 1
            message = seat.state()
    return message, acknowledged


def test_a_two_player_game_with_a_bot_is_played_to_its_end_stored_and_downloaded(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    with server(database=str(database), share_records=True) as client:
        answer = create(client, "rummy", [None, "heuristic"], options={"max_rounds": 2})
        token = tokens(answer)[0]
        last, acknowledged = play_to_the_end(client, token, seed=1)
        game = table_of(client, token).game
        assert game.is_over and last["over"]
        assert last["winners"] == list(game.winners)
        assert last["at"] == len(game.record.actions)
        assert 0 < acknowledged < last["at"]  # the bot's actions are the others
        record = client.post("/api/record", headers={"Authorization": f"Bearer {token}"})
        assert record.status_code == 200
        assert load_record(record.text) == game.record
        replay = client.post("/api/replay", headers={"Authorization": f"Bearer {token}"})
        assert replay.status_code == 200
        assert replay.text.startswith("<!DOCTYPE html>")
        assert "seat 0's view" in replay.text
        game_id = table_of(client, token).id
    stored = SqliteStorage(database).load_game(game_id)
    assert stored is not None
    assert stored.finished
    assert [json.loads(action) for action in stored.actions] == json.loads(record.text)["actions"]


def test_a_seat_is_played_by_the_search_bot_at_a_level_chosen_from_those_the_server_offers() -> None:
    """Issue 37, levels where people choose opponents: the variants' listing gives each bot's levels, a
    seat of ``search:1`` is played by the search bot at level 1, and a level it does not have, a level
    for a bot that has none, or one that is no number is refused by seat, creating nothing."""
    with server() as client:
        offered = {variant["name"]: variant for variant in client.get("/api/variants").json()}
        assert offered["gin-rummy"]["bot_levels"] == {"search": [1, 2, 3, 4, 5]}
        assert all("heuristic" not in variant["bot_levels"] for variant in offered.values())
        token = tokens(create(client, "gin-rummy", [None, "search:1"]))[0]
        bot = table_of(client, token).bots[1]
        assert repr(bot).startswith("SearchBot(") and bot.level == 1  # type: ignore[attr-defined]
        before = len(tables(client).tables)
        for seats, words in (
            ([None, "search:9"], "seat 1: the search bot's levels are 1, 2, 3, 4, 5, not 9"),
            (["heuristic:2", None], "seat 0: the bot 'heuristic' of gin-rummy has no levels"),
            ([None, "search:two"], "seat 1: 'search:two': a bot's level is a whole number"),
            ([None, "genius:2"], "seat 1: gin-rummy has no bot 'genius'"),
        ):
            answer = client.post("/api/games", json={"variant": "gin-rummy", "seats": seats})
            assert answer.status_code == 400 and answer.json()["error"].startswith(words), answer.text
        assert len(tables(client).tables) == before


def test_a_finished_games_record_holding_its_seed_is_given_out_only_where_the_server_shares_records() -> None:
    """A record's seed rebuilds every hand and the stock's order: by default a seat gets only the replay
    page from its own seat, and its page offers no record."""
    with server() as client:
        token = tokens(create(client, "rummy", [None, "heuristic"], options={"max_rounds": 1}))[0]
        play_to_the_end(client, token, seed=2)
        assert table_of(client, token).game.is_over
        refused = client.post("/api/record", headers={"Authorization": f"Bearer {token}"})
        assert refused.status_code == 403 and "seed" in refused.json()["error"]
        assert "get-replay" in client.get("/play").text and "get-record" not in client.get("/play").text
        replay = client.post("/api/replay", headers={"Authorization": f"Bearer {token}"})
        assert replay.status_code == 200 and "seed" not in replay.text.lower()
    with server(share_records=True) as client:
        assert "get-record" in client.get("/play").text


def test_the_record_and_replay_wait_for_the_end_and_need_a_token() -> None:
    with server(share_records=True) as client:
        token = tokens(create(client, "rummy", [None, None]))[0]
        assert client.post("/api/record", headers={"Authorization": f"Bearer {token}"}).status_code == 409
        assert client.post("/api/replay", headers={"Authorization": f"Bearer {token}"}).status_code == 409
        assert client.post("/api/record", headers={"Authorization": "Bearer " + "x" * 43}).status_code == 403
        assert client.post("/api/record").status_code == 403


class Table:
    """Every seat of a game as a connected page, driven by the test: each seat's latest state."""

    def __init__(self, client: Any, seat_tokens: list[str], *, pictures: bool = False) -> None:
        self.seats = [Seat(client, token, pictures=pictures) for token in seat_tokens]
        self.states = [seat.state() for seat in self.seats]

    def catch_up(self, at: int) -> None:
        """Read each seat's states until the one after action ``at``."""
        for index, seat in enumerate(self.seats):
            while self.states[index]["at"] < at:
                self.states[index] = seat.state()
            assert self.states[index]["at"] == at

    def step(self, bots: list[rummykit.Bot]) -> int:
        """The first seat with a legal action plays the action its bot chooses; the number of actions after it."""
        index = next(i for i, state in enumerate(self.states) if state["legal"])
        state = self.states[index]
        answer = self.seats[index].act(choice(bots[index], state), state["at"])
        assert answer["type"] == "accepted", answer
        at: int = answer["at"]
        self.catch_up(at)
        return at

    def close(self) -> None:
        for seat in self.seats:
            seat.close()


def the_same_anew(state: dict[str, Any]) -> dict[str, Any]:
    """A state message but for what a page told again from the start is told otherwise: which seats
    had a page open when it was sent, and the log (a page's first state tells the latest page of it,
    the states after it only what the page has not been told)."""
    return {name: value for name, value in state.items() if name not in ("connected", "log", "log_older", "glossary")}


def test_a_restarted_server_brings_back_the_unfinished_games(tmp_path: Path) -> None:
    database = str(tmp_path / "games.sqlite3")
    bots = [make_bot("random", "railroad-rummy", seed=seed) for seed in (1, 2)]
    with server(database=database) as client:
        seats = tokens(create(client, "railroad-rummy", [None, None]))
        untouched = tokens(create(client, "rummy", [None, "random"]))[0]
        table = Table(client, seats)
        for _ in range(6):
            table.step(bots)
        before = table_of(client, seats[0]).game.record
        states = table.states
        logs = [seat.latest_log() for seat in table.seats]
        table.close()
    with server(database=database) as client:  # a new server on the same file
        assert len(tables(client).tables) == 2
        assert table_of(client, seats[0]).game.record == before
        table = Table(client, seats)
        assert [the_same_anew(state) for state in table.states] == [the_same_anew(state) for state in states]
        assert [seat.latest_log() for seat in table.seats] == logs
        table.step(bots)  # the game goes on
        table.close()
        assert table_of(client, untouched).game.to_act == (0,)  # its bot has played up to the person's turn


BAD_MESSAGES = [
    ("not JSON", "{"),
    ("too large", json.dumps({"type": "act", "action": {"type": "draw", "seat": 0, "x": "y" * MAX_MESSAGE_BYTES}})),
    ("nested too deep", "[" * 10_000),
    ("not an object", "[1, 2]"),
    ("no type", "{}"),
    ("an unknown type", json.dumps({"type": "cheat"})),
    ("an unknown field", json.dumps({"type": "act", "action": {"type": "draw", "seat": 0}, "seed": 1})),
    ("a second hello", json.dumps({"type": "hello", "token": "abc"})),
    ("an action that is a list", json.dumps({"type": "act", "action": []})),
    ("an unknown action", json.dumps({"type": "act", "action": {"type": "peek", "seat": 0}})),
    ("another seat's action", json.dumps({"type": "act", "action": {"type": "draw", "seat": 1}})),
    ("a seat of no game", json.dumps({"type": "act", "action": {"type": "draw", "seat": 10**30}})),
    ("a card not in the hand", json.dumps({"type": "act", "action": {"type": "discard", "seat": 0, "card": "ZZ"}})),
    ("a discard before drawing", json.dumps({"type": "act", "action": {"type": "discard", "seat": 0, "card": "AS"}})),
    ("a state to come", json.dumps({"type": "act", "action": {"type": "draw", "seat": 0}, "at": 5})),
    ("a negative count", json.dumps({"type": "act", "action": {"type": "draw", "seat": 0}, "at": -1})),
    ("a count that is text", json.dumps({"type": "act", "action": {"type": "draw", "seat": 0}, "at": "0"})),
    # JSON's escape of half a surrogate pair: no error quoting it could be written back
    (
        "a field named by half a surrogate pair",
        json.dumps({"type": "act", "action": {"type": "draw", "seat": 0, "x\ud800": 1}}),
    ),
    (
        "a card of half a surrogate pair",
        json.dumps({"type": "act", "action": {"type": "discard", "seat": 0, "card": "\udfff"}}),
    ),
]


@pytest.mark.parametrize(("what", "text"), BAD_MESSAGES, ids=[what for what, _ in BAD_MESSAGES])
def test_a_bad_message_gets_an_error_and_changes_nothing(tmp_path: Path, what: str, text: str) -> None:
    with server(database=str(tmp_path / "games.sqlite3")) as client:
        token, table = "", None
        while table is None or table.game.to_act != (0,):  # the first dealer is drawn: until seat 0 starts
            token = tokens(create(client, "rummy", [None, None]))[0]
            table = table_of(client, token)
        before = table.game.record
        with Seat(client, token) as seat:
            state = seat.state()
            seat.socket.send_text(text)
            answer = seat.receive()
            assert answer["type"] == "error", what
            assert answer["message"]
            assert table.game.record == before
            assert table.storage.load_game(table.id).actions == ()  # type: ignore[union-attr]
            # the page goes on: its next action is taken
            assert seat.act(state["legal"][0], state["at"])["type"] == "accepted"


def test_an_action_sent_twice_is_taken_once() -> None:
    with server() as client:
        seat_tokens = tokens(create(client, "rummy", [None, None]))
        game = table_of(client, seat_tokens[0]).game
        with Seat(client, seat_tokens[game.to_act[0]]) as page:
            state = page.state()
            entry = state["legal"][0]
            assert page.act(entry, state["at"])["type"] == "accepted"
            answer = page.act(entry, state["at"])  # pressed twice
            assert answer["type"] == "error"
            assert "has acted since that page's state" in answer["message"]
        assert len(game.record.actions) == 1


def test_a_claim_window_takes_each_seats_move_from_the_same_state() -> None:
    with server() as client:
        seat_tokens = tokens(create(client, "railroad-rummy", [None, None, None]))
        game = table_of(client, seat_tokens[0]).game
        pages = [Seat(client, token) for token in seat_tokens]
        states = [page.state() for page in pages]
        turn = game.to_act[0]
        draw = next(entry for entry in states[turn]["legal"] if entry["kind"] == "draw")
        assert pages[turn].act(draw, 0)["type"] == "accepted"  # the top discard is offered to the others
        others = [seat for seat in range(3) if seat != turn]
        assert set(game.to_act) == set(others)
        states = [page.state() for page in pages]
        claim = next(entry for entry in states[others[0]]["legal"] if entry["kind"] == "claim")
        passing = next(entry for entry in states[others[1]]["legal"] if entry["kind"] == "pass")
        assert pages[others[0]].act(claim, 1)["type"] == "accepted"
        assert pages[others[1]].act(passing, 1)["type"] == "accepted"  # from the same state: taken
        assert [action.kind for action in game.record.actions] == ["draw", "claim", "pass"]
        for page in pages:
            page.close()


def test_a_binary_message_gets_an_error_and_changes_nothing() -> None:
    with server() as client:
        token = tokens(create(client, "rummy", [None, None]))[0]
        before = table_of(client, token).game.record
        with Seat(client, token) as seat:
            seat.state()
            seat.socket.send_bytes(b'{"type": "act"}')
            assert seat.receive() == {"type": "error", "message": "a message is JSON text, not binary"}
        assert table_of(client, token).game.record == before


def test_a_spectator_may_not_act() -> None:
    with server() as client:
        answer = create(client, "rummy", [None, None])
        game = table_of(client, tokens(answer)[0]).game
        before = game.record
        with Seat(client, token_of(answer["spectators"])) as spectator:
            spectator.state()
            seat = game.to_act[0]
            spectator.send({"type": "act", "action": {"type": "draw", "seat": seat}})
            assert spectator.receive() == {"type": "error", "message": "a spectator does not act"}
        assert game.record == before


@pytest.mark.parametrize("token", ["x" * 43, "", "x" * 65, "a b"])
def test_a_wrong_token_is_refused_and_the_socket_closed(token: str) -> None:
    with server() as client:
        create(client, "rummy", [None, None])
        with Seat(client, token) as seat:
            answer = seat.receive()
            assert answer["type"] == "error"
            with pytest.raises(WebSocketDisconnect) as closed:
                seat.receive()
            assert closed.value.code == 1008


def test_a_hello_must_come_first() -> None:
    with server() as client:
        token = tokens(create(client, "rummy", [None, None]))[0]
        with client.websocket_connect("/ws") as socket:
            socket.send_text(json.dumps({"type": "act", "action": {"type": "draw", "seat": 0}}))
            assert socket.receive_json()["message"] == "the first message is a hello with the seat's token"
        with Seat(client, token) as seat:
            assert seat.state()["at"] == 0


def test_a_page_of_a_foreign_origin_is_refused() -> None:
    with server() as client:
        token = tokens(create(client, "rummy", [None, None]))[0]
        with pytest.raises(WebSocketDisconnect) as refused, Seat(client, token, origin="https://evil.example"):
            pass
        assert refused.value.code == 1008
        with Seat(client, token, origin=f"http://{HOST}") as seat:  # the server's own pages
            assert seat.state()["seat"] == 0
        foreign = {"origin": "https://evil.example"}
        response = client.post("/api/games", json={"variant": "rummy", "seats": [None, None]}, headers=foreign)
        assert response.status_code == 403
        assert client.post("/api/record", headers={**foreign, "Authorization": f"Bearer {token}"}).status_code == 403


def test_an_origin_allowed_by_the_settings_is_taken() -> None:
    with server(allowed_origins=["https://cards.example"]) as client:
        token = tokens(create(client, "rummy", [None, None]))[0]
        with Seat(client, token, origin="https://cards.example") as seat:
            assert seat.state()["seat"] == 0


def test_a_request_for_another_host_is_refused() -> None:
    with server() as client:  # against DNS rebinding: only the allowed host names
        assert client.get("/", headers={"host": "evil.example"}).status_code == 400
        assert client.get("/").status_code == 200


def test_the_pages_forbid_other_scripts_and_framing() -> None:
    with server() as client:
        for path in ("/", "/play"):
            response = client.get(path)
            policy = response.headers["content-security-policy"]
            assert "script-src 'self'" in policy
            assert "frame-ancestors 'none'" in policy
            assert response.headers["referrer-policy"] == "no-referrer"
        assert client.get("/static/play.js").status_code == 200
        assert client.get("/static/../app.py").status_code == 404
        variants = client.get("/api/variants").json()
        assert [variant["name"] for variant in variants] == list(VARIANTS)


# -- nothing hidden -----------------------------------------------------------------------------------------


def exchanged(game: rummykit.Game, first: tuple[str, int], second: tuple[str, int]) -> rummykit.Game:
    """A copy of ``game`` with two cards exchanged (written directly, as the leak checks do)."""
    other = game.copy()
    lists = dict(card_lists(other.state))
    (a, i), (b, j) = first, second
    lists[a][i], lists[b][j] = lists[b][j], lists[a][i]
    return other


def sent(game: rummykit.Game, observer: int | None, message: dict[str, Any], journal: Journal) -> Any:
    """The message the server makes for ``observer`` at ``message``'s point, from the server's log of the
    game (``journal``), as it reaches a page (JSON) that is told the log from the start (its ``log``: the
    latest page); the seats with a page open are the message's."""
    made = seat_message(
        game,
        observer,
        message["at"],
        pictures="picture" in message,
        journal=journal,
        connected=message["connected"],
    )
    return json.loads(json.dumps(made))


def as_shown(message: dict[str, Any], log: list[dict[str, Any]]) -> dict[str, Any]:
    """A state message as a page shows it, with ``log`` for its log: the latest page of the entries the
    page was told (and no glossary: the words of the message's own texts, checked apart)."""
    return {name: value for name, value in message.items() if name != "glossary"} | {"log": log}


def check_nothing_hidden(
    game: rummykit.Game,
    journal: Journal,
    watch: RoundWatch,
    observer: int | None,
    message: dict[str, Any],
    seat: Seat,
    rng: random.Random,
) -> None:
    """What ``observer`` was sent is the message of its view (its log: the page's latest, as a page
    told the log from the start is told it), and exchanging two cards hidden from it (of different
    faces) changes nothing in it; it names no seed, and its glossary is the words of its texts."""
    raw = seat.raw[-1]
    assert str(game.seed) not in raw
    assert "seed" not in raw
    shown = as_shown(message, seat.latest_log())
    made = sent(game, observer, message, journal)
    assert shown == as_shown(made, made["log"])
    texts = [entry["text"] for entry in message["legal"]]
    texts += [text for entry in message["log"] for text in (entry["text"], *entry["news"])]
    assert message["glossary"] == journal.glossary(texts)
    hidden = hidden_places(game, watch, observer)
    lists = dict(card_lists(game.state))
    for _ in range(3 if len(hidden) >= 2 else 0):  # late in a round, every card may have been seen
        first, second = rng.sample(hidden, 2)
        if face(lists[first[0]][first[1]]) == face(lists[second[0]][second[1]]):
            continue
        other = exchanged(game, first, second)
        what = f"{card_id_text(lists[first[0]][first[1]])} ({first}) and {card_id_text(lists[second[0]][second[1]])}"
        again = sent(other, observer, message, journal)
        assert as_shown(again, again["log"]) == shown, what
        return


def leak_game(variant: str, players: int, seed: int, most: int | None, *, pictures: bool) -> None:
    """Every seat of a game as a page (and a spectator), played by heuristic bots from their messages
    (for ``most`` actions, or to the end), each message checked by `check_nothing_hidden`: with the
    pictures, if the pages ask for them."""
    players = min(players, rummykit.variant_spec(variant).max_players)  # Gin Rummy: 2 at most
    rng = random.Random(seed)
    bots = [make_bot("heuristic", variant, seed=seed + seat) for seat in range(players)]
    with server() as client:
        answer = create(client, variant, [None] * players, options={"max_rounds": 1})
        seat_tokens = tokens(answer)
        game, journal = table_of(client, seat_tokens[0]).game, table_of(client, seat_tokens[0]).journal
        watch = RoundWatch(game)
        table = Table(client, [*seat_tokens, token_of(answer["spectators"])], pictures=pictures)
        observers: list[int | None] = [*range(players), None]
        actions = 0
        try:
            while not game.is_over and (most is None or actions < most):
                for observer, seat, state in zip(observers, table.seats, table.states, strict=True):
                    check_nothing_hidden(game, journal, watch, observer, state, seat, rng)
                table.step([*bots, bots[0]])
                watch.follow(game)
                actions += 1
        finally:
            table.close()


@pytest.mark.parametrize("variant", variant_params(VARIANTS))
def test_no_message_to_a_seat_carries_a_card_hidden_from_it(variant: str) -> None:
    leak_game(variant, 3, seed=11, most=25, pictures=True)


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [2, 4])
def test_no_message_of_a_whole_game_carries_a_card_hidden_from_its_seat(variant: str, players: int) -> None:
    leak_game(variant, players, seed=players, most=None, pictures=False)  # the pictures: above


# -- the protocol, fuzzed -------------------------------------------------------------------------------------

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
_CARDS = st.sampled_from(["AS", "10H", "JK", "5D#1", "ZZ", "", "2C"])
_ACTIONS = st.fixed_dictionaries(
    {"type": st.sampled_from(["draw", "take-discard", "discard", "go-down", "lay-off", "claim", "pass", "peek"])},
    optional={
        "seat": st.integers(-2, 3) | _JSON,
        "card": _CARDS | _JSON,
        "melds": st.lists(st.lists(_CARDS, max_size=4), max_size=3) | _JSON,
        "meld": st.integers(-1, 5) | _JSON,
        "end": st.sampled_from(["low", "high", "middle"]) | _JSON,
        "hmg": st.booleans() | _JSON,
    },
)
_MESSAGES = st.one_of(
    st.text(max_size=60),
    _JSON.map(json.dumps),
    st.fixed_dictionaries({"type": st.just("act"), "action": _ACTIONS}, optional={"at": _JSON}).map(json.dumps),
    st.fixed_dictionaries({"type": st.sampled_from(["hello", "act", "ACT", ""])}, optional={"token": _JSON}).map(
        json.dumps
    ),
)


@pytest.fixture(scope="module")
def fuzzed() -> Any:
    with server() as client:
        token = tokens(create(client, "railroad-rummy", [None, None, None]))[0]
        seat = Seat(client, token)
        seat.state()
        yield table_of(client, token), seat
        seat.close()


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=_MESSAGES)
def test_no_message_crashes_the_server_or_changes_the_game_unless_it_is_a_legal_action(fuzzed: Any, text: str) -> None:
    table, seat = fuzzed
    game = table.game
    before = game.record
    legal = game.legal_actions(0) if 0 in game.to_act else []
    seat.socket.send_text(text)
    answer = seat.receive()
    while answer["type"] == "state":
        answer = seat.receive()
    if answer["type"] == "error":
        assert game.record == before
        assert table.storage.load_game(table.id).actions == tuple(
            json.dumps(document) for document in json.loads(rummykit.documents.serialize.dump_record(before))["actions"]
        )
    else:  # a legal action, taken
        assert answer["type"] == "accepted"
        assert game.record.actions[:-1] == before.actions
        assert game.record.actions[-1] in legal


def test_a_game_takes_a_bounded_number_of_pages(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("rummykit.serve.tables.MAX_LISTENERS", 2)
    with server() as client:
        token = tokens(create(client, "rummy", [None, None]))[0]
        with Seat(client, token) as first, Seat(client, token) as second:
            first.state()
            second.state()
            with Seat(client, token) as third:
                assert third.receive()["message"] == "this game has 2 pages open, as many as it may: close one"
                with pytest.raises(WebSocketDisconnect):
                    third.receive()
        with Seat(client, token) as again:  # the pages closed, a page is taken again
            assert again.state()["seat"] == 0
