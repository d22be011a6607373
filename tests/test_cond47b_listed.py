"""A list whose first item is addressed goes on after a comma (`agentmem.core.addressed`):
in "free chlorine is input register 30001, combined chlorine 30003, pH 30005" the second
and third numbers are registers too, no new combined chlorine or pH of a held lesson. A
BACnet object is named by its type and instance ("analog value 3", "binary input 12").
The near misses stay values: a unit after a listed number, a number of another length, a
list never addressed ("set points 2.0, 3.0"), a real new value told after such a list."""

from __future__ import annotations

import time

import pytest

from agentmem.core.addressed import addressed_before, listed, named
from agentmem.core.held import Held, judge
from agentmem.core.slots import VALUE, reslotted, slots
from agentmem.core.statement import terms

DEPOLOX = (
    "The chlorine/pH controllers are Evoqua Depolox Pool E units on Modbus TCP, port 502:"
    " main pool 10.40.2.21, learner pool 10.40.2.22. Free chlorine is float32 input register"
    " 30001, combined chlorine 30003, pH 30005. They sit behind the gateway like every other"
    " device."
)
LEARNER = (
    "The learner pool is kept warmer and more heavily chlorinated than the main pool: free"
    " chlorine 1.5–2.0 mg/l, combined chlorine no more than 0.5 mg/l, pH 7.2–7.4, water at"
    " 31 °C."
)


def replaced_lesson(draft: str, held: str) -> bool:
    """The judge, given the held text as one live lesson, replaces it with the draft."""
    lesson = Held("lesson-1", held, "semantic")
    return "lesson-1" in judge(draft, [lesson], "semantic").replaces


def test_a_register_list_replaces_no_held_ranges() -> None:
    """The controllers' register map is a lesson beside the pool's chlorine ranges."""
    assert not replaced_lesson(DEPOLOX, LEARNER)
    assert not reslotted(DEPOLOX, LEARNER)


@pytest.mark.parametrize(
    ("text", "which"),
    [
        (
            "Free chlorine is input register 30001, combined chlorine 30003, pH 30005.",
            {"30001", "30003", "30005"},
        ),
        ("Flow is holding register 40011, return temperature 40013.", {"40011", "40013"}),
        ("The AHU exposes supply air temperature as analog value 3.", {"3"}),
        ("Fan status is binary input 12 and the damper is analog output 4.", {"12", "4"}),
        ("The bolt is kept at 40 Nm, 3 turns, 5 mm of thread.", set()),
    ],
)
def test_listed_numbers_name_which_one(text: str, which: set[str]) -> None:
    """A continued list's numbers and a BACnet object's instance name which one, read alike
    clause by clause (`slots`) and as the text's values (`terms`)."""
    assert {s.value for s in slots(text) if s.names} == which
    assert terms(text).values.get("which", frozenset()) == which


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Free chlorine is input register 30001, combined chlorine 30003 mg/l.", "30003"),
        ("Free chlorine is input register 30001, combined chlorine 0.5 mg/l.", "0.5"),
        ("The Modbus slave id 3, retries 5, timeout 30 s.", "5"),  # too short for a register
        ("Set points 2.0, 3.0 and 4.0 bar.", "3.0"),  # never addressed
        ("The gateway listens on port 8080, workers 4, queue depth 2000.", "2000"),
        ("The sampler reads register 100 in °C × 10, humidity 101.", "101"),  # after a scale
    ],
)
def test_values_after_an_addressed_number_stay_values(text: str, value: str) -> None:
    """Not a listed number: it has a unit, another length, or no addressed list before."""
    assert not next(s for s in slots(text) if s.value == value).names
    assert value not in terms(text).values.get("which", frozenset())


def test_a_new_value_after_a_register_list_still_replaces() -> None:
    """The list ends where an item has a unit: the new combined chlorine limit told after
    it replaces the held one."""
    draft = (
        "The learner pool controller is input register 30001, pH 30005; combined chlorine is"
        " now kept at no more than 0.3 mg/l."
    )
    held = "The learner pool keeps combined chlorine at no more than 0.5 mg/l."
    assert replaced_lesson(draft, held)


def test_value_alone_or_input_alone_say_how_much() -> None:
    """ "value 3" and "input 12" without an object type are no addresses."""
    assert not addressed_before("the value 3", 10) and not addressed_before("input 12", 6)
    assert addressed_before("analog value 3", 13) and addressed_before("binary  inputs 12", 15)
    assert named(["set", "the", "value", "3", "now"], VALUE) == frozenset()


def test_an_analog_signal_span_is_a_value() -> None:
    """ "analog output 0–10 V", "analog input 4-20 mA": a span of the signal, no instance."""
    assert "which" not in terms("The damper is driven by an analog output 0–10 V.").values
    assert "which" not in terms("The transmitter feeds analog input 4-20 mA.").values
    assert terms("The setpoint is analog value 17.").values.get("which") == {"17"}


def test_listed_reads_only_a_short_clause() -> None:
    """A clause of more than a few words and one number goes on no list."""
    assert listed(["combined", "chlorine", "30003"], VALUE, "30001") == frozenset((2,))
    assert listed(["a", "b", "c", "d", "30003"], VALUE, "30001") == frozenset()
    assert listed(["pH", "30005", "x"], VALUE, "30001") == frozenset()


def test_a_long_list_reads_in_one_pass() -> None:
    """Hostile input: an 8,000-character register list costs no more than as many numbers
    in a list never addressed (compared in one run)."""
    item = ", quantity 30003"
    addressed = ("input register 30001" + item * 600)[:8000]
    plain = ("input quantity 30001" + item * 600)[:8000]
    started = time.process_time()
    for _ in range(5):
        slots(addressed)
        terms(addressed + " ")
    with_list = time.process_time() - started
    started = time.process_time()
    for _ in range(5):
        slots(plain)
        terms(plain + " ")
    without = time.process_time() - started
    assert with_list < 3 * without + 0.05
    assert len(terms(addressed + "  ").values["which"]) == 2
