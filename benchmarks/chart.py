"""The charts of ``docs/performance.md`` and ``docs/performance-history.md``: step cost and solver cost
against hand size, and each figure's speed-up over a baseline commit, as plain SVG (no script, no web
font, no network: they render in any browser and build offline), each with a legend."""

from __future__ import annotations

import math
from collections.abc import Sequence
from xml.sax.saxutils import escape

from benchmarks.results import SPEEDUP, Comparison, Curve

__all__ = ["comparison_chart", "comparison_legend", "svg_chart"]

_WIDTH, _PANELS = 760, 380
_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")
_LEGEND_ROW = 18
_VERDICTS = (("better", "#2ca02c", "better beyond noise"), ("same", "#999", "the same within noise"))
_WORSE = ("worse", "#d62728", "worse beyond noise")


def _legend(entries: Sequence[tuple[str, str]], x: float, y: float) -> list[str]:
    """A legend: one row per series, its line and marker in its colour, then its name."""
    parts = [f'<g class="legend" transform="translate({x:.1f},{y:.1f})">']
    for index, (colour, name) in enumerate(entries):
        row = index * _LEGEND_ROW
        parts.append(
            f'<line x1="0" y1="{row + 5}" x2="22" y2="{row + 5}" stroke="{colour}" stroke-width="2"/>'
            f'<circle cx="11" cy="{row + 5}" r="3" fill="{colour}"/>'
            f'<text x="30" y="{row + 9}" font-size="11">{escape(name)}</text>'
        )
    return [*parts, "</g>"]


def _series_name(curve: Curve) -> str:
    """A curve's name without the prefix that chose its panel (``step:``, ``solver:``)."""
    return curve.name.split(":", 1)[1].strip() if ":" in curve.name else curve.name


def _panel(curves: Sequence[Curve], x0: float, title: str, *, log: bool) -> list[str]:
    """One panel: ``curves`` over hand size, the y axis in µs (log scale if ``log``)."""
    left, top, width, height = x0 + 58, 40, 300, 270
    points = [p for curve in curves for p in curve.points if p[1] > 0]
    parts = [f'<text x="{x0 + 200}" y="22" text-anchor="middle" font-weight="bold">{escape(title)}</text>']
    if not points:
        return [*parts, f'<text x="{x0 + 200}" y="170" text-anchor="middle">not measured</text>']
    xs = [p[0] for p in points]
    x_low, x_high = min(xs), max(xs)
    x_high = x_high if x_high > x_low else x_low + 1
    ys = [p[1] for p in points]
    if log:
        y_low = 10 ** math.floor(math.log10(min(ys)))
        y_high = 10 ** math.ceil(math.log10(max(ys)))
        ticks = [y_low * 10**i for i in range(round(math.log10(y_high / y_low)) + 1)]
    else:
        y_low, step = 0.0, 10 ** math.floor(math.log10(max(ys)))
        y_high = math.ceil(max(ys) / step) * step
        ticks = [step * i for i in range(round(y_high / step) + 1)]

    def x_at(value: float) -> float:
        return left + (value - x_low) / (x_high - x_low) * width

    def y_at(value: float) -> float:
        if log:
            fraction = math.log10(value / y_low) / math.log10(y_high / y_low)
        else:
            fraction = (value - y_low) / (y_high - y_low)
        return top + height - fraction * height

    parts.append(f'<rect x="{left}" y="{top}" width="{width}" height="{height}" fill="none" stroke="#888"/>')
    for tick in ticks:
        y = y_at(tick)
        label = f"{tick:g}"
        parts.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left + width}" y2="{y:.1f}" stroke="#ddd"/>')
        parts.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{label}</text>')
    every = max(1, math.ceil((x_high - x_low) / 12))  # at most about a dozen labels
    for size in range(int(x_low), int(x_high) + 1, every):
        x = x_at(size)
        parts.append(f'<text x="{x:.1f}" y="{top + height + 18}" text-anchor="middle">{size}</text>')
    parts.append(
        f'<text x="{left + width / 2}" y="{top + height + 36}" text-anchor="middle">cards in hand</text>'
        f'<text x="{x0 + 14}" y="{top + height / 2}" text-anchor="middle" '
        f'transform="rotate(-90 {x0 + 14} {top + height / 2})">µs{" (log scale)" if log else ""}</text>'
    )
    for index, curve in enumerate(curves):
        colour = _COLOURS[index % len(_COLOURS)]
        line = " ".join(f"{x_at(x):.1f},{y_at(y):.1f}" for x, y in curve.points if y > 0)
        parts.append(f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="2"/>')
        parts.extend(
            f'<circle cx="{x_at(x):.1f}" cy="{y_at(y):.1f}" r="3" fill="{colour}"/>' for x, y in curve.points if y > 0
        )
    entries = [(_COLOURS[index % len(_COLOURS)], _series_name(curve)) for index, curve in enumerate(curves)]
    return [*parts, *_legend(entries, left, _PANELS + 4)]


def svg_chart(curves: Sequence[Curve]) -> str:
    """An SVG of two panels: the random step after the draw in 4-player RailRoad Rummy, and the
    contract solver's decide and enumerate medians, each against the number of cards in hand; under
    each panel a legend names its lines."""
    steps = [curve for curve in curves if curve.name.startswith("step:")]
    solver = [curve for curve in curves if curve.name.startswith("solver:")]
    body = [
        *_panel(steps, 0, "random legal step (after the draw)", log=False),
        *_panel(solver, _WIDTH / 2, "contract solver (median)", log=True),
    ]
    height = _PANELS + 8 + _LEGEND_ROW * max(len(steps), len(solver), 1)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_WIDTH}" height="{height}" '
        f'viewBox="0 0 {_WIDTH} {height}" font-family="sans-serif" font-size="12">\n'
        f'<rect width="{_WIDTH}" height="{height}" fill="white"/>\n' + "\n".join(body) + "\n</svg>\n"
    )


def comparison_legend(x: float, y: float, *, worse: bool = True) -> list[str]:
    """The legend of [`comparison_chart`][benchmarks.chart.comparison_chart]: what each bar's colour
    says, the whisker and the dashed line, from ``(x, y)``."""
    verdicts = (*_VERDICTS, _WORSE) if worse else _VERDICTS
    parts = [f'<g class="legend" transform="translate({x:.1f},{y:.1f})">']
    column = 0.0
    for _, colour, words in verdicts:
        parts.append(
            f'<circle cx="{column + 5}" cy="5" r="5" fill="{colour}"/>'
            f'<text x="{column + 14}" y="9" font-size="11">{escape(words)}</text>'
        )
        column += 26 + 6.2 * len(words)
    parts.append(
        f'<line x1="0" y1="{_LEGEND_ROW + 5}" x2="22" y2="{_LEGEND_ROW + 5}" stroke="#000"/>'
        f'<text x="30" y="{_LEGEND_ROW + 9}" font-size="11">whisker: the lowest to the highest of the rounds</text>'
        f'<line x1="300" y1="{_LEGEND_ROW - 1}" x2="300" y2="{_LEGEND_ROW + 11}" stroke="#444" stroke-dasharray="4 3"/>'
        f'<text x="308" y="{_LEGEND_ROW + 9}" font-size="11">the {SPEEDUP:g}× a target asks for</text>'
    )
    return [*parts, "</g>"]


def comparison_chart(comparison: Comparison) -> str:
    """An SVG of one bar per figure: how many times better this commit is than the baseline (log
    scale; right of 1×: faster or smaller), with the lowest and highest of the rounds as a whisker,
    and the issue's 3× bound as a dashed line. Red: worse beyond noise; grey: the same within noise."""
    figures = [figure for figure in comparison.figures if figure.worse]
    row, top, left, width = 18, 40, 220, 400
    height = top + row * len(figures) + 40
    low, high = 0.25, 16.0

    def x_at(value: float) -> float:
        value = min(max(value, low), high)
        return left + math.log(value / low) / math.log(high / low) * width

    parts = [
        f'<text x="{left + width / 2}" y="20" text-anchor="middle" font-weight="bold">'
        f"speed-up over the baseline (log scale; whiskers: the rounds)</text>"
    ]
    bottom = top + row * len(figures)
    for tick in (0.25, 0.5, 1, 2, 3, 8, 16):
        x = x_at(tick)
        dash = ' stroke-dasharray="4 3"' if tick == SPEEDUP else ""
        colour = "#444" if tick in (1, SPEEDUP) else "#ddd"
        parts.append(f'<line x1="{x:.1f}" y1="{top - 4}" x2="{x:.1f}" y2="{bottom}" stroke="{colour}"{dash}/>')
        parts.append(f'<text x="{x:.1f}" y="{bottom + 16}" text-anchor="middle">{tick:g}×</text>')
    for index, figure in enumerate(figures):
        y = top + row * index
        verdict = figure.verdict
        colour = {"better": "#2ca02c", "worse": "#d62728"}.get(verdict, "#999")
        start, end = sorted((x_at(1.0), x_at(figure.speedup)))
        speedups = [1 / value for value in figure.worse]
        parts.append(
            f'<text x="{left - 6}" y="{y + 12}" text-anchor="end" font-size="11">{escape(figure.key)}</text>'
            f'<rect x="{start:.1f}" y="{y + 3}" width="{max(end - start, 1):.1f}" height="{row - 6}" fill="{colour}"/>'
            f'<line x1="{x_at(min(speedups)):.1f}" y1="{y + row / 2}" x2="{x_at(max(speedups)):.1f}" '
            f'y2="{y + row / 2}" stroke="#000"/>'
            f'<text x="{left + width + 6}" y="{y + 12}" font-size="11">{figure.speedup:.2f}×</text>'
        )
    parts.extend(comparison_legend(16, bottom + 30))
    height += 2 * _LEGEND_ROW + 6
    total_width = left + width + 60
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_width}" height="{height}" '
        f'viewBox="0 0 {total_width} {height}" font-family="sans-serif" font-size="12">\n'
        f'<rect width="{total_width}" height="{height}" fill="white"/>\n' + "\n".join(parts) + "\n</svg>\n"
    )
