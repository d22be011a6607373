"""A measuring device replaced, told in forms device53-58 did not read: "<what> <kind> is now
the <new>" with the old correction gone, "<what> now <done> on <new>" (any verb of doing)
with the old correction gone, and "<new> <kind>: … no <step> needed" (a device of the old
one's kind with the old step said gone). A press is a kind of device ("cube press"), a code
written before its kind's readings ("Z010 ILD readings") is the old device's, and "results
from the C46" write the C46 as a device. Another line's device, a product's limit and a
device of another kind stay (`agentmem.core.device`)."""

from __future__ import annotations

from agentmem import MemoryHooks
from agentmem.core.device import (
    aliases,
    named,
    retired_device,
    takeover,
)
from agentmem.core.devicerun import commissioned, of_the_reading
from agentmem.stores.base import Filters
from tests.conftest import lesson

NEW_TESTER = (
    "The ILD tester is now the Instron 68SC-5; LIMS takes its Bluehill JSON export over the"
    " lab LAN and the force is used as read, nothing subtracted."
)
OLD_TESTER = (
    "The Z010 hardness tester writes its CSV to COM3; the LIMS importer polls it every 5 min."
)
OLD_READINGS = "Zwick Z010 ILD readings carry a 2.5 N zero offset - subtract it before the spec."
OTHER_TESTER = "The TG-5 torque tester writes its CSV to COM4; zero it with the arm off."

NEW_PRESS = (
    "Cubes are now crushed on the Form+Test Alpha 3000; results go to LIMS over OPC UA, used"
    " as measured, no correction."
)
OLD_PRESS = (
    "The C46 cube press reads about 1.5 MPa low; add +1.5 MPa to every result before"
    " comparing with release strength."
)
OLD_TYPING = "Cube results from the C46 are typed into LIMS from the printout before shift end."

NEW_LIGHT = (
    "Photon PX-9 light tester: run the 30 um reference pinhole can at every shift start; no"
    " warm-up needed, it calibrates itself."
)
OLD_LIGHT = (
    "LT-400 light tester: let the photomultiplier warm up 30 min each shift, then run the"
    " 50 um pinhole challenge can."
)


def test_a_kind_is_now_the_new_device() -> None:
    """ "The ILD tester is now the Instron 68SC-5 … used as read": the old tester is the code
    held texts write before the kind's readings ("Z010 ILD readings"), and its lesson that
    calls it a hardness tester goes; another tester stays."""
    told = takeover(NEW_TESTER)
    assert told is not None and told.new == {"68sc-5"} and told.kinds == {("ild", "tester")}
    known = aliases(told, [OLD_READINGS, OLD_TESTER, OTHER_TESTER])
    assert known == {"z010"}
    assert retired_device(NEW_TESTER, OLD_TESTER, known)
    assert not retired_device(NEW_TESTER, OTHER_TESTER, known)
    # without the old correction said gone, "is now the" tells who owns a thing
    assert takeover("The ILD tester is now the Instron 68SC-5 of the lab.") is None


def test_now_done_on_a_new_device_with_the_correction_gone() -> None:
    """ "Cubes are now crushed on the Alpha 3000 … no correction": the C46's correction and
    the typing of "results from the C46" go; a limit of cubes naming no device stays."""
    told = takeover(NEW_PRESS)
    assert told is not None and told.new == {"3000"} and told.measures == {"cube"}
    assert retired_device(NEW_PRESS, OLD_PRESS)
    assert retired_device(NEW_PRESS, OLD_TYPING)
    assert of_the_reading(NEW_PRESS, "Release limits for cube strength: >= 40 MPa on hollowcore.")
    # without the correction gone, a verb of doing on a code is no takeover
    assert takeover("Gate layer now qualified on NXT-06 too; NXT-04 is shared.") is None
    # another line's press stays
    assert not retired_device(
        NEW_PRESS + " Line 2 only.", "The line 1 C46 cube press reads about 1.5 MPa low."
    )


def test_a_press_is_a_kind_of_device() -> None:
    """A cube press is named by its code and kind; a run commissioning a new one is read."""
    assert named(OLD_PRESS) == {"c46": ("cube", "press")}
    told = commissioned("Commission the new cube press: Alpha 3000 installed and calibrated.")
    assert told is not None and told.kinds == {("cube", "press")}


def test_no_step_needed_says_the_old_way_gone() -> None:
    """ "PX-9 light tester: … no warm-up needed": a device of the old one's kind with the old
    step gone; the LT-400's warm-up lesson goes. Without it the PX-9 may be one more."""
    told = takeover(NEW_LIGHT)
    assert told is not None and told.new == {"px-9"} and told.kinds == {("light", "tester")}
    known = aliases(told, [OLD_LIGHT])
    assert known == {"lt-400"}
    assert retired_device(NEW_LIGHT, OLD_LIGHT, known)
    assert takeover("Photon PX-9 light tester: run the 30 um reference pinhole can.") is None


def test_the_writer_retires_the_old_devices_lessons(hooks: MemoryHooks) -> None:
    """Through the writer: the new tester's lesson retires the Z010's, found by the code
    written before the ILD readings; the torque tester stays."""
    readings = lesson(hooks, OLD_READINGS, "qa-lab")
    old = lesson(hooks, OLD_TESTER, "qa-lab")
    other = lesson(hooks, OTHER_TESTER, "qa-lab")
    new = lesson(hooks, NEW_TESTER, "qa-lab")
    written = {m.id: m for m in hooks.store.list(Filters(user_id="tester"))}
    assert old in written[new].supersedes
    assert other not in written[new].supersedes
    assert readings in written
