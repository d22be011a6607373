"""A supplier or tool swapped, or a task's reach widened, told after a label or a commit's
scope with no change word (`agentmem.core.headed`, `agentmem.core.widened`), and a value
given anew in a commit subject that leaves its subject to its scope: the held lesson is
replaced; another instance, a supplier beside the old one, or a value beside a per-part
rule replace nothing."""

from __future__ import annotations

from agentmem.core.headed import commit_swapped, label_swapped, moved_to_name
from agentmem.core.readdressed import moved_host
from agentmem.core.verdict import Held, judge
from agentmem.core.widened import widened

REPAIRS = (
    "Kiln repairs are ordered from Brightwell by phone (01632 960 111) with the kiln's "
    "serial; they come out within 5 working days."
)
DRYING = (
    "The tile dryer reads humidity from the Humitek sensor box (humi.studio.lan, one reading "
    "a minute); the dryer fan is set per batch."
)
LABELS = (
    "Packers confirm a parcel by scanning the barcode on the shipping label with the "
    "Parcelo handheld app; the order turns 'packed' on the scan."
)
GLAZE = "Glaze is ordered from Claymore Supplies by fax and takes 6 days to arrive."
BACKUPS = "Kiln logs are archived per kiln on the file server: each kiln's logs are a folder."
ALERTS = "Kiln alarms are texted from sender number 40112 through Beepline; replies go to Beepline."


def replaced(draft: str, held: str, kind: str = "semantic") -> bool:
    return judge(draft, [Held("held-1", held, kind)], kind).replaces == ["held-1"]


def test_a_label_then_a_new_supplier_replaces_the_held_supplier() -> None:
    """ "Kiln repairs: Fornax Ltd through their service desk" after "kiln repairs are
    ordered from Brightwell": the label is the held subject, the new name opens the body."""
    draft = "Kiln repairs: Fornax Ltd through their service desk, answer within 2 working days."
    assert label_swapped(draft, REPAIRS)
    assert replaced(draft, REPAIRS)


def test_a_label_of_another_thing_or_a_supplier_beside_replaces_nothing() -> None:
    """Another subject in the label, the old supplier named again, or a second supplier
    beside the first ("also", "only") is no swap."""
    assert not replaced("Gas kiln repairs: Fornax Ltd through their service desk.", REPAIRS)
    assert not label_swapped("Kiln repairs: Brightwell takes email too.", REPAIRS)
    assert not replaced("Kiln repairs: Fornax Ltd also quote, as a fallback.", REPAIRS)
    assert not replaced("Kiln repairs: Brightwell by phone, within 5 working days.", REPAIRS)


def test_a_commit_subject_that_swaps_the_tool_and_removes_the_old_way_replaces() -> None:
    """ "dryer: read humidity from Airsense (…); retire the old sensor box" and "feat(pack)!:
    … with Shipdock; barcode label flow deleted": the commit's mood is the news."""
    draft = "dryer: read tile dryer humidity from Airsense (air.studio.lan); retire the old box"
    assert commit_swapped(draft, DRYING)
    assert replaced(draft, DRYING, "procedural")
    draft = (
        "feat(pack)!: a parcel is confirmed by tapping its NFC tag with Shipdock; "
        "barcode label flow deleted"
    )
    assert commit_swapped(draft, LABELS)
    assert replaced(draft, LABELS)


def test_a_commit_subject_with_no_removal_or_beside_the_old_tool_replaces_nothing() -> None:
    """A commit that adds a tool and removes nothing, or keeps the old as a fallback,
    tells a second way, not a new one."""
    assert not commit_swapped("dryer: read tile dryer humidity from Airsense too", DRYING)
    assert not commit_swapped(
        "dryer: read tile dryer humidity from Airsense; keep the sensor box as fallback", DRYING
    )
    assert not replaced("dryer: add a humidity chart to the dryer page", DRYING)


def test_a_thing_said_to_have_moved_to_a_new_supplier_replaces_the_held_one() -> None:
    """ "Glaze ordering moved to Fornax Supply: …" after "glaze is ordered from Claymore":
    the thing, in the held text's words, goes to the new name now."""
    draft = "Glaze ordering moved to Fornax Supply: orders go through their web shop."
    assert moved_to_name(draft, GLAZE)
    assert replaced(draft, GLAZE)
    assert not moved_to_name("Clay ordering moved to Fornax Supply.", GLAZE)
    assert not moved_to_name("Glaze ordering moved to Claymore Supplies' web shop.", GLAZE)


def test_a_task_done_across_all_the_parts_replaces_the_per_part_lesson() -> None:
    """ "logs: archive kiln logs globally across all kilns" after "archived per kiln"."""
    draft = "logs: archive kiln logs across all kilns in one folder on the file server"
    assert widened(draft, BACKUPS)
    assert replaced(draft, BACKUPS, "procedural")


def test_a_whole_rule_beside_the_per_part_one_replaces_nothing() -> None:
    """A limit for the whole beside the per-part one, a per-part rule kept, or another task
    is no widening."""
    held = "Glaze orders are capped per customer at 20 kg a week."
    assert not widened("Glaze orders across all customers are capped at 400 kg a week.", held)
    assert not widened("Kiln logs are still archived per kiln, and across all kilns too.", BACKUPS)
    assert not widened("Alarms are muted across all kilns on Sundays.", BACKUPS)


def test_a_commit_subject_gives_a_new_value_of_its_scope() -> None:
    """ "alerts(sms): sender number is 40877 …" after "kiln alarms are texted from sender
    number 40112": the scope stands for the subject a commit leaves out."""
    draft = (
        "alerts(sms): sender number is 40877 (dedicated code from Beepline); update replies copy"
    )
    assert replaced(draft, ALERTS, "procedural")
    assert not replaced("Sender number 40877 is the glaze shop's own line.", ALERTS)


def test_scrapping_a_dated_rule_withdraws_the_lesson_that_stated_it() -> None:
    """ "Scrap the brand rule from 10 Mar: …" withdraws the lesson written that day about
    brands; "scrap the old wine racks" is advice about a thing, no rule withdrawn."""
    held = Held(
        "held-1",
        "Diners refuse cross-brand wine swaps; always offer a same-brand bottle of another "
        "vintage first.",
        "semantic",
        written="2027-03-10-run-022 2027-03-10T12:00:00+00:00",
    )
    draft = (
        "Scrap the brand rule from 10 Mar: a month of table notes shows diners refuse on price "
        "per glass going up, not on brand. Offer the closest price per glass."
    )
    assert judge(draft, [held], "semantic").replaces == ["held-1"]
    assert judge("Scrap the old wine racks: they chip bottles.", [held], "semantic").replaces == []


def test_a_thing_moved_to_a_host_with_the_old_place_gone_is_moved() -> None:
    """ "The kiln feed poller moved to feed.kilns.example when the old gateway shut" after
    "kiln readings come through gw1.kilns.lan": named by two held words, the old place
    gone. Without "old", a thing whose head word the held text lacks is not moved."""
    held = "Kiln readings come from the vendor's feed, pulled through gw1.kilns.lan every minute."
    draft = "The kiln feed poller moved to feed.kilns.example when the vendor shut its old gateway."
    assert moved_host(draft, held)
    assert not moved_host("The kiln feed poller moved to feed.kilns.example.", held)


def test_a_commit_subject_that_keeps_the_held_thing_as_it_is_replaces_nothing() -> None:
    """ "feat(firing): default firing = 8 hours; stoneware kilns keep their own schedule"
    gives the default anew, and no new value of the stoneware kilns' own 11 hours."""
    draft = "feat(firing): default firing = 8 hours (ticket KF-3); stoneware kilns keep their own"
    held_default = "Kilns fire for 6 hours by default; that is the firing time on the sheet."
    held_own = "Stoneware kilns fire for 11 hours on their own schedule; it overrides the default."
    assert replaced(draft, held_default)
    assert not replaced(draft, held_own)
