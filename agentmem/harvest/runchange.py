"""A run's own account that tells a change: "reports now upload to files-2.example.net:9000;
the old share is switched off", the summary of a run that passed every check and wrote no
lesson of it. The lesson that still names the old address was never compared with a run
record (records are events, not judged), so it stayed. Hook C writes such a summary as a
lesson of its own (`changed_in_summary`), and the writer's judge decides, as for any lesson,
whether it replaces a held one.

Only a success every verifier passed speaks for a new state; a failure's or a partial
run's account tells what went wrong, and a guess ("probably moved") is no change. The
account must say the change in so many words (a change word, "the old …", "decommissioned")
and give the address it is about: a bare "now works" or "deployed" tells no new value.
"""

from __future__ import annotations

import re

from agentmem.contexts import RunOutcome
from agentmem.core.movedaddress import addresses, says_moved

HEDGED = re.compile(
    r"\b(?:maybe|probably|possibly|perhaps|might|seems?|apparently|presumably|"
    r"looks like|not sure|i think|i guess|unclear)\b|\?",
    re.IGNORECASE,
)


def changed_in_summary(run: RunOutcome) -> str | None:
    """The run's summary when it tells a change a lesson should carry (see the module
    docstring), else None."""
    summary = " ".join((run.summary or "").split())
    if run.outcome.value != "success" or not run.verifiers:
        return None
    if not all(v.passed for v in run.verifiers) or HEDGED.search(summary):
        return None
    if not addresses(summary) or not says_moved(summary):
        return None
    if any(summary in lesson.text or lesson.text in summary for lesson in run.lessons):
        return None  # the run's own lesson says it already
    return summary
