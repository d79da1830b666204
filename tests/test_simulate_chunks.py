"""``simulate`` in chunks (without Ray): exact counts that add up in any order, each chunk counted
once, confidence intervals, versioned results that resume a run, and failures named by seed and
action. The Ray backend's own tests are in ``test_simulate_ray.py``."""

from __future__ import annotations

import json
import random
import statistics
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from rummykit.core.bots import UnknownBotError
from rummykit.core.engine import new_game
from rummykit.core.errors import InvalidOptionError, InvalidResultsError, SimulationError
from rummykit.core.plugins import bot_factories, unregister_house_rule
from rummykit.play import chunks, ray_backend
from rummykit.play.chunks import ChunkJob, GameOutcome, RunSpec, game_seed, play_chunk, plug_in_versions
from rummykit.play.cli import app
from rummykit.play.intervals import mean_interval, t_quantile, wilson_interval
from rummykit.play.results import RESULTS_VERSION, RUN_FIELDS, SimulationResult, dump_results, load_results
from rummykit.play.simulate import ChunkEvent, SimulationInterrupted, _Run, simulate
from rummykit.play.tally import Counts, GameRanges, Tally
from tests.ray_support import NAME, TestBots, register_test_bots
from tests.sizes import examples

ROOT = Path(__file__).resolve().parent
runner = CliRunner()
RUN: dict[str, Any] = {"players": 2, "seed": 3, "bots": ("heuristic", "random")}
"""A quick run: Classic Rummy between the heuristic and the random bot (about 100 games a second)."""


def figures(result: SimulationResult) -> dict[str, Any]:
    """What a run's games determine: its document without the fields of how it was played."""
    data = result.figures()
    for name in RUN_FIELDS:
        del data[name]
    return data


@pytest.fixture(scope="module")
def uninterrupted() -> SimulationResult:
    return simulate("rummy", games=30, **RUN)


@pytest.fixture
def test_bots() -> Iterator[str]:
    """The test bots (``kamikaze``, ``faulty``) of tests/ray_support.py, by their house rule."""
    register_test_bots()
    try:
        yield NAME
    finally:
        unregister_house_rule(NAME)


# -- counts and ranges -----------------------------------------------------------------------------

outcome_lists = st.lists(
    st.tuples(
        st.lists(st.integers(-500, 20_000), min_size=3, max_size=3),
        st.sets(st.integers(0, 2), min_size=1, max_size=2),
        st.lists(st.integers(0, 1000), min_size=1, max_size=7),
        st.integers(0, 5000),
    ),
    min_size=1,
    max_size=40,
)


@settings(max_examples=examples(60), deadline=None)
@given(outcome_lists, st.randoms(use_true_random=False))
def test_counts_of_chunks_add_up_to_the_counts_of_all_games_in_any_order(
    games: list[tuple[list[int], set[int], list[int], int]], rng: random.Random
) -> None:
    seat_bots = ("a", "b", "a")
    whole = Tally(seat_bots)
    for scores, winners, turns, actions in games:
        whole.add_game(scores=scores, winners=winners, turns=turns, actions=actions)
    cuts = sorted(rng.sample(range(1, len(games)), k=min(len(games) - 1, rng.randint(0, 5))))
    parts = []
    for start, stop in zip([0, *cuts], [*cuts, len(games)], strict=True):
        part = Tally(seat_bots)
        for scores, winners, turns, actions in games[start:stop]:
            part.add_game(scores=scores, winners=winners, turns=turns, actions=actions)
        parts.append(part.counts())
    rng.shuffle(parts)
    total = Counts.empty(seat_bots)
    for counts in parts:
        total = total + counts
    assert total == whole.counts()
    total.check()
    merged = Tally(seat_bots)
    for counts in reversed(parts):
        merged.merge(counts)
    assert merged.counts() == total


def test_counts_of_other_seats_do_not_add() -> None:
    with pytest.raises(ValueError, match="do not add"):
        _ = Counts.empty(("a", "b")) + Counts.empty(("b", "a"))
    with pytest.raises(ValueError, match="do not add"):
        Tally(("a",)).merge(Counts.empty(("a", "a")))


def test_game_ranges_join_and_refuse_an_overlap() -> None:
    done = GameRanges([(5, 8), (0, 2)])
    assert done.ranges() == ((0, 2), (5, 8)) and done.total == 5 and done.end == 8
    done.add(2, 5)  # joins both sides
    assert done.ranges() == ((0, 8),)
    assert list(done.missing(12)) == [(8, 12)] and list(done.missing(6)) == []
    for start, stop in ((7, 9), (0, 1), (3, 4)):
        assert done.overlaps(start, stop)
        with pytest.raises(ValueError, match="overlap"):
            done.add(start, stop)
    assert not done.overlaps(8, 10)
    with pytest.raises(ValueError, match="not a range"):
        done.add(9, 9)
    assert list(GameRanges().missing(3)) == [(0, 3)]


def test_a_chunk_delivered_twice_is_counted_once() -> None:
    run = RunSpec(variant="rummy", players=2, seat_bots=("heuristic", "random"), seed=3)
    result = play_chunk(ChunkJob(run=run, start=4, seeds=tuple(game_seed(3, i) for i in range(4, 8))))
    bookkeeping = _Run(run.seat_bots, 8, resume=None, progress=None, on_game=None, on_chunk=None)
    assert bookkeeping.deliver(result) and bookkeeping.deliver(result)
    assert bookkeeping.done.ranges() == ((4, 8),) and bookkeeping.tally.games == 4
    assert bookkeeping.duplicates == 1 and bookkeeping.chunks_done == 1


# -- the same figures whatever the workers and chunks ----------------------------------------------


@pytest.mark.parametrize(("workers", "chunk_size"), [(2, 1), (2, 7), (2, 30), (2, None)])
def test_workers_and_chunk_sizes_change_no_figure(
    uninterrupted: SimulationResult, workers: int, chunk_size: int | None
) -> None:
    result = simulate("rummy", games=30, workers=workers, chunk_size=chunk_size, **RUN)
    assert figures(result) == figures(uninterrupted)
    assert result.chunk_size == (chunk_size or 3) and uninterrupted.chunk_size is None


def test_the_figures_are_the_statistics_of_the_games(uninterrupted: SimulationResult) -> None:
    """Each figure, interval included, worked out from the list of games with the standard library."""
    outcomes: list[GameOutcome] = []
    simulate("rummy", games=30, on_game=outcomes.append, **RUN)
    n = len(outcomes)
    t = t_quantile(0.975, n - 1)
    for seat, stats in enumerate(uninterrupted.seats):
        scores = [o.scores[seat] for o in outcomes]
        wins = sum(seat in o.winners for o in outcomes)
        assert (stats.wins, stats.win_rate) == (wins, wins / n)
        assert (stats.mean_score, stats.stdev_score) == (statistics.fmean(scores), statistics.pstdev(scores))
        half = t * statistics.stdev(scores) / n**0.5
        interval = stats.mean_score_ci
        assert interval is not None
        assert (interval.low, interval.high) == pytest.approx(
            (stats.mean_score - half, stats.mean_score + half), rel=1e-12
        )
    assert [o.index for o in outcomes] == list(range(n))
    assert [o.seed for o in outcomes] == [game_seed(3, i) for i in range(n)]


def test_a_bots_mean_score_interval_is_over_games_not_seats() -> None:
    outcomes: list[GameOutcome] = []
    result = simulate("rummy", players=4, games=12, seed=2, bots=("heuristic", "random"), on_game=outcomes.append)
    heuristic = result.by_bot[0]
    per_game = [(o.scores[0] + o.scores[2]) / 2 for o in outcomes]  # seats 0 and 2
    assert heuristic.mean_score == pytest.approx(statistics.fmean(per_game), rel=1e-15)
    half = t_quantile(0.975, 11) * statistics.stdev(per_game) / 12**0.5
    assert heuristic.mean_score_ci is not None
    assert heuristic.mean_score_ci.low == pytest.approx(heuristic.mean_score - half, rel=1e-12)
    assert heuristic.win_rate_ci == wilson_interval(heuristic.wins, 24)


# -- intervals -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("wins", "trials", "low", "high"),
    [(81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611), (1, 29, 0.0061, 0.1718)],
)
def test_wilson_intervals_are_newcombes(wins: int, trials: int, low: float, high: float) -> None:
    """Newcombe (1998), Statistics in Medicine 17, table I, method 3 (the score interval)."""
    interval = wilson_interval(wins, trials)
    assert (round(interval.low, 4), round(interval.high, 4)) == (low, high)


@pytest.mark.parametrize(
    ("p", "df", "quantile"),
    [(0.975, 1, 12.7062), (0.975, 4, 2.7764), (0.975, 9, 2.2622), (0.995, 20, 2.8453), (0.95, 60, 1.6706)],
)
def test_t_quantiles_are_the_tables(p: float, df: int, quantile: float) -> None:
    assert round(t_quantile(p, df), 4) == quantile
    assert t_quantile(1 - p, df) == -t_quantile(p, df)


def test_the_t_quantile_joins_its_expansion_smoothly_and_nears_the_normal() -> None:
    assert abs(t_quantile(0.975, 1000) - t_quantile(0.975, 1001)) < 1e-5
    assert 1.95996 < t_quantile(0.975, 10**9) < 1.96


def test_a_mean_interval_needs_two_values_and_possible_sums() -> None:
    assert mean_interval(1, total=5, squares=25) is None
    interval = mean_interval(4, total=8, squares=20)  # 1, 1, 3, 3: mean 2, sd 1.1547
    assert interval is not None and interval.contains(2) and round(interval.high - 2, 4) == round(3.1824 * 0.57735, 4)
    with pytest.raises(ValueError, match="no 2 values"):
        mean_interval(2, total=10, squares=1)
    with pytest.raises(ValueError, match="between 0 and 1"):
        wilson_interval(1, 2, confidence=1.0)


def test_a_wider_confidence_gives_wider_intervals() -> None:
    narrow = simulate("rummy", games=10, confidence=0.8, **RUN)
    wide = simulate("rummy", games=10, confidence=0.99, **RUN)
    assert narrow.confidence == 0.8 and wide.figures()["confidence"] == 0.99
    for a, b in zip(narrow.seats, wide.seats, strict=True):
        assert b.win_rate_ci.low <= a.win_rate_ci.low and a.win_rate_ci.high <= b.win_rate_ci.high
        assert a.mean_score_ci is not None and b.mean_score_ci is not None
        assert b.mean_score_ci.low <= a.mean_score_ci.low


# -- results documents -----------------------------------------------------------------------------


def test_a_results_document_reads_back_to_the_same_result(uninterrupted: SimulationResult) -> None:
    text = dump_results(uninterrupted)
    document = json.loads(text)
    assert (document["format"], document["version"]) == ("rummykit/simulation", RESULTS_VERSION)
    assert document["complete"] and document["done"] == [[0, 30]] and document["counts"]["games"] == 30
    assert set(document["seats"][0]) == {
        "seat",
        "bot",
        "wins",
        "win_rate",
        "win_rate_ci",
        "mean_score",
        "mean_score_ci",
        "stdev_score",
    }
    assert load_results(text) == uninterrupted
    assert load_results(document) == uninterrupted


def test_sums_of_squares_beyond_64_bits_read_back() -> None:
    counts = Counts(
        seat_bots=("a",),
        games=3,
        wins=(1,),
        score_sums=(3 * 10**12,),
        score_squares=(3 * 10**24,),
        bot_squares=(3 * 10**24,),
        rounds=3,
        actions=9,
        turns=((4, 3),),
    )
    result = load_results(dump_results(load_results(_document(counts=counts))))
    assert result.counts == counts and result.seats[0].mean_score == 1e12


def _document(**changes: Any) -> dict[str, Any]:
    result = simulate("rummy", games=4, **RUN)
    document = result.figures()
    if changes.get("counts", ...) is not ...:
        counts = changes.pop("counts")
        document.update(
            bots=list(counts.seat_bots),
            players=len(counts.seat_bots),
            games=counts.games,
            games_requested=counts.games,
            done=[[0, counts.games]],
        )
        document["counts"] = {
            "seat_bots": list(counts.seat_bots),
            "games": counts.games,
            "wins": list(counts.wins),
            "score_sums": list(counts.score_sums),
            "score_squares": list(counts.score_squares),
            "bot_squares": list(counts.bot_squares),
            "rounds": counts.rounds,
            "actions": counts.actions,
            "turns": [list(pair) for pair in counts.turns],
        }
    for path, value in changes.items():
        *parents, last = path.split("__")
        target = document
        for parent in parents:
            target = target[int(parent)] if isinstance(target, list) else target[parent]
        if value is ...:
            del target[last]
        else:
            target[last] = value
    return document


@pytest.mark.parametrize(
    ("changes", "path", "message"),
    [
        ({"format": "rummykit/record"}, "format", "expected 'rummykit/simulation'"),
        ({"version": 9}, "version", "this rummykit reads version 1, not 9"),
        ({"counts__wins": [5, 0]}, "counts", "won more than the 4 games"),
        ({"counts__games": "4"}, "counts.games", "expected an integer, not text"),
        ({"counts__turns": [[3, 1, 2]]}, "counts.turns[0]", "expected a pair of integers"),
        ({"done": [[0, 3], [2, 4]]}, "done", "overlap games already counted"),
        ({"done": [[0, 3]]}, "done", "hold 3 games"),
        ({"games": 5}, "games", "the counts hold 4 games, not 5"),
        ({"games_requested": 3}, "games_requested", "fewer than the 4 games counted"),
        ({"bots": ["random"]}, "counts.seat_bots", "expected ['random', 'random']"),
        ({"confidence": 1.5}, "confidence", "between 0 and 1"),
        ({"surprise": 1}, "", "surprise"),
        ({"counts": ...}, "counts", "required"),
    ],
)
def test_a_bad_results_document_is_refused_naming_the_field(changes: dict[str, Any], path: str, message: str) -> None:
    with pytest.raises(InvalidResultsError) as refused:
        load_results(_document(**changes))
    assert refused.value.path == path and message in str(refused.value), str(refused.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [("{", "not a JSON document"), ("[]", "a rummykit/simulation document is a JSON object, not a list")],
)
def test_text_that_is_no_results_document_is_refused(text: str, message: str) -> None:
    with pytest.raises(InvalidResultsError, match=message):
        load_results(text)


def test_results_written_before_version_1_still_read() -> None:
    """``--json`` of rummykit before the results were versioned: its figures, with intervals worked
    out from them, and no counts (a run cannot resume from them)."""
    text = (ROOT / "data" / "results_unversioned.json").read_text(encoding="utf-8")
    old = json.loads(text)
    result = load_results(text)
    assert result.counts is None and result.games == 12 and result.complete
    for seat, stats in zip(old["seats"], result.seats, strict=True):
        assert stats.wins == seat["wins"] and (stats.mean_score, stats.stdev_score) == (
            seat["mean_score"],
            seat["stdev_score"],
        )
        assert stats.win_rate_ci == wilson_interval(seat["wins"], 12)
        assert stats.mean_score_ci is not None and stats.mean_score_ci.contains(seat["mean_score"])
    # The same games today give the same figures under the same keys (and intervals besides).
    today = simulate("rummy", players=3, games=12, seed=4, bots=("heuristic", "random")).figures()
    for key in ("variant", "players", "games", "seed", "bots", "options", "mean_rounds", "mean_actions"):
        assert today[key] == old[key], key
    assert today["turns_per_round"] == old["turns_per_round"]
    for ours, theirs in zip(today["seats"] + today["by_bot"], old["seats"] + old["by_bot"], strict=True):
        assert {key: ours[key] for key in theirs} == theirs
        # mean_score_ci over the seat's games equals the one worked out from the old figures
    old_interval = result.seats[0].mean_score_ci
    assert old_interval is not None
    assert today["seats"][0]["mean_score_ci"]["low"] == pytest.approx(old_interval.low, rel=1e-9)
    with pytest.raises(InvalidOptionError, match="cannot resume from them"):
        simulate("rummy", players=3, games=20, seed=4, bots=("heuristic", "random"), resume=result)


# -- interrupting and resuming ---------------------------------------------------------------------


def _stop_after(chunks: int) -> Callable[[ChunkEvent], None]:
    def on_chunk(event: ChunkEvent) -> None:
        if event.kind == "done" and event.chunks_done == chunks:
            raise KeyboardInterrupt

    return on_chunk


@pytest.mark.parametrize(("workers", "chunk_size", "stop_after"), [(1, None, 11), (2, 4, 3)])
def test_a_resumed_run_equals_an_uninterrupted_one(
    uninterrupted: SimulationResult, workers: int, chunk_size: int | None, stop_after: int
) -> None:
    with pytest.raises(SimulationInterrupted) as stopped:
        simulate("rummy", games=30, workers=workers, chunk_size=chunk_size, on_chunk=_stop_after(stop_after), **RUN)
    partial = stopped.value.partial
    assert partial is not None and not partial.complete and partial.games == stopped.value.games_done >= stop_after
    assert str(stopped.value) == f"interrupted: {partial.games:,} of 30 games finished"
    played: list[int] = []
    resumed = simulate(
        "rummy",
        games=30,
        workers=workers,
        chunk_size=chunk_size,
        resume=load_results(dump_results(partial)),
        on_game=lambda outcome: played.append(outcome.index),
        **RUN,
    )
    assert figures(resumed) == figures(uninterrupted)
    done = {i for start, stop in partial.done for i in range(start, stop)}
    assert sorted(played) == sorted(set(range(30)) - done), "a resumed run plays only the games not counted"


def test_a_finished_run_resumed_plays_nothing_and_a_longer_one_plays_the_rest(uninterrupted: SimulationResult) -> None:
    events: list[ChunkEvent] = []
    again = simulate("rummy", games=30, resume=uninterrupted, on_chunk=events.append, **RUN)
    assert figures(again) == figures(uninterrupted)
    assert [(event.kind, event.chunks, event.games_done) for event in events] == [("start", 0, 30)]
    longer = simulate("rummy", games=40, resume=uninterrupted, workers=2, chunk_size=3, **RUN)
    assert figures(longer) == figures(simulate("rummy", games=40, **RUN))


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"seed": 4}, "seed 3 (asked now: 4)"),
        ({"players": 3}, "players 2 (asked now: 3)"),
        ({"bots": ("random", "heuristic")}, "bots ('heuristic', 'random') (asked now: ('random', 'heuristic'))"),
        ({"options": {"target": 250}}, "options {} (asked now: {'target': 250})"),
        ({"house_rules": ("jokers",)}, "house_rules () (asked now: ('jokers',))"),
        ({"games": 20}, "a run of 30 games, more than the 20 asked now"),
    ],
)
def test_results_of_another_run_do_not_resume(
    uninterrupted: SimulationResult, changes: dict[str, Any], message: str
) -> None:
    asked = {**RUN, "games": 30, **changes}
    with pytest.raises(InvalidOptionError) as refused:
        simulate("rummy", resume=uninterrupted, **asked)
    assert message in str(refused.value)


def test_options_given_as_their_defaults_are_the_same_run(uninterrupted: SimulationResult) -> None:
    defaults = dict(new_game("rummy", players=2, seed=0).options)
    resumed = simulate("rummy", games=30, options=defaults, resume=uninterrupted, **RUN)
    assert resumed.games == 30


# -- failures --------------------------------------------------------------------------------------


def _actions_before_failing(index: int, seed: int) -> int:
    """Play game ``index`` of a run seeded with ``seed`` as the run does, counting its actions until it raises."""
    game = new_game("rummy", players=2, seed=game_seed(seed, index), house_rules=[NAME])
    bot_rng = random.Random(game_seed(seed, index))
    factories = bot_factories(game.plugin_manager)
    bots = [factories[name](bot_rng.getrandbits(63)) for name in ("heuristic", "faulty")]
    actions = 0
    while True:
        seat = game.to_act[0]
        try:
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
        except ValueError:
            return actions
        actions += 1


@pytest.mark.parametrize(("workers", "chunk_size"), [(1, None), (2, 4)])
def test_a_failing_game_is_named_with_its_seed_and_action(test_bots: str, workers: int, chunk_size: int | None) -> None:
    # With seed 11, games 16, 17, 24 and 27 of the first 30 give the faulty bot a seed that fails it.
    with pytest.raises(SimulationError) as failed:
        simulate(
            "rummy",
            players=2,
            games=30,
            seed=11,
            bots=("heuristic", "faulty"),
            house_rules=(test_bots,),
            workers=workers,
            chunk_size=chunk_size,
        )
    failure = min(failed.value.failures, key=lambda failure: failure.index or 0)  # chunks in flight may fail too
    assert failure.index == 16 and failure.seed == game_seed(11, 16) and failure.seat == 1
    assert failure.action == _actions_before_failing(16, 11)
    assert failure.error == "ValueError: the faulty bot fails at its 30th move"
    assert "raise ValueError" in failure.traceback and "process" in failure.node
    assert f"game 16 (seed {failure.seed}" in str(failed.value)
    assert f"at action {failure.action}, seat 1" in str(failure)
    with pytest.raises(ValueError, match="30th move"):
        exec(failure.reproduce, {})
    partial = failed.value.partial
    assert partial is not None and not partial.complete and partial.failures == failed.value.failures
    counted = {i for start, stop in partial.done for i in range(start, stop)}
    assert 16 not in counted and set(range(16)) <= counted
    if workers == 1:
        assert partial.done == ((0, 16),)
    document = json.loads(dump_results(partial))
    assert failure.reproduce in [item["reproduce"] for item in document["failures"]]


def test_a_chunk_played_with_other_versions_fails_saying_which() -> None:
    run = RunSpec(variant="rummy", players=2, seat_bots=("random", "random"))
    here = plug_in_versions("rummy")
    assert play_chunk(ChunkJob(run=run, start=0, seeds=(1,), versions=here)).counts is not None
    result = play_chunk(ChunkJob(run=run, start=0, seeds=(1,), versions={**here, "rummykit": "0.0.1"}))
    assert result.counts is None and result.failure is not None
    assert f"rummykit: {here['rummykit']} here, 0.0.1 where the run started" in result.failure.error
    missing = play_chunk(ChunkJob(run=run, start=0, seeds=(1,), versions={**here, "house rule x": "x 1.0"}))
    assert missing.failure is not None and "house rule x: not installed here, x 1.0" in missing.failure.error


def test_a_chunk_counts_its_games_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """A chunk's result holds every game of it or none: a game that fails leaves no count behind."""
    calls = 0
    real = chunks._play

    def third_fails(run: RunSpec, index: int, seed: int, progress: Any) -> GameOutcome:
        nonlocal calls
        calls += 1
        if calls == 3:
            raise RuntimeError("broken")
        return real(run, index, seed, progress)

    monkeypatch.setattr(chunks, "_play", third_fails)
    run = RunSpec(variant="rummy", players=2, seat_bots=("random", "random"))
    result = play_chunk(ChunkJob(run=run, start=10, seeds=(1, 2, 3, 4)))
    assert result.counts is None and result.failure is not None and result.failure.index == 12
    assert (result.start, result.stop, result.games) == (10, 14, 4)


# -- bad input -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"backend": "spark"}, "unknown backend 'spark'; the backends: local, ray"),
        ({"address": "auto"}, "address and runtime_env are for the ray backend"),
        ({"runtime_env": {}}, "address and runtime_env are for the ray backend"),
        ({"chunk_size": 0}, "chunk_size must be an int of at least 1, not 0"),
        ({"workers": True}, "workers must be an int of at least 1, not True"),
        ({"confidence": 95}, "confidence must be a number between 0 and 1 (0.95: 95%), not 95"),
        ({"retries": -1}, "retries must be an int of at least 0"),
        ({"bots": "heuristic"}, "give the bots as a list of at least one name, not 'heuristic'"),
        ({"resume": {"games": 3}}, "resume takes a SimulationResult (see load_results)"),
    ],
)
def test_simulate_refuses_bad_settings_clearly(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidOptionError) as refused:
        simulate("rummy", **{**RUN, "games": 2, **changes})
    assert message in str(refused.value)


def test_a_bot_of_a_house_rule_is_known_only_with_it(test_bots: str) -> None:
    with pytest.raises(UnknownBotError, match="rummy has no bot 'faulty'"):
        simulate("rummy", players=2, games=1, bots=("faulty",))
    assert simulate("rummy", players=2, games=1, bots=("kamikaze",), house_rules=(test_bots,)).games == 1


def test_the_ray_backend_without_ray_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if not installed: importing it raises ImportError
    assert not ray_backend.ray_available()
    with pytest.raises(InvalidOptionError, match=r"needs Ray, which is not installed here .*'rummykit\[ray\]'"):
        simulate("rummy", games=2, backend="ray", **RUN)
    result = runner.invoke(app, ["simulate", "rummy", "--games", "2", "--backend", "ray"])
    assert result.exit_code == 2 and "pip install 'rummykit[ray]'" in result.stderr


# -- the command line ------------------------------------------------------------------------------

COMMAND = ["simulate", "rummy", "--players", "2", "--seed", "3", "--bots", "heuristic,random"]


def test_the_json_holds_the_intervals_and_the_tables_show_them() -> None:
    result = runner.invoke(app, [*COMMAND, "--games", "8", "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["format"] == "rummykit/simulation" and document["confidence"] == 0.95
    assert "Wilson" in document["intervals"]["win_rate_ci"] and "Student t" in document["intervals"]["mean_score_ci"]
    tables = runner.invoke(app, [*COMMAND, "--games", "8", "--confidence", "90%"])
    assert tables.exit_code == 0, tables.output
    assert tables.stdout.count("90% CI") == 4 and "Wilson score for win rates" in tables.stdout


@pytest.mark.parametrize(("text", "level"), [("0.9", 0.9), ("90", 0.9), ("99.5%", 0.995), (".8", 0.8)])
def test_confidence_levels_are_read_as_written(text: str, level: float) -> None:
    result = runner.invoke(app, [*COMMAND, "--games", "2", "--json", "--confidence", text])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["confidence"] == pytest.approx(level)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--confidence", "100"], "expected a level such as 0.95 or 95%"),
        (["--confidence", "0"], "expected a level such as 0.95 or 95%"),
        (["--confidence", "high"], "expected a level such as 0.95 or 95%"),
        (["--backend", "spark"], "unknown backend 'spark'; the backends: local, ray"),
        (["--address", "auto"], "--address is for the ray backend: add --backend ray"),
        (["--chunk-size", "0"], "expected a whole number from 1"),
    ],
)
def test_the_command_refuses_bad_settings(args: list[str], message: str) -> None:
    result = runner.invoke(app, [*COMMAND, "--games", "2", *args])
    assert result.exit_code == 2
    assert message in " ".join(result.stderr.split())


def test_the_command_resumes_from_its_json(uninterrupted: SimulationResult, tmp_path: Path) -> None:
    with pytest.raises(SimulationInterrupted) as stopped:
        simulate("rummy", games=30, on_chunk=_stop_after(12), **RUN)
    assert stopped.value.partial is not None
    part = tmp_path / "part.json"
    part.write_text(dump_results(stopped.value.partial), encoding="utf-8")
    result = runner.invoke(app, [*COMMAND, "--games", "30", "--resume", str(part), "--json"])
    assert result.exit_code == 0, result.output
    assert figures(load_results(result.stdout)) == figures(uninterrupted)
    other = runner.invoke(app, [*COMMAND, "--games", "30", "--seed", "9", "--resume", str(part)])
    assert other.exit_code == 2 and "seed 3 (asked now: 9)" in other.stderr


def test_the_command_explains_an_empty_or_bad_results_file(tmp_path: Path) -> None:
    empty = tmp_path / "results.json"
    empty.write_text("", encoding="utf-8")
    result = runner.invoke(app, [*COMMAND, "--resume", str(empty)])
    assert result.exit_code == 2 and "is empty (a shell's `>" in " ".join(result.stderr.split())
    empty.write_text('{"format": "rummykit/simulation", "version": 7}', encoding="utf-8")
    result = runner.invoke(app, [*COMMAND, "--resume", str(empty)])
    assert result.exit_code == 2 and "version: this rummykit reads version 1, not 7" in result.stderr
    result = runner.invoke(app, [*COMMAND, "--resume", str(tmp_path / "missing.json")])
    assert result.exit_code == 2 and "cannot read" in result.stderr


def test_the_command_reports_failed_games_and_prints_the_games_counted(test_bots: str) -> None:
    args = ["simulate", "rummy", "--players", "2", "--seed", "11", "--games", "30", "--bots", "heuristic,faulty"]
    result = runner.invoke(app, [*args, "--house-rule", test_bots, "--json"])
    assert result.exit_code == 1, result.output
    stderr = " ".join(result.stderr.split())
    assert f"failed: game 16 (seed {game_seed(11, 16)}) failed at action" in stderr
    assert "ValueError: the faulty bot fails at its 30th move" in stderr
    assert "to play it again: from rummykit.play.simulate import run_game; run_game('rummy', 2, 16," in stderr
    partial = load_results(result.stdout)
    assert partial.games == 16 and partial.failures[0].index == 16


def test_house_rules_are_given_by_name(test_bots: str) -> None:
    one = simulate("rummy", games=2, house_rules="jokers", **RUN)  # one name is one house rule
    assert one.house_rules == ("jokers",)
    with pytest.raises(InvalidOptionError, match="simulate takes house rules by name"):
        simulate("rummy", games=2, house_rules=[TestBots()], **RUN)  # type: ignore[list-item]


def test_a_finished_run_resumed_on_ray_needs_no_ray(
    uninterrupted: SimulationResult, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    again = simulate("rummy", games=30, backend="ray", resume=uninterrupted, **RUN)
    assert figures(again) == figures(uninterrupted) and again.chunk_size is None


@pytest.mark.parametrize(
    ("address", "message"),
    [
        ("nowhere", "a Ray address is 'auto', 'HOST:PORT' or 'ray://HOST:PORT' (Ray Client), not 'nowhere'"),
        ("ray://head:", "a Ray address is 'auto'"),
        ("head:99999", "a Ray address is 'auto'"),
        ("", "a Ray address is text such as 'auto' or 'HOST:6379', not ''"),
        ("127.0.0.1:1", "cannot reach the Ray cluster at '127.0.0.1:1': Connection refused"),
    ],
)
def test_a_cluster_address_is_checked_before_ray_tries_it_for_minutes(address: str, message: str) -> None:
    with pytest.raises(InvalidOptionError) as refused:
        ray_backend._check_reachable(address)
    assert message in str(refused.value)
