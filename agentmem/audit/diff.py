"""The memory diff of an audit window: what memory learned, read back, never re-run.

Computed from two records the project already keeps:

- the ledger (`log.jsonl`): which fire accepted which ids, which existing memory absorbed a
  duplicate draft, the drafts it rejected with their reasons (already redacted by the
  secret guard when the line was written), and the archive/purge/restore events;
- the files: each memory's text and envelope (type, confidence, kind, app, run, source,
  cites, supersedes), from `entries/`, else `archive/`, else (where the memory root is in a
  git repository) the last committed version; and memories written in the window outside
  any fire (a person's `agentmem add`, a backfill), found by their `created_at`.

Where the root is a git repository, files deleted or moved to `archive/` by commits in the
window count as removed too, even without a ledger event.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from agentmem.audit import gitlog
from agentmem.audit import ledger as auditlog
from agentmem.audit.lookup import Entry, Memories
from agentmem.audit.window import Window
from agentmem.core.model import TYPE_ORDER, Kind
from agentmem.core.secrets import redact
from agentmem.settings import Settings
from agentmem.stores.catalog import Catalog
from agentmem.stores.files import EntryFiles

ARCHIVED, RESTORED = "memory_archived", "memory_restored"  # the ledger's move events
READING_ORDER = {t.value: rank for t, rank in TYPE_ORDER.items()}  # principles first


@dataclass
class Added:
    """A memory written in the window: by which fire (its time, when the ledger has it)."""

    entry: Entry
    fired_at: float | None = None
    cited: list[Entry] = field(default_factory=list)  # the observations an assessment rests on

    def as_dict(self) -> dict[str, Any]:
        return {
            **self.entry.as_dict(),
            "fired_at": _iso(self.fired_at),
            "cited": [c.as_dict() for c in self.cited],
        }


@dataclass
class Replaced:
    """A memory a new one supersedes: old text → new text."""

    old: Entry
    new: Entry

    def as_dict(self) -> dict[str, Any]:
        return {"old": self.old.as_dict(), "new": self.new.as_dict(), "by": self.new.hook}


@dataclass
class Removed:
    """A memory moved out of `entries/` in the window: archived by GC, purged, or deleted."""

    entry: Entry
    how: str
    at: float | None

    def as_dict(self) -> dict[str, Any]:
        return {**self.entry.as_dict(), "how": self.how, "at": _iso(self.at)}


@dataclass
class Held:
    """An existing memory that absorbed duplicate drafts: how many, from which hooks."""

    entry: Entry
    times: int = 0
    hooks: Counter[str] = field(default_factory=Counter)

    def as_dict(self) -> dict[str, Any]:
        return {**self.entry.as_dict(), "times": self.times, "from_hooks": dict(self.hooks)}


@dataclass
class Refused:
    """A draft the writer rejected, with every reason; its text passed through the guard."""

    hook: str
    at: float
    text: str
    type: str
    run_id: str
    problems: list[dict[str, str]]

    def as_dict(self) -> dict[str, Any]:
        return {**self.__dict__, "at": _iso(self.at)}


@dataclass
class HookDiff:
    """One hook's part of the diff (the audit page shows one per hook)."""

    hook: str
    added: list[Added] = field(default_factory=list)
    replaced: list[Replaced] = field(default_factory=list)
    held: list[Held] = field(default_factory=list)
    refused: list[Refused] = field(default_factory=list)
    refused_not_kept: int = 0  # rejected past what a ledger line keeps: counted only

    @property
    def observed(self) -> list[Added]:
        """What the hook recorded (observations); its conclusions are listed apart."""
        return [a for a in self.added if a.entry.kind != Kind.ASSESSMENT.value]

    @property
    def concluded(self) -> list[Added]:
        """Assessments: what the hook concluded, each with the observations it cites."""
        return [a for a in self.added if a.entry.kind == Kind.ASSESSMENT.value]

    @property
    def duplicates(self) -> int:
        return sum(h.hooks[self.hook] for h in self.held)

    @property
    def rejected(self) -> int:
        return len(self.refused) + self.refused_not_kept

    def empty(self) -> bool:
        return not (self.added or self.replaced or self.held or self.refused_not_kept) and not (
            self.refused
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "hook": self.hook,
            "counts": {
                "added": len(self.added),
                "replaced": len(self.replaced),
                "duplicates": self.duplicates,
                "rejected": self.rejected,
            },
            "added": [a.as_dict() for a in self.added],
            "concluded": [a.entry.id for a in self.concluded],
            "replaced": [r.as_dict() for r in self.replaced],
            "duplicates_held": [h.as_dict() for h in self.held],
            "rejected": [r.as_dict() for r in self.refused],
            "rejected_not_kept": self.refused_not_kept,
        }


@dataclass
class MemoryDiff:
    """The window's learning: added, replaced, removed, duplicates held, drafts rejected."""

    window: Window
    hook: str | None
    app_id: str | None
    added: list[Added] = field(default_factory=list)
    replaced: list[Replaced] = field(default_factory=list)
    removed: list[Removed] = field(default_factory=list)
    held: list[Held] = field(default_factory=list)
    refused: list[Refused] = field(default_factory=list)
    refused_not_kept: Counter[str] = field(default_factory=Counter)  # hook → count
    git: bool = False

    def by_hook(self) -> dict[str, HookDiff]:
        """The diff split by the hook that wrote (or refused, or was absorbed for) each part."""
        parts: dict[str, HookDiff] = {}

        def part(hook: str) -> HookDiff:
            return parts.setdefault(hook, HookDiff(hook))

        # Lessons before the raw events they came from, as the pack orders them.
        for added in sorted(self.added, key=_reading_order):
            part(added.entry.hook).added.append(added)
        for replaced in self.replaced:
            part(replaced.new.hook).replaced.append(replaced)
        for held in self.held:
            for hook in held.hooks:
                part(hook).held.append(held)
        for refused in self.refused:
            part(refused.hook).refused.append(refused)
        for hook, count in self.refused_not_kept.items():
            part(hook).refused_not_kept += count
        return parts

    def counts(self) -> dict[str, int]:
        return {
            "added": len(self.added),
            "replaced": len(self.replaced),
            "removed": len(self.removed),
            "duplicates": sum(h.times for h in self.held),
            "rejected": len(self.refused) + sum(self.refused_not_kept.values()),
        }

    def as_dict(self) -> dict[str, Any]:
        return {
            "window": {"start": self.window.start.isoformat(), "end": self.window.end.isoformat()},
            "hook": self.hook,
            "app_id": self.app_id,
            "git": self.git,
            "counts": self.counts(),
            "hooks": {h: d.as_dict() for h, d in self.by_hook().items()},
            "removed": [r.as_dict() for r in self.removed],
        }


def _reading_order(added: Added) -> tuple[int, str, str]:
    rank = READING_ORDER.get(added.entry.type, len(READING_ORDER))
    return (rank, added.entry.created_at, added.entry.id)


def _iso(ts: float | None) -> str | None:
    return None if ts is None else datetime.fromtimestamp(ts, UTC).isoformat(timespec="seconds")


def _items(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _created_in(created_at: str, window: Window) -> bool:
    try:
        when = datetime.fromisoformat(created_at)
    except ValueError:
        return False
    return window.contains((when if when.tzinfo else when.replace(tzinfo=UTC)).timestamp())


def compute(
    settings: Settings,
    window: Window,
    *,
    hook: str | None = None,
    app_id: str | None = None,
    events: Iterable[Mapping[str, Any]] | None = None,
) -> MemoryDiff:
    """The window's diff, read from the ledger and the files (`events`: the ledger's lines,
    when the caller has read them already)."""
    root = settings.root
    git = gitlog.repo_of(root)
    catalog = Catalog(EntryFiles(root)).memories if (root / "entries").is_dir() else {}
    find = Memories(root, catalog, git)
    diff = MemoryDiff(window, hook, app_id, git=git is not None)
    lines = auditlog.read(settings.log_path) if events is None else events
    fired: dict[str, float] = {}
    held: dict[str, Held] = {}
    moved: dict[str, Removed] = {}
    for event in lines:
        ts = event.get("ts")
        if not isinstance(ts, int | float) or not window.contains(float(ts)):
            continue
        kind = event.get("event")
        if kind in (ARCHIVED, RESTORED):
            for memory_id in _items(event.get("ids")):
                if kind == RESTORED:
                    moved.pop(str(memory_id), None)
                else:
                    how = str(event.get("by") or "archived")
                    moved[str(memory_id)] = Removed(find(str(memory_id)), how, float(ts))
            continue
        name = str(event.get("hook", "?"))
        writes = event.get("writes")
        if kind != "hook_run" or not isinstance(writes, Mapping):
            continue
        if hook is not None and name != hook:
            continue
        for memory_id in _items(writes.get("accepted")):
            fired.setdefault(str(memory_id), float(ts))
        for memory_id in _items(writes.get("duplicates")):
            item = held.setdefault(str(memory_id), Held(find(str(memory_id))))
            item.times += 1
            item.hooks[name] += 1
        for rejected in _items(writes.get("rejected")):
            refused = _refused(name, float(ts), rejected)
            if refused is not None and (app_id is None or rejected_app(rejected) == app_id):
                diff.refused.append(refused)
        more = writes.get("rejected_more")
        if isinstance(more, int) and more > 0 and app_id is None:
            diff.refused_not_kept[name] += more
    ids = dict.fromkeys(fired)
    # Written in the window outside any fire (a person, a backfill), or past the ids a
    # ledger line keeps; archived since, or still live.
    created = [(m.id, m.created_at) for m in catalog.values()]
    created += [(i, find(i).created_at) for i in find.archived() if i not in catalog]
    ids.update((i, None) for i, when in created if i not in ids and _created_in(when, window))
    for memory_id in ids:
        entry = find(memory_id)
        if hook is not None and entry.hook not in (hook, "?"):
            continue
        if app_id is not None and entry.app_id != app_id:
            continue
        cited = [find(c) for c in entry.cites] if entry.kind == Kind.ASSESSMENT.value else []
        diff.added.append(Added(entry, fired.get(memory_id), cited))
        diff.replaced += [Replaced(find(old), entry) for old in entry.supersedes]
    diff.added.sort(key=lambda a: (a.entry.created_at, a.entry.id))
    diff.held = [h for h in held.values() if app_id is None or h.entry.app_id == app_id]
    if hook is not None:  # archiving and purging are not a hook's doing
        return diff
    if git is not None:
        for memory_id, how, ts in gitlog.removed(git, root, window):
            moved.setdefault(memory_id, Removed(find(memory_id), how, ts))
    diff.removed = [r for r in moved.values() if app_id is None or r.entry.app_id in (app_id, "?")]
    return diff


def rejected_app(rejected: Any) -> str | None:
    draft = rejected.get("draft") if isinstance(rejected, Mapping) else None
    app = draft.get("app_id") if isinstance(draft, Mapping) else None
    return app if isinstance(app, str) else None


def _refused(hook: str, ts: float, rejected: Any) -> Refused | None:
    if not isinstance(rejected, Mapping):
        return None
    draft = rejected.get("draft")
    draft = draft if isinstance(draft, Mapping) else {}
    problems = [
        {"field": str(p.get("field", "?")), "reason": redact(str(p.get("reason", "?")))}
        for p in _items(rejected.get("problems"))
        if isinstance(p, Mapping)
    ]
    text = draft.get("text")
    # The ledger line was scrubbed when written; the guard runs again on what is shown, so
    # a line from an older version (or a hand-edited ledger) cannot put a key on the page.
    shown = redact(text) if isinstance(text, str) else repr(text)
    return Refused(
        hook, ts, shown, str(draft.get("type", "?")), str(draft.get("run_id", "?")), problems
    )
