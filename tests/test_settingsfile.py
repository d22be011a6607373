"""An annotated settings file kept as a retro (INI, TOML, .env, `key = value  # comment`)
is read as the changes, rules and facts its comments tell (`agentmem.harvest.settingsfile`),
through the distiller's reshape step; any other text is left as it was."""

from __future__ import annotations

import time

from agentmem.core.held import Held, judge
from agentmem.harvest.distill import distill
from agentmem.harvest.settingsfile import as_markdown, is_settings_file
from agentmem.harvest.structured import as_markdown as structured_markdown

KNOWN_GOOD = """\
# ==========================================================================
# Unit 2 -- KNOWN-GOOD SETTINGS
# Reviewed: 2026-04-27 (post change-out review)
# Attended: L. Hartmann, O. Tate, A. Bello
# Values are what we RUN, not design. Change a value only after a review.
# ==========================================================================

[absorber]
lean_amine_temp_c = 40
packing_dp_alarm_mbar = 8       # was 9 until the foaming on the 12th

[stripper]
# reboiler_temp_c = 120         # old solvent
reboiler_temp_c = 124           # vendor commissioning sheet rev B
# DO NOT raise above 126 -- degradation climbs fast (vendor)
top_pressure_barg = 1.2

[emissions]
# mea_stack_limit_mg_nm3 = 2.0  # lapsed with permit variation V004
total_amines_limit_mg_nm3 = 1.0

[metering]
vent_meter = FT-302             # ultrasonic. NOT custody.
"""


def _texts(text: str, path: str) -> list[str]:
    return [lesson.text for lesson in distill(text, path, periodic=True).found]


def test_a_known_good_ini_yields_its_changes_rules_and_facts() -> None:
    """A key beside its commented-out old line, or with a "was …" comment, is its value
    now; a key commented out with no live line no longer applies; a rule comment in a
    section is a lesson led by the section; a comment that is a rule beside a key is a
    fact. The header (title, review date, attendees) yields nothing."""
    texts = _texts(KNOWN_GOOD, "ops/known-good/u2.ini")
    assert texts == [
        "In [absorber], packing dp alarm mbar is now 8 (was 9 until the foaming on the 12th).",
        "In [stripper], reboiler temp c is now 124 (vendor commissioning sheet rev B).",
        "In [emissions], mea stack limit mg nm3 no longer applies (lapsed with permit "
        "variation V004).",
        "Stripper: DO NOT raise above 126 -- degradation climbs fast (vendor).",
        "In [metering], vent meter is FT-302 (ultrasonic. NOT custody.).",
    ]
    assert not any("Attended" in text or "Reviewed" in text for text in texts)


def test_the_value_dropped_is_never_written() -> None:
    """The commented-out old value is not written beside the key: read there, it is a
    value the setting has."""
    texts = " ".join(_texts(KNOWN_GOOD, "ops/known-good/u2.ini"))
    assert "120" not in texts
    assert "2.0" not in texts


def test_a_later_review_replaces_the_value_an_earlier_one_gave() -> None:
    """The next review's line for the same key in the same section replaces the fact the
    earlier review gave."""
    earlier = "In [stripper], reboiler temp c is now 120 (old solvent)."
    later = _texts(KNOWN_GOOD, "ops/known-good/u2.ini")[1]
    assert judge(later, [Held("h1", earlier, "semantic")], "semantic").replaces == ["h1"]


def test_one_key_in_two_sections_stays_two_settings() -> None:
    """A key of one section (line_a) is not replaced by the same key of another (line_b):
    another line is another thing."""
    text = """\
[line_a]
conveyor_speed = 5    # was 4 until the jam
belt = rubber
guard = mesh

[line_b]
conveyor_speed = 7    # was 6 after the new motor
"""
    first, second = _texts(text, "ops/lines.ini")
    assert first == "In [line_a], conveyor speed is now 5 (was 4 until the jam)."
    assert second == "In [line_b], conveyor speed is now 7 (was 6 after the new motor)."
    assert judge(second, [Held("h1", first, "semantic")], "semantic").replaces == []


def test_an_env_or_properties_file_is_read_by_its_content() -> None:
    """A file of `KEY=value` or `key: value` lines with no sections, whatever its name, is
    read the same way."""
    env = (
        "# deploy settings\nKILN_WAIT_S=90  # was 60 until the door faults\nKILN_ZONE=b\nLOG=info\n"
    )
    assert _texts(env, "notes/kiln-settings.txt") == [
        "KILN WAIT S is now 90 (was 60 until the door faults)."
    ]
    props = "batch_size: 40   # was 50 before the oven swap\nshift: night\nline: 3\n"
    assert is_settings_file(props)
    assert _texts(props, "ops/oven.properties") == [
        "Batch size is now 40 (was 50 before the oven swap)."
    ]


def test_a_parsing_toml_is_read_as_data_and_its_comments_after_it() -> None:
    """A TOML retro that parses is read as data (`structured`), as before; what its
    comments say, which a TOML reader drops, comes after it."""
    toml = """\
period = "2027-03-01 to 2027-03-07"

[[changes]]
what = "kiln B firing day"
before = "Mondays"
after = "Tuesdays"   # gas supplier moved (was a guess)

[kiln]
max_temp_c = 1240    # was 1260 until the cracked shelf
# NEVER open the door above 200 C
"""
    read = as_markdown(toml, "retros/w10.toml")
    assert read.startswith(structured_markdown(toml, "retros/w10.toml").rstrip())
    texts = _texts(toml, "retros/w10.toml")
    assert "Kiln B firing day is now Tuesdays (was Mondays)." in texts
    assert "In [kiln], max temp c is now 1240 (was 1260 until the cracked shelf)." in texts
    assert "Kiln: NEVER open the door above 200 C." in texts
    assert not any("In [changes]" in text for text in texts)  # a record, not settings


def test_a_settings_file_with_nothing_said_in_comments_is_left_as_it_is() -> None:
    """Settings with no comment (or only a header) tell nothing a review added: the text
    goes on unchanged (a TOML retro to `structured`, as before)."""
    plain = "# app settings\n[db]\nhost = db1\nport = 5432\npool = 10\n"
    assert as_markdown(plain, "app.ini") == plain
    toml = (
        'period = "w10"\nlessons = ["Kiln B fires on Tuesdays."]\n\n[kiln]\na = 1\nb = 2\nc = 3\n'
    )
    assert as_markdown(toml, "retro.toml") == toml


def test_notes_and_markdown_retros_are_not_settings_files() -> None:
    """A markdown retro (headings, bullets), a note of "Owner: …" labels and a YAML retro
    of lists are not read as settings files."""
    retro = "# Week 10\n\n## Lessons\n\n- kiln_wait = 90 # was 60\n- Glazes come by van.\n"
    note = (
        "# Kiln decision\nOwner: Ana Ruiz\nStatus: accepted\nDecision: kiln B fires on Tuesdays.\n"
    )
    yaml_retro = (
        "period: w10\nchanges:\n  - what: kiln B  # moved\n    before: Mon\n    after: Tue\n"
    )
    for text in (retro, note, yaml_retro):
        assert not is_settings_file(text)
        assert as_markdown(text, "r.md") == text


def test_hostile_texts_neither_hang_nor_raise() -> None:
    """100 KB lines, thousands of settings and lone surrogates are read at once."""
    texts = [
        "a" * 100_000,
        "#" * 100_000,
        "[" * 50_000 + "]" * 50_000,
        "k = " + "v " * 50_000 + "# was 1",
        "x = 1  # was 0\n" * 7_000,
        "[s]\n" + "key_\ud800 = 1 # was \udfff\n" * 3_000,
        ("# " + "no " * 30_000 + "\n") * 3 + "a = 1 # was 2\nb = 2\nc = 3\n",
    ]
    for text in texts:
        started = time.process_time()
        as_markdown(text, "hostile.ini")
        assert time.process_time() - started < 10  # a hang guard: 0.4 s idle
    for text in texts[-3:]:  # the ones read as settings files go on through the distiller
        distill(text, "hostile.ini", periodic=True)
