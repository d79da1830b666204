"""The charts of ``docs/performance.md``: step cost and solver cost against hand size, and each figure's
speed-up over a baseline commit, as plain SVG (no script, no web font, no network: they render in any
browser and build offline)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from xml.sax.saxutils import escape

from benchmarks.results import SPEEDUP, Comparison, Curve

__all__ = ["comparison_chart", "svg_chart"]

_WIDTH, _HEIGHT = 760, 380
_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")


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
        parts.append(
            f'<text x="{left + 8}" y="{top + 16 + 16 * index}" fill="{colour}" font-size="11">'
            f"{escape(curve.name)}</text>"
        )
    return parts


def svg_chart(curves: Sequence[Curve]) -> str:
    """An SVG of two panels: the random step after the draw in 4-player RailRoad Rummy, and the
    contract solver's decide and enumerate medians, each against the number of cards in hand."""
    steps = [curve for curve in curves if curve.name.startswith("step:")]
    solver = [curve for curve in curves if curve.name.startswith("solver:")]
    body = [
        *_panel(steps, 0, "random legal step (after the draw)", log=False),
        *_panel(solver, _WIDTH / 2, "contract solver (median)", log=True),
    ]
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_WIDTH}" height="{_HEIGHT}" '
        f'viewBox="0 0 {_WIDTH} {_HEIGHT}" font-family="sans-serif" font-size="12">\n'
        f'<rect width="{_WIDTH}" height="{_HEIGHT}" fill="white"/>\n' + "\n".join(body) + "\n</svg>\n"
    )


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
    total_width = left + width + 60
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_width}" height="{height}" '
        f'viewBox="0 0 {total_width} {height}" font-family="sans-serif" font-size="12">\n'
        f'<rect width="{total_width}" height="{height}" fill="white"/>\n' + "\n".join(parts) + "\n</svg>\n"
    )
