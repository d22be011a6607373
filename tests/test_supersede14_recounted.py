"""A measure told anew: a draft saying something changed, with another count of a unit the
held lesson counts, of the same thing, replaces it however differently the two open.

Against false merges: no change word, the held count given again (a value added), two
things each with its own count (another component, another region, a modifier swapped),
or a count in a clause of another thing, replace nothing.
"""

from __future__ import annotations

import pytest

from agentmem.core.recounted import counts, recounted
from agentmem.core.verdict import Held, judge


def test_a_count_is_read_with_its_unit_singular_hyphenated_or_not() -> None:
    """ "36 jars" and "18 jar" count one unit; "64-slot" counts slots."""
    assert counts("a crate now takes 36 jars")["jar"] == {"36": 0}
    assert counts("an 18 jar crate; a 64-slot rack")["jar"] == {"18": 0}
    assert counts("an 18 jar crate; a 64-slot rack")["slot"] == {"64": 1}
    assert counts("hits scoring 0.6 or more on parser 2.4")["ratio"] == {"0.6": 0}
    assert "ratio" not in counts("the parser 2.4 release")


@pytest.mark.parametrize(
    ("draft", "held"),
    [
        (
            "Kiln carts on rail kit 4.1 carry crates of 30 jars; the old, smaller crate "
            "limit no longer applies.",
            "Crates over 20 jars tip over on the kiln carts; split them before loading.",
        ),
        (
            "Kiln carts on rail kit 4.1 carry crates of 30 jars; the old, smaller crate "
            "limit no longer applies.",
            "Glaze test batches are packed in the 20-jar crate of the kiln carts.",
        ),
        (
            "The harbour office set a new rule: the mooring line clearance is now 30 metres "
            "at every pontoon.",
            "The harbour office requires a 12 metre mooring line clearance at each pontoon.",
        ),
        (
            "Since the freezer upgrade each rack now holds 40 trays on the cold line.",
            "A cold line rack holds 24 trays at most.",
        ),
        (
            "The regrade cut-off for wool samples is now 0.75 (lab decision L-9).",
            "Wool samples with a fault score of 0.6 or more go to the regrade queue.",
        ),
    ],
)
def test_a_new_count_of_one_measure_told_as_a_change_replaces(draft: str, held: str) -> None:
    """Three domains, each a count of the same unit of the same thing, told as a change."""
    assert recounted(draft, held)
    assert judge(draft, [Held("old", held, "semantic")], "semantic").replaces == ["old"]


@pytest.mark.parametrize(
    ("draft", "held"),
    [
        # two things, each with its own count
        ("Staging pods now have 4 GB of memory on the cluster.",
         "Production pods have 8 GB of memory on the cluster."),
        ("The EU quota is now 800 parcels per day at the hub.",
         "The US quota is 2000 parcels per day at the hub."),
        # little in common besides the unit
        ("Interactive sessions now get 16 GB of memory.",
         "Batch jobs may use 64 GB of memory on the cluster."),
        # the held count given again: a value added beside it
        ("The kiln now holds 12 shelves; the 8 shelves of the old kiln stay in the annex.",
         "The kiln holds 8 shelves of tiles per firing."),
        # ratios of two things that share little
        ("The canary sampling ratio is now 0.2 for the search API.",
         "Search API canaries fail when the error ratio passes 0.05."),
        # no change word: two counts of one unit, told side by side
        ("A cold line rack holds 40 trays when the trays are shallow.",
         "A cold line rack holds 24 trays at most."),
    ],
)  # fmt: skip
def test_another_thing_or_a_value_added_is_no_new_count(draft: str, held: str) -> None:
    """Against false merges (see the module docstring)."""
    assert not recounted(draft, held)
