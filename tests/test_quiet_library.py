"""A library keeps quiet in its host: events go where the host's logging set-up says.

Each case runs a small host program in a fresh interpreter, so no structlog or logging
configuration left by other tests can hide or fake the behaviour.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

HOST = """
import json, logging, sys
{setup}
from agentmem import MemoryHooks
env = {{"AGENTMEM_ENABLED": "true", "AGENTMEM_HOOK_POST_RUN": "true",
        "AGENTMEM_ROOT": sys.argv[1], "AGENTMEM_USER_ID": "host"}}
hooks = MemoryHooks.from_env(None, environ=env)
hooks.pre_spawn_pack(goal={{"title": "gated off"}})
result = hooks.post_run_classify(run={{"run_id": "2026-05-01-r1", "goal": "Ship it",
                                      "outcome": "success"}})
assert result.ok, result
"""


def run_host(tmp_path: Path, setup: str = "") -> subprocess.CompletedProcess[str]:
    program = textwrap.dedent(HOST.format(setup=textwrap.dedent(setup)))
    return subprocess.run(
        [sys.executable, "-c", program, str(tmp_path / "memory")],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )


def test_a_host_that_set_up_no_logging_sees_nothing_on_stdout_or_stderr(tmp_path: Path) -> None:
    """Firing hooks (one gated off, one that writes) prints nothing into a host that
    configured neither logging nor structlog: events go to the `agentmem` stdlib logger,
    which only has a NullHandler."""
    done = run_host(tmp_path)
    assert done.stdout == ""
    assert done.stderr == ""


def test_a_host_with_stdlib_logging_at_info_sees_every_fire(tmp_path: Path) -> None:
    """The three lines the README shows are enough to see the events, one per fire, with
    their fields (the hook, ok, the writes)."""
    done = run_host(tmp_path, "logging.basicConfig(level=logging.INFO)")
    lines = [line for line in done.stderr.splitlines() if "hook_run" in line]
    assert len(lines) == 2
    assert lines[0].startswith("INFO:agentmem:") and "'skipped': True" in lines[0]
    assert "'hook': 'post_run_classify'" in lines[1] and "'ok': True" in lines[1]
    assert done.stdout == ""


def test_a_host_rendering_stdlib_logging_with_structlog_gets_structlog_events(
    tmp_path: Path,
) -> None:
    """structlog's stdlib integration (ProcessorFormatter) renders agentmem's records as
    structlog events: here as JSON with the event's own fields."""
    setup = """
        import structlog
        handler = logging.StreamHandler(sys.stdout)
        handler.setFormatter(structlog.stdlib.ProcessorFormatter(
            processors=[structlog.stdlib.ProcessorFormatter.remove_processors_meta,
                        structlog.processors.JSONRenderer()]))
        logging.getLogger("agentmem").addHandler(handler)
        logging.getLogger("agentmem").setLevel(logging.INFO)
    """
    done = run_host(tmp_path, setup)
    events = [json.loads(line) for line in done.stdout.splitlines()]
    events = [e for e in events if e["event"] == "hook_run"]
    assert len(events) == 2
    assert events[1]["hook"] == "post_run_classify" and events[1]["ok"] is True
    assert events[1]["writes"]["attempted"] == 1


def test_a_host_that_configured_structlog_gets_the_events_in_its_pipeline(
    tmp_path: Path,
) -> None:
    """A host that configured structlog itself decided where events go: they join its
    pipeline (here, printed by structlog's PrintLogger on stdout)."""
    setup = """
        import structlog
        structlog.configure(processors=[structlog.processors.JSONRenderer()])
    """
    done = run_host(tmp_path, setup)
    assert done.stdout.count('"event": "hook_run"') == 2


def test_a_host_on_structlogs_production_set_up_gets_events_at_its_level(tmp_path: Path) -> None:
    """structlog's production advice (a level-filtering logger, cached on first use): at
    INFO every fire is an event, the gated-off one included (a gated-off fire asks the
    logger before it builds the event, so this pins that it still asks the right one);
    at WARNING nothing prints."""
    setup = """
        import structlog
        structlog.configure(
            processors=[structlog.processors.JSONRenderer()],
            wrapper_class=structlog.make_filtering_bound_logger(logging.{level}),
            cache_logger_on_first_use=True,
        )
    """
    done = run_host(tmp_path / "info", setup.format(level="INFO"))
    events = [json.loads(line) for line in done.stdout.splitlines()]
    assert [(e["hook"], e["skipped"]) for e in events if e["event"] == "hook_run"] == [
        ("pre_spawn_pack", True),
        ("post_run_classify", False),
    ]
    quiet = run_host(tmp_path / "warning", setup.format(level="WARNING"))
    assert quiet.stdout == "" and quiet.stderr == ""
