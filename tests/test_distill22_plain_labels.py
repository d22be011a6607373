"""Hook D reads a note's plain labelled lines: a line that opens with its kind ("Lesson:",
"How to:", "Pattern:", "Takeaway:", bold or not) is a lesson of that kind wherever it
stands, one per line, even right under a bullet or in a paragraph of several; under a
heading of plans it is none. Such notes yielded nothing: the label was read on bullets and
on a daily log's event lines only."""

from __future__ import annotations

from agentmem.core.model import MemoryType
from agentmem.harvest.distill import MAX_PER_RUN, distill
from agentmem.harvest.sectioned import lessons

DAILY = """# 2031-04-09

- Hive 12 swarmed overnight; caught the cluster in the hedge.
- Queen excluder on hive 7 replaced.

Lesson: every honey pull is booked through apiaryctl harvest now; never weigh supers by hand.
How to: `apiaryctl harvest --yard north frames/<hive>.yaml` then check the scale log.
Pattern: swarms follow two warm days after a cold snap.
"""


def test_plain_labelled_lines_of_a_daily_note_are_lessons_of_their_kind() -> None:
    """Three labelled lines after two event bullets: three lessons, typed by their label,
    the label gone; the event bullets (under a date, no lesson heading) stay out."""
    found = lessons(DAILY)
    assert [(lesson.type, lesson.text) for lesson in found] == [
        (
            MemoryType.SEMANTIC,
            "every honey pull is booked through apiaryctl harvest now; never weigh supers by hand.",
        ),
        (
            MemoryType.PROCEDURAL,
            "`apiaryctl harvest --yard north frames/<hive>.yaml` then check the scale log.",
        ),
        (MemoryType.REFLECTIVE, "swarms follow two warm days after a cold snap."),
    ]


def test_a_labelled_line_right_under_a_bullet_is_not_the_bullet_wrapping() -> None:
    """With no blank line, the labelled lines were read as the bullet's wrapped text."""
    note = (
        "# 2031-05-02\n\n"
        "- Checked the three sourdough failures; all proofed at 31 C.\n"
        "Lesson: the proofing cabinet reads 3 C low; set it to 25 C for a 28 C dough.\n"
        "How to: calibrate with the probe thermometer in a water jar, not the dial.\n"
    )
    found = lessons(note)
    assert [lesson.type for lesson in found] == [MemoryType.SEMANTIC, MemoryType.PROCEDURAL]
    assert found[0].text.startswith("the proofing cabinet reads 3 C low")


def test_bold_labels_takeaway_and_a_wrapped_line() -> None:
    """`**Lesson:**` and `**How to**:` are labels too; "Takeaway:" is a lesson; an
    unlabelled line after a labelled one wraps it; a paragraph before the first label is
    no lesson."""
    note = (
        "# Week 14 at the observatory\n\n"
        "Clear skies four nights out of seven.\n\n"
        "**Lesson:** the dome camera fogs below 4 C dew spread;\n"
        "run the heater strip from dusk.\n"
        "**How to**: park the mount with `scopectl park --home` before closing the slit.\n"
        "Takeaway: flats are taken at dusk, never at dawn.\n"
    )
    found = lessons(note)
    assert [(lesson.type, lesson.text) for lesson in found] == [
        (
            MemoryType.SEMANTIC,
            "the dome camera fogs below 4 C dew spread; run the heater strip from dusk.",
        ),
        (
            MemoryType.PROCEDURAL,
            "park the mount with `scopectl park --home` before closing the slit.",
        ),
        (MemoryType.SEMANTIC, "flats are taken at dusk, never at dawn."),
    ]


def test_labelled_lines_under_a_heading_of_plans_are_not_lessons() -> None:
    note = (
        "# Retro\n\n"
        "## Lessons\n"
        "Lesson: the kiln needs 20 minutes to settle after opening.\n\n"
        "## Next steps\n"
        "Lesson: try glaze batch C on the test tiles.\n"
    )
    assert [lesson.text for lesson in lessons(note)] == [
        "the kiln needs 20 minutes to settle after opening."
    ]


def test_the_cap_still_holds_for_the_retro_of_one_run() -> None:
    note = "# Run retro\n\n" + "".join(
        f"Lesson: oven {n} preheats in {n + 10} minutes.\n" for n in range(1, 6)
    )
    plan = distill(note, "retros/run-9.md", periodic=False, run_id="2031-04-09-run-9")
    assert len(plan.found) == 5
    assert len(plan.drafts) == MAX_PER_RUN


def test_a_sentence_its_author_marks_as_a_guess_is_left_out() -> None:
    """ "We believe …" and "(not verified …)" tell a hypothesis, not a lesson: the
    lesson keeps its other sentences; a lesson all guess is none."""
    note = (
        "# Handover\n\n"
        "Pattern: glaze crawls on the north shelf. We believe a slower ramp cures it "
        "(tried once, not verified on a full load).\n"
        "Lesson: we suspect the old thermocouple.\n"
        "Lesson: cone 6 firings end at 1222 C.\n"
    )
    assert [(lesson.type, lesson.text) for lesson in lessons(note)] == [
        (MemoryType.REFLECTIVE, "glaze crawls on the north shelf."),
        (MemoryType.SEMANTIC, "cone 6 firings end at 1222 C."),
    ]
