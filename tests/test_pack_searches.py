"""What one pack costs the store: hook B's searches (`for_worker`) are bounded.

A pack searches for the goal's lessons and run records, every lesson replaced ones
included, other apps' lessons, follows a few replaced lessons, and for each packed failure
looks for its fix, the fix's lesson and the lessons on that lesson's words. However many
failures, replacements and fixes memory holds, one pack makes at most `MAX_SEARCHES`;
a question asked twice within a pack's fix look-ups reaches the store once."""

from __future__ import annotations

import pytest

from agentmem.contexts import Goal
from agentmem.core.model import Hit, Memory
from agentmem.retrieval.select import MAX_SEARCHES, for_worker
from agentmem.stores.base import Filters
from agentmem.stores.bm25 import tokenize


class CountingSearch:
    """A word-count stand-in for the index that counts the questions put to it; it leaves
    out replaced memories when the scope asks (as the stores do)."""

    def __init__(self, memories: list[Memory]) -> None:
        self.memories = memories
        self.replaced = {old for m in memories for old in m.supersedes}
        self.asked: list[tuple[str, int, Filters]] = []

    def __call__(self, query: str, k: int, scope: Filters) -> list[Hit]:
        self.asked.append((query, k, scope))
        words = set(tokenize(query))
        hits = []
        for m in self.memories:
            if not scope.admits(m):
                continue
            if not scope.include_superseded and m.id in self.replaced:
                continue
            score = float(len(words & set(tokenize(m.text))))
            if score > 0:
                hits.append(Hit(memory=m, score=score * m.confidence))
        return sorted(hits, key=lambda h: -h.score)[:k]


def memory(n: int, app: str, day: int, text: str, kind: str, **more: object) -> Memory:
    fields = {
        "id": f"{kind}-{n:012x}", "text": text, "type": kind,
        "confidence": 1.0 if kind == "episodic" else 0.8, "trigger": "post_run_classify",
        "user_id": "u", "app_id": app, "run_id": f"2027-05-{day:02d}-r{n}",
        "created_at": f"2027-05-{day:02d}T12:00:00+00:00", **more,
    }  # fmt: skip
    return Memory.model_validate(fields)


def crowded(app: str, goal: str, causes: list[str]) -> list[Memory]:
    """Many failures on the goal, each fixed the next day by a run that wrote a lesson;
    many lessons on the goal, each replaced by a newer one; lessons of other apps."""
    out: list[Memory] = []
    for i, cause in enumerate(causes):
        day = 2 + 2 * i
        failed = (
            f"Run 2027-05-{day:02d}-r{100 + i}: {goal} ended in failure. Failed: check ({cause})."
        )
        out.append(memory(100 + i, app, day, failed, "episodic", outcome="failure"))
        fixed = f"Run 2027-05-{day + 1:02d}-r{200 + i}: fix {cause} ended in success."
        fix = memory(200 + i, app, day + 1, fixed, "episodic", outcome="success")
        out.append(fix)
        lesson = memory(300 + i, app, day + 1, f"To fix {cause}, do it by hand.", "procedural")
        out.append(lesson.model_copy(update={"run_id": fix.run_id}))
        old = memory(400 + i, app, 1, f"{goal}: rule {i} holds.", "semantic")
        out.append(old)
        out.append(
            memory(
                500 + i,
                app,
                day,
                f"{goal}: rule {i} holds no longer.",
                "semantic",
                supersedes=[old.id],
            )
        )
        out.append(memory(600 + i, f"{app}-other", day, f"{goal} as we learnt it.", "semantic"))
    return out


CASES = [
    ("kiln-line", "Fire the stoneware glaze batch",
     ["crazed glaze", "cracked bases", "pinholes in glaze", "warped lids", "dull finish"]),
    ("ledger-sync", "Reconcile the vendor ledger export",
     ["duplicate vendor rows", "currency mismatch", "missing tax codes", "late batch"]),
    ("rover-nav", "Plan the crater rim traverse route",
     ["wheel slip on dust", "stale terrain map", "battery dip at dusk", "lost sun fix"]),
]  # fmt: skip


@pytest.mark.parametrize(("app", "goal", "causes"), CASES)
def test_one_pack_makes_a_bounded_number_of_searches(
    app: str, goal: str, causes: list[str]
) -> None:
    """However many failures, fixes and replaced lessons match the goal, one pack asks the
    store at most MAX_SEARCHES questions, and it does follow fixes and replacements."""
    search = CountingSearch(crowded(app, goal, causes))
    hits = for_worker(search, Goal(title=goal, app_id=app), Filters(user_id="u", app_ids=(app,)))
    assert hits
    assert len(search.asked) <= MAX_SEARCHES
    assert len(search.asked) > 4  # beyond the goal's own searches: fixes, replacements


def test_a_fix_look_up_asked_twice_reaches_the_store_once() -> None:
    """Two records of one failed run (the same text, written twice) are packed; the search
    for its fix is put to the store once, and the fix's lesson joins the pack once."""
    app, goal = "print-queue", "Print the monthly member cards"
    text = f"Run 2027-05-04-r7: {goal} ended in failure. Failed: check (smudged toner)."
    twice = [memory(n, app, 4, text, "episodic", outcome="failure") for n in (7, 8)]
    fix = memory(9, app, 5, "Run 2027-05-05-r9: fix smudged toner ended in success.",
                 "episodic", outcome="success")  # fmt: skip
    lesson = memory(10, app, 5, "To fix smudged toner, let the drum cool.", "procedural")
    lesson = lesson.model_copy(update={"run_id": fix.run_id})
    search = CountingSearch([*twice, fix, lesson])
    hits = for_worker(search, Goal(title=goal, app_id=app), Filters(user_id="u", app_ids=(app,)))
    assert {twice[0].id, twice[1].id} <= {h.memory.id for h in hits}
    assert [h.memory.id for h in hits].count(lesson.id) == 1
    asked = [q for q, _, _ in search.asked]
    assert asked.count(text) == 1
