"""A newer lesson that names the value it replaced ("instead of 16:30") displaces that
value only: an older lesson on the same ground with another value of the kind (another
courier's pick-up time) stays told. Made-up parcel-desk lessons."""

from __future__ import annotations

from agentmem.core.model import Memory
from agentmem.retrieval.newerwins import names_other_old, values_displaced
from tests.conftest import held

OLD = (
    "Parcels for island customers need a customs slip and ship with Ferrylink, collected at "
    "17:00; the van courier only takes mainland boxes."
)


def _lesson(text: str, day: int, name: str) -> Memory:
    return held(text, day, f"semantic-{name}", app_id="parcels")


def test_a_change_naming_another_old_value_leaves_this_one() -> None:
    """The van courier's new time, told with its old one, is not Ferrylink's."""
    new = "From May 3 the van courier collects at 15:00 instead of 16:30 (new route)."
    assert values_displaced(_lesson(OLD, 1, "a"), _lesson(new, 15, "b"), set()) == []


def test_names_other_old_reads_each_way_of_naming_it() -> None:
    """ "instead of", "from … to" and "(was …)" name the old value; none named, no judgement."""
    assert names_other_old("The gate opens at 06:00 instead of 06:30.", "time", "07:00")
    assert not names_other_old("The gate opens at 06:00 instead of 07:00.", "time", "07:00")
    assert names_other_old("We cut the hold from 7 days to 3 days.", "unit day", "5")
    assert not names_other_old("The gate now opens at 06:00.", "time", "07:00")
