"""A run lesson or a retro bullet in a markup voice is read as its plain sentences
(`agentmem.harvest.voices`): subtitle cues, an HTML fragment, a YAML step, a Dockerfile, a
mail with its headers, a calendar entry. Prose, markdown and data retros are left as they
are, and a hostile text is read in linear time without raising."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from agentmem import MemoryHooks
from agentmem.harvest.codevoices import calendar, dockerfile, mailed, yaml_step
from agentmem.harvest.voices import cues, plain, plain_items, tagged
from agentmem.stores import FileStore
from agentmem.stores.base import Filters

SUBTITLES = """41
00:12:03,120 --> 00:12:06,880
[KOWALSKI] One more thing - from next week the kiln keys

42
00:12:06,880 --> 00:12:11,400
are no longer with me. Ask Dana, she holds them at the front desk till six.
"""
FRAGMENT = (
    "<ul><li><del>Glaze orders go to Potclays</del> <ins>Glaze orders go to Valentines"
    " now</ins></li><li>Delivery on Thursdays</li></ul>"
)
STEP = """- name: Lint the firmware
  uses: acme/lint-action@v2
  with:
    lint-version: '5.2'   # the header bug is fixed in 5.x; 4.9 retired
  env:
    NOTE: "the old lint box is switched off for good"
"""
DOCKER = """FROM python:3.12-slim
# the label printer moved to the packing room
ENV PRINTER_HOST=lp-packing.local  # was lp-office.local
CMD ["python", "-m", "labels"]
"""
MAIL = """From: Ines Barros <ines@example.org>
Subject: Re: kiln firing day
Date: Tue, 5 Mar 2024 08:14:22 +0100

> The kiln fires on Fridays.

Not any more: it fires on Tuesdays from this week, the gas supplier cha=
nged the delivery slot (3 =3D three bottles).

Ines
"""
EVENT = """BEGIN:VEVENT
SUMMARY:Kiln firing
DESCRIPTION:The kiln fires on Tuesdays\\, from 07:00\\nBring the cones to sh
 elf B.
END:VEVENT
"""


def test_subtitle_cues_are_joined_into_the_sentences_they_split() -> None:
    """Cue numbers and timings go, the cue lines run on, a number said in words is
    written as one, and the speaker leads when the words say "me"."""
    assert cues(SUBTITLES) == (
        "Kowalski: One more thing - from next week the kiln keys are no longer with me. "
        "Ask Dana, she holds them at the front desk till 6."
    )
    assert plain(SUBTITLES) == cues(SUBTITLES)


def test_an_html_fragment_reads_as_sentences_its_struck_span_marked() -> None:
    """A list item is a sentence, `<del>` the library's "~~…~~", tags gone."""
    assert tagged(FRAGMENT) == (
        "~~Glaze orders go to Potclays~~ Glaze orders go to Valentines now. Delivery on Thursdays."
    )
    assert plain("<p>Confluence</p><ac:task>done</ac:task>") == "Confluence. done."


def test_a_yaml_step_says_its_name_its_values_and_their_comments() -> None:
    """A CI step's name leads; a value's comment goes with it; a prose value is itself."""
    assert yaml_step(STEP) == (
        "Lint the firmware. uses: acme/lint-action@v2. lint-version: 5.2 (the header bug is"
        " fixed in 5.x; 4.9 retired). the old lint box is switched off for good."
    )


def test_a_dockerfile_says_its_comments_and_what_each_setting_was() -> None:
    assert dockerfile(DOCKER) == (
        "the label printer moved to the packing room. "
        "PRINTER_HOST is now lp-packing.local (was lp-office.local)."
    )


def test_a_mail_reply_is_its_own_lines_led_by_what_it_answers() -> None:
    """Headers and the signature go, quoted-printable is undone; the quoted passage, which
    the reply's "Not any more" is said of, leads in quotation marks (the subject when
    nothing is quoted)."""
    assert mailed(MAIL) == (
        '"The kiln fires on Fridays": Not any more: it fires on Tuesdays from this week, the'
        " gas supplier changed the delivery slot (3 = three bottles)."
    )
    unquoted = MAIL.replace("> The kiln fires on Fridays.\n", "")
    assert mailed(unquoted) is not None and mailed(unquoted).startswith("kiln firing day: Not")


def test_an_outline_element_says_its_text_and_note() -> None:
    """An empty element's prose attributes are its text (an OPML outline)."""
    outline = '<outline text="Kiln B" _note="fires on Tuesdays &amp; Fridays now"/>'
    assert plain(outline) == "Kiln B: fires on Tuesdays & Fridays now."


def test_a_calendar_entry_is_unfolded_and_unescaped() -> None:
    assert calendar(EVENT) == (
        "Kiln firing. The kiln fires on Tuesdays, from 07:00. Bring the cones to shelf B."
    )


PROSE = [
    "Keep the p99 under <5 ms on the hot path.",
    "Owner: Sam\nDue: Friday\nStatus: done",
    "a: b",
    "Kiln: fires on Tuesdays.\nGlaze: Valentines.",
    "<none> is the default value, not an empty string.",
    "Use <b>only</b> the new rotor",
    "The retro said:\n- keep the kiln on Tuesdays\n- order cones",
    "From now on the kiln fires on Tuesdays.\nSubject to gas deliveries.",
    "12\nbottles arrive on Tuesdays",
    "name: kiln rota\nthe kiln fires on Tuesdays",
    "FROM the next sprint on, deploys go through the new pipeline.\nRUN it twice.",
    "SUMMARY of the week: the kiln cracked.\nDESCRIPTION of the fix: new shelf.",
    "<p>an unclosed paragraph that runs on",
    "~~Potclays~~ Valentines supplies the glaze.",
]


@pytest.mark.parametrize("text", PROSE)
def test_prose_and_notes_are_left_as_they_are(text: str) -> None:
    """Each voice is told by the form of the whole text: a sentence that mentions "<5 ms"
    or "a: b", a note of labels, a list, a text that only opens like a voice: unchanged."""
    assert plain(text) == text
    retro = f"# Retro\n\n## Lessons\n- {text}\n"
    assert plain_items(retro) == retro


def test_a_retro_bullet_in_a_voice_is_one_bullet_of_its_sentences() -> None:
    """The item runs over the blank lines between cues; a "# " line right under a
    Dockerfile's line is its comment, not a heading; the sections around stay."""
    retro = f"# Notes\n\n## Lessons\n- {SUBTITLES}\n## Next\n- keep going\n"
    assert plain_items(retro) == (
        f"# Notes\n\n## Lessons\n- {cues(SUBTITLES)}\n\n## Next\n- keep going\n"
    )
    docker = f"# Notes\n\n- {DOCKER}"
    assert plain_items(docker) == f"# Notes\n\n- {dockerfile(DOCKER)}\n\n"


def test_a_retro_written_as_data_is_not_read_as_bullets() -> None:
    """A YAML retro's list items are its data's (`structured` reads them), not pasted steps."""
    retro = (
        "changes:\n- what: kiln day\n  before: Friday\n  after: Tuesday\n  reason: gas\n"
        "lessons:\n- The kiln fires on Tuesdays.\n"
    )
    assert plain_items(retro) == retro


def _live(root: Path) -> list[str]:
    return [m.text for m in FileStore(root).list(Filters(include_superseded=False))]


def test_a_run_lesson_in_subtitle_cues_is_stored_as_its_sentence(
    clocked_hooks: MemoryHooks, root: Path
) -> None:
    """Through hook C: the memory holds the sentence, no cue number or timing."""
    lessons = [{"text": SUBTITLES, "type": "semantic", "confidence": 0.8}]
    checks = [{"name": "kiln-check", "passed": True}]
    run = {"run_id": "2026-10-05-kiln-1", "goal": "Kiln", "outcome": "success", "app_id": "kiln"}
    fired = clocked_hooks.post_run_classify(run={**run, "lessons": lessons, "verifiers": checks})
    assert fired.ok, fired
    texts = _live(root)
    assert cues(SUBTITLES) in texts, texts
    assert not any("-->" in t for t in texts), texts


def test_a_retro_bullet_pasted_from_a_dockerfile_is_stored_as_its_sentences(
    clocked_hooks: MemoryHooks, root: Path, tmp_path: Path
) -> None:
    """Through hook D: the bullet's Dockerfile is one lesson of its sentences, not its
    `FROM` line (which was the whole lesson before)."""
    path = tmp_path / "retros" / "2026-10-05-notes.md"
    path.parent.mkdir(parents=True)
    path.write_text(f"# Weekly notes\n\n## Notes\n- {DOCKER}", encoding="utf-8")
    fired = clocked_hooks.post_retro_distill(retro={"path": str(path), "app_id": "labels"})
    assert fired.ok, fired
    texts = _live(root)
    assert any("PRINTER_HOST is now lp-packing.local" in t for t in texts), texts
    assert not any(t.startswith("FROM python") for t in texts), texts


HOSTILE = {
    "tags": "<p>" + "<b>x</b>" * 12_000 + "</p>",
    "unclosed": "<div" + " a=b" * 24_000,
    "angles": "<p>" + "<" * 99_000 + ">",
    "deep": "<div>" * 5_000 + "x" + "</div>" * 5_000,
    "deep-lists": "<ul>" + "<li><ul>" * 5_000 + "x" + "</ul></li>" * 5_000 + "</ul>",
    "surrogates": "<p>\ud800 x \udfff</p><p>y</p>",
    "markers": "<p>\ue000 x \ue001 ~~ y</p><del>\ue000</del>",
    "cue": "1\n00:00:01,000 --> 00:00:02,000\n" + "word " * 19_000,
    "cues": "".join(f"{i}\n00:00:01,000 --> 00:00:02,000\nline {i}\n\n" for i in range(2_000)),
    "yaml": "- name: x\n" + "  k: v # c\n" * 9_000,
    "docker": "FROM a\n" + "ENV A=1  # was 2\n" * 5_800,
    "mail": "From: a\nSubject: s\n\n" + "x=\n" * 32_000 + "=3D" * 1_000,
    "mail-surrogates": "From: a\nSubject: s\n\n\ud800 =3D x=\ny",
    "calendar": "BEGIN:VEVENT\nSUMMARY:x\nDESCRIPTION:" + "\\n\\," * 24_000 + "\n" + " y\n" * 999,
    "closing": "<a" + " " * 49_000 + "</b" + " " * 49_000,
    "colons": "a: b\n" * 20_000,
    "hashes": "#" * 99_000 + "\nFROM x",
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_texts_are_read_quickly_and_never_raise(name: str) -> None:
    """100 KB of tags, unclosed tags, 5,000-deep nesting, surrogates, the library's own
    marker characters, huge cues, steps, mails and calendar entries: no raise, and well
    under the seconds a pattern that backtracks would take (each well under 1 s idle)."""
    text = HOSTILE[name]
    started = time.process_time()
    plain(text)
    plain_items(f"# R\n\n- {text}\n")
    assert time.process_time() - started < 10
