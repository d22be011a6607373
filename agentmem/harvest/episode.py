"""A run's episodic record, as agentmem writes it whoever drives hook C.

The record is computed from the run, never written by a model: what the run set out to do,
how it ended, its summary and each failed check with its detail (where a failure's cause
is written, and what hook E reads back, `agentmem.harvest.runrecord`). Its id is made from
the host's run id, so a second fire for the same run (a retry, even after midnight)
proposes the held record itself, which the writer reports as a duplicate: one run, one
record. Its run id is the one memory files the run under (`dated`).
"""

from __future__ import annotations

from typing import Any

from agentmem._exceptions import MemoryNotFound
from agentmem.contexts import RunOutcome
from agentmem.core.model import AGENT_ID, Memory, MemoryType, content_key, memory_id
from agentmem.harvest.runrecord import dated, record_text, slug
from agentmem.tools import Tools

MAX_TAGS = 8


def episode_id(run: RunOutcome, tools: Tools) -> str:
    """The record's id, made from the host's run id (not the text): a run has one record."""
    user = tools.settings.user_id or ""
    app = run.app_id or tools.settings.app_id
    return memory_id(MemoryType.EPISODIC.value, content_key(run.run_id, user, AGENT_ID, app))


def filed(run: RunOutcome, tools: Tools) -> RunOutcome:
    """The run with the run id memory files it under."""
    return run.model_copy(update={"run_id": dated(run.run_id, tools.today())})


def scope(run: RunOutcome) -> dict[str, Any]:
    """The run's own scope fields, for its record and its lessons."""
    out: dict[str, Any] = {"run_id": run.run_id}
    if run.app_id:
        out["app_id"] = run.app_id
    if run.source:
        out["source"] = run.source
    return out


def topic_tags(run: RunOutcome) -> list[str]:
    return list(dict.fromkeys(slug(t) for t in run.tags))[:MAX_TAGS]


def record_draft(run: RunOutcome, tools: Tools) -> tuple[dict[str, Any], Memory | None]:
    """The run's record as a draft, and the record already held for it (a repeated fire:
    then the draft is the held record itself, which the writer does not copy)."""
    record_id = episode_id(run, tools)
    run = filed(run, tools)
    tags = [f"outcome-{run.outcome.value}"]
    tags += [f"fail-{slug(v.name)}" for v in run.verifiers if not v.passed]
    draft: dict[str, Any] = {
        "id": record_id,
        "text": record_text(run),
        "type": MemoryType.EPISODIC.value,
        "outcome": run.outcome.value,
        "tags": list(dict.fromkeys([*tags, *topic_tags(run)]))[:MAX_TAGS],
        **scope(run),
    }
    try:
        held: Memory | None = tools.get_memory(record_id)
    except MemoryNotFound:
        held = None
    if held is not None:
        draft = {**draft, "text": held.text, "app_id": held.app_id}
    return draft, held
