"""Hook B's read-time filters read each text once and judge only the pairs that can retire.

`content_and_values` is `terms`' content and values alone (what a reader of values by
clause needs), so it must read every text as `terms` does; its memo, and the per-text
memos the filters keep, are bounded. A pair is judged in full only when both texts hold
what a retirement needs (`retirable`, `retired_by_newer`): a value of one kind, a tool, a
role; the three ways still retire an older lesson."""

from __future__ import annotations

from agentmem.core.model import Memory
from agentmem.core.statement import content_and_values, terms
from agentmem.retrieval import flipped
from agentmem.retrieval.conflict import retirable, retired_by_newer, told_kinds

TEXTS = [
    "Since March the archive job keeps 14 days of snapshots and starts at 02:30 UTC.",
    "Run `shipctl push --canary` on v2.4.1; three approvals are needed (release_lead).",
    "The greenhouse vents open above 28 °C, close below 22 °C, and log every 5 min.",
    "Invoices over $1,200 need two sign-offs; the EU desk closes at 4pm on Fridays.",
    "Rebuild the index with 8 workers: ADR-12 moved it from /srv/idx to /data/idx.",
]


def _lesson(n: int, text: str, day: str) -> Memory:
    return Memory.model_validate(
        {
            "id": f"semantic-{n:012x}", "text": text, "type": "semantic", "confidence": 0.8,
            "trigger": "manual", "user_id": "u", "app_id": "shop", "run_id": f"{day}-r1",
            "created_at": f"{day}T09:00:00+00:00",
        }
    )  # fmt: skip


def test_content_and_values_reads_each_text_as_terms_does() -> None:
    """Times, counts, versions, code, money, weekdays, names and paths: the light reading
    gives the same content terms and values as the whole one."""
    for text in TEXTS:
        light, whole = content_and_values(text), terms(text)
        assert light.content == whole.content, text
        assert dict(light.values) == dict(whole.values), text


def test_per_text_memos_are_bounded() -> None:
    """A long-lived process reads many texts: each memo keeps a bounded number."""
    for memo in (content_and_values, told_kinds, flipped._placed):
        size = memo.cache_info().maxsize
        assert size is not None and 0 < size <= 65536


def test_a_newer_value_tool_or_holder_still_retires_the_older_lesson() -> None:
    """The three ways a newer lesson retires an older one, in three kinds of work, each
    still reached past the pair's first check."""
    pairs = [
        (
            "Cold-room pallets rest for 40 minutes before unwrapping.",
            "Cold-room pallets now rest for 25 minutes before unwrapping, since the new fans.",
        ),
        (
            "Publish the tile atlas with `mapctl push --all` after each survey.",
            "Tile atlas updates go out with `tiles release --prod` after each survey.",
        ),
        (
            "Maria Lopez owns the nightly billing export.",
            "From June 3 Tom Berg owns the nightly billing export.",
        ),
    ]
    for i, (old_text, new_text) in enumerate(pairs):
        old = _lesson(2 * i, old_text, "2027-03-01")
        new = _lesson(2 * i + 1, new_text, "2027-04-01")
        assert retirable(old), old_text
        assert retired_by_newer(old, new, set()), (old_text, new_text)


def test_a_lesson_with_nothing_to_retire_is_never_judged_retired() -> None:
    """No value of a slot, no tool, no role: no newer lesson retires it, whatever it says."""
    plain = [
        "Wipe the bench before and after each tasting session.",
        "Greet returning visitors by name at the front desk.",
        "Label every sample jar on the lid and on the side.",
    ]
    newer = _lesson(
        99, "Since the refit, benches are wiped for 5 minutes with `cleanctl run`.", "2027-05-01"
    )
    for i, text in enumerate(plain):
        old = _lesson(i, text, "2027-01-01")
        assert not retirable(old)
        assert not retired_by_newer(old, newer, set())
