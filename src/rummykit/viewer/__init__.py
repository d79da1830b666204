"""The replay viewer: a game record as one self-contained HTML page that steps through the game
action by action, from one seat's view or the spectator's (``rummykit replay game.json --html
out.html --seat 2``).

The page needs no network and no build step: its script, style and card pictures are inline, and it
works from a local file in any current browser. Each step shows the picture of the view after the
action ([`rummykit.svg.view`][rummykit.svg.view], the same blocks), the action in words, and at the
end of a round how it ended. Only what the seat may see is in the page: every picture is drawn from
the seat's view, and an action its view withholds (a sealed claim, RR-C1) is shown as a sealed
move. A record whose action the rules refuse is shown up to that action, with the refusal, its rule's
id and the rule in words.

Buttons, the slider and the keys step through the game: ← and → one action, Page Up and Page Down
one round, Home and End to either end, space to play. The address's ``#12`` opens step 12.

Examples:
    >>> import rummykit
    >>> game = rummykit.new_game("rummy", players=2, seed=5)
    >>> for _ in range(4):
    ...     _ = game.apply(game.legal_actions(game.turn)[0])
    >>> page = replay_html(game.record, seat=0)
    >>> page.startswith("<!DOCTYPE html>"), "http://" in page.replace("http://www.w3.org/", "")
    (True, False)
    >>> replay_html(game.record, seat=2)
    Traceback (most recent call last):
    ...
    rummykit.core.errors.InvalidOptionError: seat is a seat of this 2-player game (0 to 1) or None ..., not 2
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

from rummykit import svg
from rummykit.core.actions import Action
from rummykit.core.engine import Game, replay
from rummykit.core.errors import IllegalActionError, InvalidOptionError, InvalidRecordError, RummyError, quote
from rummykit.core.records import GameRecord
from rummykit.core.specs import COMMON_RULES, RuleText
from rummykit.core.state import RoundResult
from rummykit.core.views import View
from rummykit.svg.canvas import escape, open_tag
from rummykit.svg.faces import every_symbol

__all__ = ["Refusal", "Replay", "Step", "replay_html", "replay_page", "replay_steps", "write_replay_html"]


@attrs.frozen(kw_only=True)
class Refusal:
    """Why an action of a record was refused: its rule (empty for an action that is not an action of
    the game at all), the reason in words, and the rule's title and text from the rule book."""

    rule: str
    reason: str
    title: str = ""
    text: str = ""


@attrs.frozen(kw_only=True)
class Step:
    """One step of a replay: the position after an action (or at the start), as the seat sees it.

    Attributes:
        index: 0 for the start, n after the record's n-th action.
        round, turn: where the action was taken (the round and turn number before it).
        kind: ``"deal"`` (the start), ``"action"``, ``"sealed"`` (an action the seat's view withholds)
            or ``"refused"`` (an action the rules refuse: the replay stops there).
        text: the action in words, as the seat may know it.
        note: how a round or the game ended with this action, if it did.
        refusal: why the action was refused (``kind == "refused"``).
        view: the seat's view after the action (before it, for a refused action).
        fresh: card ids of the seat's hand that the action brought.
    """

    index: int
    round: int
    turn: int
    kind: str
    text: str
    note: str = ""
    refusal: Refusal | None = None
    view: View
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


def replay_steps(record: GameRecord, *, seat: int | None = None) -> Replay:
    """Replay ``record`` action by action, keeping each step as ``seat`` sees it.

    Raises:
        InvalidRecordError: the record cannot start its game (a refused action is a step, not an error).
        InvalidOptionError: ``seat`` is not a seat of the game.
    """
    if not isinstance(record, GameRecord):
        raise InvalidRecordError(
            "", f"expected a GameRecord (rummykit.documents.serialize.load_record reads one), not {quote(record)}"
        )
    game = replay(record, upto=0)
    viewer = _check_seat(seat, game.players)
    view = game.view(viewer)
    start = "The position" if record.position is not None else f"Round {game.round} is dealt by seat {game.dealer}"
    steps = [Step(index=0, round=game.round, turn=game.state.turn_number, kind="deal", text=start, view=view)]
    for index, action in enumerate(record.actions, start=1):
        step = _step(game, viewer, index, action, view)
        steps.append(step)
        if step.kind == "refused":
            break
        view = step.view
    title = f"{game.spec.title}, {game.players} players" + (f", seed {game.seed}" if game.seed is not None else "")
    return Replay(title=title, seat=viewer, players=game.players, steps=tuple(steps))


def _step(game: Game, viewer: int | None, index: int, action: Action, before: View) -> Step:
    """Apply ``action``, the ``index``-th of the record, and keep the step as ``viewer`` sees it."""
    step = functools.partial(Step, index=index, round=game.round, turn=game.state.turn_number)
    rounds = len(game.history)
    try:
        game.apply(action)
    except IllegalActionError as err:
        rule = _find_rule(game, err.rule)
        refusal = Refusal(
            rule=err.rule, reason=err.reason, title=rule.title if rule else "", text=rule.text if rule else ""
        )
        text = f"{_who(action.seat, viewer)} may not {action.describe()}"
        return step(kind="refused", text=text, refusal=refusal, view=before)
    except (RummyError, ValueError) as exc:  # not an action of this game at all
        seat = action.seat if isinstance(action, Action) and isinstance(action.seat, int) else None
        text = f"{_who(seat, viewer)}: {_describe(action)}" if seat is not None else _describe(action)
        return step(kind="refused", text=text, refusal=Refusal(rule="", reason=str(exc)), view=before)
    after = game.view(viewer)
    ended = len(game.history) > rounds
    public = ended or (bool(after.log) and after.log[-1] == action) or action.seat == viewer
    if public:
        kind, text = "action", f"{_who(action.seat, viewer)}: {action.describe()}"
    else:  # the seat's view withholds it for now (a sealed declaration, RR-C1)
        kind, text = "sealed", f"{_who(action.seat, viewer)} has made a sealed move"
    note = _round_note(game.history[-1], game) if ended else ""
    fresh = frozenset(after.hand_ids) - frozenset(before.hand_ids) if not ended and viewer is not None else frozenset()
    return step(kind=kind, text=text, note=note, view=after, fresh=fresh)


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
    drawn = svg.layout(step.view, fresh=step.fresh, names=names)
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
        entry: dict[str, Any] = {"round": step.round, "turn": step.turn, "kind": step.kind, "text": step.text}
        if step.note:
            entry["note"] = step.note
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
    record: GameRecord, *, seat: int | None = None, title: str | None = None, names: Sequence[str] | None = None
) -> str:
    """The replay viewer's page for ``record``, from ``seat``'s view (``None``: the spectator's).

    Args:
        record: the game record (``game.record``, or [`load_record`][rummykit.documents.serialize.load_record]).
        seat: whose view the pictures show; ``None`` for the spectator, who sees no hand.
        title: the page's title (default: the variant, players and seed).
        names: each seat's name in the pictures (default ``seat 0``, ``seat 1``...).

    Raises:
        InvalidRecordError: the record cannot start its game.
        InvalidOptionError: ``seat`` is not a seat of the game, or bad ``names``.
    """
    return replay_page(replay_steps(record, seat=seat), title=title, names=names)


def replay_page(replayed: Replay, *, title: str | None = None, names: Sequence[str] | None = None) -> str:
    """The page of a record replayed with [`replay_steps`][rummykit.viewer.replay_steps] (see
    [`replay_html`][rummykit.viewer.replay_html])."""
    if title is not None and not isinstance(title, str):
        raise InvalidOptionError(f"title is text, not {quote(title)}")
    heading = title or replayed.title
    whose = "the spectator's view" if replayed.seat is None else f"seat {replayed.seat}'s view"
    data = _data(replayed, names)
    return (
        _PAGE.replace("@TITLE@", escape(heading))
        .replace("@WHOSE@", escape(whose))
        .replace("@STYLE@", _STYLE)
        .replace("@SYMBOLS@", every_symbol())
        .replace("@DATA@", _script_json(data))
        .replace("@SCRIPT@", _SCRIPT)
        .replace("@BUTTONS@", _BUTTONS)
    )


def write_replay_html(
    record: GameRecord, path: str | Path, *, seat: int | None = None, title: str | None = None
) -> Path:
    """Write [`replay_html`][rummykit.viewer.replay_html] of ``record`` to ``path`` (UTF-8); return the path."""
    page = replay_html(record, seat=seat, title=title)
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
<header>
<h1>@TITLE@</h1>
<p id="whose">@WHOSE@</p>
</header>
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
    + _button("round-back", "the previous round (Page Up)", "previous round", "M8 1v12L1 7zM15 1v12L8 7z")
    + _button("back", "one action back (&#x2190;)", "previous step", "M12 1v12L4 7z")
    + '<button type="button" id="play" title="play (space)" aria-label="play">play</button>\n'
    + _button("forward", "one action forward (&#x2192;)", "next step", "M4 1v12l8-6z")
    + _button("round-forward", "the next round (Page Down)", "next round", "M1 1v12l7-6zM8 1v12l7-6z")
    + _button("last", "the end (End)", "last step", "M2 1v12l9-6zM12 1h2v12h-2z")
)

_STYLE: Final = """
:root { color-scheme: light; --felt: #23613f; --gold: #f2b705; --ink: #1a1a1a; --paper: #fbf8ef; }
* { box-sizing: border-box; }
body { margin: 0; padding: 12px 16px 24px; font: 15px/1.4 "DejaVu Sans", Verdana, Arial, sans-serif;
  color: var(--ink); background: #eef2ef; }
header { display: flex; align-items: baseline; gap: 16px; flex-wrap: wrap; }
h1 { font-size: 20px; margin: 0 0 6px; }
#whose { margin: 0; color: #4a5a50; }
#controls { display: flex; align-items: center; gap: 6px; flex-wrap: wrap; margin: 6px 0 10px; }
#controls button svg { display: block; }
#controls button { font: inherit; min-width: 40px; min-height: 32px; padding: 5px 10px; border: 1px solid #9aa89f;
  border-radius: 6px; background: #fff; cursor: pointer; }
#controls button:hover { background: #f4f8f5; }
#controls button:disabled { opacity: .4; cursor: default; }
#slider { flex: 1 1 200px; min-width: 120px; }
#counter { min-width: 150px; font-variant-numeric: tabular-nums; }
#action { background: var(--paper); border: 1px solid #c9c1a8; border-radius: 8px; padding: 8px 12px;
  margin-bottom: 10px; min-height: 64px; }
#action p { margin: 2px 0; }
#where { color: #5b6660; font-size: 13px; }
#text { font-weight: bold; }
#action.sealed #text { font-style: italic; font-weight: normal; }
#note { color: #0d47a1; }
#refusal { border-left: 4px solid #b71c1c; padding: 4px 10px; margin-top: 6px; background: #fdecea; }
#refusal p { margin: 2px 0; }
#refusal-rule { color: #5d1010; font-size: 14px; }
main { display: flex; gap: 14px; align-items: flex-start; }
#picture { flex: 0 1 auto; min-width: 0; }
#picture svg { display: block; max-width: 100%; height: auto; }
#log { flex: 1 1 260px; max-height: 80vh; overflow-y: auto; background: #fff; border: 1px solid #c9d2cc;
  border-radius: 8px; font-size: 13px; }
#log ol { list-style: none; margin: 0; padding: 4px 0; }
#log li button { all: unset; display: block; width: 100%; box-sizing: border-box; padding: 2px 10px; cursor: pointer; }
#log li button:hover { background: #eef6f0; }
#log li.round button { font-weight: bold; margin-top: 6px; }
#log li.sealed button { font-style: italic; color: #666; }
#log li.refused button { color: #b71c1c; font-weight: bold; }
#log li.current button { background: var(--gold); }
@media (max-width: 1100px) { main { flex-direction: column; } #log { width: 100%; max-height: 30vh; } }
"""

_SCRIPT: Final = """
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("rk-data").textContent);
  const parts = data.parts, frames = data.frames, steps = data.steps;
  const last = steps.length - 1;
  const $ = (id) => document.getElementById(id);
  const picture = $("picture"), slider = $("slider"), list = $("steps");
  let current = -1, timer = null;

  function frameMarkup(index) {
    const frame = frames[index];
    let markup = parts[frame[0]];
    for (let i = 1; i < frame.length; i += 3) {
      markup += '<g transform="translate(' + frame[i + 1] + "," + frame[i + 2] + ')">' + parts[frame[i]] + "</g>";
    } return markup + "</svg>";
  }

  function roundStarts() {
    const starts = [0];
    for (let i = 1; i <= last; i++) {
      if (steps[i - 1].note) starts.push(i);
    }
    return starts;
  }
  const starts = roundStarts();

  function where(step, index) {
    if (index === 0) return "the start";
    return "step " + index + " · round " + step.round + ", turn " + step.turn;
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
    const item = list.children[index]; if (item) {
      item.classList.add("current");
      const box = $("log");
      if (item.offsetTop < box.scrollTop || item.offsetTop > box.scrollTop + box.clientHeight - 24) {
        box.scrollTop = item.offsetTop - box.clientHeight / 2;
      }
    }
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
    const before = starts.filter((s) => s < current);
    show(before.length ? before[before.length - 1] : 0);
  }
  function roundForward() {
    const after = starts.filter((s) => s > current);
    show(after.length ? after[0] : last);
  }

  steps.forEach(function (step, index) {
    const item = document.createElement("li");
    item.className = step.kind + (starts.indexOf(index) >= 0 ? " round" : "");
    const button = document.createElement("button");
    button.type = "button";
    const heading = index > 0 && starts.indexOf(index) >= 0 ? "Round " + step.round + " · " : "";
    button.textContent = (index === 0 ? "" : index + ". ") + heading + step.text;
    button.addEventListener("click", function () { stop(); show(index); });
    item.appendChild(button);
    list.appendChild(item);
  });
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
    if (event.target === slider && (event.key === "ArrowLeft" || event.key === "ArrowRight")) return;
    const keys = {
      ArrowLeft: function () { show(current - 1); }, ArrowRight: function () { show(current + 1); },
      Home: function () { show(0); }, End: function () { show(last); },
      PageUp: roundBack, PageDown: roundForward,
    };
    if (event.key === " " && event.target.tagName !== "BUTTON") { event.preventDefault(); play(); return; }
    if (keys[event.key]) { event.preventDefault(); stop(); keys[event.key](); }
  });
  window.addEventListener("hashchange", function () {
    const wanted = parseInt(location.hash.slice(1), 10);
    if (!isNaN(wanted) && wanted !== current) show(wanted);
  });
  const start = parseInt(location.hash.slice(1), 10);
  show(isNaN(start) ? 0 : start);
})();
"""
