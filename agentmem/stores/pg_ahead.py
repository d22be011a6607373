"""The writer's duplicate lookup on the postgres backend, and what its check asks next.

A write asked the server three things before its row: is this content held (by its
content key), how many memories hold each of the draft's words (the restatement check's
`pg_rank.distinctive`, to pick the rarest), then the check's ranking. The first two do
not depend on each other: one statement answers both (`LOOKUP`), and the check that
follows counts no word again. The counts are kept for this thread's every check of the
same add, not only the first: the writer's later checks (a sentence of the draft, its
text in every app, a name it withdraws) ask mostly the draft's own words, which were
counted each in a round trip of its own again (one more round trip for most adds). They
are dropped at this thread's next lookup, when the writer's add ends (`reached`), and when
this store writes or removes a row (its own draft, a replay), whose postings would change
them. A word counted a moment earlier picks the candidates as well as one counted afresh
(a count only chooses which words rank, never a score; see `pg_rank.distinctive`).

    store.find_duplicate_of(key, "the draft's text")   # one round trip
    store.lexical_search("the draft's text", 8, filters)  # counts no word again
    store.lexical_search("one sentence of it", 3, filters)  # nor its words
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from agentmem.stores.bm25 import tokenize
from agentmem.stores.canonical import CanonicalFiles
from agentmem.stores.pg_link import ServerLink
from agentmem.stores.pg_rank import KNOWN_MAX

# The held id of the content key (an InitPlan, run once), beside each asked word's count
# of memories up to cap + 1 (pg_rank.distinctive's count); one row with no word when none
# is asked.
LOOKUP = """
SELECT (SELECT id FROM memories WHERE content_key = %s), u.term,
    (SELECT count(*) FROM (SELECT 1 FROM postings p WHERE p.term = u.term LIMIT %s) AS x)
FROM (VALUES (1)) AS one(n) LEFT JOIN unnest(%s::text[]) AS u(term) ON true
"""


def lookup(conn: Any, key: str, words: list[str], cap: int) -> tuple[str | None, dict[str, int]]:
    """The id holding the content key (or None) and each word's count up to cap + 1."""
    rows = conn.execute(LOOKUP, (key, cap + 1, words)).fetchall()
    held = rows[0][0] if rows else None
    counts = {str(r[1]): int(r[2]) for r in rows if r[1] is not None}
    return (None if held is None else str(held)), counts


class DraftLookup(CanonicalFiles, ServerLink):
    """The duplicate lookups of PostgresStore: this root's files first, then the fleet's."""

    distinctive_cap: int
    distinctive_budget: int
    _term_counts: dict[str, int]  # words above the budget, remembered (pg_rank.distinctive)

    @property
    def _ahead(self) -> threading.local:
        """Per store and thread: the counts read with the last lookup."""
        made: threading.local = self.__dict__.setdefault("_ahead_local", threading.local())
        return made

    def find_duplicate(self, key: str) -> str | None:
        """This root's memory with the key, else the fleet's (None when the server is away)."""
        return self.find_duplicate_of(key, "")

    def find_duplicate_of(self, key: str, text: str) -> str | None:
        """`find_duplicate`, and in the same statement the counts the restatement check of
        `text` will ask (kept for this thread's next check; none for an empty text)."""
        self._ahead.counts = None
        if (local := super().find_duplicate(key)) is not None:
            return local
        words = sorted(set(tokenize(text)) - set(self._term_counts)) if text else []
        cap = self.distinctive_cap
        found = self._try("remote_lookup_failed", lambda conn: lookup(conn, key, words, cap))
        if found is None:
            return None
        held, counts = found
        if len(self._term_counts) > KNOWN_MAX:
            self._term_counts.clear()
        self._term_counts.update((t, n) for t, n in counts.items() if n > self.distinctive_budget)
        self._ahead.counts = (text, counts) if text else None
        return held

    def counted_ahead(self, text: str) -> dict[str, int]:
        """The counts the last lookup of this thread read, for any check of its add (the
        check asks again the words of `text` they lack)."""
        given: tuple[str, dict[str, int]] | None = getattr(self._ahead, "counts", None)
        return given[1] if given is not None else {}

    def forget_counts(self) -> None:
        """Drop the counts kept for this thread's checks (a row written or removed)."""
        self._ahead.counts = None

    @contextmanager
    def reached(self) -> Iterator[bool]:
        """ServerLink.reached, the counts kept for the add dropped when it ends."""
        try:
            with super().reached() as live:
                yield live
        finally:
            self.forget_counts()
