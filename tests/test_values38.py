"""A negative value read as one (`agentmem.core.signed`): a minus that opens a number is
its sign only where no range or code can hold it, and before a unit that can be below
zero or as the value of a key that names a temperature. A freezer alarm tightened from
-18 to -20 °C is then a new value of the held alarm; two freezers at -18 and -20 °C, a
range, a code or a list's dash stay as they were read."""

from __future__ import annotations

import time

import pytest

from agentmem.core.signed import SIGN, signs
from agentmem.core.values import raw_values
from agentmem.core.verdict import Held, judge


def values(text: str) -> dict[str, set[str]]:
    return raw_values(text)[0]


def replaced(draft: str, held: str) -> bool:
    return judge(draft, [Held("held-1", held, "semantic")], "semantic").replaces == ["held-1"]


@pytest.mark.parametrize(
    ("text", "kind", "value"),
    [
        ("The freezer alarm trips at -18 °C.", "°c", "-18"),
        ("Setpoint −80 °C on the ULT freezers.", "°c", "-80"),
        ("The detector setpoint: -100 C before a night.", "°c", "-100"),
        ("Hold the probe at (-20.12 °C) for the check.", "°c", "-20.12"),
        ("Stereo shows master to -16 LUFS integrated.", "lufs", "-16"),
        ("Keep the link above -85 dBm at the gate.", "dbm", "-85"),
        ("The room is held at -5 Pa against the corridor.", "pa", "-5"),
        ('CH3_HIGH_TEMP_C: "-20"', "°c", "-20"),
        ("freezer_temp=-18", "°c", "-18"),
    ],
)
def test_a_sign_before_a_unit_below_zero_is_read(text: str, kind: str, value: str) -> None:
    """A minus after a blank, a bracket or a setting's "=" or ":", opening a whole number
    of a measure that can be below zero (or a temperature key's value), is its sign; the
    unit gives the value its own kind."""
    assert value in values(text).get(kind, set())


@pytest.mark.parametrize(
    "text",
    [
        "Excise periods are the 1st-15th and the 16th-end of month.",  # a range, half blanked
        "Pallets 10-12 °C stay in bay T-3 °C.",  # a range; a code
        "Zones: - 3 pumps on the east line",  # a list's dash
        "Three pumps -5 spares were ordered.",  # a dash with no unit below zero
        "loudnorm I=-16:TP=-1",  # a setting's value of no unit and no temperature key
        "The offset is -05:00 in winter.",  # a clock's offset
        "AK-PC 782A on 10.20.4.31",  # a model code
        "The slit is -3 c wide",  # one small letter is no unit
        "clock 12:-5 dB",  # a colon after a digit is no setting's
    ],
)
def test_a_dash_that_is_no_sign_is_not_read_as_one(text: str) -> None:
    """A minus joined to the word or number before it, one that opens a number a range or
    code goes on from, or one before no unit that can be below zero, reads no negative."""
    read = {k: vs for k, vs in values(text).items() if k != "offset"}  # "-05:00" is one
    assert not any(v.startswith("-") for vs in read.values() for v in vs)


def test_a_negative_decimal_is_no_version() -> None:
    """A version is never below zero: "-20.12 °C" is a temperature, "1.0 arcsec" stays as
    a bare decimal was read."""
    assert values("Alarm at -20.12 °C") == {"°c": {"-20.12"}}
    assert values("the 1.0 arcsec slit") == {"version": {"1.0"}}


def test_the_old_value_of_a_change_in_degrees_is_left_out() -> None:
    """A change "from -18 °C to -20 °C" states -20 °C: the value it moved away from is
    no value it states (FROM_TO reads a degree sign as a unit)."""
    assert values("Alarm tightened from -18 °C to -20 °C.") == {"°c": {"-20"}}


def test_an_alarm_tightened_below_zero_replaces_the_held_one() -> None:
    """A new negative value of the same alarm is a new value of it."""
    held = "Chamber 3's high-temperature alarm trips at -18 °C after a 15-minute delay."
    draft = "Chamber 3's high-temperature alarm now trips at -20 °C after a 15-minute delay."
    assert replaced(draft, held)


@pytest.mark.parametrize(
    ("held", "draft"),
    [
        # two freezers, one value each: no change of either
        (
            "Freezer A's high-temperature alarm trips at -18 °C after a 15-minute delay.",
            "Freezer B's high-temperature alarm trips at -20 °C after a 15-minute delay.",
        ),
        # the same value told again with its sign
        (
            "Chamber 3's alarm trips at -18 °C after a 15-minute delay.",
            "Chamber 3's alarm trips at -18 °C, after a 15-minute delay.",
        ),
        # a count beside a temperature is no new value of the temperature
        (
            "OSPREY detector setpoint: -100 C; calibrations: bias, flats and arcs.",
            "OSPREY calibrations: 11 bias frames and 5 flats per grating setting.",
        ),
    ],
)
def test_near_misses_below_zero_stay_apart(held: str, draft: str) -> None:
    """Another freezer's temperature, the same value again, or a count beside a held
    temperature replaces nothing."""
    assert not replaced(draft, held)


def test_signs_keeps_every_position() -> None:
    """Each sign is marked by one character, so positions read before stay valid."""
    text = "at -18 °C, range 10-12 °C, key_temp: -3"
    marked = signs(text)
    assert len(marked) == len(text)
    assert marked.count(SIGN) == 1


@pytest.mark.parametrize(
    "text",
    [
        "-1 °C " * 20_000,
        "=-" * 50_000,
        "a" * 100_000 + ": -1",
        ("x_temp:" + "-" * 10 + "1") * 5_000,
        "-\ud800 °C -18\udfff °C " * 5_000,
        "-" + "9" * 100_000 + " °C",
    ],
)
def test_hostile_text_is_read_in_linear_time(text: str) -> None:
    """A 100 KB text of signs, keys or surrogates has its signs found at once (no pattern
    backtracks), and is read whole without raising."""
    start = time.perf_counter()
    marked = signs(text)
    assert time.perf_counter() - start < 2.0
    assert len(marked) == len(text)
    raw_values(text)
