"""Playing in the terminal: one person against bots (``rummykit play``).

`play_in_terminal` deals a game, seats bots in every other seat and plays until the game is
over. Bots act immediately, each action told in one line. Whenever the person may act, the position as
their seat sees it (``game.view(seat)``) is shown, with the legal moves numbered; the person types a
number, a move ([`rummykit.play.commands.move_help`][rummykit.play.commands.move_help] and the variant's own words,
as its ``rummykit_move_help`` explains them), ``help``, ``show``, ``save`` or ``quit``. A move the rules refuse is
explained with the rule's id, and asked again. Moves are numbered in the order of the hand as it is shown (by rank
as the variant's runs order the ranks, so that Gin Rummy's aces come first; wild cards last), so a number typed by
a card's place picks that card. With ``save_to``, the game's record is written there when
the game ends or the person leaves (and whenever they type ``save``), for ``rummykit replay``.

Everything is laid out for the console's width: at 80 columns no line is longer and no cell of the
seats' table is cut short.

It works for every variant: it reads the common [`View`][rummykit.core.views.View], and shows a
variant's extras (RailRoad Rummy's contract, HMGs, who went down, the claim window; Railroad
Canasta's kitties, red 3s, frozen pile and canastas; Gin Rummy's knock card, knocker and the seat's
deadwood) only where the view has them.

Examples:
    >>> import io
    >>> from rich.console import Console
    >>> console = Console(file=io.StringIO(), width=100)
    >>> game = play_in_terminal(
    ...     "railroad-rummy", players=2, seed=4, console=console,
    ...     read_line=lambda prompt: "quit",
    ... )
    >>> game.round, game.is_over
    (1, False)
    >>> "You left the game" in console.file.getvalue()
    True
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
from rich.columns import Columns
from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

from rummykit.core.actions import Action, Discard, Draw, GoDown, LayOff, TakeDiscard
from rummykit.core.bots import Bot
from rummykit.core.cards import Card, Rank
from rummykit.core.engine import Game, new_game
from rummykit.core.errors import IllegalActionError, InvalidOptionError, RummyError, quote
from rummykit.core.melds import MeldRules, read_meld
from rummykit.core.plugins import Plugin, make_bot
from rummykit.core.specs import COMMON_RULES, RuleText
from rummykit.core.state import TableMeld
from rummykit.core.views import Picture, View, shown_fields
from rummykit.documents.notation import position_text
from rummykit.documents.serialize import dump_record
from rummykit.play.commands import move_help, parse_move

__all__ = ["ReadLine", "play_in_terminal"]

ReadLine = Callable[[str], str]
"""Reads one line typed by the person, after showing the prompt; raises `EOFError` at the end of
input (as `input` does)."""

_QUIT = frozenset({"quit", "exit", "q"})
_HELP = frozenset({"help", "?", "h"})
_SHOW = frozenset({"show", "look", "table"})
_POSITION = frozenset({"position"})
_SAVE = "save"
_CORE_ACTIONS: frozenset[type[Action]] = frozenset({Draw, TakeDiscard, GoDown, LayOff, Discard})
_COMPACT_FROM = 4
"""A group of more legal moves of one kind than this is listed compactly, in columns."""
_NUMBER = re.compile(r"[+-]?[0-9]+")
_CARD_WORD = re.compile(r"^((?:10|[2-9JQKA])[CDHS]|JK)([,.;:)]*)$")


def play_in_terminal(
    variant: str | Plugin | None,
    *,
    players: int,
    seat: int = 0,
    seed: int | None = None,
    bots: Sequence[str] = ("heuristic",),
    options: Mapping[str, Any] | None = None,
    house_rules: Sequence[str | Plugin] = (),
    console: Console | None = None,
    read_line: ReadLine = input,
    start: Game | None = None,
    save_to: str | Path | None = None,
) -> Game:
    """Play a game in the terminal: the person in ``seat`` against bots in every other seat.

    Args:
        variant: the variant's name (or a variant plug-in object); ``None`` with ``start``.
        players: the number of seats, the person's included (``start``'s, with ``start``).
        seat: the person's seat.
        seed: an int for a reproducible game (the bots are seeded from it too); ``None``: unseeded.
        bots: bot names; the other seats, in seat order, cycle through them.
        options: as for [`rummykit.new_game`][rummykit.core.engine.new_game].
        house_rules: as for [`rummykit.new_game`][rummykit.core.engine.new_game].
        console: where to print (default: a new `rich.console.Console`).
        read_line: reads the person's lines (default `input`); `EOFError` (or
            `KeyboardInterrupt`) ends the game as ``quit`` does.
        start: a game to play on from (a position, [`read_position`][rummykit.documents.notation.read_position]),
            instead of a new one; its variant, players, options and house rules are the game's.
        save_to: a file to write the game's record to (JSON,
            [`dump_record`][rummykit.documents.serialize.dump_record]) when the game ends or the person
            leaves, and whenever they type ``save``: ``rummykit replay FILE --html game.html`` then
            shows it in a browser.

    Returns:
        The game: over, or where the person left it.

    Raises:
        RummyError: the game cannot be set up as asked (an unknown variant, house rule or bot, a
            seat that does not exist, no bots, a bad option).
    """
    if start is not None:
        if variant is not None and variant != start.variant:
            raise InvalidOptionError(f"the position is a game of {start.variant}, not {quote(variant)}")
        game, variant, seed = start, start.variant, start.seed if seed is None else seed
    elif variant is None:
        raise InvalidOptionError("name a variant, or give a position to play from")
    else:
        game = new_game(variant, players=players, seed=seed, options=options, house_rules=house_rules)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        raise InvalidOptionError(f"your seat must be one of 0 to {game.players - 1}, not {quote(seat)}")
    names = list(bots)
    if not names:
        raise InvalidOptionError("name at least one bot to play the other seats")
    seat_bots = _seat_bots(game, variant, seat, names, seed)
    target = Path(save_to) if save_to is not None else None
    session = _Session(
        game=game, seat=seat, bots=seat_bots, console=console or Console(), read_line=read_line, save_to=target
    )
    session.run()
    return game


def _seat_bots(
    game: Game, variant: str | Plugin, seat: int, names: Sequence[str], seed: int | None
) -> dict[int, tuple[str, Bot]]:
    """A bot for every seat but the person's, the names cycling in seat order; each bot seeded from
    the game's seed (as [`rummykit.play.simulate.run_game`][rummykit.play.simulate.run_game] seeds them), unseeded
    without one."""
    seeder = random.Random(seed) if seed is not None else None
    others = [s for s in range(game.players) if s != seat]
    seat_bots: dict[int, tuple[str, Bot]] = {}
    for s in range(game.players):
        bot_seed = seeder.getrandbits(63) if seeder is not None else None
        if s == seat:
            continue
        name = names[others.index(s) % len(names)]
        seat_bots[s] = (name, make_bot(name, variant, seed=bot_seed))
    return seat_bots


@attrs.define
class _Session:
    """One game at the terminal: the loop, reading the person's lines, and telling what happens."""

    game: Game
    seat: int
    bots: dict[int, tuple[str, Bot]]
    console: Console
    read_line: ReadLine
    save_to: Path | None = None
    wilds: frozenset[Card] = attrs.field(init=False)
    meld_rules: MeldRules | None = attrs.field(init=False)
    rank_places: dict[Rank, int] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        self.meld_rules = _meld_rules(self.game)
        self.wilds = self.meld_rules.wild_faces if self.meld_rules is not None else frozenset()
        self.rank_places = _rank_places(self.meld_rules)

    # -- the loop ------------------------------------------------------------------------------

    def run(self) -> None:
        """Play until the game is over or the person leaves."""
        self._welcome()
        game = self.game
        while not game.is_over:
            acting = game.to_act
            if self.seat in acting:
                if not self._person_acts():
                    self._leave()
                    if self.save_to is not None:
                        self._save()
                    return
            else:
                self._bot_acts(acting[0])
        self._game_over()
        if self.save_to is not None:
            self._save()

    def _bot_acts(self, seat: int) -> None:
        game = self.game
        action = self.bots[seat][1].choose(game.view(seat), game.legal_actions(seat))
        before = game.view(self.seat)
        rounds = len(game.history)
        game.apply(action)
        self._tell(action, before, rounds)

    def _person_acts(self) -> bool:
        """Show the position, then read lines until the person has acted (True) or leaves (False)."""
        self._show()
        while True:
            legal = self._ordered(self.game.legal_actions(self.seat))
            try:
                line = self.read_line(self._prompt(len(legal)))
            except (EOFError, KeyboardInterrupt):
                self.console.print()
                return False
            command = line.strip().lower()
            if command in _QUIT:
                return False
            if command.split(maxsplit=1)[:1] == [_SAVE]:
                self._save(line.strip()[len(_SAVE) :].strip() or None)
                continue
            if command in _HELP:
                self._help()
                continue
            if command in _SHOW:
                self._show()
                continue
            if command in _POSITION:
                self.console.print(Text("The position (every card, the hidden ones too):", style="bold"))
                self.console.print(Text(position_text(self.game)), soft_wrap=True)
                continue
            action = self._read_action(line, legal)
            if action is not None and self._apply(action):
                return True

    def _prompt(self, choices: int) -> str:
        """The prompt: whose decision it is (in a phase of the variant's own, such as a claim window),
        and the numbers to choose from."""
        numbers = "1" if choices == 1 else f"1-{choices}"
        phase = self.game.phase
        what = "move" if phase in ("draw", "play") else f"{phase} decision"
        return f"your {what} ({numbers}, help, quit)> "

    def _save(self, to: str | None = None) -> None:
        """Write the game's record to ``to`` (typed after ``save``) or to ``save_to``, and say so."""
        target = Path(to) if to is not None else self.save_to
        if target is None:
            self._say_bad("say where: save FILE (or start the game with --save FILE)")
            return
        try:
            target.write_text(dump_record(self.game.record, indent=1), encoding="utf-8")
        except OSError as exc:
            self._say_bad(f"cannot write {target}: {exc.strerror or exc}")
            return
        actions = len(self.game.record.actions)
        self.console.print(  # one line however long: the file's name stays whole, to copy
            Text(f"Saved the game ({_count(actions, 'action')}) to {target}: watch it with ")
            + Text(f"rummykit replay {target} --html game.html", style="bold"),
            soft_wrap=True,
        )

    def _read_action(self, line: str, legal: Sequence[Action]) -> Action | None:
        """The action ``line`` means, or ``None`` after saying what is wrong with it."""
        text = line.strip()
        if not text:
            self._say_bad(f"type a move or the number of one (1 to {len(legal)}), or 'help'")
            return None
        if _NUMBER.fullmatch(text):
            number = int(text) if len(text) <= 9 else None
            if number is None or not 1 <= number <= len(legal):
                shown = quote(text) if number is None else number
                self._say_bad(f"there is no move {shown}: the moves are numbered 1 to {len(legal)}")
                return None
            return legal[number - 1]
        try:
            return parse_move(self.game, self.seat, text)
        except (RummyError, ValueError) as exc:
            self._say_bad(str(exc))
            return None

    def _apply(self, action: Action) -> bool:
        """Apply the person's action; on a refusal say why (the rule and its id) and return False."""
        game = self.game
        before = game.view(self.seat)
        rounds = len(game.history)
        try:
            game.apply(action)
        except IllegalActionError as err:
            self._say_refused(err)
            return False
        except (RummyError, ValueError) as exc:
            self._say_bad(str(exc))
            return False
        self._tell(action, before, rounds)
        return True

    # -- telling what happened -----------------------------------------------------------------

    def _tell(self, action: Action, before: View, rounds: int) -> None:
        """One line for ``action`` (or, while the seat's view withholds it, that a move was made),
        then what it led to: the view's declared facts that changed (a closed claim window), cards
        the person got (a draw's card on the draw's own line), a round's end."""
        game = self.game
        after = game.view(self.seat)
        sealed = action.seat != self.seat and (not after.log or after.log[-1] != action) and not game.is_over
        line = self._action_line(action, before, sealed=sealed and len(game.history) == rounds)
        if len(game.history) > rounds:
            self._print_line(line)
            self._round_over()
            return
        gained = sorted((Counter(after.hand) - Counter(before.hand)).elements(), key=self._hand_key)
        if action.seat == self.seat and isinstance(action, Draw | TakeDiscard):
            if isinstance(action, Draw) and gained:
                line += Text(": ") + self._cards(gained)
            gained = []
        self._print_line(line)
        was = {field.name: field.value for field in shown_fields(before, every=True) if field.news}
        for field in shown_fields(after):
            if field.news and field.name in was and field.value != was[field.name]:
                self._print_line(Text(f"  {field.label}: ") + self._value(field.value))
        if gained:
            self._print_line(Text("  you get ") + self._cards(gained))

    def _action_line(self, action: Action, before: View, *, sealed: bool) -> Text:
        mine = action.seat == self.seat
        if sealed:  # the seat's view withholds it for now (RailRoad Rummy's sealed claims, RR-C1)
            return Text(f"{self._who(action.seat)} has made a sealed move", style="dim")
        words = action.describe()
        if isinstance(action, TakeDiscard) and before.discard_top is not None:
            words += f" ({before.discard_top})"
        if mine:
            return Text().append("you ", style="bold") + self._styled(words)
        return Text(f"{self._who(action.seat)} ") + self._styled(_third_person(words))

    def _round_over(self) -> None:
        result = self.game.history[-1]
        self.console.print()
        self._print_line(Text(f"Round {result.round} is over: {result.reason}", style="bold"))
        table = Table(show_header=True, header_style="bold", box=None, padding=(0, 2))
        for column in ("seat", "this round", "total"):
            table.add_column(column, justify="left" if column == "seat" else "right")
        for s, (score, total) in enumerate(zip(result.scores, result.totals, strict=True)):
            table.add_row(Text(self._who(s)), Text(str(score)), Text(str(total)))
        self.console.print(table)
        for seat in result.seats:  # each hand laid open, and where each point came from
            left = Text(f"{self._who(seat.seat)}: ") + (self._cards(seat.left) if seat.left else Text("no cards left"))
            if seat.deadwood is not None and seat.left:
                left += Text(f" (deadwood {seat.deadwood})", style="dim")
            self._print_line(left)
            for item in seat.items:
                self._print_line(Text(f"  {item.rule:<8}{item.points:+6d}  {item.what}"))
        game = self.game
        if not game.is_over:
            view = game.view(self.seat)
            self._print_line(Text(f"{self._title(view)}; dealer: {self._who(view.dealer)}.", style="bold"))
        self.console.print()

    def _game_over(self) -> None:
        game = self.game
        winners = game.winners
        best = game.scores[winners[0]] if winners else None
        rounds = len(game.history)
        self.console.print()
        self._print_line(Text(f"Game over after {rounds} round{'s' * (rounds != 1)}.", style="bold"))
        if len(winners) == 1:
            line = "You win" if winners[0] == self.seat else f"The winner is {self._who(winners[0])}"
            self._print_line(Text(f"{line}, with {best} points.", style="bold green"))
        elif winners:
            names = ", ".join(self._who(s) for s in winners)
            self._print_line(Text(f"The winners, tied on {best} points: {names}.", style="bold green"))

    # -- the person's screen -------------------------------------------------------------------

    def _show(self) -> None:
        """The position as the person's seat sees it, and the legal moves numbered."""
        game = self.game
        view = game.view(self.seat)
        console = self.console
        console.print()
        console.rule(Text(self._title(view)), style="dim")
        console.print(self._seats_table(view))
        for renderable in self._table_melds(view):
            console.print(renderable)
        console.print(self._piles(view))
        for field in shown_fields(view):
            # news was told as it came (a claim's outcome); the melds' marks are on the table's lines
            # the seats it names are marked in the seats' table (who knocked)
            if field.per_seat or field.news or field.picture in (Picture.MELDS, Picture.SEATS, Picture.SPREAD):
                continue
            if field.name in ("hand_size", "contract"):
                continue
            console.print(
                Text().append(f"{field.label[:1].upper()}{field.label[1:]}: ", style="bold") + self._value(field.value)
            )
        hand = sorted(view.hand, key=self._hand_key)
        console.print(Text().append(f"Your hand ({len(hand)}): ", style="bold") + self._cards(hand))
        waiting = self._waiting(view)
        if waiting is not None:
            console.print(waiting)
        console.print(Text("Your moves:", style="bold"))
        for renderable in self._moves(self._ordered(game.legal_actions(self.seat))):
            console.print(renderable)

    def _waiting(self, view: View) -> Text | None:
        """In a phase of the variant's own (a claim window): whose decision it is, and whose turn goes
        on after it."""
        if view.phase in ("draw", "play", "over"):
            return None
        deciding = [self._who(s) for s in sorted(view.to_act, key=lambda s: s != self.seat)]
        names = deciding[0] if len(deciding) == 1 else ", ".join(deciding[:-1]) + " and " + deciding[-1]
        verb = "decides" if deciding == [f"seat {view.to_act[0]}"] else "decide"
        line = f"{view.phase[:1].upper()}{view.phase[1:]}: {names} {verb}"
        if view.turn not in view.to_act:
            line += f"; then {self._who(view.turn)} {'go' if view.turn == self.seat else 'goes'} on with the turn"
        return Text(line + ".", style="bold")

    def _ordered(self, legal: Sequence[Action]) -> list[Action]:
        """The legal moves in the order they are numbered: in runs of one kind, as listed; within a run,
        by the cards they name in the order of the hand as shown (by rank, wild cards last)."""
        ordered: list[Action] = []
        for group in _groups(legal):
            ordered.extend(sorted(group, key=lambda action: [self._hand_key(card) for card in _named_cards(action)]))
        return ordered

    def _title(self, view: View) -> str:
        title = f"{self.game.spec.title}, round {view.round}"
        contract = next((field.value for field in shown_fields(view) if field.name == "contract"), None)
        if contract:
            title += f": contract {contract}"
        if view.phase not in ("draw", "play", "over"):  # a phase of the variant's own
            title += f" ({view.phase})"
        return title

    def _seats_table(self, view: View) -> Table:
        """The seats: hand sizes, totals, and the view's declared facts per seat (HMGs, kitties...):
        narrow columns whose headings wrap between words, and cells that wrap rather than being cut
        short, so that the table fits 80 columns; the bots' names are in the welcome line. The seats
        a declared field names (`Picture.SEATS`: who knocked) are marked with its label."""
        per_seat = [field for field in shown_fields(view) if field.per_seat]
        marks = [field for field in shown_fields(view) if not field.per_seat and field.picture is Picture.SEATS]
        table = Table(show_header=True, header_style="bold", box=None, padding=(0, 1), pad_edge=False)
        table.add_column("seat", no_wrap=True)
        table.add_column("cards", justify="right", no_wrap=True)
        table.add_column("total", justify="right", no_wrap=True)
        for field in per_seat:
            number = isinstance(field.value[0], int) and not isinstance(field.value[0], bool)
            table.add_column(field.label, justify="right" if number else "left", overflow="fold")
        table.add_column("", overflow="fold")
        for s in range(view.players):
            row = [Text(self._who(s, long=True)), Text(str(view.hand_sizes[s])), Text(str(view.totals[s]))]
            row += [self._value(field.value[s]) for field in per_seat]
            notes = [field.label for field in marks if s in _seats_named(field.value)] + self._notes(view, s)
            row.append(Text(", ".join(notes)))
            table.add_row(*row, style="bold" if s == self.seat else None)
        return table

    def _notes(self, view: View, seat: int) -> list[str]:
        """What the seats' table says of ``seat``: the dealer, and who acts (in a claim window, the
        seats deciding, and whose turn it is)."""
        notes = ["dealer"] if seat == view.dealer else []
        if view.phase == "over":
            return notes
        if seat in view.to_act:
            notes.append(f"to {view.phase}" if view.phase in ("draw", "play") else "to decide")
        elif seat == view.turn:
            notes.append("turn")
        return notes

    def _value(self, value: Any) -> Text:
        """A declared view field's value: cards as cards, yes/no for a flag, else its words."""
        if isinstance(value, bool):
            return Text("yes" if value else "")
        if isinstance(value, Card):
            return self._cards([value])
        if isinstance(value, tuple) and value and all(isinstance(item, Card) for item in value):
            return self._cards(sorted(value, key=self._hand_key))
        if isinstance(value, tuple):
            return Text(", ".join(str(item) for item in value))
        return self._styled(str(value))

    def _table_melds(self, view: View) -> Iterator[RenderableType]:
        if not view.table:
            yield Text("Table: no melds yet")
            return
        yield Text("Table:", style="bold")
        marks = [field for field in shown_fields(view) if field.picture is Picture.MELDS and not field.per_seat]
        for number, table_meld in enumerate(view.table):
            owner, kind = self._who(table_meld.owner), table_meld.meld.kind
            whose = "your" if owner == "you" else f"{owner}'s"
            said = [f"{field.value[number]} {field.label}" for field in marks if _says(field.value, number)]
            mark = f" ({', '.join(said)})" if said else ""
            yield Text(f"  meld {number}: {whose} {kind}{mark}: ") + self._meld(table_meld)

    def _piles(self, view: View) -> Text:
        spread = next((field.value for field in shown_fields(view) if field.picture is Picture.SPREAD), None)
        line = Text("Discard pile: ")
        if spread:  # it lies spread: every card, in pile order (never sorted: the order is the game)
            line = Text("Discard pile, bottom to top: ") + self._cards(spread)
            line += Text(f" ({_count(view.discard_size, 'card')})")
        elif view.discard_top is None:
            line += Text("empty")
        else:
            line += self._cards([view.discard_top]) + Text(f" on top ({_count(view.discard_size, 'card')})")
        return line + Text(f"   stock: {_count(view.stock_size, 'card')}")

    def _moves(self, legal: Sequence[Action]) -> Iterator[RenderableType]:
        """The legal moves numbered from 1; a long run of moves of one kind in compact columns."""
        number = 1
        for group in _groups(legal):
            if len(group) < _COMPACT_FROM:
                for action in group:
                    yield Text(f"{number:>4}. ") + self._styled(action.describe())
                    number += 1
                continue
            head, shorts = self._shorten(group)
            yield Text(f"  {head} ({len(group)} choices):")
            items = []
            for short in shorts:
                items.append(Text(f"{number:>4}. ") + short)
                number += 1
            yield Columns(items, padding=(0, 1))

    def _shorten(self, group: Sequence[Action]) -> tuple[str, list[Text]]:
        """A heading and one short text per action: the heading is the words (not cards) they all
        start with; a go-down's melds show the rank each wild card stands for."""
        words = [action.describe().split() for action in group]
        common = 0
        while all(
            len(w) > common + 1 and w[common] == words[0][common] and not _CARD_WORD.match(w[common]) for w in words
        ):
            common += 1
        head = " ".join(words[0][:common]) or group[0].kind
        shorts = []
        for action, action_words in zip(group, words, strict=True):
            if isinstance(action, GoDown) and self.meld_rules is not None:
                shorts.append(self._go_down_melds(action, self.meld_rules))
            else:
                shorts.append(self._styled(" ".join(action_words[common:])))
        return head, shorts

    def _go_down_melds(self, action: GoDown, rules: MeldRules) -> Text:
        text = Text()
        for index, cards in enumerate(action.melds):
            if index:
                text += Text(" / ")
            try:
                meld = read_meld(cards, rules)
            except RummyError:
                text += self._cards(cards)
            else:
                text += self._annotated(meld.cards, meld.ranks)
        return text

    def _help(self) -> None:
        console = self.console
        console.print(Text("Moves (type one, or the number of a listed move):", style="bold"))
        console.print(_two_columns(re.split(r"\s{3,}", line.strip(), maxsplit=1) for line in move_help(self.game)))
        own = _declared_moves(self.game) or _own_moves(self.game, self.seat)
        if own:
            console.print(Text(f"{self.game.spec.title}'s own moves:", style="bold"))
            console.print(_two_columns([word, meaning] for word, meaning in own))
        console.print(Text(f"Cards: {self._card_words()} Meld numbers are those shown under Table."))
        console.print(
            Text(
                "Also: help (this), show (the table and your moves again), position (the whole position in "
                "rummykit's notation, for a bug report: it shows every card), save FILE (write the game so "
                "far to FILE, for rummykit replay), quit (leave the game)."
            )
        )
        console.print(Text(f"Every rule with its id: rummykit rules {self.game.variant}"))

    def _card_words(self) -> str:
        """How cards are typed, the ranks in the order the hand is sorted (the ace first where runs
        have it low only), and the joker where the shoe has jokers."""
        ranks = ["2-10 (or T)", "J", "Q", "K"]
        ranks.insert(0 if self.rank_places[Rank.ACE] < self.rank_places[Rank.KING] else len(ranks), "A")
        joker = "; JK is a joker" if any(card.is_joker for card in self.game.state.rules.shoe) else ""
        return f"ranks {', '.join(ranks)} and suits C, D, H, S (10H, QS){joker}."

    def _welcome(self) -> None:
        game = self.game
        others = ", ".join(f"{self._who(s)} ({name})" for s, (name, _) in sorted(self.bots.items()))
        seed = f", seed {game.seed}" if game.seed is not None else ""
        self._print_line(Text(f"{game.spec.title}, {game.players} players{seed}", style="bold"))
        self._print_line(Text(f"You are seat {self.seat}, against {others}. Type 'help' for help."))

    def _leave(self) -> None:
        game = self.game
        totals = ", ".join(f"{self._who(s)} {total}" for s, total in enumerate(game.scores))
        self._print_line(Text(f"You left the game in round {game.round}. Totals so far: {totals}.", style="bold"))

    # -- messages ------------------------------------------------------------------------------

    def _say_bad(self, message: str) -> None:
        self._print_line(Text().append("Not a move: ", style="bold yellow") + Text(message))

    def _say_refused(self, err: IllegalActionError) -> None:
        rule = _find_rule(self.game, err.rule)
        self._print_line(Text().append("Not allowed: ", style="bold red") + Text(f"{err.reason} ({err.rule})"))
        if rule is not None:
            self.console.print(Text(f"  {rule.id} {rule.title}: {rule.text}", style="dim"))

    # -- words and cards -----------------------------------------------------------------------

    def _who(self, seat: int, *, long: bool = False) -> str:
        if seat == self.seat:
            return f"seat {seat} (you)" if long else "you"
        return f"seat {seat}"

    def _print_line(self, text: Text) -> None:
        """A line, wrapped to the console's width between words."""
        self.console.print(text)

    def _hand_key(self, card: Card) -> tuple[bool, int, int]:
        """The hand's order: by rank as the variant's runs order the ranks (`_rank_places`), wild cards
        last."""
        return (card in self.wilds, self.rank_places[card.rank], -1 if card.suit is None else int(card.suit))

    def _card_style(self, card: Card) -> str:
        style = "red" if card.is_red else ""
        return f"bold reverse {style}".strip() if card in self.wilds else style

    def _card(self, card: Card, suffix: str = "") -> Text:
        return Text(str(card) + suffix, style=self._card_style(card))

    def _cards(self, cards: Iterable[Card]) -> Text:
        return Text(" ").join(self._card(card) for card in cards)

    def _annotated(self, cards: Sequence[Card], ranks: Sequence[Any]) -> Text:
        """Cards as `Meld.__str__` writes them, coloured: a wild card with the rank it
        stands for (``2S(9)``)."""
        parts = []
        for card, rank in zip(cards, ranks, strict=True):
            suffix = f"({rank.symbol})" if card.is_joker or card.rank is not rank else ""
            parts.append(self._card(card, suffix))
        return Text(" ").join(parts)

    def _meld(self, table_meld: TableMeld) -> Text:
        return self._annotated(table_meld.meld.cards, table_meld.meld.ranks)

    def _styled(self, words: str) -> Text:
        """``words`` with every card in it coloured."""
        parts = []
        for word in words.split(" "):
            match = _CARD_WORD.match(word)
            if match is None:
                parts.append(Text(word))
            else:
                parts.append(self._card(Card.parse(match.group(1))) + Text(match.group(2)))
        return Text(" ").join(parts)


# -- helpers -------------------------------------------------------------------------------------


def _meld_rules(game: Game) -> MeldRules | None:
    """The variant's meld rules, where its ruleset has them (RailRoad Rummy's ``melds``)."""
    rules = getattr(game.state.rules, "melds", None)
    return rules if isinstance(rules, MeldRules) else None


def _rank_places(rules: MeldRules | None) -> dict[Rank, int]:
    """Each rank's place in the hand's order: its place in the variant's run order (``rules.run_order``),
    the last where a rank has two (an ace low or high is sorted high; an ace low only, as in Gin Rummy,
    first); after them, by rank value, the ranks runs do not use, and every rank where the variant has
    no runs."""
    order = rules.run_order if rules is not None else ()
    places = {rank: len(order) + int(rank) for rank in Rank}
    for place, rank in enumerate(order):
        places[rank] = place
    return places


def _seats_named(value: Any) -> tuple[int, ...]:
    """The seats a `Picture.SEATS` field's ``value`` names: one seat, or a tuple of them."""
    if isinstance(value, int) and not isinstance(value, bool):
        return (value,)
    return tuple(item for item in value if isinstance(item, int)) if isinstance(value, tuple | list) else ()


def _declared_moves(game: Game) -> list[tuple[str, str]]:
    """The variant's own moves as its plug-ins explain them (``rummykit_move_help``): the variant's
    first, then each house rule's."""
    answers = game.plugin_manager.hook.rummykit_move_help(rules=game.state.rules)
    return [(words, meaning) for answer in reversed(answers) for words, meaning in answer]


def _named_cards(action: Action) -> list[Card]:
    """The cards an action names, in the order of its fields (a discard's card, a go-down's melds)."""
    cards: list[Card] = []
    if not attrs.has(type(action)):
        return cards
    for field in attrs.fields(type(action)):
        value = getattr(action, field.name)
        items = value if isinstance(value, tuple) else (value,)
        for item in items:
            if isinstance(item, Card):
                cards.append(item)
            elif isinstance(item, tuple):
                cards.extend(card for card in item if isinstance(card, Card))
    return cards


def _two_columns(rows: Iterable[Sequence[str]]) -> Table:
    """Words and what they mean, the meanings wrapped in their own column."""
    table = Table.grid(padding=(0, 3), pad_edge=False)
    table.add_column(no_wrap=True)
    table.add_column()
    for row in rows:
        table.add_row(Text(f"  {row[0]}"), Text(row[1] if len(row) > 1 else ""))
    return table


def _says(value: Any, index: int) -> bool:
    """A ``Picture.MELDS`` field's ``value`` says something of meld ``index``."""
    return isinstance(value, tuple | list) and index < len(value) and bool(value[index])


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'s' * (number != 1)}"


def _third_person(words: str) -> str:
    """``"draw from the stock"`` -> ``"draws from the stock"``: the first word, conjugated."""
    verb, _, rest = words.partition(" ")
    if re.search(r"(s|x|z|ch|sh|o)$", verb):
        verb += "es"
    elif re.search(r"[^aeiou]y$", verb):
        verb = verb[:-1] + "ies"
    else:
        verb += "s"
    return f"{verb} {rest}" if rest else verb


def _groups(legal: Sequence[Action]) -> Iterator[list[Action]]:
    """The moves in runs of one kind, in order."""
    group: list[Action] = []
    for action in legal:
        if group and action.kind != group[0].kind:
            yield group
            group = []
        group.append(action)
    if group:
        yield group


def _own_moves(game: Game, seat: int) -> list[tuple[str, str]]:
    """The words of the variant's own moves (read by its ``rummykit_parse_move`` hook) and what they
    mean: each own action type's ``kind`` (its words apart too: ``take pile``) and field names are tried."""
    found: list[tuple[str, str]] = []
    seen: set[Action] = set()
    for action_type in game.spec.actions:
        if action_type in _CORE_ACTIONS:
            continue
        words = list(dict.fromkeys([action_type.kind, action_type.kind.replace("-", " ")]))
        if attrs.has(action_type):
            words += [field.name for field in attrs.fields(action_type) if field.name != "seat"]
        for word in words:
            try:
                action = parse_move(game, seat, word)
            except RummyError:
                continue
            if type(action) in _CORE_ACTIONS or action in seen:
                continue
            seen.add(action)
            found.append((word, action.describe()))
    return found


def _find_rule(game: Game, rule_id: str) -> RuleText | None:
    """The rule ``rule_id`` from the variant's rule book, its house rules' or the common rules."""
    books: list[Iterable[RuleText]] = [game.spec.rules, *(house.rules for house in game.house_rules), COMMON_RULES]
    for book in books:
        for rule in book:
            if rule.id == rule_id:
                return rule
    return None
