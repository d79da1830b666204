"""The game server's pages in a real browser (issue 29): Chromium from the system's packages driven by
Playwright (the pictures extra, as tests/test_browser.py; never a browser download), against
``rummykit serve`` in its own process on 127.0.0.1. Two people play a game to its end, one of them
closing the page and opening the link again midway; three people's seats meet in a claim window of
RailRoad Rummy. The pages ask for nothing but the server and log no error."""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import pytest

pytest.importorskip("uvicorn", reason="the serve extra is not installed (pip install -e '.[serve]')")
pytest.importorskip("httpx2", reason="the serve extra is not installed (pip install -e '.[serve]')")

import httpx2 as httpx

from rummykit.documents.serialize import load_record
from tests.serve_support import Server, free_port

pytestmark = pytest.mark.browser

REQUIRED: Final = os.environ.get("RUMMYKIT_REQUIRE_BROWSER") == "1"


def _unavailable(reason: str) -> None:
    if REQUIRED:
        raise RuntimeError(f"RUMMYKIT_REQUIRE_BROWSER=1, but {reason}")
    pytest.skip(reason, allow_module_level=True)


try:  # optional: the `pictures` extra (typed as Any, so that type checks need it not)
    sync_api: Any = importlib.import_module("playwright.sync_api")
except ImportError as missing:
    _unavailable(f"the browser tests need Playwright: pip install -e '.[pictures]' ({missing})")

CHROMIUM: Final = os.environ.get("RUMMYKIT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
if not Path(CHROMIUM).exists():
    _unavailable(f"no Chromium at {CHROMIUM} (apt-get install chromium, or set RUMMYKIT_CHROMIUM)")
WAIT: Final = 60_000
"""How long a page may take to show a state (milliseconds): a bound for a stuck test, never a measure."""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield chromium
        chromium.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    started = Server(tmp_path / "games.sqlite3", free_port())
    yield started
    started.stop()


class Person:
    """A person's browser (a context of its own) on the server's pages."""

    def __init__(self, browser: Any, server: Server) -> None:
        self.server = server
        self.context = browser.new_context(viewport={"width": 1200, "height": 900}, accept_downloads=True)
        self.refused: list[str] = []
        self.errors: list[str] = []
        self.context.route("**/*", self._route)
        self.page = self.open_page()

    def open_page(self) -> Any:
        page = self.context.new_page()
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("console", lambda message: self.errors.append(message.text) if message.type == "error" else None)
        return page

    def _route(self, route: Any) -> None:
        if route.request.url.startswith((self.server.url("/"), "blob:", "data:", "about:")):
            route.continue_()
        else:
            self.refused.append(route.request.url)
            route.abort()

    def open(self, link: str) -> None:
        self.page.goto(link)
        self.page.wait_for_selector("body[data-at]", state="attached", timeout=WAIT)

    def reopen(self, link: str) -> None:
        """Close the page, and open the link again in a new one."""
        self.page.close()
        self.page = self.open_page()
        self.open(link)

    def wait_for(self, at: int) -> None:
        """Wait for the state after action ``at`` (the pages' policy forbids evaluating a script: a
        selector waits)."""
        self.page.wait_for_selector(f'body[data-at="{at}"]', state="attached", timeout=WAIT)

    def buttons(self, kind: str | None = None) -> Any:
        """The buttons of the seat's legal moves in words (of one ``kind``), under "All moves": the
        list is opened if it is closed (issue 36: the moves are played with the cards, and the list in
        words stays as the fallback)."""
        closed = self.page.locator("#all-moves:not([open]) > summary")
        if closed.count():
            closed.click()
        where = f'[data-testid="kind-{kind}"] .actions button' if kind else "#controls .actions button"
        return self.page.locator(where)

    def close(self) -> None:
        assert not self.refused, f"the page asked for {self.refused}"
        assert not self.errors, f"the page logged errors: {self.errors}"
        self.context.close()


def test_two_people_play_a_game_to_its_end_one_of_them_reopening_the_page(browser: Any, server: Server) -> None:
    """Each page shows the latest page of the log throughout: the entries each state tells it (only
    those it has not been told, after its first) added to those it keeps, the oldest let go beyond a
    page (LOG_PAGE, 40 entries); a page opened again is told the latest page anew."""
    host = Person(browser, server)
    # the first page: a game of Rummy of one round of at most 24 turns, for two people
    host.page.goto(server.url("/"))
    host.page.select_option('[data-testid="variant"]', "rummy")
    host.page.fill('[data-testid="players"]', "2")
    host.page.select_option('[data-testid="seat-0"]', "")
    host.page.select_option('[data-testid="seat-1"]', "")
    host.page.fill('[data-testid="option-max_rounds"]', "1")
    host.page.fill('[data-testid="option-max_turns_per_round"]', "24")
    host.page.click('[data-testid="create"]')
    links = [host.page.input_value(f'[data-testid="link-{seat}"]') for seat in (0, 1)]
    assert all(link and "#" in link for link in links)
    guest = Person(browser, server)
    host.open(links[0])
    guest.open(links[1])
    people = [host, guest]
    at, reopened = 0, False
    while not host.page.locator('[data-testid="over"]').is_visible():
        if at >= 9 and not reopened:  # the guest closes the page and opens the link again
            guest.reopen(links[1])
            reopened = True
        mover = next(person for person in people if person.buttons().count() > 0)
        # nobody goes down before the log has passed a page (the deal is random: a player could
        # otherwise go out within 40 actions); from then on a go-down is played when there is one
        kinds = ("go-down",) if at >= 40 else ("draw", "discard")
        chosen = next((found for kind in kinds if (found := mover.buttons(kind)).count()), mover.buttons())
        chosen.first.click()
        at += 1
        for person in people:
            person.wait_for(at)
            log = person.page.locator('[data-testid="log"]')
            assert (log.get_attribute("data-first"), log.get_attribute("data-last")) == (str(max(1, at - 39)), str(at))
            assert log.locator("li[data-number]").count() == min(at, 40)
    assert reopened and at > 40
    guest.page.wait_for_selector('[data-testid="over"]', state="visible", timeout=WAIT)
    for person in people:
        assert person.page.inner_text('[data-testid="result"]').startswith("The game is over. Won by")
        assert person.page.locator("#picture svg").count() == 1
    with guest.page.expect_download() as download:
        guest.page.click('[data-testid="get-record"]')
    record = load_record(Path(download.value.path()).read_text(encoding="utf-8"))
    assert len(record.actions) == at
    with host.page.expect_download() as replay:
        host.page.click('[data-testid="get-replay"]')
    assert "seat 0's view" in Path(replay.value.path()).read_text(encoding="utf-8")
    for person in people:
        person.close()


def test_a_page_reconnected_to_a_server_that_lost_actions_shows_the_servers_log(browser: Any, tmp_path: Path) -> None:
    """Issue 36: a new connection's first state tells the log afresh, and the page lets go of the entries it
    kept. A server run with ``--synchronous NORMAL`` may lose its last commits in a power cut: here its
    database is put back as it was a few actions earlier, and the server started again. The page that had
    shown those actions reconnects and shows the log the server has, up to the action it restored."""
    database, port = tmp_path / "games.sqlite3", free_port()
    server = Server(database, port)
    try:
        answer = httpx.post(server.url("/api/games"), json={"variant": "rummy", "seats": [None, "random"]})
        link = answer.json()["seats"][0]["link"]
        person = Person(browser, server)
        person.open(link)
        connection = server.seat(link.split("#")[1])

        def seat_0_to_act(after: int) -> dict[str, Any]:
            """The next state past action ``after`` in which seat 0 acts (the bot then waits for it)."""
            while True:
                message: dict[str, Any] = json.loads(connection.recv(timeout=30))
                if message["type"] == "state" and message["legal"] and message["at"] > after:
                    return message

        state = seat_0_to_act(-1)

        def play_to(least: int) -> int:
            """Seat 0's first legal move, sent by a second connection of its own, until ``least`` actions."""
            nonlocal state
            while state["at"] < least:
                connection.send(json.dumps({"type": "act", "action": state["legal"][0]["action"], "at": state["at"]}))
                state = seat_0_to_act(state["at"])
            return int(state["at"])

        kept_at = play_to(6)
        copy = tmp_path / "copy.sqlite3"
        with contextlib.closing(sqlite3.connect(database)) as live, contextlib.closing(sqlite3.connect(copy)) as saved:
            live.backup(saved)
        lost_at = play_to(kept_at + 6)
        person.wait_for(lost_at)
        log = person.page.locator('[data-testid="log"]')
        assert log.get_attribute("data-last") == str(lost_at)
        server.stop()
        for path in tmp_path.glob("games.sqlite3*"):
            path.unlink()
        shutil.copy(copy, database)
        server = Server(database, port)
        person.server = server
        person.wait_for(kept_at)
        assert (log.get_attribute("data-first"), log.get_attribute("data-last")) == ("1", str(kept_at))
        assert log.locator("li[data-number]").count() == kept_at
        # while the server was down, the page's attempts to reconnect were refused (and Chromium says so)
        person.errors = [error for error in person.errors if "ERR_CONNECTION_REFUSED" not in error]
        person.close()
    finally:
        server.stop()


def test_three_people_meet_in_a_claim_window_of_railroad_rummy(browser: Any, server: Server) -> None:
    answer = httpx.post(server.url("/api/games"), json={"variant": "railroad-rummy", "seats": [None, None, None]})
    links = [seat["link"] for seat in answer.json()["seats"]]
    people = [Person(browser, server) for _ in links]
    for person, link in zip(people, links, strict=True):
        person.open(link)
    turn = next(person for person in people if person.buttons().count() > 0)
    turn.page.click("text=draw from the stock")  # the top discard is offered to the others: RR-C1
    for person in people:
        person.wait_for(1)
    others = [person for person in people if person is not turn]
    for person in others:  # both may act at once
        assert person.buttons("claim").count() == 2
        assert person.buttons("pass").count() == 1
    assert turn.buttons().count() == 0
    others[0].buttons("claim").first.click()  # claim the top discard
    others[1].buttons("pass").first.click()
    for person in people:
        person.wait_for(3)
    told = [person.page.inner_text('[data-testid="log"]') for person in people]
    assert all("pass on the top discard" in text and "claim the top discard" in text for text in told)
    # the claim window is closed: the game goes on, with one seat to act
    assert sum(person.buttons().count() > 0 for person in people) == 1
    for person in people:
        person.close()


def test_selecting_a_card_of_the_hand_offers_the_moves_that_use_it(browser: Any, server: Server) -> None:
    """Issue 36, finding 3: a hand of Railroad Canasta (14 cards and more). Selecting a card offers the
    moves that use it (its discard among them), and the move offered is made."""
    answer = httpx.post(server.url("/api/games"), json={"variant": "railroad-canasta", "seats": [None, "heuristic"]})
    person = Person(browser, server)
    person.open(answer.json()["seats"][0]["link"])
    person.page.wait_for_selector('[data-testid="offered"] button', timeout=WAIT)  # after the bot's turn
    at = int(person.page.get_attribute("body", "data-at"))
    person.page.click('[data-testid="stock"]')
    person.wait_for(at + 1)
    every = person.buttons("discard").all_inner_texts()
    assert len(every) > 8
    cards = person.page.locator('.hand-card:enabled:not([data-testid*="#"])')
    card = cards.first.get_attribute("data-testid").removeprefix("hand-")
    cards.first.click()
    assert cards.first.get_attribute("aria-pressed") == "true"
    offered = person.page.locator('[data-testid="offered"] button')
    assert f"discard {card}" in offered.all_inner_texts()
    offered.filter(has_text=f"discard {card}").first.click()  # the move is made (and the bot plays on)
    person.page.locator('[data-testid="log"] li', has_text=f"you: discard {card}").wait_for(timeout=WAIT)
    person.close()


def test_the_replay_page_works_under_its_policy(browser: Any, server: Server) -> None:
    """Issue 36: the replay page is served with a Content-Security-Policy (and carries it in a
    ``<meta>`` element); under it, its inline script runs and steps through the game. The same page
    under a policy that does not allow its script does nothing: the browser does enforce the policy."""
    answer = httpx.post(server.url("/api/games"), json={"variant": "rummy", "seats": ["random", "random"]})
    token = answer.json()["spectators"].split("#")[1]
    with server.seat(token) as watching:  # the spectators' page, until the bots have played the game to its end
        while not json.loads(watching.recv(timeout=WAIT / 1000)).get("over"):
            pass
    # a random game of many rounds: its page takes seconds to build on a loaded machine
    reply = httpx.post(server.url("/api/replay"), headers={"Authorization": f"Bearer {token}"}, timeout=WAIT / 1000)
    assert reply.status_code == 200
    policy = reply.headers["content-security-policy"]
    assert "script-src 'sha256-" in policy

    def served_with(person: Person, headers: dict[str, str]) -> None:
        address = server.url("/replay-under-test")
        person.page.route(address, lambda route: route.fulfill(status=200, body=reply.content, headers=headers))
        person.page.goto(address)

    person = Person(browser, server)
    served_with(person, {"content-type": "text/html; charset=utf-8", "content-security-policy": policy})
    person.page.wait_for_selector("#counter:has-text('step 0 of')", timeout=WAIT)
    person.page.click("#forward")
    person.page.wait_for_selector("#counter:has-text('step 1 of')", timeout=WAIT)
    assert person.page.locator("#picture svg").count() == 1
    person.close()  # no error logged: nothing refused by the policy

    other = Person(browser, server)
    stricter = policy.replace("script-src 'sha256-", "script-src 'sha256-0")
    served_with(other, {"content-type": "text/html; charset=utf-8", "content-security-policy": stricter})
    other.page.wait_for_selector("#heading", timeout=WAIT)
    assert other.page.inner_text("#counter") == ""
    assert any("Content Security Policy" in error for error in other.errors), other.errors
    other.context.close()


def test_a_page_whose_game_ended_for_being_idle_says_so(browser: Any, tmp_path: Path) -> None:
    """Issue 36: a game nobody plays in ends; its page says so, and stops. (A page that opens only
    after its game has ended is refused: then again, with a game left idle longer.)"""
    for attempt in range(1, 5):
        started = Server(tmp_path / f"games{attempt}.sqlite3", free_port(), "--idle-minutes", f"{0.02 * attempt:g}")
        try:
            answer = httpx.post(started.url("/api/games"), json={"variant": "rummy", "seats": [None, None]})
            person = Person(browser, started)
            person.page.goto(answer.json()["seats"][0]["link"])
            connection = person.page.locator('[data-testid="connection"]')
            ended, refused = connection.filter(has_text="the game has ended"), connection.filter(has_text="refused")
            ended.or_(refused).wait_for(timeout=WAIT)
            if refused.count():
                person.context.close()
                continue
            assert "nobody played in it for" in person.page.inner_text('[data-testid="status"]')
            assert person.page.locator("#controls button:enabled").count() == 0
            person.close()
            return
        finally:
            started.stop()
    pytest.fail("every page opened only after its game had ended")
