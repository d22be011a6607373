"""A block comment's label in prose goes on the sentence before it
(`agentmem.harvest.codelines`): only a label naming people, or one after a labelled unit,
opens a unit of its own."""

from __future__ import annotations

from agentmem.harvest.scriptretro import code_markdown

SWAPPED = """\
* RETRO 2031-06-26  density meter swap
* qa/retros/retro_2031-06-26_meter.do    owner: M. Kessler
version 17
clear all

* ---- binder: tank 2 -> tank 3 from 17 June ----
local mixtemp_min = 160       // degrees C
local mixtemp_max = 175       // degrees C, silo alarm

// Finding: first tanker held 3 h at the gate: no per-tanker certificate
// Owner: binder-intake app / R. Sommer (weighbridge)
display "Finding: every tanker is sampled before unloading, the certificate must match."
assert inrange(soft_pt, 46, 54) if tanker_accepted == 1
replace alarm_low = `mixtemp_min' if binder_grade == "50/70"

* ---- density: meter replaced 06-22 ----
/* The old density meter failed its leak test and went back to the hire company.
   New meter: Anton 5000, serial 50-1181. Ten samples give a correlation offset of
   +0.012 g/cm3. One-minute counts are fine now; check the standard each morning. */
local meter_offset = 0.012
local meter_count_s = 60
replace density = density + `meter_offset' if meter == "new"
summarize density if job == "B-road"
"""


def _lessons(text: str) -> list[str]:
    return [line[2:] for line in code_markdown(text).splitlines() if line.startswith("- ")]


def test_a_label_in_prose_goes_on_the_sentence_before() -> None:
    """ "New meter: …" after a plain sentence telling the old one went back is one lesson
    with it, so the lesson says what it replaces; not a unit of its own."""
    lessons = _lessons(SWAPPED)
    told = next(lesson for lesson in lessons if lesson.startswith("The old density meter"))
    assert "New meter: Anton 5000" in told
    assert not any(lesson.startswith("New meter:") for lesson in lessons)
