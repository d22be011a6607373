"""A value a newer lesson judges wrong leaves the older lessons that prescribe it, however
the amount is written ("-Xss8m", "8 MB", "an 8m stack"); the judging lesson, a lesson of
another app or subject, and a value the judging text still gives for something stay.
Several made-up domains and phrasings."""

from __future__ import annotations

import pytest

from agentmem.core.model import Hit, Memory
from agentmem.retrieval.conflict import slot_values
from agentmem.retrieval.disowned import disowned
from agentmem.retrieval.namedgone import named_gone
from agentmem.retrieval.sizes import sizes
from tests.conftest import held


def _hit(memory: Memory) -> Hit:
    return Hit(memory=memory, score=1.0)


def _kept(older: str, judging: str, old_app: str = "desk") -> list[str]:
    old = held(older, 1, "semantic-old", app_id=old_app)
    new = held(judging, 9, "semantic-new", app_id="desk")
    return [h.memory.id for h in named_gone([_hit(old), _hit(new)], [])]


JUDGED = [
    pytest.param(
        "Glaze kilns crack plates when the fan is off; run the cooling fan at 40 rpm.",
        "Cracked plates came from a damp shelf, not the fan. Running the cooling fan at "
        "40 rpm was the wrong fix for the kilns: it chilled the plates unevenly.",
        id="kiln-wrong-fix",
    ),
    pytest.param(
        "Tile renders die on huge maps; start the renderer with -Xss8m for the map tiles.",
        "Tile render deaths on huge maps come from a recursion bug in the map tiles. "
        "An 8 MB stack did not help; upgrade the renderer instead.",
        id="flag-against-words",
    ),
    pytest.param(
        "Pond pumps stall in summer; keep the pump intake screen at 2 mm for the pond.",
        '"Pond pumps need a 2 mm intake screen." False. The summer stalls in the pond '
        "come from algae on the pump impeller.",
        id="quoted-then-false",
    ),
    pytest.param(
        "Bread ovens scorch loaves at the back; proof the loaves for 90 minutes first.",
        "Proofing the loaves for 90 minutes turned out to be a mistake: the scorched loaves "
        "at the back come from the oven's rear element.",
        id="bread-mistake",
    ),
]


@pytest.mark.parametrize(("older", "judging"), JUDGED)
def test_an_older_lesson_with_a_value_judged_wrong_leaves(older: str, judging: str) -> None:
    assert _kept(older, judging) == ["semantic-new"]


@pytest.mark.parametrize(("older", "judging"), JUDGED)
def test_another_apps_lesson_stays(older: str, judging: str) -> None:
    assert sorted(_kept(older, judging, old_app="other")) == ["semantic-new", "semantic-old"]


def test_a_lesson_judging_the_value_itself_stays() -> None:
    older = "Running the cooling fan at 40 rpm was no help for cracked kiln plates."
    judging = "Running the cooling fan at 40 rpm was the wrong fix for the kiln plates."
    assert sorted(_kept(older, judging)) == ["semantic-new", "semantic-old"]


def test_a_value_still_given_for_something_stays() -> None:
    """The judging text also states the value plainly: it still holds for something."""
    older = "Keep the pond pump intake screen at 2 mm."
    judging = (
        "A 2 mm screen on the pond pump intake was a red herring for the stalls; "
        "the pond's overflow still takes a 2 mm screen."
    )
    assert disowned(judging) == frozenset()
    assert sorted(_kept(older, judging)) == ["semantic-new", "semantic-old"]


def test_a_lesson_on_another_subject_stays() -> None:
    """The value alone is no subject: an older lesson sharing no words with the judgment."""
    older = "Archive exports are split into 8 MB parts for the mail gateway."
    judging = "Tile renders on huge maps: an 8 MB stack did not help the renderer."
    assert sorted(_kept(older, judging)) == ["semantic-new", "semantic-old"]


def test_the_value_before_a_change_is_not_the_one_judged() -> None:
    """In "from 40 to 25 was a mistake" the change to 25 is judged, not the 40."""
    judging = "Moving the kiln fan from 40 rpm to 25 rpm was a mistake."
    assert {v for _, v in disowned(judging)} == {"25"}


@pytest.mark.parametrize(
    ("text", "mib"),
    [
        ("start it with -Xmx12g", "12288"),
        ("a 12 GB heap", "12288"),
        ("request --mem=12G per job", "12288"),
        ("give the cache 512 MiB", "512"),
        ("an 8m stack", "8"),
        ("heap_max: 512m", "512"),
        ("a 2T volume", "2097152"),
    ],
)
def test_an_amount_of_memory_however_written(text: str, mib: str) -> None:
    assert sizes(text) == {mib}
    assert ("size", mib) in slot_values(text)


@pytest.mark.parametrize(
    "text", ["wait 5m then retry", "--timeout 5m", "50M rows per chunk", "release v1.2G"]
)
def test_no_amount_of_memory(text: str) -> None:
    assert sizes(text) == set()


CHANGED = [
    pytest.param(
        "Seed packets are printed with the LBL 4.2 template; the lot code goes top left.",
        "We moved the seed packet printing from LBL 4.2 to LBL 5.0; the old template is refused.",
        id="template-version",
    ),
    pytest.param(
        "Ferry crossings book at most 40 cars per sailing on the short route.",
        "The harbour raised the short route ferry limit from 40 cars to 52 cars per sailing.",
        id="count-raised",
    ),
    pytest.param(
        "Greenhouse misters run a 30-minute cycle on hot days.",
        "We replaced the 30-minute greenhouse mister cycle with a 12-minute one on hot days.",
        id="duration-replaced",
    ),
]


@pytest.mark.parametrize(("older", "newer"), CHANGED)
def test_the_old_side_of_a_told_change_leaves(older: str, newer: str) -> None:
    """The older lesson leaves; the one telling the change (naming the old value only to
    say it changed) stays."""
    assert _kept(older, newer) == ["semantic-new"]


@pytest.mark.parametrize(
    "text",
    [
        "The ferry desk runs from 08:00 to 12:00 on Sundays.",
        "Moved backups from 02:00 to 03:30, and the 02:00 slot now runs the vacuum.",
        "Ticket numbers go from 40 to 52 on the short route.",
    ],
)
def test_no_change_told(text: str) -> None:
    """A range, a value the text still gives for something, no verb of change."""
    assert disowned(text) == frozenset()


NAMED_OLD = [
    pytest.param(
        "Ferry crossings book at most 40 cars per sailing on the short route.",
        "Short route ferry sailings now take 52 cars; the old 40-car limit is gone.",
        id="old-limit",
    ),
    pytest.param(
        "Greenhouse misters run every 30 minutes on hot days.",
        "On hot days greenhouse misters run every 12 minutes; the previous 30-minute setting "
        "scorched the seedlings.",
        id="previous-setting",
    ),
    pytest.param(
        "Bakery proofing cabinets hold 2 GB of sensor logs before rotation.",
        "Bakery proofing cabinets keep 8 GB of sensor logs; our former 2 GB quota lost a week.",
        id="former-quota",
    ),
]


@pytest.mark.parametrize(("older", "newer"), NAMED_OLD)
def test_a_value_named_as_the_old_one_leaves(older: str, newer: str) -> None:
    assert _kept(older, newer) == ["semantic-new"]


def test_an_old_thing_with_no_new_value_of_its_kind_is_no_change() -> None:
    """ "The old 40-room wing" names an old wing, no value replaced by another."""
    assert disowned("The old 40-room wing stays closed for the winter.") == frozenset()
