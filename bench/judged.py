"""What a writer's judge is given, counted: for `bench/scale_pg.py`'s writers (does the
candidate set grow with the store, or with the other writers' new rows?)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any


class Judged:
    """What this writer's judge was given: drafts judged, held memories weighed, those of
    them written today (the fleet's new rows, not the loaded store's), and the held texts
    it read for the first time in this process (`statement.terms`' cache misses)."""

    def __init__(self) -> None:
        from agentmem.core.statement import terms

        self.drafts = self.held = self.fresh = 0
        self.today = datetime.now(UTC).date().isoformat()
        self.misses = terms.cache_info().misses
        self.terms = terms

    def counts(self) -> dict[str, int]:
        return {
            "drafts": self.drafts,
            "held": self.held,
            "held_today": self.fresh,
            "texts_read": self.terms.cache_info().misses - self.misses,
        }


def judged() -> Judged:
    """Count what `verdict.judge` is given from now on (see `Judged`)."""
    from agentmem.core import verdict

    seen = Judged()
    real = verdict.judge

    def counted(draft: str, held: Any, draft_type: str | None = None) -> Any:
        held = list(held)
        seen.drafts += 1
        seen.held += len(held)
        seen.fresh += sum(1 for m in held if seen.today in m.written)
        return real(draft, held, draft_type)

    verdict.judge = counted  # type: ignore[assignment]
    return seen
