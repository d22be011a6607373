"""Retractions told in markup or in a record's state: a struck span with no new value after
it, an item marked obsolete or tagged "@deprecated", a record whose status is changed to a
withdrawn state, and a rule judged entered by mistake or never a rule. Each withdraws the
lesson it names, and only that one; a struck value followed by its successor stays a
replacement, and lessons that merely mention a status, a mistake or noise to ignore
retract nothing."""

from __future__ import annotations

import time

import pytest

from agentmem import MemoryHooks
from agentmem.core.retract import retraction
from agentmem.core.struck import struck
from tests.conftest import packed_ids
from tests.test_retract19_shapes import gone

COLD = "Flamingos must be moved into the heated house whenever the air drops below 5 C."
FEED = "Flamingo pellets are soaked for ten minutes before the morning feed."
SHEARS = "Change the cutter blades on mill M2 every 20 crowns, whatever the wear gauge says."


@pytest.mark.parametrize(
    "text",
    [
        "~~Flamingos into the heated house below 5 C~~ <- wrong, the keepers never had a cold rule",
        r"\item \sout{Flamingos into the heated house below 5\,C} --- withdrawn by Alan",
        "<li><del>Flamingos into the heated house below 5 C</del> (the vet says they cope)</li>",
        "<s>Flamingos moved into the heated house below 5 C</s>",
    ],
)
def test_a_struck_claim_withdraws_the_lesson_it_strikes(text: str) -> None:
    """The struck words are the claim withdrawn, whatever the markup strikes them with."""
    said = retraction(text)
    assert said is not None and "heated house" in said[0]
    assert gone(text, COLD, FEED) == [COLD]


@pytest.mark.parametrize(
    "text",
    [
        "~~Tove, studio 2~~ -> Ahmed, studio 1",
        "Night shift buffer: ~~4 h~~ 6 h",
        r"\item Card payments: \sout{Stripe} \textbf{Adyen merchant ZOO\_EU}",
        "~~Flamingos inside below 5 C~~ → inside below 2 C",
    ],
)
def test_a_struck_value_with_its_successor_is_no_retraction(text: str) -> None:
    """A new value right after the struck one replaces it: that is a replacement's shape."""
    assert struck(text) is None
    assert retraction(text) is None


def test_a_record_changed_to_a_withdrawn_state_withdraws_its_title() -> None:
    """An issue tracker's history: the record's quoted title is the claim."""
    text = (
        'ZOO-41 "Move flamingos into the heated house below 5 C"\n'
        "  Status: Active -> Withdrawn\n"
        "  Comment: the vet confirmed they cope with frost"
    )
    said = retraction(text)
    assert said is not None and said[0].startswith("Move flamingos")
    assert gone(text, COLD, FEED) == [COLD]
    for state in ("Won't Do", "Invalid", "Rejected"):
        assert retraction(text.replace("Withdrawn", state)) is not None


@pytest.mark.parametrize(
    "text",
    [
        "- Flamingos into the heated house below 5 C (obsolete)",
        "@deprecated\nScenario: flamingos go into the heated house below 5 C",
    ],
)
def test_an_item_marked_obsolete_or_tagged_deprecated_withdraws_it(text: str) -> None:
    assert gone(text, COLD, FEED) == [COLD]


@pytest.mark.parametrize(
    "text",
    [
        "rule M2-blade-change deleted by rulebot - entered by mistake",
        "The 20-crown blade change on mill M2 was never in the SOP; the mill tracks wear itself.",
        "Speaker notes: the 20-crown blade change rule for mill M2 - scrap it, disregard it.",
        "P.S. Ignore the note about blade changes on mill M2 every 20 crowns - the mill tracks "
        "wear itself.",
    ],
)
def test_a_rule_judged_a_mistake_or_never_a_rule_withdraws_it(text: str) -> None:
    assert retraction(text) is not None
    assert gone(text, SHEARS, FEED) == [SHEARS]


@pytest.mark.parametrize(
    "text",
    [
        "When a booking's status changes to cancelled, refund the deposit the same day.",
        "The dryer on line 2 was set by mistake to 90 C, burning the whole batch.",
        "GFDI alarms on the east array are false; ignore them until firmware 2.4 ships.",
        "Operators skipped the torque step by mistake twice; the checklist now has a box.",
        "Use ~ as the home folder on the build agents; ~/cache holds the wheels.",
        "The yard anemometer only feeds the status board and never the stop rules.",
        "If a render worker hangs for 10 minutes, kill it and requeue the job.",
    ],
)
def test_lessons_that_mention_a_status_a_mistake_or_noise_retract_nothing(text: str) -> None:
    """A lesson telling what to do on a status, an incident's mistake, noise to ignore: no
    retraction, so no held lesson is withdrawn by them."""
    assert struck(text) is None
    assert gone(text, COLD, SHEARS) == []


@pytest.mark.parametrize(
    ("text", "held"),
    [
        # a machine's run coming to "cancelled" is no record of a rule withdrawn
        (
            "The dryer status: running -> cancelled when the door opens; restart it by hand.",
            "The dryer on line 2 must cool down 10 minutes before unloading.",
        ),
        # a rule said never to have been one names its lesson by more than one word
        (
            "The old pallet wrap rule was never in the SOP, so we added it to the handbook "
            "this week: wrap three turns.",
            "Pallets over 800 kg go to the ground-floor racks.",
        ),
        # "(obsolete)" on one word of a lesson marks that word, not the lesson
        (
            "Call the v2 endpoint for captures; the v1 endpoint (obsolete) returns 410.",
            "Refunds go through the v2 endpoint of the payments API.",
        ),
        (
            "Tickets marked @deprecated in Jira are skipped by the importer.",
            "Jira tickets need the triage label before the importer picks them up.",
        ),
    ],
)
def test_a_look_alike_sharing_one_word_with_a_mark_withdraws_nothing(text: str, held: str) -> None:
    """Lessons that mention a state, a mark or a rule never made withdraw no held lesson
    they share a word with: a claim read from a mark on an item or a record's state is
    picked as a worded retraction's is (the one-word pick is for a claim struck out)."""
    assert gone(text, held) == []


def test_hostile_markup_is_read_in_linear_time() -> None:
    """Unclosed strikes, endless status fields and repeated judgements: read in bounded time
    (a hang guard, not a speed assertion)."""
    texts = [
        "~~a" * 40_000,
        "<del>" * 25_000,
        "\\sout{" * 20_000,
        "Status: a -> " * 10_000,
        "never a " * 15_000,
        "set by " * 15_000,
        "(obsolete" * 12_000,
        "~~\ud800~~ " * 20_000,
    ]
    started = time.process_time()
    for text in texts:
        struck(text)
    assert time.process_time() - started < 10


def test_a_struck_lesson_leaves_the_pack(hooks: MemoryHooks) -> None:
    """Through the hooks: a run's lesson, then a later run striking it out. The struck
    lesson leaves the pack; the unrelated one stays."""
    run = {
        "run_id": "2026-04-02-run-003",
        "goal": "Plan the flamingo house for the cold week",
        "outcome": "success",
        "summary": "Flamingo plan written.",
        "app_id": "zoo-ops",
        "verifiers": [{"name": "plan-check", "passed": True}],
        "lessons": [
            {"text": COLD, "type": "semantic", "evidence": ["plan-check"]},
            {"text": FEED, "type": "semantic", "evidence": ["plan-check"]},
        ],
    }
    first = hooks.post_run_classify(run=run)
    cold = [i for i in first.writes.accepted if "heated" in hooks.store.get(i).text]
    assert cold
    later = {
        **run,
        "run_id": "2026-04-09-run-001",
        "summary": "Reviewed the cold-weather rules with the vet.",
        "lessons": [
            {
                "text": "~~Flamingos into the heated house below 5 C~~ <- wrong, the vet "
                "says they cope with frost",
                "type": "semantic",
                "evidence": ["plan-check"],
            }
        ],
    }
    assert hooks.post_run_classify(run=later).ok
    goal = {"title": "Plan the flamingo house for a frosty night", "app_id": "zoo-ops"}
    assert not set(cold) & set(packed_ids(hooks, goal))
