"""Reading pictures back: the cards an SVG draws face up, the card names its words hold, the cards a
view shows, and the frames of a replay viewer's page put together as the page's script does."""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator
from typing import Any, Final

import rummykit
from rummykit.core.cards import Card, standard_deck
from rummykit.core.engine import Game
from rummykit.core.melds import MeldRules
from rummykit.core.views import Picture, View, shown_fields
from rummykit.standard import StandardRules
from rummykit.testing import choose_action
from rummykit.testing.visibility import cards_in

SVG: Final = "{http://www.w3.org/2000/svg}"
XLINK_HREF: Final = "{http://www.w3.org/1999/xlink}href"
FACES: Final = {f"rk-{card}": card for card in standard_deck(jokers=1)}
_CARD_WORD: Final = re.compile(r"(?<![\w#-])((?:10|[2-9JQKA])[CDHS]|JK)(?![\w-])")


def parse(svg: str) -> ET.Element:
    """The SVG parsed as XML (raises if it is not well formed)."""
    return ET.fromstring(svg)


def drawn_faces(svg: str | ET.Element) -> Counter[Card]:
    """The cards drawn face up: every use of a card's symbol outside the definitions."""
    root = parse(svg) if isinstance(svg, str) else svg
    found: Counter[Card] = Counter()
    for use in root.iter(f"{SVG}use"):
        href = use.get(XLINK_HREF, "")
        if href.startswith("#rk-") and href != "#rk-back":
            found[FACES[href[1:]]] += 1
    return found


def defined_symbols(svg: str) -> set[str]:
    """The ids defined in the SVG's ``<defs>``."""
    root = parse(svg)
    return {element.get("id", "") for defs in root.iter(f"{SVG}defs") for element in defs if element.get("id")}


def used_symbols(svg: str) -> set[str]:
    return {use.get(XLINK_HREF, "")[1:] for use in parse(svg).iter(f"{SVG}use")}


def words(svg: str | ET.Element) -> str:
    """Every text of the SVG outside its definitions (texts and titles), joined."""
    root = parse(svg) if isinstance(svg, str) else svg
    texts: list[str] = []
    for child in root:
        if child.tag == f"{SVG}defs":
            continue
        tags = (f"{SVG}text", f"{SVG}title")
        texts.extend("".join(element.itertext()) for element in child.iter() if element.tag in tags)
    return " ".join(texts)


def named_faces(text: str) -> set[Card]:
    """The cards a text names (``7H``, ``10S``, ``JK``)."""
    return {Card.parse(match) for match in _CARD_WORD.findall(text)}


def view_faces(view: View) -> Counter[Card]:
    """The cards a view shows face up: the hand, the table, the top discard (or the whole pile where it lies
    spread), the card taken from it, and the cards of the fields it declares (a kitty, red 3s)."""
    shown: Counter[Card] = Counter(view.hand)
    shown.update(card for table_meld in view.table for card in table_meld.meld.cards)
    spread = any(field.picture is Picture.SPREAD for field in shown_fields(view))
    shown.update(card for card in (None if spread else view.discard_top, view.taken) if card is not None)
    for field in shown_fields(view):
        if not field.news:
            shown.update(cards_in(field.value))
    return shown


def played(variant: str, players: int, seed: int, steps: int) -> Iterator[Game]:
    """A game of the kit's random bot, yielded after every action (and at the start), ``steps`` at most."""
    game = rummykit.new_game(variant, players, seed=seed)
    rng = random.Random(seed)
    yield game
    for _ in range(steps):
        if game.is_over:
            return
        game.apply(choose_action(game, rng))
        yield game


def meld_rules(variant: str) -> MeldRules:
    """The meld rules of a game of ``variant`` (two players)."""
    rules = rummykit.new_game(variant, players=2, seed=1).state.rules
    assert isinstance(rules, StandardRules)
    return rules.melds


def position(variant: str, players: int, seed: int, steps: int) -> Game:
    """The game of [`played`][tests.pictures_support.played] after its last action."""
    *_, game = played(variant, players, seed, steps)
    return game


# -- the replay viewer's page ----------------------------------------------------------------------


def page_data(page: str) -> dict[str, Any]:
    """The data the page's script reads."""
    match = re.search(r'<script type="application/json" id="rk-data">(.*?)</script>', page, re.DOTALL)
    assert match is not None, "the page has no data"
    data: dict[str, Any] = json.loads(match.group(1))
    return data


def _place(value: float) -> str:
    """A number as JavaScript writes it."""
    return str(int(value)) if value == int(value) else repr(value)


def frame_markup(data: dict[str, Any], index: int) -> str:
    """Frame ``index`` of the page as its script puts it together (its ``<svg>`` element)."""
    parts, frame = data["parts"], data["frames"][index]
    markup = parts[frame[0]]
    for i in range(1, len(frame), 3):
        markup += f'<g transform="translate({_place(frame[i + 1])},{_place(frame[i + 2])})">{parts[frame[i]]}</g>'
    return str(markup) + "</svg>"


def without_defs(svg: str) -> str:
    """An SVG with its definitions left out (the viewer defines every card once for its frames)."""
    return re.sub(r"<defs>.*?</defs>", "", svg, count=1, flags=re.DOTALL)
