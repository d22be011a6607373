"""A retro kept as a Lua table is read as the data it holds, its comments no part of it;
Lua that is not one table of data is left as it is."""

from __future__ import annotations

import pytest

from agentmem.harvest.distill import distill
from agentmem.harvest.luatable import parsed
from agentmem.harvest.structured import as_markdown

RETRO = """-- review of the packing line, week 7
return {
  week = 7,
  lessons = {
    [1] = "Tape the carton seams twice for export orders.",
    [2] = [[Pallets over 900 kg go on
the heavy rack.]],
  },
  problems = {
    { what = "Label printer jammed", cause = 'roll loaded "inside out"' },
  },
  limits = { max_kg = 900, ratio = -0.5, hex = 0x10, ok = true, gone = nil },
}
"""


def test_a_returned_table_is_read_as_its_data() -> None:
    """Fields a mapping, keys 1..n a list, long strings and escapes as their text."""
    data = parsed(RETRO)
    assert data == {
        "week": 7,
        "lessons": [
            "Tape the carton seams twice for export orders.",
            "Pallets over 900 kg go on\nthe heavy rack.",
        ],
        "problems": [{"what": "Label printer jammed", "cause": 'roll loaded "inside out"'}],
        "limits": {"max_kg": 900, "ratio": -0.5, "hex": 16, "ok": True},
    }


def test_an_assigned_table_is_read_too() -> None:
    """`local retro = { … } return retro` is the same data."""
    text = 'local retro = { lessons = { "Tape twice." }, week = 7 }\nreturn retro\n'
    assert parsed(text) == {"lessons": ["Tape twice."], "week": 7}


def test_a_lua_retros_lessons_are_lessons() -> None:
    """The table's lessons reach the distiller as the items of a Lessons section."""
    assert "## Lessons" in as_markdown(RETRO, "retros/week-7.lua")
    found = [lesson.text for lesson in distill(RETRO, "retros/week-7.lua", periodic=True).found]
    assert "Tape the carton seams twice for export orders." in found
    assert "Pallets over 900 kg go on the heavy rack." in found


@pytest.mark.parametrize(
    "text",
    [
        "local function pack(x) return { x } end\nreturn pack\n",
        "return { weight = 900 * 2 }\n",
        "return { 1, 2 } .. other\n",
        "print('hello')\n",
        "return {\n",
        "Lessons: { keep it short }\n",
        "x = 1\n",
    ],
)
def test_lua_that_is_not_one_table_of_data_is_none(text: str) -> None:
    """A function, an expression, a call, an unclosed table or prose with braces: None."""
    assert parsed(text) is None


def test_tables_nested_past_the_bound_are_none() -> None:
    """A hostile nesting is refused, not followed."""
    assert parsed("return " + "{ a = " * 50 + "1" + " }" * 50) is None
