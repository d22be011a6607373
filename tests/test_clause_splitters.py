"""The shared clause splitters (`agentmem.core.clauses`)."""

from __future__ import annotations

from agentmem.core.clauses import ASIDES, STOPS


def test_stops_cut_at_a_stop_before_a_space_only() -> None:
    """A stop, ";" or ":" before a space cuts; one inside a word or a time does not."""
    text = "Rota: Ana at 12:30; Bo on v2.1. Then Cy"
    assert STOPS.split(text) == ["Rota", "Ana at 12:30", "Bo on v2.1", "Then Cy"]


def test_asides_cut_at_brackets_and_lines_not_at_a_label() -> None:
    """A bracket, ";" or line cuts, a sentence's stop before a space too; ":" does not."""
    text = "Owner: Ana (spare) on v2.1\nBo."
    assert ASIDES.split(text) == ["Owner: Ana ", "spare", " on v2.1", "Bo", ""]
