"""Lines of code with their comments (a crontab, a config module, a SQL fix), read as what
the comments say (`agentmem.harvest.voices` tries it on a run's lesson or a retro's bullet).

    # reminders: lead time 24h -> 18h after the no-show review
    0 * * * * /opt/bin/send_reminders --lead-hours 18

A team pastes the line it changed with the comment that says why; the comment is the
sentence, the code around it is how it is done. `commented` reads the comments (a line's
own, or one beside its code) as sentences in order, an assignment as "NAME is value" and a
crontab entry as when it runs what ("daily at 07:00: /srv/publish.sh");
a line commented out that is itself code (the old cron slot, the old setting) is the old
value and is left out, and so are calls and statements, which say nothing a review added.

A text is read so only when every line is a comment (`#`, `//`, `--`) or a line of code
(a crontab entry, an assignment, a call, a SQL statement) and a comment says something
(three words at least); one line alone only when it is a crontab entry with a comment.
"""

from __future__ import annotations

import re

from agentmem.harvest.codevoices import sentences

COMMENT = re.compile(r"\s{0,20}(?:#|//|--)\s?(?P<said>.*)")
INLINE = re.compile(r"\s(?:#|//|--)\s|\s<-\s")
CRON = re.compile(r"(?:@[a-z]{3,10}|(?:[\d*/,-]{1,20}\s+){4}[\d*/,-]{1,20})\s+\S.*")
ASSIGN = re.compile(
    r"(?P<name>[A-Za-z_][\w.]{0,60}(?:\[[^\[\]\n]{1,60}\])?)\s{0,5}(?:=|:=|\+=)\s{0,5}"
    r"(?P<value>\S.*)"
)
CALL = re.compile(r"[A-Za-z_][\w.]{0,60}\(.*\)\s{0,5};?|(?:if|for|while|return)\s.*(?:==|!=|\().*")
SQL = re.compile(r"(?:UPDATE|INSERT INTO|DELETE FROM|SELECT|ALTER TABLE)\s.*")  # in capitals
WORDS = re.compile(r"[^\W\d_]{2,}")
SAYS = 3  # words a comment holds, at least, to say something


def _code(line: str) -> bool:
    return any(p.fullmatch(line) for p in (CRON, ASSIGN, CALL, SQL))


def commented(text: str) -> str | None:
    """The comments of lines of code as sentences (see the module docstring); else None."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    told: list[str] = []
    code = says = 0
    for line in lines:
        if (comment := COMMENT.fullmatch(line)) is not None:
            said = comment["said"].strip()
            body = INLINE.split(said, maxsplit=1)[0].strip()
            if body and _code(body):
                continue  # a line put aside: the old value, not news
            told.append(said)
            says += len(WORDS.findall(said)) >= SAYS
            continue
        body, _, aside = _parts(line)
        if not _code(body):
            return None
        code += 1
        assigned = ASSIGN.fullmatch(body)
        if CRON.fullmatch(body):
            told.append(_scheduled(body))
        elif assigned is not None:
            told.append(f"{assigned['name']} is {assigned['value'].strip()}")
        if aside:
            told.append(aside)
            says += len(WORDS.findall(aside)) >= SAYS
    if not code or not says or (len(lines) == 1 and not CRON.fullmatch(_parts(lines[0])[0])):
        return None
    return sentences(told)


def _scheduled(entry: str) -> str:
    """A crontab entry in words: "0 7 * * * cmd" runs cmd daily at 07:00."""
    fields = entry.split(maxsplit=5)
    if fields[0].startswith("@"):
        return f"{fields[0][1:]}: {' '.join(fields[1:])}"
    minute, hour, day, month, weekday, command = fields
    if (day, month, weekday) == ("*", "*", "*") and minute.isdigit():
        if hour.isdigit():
            return f"daily at {int(hour):02d}:{int(minute):02d}: {command}"
        if hour == "*":
            return f"hourly at :{int(minute):02d}: {command}"
    return f"at {minute} {hour} {day} {month} {weekday} (cron): {command}"


def _parts(line: str) -> tuple[str, str, str]:
    """A line's code, the mark, and the comment beside it."""
    mark = INLINE.search(line)
    if mark is None:
        return line, "", ""
    return line[: mark.start()].strip(), mark[0].strip(), line[mark.end() :].strip()
