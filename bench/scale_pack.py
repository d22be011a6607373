"""Hook B's pack at scale: what `bench/scale.py` times as "hook B pack".

Hook B does not pack the reader's answer: `for_worker` (`agentmem.retrieval.select`) runs
the goal's searches (lessons, run records, every lesson replaced ones included, every app),
follows replacements, looks for the fix of each packed failure and the lessons on its
words (`agentmem.retrieval.fixrun`), sifts them all (the read-time filters), then the pack
is built. Here the hook's own function runs on a `Tools` over the store (searches touch,
as a fire's do), and each pack's store searches are counted from the tools' own tally.

The scale corpus's runs are shaped for that path (`loop_record`): a run's memories belong
to one app; a run's first record is a failure in one run of three, and its second record,
minutes later, does the same goal again and goes well (the fix), with a lesson of that run
naming the goal; every eighth run's last lesson replaces the lesson of the same app's run
four runs before. Half of the pack goals are a run's goal (work memory has done), half
random words (work it has not).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from agentmem.contexts import Goal
from agentmem.core.model import content_key, memory_id
from agentmem.retrieval.reader import Reader
from agentmem.settings import settings_from_values
from agentmem.stores.base import Store

GOAL_SEED = 20261203
RUN = 12  # memories per synthetic run (bench/scale.py's RUN_SIZE)
APPS = ["billing-api", "search-api", "web-app", "_global"]
FAILING = 3  # one run in three opens on a failure
REPLACING = 8  # one run in eight replaces an older lesson of its app
# Places in a run (types cycle semantic, procedural, episodic, reflective).
FAILED_AT, FIXED_AT, TAUGHT_AT, OTHER_AT, REPLACES_AT = 2, 6, 7, 10, 11


def run_goal(block: int, words: Sequence[str]) -> str:
    """The goal of synthetic run `block`: five words of the corpus, the same every time."""
    return " ".join(random.Random(GOAL_SEED + block).sample(list(words), 5))


def loop_record(
    data: dict[str, Any], i: int, words: Sequence[str], taught: dict[int, str]
) -> dict[str, Any]:
    """`bench.scale.record`'s memory i in the shape of a loop's run (module docstring);
    `taught` holds the lesson ids of earlier runs (kept across calls, in order of i)."""
    block, place = divmod(i, RUN)
    app = APPS[block % len(APPS)]
    goal = run_goal(block, words)
    text = data["text"]
    extra: dict[str, Any] = {}
    if place in (FAILED_AT, FIXED_AT, OTHER_AT):
        outcome = "failure" if place == FAILED_AT and block % FAILING == 0 else "success"
        said = goal if place != OTHER_AT else " ".join(text.rstrip(".").split()[:5]).lower()
        text = f"Run {data['run_id']}: {said} ended in {outcome}. {text}"
        extra["outcome"] = outcome
    elif place == TAUGHT_AT:
        text = f"{goal.capitalize()}: {text}"
    elif place == REPLACES_AT and block % REPLACING == 0 and block - len(APPS) in taught:
        old = block - len(APPS)  # the same app's run
        extra["supersedes"] = [taught[old]]
        text = f"{run_goal(old, words).capitalize()} now: {text}"
    kind = data["type"]
    out = {**data, **extra, "text": text, "app_id": app}
    out["id"] = memory_id(kind, content_key(f"{text} {i}", "bench", "executive", app))
    if place == TAUGHT_AT:
        taught[block] = out["id"]
        taught.pop(block - 2 * len(APPS), None)  # only the last few runs are replaced
    return out


def goals(n: int, count: int, words: Sequence[str]) -> list[Goal]:
    """`count` pack goals for a store of n: a run's goal or random words, by turns."""
    rng = random.Random(GOAL_SEED + n)
    blocks = max(1, n // RUN)
    out = []
    for j in range(count):
        block = rng.randrange(blocks)
        app = APPS[block % (len(APPS) - 1)] if j % 2 else APPS[block % len(APPS)]
        title = (
            " ".join(rng.sample(list(words), rng.randint(3, 6)))
            if j % 2
            else run_goal(block, words)
        )
        out.append(Goal(title=title.capitalize(), app_id=None if app == "_global" else app))
    return out


def hook_b(store: Store, root: Path, targets: Sequence[Goal]) -> dict[str, Any]:
    """Hook B's pack for each goal, timed, and the store searches each one made."""
    from agentmem.tools import Tools
    from bench.scale import percentiles
    from hooks.pre_spawn_pack import pre_spawn_pack

    settings = settings_from_values({"AGENTMEM_USER_ID": "bench", "AGENTMEM_ROOT": str(root)})
    ms: list[float] = []
    searches: list[int] = []
    failures = 0
    for goal in targets:
        tools = Tools(Reader(store), settings)
        started = time.perf_counter()
        pack = pre_spawn_pack(goal=goal, tools=tools).pack
        ms.append((time.perf_counter() - started) * 1000)
        searches.append(tools.calls["search_memory"])
        failures += pack is not None and any(" ended in failure." in e.text for e in pack.entries)
    p50, p95 = percentiles(ms)
    return {
        "hookb_pack_p50_ms": round(p50, 3),
        "hookb_pack_p95_ms": round(p95, 3),
        "hookb_searches_mean": round(sum(searches) / len(searches), 2),
        "hookb_searches_max": max(searches),
        "hookb_packs_with_failure": failures,
        "hookb_packs": len(targets),
    }
