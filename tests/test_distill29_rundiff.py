"""Hook D reads a retro written as an annotated diff of a document ("- old line" / "+ new
line", a "why:" note under each, unchanged lines marked so): each "+ " line with its note
is a lesson of its own, led by its section's heading; a "- " line is never written. Read
as list items, the old and the new line of a section made one lesson, and the old value
lived on in the pack."""

from __future__ import annotations

from agentmem.harvest.distill import distill
from agentmem.harvest.rundiff import diff_lessons, is_diff

DIFF = """# Procedure diff: glazing line after the new kiln (glaze-line)

## Firing limits
- kiln B peak: 1180 °C
+ kiln B peak: 1220 °C
    why: the new stoneware body matures higher; two batches came out chalky
  (unchanged) kiln A peak: 1180 °C

## Loading
- stack greenware three shelves high
+ stack greenware two shelves high
    why: the top shelf slumped twice
+ leave 2 cm between pieces on every shelf

## Not changed
  Kiln C stays on the old schedule until the spring service.
"""

WEEKLY = """# Procedure diff, week 9, glazing line

## Dipping
- dip for 3 s
+ dip for 5 s
    why: the new glaze is thinner

## Spraying
+ wipe the spray tip after each board
    why: drips on the rims
"""

BULLETS = """# Retro: glazing line

## Lessons learned
- kiln B peaks at 1180 °C
- stack greenware three shelves high
"""


def test_each_added_line_is_a_lesson_of_its_own_and_no_removed_line_is() -> None:
    """Three "+ " lines, three lessons, each led by its heading with its note; the "- "
    lines' old values are in none of them, and the context lines are read as before."""
    found = distill(DIFF, "retros/glaze.md", periodic=False, app_id="glaze-line").found
    texts = [lesson.text for lesson in found]
    assert texts[:3] == [
        "Firing limits: kiln B peak: 1220 °C. "
        "Why: the new stoneware body matures higher; two batches came out chalky.",
        "Loading: stack greenware two shelves high. Why: the top shelf slumped twice.",
        "Loading: leave 2 cm between pieces on every shelf.",
    ]
    assert not any("kiln B peak: 1180" in text for text in texts)
    assert not any("three shelves" in text for text in texts)
    assert any("Kiln C stays on the old schedule" in text for text in texts)


def test_a_periodic_diff_yields_its_added_lines() -> None:
    """A weekly diff under headings of no lesson kind yielded nothing; now its "+ " lines,
    even one in a section with no "- " line."""
    found = distill(WEEKLY, "retros/procedure-diff-w9.md", periodic=True).found
    assert [lesson.text for lesson in found] == [
        "Dipping: dip for 5 s. Why: the new glaze is thinner.",
        "Spraying: wipe the spray tip after each board. Why: drips on the rims.",
    ]


def test_an_ordinary_bullet_list_is_no_diff() -> None:
    """Bullets ("- ") with no "+ " line are a list, read as they always were."""
    assert not is_diff(BULLETS)
    assert diff_lessons(BULLETS) == ([], BULLETS)
    texts = [lesson.text for lesson in distill(BULLETS, "r.md", periodic=False).found]
    assert "kiln B peaks at 1180 °C." in texts or "kiln B peaks at 1180 °C" in texts


def test_a_plain_bullet_list_beside_a_diff_section_is_still_read() -> None:
    """Only a section with a "+ " line is read as a diff: another section's "- " bullets are
    ordinary items, not old lines to drop."""
    from agentmem.harvest.rundiff import diff_lessons

    markdown = (
        "## Kiln limits\n"
        "- kiln B peak 1180 C\n"
        "+ kiln B peak 1215 C\n"
        "## Notes\n"
        "- glaze orders ship on Tuesdays from the west dock\n"
    )
    found, rest = diff_lessons(markdown)
    assert [lesson.text for lesson in found] == ["Kiln limits: kiln B peak 1215 C."]
    assert "glaze orders ship on Tuesdays" in rest and "1180" not in rest
