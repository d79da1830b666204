"""Play with the cards at the server's table in a real browser (issue 36, finding 3): Chromium from the
system's packages driven by Playwright, as tests/test_serve_browser.py.

The seat's page, as the server serves it, plays a seeded game of Rummy over a WebSocket the test
answers as the server does: each act the page sends must be one of the legal actions of the state it
was sent, and is applied to the game, whose next state is sent back. The seat draws by clicking the
stock, goes down by selecting three cards of its hand and clicking "Meld", lays a card off by clicking
a meld of the table, and discards by clicking the discard pile; cards are selected by the keyboard too,
a selection is cleared, and a selection that no legal action uses offers no move and sends nothing.
Each at 1280 by 800 and at 390 by 844, with a screenshot of a hand with a selection compared with
its reference in tests/data/pictures/ (``table-cards-selected-*.png``; write them again with
``RUMMYKIT_UPDATE_PICTURES=1 pytest -m browser tests/test_serve_cards_browser.py``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

import pytest

pytest.importorskip("uvicorn", reason="the serve extra is not installed (pip install -e '.[serve]')")
pytest.importorskip("httpx2", reason="the serve extra is not installed (pip install -e '.[serve]')")

from starlette.testclient import TestClient

import rummykit
from rummykit.core.engine import Game
from rummykit.serve.messages import action_document, read_action, seat_message
from tests.test_serve_browser import WAIT, browser
from tests.test_serve_round_end_browser import SIZES, Screen, pages

pytestmark = pytest.mark.browser
__all__ = ["browser", "pages"]  # the fixtures, shared with the other browser tests of the table

SEED: Final = 1
"""A Rummy deal whose first seat to act holds, once it has drawn, the run 4S 5S 6S, 7S to lay off on
it, and the set 7D 7H 7S."""


class Table(Screen):
    """A seat's page of the server in a browser of ``size``, playing ``game`` over a WebSocket the test
    answers: each act must be a legal action of the state last sent (else the test fails), and is
    applied; the game's next state is sent back."""

    def __init__(self, browser: Any, pages: TestClient, size: str, game: Game, seat: int) -> None:
        self.game = game
        self.seat = seat
        self.pictures: bool | str = False
        self.acts: list[dict[str, Any]] = []
        super().__init__(browser, pages, size, {})

    def _socket(self, socket: Any, message: Any) -> None:
        def send() -> None:
            at = len(self.game.record.actions)
            socket.send(json.dumps(seat_message(self.game, self.seat, at, pictures=self.pictures)))

        def received(text: Any) -> None:
            data = json.loads(text)
            self.sent.append(data)
            if data["type"] == "hello":
                self.pictures = data["pictures"]
                send()
            elif data["type"] == "act":
                legal = [action_document(self.game, action) for action in self.game.legal_actions(self.seat)]
                assert data["action"] in legal, f"the page sent an action not legal now: {data['action']}"
                assert data["at"] == len(self.game.record.actions)
                self.acts.append(data["action"])
                self.game.apply(read_action(self.game, data["action"]))
                send()

        socket.on_message(received)

    def wait_for(self, at: int) -> None:
        self.page.wait_for_selector(f'body[data-at="{at}"]', state="attached", timeout=WAIT)

    def card(self, name: str) -> Any:
        return self.page.locator(f'[data-testid="hand-{name}"]')

    def select(self, *names: str) -> None:
        for name in names:
            self.card(name).click()

    def pressed(self) -> list[str]:
        cards = self.page.locator('.hand-card[aria-pressed="true"]')
        return [str(card.get_attribute("data-testid")).removeprefix("hand-") for card in cards.all()]

    def offered(self) -> list[str]:
        return [str(text) for text in self.page.locator('[data-testid="offered"] button').all_inner_texts()]

    def enabled(self, testid: str) -> bool:
        return bool(self.page.locator(f'[data-testid="{testid}"]').is_enabled())


def drawn(browser: Any, pages: TestClient, size: str) -> Table:
    """The first seat to act of the seeded deal, its page open at ``size``, having drawn by clicking
    the stock."""
    game = rummykit.new_game("rummy", players=2, seed=SEED)
    seat = game.to_act[0]
    table = Table(browser, pages, size, game, seat)
    # nothing selected: the stock and the discard pile are the places to draw from; no meld yet
    assert table.enabled("stock") and table.enabled("discard-pile") and not table.enabled("meld-target")
    assert table.offered() == ["draw from the stock", "take the top discard"]
    assert table.page.locator(".hand-card:enabled").count() == 0  # no card can be played before drawing
    table.page.click('[data-testid="stock"]')
    table.wait_for(1)
    assert table.acts == [{"type": "draw", "seat": seat}]
    return table


@pytest.mark.parametrize("size", SIZES)
def test_a_turn_is_played_by_clicking_the_cards(browser: Any, pages: TestClient, tmp_path: Path, size: str) -> None:
    table = drawn(browser, pages, size)
    seat = table.seat
    try:
        assert table.page.locator(".hand-card").count() == 11
        assert table.offered() == []  # every move now uses cards
        table.select("4S", "5S", "6S")
        assert sorted(table.pressed()) == ["4S", "5S", "6S"]
        assert table.offered()[0] == "go down with 4S 5S 6S"  # exactly these cards first, then more
        assert all(text.startswith("go down with") for text in table.offered())
        assert table.enabled("meld-target") and not table.enabled("discard-pile") and not table.enabled("stock")
        table.page.mouse.move(0, 0)
        table.compare(f"table-cards-selected-{size}", tmp_path)
        table.page.click('[data-testid="meld-target"]')
        table.wait_for(2)
        assert table.acts[-1] == {"type": "go-down", "seat": seat, "melds": [["4S", "5S", "6S"]]}
        assert table.page.locator('[data-testid="meld-0"] .card').count() == 3
        assert table.pressed() == []  # a new state: nothing selected
        # one card: its discard and its lay-off are offered; the meld it goes on completes the lay-off
        table.select("7S")
        assert set(table.offered()) >= {"discard 7S"}
        assert any(text.startswith("lay off 7S") for text in table.offered())
        assert table.enabled("meld-0") and table.enabled("discard-pile")
        table.page.click('[data-testid="meld-0"]')
        table.wait_for(3)
        assert table.acts[-1]["type"] == "lay-off" and table.acts[-1]["card"] == "7S"
        assert table.acts[-1]["meld"] == 0
        assert table.page.locator('[data-testid="meld-0"] .card').count() == 4
        table.select("2H")
        assert table.offered() == ["discard 2H"]
        table.page.click('[data-testid="discard-pile"]')
        table.wait_for(4)
        assert table.acts[-1] == {"type": "discard", "seat": seat, "card": "2H"}
        assert table.page.locator('[data-testid="offered"]').count() == 0  # the other seat's turn: no moves
    finally:
        table.close()


@pytest.mark.parametrize("size", SIZES)
def test_cards_are_selected_by_keyboard_cleared_and_a_selection_no_move_uses_offers_none(
    browser: Any, pages: TestClient, size: str
) -> None:
    table = drawn(browser, pages, size)
    try:
        table.card("7H").focus()
        table.page.keyboard.press("Space")
        assert table.pressed() == ["7H"]
        assert "discard 7H" in table.offered()
        table.page.keyboard.press("Tab")  # the next card of the hand
        table.page.keyboard.press("Enter")
        assert sorted(table.pressed()) == ["2S", "7H"]
        # no legal action uses 7H and 2S together: nothing is offered, no place takes them
        assert table.offered() == []
        assert table.page.locator('[data-testid="no-move"]').is_visible()
        for place in ("stock", "discard-pile", "meld-target"):
            assert not table.enabled(place)
        table.page.keyboard.press("Enter")  # the same card again: unselected
        assert table.pressed() == ["7H"]
        table.page.click('[data-testid="clear-selection"]')
        assert table.pressed() == []
        assert table.offered() == [] and not table.enabled("discard-pile")
        assert not table.enabled("clear-selection")
        # the list of all moves in words stays, the fallback: every legal action is there
        table.page.click('[data-testid="all-moves"] > summary')
        every = table.page.locator('[data-testid="all-moves"] .actions button')
        assert every.count() == len(table.game.legal_actions(table.seat))
        # a card dragged to the discard pile is discarded
        table.card("JD").drag_to(table.page.locator('[data-testid="discard-pile"]'))
        table.wait_for(2)
        assert table.acts[-1] == {"type": "discard", "seat": table.seat, "card": "JD"}
        assert [sent["type"] for sent in table.sent] == ["hello", "act", "act"]
    finally:
        table.close()
