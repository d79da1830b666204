"""Whole games of Railroad Canasta: 200 seeded games of 2 to 6 players, heuristic bots (played to
20,000, RC-32) and random bots (under a ``max_rounds`` cap, G-3), end; after every action every card
of the 106 × players is in exactly one place; every round's scores equal a recount from the final
melds, hands, kitties and red 3s, made here independently of the plug-in's scoring; and records
replay to the same game.

The 200-game run is marked ``slow``; ``-m "not slow"`` runs 10 of the games.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

import pytest

import rummykit
from rummykit import Game, RoundResult, make_bot
from rummykit.core.cards import Card, CardId, Rank, face, shoe_ids
from rummykit.core.state import GameState

#: RC-5, written out again so that the recount does not lean on the plug-in.
VALUES: Final = {
    "JK": 50, "2": 20, "A": 20, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10, "8": 10,
    "7": 5, "6": 5, "5": 5, "4": 5,
}  # fmt: skip
BONUS: Final = {"sevens": 1500, "wild": 1000, "red": 500, "black": 300}
#: Far more actions than a game takes (G-1 caps a round at 1,000 turns).
ACTION_LIMIT: Final = 500_000


def value(card: Card) -> int:
    if card.rank is Rank.THREE:
        return 0 if str(card) in ("3H", "3D") else 5
    return VALUES[card.rank.symbol]


def kind_of(cards: list[Card]) -> str | None:
    """RC-12, from the cards alone."""
    if len(cards) < 7 or all(card.rank is Rank.THREE for card in cards):
        return None
    wild = [card for card in cards if card.rank in (Rank.TWO, Rank.JOKER)]
    if len(wild) == len(cards):
        return "wild"
    if wild:
        return "black"
    return "sevens" if cards[0].rank is Rank.SEVEN else "red"


def recount(state: GameState, went_out: int | None) -> tuple[int, ...]:
    """RC-30 and RC-31 from the state at the end of a round."""
    scores = []
    for seat in range(state.players):
        score = 100 * len(state.seat_piles["red_threes"][seat]) + (100 if seat == went_out else 0)
        for table_meld in state.table:
            if table_meld.owner == seat:
                cards = [face(cid) for cid in table_meld.ids]
                score += sum(value(card) for card in cards)
                kind = kind_of(cards)
                score += BONUS[kind] if kind else 0
        score -= sum(value(face(cid)) for cid in state.hands[seat])
        score -= sum(value(face(cid)) for cid in state.seat_piles["kitty"][seat])
        scores.append(score)
    return tuple(scores)


def setting(seed: int) -> tuple[int, str, dict[str, int]]:
    """Seed ``seed``'s players, bots and options: heuristic bots on even seeds, random bots (two
    rounds) on odd ones."""
    players = 2 + seed % 5
    if seed % 2 == 0:
        return players, "heuristic", {}
    return players, "random", {"max_rounds": 2}


def play_game(seed: int) -> Game:
    players, bot_name, options = setting(seed)
    game = rummykit.new_game("railroad-canasta", players=players, seed=seed, options=options)
    bots = [make_bot(bot_name, "railroad-canasta", seed=seed * 10 + seat) for seat in range(players)]
    shoe: list[CardId] = sorted(shoe_ids(game.state.rules.shoe))
    assert len(shoe) == 106 * players
    for index in range(ACTION_LIMIT):
        if game.is_over:
            break
        seat = game.to_act[0]
        action = bots[seat].choose(game.view(seat), game.legal_actions(seat))
        canonical = game.check(action)
        before = game.state.copy()
        rounds = len(game.history)
        game.apply(action)
        where = f"seed {seed}, action {index} ({canonical.describe()} by seat {seat})"
        assert sorted(game.state.card_ids()) == shoe, f"{where}: a card was lost or made"
        if len(game.history) > rounds:
            game.configuration.moves[type(canonical)].perform(before, canonical, rummykit.Randomness(0))
            assert before.round_end is not None, f"{where}: the round ended in the engine only"
            result: RoundResult = game.history[-1]
            assert result.scores == recount(before, before.round_end[0]), f"{where}: {result.reason}"
            assert sorted(before.card_ids()) == shoe
    assert game.is_over, f"seed {seed}: the game did not end in {ACTION_LIMIT} actions"
    return game


def assert_games(seeds: range) -> Counter[str]:
    reasons: Counter[str] = Counter()
    for seed in seeds:
        game = play_game(seed)
        _, bot_name, options = setting(seed)
        if bot_name == "heuristic":
            assert max(game.scores) >= 20_000, f"seed {seed}: over before 20,000 (RC-32)"
            best = max(game.scores)
            assert game.scores.count(best) == 1 and game.winners == (game.scores.index(best),)
        else:
            assert len(game.history) == options["max_rounds"]
        if seed % 10 == 0:
            assert rummykit.replay(game.record) == game, f"seed {seed}: the record does not replay"
        reasons.update(result.reason.split("(")[-1].rstrip(")") for result in game.history)
    return reasons


@pytest.mark.slow
def test_ten_seeded_games_end_keep_every_card_and_score_by_the_rules() -> None:
    reasons = assert_games(range(10))
    assert reasons, "rounds were played"


@pytest.mark.slow
@pytest.mark.parametrize("first", range(0, 200, 20))
def test_200_seeded_games_end_keep_every_card_and_score_by_the_rules(first: int) -> None:
    assert_games(range(first, first + 20))
