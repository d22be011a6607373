"""Hot and cold state: the hot file stays under its cap and cools after 5 idle ticks."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from structlog.testing import capture_logs

from agentmem.tiers import HotOverBudget, HotState, TierInputError


def test_hot_file_never_exceeds_its_cap(root: Path) -> None:
    """Hundreds of random writes, ticks and reads: after every one the hot file is ≤ 4096
    bytes; each refused write reports a size over the cap and changes nothing."""
    hot = HotState(root)
    rng = random.Random(4)
    refused = 0
    for step in range(400):
        action = rng.random()
        if action < 0.7:
            key = f"k{rng.randrange(40)}"
            value = "v" * rng.randrange(1, 900)
            before = hot.hot_path.read_bytes() if hot.hot_path.exists() else b""
            error: HotOverBudget | None = None
            try:
                assert hot.set(key, value) == hot.size()
            except HotOverBudget as exc:
                error = exc
            if error is not None:
                refused += 1
                assert error.size > 4096 and error.cap == 4096 and str(error.size) in str(error)
                assert (hot.hot_path.read_bytes() if hot.hot_path.exists() else b"") == before
        elif action < 0.9:
            hot.tick()
        elif hot.items("cold"):
            hot.get(rng.choice(sorted(hot.items("cold"))))
        assert hot.size() <= 4096, f"step {step}: {hot.size()} bytes"
    assert refused > 0  # the run did push against the cap


def test_an_over_budget_write_is_refused_with_the_size(root: Path) -> None:
    """The refusal names the key, the size the file would have had and the cap."""
    hot = HotState(root)
    hot.set("goal", "ship the tiers")
    before = hot.hot_path.read_bytes()
    with pytest.raises(HotOverBudget) as caught:
        hot.set("blob", "x" * 5000)
    expected = len(json.dumps({"blob": "x" * 5000, "goal": "ship the tiers"}, indent=0)) + 1
    assert (caught.value.key, caught.value.size, caught.value.cap) == ("blob", expected, 4096)
    assert hot.hot_path.read_bytes() == before


def test_a_key_unreferenced_for_5_ticks_moves_to_cold(root: Path) -> None:
    """After 4 idle ticks a key is still hot; the 5th moves it to the cold file."""
    hot = HotState(root)
    hot.set("blocker", "vendor API 400s")
    for _ in range(4):
        assert hot.tick().demoted == []
    assert "blocker" in hot.items("hot")
    tick = hot.tick()
    assert tick.demoted == ["blocker"]
    assert "blocker" not in hot.items("hot")
    assert json.loads(hot.cold_path.read_text()) == {"blocker": "vendor API 400s"}


def test_a_reference_keeps_a_key_hot(root: Path) -> None:
    """Reading a key resets its count: one read every 4 ticks keeps it hot indefinitely."""
    hot = HotState(root)
    hot.set("goal", "ship")
    hot.set("idle", "never read")
    for i in range(1, 13):
        if i % 4 == 0:
            assert hot.get("goal") == ("ship", "hot")
        hot.tick()
    assert list(hot.items("hot")) == ["goal"]
    assert list(hot.items("cold")) == ["idle"]


def test_cold_is_read_on_demand_and_comes_back_hot(root: Path) -> None:
    """A cold key read again returns its value and, since it fits, is hot again."""
    hot = HotState(root)
    hot.set("old", 42)
    for _ in range(5):
        hot.tick()
    assert hot.get("old") == (42, "cold")
    assert hot.items("hot") == {"old": 42}
    assert hot.items("cold") == {}


def test_every_tick_reports_the_hot_size(root: Path) -> None:
    """Each tick returns and logs the hot file's size and the cap."""
    hot = HotState(root)
    hot.set("goal", "ship")
    with capture_logs() as logs:
        tick = hot.tick()
    assert tick.size_bytes == hot.hot_path.stat().st_size
    event = next(e for e in logs if e["event"] == "hot_tick")
    assert event["size_bytes"] == tick.size_bytes and event["cap_bytes"] == 4096


@pytest.mark.parametrize("key", ["", "has space", "../x", "9lives"])
def test_bad_keys_are_refused(root: Path, key: str) -> None:
    """A key is a plain identifier; anything else is bad input naming the field."""
    with pytest.raises(TierInputError) as caught:
        HotState(root).set(key, 1)
    assert caught.value.field == "key"
