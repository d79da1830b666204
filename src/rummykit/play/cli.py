"""The ``rummykit`` command: simulate games between bots, play against bots, replay saved games,
read the rules.

rummykit simulate railroad-rummy --players 4 --games 200 --bots heuristic,random
rummykit simulate rummy --games 100 --save-games games/ --save-sample 5
rummykit play railroad-rummy --players 3 --save game.json
rummykit replay game.json --html game.html --seat 0
rummykit position game.json
rummykit rules railroad-rummy | less
rummykit variants
rummykit serve --port 8000
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import sys
import textwrap
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any, Final, Literal

import attrs
import typer
import typer.core
from rich.console import Console
from rich.measure import Measurement
from rich.progress import BarColumn, Progress, TaskID, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from rummykit import __version__
from rummykit.core.configuration import configure
from rummykit.core.engine import Game, replay
from rummykit.core.errors import IllegalActionError, InvalidRecordError, RummyError, SimulationError, quote
from rummykit.core.plugins import (
    available_bots,
    available_house_rules,
    available_variants,
    make_bot,
    parse_bot,
    variant_spec,
)
from rummykit.core.records import GameRecord
from rummykit.core.shoe import MAX_SEED
from rummykit.core.specs import COMMON_OPTIONS, COMMON_RULES
from rummykit.core.state import RoundResult
from rummykit.documents.notation import position_text, read_game
from rummykit.documents.serialize import dump_position, dump_record, load_record
from rummykit.play.chunks import GameFailure, RunSpec, game_seed, play_game
from rummykit.play.intervals import Interval
from rummykit.play.results import BotStats, SeatStats, SimulationResult, dump_results, load_results
from rummykit.play.simulate import BACKENDS, ChunkEvent, SimulationInterrupted, simulate
from rummykit.play.terminal import play_in_terminal
from rummykit.viewer import news_of, replay_page, replay_steps

__all__ = ["PLAY_PLAYERS", "SIMULATE_PLAYERS", "app", "default_players", "main", "parse_option"]


class _Command(typer.core.TyperCommand):
    """A command whose usage line names its arguments as their help does (``VARIANT``, ``[VARIANT]``
    when it may be left out), not in typer's ``{VARIANT}`` and ``[[VARIANT]]``."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:  # typer's own click Context
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if param.param_type_name == "argument":
                name = param.metavar or (param.name or "").upper()
                pieces.append(name if param.required or name.startswith("[") else f"[{name}]")
        return pieces


app = typer.Typer(
    name="rummykit",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
# Every text printed may come from a user, a file or a plug-in: it is printed exactly as given, never
# read as rich markup; styles are given as rich Text.
out = Console(markup=False, highlight=False)
err = Console(stderr=True, markup=False, highlight=False)
_PIPED_WIDTH: Final = 10_000
"""The width tables are laid out in when the output is not a terminal (and COLUMNS does not say):
wide enough that each row stays one line for grep and friends."""
INTERRUPTED: Final = 130
"""Exit code after Ctrl-C (128 + SIGINT), as shells report it."""


def _show(table: Table) -> None:
    """Print a table: in a terminal at its width; piped (and COLUMNS unset) as wide as its rows, so
    that a row stays one line rather than wrapping at 80 columns."""
    if out.is_terminal or os.environ.get("COLUMNS"):
        out.print(table)
    else:
        Console(file=out.file, width=_PIPED_WIDTH, markup=False, highlight=False).print(table)


def _say(line: str) -> None:
    """Print a line of text: in a terminal wrapped between words at its width; piped (and COLUMNS
    unset) on one line, as a table's rows are."""
    out.print(line, soft_wrap=not (out.is_terminal or os.environ.get("COLUMNS")))


def _fail(message: str) -> typer.Exit:
    err.print(Text.assemble(("error:", "bold red"), " ", message), soft_wrap=True)
    return typer.Exit(code=2)


def _version(value: bool) -> None:
    if value:
        out.print(f"rummykit {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print rummykit's version and exit.")
    ] = False,
) -> None:
    """A rules engine for the rummy family of card games: simulate games between bots, play against
    bots in the terminal, replay saved games, and read each variant's rules.

    Each command has its own help, with examples: rummykit COMMAND --help.

    \b
    Examples:
      rummykit variants
      rummykit rules railroad-rummy | less
      rummykit play railroad-rummy --players 3 --save game.json
      rummykit replay game.json --html game.html --seat 0
    """


def _check_variant(name: str) -> str:
    installed = available_variants()
    if name not in installed:
        raise _fail(f"unknown variant {quote(name)}; installed variants: {', '.join(installed)}")
    return name


def _bot_names(variant: str, bots: str | None, house_rules: Sequence[str] | None = None) -> list[str]:
    """The variant (checked) and the comma-separated bot names (checked against its bots and those
    its house rules add); by default ``heuristic`` if the variant offers it, else ``random`` (which
    every variant has)."""
    _check_variant(variant)
    valid = available_bots(variant)
    if house_rules:
        with contextlib.suppress(RummyError):  # a bad house rule is reported with the game's other settings
            valid = available_bots(configure(variant, variant_spec(variant).min_players, house_rules=house_rules))
    if bots is None:
        return ["heuristic" if "heuristic" in valid else "random"]
    names = [name.strip() for name in bots.split(",") if name.strip()]
    for name in names:
        try:
            base, level = parse_bot(name)
        except ValueError as exc:
            raise _fail(str(exc)) from None
        if base not in valid:
            raise _fail(f"{variant} has no bot {quote(base)}; its bots: {', '.join(valid)}")
        if level is not None:
            try:
                make_bot(name, variant, seed=0)
            except ValueError as exc:
                raise _fail(str(exc)) from None
    if not names:
        raise _fail(f"give at least one bot; {variant}'s bots: {', '.join(valid)}")
    return names


_INTEGER = re.compile(r"-?[0-9]{1,20}")


def parse_option(text: str) -> tuple[str, Any]:
    """Read ``name=value`` as an option: ``true``/``false`` are bools, ``none`` is None, a whole
    number (of up to 20 digits) an int, anything else text (the game validates the type).

    Examples:
        >>> parse_option("hmg_per_player=2")
        ('hmg_per_player', 2)
        >>> parse_option("may_discard_taken_card=true")
        ('may_discard_taken_card', True)
        >>> parse_option("max_rounds=²")
        ('max_rounds', '²')
    """
    name, sep, raw = text.partition("=")
    if not sep or not name:
        raise ValueError(f"an option is written name=value, not {quote(text)}")
    value: Any = raw
    lowered = raw.lower()
    if lowered in ("true", "false"):
        value = lowered == "true"
    elif lowered == "none":
        value = None
    elif _INTEGER.fullmatch(raw):
        value = int(raw)
    return name.strip(), value


def _options(texts: list[str] | None) -> dict[str, Any]:
    options = {}
    for text in texts or []:
        try:
            name, value = parse_option(text)
        except ValueError as exc:
            raise _fail(str(exc)) from exc
        options[name] = value
    return options


def _whole_number(low: int, high: int) -> Callable[[str], int]:
    """A parser of a whole number from ``low`` to ``high``, whose error quotes at most a short
    prefix of what was typed (click would quote a 5,000-digit number whole)."""

    def parse(text: str) -> int:
        if isinstance(text, int):  # a default
            return text
        if not _INTEGER.fullmatch(text.strip()) or not low <= int(text) <= high:
            raise typer.BadParameter(f"expected a whole number from {low:,} to {high:,}, not {quote(text)}")
        return int(text)

    return parse


_COUNT: Final = _whole_number(1, 1_000_000_000_000)
SIMULATE_PLAYERS: Final = 4
"""The players of a `simulate` game when ``--players`` is not given, brought into the variant's range."""
PLAY_PLAYERS: Final = 3
"""The seats at a `play` table when ``--players`` is not given, brought into the variant's range."""


def default_players(variant: str, usual: int) -> int:
    """The player count a command uses for ``variant`` when ``--players`` is not given: ``usual``
    (`SIMULATE_PLAYERS`, `PLAY_PLAYERS`) if the variant allows it, else the nearest count it allows.

    Examples:
        >>> default_players("railroad-rummy", SIMULATE_PLAYERS)  # 2 to 8 players
        4
        >>> default_players("rummy", 5)  # 2 to 4 players
        4
    """
    return min(variant_spec(variant).players, key=lambda count: (abs(count - usual), count))


def _players_option(what: str, usual: int) -> Any:
    """The ``--players`` option of a command: by default, ``usual`` brought into the variant's range."""
    return typer.Option(
        "--players",
        "-p",
        metavar="N",
        parser=_COUNT,
        help=f"{what} Default: {usual}, or the nearest count the variant allows (`rummykit variants`).",
        show_default=False,
    )


_SEAT: Final = _whole_number(0, 1_000)
_SEED: Final = _whole_number(0, MAX_SEED)


VariantArg = Annotated[
    str, typer.Argument(help="The variant's name (see `rummykit variants`).", show_default=False, metavar="VARIANT")
]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--option", "-o", metavar="NAME=VALUE", help="A game option (repeatable; see `rummykit rules VARIANT`)."
    ),
]
HouseRuleOpt = Annotated[
    list[str] | None, typer.Option("--house-rule", metavar="NAME", help="A house rule to stack (repeatable).")
]
BotsOpt = Annotated[
    str | None,
    typer.Option(
        "--bots",
        "--opponent",
        "-b",
        metavar="NAMES",
        help="Comma-separated bot names, a level after a colon for a bot with levels (search:3); seat s plays "
        "bot s modulo their count. Default: heuristic if the variant has it, else random.",
        show_default=False,
    ),
]


_CONFIDENCE: Final = re.compile(r"0?\.[0-9]{1,6}|[0-9]{1,2}(\.[0-9]{1,4})?%?")


def _confidence(text: str) -> float:
    """A confidence level: ``0.95``, ``95`` or ``95%`` (strictly between 0 and 1, or 0 and 100%)."""
    if isinstance(text, float):  # a default
        return text
    cleaned = text.strip()
    if _CONFIDENCE.fullmatch(cleaned):
        value = float(cleaned.rstrip("%"))
        level = value if "." in cleaned and not cleaned.endswith("%") and value < 1 else value / 100
        if 0 < level < 1:
            return level
    raise typer.BadParameter(f"expected a level such as 0.95 or 95%, between 0 and 100% exclusive, not {quote(text)}")


def _read_results(path: Path) -> SimulationResult:
    try:
        text = path.read_bytes()
    except OSError as exc:
        raise _fail(f"cannot read {path}: {exc.strerror}") from exc
    if not text.strip():
        raise _fail(
            f"{path} is empty (a shell's `> {path}` empties the file before rummykit reads it: write the resumed "
            "run's results to another file)"
        )
    try:
        return load_results(text)
    except RummyError as exc:
        raise _fail(f"{path}: {exc}") from exc


class _ChunkProgress:
    """The progress bar of a run, over its chunks (a run in this process: over its games), and
    the chunks retried, printed above the bar as they happen."""

    def __init__(self, title: str, *, show: bool) -> None:
        self.progress = Progress(
            TextColumn("{task.description}", markup=False, style="bold"),
            BarColumn(),
            TextColumn("{task.fields[unit]}", markup=False),
            TextColumn("{task.fields[games]}", markup=False),
            TimeRemainingColumn(),
            console=err,
            transient=True,
            disable=not show,
        )
        self.title = title
        self.task: TaskID | None = None
        self.chunked = False
        self.games_done = 0

    def __call__(self, event: ChunkEvent) -> None:
        self.games_done = event.games_done
        games = f"{event.games_done:,}/{event.games:,} games"
        if event.kind == "start":
            self.chunked = event.chunks != event.games - event.games_done  # else one game at a time
            unit = f"0/{event.chunks:,} chunks" if self.chunked else ""
            self.task = self.progress.add_task(self.title, total=event.chunks, unit=unit, games=games)
            return
        assert self.task is not None
        if event.kind == "retry":
            self.progress.console.print(
                f"retrying the chunk of games {event.start:,} to {event.stop - 1:,}: {event.message}", soft_wrap=True
            )
        unit = f"{event.chunks_done:,}/{event.chunks:,} chunks" if self.chunked else ""
        self.progress.update(self.task, completed=event.chunks_done, unit=unit, games=games)


def _print_failures(failures: Sequence[GameFailure]) -> None:
    for failure in failures[:_SHOWN_FAILURES]:
        err.print(Text.assemble(("failed:", "bold red"), " ", str(failure)), soft_wrap=True)
        if failure.reproduce:
            err.print(f"  to play it again: {failure.reproduce}", soft_wrap=True)
    if len(failures) > _SHOWN_FAILURES:
        err.print(f"and {len(failures) - _SHOWN_FAILURES:,} more failures (--json lists them all)", soft_wrap=True)


_SHOWN_FAILURES: Final = 5
"""How many failures `simulate` prints (``--json`` holds them all, with their tracebacks)."""


@app.command(
    "simulate", cls=_Command, short_help="Play many games between bots; print win rates, scores and round lengths."
)
def simulate_command(
    variant: VariantArg,
    players: Annotated[int | None, _players_option("Seats per game.", SIMULATE_PLAYERS)] = None,
    games: Annotated[
        int,
        typer.Option("--games", "-g", metavar="N", parser=_COUNT, help="How many games (resumed ones included)."),
    ] = 100,
    seed: Annotated[
        int,
        typer.Option("--seed", "-s", metavar="N", parser=_SEED, help="The run's seed; each game is seeded from it."),
    ] = 0,
    bots: BotsOpt = None,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            "-w",
            metavar="N",
            parser=_COUNT,
            help="Local: processes to play in (default 1). Ray: chunks played in parallel (default: every CPU).",
            show_default=False,
        ),
    ] = None,
    option: OptionOpt = None,
    house_rule: HouseRuleOpt = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the results as JSON (they can resume the run) instead of tables.")
    ] = False,
    backend: Annotated[
        str,
        typer.Option(
            "--backend",
            metavar="NAME",
            help="Where to play: local (this machine's processes) or ray (a Ray cluster: pip install 'rummykit[ray]').",
        ),
    ] = "local",
    address: Annotated[
        str | None,
        typer.Option(
            "--address",
            metavar="ADDR",
            help="The Ray cluster to join (auto, HOST:6379, ray://HOST:10001). "
            "Default: start a Ray on this machine for the run.",
            show_default=False,
        ),
    ] = None,
    chunk_size: Annotated[
        int | None,
        typer.Option(
            "--chunk-size",
            metavar="N",
            parser=_COUNT,
            help="Games per chunk sent to a worker (changes no figure).",
            show_default=False,
        ),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            "--resume",
            metavar="FILE",
            help="Results (--json) of an unfinished run of the same games: go on without replaying them.",
            show_default=False,
        ),
    ] = None,
    confidence: Annotated[
        float,
        typer.Option(
            "--confidence", metavar="LEVEL", parser=_confidence, help="Level of the confidence intervals (95%)."
        ),
    ] = 0.95,
    save_games: Annotated[
        Path | None,
        typer.Option(
            "--save-games",
            metavar="DIR",
            help="Write the games' records to DIR (game-00042.json for game 42), for `rummykit replay`: every "
            "game, or --save-sample of them. The games saved are played once more, after the run.",
            show_default=False,
        ),
    ] = None,
    save_sample: Annotated[
        int | None,
        typer.Option(
            "--save-sample",
            metavar="N",
            parser=_COUNT,
            help="With --save-games: save N of the games, chosen at random from the run's seed.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Play many seeded games between bots and print win rates, scores and round lengths, with
    confidence intervals.

    A game won by several seats (a tie for the best total) counts as a win for each of them. Ctrl-C
    stops immediately, says how many games were finished, and exits with code 130 (with --json, the
    results so far are printed: --resume goes on from them). Games that fail are reported with their
    seed and action, and the command exits with code 1.

    \b
    Examples:
      rummykit simulate railroad-rummy --games 200 --bots heuristic,random
      rummykit simulate rummy --games 1000 --workers 2 --json > results.json
      rummykit simulate rummy --games 100 --save-games games --save-sample 5
    """
    if save_sample is not None and save_games is None:
        raise _fail("--save-sample chooses how many games --save-games writes: give --save-games DIR too")
    if save_sample is not None and save_sample > games:
        raise _fail(f"--save-sample {save_sample:,} is more than the {games:,} games of the run")
    names = _bot_names(variant, bots, house_rule)
    players = default_players(variant, SIMULATE_PLAYERS) if players is None else players
    if backend not in BACKENDS:
        raise _fail(f"unknown backend {quote(backend)}; the backends: {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        raise _fail("--address is for the ray backend: add --backend ray")
    previous = _read_results(resume) if resume is not None else None
    bar = _ChunkProgress(f"{variant}, {players} players", show=not as_json and err.is_terminal)
    try:
        with bar.progress:
            result = simulate(
                variant,
                players=players,
                games=games,
                seed=seed,
                bots=names,
                workers=workers,
                options=_options(option),
                house_rules=house_rule or (),
                backend=backend,
                address=address,
                chunk_size=chunk_size,
                resume=previous,
                confidence=confidence,
                on_chunk=bar,
            )
    except SimulationError as exc:
        _print_failures(exc.failures)
        _print_partial(exc.partial, games, as_json=as_json)
        raise typer.Exit(code=1) from None
    except RummyError as exc:
        raise _fail(str(exc)) from exc
    except SimulationInterrupted as exc:
        err.print(f"interrupted: {exc.games_done:,} of {exc.games:,} games finished", soft_wrap=True)
        _print_partial(exc.partial, games, as_json=as_json)
        raise typer.Exit(code=INTERRUPTED) from None
    except KeyboardInterrupt:
        err.print(f"interrupted: {bar.games_done:,} of {games:,} games finished", soft_wrap=True)
        raise typer.Exit(code=INTERRUPTED) from None
    if as_json:
        out.print(dump_results(result), soft_wrap=True)
    else:
        _print_result(result)
    if save_games is not None:
        _save_games(save_games, result, names, save_sample, quiet=as_json)


def _save_games(
    folder: Path, result: SimulationResult, bots: Sequence[str], sample: int | None, *, quiet: bool
) -> None:
    """Play the run's games again (every game, or ``sample`` of them chosen from the run's seed) and
    write each record to ``folder``: a game is the same wherever it is played, so the record is the
    game the figures counted."""
    indexes = range(result.games)
    if sample is not None:
        indexes = sorted(random.Random(result.seed).sample(range(result.games), sample))  # type: ignore[assignment]
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _fail(f"cannot make the folder {folder}: {exc.strerror or exc}") from exc
    seat_bots = tuple(bots[seat % len(bots)] for seat in range(result.players))
    run = RunSpec(
        variant=result.variant,
        players=result.players,
        seat_bots=seat_bots,
        options=result.options,
        house_rules=result.house_rules,
        seed=result.seed,
    )
    width = max(5, len(str(result.games - 1)))
    for index in indexes:
        game = play_game(run, game_seed(result.seed, index))
        path = folder / f"game-{index:0{width}d}.json"
        try:
            path.write_text(dump_record(game.record, indent=1), encoding="utf-8")
        except OSError as exc:
            raise _fail(f"cannot write {path}: {exc.strerror or exc}") from exc
    saved = len(indexes)
    message = f"saved {saved:,} game{'s' * (saved != 1)} to {folder}: rummykit replay FILE --html FILE.html shows one"
    (err if quiet else out).print(message, soft_wrap=True)


def _print_partial(partial: SimulationResult | None, games: int, *, as_json: bool) -> None:
    """The results of an unfinished run: as JSON (to resume from) with --json, else a hint."""
    if partial is None:
        return
    if as_json:
        out.print(dump_results(partial), soft_wrap=True)
        err.print(
            f"the results printed hold the {partial.games:,} games counted: the same command with --resume FILE "
            f"plays the other {games - partial.games:,}",
            soft_wrap=True,
        )
    else:
        err.print("with --json the results so far are printed, and --resume goes on from them", soft_wrap=True)


def _end(value: float, form: str) -> str:
    return f"{round(value, 3) + 0.0:{form}}"  # no "-0.0"


def _rate_ci(interval: Interval | None) -> str:
    """A win rate's interval in one word (``37.3–50.9%``), so that a narrow table never breaks it."""
    if interval is None:
        return "-"
    return f"{_end(interval.low * 100, '.1f')}–{_end(interval.high, '.1%')}"


def _mean_ci(interval: Interval | None) -> str:
    """A mean score's interval, which is symmetric (Student t), as its half-width in one word
    (``±18.4``)."""
    if interval is None:
        return "-"
    return f"±{_end((interval.high - interval.low) / 2, '.1f')}"


def _stats_cells(stats: SeatStats | BotStats) -> tuple[str, ...]:
    """A seat's or a bot's wins, win rate, mean and spread of scores, with their intervals."""
    return (
        str(stats.wins),
        f"{stats.win_rate:.1%}",
        _rate_ci(stats.win_rate_ci),
        f"{stats.mean_score:.1f}",
        _mean_ci(stats.mean_score_ci),
        f"{stats.stdev_score:.1f}",
    )


def _results_table(title: str, headings: Sequence[str], rows: Sequence[Sequence[str]]) -> Table:
    """A table of figures, each cell one word or number: as wide as its rows need where that fits the
    width it is printed at (`_show`), else with each heading's words on lines of their own (but ``95%
    CI``, no wider than its figures), so that at 80 columns no cell is broken or cut short."""
    width = out.width if out.is_terminal or os.environ.get("COLUMNS") else _PIPED_WIDTH
    for stacked in (False, True):
        table = Table(title=Text(title), title_justify="left")
        for heading in headings:
            justify: Literal["left", "right"] = "left" if heading == "bot" else "right"
            words = heading if heading.endswith(" CI") or not stacked else heading.replace(" ", "\n")
            table.add_column(words, justify=justify, overflow="fold")
        for row in rows:
            table.add_row(*(Text(cell) for cell in row))
        if Measurement.get(out, out.options.update_width(_PIPED_WIDTH), table).maximum <= width:
            break
    return table


def _print_result(result: SimulationResult) -> None:
    title = f"{result.variant}: {result.games} games, {result.players} players, seed {result.seed}"
    level = f"{result.confidence * 100:.4g}%"
    figures = ("wins", "win rate", f"{level} CI", "mean score", f"{level} CI", "spread (sd)")
    seats = [(str(s.seat), s.bot, *_stats_cells(s)) for s in result.seats]
    _show(_results_table(title, ("seat", "bot", *figures), seats))
    bots = [(b.bot, str(b.seats_played), *_stats_cells(b)) for b in result.by_bot]
    _show(_results_table("by bot", ("bot", "seats played", *figures), bots))
    turns = result.turns_per_round
    _say(f"rounds per game: {result.mean_rounds:.2f}")
    _say(
        f"turns per round: mean {turns.mean:.1f}, median {turns.median:g}, 10%-90% {turns.p10:g}-{turns.p90:g}, "
        f"max {turns.max}"
    )
    _say(
        f"confidence intervals ({level}): Wilson score for win rates; Student t over games for mean scores "
        "(the mean ± the interval's half-width)"
    )
    wins = sum(seat.wins for seat in result.seats)
    if wins > result.games:
        _say(
            f"ties: a game won by several seats (a tie for the best total) counts as a win for each of them, "
            f"so the wins add up to {wins:,} for {result.games:,} games"
        )
    workers = f"{result.workers} worker{'s' * (result.workers > 1)}"
    where = f"{result.backend}, {workers}" if result.backend != "local" else workers
    retried = f"; {result.retries} chunk{'s' * (result.retries > 1)} retried" if result.retries else ""
    _say(f"{result.games_per_second:.1f} games per second ({where}){retried}")


@app.command("play", cls=_Command, short_help="Play against bots in the terminal, and save the game to replay it.")
def play_command(
    variant: Annotated[
        str | None,
        typer.Argument(
            help="The variant's name (see `rummykit variants`); not needed with --position.",
            show_default=False,
            metavar="[VARIANT]",
        ),
    ] = None,
    players: Annotated[int | None, _players_option("Seats at the table, you included.", PLAY_PLAYERS)] = None,
    seat: Annotated[
        int,
        typer.Option(
            "--seat",
            metavar="N",
            parser=_SEAT,
            help="Your seat, 0 to players - 1 (the first dealer is drawn at random).",
        ),
    ] = 0,
    seed: Annotated[
        int | None, typer.Option("--seed", "-s", metavar="N", parser=_SEED, help="Seed for a reproducible game.")
    ] = None,
    bots: BotsOpt = None,
    option: OptionOpt = None,
    house_rule: HouseRuleOpt = None,
    position: Annotated[
        str | None,
        typer.Option(
            "--position",
            metavar="TEXT|FILE",
            help="Play on from a position: its notation (lines, or one line with ' | '), or a file holding "
            "the notation, a position (JSON) or a game record (its last position).",
        ),
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            "--save",
            metavar="FILE",
            help="Write the game's record (JSON) to FILE when the game ends or you quit (and when you type "
            "`save`), to watch it with `rummykit replay FILE --html game.html`.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Play against bots in the terminal.

    Your hand, the table and the legal moves are shown; type a move or its number, `help` for help,
    `save FILE` to save the game so far, `quit` to stop.

    \b
    Examples:
      rummykit play railroad-rummy --players 3 --save game.json
      rummykit play rummy --seed 7 --bots random
      rummykit play --position position.txt
    """
    start = None
    if position is not None:
        if option or house_rule:
            raise _fail("a position has its own options and house rules: give them in the position")
        start = _read_game(position)
        if variant is not None and variant != start.variant:
            raise _fail(f"the position is a game of {start.variant}, not {quote(variant)}")
        variant = start.variant
    elif variant is None:
        raise _fail("name a variant (see `rummykit variants`), or give --position")
    names = _bot_names(variant, bots)
    if start is not None:
        players = start.players
    elif players is None:
        players = default_players(variant, PLAY_PLAYERS)
    try:
        play_in_terminal(
            variant,
            players=players,
            seat=seat,
            seed=seed,
            bots=names,
            options=_options(option),
            house_rules=house_rule or (),
            console=out,
            read_line=_read_line,
            start=start,
            save_to=save,
        )
    except RummyError as exc:
        raise _fail(str(exc)) from exc


def _read_game(text_or_path: str) -> Game:
    """The game a position option or argument names: a file (the notation, a position or a record in
    JSON), or the notation itself."""
    path = Path(text_or_path)
    text = text_or_path
    looks_like_file = (
        "\n" not in text_or_path
        and " | " not in text_or_path
        and len(text_or_path) < 4096
        and not text_or_path.lstrip().startswith("{")  # a position or a record itself, as JSON
    )
    try:
        is_file = looks_like_file and path.is_file()
    except OSError:  # a name too long for a file's: the notation itself
        is_file = False
    if is_file:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise _fail(f"cannot read {path}: {exc}") from exc
    elif looks_like_file and ("/" in text_or_path or text_or_path.endswith((".json", ".txt"))) and "=" not in text:
        raise _fail(f"cannot read {path}: no such file")
    try:
        return read_game(text)
    except RummyError as exc:
        raise _fail(f"{path if text is not text_or_path else 'the position'}: {exc}") from exc


def _read_line(prompt: str) -> str:
    """``input``, echoing the line when standard input is not a terminal (a piped transcript)."""
    line = input(prompt)
    if not sys.stdin.isatty():
        print(line)
    return line


@app.command("replay", cls=_Command, short_help="Replay a saved game in the terminal, or as a page for a browser.")
def replay_command(
    path: Annotated[
        Path,
        typer.Argument(
            metavar="FILE",
            help="A game record (JSON), as `rummykit play --save`, `rummykit simulate --save-games` and "
            "rummykit.documents.serialize.dump_record write it; or a position (JSON, or rummykit's position "
            "notation), which is shown.",
            show_default=False,
        ),
    ],
    final: Annotated[bool, typer.Option("--final", help="Print only how the game ended.")] = False,
    html: Annotated[
        Path | None,
        typer.Option(
            "--html",
            metavar="OUT.html",
            help="Write the replay viewer instead: one self-contained HTML page that steps through the game "
            "in a browser (no network needed).",
            show_default=False,
        ),
    ] = None,
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat",
            metavar="N",
            parser=_SEAT,
            help="With --html: show the game as seat N sees it (default: the spectator, who sees no hand).",
            show_default=False,
        ),
    ] = None,
    show_seed: Annotated[
        bool,
        typer.Option(
            "--show-seed",
            help="With --html, for the spectator's page only: name the game's seed (from which every hand of "
            "the game can be dealt again). A seat's page never holds it.",
        ),
    ] = False,
) -> None:
    """Replay a saved game record: every action turn by turn, or only the end with --final; with
    --html, write a page that steps through it in a browser, round ends and all. Given a position
    instead, show where its game stands and the position in rummykit's notation (or, with --html, a
    page of the position).

    \b
    Examples:
      rummykit replay game.json
      rummykit replay game.json --final
      rummykit replay game.json --html game.html --seat 0
    """
    if seat is not None and html is None:
        raise _fail("--seat chooses whose view the --html page shows: give --html OUT.html too")
    if show_seed and (html is None or seat is not None):
        raise _fail("--show-seed names the seed on the spectator's page: give --html OUT.html, without --seat")
    if html is not None and final:
        raise _fail("--final prints how the game ended, --html writes a page of the whole game: give one of them")
    try:
        text = path.read_bytes()
    except OSError as exc:
        raise _fail(f"cannot read {path}: {exc.strerror}") from exc
    if not _is_record(text):
        try:
            game = read_game(text)
        except RummyError as exc:
            raise _fail(f"{path}: {exc}") from exc
        if html is not None:
            _write_html(game.record, html, seat, path, show_seed=show_seed)
            return
        _print_where(game, "a position")
        out.print(position_text(game), soft_wrap=True)
        return
    if html is not None:
        try:
            record = load_record(text, check=False)
        except RummyError as exc:
            raise _fail(f"{path}: {exc}") from exc
        _write_html(record, html, seat, path, show_seed=show_seed)
        return
    try:
        record = load_record(text, check=False)
        game = replay(record, upto=0)
        last_round = game.round
        for index, action in enumerate(record.actions):
            if not final:
                out.print(
                    f"round {game.round}, turn {game.state.turn_number}, seat {action.seat}: {action.describe()}",
                    soft_wrap=True,
                )
            before = game.view(None)
            try:
                game.apply(action)
            except RummyError as exc:
                raise InvalidRecordError(f"actions[{index}]", str(exc)) from exc
            if not final:
                for news in news_of(before, game.view(None)):
                    out.print(f"  {news}", soft_wrap=True)
            if game.history and game.history[-1].round == last_round and (game.round != last_round or game.is_over):
                _print_round(game.history[-1])
                last_round = game.round
        unused = len(record.outcomes) - len(game.record.outcomes)
        if unused:  # as replaying the whole record refuses it (rummykit.replay)
            raise InvalidRecordError(
                "outcomes", f"{unused} of the record's random outcomes are used by no action: it cannot be replayed"
            )
    except RummyError as exc:
        raise _fail(f"{path}: {exc}") from exc
    _print_where(game, f"{len(record.actions)} actions")


def _write_html(record: GameRecord, html: Path, seat: int | None, source: Path, *, show_seed: bool = False) -> None:
    """Write the replay viewer of ``record`` to ``html``, and say what it holds (and where the record
    stops, if the rules refuse one of its actions)."""
    if seat is not None and seat >= record.players:
        raise _fail(
            f"there is no seat {seat} in this {record.players}-player game: --seat is 0 to {record.players - 1} "
            "(leave it out for the spectator's view)"
        )
    try:
        replayed = replay_steps(record, seat=seat, show_seed=show_seed)
        page = replay_page(replayed)
    except RummyError as exc:
        raise _fail(f"{source}: {exc}") from exc
    try:
        html.write_text(page, encoding="utf-8")
    except OSError as exc:
        raise _fail(f"cannot write {html}: {exc.strerror or exc}") from exc
    last = replayed.steps[-1]
    actions = last.action
    whose = "the spectator's view" if seat is None else f"seat {seat}'s view"
    seed = f", with the seed {record.seed}" if show_seed and record.seed is not None else ""
    out.print(f"wrote {html}: {actions} action{'s' * (actions != 1)}, {whose}{seed}", soft_wrap=True)
    if last.refusal is not None:
        try:  # the reason in full, for whoever holds the record (the page may hold less of it)
            replay(record, upto=actions).apply(record.actions[actions])
        except RummyError as exc:
            reason = f" ({exc.rule})" if isinstance(exc, IllegalActionError) else ""
            reason += f": {exc.reason if isinstance(exc, IllegalActionError) else exc}"
        else:  # pragma: no cover - the viewer refused it
            reason = ""
        err.print(
            f"warning: {source}: actions[{actions}] is refused{reason}; "
            f"the page shows the game up to it (step {last.index})",
            soft_wrap=True,
        )


def _is_record(text: bytes) -> bool:
    """The text is a game record (JSON whose format says so), not a position."""
    head = text[:4096].lstrip()
    return head.startswith(b"{") and re.search(rb'"format"\s*:\s*"rummykit/record"', text[:1_000_000]) is not None


def _print_where(game: Game, what: str) -> None:
    state = "over" if game.is_over else f"in round {game.round}, seat {game.turn} to {game.phase}"
    out.print(f"{game.spec.title}, {game.players} players: {what}, the game is {state}", soft_wrap=True)
    out.print("totals: " + ", ".join(f"seat {seat} {total}" for seat, total in enumerate(game.scores)))
    if game.is_over:
        out.print("winners: " + ", ".join(f"seat {seat}" for seat in game.winners))


@app.command("position", cls=_Command, short_help="Print a position in rummykit's notation, or as JSON.")
def position_command(
    source: Annotated[
        str,
        typer.Argument(
            metavar="TEXT|FILE",
            help="A position in rummykit's notation, or a file holding the notation, a position (JSON) or a "
            "game record (JSON: its last position).",
            show_default=False,
        ),
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Write the position as JSON instead.")] = False,
) -> None:
    """Print a position in rummykit's notation (or as JSON): for a bug report, a puzzle or a test. A
    game record gives its last position.

    \b
    Examples:
      rummykit position game.json
      rummykit position game.json --json > position.json
      rummykit position position.txt
    """
    game = _read_game(source)
    out.print(dump_position(game, indent=2) if as_json else position_text(game), soft_wrap=True)


def _print_round(result: RoundResult) -> None:
    scores = ", ".join(f"seat {seat} {score:+d}" for seat, score in enumerate(result.scores))
    turns = f"{result.turns} turn{'s' * (result.turns != 1)}"
    line = Text.assemble((f"round {result.round}", "bold"), f" ended after {turns}: {result.reason}; ")
    out.print(line + Text(scores), soft_wrap=True)


_RULES_WIDTH: Final = 100
"""The widest a line of `rules` is laid out, on a wide terminal: text is read best at about this width."""


def _text_width() -> int:
    """The width to wrap text in: the terminal's (at most ``_RULES_WIDTH``), ``COLUMNS`` if set, else
    80 (piped into a pager or a file)."""
    columns = os.environ.get("COLUMNS", "")
    if out.is_terminal:
        return max(40, min(out.width, _RULES_WIDTH))
    if columns.isdigit() and int(columns) >= 40:
        return min(int(columns), _RULES_WIDTH)
    return 80


def _paragraph(text: str, width: int, indent: str) -> str:
    return textwrap.fill(text, width=width, initial_indent=indent, subsequent_indent=indent, break_on_hyphens=False)


@app.command("rules", cls=_Command, short_help="Print a variant's rules, options, bots and house rules.")
def rules_command(variant: VariantArg) -> None:
    """Print a variant's rules with their ids, its options, bots and house rules: each rule a paragraph
    under its id and title, wrapped to the terminal (80 columns when piped, as into a pager).

    \b
    Examples:
      rummykit rules railroad-rummy
      rummykit rules railroad-canasta | less
    """
    _check_variant(variant)
    spec = variant_spec(variant)
    width = _text_width()
    indent = " " * 4
    counts = spec.players_text
    out.print(
        Text.assemble((spec.title, "bold"), f" ({spec.name}), {counts} players"),
        soft_wrap=True,
    )
    out.print()
    for rule in (*spec.rules, *COMMON_RULES):
        out.print(Text.assemble((rule.id, "bold"), "  ", (rule.title, "bold")), soft_wrap=True)
        out.print(Text(_paragraph(rule.text, width, indent)), soft_wrap=True)
    out.print()
    out.print(Text("Options (rummykit play VARIANT -o NAME=VALUE):", style="bold"), soft_wrap=True)
    for opt in (*spec.options, *COMMON_OPTIONS):
        default = "none" if opt.default is None else repr(opt.default)
        out.print(Text.assemble((opt.name, "bold"), f"  {opt.type.__name__}, default {default}"), soft_wrap=True)
        out.print(Text(_paragraph(opt.help, width, indent)), soft_wrap=True)
    out.print()
    out.print(Text(_paragraph(f"bots: {', '.join(available_bots(variant))}", width, "")), soft_wrap=True)
    house_rules = available_house_rules(variant)
    listed = ", ".join(house_rules) if house_rules else "(none installed)"
    out.print(Text(_paragraph(f"house rules: {listed}", width, "")), soft_wrap=True)


class _CheckProgress:
    """The progress bar of a conformance run: one line for its games, its search and its random
    positions, each shown when it starts."""

    _STAGES: Final = {"games": "games", "searching": "toward what is unreached", "random actions": "random positions"}

    def __init__(self, title: str, *, show: bool) -> None:
        self.progress = Progress(
            TextColumn("{task.description}", markup=False, style="bold"),
            BarColumn(),
            TextColumn("{task.completed:,.0f}/{task.total:,.0f}", markup=False),
            TextColumn("{task.fields[stage]}", markup=False),
            console=err,
            transient=True,
            disable=not show,
        )
        self.title = title
        self.tasks: dict[str, TaskID] = {}

    def __call__(self, stage: str, done: int, size: int) -> None:
        task = self.tasks.get(stage)
        if task is None:
            task = self.tasks[stage] = self.progress.add_task(
                self.title, total=size, stage=self._STAGES.get(stage, stage)
            )
        self.progress.update(task, completed=done)


_CHECK_WIDTH: Final = 80
"""The width of the conformance report's table."""


@app.command("check", cls=_Command, short_help="Check that a variant plays by the rules every rummy game has.")
def check_command(
    variant: VariantArg,
    house_rule: HouseRuleOpt = None,
    seed: Annotated[
        int,
        typer.Option("--seed", "-s", metavar="N", parser=_SEED, help="The run's seed: the same seed, the same run."),
    ] = 0,
    games: Annotated[
        int, typer.Option("--games", "-g", metavar="N", parser=_whole_number(0, 100_000), help="Games from the deal.")
    ] = 10,
    examples: Annotated[
        int,
        typer.Option(
            "--examples", metavar="N", parser=_whole_number(0, 100_000), help="Random positions to try actions in."
        ),
    ] = 30,
    budget: Annotated[
        int,
        typer.Option(
            "--budget",
            metavar="N",
            parser=_whole_number(0, 100_000),
            help="The most games toward what the games have not reached (searches and steered games).",
        ),
    ] = 120,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON instead of a table.")] = False,
) -> None:
    """Check that an installed variant (with its house rules) has every property every rummy game must
    have, as rummykit.testing.check_variant does: termination, conservation, soundness, completeness,
    refusal, determinism, views, records, and coverage of every phase, action kind and way to end a
    round it declares. Print what the run reached as a table (exit status 0), or the first property
    found broken, with the call that makes the run again (exit status 1). The same seed gives the
    same run.

    \b
    Examples:
      rummykit check gin-rummy
      rummykit check rummy --house-rule jokers --seed 7
      rummykit check my-rummy --games 20 --json > report.json
    """
    _check_variant(variant)
    stack = list(house_rule or [])
    for name in stack:
        if name not in available_house_rules(variant):
            raise _fail(
                f"no house rule {quote(name)} for {variant}; installed: {', '.join(available_house_rules(variant))}"
            )
    # the conformance kit (rummykit.testing), imported when this command runs
    from rummykit.testing.errors import ConformanceError  # noqa: PLC0415
    from rummykit.testing.runs import check_variant  # noqa: PLC0415

    title = " + ".join((variant, *stack))
    bar = _CheckProgress(f"checking {title}", show=not as_json and err.is_terminal)
    started = time.perf_counter()
    try:
        with bar.progress:
            report = check_variant(
                variant, house_rules=stack, seed=seed, games=games, max_examples=examples, budget=budget, progress=bar
            )
    except ConformanceError as exc:
        err.print(Text.assemble(("failed:", "bold red"), " ", str(exc)), soft_wrap=True)
        raise typer.Exit(code=1) from exc
    except KeyboardInterrupt:
        err.print("interrupted")
        raise typer.Exit(code=INTERRUPTED) from None
    took = time.perf_counter() - started
    if as_json:
        data = attrs.asdict(report, recurse=True)
        out.print(json.dumps(data | {"seconds": round(took, 1)}, indent=2), soft_wrap=True)
        return
    out.print(report.table(width=_CHECK_WIDTH), soft_wrap=True)
    out.print(f"\nevery property held, in {took:,.1f} s", soft_wrap=True)


@app.command("variants", cls=_Command, short_help="List the installed variants, their players and bots.")
def variants_command() -> None:
    """List the installed variants: each one's name (as the other commands take it), title, numbers of
    players and bots.

    \b
    Example:
      rummykit variants
    """
    table = Table(header_style="bold")
    for column in ("variant", "game", "players", "bots"):
        table.add_column(column)
    for name in available_variants():
        spec = variant_spec(name)
        bots = ", ".join(available_bots(name))
        table.add_row(Text(name), Text(spec.title), spec.players_text, Text(bots))
    _show(table)


_SERVE_MISSING: Final = "rummykit serve needs the serve extra: pip install 'rummykit[serve]'"


@app.command("serve", cls=_Command, short_help="Serve games to play in the browser, with friends and bots.")
def serve_command(
    host: Annotated[
        str,
        typer.Option(
            "--host", metavar="ADDRESS", help="The address to listen on (another machine's pages need 0.0.0.0)."
        ),
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", metavar="N", parser=_whole_number(1, 65_535), help="The port.")] = 8000,
    database: Annotated[
        Path,
        typer.Option("--database", metavar="FILE", help="The SQLite file the games are kept in (made if missing)."),
    ] = Path("rummykit-games.sqlite3"),
    bot_delay: Annotated[
        float,
        typer.Option("--bot-delay", metavar="SECONDS", min=0, max=60, help="How long a bot waits before each move."),
    ] = 0.6,
    synchronous: Annotated[
        str,
        typer.Option(
            "--synchronous",
            metavar="FULL|NORMAL",
            help="SQLite's synchronous setting: FULL (the default) writes every commit to the disk before "
            "acknowledging it; NORMAL survives a killed server but not a power cut.",
        ),
    ] = "FULL",
    allow_host: Annotated[
        list[str] | None,
        typer.Option(
            "--allow-host",
            metavar="NAME",
            help="A host name the server answers to, beside 127.0.0.1 and localhost (repeatable).",
        ),
    ] = None,
    allow_origin: Annotated[
        list[str] | None,
        typer.Option(
            "--allow-origin", metavar="URL", help="Another origin whose pages may use the server (repeatable)."
        ),
    ] = None,
    share_records: Annotated[
        bool,
        typer.Option(
            "--share-records",
            help="Let the seats of a finished game download its record. A record holds the seed, which "
            "shows every card that was hidden; without this, each seat gets the replay page of its own seat.",
        ),
    ] = False,
    max_games: Annotated[
        int,
        typer.Option(
            "--max-games", metavar="N", parser=_whole_number(1, 1_000_000), help="The most unfinished games at once."
        ),
    ] = 1000,
    max_games_per_client: Annotated[
        int,
        typer.Option(
            "--max-games-per-client",
            metavar="N",
            parser=_whole_number(1, 1_000_000),
            help="The most unfinished games at once created from one client's address.",
        ),
    ] = 20,
    max_bot_games: Annotated[
        int,
        typer.Option(
            "--max-bot-games",
            metavar="N",
            parser=_whole_number(0, 1_000_000),
            help="The most unfinished games of bots alone (no person's seat) at once.",
        ),
    ] = 20,
    max_bot_games_per_client: Annotated[
        int,
        typer.Option(
            "--max-bot-games-per-client",
            metavar="N",
            parser=_whole_number(0, 1_000_000),
            help="The most unfinished games of bots alone at once from one client's address.",
        ),
    ] = 2,
    idle_minutes: Annotated[
        float,
        typer.Option(
            "--idle-minutes",
            metavar="MINUTES",
            min=0,
            help="An unfinished game in which nobody plays for so long ends, and is removed from the "
            "database (0: never).",
        ),
    ] = 60.0,
    max_replay_mb: Annotated[
        float,
        typer.Option(
            "--max-replay-mb", metavar="MB", min=0.001, help="The largest replay page the server makes, in megabytes."
        ),
    ] = 16.0,
    replay_cache_mb: Annotated[
        float,
        typer.Option(
            "--replay-cache-mb", metavar="MB", min=0, help="The megabytes of replay pages kept for the next request."
        ),
    ] = 64.0,
    read_timeout: Annotated[
        float,
        typer.Option(
            "--read-timeout",
            metavar="SECONDS",
            min=0.1,
            max=3600,
            help="How long a request may take to arrive, its headers and body; a slower connection is closed.",
        ),
    ] = 10.0,
    max_connections: Annotated[
        int,
        typer.Option(
            "--max-connections",
            metavar="N",
            parser=_whole_number(1, 1_000_000),
            help="The most connections open at once, WebSockets included; one more is answered 503.",
        ),
    ] = 2048,
) -> None:
    """Serve games to play in the browser: open the address it prints, create a game, and send each
    player their invitation link. Every action is kept in the database, and a restarted server brings
    back the unfinished games; a game nobody plays in for --idle-minutes ends. Each client's address may
    hold a few games at once, and the server a bounded number. It listens on 127.0.0.1 (this machine
    only) unless told otherwise.

    \b
    Examples:
      rummykit serve
      rummykit serve --port 8080 --database games.sqlite3
      rummykit serve --host 0.0.0.0 --allow-host cards.example.org
      rummykit serve --idle-minutes 30 --max-games-per-client 5
    """
    try:
        import uvicorn  # noqa: F401, PLC0415 (the serve extra, imported when asked for)

        from rummykit.serve import Settings, create_app  # noqa: PLC0415
        from rummykit.serve.server import run  # noqa: PLC0415
    except ImportError as exc:
        raise _fail(f"{_SERVE_MISSING} ({exc})") from exc
    hosts = ["127.0.0.1", "localhost", "[::1]", *(allow_host or [])]
    if host not in ("0.0.0.0", "::"):
        hosts.append(host)
    if synchronous not in ("FULL", "NORMAL"):
        raise _fail(f"--synchronous is FULL or NORMAL, not {quote(synchronous)}")
    settings = Settings(
        database=str(database),
        synchronous=synchronous,
        bot_delay=bot_delay,
        allowed_hosts=hosts,
        allowed_origins=tuple(allow_origin or ()),
        share_records=share_records,
        max_games=max_games,
        max_games_per_client=max_games_per_client,
        max_bot_games=max_bot_games,
        max_bot_games_per_client=max_bot_games_per_client,
        idle_minutes=idle_minutes or None,
        max_replay_mb=max_replay_mb,
        replay_cache_mb=replay_cache_mb,
    )
    try:
        app = create_app(settings)
    except Exception as exc:  # an unreadable database file
        raise _fail(f"cannot open {database}: {exc}") from exc
    out.print(
        f"rummykit serve: open http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/ to create a game"
    )
    # uvicorn with the limits it lacks (a read timeout, a connection cap) and its own set for the server
    run(app, host=host, port=port, read_timeout=read_timeout, max_connections=max_connections)


def main() -> None:
    """The console entry point (also ``python -m rummykit``)."""
    try:
        app(prog_name="rummykit")
    except RummyError as exc:  # pragma: no cover - commands report their own errors
        err.print(Text.assemble(("error:", "bold red"), " ", str(exc)), soft_wrap=True)
        sys.exit(2)
