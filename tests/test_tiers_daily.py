"""Tier 2, daily notes: append-only, one line per event, whole under concurrent appends."""

from __future__ import annotations

import re
import subprocess
import sys
from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from agentmem.tiers import DailyLog, TierInputError

WRITER = """
import sys
from datetime import datetime, UTC
from pathlib import Path
from agentmem.tiers.daily import DailyLog

root, tag, count, width = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
log = DailyLog(root)
when = datetime(2026, 11, 29, 12, 0, 0, tzinfo=UTC)
sys.stdin.readline()  # both writers start together
for i in range(count):
    log.append(f"{tag}-{i} " + tag * width, when)
"""


def test_two_processes_appending_lose_and_interleave_nothing(root: Path) -> None:
    """Two real processes append 300 long lines each (past PIPE_BUF) to the same note:
    every line arrives whole, exactly once, and each writer's lines keep their order."""
    count, width = 300, 6000
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(root), tag, str(count), str(width)],
            stdin=subprocess.PIPE,
            text=True,
        )
        for tag in ("A", "B")
    ]
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.close()
        assert proc.wait(timeout=120) == 0
    text = (root / "daily" / "2026-11-29.md").read_text()
    lines = text.splitlines()
    assert lines[:2] == ["# 2026-11-29", ""]
    pattern = re.compile(rf"^- 12:00:00Z ([AB])-(\d+) ([AB]){{{width}}}$")
    seen: dict[str, list[int]] = {"A": [], "B": []}
    for line in lines[2:]:
        match = pattern.match(line)
        assert match is not None, f"torn or interleaved line: {line[:80]!r}"
        assert match.group(1) == match.group(3)
        seen[match.group(1)].append(int(match.group(2)))
    assert seen == {"A": list(range(count)), "B": list(range(count))}


def test_append_never_rewrites_what_is_there(root: Path) -> None:
    """An append leaves every earlier byte of the note as it was, and adds one line."""
    log = DailyLog(root)
    when = datetime(2026, 11, 28, 9, 30, tzinfo=UTC)
    log.append("first event", when)
    before = log.path_for(when.date()).read_bytes()
    line = log.append("second event", when)
    after = log.path_for(when.date()).read_bytes()
    assert after.startswith(before)
    assert after[len(before) :] == f"{line}\n".encode()
    assert [n.text for n in log.notes(date(2026, 11, 28))] == ["first event", "second event"]


def test_one_event_is_one_line(root: Path) -> None:
    """Newlines in the text are folded, so an event can never forge a second line."""
    log = DailyLog(root)
    line = log.append("deployed\n- 00:00:00Z forged line", datetime(2026, 11, 29, tzinfo=UTC))
    assert "\n" not in line
    assert len(log.notes(date(2026, 11, 29))) == 1


@pytest.mark.parametrize(
    ("text", "reason"),
    [("   \n ", "empty"), ("token: sk-ant-abcdefghijklmnopqrstuvwxyz123", "secret")],
)
def test_bad_text_is_refused_and_writes_nothing(root: Path, text: str, reason: str) -> None:
    """Empty text or text that looks like a key is refused, naming the field; no file appears."""
    with pytest.raises(TierInputError, match=reason) as caught:
        DailyLog(root).append(text)
    assert caught.value.field == "text"
    assert not (root / "daily").exists() or not any((root / "daily").iterdir())


def test_the_day_is_the_utc_day(root: Path) -> None:
    """A note goes in the file of its UTC day, whatever the caller's timezone."""
    log = DailyLog(root)
    log.append("late", datetime(2026, 11, 29, 23, 59, 59, tzinfo=UTC))
    log.append("early", datetime(2026, 11, 30, 0, 0, 1, tzinfo=UTC))
    assert [n.text for n in log.notes(date(2026, 11, 29))] == ["late"]
    assert [n.text for n in log.notes(date(2026, 11, 30))] == ["early"]
    assert log.days(date(2026, 11, 30), 5) == [date(2026, 11, 30), date(2026, 11, 29)]
