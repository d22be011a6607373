"""bench/embedsep.py: the offline measure of whether WordLlama's static embeddings, values
masked, tell a pair's later text about the same subject from a look-alike about another
thing. It runs the real model from its wheel (in the `dev` extra), offline."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from bench.embedsep import LIMIT, auc, main, masked

pytest.importorskip("wordllama")

LESSON = "Reminder SMS are sent 24 hours before the appointment via Twilio."
PAIRS = [
    {
        "domain": "clinic",
        "app_id": "clinic-sms",
        "old": LESSON,
        "new": "Reminder SMS go out 24 hours ahead of each appointment, through Twilio.",
        "relation": "restates",
        "goal": "Check the reminders",
    },
    {
        "domain": "clinic",
        "app_id": "clinic-sms",
        "old": LESSON,
        "new": "Invoices are printed at the front desk after each visit.",
        "relation": "different",
        "goal": "Check the reminders",
    },
]


def test_values_are_masked_and_words_kept() -> None:
    """A token holding a digit is a value and goes; the words that say what it is of stay."""
    assert masked("Reminder SMS at 24h, 48 hours before 09:30 on v2.1") == (
        "Reminder SMS at hours before on"
    )


def test_hostile_text_is_read_in_linear_time_without_raising() -> None:
    """A 100 KB text of one unbroken token, or one holding lone surrogates, is masked at
    once: only its first LIMIT characters are read, and a surrogate is replaced."""
    start = time.process_time()
    assert len(masked("a" * 100_000)) == LIMIT
    assert masked("subject \ud800 value 12") == "subject ? value"
    assert time.process_time() - start < 10


def test_auc_counts_ties_half_and_nothing_as_none() -> None:
    """The AUC is the share of (positive, negative) pairs the positive wins, a tie half."""
    assert auc([0.9, 0.5], [0.5]) == 0.75
    assert auc([], [0.1]) is None


def test_a_restatement_reads_closer_than_another_thing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Run on a real pairs file, the report counts the pairs the rules found nothing in and
    ranks the restatement above the unrelated text (AUC 1.0 of one against one)."""
    path = tmp_path / "pairs.json"
    path.write_text(json.dumps(PAIRS), encoding="utf-8")
    assert main([str(path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["pairs"] == 2
    assert result["auc_all"]["restates"] == 1.0
    assert result["auc_all"]["replaces"] is None
    assert set(result["at"]) == {"0.4", "0.5", "0.6", "0.7", "0.8"}
