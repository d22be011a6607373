"""Hook E's grouping and naming of causes: what two failures share that is no cause.

A check's recurring error links to other checks' failures on its message's words, not on
the values one run filled in; a failure naming a cause family and one naming none are two
errors; a later lesson that only names the failing check is no follow-up of its failures.
"""

from __future__ import annotations

import pytest

from agentmem import MemoryHooks
from tests.test_judgment_harvest import episode, patterns, success


def _copy(hooks: MemoryHooks, *apps: str) -> None:
    for app in apps:
        for n in range(3):
            success(hooks, f"2026-10-2{n}-{app}{n}", "Copy", "Copy edits shipped.", app)


def test_a_recurring_error_links_on_its_message_not_on_one_runs_values(
    hooks: MemoryHooks,
) -> None:
    """A catalogue import fails twice on duplicate keys, naming the items each time; a
    storefront check fails twice on missing thumbnails, once for one of those items
    (`spring_boots_kids`). Each check said its own error both times: two causes, two
    patterns, each under its app. The item both once named is the object, not the cause."""
    said = [
        (
            "bulk-upload",
            "catalog",
            "bulk-upload: duplicate key in 3 rows: item.spring_boots_kids sku A1",
        ),
        ("image-render", "storefront", "image-render: thumbnail missing for spring_boots_kids"),
        ("bulk-upload", "catalog", "bulk-upload: duplicate key in 5 rows: item.wool_scarf sku B2"),
        ("image-render", "storefront", "image-render: thumbnail missing for rain_coat"),
    ]
    for n, (check, app, detail) in enumerate(said):
        episode(hooks, f"2026-10-0{n + 1}-f{n}", f"Spring range {n}", check, detail, app_id=app)
    _copy(hooks, "catalog", "storefront")
    assert hooks.judgment_harvest().ok
    assert patterns(hooks, "_global") == []
    [imports] = patterns(hooks, "catalog")
    [images] = patterns(hooks, "storefront")
    assert "duplicate key" in imports.text and "thumbnail" not in imports.text
    assert "thumbnail missing" in images.text and "duplicate" not in images.text


def test_another_checks_failure_in_the_recurring_errors_words_still_joins(
    hooks: MemoryHooks,
) -> None:
    """A nightly export fails twice with one message; another app's check fails once saying
    that message's words in its own order: one cause, one pattern of three runs."""
    said = [
        ("nightly-export", "backup", "sftp push refused: host key changed for backup-gw"),
        ("nightly-export", "backup", "sftp push refused: host key changed for backup-gw"),
        ("invoice-send", "billing", "invoice-send: host key changed on backup-gw, sftp refused"),
    ]
    ids = [
        episode(hooks, f"2026-10-0{n + 1}-f{n}", f"Night {n}", check, detail, app_id=app)
        for n, (check, app, detail) in enumerate(said)
    ]
    _copy(hooks, "backup", "billing")
    assert hooks.judgment_harvest().ok
    [pattern] = patterns(hooks, "_global")
    assert sorted(pattern.cites) == sorted(ids)


RELAY = "outbound relay ORION:"


@pytest.mark.parametrize("blamed", [False, True])
def test_a_failure_naming_a_cause_family_and_one_naming_none_are_two_errors(
    hooks: MemoryHooks, blamed: bool
) -> None:
    """A mail relay throttles one send (a rate limit) and refuses two others' recipients by
    policy: the three failures share the relay's name, which is where they failed, not why.
    The refusals are one pattern of two runs, the throttled send is not in it. When the
    runs' own accounts blame one helper, they tell one cause and stay together."""
    summaries = (
        ["digest_sender() sent the batch at once.", "digest_sender() skipped the allow list."]
        if blamed
        else ["Newsletter stopped halfway.", "Partner mails bounced."]
    )
    throttled = episode(
        hooks,
        "2026-10-01-t1",
        "Newsletter",
        "smtp-send",
        f"{RELAY} throttled after 300 messages, retry in an hour",
        summaries[0],
        app_id="mailer",
    )
    refused = [
        episode(
            hooks,
            f"2026-10-0{n + 2}-p{n}",
            f"Partner mail {n}",
            "smtp-send",
            f"{RELAY} recipient domain blocked by policy list {tail}",
            summaries[1],
            app_id="mailer",
        )
        for n, tail in enumerate(["", "(second domain)"])
    ]
    _copy(hooks, "mailer")
    assert hooks.judgment_harvest().ok
    [pattern] = patterns(hooks, "mailer")
    expected = [throttled, *refused] if blamed else refused
    assert sorted(pattern.cites) == sorted(expected)


def _ceiling(hooks: MemoryHooks) -> None:
    for n in range(3):
        episode(
            hooks,
            f"2026-10-0{2 * n + 1}-m{n}",
            f"Import shard {n}",
            "memory-ceiling",
            f"memory-ceiling: peak 2.{n + 3} GB > ceiling 2 GB; thumbnails decoded at full size",
            "The importer decoded every thumbnail at full size.",
            app_id="gallery",
        )
    _copy(hooks, "gallery")


def _later(hooks: MemoryHooks, goal: str, summary: str, lesson: str) -> None:
    hooks.post_run_classify(
        run={
            "run_id": "2026-10-07-n1",
            "goal": goal,
            "outcome": "success",
            "app_id": "gallery",
            "summary": summary,
            "verifiers": [{"name": "unit-tests", "passed": True}],
            "lessons": [{"text": lesson}],
        }
    )


@pytest.mark.parametrize(
    ("later", "followed"),
    [
        (
            (
                "Tag albums by season",
                "Albums tagged; memory-ceiling passed at 1.4 GB.",
                "The memory-ceiling check now fails above 1.5 GB since the sidecar moved in.",
            ),
            False,
        ),
        (
            (
                "Decode thumbnails at preview size",
                "Thumbnails decoded at preview size.",
                "Full size decoding of thumbnails broke the memory ceiling; decode at preview size.",
            ),
            True,
        ),
    ],
)
def test_a_later_lesson_naming_only_the_failed_check_is_no_follow_up(
    hooks: MemoryHooks, later: tuple[str, str, str], followed: bool
) -> None:
    """A check fails three times on one cause (thumbnails decoded at full size); a later run
    on other work passes it and writes that the check's limit changed, naming the check:
    that lesson is about the check, not about why it failed, and the pattern tells its own
    cause. A later run that went after the failures (decode thumbnails at preview size) and
    wrote why they happened is still the pattern's follow-up."""
    _ceiling(hooks)
    _later(hooks, *later)
    assert hooks.judgment_harvest().ok
    [pattern] = patterns(hooks, "gallery")
    assert ("Followed up in 2026-10-07-n1" in pattern.text) is followed
    assert followed or "thumbnail" in pattern.text
