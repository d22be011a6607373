"""Retractions as people write them, beyond "Retracted: <claim>" at the opening: a theory
judged wrong later in a retro line, "That was wrong about X: …", a correction's label before
the judgement, a cause said to have nothing to do with it, "there is no <thing>", and the
claim reported in the sentence before "That was wrong." Each withdraws the lesson that told
the denied cause, and only that one: a fix of a value, a general remark, "not X" between
two kept facts, and a lesson on the true cause stay."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from agentmem import MemoryHooks
from agentmem.cli import main
from agentmem.core.disowned import disowned, heads
from agentmem.core.retract import retraction, withdrawn
from agentmem.harvest.followed import follows, taken_back
from agentmem.harvest.patterns import Failure
from agentmem.harvest.sectioned import lessons
from tests.conftest import held, packed_ids

STALLS = "Label printer stalls come from the spooler queue filling up; purge the spooler queue every hour."
TRUE_CAUSE = "Label printer stalls stop once the thermal head is cleaned; clean the head weekly."
OTHER = "The packing bench scale is calibrated every Monday by the shift lead."


def gone(text: str, *held: str, written: dict[str, str] | None = None) -> list[str]:
    """The held texts a text withdraws (each held text is its own id)."""
    return withdrawn(text, [(h, h) for h in held], written)


@pytest.mark.parametrize(
    "text",
    [
        # judged later in a retro line, the claim named by what it blamed
        "Printer stalls were all a dirty thermal head. The spooler queue theory from Monday "
        "was wrong and the hourly purge can go.",
        # pointing back, with its topic
        "That was wrong about the spooler: the printer stalls were never a spooler queue "
        "problem. The real cause was a dirty thermal head.",
        # a correction's label before the judgement of the earlier lesson
        "Correction: the lesson blaming the spooler queue for printer stalls was wrong. "
        "The head was dirty.",
        # a cause said to have nothing to do with it
        "Correction: the printer stalls had nothing to do with the spooler queue filling up; "
        "the thermal head was dirty.",
        # framing only, then what does not exist
        "That earlier lesson was wrong. We checked the spooler and there is no queue backlog "
        "and no stalled spooler job. The thermal head was dirty.",
    ],
)
def test_each_shape_withdraws_the_lesson_that_told_the_denied_cause(text: str) -> None:
    assert retraction(text) is not None
    assert gone(text, STALLS, TRUE_CAUSE, OTHER) == [STALLS]


def test_a_claim_reported_before_that_was_wrong_is_the_one_withdrawn() -> None:
    """ "On 04-02 we wrote down that X. That was wrong." names its claim in the sentence
    before, and its day: the lesson of that day goes."""
    text = (
        "On 04-02 we wrote down that the spooler queue needs purging for the stalls. That was "
        "wrong. The stalls came from the thermal head."
    )
    written = {STALLS: "2026-04-02-run-003 2026-04-02T12:00:00+00:00"}
    assert gone(text, STALLS, OTHER, written=written) == [STALLS]


def test_the_denied_cause_is_read_by_its_head_not_a_word_it_shares() -> None:
    """A lesson on the true cause may share a word of the denied thing ("damp sponge"
    against "damp clay") but not its head: it stays."""
    text = "Correction: the glaze crawling had nothing to do with damp clay; it is dust."
    right = "Glaze crawling comes from dust on the bisque; wipe with a damp sponge first."
    wrong = "Glaze crawling comes from damp clay; dry the pots one day longer before glazing."
    assert heads(text) == ["clay"]
    assert gone(text, right, wrong) == [wrong]


@pytest.mark.parametrize(
    "text",
    [
        "Correction: the packing window is 45 minutes, not 30. Other benches stay at 30.",
        "Correction: the port in the scale config was wrong and is fixed now (8443).",
        "Each time the first explanation was wrong; the second one held.",
        "Invoices go out from the billing service, not from the CRM.",
        "Packing bench: the parts list was wrong and is fixed.",
    ],
)
def test_a_fix_a_general_remark_or_two_kept_facts_retract_nothing(text: str) -> None:
    """A value set right, a remark on explanations in general, "X, not Y" between two
    facts, a topic's own list corrected: no lesson is judged wrong."""
    assert disowned(text) is None
    assert retraction(text) is None


def test_a_retraction_of_another_claim_leaves_an_unrelated_lesson() -> None:
    text = "The spooler queue theory from Monday was wrong; the thermal head was dirty."
    assert gone(text, OTHER) == []


FREEZER = "Walk-in freezer alarms at night come from the door gasket leaking; replace it quarterly."
DEFROST = "The walk-in freezer defrost cycle runs at 02:00 and 14:00."
PAGED = "Freezer alarms are paged to the night manager's phone."


@pytest.mark.parametrize(
    "text",
    [
        "Freezer alarms: that lesson was wrong. The gasket is fine; the defrost timer drifts.",
        "Night freezer alarms come not from the door gasket but from the defrost timer.",
        "Night freezer alarms come from the defrost timer drifting, not from a leaking gasket.",
        "It was never a gasket problem: the freezer alarms at night come from the defrost timer.",
        "The gasket wasn't the problem: night freezer alarms came from the defrost timer.",
    ],
)
def test_a_topic_a_thing_said_fine_a_swapped_source_and_a_denied_problem_retract(
    text: str,
) -> None:
    """The topic before a colon, "the gasket is fine", "not from A but from B", "it was
    never an A problem: <topic> …", "A wasn't the problem": the lesson on A goes; the
    lesson on the same freezer's other facts stays."""
    assert gone(text, FREEZER, DEFROST, PAGED) == [FREEZER]


def test_a_swapped_source_keeps_a_lesson_that_tells_no_cause() -> None:
    """ "X come from B, not from A" between two kept facts: the lesson on A that tells no
    cause stays, the one saying X comes from A goes; a pattern across runs ("failures mostly
    come from …, not from …") retracts nothing."""
    text = "Refund emails come from the billing service, not from the CRM."
    kept = "The CRM sends the refund emails' templates to the billing team."
    wrong = "Refund emails come from the CRM mailer queue; restart the mailer when they stop."
    assert gone(text, kept, wrong) == [wrong]
    assert retraction("Red runs mostly come from environment facts, not from code.") is None


POSTMORTEM = """# Postmortem: label printer stalls

## Root cause
The thermal heads on bench 3 were never cleaned after the adhesive change.

## What we got wrong
On 04-02 we wrote down that the spooler queue needs an hourly purge. That was wrong. The
spooler never held more than two jobs.

## Follow-ups
- Clean the heads weekly.
"""


def test_a_paragraph_owning_up_to_a_mistake_is_a_lesson() -> None:
    """Prose under "What we got wrong" that retracts is read as a lesson, unlabelled, so
    the writer withdraws what it withdraws."""
    found = [lesson.text for lesson in lessons(POSTMORTEM)]
    assert any(text.startswith("On 04-02 we wrote down") for text in found)


def test_a_retracted_lesson_leaves_the_pack_and_stays_on_file(
    hooks: MemoryHooks, tmp_path: Path
) -> None:
    """Through the hooks: the run's lesson, then a postmortem owning up to it. The lesson
    is superseded by the retraction, leaves the pack, and `agentmem get` still shows it."""
    run = {
        "run_id": "2026-04-02-run-003",
        "goal": "Fix label printer stalls on bench 3",
        "outcome": "success",
        "summary": "Purged the spooler queue; labels printing again.",
        "app_id": "label-station",
        "verifiers": [{"name": "print-check", "passed": True}],
        "lessons": [{"text": STALLS, "type": "semantic", "evidence": ["print-check"]}],
    }
    first = hooks.post_run_classify(run=run)
    wrong = next(i for i in first.writes.accepted if i.startswith("semantic-"))
    path = tmp_path / "postmortems" / "2026-04-09-printer-stalls.md"
    path.parent.mkdir(parents=True)
    path.write_text(POSTMORTEM, encoding="utf-8")
    retro = hooks.post_retro_distill(retro={"path": str(path), "app_id": "label-station"})
    assert retro.ok
    retractions = [hooks.store.get(i) for i in retro.writes.accepted]
    assert any(wrong in m.supersedes for m in retractions)
    goal = {"title": "Printer stalls on bench 3 again", "app_id": "label-station"}
    assert wrong not in packed_ids(hooks, goal)
    root = str(hooks.settings.root)
    result = CliRunner().invoke(main, ["--root", root, "get", wrong], catch_exceptions=False)
    assert result.exit_code == 0 and "spooler queue filling up" in result.output


def test_a_labelled_claim_is_read_by_its_words_not_by_the_head_it_denies() -> None:
    """ "Retracted: X were never a Y": the claim is told, and withdraws the lesson telling
    it in its own words ("the spooler queue filling up" for "a spooler overflow"); only a
    denial where no claim is told needs the denied thing's head."""
    text = "Retracted: the printer stalls were never a spooler overflow; the head was dirty."
    assert gone(text, STALLS, OTHER) == [STALLS]


def test_a_run_that_names_the_retracted_remedys_numbered_thing_followed_it() -> None:
    """A failure's account that kept the retracted remedy in place ("even with the kl-02
    bypass") tells it by a numbered name whose parts are too short to be words; hook E
    quotes another account (`agentmem.harvest.followed`)."""
    lesson = held(
        "Crazed tiles come from kiln two overheating; bypass controller kl-02 on long firings.",
        "2027-04-01",
        "semantic-000000000001",
        app_id="kiln-line",
    )
    back = held(
        "Correction: the crazing was never a kiln problem; the glaze shrinks more than the body.",
        "2027-04-05",
        "semantic-000000000002",
        app_id="kiln-line",
        supersedes=[lesson.id],
    )
    [practice] = taken_back([lesson, back])
    summary = "Tiles crazed even with the kl-02 bypass in place; the glaze batch was new."
    record = held(
        f"Run 2027-04-03-r1: {summary}",
        "2027-04-03",
        "episodic-000000000003",
        app_id="kiln-line",
        type="episodic",
        confidence=1.0,
        outcome="failure",
    )
    assert follows(Failure(record, "glaze-check", "crazing on 14 of 20 tiles", summary), [practice])
