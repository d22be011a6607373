"""Two lessons on one subject that give one slot two values, left both live by the writer:
the read tells the newer one, and a run record written before it that quotes the old value
is not told as how things are. Pinned in several made-up domains and phrasings, with the
pairs that must stay: two things of one ground each with its own value, a record that
names the old value to say it changed, and a later lesson that states the old value again."""

from __future__ import annotations

import pytest

from agentmem import MemoryHooks
from agentmem.core.model import Memory
from agentmem.retrieval.newerwins import Displaced, quotes_displaced, values_displaced
from tests.conftest import ManualClock, held, packed_ids, unlinked_pair

DAY, LATER, LAST = 1, 15, 29  # days of the month `held` builds memories in


def _lesson(text: str, day: int = DAY, app: str = "shop", name: str = "a") -> Memory:
    return held(text, day, f"semantic-{name}", app_id=app)


def _record(text: str, day: int = DAY) -> Memory:
    return held(text, day, "episodic-r", app_id="shop", type="episodic", confidence=1.0)


DISPLACED = [
    pytest.param(  # a length of time, no word of change: the same sentence, another value
        "Glaze firings hold at peak temperature for 20 minutes before the slow cool.",
        "A glaze firing holds its peak temperature for 12 minutes, then cools slowly.",
        id="kiln-hold",
    ),
    pytest.param(  # a count of a unit, told with a word of change in other words
        "Each proofing rack takes 24 trays of rolls overnight.",
        "After the refit, proofing racks now hold 30 trays.",
        id="bakery-trays",
    ),
    pytest.param(  # a threshold as a figure, the newer one a short decision line
        "Churn-risk tickets are routed to the retention desk once their score reaches 0.6; "
        "the bot answers the rest.",
        "Decision RD-9: the retention desk now takes churn-risk tickets only from a score of 0.75.",
        id="helpdesk-threshold",
    ),
    pytest.param(  # a capacity, no word of change, the newer one on the same boat
        "The overnight ferry carries up to 120 cars on the lower deck; book vans early.",
        "The overnight ferry's lower deck carries 96 cars, the rear lane is for caravans.",
        id="ferry-capacity",
    ),
]


@pytest.mark.parametrize(("old", "new"), DISPLACED)
def test_a_newer_lesson_displaces_the_older_value(old: str, new: str) -> None:
    """The older lesson's value of the slot is displaced by the newer one's."""
    assert values_displaced(_lesson(old), _lesson(new, LATER, name="b"), set())
    assert not values_displaced(_lesson(new, LATER, name="b"), _lesson(old), set())


KEPT = [
    pytest.param(  # two components of one ground, each with its own count
        "Smoke-test the spellcheck plugin on 3 hosts before tagging a release.",
        "Smoke-test the chart plugin on 5 hosts and both codecs before tagging a release.",
        id="two-components",
    ),
    pytest.param(  # two jobs on one database, each with its own length
        "Nightly backups of the ledger database take 40 minutes; schedule around them.",
        "Schema migrations of the ledger database take 5 minutes on the replica.",
        id="two-jobs",
    ),
    pytest.param(  # two named places, each with its own opening time
        "The Harbor depot opens at 06:00 for loading vans.",
        "The Ridge depot opens at 07:30 for loading vans.",
        id="two-places",
    ),
    pytest.param(  # the newer one says the other thing keeps its own
        "A sourdough batch rests 40 minutes before shaping.",
        "The rye batch rests 25 minutes before shaping; sourdough keeps its own rest.",
        id="kept-apart",
    ),
    pytest.param(  # nothing of the same kind
        "Glaze firings hold at peak temperature for 20 minutes.",
        "Glaze firings are logged in the kiln book with the cone number.",
        id="no-new-value",
    ),
]


@pytest.mark.parametrize(("old", "new"), KEPT)
def test_values_of_other_things_are_not_displaced(old: str, new: str) -> None:
    """A newer value of another thing of the same ground leaves the older lesson live."""
    assert not values_displaced(_lesson(old), _lesson(new, LATER, name="b"), set())


def test_another_app_or_an_older_lesson_displaces_nothing() -> None:
    old, new = DISPLACED[0].values
    assert not values_displaced(_lesson(str(old)), _lesson(str(new), LATER, "studio", "b"), set())
    assert not values_displaced(_lesson(str(old), LATER), _lesson(str(new), DAY, name="b"), set())


def test_a_value_said_again_later_lives_on() -> None:
    """A lesson written after the newer one that states the old value of the same slot
    again keeps it: both values live on."""
    old, new = _lesson(str(DISPLACED[0].values[0])), _lesson(str(DISPLACED[0].values[1]), LATER)
    again = _lesson("Glaze firings for the stoneware line hold at peak for 20 minutes.", LAST)
    assert not values_displaced(old, new, set(), [again])


GONE = Displaced(
    kind="unit tray",
    value="24",
    words=frozenset({"proof", "rack", "take", "roll", "overnight"}),
    new="30",
    when=held("", LATER, app_id="shop").created_at,
)


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        (
            "Run r9: Bake the morning rolls ended in success. Loaded the proofing rack with "
            "24 trays of rolls.",
            True,
        ),
        (
            "Run r9: Bake the morning rolls ended in failure. Rack collapsed: the proofing "
            "rack took 24 trays and 30 trays did not fit.",
            False,
        ),  # names the new value too
        (
            "Run r9: Refit the racks ended in success. The proofing rack went from 24 trays "
            "to a larger frame; rolls now proof in two racks.",
            False,
        ),  # tells the change
        (
            "Run r9: Pack the delivery van ended in success. Loaded 24 trays of muffins into "
            "the van.",
            False,
        ),  # another subject
    ],
)
def test_a_record_quoting_a_displaced_value(text: str, quoted: bool) -> None:
    """A record before the change that quotes the old value on the same subject tells how
    things were; one naming the new value, telling the change or of another thing stays."""
    assert quotes_displaced(_record(text), [GONE]) is quoted
    assert not quotes_displaced(_record(text, LAST), [GONE])  # written after: a new run


def test_pre_spawn_pack_tells_the_newer_value(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """Both lessons live (the writer did not link them): the pack tells the newer one."""
    old, new = unlinked_pair(
        clocked_hooks,
        clock,
        "Glaze firings hold at peak temperature for 20 minutes before the slow cool.",
        "A glaze firing holds its peak temperature for 12 minutes, then cools slowly.",
        app_id="studio",
        days=20,
        filler="Label each shelf of the drying room with the date the pots went in.",
    )
    goal = {
        "title": "Fire the glaze load for the spring market",
        "app_id": "studio",
        "tags": ["glaze", "firing"],
    }
    ids = packed_ids(clocked_hooks, goal)
    assert new in ids and old not in ids, ids
    result = clocked_hooks.pre_goal_synthesis(queue=[{"id": "G-1", **goal}])
    assert result.synthesis is not None
    assert "12 minutes" in result.synthesis and "20 minutes" not in result.synthesis
