"""The retro distiller: lessons from a retrospective's markdown, as drafts for the writer.

Which reader reads which shape of retro (`distill`): a retro of sections is read by its
sections (`agentmem.harvest.sectioned.lessons`: a bullet's section decides its type, a
decision record yields its decision, a postmortem's lessons are led by its title, a
withdrawal is a lesson under any heading but one of plans); a retro of labelled lines, a
chat thread, a start/stop/continue list or a journal by its own reader, each a lesson a
line or an entry; a periodic retro that lists too few, also in its prose. A standing
document (a runbook, an SOP, an announcement) is read whole by `agentmem.harvest.standing`:
every section of it says how things are now. The retro of one run (its run named) yields
0–3 lessons; a periodic one 3–8, and so may a document of no one run (a postmortem, a
decision record, a runbook). Hook D and the backfill's `retros` lane both distill through
here, so a retro backfilled and later fired through hook D yields the same drafts (and the
second is all duplicates).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agentmem.contracts import too_short
from agentmem.core.model import MemoryType, normalise_text
from agentmem.harvest.blocks import first_heading
from agentmem.harvest.codelessons import told
from agentmem.harvest.fitted import fitted
from agentmem.harvest.guess import GUESS as GUESS
from agentmem.harvest.guess import SENTENCE_END as SENTENCE_END
from agentmem.harvest.inprose import told_in_prose
from agentmem.harvest.journal import is_journal, journal_lessons
from agentmem.harvest.linelabels import is_labelled, line_lessons, unlabelled
from agentmem.harvest.programtext import program_lessons
from agentmem.harvest.reshape import as_read
from agentmem.harvest.residue import plain
from agentmem.harvest.roundtable import with_answers
from agentmem.harvest.rundiff import diff_lessons
from agentmem.harvest.scriptretro import code_markdown
from agentmem.harvest.sectioned import lessons
from agentmem.harvest.sections import Lesson
from agentmem.harvest.standing import is_standing, standing_lessons
from agentmem.harvest.startstop import is_start_stop, start_stop_lessons
from agentmem.harvest.strikes import Struck, commented_out, unstruck
from agentmem.harvest.thread import is_thread, thread_lessons

DATE = re.compile(r"(\d{4}-\d{2}-\d{2})")
PERIODIC_WORDS = ("periodic", "weekly", "monthly", "quarterly", "sprint")

# Inside each type's range, below its top: a retro is one author's view, not a measurement.
CONFIDENCE = {MemoryType.SEMANTIC: 0.8, MemoryType.PROCEDURAL: 0.75, MemoryType.REFLECTIVE: 0.8}
MAX_PER_RUN = 3
MIN_PERIODIC = 3
MAX_PERIODIC = 8


@dataclass
class Distilled:
    """What one retro yields: every lesson found, and the capped drafts to propose."""

    source: str
    periodic: bool
    one_run: bool = False  # the retro of one named run: the smaller cap
    found: list[Lesson] = field(default_factory=list)
    drafts: list[dict[str, Any]] = field(default_factory=list)
    struck: list[Struck] = field(default_factory=list)  # old values struck, new after them

    @property
    def cap(self) -> int:
        return MAX_PER_RUN if self.one_run else MAX_PERIODIC

    def note(self) -> str:
        line = (
            f"{len(self.found)} lesson(s) found in {self.source}; "
            f"{len(self.drafts)} proposed (cap {self.cap})"
        )
        if self.periodic and len(self.found) < MIN_PERIODIC:
            line += f"; a periodic retro should yield {MIN_PERIODIC}–{MAX_PERIODIC}"
        return line


def _once(found: list[Lesson]) -> list[Lesson]:
    """Each lesson once, in order (a runbook may say one thing in two sections)."""
    seen: dict[str, Lesson] = {}
    for lesson in found:
        seen.setdefault(normalise_text(lesson.text), lesson)
    return list(seen.values())


def is_periodic(path: str | Path, markdown: str) -> bool:
    """A retro is periodic when its file name or first heading says so (weekly, sprint…)."""
    haystack = f"{Path(path).name} {first_heading(markdown)}".lower()
    return any(word in haystack for word in PERIODIC_WORDS)


def retro_run_id(path: str | Path) -> str | None:
    """`<date>-retro` from a date in the file name, so a backfilled retro keeps its day."""
    match = DATE.search(Path(path).name)
    return f"{match.group(1)}-retro" if match else None


def worded(text: str) -> bool:
    """The lesson says something in words: a line of markup alone that a reader took for
    one ("#" of a config file's comment block, "---", "{.") has no letter or digit once its
    markup is left out, and would be a draft the writer refuses, failing the fire."""
    return any(char.isalnum() for char in plain(text))


def _read(
    markdown: str, source: str, *, one_run: bool, periodic: bool
) -> tuple[list[Lesson], list[Struck]]:
    """The lessons a retro read as markdown yields, and the old values struck in it."""
    markdown, struck = unstruck(markdown)
    diffed, markdown = diff_lessons(markdown)  # "- old" / "+ new" lines: the new alone
    standing = not one_run and not periodic and is_standing(source, markdown)
    found = _once(standing_lessons(markdown)) if standing else lessons(markdown)
    if is_labelled(markdown):  # a status report, a standup, an interview: a unit a line
        found = [*line_lessons(markdown), *lessons(unlabelled(markdown))]
    found = thread_lessons(markdown) if is_thread(markdown) else found  # a chat, one a line
    found = start_stop_lessons(markdown) if is_start_stop(markdown) else found
    journal = is_journal(markdown)  # one entry a stamped line: read as entries, not prose
    found = [*diffed, *(journal_lessons(markdown) if journal else found)]
    found = [lesson for lesson in found if worded(lesson.text)]  # markup alone says nothing
    if periodic and not standing and not journal and len(found) < MIN_PERIODIC:  # in prose
        found = with_answers(markdown, found + told_in_prose(markdown, found))
    return found, struck


def distill(
    markdown: str,
    source: str,
    *,
    periodic: bool,
    run_id: str | None = None,
    app_id: str | None = None,
) -> Distilled:
    """The drafts a retro supports, at most its cap, each with `source` = the retro. A retro
    given its `run_id` (and not periodic) tells of one run: at most MAX_PER_RUN."""
    one_run = run_id is not None and not periodic
    # data, quotes, dictation, outlines (reshape); an old value struck, the new one alone
    ended = commented_out(markdown, source)  # old lines its comments hold, ended claims
    raw = markdown
    # a program whose comments label what was found: its findings are in its comments and
    # statements, which the readers ran together with its code or left as filing; read by
    # its lines (comments, what its statements say, its settings) instead
    lines = code_markdown(raw, labelled=True)
    read = lines if lines is not raw else as_read(markdown, source)
    found, struck = _read(read, source, one_run=one_run, periodic=periodic)
    # config or program text no reader took a lesson from: its values' and comments' prose
    found = found or program_lessons(raw)
    found = told(raw, found)  # a program's lessons of code, told in words
    result = Distilled(source, periodic, one_run=one_run, found=found, struck=struck + ended)
    run = run_id or retro_run_id(source)
    scope = {k: v for k, v in {"source": source, "run_id": run, "app_id": app_id}.items() if v}
    texts = [(fitted(plain(lesson.text)), lesson) for lesson in result.found[: result.cap]]
    result.drafts = [
        {
            "text": text,  # markup left out; no longer than the writer takes
            "type": lesson.type.value,
            "confidence": CONFIDENCE[lesson.type],
            "tags": ["retro"],
            **scope,
        }
        for text, lesson in texts
        if not too_short(text)  # a lone label ("# Rakefile"): the writer would refuse it
    ]
    return result
