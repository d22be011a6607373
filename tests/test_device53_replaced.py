"""A measuring device replaced ("<measurement> now comes from the <new device>", "<new
device> replaced the old <maker> <kind>"): the old device's lessons, naming it only by its
model code, are replaced at write time (`agentmem.core.device`, the writer's `by_device`
lookup), and a lesson on the measured thing itself or on another device stays live."""

from __future__ import annotations

from agentmem import MemoryHooks
from agentmem.core.device import aliases, old_devices, retired_device, takeover
from agentmem.stores.base import Filters
from tests.conftest import lesson

GAUGE = (
    "The DG-2 laser gauge reads 0.4 µm high against the 125.000 µm wire standard; subtract"
    " 0.4 µm before trending diameter."
)
NEW_GAUGE = (
    "Fibre diameter now comes from the ODAC 32XY two-axis gauge; it is checked on the wire"
    " standard at each preform change and needs no offset - trend it as read."
)
BENCH_METER = "Liquid-line pH is read at the lab bench on the Mettler SevenCompact S220."
NEW_METER = (
    "HW-300 pH is now measured on the Metrohm 913; calibrate it at the start of every shift."
)
TESTER = (
    "KM-2 results above 300 C drum temperature read about 0.02 high; correct them with"
    " table K-2 before release."
)
TESTER_NAMED = "Krauss KM-2: give the drum 30 min warm-up before the first sample."
NEW_TESTER = (
    "The Dynotek FD-400 dynamometer replaced the old Krauss friction tester; every sample"
    " gets the 200-stop burnish before mu is measured."
)


def test_a_takeover_names_the_new_device_and_what_it_measures() -> None:
    """The new device is the one with a model code; what it measures is said before
    "now", and the old device of "replaced the old …" by its maker and kind."""
    told = takeover(NEW_GAUGE)
    assert told is not None and told.new == {"32xy"} and "diamet" in told.measures
    told = takeover(NEW_METER)
    assert told is not None and told.new == {"913"} and "ph" in told.measures
    told = takeover(NEW_TESTER)
    assert told is not None and told.new == {"fd-400"} and told.old[0] == "Krauss"
    assert takeover("Fibre diameter is trended hourly on the tower 1 chart.") is None


def test_the_old_device_of_the_same_measurement_is_retired() -> None:
    """An offset, a bench meter: each names the old device by its code only, and says a
    word of what the new one now measures."""
    assert old_devices(NEW_GAUGE, GAUGE) == {"dg-2"}
    assert retired_device(NEW_GAUGE, GAUGE)
    assert retired_device(NEW_METER, BENCH_METER)


def test_the_old_device_named_by_its_maker_is_found_by_its_code() -> None:
    """ "The old Krauss friction tester" names the tester that held lessons call KM-2: a held
    text writing "Krauss KM-2" gives its code, and its lessons go, codes and all."""
    told = takeover(NEW_TESTER)
    assert told is not None
    known = frozenset(aliases(told, [TESTER_NAMED, GAUGE]))
    assert known == {"km-2"}
    assert retired_device(NEW_TESTER, TESTER, known)
    assert retired_device(NEW_TESTER, TESTER_NAMED, known)
    assert not retired_device(NEW_TESTER, TESTER)  # no maker's code known: nothing to tie


def test_the_measured_thing_another_device_and_the_new_device_stay() -> None:
    """A lesson with no device code (the diameter's own spec), one on another device that
    measures something else, one on the new device itself: none is the old device's."""
    assert not retired_device(NEW_GAUGE, "Fibre diameter must stay within 125 ± 0.7 µm.")
    assert not retired_device(NEW_GAUGE, "The TG-5 tension gauge reads 3 g low; add 3 g.")
    assert not retired_device(NEW_GAUGE, "The ODAC 32XY diameter reading lags 2 s behind.")
    assert not retired_device(NEW_METER, "HW-300 pH spec is 9.6-10.4 for lot L-24.")


def test_the_writer_retires_the_old_devices_lessons(hooks: MemoryHooks) -> None:
    """Through the writer, on real files: the tester's correction, sharing no word with
    the draft, is found by its code and replaced; the gauge's offset, of another
    measurement's device, stays live."""
    named = lesson(hooks, TESTER_NAMED, "brake-lab")
    offset = lesson(hooks, TESTER, "brake-lab")
    gauge = lesson(hooks, GAUGE, "brake-lab")
    new = lesson(hooks, NEW_TESTER, "brake-lab")
    written = {m.id: m for m in hooks.store.list(Filters(user_id="tester"))}
    assert {named, offset} <= set(written[new].supersedes)
    assert gauge not in written[new].supersedes
