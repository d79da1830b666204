"""OpenSpiel's information-set MCTS against rummykit's heuristic bot in Gin Rummy, in whole actions and
token by token (issue 37, finding 5): ``python -m benchmarks.ismcts_forms`` plays ``--hands`` single
hands of each form (win-loss returns, ``--simulations`` a decision, one random rollout per leaf, the
searcher's seat alternating, hand ``i`` seeded ``i``) and prints the hands won by the searcher with
their 95% (Wilson) intervals. Needs the ``rl`` extra. The figures of this machine are in
docs/howto/reinforcement-learning.md.

    python -m benchmarks.ismcts_forms --hands 200
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from rummykit.core.plugins import make_bot
from rummykit.play.intervals import wilson_interval
from rummykit.rl import openspiel


def play(form: str, hands: int, simulations: int) -> tuple[int, int]:
    """Hands won and drawn by the searcher in ``hands`` single hands of Gin Rummy, in ``form``
    (``"whole"`` or ``"tokens"``)."""
    parameters: dict[str, object] = {"options": "max_rounds:1", "rewards": "win-loss"}
    if form == "whole":
        parameters["actions"] = "whole"
    game = pyspiel.load_game(openspiel.game_name("gin-rummy"), parameters)
    won = drawn = 0
    for hand in range(hands):
        chooser = np.random.default_rng(hand)
        searcher = ismcts.ISMCTSBot(
            game,
            mcts.RandomRolloutEvaluator(1, np.random.RandomState(hand)),
            uct_c=2.0,
            max_simulations=simulations,
            random_state=np.random.RandomState(hand),
        )
        heuristic = make_bot("heuristic", "gin-rummy", seed=hand)
        mine = hand % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(chooser.choice(outcomes, p=probabilities)))
            elif state.current_player() == mine:
                state.apply_action(searcher.step(state))
            else:
                seat = state.current_player()
                action = heuristic.choose(state.game.view(seat), state.game.legal_actions(seat))
                if form == "whole":
                    state.apply_action(state.whole_actions().index(action))
                else:
                    for token in game.codec.encode(action):
                        state.apply_action(token)
        result = state.returns()[mine]
        won += result > 0
        drawn += result == 0
    return won, drawn


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.ismcts_forms", description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200, help="hands of each form (default 200)")
    parser.add_argument("--simulations", type=int, default=50, help="simulations a decision (default 50)")
    arguments = parser.parse_args()
    for form in ("whole", "tokens"):
        start = time.process_time()
        won, drawn = play(form, arguments.hands, arguments.simulations)
        interval = wilson_interval(won, arguments.hands)
        print(
            f"{form:6}  won {won} of {arguments.hands} ({won / arguments.hands:.0%}, "
            f"95% {interval.low:.1%} to {interval.high:.1%}), "
            f"drawn {drawn}; {time.process_time() - start:.0f} s of CPU"
        )


if __name__ == "__main__":
    main()
