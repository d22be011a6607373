"""Struck spans in any markup: an old value struck and a new one after it is the new one
alone; a struck span with nothing new after it stays for the retraction readers."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from agentmem import MemoryHooks
from agentmem.core.struck import struck
from agentmem.harvest.distill import distill
from agentmem.harvest.residue import plain
from agentmem.harvest.strikes import Struck, one_mark, superseding, unstruck
from tests.test_distill30_diffgone import _memory  # a held lesson, as the search returns it


@pytest.mark.parametrize(
    "line",
    [
        "- ~~Brookfield depot~~ All deliveries from Reading depot.",
        "- ~~Brookfield depot~~ -> All deliveries from Reading depot.",
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
    assert "Brookfield" not in text and "Brook" not in text and "->" not in text
    assert "All deliveries from Reading depot." in text
    assert len(found) == 1
    assert found[0].old.replace(" ", "").startswith("Brook")
    assert "Reading" in found[0].new and "Brook" not in found[0].new


def test_the_new_value_in_emphasis_reads_whole() -> None:
    """A new value set in bold after the struck one keeps its words, and the lesson its
    markup none: "\\sout{Stripe} \\textbf{Adyen …}" is "Adyen …"."""
    text, found = unstruck(
        r"\item Half-board payments: \sout{Stripe (huette-at)} \textbf{Adyen merchant "
        r"HUETTE\_AT\_ECOM}, still in EUR."
    )
    assert plain(text) == "Half-board payments: Adyen merchant HUETTE_AT_ECOM, still in EUR."
    assert [s.old for s in found] == ["Stripe (huette-at)"]


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
        started = time.process_time()
        unstruck(text)
        one_mark(text)
        assert time.process_time() - started < 10


DEPOT = (
    "All shelter deliveries start from the main warehouse, the Brookfield depot (WH-BRK, "
    "1200 Industrial Pkwy); route plans use depot_id WH-BRK as the start node."
)
# A near miss: another depot of another county, kept by the same words of dispatch.
OTHER = (
    "Harlan County deliveries start from the Oakmont depot (WH-OAK, 14 Mill Rd); route "
    "plans there use depot_id WH-OAK."
)
REPORT = r"""\documentclass{article}
\begin{document}
\section{Changes effective immediately}
\begin{enumerate}
  \item \textbf{Main warehouse.} \sout{Brookfield depot (WH-BRK), 1200 Industrial Pkwy.} All
        dispatch now starts from the Ridgeview Expo Hall (\texttt{WH-RDG}), 45 Fairground Rd.
  \item Curfew is 22:00 in both counties.
\end{enumerate}
\end{document}
"""


def test_through_the_hook_the_struck_depot_is_superseded_and_not_written(
    hooks: MemoryHooks, tmp_path: Path
) -> None:
    """A LaTeX report of no app of its own strikes the old depot and names the new one:
    the held lesson of the old depot (another app's) is superseded by the new lesson, no
    written text says the old depot or any LaTeX command, and the other county's depot
    stands."""
    for text, app in ((DEPOT, "supply-dispatch"), (OTHER, "supply-dispatch")):
        draft = {"text": text, "type": "semantic", "confidence": 0.8, "app_id": app}
        assert hooks.harvester.submit(draft, trigger="manual").memory_id
    held = {m.text: m.id for m in hooks.store.list()}
    path = tmp_path / "reports" / "TR-02-landfall.tex"
    path.parent.mkdir(parents=True)
    path.write_text(REPORT, encoding="utf-8")
    result = hooks.post_retro_distill(retro={"path": str(path), "periodic": True})
    assert result.ok
    written = [hooks.store.get(i) for i in result.writes.accepted]
    assert any("Ridgeview" in m.text for m in written)
    assert any(held[DEPOT] in m.supersedes for m in written)
    assert not any(held[OTHER] in m.supersedes for m in written)
    assert not any("Brookfield" in m.text or "\\" in m.text for m in written)


@pytest.mark.parametrize(
    ("held", "retired"),
    [
        ("Site A gate opens at 06:00 for deliveries.", True),
        ("Site B gate opens at 06:00 for deliveries.", False),  # another site
        ("Site A gate opens at 06:00 for staff cars only.", False),  # another purpose
        ("Site A canteen opens at 07:00 for deliveries.", False),  # another number
        ("Tove Lind runs the Site A gate log on Mondays.", False),  # no struck value
    ],
)
def test_superseding_retires_only_the_lesson_of_the_struck_value(held: str, retired: bool) -> None:
    """The struck words retire a held lesson that says them, of the item's subject, for the
    same member of a family; a near miss (another site, another number) stays."""
    _, found = unstruck("- ~~Site A gate opens 06:00~~ Site A gate opens 05:30 for deliveries.\n")
    lessons = ["Site A gate opens 05:30 for deliveries.", "Curfew is 22:00."]
    memory = _memory("semantic-aaaaaaaaaaaa", held)
    got = superseding(found, lessons, lambda _: [memory])
    assert got == ({0: ["semantic-aaaaaaaaaaaa"]} if retired else {})


def test_a_struck_name_alone_retires_no_lesson_of_another_subject() -> None:
    """ "~~Tove~~ Ahmed signs off invoices": the lesson of who signs off invoices goes, not
    one that only names Tove."""
    _, found = unstruck("- ~~Tove Lind~~ Ahmed Nasser signs off the studio invoices.\n")
    lessons = ["Ahmed Nasser signs off the studio invoices."]
    same = _memory("semantic-aaaaaaaaaaaa", "Tove Lind signs off the studio invoices.")
    other = _memory("semantic-bbbbbbbbbbbb", "Tove Lind books studio 2 on Mondays.")
    got = superseding(found, lessons, lambda _: [same, other])
    assert got == {0: ["semantic-aaaaaaaaaaaa"]}


def test_a_struck_value_alone_retires_the_lesson_saying_it(
    hooks: MemoryHooks, tmp_path: Path
) -> None:
    """ "Invoices over ~~1,000~~ 2,000 EUR …": the struck number has no words to search by;
    the item's words find the lesson saying 1,000, and another rule of the same number
    (refunds) stays."""
    old = "Invoices over 1,000 EUR need Maria's approval before payment."
    other = "Refunds over 1,000 EUR need Tom's OK before they are sent."
    for text in (old, other):
        draft = {"text": text, "type": "semantic", "confidence": 0.8, "app_id": "finance"}
        assert hooks.harvester.submit(draft, trigger="manual").memory_id
    held = {m.text: m.id for m in hooks.store.list()}
    path = tmp_path / "retros" / "2027-03-10.md"
    path.parent.mkdir(parents=True)
    path.write_text(
        "# Finance retro\n\n## Changes\n\n"
        "- Invoices over <s>1,000</s> 2,000 EUR need Maria's approval before payment.\n",
        encoding="utf-8",
    )
    result = hooks.post_retro_distill(retro={"path": str(path), "app_id": "finance"})
    assert result.ok
    written = [hooks.store.get(i) for i in result.writes.accepted]
    assert [m.supersedes for m in written if "2,000" in m.text] == [(held[old],)]


def test_struck_words_labelled_old_are_replaced_by_the_next_item() -> None:
    """ "* Old rule: <s>X</s>" then "* From 6 October Y": the labelled old words are no
    lesson of their own; the next item is what replaced them."""
    text = (
        "== Changes ==\n"
        "* Old rule: <s>The East Basin is daylight only for ships over 200 m LOA.</s>\n"
        "* From 6 October ships up to 240 m LOA may berth in the East Basin at night.\n"
    )
    markdown, found = unstruck(text)
    assert "daylight" not in markdown
    assert found == [
        Struck(
            "* From 6 October ships up to 240 m LOA may berth in the East Basin at night.",
            "The East Basin is daylight only for ships over 200 m LOA.",
        )
    ]
    # a struck item with no label stays a withdrawal, for core/struck.py
    bare, none = unstruck("* ~~Flamingos stay inside below 5 C~~\n* Feed at 08:00.\n")
    assert "~~Flamingos stay inside below 5 C~~" in bare and none == []
