"""Which failures a pack reads as the goal's own work when the goal's tags weigh most.

A goal's tags count four times in its query, so a run whose goal names one tag outweighs
the run whose goal names the goal's title, and `same_work` cut the second though the
goal's search ranked it first. A failure near the top of the search whose goal names two
words of the goal's subject (title and tags) is the same work, and so is a plain success
the search ranks first; one naming a single word of it, one low in the search, or a plain
success under the first (it would take a lesson's place) is not."""

from __future__ import annotations

from agentmem import Hit
from agentmem.core.model import MemoryType, Outcome
from agentmem.retrieval.pack import BARE_NUMBER
from agentmem.retrieval.places import same_work
from agentmem.stores.bm25 import tokenize
from tests.test_pack import memory

TITLE = "Plan tomorrow's glaze batches for kiln 3"
TAGS = ["shelving", "rota"]
QUERY = " ".join([TITLE, *[" ".join(TAGS)] * 4])
SUBJECT = set(tokenize(BARE_NUMBER.sub("", " ".join([TITLE, *TAGS]))))


def record(n: int, score: float, goal: str, outcome: Outcome = Outcome.FAILURE) -> Hit:
    text = f"Run 2026-03-0{n}-r{n}: {goal} ended in {outcome.value}. Failed: kiln-log."
    kind = MemoryType.EPISODIC
    return Hit(memory=memory(n, kind, 1.0, text, outcome=outcome), score=score)


TAGGED = record(1, 8.0, "Move the shelving rota to the winter hours", Outcome.SUCCESS)


def kept(*records: Hit) -> set[int]:
    found = same_work(list(records), QUERY, (), SUBJECT)
    return {int(h.memory.id.rsplit("-", 1)[1], 16) for h in found}


def test_a_failure_at_the_top_naming_the_goals_subject_is_the_same_work() -> None:
    """The run the search ranks first names the title's "glaze batches": it stays beside
    the run that names two tags, though its weighted overlap is under half of that run's."""
    top = record(2, 10.0, "Fire the first glaze batches")
    assert kept(TAGGED, top) == {1, 2}


def test_a_failure_at_the_top_naming_one_word_of_the_subject_stays_out() -> None:
    """One shared word ("kiln") is a run of the app on other work, however it scores."""
    top = record(2, 10.0, "Sort the kiln shelf inventory")
    assert kept(TAGGED, top) == {1}


def test_a_failure_low_in_the_search_naming_the_subject_stays_out() -> None:
    """Two words of the subject in a run's goal are not enough when its whole record
    scores far under the best: the goal's search does not find it on the goal's work."""
    low = record(2, 5.0, "Glaze batches for the summer fair")
    assert kept(TAGGED, low) == {1}


def test_the_success_the_search_ranks_first_naming_the_subject_is_the_same_work() -> None:
    """A plain success the search ranks first, its goal naming the subject, is the goal's
    own work: the pack's one success place is the run nearest the goal, not one that names
    a tag (its accounts of the work, "every truck gets a strip test before unload", were
    cut while a run on other work of the same tag stayed)."""
    top = record(2, 10.0, "Fire the first glaze batches", Outcome.SUCCESS)
    assert kept(TAGGED, top) == {1, 2}


def test_a_success_under_the_first_naming_the_subject_stays_out() -> None:
    """A plain success the search ranks under the best record is read by its goal alone: a
    pack holds one, and the nearest run's place is not for it."""
    first = record(1, 10.0, "Move the shelving rota to the winter hours", Outcome.SUCCESS)
    near = record(2, 9.0, "Fire the first glaze batches", Outcome.SUCCESS)
    assert kept(first, near) == {1}
