"""The audit as text a person reads on a terminal: one table, then the details and alarms."""

from __future__ import annotations

from collections.abc import Sequence

from agentmem.audit.diffview import hook_lines, hook_order, reading
from agentmem.audit.report import Report
from agentmem.audit.stats import HookStats

DIFF_SHOWN = 5  # entries per section and hook in the table; `agentmem diff` shows all
COLUMNS = (
    "hook",
    "fires",
    "ran",
    "ok",
    "failed",
    "writes att/acc/rej",
    "retr/fire",
    "p50 ms",
    "p95 ms",
    "max ms",
    "pack tok",
)


def grid(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """Columns padded to their widest cell; numbers right-aligned, text left."""
    widths = [max(len(str(r[i])) for r in (header, *rows)) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        out = []
        for i, cell in enumerate(cells):
            text = str(cell)
            numeric = i > 0 and text.replace(".", "").replace("/", "").replace("%", "").isdigit()
            out.append(text.rjust(widths[i]) if numeric else text.ljust(widths[i]))
        return "  ".join(out).rstrip()

    return [line(header), "  ".join("-" * w for w in widths), *(line(r) for r in rows)]


def row(s: HookStats) -> list[str]:
    pack = f"{sum(s.pack_tokens) / len(s.pack_tokens):.0f}" if s.pack_tokens else "-"
    return [
        s.hook,
        str(s.fires),
        str(s.ran),
        f"{s.ok_rate:.0%}" if s.fires else "-",
        str(s.fires - s.ok),
        f"{s.attempted}/{s.accepted}/{s.rejected}",
        f"{s.retrievals_per_fire:.1f}",
        f"{s.p50_ms:.1f}",
        f"{s.p95_ms:.1f}",
        f"{s.max_ms:.1f}",
        pack,
    ]


def details(s: HookStats) -> list[str]:
    lines = []
    if s.skipped:
        lines.append("  skipped: " + ", ".join(f"{r} ×{n}" for r, n in s.skipped.most_common()))
    if s.failed:
        lines.append("  failed: " + ", ".join(f"{t} ×{n}" for t, n in s.failed.most_common()))
    if s.duplicates:
        lines.append(f"  duplicates: {s.duplicates}")
    if s.fallbacks:
        lines.append(
            f"  answered from the files (remote failed): {s.fallbacks} searches "
            f"in {s.fallback_fires} fires"
        )
    if s.rejected_fields:
        lines.append(
            "  rejected by field: "
            + ", ".join(f"{f} ×{n}" for f, n in s.rejected_fields.most_common())
        )
        lines += [f"    {f}: {r} (×{n})" for (f, r), n in s.reasons.most_common(3)]
    return [f"{s.hook}", *lines] if lines else []


def render(report: Report, hook: str | None = None) -> str:
    """The whole audit as text."""
    shown = report.shown(hook)
    out = [
        f"audit {report.window.label}: {report.events} fires in {report.log_path}",
        "",
    ]
    if shown:
        out += grid(COLUMNS, [row(s) for s in shown])
    else:
        out.append("no hook fired in this window and no hook flag is on")
    detail = [line for s in shown for line in details(s)]
    if detail:
        out += ["", *detail]
    g = report.growth
    if g.new:
        out += [
            "",
            f"memory: {g.before} before the window, +{sum(g.new.values())} in it "
            f"({g.per_day:.1f}/day); per day: "
            + (", ".join(f"{d.strftime('%m-%d')} +{n}" for d, n in g.new.items() if n) or "none"),
        ]
    if (held := report.tentative.line()) is not None:
        out += ["", held, *(f"  damaged: {d.path}: {d.reason}" for d in report.tentative.damaged)]
    out += ["", f"alarms ({len(report.alarms)}):" if report.alarms else "alarms: none"]
    out += [f"  ! {a.message}" for a in report.alarms]
    parts = hook_order(report.diff.by_hook())
    if parts:
        out += ["", f"memory diff (first {DIFF_SHOWN} per section; agentmem diff shows all):"]
        for part in parts:
            out += [f"  {line}" for line in hook_lines(part, DIFF_SHOWN)]
    return "\n".join(out)


def render_next(report: Report) -> str:
    """The rollout advice with the numbers each enabled hook was held to."""
    advice = report.advice
    verdict = "DONE: " if advice.complete else "NEXT: " if advice.advance else "HOLD: "
    lines = [verdict + advice.summary]
    for c in advice.checks:
        mark = "pass" if c.passed else "FAIL"
        lines.append(
            f"  {mark} {c.hook}: ran {c.ran}, {c.ok_rate:.1%} ok, "
            f"{c.all_rejected_fires} all-rejected harvest(s)"
            + (f" — {'; '.join(c.problems)}" if c.problems else "")
        )
    lines += [f"  note: {n}" for n in advice.notes]
    return "\n".join(lines)


def read_first(report: Report) -> list[str]:
    """`audit --next`: what the enabled hooks wrote, to read before the next flag goes on."""
    return reading(report.diff, report.enabled(), report.advice.next_flag)
