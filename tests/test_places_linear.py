"""A place's first part must hold a letter; that is looked ahead for, so a long word that is
no place is refused in one pass (two stars around the letter took time growing with the
word's square: 10,000 characters 2 s, 40,000 about 30 s, read once a candidate per add)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from agentmem.core.places import places

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("config lives in conf/app.yaml now", ["conf/app.yaml"]),
        ("logs go to /srv/kiln_2/logs and ~/x/y", ["/srv/kiln_2/logs", "~/x/y"]),
        (
            "see https://ops.example.org/runbook, then /var/$app/run",
            ["https://ops.example.org/runbook", "/var/$app/run"],
        ),
        ("a fraction 4/5 and a unit m3/h are no places", []),
        ("a numbered path 2024/05.csv needs a letter first", []),
    ],
)
def test_places_read_as_before(text: str, expected: list[str]) -> None:
    assert places(text) == expected


def test_a_long_word_is_refused_in_one_pass() -> None:
    """Four 40,000-character words that are no places (one letter, hyphenated, dotted, a
    slash's first part) are read in a child process within 60 s together (no hang)."""
    code = (
        f"import sys; sys.path.insert(0, {str(ROOT)!r})\n"
        "from agentmem.core.places import places\n"
        "words = ['x' * 40000, 'ab-' * 13000, 'ab.' * 13000, '/' + 'a' * 40000]\n"
        "print([places(w) for w in words])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == "[[], [], [], []]"
