"""One writer process for the crash-safety test: writes memories through the real Harvester
and acknowledges each one (an fsync'd line in its ack file) only after `submit` returned.

Usage: python crash_writer.py ROOT ACK_FILE WORKER ROUND COUNT
A third of the texts are shared by every worker of the round, so dedup across processes
is exercised too. Prints "ready" once imported, so the parent times its kill from there.
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

import structlog

from agentmem.core.writer import Harvester
from agentmem.settings import settings_from_values
from agentmem.stores import FileStore


def main() -> None:
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))
    root, ack_file = Path(sys.argv[1]), Path(sys.argv[2])
    worker, round_, count = int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    settings = settings_from_values(
        {"AGENTMEM_ROOT": str(root), "AGENTMEM_USER_ID": "crash"}, base_dir=root.parent
    )
    harvester = Harvester(settings, FileStore(root))
    ack = os.open(ack_file, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    print("ready", flush=True)
    for i in range(count):
        if i % 3 == 0:
            text = f"Shared lesson {i} of round {round_}: retry the vendor client on 429."
        else:
            text = f"Worker {worker} round {round_} memory {i}: pagination stops at 100 items."
        draft = {"text": text, "type": "semantic", "confidence": 0.8, "tags": ["crash"]}
        outcome = harvester.submit(draft, trigger="manual")
        if outcome.memory_id is None:
            raise SystemExit(f"draft {i} was not held: {outcome.status} {outcome.problems}")
        os.write(ack, f"{outcome.memory_id}\n".encode())
        os.fsync(ack)
    os.close(ack)


if __name__ == "__main__":
    main()
