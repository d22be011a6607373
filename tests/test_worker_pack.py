"""What the read hooks search for: a goal's or a bundle's own words, never their framing."""

from __future__ import annotations

from agentmem import MemoryHooks
from tests.conftest import ManualClock, semantic


def test_pre_spawn_pack_never_searches_its_own_framing_words(hooks: MemoryHooks) -> None:
    """Hook B's question ("What should a worker know before working on …") is not what it
    searches: a lesson that only shares the framing words (`worker`, `before`, `know`) stays
    out of a pack for an unrelated goal, and no hop's query carries those words."""
    framing = hooks.harvester.submit(
        semantic("Before a worker starts, know which migrations are working."), trigger="manual"
    )
    payment = hooks.harvester.submit(
        semantic("PayPal payment options need the sandbox merchant id."), trigger="manual"
    )
    result = hooks.pre_spawn_pack(goal={"title": "Add PayPal as a payment option"})
    assert result.ok and result.pack is not None
    ids = [e.id for e in result.pack.entries]
    assert payment.memory_id in ids and framing.memory_id not in ids
    for query in result.reads.queries:
        assert not {"worker", "before", "know", "working"} & set(query.lower().split())


def test_pre_goal_synthesis_never_searches_its_own_framing_words(hooks: MemoryHooks) -> None:
    """Hook A searches each bundle's own title, description and tags, not "What have we
    learned that bears on …": a lesson that only shares those words is not cited."""
    framing = hooks.harvester.submit(
        semantic("What we learned bears on every release."), trigger="manual"
    )
    result = hooks.pre_goal_synthesis(queue=[{"id": "b1", "title": "Rotate the API keys"}])
    assert result.ok and result.synthesis is not None
    assert framing.memory_id not in result.synthesis
    assert result.reads.queries[0] == "Rotate the API keys"


def run(
    hooks: MemoryHooks,
    n: int,
    outcome: str,
    detail: str = "",
    summary: str = "Vendor client calls the vendor sandbox.",
) -> str:
    verifiers = [{"name": "contract-tests", "passed": outcome == "success", "detail": detail}]
    record = {
        "run_id": f"2026-03-{10 + n:02d}-r{n}",
        "goal": f"Vendor client change {n}",
        "outcome": outcome,
        "app_id": "billing",
        "summary": summary,
        "verifiers": verifiers,
    }
    result = hooks.post_run_classify(run=record)
    assert result.ok
    return result.writes.accepted[0]


def test_pre_spawn_pack_holds_lessons_first_and_few_run_records(hooks: MemoryHooks) -> None:
    """A lesson on the goal is packed although run records match the goal's words better
    and carry confidence 1.0 against its 0.75; of the records only failures come, at most
    two, and no plain success while a lesson says more and a failure is nearer the goal."""
    lesson = hooks.harvester.submit(
        semantic("The vendor sandbox throttles the vendor client at 10 requests per second.")
        | {"confidence": 0.75, "app_id": "billing"},
        trigger="manual",
    )
    successes = [run(hooks, n, "success", summary="Vendor client change.") for n in range(5)]
    failures = [run(hooks, n, "failure", "429 Too Many Requests") for n in range(5, 9)]
    result = hooks.pre_spawn_pack(
        goal={"title": "Vendor client sandbox calls", "app_id": "billing"}
    )
    assert result.pack is not None
    ids = [e.id for e in result.pack.entries]
    assert ids[0] == lesson.memory_id
    assert len(set(ids) & set(failures)) == 2 and not set(ids) & set(successes)


def test_pre_spawn_pack_without_a_lesson_holds_at_most_one_success(hooks: MemoryHooks) -> None:
    """With no lesson on the goal, one run that went well (the most relevant) may stand in
    for the history; never more."""
    successes = [run(hooks, n, "success") for n in range(4)]
    result = hooks.pre_spawn_pack(
        goal={"title": "Vendor client sandbox calls", "app_id": "billing"}
    )
    assert result.pack is not None and len(result.pack.entries) == 1
    assert result.pack.entries[0].id in successes


def test_pre_spawn_pack_holds_the_success_nearest_the_goal(hooks: MemoryHooks) -> None:
    """When the run nearest the goal went well, that one success comes with the lessons
    (how the same work went well last time); a second success never does."""
    hooks.harvester.submit(
        semantic("The vendor sandbox throttles at 10 requests per second.", app_id="billing"),
        trigger="manual",
    )
    successes = [run(hooks, n, "success") for n in range(3)]
    result = hooks.pre_spawn_pack(
        goal={"title": "Vendor client sandbox calls", "app_id": "billing"}
    )
    assert result.pack is not None
    assert len({e.id for e in result.pack.entries} & set(successes)) == 1


def lesson(hooks: MemoryHooks, text: str, **fields: object) -> str:
    return hooks.harvester.submit(
        semantic(text, app_id="shop", **fields), trigger="manual"
    ).memory_id


def packed(hooks: MemoryHooks, **goal: object) -> list[str]:
    result = hooks.pre_spawn_pack(goal={"app_id": "shop", **goal})
    assert result.pack is not None
    return [e.id for e in result.pack.entries]


def test_pre_spawn_pack_weighs_the_goal_tags_over_its_incidental_words(
    hooks: MemoryHooks,
) -> None:
    """The goal's tags name its subject and count several times in the pack's query: a
    lesson on the tagged subject is packed, and one that only shares a word of the
    description's incidental prose ("nightly") stays under the lessons' bar."""
    on_subject = lesson(hooks, "Pricing rules round half-even on minor units.", tags=["pricing"])
    incidental = lesson(hooks, "The nightly browser suite starts after the credential rotation.")
    ids = packed(
        hooks,
        title="Tiered volume pricing",
        description="Signed with the vendor; start with nightly levels.",
        tags=["pricing"],
    )
    assert on_subject in ids and incidental not in ids


def test_pre_spawn_pack_never_matches_on_a_bare_number(hooks: MemoryHooks) -> None:
    """A bare number in the goal ("5, 10 and 15 percent") names no subject: a lesson that
    shares only that number (a rate limit of 10 requests) is not packed."""
    number_only = lesson(hooks, "The tax sandbox throttles CI at about 10 requests per second.")
    ids = packed(
        hooks,
        title="Tiered volume discounts",
        description="5, 10 and 15 percent off above thresholds.",
    )
    assert number_only not in ids


def test_pre_spawn_pack_takes_failures_of_the_same_work_only(hooks: MemoryHooks) -> None:
    """A run record is packed when its run's goal is the same work as this goal; a failure
    of other work whose long record shares a word with the goal ("address" in a detail)
    stays out, however many words its summary shares."""

    def failed(n: int, goal: str, detail: str) -> str:
        result = hooks.post_run_classify(
            run={
                "run_id": f"2026-04-{n:02d}-r{n}",
                "goal": goal,
                "outcome": "failure",
                "app_id": "admin",
                "summary": "Order view edit address list detail save.",
                "verifiers": [{"name": "e2e", "passed": False, "detail": detail}],
            }
        )
        assert result.ok
        return result.writes.accepted[0]

    same = failed(1, "Inline editing of the customer address", "stale list after save")
    other = failed(2, "Typography scale for the shell", "212 snapshot diffs in the address bar")
    result = hooks.pre_spawn_pack(
        goal={
            "title": "Inline editing of the shipping address",
            "description": "Edit in place and save; the list and the detail view show it.",
            "app_id": "admin",
        }
    )
    assert result.pack is not None
    ids = [e.id for e in result.pack.entries]
    assert same in ids and other not in ids


def test_pre_spawn_pack_leaves_out_runs_that_used_what_a_change_retired(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """A how-to replaced by one with another command supersedes it; then a run record
    written before the change that still names the retired command is not packed (it
    tells how things were), while the new how-to is."""
    hooks = clocked_hooks
    old = lesson(
        hooks, "Rebuild the search index with `npm run reindex` after publishing articles."
    )
    before = hooks.post_run_classify(
        run={
            "run_id": "2026-10-05-r1",
            "goal": "Publish the returns article and make it searchable",
            "outcome": "success",
            "app_id": "shop",
            "summary": "Article published; search index rebuilt with npm run reindex.",
            "verifiers": [{"name": "link-check", "passed": True}],
        }
    ).writes.accepted[0]
    clock.advance(days=3)
    new = lesson(
        hooks,
        "Rebuild the search index with `hc-cli index rebuild --site main` now; the npm script was removed.",
    )
    assert hooks.store.get(new).supersedes == (old,)
    ids = packed(hooks, title="Publish the winter article to the search index")
    assert new in ids and old not in ids and before not in ids
