"""The pictures and the replay viewer in a real browser (issue 18): Chromium from the system's packages
(``apt-get install chromium``), driven by Playwright's Python client (``pip install -e '.[pictures]'``;
never ``playwright install``). The viewer is opened from a local file with every request that is not
for a local file refused, and must neither ask for one nor log an error.

These tests are marked ``browser``: the quick suite leaves them out, ``pytest -m browser`` runs them
(CI's own step), and they are skipped when the client or the browser is missing. The reference
screenshots are in tests/data/pictures/; after a change to the pictures, look at the new ones and
write them with ``RUMMYKIT_UPDATE_PICTURES=1 pytest -m browser tests/test_browser.py``.
"""

from __future__ import annotations

import importlib
import io
import json
import os
import shutil
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import attrs
import pytest
from typer.testing import CliRunner

import rummykit
from rummykit import svg
from rummykit.core.cards import standard_deck
from rummykit.core.records import GameRecord
from rummykit.documents.serialize import dump_record, load_record
from rummykit.play.cli import app
from rummykit.viewer import replay_html, replay_steps
from tests.pictures_support import XLINK_HREF, parse, position

pytestmark = pytest.mark.browser

REQUIRED: Final = os.environ.get("RUMMYKIT_REQUIRE_BROWSER") == "1"
"""CI sets it: a missing client or browser is then an error, not a skip."""


def _unavailable(reason: str) -> None:
    if REQUIRED:
        raise RuntimeError(f"RUMMYKIT_REQUIRE_BROWSER=1, but {reason}")
    pytest.skip(reason, allow_module_level=True)


try:  # optional: the `pictures` extra (typed as Any, so that type checks need neither)
    sync_api: Any = importlib.import_module("playwright.sync_api")
    Image: Any = importlib.import_module("PIL.Image")
    ImageChops: Any = importlib.import_module("PIL.ImageChops")
    ImageFilter: Any = importlib.import_module("PIL.ImageFilter")
except ImportError as missing:
    _unavailable(f"the browser tests need Playwright and Pillow: pip install -e '.[pictures]' ({missing})")

CHROMIUM: Final = os.environ.get("RUMMYKIT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
if not Path(CHROMIUM).exists():
    _unavailable(f"no Chromium at {CHROMIUM} (apt-get install chromium, or set RUMMYKIT_CHROMIUM)")

DATA: Final = Path(__file__).resolve().parent / "data" / "pictures"
UPDATE: Final = os.environ.get("RUMMYKIT_UPDATE_PICTURES") == "1"
LOCAL: Final = ("file:", "data:", "about:")
runner = CliRunner()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield chromium
        chromium.close()


class Tab:
    """A browser page that refuses every request but for local files, and keeps what went wrong."""

    def __init__(self, browser: Any, width: int = 1300, height: int = 900) -> None:
        self.context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=1)
        self.page = self.context.new_page()
        self.refused: list[str] = []
        self.errors: list[str] = []
        self.context.route("**/*", self._route)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("console", lambda message: self.errors.append(message.text) if message.type == "error" else None)

    def _route(self, route: Any) -> None:
        if route.request.url.startswith(LOCAL):
            route.continue_()
        else:
            self.refused.append(route.request.url)
            route.abort()

    def text(self, selector: str) -> str:
        return str(self.page.locator(selector).inner_text())

    def step(self) -> int:
        return int(self.page.locator("#picture").get_attribute("data-step"))

    def symbols(self) -> list[str]:
        """The symbols the picture uses, in document order (each drawn: it takes room on the page)."""
        found: list[dict[str, Any]] = self.page.evaluate(
            """() => Array.from(document.querySelectorAll("#picture use")).map((use) => ({
                href: use.getAttributeNS("http://www.w3.org/1999/xlink", "href"),
                width: use.getBoundingClientRect().width}))"""
        )
        assert all(use["width"] > 0 for use in found), "a symbol is not drawn"
        return [use["href"] for use in found]

    def close(self) -> None:
        assert not self.refused, f"the page asked the network for {self.refused}"
        assert not self.errors, f"the page logged errors: {self.errors}"
        self.context.close()


@pytest.fixture
def tab(browser: Any) -> Iterator[Tab]:
    opened = Tab(browser)
    yield opened
    opened.close()


def _record(variant: str = "railroad-rummy", players: int = 3, seed: int = 4, steps: int = 40) -> GameRecord:
    return position(variant, players, seed, steps).record


def _symbols_of(picture: str) -> list[str]:
    return [use.get(XLINK_HREF, "") for use in parse(picture).iter("{http://www.w3.org/2000/svg}use")]


def test_the_viewer_loads_from_a_local_file_and_steps_forward_and_back(tab: Tab, tmp_path: Path) -> None:
    record = _record()
    steps = replay_steps(record, seat=1).steps
    path = tmp_path / "game.html"
    path.write_text(replay_html(record, seat=1), encoding="utf-8")
    page = tab.page
    page.goto(path.as_uri())
    assert tab.step() == 0 and tab.text("#counter") == "step 0 of 40"
    assert tab.text("#text") == steps[0].text
    page.click("#forward")
    assert tab.step() == 1 and tab.text("#text") == steps[1].text
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    assert tab.step() == 4 and tab.text("#counter") == "step 4 of 40"
    page.click("#back")
    assert tab.step() == 3 and tab.text("#where") == f"step 3 · round {steps[3].round}, turn {steps[3].turn}"
    page.keyboard.press("End")
    assert tab.step() == 40 and page.locator("#forward").is_disabled()
    page.keyboard.press("Home")
    assert tab.step() == 0 and page.locator("#back").is_disabled()
    page.click("#steps li:nth-child(13) button")  # the log of every action: step 12
    assert tab.step() == 12 and tab.text("#text") == steps[12].text
    page.evaluate("""() => { const s = document.getElementById("slider"); s.value = "20";
                             s.dispatchEvent(new Event("input")); }""")
    assert tab.step() == 20
    assert page.evaluate("location.hash") == "#20"


def test_the_picture_at_a_step_shows_the_right_cards(tab: Tab, tmp_path: Path) -> None:
    record = _record()
    path = tmp_path / "game.html"
    path.write_text(replay_html(record, seat=2), encoding="utf-8")
    steps = replay_steps(record, seat=2).steps
    for index in (0, 7, 23, 40):
        tab.page.goto(f"{path.as_uri()}#{index}")
        assert tab.step() == index
        view = rummykit.replay(record, upto=index).view(2)
        assert tab.symbols() == _symbols_of(svg.view(view, fresh=steps[index].fresh))
        assert Counter(tab.symbols()) >= Counter(f"#rk-{card}" for card in view.hand)
        assert f"Your hand · {len(view.hand)} card" in tab.text("#picture")


def test_the_spectators_page_has_no_hand(tab: Tab, tmp_path: Path) -> None:
    record = _record()
    path = tmp_path / "game.html"
    path.write_text(replay_html(record), encoding="utf-8")
    tab.page.goto(f"{path.as_uri()}#10")
    assert "Your hand" not in tab.text("#picture")
    assert tab.symbols() == _symbols_of(svg.view(rummykit.replay(record, upto=10).view(None)))


def test_rounds_and_playing(tab: Tab, tmp_path: Path) -> None:
    record = _record("rummy", 2, 3, 400)
    steps = replay_steps(record, seat=0).steps
    end = next(index for index, step in enumerate(steps) if step.ended is not None)
    path = tmp_path / "game.html"
    path.write_text(replay_html(record, seat=0), encoding="utf-8")
    tab.page.goto(path.as_uri())
    tab.page.keyboard.press("Shift+ArrowRight")  # to the first round's end
    assert tab.step() == end and tab.text("#where").endswith("round 1, turn " + f"{steps[end].turn} · the round's end")
    tab.page.keyboard.press("Shift+ArrowRight")  # to the next deal
    assert tab.step() == end + 1 and tab.text("#where") == f"step {end + 1} · round 2, the deal"
    tab.page.keyboard.press("Shift+ArrowLeft")
    tab.page.keyboard.press("Shift+ArrowLeft")
    assert tab.step() == 0
    tab.page.click("#play")
    tab.page.wait_for_function("Number(document.getElementById('picture').dataset.step) >= 2", timeout=5000)
    tab.page.click("#play")  # pause
    stopped = tab.step()
    tab.page.wait_for_timeout(900)
    assert tab.step() == stopped


def test_a_refused_action_shows_its_rule(tab: Tab, tmp_path: Path) -> None:
    record = _record(steps=10)
    seat = record.actions[4].seat
    document = json.loads(dump_record(record))
    document["actions"].insert(4, {"type": "discard", "seat": seat, "card": "AS"})
    path = tmp_path / "bad.html"
    bad = load_record(json.dumps(document), check=False)
    path.write_text(replay_html(bad, seat=seat), encoding="utf-8")  # the page of the seat whose action it is
    tab.page.goto(path.as_uri())
    tab.page.keyboard.press("End")
    refusal = replay_steps(bad, seat=seat).steps[-1].refusal
    assert refusal is not None
    assert tab.step() == 5 and tab.page.locator("#refusal").is_visible()
    assert tab.text("#refusal-reason") == f"Refused ({refusal.rule}): {refusal.reason}"
    assert tab.text("#refusal-rule").startswith(f"{refusal.rule} {refusal.title}: ")


# -- play, save and watch; narrow and wide windows (issue 28) ---------------------------------------


def _box(tab: Tab, selector: str) -> dict[str, float]:
    found: dict[str, float] = tab.page.evaluate(
        """(selector) => { const r = document.querySelector(selector).getBoundingClientRect();
                          return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; }""",
        selector,
    )
    return found


def _in_window(tab: Tab, selector: str) -> bool:
    box, size = _box(tab, selector), tab.page.viewport_size
    return box["top"] >= 0 and box["bottom"] <= size["height"] and box["left"] >= 0 and box["right"] <= size["width"]


def _current_in_the_list(tab: Tab) -> bool:
    """The current step's entry is whole inside the list's box, and the box is in the window there."""
    item, box = _box(tab, "#steps li.current"), _box(tab, "#log")
    return box["top"] - 1 <= item["top"] and item["bottom"] <= box["bottom"] + 1


def test_a_game_played_saved_and_opened_in_the_viewer_shows_a_rounds_end(tab: Tab, tmp_path: Path) -> None:
    """The whole path of a person: ``rummykit play`` through a script (the first listed move, every
    time), ``--save``, ``rummykit replay --html``, and the page stepped to the first round's end,
    where the round's scores are on the screen, before the next deal."""
    saved, page = tmp_path / "game.json", tmp_path / "game.html"
    args = ["play", "rummy", "--players", "2", "--seed", "5", "-o", "max_rounds=2", "--save", str(saved)]
    played = runner.invoke(app, args, input="1\n" * 4000)
    assert played.exit_code == 0 and "Game over after 2 rounds." in played.stdout, played.output
    record = load_record(saved.read_text(encoding="utf-8"))
    first = rummykit.replay(record).history[0]
    shown = runner.invoke(app, ["replay", str(saved), "--html", str(page), "--seat", "0"])
    assert shown.exit_code == 0, shown.output
    tab.page.goto(page.as_uri())
    tab.page.keyboard.press("Shift+ArrowRight")  # to the first round's end
    scores = ", ".join(f"seat {seat} {score:+d}" for seat, score in enumerate(first.scores))
    assert tab.text("#note") == f"Round 1 is over: {first.reason}. Scores: {scores}."
    assert _in_window(tab, "#note") and tab.text("#where").endswith("the round's end")
    picture = tab.text("#picture")
    assert "Round 1 is over" in picture and "cards left, laid face up to be scored" in picture
    assert all(f"{score:+d}" in picture for score in first.scores)
    ended = tab.step()
    tab.page.keyboard.press("ArrowRight")  # the next deal
    assert tab.step() == ended + 1 and tab.text("#text").startswith("Round 2 is dealt by seat ")


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1000, 700), (1366, 768)])
def test_the_viewer_keeps_the_current_step_in_sight_at_any_width(
    browser: Any, tmp_path: Path, width: int, height: int
) -> None:
    """The current step's words stay in the window (the controls stay at its top when the page
    scrolls), the list of every action follows the current step, and nothing is wider than the
    window; at 1366 by 768 a Railroad Canasta seat's own hand is on the first screen."""
    tab = Tab(browser, width, height)
    try:
        game = position("railroad-canasta", 4, 5, 300)
        path = tmp_path / "game.html"
        path.write_text(replay_html(game.record, seat=0), encoding="utf-8")
        tab.page.goto(f"{path.as_uri()}#150")
        assert tab.step() == 150 and _in_window(tab, "#text") and _current_in_the_list(tab)
        for _ in range(40):
            tab.page.keyboard.press("ArrowRight")
        assert tab.step() == 190 and _in_window(tab, "#text") and _current_in_the_list(tab)
        tab.page.click("#steps li:nth-child(12) button")
        assert tab.step() == 11 and _current_in_the_list(tab)
        tab.page.keyboard.press("End")
        assert _current_in_the_list(tab)
        tab.page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # the page scrolled down
        assert tab.page.evaluate("window.scrollY") > 0
        assert _in_window(tab, "#text") and _in_window(tab, "#forward") and _in_window(tab, "#slider")
        assert tab.page.evaluate("document.documentElement.scrollWidth") <= width
        if (width, height) == (1366, 768):
            tab.page.evaluate("window.scrollTo(0, 0)")
            hand = tab.page.locator("#picture text", has_text="Your hand").first.bounding_box()
            cards = tab.page.evaluate(
                """() => Math.max(...Array.from(document.querySelectorAll("#picture use"))
                    .map((use) => use.getBoundingClientRect().bottom))"""
            )
            assert hand is not None and hand["y"] + hand["height"] < height
            last_card = tab.page.evaluate(
                """() => { const label = Array.from(document.querySelectorAll("#picture text"))
                    .find((text) => text.textContent.startsWith("Your hand"));
                    const uses = Array.from(label.parentNode.querySelectorAll("use"));
                    return Math.max(...uses.map((use) => use.getBoundingClientRect().bottom)); }"""
            )
            assert last_card <= height < cards  # the hand whole on the first screen, the table below
    finally:
        tab.close()


def test_the_keyboard_still_scrolls_the_page(tab: Tab, tmp_path: Path) -> None:
    """Page Up, Page Down and space scroll the page as they do everywhere; the viewer's own keys are
    the arrows (with Shift: to a round's start or end), Home, End and P."""
    record = _record("railroad-canasta", 4, 5, 120)
    path = tmp_path / "game.html"
    path.write_text(replay_html(record, seat=1), encoding="utf-8")
    tab.page.set_viewport_size({"width": 1000, "height": 500})
    tab.page.goto(f"{path.as_uri()}#60")
    tab.page.keyboard.press("PageDown")
    tab.page.wait_for_function("window.scrollY > 0", timeout=5000)
    tab.page.keyboard.press("Space")
    tab.page.wait_for_timeout(900)
    assert tab.step() == 60  # neither key stepped nor played
    tab.page.keyboard.press("PageUp")
    tab.page.keyboard.press("PageUp")
    tab.page.wait_for_function("window.scrollY === 0", timeout=5000)
    assert tab.step() == 60
    tab.page.keyboard.press("p")
    tab.page.wait_for_function("Number(document.getElementById('picture').dataset.step) >= 62", timeout=5000)
    tab.page.keyboard.press("p")


def test_a_seats_page_holds_no_seed(tab: Tab, tmp_path: Path) -> None:
    seed = 918_273_645
    game = rummykit.new_game("railroad-rummy", players=3, seed=seed)
    for _ in range(30):
        game.apply(game.legal_actions(game.to_act[0])[0])
    path = tmp_path / "game.html"
    for seat in (0, 1, None):
        path.write_text(replay_html(game.record, seat=seat), encoding="utf-8")
        tab.page.goto(f"{path.as_uri()}#30")
        assert str(seed) not in tab.page.content() and "seed" not in tab.text("body")
    path.write_text(replay_html(game.record, show_seed=True), encoding="utf-8")
    tab.page.goto(path.as_uri())
    assert tab.text("h1") == f"RailRoad Rummy, 3 players, seed {seed}"


# -- screenshots -----------------------------------------------------------------------------------


STRAY: Final = 96
"""How far (0 to 255, in any channel) a pixel must be from every colour around it in the other picture to
count as a stray."""
MOST_STRAYS: Final = 2
"""How many stray pixels two pictures that look alike may have."""


def _strays(actual: Any, expected: Any) -> int:
    """How many pixels of either screenshot stand apart from the other, compared at half size (a box
    filter): a pixel whose colour lies outside the range of the colours around the same place in the
    other picture (its 3 by 3 neighbourhood) by more than [`STRAY`][tests.test_browser.STRAY]. Text
    antialiased or hinted another way, or drawn a fraction of a pixel aside, leaves none; a card of
    another suit leaves dozens, another rank a few."""
    small, other = actual.reduce(2), expected.reduce(2)

    def apart(picture: Any, around: Any) -> int:
        low, high = around.filter(ImageFilter.MinFilter(3)), around.filter(ImageFilter.MaxFilter(3))
        worst = ImageChops.lighter(ImageChops.subtract(low, picture), ImageChops.subtract(picture, high))
        red, green, blue = worst.split()
        channel = ImageChops.lighter(ImageChops.lighter(red, green), blue)
        return sum(channel.histogram()[STRAY:])

    return max(apart(small, other), apart(other, small))


def _looks_alike(actual: Any, expected: Any) -> bool:
    return bool(actual.size == expected.size and _strays(actual, expected) <= MOST_STRAYS)


def _screenshot(tab: Tab, picture: str, path: Path) -> Any:
    path.write_text(picture, encoding="utf-8")
    tab.page.goto(path.as_uri())
    shot = tab.page.locator("svg").first.screenshot()
    return Image.open(io.BytesIO(shot)).convert("RGB")


def _position(variant: str) -> rummykit.Game:
    """A game of ``variant`` after 60 random actions, of 4 seats (of 2 in Gin Rummy, its most)."""
    return position(variant, min(4, rummykit.variant_spec(variant).max_players), 5, 60)


def _compare(tab: Tab, tmp_path: Path, name: str, picture: str) -> None:
    """A screenshot of ``picture`` against tests/data/pictures/``name``.png."""
    actual = _screenshot(tab, picture, tmp_path / f"{name}.svg")
    reference = DATA / f"{name}.png"
    if UPDATE:
        DATA.mkdir(parents=True, exist_ok=True)
        actual.save(reference, optimize=True)
    assert reference.exists(), f"no reference screenshot {reference}: write it with RUMMYKIT_UPDATE_PICTURES=1"
    expected = Image.open(reference).convert("RGB")
    if not _looks_alike(actual, expected):
        actual.save(tmp_path / f"{name}-actual.png")
        strays = _strays(actual, expected) if actual.size == expected.size else None
        pytest.fail(
            f"{name}: the picture looks different from {reference} (sizes {actual.size} and {expected.size}, "
            f"{strays} stray pixels); the new one: {tmp_path / f'{name}-actual.png'}"
        )


@pytest.mark.parametrize("variant", rummykit.available_variants())
def test_a_view_looks_as_it_did(tab: Tab, tmp_path: Path, variant: str) -> None:
    game = _position(variant)
    seat = game.to_act[0] if game.to_act else 0  # a game of one deal (Indian Rummy's Points) may be over by now
    _compare(tab, tmp_path, variant, game.picture(seat))


def test_eight_seats_and_a_hand_of_31_cards_look_as_they_did(tab: Tab, tmp_path: Path) -> None:
    game = position("railroad-rummy", 8, 6, 120)
    _compare(tab, tmp_path, "railroad-rummy-8-seats", game.picture(game.to_act[0]))
    deck = standard_deck()
    _compare(tab, tmp_path, "hand-of-31", svg.hand(deck[::2][:26] + deck[1:18:4], sort=True))


def test_the_comparison_sees_a_single_card_changed(tab: Tab, tmp_path: Path) -> None:
    """The tolerance forgives antialiasing, not a card: one card of the hand of another suit, or of
    another rank, is a difference."""
    game = _position("rummy")
    view = game.view(0)
    first = _screenshot(tab, svg.view(view), tmp_path / "a.svg")
    again = _screenshot(tab, svg.view(view), tmp_path / "b.svg")
    assert _looks_alike(first, again)
    card = view.hand[0]
    for other in (
        rummykit.Card.of(card.rank, rummykit.Suit.SPADES if card.is_red else rummykit.Suit.HEARTS),
        rummykit.Card.of(rummykit.Rank.QUEEN if card.rank is rummykit.Rank.KING else rummykit.Rank.KING, card.suit),
    ):
        hand = (other, *view.hand[1:])
        changed = _screenshot(tab, svg.view(attrs.evolve(view, hand=hand), sort=False), tmp_path / "c.svg")
        unchanged = _screenshot(tab, svg.view(view, sort=False), tmp_path / "d.svg")
        assert not _looks_alike(unchanged, changed), f"{card} changed to {other} goes unseen"
