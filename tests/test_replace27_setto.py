"""A value set anew by a verb that names it ("raised to", "cut to"), an arrow from the old
value, a dated start (`agentmem.core.setto`), or as the answer to a question about the
lesson (`agentmem.core.asked`), replaces the held lesson; another thing's value, both
values kept, an answer that gives the held value again, or another kind of value
replace nothing."""

from __future__ import annotations

import pytest

from agentmem.core.asked import answered_anew
from agentmem.core.setto import set_anew
from agentmem.core.verdict import Held, judge


def replaced(draft: str, held: str) -> bool:
    return judge(draft, [Held("held-1", held, "semantic")], "semantic").replaces == ["held-1"]


REPLACED = [
    # a verb that names the new value, a frame word shared with the lesson
    (
        "The kiln runs with a maximum soak time of 40 minutes per glaze load.",
        "The maximum soak time per glaze load was set to 25 minutes.",
    ),
    # a verb of change and the key the lesson names
    (
        "Gas pressure floor for kiln-2 firings is 6, set via min_gas_bar in the kiln-2 config.",
        "kiln-2 min_gas_bar raised to 9 after the burner swap (flame-outs below that).",
    ),
    # an arrow from the old value to the new one, the key shared
    (
        "Glaze orders need 96 hours' notice; the order form blocks earlier dates (min_notice_h=96).",
        "- glaze orders: min_notice_h 96 → 60, order form updated to match",
    ),
    # an arrow from the held value, after a key whose parts name what the lesson names
    (
        "Glaze runs are planned at 06:00 by the kiln-planner job, max 9 loads per kiln.",
        "max_loads_per_kiln: 9 → 12 (studio agreed longer firing days)",
    ),
    # a dated start, one value of its unit in each text
    (
        "Apprentices pass the kiln course when the written test score is >= 60%.",
        "Beginning with the spring intake, apprentices need 75% on the written test to pass.",
    ),
    # a span told in another unit of time, its frame word shared
    (
        "Studio tablets fetch the glaze table from glaze.example.org and keep it for 8 h.",
        "Decision 12 - tablet glaze-table cache TTL set to 20 min so recipe fixes reach "
        "the floor quickly.",
    ),
    # the new value as the answer to a question about the lesson
    (
        "Evening pottery classes start in the east studio at 18:30; the signup page reads the room.",
        "Handover Q: where does the evening pottery class meet? A: the west annex, 18:00 sharp.",
    ),
]


@pytest.mark.parametrize(("held", "draft"), REPLACED)
def test_value_set_anew_replaces_the_lesson(held: str, draft: str) -> None:
    """A value set anew in a slot of the lesson, by any of the module's cues, replaces it."""
    assert set_anew(draft, held) or answered_anew(draft, held)
    assert replaced(draft, held)


KEPT = [
    # another thing's value, set by a verb
    (
        "The kiln runs with a maximum soak time of 40 minutes per glaze load.",
        "The dryer's fan speed was raised to 1200 rpm for the winter.",
    ),
    # the held value is another coded thing's, though the lesson names the one set too
    (
        "Kiln K7 soak is 30 minutes, independent of K9.",
        "Firing note: K9 soak raised to 40 minutes, effective now.",
    ),
    # both values told: a range, no change
    (
        "Glaze orders need 96 hours' notice; the order form blocks earlier dates (min_notice_h=96).",
        "Glaze orders need 96 hours' notice, or 60 with the manager's sign-off.",
    ),
    # another kind of value: a percent is no span of time
    (
        "Apprentices pass the kiln course when the written test score is >= 60%.",
        "Beginning with the spring intake, the written test lasts 45 minutes.",
    ),
]


@pytest.mark.parametrize(("held", "draft"), KEPT)
def test_other_values_replace_nothing(held: str, draft: str) -> None:
    """Another thing's value, two values kept, or another kind of value replace nothing."""
    assert not set_anew(draft, held)
    assert not replaced(draft, held)


def test_answer_that_restates_the_value_replaces_nothing() -> None:
    """An answer that gives the lesson's own value again tells no change."""
    held = (
        "Evening pottery classes start in the east studio at 18:30; the signup page reads the room."
    )
    draft = "Q: when does the evening pottery class start? A: still 18:30, east studio."
    assert not answered_anew(draft, held)
    assert not replaced(draft, held)


def test_question_about_another_thing_replaces_nothing() -> None:
    """A question that names nothing the lesson is about is no answer to it."""
    held = (
        "Evening pottery classes start in the east studio at 18:30; the signup page reads the room."
    )
    draft = "Q: when is the glaze delivery due? A: Thursday, 09:00."
    assert not answered_anew(draft, held)
