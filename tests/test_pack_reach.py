"""Hook B's lesson places: who gets them, and how far under the best a lesson may be.

One lesson that matches a goal on many words pushed every other one under a bar of half its
score, even a lesson naming the same work on two or three of the goal's own words; a lesson
sharing a single word by chance must still stay out. Hook E's patterns take at most two."""

from __future__ import annotations

from agentmem import Hit, MemoryHooks
from agentmem.core.model import Kind, MemoryType, Outcome
from agentmem.retrieval.select import choose
from agentmem.stores.bm25 import tokenize
from tests.test_pack import hit, memory

GOAL = set(tokenize("Cut the release branch and upload the first TestFlight build"))


def lesson(n: int, score: float, text: str) -> Hit:
    return hit(n, MemoryType.SEMANTIC, 0.8, score, text)


def chosen(*hits: Hit) -> set[int]:
    return {int(h.memory.id.rsplit("-", 1)[1], 16) for h in choose(hits, [], GOAL)}


def test_a_lesson_under_half_the_best_enters_on_two_of_the_goals_words() -> None:
    """At 0.4 of the best, a lesson sharing two of the goal's words ("TestFlight",
    "upload") is packed; one sharing a single word ("branch") is not."""
    best = lesson(1, 10.0, "The release branch is cut on Tuesdays; the first build goes out.")
    two = lesson(2, 4.0, "TestFlight upload needs the App Store Connect API key in CI.")
    one = lesson(3, 4.0, "Delete a merged feature branch after the review.")
    assert chosen(best, two, one) == {1, 2}


def test_further_below_the_best_a_lesson_needs_three_of_the_goals_words() -> None:
    """At 0.3 of the best, two shared words are not enough and three are; under a quarter
    of the best no number of shared words lets a lesson in. (A lesson over the bar is the
    runner-up, so `RUNNER_UP` lets none of these in on its own.)"""
    best = lesson(1, 10.0, "The release branch is cut on Tuesdays; the first build goes out.")
    second = lesson(5, 5.0, "Release notes are written before the branch is cut.")
    two = lesson(2, 3.0, "TestFlight upload needs the App Store Connect API key in CI.")
    three = lesson(3, 3.0, "A TestFlight build upload fails without the export compliance key.")
    far = lesson(4, 2.0, "A TestFlight build upload from a laptop skips the release checks.")
    assert chosen(best, second, two, three, far) == {1, 5, 3}


def test_a_lesson_at_045_of_the_best_makes_the_bar_on_one_word() -> None:
    """A worker's bar is 0.45 of the best lesson: a lesson at 0.47 sharing one goal word
    ("TestFlight") is packed (at 0.5 a cluster of needed lessons sat just under it); one
    at 0.4 sharing one word is not."""
    best = lesson(1, 10.0, "The release branch is cut on Tuesdays; the first build goes out.")
    near = lesson(2, 4.7, "TestFlight processing takes up to an hour after the App Store step.")
    under = lesson(3, 4.0, "TestFlight testers are added by group, never one by one.")
    assert chosen(best, near, under) == {1, 2}


def test_six_different_lessons_over_the_bar_all_reach_the_worker() -> None:
    """Six places for lessons over the bar (five left a sixth needed lesson out of five
    scenarios' packs); a seventh waits when the run records take their places
    (`tests/test_need21_places.py` gives it a place no record took)."""
    texts = [
        "The release branch is cut on Tuesdays at noon.",
        "TestFlight upload needs the App Store Connect API key.",
        "The first build after a cut bumps the build number in CI.",
        "Release notes come from the merged pull requests' labels.",
        "Export compliance is declared once per version in App Store Connect.",
        "A failed upload is retried once; the second failure pages the release captain.",
        "Screenshots are regenerated only when the layout changed.",
    ]
    hits = [lesson(i + 1, 10.0 - i * 0.5, text) for i, text in enumerate(texts)]
    outcomes = ((Outcome.FAILURE, 9.0), (Outcome.FAILURE, 9.0), (Outcome.SUCCESS, 9.5))
    runs = [
        Hit(memory=memory(20 + n, MemoryType.EPISODIC, 1.0, text, outcome=o), score=score)
        for n, (o, score) in enumerate(outcomes)
        for text in [f"Run {n}: Cut the release branch ended in {o.value}."]
    ]
    picked = {int(h.memory.id.rsplit("-", 1)[1], 16) for h in choose(hits, runs, GOAL)}
    assert picked - {20, 21, 22} == {1, 2, 3, 4, 5, 6}


def test_without_the_goals_words_only_the_bar_counts() -> None:
    """Called without the goal's words (a host plugin's own use), `choose` keeps the plain
    bar of half the best score."""
    best = lesson(1, 10.0, "The release branch is cut on Tuesdays.")
    near = lesson(2, 6.0, "TestFlight upload needs the API key.")
    under = lesson(3, 4.0, "TestFlight build upload needs the API key.")
    picked = {h.memory.id for h in choose([best, near, under], [])}
    assert picked == {best.memory.id, near.memory.id}


def test_the_pack_keeps_a_second_lesson_that_names_the_goals_work(hooks: MemoryHooks) -> None:
    """End to end through hook B: a lesson that repeats most of the goal's words scores far
    above the rest, and a lesson on two of the goal's rarer words (at 0.4 of its score)
    still reaches the worker; a lesson sharing only one word does not. Six unrelated
    lessons give the words their rarity."""

    def submit(text: str) -> str:
        draft = {"text": text, "type": "semantic", "confidence": 0.8, "app_id": "mobile"}
        return hooks.harvester.submit(draft, trigger="manual").memory_id

    for topic in ["checkout", "search", "profile", "basket", "coupons", "maps"]:
        submit(f"The {topic} screen loads its data from the {topic} service, cached for a day.")
    strong = submit(
        "The release branch is cut by the scheduled job every second Tuesday at 12:00 UTC."
    )
    rare = submit(
        "TestFlight uploads need the App Store Connect API key from the secrets vault; the key "
        "expires every year and the step then fails with a 401 response."
    )
    chance = submit("Android version codes come from the Play console, never from a build file.")
    result = hooks.pre_spawn_pack(
        goal={
            "title": "Scheduled CI job that cuts release/5.7 and uploads the first TestFlight build",
            "app_id": "mobile",
        }
    )
    assert result.ok and result.pack is not None
    ids = {e.id for e in result.pack.entries}
    assert strong in ids and rare in ids and chance not in ids


def pattern(n: int, score: float, text: str) -> Hit:
    memory = hit(n, MemoryType.REFLECTIVE, 0.85, score, text).memory
    assessed = memory.model_copy(update={"kind": Kind.ASSESSMENT, "cites": ("episodic-1",)})
    return Hit(memory=assessed, score=score)


def test_a_pack_holds_at_most_two_of_hook_es_patterns() -> None:
    """Three patterns outscoring every lesson take two places, not three: the lessons
    after them keep theirs (three patterns once filled three of five places)."""
    patterns = [
        pattern(n, 9.0 - n, f"Recurring failure in upload {n}: TestFlight build rejected.")
        for n in (1, 2, 3)
    ]
    lessons = [
        lesson(n, 5.0, f"TestFlight upload step {n} needs the release branch build number.")
        for n in (4, 5, 6)
    ]
    assert chosen(*patterns, *lessons) == {1, 2, 4, 5, 6}
