"""Test support: set up exact RailRoad Rummy positions, stack shoes, and play games with seeded
random choices.

`arrange` rearranges the cards of a freshly created game into a position: it moves physical
cards between zones (so every card stays accounted for), sets the round, turn and phase, and then
loads the position through the public loading path (:func:`rummykit.documents.serialize.load_position`), so
that the variant's position check runs: a test never plays from a position the loader refuses.
:func:`stacked_shoe` builds a whole RailRoad Rummy shoe that deals chosen cards (RR-3, RR-4).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Final

import pytest

import rummykit
from rummykit.core.cards import Card, parse_cards
from rummykit.core.shoe import decks
from rummykit_variants.railroad_rummy.state import RailroadState


def arrange(
    game: rummykit.Game,
    *,
    hands: Sequence[str],
    round: int | None = None,
    turn: int | None = None,
    phase: str = "draw",
    turn_number: int = 1,
    discard: str = "",
    table: Sequence[tuple[int, str]] = (),
    stock: str = "",
    standby: str | int = 0,
    leftover: str = "stock",
    went_down: Mapping[int, int] | None = None,
    hmg: Sequence[int] | None = None,
    taken: str | None = None,
    totals: Sequence[int] | None = None,
) -> rummykit.Game:
    """A RailRoad Rummy position with ``game``'s configuration, seed, dealer, history and (unless
    given) round, turn and totals: [`rummykit.build_position`][rummykit.documents.builder.build_position] with
    the defaults these tests share (an empty standby pile, nobody gone down unless ``went_down`` says
    on which turn, the HMGs as ``game`` has them).

    Args:
        hands: each seat's hand as card text.
        round: the round number (default: unchanged).
        turn, phase, turn_number: whose turn, in which phase, how many turns into the round.
        discard: the discard pile, bottom card first, top card last.
        table: melds on the table as ``(owner, cards)``, a run listed low to high.
        stock: cards on top of the draw pile, the next card to be drawn first.
        standby: the standby pile: card text (next to come off first) or a number of cards.
        leftover: where the cards not placed anywhere go: ``"stock"`` (under ``stock``),
            ``"standby"`` or ``"discard"`` (under ``discard``).
        went_down: seat -> the turn number on which it went down.
        hmg: each seat's HMGs.
        taken: a card of the turn player's hand that was taken from the discard pile this turn.
        totals: each seat's total before this round (default: unchanged).
    """
    state = game.state
    assert isinstance(state, RailroadState)
    turns = [(went_down or {}).get(seat) for seat in range(game.players)]
    return rummykit.build_position(
        game.variant,
        game.players,
        hands=hands,
        seed=game.seed,
        options=game.options,
        house_rules=[rule.name for rule in game.house_rules],
        round=game.round if round is None else round,
        dealer=game.dealer,
        turn=game.turn if turn is None else turn,
        phase=phase,
        turn_number=turn_number,
        discard=discard,
        stock=stock,
        piles={"standby": standby},
        table=table,
        taken=taken,
        totals=game.scores if totals is None else totals,
        history=game.history,
        facts={"melded_on": turns, "played_on": turns, "hmg": list(state.hmg if hmg is None else hmg)},
        rest=leftover,
    )


def stacked_shoe(*hands: str, up: str = "", stock: str = "") -> list[Card]:
    """A whole RailRoad Rummy shoe (RR-3) whose deal gives ``hands[i]`` to the i-th seat dealt to
    (the starting player first, RR-4), then turns up ``up``, with ``stock`` next on the draw pile.
    With one hand, its cards are simply the top of the shoe in draw order.

    The draw pile is two whole decks, the chosen cards first and the rest of those two decks after
    them in card order; the standby pile is two more decks in card order.
    """
    cards = [parse_cards(hand) for hand in hands]
    order = [hand[n] for n in range(max(map(len, cards))) for hand in cards if n < len(hand)]
    order += [*parse_cards(up), *parse_cards(stock)]
    two_decks = Counter(decks(2, jokers_per_deck=2))
    rest = two_decks - Counter(order)
    assert sum(rest.values()) == sum(two_decks.values()) - len(order), "two decks hold each face twice"
    return [*order, *sorted(rest.elements()), *sorted(two_decks.elements())]


def play_random(game: rummykit.Game, rng: random.Random, *, steps: int | None = None, check: Any = None) -> int:
    """Apply uniformly random legal actions (until the game ends, or ``steps`` actions); call
    ``check(game)`` after each. Returns the number of actions applied."""
    done = 0
    while not game.is_over and (steps is None or done < steps):
        seat = game.to_act[0]
        game.apply(rng.choice(game.legal_actions(seat)))
        done += 1
        if check is not None:
            check(game)
    return done


def play(game: rummykit.Game, *actions: rummykit.Action) -> None:
    """Apply ``actions`` in order."""
    for action in actions:
        game.apply(action)


def refuse(game: rummykit.Game, action: rummykit.Action, rule: str) -> rummykit.IllegalActionError:
    """Assert that ``action`` is refused citing ``rule`` and leaves the game exactly as it was."""
    before = game.copy()
    with pytest.raises(rummykit.IllegalActionError) as err:
        game.apply(action)
    assert err.value.rule == rule, str(err.value)
    assert game == before
    return err.value


AS_IN_A_TERMINAL = (
    "import runpy, signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "sys.argv[0] = 'rummykit'; runpy.run_module('rummykit', run_name='__main__')"
)
"""``python -m rummykit`` with Ctrl-C's default handler, as in a terminal's foreground: a process started
in the background of a shell (a CI run started with ``&``) inherits SIGINT ignored, and Python then
installs no handler of its own."""


SEVERAL_ROUNDS: Final[Mapping[str, Mapping[str, object]]] = {"indian-rummy": {"form": "deals", "deals": 20}}
"""Options under which a game of a variant plays more than one round, where its default is a single one (Indian
Rummy's Points form, IND-14): for the tests of what happens from one round to the next."""
