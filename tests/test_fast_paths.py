"""Every shortcut the engine takes for speed has a test that fails when it is switched off or wrong.

A shortcut that silently falls back to the slow way when it is wrong proves nothing by passing the
other tests: each test here checks both that the shortcut gives what the plain way gives, and that
it served (a spy on the plain way, or on the work it saves, sees it not called):

- reading documents without cattrs' detailed validation (`read_checked`), which must accept exactly
  the documents the detailed reading accepts, to the same values, and serve every valid one;
- reading a pile of card ids with one lookup a card (`converter._sequence`), served for valid piles;
- validating the cards of a position in one pass (`validation._check_cards`), served for valid ones;
- compiling a configuration once (`configure`'s caches), served for a configuration named again;
- the variants' remembered answers: Railroad Canasta's canasta kinds (`kinds_seen`), the standard
  lay-off's run ends (`LayOffMove._run_ends`), both equal to the answers worked out afresh;
- the standard discard's actions, made once per seat and face (`moves._discards`), equal to new ones;
- the public table of a view (`views.public_table`), remembered by the table's melds and numbered from
  the melds a table shares with the one numbered before it, equal to the table numbered afresh by the
  rule; and each meld's kind of canasta (`Groups.kind_of`), remembered by the meld.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import random
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from typing import Any, Final, cast

import cattrs
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import rummykit
from rummykit.core import configuration as configuration_module
from rummykit.core import validation
from rummykit.core import views as views_module
from rummykit.core.actions import Discard, LayOff
from rummykit.core.cards import COPY_SHIFT, FACE_COUNT, FACE_MASK, CardId, face
from rummykit.core.errors import InvalidPositionError
from rummykit.core.melds import Meld, MeldKind
from rummykit.core.state import TableMeld
from rummykit.core.views import public_table
from rummykit.documents import converter as converter_module
from rummykit.documents import serialize
from rummykit.documents.serialize import dump_position, dump_record, dump_view, load_position, load_record, load_view
from rummykit.standard import StandardRules
from rummykit.standard import moves as standard_moves
from rummykit.standard.moves import LayOffMove, run_ends
from rummykit_variants.railroad_canasta.state import CanastaState
from tests.sizes import examples

VARIANTS: Final = ("rummy", "railroad-rummy", "railroad-canasta")


def played(variant: str, players: int, seed: int, steps: int) -> rummykit.Game:
    game = rummykit.new_game(variant, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions(game.to_act[0])))
    return game


def documents() -> Iterator[tuple[str, Callable[[Any], Any], str]]:
    """Valid documents of every kind, of positions along random games of every built-in variant."""
    for variant in VARIANTS:
        for seed in range(3):
            game = played(variant, 3 if variant != "rummy" else 2, seed, 60 * seed + 20)
            yield "position", load_position, dump_position(game)
            yield "record", load_record, dump_record(game.record)
            yield "view", load_view, dump_view(game.view(game.to_act[0] if game.to_act else None))


# -- reading documents without detailed validation -----------------------------------------------------


class _Both:
    """``read_checked`` that also reads every document with detailed validation, and keeps score."""

    def __init__(self) -> None:
        self.served = 0
        self.refused = 0

    def __call__(self, read: Callable[[bool], Any], prefix: str = "", error: Any = InvalidPositionError) -> Any:
        outcomes = []
        for detailed in (False, True):
            try:
                outcomes.append(("read", read(detailed)))
            except (*converter_module.DOCUMENT_ERRORS, KeyError) as exc:
                outcomes.append(("refused", type(exc).__name__))
        (fast, fast_value), (slow, slow_value) = outcomes
        assert fast == slow, f"read without detailed validation: {fast}; with it: {slow}"
        if fast == "read":
            assert fast_value == slow_value
            self.served += 1
        else:
            self.refused += 1
        return converter_module.read_checked(read, prefix, error)


@pytest.fixture
def both(monkeypatch: pytest.MonkeyPatch) -> _Both:
    spy = _Both()
    monkeypatch.setattr(serialize, "read_checked", spy)
    return spy


def test_valid_documents_are_read_without_detailed_validation_to_the_same_values(both: _Both) -> None:
    count = 0
    for _, load, text in _DOCUMENTS:
        load(text)
        count += 1
    assert both.refused == 0 and both.served >= count  # both readings read every valid document alike


def test_valid_documents_are_read_only_without_detailed_validation(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: Counter[bool] = Counter()
    original = converter_module.read_checked

    def recorded(read: Callable[[bool], Any], prefix: str = "", error: Any = InvalidPositionError) -> Any:
        def reading(detailed: bool) -> Any:
            asked[detailed] += 1
            return read(detailed)

        return original(reading, prefix, error)

    monkeypatch.setattr(serialize, "read_checked", recorded)
    for _, load, text in _DOCUMENTS:
        load(text)
    assert asked[False] >= len(_DOCUMENTS) and asked[True] == 0
    document = json.loads(next(text for kind, _, text in _DOCUMENTS if kind == "position"))
    document["hands"][0][0] = "ZZ"
    with pytest.raises(InvalidPositionError, match=r"hands\[0\]\[0\]"):
        load_position(document)
    assert asked[True] == 1  # only a bad document is read again, to name its problem


def _spoiled(document: Any, rng: random.Random) -> Any:
    """``document`` with one value somewhere replaced by something of another type or shape."""
    paths: list[tuple[Any, Any]] = []

    def walk(value: Any) -> None:
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        for key, item in items:
            paths.append((value, key))
            walk(item)

    walk(document)
    container, key = rng.choice(paths)
    container[key] = rng.choice([None, 7, -1, "7", "5H#99", "XX", [], {}, [["5H"]], {"x": 1}, 2**70, True])
    if rng.random() < 0.2 and isinstance(container, dict):
        container["unknown"] = 1
    return document


@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_a_spoiled_document_is_refused_by_both_readings_or_read_by_both_alike(seed: int) -> None:
    spy = _Both()
    rng = random.Random(seed)
    kind, load, text = rng.choice(_DOCUMENTS)
    with pytest.MonkeyPatch.context() as patch, contextlib.suppress(InvalidPositionError):
        patch.setattr(serialize, "read_checked", spy)
        load(json.dumps(_spoiled(json.loads(text), rng)))
    event(f"{kind}: {'read' if spy.served else 'refused'} by both readings" if spy.served + spy.refused else kind)


_DOCUMENTS: Final = list(documents())


# -- a pile of card ids in one pass ---------------------------------------------------------------------


def test_a_valid_pile_is_read_with_one_lookup_a_card(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: Counter[str] = Counter()
    original = converter_module._card_id

    def counted(value: Any, type_: Any = None) -> Any:
        calls["card"] += 1
        return original(value, type_)

    monkeypatch.setattr(converter_module, "_card_id", counted)
    conv = converter_module.new_converter(())  # made after the spy: its hooks call it
    read = conv.get_structure_hook(list[rummykit.CardId])
    texts = ["5H", "5H#1", "JK#3", "10C"]
    expected = [
        rummykit.card_id(rummykit.Card.parse(t.partition("#")[0]), int(t.partition("#")[2] or 0)) for t in texts
    ]
    assert read(texts, list) == expected
    assert calls["card"] == 0  # the table served every card
    with pytest.raises(cattrs.BaseValidationError) as refused:
        read(["5H", "ZZ"], list)
    assert "is not a card" in str(refused.value.exceptions[0])
    assert calls["card"] >= 1  # a bad pile is read card by card, naming the bad one


# -- the cards of a position, checked in one pass ------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_cards_of_a_valid_position_are_checked_in_one_pass(variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    def slow(state: Any) -> Any:
        raise AssertionError("the card-by-card check ran for a valid position")

    monkeypatch.setattr(validation, "_paths", slow)
    game = played(variant, 3 if variant != "rummy" else 2, 5, 80)
    rummykit.Game.from_state(game.state.copy())  # valid: the one-pass check served


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_one_pass_check_of_cards_refuses_what_a_count_refuses(variant: str) -> None:
    game = played(variant, 2, 9, 40)
    shoe = Counter(game.state.rules.card_ids)
    rng = random.Random(3)
    for _ in range(30):
        state = game.state.copy()
        zones = list(state.hands) + list(state.piles.values())
        zone = rng.choice([z for z in zones if z])
        change = rng.choice(["twice", "lost", "foreign"])
        if change == "twice":
            rng.choice([z for z in zones if z is not zone] or [zone]).append(zone[0])
        elif change == "lost":
            zone.pop()
        else:
            zone.append(rummykit.CardId(63 << 6 | 1))
        counted = Counter(state.card_ids())
        with pytest.raises(InvalidPositionError):
            validation._check_cards(game.configuration, state)
        assert counted != shoe


# -- configurations compiled once --------------------------------------------------------------------


def test_a_configuration_named_again_is_not_compiled_again(monkeypatch: pytest.MonkeyPatch) -> None:
    first = rummykit.configure("rummy", 3, options={"target": 150}, house_rules=["jokers"])
    compiled: list[Any] = []
    original = configuration_module._compile

    def counted(*args: Any) -> Any:
        compiled.append(args)
        return original(*args)

    monkeypatch.setattr(configuration_module, "_compile", counted)
    again = rummykit.configure("rummy", 3, options={"target": 150}, house_rules=["jokers"])
    assert again is first and not compiled
    other = rummykit.configure("rummy", 3, options={"target": 151}, house_rules=["jokers"])
    assert other is not first and len(compiled) == 1
    assert cast(StandardRules, other.rules).scoring.target == 151


# -- the variants' remembered answers ------------------------------------------------------------------


def test_canasta_kinds_remembered_are_the_kinds_worked_out_afresh() -> None:
    for seed in range(4):
        game = rummykit.new_game("railroad-canasta", 2, seed=seed)
        rng = random.Random(seed)
        for _ in range(250):
            if game.is_over:
                break
            state = cast(CanastaState, game.state)
            kinds = state.canasta_kinds()
            assert state.canasta_kinds() is kinds  # remembered while the table stays as it is
            fresh = state.copy()
            fresh.sides_seen = None  # the canasta family's cache (GroupState)
            assert fresh.canasta_kinds() == kinds
            game.apply(rng.choice(game.legal_actions(game.to_act[0])))


def test_run_ends_remembered_by_the_lay_off_move_are_those_worked_out_afresh() -> None:
    served = 0
    for seed in range(6):
        game = played("rummy", 2, seed, 200)
        move = game.configuration.moves[LayOff]
        assert isinstance(move, LayOffMove)
        melds = cast(StandardRules, game.configuration.rules).melds
        for ranks, ends in move._run_ends.items():
            assert run_ends(Meld(MeldKind.RUN, (), ranks), melds) == ends
        listed = game.legal_actions(game.turn)
        move._run_ends.clear()
        assert game.legal_actions(game.turn) == listed  # listed the same without what it remembered
        served += len(move._run_ends)
    assert served > 0  # the runs on the tables were remembered


def test_the_discards_made_once_are_the_discards_made_afresh() -> None:
    for seat in range(8):
        made = standard_moves._discards(seat)
        assert made == tuple(Discard(seat=seat, card=face(index)) for index in range(FACE_COUNT))
        assert standard_moves._discards(seat) is made  # made once a seat
    game = played("rummy", 2, 3, 1)
    listed = game.legal_actions(game.turn)
    assert game.phase == "play" and any(isinstance(action, Discard) for action in listed)
    standard_moves._discards.cache_clear()
    assert game.legal_actions(game.turn) == listed


# -- the public table of a view --------------------------------------------------------------------


def table_afresh(table: list[TableMeld], own: list[CardId]) -> tuple[TableMeld, ...]:
    """The table a seat holding ``own`` is shown, worked out by the rule alone (`public_table`'s
    docstring): each face's copies that ``own`` does not hold, lowest first, to the table's cards of
    that face in table order."""
    held: defaultdict[int, set[int]] = defaultdict(set)
    for cid in own:
        held[cid & FACE_MASK].add(cid >> COPY_SHIFT)
    given: Counter[int] = Counter()
    shown = []
    for table_meld in table:
        ids = []
        for cid in table_meld.ids:
            index = cid & FACE_MASK
            free = (copy for copy in itertools.count() if copy not in held[index])
            ids.append(CardId(next(itertools.islice(free, given[index], None)) << COPY_SHIFT | index))
            given[index] += 1
        shown.append(TableMeld(table_meld.owner, table_meld.meld, tuple(ids)))
    return tuple(shown)


def _table_meld(owner: int, ids: list[CardId]) -> TableMeld:
    cards = tuple(face(cid) for cid in ids)
    return TableMeld(owner, Meld(MeldKind.SET, cards, tuple(card.rank for card in cards)), tuple(ids))


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_public_tables_remembered_are_the_tables_numbered_afresh(data: st.DataObject) -> None:
    """Two tables that grow and change as a game's do (a meld laid down, a card laid off, the table
    reordered), and as none does (a meld taken back, one meld twice, the table emptied), their unchanged
    melds the same objects, asked in turns, each shown to several hands, with what is remembered now and
    then forgotten: every answer is the rule's, asked twice it is the one remembered, and a table that
    begins as the one numbered before it takes those melds' numbering from it."""
    faces = st.integers(0, 9)  # few faces and up to four copies: many copies of a face on the table
    pool = data.draw(
        st.lists(st.builds(lambda f, c: CardId(c << COPY_SHIFT | f), faces, st.integers(0, 3)), unique=True, min_size=8)
    )
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    rng.shuffle(pool)
    tables: list[list[TableMeld]] = [[], []]
    frees = [pool[::2], pool[1::2]]
    served = 0
    for _ in range(data.draw(st.integers(1, 16))):
        which = rng.randrange(2)
        table, free = tables[which], frees[which]
        changes = ("lay down", "lay off", "reorder", "take back", "twice", "empty", "forget")
        change = rng.choice(changes) if table else "lay down"
        if change == "lay down" and len(free) >= 2:
            size = rng.randint(1, min(4, len(free) - 1))
            table.append(_table_meld(rng.randrange(4), [free.pop() for _ in range(size)]))
        elif change == "lay off" and len(free) >= 2:
            at = rng.randrange(len(table))
            ids = list(table[at].ids)
            ids.insert(rng.randint(0, len(ids)), free.pop())
            table[at] = _table_meld(table[at].owner, ids)
        elif change == "reorder":
            rng.shuffle(table)
        elif change == "take back":
            free += table.pop(rng.randrange(len(table))).ids
        elif change == "twice":
            table.append(rng.choice(table))
        elif change == "empty":
            free += [cid for table_meld in set(table) for cid in table_meld.ids]
            table.clear()
        elif change == "forget":
            views_module._SHOWN.clear()
        before = views_module._LAST[0]
        for _ in range(3):
            own = rng.sample(free, rng.randint(0, len(free)))
            shown = public_table(table, own)
            assert shown == table_afresh(table, own), (table, own)
            assert public_table(table, own) is shown  # remembered
            assert public_table(list(table), list(reversed(own))) is shown  # by the melds and the cards held
        known = views_module._SHOWN.get(tuple(map(id, table)))
        if known is not None and before is not None and before is not known and known is views_module._LAST[0]:
            shared = 0
            for old_meld, new_meld in zip(before.melds, table, strict=False):
                if old_meld is not new_meld:
                    break
                shared += 1
            assert all(a is b for a, b in zip(known.shown[:shared], before.shown[:shared], strict=True))
            served += shared > 0
    event(f"tables numbered from the one before: {served > 0}")


def test_public_tables_are_the_tables_numbered_afresh_along_games() -> None:
    """The tables of real games (two and four decks), shown to each seat as its view shows them."""
    for variant, players in (("railroad-canasta", 4), ("railroad-rummy", 4)):
        game = played(variant, players, 5, 0)
        rng = random.Random(5)
        while not game.is_over and len(game.record.actions) < 300:
            state = game.state
            for seat in range(players):
                view = game.view(seat)
                assert view.table == table_afresh(state.table, state.hands[seat])
            game.apply(rng.choice(game.legal_actions(game.to_act[0])))
        assert any(len(set(meld.ids)) > 1 for meld in game.state.table)


def test_canasta_kinds_of_melds_remembered_are_those_worked_out_afresh() -> None:
    game = played("railroad-canasta", 2, 2, 400)
    groups = cast(CanastaState, game.state).family.groups
    melds = [table_meld.meld for table_meld in game.state.table]
    kinds = [groups.kind_of(meld) for meld in melds]
    assert all(groups._kinds[id(meld)][0] is meld for meld in melds)  # remembered by the meld
    assert any(kind is not None for kind in kinds)
    fresh = [None if groups.is_going_out_meld(meld) else groups.canastas.kind_of(meld, groups.melds) for meld in melds]
    assert kinds == fresh
    groups._kinds.clear()
    assert [groups.kind_of(meld) for meld in melds] == kinds
    stale = next(meld for meld, kind in zip(melds, kinds, strict=True) if kind is not None)
    other = Meld(stale.kind, stale.cards[:3], stale.ranks[:3])  # no canasta
    groups._kinds[id(other)] = (stale, kinds[melds.index(stale)])  # another meld's answer under its id
    assert groups.kind_of(other) is None
    copied = [Meld(meld.kind, meld.cards, meld.ranks) for meld in melds]  # equal melds, other objects
    assert [groups.kind_of(meld) for meld in copied] == kinds
