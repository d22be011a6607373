"""The start a new state holds from, as a text tells it: "Since 3 May the kiln fires at
1,180 °C", "As of 12 March, refunds go to the finance desk", "Starting with Friday's batch
…", "Beginning with the spring term, …", "From 2031/32, …", "… from next month on".

One grammar of the cue ("since", "from", "as of", "effective", "starting", "beginning" …)
and the day after it (`DAY`), read three ways:

- `ONSET`: a sentence opening on the day a rule took effect (`agentmem.harvest.onset`).
  Only a day follows the cue ("since the upgrade" tells how long, not when), and a range
  ("from Monday to Friday") is no onset.
- `OPENING`: the same cue and day at a clause's start, with the year and comma after it,
  cut off to read what is left ("Since 3 May, Acme is our courier" reads "Acme is our
  courier"; `agentmem.core.partial`). It also takes a day written in figures ("from 3/5")
  and, as the clause is cut where it starts, no leading stop.
- `START`: a period a value is set from (`agentmem.core.setto`): wider, any word after
  "beginning"/"starting"/"commencing"/"effective" ("starting next quarter"), a year or a
  named period after "from" closed by a comma, "… from this term on", "took effect". A
  value said to be set anew needs no day, only that it holds from some start, and the
  words that set it carry the rest.
- `SINCE_DAY`: the cue but "from", anywhere in a text, before a day by its month's name
  ("Ana is the lead since June 15"; `agentmem.core.handover`).
"""

from __future__ import annotations

import re

from agentmem.core.spoken import MONTH_DAY, WEEKDAY_NAME

WEEKDAY = rf"{WEEKDAY_NAME}(?:'s)?"
# a day: "3 May", "May 3rd", "the 14th", "2026-05-03", "Friday", "next Monday's", "tomorrow"
DAY = (
    rf"(?:\d{{4}}-\d{{2}}-\d{{2}}|{MONTH_DAY}|the\s+\d{{1,2}}(?:st|nd|rd|th)"
    rf"|(?:next\s+|this\s+)?{WEEKDAY}|tomorrow)"
)
# the words that open a start: "starting", "effective", "beginning" (with "from", "on" ...)
STARTING = r"beginning|starting|commencing|effective"
# the cue of a start anywhere in a sentence ("Ana is the lead since 3 May"), and at its start
# "from" too ("From 3 May, …"; "the note from 3 May" names a note)
SINCE = (
    r"since|as of|effective(?:\s+from)?|starting(?:\s+(?:with|from|on))?"
    r"|beginning(?:\s+(?:with|on))?"
)
CUE = rf"(?:{SINCE}|from)"
# a range is no onset ("from 3 May to 9 May", "from Monday until Friday")
NO_RANGE = r"(?!\s*(?:to|until|till|through|and|[–-])\b)"
ONSET = re.compile(rf"^\W*{CUE}\s+(?:the\s+)?{DAY}{NO_RANGE}", re.IGNORECASE)
# the cue before a day named by its month anywhere in a text: "Ana is the lead since June
# 15" (the month capitalised: "since may 5" is no day)
SINCE_DAY = re.compile(rf"\b(?i:{SINCE})\s+\b(?:{MONTH_DAY})\b{NO_RANGE}")
# the cue words alone, and no "the" before the day: "Since the Sunday failover, …" names
# an event, and what is left once the cue is cut must keep it
OPENING = re.compile(
    rf"\A(?:since|from|as\s+of|starting|effective)\s+(?:{DAY}|\d{{1,2}}[-/.]\d{{1,2}})"
    r"(?:\s+\d{4})?,?\s+",
    re.IGNORECASE,
)
START = re.compile(
    rf"(?:^|(?<=[.;:]\s))\W*(?:{STARTING})\s+(?:with|from|in|on)?\s*"
    r"(?:the|this|next)?\s*[\w/.-]+"
    r"|(?:^|(?<=[.;:]\s))\W*from\s+(?:\d{4}(?:/\d{2,4})?|(?:the|this|next)\s+[\w-]+(?:\s+[\w-]+)?)\s*,"
    r"|\bfrom\s+(?:this|next|the)\s+[\w-]+\s+on(?:wards?)?\b"
    r"|\b(?:took|takes|take)\s+effect\b",
    re.IGNORECASE,
)
