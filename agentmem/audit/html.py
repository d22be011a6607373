"""The audit as one self-contained HTML page: tables and inline SVG plots, nothing fetched."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from agentmem.audit import diffview
from agentmem.audit.report import Report
from agentmem.audit.stats import HookStats
from agentmem.audit.svg import Series, line, ratio_bars, stacked_bars
from agentmem.audit.table import COLUMNS, render_next, row

DIFF_SHOWN = 5  # entries per section and hook on the page; `agentmem diff` shows all
HOOK_COLORS = ("#3b6fb6", "#e08a2c", "#4a9a5b", "#8e5bb5", "#c44e52", "#777777")
ACCEPTED, DUPLICATE, REJECTED = "#4a9a5b", "#9bb7d4", "#c44e52"
# Duration bins in ms: fires are fast on files and slow behind a model or a remote store.
BINS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 30_000, 60_000)

STYLE = """
body{font-family:sans-serif;margin:24px;color:#222;max-width:1100px}
h1{font-size:22px}h2{font-size:17px;margin-top:28px;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:8px 0}td,th{padding:4px 10px;border-bottom:1px solid #eee;text-align:right}
td:first-child,th:first-child{text-align:left}th{background:#f4f4f4}
.alarm{background:#fdecea;border-left:4px solid #c44e52;padding:6px 10px;margin:6px 0}
.ok{background:#eaf6ec;border-left:4px solid #4a9a5b;padding:6px 10px}
.hold{background:#fdecea;border-left:4px solid #c44e52;padding:6px 10px}
pre{background:#f7f7f7;padding:8px;white-space:pre-wrap}svg{display:block;margin:10px 0}
.diff div{padding:4px 10px;margin:4px 0}.diff small{color:#555}
.added{background:#e6f4ea;border-left:6px solid #1e8e3e}.cite{background:#f1f3f4;margin-left:18px}
.old{background:#fce8e6;border-left:6px solid #d93025;text-decoration:line-through}
.new{background:#e6f4ea;border-left:6px solid #1e8e3e}.held{border-left:6px solid #9bb7d4}
.refused{background:#fef7e0;border-left:6px solid #f9ab00}
"""


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _bin_labels() -> list[str]:
    labels, low = [], 0
    for high in BINS:
        labels.append(f"{low}–{high} ms" if high < 1000 else f"{low / 1000:g}–{high / 1000:g} s")
        low = high
    return [*labels, f">{BINS[-1] / 1000:g} s"]


def _bin(value: float) -> int:
    return next((i for i, high in enumerate(BINS) if value <= high), len(BINS))


def charts(report: Report, shown: Sequence[HookStats]) -> list[str]:
    """The four plots: fires and writes per day per hook, accept/reject, durations, memory."""
    days = report.window.days()
    labels = [d.isoformat() for d in days]
    colors = {s.hook: HOOK_COLORS[i % len(HOOK_COLORS)] for i, s in enumerate(shown)}

    def per_day(s: HookStats, what: str) -> list[float]:
        return [float(getattr(s.days[d], what)) if d in s.days else 0.0 for d in days]

    out = [
        stacked_bars(
            "Fires per day, by hook",
            labels,
            [Series(s.hook, colors[s.hook], per_day(s, "fires")) for s in shown],
        )
    ]
    writers = [s for s in shown if s.attempted]
    for s in writers:
        out.append(
            stacked_bars(
                f"Writes per day: {s.hook}",
                labels,
                [
                    Series("accepted", ACCEPTED, per_day(s, "accepted")),
                    Series("rejected", REJECTED, per_day(s, "rejected")),
                ],
                height=220,
            )
        )
    out.append(
        ratio_bars(
            "Accepted / duplicate / rejected writes, by hook",
            [
                (
                    s.hook,
                    [
                        Series("accepted", ACCEPTED, [s.accepted]),
                        Series("duplicate", DUPLICATE, [s.duplicates]),
                        Series("rejected", REJECTED, [s.rejected]),
                    ],
                )
                for s in shown
            ],
        )
    )
    bins = _bin_labels()
    histogram = []
    for s in shown:
        counts = [0.0] * len(bins)
        for value in s.durations:
            counts[_bin(value)] += 1
        histogram.append(Series(s.hook, colors[s.hook], counts))
    last = max((i for h in histogram for i, c in enumerate(h.values) if c), default=0)
    histogram = [Series(h.name, h.color, h.values[: last + 1]) for h in histogram]
    out.append(stacked_bars("Duration distribution (fires per bin)", bins[: last + 1], histogram))
    totals = report.growth.totals()
    out.append(
        line("Memories held at the end of each day", [(d.isoformat(), float(n)) for d, n in totals])
    )
    return out


def render(report: Report, hook: str | None = None) -> str:
    """The page: headline, advice, alarms, the table, the details, the plots."""
    shown = report.shown(hook)
    advice = report.advice
    verdict = "done" if advice.complete else "ok" if advice.advance else "hold"
    alarms = "".join(f'<div class="alarm">{escape(a.message)}</div>' for a in report.alarms) or (
        '<div class="ok">No alarms in this window.</div>'
    )
    details = []
    for s in shown:
        if s.skipped or s.failed or s.reasons:
            rows = [[f"skipped: {r}", str(n)] for r, n in s.skipped.most_common()]
            rows += [[f"failed: {t}", str(n)] for t, n in s.failed.most_common()]
            rows += [[f"rejected {f}: {r}", str(n)] for (f, r), n in s.reasons.most_common(5)]
            details.append(f"<h3>{escape(s.hook)}</h3>" + _table(["what", "fires / writes"], rows))
    growth = report.growth
    growth_rows = [
        [d.isoformat(), f"+{n}", str(t)]
        for (d, n), (_, t) in zip(growth.new.items(), growth.totals(), strict=True)
    ]
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>agentmem audit {escape(report.window.label)}</title>",
        f"<style>{STYLE}</style></head><body>",
        "<h1>agentmem audit</h1>",
        f"<p>{escape(report.window.label)} · {report.events} fires · ledger "
        f"<code>{escape(report.log_path)}</code> · generated "
        f"{escape(report.generated_at.isoformat(timespec='seconds'))}</p>",
        f'<h2>Rollout</h2><div class="{verdict}"><pre>{escape(render_next(report))}</pre></div>',
        f"<h2>Alarms ({len(report.alarms)})</h2>{alarms}",
        diffview.html(report.diff, DIFF_SHOWN),
        "<h2>Hooks</h2>" + _table(COLUMNS, [row(s) for s in shown]),
        *details,
        "<h2>Plots</h2>",
        *charts(report, shown),
        "<h2>Memory growth</h2>",
        f"<p>{growth.before} memories before the window; {growth.per_day:.1f} new per day.</p>",
        _table(["day", "new", "held"], growth_rows),
        f"<p>{escape(report.tentative.line() or 'tentative records: none')}</p>",
        _table(
            ["damaged tentative file", "reason"],
            [[str(d.path), d.reason] for d in report.tentative.damaged],
        ),
        "</body></html>",
    ]
    return "\n".join(parts)
