"""The engine: [`Game`][rummykit.core.engine.Game], [`new_game`][rummykit.core.engine.new_game] and
[`replay`][rummykit.core.engine.replay].

A game holds its configuration ([`Configuration`][rummykit.core.configuration.Configuration]: the variant,
its house rules and options compiled once into rules and moves, shared by every game of the
configuration), one random source and one mutable [`GameState`][rummykit.core.state.GameState]. Every action
goes through [`Game.apply`][rummykit.core.engine.Game.apply], which asks the action's move to check it
against every rule before anything changes.

Examples:
    >>> import rummykit
    >>> game = rummykit.new_game("railroad-rummy", players=3, seed=1)
    >>> game.round, game.phase, game.to_act == (game.turn,)
    (1, 'draw', True)
    >>> action = game.legal_actions(game.turn)[0]
    >>> applied = game.apply(action)
    >>> applied.action == action, len(game.record.actions)
    (True, 1)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs
import pluggy

from rummykit.core import legacy, pictures, validation
from rummykit.core.actions import Action, LayOff
from rummykit.core.applied import Applied
from rummykit.core.cards import Card, CardId, face, parse_cards, shoe_ids
from rummykit.core.configuration import Configuration, configure
from rummykit.core.deprecation import warn_replaced
from rummykit.core.errors import (
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    InvalidOptionError,
    InvalidPositionError,
    InvalidRecordError,
    PluginError,
    RummyError,
    UnknownHouseRuleError,
    quote,
)
from rummykit.core.plugins import Plugin, plugin_references
from rummykit.core.records import GameRecord
from rummykit.core.shoe import Randomness, check_seed
from rummykit.core.specs import HouseRuleSpec, Ruleset, VariantSpec
from rummykit.core.state import OVER, GameState, Phase, Place, RoundResult, ScoreItem, SeatResult, SeatScore
from rummykit.core.views import View

if TYPE_CHECKING:
    from rummykit.core.moves import Move
    from rummykit.svg.canvas import Svg

__all__ = ["Game", "configure", "game_from_state", "new_game", "new_state", "replay"]


class Game:
    """A game in progress. Create one with [`new_game`][rummykit.core.engine.new_game] (or
    [`replay`][rummykit.core.engine.replay]).

    The public contract: [`to_act`][rummykit.core.engine.Game.to_act],
    [`legal_actions`][rummykit.core.engine.Game.legal_actions], [`apply`][rummykit.core.engine.Game.apply],
    [`view`][rummykit.core.engine.Game.view], [`is_over`][rummykit.core.engine.Game.is_over],
    [`scores`][rummykit.core.engine.Game.scores], [`winners`][rummykit.core.engine.Game.winners],
    [`record`][rummykit.core.engine.Game.record], [`copy`][rummykit.core.engine.Game.copy]. Every action has three
    faces: [`check`][rummykit.core.engine.Game.check] raises
    [`IllegalActionError`][rummykit.core.errors.IllegalActionError] naming the rule,
    [`is_legal`][rummykit.core.engine.Game.is_legal] answers yes or no, and
    [`apply`][rummykit.core.engine.Game.apply] checks first, then changes the game.
    """

    __slots__ = (
        "_actions",
        "_config",
        "_dealer_given",
        "_rng",
        "_shoes",
        "_start",
        "_state",
    )

    def __init__(
        self,
        *,
        configuration: Configuration,
        state: GameState,
        rng: Randomness,
        shoes: tuple[tuple[Card, ...], ...],
        dealer_given: bool,
        actions: list[Action],
        start: GameState | None = None,
    ) -> None:
        self._config = configuration
        self._state = state
        self._rng = rng
        self._shoes = shoes
        self._dealer_given = dealer_given
        self._actions = actions
        self._start = start
        """The position the game started from, if it did not start with a deal (a copy, for its record)."""

    @classmethod
    def from_state(
        cls,
        state: GameState,
        *,
        configuration: Configuration | None = None,
        rng: Randomness | None = None,
    ) -> Game:
        """A game that continues from ``state``, once [`validate`][rummykit.core.validation.validate]
        has checked that play under the game's rules can be there: every card of the shoe in exactly
        one place, seats, piles, phases and counts, the variant's own rules (``rummykit_check_position``),
        someone to act (or a game over as its rules end it).

        The game takes ``state`` over (do not change it afterwards) and keeps a copy as the start of its
        record, which then replays from there. ``state`` is a state of the configuration: one made by
        [`Configuration.new_state`][rummykit.core.configuration.Configuration.new_state] and filled in,
        read from a document, or a copy of another game's (``game.state.copy()``).

        Args:
            state: the position.
            configuration: the game's configuration (default: the one ``state.config`` names, which
                needs its variant and house rules installed or registered by name).
            rng: the random source to continue with (default: a fresh one from the state's seed).

        Raises:
            InvalidPositionError: naming the field and what is wrong with it.
            PluginError: the variant's own check failed with an error of the plug-in.

        Examples:
            >>> game = new_game("rummy", players=2, seed=4)
            >>> Game.from_state(game.state.copy()) == game
            True
            >>> state = game.state.copy()
            >>> state.turn = 5
            >>> Game.from_state(state)
            Traceback (most recent call last):
            ...
            rummykit.core.errors.InvalidPositionError: turn: there is no seat 5: seats are 0 to 1
        """
        if not isinstance(state, GameState):
            raise InvalidPositionError("", f"expected a GameState, not {quote(state)}")
        config = state.config
        if configuration is None:
            configuration = configure(
                config.variant, config.players, options=dict(config.options), house_rules=config.house_rules
            )
        if state.rules is not configuration.rules and state.rules != configuration.rules:
            raise InvalidPositionError("", f"the state's rules are not those of {configuration!r}")
        validation.validate(configuration, state)
        return cls(
            configuration=configuration,
            state=state,
            rng=rng if rng is not None else Randomness(config.seed),
            shoes=(),
            dealer_given=False,
            actions=[],
            start=state.copy(),
        )

    # -- what the game is ----------------------------------------------------------------------

    @property
    def configuration(self) -> Configuration:
        """The game's configuration: its variant, house rules and options, compiled into rules and
        moves that every game of the configuration shares."""
        return self._config

    @property
    def spec(self) -> VariantSpec:
        """The variant's declaration (name, players, rules, options)."""
        return self._config.spec

    @property
    def variant(self) -> str:
        """The variant's name."""
        return self._config.spec.name

    @property
    def house_rules(self) -> tuple[HouseRuleSpec, ...]:
        """The house rules stacked on the variant, in order."""
        return self._config.house_rules

    @property
    def options(self) -> Mapping[str, Any]:
        """Every option's value (read-only: options are fixed when the game is created)."""
        return self._state.config.options

    @property
    def players(self) -> int:
        """The number of seats."""
        return self._state.config.players

    @property
    def seed(self) -> int | None:
        """The seed, or ``None`` for a game shuffled by the system's secure generator."""
        return self._state.config.seed

    @property
    def rule_ids(self) -> frozenset[str]:
        """Every rule id this game may cite: the variant's, its house rules', and the common ones."""
        return self._config.rule_ids

    @property
    def plugin_manager(self) -> pluggy.PluginManager:
        """The plugin manager of the game's configuration (the variant, its house rules, the core's
        defaults), for tools that call its hooks, such as
        [`rummykit.play.commands.parse_move`][rummykit.play.commands.parse_move]."""
        return self._config.plugin_manager

    @property
    def state(self) -> GameState:
        """The live state. Read it freely; change it only through [`apply`][rummykit.core.engine.Game.apply]
        (changing it directly skips every rule). To start a game from a state of your own, use
        [`from_state`][rummykit.core.engine.Game.from_state], which checks it."""
        return self._state

    # -- where the game is ---------------------------------------------------------------------

    @property
    def round(self) -> int:
        """The round being played (1-based; the last round once the game is over)."""
        return self._state.round

    @property
    def turn(self) -> int:
        """The seat whose turn it is."""
        return self._state.turn

    @property
    def dealer(self) -> int:
        """This round's dealer."""
        return self._state.dealer

    @property
    def phase(self) -> str:
        """The turn phase (``"draw"``, ``"play"``, a variant's own, or ``"over"``)."""
        return str(self._state.phase)

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now, in turn order (several during a claim window; none once
        the game is over)."""
        try:
            result: tuple[int, ...] = self._config.to_act(self._state)
        except RummyError:
            raise
        except Exception as exc:
            raise _plugin_error(self._config, "rummykit_to_act", exc) from exc
        return result

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self._state.is_over

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's total score over the rounds played."""
        return tuple(self._state.totals)

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats once the game is over (ties share the win); empty before."""
        if not self._state.is_over:
            return ()
        try:
            result: tuple[int, ...] = self._config.winners(self._state)
        except RummyError:
            raise
        except Exception as exc:
            raise _plugin_error(self._config, "rummykit_winners", exc) from exc
        return result

    @property
    def history(self) -> tuple[RoundResult, ...]:
        """The results of the rounds played."""
        return tuple(self._state.history)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The faces in ``seat``'s hand, in the order received. (Full information: use
        [`view`][rummykit.core.engine.Game.view] for what the seat itself may see.)"""
        self._check_seat(seat)
        return tuple(face(cid) for cid in self._state.hands[seat])

    # -- actions -------------------------------------------------------------------------------

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal action of ``seat`` now (of every seat in [`to_act`][rummykit.core.engine.Game.to_act]
        if ``None``), each once, in the form [`check`][rummykit.core.engine.Game.check] returns; empty if the
        seat may not act. A variant may list one representative of plays its rules treat alike (G-6: see
        what a listing stands for in the docs); every one of them is accepted as named."""
        if seat is None:
            return [action for s in self.to_act for action in self.legal_actions(s)]
        state = self._state
        if type(seat) is not int or not 0 <= seat < state.config.players:
            self._check_seat(seat)
        actions: list[Action] = []
        try:  # no move is listed for the phase of a game over
            for move in self._config.by_phase.get(state.phase, ()):
                actions.extend(move.legal(state, seat))
        except RummyError:
            raise
        except Exception as exc:
            raise _plugin_error(self._config, "a move's listing (legal)", exc) from exc
        return actions

    def check(self, action: Action) -> Action:
        """Check ``action`` without changing anything; return it in canonical form.

        Raises:
            InvalidActionError: not an action of this game, or a seat that does not exist.
            IllegalActionError: refused by the rules; ``.rule`` says which.
        """
        return self._check(action)[0]

    def _check(self, action: Action) -> tuple[Action, Move[Any, Any]]:
        """[`check`][rummykit.core.engine.Game.check], and the move that performs the canonical action."""
        moves = self._config.moves
        move = moves.get(type(action))
        if move is None:
            if not isinstance(action, Action):
                raise InvalidActionError(f"{quote(action)} is not an action")
            names = ", ".join(sorted(a.kind for a in moves))
            raise InvalidActionError(f"{self.variant} has no action {action.kind!r}; its actions: {names}")
        state = self._state
        seat = action.seat
        if type(seat) is not int or not 0 <= seat < state.config.players:
            self._check_seat(seat)
        if state.phase == OVER:
            raise GameOverError("G-0", "the game is over", action=action)
        ungated = False
        try:  # the seat's own conditions (G-7), then the phase gate (whose turn, which phase), then the move
            move.check_condition(state, action)
            if move.on_turn is not False:
                try:
                    self._config.check_turn(state, action, move)
                except IllegalActionError:
                    if move.on_turn is not None or action.seat not in self.to_act:
                        raise
                    ungated = True  # a move of 0.1, played out of turn: its check decides, as before the gate
            canonical: Action = move.check(state, action)
        except IllegalActionError as err:
            if err.action is None:
                err.action = action
            raise
        except RummyError:
            raise
        except Exception as exc:
            raise _plugin_error(self._config, f"the move of {action.kind!r} (check)", exc) from exc
        if ungated:
            legacy.warn_ungated(move)
        if type(canonical) is not type(action):
            move = moves[type(canonical)]
        return canonical, move

    def is_legal(self, action: Action) -> bool:
        """True if [`apply`][rummykit.core.engine.Game.apply] would accept ``action``."""
        return self.explain(action) is None

    def explain(self, action: Action) -> IllegalActionError | None:
        """The error [`apply`][rummykit.core.engine.Game.apply] would raise for ``action`` (which rule refuses it), or
        ``None`` if it is legal."""
        try:
            self.check(action)
        except IllegalActionError as err:
            return err
        return None

    def apply(self, action: Action) -> Applied:
        """Check ``action`` against every rule, then carry it out and record it; return what it did
        ([`Applied`][rummykit.core.applied.Applied]: the action as carried out, the cards it moved, the round
        it ended).

        A refused action raises [`IllegalActionError`][rummykit.core.errors.IllegalActionError] (or
        [`InvalidActionError`][rummykit.core.errors.InvalidActionError]) and leaves the game exactly as it
        was. When the action ends a round, the round is scored and the next one dealt (or the game
        ends).
        """
        canonical, move = self._check(action)
        state = self._state
        notes: list[tuple[CardId, Place, Place]] = []
        state.moved = notes
        # a move of a variant that may have been written for 0.1 (no round_ends declared), which noted
        # nothing, is checked against where the cards lay before and after it, until 0.3
        # (rummykit.core.legacy); a variant written for 0.2 pays nothing for it
        before = (
            legacy.snapshot(state) if not self._config.spec.round_ends and not legacy.notes_its_moves(move) else None
        )
        try:
            move.perform(state, canonical, self._rng)
        except RummyError:
            raise
        except Exception as exc:
            raise _plugin_error(self._config, f"the move of {canonical.kind!r} (perform)", exc) from exc
        if before is not None:
            legacy.settle_moved(move, before, state, notes)
        self._actions.append(canonical)
        state.log.append(canonical)
        if state.round_end is None:
            return Applied(canonical, notes, None, False)
        state.moved = []  # the deal of the next round is not this action's
        self._finish_round()
        return Applied(canonical, notes, state.history[-1], state.is_over)

    # -- information ---------------------------------------------------------------------------

    def view(self, seat: int | None) -> View:
        """What ``seat`` may see (``None``: a spectator): its own hand and everything public."""
        if seat is not None:
            self._check_seat(seat)
        to_act = self.to_act
        try:
            result: View = self._config.view(self._state, seat, to_act)
        except RummyError:
            raise
        except Exception as exc:
            raise _plugin_error(self._config, "rummykit_view", exc) from exc
        return result

    def picture(self, seat: int | None = None, **options: Any) -> Svg:
        """The game as ``seat`` sees it (``None``: a spectator, who sees no hand), drawn as SVG:
        [`rummykit.svg.view`][rummykit.svg.view] of [`view(seat)`][rummykit.core.engine.Game.view], with the
        game's wild cards marked in the hand, and ``options`` (``caption``, ``names``, ``scale``...).
        In Jupyter a game shows itself as the spectator's picture.

        Examples:
            >>> game = new_game("rummy", players=2, seed=5)
            >>> game.picture(0) == game.view(0).picture()
            True
        """
        melds = getattr(self._state.rules, "melds", None)
        options.setdefault("wilds", getattr(melds, "wild_faces", frozenset()))
        picture: Svg = pictures.painter().view(self.view(seat), **options)
        return picture

    def _repr_svg_(self) -> str:
        return str(self.picture())

    def _repr_html_(self) -> str:
        return str(self.picture())

    @property
    def record(self) -> GameRecord:
        """The record of the game so far: replays to this exact game ([`replay`][rummykit.core.engine.replay])."""
        config = self._state.config
        return GameRecord(
            variant=config.variant,
            players=config.players,
            options=config.options,
            house_rules=config.house_rules,
            seed=config.seed,
            dealer=self._first_dealer() if self._dealer_given else None,
            shoes=self._shoes,
            outcomes=tuple(self._rng.outcomes),
            position=self._start,
            actions=tuple(self._actions),
        )

    def _first_dealer(self) -> int:
        return (self._state.dealer - (self._state.round - 1)) % self.players

    def copy(self) -> Game:
        """An independent copy (state, random source and record), for search and bots.
        Cheap: no deepcopy; immutable parts are shared, a seeded random source is copied on write."""
        new = Game.__new__(Game)
        new._config = self._config
        new._state = self._state.copy()
        new._rng = self._rng.copy()
        new._shoes = self._shoes
        new._dealer_given = self._dealer_given
        new._actions = self._actions[:]
        new._start = self._start
        return new

    def __copy__(self) -> Game:
        """[`copy`][rummykit.core.engine.Game.copy]: ``copy.copy(game)`` is an independent game, never an alias."""
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        """[`copy`][rummykit.core.engine.Game.copy] (everything it shares is immutable)."""
        return self.copy()

    def __getstate__(self) -> dict[str, Any]:
        """A game pickles as its configuration (its plug-ins by name), state, random source and
        record; loading builds its plug-ins afresh. A seeded game continues identically.

        Raises:
            PluginError: a plug-in given as an object, neither installed nor registered under its
                name, that cannot be pickled itself.
        """
        state, config = self._state, self._state.config
        configuration = self._config
        variant, house_rules = plugin_references(
            configuration.plugin_manager, configuration.spec, configuration.house_rules
        )
        return {
            "variant": variant,
            "house_rules": house_rules,
            "players": config.players,
            "options": dict(config.options),
            "seed": config.seed,
            "state": {
                f.name: getattr(state, f.name) for f in attrs.fields(type(state)) if f.name not in ("config", "rules")
            },
            "rng": self._rng,
            "shoes": self._shoes,
            "dealer_given": self._dealer_given,
            "actions": self._actions,
            "start": self._start,
        }

    def __setstate__(self, data: dict[str, Any]) -> None:
        configuration = configure(
            data["variant"], data["players"], options=data["options"], house_rules=data["house_rules"]
        )
        state_type = configuration.spec.state_type or GameState
        Game.__init__(
            self,
            configuration=configuration,
            state=state_type(config=configuration.settings(data["seed"]), rules=configuration.rules, **data["state"]),
            rng=data["rng"],
            shoes=data["shoes"],
            dealer_given=data["dealer_given"],
            actions=data["actions"],
            start=data["start"],
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self._state == other._state and self._actions == other._actions

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        state = self._state
        where = "over" if state.is_over else f"round {state.round}, seat {state.turn} to {state.phase}"
        return f"<Game {self.variant} players={self.players} seed={self.seed} {where}>"

    # -- internals -----------------------------------------------------------------------------

    def _check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise InvalidActionError(f"there is no seat {quote(seat)}: seats are 0 to {self.players - 1}")

    def _start_round(self) -> None:
        state = self._state
        stacked = self._shoes[state.round] if state.round < len(self._shoes) else None
        shoe = None if stacked is None else shoe_ids(stacked)
        try:
            self._config.deal_round(state, self._rng, shoe)
        except RummyError:
            raise
        except Exception as exc:
            raise _plugin_error(self._config, "rummykit_start_round", exc) from exc

    def _finish_round(self) -> None:
        state = self._state
        assert state.round_end is not None
        went_out, rule, reason = state.round_end
        try:
            sheets = [_seat_score(score, rule) for score in self._config.score_round(state)]
        except RummyError:
            raise
        except Exception as exc:
            raise _plugin_error(self._config, "rummykit_score_round", exc) from exc
        if len(sheets) != self.players:
            raise PluginError(f"{self.variant} scored {len(sheets)} seats in a game of {self.players}")
        scores = [sheet.points for sheet in sheets]
        state.totals = [total + score for total, score in zip(state.totals, scores, strict=True)]
        last = state.log[-1] if state.log else None
        state.history.append(
            RoundResult(
                round=state.round,
                went_out=went_out,
                reason=reason,
                scores=tuple(scores),
                totals=tuple(state.totals),
                turns=state.turn_number,
                rule=rule,
                by=None if last is None else last.seat,
                action=last,
                seats=_seat_results(state, sheets),
            )
        )
        options = state.config.options
        max_rounds = options["max_rounds"]
        capped = sum(1 for result in state.history if result.rule == "G-1")  # G-C1
        try:
            ended = bool(self._config.game_over(state))
        except RummyError:
            raise
        except Exception as exc:
            raise _plugin_error(self._config, "rummykit_game_over", exc) from exc
        if ended or (max_rounds is not None and state.round >= max_rounds) or capped >= options["max_capped_rounds"]:
            state.phase = Phase.OVER
            state.round_end = None
            state.taken = None
        else:
            self._start_round()


def _seat_score(score: object, rule: str) -> SeatScore:
    """A seat's score as ``rummykit_score_round`` gave it: a [`SeatScore`][rummykit.core.state.SeatScore],
    or a bare number (one line, citing ``rule``, the rule that ended the round)."""
    if isinstance(score, SeatScore):
        return score
    return SeatScore(items=(ScoreItem(rule=rule, what="the round's score", points=int(score)),))  # type: ignore[call-overload]


def _seat_results(state: GameState, sheets: Sequence[SeatScore]) -> tuple[SeatResult, ...]:
    """Each seat's [`SeatResult`][rummykit.core.state.SeatResult] of the round just scored: its melds
    on the table, what it laid off on melds it did not own (the round's ``LayOff`` actions), its hand,
    and its score line by line."""
    laid_off: list[list[Card]] = [[] for _ in state.hands]
    for action in state.log:
        if (
            isinstance(action, LayOff)
            and 0 <= action.meld < len(state.table)
            and state.table[action.meld].owner != action.seat
        ):
            laid_off[action.seat].append(action.card)
    return tuple(
        SeatResult(
            seat=seat,
            melds=tuple(meld.meld for meld in state.table if meld.owner == seat),
            laid_off=tuple(laid_off[seat]),
            left=tuple(face(cid) for cid in state.hands[seat]),
            deadwood=sheet.deadwood,
            items=sheet.items,
            score=sheet.points,
            total=state.totals[seat],
        )
        for seat, sheet in enumerate(sheets)
    )


def _tally(cards: Counter[Card], most: int = 12) -> str:
    """``5H×3 JK`` for a multiset of cards, the first ``most`` faces and a count of the rest."""
    faces = sorted(cards)
    text = " ".join(f"{card}×{cards[card]}" if cards[card] > 1 else str(card) for card in faces[:most])
    return text + (f" and {len(faces) - most} more faces" if len(faces) > most else "")


def _stacked(shoe: Iterable[Card | str] | str, rules: Ruleset, path: str) -> tuple[Card, ...]:
    """A stacked shoe's faces (cards, card texts, or one text of cards separated by spaces), checked
    against the game's shoe (``path`` names it in errors)."""
    try:
        faces = parse_cards(shoe)
    except RummyError as exc:
        raise InvalidPositionError(path, str(exc)) from exc
    expected = Counter(rules.shoe)
    given = Counter(faces)
    if given != expected:
        extra = sorted((given - expected).elements())
        missing = sorted((expected - given).elements())
        problems = []
        if extra:
            problems.append("cards not in this game's shoe: " + _tally(given - expected))
        if missing:
            problems.append("missing cards: " + _tally(expected - given))
        raise InvalidPositionError(
            path,
            f"a stacked shoe must hold every card of the shoe exactly once ({len(rules.shoe)} cards); "
            + "; ".join(problems),
        )
    return faces


def game_from_state(
    configuration: Configuration,
    state: GameState,
    *,
    start: GameState | None = None,
    rng: Randomness | None = None,
) -> Game:
    """Deprecated (removed in rummykit [`REMOVED_IN`][rummykit.core.deprecation.REMOVED_IN]): use
    [`Game.from_state`][rummykit.core.engine.Game.from_state], which checks the state."""
    warn_replaced("rummykit.core.engine.game_from_state")
    return Game.from_state(state, configuration=configuration, rng=rng)


def _plugin_error(configuration: Configuration, where: str, exc: Exception) -> PluginError:
    """A variant's code failed (``where``: its hook or move) with an error that is not a rummykit
    verdict: the plug-in's bug, named as such."""
    plugin = configuration.spec.name
    return PluginError(f"{where} of {plugin} raised {type(exc).__name__}: {quote(str(exc))}", hook=where, plugin=plugin)


def new_state(configuration: Configuration, seed: int | None) -> GameState:
    """A new game's state of ``configuration``, before any card is dealt
    ([`Configuration.new_state`][rummykit.core.configuration.Configuration.new_state])."""
    return configuration.new_state(seed)


def _create(
    variant: str | Plugin,
    players: int,
    *,
    seed: int | None,
    options: Mapping[str, Any] | None,
    house_rules: Sequence[str | Plugin] | str | None,
    dealer: int | None,
    shoes: Sequence[Iterable[Card | str] | str],
    rng: Randomness,
) -> Game:
    configuration = configure(variant, players, options=options, house_rules=house_rules)
    state = new_state(configuration, seed)
    rules = configuration.rules
    if isinstance(shoes, str) or not isinstance(shoes, Sequence):
        raise InvalidPositionError("shoes", "stacked shoes are a list of shoes, one per round")
    stacked = tuple(_stacked(shoe, rules, f"shoes[{i}]") for i, shoe in enumerate(shoes))
    if dealer is not None and (isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players):
        raise InvalidOptionError(f"dealer must be a seat from 0 to {players - 1}, not {dealer!r}", field="dealer")
    state.dealer = dealer if dealer is not None else rng.randrange(players)
    configuration.start_game(state)
    game = Game(
        configuration=configuration,
        state=state,
        rng=rng,
        shoes=stacked,
        dealer_given=dealer is not None,
        actions=[],
    )
    game._start_round()
    return game


def new_game(
    variant: str | Plugin,
    players: int,
    *,
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    house_rules: Sequence[str | Plugin] | str | None = (),
    dealer: int | None = None,
    shoe: Iterable[Card | str] | str | None = None,
    shoes: Sequence[Iterable[Card | str] | str] = (),
) -> Game:
    """Create a game and deal its first round.

    Args:
        variant: an installed variant's name (``"railroad-rummy"``), or a variant plug-in object.
        players: the number of seats.
        seed: an int from 0 to 2**64 - 1 for a reproducible game; ``None`` shuffles with the
            system's secure generator.
        options: option values by name; the others take their defaults.
        house_rules: house rules to stack on the variant, by name or plug-in object; one name
            alone (``"jokers"``) is one house rule.
        dealer: the first dealer (default: chosen at random from the game's random source).
        shoe: a stacked shoe for the first round: every card of the round's shoe, in draw order
            (the first card is dealt first), as cards or card texts, or one text of cards
            separated by spaces (``"AS KS ..."``). Later rounds are shuffled.
        shoes: stacked shoes for the first rounds, one per round (``shoes[0]`` for round 1), each
            as ``shoe`` is given; the rounds after them are shuffled. ``shoe=s`` is ``shoes=[s]``.

    Raises:
        UnknownVariantError: the variant is not installed (the message lists those that are).
        UnknownHouseRuleError: a house rule is not installed or does not apply (listing those that do).
        InvalidOptionError: a bad player count, option or dealer.
        InvalidPositionError: a stacked shoe that is not exactly the game's shoe, or both ``shoe``
            and ``shoes``.

    Examples:
        >>> game = new_game("railroad-rummy", players=4, seed=7)
        >>> game.players, len(game.hand(0)), game.round
        (4, 7, 1)
    """
    if shoe is not None:
        if shoes:
            raise InvalidPositionError("shoe", "give a stacked shoe for round 1 or the shoes of rounds, not both")
        shoes = [shoe]
    return _create(
        variant,
        players,
        seed=seed,
        options=options,
        house_rules=house_rules,
        dealer=dealer,
        shoes=shoes,
        rng=Randomness(seed),
    )


def replay(record: GameRecord, *, upto: int | None = None) -> Game:
    """Rebuild a game from its record, applying every action (the first ``upto`` with ``upto``).

    The game then goes on like any other: a seeded one as the original would have, an unseeded
    one with fresh secure shuffles once the recorded ones are used up. A record carries exactly the
    randomness its game used: a seed, or the outcomes of an unseeded game's shuffles and choices,
    every one of them used by its actions (replayed to the end, none may be left over to steer the
    game's next shuffles).

    Raises:
        InvalidRecordError: naming the field (``actions[17]``, ``outcomes``) if the record cannot be
            replayed, or holds randomness its game does not use (outcomes beside a seed, or outcomes
            no action used).
        InvalidOptionError: ``upto`` is not an int from 0 to the number of actions.

    Examples:
        >>> game = new_game("rummy", players=2, seed=5)
        >>> _ = game.apply(game.legal_actions(game.turn)[0])
        >>> replay(game.record) == game, replay(game.record, upto=0).record.actions
        (True, ())
        >>> replay(game.record, upto=-1)
        Traceback (most recent call last):
        ...
        rummykit.core.errors.InvalidOptionError: upto is an int from 0 to 1 (the record's actions), not -1
    """
    if not isinstance(record, GameRecord):
        raise InvalidRecordError(
            "", f"expected a GameRecord (rummykit.documents.serialize.load_record reads one), not {quote(record)}"
        )
    count = len(record.actions)
    if upto is not None and (isinstance(upto, bool) or not isinstance(upto, int) or not 0 <= upto <= count):
        raise InvalidOptionError(
            f"upto is an int from 0 to {count} (the record's actions), not {quote(upto)}", field="upto"
        )
    try:
        check_seed(record.seed)
    except InvalidOptionError as exc:
        raise InvalidRecordError("seed", str(exc)) from exc
    if record.seed is not None and record.outcomes:
        raise InvalidRecordError(
            "outcomes", "a seeded game draws its shuffles from its seed, so its record carries no outcomes"
        )
    if record.position is not None:
        start = record.position
        if not isinstance(start, GameState):
            raise InvalidRecordError("position", f"expected a GameState, not {quote(start)}")
        config = start.config
        for field in ("variant", "players", "seed"):
            if getattr(record, field) != getattr(config, field):
                raise InvalidRecordError(
                    field, f"the record says {quote(getattr(record, field))}, its position {getattr(config, field)!r}"
                )
        if tuple(record.house_rules) != config.house_rules or dict(record.options) != dict(config.options):
            raise InvalidRecordError("options", "the record's options and house rules differ from its position's")
        try:
            rng = Randomness(record.seed, replay=record.outcomes if record.seed is None else None)
            game = Game.from_state(start.copy(), rng=rng)
        except InvalidPositionError as exc:
            raise InvalidRecordError(f"position.{exc.path}".rstrip("."), exc.problem) from exc
        return _replay_actions(game, record, upto)
    try:
        rng = Randomness(record.seed, replay=record.outcomes if record.seed is None else None)
        game = _create(
            record.variant,
            record.players,
            seed=record.seed,
            options=record.options,
            house_rules=record.house_rules,
            dealer=record.dealer,
            shoes=record.shoes,
            rng=rng,
        )
    except InvalidRecordError:
        raise
    except InvalidPositionError as exc:
        raise InvalidRecordError(exc.path, exc.problem) from exc
    except UnknownHouseRuleError as exc:
        raise InvalidRecordError("house_rules", str(exc)) from exc
    except InvalidOptionError as exc:
        where = (exc.field or "options").partition(".")[0]
        raise InvalidRecordError(where, str(exc)) from exc
    except (RummyError, ValueError) as exc:
        raise InvalidRecordError("", f"the record cannot start its game: {exc}") from exc
    return _replay_actions(game, record, upto)


def _replay_actions(game: Game, record: GameRecord, upto: int | None) -> Game:
    actions = record.actions if upto is None else record.actions[:upto]
    for index, action in enumerate(actions):
        try:
            game.apply(action)
        except InvalidRecordError:
            raise
        except (RummyError, ValueError) as exc:
            seat = getattr(action, "seat", None)
            field = ".seat" if isinstance(seat, int) and not 0 <= seat < game.players else ""
            raise InvalidRecordError(f"actions[{index}]{field}", str(exc)) from exc
    left = game._rng.unused
    if left and len(actions) == len(record.actions):
        raise InvalidRecordError(
            "outcomes",
            f"{left} of the record's {len(record.outcomes)} random outcomes {'is' if left == 1 else 'are'} used by "
            "no action: a record carries exactly the outcomes its game used",
        )
    game._rng.continue_fresh()  # caught up with the record: an unseeded game goes on with fresh shuffles
    return game
