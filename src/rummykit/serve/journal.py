"""The game's log as the server tells it: every action of the game, numbered from the game's start
(1 is its first action), with the round it was played in and what it led to that the view tells as
news (a claim window closing: who took the card, and how), in words a person reads.

A [`Journal`][rummykit.serve.journal.Journal] grows by one entry with each action the server stores;
a game brought back (after a restart, or a finished game asked for again) has its journal rebuilt as
its actions are replayed ([`replayed`][rummykit.serve.journal.replayed]). What a seat is told of it
is made from its view: a round already over is told whole; the round being played only as far as the
seat's view tells it (a variant withholds what is still secret, such as RailRoad Rummy's sealed
declarations in an open claim window); the news is the spectator's, public to everyone.

An abbreviation (a word in capitals, such as RailRoad Rummy's HMG) is spelled out where the log first
uses it, and in a glossary sent with the messages that use it: by the words of the variant's own
glossary ([`VariantSpec.glossary`][rummykit.core.specs.VariantSpec]), else by the variant's rule whose
title names it.

Examples:
    >>> import rummykit
    >>> from rummykit_variants.railroad_rummy import Claim, Pass
    >>> game = rummykit.new_game("railroad-rummy", players=3, seed=4)
    >>> journal = Journal(game)
    >>> turn = game.turn
    >>> for action in (rummykit.Draw(seat=turn), Claim(seat=(turn + 1) % 3, hmg=True), Pass(seat=(turn + 2) % 3)):
    ...     _ = game.apply(action)
    ...     _ = journal.add(game, action, round_number=1)
    >>> for entry in journal.told(game, None):
    ...     print(entry["number"], entry["text"], entry["news"])  # doctest: +ELLIPSIS
    1 seat 1: draw from the stock []
    2 seat 2: claim the top discard with an HMG (HMG: a token that puts a claim ahead of every claim ...) []
    3 seat 0: pass on the top discard ['last claim: seat 2 took the 9S with an HMG and a penalty card ...']
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import Any, Final

import attrs

from rummykit.core.actions import Action
from rummykit.core.engine import Game, replay
from rummykit.core.records import GameRecord
from rummykit.core.views import View, shown_fields
from rummykit.viewer import news_of

__all__ = ["LOG_PAGE", "Entry", "Journal", "Told", "abbreviations", "replayed"]

LOG_PAGE: Final = 40
"""How many of the log's entries a state message carries (the latest), and a page of the log asked
for holds."""

_WORD: Final = re.compile(r"\b([A-Z]{2,})s?\b(?!-\d)")
"""A word in capitals (its plural too), not a rule id's letters (``RR`` of ``RR-16``)."""
_CARD: Final = re.compile(r"^(?:10|[2-9AJQK])[CDHS]$|^JK$")


def abbreviations(text: str) -> list[str]:
    """The abbreviations ``text`` uses, in order, each once: words in capitals that are not cards
    (``KC``, ``JK``) nor a rule id's letters.

    Examples:
        >>> abbreviations("seat 2 took the KC with an HMG (RR-16); HMGs left: 2")
        ['HMG']
    """
    return list(_abbreviations(text))


@functools.lru_cache(maxsize=8192)
def _abbreviations(text: str) -> tuple[str, ...]:
    """`abbreviations`, kept for the texts met last: every state message tells the log's latest
    entries again, and their words are the same each time."""
    found: list[str] = []
    for match in _WORD.finditer(text):
        word = match.group(1)
        if not _CARD.match(word) and word not in found:
            found.append(word)
    return tuple(found)


@attrs.frozen(kw_only=True)
class Entry:
    """One action of the game's log: its number from the game's start (1: the first action), the
    round it was played in, the action, and what it led to that the view tells as news."""

    number: int
    round: int
    action: Action
    news: tuple[str, ...] = ()


@attrs.define
class Told:
    """What a page has been told of a game's log, by the entries' numbers: every entry up to ``upto``,
    and those in ``numbers`` above it (an entry of the round being played that a seat's view still
    withholds, such as a sealed declaration in RailRoad Rummy's claim window, is told later than the
    entries after it). A page's first state tells it the latest page of the log, and marks every
    older entry it may know as told: the page asks for those a page at a time."""

    upto: int = 0
    numbers: set[int] = attrs.Factory(set)
    started: bool = False
    """Whether the page has had its first state."""


class Journal:
    """The log of a game, one `Entry` for each of its actions, and where each abbreviation is first
    used. It starts from ``game`` as it is, with no action yet (`replayed` rebuilds a game's).

    Args:
        game: the game whose log it keeps.
    """

    def __init__(self, game: Game) -> None:
        self.entries: list[Entry] = []
        self.first_use: dict[str, int] = {}
        """The number of the entry where each abbreviation is first used."""
        self.explained: dict[str, str] = {}
        """Each abbreviation met, in words."""
        self._glossary = dict(game.spec.glossary)
        self._rules = [*game.spec.rules, *(rule for house in game.house_rules for rule in house.rules)]
        public = game.view(None)
        self._news = any(field.news for field in shown_fields(public, every=True))
        self._public: View | None = public if self._news else None
        self._told_entries: dict[tuple[int, bool], dict[str, Any]] = {}
        """Each entry as told to the seat that played it (``True``) and to the others: an entry and
        the abbreviations first used in it never change once it is added."""

    def add(self, game: Game, action: Action, *, round_number: int) -> Entry:
        """Add ``action``, just applied to ``game`` in round ``round_number``; its entry."""
        news: tuple[str, ...] = ()
        if self._news:
            after = game.view(None)
            if self._public is not None:
                news = tuple(news_of(self._public, after))
            self._public = after
        entry = Entry(number=len(self.entries) + 1, round=round_number, action=action, news=news)
        self.entries.append(entry)
        for text in (action.describe(), *news):
            for word in abbreviations(text):
                if word not in self.first_use:
                    self.first_use[word] = entry.number
                    self.explained[word] = self._explain(word)
        return entry

    def _explain(self, word: str) -> str:
        if word in self._glossary:
            return self._glossary[word]
        pattern = re.compile(rf"\b{word}s?\b")
        for rule in self._rules:
            if pattern.search(rule.title):
                return f"see rule {rule.id}, {rule.title}: {rule.text.split('. ')[0].rstrip('.')}"
        return "(not explained by the variant's rules)"

    def visible(self, game: Game, view: View) -> list[Entry]:
        """The entries the seat of ``view`` may know: every round over told whole, the round being
        played as far as the view's log tells it."""
        if game.is_over:
            return list(self.entries)
        start = len(self.entries)
        while start > 0 and self.entries[start - 1].round == view.round:
            start -= 1
        shown = self.entries[:start]
        known, at = view.log, 0
        for entry in self.entries[start:]:
            if at < len(known) and (known[at] is entry.action or known[at] == entry.action):
                shown.append(entry)
                at += 1
        return shown

    def page(self, game: Game, view: View, *, before: int | None = None) -> tuple[list[dict[str, Any]], bool]:
        """The last `LOG_PAGE` entries the seat of ``view`` may know (of those numbered below
        ``before``, if given), and whether it may know older ones. Each entry as a message's log
        entry: ``number``, ``round``, ``seat``, ``text`` (in words, each abbreviation spelled out where
        the game first uses it) and ``news``."""
        entries = self.visible(game, view)
        if before is not None:
            entries = [entry for entry in entries if entry.number < before]
        return [self._told(entry, view.seat) for entry in entries[-LOG_PAGE:]], len(entries) > LOG_PAGE

    def fresh(self, game: Game, view: View, told: Told) -> tuple[list[dict[str, Any]], bool]:
        """The entries the seat of ``view`` may know that ``told`` does not hold, as `page` tells them
        (``told`` then holds them), and whether it may know more than the latest `LOG_PAGE`. For a page
        not yet told anything, the latest `LOG_PAGE` entries (`page`'s).

        It reads the entries of the round being played and those added since ``told``'s, not the
        whole log: a state message is made for each action of the game.
        """
        known: list[int] = []
        if game.is_over:
            start = len(self.entries)
        else:
            start = len(self.entries)
            while start > 0 and self.entries[start - 1].round == view.round:
                start -= 1
            log, at = view.log, 0
            for entry in self.entries[start:]:
                if at < len(log) and (log[at] is entry.action or log[at] == entry.action):
                    known.append(entry.number)
                    at += 1
        count = start + len(known)
        if not told.started:
            told.started = True
            told.upto, told.numbers = start, set(known)
            shown = [*self.entries[max(0, start - LOG_PAGE) : start], *(self.entries[n - 1] for n in known)]
            return [self._told(entry, view.seat) for entry in shown[-LOG_PAGE:]], count > LOG_PAGE
        new = [number for number in range(told.upto + 1, start + 1) if number not in told.numbers]
        new += [number for number in known if number > told.upto and number not in told.numbers]
        told.numbers.update(new)
        if start > told.upto:
            told.numbers = {number for number in told.numbers if number > start}
            told.upto = start
        while told.upto + 1 in told.numbers:
            told.upto += 1
            told.numbers.remove(told.upto)
        return [self._told(self.entries[number - 1], view.seat) for number in new], count > LOG_PAGE

    def told(self, game: Game, seat: int | None) -> list[dict[str, Any]]:
        """The last `LOG_PAGE` entries ``seat`` may know (``None``: a spectator), as `page` gives them."""
        return self.page(game, game.view(seat))[0]

    def _told(self, entry: Entry, seat: int | None) -> dict[str, Any]:
        """``entry`` as a message tells it to ``seat``; the same object each time (read only)."""
        own = entry.action.seat == seat
        told = self._told_entries.get((entry.number, own))
        if told is None:
            who = "you" if own else f"seat {entry.action.seat}"
            told = {
                "number": entry.number,
                "round": entry.round,
                "seat": entry.action.seat,
                "text": self._spelled(f"{who}: {entry.action.describe()}", entry.number),
                "news": [self._spelled(text, entry.number) for text in entry.news],
            }
            self._told_entries[entry.number, own] = told
        return told

    def _spelled(self, text: str, number: int) -> str:
        for word in abbreviations(text):
            if self.first_use.get(word) == number:
                text += f" ({word}: {self.explained[word]})"
        return text

    def glossary(self, texts: Iterable[str]) -> dict[str, str]:
        """The abbreviations ``texts`` use, each in words (those the game's log has not met yet
        explained as `add` would)."""
        found: dict[str, str] = {}
        for text in texts:
            for word in abbreviations(text):
                if word not in found:
                    found[word] = self.explained.get(word) or self._explain(word)
        return found


def replayed(record: GameRecord) -> tuple[Game, Journal]:
    """A game brought back from its record, its actions applied again one by one, and its journal."""
    game = replay(record, upto=0)
    journal = Journal(game)
    for action in record.actions:
        number = game.round
        game.apply(action)
        journal.add(game, action, round_number=number)
    return game, journal


def journal_of(game: Game) -> Journal:
    """The journal of ``game``, rebuilt from its record."""
    return replayed(game.record)[1]
