"""A held "<thing> comes from <source>" lesson told again with another named source."""

from agentmem.core.held import Held, judge
from agentmem.core.sourced import resourced

HELD_ECT = (
    "Edge-crush (ECT) results come from the L&W crush tester in the QA lab: it writes "
    "ect_export.csv to \\\\qalab01\\ect at 23:00 and board-qa parses it the next morning "
    "(semicolon-separated, comma decimals)."
)
NEW_ECT = (
    "Edge-crush results come from the Frank-PTI tester ECT-02 through LIMS "
    "(GET /lims/api/v2/ect?order=<id>), 5 specimens per order, in kN/m; board-qa must not "
    "talk to the tester directly."
)
HELD_CRATERS = (
    "Craters on Line B roofs come from silicone contamination from the new door seals "
    "(Sealtec batch 0912); wipe the seals with IPA before the body enters the booth."
)


def test_a_result_said_to_come_from_another_named_tester_replaces_the_held_source() -> None:
    verdict = judge(NEW_ECT, [Held("old", HELD_ECT, "semantic")], "semantic")
    assert verdict.replaces == ["old"]


def test_a_fault_said_to_come_from_another_cause_replaces_the_held_cause() -> None:
    new = (
        "Roof craters on Line B come from oil carry-over in the booth compressed air when "
        "dryer DR-2's pressure dew point rises; check the DR-2 dew point trend first."
    )
    assert judge(new, [Held("old", HELD_CRATERS, "semantic")], "semantic").replaces == ["old"]


def test_a_reading_said_to_come_from_another_named_gauge_replaces_the_held_source() -> None:
    held = (
        "Bale moisture comes from the Samuel Jackson Moisture Mirror at the lint slide; the gin "
        "PLC exposes it on Modbus register 40112 in tenths of a percent."
    )
    new = (
        "Lint moisture at the press comes from the Vomax 851 over EtherNet/IP (tag "
        "Vomax_LintMC, percent wet basis); calibrate it every Monday against oven-dried samples."
    )
    assert judge(new, [Held("old", held, "semantic")], "semantic").replaces == ["old"]


def test_another_lines_fault_from_another_source_replaces_nothing() -> None:
    new = "Roof craters on Line A come from oil in the compressed air at dryer DR-1."
    assert not resourced(new, HELD_CRATERS)
    assert judge(new, [Held("old", HELD_CRATERS, "semantic")], "semantic").replaces == []


def test_a_source_said_to_be_an_addition_replaces_nothing() -> None:
    new = "Edge-crush results also come from the Frank-PTI tester ECT-02 for rush orders."
    assert not resourced(new, HELD_ECT)


def test_another_reading_from_another_source_replaces_nothing() -> None:
    new = "Burst strength results come from the Frank-PTI tester BST-01 through LIMS."
    assert not resourced(new, HELD_ECT)
    assert judge(new, [Held("old", HELD_ECT, "semantic")], "semantic").replaces == []


def test_the_same_source_told_more_fully_is_no_new_source() -> None:
    new = "Edge-crush results come from the L&W crush tester ECT-01 in the QA lab."
    assert not resourced(new, HELD_ECT)


HELD_GLOSS = (
    "Panel gloss is read on the BYK micro-gloss 60 after the topcoat cures; target 85-90 GU, "
    "below 85 the customer rejects the lot."
)


def test_a_reading_said_to_be_read_on_another_named_meter_replaces_the_held_source() -> None:
    """The frame "<reading> is read on <device>" is a source as "comes from" is: the same
    reading told as read on another named meter, with no change word, replaces the held one."""
    new = "Panel gloss is read on the Rhopoint IQ-20 at a 20 degree angle."
    assert resourced(new, HELD_GLOSS)
    assert judge(new, [Held("old", HELD_GLOSS, "semantic")], "semantic").replaces == ["old"]


def test_a_reading_once_from_a_gauge_now_read_by_another_replaces_it() -> None:
    """One frame may say "comes from" and the other "is read by": one reading, two sources."""
    held = (
        "Press 3 thickness comes from the Ferrax T-40 laser gauge over the outfeed; any work "
        "at the gauge needs a lock-out."
    )
    new = "Press 3 thickness is measured by the Ondrix UT-9 ultrasonic gauge over the outfeed."
    assert resourced(new, held)


def test_another_units_reading_read_on_another_meter_replaces_nothing() -> None:
    """A numbered unit in the subject keeps two units' readings apart in the new frame too."""
    held = "Press 3 thickness comes from the Ferrax T-40 laser gauge over the outfeed."
    new = "Press 4 thickness is measured by the Ondrix UT-9 ultrasonic gauge over the outfeed."
    assert not resourced(new, held)


def test_a_reading_also_read_on_another_meter_replaces_nothing() -> None:
    """A second meter said to read the same thing besides the first is no new source."""
    new = "Panel gloss is also read on the Rhopoint IQ-20 for export lots."
    assert not resourced(new, HELD_GLOSS)


def test_too_of_degree_says_no_second_source() -> None:
    """"too dark" is a degree, not "as well": the new meter still replaces the held one,
    while "too" that adds a meter ("… CM-5 too.") keeps both."""
    held = "Crust colour is read on the Lovibond RT-100 after cooling; under 40 tastes burnt."
    new = "Crust colour is read on the Datacolor DC-9 in L*; below 53 is too dark."
    assert resourced(new, held)
    assert not resourced("Crust colour is read on the Datacolor DC-9 too.", held)
