"""A checklist filled in with tick boxes, and a supplier named anew whose old name repeats
its subject's word.

A checklist's boxes may open their lines with no bullet ("[x] Kiln B relined"): each line
is an item all the same, not a sentence of one paragraph running into the next. In a
standing document's checklist with a box ticked (a record of a review), each ticked box is
a fact of its own and a box left open is work still to do. And a decision naming a new
supplier of a thing replaces the held lesson whose supplier's own name says the thing too
("Fruit comes from Orchard Fruit Co"): the name's word still tells what both are about."""

from __future__ import annotations

from agentmem.core.held import Held, judge
from agentmem.harvest.blocks import blocks
from agentmem.harvest.distill import distill

CHECKLIST = """# Kiln review (Mon 4 June) checklist

[x] Cracked shelves: 3 of the last 5 firings lost a shelf. Photos in the log.
[x] Decision: kiln shelves come from Potters Depot from Monday 11 June. Order signed by Ana, shelves by the crate.
[ ] Tell the glaze room about the new shelf sizes (Ben).
[x] Cones stay with ConeWorks; no issues there.
"""


def test_a_bare_tick_box_line_is_a_list_item() -> None:
    """A line opening on "[x]" or "[ ]" with no bullet is a list item of its own, box kept,
    not a line of a paragraph joined to the next."""
    found = list(blocks(CHECKLIST))
    assert [b.kind for b in found] == ["item"] * 4
    assert found[1].text.startswith("[x] Decision: kiln shelves come from Potters Depot")
    assert found[2].text.startswith("[ ] Tell the glaze room")


def test_a_filled_checklist_yields_its_ticked_boxes_one_fact_each() -> None:
    """Each ticked box of a checklist filled in is a fact of its own, its box dropped, and
    a box left open is no fact: no lesson runs from one line into the next."""
    texts = [
        d["text"] for d in distill(CHECKLIST, "reviews/kiln-checklist.md", periodic=False).drafts
    ]
    assert len(texts) == 3
    assert any(
        t.endswith(
            "Decision: kiln shelves come from Potters Depot from Monday 11 June. Order signed by Ana, shelves by the crate."
        )
        for t in texts
    )
    assert not any("[x]" in t or "[ ]" in t or "glaze room" in t for t in texts)


def test_a_template_checklist_keeps_its_open_boxes() -> None:
    """A checklist with no box ticked is a template: its open boxes say how things must be,
    and stay."""
    template = (
        "# Firing checklist\n\n- [ ] Cones placed on every shelf\n- [ ] Vent open until 600 C\n"
    )
    texts = [
        d["text"] for d in distill(template, "runbooks/firing-checklist.md", periodic=False).drafts
    ]
    assert texts and all("Cones placed" in t or "Vent open" in t for t in texts)
    assert any("Cones placed" in t for t in texts) and any("Vent open" in t for t in texts)


HELD = "Fruit comes from Orchard Fruit Co; orders go by fax and must be in by 15:30 two days ahead of delivery."


def test_a_new_supplier_replaces_one_whose_name_says_the_thing() -> None:
    """ "Decision: fruit supplier is Hill Farm …" replaces "Fruit comes from Orchard Fruit
    Co; …": the old supplier's name repeating "fruit" leaves "fruit" a word of the subject."""
    draft = (
        "Buying review checklist — Decision: fruit supplier is Hill Farm from Monday 11 June. "
        "Deal signed by Ben for a year; orders go through their web shop."
    )
    assert judge(draft, [Held("h", HELD, "semantic")], "semantic").replaces == ["h"]


def test_a_supplier_of_another_thing_replaces_nothing() -> None:
    """A new supplier of another thing, or the held supplier kept, is no new value."""
    other = (
        "Buying review checklist — Decision: dairy supplier is Hill Farm from Monday 11 June. "
        "Deal signed by Ben for a year; orders go through their web shop."
    )
    kept = "Buying review checklist — Fruit stays with Orchard Fruit Co; no issues there."
    for draft in (other, kept):
        assert judge(draft, [Held("h", HELD, "semantic")], "semantic").replaces == []
