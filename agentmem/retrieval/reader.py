"""The reader: read-only. Asks memory whole questions and hops, refining each query.

It plans up to 8 queries and stops when the top results stop changing, when it holds at
least 3 relevant memories, or after 8 queries. The query planner is a plugin point.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

from agentmem._log import get_logger
from agentmem.core.model import Hit, Memory
from agentmem.results import Hop
from agentmem.stores.base import Filters, ReadableStore
from agentmem.stores.bm25 import WORD, tokenize

MAX_QUERIES = 8
ENOUGH_RELEVANT = 3
RELEVANT_SHARE = 0.5  # a hit is relevant when it scores at least this share of the best one

log = get_logger()

StopReason = Literal["stable", "enough", "limit", "exhausted"]


class QueryPlanner(Protocol):
    """Proposes the next query from the question and what came back so far (None: done)."""

    def next_query(self, question: str, hops: Sequence[Hop], hits: Sequence[Hit]) -> str | None: ...


class FeedbackPlanner:
    """Deterministic default: the question first, then the question plus the strongest new
    terms of the top hits (pseudo-relevance feedback), each hop adding different terms."""

    def __init__(self, terms_per_hop: int = 3, top_hits: int = 3) -> None:
        self.terms_per_hop = terms_per_hop
        self.top_hits = top_hits

    def next_query(self, question: str, hops: Sequence[Hop], hits: Sequence[Hit]) -> str | None:
        if not hops:
            return question
        used = set(tokenize(" ".join(h.query for h in hops)))
        counts: Counter[str] = Counter()
        surface: dict[str, str] = {}  # stem -> the word as the memory wrote it, for the log
        for hit in hits[: self.top_hits]:
            for word in WORD.findall(hit.memory.text):
                for stem in tokenize(word):
                    if stem not in used:
                        counts[stem] += 1
                        surface.setdefault(stem, word.lower())
        new_terms = [surface[stem] for stem, _ in counts.most_common(self.terms_per_hop)]
        return f"{question} {' '.join(new_terms)}" if new_terms else None


PLANNER_PROMPT = """You plan searches of an agent's memory (BM25 over short notes).
Question: {question}
Queries asked so far, with what came back:
{trail}
Best memories so far:
{hits}
Reply with ONE new search query (a whole question, different from those asked) that
would find what is still missing, or DONE if the memories above answer the question."""
HIT_CHARS = 200


class ModelPlanner:
    """The host's model as the planner: `complete` is any prompt -> reply function.

    The first query is the question itself (no model call); each later one is the model's
    reply, first line only. "DONE" or an empty reply ends the read.
    """

    def __init__(self, complete: Callable[[str], str], shown_hits: int = 5) -> None:
        self.complete = complete
        self.shown_hits = shown_hits

    def next_query(self, question: str, hops: Sequence[Hop], hits: Sequence[Hit]) -> str | None:
        if not hops:
            return question
        trail = "\n".join(f"- {h.query} -> {', '.join(h.ids[:3]) or 'nothing'}" for h in hops)
        shown = "\n".join(
            f"- [{h.memory.id}] {h.memory.text[:HIT_CHARS]}" for h in hits[: self.shown_hits]
        )
        prompt = PLANNER_PROMPT.format(question=question, trail=trail, hits=shown or "- none")
        reply = next((line for line in self.complete(prompt).splitlines() if line.strip()), "")
        query = reply.strip().strip("\"'`").strip()
        return None if not query or query.upper().rstrip(".") == "DONE" else query


@dataclass
class Answer:
    """What the reader found for one question, and how."""

    question: str
    hits: list[Hit]
    hops: list[Hop] = field(default_factory=list)
    stop: StopReason = "exhausted"

    @property
    def memories(self) -> list[Memory]:
        return [h.memory for h in self.hits]


class Reader:
    """Searches through a read-only view of the store. It has no method that writes.

    `touch=False` reads without updating last access (what a benchmark wants, so one
    question's reads do not change the next one's decay).
    """

    def __init__(
        self, store: ReadableStore, planner: QueryPlanner | None = None, *, touch: bool = True
    ) -> None:
        self._store = store
        self.planner: QueryPlanner = planner or FeedbackPlanner()
        self.touch = touch

    def search(
        self, query: str, k: int = 10, filters: Filters | None = None, *, explain: bool = False
    ) -> list[Hit]:
        return self._store.search(query, k, filters, touch=self.touch, explain=explain)

    def get(self, memory_id: str) -> Memory:
        return self._store.get(memory_id, touch=self.touch)

    def list(self, filters: Filters | None = None) -> list[Memory]:
        return self._store.list(filters)

    def ask(
        self,
        question: str,
        k: int = 10,
        filters: Filters | None = None,
        max_queries: int = MAX_QUERIES,
        *,
        explain: bool = False,
    ) -> Answer:
        """Hop until stable, enough or at the limit; return the merged hits.

        Merged by first appearance: every hit of the first hop, in its order, then what
        each later hop added. Re-ranking by the feedback queries' scores lost recall on
        LoCoMo (README, "Retrieval"), so later hops only add memories the question missed.
        """
        answer = Answer(question=question, hits=[])
        held: dict[str, Hit] = {}
        relevant: set[str] = set()
        previous: list[str] | None = None
        while True:
            if len(answer.hops) >= max_queries:
                answer.stop = "limit"
                break
            query = self.planner.next_query(question, answer.hops, answer.hits)
            if query is None or query in {h.query for h in answer.hops}:
                answer.stop = "exhausted"
                break
            hits = self.search(query, k, filters, explain=explain)
            answer.hops.append(
                Hop(
                    query=query,
                    ids=[h.memory.id for h in hits],
                    scores=[round(h.score, 6) for h in hits],
                )
            )
            for hit in hits:
                held.setdefault(hit.memory.id, hit)
            answer.hits = list(held.values())[:k]
            top = [h.memory.id for h in hits[:ENOUGH_RELEVANT]]
            if previous is not None and top == previous:
                answer.stop = "stable"
                break
            relevant.update(_relevant(hits))
            if len(relevant) >= ENOUGH_RELEVANT:
                answer.stop = "enough"
                break
            previous = top
        log.debug(
            "reader_answer",
            question=question,
            stop=answer.stop,
            hops=[h.model_dump() for h in answer.hops],
        )
        return answer


def own_words(title: str, description: str = "", tags: Sequence[str] = ()) -> str:
    """What a hook searches for about a goal or a bundle: its own title, description and
    tags, and nothing of the hook's framing ("What should a worker know before …" once
    searched for `worker` and `before`, pulling "Before …" lessons into unrelated packs)."""
    parts = [title.strip(), description.strip(), " ".join(t.strip() for t in tags)]
    joined = " ".join(dict.fromkeys(joins(f"{title} {description}")))
    return " ".join(p for p in [*parts, joined] if p)


# A word written with a hyphen ("re-send", "sign-off", "on-call") is often written as one
# word elsewhere ("resend", "signoff", "oncall"); the tokenizer splits the first into its
# parts, so the question also asks for the word written whole.
HYPHENATED = re.compile(r"\b[A-Za-z]{2,}(?:-[A-Za-z]{2,})+\b")


def joins(text: str) -> list[str]:
    """The hyphenated words of `text`, written whole ("re-send" → "resend")."""
    return [m.group(0).replace("-", "") for m in HYPHENATED.finditer(text)]


def _relevant(hits: Sequence[Hit]) -> list[str]:
    """Ids of the hits scoring at least RELEVANT_SHARE of their query's best hit."""
    if not hits or hits[0].score <= 0:
        return []
    floor = hits[0].score * RELEVANT_SHARE
    return [h.memory.id for h in hits if h.score >= floor and h.score > 0]
