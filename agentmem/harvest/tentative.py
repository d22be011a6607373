"""A run's lesson its worker rated below its type's range, kept as tentative, not lost.

A worker that writes "The vendor's API refuses orders without a PO number" at confidence 0.6
(semantic memories hold 0.7-0.95) tells what it saw and that it is not sure. The validator
refuses such a draft as a memory (the ranges and the pack's 0.7 floor are the contract), so
hook C used to lose it. It is kept instead, as one JSON file under `<root>/tentative/`:
never in memory's store, so no pack, synthesis or harvest reads it. A guess must not become
a trusted fact by being written (seed 004: optimistic memory feeds on itself), so it enters
memory only when a later run of its app corroborates it, at its type's lowest confidence:

- corroborated: a later successful run set out to do what the failed check asked for (its
  goal names at least two words of the lesson that the check's own output said and that
  the lesson's run did not already name: "resubmit with the PO number" after "rejected:
  PO number required"), every check the lesson names as evidence passed, and the run
  writes no lesson of its own about it (a doubt, a correction or a restatement speaks
  for itself), nor has memory taken it back since;
- contradicted (never promoted): a later run that acted on it (its goal or summary names
  two of the lesson's words its own run did not) failed a check the lesson names, or a
  later trusted lesson of the app takes it back (`agentmem.core.retract`'s judge, or a
  retraction that names two of those words);
- expired: nothing settled it within `DAYS` days.

In the tuning scenarios most such lessons were guesses later found wrong, and a first fix
that passes once often turned out to be luck: so the rule asks for the check's own words,
not for any pass. The fire's result lists kept records in `writes.tentative` (neither
accepted nor rejected); a promotion is an accepted write and the fire's text names it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from agentmem._exceptions import StoreError
from agentmem.contexts import RunOutcome
from agentmem.core.locks import exclusive
from agentmem.core.model import AGENT_ID, TYPE_RULES, HookName, MemoryType, content_key
from agentmem.core.retract import withdrawn
from agentmem.core.withdrawal import retraction
from agentmem.core.words import function_words, tokenized
from agentmem.core.writer import Harvester
from agentmem.harvest.pasted import as_statement
from agentmem.harvest.tentfiles import DAYS, FOLDER, Tentative, aware, kept, load, save
from agentmem.results import HookResult
from agentmem.stores.base import Filters

SHARED = 2  # words a later run must share with the lesson to be about it
MAX_KEPT = 2  # per fire, as a run's lessons: a plugin's flood past it meets the contract
LESSON_TYPES = (MemoryType.SEMANTIC, MemoryType.PROCEDURAL, MemoryType.REFLECTIVE)


def _words(text: str) -> set[str]:
    skip = function_words()
    return {w for w in tokenized(text) if w not in skip and len(w) > 2}


def below_range(draft: Mapping[str, Any]) -> bool:
    """A lesson draft whose confidence is a number under its type's range (0.6 semantic)."""
    try:
        kind = MemoryType(str(draft.get("type")))
    except ValueError:
        return False
    value = draft.get("confidence")
    if kind not in LESSON_TYPES or isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return 0.0 <= value < TYPE_RULES[kind].low


def _lesson(draft: Mapping[str, Any]) -> bool:
    """A below-range lesson with a text: anything else is the validator's to refuse."""
    text = draft.get("text")
    return isinstance(text, str) and bool(text.strip()) and below_range(draft)


def _folder(harvester: Harvester) -> Path:
    return harvester.store.root / FOLDER


def _keep(draft: Mapping[str, Any], run: RunOutcome, harvester: Harvester) -> Tentative:
    text = str(draft.get("text", ""))
    user = harvester.settings.user_id or ""
    app = str(draft.get("app_id") or harvester.settings.app_id)
    lesson = next((x for x in run.lessons if text in (x.text, as_statement(x.text))), None)
    said = " ".join(v.detail for v in run.verifiers if not v.passed)
    topic = _words(f"{run.goal} {run.summary}")
    return Tentative(
        id=f"tentative-{content_key(text, user, AGENT_ID, app)[:12]}",
        draft={**draft, "app_id": app},
        run=run.run_id,
        evidence=list(lesson.evidence) if lesson is not None else [],
        asked=sorted((_words(text) & _words(said)) - topic),
        topic=sorted(topic),
        kept_at=harvester.clock().isoformat(timespec="seconds"),
    )


def _speaks_of(record: Tentative, run: RunOutcome, words: set[str]) -> bool:
    """The later run writes a lesson of its own about it (a doubt below the range, a
    correction, a restatement): that lesson speaks for the run, which corroborates nothing."""
    return any(len(_words(x.text) & words) >= SHARED for x in run.lessons)


def _taken_back(record: Tentative, texts: Iterable[str]) -> bool:
    """One of the texts withdraws the lesson, as memory's own judge reads a retraction."""
    lesson = str(record.draft.get("text", ""))
    written = {record.id: f"{record.draft.get('run_id', '')} {record.kept_at}"}
    return any(record.id in withdrawn(t, [(record.id, lesson)], written) for t in texts)


def judge(record: Tentative, run: RunOutcome, now: datetime) -> str:
    """What a later run makes of a pending record: its new status, or "pending"."""
    if aware(now) - kept(record) > timedelta(days=DAYS):
        return "expired"
    words = _words(str(record.draft.get("text", ""))) - set(record.topic)
    checks = {v.name: v.passed for v in run.verifiers}
    acted = _words(f"{run.goal} {run.summary}") & words
    named = [checks[e] for e in record.evidence if e in checks]
    if len(acted) >= SHARED and named and not all(named):
        return "contradicted"
    trusted = [
        x.text
        for x in run.lessons
        if not below_range({"type": x.type.value, "confidence": x.confidence})
    ]
    if _taken_back(record, trusted) or any(
        retraction(t) and len(_words(t) & words) >= SHARED for t in trusted
    ):
        return "contradicted"
    asked = _words(run.goal) & set(record.asked)
    if (
        run.outcome.value == "success"
        and len(asked) >= SHARED
        and named
        and len(named) == len(record.evidence)
        and all(named)
        and not _speaks_of(record, run, words)
    ):
        return "corroborated"
    return "pending"


def _since(record: Tentative, harvester: Harvester) -> list[str]:
    """The texts of the app's lessons memory took in since the record was kept."""
    app = str(record.draft.get("app_id"))
    held = harvester.store.list(Filters(user_id=harvester.settings.user_id, app_ids=(app,)))
    # Both stamped by the host's clock in one format: compared as written.
    return [m.text for m in held if m.type in LESSON_TYPES and m.created_at >= record.kept_at]


def _promoted(record: Tentative) -> dict[str, Any]:
    """The lesson as memory: its type's lowest confidence, its own run and scope."""
    kind = MemoryType(record.draft["type"])
    return {**record.draft, "confidence": TYPE_RULES[kind].low}


def settle(
    hook: HookName,
    values: Mapping[str, Any],
    drafts: Sequence[Mapping[str, Any]],
    harvester: Harvester,
    result: HookResult,
    deadline: float | None = None,
) -> list[Mapping[str, Any]]:
    """Hook C's drafts less the below-range lessons, which are kept as tentative; and the
    kept records this run settles, the corroborated written through the one writer."""
    run = values.get("run")
    if hook is not HookName.POST_RUN_CLASSIFY or not isinstance(run, RunOutcome):
        return list(drafts)
    folder = _folder(harvester)
    kept = [d for d in drafts if isinstance(d, Mapping) and _lesson(d)][:MAX_KEPT]
    if not kept and not folder.is_dir():
        return list(drafts)  # nothing kept before, nothing to keep now: no lock to take
    notes: list[str] = []
    try:
        _settle(folder, kept, run, harvester, result, deadline, notes)
    except StoreError as exc:  # the lock refused (a root without locks): kept nowhere
        result.writes.attempted += len(kept)
        result.writes.store_errors.extend(str(exc) for _ in kept)
        notes.append(f"tentative records not read or kept: {exc}")
    else:
        if kept:
            notes.append(
                f"{len(kept)} lesson(s) below their type's confidence range kept as tentative "
                "(out of packs until a later run corroborates them)"
            )
    if notes:
        result.final_text = "\n".join(filter(None, [result.final_text, "; ".join(notes)]))
    return [d for d in drafts if not any(d is k for k in kept)]


def _settle(
    folder: Path,
    kept: Sequence[Mapping[str, Any]],
    run: RunOutcome,
    harvester: Harvester,
    result: HookResult,
    deadline: float | None,
    notes: list[str],
) -> None:
    """Under the tentative lock: settle this app's pending records by `run`, keep `kept`."""
    app = run.app_id or harvester.settings.app_id
    now = harvester.clock()
    hook = HookName.POST_RUN_CLASSIFY  # the one hook that keeps and settles them
    with exclusive(harvester.store.root / ".agentmem" / "tentative.lock"):
        for record in load(folder):
            if record.status != "pending" or record.draft.get("app_id") != app:
                continue
            if record.run == run.run_id:
                continue
            status = judge(record, run, now)
            if status == "corroborated" and _taken_back(record, _since(record, harvester)):
                status = "contradicted"  # a retro or harvest took it back meanwhile
            if status == "pending":
                continue
            record.settled_by = run.run_id
            if status == "corroborated":
                writes = result.writes
                before = len(writes.accepted), len(writes.duplicates)
                harvester.submit_many(
                    [_promoted(record)], trigger=hook.value, deadline=deadline, writes=writes
                )
                held = [*writes.accepted[before[0] :], *writes.duplicates[before[1] :]]
                if not held:
                    continue  # refused now (a secret, the store, the budget): stays pending
                record.memory_id, status = held[0], "promoted"
                notes.append(f"tentative {record.id} corroborated: held as {held[0]}")
            else:
                notes.append(f"tentative {record.id} {status}: not promoted")
            record.status = status
            save(folder, record)
        for draft in kept:
            record = _keep(draft, run, harvester)
            if not (folder / f"{record.id}.json").exists():
                save(folder, record)  # a repeated fire keeps the first record and its status
            result.writes.attempted += 1
            result.writes.tentative.append(record.id)
