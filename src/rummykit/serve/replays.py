"""A finished game's replay page, as the server gives it to a seat: built in the worker thread
([`Builds`][rummykit.serve.builds.Builds]), kept in a cache bounded in bytes, and bounded in size.

A page is made once for each finished game and seat (and the spectators), then served from the
cache while it is kept: a finished game never changes, so neither does its page, and only finished
games have pages. A page larger than the server's limit (``max_bytes``) is refused with
[`TooLarge`][rummykit.serve.replays.TooLarge], which says so; the refusal is kept like a page, so
that asking again costs nothing. A game of more than one action for every `BYTES_PER_ACTION_AT_LEAST`
bytes of the limit is refused without building its page (no page takes less for an action).

The page is served with a Content-Security-Policy of its own (its inline script by its hash, its
inline style, nothing fetched), which the page also carries in a ``<meta>`` element, for when it is
opened from the file it was saved to.
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Callable
from typing import Final

import attrs

from rummykit.core.records import GameRecord
from rummykit.serve.builds import Builds, Cache
from rummykit.viewer import replay_html

__all__ = ["BYTES_PER_ACTION_AT_LEAST", "Page", "ReplayPages", "TooLarge", "page_policy"]

BYTES_PER_ACTION_AT_LEAST: Final = 256
"""Fewer bytes than any replay page takes for each action of its game (a two-player game of Gin
Rummy takes about 1,100)."""
_INLINE_SCRIPT: Final = re.compile(r"<script>(.*?)</script>", re.DOTALL)
_CHARSET: Final = '<meta charset="utf-8">'


def page_policy(page: str) -> str:
    """The Content-Security-Policy of a replay page: its inline scripts (by their hashes), inline
    style, pictures from ``data:`` addresses, and nothing else.

    Examples:
        >>> page_policy("<script>go()</script>").split("; ")[:2]
        ["default-src 'none'", "script-src 'sha256-5KYv+PUboo5h+0+YAtGRPbwv5d/QxzHslP4YGnUaxRw='"]
    """
    hashes = [
        "'sha256-" + base64.b64encode(hashlib.sha256(script.encode()).digest()).decode() + "'"
        for script in _INLINE_SCRIPT.findall(page)
    ]
    return (
        f"default-src 'none'; script-src {' '.join(hashes) or 'none'}; style-src 'unsafe-inline'; "
        "img-src data:; base-uri 'none'; form-action 'none'"
    )


@attrs.frozen(kw_only=True)
class Page:
    """A replay page as served: its HTML in UTF-8, and its Content-Security-Policy."""

    body: bytes = attrs.field(repr=False)
    policy: str = attrs.field(repr=False)


class TooLarge(Exception):
    """A replay page larger than the server makes; its text says how large, and the limit."""


@attrs.frozen(kw_only=True)
class _Refusal:
    """A page refused for its size (at least ``size`` bytes; measured, or from the game's actions)."""

    size: int
    limit: int
    measured: bool = True

    def error(self) -> TooLarge:
        megabytes = f"{self.size / 1e6:.1f} MB" if self.measured else f"more than {self.limit / 1e6:g} MB"
        return TooLarge(
            f"this game's replay page would be {megabytes}, more than this server makes "
            f"({self.limit / 1e6:g} MB, its --max-replay-mb)"
        )


_Made = Page | _Refusal


class ReplayPages:
    """The replay pages of finished games, by game and seat (see the module's docstring)."""

    def __init__(self, builds: Builds, *, max_bytes: int, cache_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.cache: Cache[tuple[str, int | None], _Made] = Cache(builds, most=cache_bytes, weigh=_weight)

    async def page(self, game_id: str, seat: int | None, record: Callable[[], GameRecord]) -> Page:
        """The replay page of finished game ``game_id`` from ``seat``'s view (``None``: the
        spectators'), kept or built from ``record()`` (called in the worker thread).

        Raises:
            TooLarge: the page would be larger than ``max_bytes``.
            Busy: the worker thread has too many jobs waiting.
        """
        made = await self.cache.fetch((game_id, seat), lambda: self._build(record, seat))
        if isinstance(made, _Refusal):
            raise made.error()
        return made

    def _build(self, record: Callable[[], GameRecord], seat: int | None) -> _Made:
        game = record()
        if len(game.actions) * BYTES_PER_ACTION_AT_LEAST > self.max_bytes:
            return _Refusal(size=len(game.actions) * BYTES_PER_ACTION_AT_LEAST, limit=self.max_bytes, measured=False)
        html = replay_html(game, seat=seat)
        policy = page_policy(html)
        meta = f'{_CHARSET}\n<meta http-equiv="Content-Security-Policy" content="{policy}">'
        body = html.replace(_CHARSET, meta, 1).encode()
        if len(body) > self.max_bytes:
            return _Refusal(size=len(body), limit=self.max_bytes)
        return Page(body=body, policy=f"{policy}; frame-ancestors 'none'")


def _weight(made: _Made) -> int:
    return len(made.body) if isinstance(made, Page) else 100
