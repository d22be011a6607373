"""What a pack leaves out because it was told before a change: a run record or a lesson
written before a change memory on the same ground that still tells what the change
retired or removed. `agentmem.retrieval.select` (packs) and `agentmem.retrieval.history`
(hook A) read the same changes through these, so a worker and the executive are never told
two different things about one change."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from agentmem.core.model import Hit, Kind, Memory, MemoryType
from agentmem.core.removal import mentions, removed
from agentmem.core.restate import retired_values, retraction
from agentmem.core.retiredvalues import recounted
from agentmem.retrieval.lingering import Change, quotes_retired, states_retired
from agentmem.retrieval.takenback import gainsays


def retired(every: Sequence[Hit]) -> dict[str, str]:
    """What lessons on the query once said and their replacements no longer say (a
    command, a path, a version, a count), each with when it was replaced, from every lesson
    on the query (replaced ones included). Only observations count: hook E's updated
    pattern (3 runs where it said 2) is a new count of the same failures, not a change in
    how things are. Nor does a lesson that takes its predecessor back (`gainsays`: "tempering
    is NOT the cause of soft rings" of a tempering lesson): a withdrawn claim changes no
    state, and dates no success that set it (`agentmem.retrieval.takenback`), save a count
    it gives anew (`changed_values`)."""
    hits = [h for h in every if h.memory.kind is Kind.OBSERVATION]
    held = {h.memory.id: h.memory for h in hits}
    out: dict[str, str] = {}
    for hit in hits:
        for old in hit.memory.supersedes:
            if old in held:
                for value in changed_values(held[old], hit.memory):
                    out[value] = max(out.get(value, ""), hit.memory.created_at)
    return out


def removals(every: Sequence[Hit]) -> dict[str, str]:
    """What live lessons on the query say was removed or is gone (`agentmem.core.removal`:
    "the --full flag was removed", "we deleted legacy_export.py"), each with when it was
    said. A retraction withdraws a claim, it removes nothing."""
    hits = [h for h in every if h.memory.kind is Kind.OBSERVATION]
    replaced = {old for h in hits for old in h.memory.supersedes}
    out: dict[str, str] = {}
    for hit in hits:
        if hit.memory.id in replaced or retraction(hit.memory.text):
            continue
        for thing in removed(hit.memory.text):
            out[thing] = max(out.get(thing, ""), hit.memory.created_at)
    return out


def changed_values(old: Memory, newer: Memory) -> set[str]:
    """What `newer` changed of `old`'s values (`retired_values`). A newer lesson that takes
    `old` back (`gainsays`) changes only the counts it gives anew of the same thing ("not
    from the bitrate: 128 kbps is fine" of "encode at 192 kbps": 192 kbps is over); the
    values it leaves unsaid it did not change. Skipped whole, the one lesson left replacing
    a bitrate lesson retired no bitrate, and the successes encoded at the old one were
    packed as the way it is done."""
    if gainsays(newer, old):
        return recounted(old.text, newer.text)
    return retired_values(old.text, newer.text)


def after_changes(record: Memory, retired: Mapping[str, str]) -> bool:
    """Whether a run record is newer than every change memory recorded on its ground
    (`retired`'s dates): an older success may tell the old way, whatever it names."""
    return record.created_at >= max(retired.values(), default="")


def tells_retired(record: Memory, retired: Mapping[str, str]) -> bool:
    """A run record written before a change that still names what the change retired:
    it tells how things were, which a worker must not take for how they are."""
    own = removed(record.text)  # the run that removed it tells of the change, not before it
    return any(
        record.created_at < when and value not in own and mentions(record.text, value)
        for value, when in retired.items()
    )


def told_before(memory: Memory, moved: Sequence[Change]) -> bool:
    """A run record or hook E's pattern of runs before a change that quotes what it retired
    (`quotes_retired`): a value, a tool, a subcommand or an option's value the replacement
    gives the job instead (`agentmem.retrieval.commanded`: "re-queued with bakectl retry"
    after "re-queue with bakectl requeue --fresh" replaced it). A failure too: a worker reads
    "ran X, it failed" beside the lesson that says to run Y, and takes X for a way that once
    worked. On the repository's eleven, twelve tuning and four validation loop-benchmark
    scenarios (the reader's plain commands, options and prices with it): stale 0.019 ->
    0.015 on the tuning ones (five run records fewer in packs and hook A), need and pack
    precision unchanged, nothing else moved.

    A lesson written before the change leaves when it states a value the change retired of
    the same thing as the replaced lesson (`states_retired`): the writer replaced one saying
    of the old rule, and another, in other words, still told it."""
    if memory.kind is Kind.OBSERVATION and memory.type is not MemoryType.EPISODIC:
        return states_retired(memory, moved)
    if memory.kind is not Kind.ASSESSMENT and memory.type is not MemoryType.EPISODIC:
        return False
    return quotes_retired(memory, moved)
