"""A number after a noun of addressing names which one, it is no value of a quantity
(`agentmem.core.addressed`, read by `agentmem.core.slots`): "free chlorine is holding
register 40101 in mg/l × 100" says where a controller keeps free chlorine, and gives no
new free chlorine of a held "free chlorine 1.5–2.0 mg/l". The near misses still replace:
the same quantity told with a new value beside a register or a port, a port told anew."""

from __future__ import annotations

import time

import pytest

from agentmem.core.addressed import addressed_before, addressing, named
from agentmem.core.held import Held, judge
from agentmem.core.slots import VALUE, reslotted, same_frame, slots
from agentmem.core.statement import terms


def replaced_lesson(draft: str, held: str) -> bool:
    """The judge, given the held text as one live lesson, replaces it with the draft."""
    lesson = Held("lesson-1", held, "semantic")
    return "lesson-1" in judge(draft, [lesson], "semantic").replaces


@pytest.mark.parametrize(
    ("draft", "held"),
    [
        (
            "The ProMinent Dulcomarin II talks Modbus RTU over RS-485 at 19200 baud, slave id 3;"
            " free chlorine is holding register 40101 in mg/l × 100.",
            "The learner pool is kept warmer and more heavily chlorinated than the main pool:"
            " free chlorine 1.5–2.0 mg/l, combined chlorine no more than 0.5 mg/l,"
            " pH 7.2–7.4, water at 31 °C.",
        ),
        (
            "The spa's Chemtrol controller talks Modbus TCP, unit id 2; free chlorine is input"
            " register 30002 in mg/l × 100.",
            "The spa is kept hotter than the pool: free chlorine 3.0–5.0 mg/l, pH 7.2–7.6,"
            " water at 36 °C.",
        ),
        (
            "The cold room logger is on RS-485 slave id 7; air temperature is register 100 in"
            " °C × 10, humidity register 101.",
            "The cold room: air temperature 2–4 °C, humidity 85–90 %.",
        ),
    ],
)
def test_a_register_number_is_no_new_value_of_the_quantity_it_holds(draft: str, held: str) -> None:
    """A protocol map's register or id number stands in no frame of a held value."""
    assert not reslotted(draft, held)


def test_the_scenario_pair_replaces_nothing() -> None:
    """The controller's map is a lesson beside the pool's chlorine ranges, not a new one."""
    draft = (
        "The ProMinent Dulcomarin II talks Modbus RTU over RS-485 at 19200 baud, slave id 3;"
        " free chlorine is holding register 40101 in mg/l × 100."
    )
    held = (
        "The learner pool is kept warmer and more heavily chlorinated than the main pool:"
        " free chlorine 1.5–2.0 mg/l, combined chlorine no more than 0.5 mg/l, pH 7.2–7.4,"
        " water at 31 °C."
    )
    assert not replaced_lesson(draft, held)
    spa = "The spa's Chemtrol controller talks Modbus TCP, unit id 2; free chlorine is input"
    spa += " register 30002 in mg/l × 100."
    spa_held = "The spa is kept hotter than the pool: free chlorine 3.0–5.0 mg/l, pH 7.2–7.6,"
    spa_held += " water at 36 °C."
    assert not replaced_lesson(spa, spa_held)


@pytest.mark.parametrize(
    ("text", "which"),
    [
        ("free chlorine is holding register 40101 in mg/l", {"40101"}),
        ("the Dulcomarin answers as slave id 3 at 19200 baud", {"3"}),
        ("slave_id=3 and a timeout of 20 s", {"3"}),
        ("the API listens on ports 80 and 443 behind 2 balancers", {"80", "443"}),
        ("bay #4 holds 12 pallets", {"4"}),
        ("registers 40101–40104 hold the four readings", {"40101", "40104"}),
        ("the press on line 4 runs 12 strokes at 80 C", {"4"}),
        ("let the glaze stand 30 minutes", set()),
        # the lead's read: words that stand before a measure as often as before an address
        ("the Kett meter reads with a calibration offset 0.3 % low", set()),
        ("Bond work index 18 kWh/t on the new ore", set()),
        ("keep the Reynolds number 2000 or more", set()),
        ("no 30-minute wait between loads", set()),
    ],
)
def test_which_numbers_name_one(text: str, which: set[str]) -> None:
    """The values right after a noun of addressing (or continuing its list or range)."""
    assert {s.value for s in slots(text) if s.names} == which


def test_an_identifier_ending_in_a_noun_of_addressing_addresses() -> None:
    assert addressing("slave_id") and addressing("modbus-addr") and addressing("registers")
    assert not addressing("chlorine") and not addressing("stand")


def test_a_named_number_shares_no_frame_even_with_one_of_its_kind() -> None:
    """Two register numbers in the same words are two registers, not one renumbered."""
    a = next(s for s in slots("free chlorine is holding register 40101 in mg/l") if s.names)
    b = next(s for s in slots("free chlorine is holding register 40103 in mg/l") if s.names)
    assert not same_frame(a, b, 1)


@pytest.mark.parametrize(
    ("draft", "held"),
    [
        # the quantity itself told anew, a register named beside it
        (
            "Free chlorine in the learner pool is now kept at 2.0–3.0 mg/l (read from register"
            " 40101).",
            "Free chlorine in the learner pool is kept at 1.5–2.0 mg/l.",
        ),
        ("The API gateway now listens on port 9090.", "The API gateway listens on port 8080."),
        (
            "Tank 3 is filled to 85 % before the night shift.",
            "Tank 3 is filled to 70 % before the night shift.",
        ),
    ],
)
def test_a_new_value_beside_an_address_still_replaces(draft: str, held: str) -> None:
    assert replaced_lesson(draft, held)


def test_naming_reads_a_long_clause_in_one_pass() -> None:
    """Hostile input: an 8,000-character clause of addressed numbers costs no more than
    as many numbers without a noun of addressing (compared in one run)."""
    addressed = ("register " + " ".join(["40101"] * 1300))[:8000].split()
    plain = ("value " + " ".join(["40101"] * 1300))[:8000].split()
    started = time.process_time()
    for _ in range(20):
        named(addressed, VALUE)
    with_nouns = time.process_time() - started
    started = time.process_time()
    for _ in range(20):
        named(plain, VALUE)
    without = time.process_time() - started
    assert with_nouns < 3 * without + 0.05
    assert len(named(addressed, VALUE)) == len(addressed) - 1


@pytest.mark.parametrize(
    ("draft", "held"),
    [
        (
            "The compressor's Modbus map: discharge pressure is holding register 40021 in bar"
            " × 100, slave id 4.",
            "Compressor 2 settings: discharge pressure 7.0–7.5 bar, oil temperature no more"
            " than 90 °C.",
        ),
        (
            "The boiler's gateway is Modbus TCP unit id 5; flow temperature is input register"
            " 30012 in °C × 10.",
            "Boiler 1: flow temperature 70–75 °C, return temperature at least 55 °C.",
        ),
        (
            "The kiln controller exports peak temperature on register 1222 in C.",
            "Kiln peak temperature 1220-1240 C for stoneware, cone 6.",
        ),
        (
            "The cold room logger is on RS-485 slave id 7; air temperature is register 100 in"
            " °C × 10, humidity register 101.",
            "The cold room: air temperature 2–4 °C, humidity 85–90 %.",
        ),
    ],
)
def test_a_protocol_map_states_no_new_value_of_the_held_quantity(draft: str, held: str) -> None:
    """Read whole (`agentmem.core.restate`), a register's number and an encoding's scale
    ("× 100") are no values of the measure the held lesson gives."""
    assert not replaced_lesson(draft, held)


def test_a_named_number_is_a_value_of_its_own_kind() -> None:
    """A port's number is read as which one, beside a measure; "2 × 4" is a size, no scale."""
    read = terms("The gateway listens on port 8080 and times out after 30 s.").values
    assert read.get("which") == {"8080"} and "8080" not in read.get("number", set())
    assert addressed_before("in mg/l × 100", 10) and not addressed_before("2 × 4", 4)


def test_a_shared_named_number_takes_no_other_lesson_along() -> None:
    """`kin`: a lesson telling again the replaced one's "stage 1" (which stage, no value)
    is not retold by it and stays; only a shared measure would take it along."""
    from agentmem.core.held import kin

    draft = (
        "The 737-8 LEAP-1B HPT borescope stays on the Boeing MPD interval of 1,100 FC; AMP"
        " Rev 15 covers only the A320neo fleet."
    )
    replaced = Held(
        "a",
        "With AMP Rev 15 the LEAP-1A HPT stage 1 borescope (72-00-00-210-801) is now due every"
        " 800 FC; the planning rules were updated.",
        "semantic",
    )
    other = Held(
        "b",
        "The HPT stage 1 borescope (task 72-00-00-210-801) is due every 800 FC; planning rules"
        " and the D-AXNB forecast were updated.",
        "semantic",
    )
    assert kin(draft, [replaced, other], ["a"]) == []
