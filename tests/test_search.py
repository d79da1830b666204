"""The ``search`` bot (issue 37): it plays every variant with legal actions only, its levels, and it
never peeks: two positions that differ only in cards hidden from its seat get the same decision."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

import attrs
import pytest

import rummykit
from rummykit.core.actions import Discard, TakeDiscard
from rummykit.core.cards import face, parse_cards, standard_deck
from rummykit.core.engine import Game
from rummykit.core.errors import InvalidOptionError, InvalidPositionError
from rummykit.search import SearchBot, sample_world
from rummykit.search.worlds import known_cards
from rummykit.standard.canasta_family import TakePile
from rummykit.testing import ConformanceReport, check_games
from rummykit.testing.coverage import coverage_targets
from tests.hidden_cards import hidden_changes
from tests.sizes import QUICK_GAMES, variant_params

BUILT_IN = {"rummy": 2, "railroad-rummy": 2, "railroad-canasta": 2, "gin-rummy": 2}


def _positions_by_phase(variant: str, players: int) -> dict[str, Game]:
    """A position of each phase the games reach where the seat to act has more than one choice,
    from games between heuristic and random bots."""
    found: dict[str, Game] = {}
    for seed in range(12):
        game = rummykit.new_game(variant, players=players, seed=seed)
        bots = [
            rummykit.make_bot("heuristic" if (seed + seat) % 3 else "random", variant, seed=seat)
            for seat in range(players)
        ]
        steps = 0
        while not game.is_over and steps < 600:
            seat = game.to_act[0]
            legal = game.legal_actions(seat)
            if len(legal) > 1 and game.phase not in found and steps > 2:
                found[game.phase] = game.copy()
            game.apply(bots[seat].choose(game.view(seat), legal))
            steps += 1
    for phase, build in HAND_BUILT.get(variant, {}).items():
        found.setdefault(phase, build())
    return found


HAND_BUILT: dict[str, dict[str, Callable[[], Game]]] = {
    "gin-rummy": {  # the wall (GIN-19), which these games seldom reach: seat 0 may take the 9D to knock, or pass
        "wall": lambda: rummykit.build_position(
            "gin-rummy",
            2,
            hands=["AS 2S 3S 4H 5H 6H 7C 8C 9C KD", None],
            phase="wall",
            turn=0,
            stock="2D 5C",
            turn_number=30,
            rest="discard",
        ),
    },
}
"""Positions of the phases the games above seldom reach, built by hand."""


@pytest.mark.parametrize("variant", variant_params(sorted(BUILT_IN), quick=QUICK_GAMES - {"railroad-rummy"}))
def test_the_search_never_peeks(variant: str) -> None:
    """Hidden cards exchanged (another hand, the stock, the cards under the top discard) or copies of a
    face relabelled: the same seed gives the same decision, in a position of every phase reached."""
    positions = _positions_by_phase(variant, BUILT_IN[variant])
    declared = {"draw", "play", *rummykit.variant_spec(variant).phases}
    assert positions.keys() == declared, f"{variant}: positions of {sorted(positions)} only, of {sorted(declared)}"
    assert all(len(game.legal_actions(game.to_act[0])) > 1 for game in positions.values())
    compared = 0
    for phase, game in sorted(positions.items()):
        seat = game.to_act[0]
        decision = SearchBot(seed=5, level=1).choose(game.view(seat), game.legal_actions(seat))
        for change, state in hidden_changes(game, seat, random.Random(phase), 4):
            try:
                twin = Game.from_state(state, configuration=game.configuration)
            except InvalidPositionError:
                continue
            assert twin.view(seat) == game.view(seat)
            again = SearchBot(seed=5, level=1).choose(twin.view(seat), twin.legal_actions(seat))
            assert again == decision, f"{variant}, phase {phase}: {change} changed the decision"
            compared += 1
    assert compared >= len(positions)


@pytest.mark.parametrize("variant", sorted(BUILT_IN))
def test_worlds_agree_with_the_view(variant: str) -> None:
    """A world drawn from a view shows the seat what its game shows it (its hand, the table, the sizes)."""
    game = rummykit.new_game(variant, players=BUILT_IN[variant], seed=3)
    bots = [rummykit.make_bot("heuristic", variant, seed=seat) for seat in range(game.players)]
    for _ in range(40):
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    seat = game.to_act[0]
    view = game.view(seat)
    world = sample_world(view, random.Random(0))
    shown = world.view(seat)

    def melds(seen: rummykit.View) -> list[tuple[int, object]]:
        return [(table_meld.owner, table_meld.meld) for table_meld in seen.table]

    assert (shown.hand, melds(shown), shown.hand_sizes, shown.discard_top) == (
        view.hand,
        melds(view),
        view.hand_sizes,
        view.discard_top,
    )
    assert world.legal_actions(seat) == game.legal_actions(seat)


@pytest.mark.parametrize(
    ("variant", "players"),
    [
        ("railroad-canasta", 2),
        ("railroad-canasta", 4),
        ("rummy", 2),
        ("gin-rummy", 2),
        ("railroad-rummy", 4),
        ("rummy-500", 3),
        ("canasta", 4),
        ("indian-rummy", 2),
    ],
)
def test_the_cards_a_seat_knows_another_holds_are_in_its_hand(variant: str, players: int) -> None:
    """What a view's log tells of the other hands (`known_cards`: cards taken from the discard pile and
    not played since) is true, checked against the game at every step of heuristic games. Railroad
    Canasta's pile take melds the top card at once (RC-17): read as taken into the hand, it made the
    search bot's worlds give a seat cards it did not hold, in half the views of a 2-player game."""
    known_somewhere = 0
    for seed in range(2 if players == 2 else 1):
        game = rummykit.new_game(variant, players=players, seed=seed)
        bots = [rummykit.make_bot("heuristic", variant, seed=seat) for seat in range(players)]
        steps = 0
        while not game.is_over and steps < 700:
            actor = game.to_act[0]
            view = game.view(actor)
            knowledge = known_cards(view)
            for seat in range(players):
                if seat != actor:
                    held = Counter(face(cid) for cid in game.state.hands[seat])
                    assert not Counter(knowledge.held[seat]) - held, (seed, steps, seat, knowledge.held[seat])
                    known_somewhere += bool(knowledge.held[seat])
            game.apply(bots[actor].choose(view, game.legal_actions(actor)))
            steps += 1
    assert known_somewhere > 0


def test_a_pile_take_melds_the_top_card_and_brings_the_rest_into_the_hand() -> None:
    """RC-17 and CAN-21, as the worlds read them: the cards named leave the hand with the top card (a new
    meld), then the rest of the pile comes in, a card of the same face as one named included."""
    view = rummykit.new_game("railroad-canasta", players=2, seed=1).view(0)
    log = (
        Discard(seat=0, card="8H"),
        Discard(seat=1, card="5C"),
        Discard(seat=0, card="8D"),
        TakePile(seat=1, cards="8H 8S"),
    )
    view = attrs.evolve(view, log=log, discard_size=0, discard_top=None)
    knowledge = known_cards(view)
    assert sorted(knowledge.held[1]) == sorted(parse_cards("8H 5C"))  # the 8D is on the table, with 8H 8S
    assert knowledge.discard == ()


def test_a_world_places_no_more_known_cards_than_a_hand_holds() -> None:
    """A log that tells of more cards taken into a hand than it holds (a variant's take read wrongly)
    still gives a world of the view's sizes: a known card is taken from the shoe only when it is placed.
    Before, the cards known but not placed were lost to the deal, and with fewer of them left than the
    stock holds (a 4-player Railroad Canasta round near its end; here a Gin Rummy hand at the wall) the
    world ran out of cards for the hidden places."""
    game = HAND_BUILT["gin-rummy"]["wall"]()
    view = game.view(0)
    seen = {*view.hand, view.discard_top}
    taken = [card for card in standard_deck() if card not in seen][: view.hand_sizes[1] + 3]
    log: list[rummykit.Action] = []
    for card in taken:
        log += [Discard(seat=0, card=card), TakeDiscard(seat=1)]
    view = attrs.evolve(view, log=tuple(log))
    assert len(known_cards(view).held[1]) == view.hand_sizes[1] + 3
    world = sample_world(view, random.Random(0))
    shown = world.view(0)
    assert (shown.hand, shown.hand_sizes, shown.stock_size, shown.discard_size, shown.discard_top) == (
        view.hand,
        view.hand_sizes,
        view.stock_size,
        view.discard_size,
        view.discard_top,
    )
    assert set(world.hand(1)) <= set(taken)


def search_game(variant: str, players: int) -> ConformanceReport:
    """The conformance kit's second game, where the search bot (level 1) plays seat 0 beside the kit's
    random player, under the conformance kit's
    checks, every action the search chose checked legal; one game is no coverage run, so nothing is
    required to be reached."""
    unreachable = dict.fromkeys(coverage_targets(variant), "one game of the search bot, not a coverage run")
    return check_games(variant, games=2, players=players, bots=["search:1"], budget=0, unreachable=unreachable)


@pytest.mark.parametrize("variant", variant_params(sorted(BUILT_IN), quick=QUICK_GAMES - {"railroad-rummy"}))
def test_the_search_plays_legal_actions_to_the_end(variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A full game under the conformance kit's bot check (Shanghai's: examples/shanghai/tests)."""
    decisions = []
    choose = SearchBot.choose

    def counted(bot: SearchBot, view: rummykit.View, legal: Sequence[rummykit.Action]) -> rummykit.Action:
        decisions.append(view.seat)
        return choose(bot, view, legal)

    monkeypatch.setattr(SearchBot, "choose", counted)
    report = search_game(variant, BUILT_IN[variant])
    assert report.games == 2
    assert len(decisions) >= 5


def test_same_seed_same_view_same_decision() -> None:
    game = rummykit.new_game("rummy", players=2, seed=8)
    seat = game.to_act[0]
    first = SearchBot(seed=3, level=2)
    choices = {repr(first.choose(game.view(seat), game.legal_actions(seat))) for _ in range(2)}
    choices.add(repr(SearchBot(seed=3, level=2).choose(game.view(seat), game.legal_actions(seat))))
    assert len(choices) == 1


def test_levels_by_name_and_keyword() -> None:
    assert "search" in rummykit.available_bots("gin-rummy")
    bot = rummykit.make_bot("search:4", "gin-rummy", seed=1)
    assert isinstance(bot, SearchBot) and bot.level == 4
    assert rummykit.make_bot("search", "rummy", seed=1, level=2).level == 2  # type: ignore[attr-defined]
    with pytest.raises(InvalidOptionError, match=r"the bot 'heuristic' of rummy has no levels"):
        rummykit.make_bot("heuristic", "rummy", level=2)
    with pytest.raises(InvalidOptionError, match=r"levels are 1, 2, 3, 4, 5, not 9"):
        rummykit.make_bot("search:9", "rummy")
    with pytest.raises(InvalidOptionError, match=r"whole number"):
        rummykit.make_bot("search:x", "rummy")


def test_each_bot_with_levels_is_listed_with_them_and_a_bot_without_is_not() -> None:
    """`bot_levels` is what a form offers: the search bot's five levels in every variant, read from the
    bot (its ``levels``), and none of the bots that take no level (random, a variant's heuristic)."""
    for variant in rummykit.available_variants():
        levels = rummykit.bot_levels(variant)
        assert levels == {"search": (1, 2, 3, 4, 5)}, variant
        for level in levels["search"]:
            assert rummykit.make_bot(f"search:{level}", variant, seed=1).level == level  # type: ignore[attr-defined]
