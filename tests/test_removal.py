"""What a text says is gone (`agentmem.core.removal`), read by one reader of the cues in
two ways, each pinned in one table:

- read time (`removed`, `mentions`): a run record written before a lesson that says a thing
  was removed, still naming it, leaves packs; a record about another thing that shares a
  word stays, and so does a failure on it (its cause is worth reading);
- write time (`withdrawn_names`, `withdrawn_by_name`): a lesson saying a named thing (a
  rule's code, a host, a vendor, a tool at a release, a command) is withdrawn, retired,
  replaced or no longer used retires the held lessons whose claim rests on that thing,
  however else they are worded. Against false merges: a condition or a plan withdraws
  nothing, a name in a phrase after a preposition is not what was withdrawn, another
  release of the same tool stays, and a held lesson that tells of the withdrawal itself,
  or of what replaced the thing, stays.
"""

from __future__ import annotations

import pytest

from agentmem import MemoryHooks
from agentmem.core.removal import mentions, removed
from agentmem.core.verdict import Held, judge
from agentmem.core.withdrawnname import withdrawn_by_name, withdrawn_names
from tests.conftest import ManualClock
from tests.test_loop_replacements import run

TAGS = ["export"]


def names(text: str) -> set[str]:
    """The names withdrawn, a weak one (a capital that may be only the sentence's) with "?"."""
    return {f"{n.word} {n.release}".strip() + "?" * n.weak for n in withdrawn_names(text)}


@pytest.mark.parametrize(
    ("text", "read", "write"),
    [
        # a name: code, a flag, an identifier, a hyphenated name, letters and digits
        ("The --full flag was removed in 3.0; pass --since instead.", {"--full"}, {"--full"}),
        (
            "We deleted legacy_export.py; exports run through the API.",
            {"legacy_export.py"},
            {"legacy_export.py"},
        ),
        ("The A100 nodes are gone: jobs schedule on the H100 pool.", {"a100"}, {"a100"}),
        (
            "`tarnctl push` was switched off; releases go out through the portal.",
            set(),
            {"tarnctl push"},
        ),
        # a word of letters and digits inside a hyphenated name is that name, not one more
        (
            "The old vault-old01 box has been decommissioned.",
            {"vault-old01"},
            {"vault-old01"},
        ),
        (
            "The staging host stg-box2 is gone; runs get a namespace each.",
            {"stg-box2"},
            {"stg-box2"},
        ),
        # a comma no "and" follows closes what was withdrawn: a clause of its own begins
        (
            "Retired the orders-v1 endpoint, clients call orders-v2.",
            {"orders-v1"},
            {"orders-v1"},
        ),
        (
            "Retired the Hopper queue, Lattice takes every print job.",
            {"hopper queue"},
            {"hopper"},
        ),
        # write time: a code, a capitalised word, a name with its release, the object of
        # an active verb (not the thing that stays: "replaced by")
        (
            "Rule QX-12 is withdrawn; its replacement QX-20 scales the gap by load.",
            set(),
            {"qx-12"},
        ),
        (
            "The Borealis archive host is no longer used; snapshots go to Zephyr now.",
            set(),
            {"borealis"},
        ),
        (
            "We migrated the team wiki from Quillpad to Nimbus Docs over the weekend.",
            set(),
            {"quillpad"},
        ),
        ("Fernlang 3.1 is no longer supported by the build farm.", set(), {"fernlang 3.1"}),
        ("Grindle replaces PlotterKit for the weekly charts.", set(), {"plotterkit"}),
        ("Quillpad was replaced by Nimbus Docs in May.", set(), {"quillpad?"}),
        # read time: failing a name, the phrase of two words or more next to the cue
        ("The nightly export job no longer exists.", {"nightly export job"}, set()),
        ("The old file feed is retired.", {"file feed"}, set()),
        ("The nightly export job is now retired.", {"nightly export job"}, set()),
        # a deprecated thing still works; one plain word names nothing on its own; a
        # participle inside a clause removes nothing
        ("The orders-v1 endpoint is deprecated.", set(), set()),
        ("The old export is deprecated but still works.", set(), set()),
        ("The cluster was removed.", set(), set()),
        ("The parser dropped an hour of stock deltas.", set(), set()),
        ("Bump the export timeout to 30 s.", set(), set()),
        # a condition, a plan, or a name after a preposition: nothing withdrawn (a capital
        # opening the sentence is only a name where the held lesson writes it as one)
        ("If QX-12 is withdrawn, every crate has to be measured again.", set(), set()),
        ("Quillpad will be retired next quarter.", set(), set()),
        (
            "Parcels without barcode labels are now rejected by the depot scanner.",
            set(),
            {"parcels?"},
        ),
        # what the cue's own clause names, not a name in the clause before it; an
        # alternative ("instead of"), a kind of thing ("an API key"), a measure
        ("Scenes must use relay-b.example now that the old relay is switched off.", set(), set()),
        ("Sign the uploads with a key file instead of the VAULTX token.", set(), set()),
        ("We moved from a 28-day to a 14-day window for the baseline.", set(), set()),
        ("Uploads replaced an API key with client certificates.", set(), set()),
        # an action on a thing withdraws the action, not the thing
        ("Rebooting the QX-9 rig between runs is no longer needed.", set(), set()),
        # the place a removed thing was in (after "in", "of", "from") is not what was
        # removed: taken for the thing, every record naming the repo was left out
        (
            "The nightly export job in the ops-tools repo was removed.",
            {"nightly export job"},
            set(),
        ),
        ("The --full flag in deploy.sh was removed.", {"--full"}, {"--full"}),
        ("The cache of the orders-api was removed.", set(), set()),
        (
            "We deleted legacy_export.py from the tools repo.",
            {"legacy_export.py"},
            {"legacy_export.py"},
        ),
        (
            "The price CSV in config-repo is retired; prices come from the API.",
            {"price csv"},
            {"csv"},
        ),
    ],
)
def test_what_a_text_says_is_gone(text: str, read: set[str], write: set[str]) -> None:
    """Read time (`removed`): what names one thing next to a removal cue, else a phrase of
    two words or more. Write time (`withdrawn_names`): the subject of a passive withdrawal
    or the object of an active one, when it is a name: a code, a capitalised word, a name
    with its release, a command."""
    assert removed(text) == read
    assert names(text) == write


@pytest.mark.parametrize(
    ("record", "thing", "named"),
    [
        ("Prices added to store_prices.csv for 14 regions.", "price csv", True),
        ("Ran nightly_export_job.py by hand.", "nightly export job", True),
        ("Prices added, then the CSV was checked.", "price csv", False),
        ("Passed --full-sync to the exporter.", "--full", False),
        ("The deploy ran with --full.", "--full", True),
    ],
)
def test_a_phrase_is_named_by_its_words_in_a_row_also_inside_an_identifier(
    record: str, thing: str, named: bool
) -> None:
    """'the price CSV was retired' is named by a record that edited store_prices.csv (it
    was matched as written, so that record stayed in packs, stale)."""
    assert mentions(record, thing) is named


QX12 = "Rule QX-12 is withdrawn; its replacement QX-20 scales the gap by load."
BOREALIS = "The Borealis archive host is no longer used; snapshots go to Zephyr now."


@pytest.mark.parametrize(
    ("draft", "held", "replaced"),
    [
        # the held lesson names the withdrawn thing and shares few other words with it
        (
            QX12,
            "Pallet lanes also need the 40 cm gap under QX-12; move the rack, never the rule.",
            True,
        ),
        (
            BOREALIS,
            "Nightly snapshots land on borealis-arc02 under /snap/<day>/; copy them with rsync.",
            True,
        ),
        (
            "We migrated the team wiki from Quillpad to Nimbus Docs over the weekend.",
            "Runbooks are edited in Quillpad under Ops; ask Lena for write access.",
            True,
        ),
        (
            "Fernlang 3.1 is no longer supported by the build farm.",
            "Parser builds pin Fernlang 3.1 because its lexer keeps line offsets.",
            True,
        ),
        # the held lesson tells of the withdrawal itself
        (QX12, "QX-12 was retired in March; crates follow the load-based gap.", False),
        # the held lesson already tells the change, naming what took the thing's place
        (BOREALIS, "Snapshots now go to Zephyr first and Borealis keeps a copy for a week.", False),
        # a capital that only opens the sentence names nothing the held lesson names
        (
            "Stamping is no longer needed for internal letters.",
            "Run stamping before every mailing over 500 letters.",
            False,
        ),
        # another thing whose name the withdrawn one only begins (a code is read whole)
        (QX12, "Rule QX-120 sets the aisle width for forklifts at 3 m.", False),
    ],
)
def test_a_lesson_resting_on_a_withdrawn_name_is_replaced_and_no_other(
    draft: str, held: str, replaced: bool
) -> None:
    """The name links the two, and the judge replaces the held lesson; not one on another
    thing or on the change itself (see the module docstring)."""
    assert withdrawn_by_name(draft, held) is replaced
    found = judge(draft, [Held("old", held, "semantic")], "semantic").replaces
    assert found == (["old"] if replaced else [])


def test_another_release_or_an_opening_capital_is_not_the_name_withdrawn() -> None:
    """A tool at another release is not the release withdrawn; a capital that only opens
    the draft's sentence names a thing only where the held lesson writes it inside one."""
    draft = "Fernlang 3.1 is no longer supported by the build farm."
    assert not withdrawn_by_name(draft, "Fernlang 3.4 builds need 8 GB of memory on the farm.")
    gone = "Grindle was removed from the chart jobs."
    assert withdrawn_by_name(gone, "Weekly charts render with Grindle at 300 dpi.")
    assert not withdrawn_by_name(gone, "Grindle the coffee beans before the tasting.")
    assert not withdrawn_by_name("Photos without GPS tags are now rejected.", "Keep GPS in photos.")


def test_a_principle_or_a_pattern_is_not_withdrawn_by_name() -> None:
    """A principle is never replaced, and a lesson does not replace a pattern across runs."""
    held = "Every crate needs the 40 cm gap of QX-12 before it ships."
    assert judge(QX12, [Held("p", held, "principle")], "semantic").replaces == []
    assert judge(QX12, [Held("r", held, "reflective")], "semantic").replaces == []


def test_the_writer_finds_lessons_on_the_withdrawn_name_beyond_the_drafts_words(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """Two lessons resting on a rule, written days apart and sharing no words with the
    withdrawal but the rule's code, are both replaced by it; a lesson on another rule stays."""
    hooks = clocked_hooks
    tags = ["racks"]
    [_, first] = run(hooks, "2026-03-02-r1", "Rack plan", "Plan ok.", tags,
                     ("Warehouse rule QX-12 says pallet lanes keep 40 cm from the wall.",))  # fmt: skip
    clock.advance(days=2)
    [_, second] = run(hooks, "2026-03-04-r2", "Mezzanine racks", "Moved a rack.", tags,
                      ("The 40 cm wall gap of QX-12 applies on the mezzanine as well.",))  # fmt: skip
    [_, other] = run(hooks, "2026-03-04-r3", "Aisles", "Aisles ok.", tags,
                     ("Forklift drivers book the charging bay through the QX-7 board before each shift.",))  # fmt: skip
    clock.advance(days=5)
    [_, news] = run(hooks, "2026-03-09-r4", "Rule update", "Updated the checker.", tags,
                    ("QX-12 is withdrawn. Its successor QX-20 scales clearance by load class.",))  # fmt: skip
    assert set(hooks.store.get(news).supersedes) == {first, second}
    assert other not in hooks.store.get(news).supersedes


def removal(hooks: MemoryHooks, clock: ManualClock) -> None:
    """Three days on, a run's lesson says the script was deleted."""
    clock.advance(days=3)
    run(hooks, "2026-10-08-r9", "Clean up the reports repo", "Cleanup merged.", TAGS,
        ("We deleted legacy_export.py: the monthly finance export runs through the export API.",))  # fmt: skip
    clock.advance(days=1)


GOAL = {
    "title": "Monthly finance export of the orders",
    "app_id": "console-cert",
    "tags": ["export"],
}


def packed(hooks: MemoryHooks) -> list[str]:
    pack = hooks.pre_spawn_pack(goal=GOAL).pack
    assert pack is not None
    return [e.id for e in pack.entries]


def test_a_success_that_used_a_removed_file_leaves_packs(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """A success record that ran legacy_export.py, written before a lesson says the
    script was deleted, no longer reaches a pack for the same work; the lesson does."""
    hooks = clocked_hooks
    [old] = run(
        hooks, "2026-10-05-r1", GOAL["title"], "Ran scripts/legacy_export.py; 12k rows.", TAGS
    )
    removal(hooks, clock)
    ids = packed(hooks)
    assert old not in ids
    assert any("deleted legacy_export.py" in hooks.store.get(i).text for i in ids)


def test_a_record_that_shares_a_word_or_failed_on_it_stays(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """Against false removals: a success about the export API (sharing "export", "legacy",
    "finance" with the removal, not the script's name) stays in the pack, and so does a
    failure that named the script: its cause is worth reading."""
    hooks = clocked_hooks
    [other] = run(hooks, "2026-10-05-r1", GOAL["title"],
                  "Exported the legacy orders through the finance export API; 12k rows.", TAGS)  # fmt: skip
    [failed] = run(hooks, "2026-10-05-r2", "Monthly finance export of the returns",
                   "Export timed out.", TAGS, failed="legacy_export.py: killed after 30 min")  # fmt: skip
    removal(hooks, clock)
    ids = packed(hooks)
    assert other in ids
    assert failed in ids


@pytest.mark.parametrize(
    ("draft", "held", "replaced"),
    [
        # a thing left told forward: "no longer on X", ending its clause
        (
            "We are no longer on Kestrelpay. Kiosk voids now go through the Brightcoin console.",
            "Kiosk top-ups settle through Kestrelpay merchant 4411; voids go via its console.",
            True,
        ),
        # ... unless what follows narrows what it was left for: it still serves the rest
        (
            "We are no longer using Kestrelpay for refunds; those go through Brightcoin.",
            "Kiosk top-ups settle through Kestrelpay merchant 4411; voids go via its console.",
            False,
        ),
        # "no longer <does a thing> from X.": X is no longer where it comes from
        (
            "Since the audit the ledger no longer syncs invoices from Quarrybooks.",
            "Invoices are synced nightly from Quarrybooks into the ledger's staging table.",
            True,
        ),
        (
            "The ledger no longer syncs invoices from Quarrybooks on weekends.",
            "Invoices are synced nightly from Quarrybooks into the ledger's staging table.",
            False,
        ),
        # a removal set in motion retires the lesson resting on the thing
        (
            "Decision: parcel tracking reads from Ternway now; the Quillpost feed is "
            "scheduled for removal, so add nothing on it.",
            "Parcel tracking polls the Quillpost feed every 10 minutes for status updates.",
            True,
        ),
        # two names told as one pair: each is gone
        (
            "The sorter/weigher pair is gone, use the Tallyline scanner for parcel intake.",
            "Parcel intake runs the sorter at bay 3 and logs weights in the intake sheet.",
            True,
        ),
    ],
)
def test_a_thing_left_or_a_pair_gone_retires_the_lesson_resting_on_it(
    draft: str, held: str, replaced: bool
) -> None:
    """ "No longer on X." leaves X (not when a qualifier follows: "for refunds" keeps X for
    the rest), and "X/Y is gone" is each of X and Y gone: the lesson naming X is replaced."""
    assert withdrawn_by_name(draft, held) is replaced
