"""Struck spans in any markup: an old value struck and a new one after it is the new one
alone; a struck span with nothing new after it stays for the retraction readers."""

from __future__ import annotations

import time

import pytest

from agentmem.core.struck import struck
from agentmem.harvest.distill import distill
from agentmem.harvest.strikes import Struck, one_mark, unstruck


@pytest.mark.parametrize(
    "line",
    [
        "- ~~Brookfield depot~~ All deliveries from Reading depot.",
        "- ~Brookfield depot~ All deliveries from Reading depot.",
        "\\item \\sout{Brookfield depot.} All deliveries from Reading depot.",
        "\\item \\st{Brookfield depot.} All deliveries from Reading depot.",
        "<li><del>Brookfield depot</del> All deliveries from Reading depot.</li>",
        "<li><s>Brookfield depot</s> All deliveries from Reading depot.</li>",
        "<li><strike class='x'>Brookfield depot</strike> All deliveries from Reading depot.</li>",
        "* [.line-through]#Brookfield depot# All deliveries from Reading depot.",
        "\\pard \\strike Brookfield depot\\strike0  All deliveries from Reading depot.\\par",
        "[*] [s]Brookfield depot[/s] All deliveries from Reading depot.",
        "- B\u0336r\u0336o\u0336o\u0336k\u0336 d\u0336e\u0336p\u0336o\u0336t\u0336 All deliveries from Reading depot.",
        "- &lt;del&gt;Brookfield depot&lt;/del&gt; All deliveries from Reading depot.",
    ],
)
def test_a_struck_value_with_a_successor_leaves_the_new_value_alone(line: str) -> None:
    """In every markup, the item says the new value alone and the struck words are kept
    aside as what it replaces."""
    text, found = unstruck(f"# Changes\n\n{line}\n")
    assert "Brookfield" not in text and "Brook" not in text
    assert "All deliveries from Reading depot." in text
    assert len(found) == 1
    assert found[0].old.replace(" ", "").startswith("Brook")
    assert "Reading" in found[0].new and "Brook" not in found[0].new


def test_the_new_value_on_the_next_line_of_the_item_is_its_successor() -> None:
    """A LaTeX item wraps: the new value after a struck span may open the next line."""
    tex = (
        "\\begin{enumerate}\n"
        "  \\item \\textbf{Dispatch cadence.} \\sout{Requests batched at the 16:00 cut-off.}\n"
        "        Dispatch runs in waves every 4~hours.\n"
        "  \\item Curfew is 22:00.\n"
        "\\end{enumerate}\n"
    )
    text, found = unstruck(tex)
    assert "16:00" not in text and "waves every 4~hours" in text
    assert found == [
        Struck(
            "\\item \\textbf{Dispatch cadence.} Dispatch runs in waves every 4~hours.",
            "Requests batched at the 16:00 cut-off.",
        )
    ]
    assert "Curfew is 22:00." in text


@pytest.mark.parametrize(
    "line",
    [
        "- ~~Flamingos go inside below 5 C~~ <- wrong!",
        "- ~~Flamingos go inside below 5 C~~ withdrawn by Alan",
        "- ~~Flamingos go inside below 5 C~~",
        "- [s]Flamingos go inside below 5 C[/s] (obsolete)",
        "<li><del>Flamingos go inside below 5 C</del> <strong>Wrong.</strong> It was 3 C.</li>",
    ],
)
def test_a_struck_span_with_no_successor_is_left_for_the_retraction_reader(line: str) -> None:
    """Nothing new after the span (or a judgement of it): a retraction, kept in the one
    mark `struck` reads, and no replacement is recorded."""
    text, found = unstruck(line)
    assert found == []
    assert "~~Flamingos go inside below 5 C~~" in text
    reading = struck(text)
    assert reading is not None and "Flamingos" in reading[0]


@pytest.mark.parametrize(
    "text",
    [
        "Reply within ~5 min and retry after ~10 min.",
        "Set the path to ~/.config/agent ~/backup before the run.",
        "Compiled by J.~Alvarez on 9~September; see Sec.~3.",
        "The range is 2~5 bar; the pump's limit is ~ 6 bar ~ at most.",
        "<p>Use <s>mall</s>ocation</p>",
    ],
)
def test_tildes_and_tags_that_strike_nothing_are_left_alone(text: str) -> None:
    """An approximation, a home folder, a LaTeX tie strike nothing."""
    out, found = unstruck(text)
    if "<s>mall" in text:
        return  # an HTML strike is a strike whatever it sits in
    assert out == text and found == []


def test_a_near_miss_is_not_struck_by_a_neighbour() -> None:
    """Only the struck item changes: the next item, on another site, keeps its value."""
    text, found = unstruck(
        "- ~~Site A gate opens 06:00~~ Site A gate opens 05:30.\n- Site B gate opens 06:00.\n"
    )
    assert text.splitlines() == ["- Site A gate opens 05:30.", "- Site B gate opens 06:00."]
    assert [s.old for s in found] == ["Site A gate opens 06:00"]


def test_the_distilled_lesson_carries_the_new_value_alone() -> None:
    """Through the distiller: the lesson holds no struck words, and the draft says what it
    replaces."""
    retro = (
        "# Weekly retro\n\n## Lessons\n\n"
        "- ~~Trucks leave the Brookfield depot at 06:00.~~ Trucks leave the Ridgeview hall "
        "at 05:00.\n"
        "- Curfew is 22:00 in both counties.\n"
    )
    plan = distill(retro, "retros/weekly.md", periodic=True)
    texts = [d["text"] for d in plan.drafts]
    assert any("Ridgeview" in t for t in texts)
    assert not any("Brookfield" in t for t in texts)
    assert plan.struck[0].old == "Trucks leave the Brookfield depot at 06:00."


def test_one_mark_is_linear_on_hostile_text() -> None:
    """Unclosed marks, tildes and combining strokes by the hundred thousand read fast."""
    hostile = [
        "~" * 100_000,
        "~a " * 33_000,
        "<del>" * 20_000,
        "[s]" * 33_000,
        "\\strike " * 12_000,
        "a\u0336" * 50_000,
        "a\u0336 " * 33_000,
        "~~x" * 33_000,
        "\\sout{" * 16_000,
        "\ud800~~a~~ b" * 1000,
    ]
    for text in hostile:
        started = time.perf_counter()
        unstruck(text)
        one_mark(text)
        assert time.perf_counter() - started < 2.0
