"""Views hide what a seat may not see, in every installed variant (issue 6).

1. The leak test: over 1,000 seeded games of each variant (100 in the quick run), at every step, for
   every seat and the spectator, the view and its JSON show the seat's own hand (by physical card),
   the table (by physical card), and otherwise only cards that are or were face up this round, one
   physical card for each face shown. What is face up is followed from the full state, action by
   action (:class:`PublicCards`), never read from a view.
2. Hidden cards make no difference: two positions that differ only in cards hidden from a seat
   (exchanged between another seat's hand and a face-down pile, inside a face-down pile, between two
   face-down piles, or between two other hands) give that seat equal views and equal JSON.
3. Sealed declarations (RailRoad Rummy, RR-C1): during an open claim window each seat's view shows its
   own declaration and no other, and what another seat declared makes no difference to it.

A face is public only as a face: a multi-deck shoe holds several ``5H``, so whatever can be checked by
physical card (card ids, written ``5H``, ``5H#1`` in JSON) is checked by physical card, and every face
shown elsewhere must be backed, one for one, by a physical card that was face up.
"""

from __future__ import annotations

import functools
import json
import random
import re
from collections import Counter
from typing import Any, Final

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rummykit
from rummykit import serialize
from rummykit.actions import Action, Draw
from rummykit.cards import FACE_MASK, Card, CardId, card_id_text, copy_of, face, parse_card_id, standard_deck
from rummykit.engine import Game
from rummykit.serialize import VIEW_FORMAT, VIEW_VERSION, dump_view
from rummykit.state import GameState
from rummykit.variant import VariantSpec
from rummykit.views import View

# -- games ---------------------------------------------------------------------------------------------

#: Every installed variant; each test runs once per variant.
VARIANTS: Final = rummykit.available_variants()
RAILROAD: Final = "railroad-rummy"
#: Actions that put cards on the table: random play takes one when it can (4 times in 5), so that
#: short games reach tables, lay-offs and the ends of rounds.
MELD_KINDS: Final = frozenset({"go-down", "lay-off"})
#: The one pile whose top card is face up; every other pile (stock, standby) is face down.
DISCARD: Final = "discard"
#: Seats and the spectator (``None``).
Observer = int | None


@functools.cache
def spec_of(variant: str) -> VariantSpec:
    return rummykit.variant_spec(variant)


@functools.cache
def house_rules_of(variant: str) -> tuple[str, ...]:
    return rummykit.available_house_rules(variant)


@attrs.frozen
class Setup:
    """How a test game is created and how far it is played (seeded random play, ``steps`` actions;
    ``None``: to the end)."""

    variant: str
    players: int
    seed: int
    options: dict[str, Any]
    house_rules: tuple[str, ...] = ()
    steps: int | None = None

    def new_game(self) -> Game:
        return rummykit.new_game(
            self.variant, self.players, seed=self.seed, options=self.options, house_rules=self.house_rules
        )


def choose_action(game: Game, rng: random.Random) -> Action:
    """A random legal action of a random seat among those to act, preferring melds."""
    seat = rng.choice(game.to_act)
    legal = game.legal_actions(seat)
    melds = [action for action in legal if action.kind in MELD_KINDS]
    return rng.choice(melds if melds and rng.random() < 0.8 else legal)


def leak_setup(variant: str, index: int) -> Setup:
    """Game ``index`` of the leak test (seed ``index``): every player count in turn; two games in five
    with house rules (a random subset of the installed ones); one game in four with rounds cut short
    by G-1 (2 to 8 turns) and two rounds, so that rounds end, new ones are dealt and games end within
    the steps; the others play one round. 15 to 60 actions. (The moduli are coprime, so that every
    player count meets every kind of game.)"""
    spec = spec_of(variant)
    rng = random.Random(index)
    players = spec.min_players + index % (spec.max_players - spec.min_players + 1)
    available = house_rules_of(variant)
    house_rules: tuple[str, ...] = ()
    if available and index % 5 in (1, 2):
        house_rules = tuple(sorted(rng.sample(available, rng.randint(1, len(available)))))
    if index % 4 == 0:
        options: dict[str, Any] = {"max_rounds": 2, "max_turns_per_round": 2 + index % 7}
    else:
        options = {"max_rounds": 1}
    return Setup(variant, players, index, options, house_rules, steps=15 + index % 46)


@st.composite
def setups(draw: st.DrawFn, variant: str) -> Setup:
    """A game of ``variant`` with any player count, seed and house rules, two rounds (sometimes cut
    short by G-1), played 0 to 400 random actions."""
    spec = spec_of(variant)
    players = draw(st.integers(spec.min_players, spec.max_players), label="players")
    seed = draw(st.integers(0, 2**32 - 1), label="seed")
    available = house_rules_of(variant)
    house_rules = draw(st.lists(st.sampled_from(available), unique=True), label="house rules") if available else []
    turns = draw(st.none() | st.integers(1, 12), label="max_turns_per_round")
    options: dict[str, Any] = {"max_rounds": 2} | ({} if turns is None else {"max_turns_per_round": turns})
    steps = draw(st.integers(0, 400), label="steps")
    return Setup(variant, players, seed, options, tuple(house_rules), steps)


def observers(game: Game) -> list[Observer]:
    return [None, *range(game.players)]


def who(seat: Observer) -> str:
    return "the spectator" if seat is None else f"seat {seat}"


# -- what is public, from the full state ---------------------------------------------------------------

#: Values that hold no card, skipped without a call (the walks below run millions of times).
ATOMS: Final = frozenset({int, str, bool, float, type(None)})


def cards_in(value: object) -> list[Card]:
    """Every card face inside ``value``: attrs fields, tuples, lists, sets and dicts, recursively."""
    found: list[Card] = []
    _collect_cards(value, found)
    return found


def _collect_cards(value: object, found: list[Card]) -> None:
    if isinstance(value, Card):
        found.append(value)
    elif type(value) in ATOMS:
        return
    elif isinstance(value, tuple | list | set | frozenset):
        for item in value:
            if type(item) not in ATOMS:
                _collect_cards(item, found)
    elif isinstance(value, dict):
        for key, item in value.items():
            _collect_cards(key, found)
            _collect_cards(item, found)
    elif attrs.has(type(value)):
        for name in field_names(type(value)):
            _collect_cards(getattr(value, name), found)


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def field_names(cls: type) -> tuple[str, ...]:
    """The names of an attrs class's fields (looked up once per class)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(field.name for field in attrs.fields(cls))
    return names


def faces_in(value: object) -> list[int]:
    """The faces of :func:`cards_in` as face indices (``Card.index``, cheaper to count)."""
    return [card.index for card in cards_in(value)]


def face_up(state: GameState) -> frozenset[CardId]:
    """The physical cards face up now: the table's, the top of the discard pile, the card taken from it."""
    cards = {cid for table_meld in state.table for cid in table_meld.ids}
    discard = state.piles.get(DISCARD)
    if discard:
        cards.add(discard[-1])
    if state.taken is not None:
        cards.add(state.taken)
    for name in rummykit.variant_spec(state.config.variant).public_seat_piles:
        cards.update(cid for pile in state.seat_piles[name] for cid in pile)
    return frozenset(cards)


def own_private(state: GameState, seat: Observer) -> Counter[int]:
    """The faces of ``seat``'s own piles that are not face up (a kitty): its view may show them."""
    if seat is None:
        return Counter()
    public = rummykit.variant_spec(state.config.variant).public_seat_piles
    return Counter(
        cid & FACE_MASK for name, piles in state.seat_piles.items() if name not in public for cid in piles[seat]
    )


def is_within(part: Counter[int], whole: Counter[int]) -> bool:
    """``part <= whole`` for multisets (faster than ``Counter.__le__``, which walks both)."""
    return all(whole[index] >= count for index, count in part.items())


def faces_text(faces: Counter[int]) -> str:
    return " ".join(str(face(index)) for index in sorted(faces.elements()))


class PublicCards:
    """What is public in the current round, followed action by action from the full state.

    Attributes:
        ever: every physical card that has been face up at some moment of this round.
        ever_faces: their faces (as face indices), one per physical card.
        named: for each action of the round's log, the faces it names (a discard, a go-down).
        named_total: all of them together.
        hidden: the indices in the round's log of the actions naming a card that was face up neither
            just before nor just after the action (such as a draw from the stock naming its card):
            no view may show them.
    """

    def __init__(self, game: Game) -> None:
        assert not game.state.log, "follow a game from the start of a round"
        self._start_round(game.state)

    def _start_round(self, state: GameState) -> None:
        self.round = state.round
        self.now = face_up(state)
        self.ever = set(self.now)
        self.ever_faces = Counter(cid & FACE_MASK for cid in self.now)
        self.named: list[list[int]] = []
        self.named_total: Counter[int] = Counter()
        self.hidden: list[int] = []

    def follow(self, game: Game) -> None:
        """Take in the action just applied."""
        state = game.state
        if state.round != self.round or len(state.log) != len(self.named) + 1:
            self._start_round(state)  # the action ended the round and the next one was dealt
            return
        now = face_up(state)
        named = faces_in(state.log[-1])
        if named:
            self.named_total.update(named)
            if not is_within(Counter(named), Counter(cid & FACE_MASK for cid in self.now | now)):
                self.hidden.append(len(self.named))
        self.named.append(named)
        fresh = now - self.ever
        self.ever |= fresh
        self.ever_faces.update(cid & FACE_MASK for cid in fresh)
        self.now = now


def follow_setup(setup: Setup) -> tuple[Game, PublicCards]:
    """The game of ``setup`` after its random actions, with its public cards followed."""
    game = setup.new_game()
    public = PublicCards(game)
    rng = random.Random(setup.seed)
    done = 0
    while not game.is_over and (setup.steps is None or done < setup.steps):
        game.apply(choose_action(game, rng))
        public.follow(game)
        done += 1
    return game, public


# -- the leak checks -----------------------------------------------------------------------------------

#: View fields checked exactly against the state; every other field may show public cards only.
EXACT_FIELDS: Final = frozenset({"hand", "hand_ids", "table", "discard_top", "taken", "log"})
#: Every face as the JSON writes it, and its face index.
FACE_TEXT: Final = {str(card): card.index for card in standard_deck(jokers=1)}
#: A JSON string literal, key or value (its text without the quotes).
JSON_STRING: Final = re.compile(r'"((?:[^"\\]|\\.)*)"')


def shown_indices(shown: tuple[Action, ...], log: list[Action]) -> list[int] | None:
    """Where each action of a view's log is in the round's log, in order; ``None`` if the view's log
    is not the round's log with some actions left out."""
    indices = []
    position = 0
    for action in shown:
        while position < len(log) and log[position] is not action and log[position] != action:
            position += 1
        if position == len(log):
            return None
        indices.append(position)
        position += 1
    return indices


def assert_view_hides(game: Game, public: PublicCards, seat: Observer, where: str) -> None:
    """``seat``'s view shows its own hand, the table, and otherwise public cards only; so does its JSON."""
    state = game.state
    view = game.view(seat)
    where = f"{where}: {who(seat)}"
    own = tuple(state.hands[seat]) if seat is not None else ()
    # the own hand and the table by physical card; the top discard, the taken card and sizes exactly
    assert view.seat == seat, where
    assert view.hand_ids == own, f"{where} is shown the cards {view.hand_ids}, not its hand {own}"
    assert view.hand == tuple(face(cid) for cid in own), where
    assert view.table == tuple(state.table), where
    discard = state.piles.get(DISCARD, [])
    assert view.discard_top == (face(discard[-1]) if discard else None), where
    assert view.taken == (None if state.taken is None else face(state.taken)), where
    assert view.hand_sizes == tuple(len(hand) for hand in state.hands), where
    # the log: the round's log less some other seats' actions, none naming a card never face up
    assert len(public.named) == len(state.log), f"{where}: the follower lost track of the log"
    withheld: set[int] = set()
    if view.log != tuple(state.log):
        shown = shown_indices(view.log, state.log)
        assert shown is not None, f"{where}: the view's log is not the round's log: {view.log}"
        withheld = set(range(len(state.log))) - set(shown)
        assert all(state.log[i].seat != seat for i in withheld), f"{where} is not shown its own action"
    for i in public.hidden:
        assert i in withheld, f"{where} is shown {state.log[i]}, which names a card that was never face up"
    # every other field: cards that are or were face up this round, one physical card per face
    shown_faces: list[Counter[int]] = []
    allowed = public.ever_faces + own_private(state, seat)
    for name in field_names(type(view)):
        if name not in EXACT_FIELDS and (faces := faces_in(getattr(view, name))):
            counted = Counter(faces)
            assert is_within(counted, allowed), f"{where}: {name} shows {faces_text(counted)}"
            shown_faces.append(counted)
    log_faces = public.named_total
    if withheld:
        log_faces = log_faces - Counter(index for i in withheld for index in public.named[i])
    shown_faces.append(log_faces)
    shown_faces.append(Counter(card.index for card in (view.discard_top, view.taken) if card is not None))
    assert_json_hides(view, state, own, shown_faces, where)


def assert_json_hides(
    view: View, state: GameState, own: tuple[CardId, ...], shown_faces: list[Counter[int]], where: str
) -> None:
    """The view's JSON holds the view's fields and names exactly the view's cards: the own hand and the
    table by physical card, the faces ``shown_faces`` counts in the other fields, and no other physical
    card (so nothing hidden from the seat, nothing of another seat's hand)."""
    text = dump_view(view)
    data = json.loads(text)
    assert set(data) == {"format", "version", *field_names(type(view))}, f"{where}: JSON fields {sorted(data)}"
    assert (data["format"], data["version"]) == (VIEW_FORMAT, VIEW_VERSION), where
    assert data["hand_ids"] == [card_id_text(cid) for cid in own], f"{where}: JSON hand_ids {data['hand_ids']}"
    assert data["hand"] == [str(face(cid)) for cid in own], where
    melds = [[card_id_text(cid) for cid in table_meld.ids] for table_meld in state.table]
    assert [meld["cards"] for meld in data["table"]] == melds, where
    table = [cid for table_meld in state.table for cid in table_meld.ids]
    # every string of the JSON naming a card, wherever it is: copies (5H#1) only in hand_ids and table
    strings = JSON_STRING.findall(text)
    copies = Counter(string for string in strings if "#" in string)
    expected_copies = Counter(card_id_text(cid) for cid in (*own, *table) if copy_of(cid))
    assert copies == expected_copies, f"{where}: JSON names {sorted((copies - expected_copies).elements())}"
    faces = Counter(FACE_TEXT[string] for string in strings if string in FACE_TEXT)
    expected = Counter(cid & FACE_MASK for cid in own)  # hand
    expected.update(cid for cid in (*own, *table) if not copy_of(cid))  # first copies in hand_ids and table
    for counted in shown_faces:
        expected.update(counted)
    # a wild meld's cards stand for their own ranks, and the joker's rank is written "JK", like its face
    expected[FACE_TEXT["JK"]] += sum(meld["ranks"].count("JK") for meld in data["table"])
    assert faces == expected, f"{where}: JSON names {faces_text(faces - expected)} beyond the view"
    named = {*own, *table, *(parse_card_id(string) for string in copies)}
    for other, hand in enumerate(state.hands):
        if other != view.seat:
            assert named.isdisjoint(hand), f"{where}: JSON names cards of seat {other}'s hand"


def assert_every_view_hides(game: Game, public: PublicCards, where: str) -> None:
    for seat in observers(game):
        assert_view_hides(game, public, seat, where)


def play_and_check(setup: Setup) -> Game:
    """Check every view at the deal and after each action of ``setup``'s game."""
    game = setup.new_game()
    public = PublicCards(game)
    assert_every_view_hides(game, public, f"{setup}, at the deal")
    rng = random.Random(setup.seed)
    done = 0
    while not game.is_over and (setup.steps is None or done < setup.steps):
        action = choose_action(game, rng)
        game.apply(action)
        public.follow(game)
        assert_every_view_hides(game, public, f"{setup}, after action {done} ({action})")
        done += 1
    return game


@pytest.fixture
def cached_variant_spec(monkeypatch: pytest.MonkeyPatch) -> None:
    """``dump_view`` looks its variant up with ``variant_spec``, which builds a new plugin manager on
    every call (1.2 ms of a 1.3 ms dump); a variant's spec never changes, so cache it for these tests."""
    monkeypatch.setattr(serialize, "variant_spec", functools.cache(rummykit.variant_spec))


# -- 1. the leak test ----------------------------------------------------------------------------------


@pytest.mark.usefixtures("cached_variant_spec")
@pytest.mark.parametrize("variant", VARIANTS)
def test_no_view_or_its_json_shows_a_hidden_card_in_100_seeded_games(variant: str) -> None:
    for index in range(100):
        play_and_check(leak_setup(variant, index))


@pytest.mark.slow
@pytest.mark.usefixtures("cached_variant_spec")
@pytest.mark.parametrize("variant", VARIANTS)
def test_no_view_or_its_json_shows_a_hidden_card_in_1000_seeded_games(variant: str) -> None:
    for index in range(1000):
        play_and_check(leak_setup(variant, index))


@pytest.mark.usefixtures("cached_variant_spec")
@pytest.mark.parametrize("variant", VARIANTS)
def test_no_view_shows_a_hidden_card_along_a_whole_game_of_two_rounds(variant: str) -> None:
    players = spec_of(variant).min_players
    game = play_and_check(Setup(variant, players, seed=2, options={"max_rounds": 2}))
    assert game.is_over and len(game.history) == 2


@pytest.mark.usefixtures("cached_variant_spec")
@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_no_view_shows_a_hidden_card_in_random_positions(variant: str, data: st.DataObject) -> None:
    setup = data.draw(setups(variant))
    game, public = follow_setup(setup)
    assert_every_view_hides(game, public, str(setup))


# -- 2. hidden cards make no difference ------------------------------------------------------------------


def exchange(first: tuple[list[CardId], int], second: tuple[list[CardId], int]) -> None:
    """Exchange card ``i`` of one zone (a hand or a pile) with card ``j`` of another (or the same)."""
    (zone, i), (other_zone, j) = first, second
    zone[i], other_zone[j] = other_zone[j], zone[i]


def assert_same_views(game: Game, other: Game, seats: list[Observer], what: str) -> None:
    for seat in seats:
        view, other_view = game.view(seat), other.view(seat)
        assert view == other_view, f"{who(seat)} sees a difference when {what}"
        assert dump_view(view) == dump_view(other_view), f"{who(seat)}'s JSON differs when {what}"


class Exchanges:
    """Copies of a game in which two cards hidden from some seats are exchanged, the cards drawn by
    hypothesis: each returns the copy, what was done, and the seats that must not see a difference."""

    def __init__(self, game: Game, public: PublicCards, data: st.DataObject) -> None:
        self.game, self.data = game, data
        state = game.state
        #: the face-down piles that hold cards
        self.piles = [name for name, pile in state.piles.items() if name != DISCARD and pile]
        #: per seat, the places in its hand of the cards nobody else has seen (never face up this round)
        self.secret = [
            [i for i, cid in enumerate(hand) if cid not in public.ever and cid != state.taken] for hand in state.hands
        ]

    def _pick(self, zone: list[CardId], places: list[int], unlike: CardId | None = None) -> int | None:
        """A place in ``zone`` among ``places``, holding a face other than ``unlike``'s."""
        choices = [i for i in places if unlike is None or face(zone[i]) != face(unlike)]
        return self.data.draw(st.sampled_from(choices)) if choices else None

    def hand_and_pile(self, holder: int) -> tuple[Game, str, list[Observer]] | None:
        """A secret card of ``holder``'s hand and a face-down card: only ``holder`` may notice."""
        if not self.piles or not self.secret[holder]:
            return None
        copy = self.game.copy()
        pile_name = self.data.draw(st.sampled_from(self.piles))
        hand, pile = copy.state.hands[holder], copy.state.piles[pile_name]
        i = self._pick(hand, self.secret[holder])
        assert i is not None
        j = self._pick(pile, list(range(len(pile))), unlike=hand[i])
        if j is None:
            return None
        what = f"seat {holder}'s {card_id_text(hand[i])} and {card_id_text(pile[j])} of the {pile_name} are exchanged"
        exchange((hand, i), (pile, j))
        return copy, what, [seat for seat in observers(self.game) if seat != holder]

    def piles_between(self, first_name: str, second_name: str) -> tuple[Game, str, list[Observer]] | None:
        """Two face-down cards, of one pile or two: nobody may notice."""
        copy = self.game.copy()
        first, second = copy.state.piles[first_name], copy.state.piles[second_name]
        i = self.data.draw(st.integers(0, len(first) - 1))
        j = self._pick(second, list(range(len(second))), unlike=first[i])
        if j is None:
            return None
        what = f"{card_id_text(first[i])} of the {first_name} and {card_id_text(second[j])} of the {second_name}"
        exchange((first, i), (second, j))
        return copy, f"{what} are exchanged", observers(self.game)

    def hands_between(self, one: int, two: int) -> tuple[Game, str, list[Observer]] | None:
        """Secret cards of two hands: only their two holders may notice."""
        if not self.secret[one] or not self.secret[two]:
            return None
        copy = self.game.copy()
        first, second = copy.state.hands[one], copy.state.hands[two]
        i = self._pick(first, self.secret[one])
        assert i is not None
        j = self._pick(second, self.secret[two], unlike=first[i])
        if j is None:
            return None
        what = f"seat {one}'s {card_id_text(first[i])} and seat {two}'s {card_id_text(second[j])} are exchanged"
        exchange((first, i), (second, j))
        return copy, what, [seat for seat in observers(self.game) if seat not in (one, two)]


@pytest.mark.usefixtures("cached_variant_spec")
@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_cards_hidden_from_a_seat_make_no_difference_to_its_view(variant: str, data: st.DataObject) -> None:
    setup = data.draw(setups(variant))
    game, public = follow_setup(setup)
    exchanges = Exchanges(game, public, data)
    players = range(game.players)
    made = [
        *(exchanges.hand_and_pile(holder) for holder in players),
        *(exchanges.piles_between(first, second) for first in exchanges.piles for second in exchanges.piles),
        *(exchanges.hands_between(one, two) for one in players for two in players if one < two),
    ]
    for exchanged in made:
        if exchanged is None:
            continue
        copy, what, blind = exchanged
        assert copy.state != game.state
        assert_same_views(game, copy, blind, f"{setup}: {what}")
        for seat in set(observers(game)) - set(blind):
            assert copy.view(seat) != game.view(seat), f"{setup}: {who(seat)} must see its hand change when {what}"


# -- 3. sealed declarations (RR-C1) ------------------------------------------------------------------------


def window_start(state: GameState) -> int:
    """Where the open claim window's declarations start in the round's log: after the turn player's
    draw from the draw pile."""
    return max(i for i, action in enumerate(state.log) if isinstance(action, Draw)) + 1


def assert_declarations_sealed(game: Game, where: str) -> None:
    """During an open claim window each view's log is the round's log up to the window, then the seat's
    own declaration if it has made one, never another seat's; the view names who has declared; and
    what a seat declares makes no difference to what the others see."""
    state = game.state
    opened = window_start(state)
    declared = state.log[opened:]
    assert len(declared) + len(game.to_act) == game.players - 1, where
    for seat in observers(game):
        view = game.view(seat)
        own = tuple(action for action in declared if action.seat == seat)
        assert view.log == (*state.log[:opened], *own), f"{where}: {who(seat)} sees {view.log[opened:]}"
        assert getattr(view, "declared", None) == tuple(sorted(action.seat for action in declared)), where
        data = json.loads(dump_view(view))
        assert [entry["seat"] for entry in data["log"][opened:]] == [seat] * len(own), where
    if len(game.to_act) < 2:
        return  # the next declaration closes the window, and then every declaration is public
    seat = game.to_act[0]
    outcomes = []
    for action in game.legal_actions(seat):
        copy = game.copy()
        copy.apply(action)
        assert copy.view(seat).log[-1] == action, f"{where}: seat {seat} is not shown its own {action}"
        outcomes.append((action, copy))
    first_action, first = outcomes[0]
    for action, copy in outcomes[1:]:
        what = f"{where}: seat {seat} chooses to {action.describe()}, not to {first_action.describe()}"
        assert_same_views(first, copy, [other for other in observers(game) if other != seat], what)


@pytest.mark.skipif(RAILROAD not in VARIANTS, reason="RailRoad Rummy is not installed")
@pytest.mark.usefixtures("cached_variant_spec")
def test_an_open_claim_window_shows_each_seat_only_its_own_declaration() -> None:
    windows = 0
    for seed in range(25):
        players = 3 + seed % 6
        game = rummykit.new_game(RAILROAD, players, seed=seed, options={"max_rounds": 1})
        rng = random.Random(seed)
        for step in range(80):
            if game.is_over:
                break
            game.apply(choose_action(game, rng))
            if game.phase == "claim":
                windows += 1
                assert_declarations_sealed(game, f"seed {seed}, {players} players, after action {step}")
    assert windows > 900, f"only {windows} open claim windows were checked"
