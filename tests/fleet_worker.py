"""One loop of the fleet test: fires hooks C and B in turn against the postgres backend.

Usage: python -m tests.fleet_worker ROOT URL SCHEMA WORKER FIRES ACK_DIR

Even fires are hook C (post_run_classify: an episode with a token only this fire has, and
a lesson; every fourth lesson is shared by all workers, so two loops write the same
content). Odd fires are hook B (pre_spawn_pack), then "the next search": one search for
this worker's last accepted episode and one for the last episode another worker
acknowledged. Each fire appends one JSON line to ACK_DIR/WORKER.jsonl, fsync'd, after the
fire returned: what it accepted, whether the searches found what they looked for, and
whether the server answered (a search answered from the files says so).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from agentmem import MemoryHooks
from agentmem.settings import HOOK_FLAGS, settings_from_values
from agentmem.stores.postgres import PostgresStore


def token(worker: int, fire: int) -> str:
    return f"zq{worker}x{fire}t"


def last_acked(ack_dir: Path, worker: int) -> dict[str, Any] | None:
    """The newest episode another worker acknowledged (its last complete line); one that
    was owed when acknowledged is on the server only once replayed, so it is not asked for."""
    try:
        lines = (ack_dir / f"{worker}.jsonl").read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return None
    for line in reversed(lines):
        entry = json.loads(line)
        if entry.get("episode"):
            return dict(entry)
    return None


def found(store: PostgresStore, entry: dict[str, Any]) -> tuple[bool, bool]:
    """(found, answered by the server) for one acknowledged episode."""
    hits = store.search(f"{entry['token']} ended", k=5, touch=False)
    return entry["episode"] in {h.memory.id for h in hits}, store.answered_by == "server"


def main() -> None:
    root, url, schema = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
    worker, fires, ack_dir = int(sys.argv[4]), int(sys.argv[5]), Path(sys.argv[6])
    workers = int(os.environ.get("FLEET_WORKERS", "8"))
    values = {
        "AGENTMEM_ROOT": str(root),
        "AGENTMEM_USER_ID": "fleet",
        "AGENTMEM_ENABLED": "true",
        HOOK_FLAGS[next(h for h in HOOK_FLAGS if h.value == "post_run_classify")]: "true",
        HOOK_FLAGS[next(h for h in HOOK_FLAGS if h.value == "pre_spawn_pack")]: "true",
    }
    settings = settings_from_values(values, root.parent)
    store = PostgresStore(root, url, schema=schema, timeout_s=0.5, replay_interval_s=1.0)
    hooks = MemoryHooks(settings, store=store)
    rng = random.Random(worker)
    ack = os.open(ack_dir / f"{worker}.jsonl", os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    mine: dict[str, Any] | None = None
    spawn = Path(tempfile.mkdtemp(prefix=f"fleet-{worker}-"))
    print("ready", flush=True)
    for fire in range(fires):
        entry: dict[str, Any] = {"worker": worker, "fire": fire}
        if fire % 2 == 0:
            shared = fire % 8 == 0
            lesson = (
                f"Shared lesson {fire}: retry the vendor client after a 429 answer."
                if shared
                else f"Worker {worker} lesson {fire}: page size {rng.randint(10, 999)} is safe."
            )
            result = hooks.post_run_classify(
                run={
                    # one run per fire: hook C keeps one record per run_id
                    "run_id": f"2026-03-0{1 + worker % 2}-w{worker}-f{fire}",
                    "goal": f"ship {token(worker, fire)} for the fleet",
                    "outcome": "success",
                    "verifiers": [{"name": "tests", "passed": True}],
                    "lessons": [{"text": lesson, "evidence": ["tests"]}],
                }
            )
            accepted = list(result.writes.accepted)
            entry.update(
                ok=result.ok,
                accepted=accepted,
                duplicates=list(result.writes.duplicates),
                rejected=len(result.writes.rejected),
                episode=accepted[0] if accepted else None,
                token=token(worker, fire),
                owed=len(store.outbox),
                # on the server when the fire returned, or owed until a replay
                pending=bool(accepted) and store.outbox.get(accepted[0]) is not None,
            )
            if entry["episode"]:
                mine = entry
        else:
            result = hooks.pre_spawn_pack(
                goal={"title": f"continue {token(worker, fire - 1)}"}, worker_dir=spawn
            )
            entry["ok"] = result.ok
            if mine is not None:
                entry["own_found"], entry["own_server"] = found(store, mine)
                entry["own_pending"], entry["own_fire"] = mine["pending"], mine["fire"]
            other = last_acked(ack_dir, rng.choice([w for w in range(workers) if w != worker]))
            if other is not None and not other["pending"]:
                entry["other"] = other["episode"]
                entry["other_root"] = other.get("root")
                entry["other_found"], entry["other_server"] = found(store, other)
        entry["root"] = str(root)
        os.write(ack, (json.dumps(entry) + "\n").encode())
        os.fsync(ack)
    os.close(ack)
    store.close()
    shutil.rmtree(spawn, ignore_errors=True)  # the worker folder hook B packed into


if __name__ == "__main__":
    main()
