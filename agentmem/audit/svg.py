"""Inline SVG charts, drawn as plain strings: no script, no font or image to fetch."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

LEFT, RIGHT, TOP, BOTTOM = 52, 16, 46, 64
AXIS = "#888"
INK = "#222"


@dataclass(frozen=True)
class Series:
    """One coloured band of a chart: a name, a colour and one value per category."""

    name: str
    color: str
    values: Sequence[float]


def nice_ceiling(value: float) -> float:
    """The smallest 1, 2 or 5 × 10ⁿ at or above `value` (1 for nothing), for a readable axis."""
    if value <= 0:
        return 1.0
    power = 10 ** math.floor(math.log10(value))
    for step in (1, 2, 5, 10):
        if value <= step * power:
            return float(step * power)
    return float(10 * power)


def _fmt(value: float) -> str:
    return f"{value:g}" if value < 10_000 else f"{value:.3g}"


def _frame(title: str, width: int, height: int, body: list[str]) -> str:
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{escape(title)}" '
        f'width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        'font-family="sans-serif" font-size="11">'
    )
    heading = f'<text x="{LEFT}" y="18" font-size="13" font-weight="bold" fill="{INK}">{escape(title)}</text>'
    return "".join([head, heading, *body, "</svg>"])


def _y_axis(top_value: float, width: int, height: int) -> list[str]:
    plot_h = height - TOP - BOTTOM
    out = [
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{height - BOTTOM}" stroke="{AXIS}"/>',
        f'<line x1="{LEFT}" y1="{height - BOTTOM}" x2="{width - RIGHT}" y2="{height - BOTTOM}" stroke="{AXIS}"/>',
    ]
    for fraction in (0.0, 0.5, 1.0):
        y = TOP + plot_h * (1 - fraction)
        out.append(
            f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end" fill="{INK}">'
            f"{_fmt(top_value * fraction)}</text>"
        )
        if fraction:
            out.append(
                f'<line x1="{LEFT}" y1="{y:.1f}" x2="{width - RIGHT}" y2="{y:.1f}" stroke="#ddd"/>'
            )
    return out


def _x_labels(categories: Sequence[str], slot: float, height: int) -> list[str]:
    out = []
    every = max(1, math.ceil(len(categories) / 16))  # at most ~16 labels, whatever the span
    for i, label in enumerate(categories):
        if i % every:
            continue
        x = LEFT + slot * (i + 0.5)
        y = height - BOTTOM + 14
        out.append(
            f'<text x="{x:.1f}" y="{y}" text-anchor="end" fill="{INK}" '
            f'transform="rotate(-35 {x:.1f} {y})">{escape(label)}</text>'
        )
    return out


def _legend(series: Sequence[Series], width: int, height: int) -> list[str]:
    out, x = [], LEFT
    y = 36  # under the title, clear of the rotated day labels
    for s in series:
        out.append(f'<rect x="{x}" y="{y - 9}" width="10" height="10" fill="{s.color}"/>')
        out.append(f'<text x="{x + 14}" y="{y}" fill="{INK}">{escape(s.name)}</text>')
        x += 24 + 7 * len(s.name)
        if x > width - 80:
            break
    return out


def stacked_bars(
    title: str,
    categories: Sequence[str],
    series: Sequence[Series],
    width: int = 760,
    height: int = 260,
) -> str:
    """Bars per category, each series stacked on the one before."""
    n = max(1, len(categories))
    totals = [sum(s.values[i] for s in series) for i in range(len(categories))]
    top_value = nice_ceiling(max(totals, default=0))
    plot_w, plot_h = width - LEFT - RIGHT, height - TOP - BOTTOM
    slot = plot_w / n
    body = _y_axis(top_value, width, height)
    for i, category in enumerate(categories):
        base = 0.0
        for s in series:
            value = s.values[i]
            if value <= 0:
                continue
            h = plot_h * value / top_value
            y = TOP + plot_h * (1 - (base + value) / top_value)
            body.append(
                f'<rect x="{LEFT + slot * i + slot * 0.15:.1f}" y="{y:.1f}" '
                f'width="{slot * 0.7:.1f}" height="{h:.1f}" fill="{s.color}">'
                f"<title>{escape(category)} · {escape(s.name)}: {_fmt(value)}</title></rect>"
            )
            base += value
    body += _x_labels(categories, slot, height)
    body += _legend(series, width, height)
    return _frame(title, width, height, body)


def ratio_bars(title: str, rows: Sequence[tuple[str, Sequence[Series]]], width: int = 760) -> str:
    """One 100% bar per row (e.g. a hook), split by its series' single values."""
    row_h, label_w = 26, 150
    height = TOP + row_h * max(1, len(rows)) + 30
    body: list[str] = []
    plot_w = width - label_w - RIGHT
    for r, (label, parts) in enumerate(rows):
        y = TOP + r * row_h
        body.append(
            f'<text x="{label_w - 6}" y="{y + 15}" text-anchor="end" fill="{INK}">{escape(label)}</text>'
        )
        total = sum(p.values[0] for p in parts)
        if total <= 0:
            body.append(f'<text x="{label_w}" y="{y + 15}" fill="{AXIS}">no writes</text>')
            continue
        x = float(label_w)
        for p in parts:
            w = plot_w * p.values[0] / total
            if w <= 0:
                continue
            body.append(
                f'<rect x="{x:.1f}" y="{y + 3}" width="{w:.1f}" height="{row_h - 8}" fill="{p.color}">'
                f"<title>{escape(label)} · {escape(p.name)}: {_fmt(p.values[0])} "
                f"({p.values[0] / total:.0%})</title></rect>"
            )
            if w > 34:
                body.append(
                    f'<text x="{x + 4:.1f}" y="{y + 15}" fill="#fff">{p.values[0] / total:.0%}</text>'
                )
            x += w
    legend = rows[0][1] if rows else []
    body += _legend(legend, width, height)
    return _frame(title, width, height, body)


def line(
    title: str,
    points: Sequence[tuple[str, float]],
    color: str = "#3b6fb6",
    width: int = 760,
    height: int = 240,
) -> str:
    """A line over categories (e.g. memory count per day), a dot per point."""
    top_value = nice_ceiling(max((v for _, v in points), default=0))
    plot_w, plot_h = width - LEFT - RIGHT, height - TOP - BOTTOM
    slot = plot_w / max(1, len(points))
    body = _y_axis(top_value, width, height)
    coords = [
        (LEFT + slot * (i + 0.5), TOP + plot_h * (1 - v / top_value))
        for i, (_, v) in enumerate(points)
    ]
    if coords:
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in coords)
        body.append(f'<polyline points="{path}" fill="none" stroke="{color}" stroke-width="2"/>')
    for (label, value), (x, y) in zip(points, coords, strict=True):
        body.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.5" fill="{color}">'
            f"<title>{escape(label)}: {_fmt(value)}</title></circle>"
        )
    body += _x_labels([label for label, _ in points], slot, height)
    return _frame(title, width, height, body)
