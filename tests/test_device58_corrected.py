"""A measuring device replaced, told by the old correction gone: a reading taken on a named
device with "no correction" ("no offset", "used as read"), a tag said to be another kind of
device now with its offset gone, a new device of the old one's kind named by its maker and
a number ("Vendo 210 pressure gauges"), a reading "now run on" a device. The old device's
correction lessons go; a device of another line or another reading, a lesson of the tag's
place, and a limit of what is measured (naming no device) stay (`agentmem.core.device`)."""

from __future__ import annotations

from agentmem import MemoryHooks
from agentmem.core.aligned import realigned
from agentmem.core.device import (
    aliases,
    named,
    retired_device,
    takeover,
)
from agentmem.core.devicerun import of_the_reading
from agentmem.core.held import Held, judge
from agentmem.stores.base import Filters
from tests.conftest import lesson

OLD_SUGAR = "The BR-2 bench sugar analyser reads 0.3 high; subtract 0.3 before the filler check."
NEW_SUGAR = "Sugar at the filler is read with the NX-4 inline analyser; no correction is applied."
OTHER_READING = "The FT-8 fat analyser reads 0.5 low; add 0.5 before comparing."
OLD_TAG = "PT-7 (bourdon, header) reads about 0.2 bar high; the DCS carries a -0.2 bar offset."
NEW_TAG = "PT-7 is now a Kx piezo pressure sensor with no DCS offset; check it monthly."
TAG_PLACE = "PT-7 sits on the steam header before the reducing valve."
OLD_GAUGE = "The Manex 330 pressure gauge reads ~0.1 bar low - add 0.1 when you log it."
NEW_GAUGE = "Vendo 210 pressure gauges are used as read, no correction; zero them weekly."
LIMIT = "FX-20 film release limits: tensile strength >= 30 N/15 mm, elongation >= 300 %."
OLD_TENSILE = "On the TT-50 tensile tester re-zero the load cell every morning; it drifts 0.2 N."
NEW_TENSILE = (
    "Tensile strength is now run on the Instron 5965 dual column frame as a saved batch"
    " program in Bluehill (program T12, 50 mm/min); verify with the 5 N check weight."
)


def test_a_reading_taken_on_a_named_device_with_no_correction_is_a_takeover() -> None:
    """ "<reading> is read with <device>" tells a takeover when the draft says the old
    correction gone; alone it tells only where the reading is taken. The old analyser's
    correction goes (its code two words before its kind); another reading's stays."""
    told = takeover(NEW_SUGAR)
    assert told is not None and told.new == {"nx-4"} and "sugar" in told.measures
    assert retired_device(NEW_SUGAR, OLD_SUGAR)
    assert not retired_device(NEW_SUGAR, OTHER_READING)
    assert takeover("Sugar at the filler is read with the NX-4 inline analyser.") is None
    other_line = "Sugar on line 2 is read with the NX-4 inline analyser; no correction is applied."
    assert not retired_device(other_line, "On line 1 " + OLD_SUGAR[4:])


def test_a_tag_now_another_kind_of_device_retires_its_corrections() -> None:
    """ "<tag> is now a <kind> with no offset": the lessons correcting that tag go; one of
    its place, and another tag's correction, stay; without the correction gone, nothing."""
    told = takeover(NEW_TAG)
    assert told is not None and told.same == {"pt-7"}
    assert retired_device(NEW_TAG, OLD_TAG)
    assert not retired_device(NEW_TAG, TAG_PLACE)
    assert not retired_device(NEW_TAG, OLD_TAG.replace("PT-7", "PT-8"))
    assert takeover("PT-7 is now a Kx piezo pressure sensor; check it monthly.") is None


def test_polariscopes_and_thermocouples_are_instruments() -> None:
    """A polariscope and a thermocouple are measuring devices: "<code> polariscope" names
    the old device, "<tag> is now a <…> thermocouple" another kind of device under the tag."""
    new = "Bottle stress is now measured on the LX-9 automatic polariscope; pass <= 40 nm/mm."
    old = "Bottle stress on the SP-3 polariscope is read against the tint plate; pass <= 3."
    assert retired_device(new, old)
    swapped = "TE-4 is now a type N thermocouple with no offset."
    assert retired_device(swapped, "TE-4 (type J) reads 6 C low; the PLC adds a 6 C offset.")


def test_a_number_after_a_makers_name_is_a_model_code() -> None:
    """ "Manex 330 pressure gauge" names a device as "MX-330 pressure gauge" would; a number
    after a unit's word or "The" names none. A new gauge of that kind used as read retires
    the old one's correction."""
    assert named(OLD_GAUGE) == {"330": ("pressur", "gaug")}
    assert named("Tank 12 level sensor") == {}
    assert named("The 30 pressure gauges") == {}
    assert named("RETRO 2024-08-14 pressure gauge change") == {}  # a date
    told = takeover(NEW_GAUGE)
    assert told is not None and told.new == {"210"}
    known = aliases(told, [OLD_GAUGE, OTHER_READING])
    assert known == {"330"}
    assert retired_device(NEW_GAUGE, OLD_GAUGE, known)


def test_a_new_device_leaves_the_limit_of_what_it_measures() -> None:
    """ "<reading> is now run on <device> as …" is a takeover (its name ends before "as");
    the old tester's lesson goes, and the product's limit, which names no device, stays,
    though its "N/15 mm" reads as a length beside the draft's "50 mm/min"."""
    told = takeover(NEW_TENSILE)
    assert told is not None and told.new == {"5965"}
    assert retired_device(NEW_TENSILE, OLD_TENSILE)
    # what is run on a day or an hour is no device's reading
    assert takeover("Crew changes now run on Fridays at 07:00 from the east pontoon.") is None
    assert realigned(NEW_TENSILE, LIMIT)  # what the device rule keeps from retiring it
    assert of_the_reading(NEW_TENSILE, LIMIT)
    assert not of_the_reading(NEW_TENSILE, OLD_TENSILE)
    # a lesson of the old way that gives no limit, or a limit of another thing, is no limit
    # of what the new device measures: the judge may retire it as before
    assert not of_the_reading(
        NEW_TENSILE, "Tensile strength is run on the Zeta frame at 20 mm/min."
    )
    assert not of_the_reading(NEW_TENSILE, "FX-20 film limits: haze <= 2 %, gloss >= 80.")
    assert not judge(NEW_TENSILE, [Held("l", LIMIT, "semantic")], "semantic").replaces


def test_the_writer_retires_the_old_corrections(hooks: MemoryHooks) -> None:
    """Through the writer: the tag's correction and the old gauge's go, the tag's place and
    the limit stay."""
    tag, place = lesson(hooks, OLD_TAG, "boiler"), lesson(hooks, TAG_PLACE, "boiler")
    gauge = lesson(hooks, OLD_GAUGE, "boiler")
    new_tag = lesson(hooks, NEW_TAG, "boiler")
    new_gauge = lesson(hooks, NEW_GAUGE, "boiler")
    limit = lesson(hooks, LIMIT, "film-lab")
    new_tensile = lesson(hooks, NEW_TENSILE, "film-lab")
    written = {m.id: m for m in hooks.store.list(Filters(user_id="tester"))}
    assert tag in written[new_tag].supersedes and place not in written[new_tag].supersedes
    assert gauge in written[new_gauge].supersedes
    assert limit not in written[new_tensile].supersedes
