"""The game server's links, seats and log in a real browser (issue 36: finding 4, "Seats and links";
finding 5, "A log people read"), on the system's Chromium driven by Playwright, as
tests/test_serve_browser.py: another seat's link opened in a tab that holds a seat switches the tab to
the new seat; a spectator sees which seats are played; the first page keeps the links, to copy or send
again, and offers each option of a variant as the control its type calls for, and each bot at each of
its levels; the log is read a page
at a time, from the game's first action."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

pytest.importorskip("uvicorn", reason="the serve extra is not installed (pip install -e '.[serve]')")
pytest.importorskip("httpx2", reason="the serve extra is not installed (pip install -e '.[serve]')")

import httpx2 as httpx

from tests.serve_support import Server
from tests.test_serve_browser import WAIT, Person, browser, server

pytestmark = pytest.mark.browser
__all__ = ["browser", "server"]  # the fixtures, shared with tests/test_serve_browser.py


def test_another_seats_link_opened_in_a_tab_switches_the_tab_to_that_seat(browser: Any, server: Server) -> None:
    answer = httpx.post(server.url("/api/games"), json={"variant": "rummy", "seats": [None, None]}).json()
    links = [seat["link"] for seat in answer["seats"]]
    person = Person(browser, server)
    watcher = Person(browser, server)
    watcher.open(answer["spectators"])
    here = watcher.page.locator('[data-testid="seats-here"]')
    here.filter(has_text="At the table: seat 0 away, seat 1 away.").wait_for(timeout=WAIT)
    person.open(links[0])
    whose = person.page.locator('[data-testid="whose"]')
    whose.filter(has_text="You are seat 0.").wait_for(timeout=WAIT)
    here.filter(has_text="seat 0 here, seat 1 away").wait_for(timeout=WAIT)
    assert person.page.input_value('[data-testid="my-link"]') == links[0]
    person.page.goto(links[1])  # pasted into the same tab: only the part after '#' changes
    whose.filter(has_text="You are seat 1.").wait_for(timeout=WAIT)
    here.filter(has_text="seat 0 away, seat 1 here").wait_for(timeout=WAIT)
    assert person.page.input_value('[data-testid="my-link"]') == links[1]
    person.page.locator('[data-testid="seats-here"]', has_text="you here").wait_for(timeout=WAIT)
    person.page.goto(answer["spectators"])
    whose.filter(has_text="You are watching.").wait_for(timeout=WAIT)
    here.filter(has_text="seat 0 away, seat 1 away").wait_for(timeout=WAIT)
    person.close()
    watcher.close()


def test_the_first_page_offers_each_option_as_its_control_and_keeps_the_links(browser: Any, server: Server) -> None:
    host = Person(browser, server)
    host.page.goto(server.url("/"))
    host.page.select_option('[data-testid="variant"]', "gin-rummy")
    oklahoma = host.page.locator('[data-testid="option-oklahoma"]')
    assert oklahoma.get_attribute("type") == "checkbox" and not oklahoma.is_checked()
    knock_test = host.page.locator('[data-testid="option-knock_test"] option')
    assert knock_test.all_inner_texts() == ["openspiel", "exact"]
    rounds = host.page.locator('[data-testid="option-max_rounds"]')
    assert rounds.get_attribute("type") == "number"
    oklahoma.check()
    host.page.select_option('[data-testid="option-knock_test"]', "exact")
    host.page.select_option('[data-testid="seat-1"]', "")
    with host.page.expect_request("**/api/games") as asked:
        host.page.click('[data-testid="create"]')
    assert json.loads(asked.value.post_data)["options"] == {"oklahoma": True, "knock_test": "exact"}
    links = [host.page.input_value(f'[data-testid="link-{seat}"]') for seat in (0, 1)]
    assert all("/play#" in link for link in links)
    host.page.reload()  # the tab keeps the links, each with its buttons to copy and send it again
    assert [host.page.input_value(f'[data-testid="link-{seat}"]') for seat in (0, 1)] == links
    assert host.page.locator('[data-testid="copy-link-1"]').is_visible()
    assert host.page.locator('[data-testid="send-link-1"]').is_visible()
    host.close()


def test_the_first_page_offers_the_search_bot_at_each_level(browser: Any, server: Server) -> None:
    """Issue 37, levels where people choose opponents: each seat's list offers the search bot at its
    default and at each of its five levels, and the game is asked for with the level chosen."""
    host = Person(browser, server)
    host.page.goto(server.url("/"))
    host.page.select_option('[data-testid="variant"]', "gin-rummy")
    offered = host.page.locator('[data-testid="seat-1"] option')
    values = [offered.nth(index).get_attribute("value") for index in range(offered.count())]
    assert [value for value in values if value and value.startswith("search")] == [
        "search",
        *(f"search:{level}" for level in range(1, 6)),
    ]
    assert "bot: search, level 2 of 5" in offered.all_inner_texts()
    host.page.select_option('[data-testid="seat-1"]', "search:2")
    with host.page.expect_request("**/api/games") as asked:
        host.page.click('[data-testid="create"]')
    assert json.loads(asked.value.post_data)["seats"] == [None, "search:2"]
    host.page.locator('[data-testid="link-0"]').wait_for(timeout=WAIT)
    host.close()


def test_the_log_is_read_a_page_at_a_time_back_to_the_games_first_action(browser: Any, server: Server) -> None:
    body = {"variant": "rummy", "seats": ["random", "random"], "options": {"max_rounds": 2}}
    answer = httpx.post(server.url("/api/games"), json=body).json()
    deadline = time.monotonic() + WAIT / 1000
    spectators = {"Authorization": f"Bearer {answer['spectators'].split('#')[1]}"}
    while httpx.post(server.url("/api/replay"), headers=spectators).status_code == 409:  # until the game is over
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)
    watcher = Person(browser, server)
    watcher.open(answer["spectators"])
    log = watcher.page.locator('[data-testid="log"]')
    last = int(log.get_attribute("data-last"))
    assert int(log.get_attribute("data-first")) == last - 39
    while watcher.page.locator('[data-testid="log-older"]').is_visible():
        first = int(log.get_attribute("data-first"))
        watcher.page.click('[data-testid="log-older"]')
        watcher.page.wait_for_selector(f'[data-testid="log"]:not([data-first="{first}"])', timeout=WAIT)
    assert log.get_attribute("data-first") == "1"
    assert watcher.page.locator('[data-testid="log"] li[data-number="1"]').is_visible()
    assert watcher.page.locator('[data-testid="log"] li.log-round', has_text="Round 1").count() == 1
    watcher.page.click('[data-testid="log-latest"]')
    assert int(log.get_attribute("data-last")) == last
    watcher.close()
