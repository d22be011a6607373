"""A change announced for a time to come: "from next week the pool opens at 06:30",
"starting with release 7 the export writes Parquet", "as of June 3 the ferry leaves from
pier 2", "beginning Monday the desk closes at 18:00".

Such a sentence tells the new state of what it speaks of as plainly as "the pool now
opens at 06:30" does, but it says no "now", "no longer" or "moved": the change lies in
the time it names. Read without a cue, the new value of a held fact ("opens at 07:00")
was judged another thing's value of its own, and the old fact stayed beside the new one.

A time to come is a relative one (next week, tomorrow, a weekday), a release or sprint by
its number, or a day by name ("June 3", "3 June"). Not a range ("from Monday to
Friday", "from next week until the audit"), not a thing of that time ("the logs from
Monday's run"), and not "from" a written date alone: a dated record's "From 2026-07-28 …"
opens the rollout it records, left to `agentmem.core.cues`.
"""

from __future__ import annotations

import re

from agentmem.core.spoken import MONTHS, WEEKDAY_NAME

_WEEKDAY = WEEKDAY_NAME
_PERIOD = r"(?:week|month|quarter|year|sprint|release|cycle|season|shift|train|" + _WEEKDAY + ")"
# the time to come: "next week", "the coming sprint", "tomorrow", "Monday", "release 7",
# "v2.4", "sprint 12", "June 3", "3 June"
_WHEN = (
    rf"(?:(?:the\s+)?(?:next|coming|following)\s+{_PERIOD}|tomorrow|{_WEEKDAY}"
    r"|(?:the\s+)?(?:release|version|sprint|build|iteration|wave)\s+v?\d[\w.]*"
    r"|v\d+(?:\.\d+)*"
    rf"|(?:{MONTHS})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{MONTHS}))"
)
# the words that open it: "from", "starting (with|from|on)", "beginning (with)", "as of",
# "effective (from)"
_OPENS = (
    r"(?:from|starting(?:\s+(?:with|from|on|in))?|beginning(?:\s+(?:with|on|in))?|as\s+of"
    r"|effective(?:\s+(?:from|on))?)"
)
# a bare release number only after words that name a point in a sequence: "starting
# with 4.2", "as of 4.2" (not "from 1.5 GB")
_ORDINAL = r"(?:starting\s+(?:with|from|in)|beginning\s+(?:with|in)|as\s+of)"

_SOON = rf"{_OPENS}\s+(?:(?:the\s+)?(?:next|coming|following)\s+{_PERIOD}|tomorrow)"


def with_announced(cue: re.Pattern[str], *, soon_only: bool = False) -> re.Pattern[str]:
    """The cue's words with a change announced for a time to come among them (see the
    module's docstring): "from next week the lab closes at 17:00" says a change as "the
    lab now closes at 17:00" does. With `soon_only`, only a time told relative to today
    ("from next week", "starting tomorrow"): that one points, as "since June 3 the lab …"
    does, at the words after it; a release or a day by name opens a plan as often as a
    change ("starting with 4.2 the team …")."""
    when = _SOON if soon_only else rf"(?:{_OPENS}\s+{_WHEN}|{_ORDINAL}\s+\d+\.\d+(?:\.\d+)?)"
    announced = (
        rf"\b{when}\b"
        # a range ("from Friday 18:00 UTC until Monday") or a thing of that time is none
        r"(?!['’]s\b|(?:\s+\d{1,2}(?::\d{2})?(?:\s*[ap]m)?(?:\s+[a-z]{2,4})?)?"
        r"\s*(?:to|until|till|through|thru|and|or|[–-])(?!\w))"
    )
    return re.compile(rf"(?:{cue.pattern})|{announced}", cue.flags)
