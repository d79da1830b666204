"""The reinforcement-learning interfaces (issue 17), checked by PettingZoo's and OpenSpiel's own test
suites, and for what they must never do: show a hidden card, allow a token that leads nowhere legal,
or lose an action between its tokens. Needs the ``rl`` extra; skipped without it."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any, Final

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rummykit
from rummykit import Game, build_position
from rummykit.core.views import face_up
from rummykit.documents.serialize import dump_position, load_position
from rummykit.rl.codec import ActionCodec, Entry

np = pytest.importorskip("numpy")
pettingzoo_test = pytest.importorskip("pettingzoo.test")
pyspiel = pytest.importorskip("pyspiel")

from rummykit.documents.notation import position_text  # noqa: E402
from rummykit.rl import openspiel  # noqa: E402
from rummykit.rl.observation import ObservationEncoder, observation_text  # noqa: E402
from rummykit.rl.pettingzoo import env  # noqa: E402

pytestmark = pytest.mark.rl

GAMES: Final = [
    ("railroad-rummy", 2, ()),
    ("railroad-rummy", 4, ()),
    ("railroad-rummy", 8, ()),
    ("railroad-canasta", 2, ()),
    ("railroad-canasta", 4, ()),
    ("rummy", 2, ()),
    ("rummy", 4, ()),
    ("rummy", 3, ("jokers", "initial-meld-50", "ace-low")),
]
SHORT: Final = {"max_rounds": 1, "max_turns_per_round": 30}
"""Options that keep OpenSpiel's random simulations short: one round, capped at 30 turns (G-1, G-3)."""


def _id(case: tuple[str, int, tuple[str, ...]]) -> str:
    variant, players, house_rules = case
    return f"{variant}-{players}" + "".join(f"+{rule}" for rule in house_rules)


# -- PettingZoo's and OpenSpiel's own tests ------------------------------------------------------------------


@pytest.mark.parametrize("case", GAMES, ids=_id)
def test_pettingzoo_api_test_and_seed_test_pass(case: tuple[str, int, tuple[str, ...]]) -> None:
    variant, players, house_rules = case
    pettingzoo_test.api_test(env(variant, players, house_rules=house_rules), num_cycles=1000)
    pettingzoo_test.seed_test(lambda: env(variant, players, house_rules=house_rules), num_cycles=300)


@pytest.mark.parametrize("case", GAMES, ids=_id)
def test_openspiel_random_sim_test_passes(case: tuple[str, int, tuple[str, ...]]) -> None:
    variant, players, house_rules = case
    name = openspiel.register(variant)
    params = {"players": players, "house_rules": ",".join(house_rules), "options": json.dumps(SHORT)}
    pyspiel.random_sim_test(pyspiel.load_game(name, params), num_sims=2, serialize=False, verbose=False)


# -- the action space ---------------------------------------------------------------------------------------

VARIANTS: Final = (("railroad-rummy", 2, 6), ("railroad-canasta", 2, 4), ("rummy", 2, 4))


@st.composite
def positions(draw: st.DrawFn) -> Game:
    variant, least, most = draw(st.sampled_from(VARIANTS))
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
    pz.step(tokens[-1])
    assert [m.meld.cards for m in pz.game.view(None).table] == list(down.melds)


# -- rewards -------------------------------------------------------------------------------------------------


def test_rewards_are_the_round_scores_turned_so_that_higher_is_better() -> None:
    # RR-30: golf scoring; seat 0 goes out (round 7 takes every card in three runs, RR-12) and the
    # other scores its cards: 5 + 5 + 10 = 20, a reward of -20 (higher is better)
    game = build_position(
        "railroad-rummy",
        players=2,
        round=7,
        hands=["3C 4D 5H 6S 7C 8D 9H 10S JC QD KH AS", "5C 5D KS"],
        phase="play",
        turn=0,
        totals=[40, 55],
    )
    pz = env("railroad-rummy", 2)
    pz.reset(options={"position": game})
    for token in ActionCodec.of(game).encode(
        rummykit.GoDown(seat=0, melds=["3C 4D 5H 6S", "7C 8D 9H 10S", "JC QD KH AS"])
    ):
        pz.step(token)
    assert pz.game.is_over and pz.game.scores == (40, 75)
    assert pz.rewards == {"player_0": 0.0, "player_1": -20.0}
    assert all(pz.terminations.values())


# -- nothing hidden reaches an observation -------------------------------------------------------------------


def _hidden_swap(game: Game, seat: int, chooser: random.Random) -> Game | None:
    """A copy of ``game`` with two cards hidden from ``seat`` (of different faces) exchanged."""
    state = game.state
    visible = set(face_up(game, seat)) | set(state.hands[seat])
    places = [(zone, i) for zone in _zones(state) for i, cid in enumerate(zone) if cid not in visible]
    chooser.shuffle(places)
    for (zone_a, i), (zone_b, j) in itertools.pairwise(places):
        if rummykit.face(zone_a[i]) != rummykit.face(zone_b[j]):
            other = game.copy()
            a = _zones(other.state)[_zones(state).index(zone_a)]
            b = _zones(other.state)[_zones(state).index(zone_b)]
            a[i], b[j] = b[j], a[i]
            return load_position(dump_position(other))
    return None


def _zones(state: Any) -> list[list[int]]:
    zones = [*state.hands, *state.piles.values()]
    return zones + [pile for per_seat in state.seat_piles.values() for pile in per_seat]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=positions(), seed=st.integers(0, 2**16))
def test_cards_hidden_from_a_seat_make_no_difference_to_its_observations(game: Game, seed: int) -> None:
    if game.is_over:
        return
    game = load_position(dump_position(game))
    chooser = random.Random(seed)
    seat = chooser.randrange(game.players)
    other = _hidden_swap(game, seat, chooser)
    if other is None:
        return
    assert other.state != game.state
    encoder = ObservationEncoder(ActionCodec.of(game))
    assert (encoder.encode(game.view(seat)) == encoder.encode(other.view(seat))).all()
    assert observation_text(game.view(seat)) == observation_text(other.view(seat))
    pz_one, pz_two = env(game.variant, game.players), env(game.variant, game.players)
    pz_one.reset(options={"position": game})
    pz_two.reset(options={"position": other})
    agent = f"player_{seat}"
    one, two = pz_one.observe(agent), pz_two.observe(agent)
    assert (one["observation"] == two["observation"]).all() and (one["action_mask"] == two["action_mask"]).all()
    assert pz_one.observation_text(agent) == pz_two.observation_text(agent)
    name = openspiel.register(game.variant)
    states = [
        pyspiel.load_game(name, {"players": game.players, "position": position_text(g)}).new_initial_state()
        for g in (game, other)
    ]
    for method in ("observation_string", "information_state_string", "observation_tensor", "information_state_tensor"):
        assert getattr(states[0], method)(seat) == getattr(states[1], method)(seat), method


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
            expected = encoder.encode(pz.game.view(seat), pz._entered(seat))
            assert (pz.observe(other)["observation"] == expected).all()
        observation, _, termination, truncation, _ = pz.last()
        done = termination or truncation
        pz.step(None if done else chooser.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    name = openspiel.register(variant)
    state = pyspiel.load_game(name, {"players": players, "options": json.dumps(SHORT)}).new_initial_state()
    for step in range(300):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(chooser.randrange(len(state.chance_outcomes())))
            continue
        seen = [state, state.clone()]
        if step % 5 == 0:
            seen.append(state.resample_from_infostate(state.current_player(), pyspiel.UniformProbabilitySampler(0, 1)))
        for one in seen:
            for seat in range(players):
                expected = encoder.encode(one.game.view(seat), one.entered(seat))
                assert (np.array(one.observation_tensor(seat), np.float32) == expected).all()
            assert str(one).startswith(position_text(one.game))
        state.apply_action(chooser.choice(state.legal_actions()))


# -- OpenSpiel: resampling for information-set search ----------------------------------------------------------


def test_resampling_keeps_what_the_player_sees_and_an_ismcts_bot_plays_a_round() -> None:
    from open_spiel.python.algorithms import ismcts, mcts  # noqa: PLC0415 - needs the extra

    name = openspiel.register("rummy")
    game = pyspiel.load_game(name, {"players": 2, "options": json.dumps(SHORT)})
    state = game.new_initial_state()
    state.apply_action(7)  # the deal
    player = state.current_player()
    sampled = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sampled.information_state_string(player) == state.information_state_string(player)
    assert str(sampled) != str(state)  # another deal of the cards hidden from the player
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)), 2.0, 20, random_state=np.random.RandomState(1)
    )
    for _ in range(6):
        if state.is_terminal() or state.is_chance_node():
            break
        state.apply_action(bot.step(state))
    assert state.move_number() >= 6 or state.is_terminal()
