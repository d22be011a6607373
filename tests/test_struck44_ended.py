"""A commented-out old line in a retro is read as a claim that ended: it retires the held
lesson saying the same values of the same things, carried by a sibling lesson of the retro,
and is never a lesson of its own; a comment holding no claim, or a held lesson that only
shares its topic, another member or another holder's value, stays as it is."""

from __future__ import annotations

import pytest

from agentmem.harvest.comments import ended_claims
from agentmem.harvest.distill import distill
from agentmem.harvest.strikes import Struck, commented_out, superseding
from tests.test_distill30_diffgone import _memory  # a held lesson, as the search returns it


@pytest.mark.parametrize(
    ("source", "text", "claim"),
    [
        (
            "kiln.lua",
            "return {\n  -- firing_hours = 14,\n  firing_hours = 16,\n}\n",
            "firing hours 14",
        ),
        (
            "kiln.lua",
            'return {\n  --[[ before 03-02, kept for reference only:\n  glaze = { maker = "Amaco",'
            ' cone = 6 },\n  ]]\n  glaze = { maker = "Mayco", cone = 5 },\n}\n',
            "glaze Amaco 6",
        ),
        (
            "kiln.lua",
            'return {\n  notes = {\n    -- [2] = "Glaze kiln K-3 fires at 1240 C for stoneware.",'
            "  -- wrong, it is 1260\n  },\n}\n",
            "Glaze kiln K-3 fires at 1240 C for stoneware.",
        ),
        (
            "kiln.pod",
            "=pod\n\nKilns fire longer now.\n\n=begin comment\n\nSuperseded line, kept for the"
            " record:\nGlaze kiln K-3 fires 14 h at 1240 C.\n\n=end comment\n\n=cut\n",
            "Glaze kiln K-3 fires 14 h at 1240 C.",
        ),
        (
            "V9__kiln.sql",
            "INSERT INTO notes VALUES ('lesson', 'Kiln K-3 fires 16 h.');\n/* Replaced by the row"
            " above; kept for the audit trail:\n  ('lesson', 'Kiln K-3 fires 14 h at 1240 C.'),\n*/\n",
            "Kiln K-3 fires 14 h at 1240 C.",
        ),
        (
            "notes.md",
            "- Kiln K-3 fires 16 h.\n<!-- Old: kiln K-3 fires 14 h -->\n",
            "kiln K-3 fires 14 h",
        ),
    ],
)
def test_a_commented_out_old_line_is_an_ended_claim(source: str, text: str, claim: str) -> None:
    """An old line in the file's own syntax, or lines a label calls old, is read as the
    claim that ended: an entry's quoted text (its index and the row's other fields left off),
    or a setting's key and values (the field names inside it left off)."""
    assert [c for c, _ in ended_claims(text, source)] == [claim]


@pytest.mark.parametrize(
    ("source", "text"),
    [
        (
            "kiln.lua",
            "return {\n  --[[ open question: fire K-3 for 18 h next time? ]]\n  h = 16,\n}\n",
        ),
        ("kiln.py", "# example: FIRING_HOURS = 12\nFIRING_HOURS = 16\n"),
        ("kiln.sql", "-- Weekly kiln retro, week 12 (2026-03-16 .. 2026-03-22)\nSELECT 1;\n"),
        ("notes.md", "# Retro\n<!-- attendees: Ines, Tomas -->\n- Kiln K-3 fires 16 h.\n"),
        ("kiln.py", "FIRING_HOURS = 16  # was 14\n"),  # beside words: their note, no claim
        ("notes.md", "<!-- template: <kiln> fires <n> h -->\n- Kiln K-3 fires 16 h.\n"),
    ],
)
def test_a_comment_holding_no_old_line_is_no_ended_claim(source: str, text: str) -> None:
    """A question, an example, a template, a header, who came, or a note beside words is
    no ended claim."""
    assert ended_claims(text, source) == []


LESSONS = ["Glaze kiln K-3 fires 16 h at 1260 C for stoneware.", "Packing starts at 07:00."]


@pytest.mark.parametrize(
    ("held", "retired"),
    [
        ("Glaze kiln K-3 fires 14 h at 1240 C for stoneware.", True),
        ("Glaze kiln K-4 fires 14 h at 1240 C for stoneware.", False),  # another kiln
        ("Glaze kiln K-3 is loaded by two people for stoneware.", False),  # topic words only
        ("Kilns: K-4 fires 14 h, K-3 fires 16 h at 1240 C.", False),  # 14 h is K-4's
    ],
)
def test_an_ended_claim_retires_only_the_lesson_saying_it(held: str, retired: bool) -> None:
    """The ended claim retires the held lesson that says its values of the same things,
    carried by the sibling lesson most about it; a lesson of another kiln, one sharing only
    the topic, or one giving the claim's value to another kiln stays."""
    found = [Struck("", "Glaze kiln K-3 fires 14 h at 1240 C.", alone=True)]
    memory = _memory("semantic-aaaaaaaaaaaa", held)
    got = superseding(found, LESSONS, lambda _: [memory])
    assert got == ({0: ["semantic-aaaaaaaaaaaa"]} if retired else {})


def test_a_held_lesson_agreeing_with_the_judgement_stays() -> None:
    """ "-- K-3 fires at 1240 C, -- wrong, it is 1260": a held lesson saying 1260 is what
    the judgement says, and stays."""
    found = [Struck("wrong, it is 1260", "Glaze kiln K-3 fires at 1240 C", alone=True)]
    agreeing = _memory("semantic-aaaaaaaaaaaa", "Glaze kiln K-3 fires at 1260 C, never 1240 C.")
    assert superseding(found, LESSONS, lambda _: [agreeing]) == {}


def test_an_ended_claim_is_no_lesson_of_its_own() -> None:
    """The distiller hands a commented-out old line on as an ended claim read alone and
    writes no draft of it; the live lines are the retro's lessons."""
    retro = (
        'return {\n  lessons = {\n    "Glaze kiln K-3 fires 16 h at 1260 C for stoneware.",\n'
        '    -- "Glaze kiln K-3 fires 14 h at 1240 C for stoneware.",\n  },\n}\n'
    )
    plan = distill(retro, "retros/kiln.lua", periodic=True)
    assert Struck("", "Glaze kiln K-3 fires 14 h at 1240 C for stoneware.", True) in plan.struck
    assert all("14 h" not in d["text"] for d in plan.drafts)
    assert commented_out(retro, "retros/kiln.lua") == [s for s in plan.struck if s.alone]
