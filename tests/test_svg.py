"""Pictures of cards, melds, hands and views (issue 18): valid XML, the same text for the same input (in
another process too), bad input refused with a clear error, the variants' declared fields drawn
without their names being known, and the leak test: no picture of a seat's view draws a card hidden
from that seat."""

from __future__ import annotations

import json
import math
import os
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import rummykit
from rummykit import svg
from rummykit.core.cards import Card, CardId, Rank, face, parse_cards, standard_deck
from rummykit.core.engine import Game
from rummykit.core.errors import InvalidActionError, InvalidCardError, InvalidOptionError, PluginError
from rummykit.core.state import RoundResult, TableMeld
from rummykit.core.views import Picture, View, shown
from rummykit.documents.serialize import dump_view, load_view
from rummykit.svg import canvas, drawing
from rummykit.testing.visibility import RoundWatch, observers
from rummykit_variants.railroad_canasta.rules import GROUPS
from rummykit_variants.railroad_canasta.state import RailroadCanastaView, canastas_of
from tests.pictures_support import (
    SVG,
    defined_symbols,
    drawn_faces,
    meld_rules,
    named_faces,
    parse,
    played,
    used_symbols,
    view_faces,
    words,
)
from tests.sizes import variant_params

VARIANTS = rummykit.available_variants()
UNTYPED: Any = svg
"""The module, as a caller without type checks sees it (to call it with what it refuses)."""
ROOT = Path(__file__).resolve().parent.parent


# -- one card, a hand, a meld ----------------------------------------------------------------------


@pytest.mark.parametrize("card", standard_deck(jokers=1), ids=str)
def test_each_card_is_its_own_symbol_and_nothing_else(card: Card) -> None:
    picture = svg.card(card)
    root = parse(picture)
    assert root.get("viewBox") == f"0 0 {svg.CARD_WIDTH} {svg.CARD_HEIGHT}"
    assert drawn_faces(root) == Counter([card])
    assert defined_symbols(picture) == used_symbols(picture) == {f"rk-{card}"}
    assert words(root) == str(card)  # its title; the rank is drawn inside the symbol


def test_a_wild_card_shows_the_rank_it_stands_for() -> None:
    assert "JK stands for 7" in words(svg.card("JK", stands_for="7"))
    assert "2C stands for 10" in words(svg.card("2C", stands_for=Rank.TEN))
    assert "stands for" not in words(svg.card("7H", stands_for="7"))  # a natural card stands for itself


def test_card_sizes_scale() -> None:
    root = parse(svg.card("QS", scale=2))
    assert (root.get("width"), root.get("height")) == ("112", "160")
    assert root.get("viewBox") == "0 0 56 80"


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: svg.card("1H"), InvalidCardError, "'1H' is not a card"),
        (lambda: UNTYPED.card(42), InvalidCardError, "42 is not a card: give a Card or card text"),
        (lambda: svg.card("JK", stands_for="Z"), InvalidOptionError, "stands_for is a rank .* not 'Z'"),
        (lambda: svg.card("JK", scale=0), InvalidOptionError, "scale is a number greater than 0 .* not 0"),
        (lambda: svg.card("JK", scale=math.nan), InvalidOptionError, "scale is a number greater than 0"),
        (lambda: svg.card("JK", scale=True), InvalidOptionError, "scale is a number greater than 0"),
        (lambda: svg.hand("7H XX"), InvalidCardError, "'XX' is not a card"),
        (lambda: UNTYPED.hand(None), InvalidCardError, "expected cards"),
        (lambda: UNTYPED.meld("7H 7S 7D"), InvalidOptionError, "draws a Meld or a TableMeld, not '7H 7S 7D'"),
        (lambda: UNTYPED.view(rummykit.new_game("rummy", 2, seed=1)), InvalidOptionError, r"draws a View \(game.view"),
        (lambda: UNTYPED.table("view"), InvalidOptionError, "draws a View"),
        (lambda: UNTYPED.piles(None), InvalidOptionError, "draws a View"),
    ],
)
def test_bad_input_is_refused_with_a_clear_error(call: Any, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        call()


def test_bad_view_options_are_refused() -> None:
    game = rummykit.new_game("rummy", 2, seed=1)
    view = game.view(0)
    with pytest.raises(InvalidOptionError, match="names holds one name for each of the 2 seats"):
        svg.view(view, names=["Ann"])
    with pytest.raises(InvalidOptionError, match="not blank"):
        svg.view(view, names=["Ann", " "])
    with pytest.raises(InvalidOptionError, match="caption is text, not 3"):
        svg.view(view, caption=3)  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError, match="there is no seat 5"):
        game.picture(5)
    with pytest.raises(InvalidOptionError, match=r"fresh holds card ids of the hand \(view.hand_ids\), not 5"):
        svg.view(view, fresh=5)  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError, match="fresh holds card ids"):
        svg.view(view, fresh=["7H"])  # type: ignore[list-item]
    with pytest.raises(InvalidCardError, match="expected cards"):
        svg.view(view, wilds=5)  # type: ignore[arg-type]


def test_a_hand_of_31_cards_is_one_row_and_a_longer_one_wraps() -> None:
    deck = standard_deck()
    one_row = parse(svg.hand(deck[:31]))
    assert float(one_row.get("width", 0)) <= svg.WIDTH - 28
    assert one_row.get("height") == str(svg.CARD_HEIGHT)
    two_rows = parse(svg.hand(deck[:40]))
    assert float(two_rows.get("height", 0)) == 2 * svg.CARD_HEIGHT + 6
    assert drawn_faces(two_rows) == Counter(deck[:40])


def test_a_sorted_hand_goes_by_rank_with_wild_cards_last_and_starred() -> None:
    picture = svg.hand("JK 9C 2H 3S 9D", sort=True, wilds="2H JK")
    order = [picture.index(f"#rk-{card}") for card in ("3S", "9C", "9D", "2H", "JK")]
    assert order == sorted(order)
    assert picture.count('d="M0 -5.5') == 2  # a star on each wild card
    assert svg.hand("") == svg.hand([])


def test_a_meld_shows_the_rank_each_wild_card_stands_for() -> None:
    rules = meld_rules("railroad-rummy")
    run = rummykit.read_meld(parse_cards("JK 5C 2H 7H 8S"), rules)
    text = words(svg.meld(run))
    assert "JK stands for 4" in text and "2H stands for 6" in text
    assert drawn_faces(svg.meld(run)) == Counter(run.cards)


# -- views -------------------------------------------------------------------------------------------


def positions(variant: str, *, every: int = 9, steps: int = 140) -> Iterator[Game]:
    """Positions of random games of ``variant`` (the fewest and the most players), every ``every`` actions."""
    spec = rummykit.variant_spec(variant)
    for players, seed in ((spec.min_players, 11), (max(p for p in spec.players if p <= 8), 12)):
        for number, game in enumerate(played(variant, players, seed, steps)):
            if number % every == 0 or game.is_over:
                yield game


@pytest.mark.parametrize("variant", variant_params(VARIANTS))
def test_views_are_valid_xml_and_the_same_view_gives_the_same_picture(variant: str) -> None:
    for game in positions(variant):
        for seat in observers(game):
            view = game.view(seat)
            picture = svg.view(view)
            root = parse(picture)
            assert root.tag == f"{SVG}svg"
            assert root.get("width") == str(svg.WIDTH)
            assert defined_symbols(picture) == used_symbols(picture)  # defines what it draws, no other card
            assert picture == svg.view(game.view(seat))
            assert ("Your hand" in words(root)) == (seat is not None)
        assert game.copy().picture(game.players - 1) == game.picture(game.players - 1)


_DIGESTS = """
import hashlib, json, random, sys
import rummykit
from rummykit.testing import choose_action
digests = {}
for variant in variants:
    players = min(4, rummykit.variant_spec(variant).max_players)
    game = rummykit.new_game(variant, players=players, seed=5)
    rng = random.Random(5)
    for _ in range(40):
        if game.is_over:  # a game of one deal (Indian Rummy's Points) may be over sooner
            break
        game.apply(choose_action(game, rng))
    for seat in (None, 0, players - 1):
        digests[f"{variant} {seat}"] = hashlib.sha256(game.picture(seat).encode()).hexdigest()
"""
"""The digests of the pictures of a few positions of each of ``variants`` (in ``digests``)."""


def test_pictures_are_the_same_in_another_process() -> None:
    """Nothing depends on the order of a set or a dict of the process (hash seeds differ)."""
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    variants = rummykit.available_variants()  # the shipped ones (conftest): not a third-party one installed beside
    result = subprocess.run(
        [sys.executable, "-c", "variants = " + repr(list(variants)) + "\n" + _DIGESTS + "print(json.dumps(digests))"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        cwd=ROOT,
    )
    here: dict[str, object] = {"variants": variants}
    exec(_DIGESTS, here)
    assert json.loads(result.stdout) == here["digests"]


def test_eight_seats_and_long_names_fit() -> None:
    game = rummykit.new_game("railroad-rummy", players=8, seed=3)
    names = [f"a player with a very long name number {seat}" for seat in range(8)]
    root = parse(game.picture(2, names=names))
    assert float(root.get("width", 0)) == svg.WIDTH
    texts = words(root)
    assert "…" in texts  # names cut short to fit their boxes
    assert texts.count("total 0") == 8


def test_text_is_escaped_and_characters_xml_cannot_hold_are_replaced() -> None:
    game = rummykit.new_game("rummy", 2, seed=1)
    picture = game.picture(0, names=["<Ann & 'Bob'>", "Zoë\x01"], caption='a "caption" & more')
    text = words(picture)  # parses
    assert "<Ann & 'Bob'>" in text and "Zoë\ufffd" in text and 'a "caption" & more' in text


def test_fresh_cards_are_marked_and_the_hand_can_keep_its_order() -> None:
    game = rummykit.new_game("rummy", 2, seed=1)
    view = game.view(0)
    newest = view.hand_ids[-1]
    marked = svg.view(view, fresh=[newest])
    assert marked.count('rx="7.5" fill="#f2b705"') == 1  # one gold edge
    unsorted = svg.view(view, sort=False)
    places = [unsorted.index(f'"#rk-{card}"', unsorted.index("Your hand")) for card in view.hand]
    assert places == sorted(places)


# -- what variants declare -------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class ToyView(View):
    """A view declaring a field of each kind of picture, as a third-party variant might."""

    reserve: int = shown("reserve pile", picture=Picture.PILE)
    jokers: tuple[int, ...] = shown("jokers left", per_seat=True, picture=Picture.TOKENS)
    bonus_piles: tuple[int, ...] = shown("bonus pile", per_seat=True, picture=Picture.PILE)
    waiting: tuple[int, ...] = shown("waiting", picture=Picture.SEATS)
    blocked: bool = shown("pile blocked", picture=Picture.CROSSWISE)
    extra: tuple[Card, ...] = shown("your extra cards")
    trophies: tuple[tuple[Card, ...], ...] = shown("trophies", per_seat=True)
    done: tuple[bool, ...] = shown("done", per_seat=True)
    mood: str = shown("mood")
    rank_word: Card = shown("the card, in words", picture=Picture.WORDS)
    note: str = shown("note", news=True)


def toy_view(**fields: Any) -> ToyView:
    game = rummykit.new_game("rummy", 2, seed=1)
    base = game.view(0)
    common = {field.name: getattr(base, field.name) for field in attrs.fields(View)}
    values: dict[str, Any] = {
        "reserve": 12,
        "jokers": (2, 0),
        "bonus_piles": (0, 5),
        "waiting": (1,),
        "blocked": True,
        "extra": parse_cards("AS KS"),
        "trophies": ((), parse_cards("3H 3D")),
        "done": (True, False),
        "mood": "calm",
        "rank_word": Card.parse("QD"),
        "note": "seat 1 did something",
    }
    return ToyView(**{**common, **values, **fields})


def test_each_kind_of_declared_field_is_drawn() -> None:
    view = toy_view()
    picture = svg.view(view, wilds=())
    root = parse(picture)
    text = words(root)
    assert "reserve pile" in text and "12 cards" in text  # a face-down pile beside the stock
    assert "jokers left" in text and "none" in text  # seat 1 has no tokens
    assert picture.count('r="5" fill="#f2b705"') == 2  # seat 0's two tokens
    assert "waiting" in text and "pile blocked" in text and "rotate(90" in picture
    assert "your extra cards · 2 cards" in text
    assert "mood: calm" in text and "the card, in words: QD" in text
    assert "note: seat 1 did something" in text
    assert drawn_faces(root) == view_faces(view) - Counter([Card.parse("QD")])  # QD is in words only


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"jokers": (1,)},
            r"ToyView.jokers is declared shown\('jokers left', per_seat=True, picture='tokens'\), "
            r"so it holds one value for each of the 2 seats, not \(1,\)",
        ),
        ({"reserve": -1}, r"ToyView.reserve .* holds a count \(an int of 0 or more\), not -1"),
        ({"bonus_piles": (0, "5")}, r"ToyView.bonus_piles .* a count \(an int of 0 or more\) for each seat"),
        ({"waiting": (5,)}, r"ToyView.waiting .* holds a seat or seats \(0 to 1\), not \(5,\)"),
    ],
)
def test_a_declared_field_its_value_does_not_fit_is_a_plugin_error(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(PluginError, match=message):
        svg.view(toy_view(**fields))


def test_railroad_rummys_claim_window_hmgs_and_standby_pile_are_drawn() -> None:
    game = rummykit.new_game("railroad-rummy", players=4, seed=1)
    game.apply(rummykit.Draw(seat=2))
    game.apply(game.legal_actions(3)[1])  # seat 3 claims: sealed, but everybody sees that it declared
    text = words(game.picture(0))
    assert "to act (claim)" in text and "declared" in text
    assert "standby pile" in text and "HMGs left" in text
    assert game.picture(0).count('r="5" fill="#f2b705"') == 4 * 3  # 3 HMGs a seat


def frozen(game: Game) -> bool:
    view = game.view(0)
    assert isinstance(view, RailroadCanastaView)
    return view.frozen


def test_a_frozen_canasta_pile_has_a_card_crosswise() -> None:
    seat_0 = [str(card) for card in parse_cards("9C 9D KC KD KH 4C 4D 5C 5D 6C 6D 8C 8D")]
    seat_1 = [str(card) for card in parse_cards("9H 4H 4S 5H 5S 6H 6S 8H 8S 10C 10D JC JD")]
    deal = [card for pair in zip(seat_1, seat_0, strict=True) for card in pair]
    shoe = Counter(str(card) for card in rummykit.new_game("railroad-canasta", players=2).state.rules.shoe)
    shoe.subtract([*deal, "2C"])
    rest = [card for card in sorted(shoe.elements()) if card not in ("3H", "3D")] + ["3H"] * 4 + ["3D"] * 4
    game = rummykit.new_game("railroad-canasta", players=2, shoe=deal + rest[:22] + ["2C"] + rest[22:], dealer=0)
    assert frozen(game) and "rotate(90" in game.picture(0)  # a wild up-card freezes the pile (RC-15)
    games = (rummykit.new_game("railroad-canasta", 2, seed=seed) for seed in range(20))
    thawed = next(other for other in games if not frozen(other))
    assert "rotate(90" not in thawed.picture(0) and "frozen" not in words(thawed.picture(0))
    game.apply(rummykit.Draw(seat=1))
    game.apply(rummykit.Discard(seat=1, card="9H"))
    picture = game.picture(0)
    assert "rotate(90" in picture and "discard pile frozen" in words(picture)
    assert drawn_faces(picture)[Card.parse("2C")] == 0  # the card under the top is not shown


def test_objects_show_themselves_in_notebooks() -> None:
    game = rummykit.new_game("railroad-rummy", players=3, seed=1)
    assert game._repr_svg_() == game._repr_html_() == game.picture(None)
    view = game.view(1)
    assert view._repr_svg_() == view._repr_html_() == svg.view(view) == view.picture()
    card = game.hand(1)[0]
    assert card._repr_svg_() == svg.card(card)
    game.apply(rummykit.Draw(seat=1))
    for seat in game.to_act:
        game.apply(game.legal_actions(seat)[0])
    melds = meld_rules("railroad-rummy")
    meld = rummykit.read_meld(parse_cards("7H 7S 2D"), melds)
    assert meld._repr_svg_() == svg.meld(meld)
    table_meld = rummykit.TableMeld(owner=0, meld=meld, ids=tuple(map(rummykit.CardId, (1, 2, 3))))
    assert table_meld._repr_svg_() == svg.meld(meld)
    assert isinstance(svg.view(view), str) and svg.view(view)._repr_svg_() == svg.view(view)


def test_a_picture_can_be_saved(tmp_path: Path) -> None:
    path = svg.card("AS").save(tmp_path / "ace.svg")
    assert path.read_text(encoding="utf-8") == svg.card("AS")


# -- the leak test ---------------------------------------------------------------------------------


def _lists(game: Game) -> dict[str, list[CardId]]:
    state = game.state
    lists = {f"hands[{seat}]": hand for seat, hand in enumerate(state.hands)}
    lists.update(state.piles)
    for name, per_seat in state.seat_piles.items():
        lists.update({f"{name}[{seat}]": pile for seat, pile in enumerate(per_seat)})
    return lists


def _exchanged_pictures_match(game: Game, watch: RoundWatch, seat: int | None, rng: random.Random) -> None:
    """Two cards of different faces, both hidden from ``seat``, exchanged: its picture is the same."""
    seen = watch.ever(seat)
    places = [(name, i) for name, cards in _lists(game).items() for i, cid in enumerate(cards) if cid not in seen]
    if len(places) < 2:
        return
    for _ in range(2):
        (a, i), (b, j) = rng.sample(places, 2)
        other = game.copy()
        lists = _lists(other)
        if face(lists[a][i]) == face(lists[b][j]):
            continue
        lists[a][i], lists[b][j] = lists[b][j], lists[a][i]
        assert other.picture(seat) == game.picture(seat), f"{seat}'s picture changes when hidden cards are exchanged"


@pytest.mark.parametrize("variant", variant_params(VARIANTS))
def test_no_picture_draws_a_card_hidden_from_its_seat(variant: str) -> None:
    """For every seat (and the spectator) of random positions: the cards drawn face up are exactly the
    cards its view shows, each of them a card the seat has seen (one physical card each), every card
    named in words one it has seen, and two hidden cards exchanged change nothing in the picture."""
    spec = rummykit.variant_spec(variant)
    rng = random.Random(7)
    for players, seed in ((spec.min_players, 21), (max(p for p in spec.players if p <= 5), 23)):
        games = played(variant, players, seed, 120)
        game = next(games)
        watch = RoundWatch(game)
        for number, game in enumerate(games, start=1):
            watch.follow(game)
            if number % 6:
                continue
            for seat in observers(game):
                picture = game.picture(seat)
                root = parse(picture)
                drawn = drawn_faces(root)
                assert drawn == view_faces(game.view(seat)), f"{variant}: seat {seat}'s picture is not its view"
                own = game.state.hands[seat] if seat is not None else []
                seen = Counter(face(cid) for cid in watch.ever(seat) | set(own))
                taken = game.view(seat).taken
                if taken is not None:  # drawn twice: beside the discard pile, and in a hand or on the table
                    drawn[taken] -= 1
                assert not drawn - seen, f"{variant}: seat {seat} is drawn {drawn - seen}, cards it never saw"
                named = named_faces(words(root))
                assert named <= set(seen), f"{variant}: seat {seat}'s picture names {named - set(seen)}"
                _exchanged_pictures_match(game, watch, seat, rng)


# -- text measured in one pass, captions, names (issues 24 and 28) ---------------------------------


class _Measured:
    """Counts the characters the pictures measure (every width is estimated character by character)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, most: int) -> None:
        self.characters = 0
        self.most = most
        real_width = canvas.text_width
        real_advance = getattr(canvas, "_advance", None)

        def text_width(text: str, size: float, *, bold: bool = False) -> float:
            self._count(len(text))
            return real_width(text, size, bold=bold)

        def advance(char: str) -> float:
            self._count(1)
            assert real_advance is not None
            return float(real_advance(char))

        for module in (canvas, drawing):
            monkeypatch.setattr(module, "text_width", text_width, raising=False)
        if real_advance is not None:
            monkeypatch.setattr(canvas, "_advance", advance)

    def _count(self, characters: int) -> None:
        self.characters += characters
        if self.characters > self.most:  # stop early: a measure that grows with the square of the text
            raise AssertionError(f"more than {self.most:,} characters measured")


def test_a_long_seat_name_is_measured_in_one_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24: a seat name of 16,000 characters took 23.7 s to draw (``canvas.fit`` measured the
    text again for each character it cut). Each text is measured a few times at most, so the work
    grows with its length, no faster."""
    name = "W" * 16_000
    game = rummykit.new_game("railroad-rummy", players=2, seed=1)
    measured = _Measured(monkeypatch, most=20 * len(name))
    picture = svg.view(game.view(0), names=[name, "seat 1"], caption="x" * 16_000)
    drawn = ["".join(text.itertext()) for text in parse(picture).iter(f"{SVG}text")]
    assert any(text.endswith("…") for text in drawn) and max(map(len, drawn)) < 200  # cut short to fit
    assert canvas.fit(name, 12, 200) == canvas.fit(name[:100], 12, 200)
    assert measured.characters <= 20 * len(name)


def test_a_bold_caption_is_wrapped_as_bold_text_and_fits_the_picture() -> None:
    caption = " ".join(["seat 2 laid down WWWW MMMM and a long caption of many wide words"] * 6)
    root = parse(svg.view(rummykit.new_game("rummy", players=2, seed=1).view(0), caption=caption))
    lines = [
        "".join(text.itertext())
        for text in root.iter(f"{SVG}text")
        if text.get("font-weight") == "bold" and text.get("font-size") == "12.5"
    ]
    caption_lines = [line for line in lines if line and line.split()[0] in caption]
    assert " ".join(caption_lines).split()[: len(caption.split())] == caption.split()  # nothing clipped
    assert all(canvas.text_width(line, 12.5, bold=True) <= drawing.INNER for line in caption_lines)


def test_a_long_seat_name_keeps_its_you() -> None:
    game = rummykit.new_game("railroad-rummy", players=4, seed=3)
    names = [f"a player with a very long name number {seat} and more" for seat in range(4)]
    texts = words(game.picture(1, names=names))
    assert "… (you)" in texts  # the name is cut short, "(you)" is not


# -- canastas marked (RC-12), a round's end --------------------------------------------------------


def test_canastas_are_marked_with_their_kind_in_the_view_and_the_picture() -> None:
    game = rummykit.new_game("railroad-canasta", players=2, seed=1)
    melds = ["7C 7D 7H 7S 7C 7D 7H", "JK JK 2C 2D 2H 2S JK", "KC KD KH KS KC KD KH", "QC QD QH 2C QS QC QD", "9C 9D 9H"]
    state = game.state.copy()
    state.table = [
        TableMeld(owner=seat % 2, meld=GROUPS.read(parse_cards(text)), ids=()) for seat, text in enumerate(melds)
    ]
    kinds = canastas_of(state.table)
    assert kinds == ("sevens", "wild", "red", "black", "")  # RC-12, by hand
    view = game.configuration.view(state, 0, ())
    assert isinstance(view, RailroadCanastaView) and view.canastas == kinds
    texts = words(svg.view(view))
    for kind in ("sevens", "wild", "red", "black"):
        assert texts.count(f"{kind} canasta") == 1
    assert "canasta: " not in texts  # not also a line of facts


def _canasta_view(game: Game, seat: int | None) -> RailroadCanastaView:
    view = game.view(seat)
    assert isinstance(view, RailroadCanastaView)
    return view


@pytest.mark.parametrize("seed", [5, 6])
def test_canasta_marks_keep_views_loadable_and_free_of_hidden_cards(seed: int) -> None:
    game = next(game for game in played("railroad-canasta", 3, seed, 400) if any(_canasta_view(game, None).canastas))
    for seat in observers(game):
        view = _canasta_view(game, seat)
        assert load_view(dump_view(view)) == view
        assert view.canastas == canastas_of(view.table)  # read from the table alone: nothing hidden
    wrong = _canasta_view(game, 0)
    kinds = list(wrong.canastas)
    kinds[next(index for index, kind in enumerate(kinds) if kind)] = ""
    document = dump_view(attrs.evolve(wrong, canastas=tuple(kinds)))
    with pytest.raises(rummykit.RummyError, match=r"canastas\[\d+\]: meld \d+ is a \w+ canasta, not ''"):
        load_view(document)


def test_the_small_forms_title_is_whole_with_the_round_and_whose_view_under_it() -> None:
    # the small form cut the heading short ("RailRoad Rum…") to leave room for whose view beside it
    game = rummykit.new_game("railroad-rummy", players=4, seed=1)
    texts = words(svg.view(game.view(2), small=True))
    assert "RailRoad Rummy" in texts and "round 1 · seat 2's view" in texts
    assert "…" not in texts


def test_a_rounds_end_gives_each_seat_one_total_the_one_after_the_round() -> None:
    # Issue 36, finding 6: the seats' boxes gave the totals before the round (10, 5, 0) beside the round's
    # box with the totals after it (10, 28, 0): two totals for seat 1.
    game = rummykit.build_position(
        "rummy", 3, seed=2, turn=0, phase="play", hands=[None, None, None], totals=[10, 5, 0]
    )
    result = RoundResult(
        round=1, went_out=1, reason="seat 1 went out (CR-8)", scores=(0, 23, 0), totals=(10, 28, 0), turns=9
    )
    hands = (parse_cards("5H KD"), (), parse_cards("AC 2S 10H"))
    texts = words(svg.view(game.view(0), ended=svg.RoundEnd(result=result, hands=hands)))
    assert "total 28" in texts and "total 5" not in texts
    assert "total 5" in words(svg.view(game.view(0)))  # during the round: the total so far


def test_a_rounds_end_is_drawn_with_every_hand_left_and_the_scores() -> None:
    game = rummykit.new_game("rummy", players=3, seed=2)
    result = RoundResult(
        round=1, went_out=1, reason="seat 1 went out (CR-8)", scores=(0, 23, 0), totals=(0, 23, 0), turns=9
    )
    hands = (parse_cards("5H KD"), (), parse_cards("AC 2S 10H"))
    picture = svg.view(game.view(0), ended=svg.RoundEnd(result=result, hands=hands))
    texts = words(picture)
    assert "Round 1 is over: seat 1 went out (CR-8)" in texts and "went out" in texts and "+23" in texts
    assert drawn_faces(picture) - view_faces(game.view(0)) == Counter(parse_cards("5H KD AC 2S 10H"))
    with pytest.raises(InvalidOptionError, match="ended is a RoundEnd"):
        UNTYPED.view(game.view(0), ended="round 1")
