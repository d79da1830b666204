"""OpenSpiel's information-set MCTS against rummykit's heuristic bot, in one short round of RailRoad Rummy.

IS-MCTS plays seat 0: before each of its tokens it searches worlds dealt anew from what seat 0 knows
(``resample_from_infostate``); rummykit's heuristic bot plays seat 1, its whole action entered token by
token. The chance nodes (the first dealer, then the deal card by card) are drawn with their
probabilities. Needs the ``rl`` extra: ``pip install 'rummykit[rl]'``.
"""

from __future__ import annotations

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from rummykit.core.plugins import make_bot
from rummykit.rl import openspiel


def main() -> None:
    spiel_game = pyspiel.load_game(
        openspiel.game_name("railroad-rummy"),
        {"players": 2, "options": "max_rounds:1 max_turns_per_round:8", "rewards": "win-loss"},
    )
    chooser = np.random.default_rng(1)
    searcher = ismcts.ISMCTSBot(
        spiel_game,
        mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)),
        uct_c=2.0,
        max_simulations=10,
        random_state=np.random.RandomState(1),
    )
    heuristic = make_bot("heuristic", "railroad-rummy", seed=1)
    codec = spiel_game.codec  # the action space: a bot's action as tokens
    state = spiel_game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(chooser.choice(outcomes, p=probabilities)))
        elif state.current_player() == 0:
            state.apply_action(searcher.step(state))  # one token, chosen by search
        else:
            seat = state.current_player()
            action = heuristic.choose(state.game.view(seat), state.game.legal_actions(seat))
            for token in codec.encode(action):  # the bot's whole action, token by token
                state.apply_action(token)
    print("totals", state.game.scores, "returns", state.returns())  # win-loss: 1 to the winner (RR-31)


if __name__ == "__main__":
    main()
