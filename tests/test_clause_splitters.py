"""The shared clause splitters (`agentmem.core.clauses`)."""

from __future__ import annotations

from agentmem.core import handover, namedslot
from agentmem.core.clauses import ASIDES, DASHED, LINES, SENTENCES, STOPS


def test_stops_cut_at_a_stop_before_a_space_only() -> None:
    """A stop, ";" or ":" before a space cuts; one inside a word or a time does not."""
    text = "Rota: Ana at 12:30; Bo on v2.1. Then Cy"
    assert STOPS.split(text) == ["Rota", "Ana at 12:30", "Bo on v2.1", "Then Cy"]


def test_asides_cut_at_brackets_and_lines_not_at_a_label() -> None:
    """A bracket, ";" or line cuts, a sentence's stop before a space too; ":" does not."""
    text = "Owner: Ana (spare) on v2.1\nBo."
    assert ASIDES.split(text) == ["Owner: Ana ", "spare", " on v2.1", "Bo", ""]


def test_sentences_cut_at_a_stop_before_a_space_or_the_end_and_dashed_at_a_dash() -> None:
    """A stop, "!", "?", ";" or ":" before a space or at the end cuts, the space with it;
    `DASHED` cuts at a dash between spaces too, never inside a word."""
    text = "Kiln 2 is off; use kiln 3: it is warm - ask Bo! v2.1 is re-run."
    assert SENTENCES.split(text) == [
        "Kiln 2 is off",
        "use kiln 3",
        "it is warm - ask Bo",
        "v2.1 is re-run",
        "",
    ]
    assert DASHED.split(text)[2:4] == ["it is warm", "ask Bo"]


def test_lines_cut_after_a_stop_and_at_a_line_keeping_the_stop() -> None:
    """A space after ".", "!", "?" or ";" cuts and the stop stays with its sentence; a line
    break cuts; ":" and a stop inside a word do not."""
    text = "Ana owns v2.1. Bo signs: Cy; Di!\nEd"
    assert LINES.split(text) == ["Ana owns v2.1.", "Bo signs: Cy;", "Di!", "Ed"]


def test_a_title_s_dot_ends_no_clause_for_any_title_holders_reads() -> None:
    """The clause splitters of roles and names read the titles `holders.TITLES` knows, one
    list: "Mx. Quill" and "Prof. Quill" stay in their clause, a sentence's stop cuts."""
    text = "Mx. Quill signs off. Prof. Lark covers."
    assert handover.CLAUSE.split(text) == ["Mx. Quill signs off.", "Prof. Lark covers."]
    assert [c for c in namedslot.CLAUSE.split(text) if c] == [
        "Mx. Quill signs off",
        "Prof. Lark covers",
    ]
