"""Issue 17's per-process memo of text readings (`agentmem.core.textcache`): a reading is
kept by the text itself (a changed text is a new key, never a stale answer), each memo is
bounded, the judge answers the same cold or warm and in any order, no caller changes an
answer it was given by a memo, and a draft judged again reads no text anew."""

from __future__ import annotations

import threading

import pytest

from agentmem.core import textcache
from agentmem.core.held import Held, judge
from agentmem.core.setkeys import settings
from agentmem.core.textcache import MAXSIZE, MEMOS, textcached
from tests.conftest import pair_texts


def _verdicts(pairs: list[tuple[str, str]], cold: bool) -> list[tuple[str | None, list[str]]]:
    out = []
    for new, old in pairs:
        if cold:
            textcache.clear()
        found = judge(new, [Held("h1", old, "semantic")], "semantic")
        out.append((found.restates, list(found.replaces)))
    return out


def test_a_reading_is_kept_by_its_text_and_a_changed_text_is_read_anew() -> None:
    """The text is the key: the same text answers from the memo, an edited one (a memory
    updated in place) is read again and gets its own answer."""
    calls: list[str] = []

    @textcached
    def keys(text: str) -> frozenset[str]:
        calls.append(text)
        return frozenset(w for w in text.split() if "=" in w)

    assert keys("set RETRY_MAX=3 now") == {"RETRY_MAX=3"}
    assert keys("set RETRY_MAX=3 now") == {"RETRY_MAX=3"}
    assert keys("set RETRY_MAX=5 now") == {"RETRY_MAX=5"}
    assert calls == ["set RETRY_MAX=3 now", "set RETRY_MAX=5 now"]


def test_keyword_arguments_are_part_of_the_key() -> None:
    """A call with a keyword is its own entry, and `changed` asks it again as it was made."""

    @textcached
    def window(text: str, words: int = 2) -> str:
        return " ".join(text.split()[:words])

    assert window("a b c d") == "a b"
    assert window("a b c d", words=3) == "a b c"
    assert window("a b c d", 3) == "a b c"
    assert window.memo.changed() == []  # type: ignore[attr-defined]


def test_a_memo_is_bounded_and_still_answers_right_past_its_bound() -> None:
    """A memo keeps at most `maxsize` entries, the oldest dropped first; every answer is
    the function's whatever was dropped."""

    @textcached(maxsize=3)
    def length(text: str) -> int:
        return len(text)

    for n in range(50):
        assert length("x" * n) == n
        assert len(length.memo.entries) <= 3  # type: ignore[attr-defined]
    assert set(length.memo.entries) == {("x" * 47,), ("x" * 48,), ("x" * 49,)}  # type: ignore[attr-defined]


def test_every_memo_of_the_judge_is_bounded() -> None:
    """Every reading the judge memoises is bounded, so a writer's memory cannot grow with
    the texts it meets (at most MAXSIZE entries a memo)."""
    assert len(MEMOS) >= 30
    assert all(0 < memo.maxsize <= MAXSIZE for memo in MEMOS)
    assert "agentmem.core.setkeys.settings" in textcache.sizes()


def test_the_judge_answers_the_same_cold_warm_and_in_any_order() -> None:
    """Each pair judged with every memo emptied first, and all pairs judged with the memos
    warm in the reverse order: the same verdicts."""
    pairs = pair_texts()
    assert len(pairs) > 100
    cold = _verdicts(pairs, cold=True)
    textcache.clear()
    warm = _verdicts(list(reversed(pairs)), cold=False)[::-1]
    again = _verdicts(pairs, cold=False)
    assert cold == warm == again
    assert any(r for _, r in cold) and not all(r for _, r in cold)  # replaced, and not


def test_no_caller_changes_an_answer_a_memo_gave_it() -> None:
    """A reading returned as a dict or a list is shared by every caller of that text: after
    judging real pairs, every kept answer is still what the function answers."""
    textcache.clear()
    _verdicts(pair_texts(), cold=False)
    assert sum(textcache.sizes().values()) > 0
    assert textcache.changed() == {}


def test_a_draft_judged_again_reads_no_text_anew() -> None:
    """The second time a draft meets the same held texts, every memoised reading answers
    from its memo (no entry added)."""
    textcache.clear()
    draft = "RETRY_MAX=5 is deployed to production; the kiln doors wait 75 s now."
    held = [
        Held("h1", "The kiln doors wait 45 s (DOOR_WAIT_S=45) before the next load.", "semantic"),
        Held("h2", "RETRY_MAX=3 in production since the April outage.", "semantic"),
    ]
    first = judge(draft, held, "semantic")
    kept = textcache.sizes()
    assert kept["agentmem.core.setkeys.settings"] >= 3
    second = judge(draft, held, "semantic")
    assert textcache.sizes() == kept
    assert (first.restates, first.replaces) == (second.restates, second.replaces)


def test_a_memo_shared_by_threads_stays_bounded_and_raises_nothing() -> None:
    """Writers of one process share the memos: past the bound, concurrent calls drop the
    oldest entries (a miss takes the memo's lock), never hold more, and answer right."""

    @textcached(maxsize=8)
    def upper(text: str) -> str:
        return text.upper()

    errors: list[BaseException] = []

    def work(offset: int) -> None:
        try:
            for n in range(2000):
                text = f"t{(n + offset) % 40}"
                assert upper(text) == text.upper()
        except BaseException as exc:  # reported by the main thread
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(upper.memo.entries) <= 8  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "text",
    ["k=v " * 25_000, "\ud800 RETRY_MAX=3 \udfff" * 5_000, "9" * 100_000],
)
def test_hostile_texts_are_kept_like_any_other(text: str) -> None:
    """A 100 KB text, surrogates included, is a key like any other: read once, then served
    from the memo."""
    first = settings(text)
    assert settings(text) is first
