"""Retractions told in other words than the lesson they withdraw.

A team writes its retraction in its own words: another verb for the same practice ("cut
short" for "clips"), the setting it restores rather than the one the lesson set, a
sentence saying what it no longer does. The lesson withdrawn leaves packs; a lesson about
a neighbouring thing (another dish, another setting, the same setting's value kept, the
new practice) stays.
"""

from __future__ import annotations

from pathlib import Path

from agentmem import MemoryHooks
from agentmem.core.verdict import Held, judge
from agentmem.harvest.sectioned import lessons


def withdrawn(draft: str, *held: str) -> list[str]:
    """The held texts a draft supersedes (each held text is its own id)."""
    verdict = judge(draft, [Held(text, text, "semantic") for text in held], "semantic")
    return verdict.replaces


RESTORED = (
    "Retracted: widening the backlog window is not a fix for the dropped batches and must "
    "not be used again; it hides workers that have died. WORKER_QUEUE_LIMIT stays at 200."
)
RAISED = "Raise WORKER_QUEUE_LIMIT to 800 jobs so the night load stops failing."


def test_a_retraction_restoring_a_setting_withdraws_the_lesson_that_changed_it() -> None:
    """The claim shares no word with the lesson; its reason names the setting the lesson
    raised, with another value, and the claim's verb is of the lesson's family."""
    assert withdrawn(RESTORED, RAISED) == [RAISED]


def test_a_restored_setting_leaves_other_settings_and_the_same_value_alone() -> None:
    """Another setting, the same value, or the setting named without the practice's verb
    (where it is read from) is not what the retraction withdraws."""
    other = "Raise EXPORT_QUEUE_LIMIT to 800 jobs so the night export stops failing."
    same = "Raise WORKER_QUEUE_LIMIT to 200 jobs for the weekend load."
    read = "WORKER_QUEUE_LIMIT of 800 is read from deploy/queue.yaml at start-up."
    assert withdrawn(RESTORED, other, same, read) == []


CLIPPED = "If the scanner is busy, the batcher clips 30 s off each TX-4 upload window."
NO_LONGER = (
    "We no longer cut TX-4 upload windows short. The lost seconds carried the best signal "
    "of the pass."
)


def test_we_no_longer_withdraws_the_practice_told_with_another_verb() -> None:
    """ "We no longer cut … short" withdraws the lesson that "clips" the same windows."""
    assert withdrawn(NO_LONGER, CLIPPED) == [CLIPPED]


def test_we_no_longer_leaves_another_component_and_the_new_practice_alone() -> None:
    """The same practice on another uplink, a lesson on the same windows without the
    practice, and one that takes the practice away stay."""
    other = "If the scanner is busy, the batcher clips 30 s off each TX-5 upload window."
    plain = "The TX-4 uplink is booked through the ground desk a day ahead."
    removed = "Remove the clipping of TX-4 upload windows; they now run whole."
    assert withdrawn(NO_LONGER, other, plain, removed) == []


DROPPED = (
    "Retracted: the earlier advice to drop the appendix pages before indexing (week 12 "
    "notes). We no longer remove them. Appendices hold the rate cards; search needs them, "
    "so indexing keeps them."
)


def test_a_retraction_withdraws_every_lesson_prescribing_the_practice() -> None:
    """The run lesson and the review line that repeated it both prescribe it; the lesson
    saying why the pages matter shares the reason's words and stays."""
    run = "Strip appendix pages before indexing; they add noise to the ranking."
    review = "Keep stripping the appendix pages before indexing, the ranking gain was real."
    right = "Rate cards live in the appendix pages; search finds them only if indexing keeps them."
    assert sorted(withdrawn(DROPPED, run, review, right)) == sorted([run, review])


REVIEW = """# Ops review, week 31

**Numbers.** 12 runs, 10 ok.

**Corrections to earlier notes**
- Retracted: the earlier advice to drop the appendix pages before indexing. We no longer
  remove them.
- The week 29 line on retries is out of date.

Decisions:
- We no longer cut TX-4 upload windows short.
- Geocoding moves into the shared loader.

## Next steps
- We no longer page the night shift for TX-4; Ana writes the new rota.
"""


def test_a_withdrawal_is_read_under_any_label_but_plans() -> None:
    """A review's "Corrections" or "Decisions" label is no heading of a lesson kind, yet
    its retraction and its "we no longer" item are lessons; its other items are not, nor
    is a withdrawal among the plans still to do."""
    assert [lesson.text for lesson in lessons(REVIEW)] == [
        "Retracted: the earlier advice to drop the appendix pages before indexing. We no "
        "longer remove them.",
        "We no longer cut TX-4 upload windows short.",
    ]


def test_a_review_withdrawing_a_practice_takes_it_out_of_packs(
    hooks: MemoryHooks, tmp_path: Path
) -> None:
    """Fired through hook D, the review's "we no longer" item supersedes the run lesson
    that clipped the windows, which leaves the next worker's pack; its file stays."""
    held = hooks.harvester.submit(
        {"text": CLIPPED, "type": "procedural", "confidence": 0.8, "app_id": "uplink"},
        trigger="manual",
    )
    (tmp_path / "review.md").write_text(REVIEW)
    result = hooks.post_retro_distill(retro={"path": "review.md", "app_id": "uplink"})
    assert result.ok
    written = [hooks.store.get(i, touch=False) for i in result.writes.accepted]
    assert any(held.memory_id in memory.supersedes for memory in written)
    goal = {"title": "Schedule TX-4 upload windows while the scanner is busy", "app_id": "uplink"}
    pack = hooks.pre_spawn_pack(goal=goal)
    assert pack.ok and pack.pack is not None
    assert all("clips 30 s" not in entry.text for entry in pack.pack.entries)
    assert hooks.store.get(held.memory_id, touch=False).text == CLIPPED


PAUSED = (
    "Retracted: the earlier advice to pause and resend the upload batch after a 503. It only "
    "helped while the load was light."
)
THREAD = (
    "[10:02] kim: nightly upload to the vault died with 503s again [10:03] raj: back off a "
    "minute and resend the upload batch, worked twice"
)
SLEPT = (
    "When the vault answers 503 on an upload, sleep 60 s and retry the whole upload batch; "
    "it goes through on the second try."
)


def test_a_retraction_withdraws_the_quoted_advice_and_the_lesson_told_in_other_verbs() -> None:
    """The claim's words find the thread that gave the advice; the run lesson that followed
    it says "sleep" for "pause" and goes too. The lesson on what the vault really limits
    shares the subject, not the practice, and stays."""
    limit = (
        "The vault answers 503 when more than 20 uploads run at once; a token bucket in the "
        "uploader keeps it under that."
    )
    assert sorted(withdrawn(PAUSED, THREAD, SLEPT, limit)) == sorted([THREAD, SLEPT])


def test_other_verb_families_and_two_word_verbs_withdraw_the_practice() -> None:
    """Shrinking is lowering, switching off is disabling, bouncing is restarting: each
    retraction shares one word besides its verb with the lesson it withdraws."""
    cases = [
        (
            "Retracted: shrinking the cache is no fix for the slow result pages; cold "
            "starts were the cause.",
            "Lower the query cache to 256 MB so the nodes stop swapping.",
        ),
        (
            "Retracted: switching off the CDN cache does not fix the stale prices; the "
            "publisher never sent them.",
            "Disable edge caching for the basket pages.",
        ),
        (
            "Retracted: bouncing the workers does not cure the memory leak; it comes back "
            "within the hour.",
            "Restart the import workers every night at 01:00.",
        ),
    ]
    for retraction_text, lesson in cases:
        assert withdrawn(retraction_text, lesson) == [lesson], retraction_text


def test_a_client_backing_off_by_itself_is_not_the_delay_withdrawn() -> None:
    """ "Backs off" and "throttles" tell what a client or a server does by itself: a
    lesson on the quotas is not the delay a team added and withdraws."""
    quotas = "Quotas: 500 rows a page and 10 calls a second; the SDK backs off on 503 itself."
    said = (
        "Retracted: slowing the export down does not fix the 403s; we no longer add a "
        "delay between page calls."
    )
    assert withdrawn(said, quotas) == []


def test_a_retraction_in_bold_or_in_a_paragraph_is_read() -> None:
    """ "**Retracted:** …" is a retraction; a paragraph so labelled in a note of no lesson
    heading is a lesson, while a paragraph telling the story of a change is not."""
    said = "**Retracted:** bouncing the workers does not cure the memory leak; it comes back."
    assert withdrawn(said, "Restart the import workers every night at 01:00.")
    note = (
        "# Platform sync, 14 March\n\nIn February we stopped restarting the workers by hand."
        "\n\nRetracted: the nightly worker restart. It hid the leak.\n"
    )
    assert [lesson.text for lesson in lessons(note)] == [
        "Retracted: the nightly worker restart. It hid the leak."
    ]


def test_x_does_not_fix_y_withdraws_x_not_what_is_said_of_y() -> None:
    """ "Slowing the export down does not fix the vendor 401s" withdraws the slowing down;
    a lesson about the 401s themselves (when they come) shares the claim's words "vendor
    401s" but is no practice it withdraws, and once was withdrawn in its place."""
    retraction = (
        "Retracted: slowing the export down does not fix the vendor 401s; we no longer add "
        "any delay between page requests."
    )
    paused = "Add a 2-second pause between page requests so the vendor export stops failing."
    timing = "The vendor 401 arrives about 60 minutes after the export starts, not after a page."
    assert withdrawn(retraction, paused, timing) == [paused]
