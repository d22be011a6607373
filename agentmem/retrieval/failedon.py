"""A failed run whose cause was a value its app has since changed: history, whatever the
question.

Hook A leaves out a run record that quotes what a change retired (`agentmem.retrieval.
beforechange`), but it reads the changes among the lessons that match the bundle's words.
A failure's cause seldom shares them: a bundle about receipts finds the run that failed on
"the 30 MB per-file limit", not the lesson that set the limit nor the one that raised it.
So each failed record is read against the changes of its own app found by its own cause
(its summary and failed checks, `agentmem.retrieval.outlived.account`): a lesson of the
record's app, written before the run, that a later lesson written after the run replaced,
that stated a value the replacement no longer does (`retired_values`), which the cause
quotes. The run failed on a value since replaced; its cause is how things were.

A record that failed on another value stays, so does one of another app (the replaced
lesson must be of the record's app: another app's limit raised is not this one's), and a
run written after the change (it failed on the new value, or on something else).
"""

from __future__ import annotations

from dataclasses import replace

from agentmem.core.model import SETBACKS, Memory, MemoryType
from agentmem.core.removal import mentions
from agentmem.core.restate import retired_values
from agentmem.retrieval.followed import replacement
from agentmem.retrieval.outlived import account
from agentmem.retrieval.places import LESSONS, Search
from agentmem.stores.base import Filters

CAUSE_CANDIDATES = 5  # lessons a failure's cause is read against


def failed_on_retired(search: Search, run: Memory, scope: Filters) -> bool:
    """Whether `run` failed on a value its app changed after it (module docstring)."""
    if run.type is not MemoryType.EPISODIC or run.outcome not in SETBACKS:
        return False
    cause = account(run)
    if not cause.strip():
        return False
    every = replace(scope, include_superseded=True, types=LESSONS)
    for hit in search(cause, CAUSE_CANDIDATES, every):
        old = hit.memory
        if old.app_id != run.app_id or old.created_at >= run.created_at:
            continue
        new = replacement(search, old, scope)
        if new is None or new.memory.created_at <= run.created_at:
            continue
        if any(mentions(cause, v) for v in retired_values(old.text, new.memory.text)):
            return True
    return False
