"""The reinforcement-learning interfaces (issues 17, 27 and 37), checked by PettingZoo's, Gymnasium's and
OpenSpiel's own test suites, and for what they must never do: show a hidden card, allow a token that
leads nowhere legal, lose an action between its tokens, deal fewer deals than a table does, or resample
a world that contradicts what everybody saw. Needs the ``rl`` extra; skipped without it."""

from __future__ import annotations

import collections
import copy
import itertools
import json
import math
import pickle
import random
import subprocess
import sys
from collections.abc import Callable
from typing import Any, Final

import attrs
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import rummykit
from rummykit import Game, build_position
from rummykit.core.cards import FACE_MASK, Card, CardId, face
from rummykit.core.views import face_up
from rummykit.documents.serialize import dump_position, load_position
from rummykit.rl.codec import ActionCodec, Entry, most_table_melds

np = pytest.importorskip("numpy")
pettingzoo_test = pytest.importorskip("pettingzoo.test")
pyspiel = pytest.importorskip("pyspiel")

import gymnasium  # noqa: E402
from gymnasium import spaces  # noqa: E402
from gymnasium.utils.env_checker import check_env, data_equivalence  # noqa: E402

from rummykit.core.configuration import configure  # noqa: E402
from rummykit.documents.notation import position_text  # noqa: E402
from rummykit.rl import openspiel  # noqa: E402
from rummykit.rl._knocks import HandSampler  # noqa: E402
from rummykit.rl.memory import PublicMemory  # noqa: E402
from rummykit.rl.observation import LOG_ACTIONS, ObservationEncoder, observation_text  # noqa: E402
from rummykit.rl.pettingzoo import DEFAULT_PENALTY, env, parallel_env  # noqa: E402
from rummykit.rl.single_agent import SingleAgentEnv, vector_env  # noqa: E402
from rummykit.standard.deadwood import BIT, deadwood, knock_discards, mask, points  # noqa: E402

pytestmark = pytest.mark.rl

GAMES: Final = [
    ("railroad-rummy", 2, ()),
    ("railroad-rummy", 4, ()),
    ("railroad-rummy", 8, ()),
    ("railroad-canasta", 2, ()),
    ("railroad-canasta", 4, ()),
    ("canasta", 2, ()),
    ("canasta", 4, ()),
    ("rummy", 2, ()),
    ("rummy", 4, ()),
    ("rummy", 3, ("jokers", "initial-meld-50", "ace-low")),
    ("gin-rummy", 2, ()),
]
SHORT: Final = {"max_rounds": 1, "max_turns_per_round": 30}
"""Options that keep OpenSpiel's random simulations short: one round, capped at 30 turns (G-1, G-3)."""
VARIANTS: Final = ("railroad-rummy", "railroad-canasta", "rummy")
BUILT_IN: Final = (*VARIANTS, "gin-rummy", "rummy-500", "indian-rummy")


def _id(case: tuple[str, int, tuple[str, ...]]) -> str:
    variant, players, house_rules = case
    return f"{variant}-{players}" + "".join(f"+{rule}" for rule in house_rules)


def _spiel(variant: str, players: int, **params: Any) -> Any:
    return pyspiel.load_game(openspiel.game_name(variant), {"players": players, **params})


def _chance(state: Any, chooser: random.Random) -> None:
    outcomes = state.chance_outcomes()
    state.apply_action(chooser.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])


# -- PettingZoo's, Gymnasium's and OpenSpiel's own tests --------------------------------------------------------


@pytest.mark.parametrize("case", GAMES, ids=_id)
def test_pettingzoo_api_test_and_seed_test_pass(case: tuple[str, int, tuple[str, ...]]) -> None:
    variant, players, house_rules = case
    pettingzoo_test.api_test(env(variant, players, house_rules=house_rules), num_cycles=1000)
    pettingzoo_test.seed_test(lambda: env(variant, players, house_rules=house_rules), num_cycles=300)


@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_parallel_api_test_and_render_test_pass(variant: str) -> None:
    pettingzoo_test.parallel_api_test(parallel_env(variant, 3), num_cycles=500)

    def make(render_mode: str | None = None) -> Any:
        return env(variant, 3, render_mode=render_mode)

    pettingzoo_test.render_test(make)


def test_gin_rummy_in_pettingzoo_and_openspiel_has_the_sizes_the_docs_give() -> None:
    # Two players only (GIN-1); the sizes docs/howto/reinforcement-learning.md gives beside PettingZoo's
    # gin_rummy_v4 and OpenSpiel's gin_rummy.
    pettingzoo_test.parallel_api_test(parallel_env("gin-rummy", 2), num_cycles=100)
    game_env = env("gin-rummy", 2)
    game_env.reset(seed=1)
    agent = game_env.agents[0]
    observation, action = game_env.observation_space(agent), game_env.action_space(agent)
    assert isinstance(observation, spaces.Dict) and isinstance(action, spaces.Discrete)
    assert observation["observation"].shape == (2385,) and action.n == 83
    game = _spiel("gin-rummy", 2, options=json.dumps(SHORT))
    assert game.num_distinct_actions() == 83 and game.observation_tensor_shape() == [2385]


@pytest.mark.parametrize(
    ("variant", "rewards"),
    [
        ("railroad-rummy", "win-loss"),
        ("railroad-canasta", "normalized"),
        ("rummy", "zero-sum"),
        ("gin-rummy", "zero-sum"),
    ],
)
def test_openspiel_random_sim_test_passes(variant: str, rewards: str) -> None:
    # 2 players: every scheme but "points" is zero-sum, and the game's type says so
    game = _spiel(variant, 2, options=json.dumps(SHORT), rewards=rewards)
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM and game.utility_sum() == 0
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("case", GAMES, ids=_id)
def test_openspiel_random_sim_test_with_serialization_passes_on_every_variant(
    case: tuple[str, int, tuple[str, ...]],
) -> None:
    variant, players, house_rules = case
    params = {"house_rules": ",".join(house_rules), "options": json.dumps(SHORT)}
    pyspiel.random_sim_test(_spiel(variant, players, **params), num_sims=2, serialize=True, verbose=False)


def test_games_and_states_pickle_and_load_in_a_process_that_never_registered() -> None:
    game = _spiel("railroad-rummy", 3, options="max_rounds:1 max_turns_per_round:20")
    state, chooser = game.new_initial_state(), random.Random(4)
    while state.move_number() < 300 and not state.is_terminal():
        if state.is_chance_node():
            _chance(state, chooser)
        else:
            state.apply_action(chooser.choice(state.legal_actions()))
    loaded = pickle.loads(pickle.dumps(state))
    assert str(loaded) == str(state) and loaded.history() == state.history()
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    code = (
        "import pickle, sys, pyspiel\n"
        "state = pickle.loads(sys.stdin.buffer.read())\n"
        "print(len(state.history()), state.current_player(), state.legal_actions())"
    )
    done = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(state), capture_output=True, check=True)
    expected = f"{len(state.history())} {state.current_player()} {state.legal_actions()}"
    assert done.stdout.decode().strip() == expected


# -- every checker, with actions sampled without the mask (issue 37) ------------------------------------------------


@pytest.mark.parametrize("variant", BUILT_IN)
def test_gymnasium_check_env_passes_with_illegal_actions_refused(variant: str) -> None:
    # check_env steps with actions sampled from the whole Discrete space, the mask unread; with
    # illegal_action="raise" (the default) the first masked-out token raises. Made through
    # gymnasium.make, so that check_env renders in every mode the environment declares too.
    name = f"rummykit-tests/{variant}-v0"
    if name not in gymnasium.registry:
        kwargs = {"variant": variant, "players": 2, "options": SHORT, "illegal_action": "penalize"}
        gymnasium.register(name, entry_point="rummykit.rl.single_agent:SingleAgentEnv", kwargs=kwargs)
    check_env(gymnasium.make(name).unwrapped)


@pytest.mark.parametrize("variant", BUILT_IN)
def test_pettingzoo_parallel_seed_test_passes_with_illegal_actions_refused(variant: str) -> None:
    # parallel_seed_test samples every agent's action from its whole space, the mask unread
    pettingzoo_test.parallel_seed_test(lambda: parallel_env(variant, 2, illegal_action="penalize"))


@pytest.mark.parametrize(
    ("variant", "illegal_action"), [(variant, "penalize") for variant in BUILT_IN] + [("rummy", "noop")]
)
def test_every_pettingzoo_checker_passes_with_illegal_actions_refused(variant: str, illegal_action: str) -> None:
    def make() -> Any:
        return env(variant, 2, options=SHORT, illegal_action=illegal_action)

    def make_parallel() -> Any:
        return parallel_env(variant, 2, options=SHORT, illegal_action=illegal_action)

    pettingzoo_test.api_test(make(), num_cycles=300)
    pettingzoo_test.seed_test(make, num_cycles=300)
    pettingzoo_test.parallel_api_test(make_parallel(), num_cycles=300)
    # (parallel_seed_test takes no num_cycles at PettingZoo's floor, 1.23.1: its own default)
    pettingzoo_test.parallel_seed_test(make_parallel)


def _refused_token(game_env: Any) -> int:
    mask = game_env.observe(game_env.agent_selection)["action_mask"]
    return int(np.flatnonzero(mask == 0)[0])


@pytest.mark.parametrize(("illegal_action", "paid"), [("penalize", DEFAULT_PENALTY), ("noop", 0.0)])
def test_a_refused_token_changes_nothing_and_the_same_agent_acts_again(illegal_action: str, paid: float) -> None:
    game_env = env("railroad-rummy", 3, illegal_action=illegal_action)
    game_env.reset(seed=3)
    game_env.step(int(np.flatnonzero(game_env.observe(game_env.agent_selection)["action_mask"])[0]))  # a token in
    agent, before = game_env.agent_selection, _state_of(game_env)
    seen = {other: game_env.observe(other) for other in game_env.agents}
    game_env.step(_refused_token(game_env))
    assert _state_of(game_env) == before and game_env.agent_selection == agent
    assert all(data_equivalence(game_env.observe(other), seen[other]) for other in game_env.agents)
    assert game_env.rewards == {other: paid if other == agent else 0.0 for other in game_env.agents}
    assert game_env.last()[1] == paid
    assert game_env.infos[agent] == {"action_complete": False, "action": None, "refused": True}
    assert game_env.refused == 1 and not any(game_env.truncations.values())
    # malformed steps are no tokens at all: refused with an error whatever illegal_action says
    for malformed in (1.5, game_env.codec.size, -1):
        with pytest.raises(rummykit.InvalidActionError):
            game_env.step(malformed)
    # the parallel environment and the single agent's refuse the same way
    table = parallel_env("rummy", 2, illegal_action=illegal_action)
    table.reset(seed=1)
    acting = table.aec.agent_selection
    _, rewards, _, _, infos = table.step(dict.fromkeys(table.agents, _refused_token(table.aec)))
    assert rewards[acting] == paid and infos[acting]["refused"] and table.aec.agent_selection == acting
    solo = SingleAgentEnv("rummy", 2, illegal_action=illegal_action)
    observation, _ = solo.reset(seed=1)
    after, reward, terminated, truncated, info = solo.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
    assert reward == paid and info["refused"] and not (terminated or truncated)
    assert data_equivalence(after, observation)


def test_refused_steps_truncate_the_episode_at_their_bound() -> None:
    # with "penalize" or "noop" an agent that never plays a legal token still ends its episode
    game_env = env("rummy", 2, illegal_action="noop", max_illegal_steps=5)
    game_env.reset(seed=2)
    steps = 0
    for _ in game_env.agent_iter(max_iter=100):
        _, _, termination, truncation, _ = game_env.last()
        game_env.step(None if termination or truncation else _refused_token(game_env))
        steps += 1
    assert steps == 5 + 2 and game_env.agents == [] and not game_env.game.is_over  # 5 refused, then each agent's end
    table = parallel_env("rummy", 2, illegal_action="penalize", max_illegal_steps=3)
    table.reset(seed=2)
    for step in range(3):
        _, _, terminations, truncations, _ = table.step(dict.fromkeys(table.agents, _refused_token(table.aec)))
        assert all(truncations.values()) == (step == 2) and not any(terminations.values())
    assert table.agents == []
    solo = SingleAgentEnv("rummy", 2, illegal_action="penalize", max_illegal_steps=2)
    observation, _ = solo.reset(seed=2)
    refused = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    assert solo.step(refused)[3] is False and solo.step(refused)[3] is True
    with pytest.raises(rummykit.InvalidOptionError, match="episode is over"):
        solo.step(refused)


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("illegal_action", "ignore"),
        ("illegal_action", None),
        ("illegal_penalty", 1.0),
        ("illegal_penalty", math.nan),
        ("illegal_penalty", True),
        ("max_illegal_steps", 0),
        ("max_illegal_steps", 2.5),
    ],
)
def test_the_illegal_action_options_are_checked(option: str, value: Any) -> None:
    for make in (env, parallel_env, SingleAgentEnv):
        with pytest.raises(rummykit.InvalidOptionError, match=option):
            make("rummy", 2, **{option: value})


# -- pickling and copying an environment -----------------------------------------------------------------------


def _pickled(environment: Any) -> Any:
    return pickle.loads(pickle.dumps(environment))


def _aec_run(game_env: Any, chooser: random.Random, steps: int) -> list[Any]:
    """``steps`` steps of an AEC environment, each token drawn by ``chooser`` among those its mask allows;
    everything the environment said on the way."""
    said = []
    for _ in range(steps):
        agent = game_env.agent_selection
        observation, reward, termination, truncation, info = game_env.last()
        said.append((agent, observation, reward, termination, truncation, info))
        if termination or truncation:
            if not game_env.agents:
                break
            game_env.step(None)
        else:
            game_env.step(chooser.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    return said


def _parallel_run(table: Any, chooser: random.Random, steps: int) -> list[Any]:
    said = []
    for _ in range(steps):
        if not table.agents:
            break
        mask = table.aec.observe(table.aec.agent_selection)["action_mask"]
        said.append(table.step(dict.fromkeys(table.agents, chooser.choice(np.flatnonzero(mask).tolist()))))
    return said


def _solo_run(solo: Any, chooser: random.Random, steps: int) -> list[Any]:
    said = []
    for _ in range(steps):
        if solo.aec.episode_over:
            break
        observation = solo.aec.observe(solo.aec.possible_agents[solo.seat])
        said.append(solo.step(chooser.choice(np.flatnonzero(observation["action_mask"]).tolist())))
    return said


@pytest.mark.parametrize("kind", ["aec", "parallel", "single-agent"])
def test_environments_pickle_and_deep_copy_and_copies_play_on_as_the_original(kind: str) -> None:
    # a Configuration holds read-only mappings and its plug-in manager: it pickles as its names, and
    # deep copies as itself (nothing in it changes)
    cases: dict[str, tuple[Callable[[], Any], Callable[[Any, random.Random, int], list[Any]]]] = {
        "aec": (lambda: env("railroad-rummy", 3, options=SHORT), _aec_run),
        "parallel": (lambda: parallel_env("gin-rummy", 2), _parallel_run),
        "single-agent": (lambda: SingleAgentEnv("rummy", 2, opponents="heuristic", options=SHORT), _solo_run),
    }
    make, run = cases[kind]
    fresh = make()
    for copied in (_pickled(fresh), copy.deepcopy(fresh)):
        copied.reset(seed=1)
    original = make()
    original.reset(seed=4)
    run(original, random.Random(4), 40)  # mid-episode, a token or two into an action
    copies = [_pickled(original), copy.deepcopy(original)]
    expected = run(original, random.Random(5), 150)
    for copied in copies:
        assert data_equivalence(run(copied, random.Random(5), 150), expected)


def test_a_configuration_pickles_as_its_names_and_loads_as_itself() -> None:
    configuration = configure("rummy", 3, options={"target": 150}, house_rules=["jokers", "ace-low"])
    assert pickle.loads(pickle.dumps(configuration)) is configuration
    assert copy.deepcopy(configuration) is configuration
    code = (
        "import pickle, sys\n"
        "configuration = pickle.loads(sys.stdin.buffer.read())\n"
        "print(repr(configuration), configuration.options['target'])"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], input=pickle.dumps(configuration), capture_output=True, check=True
    )
    assert done.stdout.decode().split() == [*repr(configuration).split(), "150"]


# -- seeds -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("make", [env, parallel_env], ids=["aec", "parallel"])
def test_resets_without_a_seed_after_a_seeded_one_repeat(make: Callable[..., Any]) -> None:
    # Gymnasium's convention: a seeded reset seeds the environment's generator, and the resets after it
    # without a seed draw their games' seeds from it
    table = make("rummy", 2)

    def games() -> list[tuple[int, ...]]:
        table.reset(seed=11)
        dealt = [tuple(table.game.state.card_ids())]
        for _ in range(3):
            table.reset()
            dealt.append(tuple(table.game.state.card_ids()))
        return dealt

    first = games()
    assert games() == first and len(set(first)) == 4
    assert first[0] == tuple(rummykit.new_game("rummy", 2, seed=11).state.card_ids())


# -- OpenSpiel: the deal -----------------------------------------------------------------------------------


def _deal(game: Any, chooser: random.Random) -> tuple[int, ...]:
    """One deal drawn through the chance nodes: every chance outcome until the first decision."""
    state, outcomes = game.new_initial_state(), []
    while state.is_chance_node():
        listed = state.chance_outcomes()
        assert len(listed) <= game.max_chance_outcomes() and abs(sum(p for _, p in listed) - 1) < 1e-9
        outcome = chooser.choices([o for o, _ in listed], [p for _, p in listed])[0]
        outcomes.append(outcome)
        state.apply_action(outcome)
    return (*outcomes, *state.game.state.card_ids())


@pytest.mark.slow
def test_three_thousand_deals_drawn_through_the_chance_nodes_never_repeat() -> None:
    # The first deal of 2-player Rummy: the first dealer, then the 52 cards in the order dealt (CR-1:
    # 10 cards each, the up-card, the stock): 2 × 52! deals, every one reachable.
    game, chooser = _spiel("rummy", 2), random.Random(27)
    deals = [_deal(game, chooser) for _ in range(3000)]
    assert len(set(deals)) == 3000
    first_hands = {deal[1:21] for deal in deals}
    assert len(first_hands) == 3000
    # each face comes first about as often as any other (52 faces, 3,000 deals: about 58 each)
    firsts = collections.Counter(deal[1] for deal in deals)
    assert len(firsts) == 52 and max(firsts.values()) < 110


def test_a_chance_node_lists_each_face_as_likely_as_its_copies_left() -> None:
    # RailRoad Rummy's draw pile is two 54-card decks (RR-3): every suited face twice, the joker 4 times
    state = _spiel("railroad-rummy", 2).new_initial_state()
    assert state.chance_outcomes() == [(0, 0.5), (1, 0.5)]  # the first dealer (RR-2)
    state.apply_action(1)
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 53 and outcomes[Card.parse("JK").index] == pytest.approx(4 / 108)
    assert outcomes[Card.parse("5H").index] == pytest.approx(2 / 108)
    state.apply_action(Card.parse("5H").index)
    assert dict(state.chance_outcomes())[Card.parse("5H").index] == pytest.approx(1 / 107)


def test_later_rounds_and_rebuilt_stocks_are_dealt_at_chance_nodes() -> None:
    game = _spiel("rummy", 2, options="max_rounds:2 max_turns_per_round:150 stock_rebuilds:3")
    chooser, rounds, rebuilt = random.Random(5), set(), 0
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            if state.game is not None and state.game.state.piles["stock"] == [] and state.game.round == 1:
                rebuilt += 1
            _chance(state, chooser)
        else:
            rounds.add(state.game.round)
            state.apply_action(chooser.choice(state.legal_actions()))
    assert rounds == {1, 2} and rebuilt > 0


# -- OpenSpiel: parameters and positions --------------------------------------------------------------------


def _dead_end() -> str:
    """A Railroad Canasta position whose seat to act holds a lone joker in phase play: no legal action."""
    game = build_position("railroad-canasta", 2, hands=["JK 5H", None], phase="play", turn=0, melded=[])
    text = position_text(game)
    return text.replace("hands: JK 5H /", "hands: JK /").replace("piles.stock: ", "piles.stock: 5H ")


def test_parameters_are_checked() -> None:
    name = openspiel.game_name("rummy")
    for params, message in [
        ({"deals": 0}, "deals"),
        ({"players": 9}, "2 to 4 players"),
        ({"options": "[1, 2]"}, "JSON object"),
        ({"options": '{"target": -5}'}, "target"),
        ({"rewards": "money"}, "rewards is one of"),
        ({"house_rules": "no-such-rule"}, "no-such-rule"),
        ({"actions": "moves"}, "actions is one of tokens, whole"),
        ({"actions": "whole", "max_actions": -1}, "max_actions"),
        ({"max_actions": 50}, "only with actions=whole"),
    ]:
        with pytest.raises(Exception, match=message):
            pyspiel.load_game(name, params)
    other = position_text(rummykit.new_game("railroad-rummy", players=2, seed=1))
    with pytest.raises(Exception, match="a position of railroad-rummy cannot start a game of rummy"):
        pyspiel.load_game(name, {"position": other})
    with pytest.raises(Exception, match="a position of 2 players in a game of 3 players"):
        pyspiel.load_game(name, {"players": 3, "position": position_text(rummykit.new_game("rummy", 2, seed=1))})
    with pytest.raises(Exception, match="dead end"):
        pyspiel.load_game(openspiel.game_name("railroad-canasta"), {"position": _dead_end()})


def test_a_position_starts_a_game_with_no_chance_node_before_its_first_move() -> None:
    start = rummykit.new_game("rummy", 3, seed=8)
    state = _spiel("rummy", 3, position=position_text(start)).new_initial_state()
    assert state.current_player() == start.to_act[0] and state.game == Game.from_state(start.state.copy())


# -- OpenSpiel: bounds and returns -------------------------------------------------------------------------------


@pytest.mark.parametrize("rewards", ["points", "zero-sum", "normalized", "win-loss"])
def test_returns_follow_the_reward_scheme_within_the_declared_bounds(rewards: str) -> None:
    game = _spiel("railroad-rummy", 3, rewards=rewards, options="max_rounds:1 max_turns_per_round:15")
    chooser = random.Random(2)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                _chance(state, chooser)
            else:
                state.apply_action(chooser.choice(state.legal_actions()))
            assert state.move_number() <= game.max_game_length()
        returns = state.returns()
        assert all(game.min_utility() <= value <= game.max_utility() for value in returns)
        zero_sum = rewards in ("zero-sum", "normalized")  # win-loss among 3 is not: one winner, two losers
        assert (game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM) == zero_sum
        scores = [-total for total in state.game.scores]  # golf scoring: higher is better (RR-31)
        mean = sum(scores) / 3
        if rewards == "points":
            assert returns == scores
        elif rewards == "zero-sum":
            assert returns == pytest.approx([s - mean for s in scores]) and game.utility_sum() == 0
        elif rewards == "normalized":
            expected = [(s - mean) / max(700, *(abs(s - mean) for s in scores)) for s in scores]
            assert returns == pytest.approx(expected)
        else:
            winners = state.game.winners
            assert returns == [0.0] * 3 if len(winners) == 3 else [1.0 if s in winners else -1.0 for s in range(3)]
    assert game.max_game_length() < 10**6 and game.min_utility() > -1e6


# -- OpenSpiel: resampling for information-set search ---------------------------------------------------------


class _PublicHistory:
    """What everybody saw, worked out from the actions and the spectator's views alone (the oracle of the
    resampling test): the discard pile's faces in order, the faces each seat was seen to take and has
    not played since, and the faces of a stock rebuilt from the discard pile."""

    def __init__(self, game: Game) -> None:
        self.start(game)

    def start(self, game: Game) -> None:
        view = game.view(None)
        self.round = game.round
        self.pile = [view.discard_top] if view.discard_top is not None else []
        self.known = [collections.Counter[Card]() for _ in range(game.players)]
        self.rebuilt: collections.Counter[Card] | None = None

    def after(self, game: Game, action: rummykit.Action) -> None:
        """Take in ``action``, just carried out in ``game``."""
        if game.is_over or game.round != self.round:
            self.start(game)
            return
        view, seat, kind = game.view(None), action.seat, action.kind
        for card in _cards_played(action):  # cards seen leaving the hand: a known one first
            if self.known[seat][card] > 0:
                self.known[seat][card] -= 1
        if kind == "take-pile":  # RC-17: the top is melded, the rest goes to the hand (red 3s placed)
            for card in self.pile[:-1]:
                if str(card) not in ("3H", "3D"):
                    self.known[seat][card] += 1
            self.pile = []
        elif kind == "draw" and view.discard_size < len(self.pile):  # CR-7, RR-5: the stock rebuilt from the pile
            keep = view.discard_size
            self.rebuilt = collections.Counter(self.pile[: len(self.pile) - keep])
            self.pile = self.pile[len(self.pile) - keep :]
        elif view.discard_size < len(self.pile):  # the top taken (CR-3), or claimed when the window closed (RR-17)
            taker = seat if kind == "take-discard" else getattr(view, "last_claim").winner  # noqa: B009 - RailRoad Rummy's
            self.known[taker][self.pile.pop()] += 1
        if isinstance(action, rummykit.Discard):
            self.pile.append(action.card)


def _cards_played(action: rummykit.Action) -> list[Card]:
    """The cards an action plays from its seat's hand, face up."""
    if isinstance(action, rummykit.Discard | rummykit.LayOff):
        return [action.card]
    melds = getattr(action, "melds", ())  # a go-down's, or the melds of a pile taken (RC-17)
    return [card for meld in melds for card in meld] + list(getattr(action, "cards", ()))


def _faces(cards: Any) -> collections.Counter[Card]:
    return collections.Counter(face(cid) for cid in cards)


@pytest.mark.parametrize(
    ("variant", "players", "options"),
    [
        ("rummy", 2, "max_rounds:1 max_turns_per_round:200 stock_rebuilds:4"),
        ("railroad-rummy", 3, "max_rounds:2 max_turns_per_round:60"),
        ("railroad-canasta", 2, "max_rounds:1 max_turns_per_round:60"),
    ],
)
def test_resampled_states_agree_with_the_public_history(variant: str, players: int, options: str) -> None:
    game = _spiel(variant, players, options=options)
    chooser = random.Random(11)
    state = game.new_initial_state()
    history: _PublicHistory | None = None
    last = None
    counts = collections.Counter[str]()
    while not state.is_terminal():
        if state.is_chance_node():
            _chance(state, chooser)
        else:
            player = state.current_player()
            if chooser.random() < 0.15 and not state.entered(player):
                assert history is not None
                for _ in range(2):
                    _check_resampled(state, player, history, variant, counts, chooser)
            state.apply_action(chooser.choice(state.legal_actions()))
        if state.game is not last:  # the deal made, or an action carried out
            if history is None:
                history = _PublicHistory(state.game)
            elif state.game.round != history.round or state.game.is_over:
                history.start(state.game)
            else:
                history.after(state.game, state.game.state.log[-1])
            last = state.game
    # another deal of the hidden cards, nearly always (a pool of two cards comes back as it was half the time)
    assert counts["checked"] > 20 and counts["differed"] >= 0.9 * counts["checked"]
    if variant == "rummy":
        assert counts["taken"] > 0 and counts["rebuilt"] > 0
    if variant == "railroad-rummy":
        assert counts["taken"] > 0 and counts["standby"] > 0
    if variant == "railroad-canasta":
        assert counts["kitty hidden"] > 0


def _check_resampled(
    state: Any, player: int, history: _PublicHistory, variant: str, counts: collections.Counter[str], chooser: Any
) -> None:
    sampled = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    real = state.game
    world, truth = sampled.game.state, real.state
    counts["checked"] += 1
    counts["differed"] += world.card_ids() != truth.card_ids()
    assert sampled.information_state_string(player) == state.information_state_string(player)
    assert sampled.observation_tensor(player) == state.observation_tensor(player)
    assert world.hands[player] == truth.hands[player]
    assert world.piles["discard"] == truth.piles["discard"]  # its order too
    assert [face(cid) for cid in world.piles["discard"]] == history.pile  # as everybody saw it laid
    assert [t.ids for t in world.table] == [t.ids for t in truth.table]
    assert [len(h) for h in world.hands] == [len(h) for h in truth.hands]
    assert {n: len(p) for n, p in world.piles.items()} == {n: len(p) for n, p in truth.piles.items()}
    for seat in range(state.game.players):
        need = history.known[seat]
        if seat != player and +need:
            counts["taken"] += 1
            assert not need - _faces(world.hands[seat]), (seat, need, _faces(world.hands[seat]))
    if history.rebuilt is not None and variant == "rummy":
        counts["rebuilt"] += 1
        assert not _faces(world.piles["stock"]) - history.rebuilt
    if variant == "railroad-rummy" and len(truth.piles["standby"]) == 108:  # RR-3: two decks of its own
        counts["standby"] += 1
        assert _faces(world.piles["standby"]) == _faces(truth.piles["standby"])
    if variant == "railroad-canasta":
        own = world.seat_piles["kitty"][player]
        if real.view(player).kitty:  # RC-20: once it may look at its kitty, it knows it
            assert own == truth.seat_piles["kitty"][player]
        else:
            counts["kitty hidden"] += _faces(own) != _faces(truth.seat_piles["kitty"][player])
        assert not any(str(face(c)) in ("3H", "3D") for h in world.hands for c in h)  # RC-6
    sampled.apply_action(chooser.choice(sampled.legal_actions()))  # the world plays on


def test_an_ismcts_bot_plays_through_resampled_worlds() -> None:
    from open_spiel.python.algorithms import ismcts, mcts  # noqa: PLC0415 - needs the extra

    game = _spiel("rummy", 2, options=json.dumps(SHORT))
    state, chooser = game.new_initial_state(), random.Random(7)
    while state.is_chance_node():
        _chance(state, chooser)
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)), 2.0, 20, random_state=np.random.RandomState(1)
    )
    moves = 0
    while moves < 6 and not state.is_terminal():
        if state.is_chance_node():
            _chance(state, chooser)
        else:
            state.apply_action(bot.step(state))
            moves += 1
    assert moves == 6 or state.is_terminal()


# -- OpenSpiel: resampling after a knock (issue 37) ---------------------------------------------------------------


def test_the_hand_sampler_counts_each_hand_within_its_bound_once() -> None:
    # against every hand listed one by one: the cards drawn from each pool, the bound on deadwood (the
    # rules' own count, rummykit.standard.deadwood) or on points
    chooser = random.Random(37)
    for _ in range(150):
        cards = chooser.sample(range(52), chooser.randint(5, 14))
        mandatory = cards[: chooser.randint(0, 3)]
        optional = cards[len(mandatory) :]
        pools = chooser.randint(1, 2)
        pool_of = {card: chooser.randrange(pools) for card in optional}
        quotas = tuple(chooser.randint(0, sum(pool_of[card] == pool for card in optional)) for pool in range(pools))
        limit, melds = chooser.randint(0, 20), chooser.random() < 0.8
        fixed = mask(mandatory)
        sampler = HandSampler(
            fixed, [(BIT[card], pool_of[card]) for card in optional], quotas, limit=limit, melds=melds
        )
        listed = [
            hand
            for hand in itertools.combinations(optional, sum(quotas))
            if all(sum(pool_of[card] == pool for card in hand) == quota for pool, quota in enumerate(quotas))
            and (deadwood if melds else points)(fixed | mask(hand)) <= limit
        ]
        assert sampler.total == len(listed)


def test_the_hand_sampler_draws_each_hand_as_often_as_any_other() -> None:
    # 6 cards of the pool to draw with 3 kept in hand: 126 hands of the 9 cards, of which these keep a
    # deadwood of at most 5; drawn 6,000 times, each should come about equally often (chi-square)
    pool = [card.index for card in rummykit.parse_cards("AS 2S 3S 4S 5S AH AD 2C 3C")]
    kept = [card.index for card in rummykit.parse_cards("4H 4D 4C")]
    sampler = HandSampler(mask(kept), [(BIT[card], 0) for card in pool], (6,), limit=5, melds=True)
    allowed = {mask(hand) for hand in itertools.combinations(pool, 6) if deadwood(mask(kept) | mask(hand)) <= 5}
    assert sampler.total == len(allowed) > 20
    chooser = random.Random(1)
    drawn = collections.Counter(sampler.sample(chooser) for _ in range(6000))
    assert set(drawn) == allowed
    expected = 6000 / len(allowed)
    chi_square = sum((count - expected) ** 2 / expected for count in drawn.values())
    assert chi_square < len(allowed) + 4 * math.sqrt(2 * len(allowed))  # far beyond any uniform draw's


def _knock_worlds(seeds: range) -> collections.Counter[str]:
    """Random-token Gin Rummy hands (which knock often); at every position after a knock or a take at the
    wall, each seat's resampled world keeps what the knock told it: the knocker's hand could knock with
    the knock discard (GIN: deadwood of at most the knock card without it, OpenSpiel's shortcut too), and
    after its melds are laid it keeps cards worth at most the knock card; at the wall the turn player's
    hand can knock. What each counted."""
    game = _spiel("gin-rummy", 2)
    shortcut = bool(game.configuration.rules.knocking.shortcut)
    counts = collections.Counter[str]()
    for seed in seeds:
        chooser, state = random.Random(seed), game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                _chance(state, chooser)
                continue
            real = state.game.state
            walled = (
                real.phase == "play" and real.taken is not None and len(real.piles["stock"]) <= real.rules.stock.dead_at
            )
            if real.phase in ("knock", "lay-off") or walled:
                for seat in range(2):
                    sampled = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
                    world = sampled.game.state
                    assert sampled.information_state_string(seat) == state.information_state_string(seat)
                    constrained = real.turn if walled else real.knocker
                    if seat == constrained:
                        assert world.hands[seat] == real.hands[seat]
                        continue
                    hand = mask(cid & FACE_MASK for cid in world.hands[constrained])
                    phase = "wall" if walled else real.phase
                    counts[phase] += 1
                    counts["differed"] += world.hands[constrained] != real.hands[constrained]
                    if walled:
                        assert sampled.game.legal_actions(constrained)  # a knock, the only move at the wall
                        continue
                    knock = next(a for a in reversed(real.log) if a.kind == "knock")
                    laid = [
                        card
                        for a in real.log
                        if a.kind == "go-down" and a.seat == constrained
                        for m in a.melds
                        for card in m
                    ]
                    if real.phase == "lay-off":
                        assert points(hand) <= real.knock_card, (seed, hand)
                    knocked = hand | mask(card.index for card in [*laid, knock.card])
                    assert knock.card.index in knock_discards(knocked, real.knock_card, shortcut_test=shortcut), seed
            state.apply_action(chooser.choice(state.legal_actions()))
    return counts


def test_resampling_after_a_knock_keeps_what_the_knock_told_every_seat() -> None:
    counts = _knock_worlds(range(8))
    assert (
        counts["knock"] > 10
        and counts["lay-off"] > 10
        and counts["differed"] > 0.5 * (counts["knock"] + counts["lay-off"])
    )


@pytest.mark.slow
def test_resampling_after_a_knock_keeps_what_the_knock_told_every_seat_over_many_hands() -> None:
    counts = _knock_worlds(range(8, 208))
    assert counts["knock"] > 300 and counts["lay-off"] > 300


# -- OpenSpiel: whole actions (issue 37) -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "case",
    [("gin-rummy", 2, ()), ("rummy", 3, ("jokers",)), ("railroad-rummy", 4, ()), ("railroad-canasta", 2, ())],
    ids=_id,
)
def test_openspiel_random_sim_test_passes_with_whole_actions(case: tuple[str, int, tuple[str, ...]]) -> None:
    variant, players, house_rules = case
    params = {"house_rules": ",".join(house_rules), "options": json.dumps(SHORT), "actions": "whole"}
    pyspiel.random_sim_test(_spiel(variant, players, **params), num_sims=2, serialize=True, verbose=False)


def test_whole_actions_are_the_legal_actions_numbered_in_the_order_of_their_tokens() -> None:
    game = _spiel("railroad-rummy", 3, options=json.dumps(SHORT), actions="whole")
    codec = game.codec
    state, chooser, checked = game.new_initial_state(), random.Random(3), 0
    while not state.is_terminal():
        if state.is_chance_node():
            _chance(state, chooser)
            continue
        seat = state.current_player()
        legal = state.game.legal_actions(seat)
        listed = state.whole_actions()
        assert listed == sorted(legal, key=codec.encode) and state.legal_actions() == list(range(len(legal)))
        assert len(legal) <= game.num_distinct_actions()
        # what the seat knows decides the numbering: a world dealt anew numbers its actions the same
        world = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert world.whole_actions() == listed
        assert [world.action_to_string(seat, i) for i in range(len(listed))] == [
            state.action_to_string(seat, i) for i in range(len(listed))
        ]
        number = chooser.randrange(len(listed))
        before = state.game.copy()
        state.apply_action(number)
        before.apply(listed[number])
        assert state.game.state == before.state or state.is_chance_node()  # a rebuilt stock is dealt first
        checked += 1
    assert checked > 50
    fresh = game.new_initial_state()
    while fresh.is_chance_node():
        _chance(fresh, chooser)
    with pytest.raises(rummykit.InvalidActionError, match="legal action's number"):
        fresh.apply_action(len(fresh.legal_actions()))


def test_an_ismcts_bot_plays_a_gin_rummy_hand_in_whole_actions() -> None:
    from open_spiel.python.algorithms import ismcts, mcts  # noqa: PLC0415 - needs the extra

    game = _spiel("gin-rummy", 2, options="max_rounds:1", rewards="win-loss", actions="whole")
    bots = [
        ismcts.ISMCTSBot(
            game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(seat)), 2.0, 10,
            random_state=np.random.RandomState(seat),
        )
        for seat in range(2)
    ]  # fmt: skip
    state, chooser = game.new_initial_state(), random.Random(2)
    while not state.is_terminal():
        if state.is_chance_node():
            _chance(state, chooser)
        else:
            state.apply_action(bots[state.current_player()].step(state))
    assert state.game.is_over and sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def _partitions_listed(cards: int) -> int:
    """The ways to choose disjoint groups of 3 cards or more among ``cards`` cards, listed one by one."""
    found = set()

    def extend(left: frozenset[int], groups: frozenset[frozenset[int]]) -> None:
        found.add(groups)
        for size in range(3, len(left) + 1):
            for group in itertools.combinations(sorted(left), size):
                extend(left - set(group), groups | {frozenset(group)})

    extend(frozenset(range(cards)), frozenset())
    return len(found)


def test_the_whole_action_bound_is_sound_for_gin_rummy_and_a_state_beyond_max_actions_is_refused() -> None:
    # GIN: 10 cards dealt; a go-down is a choice of disjoint melds of 3 cards or more of the hand
    assert [openspiel._partial_partitions(n) for n in range(9)] == [_partitions_listed(n) for n in range(9)]
    gin = configure("gin-rummy", 2)
    lay_offs = 10 * 17 * 3  # a card of the hand, on one of the 17 melds a 52-card table holds, at an end or none
    assert openspiel.whole_action_bound(gin) == openspiel._partial_partitions(10) + lay_offs + 1 == 19331
    assert _spiel("gin-rummy", 2, actions="whole").num_distinct_actions() == 19331
    assert openspiel.whole_action_bound(configure("rummy", 2)) == openspiel.DEFAULT_MAX_ACTIONS
    # a bound of 1: Classic Rummy's first decision is draw or take the discard (CR-3)
    state = _spiel("rummy", 2, actions="whole", max_actions=1).new_initial_state()
    while state.is_chance_node():
        _chance(state, random.Random(1))
    with pytest.raises(
        rummykit.InvalidOptionError, match="2 legal actions here, more than the game's num_distinct_actions"
    ):
        state.legal_actions()


# -- the action space ---------------------------------------------------------------------------------------

RANGES: Final = (("railroad-rummy", 2, 6), ("railroad-canasta", 2, 4), ("rummy", 2, 4))


@st.composite
def positions(draw: st.DrawFn) -> Game:
    variant, least, most = draw(st.sampled_from(RANGES))
    seed = draw(st.integers(0, 2**32))
    game = rummykit.new_game(variant, draw(st.integers(least, most)), seed=seed)
    chooser = random.Random(seed)
    for _ in range(draw(st.integers(0, 250))):
        if game.is_over:
            break
        game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
    return game


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=positions(), data=st.data())
def test_every_legal_action_is_entered_token_by_token_and_every_allowed_token_leads_to_a_legal_action(
    game: Game, data: st.DataObject
) -> None:
    if game.is_over:
        return
    seat = game.to_act[0]
    codec = ActionCodec.of(game)
    legal = game.legal_actions(seat)
    for action in legal:  # every legal action: its tokens, each one allowed in turn, and back
        tokens = codec.encode(action)
        assert codec.decode(tokens, seat=seat) == action
        entry = Entry(game, seat)
        for token in tokens[:-1]:
            assert token in entry.allowed()
            assert entry.enter(token) is None
        assert entry.enter(tokens[-1]) == action
    for _ in range(5):  # random walks through the masks end in a legal action, applied as entered
        entry, complete = Entry(game, seat), None
        while complete is None:
            allowed = entry.allowed()
            assert allowed, "a mask that allows nothing before the action is complete"
            complete = entry.enter(data.draw(st.sampled_from(allowed)))
        assert complete in legal and game.is_legal(complete)
        game.copy().apply(complete)


def test_meld_numbers_are_bounded_by_the_most_melds_a_table_holds() -> None:
    # RR-11 and RR-13: a RailRoad Rummy player goes down once a round, with at most 3 melds (round 6:
    # 1 set + 2 runs; round 7: 3 runs), and starts none after: 3 melds a seat. Classic Rummy: melds of
    # 3 cards or more (CR-4) from 52 cards: 17.
    rr = ActionCodec.of(rummykit.new_game("railroad-rummy", players=4, seed=1))
    assert most_table_melds(rr.configuration) == 12 and rr.max_int == 11
    texts = [rr.token_text(index) for index in range(rr.size)]
    assert texts[-12:] == [f"int:{n}" for n in range(12)] and "int:12" not in texts
    assert ActionCodec.of(rummykit.new_game("rummy", players=2, seed=1)).max_int == 16
    fixed = ActionCodec.of(rummykit.new_game("railroad-rummy", players=4, seed=1), fixed_size=True)
    assert fixed.max_int == 23  # 8 players (RR-1) × 3 melds
    with pytest.raises(rummykit.InvalidActionError, match="the most melds a table holds"):
        rr.encode(rummykit.LayOff(seat=0, card="5H", meld=12))


def test_a_token_the_mask_does_not_allow_is_refused_and_changes_nothing() -> None:
    game = rummykit.new_game("railroad-rummy", players=2, seed=3)
    entry = Entry(game, game.to_act[0])
    codec = entry.codec
    refused = next(index for index in range(codec.size) if index not in entry.allowed())
    with pytest.raises(rummykit.InvalidActionError, match="continues no legal action"):
        entry.enter(refused)
    assert entry.entered == []
    env_ = env("railroad-rummy", 2)
    env_.reset(seed=3)
    with pytest.raises(rummykit.InvalidActionError):
        env_.step(refused)


@pytest.mark.parametrize(
    ("action", "named"), [(1.7, "float"), ("a", "str"), (True, "bool"), (np.float32(2), "float32")]
)
def test_a_step_that_is_not_an_int_is_refused_naming_its_type(action: Any, named: str) -> None:
    game_env = env("rummy", 2)
    game_env.reset(seed=1)
    before = (game_env.agent_selection, game_env.entered(game_env.game.to_act[0]), game_env.game.state.copy())
    with pytest.raises(
        rummykit.InvalidActionError, match=f"an action is the index of a token, an int .* not a {named}"
    ):
        game_env.step(action)
    assert (game_env.agent_selection, game_env.entered(game_env.game.to_act[0]), game_env.game.state) == before
    game_env.step(np.int64(np.flatnonzero(game_env.observe(game_env.agent_selection)["action_mask"])[0]))


def test_a_go_down_is_entered_meld_by_meld_and_reaches_the_game_whole() -> None:
    # RR-11: round 1's contract is 2 sets, laid down in one action
    game = build_position("railroad-rummy", players=2, hands=["5H 5D 5C 8S 8H 8D 9C", "KS 4C"], phase="play", turn=0)
    codec = ActionCodec.of(game)
    (down,) = [action for action in game.legal_actions(0) if isinstance(action, rummykit.GoDown)]
    tokens = codec.encode(down)
    texts = [codec.token_text(token) for token in tokens]
    assert texts[0] == "go-down" and texts[4] == texts[8] == texts[9] == "close" and len(texts) == 10
    assert sorted(texts[1:4]) == ["5C", "5D", "5H"] and sorted(texts[5:8]) == ["8D", "8H", "8S"]
    pz = env("railroad-rummy", 2)
    pz.reset(options={"position": game})
    for token in tokens[:-1]:
        pz.step(token)
        assert pz.game.hand(0) == game.hand(0), "nothing reaches the game before the last token"
        assert pz.infos["player_0"] == {"action_complete": False, "action": None, "refused": False}
    pz.step(tokens[-1])
    assert pz.infos["player_0"] == {"action_complete": True, "action": down, "refused": False}
    assert [m.meld.cards for m in pz.game.view(None).table] == list(down.melds)


def test_a_dead_end_position_never_reaches_an_environment() -> None:
    text = _dead_end()
    game_env = env("railroad-canasta", 2)
    with pytest.raises(rummykit.InvalidPositionError, match="dead end"):
        game_env.reset(options={"position": text})
    with pytest.raises(rummykit.InvalidPositionError, match="does not fit this environment"):
        game_env.reset(options={"position": rummykit.new_game("rummy", 2, seed=1)})
    with pytest.raises(rummykit.InvalidPositionError, match="a Game or its notation"):
        game_env.reset(options={"position": 7})


# -- rewards, truncation, infos ------------------------------------------------------------------------------


def _go_out(rewards: str) -> Any:
    """RR-12 and RR-30: seat 0 goes out in round 7 with three runs; seat 1 scores 5 + 5 + 10 = 20."""
    game = build_position(
        "railroad-rummy",
        players=2,
        round=7,
        hands=["3C 4D 5H 6S 7C 8D 9H 10S JC QD KH AS", "5C 5D KS"],
        phase="play",
        turn=0,
        totals=[40, 55],
    )
    pz = env("railroad-rummy", 2, rewards=rewards)
    pz.reset(options={"position": game})
    for token in ActionCodec.of(game).encode(
        rummykit.GoDown(seat=0, melds=["3C 4D 5H 6S", "7C 8D 9H 10S", "JC QD KH AS"])
    ):
        pz.step(token)
    assert pz.game.is_over and pz.game.scores == (40, 75)
    assert all(pz.terminations.values()) and not any(pz.truncations.values())
    return pz


def test_rewards_are_the_round_scores_turned_so_that_higher_is_better() -> None:
    assert _go_out("points").rewards == {"player_0": 0.0, "player_1": -20.0}


def test_zero_sum_normalized_and_win_loss_rewards() -> None:
    # round scores (0, 20), as rewards (0, -20): less their mean -10
    assert _go_out("zero-sum").rewards == {"player_0": 10.0, "player_1": -10.0}
    # final totals (40, 75), as rewards (-40, -75), less their mean -57.5, over RailRoad Rummy's scale
    # of 100 points a round for its 7 rounds (RR-10)
    assert _go_out("normalized").rewards == pytest.approx({"player_0": 17.5 / 700, "player_1": -17.5 / 700})
    assert _go_out("win-loss").rewards == {"player_0": 1.0, "player_1": -1.0}  # RR-31: the lowest total wins


def test_the_turn_cap_truncates_instead_of_terminating() -> None:
    # G-1: a round that reaches max_turns_per_round ends with nobody out; its game, ended by it, is cut short
    game_env = env("rummy", 2, options={"max_rounds": 1, "max_turns_per_round": 2})
    game_env.reset(seed=1)
    chooser = random.Random(1)
    for agent in game_env.agent_iter(max_iter=500):
        observation, _, termination, truncation, _ = game_env.last()
        done = termination or truncation
        game_env.step(None if done else chooser.choice(np.flatnonzero(observation["action_mask"]).tolist()))
        if done:
            assert truncation and not termination, agent
    assert game_env.game.history[-1].rule == "G-1"


# -- observations ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", GAMES[:9], ids=_id)
def test_observations_are_bounded_and_fit_their_space(case: tuple[str, int, tuple[str, ...]]) -> None:
    variant, players, _ = case
    game_env = env(variant, players, options={"max_rounds": 2, "max_turns_per_round": 40})
    game_env.reset(seed=2)
    chooser = random.Random(2)
    for agent in game_env.agent_iter(max_iter=600):
        observation, _, termination, truncation, _ = game_env.last()
        assert game_env.observation_space(agent).contains(observation)
        values = observation["observation"]
        assert values.min() >= -1 and values.max() <= 1
        done = termination or truncation
        game_env.step(None if done else chooser.choice(np.flatnonzero(observation["action_mask"]).tolist()))


@pytest.mark.parametrize("variant", VARIANTS)
def test_fixed_sizes_are_the_same_for_every_player_count(variant: str) -> None:
    spec = rummykit.new_game(variant, 2, seed=1).spec
    sizes = set()
    for players in spec.players:
        game_env = env(variant, players, fixed_size=True)
        game_env.reset(seed=players)
        agent = game_env.agent_selection
        sizes.add((game_env.encoder.size, game_env.codec.size))
        assert game_env.observe(agent)["observation"].shape == (game_env.encoder.size,)
    assert len(sizes) == 1


def test_the_table_is_encoded_meld_by_meld_so_that_a_lay_off_s_target_is_visible() -> None:
    game = build_position(
        "rummy", players=2, hands=["5H 9C 2D", None], table=[(1, "7S 7H 7D"), (0, "3C 4C 5C")], phase="play", turn=0,
        melded=[0, 1],
    )  # fmt: skip
    encoder = ObservationEncoder(ActionCodec.of(game))
    values = encoder.encode(game.view(0))
    start = dict(zip([name for name, _ in encoder.parts], itertools.accumulate(
        [0, *(int(np.prod(shape)) for _, shape in encoder.parts)]), strict=False))["table"]  # fmt: skip
    slot = encoder.players + 53 + 14
    first, second = values[start : start + slot], values[start + slot : start + 2 * slot]
    assert first[1] == 1 and first[0] == 0  # meld 0 is seat 1's (the observer's next seat)
    assert second[0] == 1  # meld 1 is the observer's own
    assert first[2 + Card.parse("7S").index] == 1 and second[2 + Card.parse("4C").index] == 1
    assert not values[start + 2 * slot : start + 3 * slot].any()


def test_a_codec_that_cannot_encode_a_logged_action_raises_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # every logged action was once legal, so the action space encodes it: a failure is a bug, never an
    # action silently left out of the observation's log
    game = rummykit.new_game("rummy", 2, seed=1)
    chooser = random.Random(1)
    for _ in range(5):
        game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
    codec = ActionCodec(game.configuration)  # a codec of its own: the shared one stays whole
    encoder = ObservationEncoder(codec)
    logged = game.view(0).log[-LOG_ACTIONS:][0]  # the first the observation's log holds

    def broken(action: rummykit.Action) -> tuple[int, ...]:
        raise KeyError("a token the codec lost")

    monkeypatch.setattr(codec, "encode", broken)
    with pytest.raises(KeyError, match="a token the codec lost") as raised:
        encoder.encode(game.view(0))
    assert any(repr(logged) in note for note in raised.value.__notes__)


# -- nothing hidden reaches an observation -------------------------------------------------------------------


def _hidden_swap(game: Game, seat: int, chooser: random.Random, *, same_face: bool) -> Game | None:
    """A copy of ``game`` with two cards hidden from ``seat`` exchanged: of different faces, or two
    copies of one face (the copy numbers alone differ)."""
    state = game.state
    visible = set(face_up(game, seat)) | set(state.hands[seat])
    view = game.view(seat)
    own_shown = {name for name in state.seat_piles if getattr(view, name, ())}
    zones = _zones(state, seat, own_shown)
    places = [(z, i) for z, zone in enumerate(zones) for i, cid in enumerate(zone) if cid not in visible]
    chooser.shuffle(places)
    for (za, i), (zb, j) in itertools.combinations(places[:400], 2):
        a, b = zones[za][i], zones[zb][j]
        if a != b and (face(a) == face(b)) == same_face:
            other = game.copy()
            other_zones = _zones(other.state, seat, own_shown)
            other_zones[za][i], other_zones[zb][j] = b, a
            try:
                return load_position(dump_position(other))
            except rummykit.InvalidPositionError:  # a swap the variant's rules refuse (a red 3 into a hand)
                continue
    return None


def _zones(state: Any, seat: int, own_shown: set[str]) -> list[list[int]]:
    zones = [*state.hands, *state.piles.values()]
    return zones + [
        pile
        for name, per_seat in state.seat_piles.items()
        for owner, pile in enumerate(per_seat)
        if not (owner == seat and name in own_shown)
    ]


def _relabelled(game: Game, seat: int, chooser: random.Random) -> Game | None:
    """A copy of ``game`` with two copies of one face exchanged wherever they lie but in ``seat``'s hand
    (the table, the discard pile and the card taken included): which physical copy a card is, is no
    fact a seat sees (issue 24, finding 7)."""
    state = game.state
    own = set(state.hands[seat])
    by_face: dict[int, list[CardId]] = {}
    for cid in state.card_ids():
        if cid not in own:
            by_face.setdefault(cid & FACE_MASK, []).append(cid)
    faces = [ids for ids in by_face.values() if len(ids) > 1]
    if not faces:
        return None
    one, two = chooser.sample(chooser.choice(faces), 2)
    swap = {one: two, two: one}
    new = state.copy()
    for cards in [*new.hands, *new.piles.values(), *(p for per_seat in new.seat_piles.values() for p in per_seat)]:
        cards[:] = [swap.get(cid, cid) for cid in cards]
    new.table = [attrs.evolve(meld, ids=tuple(swap.get(cid, cid) for cid in meld.ids)) for meld in new.table]
    if new.taken is not None:
        new.taken = swap.get(new.taken, new.taken)
    new.log = list(new.log)
    return Game.from_state(new)


def _everything_seen(game: Game, seat: int) -> list[Any]:
    """Every observation of ``seat`` in the game at ``game``'s position: the encoder's, the text, the
    PettingZoo environment's, and OpenSpiel's strings and tensors."""
    seen: list[Any] = []
    memory = PublicMemory(game, dealt=False)
    encoder = ObservationEncoder(ActionCodec.of(game))
    seen += [encoder.encode(game.view(seat), (), memory).tolist(), observation_text(game.view(seat), (), memory)]
    for fixed in (False, True):
        pz = env(game.variant, game.players, fixed_size=fixed)
        pz.reset(options={"position": game})
        observed = pz.observe(f"player_{seat}")
        seen += [
            observed["observation"].tolist(),
            observed["action_mask"].tolist(),
            pz.observation_text(f"player_{seat}"),
        ]
    state = _spiel(game.variant, game.players, position=position_text(game)).new_initial_state()
    for method in ("observation_string", "information_state_string", "observation_tensor", "information_state_tensor"):
        seen.append(getattr(state, method)(seat))
    return seen


RL_RENDERINGS: Final[dict[str, Callable[[Game, int], object]]] = {
    "RL observation": _everything_seen,
}
"""What the reinforcement-learning interfaces show a seat (every observation, mask, text and OpenSpiel
string and tensor), for a hidden-card check that takes renderings by name."""


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=positions(), seed=st.integers(0, 2**16), same_face=st.booleans())
def test_cards_hidden_from_a_seat_make_no_difference_to_its_observations(
    game: Game, seed: int, same_face: bool
) -> None:
    if game.is_over:
        return
    game = load_position(dump_position(game))
    chooser = random.Random(seed)
    seat = chooser.randrange(game.players)
    other = _hidden_swap(game, seat, chooser, same_face=same_face)
    if other is None:
        return
    assert other.state != game.state
    assert _everything_seen(game, seat) == _everything_seen(other, seat)
    relabelled = _relabelled(game, seat, chooser)
    if relabelled is not None:
        assert RL_RENDERINGS["RL observation"](relabelled, seat) == _everything_seen(game, seat)


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_swapping_hidden_copies_of_a_face_changes_no_observation_on_every_variant(variant: str) -> None:
    # Copy numbers (9C#0, 9C#1) are physical cards a seat cannot tell apart when hidden: exchanging two
    # hidden copies, and two hidden cards of different faces, changes nothing any seat observes.
    swaps = collections.Counter[bool]()
    for seed in range(6):
        game = rummykit.new_game(variant, 3, seed=seed)
        chooser = random.Random(seed)
        for _ in range(seed * 15):
            game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
        game = load_position(dump_position(game))
        for seat in range(3):
            for same_face in (True, False):
                other = _hidden_swap(game, seat, chooser, same_face=same_face)
                if other is not None:
                    swaps[same_face] += 1
                    assert _everything_seen(game, seat) == _everything_seen(other, seat)
    assert swaps[False] >= 15
    assert swaps[True] >= 15 or variant == "rummy"  # Classic Rummy's one deck has one copy of each face (CR-1)


# -- observations built once per position --------------------------------------------------------------------


@pytest.mark.parametrize("case", [("railroad-rummy", 3), ("rummy", 2)], ids=lambda case: f"{case[0]}-{case[1]}")
def test_every_observation_is_the_encoding_of_the_seat_s_view_and_the_tokens_it_entered(case: tuple[str, int]) -> None:
    # The environment and the OpenSpiel states build a position's observations once and add the
    # tokens entered: at every step, for every seat, they must be what the encoder makes of the view.
    variant, players = case
    pz = env(variant, players, options=SHORT)
    pz.reset(seed=5)
    encoder = ObservationEncoder(ActionCodec.of(pz.game))
    chooser = random.Random(5)
    for _ in pz.agent_iter(max_iter=300):
        for seat, other in enumerate(pz.possible_agents):
            expected = encoder.encode(pz.game.view(seat), pz.entered(seat), pz.memory)
            assert (pz.observe(other)["observation"] == expected).all()
        observation, _, termination, truncation, _ = pz.last()
        done = termination or truncation
        pz.step(None if done else chooser.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    state = _spiel(variant, players, options=json.dumps(SHORT)).new_initial_state()
    for step in range(600):
        if state.is_terminal():
            break
        if state.is_chance_node():
            _chance(state, chooser)
            continue
        seen = [state, state.clone()]
        if step % 5 == 0:
            seen.append(state.resample_from_infostate(state.current_player(), pyspiel.UniformProbabilitySampler(0, 1)))
        for one in seen:
            for seat in range(players):
                expected = encoder.encode(one.game.view(seat), one.entered(seat), one.memory)
                assert (np.array(one.observation_tensor(seat), np.float32) == expected).all()
            assert str(one).startswith(position_text(one.game))
        state.apply_action(chooser.choice(state.legal_actions()))


# -- Gymnasium: one agent against the bots -------------------------------------------------------------------


def test_a_single_agent_plays_against_the_library_s_bots() -> None:
    environment = SingleAgentEnv("railroad-rummy", 3, seat=1, opponents=["heuristic", "random"], options=SHORT)
    chooser = np.random.default_rng(3)
    observation, info = environment.reset(seed=3)
    assert info["seat"] == 1 and environment.observation_space.contains(observation)
    done, steps, total = False, 0, 0.0
    while not done:
        assert environment.game.to_act[0] == 1
        token = int(chooser.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, terminated, truncated, _ = environment.step(token)
        total += reward
        done, steps = terminated or truncated, steps + 1
    assert total == -environment.game.scores[1]  # points, negated: golf scoring (RR-31)
    again = SingleAgentEnv("railroad-rummy", 3, seat=1, opponents=["heuristic", "random"], options=SHORT)
    assert (again.reset(seed=3)[0]["observation"] == environment.reset(seed=3)[0]["observation"]).all()
    with pytest.raises(rummykit.InvalidOptionError, match="opponents"):
        SingleAgentEnv("rummy", 3, opponents=["random"])
    with pytest.raises(rummykit.InvalidOptionError, match="seat"):
        SingleAgentEnv("rummy", 2, seat=2)


def test_the_search_bot_at_a_level_is_an_opponent_policy() -> None:
    """Issue 37, levels where people choose opponents: a single agent plays against ``search:1``, which
    is made at that level, and a level the bot does not have is refused when the episode starts."""
    environment = SingleAgentEnv("gin-rummy", 2, opponents="search:1", options={"max_rounds": 1})
    chooser = np.random.default_rng(5)
    observation, _ = environment.reset(seed=5)
    assert [repr(bot) for bot in environment.bots.values()] == ["SearchBot(seed=6, level=1)"]
    done = False
    while not done:
        token = int(chooser.choice(np.flatnonzero(observation["action_mask"])))
        observation, _, terminated, truncated, _ = environment.step(token)
        done = terminated or truncated
    assert environment.game.is_over
    with pytest.raises(rummykit.InvalidOptionError, match=r"levels are 1, 2, 3, 4, 5, not 7"):
        SingleAgentEnv("gin-rummy", 2, opponents="search:7").reset(seed=1)


def test_a_vector_of_single_agent_environments_steps_in_batches() -> None:
    envs = vector_env(3, "rummy", players=2, options={"max_rounds": 1, "max_turns_per_round": 10})
    observations, _ = envs.reset(seed=4)
    chooser = np.random.default_rng(4)
    ended = 0
    for _ in range(200):
        # a game that has just ended shows an empty mask: its next step starts a new game (the token is unused)
        tokens = np.array(
            [int(chooser.choice(np.flatnonzero(m))) if m.any() else 0 for m in observations["action_mask"]]
        )
        observations, rewards, terminated, truncated, _ = envs.step(tokens)
        assert observations["observation"].shape[0] == 3 and rewards.shape == (3,)
        ended += int((terminated | truncated).sum())
    envs.close()
    assert ended > 0


# -- fuzzing the adapters' parameters and actions (issue 24: a fuzz test per reader, in the slow set) ------------

FUZZ_BUDGET: Final = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)
"""The fixed budget of each fuzz test of the adapters."""
ODD_VALUES: Final = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 2**70),
    st.floats(allow_nan=True),
    st.text(max_size=6),
    st.lists(st.integers(), max_size=2),
)
"""Values of any type a caller might pass by mistake."""


def _fuzzed_options() -> st.SearchStrategy[dict[str, Any]]:
    """`SHORT` (a game that ends soon) with odd keys and values mixed in."""
    keys = st.sampled_from(["max_rounds", "max_turns_per_round", "target", "bogus", ""])
    return st.dictionaries(keys, ODD_VALUES, min_size=1, max_size=2).map(lambda odd: {**SHORT, **odd})


def _state_of(game_env: Any) -> tuple[Any, ...]:
    """What a refused step must leave as it was: the agent to act, the game, the tokens entered."""
    to_act = game_env.game.to_act
    entered = tuple(game_env.entered(to_act[0])) if to_act else ()
    return game_env.agent_selection, game_env.game.state.copy(), entered


def _a_token(action: Any, allowed: list[int]) -> bool:
    """``action`` is the index of a token the mask allows (an int or NumPy integer, not a bool)."""
    return isinstance(action, int | np.integer) and not isinstance(action, bool) and int(action) in allowed


@pytest.mark.slow
@FUZZ_BUDGET
@given(
    variant=st.sampled_from(rummykit.available_variants()),
    odd=st.sampled_from(["players", "options", "rewards", "render_mode", None, None, None]),
    data=st.data(),
)
def test_pettingzoo_parameters_and_actions_are_taken_or_refused_with_a_rummykit_error(
    variant: str, odd: str | None, data: st.DataObject
) -> None:
    """Any parameters: an environment, or a rummykit error. Then any actions, of any type, each taken or
    refused with a rummykit error that changes nothing; tokens the mask allows are always taken. At
    most one parameter (``odd``) is drawn from odd values, so that most environments are made."""
    players = data.draw(ODD_VALUES | st.integers(-1, 9) if odd == "players" else st.integers(2, 4), label="players")
    options = data.draw(_fuzzed_options() if odd == "options" else st.just(dict(SHORT)), label="options")
    schemes = st.sampled_from(["points", "zero-sum", "normalized", "win-loss"])
    rewards = data.draw(ODD_VALUES if odd == "rewards" else schemes, label="rewards")
    render_mode = data.draw(ODD_VALUES if odd == "render_mode" else st.sampled_from([None, "ansi"]), label="render")
    try:
        game_env = env(variant, players, options=options, rewards=rewards, render_mode=render_mode)
        game_env.reset(seed=data.draw(st.integers(0, 2**32), label="seed"))
    except rummykit.RummyError as exc:
        event(f"parameters refused: {type(exc).__name__}")
        return
    event("parameters taken")
    for agent in game_env.agent_iter(400):
        _, _, termination, truncation, _ = game_env.last()
        if termination or truncation:
            game_env.step(None)
            continue
        allowed = [int(i) for i in np.flatnonzero(game_env.observe(agent)["action_mask"])]
        assert allowed, f"{agent} is to act and its mask allows nothing"
        action = data.draw(
            st.one_of(st.sampled_from(allowed), st.sampled_from(allowed).map(np.int64), ODD_VALUES), label="action"
        )
        before = _state_of(game_env)
        try:
            game_env.step(action)
        except rummykit.RummyError:
            assert _state_of(game_env) == before, f"refusing {action!r} changed the environment"
            assert not _a_token(action, allowed), f"{action!r} is allowed by the mask, and was refused"
        else:
            assert _a_token(action, allowed), f"{action!r} is no token the mask allows, and was taken"


@pytest.mark.slow
@FUZZ_BUDGET
@given(
    variant=st.sampled_from(rummykit.available_variants()),
    params=st.dictionaries(
        st.sampled_from(["players", "players", "options", "rewards", "house_rules", "position", "bogus"]),
        st.one_of(
            st.integers(2, 4),
            st.integers(-2, 12),
            st.text(max_size=12),
            st.sampled_from(['{"max_rounds": 1}', "max_rounds:1", "[1", "jokers"]),
        ),
        max_size=3,
    ),
    seed=st.integers(0, 2**16),
)
def test_openspiel_parameters_make_a_game_or_are_refused_with_a_rummykit_error(
    variant: str, params: dict[str, Any], seed: int
) -> None:
    """Any parameters: a game whose states play to their end within a turn cap, or a rummykit error
    (or OpenSpiel's own, for a parameter of the wrong type or one the game does not declare)."""
    try:
        game = pyspiel.load_game(openspiel.game_name(variant), {"options": json.dumps(SHORT), **params})
        state = game.new_initial_state()
    except rummykit.RummyError as exc:
        event(f"refused: {type(exc).__name__}")
        return
    except pyspiel.SpielError as exc:
        event("refused by OpenSpiel")
        assert "parameter" in str(exc).lower(), exc  # noqa: PT017 - OpenSpiel's own check of its parameters
        return
    event("taken")
    chooser = random.Random(seed)
    for _ in range(3_000):
        if state.is_terminal():
            return
        if state.is_chance_node():
            _chance(state, chooser)
        else:
            legal = state.legal_actions()
            assert legal, "a state with no legal action"
            state.apply_action(chooser.choice(legal))
