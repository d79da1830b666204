"""Every installed variant as an [OpenSpiel](https://github.com/google-deepmind/open_spiel) Python game,
so that OpenSpiel's algorithms play it: [`register`][rummykit.rl.openspiel.register].

```python
import pyspiel
from rummykit.rl import openspiel

openspiel.register("railroad-rummy")  # as python_rummykit_railroad_rummy
game = pyspiel.load_game("python_rummykit_railroad_rummy", {"players": 4})
```

The game is sequential, with imperfect information and explicit chance: each round starts at a
chance node whose outcome (one of ``deals`` equally likely seeds, 1,024 by default) shuffles the
round's shoe; every later random event of the round (a stock rebuilt from the discard pile) follows
from that seed. A player enters an action token by token, as in
[`rummykit.rl.codec`][rummykit.rl.codec]: the action space is the codec's tokens, and the legal
actions at a step are the tokens that continue a legal action. Out-of-turn declarations (RailRoad
Rummy's claim window) are taken one seat at a time, in the order the game asks for them.

Returns are the final totals, negated where the lowest total wins (golf scoring), so that higher is
better; the game is general-sum. Observations and information states (strings and tensors) are
built from the player's view only ([`rummykit.rl.observation`][rummykit.rl.observation]); a public
observer sees what a spectator sees. `resample_from_infostate` deals the cards hidden from a player
anew among their places, which OpenSpiel's information-set MCTS asks for.

Parameters: ``players``; ``house_rules`` (names separated by commas); ``options`` (a JSON object);
``deals`` (the chance outcomes of a deal); ``position`` (a position in rummykit's notation, to
start from instead of a new game: no chance node before its first move).
"""

from __future__ import annotations

import json
import random
from typing import Any, Final

import numpy as np
import numpy.typing as npt
import pyspiel

from rummykit.core.engine import Game, new_game
from rummykit.core.plugins import available_variants, variant_spec
from rummykit.core.shoe import Randomness
from rummykit.core.views import View, face_up
from rummykit.documents.notation import position_text, read_position
from rummykit.rl.codec import ActionCodec, Entry
from rummykit.rl.observation import ObservationEncoder, observation_text

__all__ = ["DEALS", "RummyGame", "RummyState", "game_name", "register", "register_all"]

DEALS: Final = 1024
"""The default number of chance outcomes of a deal (equally likely seeds of the shuffle)."""
_MAX_GAME_LENGTH: Final = 10_000_000
_REGISTERED: dict[str, pyspiel.GameType] = {}


def game_name(variant: str) -> str:
    """The name a variant is registered under: ``python_rummykit_`` and its name, ``-`` as ``_``."""
    return "python_rummykit_" + variant.replace("-", "_")


def register(variant: str) -> str:
    """Register ``variant`` (an installed variant's name) with OpenSpiel, once; its game name."""
    name = game_name(variant)
    if name in _REGISTERED:
        return name
    spec = variant_spec(variant)
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"{spec.title} (rummykit)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": spec.min_players,
            "house_rules": "",
            "options": "{}",
            "deals": DEALS,
            "position": "",
        },
    )
    _REGISTERED[name] = game_type

    class _Game(RummyGame):
        _variant = variant
        _game_type = game_type

    _Game.__name__ = _Game.__qualname__ = f"RummyGame_{variant.replace('-', '_')}"
    pyspiel.register_game(game_type, _Game)
    return name


def register_all() -> list[str]:
    """Register every installed variant; their game names."""
    return [register(variant) for variant in available_variants()]


class RummyGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """A rummykit variant as an OpenSpiel game (registered by [`register`][rummykit.rl.openspiel.register])."""

    _variant: str
    _game_type: pyspiel.GameType

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = int(params.get("players", variant_spec(self._variant).min_players))
        house_rules = [name for name in str(params.get("house_rules", "")).split(",") if name]
        options = json.loads(str(params.get("options", "{}")) or "{}")
        self.deals = int(params.get("deals", DEALS))
        position = str(params.get("position", ""))
        self.start: Game | None = read_position(position) if position else None
        template = self.start or new_game(self._variant, players, seed=0, options=options, house_rules=house_rules)
        # What a new state starts from: a copy of the position, or of this game before its first deal
        # (new_game with seed 0, made once: its deal is dealt again at the first chance node).
        self.initial = template
        self.players, self.house_rules, self.options = template.players, house_rules, options
        self.codec = ActionCodec.of(template)
        self.encoder = ObservationEncoder(self.codec)
        self.sign = -1 if template.state.rules.low_score_wins else 1
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.size,
            max_chance_outcomes=self.deals,
            num_players=self.players,
            min_utility=-1e9,
            max_utility=1e9,
            utility_sum=None,
            max_game_length=_MAX_GAME_LENGTH,
        )
        super().__init__(self._game_type, info, params)

    def __deepcopy__(self, memo: dict[int, Any]) -> RummyGame:
        return self  # a game is immutable: its states share it

    def new_initial_state(self) -> RummyState:
        """A new game before its first deal (or at the ``position`` given)."""
        return RummyState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> RummyObserver:
        """An observer of the game's views (a public observer sees what a spectator sees)."""
        if params:
            raise ValueError(f"rummykit's observers take no parameters, not {params}")
        public_only = iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return RummyObserver(self, public_only=public_only, perfect_recall=perfect_recall)


class RummyState(pyspiel.State):  # type: ignore[misc]
    """A state of a [`RummyGame`][rummykit.rl.openspiel.RummyGame]: a rummykit game, and the tokens the
    player to act has entered so far."""

    def __init__(self, game: RummyGame) -> None:
        super().__init__(game)
        self._spiel_game = game
        self.game = game.initial.copy()
        self._dealing = game.start is None
        self._entry: Entry | None = None if self._dealing else self._new_entry()
        self._seen = _Seen()

    def _new_entry(self) -> Entry | None:
        if self.game.is_over:
            return None
        return Entry(self.game, self.game.to_act[0], self._spiel_game.codec)

    def current_player(self) -> int:
        if self.game.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        if self._dealing:
            return int(pyspiel.PlayerId.CHANCE)
        return self.game.to_act[0]

    def _legal_actions(self, player: int) -> list[int]:
        assert self._entry is not None and player == self._entry.seat
        return self._entry.allowed()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        deals = self._spiel_game.deals
        return [(outcome, 1.0 / deals) for outcome in range(deals)]

    def _apply_action(self, action: int) -> None:
        if self._dealing:
            self._deal(action)
            self._seen = _Seen()
            self._dealing = False
            self._entry = self._new_entry()
            return
        assert self._entry is not None
        complete = self._entry.enter(action)
        if complete is None:
            return
        applied = self.game.apply(complete)
        self._seen = _Seen()
        if applied.round_result is not None and not self.game.is_over:
            self._dealing = True  # the next round's deal is a chance node
            self._entry = None
        else:
            self._entry = self._new_entry()

    def _deal(self, outcome: int) -> None:
        """Deal the round (dealt already with the game's own seed) again from the shuffle ``outcome`` seeds."""
        configuration = self.game.configuration
        state = self.game.state.copy()
        state.round -= 1
        rng = Randomness(outcome)
        if state.round > 0:
            state.dealer = (state.dealer - 1) % state.players  # the deal moves it on again
        else:
            state.dealer = rng.randrange(state.players)  # the first dealer, drawn (RR-2, CR-2)
        configuration.deal_round(state, rng)
        self.game = Game.from_state(state, configuration=configuration, rng=rng)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return self._spiel_game.codec.token_text(action)

    def is_terminal(self) -> bool:
        return self.game.is_over

    def returns(self) -> list[float]:
        if not self.game.is_over:
            return [0.0] * self.game.players
        sign = self._spiel_game.sign
        return [float(sign * total) for total in self.game.scores]

    def seat_view(self, seat: int | None) -> View:
        """``game.view(seat)``, built once per position (a state's game changes only as actions are
        applied, and a copy of the state starts afresh)."""
        views = self._seen.views
        view = views.get(seat)
        if view is None:
            view = views[seat] = self.game.view(seat)
        return view

    def seat_observation(self, seat: int | None) -> npt.NDArray[np.float32]:
        """The numeric observation of `seat_view` with no tokens entered, built once per position
        (not to be changed in place)."""
        observations = self._seen.observations
        observation = observations.get(seat)
        if observation is None:
            observation = observations[seat] = self._spiel_game.encoder.encode_view(self.seat_view(seat))
        return observation

    def entered(self, player: int) -> list[int]:
        """The tokens ``player`` has entered of the action it is making (none if it is not acting)."""
        entry = self._entry
        return list(entry.entered) if entry is not None and entry.seat == player else []

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> RummyState:
        """A state that ``player_id`` cannot tell from this one: the cards hidden from it (other
        hands, the stock, other piles face down) dealt anew among the same places."""
        sampled = self.clone()
        game = sampled.game
        state = game.state.copy()
        visible = set(face_up(game, player_id)) | set(state.hands[player_id])
        places: list[tuple[list[int], int]] = []
        for seat, hand in enumerate(state.hands):
            if seat != player_id:
                places += [(hand, i) for i, cid in enumerate(hand) if cid not in visible]
        for pile in state.piles.values():
            places += [(pile, i) for i, cid in enumerate(pile) if cid not in visible]
        for per_seat in state.seat_piles.values():
            for pile in per_seat:
                places += [(pile, i) for i, cid in enumerate(pile) if cid not in visible]
        cards = [place[i] for place, i in places]
        chooser = random.Random(int(float(probability_sampler()) * 2**53))
        chooser.shuffle(cards)
        for (place, i), cid in zip(places, cards, strict=True):
            place[i] = cid
        game = sampled.game = Game.from_state(state, configuration=game.configuration)
        sampled._seen = _Seen()
        if sampled._entry is not None:
            entered = sampled._entry.entered
            sampled._entry = Entry(game, sampled._entry.seat, self._spiel_game.codec)
            for token in entered:
                sampled._entry.enter(token)
        return sampled

    def __str__(self) -> str:
        seen = self._seen
        if seen.text is None:
            seen.text = position_text(self.game)
        text = seen.text
        entry = self._entry
        if entry is not None and entry.entered:
            text += "\nentered: " + " ".join(self._spiel_game.codec.token_text(token) for token in entry.entered)
        return text


class _Seen:
    """What a state's seats see of its game as it stands (views, numeric observations without the
    tokens entered, the position's text), each built once; a copy of the state starts afresh."""

    __slots__ = ("observations", "text", "views")

    def __init__(self) -> None:
        self.views: dict[int | None, View] = {}
        self.observations: dict[int | None, npt.NDArray[np.float32]] = {}
        self.text: str | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Seen:
        return _Seen()


class RummyObserver:
    """An OpenSpiel observer (the PyObserver interface) of a seat's view: the numeric observation as
    ``tensor`` (and ``dict``), and its text form."""

    def __init__(self, game: RummyGame, *, public_only: bool, perfect_recall: bool) -> None:
        self.game = game
        self.public_only = public_only
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(game.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: RummyState, player: int) -> None:
        """Fill ``tensor`` with ``state`` as ``player`` sees it."""
        seat = None if self.public_only else player
        self.tensor[:] = state.seat_observation(seat)
        if not self.public_only:
            self.game.encoder.add_entered(self.tensor, state.entered(player))

    def string_from(self, state: RummyState, player: int) -> str:
        """``state`` as ``player`` sees it, as text (with every action of the round it saw, for an
        information state)."""
        seat = None if self.public_only else player
        view = state.seat_view(seat)
        codec = self.game.codec
        entered = [] if self.public_only else [codec.token_text(token) for token in state.entered(player)]
        text = observation_text(view, entered)
        if self.perfect_recall:
            text += "\nround so far: " + "; ".join(f"{action.seat} {action.describe()}" for action in view.log)
            text += "\nrounds: " + "; ".join(f"{result.scores}" for result in view.history)
        return text
