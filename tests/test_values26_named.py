"""A person or a named thing as the value that changed (`agentmem.core.namedslot`): a later
lesson that names another holder of a role, or another tool, product, edition or format
for the same thing, told as news, replaces the held lesson; another thing's holder, a
second tool beside the first, a person named without the role, or a value said to stay
replace nothing."""

from __future__ import annotations

import pytest

from agentmem.core.namedslot import named_anew, names
from agentmem.core.verdict import Held, judge


def replaced(draft: str, held: str) -> bool:
    return judge(draft, [Held("held-1", held, "semantic")], "semantic").replaces == ["held-1"]


REPLACED = [
    # an owner handed on, by handle, with an arrow and the post's initials
    (
        "Glaze recipe changes that fail the kiln check go to Dr. Ada Lind, the studio lead.",
        "chore(owners): glaze recipe checks -> @bmoss (Ben Moss, SL from May 3)",
    ),
    # the same role in the same words beside each person, told as a decision
    (
        "Kiln loads over 40 kg go to Rui Costa (senior potter) for review before firing.",
        "Decision (2031-05-02): the kiln load review queue is owned by Eva Holm (senior potter).",
    ),
    # a tool moved to another, the old one's links said to be dead
    (
        "Studio photos go to buyers through Snapbox (album SPRING-CLAY) as 2000 px JPEG.",
        "Studio photo delivery moved to Pixlane (album SPR-C) at the buyers' request; the old "
        "album links are dead.",
    ),
    # a format switched, the old one dropped
    (
        "The gallery's catalogue deliverable is FlatText (.txt), one file per room.",
        "catalogue-export: switch gallery deliverable to RichCat (RCF) per gallery spec 2; .txt "
        "path dropped",
    ),
    # a supplier whose contract ended, another named in a clause of its own
    (
        "Clay assays are pulled from Minerva via the assay-gw service, with a 7-day cache.",
        "assay-gw calls Quartzo these days; the Minerva contract ended in May.",
    ),
    # a box retired, the job triggered from a named pipeline
    (
        "Kiln schedule builds are started from the admin box kiln-adm01 with a nightly script.",
        "kiln-adm01 decommissioned; kiln schedule builds are triggered from the BuildYard "
        "pipeline on demand.",
    ),
    # an edition in force, loaded from another file
    (
        "glaze-checker loads the Oxide 2030 Basic Edition (oxide_2030_basic.json) at startup.",
        "The oxide table in force is Oxide 2030 Revision 2; the glaze-checker loads "
        "oxide_2030_rev2.json.",
    ),
]


@pytest.mark.parametrize(("held", "draft"), REPLACED)
def test_another_name_in_the_slot_told_as_news_replaces(held: str, draft: str) -> None:
    """A new holder, tool, format, file or edition where the held lesson named another, of
    the same subject and told as news, replaces the held lesson."""
    assert named_anew(draft, held)
    assert replaced(draft, held)


KEPT = [
    # another queue, owned by another person
    (
        "The glaze refund queue is owned by Omar Vidal.",
        "Decision: the clay order queue is now owned by Dana Ruiz.",
    ),
    # a second tool beside the first
    (
        "Studio photos go to buyers through Snapbox (album SPRING-CLAY).",
        "Studio photos now also go to buyers through Pixlane for the autumn fair.",
    ),
    # another thing's feed, said to stay as it is
    (
        "Clay assay results from Minerva come in as CSV on the lab's SFTP host.",
        "Water assay results from Aquaro still arrive by SFTP drop and stay out of the migration.",
    ),
    # another side of the subject moved to a new tool (where alarms page, not when they fire)
    (
        "Kiln alarms fire when the kiln tops 1300 C for 5 minutes (rule KA-2); the checker "
        "keeps its state in Valkey keyed by kiln id.",
        "Weekly notes: paging moved from Beeper to Pagely: kiln alarms go to the Pagely team "
        "kiln-ops; the Beeper service is retired.",
    ),
    # a name near a word of change that is not said of it
    (
        "Glaze CLI builds are signed with the Studio Key, then checked with `glazecheck`.",
        "GR-7: Stamps instead of signatures: every artifact (glazes, CLI builds) is stamped by "
        "Stampit in the build job.",
    ),
    # a person named without the role, and nothing said to change
    (
        "Kiln loads over 40 kg go to Rui Costa (senior potter) for review before firing.",
        "Eva Holm fired the kiln loads for the spring fair without a crack.",
    ),
]


@pytest.mark.parametrize(("held", "draft"), KEPT)
def test_a_look_alike_or_a_second_name_replaces_nothing(held: str, draft: str) -> None:
    """Another thing's holder, a tool used beside the first, a feed said to stay, or a
    person mentioned outside the role is no new value of the held lesson's slot."""
    assert not named_anew(draft, held)


def test_names_reads_people_and_named_things_not_a_sentence_opening() -> None:
    """A person by title or full name, a handle, a CamelCase or capitals name, a file: each
    a name; a capital that only opens a sentence, none."""
    found = {(n.name, n.person) for n in names("Photos moved to PixLane; ask Dr. Ada Lind.")}
    assert ("pixlane", False) in found and ("ada lind", True) in found
    assert ("photos", False) not in found
    assert ("glazes_2030.json", False) in {
        (n.name, n.person) for n in names("It loads glazes_2030.json at startup.")
    }


def test_a_queue_of_another_kind_handed_to_someone_leaves_the_held_owner() -> None:
    """ "The parts return queue is now owned by Ken" hands on another queue than "the tool
    repair queue is owned by Lia": each names the shared word with words of its own."""
    from agentmem.core.handover import handed_over

    held = "The tool repair queue is owned by Lia Moss."
    assert not handed_over("Decision: the parts return queue is now owned by Ken Ito.", held)
    assert handed_over("Decision: the tool repair queue is now owned by Ken Ito.", held)
    assert handed_over(
        "The repair queue is now owned by Ken Ito.", "Lia Moss owns the repair queue."
    )
