"""The ``rummykit`` command: simulate games between bots, play against bots, read the rules.

rummykit simulate railroad-rummy --players 4 --games 200 --bots heuristic,random
rummykit play railroad-rummy --players 3
rummykit rules railroad-rummy
rummykit variants
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from rummykit.engine import replay
from rummykit.errors import InvalidRecordError, RummyError
from rummykit.plugins import available_bots, available_house_rules, available_variants, variant_spec
from rummykit.serialize import load_record
from rummykit.simulate import SimulationResult, simulate
from rummykit.state import RoundResult
from rummykit.terminal import play_in_terminal
from rummykit.variant import COMMON_OPTIONS, COMMON_RULES

__all__ = ["app", "main", "parse_option"]

app = typer.Typer(
    name="rummykit",
    help="A rules engine for the rummy family of card games: simulate games between bots, play against "
    "bots in the terminal, and read each variant's rules.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
out = Console()
err = Console(stderr=True)


def _fail(message: str) -> typer.Exit:
    err.print(f"[bold red]error:[/] {message}", highlight=False, soft_wrap=True)
    return typer.Exit(code=2)


def _check_variant(name: str) -> str:
    installed = available_variants()
    if name not in installed:
        raise _fail(f"unknown variant {name!r}; installed variants: {', '.join(installed)}")
    return name


def _bot_names(variant: str, bots: str | None) -> list[str]:
    """The variant (checked) and the comma-separated bot names (checked against its bots); by
    default ``heuristic`` if the variant offers it, else ``random`` (which every variant has)."""
    _check_variant(variant)
    valid = available_bots(variant)
    if bots is None:
        return ["heuristic" if "heuristic" in valid else "random"]
    names = [name.strip() for name in bots.split(",") if name.strip()]
    for name in names:
        if name not in valid:
            raise _fail(f"{variant} has no bot {name!r}; its bots: {', '.join(valid)}")
    if not names:
        raise _fail(f"give at least one bot; {variant}'s bots: {', '.join(valid)}")
    return names


def parse_option(text: str) -> tuple[str, Any]:
    """Read ``name=value`` as an option: ``true``/``false`` are bools, ``none`` is None, digits an
    int, anything else text (the game validates the type).

    Examples:
        >>> parse_option("hmg_per_player=2"), parse_option("may_discard_taken_card=true")
        (('hmg_per_player', 2), ('may_discard_taken_card', True))
    """
    name, sep, raw = text.partition("=")
    if not sep or not name:
        raise ValueError(f"an option is written name=value, not {text!r}")
    value: Any = raw
    lowered = raw.lower()
    if lowered in ("true", "false"):
        value = lowered == "true"
    elif lowered == "none":
        value = None
    elif raw.lstrip("-").isdigit():
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


VariantArg = Annotated[str, typer.Argument(help="The variant's name (see `rummykit variants`).", show_default=False)]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A game option as name=value (repeatable; see `rummykit rules`)."),
]
HouseRuleOpt = Annotated[list[str] | None, typer.Option("--house-rule", help="A house rule to stack (repeatable).")]


@app.command("simulate")
def simulate_command(
    variant: VariantArg,
    players: Annotated[int, typer.Option("--players", "-p", help="Seats per game.")] = 4,
    games: Annotated[int, typer.Option("--games", "-g", help="How many games.")] = 100,
    seed: Annotated[int, typer.Option("--seed", "-s", help="The run's seed; each game is seeded from it.")] = 0,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            "-b",
            help="Comma-separated bot names; seat s plays bot s modulo their count. "
            "Default: heuristic if the variant has it, else random.",
            show_default=False,
        ),
    ] = None,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Processes to play in.")] = 1,
    option: OptionOpt = None,
    house_rule: HouseRuleOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON instead of tables.")] = False,
) -> None:
    """Play many seeded games between bots and print win rates, scores and round lengths."""
    names = _bot_names(variant, bots)
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
        disable=as_json or not err.is_terminal,
    )
    try:
        with progress:
            task = progress.add_task(f"{variant}, {players} players", total=games)
            result = simulate(
                variant,
                players=players,
                games=games,
                seed=seed,
                bots=names,
                workers=workers,
                options=_options(option),
                house_rules=house_rule or (),
                progress=lambda n: progress.advance(task, n),
            )
    except RummyError as exc:
        raise _fail(str(exc)) from exc
    if as_json:
        out.print_json(json.dumps(result.figures()))
    else:
        _print_result(result)


def _print_result(result: SimulationResult) -> None:
    title = f"{result.variant}: {result.games} games, {result.players} players, seed {result.seed}"
    seats = Table(title=title, title_justify="left")
    for column in ("seat", "bot", "wins", "win rate", "mean score", "spread (sd)"):
        seats.add_column(column, justify="right" if column not in ("bot",) else "left")
    for s in result.seats:
        seats.add_row(
            str(s.seat), s.bot, str(s.wins), f"{s.win_rate:.1%}", f"{s.mean_score:.1f}", f"{s.stdev_score:.1f}"
        )
    out.print(seats)
    bots = Table(title="by bot", title_justify="left")
    for column in ("bot", "seats played", "wins", "win rate", "mean score", "spread (sd)"):
        bots.add_column(column, justify="right" if column != "bot" else "left")
    for b in result.by_bot:
        bots.add_row(
            b.bot, str(b.seats_played), str(b.wins), f"{b.win_rate:.1%}", f"{b.mean_score:.1f}", f"{b.stdev_score:.1f}"
        )
    out.print(bots)
    turns = result.turns_per_round
    out.print(
        f"rounds per game: {result.mean_rounds:.2f}   turns per round: mean {turns.mean:.1f}, median {turns.median:g}, "
        f"10%-90% {turns.p10:g}-{turns.p90:g}, max {turns.max}"
    )
    out.print(f"{result.games_per_second:.1f} games per second ({result.workers} worker{'s' * (result.workers > 1)})")


@app.command("play")
def play_command(
    variant: VariantArg,
    players: Annotated[int, typer.Option("--players", "-p", help="Seats at the table, you included.")] = 3,
    seat: Annotated[
        int, typer.Option("--seat", help="Your seat, 0 to players - 1 (the first dealer is drawn at random).")
    ] = 0,
    seed: Annotated[int | None, typer.Option("--seed", "-s", help="Seed for a reproducible game.")] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            "-b",
            help="Comma-separated bot names for the other seats. Default: heuristic if the variant has it, "
            "else random.",
            show_default=False,
        ),
    ] = None,
    option: OptionOpt = None,
    house_rule: HouseRuleOpt = None,
) -> None:
    """Play against bots in the terminal: your hand, the table and the legal moves are shown; type a
    move or its number, `help` for help, `quit` to stop."""
    names = _bot_names(variant, bots)
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
        )
    except RummyError as exc:
        raise _fail(str(exc)) from exc


def _read_line(prompt: str) -> str:
    """``input``, echoing the line when standard input is not a terminal (a piped transcript)."""
    line = input(prompt)
    if not sys.stdin.isatty():
        print(line)
    return line


@app.command("replay")
def replay_command(
    path: Annotated[Path, typer.Argument(help="A game record (JSON), as written by rummykit.serialize.dump_record.")],
    final: Annotated[bool, typer.Option("--final", help="Print only how the game ended.")] = False,
) -> None:
    """Replay a saved game record: every action turn by turn, or only the end with --final."""
    try:
        text = path.read_bytes()
    except OSError as exc:
        raise _fail(f"cannot read {path}: {exc.strerror}") from exc
    try:
        record = load_record(text, check=False)
        game = replay(record, upto=0)
        last_round = game.round
        for index, action in enumerate(record.actions):
            if not final:
                out.print(f"round {game.round}, turn {game.state.turn_number}, seat {action.seat}: {action.describe()}")
            try:
                game.apply(action)
            except RummyError as exc:
                raise InvalidRecordError(f"actions[{index}]", str(exc)) from exc
            if game.history and game.history[-1].round == last_round and (game.round != last_round or game.is_over):
                _print_round(game.history[-1])
                last_round = game.round
    except RummyError as exc:
        raise _fail(f"{path}: {exc}") from exc
    state = "over" if game.is_over else f"in round {game.round}, seat {game.turn} to {game.phase}"
    out.print(f"{game.spec.title}, {game.players} players: {len(record.actions)} actions, the game is {state}")
    out.print("totals: " + ", ".join(f"seat {seat} {total}" for seat, total in enumerate(game.scores)))
    if game.is_over:
        out.print("winners: " + ", ".join(f"seat {seat}" for seat in game.winners))


def _print_round(result: RoundResult) -> None:
    scores = ", ".join(f"seat {seat} {score:+d}" for seat, score in enumerate(result.scores))
    out.print(f"[bold]round {result.round}[/] ended after {result.turns} turns: {result.reason}; {scores}")


@app.command("rules")
def rules_command(variant: VariantArg) -> None:
    """Print a variant's rules with their ids, its options, bots and house rules."""
    _check_variant(variant)
    spec = variant_spec(variant)
    out.print(f"[bold]{spec.title}[/] ({spec.name}), {spec.min_players} to {spec.max_players} players")
    table = Table(show_header=True, header_style="bold", expand=True)
    table.add_column("rule", no_wrap=True)
    table.add_column("", no_wrap=True)
    table.add_column("text", ratio=1)
    for rule in (*spec.rules, *COMMON_RULES):
        table.add_row(rule.id, rule.title, rule.text)
    out.print(table)
    options = Table(title="options", title_justify="left", header_style="bold", expand=True)
    for column in ("option", "type", "default", "meaning"):
        options.add_column(column, ratio=1 if column == "meaning" else None)
    for opt in (*spec.options, *COMMON_OPTIONS):
        options.add_row(opt.name, opt.type.__name__, "none" if opt.default is None else repr(opt.default), opt.help)
    out.print(options)
    out.print(f"bots: {', '.join(available_bots(variant))}")
    house_rules = available_house_rules(variant)
    out.print(f"house rules: {', '.join(house_rules) if house_rules else '(none installed)'}")


@app.command("variants")
def variants_command() -> None:
    """List the installed variants."""
    table = Table(header_style="bold")
    for column in ("variant", "game", "players", "bots"):
        table.add_column(column)
    for name in available_variants():
        spec = variant_spec(name)
        table.add_row(name, spec.title, f"{spec.min_players}-{spec.max_players}", ", ".join(available_bots(name)))
    out.print(table)


def main() -> None:
    """The console entry point."""
    try:
        app()
    except RummyError as exc:  # pragma: no cover - commands report their own errors
        err.print(f"[bold red]error:[/] {exc}", highlight=False)
        sys.exit(2)
