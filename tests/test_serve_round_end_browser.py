"""A round's end at the server's table in a real browser (issue 36, finding 1): Chromium from the
system's packages driven by Playwright, as tests/test_serve_browser.py.

Two people play to a round's end against ``rummykit serve`` in its own process: both see the round's
end, the next deal waits until both press "Next round". Then the seat's page is shown states the
server's own code makes from seeded games (a Gin Rummy knock undercut, a Railroad Canasta round gone
out, a RailRoad Rummy claim window), over a WebSocket the test answers, so that the screen is the same
at every run: its lines are checked, and screenshots at 1280 by 800 and at 390 by 844 are compared with
the references in tests/data/pictures/ (``table-*.png``; write them again with
``RUMMYKIT_UPDATE_PICTURES=1 pytest -m browser tests/test_serve_round_end_browser.py``)."""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Final

import pytest

pytest.importorskip("uvicorn", reason="the serve extra is not installed (pip install -e '.[serve]')")
pytest.importorskip("httpx2", reason="the serve extra is not installed (pip install -e '.[serve]')")

from starlette.testclient import TestClient

import rummykit
from rummykit.core.engine import Game
from rummykit.core.plugins import make_bot
from rummykit.serve import Settings, create_app
from rummykit.serve.messages import RoundHold, seat_message
from tests.pictures_support import position
from tests.serve_support import Server, free_port
from tests.test_browser import DATA, UPDATE, Image, _looks_alike, _strays
from tests.test_serve_browser import WAIT, Person, browser

pytestmark = pytest.mark.browser
__all__ = ["browser"]  # the fixture, shared with tests/test_serve_browser.py

SIZES: Final = {"desktop": (1280, 800), "phone": (390, 844)}
Message = dict[str, Any] | Callable[[Any], dict[str, Any]]
"""What the test's WebSocket sends a page after its hello: a state, or one made for the pictures asked for."""
SITE: Final = "http://table.test"
"""Where the pages answered by the test are served from (no network: every request is answered here)."""


@pytest.fixture(scope="module")
def pages() -> Iterator[TestClient]:
    """The server's pages, as it serves them (its application in a test client)."""
    with TestClient(create_app(Settings(allowed_hosts=["table.test"])), base_url=SITE) as client:
        yield client


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    started = Server(tmp_path / "games.sqlite3", free_port())
    yield started
    started.stop()


def test_two_people_see_a_rounds_end_and_the_next_deal_waits_until_both_are_ready(browser: Any, server: Server) -> None:
    host = Person(browser, server)
    host.page.goto(server.url("/"))
    host.page.select_option('[data-testid="variant"]', "rummy")
    host.page.select_option('[data-testid="seat-0"]', "")
    host.page.select_option('[data-testid="seat-1"]', "")
    host.page.fill('[data-testid="option-max_rounds"]', "2")
    host.page.fill('[data-testid="option-max_turns_per_round"]', "2")
    host.page.fill('[data-testid="round-end-seconds"]', "600")
    host.page.click('[data-testid="create"]')
    links = [host.page.input_value(f'[data-testid="link-{seat}"]') for seat in (0, 1)]
    guest = Person(browser, server)
    host.open(links[0])
    guest.open(links[1])
    people = [host, guest]
    at = 0
    while not host.page.locator('[data-testid="round-end"]').is_visible():
        mover = next(person for person in people if person.buttons().count() > 0)
        mover.buttons().first.click()
        at += 1
        for person in people:
            person.wait_for(at)
    for person in people:
        screen = person.page.locator('[data-testid="round-end"]')
        screen.wait_for(state="visible", timeout=WAIT)
        assert person.page.inner_text('[data-testid="round-end-title"]') == "Round 1 is over"
        assert "(G-1)" in person.page.inner_text('[data-testid="round-end-reason"]')
        assert "deadwood" in person.page.inner_text('[data-testid="left-0"]')  # the hands laid open
        assert person.page.locator('[data-testid="left-1"] .card').count() > 0
        assert person.page.locator("#picture").is_hidden()  # the next deal waits behind it
        assert person.buttons().count() == 0
    host.page.click('[data-testid="ready"]')
    host.page.locator('[data-testid="you-are-ready"]').wait_for(timeout=WAIT)
    guest.page.locator('[data-testid="round-end-waiting"]', has_text="Waiting for you.").wait_for(timeout=WAIT)
    assert guest.page.locator('[data-testid="round-end"]').is_visible()
    guest.page.click('[data-testid="ready"]')
    for person in people:
        person.page.locator('[data-testid="round-end"]').wait_for(state="hidden", timeout=WAIT)
        assert person.page.inner_text('[data-testid="whose"]').startswith(
            ("You are seat 0. Round 2", "You are seat 1. Round 2")
        )
    assert sum(person.buttons().count() > 0 for person in people) == 1
    for person in people:
        person.close()


# -- the screens of seeded games, compared with their references ---------------------------------------


def first_round(variant: str, seed: int) -> Game:
    """A two-player game of ``variant`` played by heuristic bots to its first round's end."""
    game = rummykit.new_game(variant, players=2, seed=seed)
    bots = [make_bot("heuristic", variant, seed=seat) for seat in range(2)]
    while not game.history:
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    return game


def held(game: Game, seat: int | None) -> Message:
    """The state message the server sends ``seat`` when its round's end is held (for 30 seconds)."""
    hold = None
    if not game.is_over:
        hold = RoundHold(round=game.history[-1].round, ready=(), waiting=(0, 1), seconds=30, seconds_left=30)
    return lambda pictures: seat_message(game, seat, len(game.record.actions), pictures=pictures, hold=hold)


class Screen:
    """A seat's page of the server in a browser of ``size``, sent ``message`` over a WebSocket the
    test answers (its pages as the server serves them, with their policy); keeps what the page sends."""

    def __init__(self, browser: Any, pages: TestClient, size: str, message: Message) -> None:
        width, height = SIZES[size]
        self.context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=1)
        self.page = self.context.new_page()
        self.sent: list[dict[str, Any]] = []
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("console", lambda text: self.errors.append(text.text) if text.type == "error" else None)
        self.context.route("**/*", lambda route: self._answer(route, pages))
        self.page.route_web_socket(f"{SITE.replace('http', 'ws')}/ws", lambda socket: self._socket(socket, message))
        self.page.clock.install(time=0)  # the countdown stands still: the screenshots are the same
        self.page.clock.pause_at(1000)
        self.page.goto(f"{SITE}/play#not-a-real-token")
        self.page.wait_for_selector("body[data-at]", state="attached", timeout=WAIT)

    @staticmethod
    def _answer(route: Any, pages: TestClient) -> None:
        url = route.request.url
        if not url.startswith(SITE):
            route.abort()
            return
        reply = pages.get(url[len(SITE) :])
        route.fulfill(status=reply.status_code, body=reply.content, headers=dict(reply.headers))

    def _socket(self, socket: Any, message: Message) -> None:
        def received(text: Any) -> None:
            data = json.loads(text)
            self.sent.append(data)
            if data["type"] == "hello":
                socket.send(json.dumps(message(data["pictures"]) if callable(message) else message))

        socket.on_message(received)

    def text(self, selector: str) -> str:
        return str(self.page.inner_text(selector))

    def compare(self, name: str, tmp_path: Path) -> None:
        """The window's screenshot against tests/data/pictures/``name``.png."""
        actual = Image.open(io.BytesIO(self.page.screenshot())).convert("RGB")
        reference = DATA / f"{name}.png"
        if UPDATE:
            actual.save(reference, optimize=True)
        assert reference.exists(), f"no reference screenshot {reference}: write it with RUMMYKIT_UPDATE_PICTURES=1"
        expected = Image.open(reference).convert("RGB")
        if not _looks_alike(actual, expected):
            actual.save(tmp_path / f"{name}-actual.png")
            strays = _strays(actual, expected) if actual.size == expected.size else None
            pytest.fail(f"{name}: the screen looks different from {reference} ({strays} stray pixels)")

    def close(self) -> None:
        assert not self.errors, f"the page logged errors: {self.errors}"
        self.context.close()


@pytest.mark.parametrize("size", SIZES)
def test_a_gin_rummy_knock_undercut_on_screen(browser: Any, pages: TestClient, tmp_path: Path, size: str) -> None:
    game = first_round("gin-rummy", 16)
    result = game.history[0]
    assert "knocked" in result.reason and result.rule == "GIN-18"
    screen = Screen(browser, pages, size, held(game, 0))
    try:
        assert screen.text('[data-testid="round-end-title"]') == "Round 1 is over"
        assert screen.text('[data-testid="round-end-reason"]') == result.reason
        assert "(rule GIN-18: " in screen.text('[data-testid="round-end-by"]')
        for seat in result.seats:
            assert f"deadwood {seat.deadwood}" in screen.text(f'[data-testid="left-{seat.seat}"]')
            rows = screen.page.locator(f'[data-testid="items-{seat.seat}"] tr').all_inner_texts()
            assert len(rows) == len(seat.items)
            for row, item in zip(rows, seat.items, strict=True):
                assert row.split("\t")[0] == item.rule and item.what in row and row.endswith(f"{item.points:+d}")
        lines = {row.split("\t")[0] for row in screen.page.locator(".items tr").all_inner_texts()}
        assert {"GIN-20", "GIN-21"} <= lines  # the knock's deadwood, and the undercut
        assert screen.page.locator("#picture").is_hidden()
        screen.page.click('[data-testid="ready"]')
        assert screen.sent[-1] == {"type": "ready", "round": 1}
        screen.page.clock.resume()
        screen.page.locator('[data-testid="ready"]:disabled').wait_for(timeout=WAIT)
        screen.page.clock.pause_at(2000)
        screen.page.mouse.move(0, 0)
        screen.compare(f"table-gin-rummy-knock-{size}", tmp_path)
    finally:
        screen.close()


@pytest.mark.parametrize("size", SIZES)
def test_a_railroad_canasta_rounds_end_on_screen(browser: Any, pages: TestClient, tmp_path: Path, size: str) -> None:
    game = first_round("railroad-canasta", 1)
    result = game.history[0]
    screen = Screen(browser, pages, size, held(game, 1))
    try:
        assert screen.text('[data-testid="round-end-reason"]') == result.reason
        rows = screen.page.locator(".items tr").all_inner_texts()
        assert len(rows) == sum(len(seat.items) for seat in result.seats)
        rules = [row.split("\t")[0] for row in rows]
        assert {"RC-12", "RC-30", "RC-31"} <= set(rules)
        assert any("canasta bonus" in row for row in rows) and any("red 3s placed" in row for row in rows)
        for seat in result.seats:
            assert f"{seat.score:+d} this round · total {seat.total}" in screen.text(
                f'[data-testid="score-{seat.seat}"]'
            )
        screen.compare(f"table-railroad-canasta-round-end-{size}", tmp_path)
    finally:
        screen.close()


@pytest.mark.parametrize("size", SIZES)
def test_a_railroad_rummy_claim_on_screen(browser: Any, pages: TestClient, tmp_path: Path, size: str) -> None:
    game = rummykit.new_game("railroad-rummy", players=3, seed=7)
    turn = game.to_act[0]
    game.apply(next(action for action in game.legal_actions(turn) if action.kind == "draw"))  # RR-C1: a claim window
    claimant = next(seat for seat in game.to_act if seat != turn)
    at = len(game.record.actions)
    screen = Screen(browser, pages, size, lambda pictures: seat_message(game, claimant, at, pictures=pictures))
    try:
        assert screen.page.locator('[data-testid="kind-claim"] .actions button').count() >= 1
        assert screen.page.locator('[data-testid="round-end"]').is_hidden()
        assert screen.page.locator("#picture svg").count() == 1
        screen.compare(f"table-railroad-rummy-claim-{size}", tmp_path)
    finally:
        screen.close()


def test_a_spectator_sees_the_rounds_end_without_a_ready_button(browser: Any, pages: TestClient) -> None:
    game = first_round("gin-rummy", 16)
    screen = Screen(browser, pages, "desktop", held(game, None))
    try:
        assert screen.text('[data-testid="round-end-title"]') == "Round 1 is over"
        assert screen.page.locator('[data-testid="ready"]').count() == 0
    finally:
        screen.close()


def test_the_create_page_offers_the_round_end_seconds(browser: Any, server: Server) -> None:
    person = Person(browser, server)
    person.page.goto(server.url("/"))
    person.page.select_option('[data-testid="variant"]', "rummy")  # the page has its variants
    assert person.page.input_value('[data-testid="round-end-seconds"]') == "30"
    person.page.fill('[data-testid="round-end-seconds"]', "5")
    with person.page.expect_request("**/api/games") as asked:
        person.page.click('[data-testid="create"]')
    assert json.loads(asked.value.post_data)["round_end_seconds"] == 5
    link = person.page.input_value('[data-testid="link-0"]')
    person.close()
    with server.seat(link.split("#")[1]) as page:
        assert json.loads(page.recv(timeout=WAIT / 1000))["type"] == "state"


# -- readable on a phone (issue 36, finding 2) ---------------------------------------------------------------

CARD_GLYPHS: Final = """() => {
  // each card face drawn (a <use> of its symbol): the height on the screen of its rank's text and its
  // suit's pip (the symbol's first <text> and first <path>), through the use's transform
  const found = [];
  for (const use of document.querySelectorAll("svg use")) {
    const href = use.getAttribute("xlink:href") || use.getAttribute("href");
    if (!href || href === "#rk-back" || use.getBoundingClientRect().width === 0) continue;
    const symbol = document.querySelector(href);
    const scale = Math.abs(use.getScreenCTM().d);
    const rank = symbol.querySelector("text");
    const pip = symbol.querySelector("path");
    const own = pip.transform.baseVal.consolidate();
    found.push({card: href, rank: rank.getBBox().height * scale,
                suit: pip.getBBox().height * (own ? Math.abs(own.matrix.d) : 1) * scale});
  }
  return found;
}"""
HTML_GLYPHS: Final = """() => Array.from(document.querySelectorAll(".card .rank, .card .suit"))
  .filter((glyph) => glyph.getBoundingClientRect().width > 0)
  .map((glyph) => ({card: glyph.parentNode.dataset.card, height: glyph.getBoundingClientRect().height}))"""
SMALLEST: Final = 14.0
"""The least height, in CSS pixels, of a card's rank and of its suit on a phone's screen."""


def assert_readable(page: Any) -> None:
    """Every card's rank and suit at least `SMALLEST` pixels high, and nothing wider than the window."""
    cards = page.evaluate(CARD_GLYPHS)
    glyphs = page.evaluate(HTML_GLYPHS)
    assert cards or glyphs
    small = [card for card in cards if min(card["rank"], card["suit"]) < SMALLEST]
    small += [glyph for glyph in glyphs if glyph["height"] < SMALLEST]
    assert not small, f"{len(small)} cards' ranks or suits under {SMALLEST} pixels high, as {small[:3]}"
    assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize(("variant", "players"), [("railroad-canasta", 4), ("railroad-rummy", 3), ("gin-rummy", 2)])
def test_a_seats_page_is_readable_on_a_phone(browser: Any, pages: TestClient, variant: str, players: int) -> None:
    game = position(variant, players, 5, 120)
    seat, at = game.to_act[0], len(game.record.actions)
    screen = Screen(browser, pages, "phone", lambda pictures: seat_message(game, seat, at, pictures=pictures))
    try:
        assert screen.sent[0]["pictures"] == "small"
        assert_readable(screen.page)
    finally:
        screen.close()


def test_a_rounds_end_is_readable_on_a_phone(browser: Any, pages: TestClient) -> None:
    screen = Screen(browser, pages, "phone", held(first_round("railroad-canasta", 1), 0))
    try:
        assert_readable(screen.page)
    finally:
        screen.close()


@pytest.mark.parametrize("variant", rummykit.available_variants())
def test_the_pictures_small_form_is_readable_on_a_phone(browser: Any, tmp_path: Path, variant: str) -> None:
    game = position(variant, min(4, rummykit.variant_spec(variant).max_players), 5, 120)
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    try:
        page = context.new_page()
        path = tmp_path / "small.svg"
        path.write_text(game.picture(game.to_act[0] if game.to_act else 0, small=True), encoding="utf-8")
        page.goto(path.as_uri())
        assert_readable(page)
    finally:
        context.close()
