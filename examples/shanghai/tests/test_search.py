"""rummykit's ``search`` bot plays Shanghai, a third-party variant, with legal actions to the end."""

from __future__ import annotations

from rummykit.testing import check_games
from rummykit.testing.coverage import coverage_targets


def test_the_search_plays_shanghai_to_the_end() -> None:
    unreachable = dict.fromkeys(coverage_targets("shanghai"), "one game of the search bot, not a coverage run")
    report = check_games("shanghai", games=2, players=3, bots=["search:1"], budget=0, unreachable=unreachable)
    assert report.games >= 1
