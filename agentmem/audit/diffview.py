"""The memory diff as a person reads it: terminal lines (`agentmem diff`, the audit table,
`audit --next`) and an HTML section (the audit page), hook by hook."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from html import escape
from pathlib import Path

from agentmem.audit.diff import Added, Held, HookDiff, MemoryDiff, Refused, Replaced
from agentmem.audit.lookup import Entry
from agentmem.core.model import HookName

TEXT_CHARS = 300  # a memory's text on one screen line; the file holds the rest
ORDER = [h.value for h in HookName]


def _clip(text: str | None, limit: int = TEXT_CHARS) -> str:
    if text is None:
        return "(text not found: the file is gone and git has no copy)"
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _when(ts: float | None) -> str:
    return "" if ts is None else datetime.fromtimestamp(ts, UTC).strftime("%m-%d %H:%M")


def envelope(entry: Entry) -> str:
    confidence = "?" if entry.confidence is None else f"{entry.confidence:.2f}"
    parts = [f"{entry.type} {confidence} {entry.kind}", entry.app_id, f"run {entry.run_id}"]
    if entry.source:
        parts.append(f"source {entry.source}")
    if entry.state != "live":
        parts.append(entry.state)
    return " · ".join(parts)


def _more(items: Sequence[object], limit: int | None) -> tuple[Sequence[object], str | None]:
    if limit is None or len(items) <= limit:
        return items, None
    return items[:limit], f"    … and {len(items) - limit} more (agentmem diff shows all)"


def hook_order(parts: dict[str, HookDiff]) -> list[HookDiff]:
    rank = {h: i for i, h in enumerate(ORDER)}
    return sorted(parts.values(), key=lambda d: (rank.get(d.hook, len(ORDER)), d.hook))


def summary(d: HookDiff) -> str:
    return (
        f"{d.hook}: {len(d.added)} added, {len(d.replaced)} replaced, "
        f"{d.duplicates} duplicates held, {d.rejected} rejected"
    )


def hook_lines(d: HookDiff, limit: int | None = None) -> list[str]:
    """One hook's part: new memories, conclusions with their citations, replaced, held,
    rejected (each section cut to `limit` entries, with a count of the rest)."""
    out = [summary(d)]
    sections: list[tuple[str, Sequence[object]]] = [
        ("added", d.observed),
        ("concluded (assessments, with the observations they cite)", d.concluded),
        ("replaced (old → new)", d.replaced),
        ("duplicates held (the memory that absorbed them)", d.held),
        ("rejected", d.refused),
    ]
    for title, items in sections:
        if not items:
            continue
        shown, more = _more(items, limit)
        out.append(f"  {title}:")
        for item in shown:
            out += _item_lines(item, d.hook)
        if more:
            out.append(more)
    if d.refused_not_kept:
        out.append(f"  and {d.refused_not_kept} more rejected (counted; the ledger kept no text)")
    return out


def _item_lines(item: object, hook: str) -> list[str]:
    if isinstance(item, Added):
        e = item.entry
        lines = [f"    + {e.id}  {envelope(e)}", f"      {_clip(e.text)}"]
        lines += [f"      cites {c.id}: {_clip(c.text, 160)}" for c in item.cited]
        if e.path:
            lines.append(f"      {e.path}")
        return lines
    if isinstance(item, Replaced):
        return [
            f"    ~ {item.old.id} → {item.new.id}",
            f"      - {_clip(item.old.text)}",
            f"      + {_clip(item.new.text)}",
        ]
    if isinstance(item, Refused):
        reasons = "; ".join(f"{p['field']}: {p['reason']}" for p in item.problems)
        return [
            f"    x {_when(item.at)}  {item.type} (run {item.run_id}): {_clip(item.text, 160)}",
            f"      {reasons}",
        ]
    assert isinstance(item, Held)
    return [
        f"    = {item.entry.id} absorbed {item.hooks[hook]} drafts: {_clip(item.entry.text, 160)}"
    ]


def render(diff: MemoryDiff, limit: int | None = None) -> str:
    """`agentmem diff` as text: the counts, then each hook's part, then what was removed."""
    c = diff.counts()
    label = f"{diff.window.start:%Y-%m-%d %H:%M} → {diff.window.end:%Y-%m-%d %H:%M} UTC"
    scope = "".join(
        f" · {k} {v}" for k, v in (("hook", diff.hook), ("app", diff.app_id)) if v is not None
    )
    out = [
        f"memory diff {label}{scope}: {c['added']} added, {c['replaced']} replaced, "
        f"{c['removed']} removed, {c['duplicates']} duplicates held, {c['rejected']} rejected"
    ]
    for part in hook_order(diff.by_hook()):
        out += ["", *hook_lines(part, limit)]
    if diff.removed:
        out += ["", "removed (archived, purged or deleted):"]
        for r in diff.removed:
            out.append(f"    - {r.entry.id} {r.how} {_when(r.at)}: {_clip(r.entry.text, 160)}")
    if len(out) == 1:
        out.append("nothing was written, replaced, removed or refused in this window")
    return "\n".join(out)


def reading(diff: MemoryDiff, hooks: Sequence[str], flag: str | None, limit: int = 5) -> list[str]:
    """What a reviewer reads before turning on `flag`: what the enabled hooks wrote."""
    parts = diff.by_hook()
    shown = [parts[h] for h in hooks if h in parts and not parts[h].empty()]
    head = f"Read before turning on {flag}" if flag else "Read before closing the rollout"
    if not shown:
        return [f"{head}: the enabled hooks wrote nothing in this window."]
    out = [f"{head} (what the enabled hooks wrote in this window; agentmem diff for all):"]
    for part in shown:
        out += [f"  {line}" for line in hook_lines(part, limit)]
    return out


def html(diff: MemoryDiff, limit: int | None = 10) -> str:
    """The audit page's section: per hook, its learning in the order a reviewer reads it."""
    parts = hook_order(diff.by_hook())
    c = diff.counts()
    out = [
        '<h2 id="diff">Memory diff</h2>',
        f"<p>{c['added']} added · {c['replaced']} replaced · {c['removed']} removed · "
        f"{c['duplicates']} duplicates held · {c['rejected']} rejected</p>",
    ]
    for part in parts:
        out.append(f'<h3>{escape(summary(part))}</h3><div class="diff">')
        out += _html_added("New memories", part.observed, limit)
        out += _html_added("Concluded (with the observations cited)", part.concluded, limit)
        if part.replaced:
            out.append(f"<h4>Replaced, old → new ({len(part.replaced)})</h4>")
        for r in part.replaced[:limit]:
            out.append(
                f'<div class="old">{escape(r.old.id)}: {escape(_clip(r.old.text))}</div>'
                f'<div class="new">{escape(r.new.id)}: {escape(_clip(r.new.text))}</div>'
            )
        if part.held:
            out.append(f"<h4>Duplicates held ({part.duplicates} drafts)</h4>")
        for h in part.held[:limit]:
            out.append(
                f'<div class="held">{escape(h.entry.id)} absorbed {h.hooks[part.hook]} '
                f"duplicate drafts: {escape(_clip(h.entry.text, 160))}</div>"
            )
        if part.rejected:
            out.append(f"<h4>Rejected drafts, with every reason ({part.rejected})</h4>")
        for x in part.refused[:limit]:
            reasons = "; ".join(f"{p['field']}: {p['reason']}" for p in x.problems)
            out.append(
                f'<div class="refused">{escape(_clip(x.text, 160))}'
                f"<br><small>{escape(reasons)}</small></div>"
            )
        hidden = part.rejected - len(part.refused[:limit])
        if hidden:
            out.append(f"<p>… and {hidden} more rejected (agentmem diff shows all).</p>")
        out.append("</div>")
    for gone in diff.removed[:limit]:
        out.append(
            f'<div class="old">removed ({escape(gone.how)}) {escape(gone.entry.id)}: '
            f"{escape(_clip(gone.entry.text, 160))}</div>"
        )
    return "\n".join(out)


def _html_added(title: str, items: Sequence[Added], limit: int | None) -> list[str]:
    if not items:
        return []
    out = [f"<h4>{escape(title)} ({len(items)})</h4>"]
    for a in items[:limit]:
        e = a.entry
        path = f'<br><a href="{escape(_file_uri(e.path))}">{escape(e.path)}</a>' if e.path else ""
        cites = "".join(
            f'<div class="cite">cites {escape(c.id)}: {escape(_clip(c.text, 160))}</div>'
            for c in a.cited
        )
        out.append(
            f'<div class="added"><b>{escape(e.id)}</b> <small>{escape(envelope(e))}</small>'
            f"<br>{escape(_clip(e.text))}{path}{cites}</div>"
        )
    if limit is not None and len(items) > limit:
        out.append(f"<p>… and {len(items) - limit} more (agentmem diff shows all).</p>")
    return out


def _file_uri(path: str) -> str:
    return Path(path).resolve().as_uri()
