"""The conformance kit's runs: [`check_variant`][rummykit.testing.runs.check_variant], made of
[`check_games`][rummykit.testing.runs.check_games] (whole seeded games, driven toward every phase, action
kind and way to end a round the variant declares, and more games toward what they have not reached) and
[`check_random_actions`][rummykit.testing.runs.check_random_actions] (random positions, and random actions
tried in them).

Everything a run does follows its ``seed``: the same seed gives the same games, positions, actions and
report, on any machine, whatever else is installed. A failure names a one-line call that makes the
run again (``ConformanceError.reproduce``).
"""

from __future__ import annotations

import functools
import inspect
import random
import warnings
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, ParamSpec, TypeVar

import rummykit
from rummykit.core.actions import Action
from rummykit.core.cards import CardId, face
from rummykit.core.deprecation import REMOVED_IN
from rummykit.core.engine import Game
from rummykit.core.plugins import generic_bots, parse_bot
from rummykit.testing.checks import (
    check_action,
    check_determinism,
    check_exchanges,
    check_records,
    failure,
    located,
    play_checked,
)
from rummykit.testing.coverage import (
    Coverage,
    coverage_targets,
    declared_unreachable,
    fit,
    seat_players,
    steered_options,
)
from rummykit.testing.errors import ConformanceError
from rummykit.testing.random_play import Candidates, GameSetup, declared_options, random_options, random_setup
from rummykit.testing.report import ConformanceReport
from rummykit.testing.visibility import RoundWatch

__all__ = [
    "BUDGET",
    "SCOUTED",
    "SCOUTS_A_TURN",
    "SCOUT_GAMES",
    "SEARCH_STEPS",
    "STEERED",
    "Progress",
    "check_games",
    "check_random_actions",
    "check_variant",
    "game_options",
    "variant_bots",
]

BUDGET: Final = 120
"""The most games a run plays, beyond ``games``, toward what its games have not reached: searches
from their positions and steered games ([`check_games`][rummykit.testing.runs.check_games])."""
SEARCH_STEPS: Final = 60
"""The most actions of a search from a kept position (it ends with its round, too)."""
STEERED: Final = (
    "scout",
    "search",
    "bots",
    "lucky",
    "scout",
    "search",
    "looping",
    "bots",
    "scout",
    "lucky",
    "patient",
    "search",
    "scout",
    "hoarding",
)
"""The order in which a run tries its ways toward what its games have not reached (see
[`check_games`][rummykit.testing.runs.check_games])."""

_P = ParamSpec("_P")
_R = TypeVar("_R")

Progress = Callable[[str, int, int], None]
"""Told of a run's progress: the stage (``"games"``, ``"searching"``, ``"random actions"``), how much of
it is done and its size (for ``"searching"``, the budget: a search stops as soon as every target is
reached)."""


def variant_bots(variant: str, house_rules: Sequence[str] = ()) -> tuple[str, ...]:
    """The bots a run mixes in when it is given none: every bot the variant (with its house rules)
    offers but ``random`` and the bots of every variant (``search``: the kit's own random player plays
    better for the kit, and faster).

    Examples:
        >>> variant_bots("gin-rummy")
        ('heuristic',)
    """
    game = rummykit.new_game(variant, rummykit.variant_spec(variant).min_players, seed=0, house_rules=house_rules)
    generic = {"random", *generic_bots()}
    return tuple(name for name in rummykit.available_bots(game.configuration) if name not in generic)


def game_options(
    variant: str, index: int, options: Mapping[str, Any] | None = None, *, house_rules: Sequence[str] = ()
) -> dict[str, Any]:
    """The options of game ``index`` of [`check_games`][rummykit.testing.runs.check_games]: every
    option of ``variant`` and ``house_rules`` drawn from its own spec
    ([`random_options`][rummykit.testing.random_play.random_options], seeded by the variant and
    ``index``), and the game kept short: 1 to 3 rounds (G-3); or, in the second game of every four,
    no round cap at all with a turn cap of 1 to 12 (G-1), which G-C1 turns into the end of the game.
    ``options`` given override them. Every game must end, whatever values the validator accepts.

    Examples:
        >>> game_options("railroad-rummy", 0)["max_rounds"], game_options("railroad-rummy", 1)["max_rounds"]
        (1, None)
    """
    rng = random.Random(f"{variant} {index}")
    chosen = random_options(variant, house_rules, rng, skip=("max_rounds", "max_turns_per_round"))
    if index % 4 == 1:
        chosen |= {"max_rounds": None, "max_turns_per_round": rng.randint(1, 12)}
    else:
        chosen["max_rounds"] = 1 + index % 3
    return chosen | dict(options or {})


def _reproducible(function: Callable[_P, _R]) -> Callable[_P, _R]:
    """``function`` (a run of the kit) whose failure names the one-line call that makes the run again:
    ``ConformanceError.reproduce``, the call with the arguments it was given (those at their defaults
    left out, ``progress`` too, which changes nothing)."""
    signature = inspect.signature(function)

    @functools.wraps(function)
    def run(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return function(*args, **kwargs)
        except ConformanceError as exc:
            bound = signature.bind(*args, **kwargs)
            raise exc.with_reproduction(_call_text(function.__name__, signature, bound.arguments)) from exc

    return run


def _call_text(name: str, signature: inspect.Signature, arguments: Mapping[str, Any]) -> str:
    """The one-line call of the kit's function ``name`` with ``arguments``."""
    parts: list[str] = []
    unwritten: list[str] = []
    for key, value in arguments.items():
        parameter = signature.parameters[key]
        if key == "progress" or (parameter.default is not inspect.Parameter.empty and _same(value, parameter.default)):
            continue
        if not _literal(value):
            unwritten.append(key)
        elif parameter.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD and not parts:
            parts.append(repr(value))  # the variant
        else:
            parts.append(f"{key}={_plain(value)!r}")
    call = f"from rummykit.testing import {name}; {name}({', '.join(parts)}{', ...' if unwritten else ''})"
    return call + (f"  # with the same {', '.join(unwritten)}" if unwritten else "")


def _plain(value: Any) -> Any:
    """``value`` as a call would be written: a tuple of names as a list, a mapping as a dict."""
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    return value


def _same(value: Any, default: Any) -> bool:
    if isinstance(value, list | tuple) and isinstance(default, list | tuple):
        return tuple(value) == tuple(default)
    return bool(value == default)


def _literal(value: Any) -> bool:
    if value is None or isinstance(value, bool | int | float | str):
        return True
    if isinstance(value, list | tuple):
        return all(_literal(item) for item in value)
    if isinstance(value, Mapping):
        return all(isinstance(key, str) and _literal(item) for key, item in value.items())
    return False


class _Run:
    """One run of games of a variant: what they reached, the positions kept to search from, totals."""

    def __init__(
        self,
        variant: str,
        stack: tuple[str, ...],
        seed: int,
        unreachable: Mapping[str, str] | None,
        every: Mapping[str, int],
        progress: Progress | None,
    ) -> None:
        self.variant, self.stack, self.seed, self.every, self.progress = variant, stack, seed, every, progress
        self.spec = rummykit.variant_spec(variant)
        targets = coverage_targets(variant, stack)
        self.declared = declared_unreachable(variant, targets, unreachable)
        self.coverage = Coverage(targets, self.declared)
        self.archive: list[Game] = []
        self.archived_from: list[str] = []
        self.games = self.actions = self.rounds = self.searches = self.steered = self.scouted = 0

    def play(
        self,
        setup: GameSetup,
        source: str,
        *,
        players: Sequence[str | None] | None = None,
        mood: str | None = None,
        script: Sequence[Action] = (),
    ) -> None:
        """Play one game with every check, then its determinism and its record."""
        before = len(self.archive)
        game = play_checked(
            setup,
            **self.every,
            coverage=self.coverage,
            players=players,
            archive=self.archive,
            source=source,
            mood=mood,
            script=script,
        )
        self.archived_from += [source] * (len(self.archive) - before)
        check_determinism(setup, game)
        check_records(setup, game)
        self.games += 1
        self.actions += len(game.record.actions)
        self.rounds += len(game.history)

    def report(self) -> ConformanceReport:
        coverage = self.coverage
        return ConformanceReport(
            self.variant,
            self.stack,
            games=self.games,
            searches=self.searches,
            steered=self.steered,
            scouted=self.scouted,
            actions=self.actions,
            rounds=self.rounds,
            targets=coverage.targets,
            reached=dict(coverage.reached),
            reached_games=dict(coverage.games),
            unreachable=self.declared,
            positions_checked=coverage.positions_checked,
            seed=self.seed,
            how={target: coverage.how[target] for target in coverage.targets if target in coverage.how},
            undeclared=dict(coverage.undeclared),
        )

    def tell(self, stage: str, done: int, size: int) -> None:
        if self.progress is not None:
            self.progress(stage, done, size)


def _seats(players: Sequence[str | None]) -> str:
    """Which bots play which seats, in words (the kit's random player plays the others)."""
    seats: dict[str, list[str]] = {}
    for seat, name in enumerate(players):
        if name is not None:
            seats.setdefault(name, []).append(str(seat))
    return "".join(f", {name} at seat{'s' * (len(at) > 1)} {', '.join(at)}" for name, at in seats.items())


@_reproducible
def check_games(
    variant: str,
    *,
    house_rules: Sequence[str] = (),
    games: int = 10,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    players: int | None = None,
    bots: Sequence[str] | None = None,
    positions: Sequence[str | Game] = (),
    unreachable: Mapping[str, str] | None = None,
    budget: int = BUDGET,
    soundness_every: int = 10,
    views_every: int = 10,
    json_every: int = 50,
    progress: Progress | None = None,
) -> ConformanceReport:
    """Play ``games`` seeded games to the end, driven toward every phase, action kind and way to end a
    round the variant declares ([`rummykit.testing.coverage`][rummykit.testing.coverage]); then, while
    something is unreached, up to ``budget`` more games toward it; checking termination and
    conservation after every action, soundness and views as often as asked, every check of
    [`check_position`][rummykit.testing.checks.check_position] at the positions where each game first
    reaches something, then determinism and records; then fail naming whatever the games never reached.

    Game ``i`` has seed ``seed + i``, the player counts in turn (or ``players``), and the options of
    [`game_options`][rummykit.testing.runs.game_options] (``options`` override them). Its seats are
    played by the kit's random player and each of ``bots`` in turn (names of the variant's bots,
    ``rummykit.available_bots``; ``None``, the default, takes every bot the variant offers but
    ``random``: [`variant_bots`][rummykit.testing.runs.variant_bots]), shifted by one seat from game to
    game ([`seat_players`][rummykit.testing.coverage.seat_players]). Before them, a game is played
    from each of ``positions`` (positions of the checked stack of house rules, in the notation or as
    games) to the end of its round.

    After them, while a target is unreached, the run plays up to ``budget`` more games toward it, in
    turn ([`STEERED`][rummykit.testing.runs.STEERED]): *scouting*, up to
    [`SCOUTS_A_TURN`][rummykit.testing.runs.SCOUTS_A_TURN] steered rounds played without the checks
    (at most [`SCOUT_GAMES`][rummykit.testing.runs.SCOUT_GAMES] a run), the first of which that
    reaches something unreached is played again with every check; a *search*, up to
    [`SEARCH_STEPS`][rummykit.testing.runs.SEARCH_STEPS] actions or the end of its round from a
    position its games went through (most often one near the end of a round); a *lucky search*, to the
    end of the round from such a position with its hidden stock arranged so that the cards fitting the
    seat to act come up at its draws (any order of a hidden stock is a deal that could have happened);
    and *steered games*,
    a round from the deal (and the next deal, checked in full: the game goes on after the round) with
    every seat one of ``bots``, or with the kit's random player looping, patient, greedy or hoarding
    ([`rummykit.testing.coverage`][rummykit.testing.coverage]), the options that an unreached way to
    end a round sets at their extreme values
    ([`steered_options`][rummykit.testing.coverage.steered_options]). It stops as soon as every target
    is reached: a variant whose games reach everything plays no more games.

    ``unreachable`` declares targets unreachable in tests, with the reasons, beside the variant's
    own (``VariantSpec.unreachable_in_tests``). ``soundness_every``, ``views_every`` and
    ``json_every`` (the views' JSON) check the positions between those checked in full at every
    n-th position only (1: every position): they cost the most. ``progress`` is told of each game.

    Raises:
        ConformanceError: naming the property, the game and the action that break it (its
            ``record`` replays the game; ``reproduce``, the call that makes the run again), or
            ``coverage``, naming what the games never reached.
        ValueError: ``unreachable`` names no target, or gives no reason; a position of another
            variant or another stack of house rules.
        UnknownBotError: a name of ``bots`` that is no bot of the variant.

    Examples:
        >>> report = check_games("rummy", games=2)
        >>> report.reached["round-end:CR-9"] > 0, report.reached_games["phase:over"]
        (True, 2)
    """
    every = {"soundness_every": soundness_every, "views_every": views_every, "json_every": json_every}
    return _check_games(
        variant,
        tuple(house_rules),
        games,
        seed,
        options,
        players,
        bots,
        positions,
        unreachable,
        budget,
        every,
        progress,
    )


def _check_games(
    variant: str,
    stack: tuple[str, ...],
    games: int,
    seed: int,
    options: Mapping[str, Any] | None,
    players: int | None,
    bots: Sequence[str] | None,
    positions: Sequence[str | Game],
    unreachable: Mapping[str, str] | None,
    budget: int,
    every: Mapping[str, int],
    progress: Progress | None,
) -> ConformanceReport:
    run = _Run(variant, stack, seed, unreachable, every, progress)
    spec = run.spec
    counts = spec.players
    starts = [_position_setup(variant, stack, position) for position in positions]
    chosen_bots = variant_bots(variant, stack) if bots is None else tuple(bots)
    setups = [
        GameSetup(
            variant=variant,
            players=players if players is not None else counts[i % len(counts)],
            seed=seed + i,
            options=game_options(variant, i, options, house_rules=stack),
            house_rules=stack,
        )
        for i in range(games)
    ]
    if (starts or setups) and bots:  # a bot the variant does not offer is named now, whichever games would play it
        available = rummykit.available_bots((starts or setups)[0].new_game().configuration)
        for name in bots:
            if parse_bot(name)[0] not in available:
                raise rummykit.UnknownBotError(name, variant, available)
    for number, setup in enumerate(starts):
        run.play(setup, f"start position {number + 1}", players=seat_players(number, setup.players, chosen_bots))
        run.tell("games", number + 1, len(starts) + len(setups))
    for number, setup in enumerate(setups):
        seats = seat_players(len(starts) + number, setup.players, chosen_bots)
        run.play(setup, f"game {number + 1} from the deal{_seats(seats)}", players=seats)
        run.tell("games", len(starts) + number + 1, len(starts) + len(setups))
    if starts or setups:
        _search(run, options, players, chosen_bots, budget)
    report = run.report()
    missing = run.coverage.missing()
    if (starts or setups) and missing:
        scouted = f" (and {report.scouted} scouting games, without the checks)" if report.scouted else ""
        detail = (
            f"{report.games} games{scouted} never reached {', '.join(missing)}: mix in the variant's bots (bots=; "
            "a bot that plays well reaches what random play seldom does), raise the budget of games toward what is "
            "unreached (budget=), start games from positions that lead there (positions=), or declare what "
            "cannot be reached in tests unreachable, with the reason (VariantSpec.unreachable_in_tests, or "
            "unreachable=)"
        )
        raise ConformanceError("coverage", detail, variant=variant, house_rules=stack, seed=seed)
    return report


def _search(
    run: _Run, options: Mapping[str, Any] | None, players: int | None, bots: Sequence[str], budget: int
) -> None:
    """Up to ``budget`` more games toward what the run's games have not reached (see
    [`check_games`][rummykit.testing.runs.check_games])."""
    coverage = run.coverage
    rng = random.Random(f"{run.variant} search {run.seed}")
    number = 0
    while number < budget and coverage.drives():
        way = STEERED[number % len(STEERED)]
        if way == "scout":
            found = None
            for _ in range(min(SCOUTS_A_TURN, SCOUT_GAMES - run.scouted)):
                found = _scout(run, rng, options, players, bots, run.scouted)
                run.scouted += 1
                if found is not None:
                    setup, seats, mood, source, script = found
                    run.play(setup, source, players=seats, mood=mood, script=script)
                    run.steered += 1
                    break
        elif way == "lucky" and run.archive and (lucky := _lucky_setup(run, rng, run.seed + 300_000 + number)):
            setup, start, seat = lucky
            action = len(run.archive[start].record.actions)
            source = f"lucky search {run.searches + 1}, from action {action} of {run.archived_from[start]}"
            source += f", the stock arranged for seat {seat}"
            lucky_bots, mood, how = _players_of(
                bots, setup.players, run.searches, "hoarding" if number % 2 else "greedy"
            )
            run.play(setup, f"{source}, {how}", players=lucky_bots, mood=mood)
            run.searches += 1
        elif way in ("search", "lucky") and run.archive:
            setup, start = _search_setup(run.variant, run.stack, run.archive, rng, run.seed + 100_000 + number)
            action = len(run.archive[start].record.actions)
            source = f"search {run.searches + 1}, from action {action} of {run.archived_from[start]}"
            search_bots: list[str | None] | None = None
            if bots and run.searches % 2:  # every other search goes on with the variant's bots at every seat
                search_bots = [bots[seat % len(bots)] for seat in range(setup.players)]
                source += f", every seat {' or '.join(sorted(set(bots)))}"
            run.play(setup, source, players=search_bots)
            run.searches += 1
        else:
            setup, seats, mood, how = _steered_setup(run, rng, options, players, bots, way, run.steered)
            run.play(setup, f"steered game {run.steered + 1}: {how}", players=seats, mood=mood)
            run.steered += 1
        number += 1
        run.tell("searching", number, budget)


SCOUT_GAMES: Final = 400
"""The most games a run plays without the checks, scouting for what its games have not reached
([`check_games`][rummykit.testing.runs.check_games]): the first that reaches something is played again
with every check."""
SCOUTS_A_TURN: Final = 40
"""How many of them a scouting turn plays at most, before the run's other ways have their turn."""
SCOUTED: Final = ("bots", "hoarding", "bots", "looping", "bots", "greedy", "bots", "patient")
"""The players of the scouting games, in turn (a variant without bots gets the kit's greedy player
where the list says bots)."""


def _players_of(
    bots: Sequence[str], players: int, number: int, otherwise: str
) -> tuple[list[str | None] | None, str | None, str]:
    """Every seat one of ``bots`` (in turn from ``number``), or else the kit's random player in the
    mood ``otherwise``; and who plays, in words."""
    if bots:
        return [bots[(number + seat) % len(bots)] for seat in range(players)], None, _every_seat(bots)
    return None, otherwise, f"the kit's random player {otherwise}"


def _every_seat(bots: Sequence[str]) -> str:
    return f"every seat {' or '.join(sorted(set(bots)))}"


def _steered_setup(
    run: _Run,
    rng: random.Random,
    options: Mapping[str, Any] | None,
    players: int | None,
    bots: Sequence[str],
    way: str,
    number: int,
) -> tuple[GameSetup, list[str | None] | None, str | None, str]:
    """A steered game (see [`check_games`][rummykit.testing.runs.check_games]): its setup, who plays
    its seats, the mood of the kit's random player, and the game in words."""
    spec = run.spec
    counts = spec.players
    # the fewest players in two steered games of three (short rounds, where one seat's goal is
    # nearest), the other counts in turn in the third
    others = number // 3 % len(counts) if number % 3 == 2 else 0
    seats = players if players is not None else counts[others]
    chosen = game_options(run.variant, 2 * number, house_rules=run.stack)
    chosen.pop("max_turns_per_round", None)
    steer = steered_options(declared_options(run.variant, run.stack), run.coverage.missing(), rng)
    # two rounds, of which the first is played: the position after its end is one of a game going on
    # (a way to end the last round would end the game, and show everything)
    chosen = {**chosen, "max_rounds": 2, **steer, **dict(options or {})}
    setup = GameSetup(
        variant=run.variant,
        players=seats,
        seed=run.seed + 200_000 + number,
        options=chosen,
        house_rules=run.stack,
        rounds=1,
    )
    if way == "bots":  # a variant without bots gets the kit's greedy player instead
        seat_bots, mood, how = _players_of(bots, seats, number, "greedy")
    else:
        seat_bots, mood, how = None, way, f"the kit's random player {way}"
    steering = ", ".join(f"{name}={value!r}" for name, value in sorted(steer.items()))
    return setup, seat_bots, mood, how + (f"; {steering}" if steering else "")


def _scout(
    run: _Run,
    rng: random.Random,
    options: Mapping[str, Any] | None,
    players: int | None,
    bots: Sequence[str],
    number: int,
) -> tuple[GameSetup, list[str | None] | None, str | None, str, list[Action]] | None:
    """A steered game played without the checks (scouting game ``number``): if it reaches what the run
    has not, its setup, players, mood, the game in words and its actions, to be played again with every
    check; else ``None``. A game that fails on its way is given too: the checks will say why."""
    from rummykit.testing.coverage import Driver  # noqa: PLC0415

    way = SCOUTED[number % len(SCOUTED)]
    setup, seats, mood, how = _steered_setup(run, rng, options, players, bots, way, 1000 + number)
    wants = run.coverage.wants
    game = setup.new_game()
    driver = Driver(game, random.Random(setup.seed), run.coverage, seats, look_ahead=False, mood=mood)
    found = False
    try:
        while not game.is_over and not game.state.history and len(game.record.actions) < SCOUT_ACTIONS:
            action = driver.choose(game)
            applied = game.apply(action)
            rule = applied.round_result.rule if applied.round_result is not None else None
            found = wants(f"action:{action.kind}") or wants(f"phase:{game.state.phase}")
            if found or (rule is not None and wants(f"round-end:{rule}")):
                found = True
                break
    except Exception:
        found = True
    if not found:
        return None
    source = f"scouting game {number + 1}, played again with the checks: {how}"
    return setup, seats, mood, source, list(game.record.actions)


SCOUT_ACTIONS: Final = 20_000
"""The most actions of a scouting game (its round ends long before, within the turn cap G-1)."""


def _search_setup(
    variant: str, house_rules: tuple[str, ...], archive: Sequence[Game], rng: random.Random, seed: int
) -> tuple[GameSetup, int]:
    """A short game from a kept position, to search for what the games have not reached, and the index
    of that position: one of the fifth of the positions whose seat to act holds the fewest cards (the
    end of a round, where what is rare tends to happen) half the time, else any."""
    from rummykit.documents.notation import position_text  # noqa: PLC0415

    if rng.random() < 0.5:
        by_hand = sorted(range(len(archive)), key=lambda i: (len(archive[i].state.hands[archive[i].to_act[0]]), i))
        index = rng.choice(by_hand[: max(len(by_hand) // 5, 1)])
    else:
        index = rng.randrange(len(archive))
    start = archive[index]
    config = start.state.config
    setup = GameSetup(
        variant=variant,
        players=start.players,
        seed=seed,
        options=dict(config.options),
        house_rules=house_rules,
        steps=SEARCH_STEPS,
        position=position_text(start),
    )
    return setup, index


def _lucky_setup(run: _Run, rng: random.Random, seed: int) -> tuple[GameSetup, int, int] | None:
    """A game from a kept position whose stock is arranged for the seat to act: the cards that fit its
    hand best ([`fit`][rummykit.testing.coverage.fit]: of the ranks it holds, of its suits nearby)
    come up at its draws, every other seat's draws between them. The stock is hidden, so any order of
    it is a deal that could have happened: the game is a legal one, from a position the kit builds
    toward a seat going out. Gives the setup, the kept position's index and the seat (``None``: no
    position with a stock to arrange)."""
    from rummykit.documents.notation import position_text  # noqa: PLC0415

    index = rng.randrange(len(run.archive))
    game = run.archive[index].copy()
    stock = game.state.piles.get("stock")
    if not stock or not game.to_act:
        return None
    seat = game.state.turn
    hand = game.hand(seat)
    best_first = sorted(stock, key=lambda cid: (-fit(face(cid), hand), cid))
    good, poor = iter(best_first), iter(reversed(best_first))
    from_top: list[CardId] = []
    taken: set[CardId] = set()
    for place in range(len(stock)):
        source = good if place % game.players == 0 else poor
        card = next(cid for cid in source if cid not in taken)
        taken.add(card)
        from_top.append(card)
    stock[:] = reversed(from_top)
    config = game.state.config
    setup = GameSetup(
        variant=run.variant,
        players=game.players,
        seed=seed,
        options=dict(config.options),
        house_rules=run.stack,
        position=position_text(game),
    )
    return setup, index, seat


def _position_setup(variant: str, house_rules: tuple[str, ...], position: str | Game) -> GameSetup:
    """The setup of a game from a start position (text in the notation, or a game)."""
    from rummykit.documents.notation import position_text, read_position  # noqa: PLC0415

    game = read_position(position) if isinstance(position, str) else position
    if game.variant != variant or tuple(game.state.config.house_rules) != house_rules:
        stack = " + ".join((game.variant, *game.state.config.house_rules))
        raise ValueError(
            f"a start position of {stack} cannot be played in a check of {' + '.join((variant, *house_rules))}"
        )
    config = game.state.config
    return GameSetup(
        variant=variant,
        players=game.players,
        seed=config.seed if config.seed is not None else 0,
        options=dict(config.options),
        house_rules=house_rules,
        position=position if isinstance(position, str) else position_text(position),
    )


# -- random positions, random actions -------------------------------------------------------------------


@_reproducible
def check_random_actions(
    variant: str,
    *,
    house_rules: Sequence[str] | None = (),
    max_examples: int = 30,
    options: Mapping[str, Any] | None = None,
    max_steps: int = 300,
    actions_per_position: int = 12,
    extra_actions: Sequence[Callable[..., Any]] = (),
    bots: Sequence[str] | None = None,
    seed: int = 0,
    derandomize: bool | None = None,
    shrink: bool | None = None,
    progress: Progress | None = None,
) -> ConformanceReport:
    """In ``max_examples`` random positions ([`random_setup`][rummykit.testing.random_play.random_setup]:
    ``house_rules`` stacked, ``None``: any stack; up to ``max_steps`` actions, then on to a phase drawn
    among the variant's, with ``bots`` mixed in, ``None``: the variant's own,
    [`variant_bots`][rummykit.testing.runs.variant_bots]), check that cards hidden from a seat make no
    difference to its view, then apply ``actions_per_position`` random actions one after the other
    ([`Candidates`][rummykit.testing.random_play.Candidates], with ``extra_actions``, functions of the
    game and the kit's random source that return an action or ``None``): refusal and completeness.

    Every position and action is drawn from a random source seeded by ``variant`` and ``seed``: the same
    seed gives the same run. ``derandomize`` and ``shrink`` (hypothesis's, before 0.2) are deprecated
    and do nothing: a failure is reported as found, with its game's record.

    Raises:
        ConformanceError: naming the property, the game and the action (``reproduce``: the call that
            makes the run again).
    """
    if derandomize is not None or shrink is not None:
        warnings.warn(
            "check_random_actions' derandomize and shrink are deprecated and do nothing: the kit follows its "
            f"seed (seed=) and no longer runs hypothesis; they will be removed in rummykit {REMOVED_IN}",
            DeprecationWarning,
            stacklevel=2,
        )
    chosen_bots = variant_bots(variant, house_rules or ()) if bots is None else tuple(bots)
    refusals: Counter[str] = Counter()
    phases: Counter[str] = Counter()
    accepted = 0
    rng = random.Random(f"{variant} random actions {seed}")
    for example in range(max_examples):
        setup = random_setup(variant, house_rules, rng, options=options, max_steps=max_steps, bots=chosen_bots)
        game = setup.new_game()
        with located(setup, game):
            try:
                game = setup.play()
            except Exception as exc:
                raise failure("soundness", f"a listed action is refused: {type(exc).__name__}: {exc}") from exc
        watch = RoundWatch(game)
        with located(setup, game):
            phases[str(game.state.phase)] += 1
            check_exchanges(game, watch, rng, len(game.record.actions))
            for _ in range(actions_per_position):
                if game.is_over:
                    break
                action = Candidates(game, extra_actions).draw(rng)
                if action is None:
                    continue
                rule = check_action(game, action)
                if rule is None:
                    accepted += 1
                    watch.follow(game)
                else:
                    refusals[rule] += 1
        if progress is not None:
            progress("random actions", example + 1, max_examples)
    return ConformanceReport(
        variant,
        tuple(house_rules or ()),
        examples=max_examples,
        refusals=dict(sorted(refusals.items())),
        accepted=accepted,
        example_phases=dict(sorted(phases.items())),
        seed=seed,
    )


@_reproducible
def check_variant(
    variant: str,
    *,
    house_rules: Sequence[str] = (),
    games: int = 10,
    max_examples: int = 30,
    max_steps: int = 300,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    bots: Sequence[str] | None = None,
    positions: Sequence[str | Game] = (),
    unreachable: Mapping[str, str] | None = None,
    extra_actions: Sequence[Callable[..., Any]] = (),
    budget: int = BUDGET,
    soundness_every: int = 10,
    views_every: int = 10,
    json_every: int = 50,
    progress: Progress | None = None,
) -> ConformanceReport:
    """Check that ``variant`` with ``house_rules`` has every property of
    [`PROPERTIES`][rummykit.testing.errors.PROPERTIES]: [`check_games`][rummykit.testing.runs.check_games]
    (``games`` seeded games from ``seed``, and one from each of ``positions``, driven toward every
    phase, action kind and way to end a round, with ``bots`` mixed in, then up to ``budget`` more games
    toward what they have not reached; failing on what they never reach unless it is declared
    ``unreachable``), then [`check_random_actions`][rummykit.testing.runs.check_random_actions]
    (``max_examples`` positions of up to ``max_steps`` actions). ``soundness_every``, ``views_every``
    and ``json_every`` as ``check_games`` takes them; ``progress`` is told of each game and position.

    With its defaults it proves a variant as it is installed: the variant's own bots mixed in, and more
    games toward what is rare. The same arguments give the same report.

    Raises:
        ConformanceError: the first property found broken, with the seed, the action index, the
            game's record and the one-line call that makes the run again; or ``coverage``, naming what
            the games never reached.

    Examples:
        >>> from rummykit.testing import check_variant
        >>> report = check_variant("rummy", house_rules=["jokers"], games=3, max_examples=3)
        >>> report.games >= 3, report.rounds >= 3, report.reached_games["round-end:CR-9"] > 0
        (True, True, True)
        >>> report == check_variant("rummy", house_rules=["jokers"], games=3, max_examples=3)
        True
    """
    played = check_games(
        variant,
        house_rules=house_rules,
        games=games,
        seed=seed,
        options=options,
        bots=bots,
        positions=positions,
        unreachable=unreachable,
        budget=budget,
        soundness_every=soundness_every,
        views_every=views_every,
        json_every=json_every,
        progress=progress,
    )
    random_actions = check_random_actions(
        variant,
        house_rules=house_rules,
        max_examples=max_examples,
        options=options,
        max_steps=max_steps,
        extra_actions=extra_actions,
        bots=bots,
        seed=seed,
        progress=progress,
    )
    return played + random_actions
