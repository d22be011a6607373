"""A value of a held lesson that a later text marks as the old one, in any voice (struck,
"was", "from … to", an arrow, "retired"), beside another of its kind, replaces that lesson;
a look-alike about another thing, a range, or a text that marks nothing does not."""

from __future__ import annotations

import time

import pytest

from agentmem.core.held import Held, judge
from agentmem.core.markedold import marked, marked_old

# (held lesson, later text marking its value old in one voice)
MARKED = [  # each kept apart by the judge before `agentmem.core.markedold`
    (
        "Label printers in the packing hall print through the CUPS server on pack-print-01.",
        "cups_server for packing-hall label printers changed from pack-print-01 to "
        "pack-print-03 (Ines)",
    ),
    (
        "Temperature loggers in every cold room publish to the MQTT broker on chill-mon-01 "
        "port 1883, and the dashboard reads from there.",
        "@opsbot: mqtt_broker for cold room loggers changed from chill-mon-01:1883 to "
        "chill-mon-04:8883 (TLS) by rui.p",
    ),
    (
        "During proofing, the dough room CO2 setpoint is 1,100 ppm for the rye line.",
        "UPDATE room_setpoints SET co2_ppm = 850 WHERE line = 'rye' AND phase = 'proofing';"
        "  -- was 1100, crust split",
    ),
    (
        "Pallets with more than 3 previous repairs are scrapped at inspection bench IB-2.",
        "QMS-212 \"Pallet repair limit\" Field 'max_prior_repairs' changed from 3 to 4 by "
        "Lena Ortiz (Quality)",
    ),
    (
        "The nightly ledger batch runs on the Spark cluster fin-spark-02 with 6 workers.",
        'module "ledger_batch" { workspace = "dbx-fin-prod" cluster = "fin-dbx-07" }  '
        "# fin-spark-02 (6 workers) retired in Q2",
    ),
    (
        "Online booking for the summer camp opens on 1 March each year at 10:00.",
        "Invite: summer camp - booking opens | Sat 8 Mar, 09:00-09:30 | Note: moved off "
        "1 Mar 10:00 after the board decision",
    ),
]

# (held lesson, a look-alike or a text that tells no change of its value)
APART = [
    (  # a range, not a change: both ends are the held lesson's
        "No operator is on the floor on the night shift (22:00-06:00); only auto jobs run.",
        "From 22:00 to 06:00 nobody is on the floor, so only auto jobs get slotted.",
    ),
    (  # a route told by both: the held lesson says "from" too
        "Reefer containers shipped from Shanghai to Hamburg take 28 days door to door.",
        "Dry containers shipped from Shanghai to Rotterdam take 30 days door to door.",
    ),
    (  # another site's value, nothing marked old
        "Main-site forklift inspections are on Mondays at 07:00 in bay 4.",
        "Northgate site: forklift inspections on Tuesdays at 08:00 (not the main site).",
    ),
    (  # the old value marked, but no other value of its kind given
        "The nightly export writes to the share on fs-old-02 over SMB.",
        "Nightly export share on fs-old-02 is read-only now, export writes paused.",
    ),
    (  # a path's version number is no value marked old
        "Max package weight for ground labels is 150 lb; /v2/labels refuses heavier ones.",
        "Express labels top out at 70 lb - heavier ones come back refused from /v2/labels "
        "and have to go ground.",
    ),
    (  # "was" after a subject is a copula, no note of an old value
        "Tank B-4 level drift comes from the transmitter TX-7; recalibrate it monthly.",
        "Retraction: the B-4 level drift was not the transmitter. The cause was B-4's "
        "stale calibration table; load table CAL-B4-2026 instead.",
    ),
    (  # one thing marked old in the draft, but the held lesson is about another thing
        "Pallet wrap on line 3 uses 23 micron film from Berry.",
        "Office printer toner was HP 26A, now 58A; ordering through the portal.",
    ),
]


@pytest.mark.parametrize(("held", "draft"), MARKED)
def test_marked_value_replaces_the_lesson(held: str, draft: str) -> None:
    """A held lesson's value the draft marks old, beside a new one, is replaced."""
    assert marked_old(draft, held)
    verdict = judge(draft, [Held("held-1", held, "semantic")], "semantic")
    assert verdict.replaces == ["held-1"]


@pytest.mark.parametrize(("held", "draft"), APART)
def test_look_alikes_and_unmarked_texts_stay_apart(held: str, draft: str) -> None:
    """A range, a route, another site, a value marked old with no new one, a version in a
    path, another thing: nothing is replaced by the marked-old reading."""
    assert not marked_old(draft, held)


def test_the_marked_values_and_the_rest() -> None:
    """Each voice's mark gives its value, and the rest of the text keeps the new one."""
    old, rest = marked("co2 ppm ~~1,200~~ 900; probes moved off cave-mon-01")
    assert {"1200", "cave-mon-01"} <= old
    assert "900" in rest and "1,200" not in rest


@pytest.mark.parametrize(
    "text",
    [
        "~" * 100_000,
        "was " * 25_000,
        "a-" * 50_000 + "->",
        ("x" * 59 + " ") * 1_600 + "retired",
        "from " + "A1 " * 33_000 + "to",
        "<s " + "x" * 100_000,
        "\\strike " + "y" * 100_000,
        "\ud800 was \udfff 12 -> 13 ~~\ud800~~",
    ],
)
def test_hostile_text_is_read_in_linear_time(text: str) -> None:
    """A 100 KB hostile text is read in well under a second and raises nothing."""
    start = time.process_time()
    marked_old(text, "the held lesson was 12 on host-01 with A1 retired")
    assert time.process_time() - start < 10
