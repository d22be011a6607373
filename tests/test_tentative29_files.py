"""A tentative file's reason for being skipped names its real fault, and a record whose
expiry falls past the calendar is skipped as damaged instead of crashing whoever counts
it (the audit, `agentmem status`, `agentmem tentative list`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agentmem.audit.tentative import summarize
from agentmem.harvest import tentfiles


def test_a_record_read_as_a_link_is_named_as_one_not_as_bad_json(tmp_path: Path) -> None:
    """The reason a linked file is skipped says link, not JSON."""
    (tmp_path / "real.json").write_text("{}")
    (tmp_path / "tentative-aaaaaaaaaaaa.json").symlink_to(tmp_path / "real.json")
    with pytest.raises(tentfiles.Unreadable, match=r"^a symbolic link"):
        tentfiles.read(tmp_path / "tentative-aaaaaaaaaaaa.json")


def test_a_record_kept_at_the_calendars_end_is_damaged_not_a_crash(root: Path) -> None:
    """kept_at in the last days of year 9999 has no expiry date: the file is damaged."""
    folder = root / "tentative"
    folder.mkdir(parents=True)
    record = {"id": "tentative-abcabcabcabc", "draft": {"text": "Pumps idle at noon."},
              "run": "r", "kept_at": "9999-12-30T00:00:00+00:00"}  # fmt: skip
    (folder / "tentative-abcabcabcabc.json").write_text(json.dumps(record))
    summary = summarize(root)
    assert summary.by_status["pending"] == 0
    assert "kept_at" in summary.damaged[0].reason
