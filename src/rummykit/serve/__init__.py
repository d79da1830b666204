"""``rummykit serve``: a small game server, to play any installed variant in the browser with
friends and bots (the ``serve`` extra: ``pip install 'rummykit[serve]'``).

A person creates a game on the server's first page: the variant, the seats (each a person or a
bot), options and house rules. Each person's seat gets an invitation link with its own secret
token; spectators get one too. A seat's page shows that seat's view, with its picture, and its
legal actions as buttons, grouped by kind, with the cards of the hand to pick from where there are
many (going down, laying off): the controls are made from the legal actions' documents, so every
variant works, third-party ones included, with no page code of its own. Moves arrive live on every
page; a closed page opened again from its link is back at its seat, and another link opened in the
same tab switches it to that link's seat. Every page shows which seats are played, and the game's
whole log, numbered from its first action, a page at a time. A finished game's record and replay page
can be downloaded.

Every accepted action is committed to the storage (SQLite by default,
[`SqliteStorage`][rummykit.serve.storage.SqliteStorage]) before it is acknowledged, and a restarted
server brings back every unfinished game where it stood.

Nobody can stall or fill the server: each client's address holds a bounded number of games, and of
games of bots alone, and so does the server; a game nobody plays in ends; replay pages are made in a
worker thread, once, and kept in a bounded cache; connections are capped, and a request that takes
too long to arrive is closed ([`Settings`][rummykit.serve.app.Settings], docs/howto/serve.md).

The parts: [`app`][rummykit.serve.app] (the web application), [`tables`][rummykit.serve.tables]
(the games being played), [`messages`][rummykit.serve.messages] (the protocol, and what a seat is
sent), [`journal`][rummykit.serve.journal] (the game's log), [`storage`][rummykit.serve.storage],
[`builds`][rummykit.serve.builds] (the slow work, off the event loop) and
[`replays`][rummykit.serve.replays] (the replay pages), and [`server`][rummykit.serve.server]
(uvicorn, with the server's connection limits).
"""

from __future__ import annotations

from rummykit.serve.app import Settings, create_app
from rummykit.serve.messages import seat_message
from rummykit.serve.storage import SqliteStorage, Storage, StoredGame

__all__ = ["Settings", "SqliteStorage", "Storage", "StoredGame", "create_app", "seat_message"]
