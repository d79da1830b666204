"""Hostile positions and records (issue 24): hands no play can reach, dead ends, a game over that skips
its checks, records with randomness they do not use, and the configuration cache under threads.

Each test names the finding it covers; each fails on the engine the issue was found on (4926410) or,
where the old engine cannot run it (a name it does not have), on the one before this work (faf5aaf).
"""

from __future__ import annotations

import contextlib
import json
import random
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, Final

import attrs
import pytest
from typer.testing import CliRunner

import rummykit
from rummykit import GoDown
from rummykit.core.cards import Rank, standard_deck
from rummykit.core.errors import InvalidPositionError, InvalidRecordError, UnknownVariantError
from rummykit.core.plugins import load_variant, register_variant, unregister_variant
from rummykit.documents.builder import build_position
from rummykit.documents.notation import position_text, read_position
from rummykit.documents.serialize import dump_record, load_position, load_record, position_to_data
from rummykit.play.cli import app
from rummykit_variants.classic_rummy.plugin import ClassicRummy

Document = dict[str, Any]


def _data(game: rummykit.Game) -> Document:
    copied: Document = json.loads(json.dumps(position_to_data(game)))
    return copied


def _refused(document: Document) -> InvalidPositionError:
    with pytest.raises(InvalidPositionError) as caught:
        load_position(document)
    return caught.value


# -- finding 2: a hand no play can reach is refused, so that its listing stays small ----------------------

RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_BY_RANK: Final = [rank + suit for rank in RANKS for suit in "CDHS"]
"""Classic Rummy's deck dealt rank by rank: a hand of it holds the most sets and runs."""


def _classic(hand: list[str], players: int = 2, phase: str = "play") -> Document:
    """A Classic Rummy position (as data) where seat 0, to act, holds ``hand``, and every other card
    is in the stock."""
    game = rummykit.new_game("rummy", players, seed=1)
    data = _data(game)
    everything = [card for hand_ in data["hands"] for card in hand_] + data["piles"]["stock"] + data["piles"]["discard"]
    rest = [card for card in everything if card not in hand]
    dealt = 10 if players == 2 else 7
    data["hands"] = [hand] + [rest[i * dealt : (i + 1) * dealt] for i in range(players - 1)]
    data["piles"]["discard"] = [rest[(players - 1) * dealt]]
    data["piles"]["stock"] = rest[(players - 1) * dealt + 1 :]
    data.update(turn=0, dealer=players - 1, phase=phase)
    return data


@pytest.mark.parametrize(("size", "players"), [(12, 2), (20, 2), (28, 2), (9, 3), (11, 4)])
def test_a_classic_rummy_hand_larger_than_play_reaches_is_refused_with_the_reason(size: int, players: int) -> None:
    """A hand is dealt 10 cards (7 with three or four players), takes one card a turn and gives one
    back: 11 (8) after the draw at most. The issue's 28-card hand listed 2,227,550 actions."""
    err = _refused(_classic(RANK_BY_RANK[:size], players))
    assert err.path == "hands[0]"
    assert f"{size} cards" in str(err) and "CR-1" in str(err)


@pytest.mark.parametrize(("size", "players", "phase"), [(11, 2, "play"), (10, 2, "draw"), (8, 3, "play")])
def test_the_largest_classic_rummy_hand_play_reaches_loads_and_lists_a_few_hundred_actions(
    size: int, players: int, phase: str
) -> None:
    game = load_position(_classic(RANK_BY_RANK[:size], players, phase))
    assert len(game.legal_actions(0)) <= 300


def test_a_classic_rummy_hand_one_card_over_after_its_draw_is_refused() -> None:
    assert _refused(_classic(RANK_BY_RANK[:11], 2, "draw")).path == "hands[0]"


def test_play_from_a_position_with_a_hand_play_never_reaches_stops_in_one_line(tmp_path: Any) -> None:
    """The issue printed 218,473 move lines for a 24-card hand (``rummykit play --position``)."""
    path = tmp_path / "position.json"
    path.write_text(json.dumps(_classic(RANK_BY_RANK[:24])), encoding="utf-8")
    result = CliRunner().invoke(app, ["play", "--position", str(path)], input="quit\n")
    assert result.exit_code == 2, result.output[:2000]
    assert len(result.output.splitlines()) <= 3 and "hands[0]" in result.output, result.output[:2000]


MOST_LISTED: Final = 5_000
"""The most legal actions a reachable position may list. Hands of play list tens to a few hundred (a
Classic Rummy hand at most about 300); the issue's reached two million."""


def _canasta_after_taking_the_pile(size: int) -> rummykit.Game:
    """Railroad Canasta, two players: seat 0 took a discard pile of ``size`` cards and has melded (the
    largest hands come from taken piles, after which every meld action is one meld, RC-C2)."""
    game = rummykit.new_game("railroad-canasta", 2, seed=5)
    data = _data(game)
    stock = data["piles"]["stock"]
    hand = data["hands"][0]
    meld = [card for card in stock if card.startswith("7")][:3]
    pile = [card for card in stock if card not in meld and not card.startswith(("3H", "3D", "3C", "3S"))][:size]
    data["piles"]["stock"] = [card for card in stock if card not in pile and card not in meld]
    data["hands"][0] = hand + pile
    data["table"] = [{"owner": 0, "kind": "set", "cards": meld, "ranks": ["7", "7", "7"]}]
    data.update(turn=0, dealer=1, phase="play", turn_number=3)
    data["extra"]["melded_on"] = [2, None]
    data["extra"]["played_on"] = [2, None]
    return load_position(data)


@pytest.mark.parametrize("size", [40, 100, 150])
def test_a_canasta_hand_of_a_taken_pile_lists_a_bounded_number_of_actions(size: int) -> None:
    """The largest Railroad Canasta hands come from taking the discard pile (RC-17), which melds: from
    then on a meld action lays down one meld (RC-C2), so the listing grows with the ranks held, not
    with the hand. Counted, not timed."""
    game = _canasta_after_taking_the_pile(size)
    assert len(game.hand(0)) >= size
    listed = game.legal_actions(0)
    assert 0 < len(listed) <= MOST_LISTED


def _railroad_gone_down(size: int) -> rummykit.Game:
    """RailRoad Rummy, round 1: seat 0 went down on an earlier turn and has claimed its hand up to
    ``size`` cards (two a claim, RR-17): it now lists lay-offs and discards only (RR-13)."""
    game = rummykit.new_game("railroad-rummy", 2, seed=6)
    data = _data(game)
    stock = data["piles"]["stock"] + data["piles"]["standby"]
    fives = [card for card in stock if card.startswith("5")][:3]
    nines = [card for card in stock if card.startswith("9")][:3]
    stock = [card for card in stock if card not in fives and card not in nines]
    taken = size - len(data["hands"][0])
    data["hands"][0] = data["hands"][0] + stock[:taken]
    data["piles"]["stock"] = stock[taken:]
    data["piles"]["standby"] = []
    data["table"] = [
        {"owner": 0, "kind": "set", "cards": fives, "ranks": ["5", "5", "5"]},
        {"owner": 0, "kind": "set", "cards": nines, "ranks": ["9", "9", "9"]},
    ]
    data.update(round=1, turn=0, dealer=1, phase="play", turn_number=9)
    data["extra"]["melded_on"] = [3, None]
    data["extra"]["played_on"] = [3, None]
    return load_position(data)


@pytest.mark.parametrize("size", [40, 120])
def test_a_railroad_rummy_hand_gone_down_lists_a_bounded_number_of_actions(size: int) -> None:
    game = _railroad_gone_down(size)
    assert 0 < len(game.legal_actions(0)) <= MOST_LISTED


@pytest.mark.parametrize(("size", "round_"), [(60, 3), (60, 6), (120, 6)])
def test_a_railroad_rummy_hand_grown_by_claims_lists_a_bounded_number_of_go_downs(size: int, round_: int) -> None:
    """60 cards in round 3 (two runs of 4) listed 34,992 go-downs on faf5aaf, and round 6 did not
    finish in minutes: one go-down is listed for each choice of its melds' ranks (RR-C4), so round 3's
    two runs are at most the 45 pairs of the 9 runs of 4 cards, and round 6's set and two runs at most
    12 × 45 = 540, however large the hand."""
    faces = [str(card) for card in standard_deck(jokers=2)]
    hand = " ".join((faces * 3)[:size])
    game = rummykit.build_position("railroad-rummy", 2, round=round_, hands=[hand, None], turn=0, phase="play")
    go_downs = [action for action in game.legal_actions(0) if isinstance(action, GoDown)]
    assert len(go_downs) == {3: 45, 6: 540}[round_]


@pytest.mark.parametrize("size", [36, 52])
def test_a_canasta_hand_that_has_not_melded_lists_a_bounded_number_of_initial_melds(size: int) -> None:
    """36 cards (about 23 turns of draws without a meld, RC-14) with a total of 15,000 (150 to meld,
    RC-13) listed 15,420 initial melds on faf5aaf, and 52 cards 106,856 in half a minute: one least form
    is listed for each choice of ranks (RC-C6), so at most one for each set of the 13 keys a meld can
    have (4 to A, black 3s, wild melds), however large the hand."""
    faces = [str(card) for card in standard_deck(jokers=2) if str(card) not in ("3H", "3D")]
    game = rummykit.build_position(
        "railroad-canasta", 2, hands=[" ".join((faces * 2)[:size]), None], turn=0, phase="play", totals=[15_000, 0]
    )
    go_downs = [action for action in game.legal_actions(0) if isinstance(action, GoDown)]
    assert 0 < len(go_downs) <= MOST_LISTED

    def ranks(meld: tuple[rummykit.Card, ...]) -> str:
        naturals = {str(card.rank) for card in meld if card.rank not in (Rank.TWO, Rank.JOKER)}
        return naturals.pop() if naturals else "wild"

    choices = {frozenset(ranks(meld) for meld in action.melds) for action in go_downs}
    assert len(choices) == len(go_downs)  # one for each choice of ranks


# -- finding 4: a position whose player to act has no legal action is refused --------------------------


@pytest.mark.parametrize("card", ["5H", "JK"])
def test_a_canasta_position_whose_player_to_act_has_no_legal_action_is_refused(card: str) -> None:
    """A one-card hand (or a lone joker) in phase play: no discard leaves a card for RC-19, nothing to
    meld: the issue's bot crashed on the empty listing. (Refused on faf5aaf; accepted on 4926410.)"""
    game = rummykit.new_game("railroad-canasta", 2, seed=1)
    data = _data(game)
    turn = data["turn"]
    stock = data["piles"]["stock"] + data["hands"][turn]
    kept = next(c for c in stock if c.split("#")[0] == card)
    stock.remove(kept)
    data["hands"][turn] = [kept]
    data["piles"]["stock"] = stock
    data["phase"] = "play"
    err = _refused(data)
    assert err.path == "phase" and "no legal action" in str(err)


DEAD_ENDS: Final[dict[str, tuple[str, str | None, dict[str, Any]]]] = {
    "rummy": ("5H", "5H", {}),  # the card taken this turn may not be discarded (CR-6), nothing to meld
    "railroad-rummy": ("5H", "5H", {"may_discard_taken_card": False}),  # the same, where RR-21 is CR-6's
    "railroad-canasta": ("5H", None, {}),  # no discard may leave an empty hand unmelded (RC-19)
}
"""(Gin Rummy has none: until a knock its hands hold 10 cards, 11 after the draw, so a one-card hand is
refused for its size, below.)"""
"""For each built-in variant, the one card seat 0 holds in phase play in a position where it has no
legal action, the card it took from the discard pile this turn, and the options that make it so."""


def _dead_end(variant: str) -> tuple[Document, str]:
    """A position of ``variant`` (as data and in notation) whose player to act, seat 0 in phase play,
    has no legal action: a legal position where it also holds 9S, with the 9S put back on the stock."""
    card, taken, options = DEAD_ENDS[variant]
    game = build_position(variant, 2, hands=[f"{card} 9S", None], turn=0, phase="play", taken=taken, options=options)
    data = _data(game)
    nine = next(cid for cid in data["hands"][0] if cid.startswith("9S"))
    data["hands"][0].remove(nine)
    data["piles"]["stock"].insert(0, nine)
    lines = position_text(game).splitlines()
    for number, line in enumerate(lines):
        name, _, cards = line.partition(": ")
        if name == "hands":
            lines[number] = f"hands: {' / '.join([card, *cards.split(' / ')[1:]])}"
        elif name == "piles.stock":
            lines[number] = f"piles.stock: {nine} {cards}"
    return data, "\n".join(lines)


@pytest.mark.parametrize(
    ("cards", "phase", "turn"), [(1, "play", 1), (9, "draw", 0), (11, "draw", 0), (10, "play", 1), (12, "play", 1)]
)
def test_a_gin_hand_of_a_size_play_never_reaches_is_refused(cards: int, phase: str, turn: int) -> None:
    """Nothing is melded before a knock: a hand holds the 10 dealt (GIN-3), 11 after its turn's draw
    (GIN-5). A fuzzed one-card hand used to load, and after its knock (deadwood 3, GIN-12) the knocker had
    no meld to lay down and no move."""
    faces = " ".join(str(card) for card in standard_deck()[:cards])
    with pytest.raises(InvalidPositionError, match=r"the 10 dealt.*\(GIN-5\)") as refused:
        build_position("gin-rummy", 2, hands=[None, faces], turn=turn, phase=phase)
    assert refused.value.path == "hands[1]" and f"{cards} card" in str(refused.value)


@pytest.mark.parametrize("variant", rummykit.available_variants())
def test_a_position_whose_player_to_act_has_no_legal_action_is_refused_in_every_variant(variant: str) -> None:
    """G-4: no play leaves the turn player without a legal way to end the turn, so no position may
    either. Refused by every reader: the builder, the JSON document, the notation and the command
    line (on 4926410 they loaded; then ``legal_actions`` was empty and the game not over)."""
    if variant not in DEAD_ENDS:
        pytest.skip(f"{variant} has no dead end a position check lets through")
    card, taken, options = DEAD_ENDS[variant]
    with pytest.raises(InvalidPositionError, match="no legal action") as built:
        build_position(variant, 2, hands=[card, None], turn=0, phase="play", taken=taken, options=options)
    assert built.value.path == "phase"
    data, text = _dead_end(variant)
    assert _refused(data).path == "phase"
    with pytest.raises(InvalidPositionError, match="no legal action"):
        read_position(text)
    result = CliRunner().invoke(app, ["position", text])
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, result.output[-2000:]
    assert "no legal action" in result.output


@pytest.mark.parametrize("variant", sorted(DEAD_ENDS))
def test_the_adapters_refuse_a_position_whose_player_to_act_has_no_legal_action(variant: str) -> None:
    """The issue's PettingZoo mask of all zeros and OpenSpiel state with no legal action: both
    adapters start from a position only through its checks. Needs the rl extra."""
    pyspiel = pytest.importorskip("pyspiel")
    from rummykit.rl import openspiel  # noqa: PLC0415 - only with the rl extra
    from rummykit.rl.pettingzoo import env  # noqa: PLC0415 - only with the rl extra

    _, text = _dead_end(variant)
    with pytest.raises(InvalidPositionError, match="no legal action"):
        env(variant, 2).reset(options={"position": text})
    with pytest.raises(InvalidPositionError, match="no legal action"):
        pyspiel.load_game(openspiel.register(variant), {"players": 2, "position": text})


# -- finding 5: a game over is checked as every position is ----------------------------------------------


def _railroad_over(seed: int = 0) -> rummykit.Game:
    """A RailRoad Rummy game ended by its rounds (max_rounds=1) after its heuristic bots went down:
    melds on the table."""
    game = rummykit.new_game("railroad-rummy", 2, seed=seed, options={"max_rounds": 1})
    bots = [rummykit.make_bot("heuristic", "railroad-rummy", seed=seat) for seat in range(2)]
    while not game.is_over:
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    assert game.state.table
    return game


def test_a_finished_game_loads_as_it_ended() -> None:
    game = _railroad_over()
    assert load_position(_data(game)).winners == game.winners


def test_the_issues_railroad_game_over_in_round_1_of_7_is_refused() -> None:
    """Round 1 of 7 over, totals [0, 999], HMGs [99, -5] and a meld of kind "bogus": it loaded and
    declared its winner on 4926410."""
    data = _data(_railroad_over())
    data["options"]["max_rounds"] = None
    data["totals"] = [0, 999]
    data["history"][-1]["scores"] = data["history"][-1]["totals"] = [0, 999]
    data["extra"]["hmg"] = [99, -5]
    data["table"][0]["kind"] = "bogus"
    _refused(data)


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda data: data["extra"].update(hmg=[99, -5]), "extra.hmg[0]"),
        (lambda data: data["table"][0].update(kind="bogus"), "table[0].kind"),
        (lambda data: data.update(totals=[0, 999]), "totals"),
        (lambda data: data["options"].update(max_rounds=None), "phase"),
        (lambda data: data["extra"].update(melded_on=[None, None]), "table[0].owner"),
        (lambda data: data["extra"].update(declarations={"1": "claim"}), "extra.declarations"),
    ],
    ids=[
        "HMGs [99, -5]",
        "a meld of kind bogus",
        "totals [0, 999]",
        "over in round 1 of 7",
        "melds of nobody",
        "a declaration",
    ],
)
def test_each_fault_of_a_railroad_game_over_is_refused_by_name(change: Callable[[Document], None], path: str) -> None:
    data = _data(_railroad_over())
    change(data)
    assert _refused(data).path == path


def test_a_record_starting_at_a_bogus_game_over_is_refused() -> None:
    game = _railroad_over()
    record = json.loads(dump_record(game.record))
    start = json.loads(json.dumps(position_to_data(game)))
    start["extra"]["hmg"] = [99, -5]
    record.update(position=start, actions=[], outcomes=[])
    with pytest.raises(InvalidRecordError) as caught:
        load_record(record)
    assert caught.value.path == "position.extra.hmg[0]"


@pytest.mark.parametrize("variant", ["rummy", "railroad-rummy", "railroad-canasta"])
def test_every_variants_finished_games_load_and_a_bogus_meld_in_them_is_refused(variant: str) -> None:
    for seed in range(3):
        options: dict[str, Any] = {"max_rounds": 1}
        game = rummykit.new_game(variant, 2, seed=seed, options=options)
        bots = [rummykit.make_bot("heuristic", variant, seed=seed * 2 + seat) for seat in range(2)]
        while not game.is_over:
            seat = game.to_act[0]
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
        data = _data(game)
        assert load_position(data) == load_position(_data(game))
        if data["table"]:
            data["table"][-1]["kind"] = "bogus"
            assert _refused(data).path == f"table[{len(data['table']) - 1}].kind"


# -- finding 6: records carry exactly the randomness they use --------------------------------------------


def _unseeded(steps: int = 12) -> rummykit.GameRecord:
    game = rummykit.new_game("rummy", 2)
    chooser = random.Random(3)
    for _ in range(steps):
        game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
    return game.record


@pytest.mark.parametrize(
    ("name", "change"),
    [
        ("an identity shuffle no action used", lambda record: (*record.outcomes, tuple(range(32)))),
        ("an outcome of the wrong size no action used", lambda record: (*record.outcomes, (0, 1, 2))),
        ("a choice no action used", lambda record: (*record.outcomes, (1,))),
    ],
)
def test_a_record_with_random_outcomes_no_action_used_is_refused(
    name: str, change: Callable[[rummykit.GameRecord], tuple[tuple[int, ...], ...]]
) -> None:
    """On 4926410 the game replayed, then took its next shuffle from the outcome left over (a 32-card
    identity permutation became the next stock), or failed a legal action on one of the wrong size."""
    played = _unseeded()
    record = attrs.evolve(played, outcomes=change(played))
    for read in (rummykit.replay, lambda record: load_record(dump_record(record))):
        with pytest.raises(InvalidRecordError) as caught:
            read(record)
        assert caught.value.path == "outcomes" and "used by no action" in str(caught.value)


def test_a_record_with_a_seed_and_outcomes_is_refused() -> None:
    game = rummykit.new_game("rummy", 2, seed=4)
    record = attrs.evolve(game.record, outcomes=((1,),))
    for read in (rummykit.replay, lambda record: load_record(dump_record(record))):
        with pytest.raises(InvalidRecordError) as caught:
            read(record)
        assert caught.value.path == "outcomes" and "seed" in str(caught.value)


def test_a_record_replays_with_exactly_its_outcomes_and_part_way_too() -> None:
    record = _unseeded(40)
    assert rummykit.replay(record).record == record
    part = rummykit.replay(record, upto=5)
    for action in record.actions[5:]:
        part.apply(action)
    assert part.record == record


def test_the_replay_command_refuses_a_record_with_outcomes_no_action_used(tmp_path: Any) -> None:
    record = _unseeded()
    path = tmp_path / "game.json"
    path.write_text(dump_record(attrs.evolve(record, outcomes=(*record.outcomes, (0,)))), encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 2 and "outcomes" in result.output, result.output[-2000:]


# -- finding 8: the configuration cache, written under its lock ------------------------------------------

RACE: Final = "race-rummy"


class RaceRummy(ClassicRummy):
    """Classic Rummy under another name, registered and unregistered by the tests below."""

    spec = attrs.evolve(ClassicRummy.spec, name=RACE)


@pytest.fixture
def swapped() -> Iterator[tuple[RaceRummy, RaceRummy]]:
    plugins = (RaceRummy(), RaceRummy())
    register_variant(RACE, plugins[0])
    try:
        yield plugins
    finally:
        with contextlib.suppress(rummykit.PluginError):
            unregister_variant(RACE)


def _answering() -> Any:
    return rummykit.configure(RACE, 2).plugin_manager.get_plugin(f"variant:{RACE}")


def test_a_configuration_found_as_its_plugin_is_unregistered_is_not_kept_for_its_name(
    swapped: tuple[RaceRummy, RaceRummy], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ``configure`` that found the old plug-in by name just before it was swapped for another
    finishes after the swap: the name must not go on answering with the old plug-in (on 4926410 its
    cache was written outside the lock, after the swap had cleared it)."""
    second = swapped[1]
    found, swap = threading.Event(), threading.Event()
    load = load_variant

    def pausing(name: str) -> Any:  # the other thread swaps the plug-in while this call goes on
        plugin = load(name)
        if threading.current_thread() is not threading.main_thread():
            found.set()
            swap.wait(10)
        return plugin

    monkeypatch.setattr("rummykit.core.configuration.load_variant", pausing)
    racing = threading.Thread(target=lambda: rummykit.configure(RACE, 2))
    racing.start()
    assert found.wait(10)
    unregister_variant(RACE)
    register_variant(RACE, second)
    swap.set()
    racing.join(10)
    assert _answering() is second


@pytest.mark.slow
def test_configure_answers_for_the_plugin_registered_now_under_threads(swapped: tuple[RaceRummy, RaceRummy]) -> None:
    """The issue's measure: swaps of a registered plug-in while three threads configure it by name;
    on 4926410, 29 of 1,196 swaps left the old plug-in answering."""
    stop = threading.Event()

    def configure_again_and_again() -> None:
        while not stop.is_set():
            with contextlib.suppress(UnknownVariantError):  # between an unregister and the register after it
                rummykit.configure(RACE, 2)

    readers = [threading.Thread(target=configure_again_and_again) for _ in range(3)]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    stale = 0
    for reader in readers:
        reader.start()
    try:
        for swap in range(300):
            plugin = swapped[(swap + 1) % 2]
            unregister_variant(RACE)
            register_variant(RACE, plugin)
            time.sleep(0)
            stale += _answering() is not plugin
    finally:
        stop.set()
        for reader in readers:
            reader.join()
        sys.setswitchinterval(interval)
    assert stale == 0
