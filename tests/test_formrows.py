"""A feedback form's responses export (TSV or CSV, a header row of questions, one row a
respondent) is read as its answers under their questions (`agentmem.harvest.formrows`):
before, the distiller read it as one paragraph of cells and found nothing in it."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from pathlib import Path

from agentmem import MemoryHooks
from agentmem.harvest.distill import distill
from agentmem.harvest.formrows import as_sections, is_form

HEADER = "Timestamp\tYour name\tYour crew\tWhat went well?\tWhat went wrong?\tWhat should we change?\tAnything else?"
FORM = "\n".join(
    [
        HEADER,
        "03/05/2027 18:02:10\tIngrid Holm\tNets (Tue)\tNew winch is smooth\tThe ice auger jammed twice on the north hole\t"
        "Auger blades get sharpened every Friday from now on.\t-",
        "03/05/2027 19:40:55\tPavel Novak\tSampling\tAll cores logged\tnothing really\t"
        "I now hold the boathouse keys, ask me and not the warden.\tsee above",
        "04/05/2027 07:15:33\tRuth Amsel\tCook\tgreat week!!\tn/a\tn/a\tlove the new stove",
        "04/05/2027 09:01:02\tOle Brun\tSkipper\tCalm water\tFuel dock closed at 16:00, not 18:00\t"
        "Could we get a second sled?\tThe fuel dock now closes at 16:00 on weekdays.",
    ]
)


def test_a_form_export_is_told_by_its_header_of_questions_not_its_name() -> None:
    """A first row of three cells or more, two of them questions, and rows of its width:
    TSV or CSV, whatever the file is called. A retro board's columns (no question), a
    markdown table and a chat thread are not forms."""
    assert is_form(FORM)
    csv_form = 'Timestamp,Your name,What went wrong?,What should we change?\n1/5,Ana,"Late, again",Start at 9\n'
    assert is_form(csv_form)
    assert not is_form("Went well\tTo improve\tActions\nWinch\tAuger\tSharpen blades\n")
    assert not is_form(
        "| What went wrong? | What should we change? | Owner |\n|---|---|---|\n| a | b | c |\n"
    )
    assert not is_form("ana: the winch is fine now\ntom: agreed, what next?\nana: auger, why?\n")
    assert not is_form(HEADER)  # a header and no response


def test_answers_read_under_their_question_filing_left_out() -> None:
    """Each question a heading, each answer an item; timestamps, names and crews file the
    response and say nothing; "-", "n/a", "nothing really", "see above" are no answers; an
    answer in the first person is led by its respondent's name."""
    markdown = as_sections(FORM)
    assert "## What should we change?" in markdown
    assert "- Auger blades get sharpened every Friday from now on." in markdown
    assert "- Pavel Novak: I now hold the boathouse keys, ask me and not the warden." in markdown
    assert "03/05/2027" not in markdown and "Nets (Tue)" not in markdown
    assert "## Your name" not in markdown and "## Timestamp" not in markdown
    for empty in ("- -", "- n/a", "- nothing really", "- see above"):
        assert empty not in markdown.splitlines()


def test_a_form_yields_the_changes_its_respondents_tell() -> None:
    """Through the distiller: what a respondent says is now otherwise is a lesson; before,
    the export yielded nothing at all."""
    found = [lesson.text for lesson in distill(FORM, "feedback.tsv", periodic=True).found]
    assert "Auger blades get sharpened every Friday from now on." in found
    assert "The fuel dock now closes at 16:00 on weekdays." in found
    assert "Pavel Novak: I now hold the boathouse keys, ask me and not the warden." in found
    assert not any("love the new stove" in text or "Calm water" in text for text in found)


def test_hostile_exports_do_not_raise_or_hang() -> None:
    """A huge cell, a row of a million tabs, surrogates, an unclosed quote: read or left
    as they are, fast."""
    started = time.process_time()
    huge = f"{HEADER}\n1/5\tAna\t{'x' * 100_000}\t-\t-\tnow weekly\t-\n"
    as_sections(huge)
    as_sections("What?\tWhy?\tHow?\n" + "\t" * 100_000 + "\n")
    as_sections('What?\tWhy?\tHow?\n\ud800\t"open\tquote\n' + "-" * 100_000 + "x\n")
    assert "\ud800" in as_sections("What?\tWhy?\tHow?\n\ud800 odd\tb c\td e\n")
    as_sections(f"What?,Why?,How?\n{'-' * 39}x,a,b\n")
    assert time.process_time() - started < 10


def test_hook_d_writes_a_form_exports_changes(tmp_path: Path) -> None:
    """Through the hooks, real files: the export fired as a periodic retro writes its
    respondents' changes, and the fire is ok."""
    (tmp_path / "feedback.tsv").write_text(FORM, encoding="utf-8")
    settings = {
        "AGENTMEM_ENABLED": "true",
        "AGENTMEM_HOOK_POST_RETRO": "true",
        "AGENTMEM_USER_ID": "lake-station",
        "AGENTMEM_ROOT": str(tmp_path / "mem"),
    }
    env = tmp_path / ".env.executive"
    env.write_text("# the hook this test fires\n", encoding="utf-8")
    now = datetime(2027, 5, 5, tzinfo=UTC)
    hooks = MemoryHooks.from_env(env, environ=settings, clock=lambda: now)
    result = hooks.fire(
        "post_retro_distill", retro={"path": "feedback.tsv", "periodic": True, "app_id": "camp"}
    )
    assert result.ok, result.error
    texts = " ".join(p.read_text(encoding="utf-8") for p in (tmp_path / "mem").rglob("*.md"))
    assert "Auger blades get sharpened every Friday" in texts
    assert "fuel dock now closes at 16:00" in texts


def test_a_wish_answering_what_ought_to_be_is_no_fact() -> None:
    """Under "What should we change?", an answer that only asks ("Could we get a second
    sled?", "… please") is left out; one that tells a change made stays."""
    markdown = as_sections(FORM)
    assert "Could we get a second sled?" not in markdown
    wish = FORM.replace("Could we get a second sled?", "Warmer gloves please")
    assert "Warmer gloves" not in as_sections(wish)
    assert "- Auger blades get sharpened every Friday from now on." in markdown
