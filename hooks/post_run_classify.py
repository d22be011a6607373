"""Hook C, post-run classify: one episodic record of the run, plus lessons it supports.

Writes 0–3 memories. The episodic record is always proposed; a lesson from the run's own
report is proposed only when the run backs it. From a success: the verifiers it names
passed, or, if it names none of this run's verifiers (its evidence may cite other runs),
every verifier passed. From a failure (or a partial or aborted run): it says what the run
showed, not a guess ("maybe", "probably", "looks like", "?"): a guess read back as a
lesson is how optimistic memory feeds on itself. A success whose own summary tells a change
of address ("uploads now go to files-2.example.net:9000") is written as a lesson too, when
the run's lessons leave room (`agentmem.harvest.runchange`). Drafts only; the runtime writes.

The record (`agentmem.harvest.episode`, the same on the model path) keeps each failed
verifier's `detail` (where a failure's cause is written) and has an id made from the run,
so firing the hook again for a run that is already recorded proposes the held record
itself: the writer reports it as a duplicate, never a second episode. A lesson the worker
typed `reflective` is written as `semantic`: one run shows no pattern across runs (hook
E's type), but what the run showed still holds ("Retracted: a restart does not cure it
..." must still withdraw the lesson it names). Other types (a principle, an episode) are
not a run's to write, and the fire's text says so. A host's run id that does not open on
a date is filed under the day it was recorded ("mob-017" on 2026-09-07:
"2026-09-07-mob-017"), as memory's run ids are. Lessons carry the run's tags, so a pack for
a goal with those tags finds them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from agentmem import Contribution, Lesson, MemoryType, RunOutcome, Tools, hookimpl
from agentmem.harvest.episode import filed, record_draft, scope, topic_tags
from agentmem.harvest.pasted import as_statement
from agentmem.harvest.runchange import changed_in_summary
from agentmem.harvest.voices import plain

MAX_LESSONS = 2
LESSON_TYPES = (MemoryType.SEMANTIC, MemoryType.PROCEDURAL)
AS_FACT = (MemoryType.REFLECTIVE,)  # written as semantic (see the module docstring)
NOT_A_RUNS = "not written, a run's lessons are semantic or procedural"


# What a worker writes when it is guessing: a setback's lesson saying it is no lesson yet.
HEDGED = re.compile(
    r"\b(?:maybe|probably|possibly|perhaps|might|seems?|apparently|presumably|"
    r"looks like|not sure|i think|i guess|no idea|unclear)\b|\?",
    re.IGNORECASE,
)


def _supported(lesson: Lesson, run: RunOutcome) -> bool:
    """See the module docstring: a success backs it through its verifiers (evidence naming
    none of this run's, such as other runs' ids, cites rather than verifies); a setback
    backs what it showed, never a guess."""
    passed = {v.name for v in run.verifiers if v.passed}
    named = set(lesson.evidence) & {v.name for v in run.verifiers}
    if run.outcome.value != "success":
        return not HEDGED.search(lesson.text)
    if named:
        return named <= passed
    return (
        run.outcome.value == "success"
        and bool(run.verifiers)
        and all(v.passed for v in run.verifiers)
    )


@hookimpl
def post_run_classify(run: RunOutcome, tools: Tools) -> Contribution:
    episode, held = record_draft(run, tools)
    run = filed(run, tools)
    drafts: list[Mapping[str, Any]] = [episode]
    typed = [x for x in run.lessons if x.type in (*LESSON_TYPES, *AS_FACT)]
    kept = [x for x in typed if _supported(x, run)][:MAX_LESSONS]
    topics = topic_tags(run)
    for lesson in kept:
        kind = MemoryType.SEMANTIC if lesson.type in AS_FACT else lesson.type
        drafts.append(
            {
                "text": as_statement(plain(lesson.text)),  # a pasted card, markup: the words held
                "type": kind.value,
                "confidence": lesson.confidence,
                **({"tags": topics} if topics else {}),
                **scope(run),
            }
        )
    told = changed_in_summary(run) if len(kept) < MAX_LESSONS else None
    if told:  # a change told only in the run's own account (`agentmem.harvest.runchange`)
        tags = {"tags": topics} if topics else {}
        drafts.append({"text": told, "type": "semantic", "confidence": 0.75, **tags, **scope(run)})
    others = sorted(
        {x.type.value for x in run.lessons} - {t.value for t in (*LESSON_TYPES, *AS_FACT)}
    )
    facts = sum(1 for x in kept if x.type in AS_FACT)
    text = (
        f"episodic record for {run.run_id}"
        + (f" already held as {held.id}: not recorded again" if held is not None else "")
        + f"; {len(kept)} supported lesson(s)"
        + (f" ({facts} typed reflective, written as semantic)" if facts else "")
        + f", {len(typed) - len(kept)} not supported by the verifiers"
        + (
            f"; {len(run.lessons) - len(typed)} typed {', '.join(others)}: {NOT_A_RUNS}"
            if others
            else ""
        )
    )
    return Contribution(text=text, drafts=drafts, cited=[held.id] if held is not None else [])
