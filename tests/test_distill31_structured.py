"""A retro written as data (YAML, JSON, TOML) is read as the sections it stands for
(`agentmem.harvest.structured`), and a clause saying a value is still what it was tells no
new value (`agentmem.core.unchanged.left_alone`)."""

from __future__ import annotations

import json

from agentmem.core.held import Held, judge
from agentmem.harvest.distill import distill
from agentmem.harvest.structured import as_markdown, is_structured

YAML_RETRO = """\
period: 2027-03-01 to 2027-03-07
summary: >
  Nine runs, seven green. Most lost time went to the glaze portal.
changes:
  - what: kiln B firing day
    before: Mondays
    after: Tuesdays
    reason: the gas supplier moved its delivery day
lessons:
  - Glaze orders over 20 kg go through the new supplier portal.
  - The clay mixer trips when the hopper runs over 80 kg.
open_questions:
  - Should kiln A fire on Tuesdays too?
"""

TOML_RETRO = """\
period = "2027-03-01 to 2027-03-07"
lessons = [
  "Glaze orders over 20 kg go through the new supplier portal.",
  "The clay mixer trips when the hopper runs over 80 kg.",
]
open_questions = ["Should kiln A fire on Tuesdays too?"]

[[changes]]
what = "kiln B firing day"
before = "Mondays"
after = "Tuesdays"
reason = "the gas supplier moved its delivery day"
"""

WANTED = [
    "Kiln B firing day is now Tuesdays (was Mondays; reason: the gas supplier moved its "
    "delivery day).",
    "Glaze orders over 20 kg go through the new supplier portal.",
    "The clay mixer trips when the hopper runs over 80 kg.",
]


def _texts(text: str, path: str) -> list[str]:
    return sorted(lesson.text for lesson in distill(text, path, periodic=True).found)


def test_yaml_retro_yields_its_changes_and_lessons_not_its_questions() -> None:
    """A YAML retro's changes read as what holds now, its lessons as lessons; its open
    questions and summary are no facts."""
    assert _texts(YAML_RETRO, "retros/w10/retro.yaml") == sorted(WANTED)


def test_json_and_toml_retros_read_as_the_yaml_one() -> None:
    """The same retro written as JSON or TOML yields the same lessons."""
    import yaml

    as_json = json.dumps(yaml.safe_load(YAML_RETRO))
    assert _texts(as_json, "retros/w10/retro.json") == sorted(WANTED)
    assert _texts(TOML_RETRO, "retros/w10/retro.toml") == sorted(WANTED)


def test_markdown_with_labelled_lines_is_left_as_it_is() -> None:
    """A note of "Owner: …" lines holds no list, and a markdown retro has headings: neither
    is read as data."""
    note = "Owner: Ana Ruiz\nStatus: accepted\nDecision: kiln B fires on Tuesdays.\n"
    assert not is_structured(note, "notes/kiln.md")
    retro = "# Week 10\n\nLessons:\n- Kiln B fires on Tuesdays.\n- Glazes come by van.\n"
    assert as_markdown(retro, "retros/w10.md") == retro


def test_a_value_said_to_stay_withdraws_nothing() -> None:
    """"Dock B is still 40 m; only dock A moved" gives no new value: the held lesson
    telling dock A's new length is not replaced by it."""
    text = "Dock A usable length is now 36 m (was 40 m) after the crane rail work."
    held = [Held("h1", text, "semantic")]
    verdict = judge("Dock B usable length is still 40 m; only dock A moved.", held, "semantic")
    assert verdict.replaces == []
