"""Hook E, judgment harvest: what in recent run records and daily notes earns long-term memory.

The window is the dates given, or since the day of the last harvest that ran (read from
the audit ledger), or everything when there was none. A record belongs to the window when
its run happened (its run's day) or was recorded (its `created_at`) in it. Within it:

- Causes. Per app, the failures are grouped by the verifier that failed and by what it
  said (`agentmem.harvest.patterns`): failures of at least 3 runs that share an error,
  or of 2 runs whose checks said the same error phrase, whose summaries blame one piece
  of code (a function no successful run names) or whose checks and summaries say one
  cause's rare words in other orders, with no success against it, make
  a pattern, described by its error phrase, the words that set its failures apart
  from the app's successful runs (a word as common in successes is no cause) and an
  example, with a confidence worked out from the evidence (runs, their spread over days,
  successes that contradict it). So does a tag the loop put on failed runs of several apps
  that successful runs, their fixes aside, rarely carry (`agentmem.harvest.tagged`: one kind
  of failure, told in other words under other checks each time), named in the pattern's
  text. Evidence counts up to the window's end; a pattern is
  written when at least one of its failures lies in the window. It is a reflective
  assessment citing the run records it rests on; a later harvest that finds it again with
  more runs writes the new count, which supersedes the old one (kept, out of packs), also
  when the cause has since been found in other apps' checks (it cites all the old one's).
  A pattern quotes no run whose lesson memory has since taken back (retracted, no longer
  done, found not to hold: `agentmem.harvest.withdrawn`), nor one whose record quotes what
  such a withdrawal or a replacement took away, nor one whose record names a cause a later
  lesson of its app says was not it (`agentmem.retrieval.denied`: "not from X", "X was a red
  herring"), and a held pattern that quoted one is
  written again without it, even with no failure in the window. Nor does it restate a
  value or a command a recorded change (a lesson replaced by another; a later lesson of
  the app running another tool on the old command's arguments) retired
  (`agentmem.harvest.present`): its error phrase and example are told without it.
- Failures seen once (`agentmem.harvest.once`): a failed check of the window no pattern
  holds, whose check's detail (else its run's summary) names a cause, of no withdrawn run
  and not contradicted by a later success, is told with the next successful run of its app
  ("once, on <day>: …": what it did of the failure, or that its lesson tells it), one
  account per app, at the floor of the reflective range (below every pattern), out of
  packs; a pattern it grows into supersedes it.
- Lessons that did not hold (`agentmem.harvest.contradict`): a live lesson whose measured
  setting a later failure on the same ground ran with, and still failed. The assessment
  cites the lesson and the failures and supersedes the lesson.
- Daily notes. `<root>/daily/YYYY-MM-DD.md` for days in the window: bullets under a
  lesson-bearing heading, and the lines that say their kind (`Lesson:`, `How to:`,
  `Pattern:`, `Takeaway:`; after an event's time or on a plain line), are distilled like a
  per-run retro (at most 3 per note).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import date, datetime
from typing import Any

from agentmem import Contribution, Filters, HarvestWindow, Memory, MemoryType, Tools, hookimpl
from agentmem.harvest.contradict import Contradiction, contradicted
from agentmem.harvest.contradict import describe as describe_contradiction
from agentmem.harvest.distill import distill
from agentmem.harvest.once import CONFIDENCE, MAX_TOLD, ONCE_TAG, Once, digest, seen_once
from agentmem.harvest.patterns import Pattern, mine
from agentmem.harvest.present import in_present, recorded
from agentmem.harvest.prose import describe, quoted_runs
from agentmem.harvest.runrecord import run_day, slug
from agentmem.harvest.span import Span, daily_notes, resolve
from agentmem.harvest.withdrawn import DID_NOT_HOLD_TAG, withdrawn_runs
from agentmem.retrieval.denied import denied_runs
from agentmem.tools import OutsideRepo

MAX_CITES = 8
PATTERN_TAG = "pattern"
LOW, HIGH = 0.7, 0.95  # the reflective type's confidence range


def _recorded(memory: Memory) -> date:
    return datetime.fromisoformat(memory.created_at).date()


def in_span(memory: Memory, span: Span) -> bool:
    """A record belongs to the window when its run happened or it was recorded in it."""
    return span.holds(run_day(memory)) or span.holds(_recorded(memory))


def patterns(
    records: list[Memory],
    span: Span,
    lessons: list[Memory],
    withdrawn: frozenset[str] = frozenset(),
    held: list[Memory] | None = None,
) -> list[Pattern]:
    """The patterns over the records up to the window's end, with a failure in it, or
    whose held statement quotes a run whose lesson memory has since taken back (`withdrawn`:
    it is told again without it); a pattern quotes the lesson of the run that went after
    it (`agentmem.harvest.followup`)."""
    evidence = [r for r in records if span.until is None or run_day(r) <= span.until]
    by_run: dict[str, list[Memory]] = {}
    for lesson in lessons:
        by_run.setdefault(lesson.run_id, []).append(lesson)
    found = mine(evidence, by_run, withdrawn)
    replaced = {old for m in held or [] for old in m.supersedes}
    stale = [m for m in held or [] if m.id not in replaced and quoted_runs(m.text) & withdrawn]
    return [
        p
        for p in found
        if any(in_span(f.memory, span) for f in p.failures)
        or any(set(m.cites) & {f.memory.id for f in p.failures} for m in stale)
    ]


def draft_for(pattern: Pattern, held: list[Memory]) -> dict[str, Any]:
    """The pattern as a reflective assessment citing its records; it supersedes the held
    statement of the same pattern (same app and verifier, sharing a cited record; or all
    of whose records it cites)."""
    cites = list(dict.fromkeys(f.memory.id for f in pattern.failures))[-MAX_CITES:]
    tag = f"fail-{slug(pattern.verifier)}" if pattern.verifier else "fail-run"
    text = describe(pattern)
    replaced = {old for m in held for old in m.supersedes}
    ids = {f.memory.id for f in pattern.failures}
    older = [
        m.id
        for m in held
        if m.id not in replaced
        and m.text != text
        and (
            (m.app_id == pattern.app_id and tag in m.tags and set(m.cites) & ids) or _grown(m, ids)
        )
    ]
    draft: dict[str, Any] = {
        "text": text,
        "type": MemoryType.REFLECTIVE.value,
        "kind": "assessment",
        "confidence": pattern.confidence,
        "app_id": pattern.app_id,
        "run_id": f"{pattern.days[-1]}-harvest",
        "cites": cites,
        "tags": [PATTERN_TAG, tag],
    }
    if older:
        draft["supersedes"] = older
    return draft


def _grown(held: Memory, ids: set[str]) -> bool:
    """The held pattern is this one with fewer runs: every record it cites is this one's.
    A cause told in one app's words first and found in other apps' later has a new app
    (`_global`) and new checks, and is still the same cause."""
    return bool(held.cites) and set(held.cites) <= ids


def once_drafts(
    records: list[Memory],
    recent: list[Memory],
    found: list[Pattern],
    held: list[Memory],
    withdrawn: frozenset[str],
    refuting: Sequence[Memory] = (),
    taught: Mapping[str, str] | None = None,
) -> list[dict[str, Any]]:
    """The failures of the window no pattern holds whose check or run named a cause, one
    account per app, as a reflective assessment at the floor of the range that says each
    was seen once (`agentmem.harvest.once`); a fix whose run wrote a lesson (`taught`: a run's
    id to its lessons' text) is left to the lesson."""
    covered = {f.memory.id for p in found for f in p.failures} | {c for m in held for c in m.cites}
    covered |= {m.id for m in refuting}
    by_app: dict[str, list[Once]] = {}
    for once in seen_once(records, {m.id for m in recent}, covered, withdrawn):
        by_app.setdefault(once.failure.memory.app_id, []).append(once)
    return [
        {
            "text": digest(app, told, taught),
            "type": MemoryType.REFLECTIVE.value,
            "kind": "assessment",
            "confidence": CONFIDENCE,
            "app_id": app,
            "run_id": f"{run_day(told[-1].failure.memory)}-harvest",
            "cites": list(dict.fromkeys(o.failure.memory.id for o in told[-MAX_TOLD:])),
            "tags": [ONCE_TAG],
        }
        for app, told in by_app.items()
    ]


def not_held(found: Contradiction) -> dict[str, Any]:
    """A lesson a later failure contradicts, as an assessment that supersedes it; the more
    failures ran with its setting, the surer (never past the reflective range)."""
    runs = len({f.run_id for f in found.failures})
    return {
        "text": describe_contradiction(found),
        "type": MemoryType.REFLECTIVE.value,
        "kind": "assessment",
        "confidence": round(LOW + (HIGH - LOW) * (1 - 1 / (runs + 1)), 2),
        "app_id": found.lesson.app_id,
        "run_id": f"{run_day(found.failures[-1])}-harvest",
        "cites": [found.lesson.id, *(f.id for f in found.failures)][:MAX_CITES],
        "tags": [DID_NOT_HOLD_TAG],
        "supersedes": [found.lesson.id],
    }


def daily_lessons(tools: Tools, span: Span, app_id: str | None) -> tuple[list[dict[str, Any]], str]:
    """Lessons the agent wrote in its daily notes within the window."""
    drafts: list[dict[str, Any]] = []
    read = 0
    base = tools.settings.base_dir.resolve()
    for day, path in daily_notes(tools.settings.root, span):
        resolved = path.resolve()
        if not resolved.is_relative_to(base):
            return drafts, f"daily notes under {path.parent} lie outside the repository: not read"
        relative = str(resolved.relative_to(base))
        try:
            markdown = tools.read_file(relative)
        except OutsideRepo as exc:
            return drafts, f"daily notes not read: {exc}"
        read += 1
        plan = distill(markdown, relative, periodic=False, run_id=f"{day}-daily", app_id=app_id)
        drafts += [{**d, "tags": ["daily"]} for d in plan.drafts]
    return drafts, f"{read} daily note(s) read, {len(drafts)} lesson(s) proposed"


@hookimpl
def judgment_harvest(window: HarvestWindow, tools: Tools) -> Contribution:
    span = resolve(window, tools.settings.log_path)
    apps = (window.app_id,) if window.app_id else None
    scope = Filters(user_id=tools.settings.user_id, app_ids=apps)
    records = tools.list_memories(replace(scope, types=("episodic",)))
    recent = [m for m in records if in_span(m, span)]
    lessons = tools.list_memories(
        replace(scope, types=("semantic", "procedural"), include_superseded=False)
    )
    held = tools.list_memories(
        replace(scope, types=("reflective",), tags_any=(PATTERN_TAG, ONCE_TAG))
    )
    judged = tools.list_memories(replace(scope, types=("semantic", "procedural", "reflective")))
    # Nor a run whose record names a cause a later lesson says was not it (`denied`).
    withdrawn = withdrawn_runs(judged, records) | denied_runs(records, lessons)
    changes = recorded(judged)
    found = [
        in_present(p, changes, withdrawn) for p in patterns(records, span, lessons, withdrawn, held)
    ]
    drafts = [draft_for(p, held) for p in found]
    evidence = [r for r in records if span.until is None or run_day(r) <= span.until]
    refuted = [
        c for c in contradicted(lessons, evidence) if any(in_span(f, span) for f in c.failures)
    ]
    # A failure a contradiction tells (it ran with a lesson and failed) is told there.
    # A run's own lesson tells its fix, kept current by the writer (`taught`: replaced ones
    # too, the more so: what the fix did was changed since).
    taught: dict[str, str] = {}
    for m in judged:
        if m.type is not MemoryType.REFLECTIVE:
            taught[m.run_id] = f"{taught.get(m.run_id, '')} {m.text}".strip()
    once = once_drafts(
        records, recent, found, held, withdrawn, [f for c in refuted for f in c.failures], taught
    )
    drafts += once
    drafts += [not_held(c) for c in refuted]
    notes, notes_line = daily_lessons(tools, span, window.app_id)
    lines = [
        f"window: {span.since or 'start'} to {span.until or 'now'} ({span.basis})",
        f"{len(recent)} run record(s) in the window; {len(found)} failure pattern(s) "
        f"(failures of ≥ 3 runs sharing an error, or of 2 sharing an error phrase or a culprit)",
        *(
            f"pattern {p.app_id}/{p.verifier or 'run'}: {len(p.runs)} runs, "
            f"confidence {p.confidence}, causes: {', '.join(p.causes) or '-'}"
            for p in found
        ),
        f"{len(once)} account(s) of failures seen once",
        f"{len(refuted)} lesson(s) a later failure contradicts",
        notes_line,
    ]
    proposed: list[Mapping[str, Any]] = [*drafts, *notes]
    return Contribution(text="\n".join(lines), drafts=proposed)
