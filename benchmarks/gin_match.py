"""The search bot against OpenSpiel's IS-MCTS in Gin Rummy, across the two engines move for move (issue 37):
``python -m benchmarks.gin_match``.

Each hand is dealt identically in both engines: rummykit's Gin Rummy as one hand (``single_hand``), whose
legal actions agree with OpenSpiel's ``gin_rummy`` move for move (tests/test_gin_openspiel.py), and
OpenSpiel's ``gin_rummy`` itself. rummykit's ``search`` bot plays one seat in rummykit, from its view;
OpenSpiel's ``ismcts.ISMCTSBot`` (a random rollout a leaf, UCT constant 2) plays the other in OpenSpiel,
from OpenSpiel's state, with as many simulations a decision as the search bot's level has iterations
(level 3: 20). Every play either makes is made in both engines; at the hand's end the two engines'
scores must agree. The search bot's seat alternates; hand ``i`` is dealt from seed ``i``.

It prints the hands the search bot won, drew and lost, its mean points a hand (OpenSpiel's returns: the
points won from the other player) and their 95% intervals. Needs the ``rl`` extra (OpenSpiel).

    python -m benchmarks.gin_match --hands 200 --level 3
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Iterable, Sequence
from typing import Final

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import rummykit
from rummykit import Action, Card, Discard, Draw, GoDown, LayOff, TakeDiscard
from rummykit.core.cards import face
from rummykit.play.intervals import wilson_interval
from rummykit.search import LEVELS, SearchBot
from rummykit.standard import Knock, Pass

GIN: Final = pyspiel.gin_rummy
PHASE: Final = GIN.Phase
UTILS: Final = GIN.GinRummyUtils(13, 4, 10)
DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK, MELD = 52, 53, 54, 55, 56
RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
MELD_NUMBER: Final = {frozenset(cards): number for number, cards in UTILS.int_to_meld.items()}
"""OpenSpiel's number of each meld it knows (sets of 3 or 4, runs of 3 to 5), by its cards."""
PIECES: Final = {3: (3,), 4: (4,), 5: (5,), 6: (3, 3), 7: (3, 4), 8: (4, 4), 9: (4, 5), 10: (5, 5)}
"""A run of each length as the runs of 3 to 5 cards OpenSpiel lays it in, lowest first."""


def os_card(card: Card) -> int:
    """OpenSpiel's number of ``card``: its suit (s c d h) times 13, plus its rank from the ace.

    Examples:
        >>> os_card(Card.parse("AS")), os_card(Card.parse("KH"))
        (0, 51)
    """
    return "SCDH".index(str(card)[-1]) * 13 + RANKS.index(str(card)[:-1])


def rk_card(number: int) -> Card:
    """The card of OpenSpiel's number ``number``.

    Examples:
        >>> rk_card(0), rk_card(51)
        (Card.parse('AS'), Card.parse('KH'))
    """
    return Card.parse(RANKS[number % 13] + "SCDH"[number // 13])


def joined(melds: Iterable[Iterable[int]]) -> frozenset[frozenset[int]]:
    """Melds (OpenSpiel's card numbers) with the touching runs of one suit joined (GIN-C2).

    Examples:
        >>> sorted(sorted(meld) for meld in joined([[0, 1, 2], [3, 4, 5], [13, 26, 39]]))
        [[0, 1, 2, 3, 4, 5], [13, 26, 39]]
    """
    groups = [set(meld) for meld in melds]
    merged = True
    while merged:
        merged = False
        for one in groups:
            for other in groups:
                runs = one is not other and len({c % 13 for c in one}) > 1 and len({c % 13 for c in other}) > 1
                if runs and max(one) + 1 == min(other) and max(one) // 13 == min(other) // 13:
                    one.update(other)
                    groups.remove(other)
                    merged = True
                    break
            if merged:
                break
    return frozenset(frozenset(group) for group in groups)


def meld_tokens(melds: Sequence[Sequence[Card]]) -> list[int]:
    """OpenSpiel's meld actions that lay ``melds`` (a run of more than 5 cards in pieces of 3 to 5).

    Examples:
        >>> [UTILS.int_to_meld[token - MELD] for token in meld_tokens([[rk_card(n) for n in range(7)]])]
        [[0, 1, 2], [3, 4, 5, 6]]
    """
    tokens = []
    for meld in melds:
        numbers = sorted(os_card(card) for card in meld)
        is_set = len({number % 13 for number in numbers}) == 1
        pieces = (len(numbers),) if is_set else PIECES[len(numbers)]
        start = 0
        for size in pieces:
            tokens.append(MELD + MELD_NUMBER[frozenset(numbers[start : start + size])])
            start += size
    return tokens


class Hand:
    """One hand played in both engines: rummykit's search bot in one seat, OpenSpiel's IS-MCTS in the other."""

    def __init__(self, number: int, level: int) -> None:
        self.game = rummykit.new_game("gin-rummy", 2, seed=number, options={"single_hand": True})
        state = self.game.state
        self.dealer = state.dealer
        deal = [face(cid) for seat in (1 - self.dealer, self.dealer) for cid in state.hands[seat]]
        deal.append(face(state.piles["discard"][-1]))  # the up-card
        self.stock = [os_card(face(cid)) for cid in reversed(state.piles["stock"])]  # in the order drawn
        game = pyspiel.load_game("gin_rummy")
        self.state = game.new_initial_state()
        for card in deal:  # OpenSpiel deals the non-dealer's 10 cards, the dealer's 10, then the up-card
            self.state.apply_action(os_card(card))
        self.mine = number % 2  # the search bot's seat in rummykit
        self.search = SearchBot(seed=number, level=level)
        self.ismcts = ismcts.ISMCTSBot(
            game,
            mcts.RandomRolloutEvaluator(1, np.random.RandomState(number)),
            uct_c=2.0,
            max_simulations=LEVELS[level].iterations,
            random_state=np.random.RandomState(number),
        )
        self.searched: list[float] = []

    def seat(self, player: int) -> int:
        """rummykit's seat of OpenSpiel's ``player`` (OpenSpiel's player 0 is the dealer's left)."""
        return (self.dealer + 1 + player) % 2

    def os(self, token: int) -> None:
        """Apply ``token`` in OpenSpiel, and deal the cards its chance nodes then draw, from rummykit's stock."""
        self.state.apply_action(token)
        while self.state.is_chance_node():
            self.state.apply_action(self.stock.pop(0))

    def play(self) -> float:
        """Play the hand to its end; the search bot's points (OpenSpiel's return for its seat)."""
        while not self.state.is_terminal():
            seat = self.seat(self.state.current_player())
            if seat == self.mine:
                self._searched(seat)
            else:
                self._ismcts(seat)
        returns = self.state.returns()
        scores = [returns[(seat - self.dealer - 1) % 2] for seat in (0, 1)]
        if list(self.game.scores) != scores:
            raise AssertionError(f"the engines' scores differ: rummykit {self.game.scores}, OpenSpiel {scores}")
        return float(scores[self.mine])

    def _searched(self, seat: int) -> None:
        """The search bot's play, made in rummykit and, as OpenSpiel's actions, in OpenSpiel."""
        phase = self.state.current_phase()
        start = time.perf_counter()
        action = self.search.choose(self.game.view(seat), self.game.legal_actions(seat))
        self.searched.append(time.perf_counter() - start)
        if isinstance(action, Draw):
            tokens = [DRAW_STOCK]
        elif isinstance(action, TakeDiscard):
            tokens = [KNOCK if phase == PHASE.WALL else DRAW_UPCARD]
        elif isinstance(action, Knock):
            tokens = [KNOCK, os_card(action.card)]
        elif isinstance(action, Discard | LayOff):
            tokens = [os_card(action.card)]
        elif phase in (PHASE.FIRST_UPCARD, PHASE.DRAW, PHASE.WALL):  # a pass of the up-card or at the wall
            tokens = [PASS]
        else:  # a go-down or none, to the closing pass (the defender's lay-offs ended first)
            ending = [PASS] if phase == PHASE.LAYOFF and not self.state.finished_layoffs() else []
            tokens = [*ending, *meld_tokens(action.melds if isinstance(action, GoDown) else ()), PASS]
        for token in tokens:
            self.os(token)
        self.game.apply(action)

    def _ismcts(self, seat: int) -> None:
        """IS-MCTS's play in OpenSpiel, made as the same play in rummykit."""
        phase = self.state.current_phase()
        if phase in (PHASE.FIRST_UPCARD, PHASE.DRAW, PHASE.WALL):
            token = self.ismcts.step(self.state)
            self.os(token)
            kinds = {DRAW_STOCK: Draw, PASS: Pass, DRAW_UPCARD: TakeDiscard, KNOCK: TakeDiscard}
            self.game.apply(kinds[token](seat=seat))
        elif phase == PHASE.DISCARD:
            token = self.ismcts.step(self.state)
            self.os(token)
            if token != KNOCK:  # a knock names its card next
                self.game.apply(Discard(seat=seat, card=rk_card(token)))
        elif phase == PHASE.KNOCK and len(self.state.hands()[self.state.current_player()]) == 11:
            token = self.ismcts.step(self.state)
            self.os(token)
            self.game.apply(Knock(seat=seat, card=rk_card(token)))
        elif phase == PHASE.LAYOFF and not self.state.finished_layoffs():
            token = self.ismcts.step(self.state)
            self.os(token)
            if token != PASS:  # the lay-offs end with a pass, and the melds follow
                legal = self.game.legal_actions(seat)
                offs = [a for a in legal if isinstance(a, LayOff) and a.card == rk_card(token)]
                self.game.apply(min(offs, key=lambda a: a.end is None))  # on a run, where one takes it (GIN-C1)
        else:  # melds laid one at a time, to the closing pass: one go-down in rummykit
            laid = []
            while (token := self.ismcts.step(self.state)) != PASS:
                laid.append(UTILS.int_to_meld[token - MELD])
                self.os(token)
            self.os(PASS)
            go = [[rk_card(c) for c in sorted(meld)] for meld in sorted(joined(laid), key=min)]
            action: Action = GoDown(seat=seat, melds=go) if go else Pass(seat=seat)
            self.game.apply(action)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.gin_match", description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200, help="hands played (default 200)")
    parser.add_argument("--level", type=int, default=3, choices=sorted(LEVELS), help="the search bot's level")
    arguments = parser.parse_args(argv)
    points: list[float] = []
    searched: list[float] = []
    start = time.perf_counter()
    for number in range(arguments.hands):
        hand = Hand(number, arguments.level)
        points.append(hand.play())
        searched.extend(hand.searched)
    hands = len(points)
    won, drawn = sum(p > 0 for p in points), sum(p == 0 for p in points)
    interval = wilson_interval(won + drawn / 2, hands)
    mean = statistics.fmean(points)
    error = 1.96 * statistics.stdev(points) / math.sqrt(hands) if hands > 1 else math.nan
    print(
        f"search:{arguments.level} against IS-MCTS ({LEVELS[arguments.level].iterations} simulations), {hands} hands: "
        f"won {won}, drawn {drawn}, lost {hands - won - drawn}; score {(won + drawn / 2) / hands:.0%} "
        f"(95% {interval.low:.0%} to {interval.high:.0%}); points a hand {mean:+.1f} ± {error:.1f}; search "
        f"{1000 * statistics.fmean(searched):.0f} ms a decision; {time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
