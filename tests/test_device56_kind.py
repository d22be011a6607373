"""A measuring device replaced, told in the forms device53 did not read: "<reading> now
uses the <new device>", and a new device of the old one's kind ("<code> <word> <kind>")
with the old way said gone ("no ... any more", "no longer"). The old device's lessons go,
found by what the new device measures or by held texts writing the old code beside the same
kind; another line's device, and a device of another kind, stay (`agentmem.core.device`)."""

from __future__ import annotations

from agentmem import MemoryHooks
from agentmem.core.device import aliases, named, retired_device, takeover, units
from agentmem.stores.base import Filters
from tests.conftest import lesson

OLD_ANALYSER = (
    "RX-40 moisture analyser: dry the pan for 5 minutes before the first sample, or the"
    " first two readings come out high."
)
OLD_HOSE = "Keep the RX-40 inlet hose under 2 m; a longer hose lets fines settle out."
OTHER_KIND = "TG-5 torque tester: zero it with the arm off before each batch."
NEW_ANALYSER = (
    "The MX-7 moisture analysers self-zero at power-up and log straight to the QA database;"
    " there is no pan drying step any more."
)
OLD_METER = "The kiln 2 Vaisala HM40 reads about 2 % RH high; subtract 2 from its readings."
NEW_METER = "Kiln 2 humidity checks now use the Testo 605i probe; no offset, zero it weekly."


def test_now_use_is_a_takeover() -> None:
    """ "<reading> now use(s) the <device>" tells the new device as "now measured on" does:
    the old meter's offset, of the same kiln, is retired."""
    told = takeover(NEW_METER)
    assert told is not None and told.new == {"605i"} and "kiln" in told.measures
    assert retired_device(NEW_METER, OLD_METER)
    # what is used must be a device: a parser or a label set is no meter
    assert takeover("Transfer code now uses the shared XL7 time parser.") is None
    assert takeover("Nightly import now uses the shared utf8 reader; all rows matched.") is None


def test_a_new_device_of_the_old_ones_kind_with_the_old_way_gone() -> None:
    """ "MX-7 moisture analysers … no pan drying step any more": the kind ("moisture
    analyser") names the old device in held texts ("RX-40 moisture analyser"), whose every
    lesson goes, the hose lesson naming no kind too; a device of another kind stays."""
    assert named(OLD_ANALYSER) == {"rx-40": ("moistur", "analys")}
    told = takeover(NEW_ANALYSER)
    assert told is not None and told.new == {"mx-7"}
    known = aliases(told, [OLD_ANALYSER, OLD_HOSE, OTHER_KIND])
    assert known == {"rx-40"}
    assert retired_device(NEW_ANALYSER, OLD_ANALYSER, known)
    assert retired_device(NEW_ANALYSER, OLD_HOSE, known)
    assert not retired_device(NEW_ANALYSER, OTHER_KIND, known)
    # without the old way said gone, a second analyser may be one more in use
    assert takeover("The MX-7 moisture analysers log straight to the QA database.") is None
    # nor when the old way gone is another sentence's
    assert takeover("The MX-7 moisture analysers log data. Paper forms are no longer used.") is None


def test_another_lines_device_stays() -> None:
    """Two instruments in use on two units: the new one of kiln 2 leaves kiln 1's."""
    assert units(NEW_METER) == {"kiln 2"}
    other = "The kiln 1 Vaisala HM40 reads about 2 % RH high; subtract 2 from its readings."
    assert not retired_device(NEW_METER, other)


def test_the_writer_retires_the_old_kinds_lessons(hooks: MemoryHooks) -> None:
    """Through the writer: the hose lesson shares no word with the draft and names no kind;
    the kind's lookup finds the old code beside "moisture analyser" and both go."""
    first = lesson(hooks, OLD_ANALYSER, "qa-lab")
    hose = lesson(hooks, OLD_HOSE, "qa-lab")
    other = lesson(hooks, OTHER_KIND, "qa-lab")
    new = lesson(hooks, NEW_ANALYSER, "qa-lab")
    written = {m.id: m for m in hooks.store.list(Filters(user_id="tester"))}
    assert {first, hose} <= set(written[new].supersedes)
    assert other not in written[new].supersedes
