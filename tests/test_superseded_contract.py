"""Two rules every backend keeps for packs and synthesis: `Filters(include_superseded=False)`
leaves out a memory another one supersedes (which stays readable by id), and the store's
`clock` is what "now" means for decay."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from agentmem.stores.base import Filters
from tests.backends import Opener
from tests.test_store_contract import NOW, mem

OLD = mem("semantic-rotate01", "Staging credentials rotate every Monday at 06:00 UTC.")
NEW = mem(
    "semantic-rotate02",
    "Staging credentials now rotate every Thursday at 06:00 UTC.",
    supersedes=["semantic-rotate01"],
)


def test_superseded_memories_leave_reads_that_ask_so(backend: Opener, root: Path) -> None:
    """Asked to leave superseded memories out, search and list return only the new one; a
    plain search still finds the old one (ranked down) and get still reads it."""
    store = backend.open(root)
    store.put(OLD)
    store.put(NEW)
    live = Filters(include_superseded=False)
    assert [h.memory.id for h in store.search("staging credentials rotate", 5, live)] == [NEW.id]
    assert [m.id for m in store.list(live)] == [NEW.id]
    assert OLD.id in {h.memory.id for h in store.search("staging credentials rotate", 5)}
    assert store.get(OLD.id, touch=False).text == OLD.text


def test_decay_reads_the_stores_clock(backend: Opener, root: Path) -> None:
    """A store whose clock stands 30 days after a memory was written ranks it with the decay
    of 30 days, whatever the wall clock says."""
    store = backend.open(root)
    store.put(OLD)
    store.clock = lambda: NOW + timedelta(days=30)  # type: ignore[attr-defined]
    [hit] = store.search("staging credentials rotate", 1, explain=True, touch=False)
    assert abs(hit.explain["decay"] - 0.4066) < 0.001  # exp(-0.03 × 30)
