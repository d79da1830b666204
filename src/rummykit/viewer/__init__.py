"""The replay viewer: a game record as one self-contained HTML page that steps through the game
action by action, from one seat's view or the spectator's (``rummykit replay game.json --html
out.html --seat 2``).

The page needs no network and no build step: its script, style and card pictures are inline, and it
works from a local file in any current browser, from a phone's width to a desktop's. Each step shows
the picture of the view after the action ([`rummykit.svg.view`][rummykit.svg.view], the same
blocks) and the action in words. An action that ends a round is shown at the round's end, before the
next deal: the final table, the cards each seat was left holding (laid face up to be scored) and the
round's scores; the next step is the new deal. Who won a claim is said in the words of the action
that closed the claim window.

Only what the seat may see is in a seat's page: every picture is drawn from the seat's view, an
action its view withholds (a sealed claim, RR-C1) is shown as a sealed move until it is public, and
the page holds neither the game's seed nor its shuffles. A record whose action the rules refuse is
shown up to that action, with the refusal, its rule's id and the rule in words; a refused action of
another seat is shown without its cards or its reason, which could tell about a hand the seat does not
see. Only the spectator's page made with ``show_seed=True`` names the seed (from which every hand can
be dealt again).

Buttons, the slider and the keys step through the game: ← and → one action, Shift+← and Shift+→ to
the previous or next round's start or end, Home and End to either end, P to play; the other keys
(Page Up, Page Down, space, ↑ and ↓) scroll the page. The address's ``#12`` opens step 12.

Examples:
    >>> import rummykit
    >>> game = rummykit.new_game("rummy", players=2, seed=5)
    >>> for _ in range(4):
    ...     _ = game.apply(game.legal_actions(game.turn)[0])
    >>> page = replay_html(game.record, seat=0)
    >>> page.startswith("<!DOCTYPE html>")
    True
    >>> "http://" in page.replace("http://www.w3.org/", "")  # nothing to fetch
    False
    >>> "seed 5" in page, "seed 5" in replay_html(game.record, show_seed=True)
    (False, True)
    >>> replay_html(game.record, seat=2)
    Traceback (most recent call last):
    ...
    rummykit.core.errors.InvalidOptionError: seat is a seat of this 2-player game (0 to 1) or None ..., not 2
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

from rummykit import svg
from rummykit.core.actions import Action
from rummykit.core.cards import face
from rummykit.core.engine import Game, replay
from rummykit.core.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidOptionError,
    InvalidRecordError,
    quote,
)
from rummykit.core.records import GameRecord
from rummykit.core.shoe import Randomness
from rummykit.core.specs import COMMON_RULES, RuleText
from rummykit.core.state import GameState, RoundResult
from rummykit.core.views import View, shown_fields
from rummykit.svg.canvas import escape, open_tag
from rummykit.svg.drawing import RoundEnd
from rummykit.svg.faces import every_symbol

__all__ = [
    "Refusal",
    "Replay",
    "RoundEnd",
    "Step",
    "news_of",
    "replay_html",
    "replay_page",
    "replay_steps",
    "round_end",
    "write_replay_html",
]


@attrs.frozen(kw_only=True)
class Refusal:
    """Why an action of a record was refused: its rule (empty for an action that is not an action of
    the game at all, or whose reason is not shown), the reason in words, and the rule's title and text
    from the rule book."""

    rule: str
    reason: str
    title: str = ""
    text: str = ""


@attrs.frozen(kw_only=True)
class Step:
    """One step of a replay: the position after an action (or at the start, or a new deal), as the
    seat sees it.

    Attributes:
        index: the step's place in the replay (0: the start).
        action: how many of the record's actions have been carried out at this step.
        round, turn: where the action was taken (the round and turn number before it); of a deal,
            the round dealt.
        kind: ``"deal"`` (the start, or the next round's deal after a round's end), ``"action"``,
            ``"sealed"`` (an action the seat's view withholds) or ``"refused"`` (an action the
            rules refuse: the replay stops there).
        text: the action in words, as the seat may know it then, with what it led to (who won a
            claim).
        note: how a round or the game ended with this action, if it did.
        revealed: a sealed action in words, once the seat's view has made it public (a claim window
            closed); empty while it is sealed, and for every other step.
        refusal: why the action was refused (``kind == "refused"``).
        view: the seat's view after the action (before it, for a refused action; at the round's end,
            before the next deal, for an action that ended a round).
        ended: how the round ended, for an action that ended a round: the round's result and every
            seat's cards left.
        fresh: card ids of the seat's hand that the action brought.
    """

    index: int
    action: int
    round: int
    turn: int
    kind: str
    text: str
    note: str = ""
    revealed: str = ""
    refusal: Refusal | None = None
    view: View
    ended: RoundEnd | None = None
    fresh: frozenset[int] = frozenset()


@attrs.frozen(kw_only=True)
class Replay:
    """A record replayed step by step from one seat's view (``seat is None``: the spectator's)."""

    title: str
    seat: int | None
    players: int
    steps: tuple[Step, ...]


def _who(seat: int, viewer: int | None) -> str:
    return f"seat {seat}" + (" (you)" if seat == viewer else "")


def _find_rule(game: Game, rule_id: str) -> RuleText | None:
    books: list[Iterable[RuleText]] = [game.spec.rules, *(house.rules for house in game.house_rules), COMMON_RULES]
    return next((rule for book in books for rule in book if rule.id == rule_id), None)


def _round_note(result: RoundResult, game: Game) -> str:
    scores = ", ".join(f"seat {seat} {score:+d}" for seat, score in enumerate(result.scores))
    note = f"Round {result.round} is over: {result.reason}. Scores: {scores}."
    if game.is_over:
        winners = ", ".join(f"seat {seat}" for seat in game.winners)
        totals = ", ".join(f"seat {seat} {total}" for seat, total in enumerate(game.scores))
        note += f" The game is over; totals: {totals}; won by {winners}."
    return note


def _check_seat(seat: int | None, players: int) -> int | None:
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players):
        raise InvalidOptionError(
            f"seat is a seat of this {players}-player game (0 to {players - 1}) or None for the spectator, "
            f"not {quote(seat)}"
        )
    return seat


def news_of(before: View, after: View) -> list[str]:
    """What an action led to that the view tells as news (the fields declared ``news=True``), in
    words: ``last claim: seat 3 took the 7H with an HMG (...)`` when a claim window closed.

    Examples:
        >>> import rummykit
        >>> from rummykit_variants.railroad_rummy import Pass
        >>> game = rummykit.new_game("railroad-rummy", players=2, seed=4)
        >>> before = game.view(None)
        >>> _ = game.apply(rummykit.Draw(seat=game.turn))
        >>> _ = game.apply(Pass(seat=game.to_act[0]))
        >>> news_of(before, game.view(None))
        ['last claim: nobody claimed the KC (seat 0: pass)']
    """
    was = {field.name: field.value for field in shown_fields(before, every=True) if field.news}
    return [
        f"{field.label}: {field.value}"
        for field in shown_fields(after)
        if field.news and field.name in was and field.value != was[field.name]
    ]


def round_end(
    game: Game, before: GameState, action: Action, result: RoundResult, viewer: int | None
) -> tuple[View, RoundEnd]:
    """The view of ``viewer`` at the end of a round, and how it ended: ``before`` is a copy of the
    game's state (``game.state.copy()``) taken before ``action``, the action that ended the round with
    ``result``. The action is carried out again on the copy, which stops at the round's end (the game
    itself has gone on to the next deal). The end of a round draws no card at random, so the copy's
    random source plays no part."""
    configuration = game.configuration
    move = configuration.moves[type(action)]
    move.perform(before, move.check(before, action), Randomness(seed=0))
    view: View = configuration.view(before, viewer, ())
    hands = tuple(tuple(face(cid) for cid in hand) for hand in before.hands)
    return view, RoundEnd(result=result, hands=hands)


def replay_steps(record: GameRecord, *, seat: int | None = None, show_seed: bool = False) -> Replay:
    """Replay ``record`` action by action, keeping each step as ``seat`` sees it.

    Args:
        record: the game record.
        seat: whose view (``None``: the spectator, who sees no hand).
        show_seed: name the game's seed in the title (the spectator's page only: from the seed every
            hand of the game can be dealt again).

    Raises:
        InvalidRecordError: the record cannot start its game (a refused action is a step, not an error).
        InvalidOptionError: ``seat`` is not a seat of the game, or ``show_seed`` for a seat.
    """
    if not isinstance(record, GameRecord):
        raise InvalidRecordError(
            "", f"expected a GameRecord (rummykit.documents.serialize.load_record reads one), not {quote(record)}"
        )
    game = replay(record, upto=0)
    viewer = _check_seat(seat, game.players)
    if show_seed is not False and (show_seed is not True or viewer is not None):
        raise InvalidOptionError(
            "show_seed=True names the seed, from which every hand can be dealt again: only on the spectator's page "
            f"(seat=None), not seat {viewer}'s"
            if viewer is not None
            else f"show_seed is True or False, not {quote(show_seed)}"
        )
    view = game.view(viewer)
    start = "The position" if record.position is not None else f"Round {game.round} is dealt by seat {game.dealer}"
    steps = [Step(index=0, action=0, round=game.round, turn=game.state.turn_number, kind="deal", text=start, view=view)]
    sealed: list[tuple[int, int, Action]] = []  # (step, place in the round's log, action) not yet public
    for number, action in enumerate(record.actions, start=1):
        made = _steps(game, viewer, len(steps), number, action, view, everything=show_seed)
        if made[0].kind == "sealed":
            sealed.append((len(steps), len(game.state.log) - 1, action))
        shown = made[0].view
        public = [i for i, (_, place, act) in enumerate(sealed) if place < len(shown.log) and shown.log[place] == act]
        for i in reversed(public):
            index, _, act = sealed.pop(i)
            steps[index] = attrs.evolve(steps[index], revealed=f"{_who(act.seat, viewer)}: {act.describe()}")
        if made[0].ended is not None:
            sealed = []
        steps.extend(made)
        if made[-1].kind == "refused":
            break
        view = made[-1].view
    title = f"{game.spec.title}, {game.players} players" + (f", seed {game.seed}" if show_seed else "")
    return Replay(title=title, seat=viewer, players=game.players, steps=tuple(steps))


def _steps(
    game: Game, viewer: int | None, index: int, number: int, action: Action, before: View, *, everything: bool
) -> list[Step]:
    """Apply ``action``, the ``number``-th of the record, and keep the step (or, when it ends a round,
    the round's end and the next deal) as ``viewer`` sees it (a refusal of another seat's action told
    in full only if ``everything`` may be shown)."""
    step = functools.partial(Step, index=index, action=number, round=game.round, turn=game.state.turn_number)
    copy = game.state.copy()
    try:
        applied = game.apply(action)
    except IllegalActionError as err:
        if action.seat != viewer and not everything:  # its reason may tell of a hand not seen
            text = f"{_who(action.seat, viewer)}'s next action in the record is refused by the rules"
            reason = (
                "the action and the reason are not shown on this page: they may tell about cards "
                f"{'this seat does' if viewer is not None else 'a spectator does'} not see"
            )
            refusal = Refusal(rule="", reason=reason)
            return [step(kind="refused", text=text, refusal=refusal, view=before, action=number - 1)]
        rule = _find_rule(game, err.rule)
        refusal = Refusal(
            rule=err.rule, reason=err.reason, title=rule.title if rule else "", text=rule.text if rule else ""
        )
        text = f"{_who(action.seat, viewer)} may not {action.describe()}"
        return [step(kind="refused", text=text, refusal=refusal, view=before, action=number - 1)]
    except (InvalidActionError, ValueError) as exc:  # not an action of this game at all: its form says so
        seat = action.seat if isinstance(action, Action) and isinstance(action.seat, int) else None
        text = f"{_who(seat, viewer)}: {_describe(action)}" if seat is not None else _describe(action)
        refusal = Refusal(rule="", reason=str(exc))
        return [step(kind="refused", text=text, refusal=refusal, view=before, action=number - 1)]
    canonical = applied.action
    result = applied.round_result
    if result is not None:
        ended_view, ended = round_end(game, copy, canonical, result, viewer)
        after = ended_view
    else:
        after, ended = game.view(viewer), None
    public = result is not None or (bool(after.log) and after.log[-1] == canonical) or canonical.seat == viewer
    if public:
        kind, text = "action", f"{_who(canonical.seat, viewer)}: {canonical.describe()}"
        text = "; ".join([text, *news_of(before, after)])
    else:  # the seat's view withholds it for now (a sealed declaration, RR-C1)
        kind, text = "sealed", f"{_who(canonical.seat, viewer)} has made a sealed move"
    fresh = frozenset(after.hand_ids) - frozenset(before.hand_ids) if viewer is not None else frozenset()
    if ended is None:
        return [step(kind=kind, text=text, view=after, fresh=fresh)]
    note = _round_note(result, game) if result is not None else ""
    made = [step(kind=kind, text=text, note=note, view=after, ended=ended)]
    if not game.is_over:
        dealt = game.view(viewer)
        words = f"Round {game.round} is dealt by seat {game.dealer}"
        made.append(Step(index=index + 1, action=number, round=game.round, turn=1, kind="deal", text=words, view=dealt))
    return made


def _describe(action: Any) -> str:
    try:
        return str(action.describe())
    except Exception:  # an action so malformed that it cannot say what it is
        return quote(action)


# -- the page ------------------------------------------------------------------------------------


class _Parts:
    """Each distinct piece of markup once, by number."""

    def __init__(self) -> None:
        self.numbers: dict[str, int] = {}

    def number(self, markup: str) -> int:
        found = self.numbers.get(markup)
        if found is None:
            found = self.numbers[markup] = len(self.numbers)
        return found

    def texts(self) -> list[str]:
        return list(self.numbers)


def _frame(step: Step, parts: _Parts, names: Sequence[str] | None) -> list[float]:
    """A step's picture as part numbers: its opening tag, then each block and its place."""
    drawn = svg.layout(step.view, fresh=step.fresh, names=names, ended=step.ended)
    frame: list[float] = [parts.number(open_tag(drawn.width, drawn.height, drawn.title))]
    for item in drawn.placed:
        frame.extend((parts.number(item.block.markup), _coordinate(item.x), _coordinate(item.y)))
    return frame


def _coordinate(value: float) -> float:
    """A place as the pictures write it (``number``): JavaScript then writes it the same way."""
    rounded = round(value, 2)
    return int(rounded) if rounded == int(rounded) else rounded


def _data(replayed: Replay, names: Sequence[str] | None) -> dict[str, Any]:
    parts = _Parts()
    frames = [_frame(step, parts, names) for step in replayed.steps]
    steps = []
    for step in replayed.steps:
        entry: dict[str, Any] = {
            "action": step.action,
            "round": step.round,
            "turn": step.turn,
            "kind": step.kind,
            "text": step.text,
        }
        if step.note:
            entry["note"] = step.note
        if step.revealed:
            entry["revealed"] = step.revealed
        if step.ended is not None:
            entry["ended"] = True
        if step.refusal is not None:
            refusal = step.refusal
            entry["refusal"] = attrs.asdict(refusal)
        steps.append(entry)
    return {"parts": parts.texts(), "frames": frames, "steps": steps}


def _script_json(data: dict[str, Any]) -> str:
    """JSON that is safe inside a ``<script>`` element: no ``<`` (so no ``</script>``), no U+2028/9."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def replay_html(
    record: GameRecord,
    *,
    seat: int | None = None,
    title: str | None = None,
    names: Sequence[str] | None = None,
    show_seed: bool = False,
) -> str:
    """The replay viewer's page for ``record``, from ``seat``'s view (``None``: the spectator's).

    Args:
        record: the game record (``game.record``, or [`load_record`][rummykit.documents.serialize.load_record]).
        seat: whose view the pictures show; ``None`` for the spectator, who sees no hand.
        title: the page's title (default: the variant and the number of players).
        names: each seat's name in the pictures (default ``seat 0``, ``seat 1``...).
        show_seed: name the game's seed in the title (the spectator's page only; see
            [`replay_steps`][rummykit.viewer.replay_steps]).

    Raises:
        InvalidRecordError: the record cannot start its game.
        InvalidOptionError: ``seat`` is not a seat of the game, bad ``names``, or ``show_seed`` for a seat.
    """
    return replay_page(replay_steps(record, seat=seat, show_seed=show_seed), title=title, names=names)


_SLOT: Final = re.compile(r"@([A-Z]+)@")
"""A slot of the page's template: ``@TITLE@``."""


def fill(template: str, values: dict[str, str]) -> str:
    """``template`` with each slot ``@NAME@`` replaced by ``values[NAME]``, in one pass: a value is
    never read again for slots, so a title that reads ``@BUTTONS@`` stays that text.

    Examples:
        >>> values = {"TITLE": "@BUTTONS@", "BUTTONS": "<button>"}
        >>> fill("<h1>@TITLE@</h1>@BUTTONS@", values)
        '<h1>@BUTTONS@</h1><button>'
    """
    return _SLOT.sub(lambda slot: values[slot.group(1)], template)


def replay_page(replayed: Replay, *, title: str | None = None, names: Sequence[str] | None = None) -> str:
    """The page of a record replayed with [`replay_steps`][rummykit.viewer.replay_steps] (see
    [`replay_html`][rummykit.viewer.replay_html])."""
    if title is not None and not isinstance(title, str):
        raise InvalidOptionError(f"title is text, not {quote(title)}")
    heading = title or replayed.title
    whose = "the spectator's view" if replayed.seat is None else f"seat {replayed.seat}'s view"
    data = _data(replayed, names)
    values = {
        "TITLE": escape(heading),
        "WHOSE": escape(whose),
        "STYLE": _STYLE,
        "SYMBOLS": every_symbol(),
        "DATA": _script_json(data),
        "SCRIPT": _SCRIPT,
        "BUTTONS": _BUTTONS,
    }
    return fill(_PAGE, values)


def write_replay_html(
    record: GameRecord,
    path: str | Path,
    *,
    seat: int | None = None,
    title: str | None = None,
    show_seed: bool = False,
) -> Path:
    """Write [`replay_html`][rummykit.viewer.replay_html] of ``record`` to ``path`` (UTF-8); return the path."""
    page = replay_html(record, seat=seat, title=title, show_seed=show_seed)
    target = Path(path)
    target.write_text(page, encoding="utf-8")
    return target


_PAGE: Final = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="rummykit">
<title>@TITLE@ · @WHOSE@</title>
<style>@STYLE@</style>
</head>
<body>
<header id="heading">
<h1>@TITLE@</h1>
<p id="whose">@WHOSE@</p>
</header>
<div id="bar">
<nav id="controls" aria-label="steps">
@BUTTONS@<input type="range" id="slider" min="0" max="0" value="0" aria-label="step">
<span id="counter" aria-live="polite"></span>
</nav>
<section id="action" aria-live="polite">
<p id="where"></p>
<p id="text"></p>
<p id="note" hidden></p>
<div id="refusal" hidden><p id="refusal-reason"></p><p id="refusal-rule"></p></div>
</section>
</div>
<main>
<div id="picture"></div>
<aside id="log" aria-label="every action"><ol id="steps"></ol></aside>
</main>
<svg id="rk-symbols" width="0" height="0" aria-hidden="true" focusable="false" style="position:absolute">\
<defs>@SYMBOLS@</defs></svg> <script type="application/json" id="rk-data">@DATA@</script>
<script>@SCRIPT@</script>
</body>
</html>
"""


def _button(name: str, title: str, label: str, icon: str) -> str:
    """A button of the controls, its icon a path in a 16 by 14 box."""
    svg_icon = (
        '<svg width="16" height="14" viewBox="0 0 16 14" aria-hidden="true">'
        f'<path d="{icon}" fill="currentColor"/></svg>'
    )
    return f'<button type="button" id="{name}" title="{title}" aria-label="{label}">{svg_icon}</button>\n'


_BUTTONS: Final = (
    _button("first", "the start (Home)", "first step", "M2 1h2v12H2zM14 1v12L5 7z")
    + _button(
        "round-back",
        "the previous round's start or end (Shift+&#x2190;)",
        "previous round",
        "M8 1v12L1 7zM15 1v12L8 7z",
    )
    + _button("back", "one action back (&#x2190;)", "previous step", "M12 1v12L4 7z")
    + '<button type="button" id="play" title="play (P)" aria-label="play">play</button>\n'
    + _button("forward", "one action forward (&#x2192;)", "next step", "M4 1v12l8-6z")
    + _button(
        "round-forward", "the next round's end or start (Shift+&#x2192;)", "next round", "M1 1v12l7-6zM8 1v12l7-6z"
    )
    + _button("last", "the end (End)", "last step", "M2 1v12l9-6zM12 1h2v12h-2z")
)

_STYLE: Final = """
:root { color-scheme: light; --felt: #23613f; --gold: #f2b705; --ink: #1a1a1a; --paper: #fbf8ef;
  --ground: #eef2ef; --bar: 0px; --top: 0px; }
* { box-sizing: border-box; }
body { margin: 0; padding: 8px 16px 24px; font: 15px/1.4 "DejaVu Sans", Verdana, Arial, sans-serif;
  color: var(--ink); background: var(--ground); }
#heading { display: flex; align-items: baseline; column-gap: 16px; flex-wrap: wrap; }
h1 { font-size: 20px; margin: 0 0 4px; }
#whose { margin: 0; color: #4a5a50; }
#bar { position: sticky; top: 0; z-index: 2; background: var(--ground); padding: 6px 0 8px; }
#controls { display: flex; align-items: center; gap: 6px; flex-wrap: wrap; margin: 0 0 6px; }
#controls button svg { display: block; }
#controls button { font: inherit; min-width: 40px; min-height: 32px; padding: 5px 10px; border: 1px solid #9aa89f;
  border-radius: 6px; background: #fff; cursor: pointer; }
#controls button:hover { background: #f4f8f5; }
#controls button:disabled { opacity: .4; cursor: default; }
#slider { flex: 1 1 160px; min-width: 120px; }
#counter { min-width: 120px; font-variant-numeric: tabular-nums; }
#action { background: var(--paper); border: 1px solid #c9c1a8; border-radius: 8px; padding: 6px 12px; }
#action p { margin: 2px 0; }
#where { color: #5b6660; font-size: 13px; }
#text { font-weight: bold; }
#action.sealed #text { font-style: italic; font-weight: normal; }
#note { color: #0d47a1; }
#refusal { border-left: 4px solid #b71c1c; padding: 4px 10px; margin-top: 6px; background: #fdecea; }
#refusal p { margin: 2px 0; }
#refusal-rule { color: #5d1010; font-size: 14px; }
main { display: flex; flex-direction: column; gap: 12px; }
#picture { min-width: 0; }
#picture svg { display: block; max-width: 100%; height: auto; }
#log { background: #fff; border: 1px solid #c9d2cc; border-radius: 8px; font-size: 13px; overflow-y: auto;
  max-height: 40vh; }
#log ol { list-style: none; margin: 0; padding: 4px 0; }
#log li button { all: unset; display: block; width: 100%; box-sizing: border-box; padding: 2px 10px; cursor: pointer;
  overflow-wrap: anywhere; }
#log li button:hover { background: #eef6f0; }
#log li button:focus-visible { outline: 2px solid #0d47a1; }
#log li.round button { font-weight: bold; margin-top: 6px; }
#log li.ended button { color: #0d47a1; }
#log li.sealed button { font-style: italic; color: #666; }
#log li.refused button { color: #b71c1c; font-weight: bold; }
#log li.current button { background: var(--gold); color: var(--ink); }
@media (max-width: 600px) {
  body { padding: 6px 8px 16px; font-size: 14px; }
  h1 { font-size: 17px; }
  #controls { gap: 4px; }
  #controls button { min-width: 36px; padding: 4px 8px; }
  #counter { min-width: 0; }
}
@media (min-width: 900px) {
  main { flex-direction: row; align-items: flex-start; }
  #picture { flex: 0 1 860px; min-width: 0; }
  #log { flex: 1 1 260px; min-width: 220px; position: sticky; top: calc(var(--bar) + 4px);
    max-height: calc(100vh - var(--top) - 12px); }
}
"""

_SCRIPT: Final = """
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("rk-data").textContent);
  const parts = data.parts, frames = data.frames, steps = data.steps;
  const last = steps.length - 1;
  const $ = (id) => document.getElementById(id);
  const picture = $("picture"), slider = $("slider"), list = $("steps"), log = $("log"), bar = $("bar");
  let current = -1, timer = null;

  function frameMarkup(index) {
    const frame = frames[index];
    let markup = parts[frame[0]];
    for (let i = 1; i < frame.length; i += 3) {
      markup += '<g transform="translate(' + frame[i + 1] + "," + frame[i + 2] + ')">' + parts[frame[i]] + "</g>";
    } return markup + "</svg>";
  }

  // Where a round starts (a deal) and where it ends (its scores): Shift+arrows step between them.
  const starts = [0], marks = [0];
  steps.forEach(function (step, index) {
    if (index > 0 && step.kind === "deal") { starts.push(index); marks.push(index); }
    if (step.ended) marks.push(index);
  });

  function where(step, index) {
    if (index === 0) return "the start";
    const at = step.kind === "deal" ? "round " + step.round + ", the deal"
      : "round " + step.round + ", turn " + step.turn + (step.ended ? " · the round's end" : "");
    return "step " + index + " · " + at;
  }

  function entry(step, index) {
    return (index === 0 ? "" : index + ". ") + (step.revealed || step.text);
  }

  function follow(item) {
    // Keep the current step in sight in the list's own box (never scrolling the page).
    const box = log.getBoundingClientRect(), place = item.getBoundingClientRect();
    if (place.top < box.top || place.bottom > box.bottom) {
      log.scrollTop += place.top - box.top - (box.height - place.height) / 2;
    }
  }

  function show(index) {
    index = Math.max(0, Math.min(last, index));
    const step = steps[index];
    picture.innerHTML = frameMarkup(index);
    picture.dataset.step = String(index);
    $("where").textContent = where(step, index);
    $("text").textContent = step.text;
    $("action").className = step.kind;
    const note = $("note");
    note.hidden = !step.note;
    note.textContent = step.note || "";
    const refusal = $("refusal");
    refusal.hidden = !step.refusal;
    if (step.refusal) {
      const r = step.refusal;
      $("refusal-reason").textContent = "Refused" + (r.rule ? " (" + r.rule + ")" : "") + ": " + r.reason;
      const rule = r.rule + (r.title ? " " + r.title : "") + (r.text ? ": " + r.text : "");
      $("refusal-rule").textContent = r.rule ? rule : "";
    }
    slider.value = String(index);
    $("counter").textContent = "step " + index + " of " + last;
    $("first").disabled = $("back").disabled = $("round-back").disabled = index === 0;
    $("last").disabled = $("forward").disabled = $("round-forward").disabled = index === last;
    if (current >= 0 && list.children[current]) list.children[current].classList.remove("current");
    const item = list.children[index];
    if (item) { item.classList.add("current"); follow(item); }
    current = index;
    try { history.replaceState(null, "", "#" + index); } catch (error) { /* a page without history */ }
  }

  function stop() {
    if (timer !== null) { clearInterval(timer); timer = null; }
    $("play").textContent = "play";
    $("play").setAttribute("aria-label", "play");
  }
  function play() {
    if (timer !== null) { stop(); return; }
    if (current === last) show(0);
    timer = setInterval(function () { if (current >= last) stop(); else show(current + 1); }, 700);
    $("play").textContent = "pause"; $("play").setAttribute("aria-label", "pause");
  }
  function roundBack() {
    const before = marks.filter((s) => s < current);
    show(before.length ? before[before.length - 1] : 0);
  }
  function roundForward() {
    const after = marks.filter((s) => s > current);
    show(after.length ? after[0] : last);
  }

  steps.forEach(function (step, index) {
    const item = document.createElement("li");
    item.className = step.kind + (starts.indexOf(index) >= 0 ? " round" : "") + (step.ended ? " ended" : "");
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = entry(step, index);
    button.addEventListener("click", function () { stop(); show(index); });
    item.appendChild(button);
    list.appendChild(item);
  });
  function measure() {  // the list beside the picture fits the window under the controls, scrolled or not
    const root = document.documentElement.style;
    root.setProperty("--bar", bar.offsetHeight + "px");
    root.setProperty("--top", bar.offsetTop + bar.offsetHeight + "px");
  }
  window.addEventListener("resize", measure);
  slider.max = String(last);
  slider.addEventListener("input", function () { stop(); show(Number(slider.value)); });
  $("first").addEventListener("click", function () { stop(); show(0); });
  $("last").addEventListener("click", function () { stop(); show(last); });
  $("back").addEventListener("click", function () { stop(); show(current - 1); });
  $("forward").addEventListener("click", function () { stop(); show(current + 1); });
  $("round-back").addEventListener("click", function () { stop(); roundBack(); });
  $("round-forward").addEventListener("click", function () { stop(); roundForward(); });
  $("play").addEventListener("click", play);
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target === slider && !event.shiftKey) return;  // the slider's own keys
    let act = null;
    if (event.key === "ArrowLeft") act = event.shiftKey ? roundBack : function () { show(current - 1); };
    else if (event.key === "ArrowRight") act = event.shiftKey ? roundForward : function () { show(current + 1); };
    else if (event.key === "Home" && !event.shiftKey) act = function () { show(0); };
    else if (event.key === "End" && !event.shiftKey) act = function () { show(last); };
    else if ((event.key === "p" || event.key === "P") && !event.shiftKey) { event.preventDefault(); play(); return; }
    if (act) { event.preventDefault(); stop(); act(); }
  });
  window.addEventListener("hashchange", function () {
    const wanted = parseInt(location.hash.slice(1), 10);
    if (!isNaN(wanted) && wanted !== current) show(wanted);
  });
  measure();
  const start = parseInt(location.hash.slice(1), 10);
  show(isNaN(start) ? 0 : start);
})();
"""
