"""`agentmem.retrieval.beforechange.retired`: a lesson that takes its predecessor back and
gives the same thing a new count ("not from the bitrate: 128 kbps is fine" of "encode at
192 kbps") retires the old count, though it retires nothing else of the lesson it took back.

Without it, once the lesson that only retold the 192 kbps rule stopped replacing it
(`agentmem.core.retoldstate`), the one lesson left replacing it was the taking back, which
retired nothing: the successes encoded at 192 kbps, and older ones, stood in a pack as the
way mastering is done, in place of the two-pass success.
"""

from __future__ import annotations

from agentmem.core.model import Hit, Memory
from agentmem.core.retiredvalues import recounted
from agentmem.retrieval.beforechange import after_changes, retired, tells_retired
from tests.conftest import held, run_record

APP = "press-jobs"

BITRATE = (
    "Clipping on the AAC masters comes from the encoder at 96 kbps; encode at 160 kbps to"
    " stay under the ceiling."
)
NOT_BITRATE = (
    "Clipping on the AAC masters came from the single-pass limiter, not from the bitrate: run"
    " the limiter twice with lookahead=true; 96 kbps is fine."
)
NOT_BITRATE_UNCOUNTED = (
    "Clipping on the AAC masters came from the single-pass limiter, not from the bitrate: run"
    " the limiter twice with lookahead=true."
)


def hit(memory: Memory) -> Hit:
    return Hit(memory=memory, score=1.0)


def lesson(text: str, day: int, n: int, **fields: object) -> Memory:
    return held(text, day, f"semantic-{day:04d}{n:08d}", app_id=APP,
                run_id=f"2027-03-{day:02d}-run-{n:03d}", **fields)  # fmt: skip


def test_a_taking_back_with_a_new_count_retires_the_old_count() -> None:
    """The taking back gives the bitrate anew: 160 kbps is over, dated by it, and a success
    encoded at 160 kbps before it tells how things were."""
    old = lesson(BITRATE, 2, 1)
    back = lesson(NOT_BITRATE, 9, 2, supersedes=(old.id,))
    assert recounted(BITRATE, NOT_BITRATE) == {"160 kbps"}
    before = retired([hit(old), hit(back)])
    assert before == {"160 kbps": back.created_at}
    record = run_record(5, 3, "Master the AAC feed", "Encoded at 160 kbps; no clipping.",
                        app_id=APP, check="clip-check", others=2)  # fmt: skip
    assert tells_retired(record, before)
    assert not after_changes(record, before)


def test_a_taking_back_without_a_count_still_retires_nothing() -> None:
    """The near miss: the same taking back, with no bitrate of its own, leaves the old
    count unsaid, not changed; it retires nothing (`agentmem.retrieval.takenback`)."""
    old = lesson(BITRATE, 2, 1)
    back = lesson(NOT_BITRATE_UNCOUNTED, 9, 2, supersedes=(old.id,))
    assert retired([hit(old), hit(back)]) == {}
