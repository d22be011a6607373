"""A retro kept as a journal, one entry a time-stamped line, is read entry by entry
(`agentmem.harvest.journal`): the entries that tell what is now otherwise are facts, the
day's story is not."""

from __future__ import annotations

from pathlib import Path

from agentmem import MemoryHooks
from agentmem.harvest.distill import distill
from agentmem.harvest.journal import entries, is_journal, journal_lessons

JOURNAL = """# Site log — 2027-03-02, dock office

07:10 — Forklift 3 back from service. Horn still weak.
09:45 — Since 2 March the morning loads leave from door 6; the yard crew moved the cones.
11:30 — Rain all morning. The drivers waited in the canteen.
13:20 — The pallet labels now print at the scale house: we no longer queue at the office printer.
15:00 — Lunch deliveries moved to the side gate for now, until the forecourt is patched.
16:05 — The night crew asked for a second pallet jack.
"""
DOOR_2 = "Morning loads leave from door 2; the yard crew sets the cones at 05:30."


def test_a_journal_is_told_by_its_stamped_lines() -> None:
    """Plain lines opening on a time of day, three or more and most of the text, make a
    journal; a list of stamped items, or two stamped lines in a page of prose, do not."""
    assert is_journal(JOURNAL)
    assert is_journal("2027-03-02 07:10 a\n2027-03-02 09:00 b\n[12:00] c\n")
    assert not is_journal("# Log\n\n- 07:10 a\n- 09:00 b\n- 12:00 c\n")
    prose = "Quiet day.\nThe yard was wet.\nWe swept it.\nNothing else.\n07:10 — a\n09:00 — b\n"
    assert not is_journal(prose)
    assert not is_journal("07:10 Lesson: doors stick.\n09:00 — b\n12:00 — c\n")


def test_each_entry_is_its_stamped_line_and_the_lines_that_wrap_it() -> None:
    """An entry ends at the next stamp; an unstamped line under it goes on with it."""
    text = "08:00 — First entry\nwraps here.\n09:00 — Second entry.\n"
    assert entries(text) == ["First entry wraps here.", "Second entry."]


def test_only_entries_that_tell_a_change_are_lessons() -> None:
    """The entry opening on the day a state took effect and the one saying what is now
    done otherwise are kept whole, without their stamps; the story entries and a change
    called a stopgap are not."""
    texts = [lesson.text for lesson in journal_lessons(JOURNAL)]
    assert texts == [
        "Since 2 March the morning loads leave from door 6; the yard crew moved the cones.",
        "The pallet labels now print at the scale house: we no longer queue at the office printer.",
    ]


def test_a_periodic_journal_yields_its_entries_not_sentences_run_together() -> None:
    """Read as a periodic review's prose, the sentences ran across entries; here each
    lesson is one entry and none carries another's stamp."""
    found = [lesson.text for lesson in distill(JOURNAL, "log/2027-03-02.md", periodic=True).found]
    assert found == [lesson.text for lesson in journal_lessons(JOURNAL)]
    assert not any("07:10" in text or "16:05" in text for text in found)


def test_a_journal_entry_replaces_the_lesson_it_changes(tmp_path: Path) -> None:
    """Through hook D: the door the journal says loads leave from now replaces the held
    lesson naming the old door, and the pack tells the new one."""
    env = tmp_path / ".env"
    env.write_text(
        "AGENTMEM_ENABLED=true\nAGENTMEM_HOOK_POST_RUN=true\nAGENTMEM_HOOK_POST_RETRO=true\n"
        "AGENTMEM_HOOK_PRE_SPAWN=true\nAGENTMEM_USER_ID=tester\n"
        f"AGENTMEM_ROOT={tmp_path / 'memory'}\n"
    )
    hooks = MemoryHooks.from_env(env)
    run = {
        "run_id": "2027-03-01-run-001",
        "goal": "Plan the morning loads",
        "outcome": "success",
        "summary": "Loads planned.",
        "app_id": "dock",
        "lessons": [{"text": DOOR_2, "type": "semantic", "confidence": 0.8}],
    }
    assert hooks.fire("post_run_classify", run=run).ok
    (tmp_path / "log").mkdir()
    (tmp_path / "log" / "2027-03-02.md").write_text(JOURNAL)
    retro = {"path": str(tmp_path / "log" / "2027-03-02.md"), "periodic": True, "app_id": "dock"}
    assert hooks.fire("post_retro_distill", retro=retro).ok
    goal = {"title": "Plan the morning loads for Friday", "app_id": "dock", "kind": "code"}
    pack = hooks.fire("pre_spawn_pack", goal=goal).pack
    assert pack is not None
    texts = " ".join(entry.text for entry in pack.entries)
    assert "door 6" in texts
    assert "door 2" not in texts
