"""Fuzzing the CLI through click's CliRunner: random arguments to every command and option,
hostile paths for every path parameter, and random env values.

Every case runs in a fresh sandbox (tests/cli_sandbox.py): cwd, $HOME, $TMPDIR and the
memory root inside it, path arguments drawn inside it. Every case ends with a meaningful
exit code (0, 1 or 2) and no traceback, exit 2 carries an `Error:` line, and nothing is
written outside the sandbox. A NUL byte in any path is refused (exit 2) by name and value,
and changes nothing.

Cases tried per command, with their exit codes: `pytest tests/test_fuzz_cli.py -s`.
"""

from __future__ import annotations

import traceback
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agentmem.cli import main
from agentmem.settings import VARIABLES
from tests._quiet import quiet_structlog
from tests.cli_sandbox import PATHS, Sandbox, sandbox, seed, tree

__all__ = ["quiet_structlog"]  # autouse

FUZZ = settings(
    max_examples=150,
    deadline=None,
    database=None,  # the example database would be a write outside the sandbox
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
REMOTE = {"mem0", "mem0-platform"}  # rebuild --backend: a hosted or model-backed store
SERVER = ("mcp",)  # serves until stopped (stdin closed, or forever with --http): tests/test_mcp.py
SLOW = {("demo",), SERVER}  # the scripted loop (its own test); the server
EAGER = {"--help", "-h", "--version"}
CASES: Counter[str] = Counter()
EXITS: Counter[tuple[str, int]] = Counter()

VALUES = st.one_of(
    st.text(max_size=30),
    st.sampled_from(
        [
            "",
            "-",
            "--",
            "../../etc/passwd",
            "{box}/etc/passwd",
            "semantic-0123456789ab",
            "0.8",
            "-1",
            "1e309",
            "nan",
            "9" * 5000,
            "{}",
            '{"text": "x", "type": "semantic", "confidence": 0.8}',
            '{"run": {"run_id": "2026-11-29-r1", "goal": "g", "outcome": "success"}}',
            "[" * 10_000,
            "[1, 2",
            "@missing.json",
            "2026-02-30",
            "_global",
            "post_run_classify",
            "semantic",
            "\x00",
            "a\x00b",
            "\udcff",
        ]
    ),
    st.integers(-5, 10**6).map(str),
)
NUMBERS = st.one_of(
    st.integers(-3, 50).map(str), st.integers(-(10**20), 10**20).map(str), st.floats().map(str)
)
JUNK = st.one_of(st.sampled_from(["--bogus", "--help", "-h", "--json"]), VALUES)


def leaves(
    group: click.Group, prefix: tuple[str, ...] = ()
) -> dict[tuple[str, ...], click.Command]:
    found: dict[tuple[str, ...], click.Command] = {}
    for name, command in group.commands.items():
        if isinstance(command, click.Group):
            found |= leaves(command, (*prefix, name))
        else:
            found[(*prefix, name)] = command
    return found


LEAVES = leaves(main)
COMMANDS = sorted(set(LEAVES) - SLOW)


def values_for(param: click.Parameter) -> st.SearchStrategy[str]:
    kind = param.type
    if isinstance(kind, click.Path):
        return PATHS
    if isinstance(kind, click.Choice):
        valid = st.sampled_from([str(c) for c in kind.choices if c not in REMOTE])
        return st.one_of(valid, valid, valid, VALUES)  # mostly valid, to get past parsing
    if isinstance(kind, click.types.IntParamType | click.types.FloatParamType):
        return st.one_of(NUMBERS, VALUES)
    if isinstance(kind, click.DateTime):
        return st.one_of(st.dates().map(str), VALUES)
    return st.one_of(VALUES, PATHS.map(lambda p: "@" + p))  # @FILE for the JSON options


@st.composite
def chunks_for(draw: st.DrawFn, command: click.Command) -> list[list[str]]:
    """Arguments (usually given), then options with values of their kind."""
    chunks = [
        [draw(values_for(p))]
        for p in command.params
        if isinstance(p, click.Argument) and draw(st.integers(0, 9))  # left out 1 in 10
    ]
    options = [p for p in command.params if isinstance(p, click.Option)]
    for option in draw(st.lists(st.sampled_from(options), max_size=4)) if options else []:
        flag = draw(st.sampled_from(option.opts))
        chunks.append([flag] if option.is_flag else [flag, draw(values_for(option))])
    return chunks


@st.composite
def invocations(draw: st.DrawFn, commands: list[tuple[str, ...]]) -> list[str]:
    """Main's options, a command (sub-commands included), its parameters and some junk."""
    path = draw(st.sampled_from(commands))
    head = draw(chunks_for(main)) if draw(st.integers(0, 3)) == 0 else []
    chunks = draw(chunks_for(LEAVES[path]))
    if draw(st.integers(0, 3)) == 0:  # junk 1 in 4: most cases should reach the command
        chunks.append([draw(JUNK)])
    if draw(st.booleans()):
        chunks = draw(st.permutations(chunks))
    return [*(a for c in head for a in c), *path, *(a for c in chunks for a in c)]


def command_of(args: list[str]) -> str:
    """The longest command path the argv names (for counting)."""
    words = [a for a in args if not a.startswith("-")]
    for size in (2, 1):
        for start in range(len(words)):
            if tuple(words[start : start + size]) in LEAVES:
                return " ".join(words[start : start + size])
    return "(none)"


def check(result: Result, args: list[str]) -> None:
    """An exit code that means something; a traceback never; exit 2 says why."""
    shown = f"{args!r}\n{result.output}"
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(shown + "".join(traceback.format_exception(result.exception)))
    assert result.exit_code in (0, 1, 2), shown
    assert "Traceback" not in result.output, shown
    if result.exit_code == 2:
        assert "Error: " in result.output or "rejected" in result.output, shown


def invoke(
    box: Sandbox, args: list[str], env: dict[str, str] | None = None, label: str | None = None
) -> Result:
    """One call with --root in the box, checked; nothing may change outside the box."""
    argv = ["--root", str(box.root), *(box.place(a) for a in args)]
    before = tree(box.outer, skip=box.box)
    result = CliRunner().invoke(main, argv, env={**box.env, **(env or {})})
    check(result, argv)
    assert tree(box.outer, skip=box.box) == before, f"{argv!r} wrote outside the sandbox"
    command = label or command_of(args)
    CASES[command] += 1
    EXITS[(command, result.exit_code)] += 1
    return result


@pytest.fixture(scope="module", autouse=True)
def case_counts() -> Iterator[None]:
    """Print the cases tried per command and their exit codes (shown with -s)."""
    yield
    print(f"\nCLI fuzz: {sum(CASES.values())} cases")
    for command, count in sorted(CASES.items()):
        codes = " ".join(f"exit{c}={EXITS[(command, c)]}" for c in (0, 1, 2))
        print(f"  {command:<14} {count:>4}  {codes}")


@pytest.fixture
def outer(tmp_path: Path) -> Path:
    seed(tmp_path)
    return tmp_path


@settings(FUZZ, max_examples=300)
@given(args=invocations(COMMANDS))
def test_random_arguments(outer: Path, args: list[str]) -> None:
    """Random parameters of every command but demo, hostile paths in every path
    parameter: an exit code, never a traceback, and no write outside the sandbox."""
    with sandbox(outer) as box:
        invoke(box, args)


@pytest.mark.slow
@settings(FUZZ, max_examples=3000)
@given(args=invocations(sorted(set(LEAVES) - {SERVER})).filter(lambda a: ".." not in a))
def test_random_arguments_at_length(outer: Path, args: list[str]) -> None:
    """The same promises over 3,000 cases, demo included, the server left out (`mcp --http`
    would serve forever) (`make test-slow`); what runs at
    this length found is pinned in tests/test_cli_hostile_input.py."""
    with sandbox(outer) as box:
        invoke(box, args)


@settings(FUZZ, max_examples=8)
@given(args=invocations([("demo",)]).filter(lambda a: ".." not in a))
def test_random_demo_arguments(outer: Path, args: list[str]) -> None:
    """demo with random options and --dir paths: the same promises, over a few examples.

    `--dir ..` is left out: it names the folder above the box, which is outside the box by
    construction (the demo writes only inside the folder it is given)."""
    with sandbox(outer) as box:
        invoke(box, args)


def test_the_sandbox_check_sees_a_stray_write(outer: Path) -> None:
    """The outside check is not vacuous: a snapshot sent two folders up, beside the box,
    fails it."""
    with sandbox(outer) as box, pytest.raises(AssertionError, match="outside the sandbox"):
        invoke(box, ["snapshot", "../../stray.json"])
    (outer / "stray.json").unlink()


# Every path parameter, in the smallest call that reaches it; P is the path under test.
NUL_CALLS: dict[str, tuple[str, list[str]]] = {
    "main --root": ("--root", ["--root", "P", "status"]),
    "main --env-file": ("--env-file", ["--env-file", "P", "status"]),
    "backfill PATH": ("PATH", ["backfill", "P", "--lane", "retros"]),
    "doctor --worker-env": ("--worker-env", ["doctor", "--worker-env", "P"]),
    "doctor --executive-env": (
        "--executive-env",
        ["doctor", "--worker-env", "good.env", "--executive-env", "P"],
    ),
    "fire --retro": ("--retro", ["fire", "post_retro_distill", "--retro", "P"]),
    "fire --worker-dir": ("--worker-dir", ["fire", "pre_spawn_pack", "--worker-dir", "P"]),
    "pack --worker-dir": ("--worker-dir", ["pack", "goal", "--worker-dir", "P"]),
    "snapshot PATH": ("PATH", ["snapshot", "P"]),
    "restore PATH": ("PATH", ["restore", "P"]),
    "audit --html": ("--html", ["audit", "--html", "P"]),
    "demo --dir": ("--dir", ["demo", "--dir", "P"]),
    "claude-code install --project": ("--project", ["claude-code", "install", "--project", "P"]),
    "claude-code uninstall --project": (
        "--project",
        ["claude-code", "uninstall", "--project", "P"],
    ),
}
WITH_NUL = st.builds(lambda p, at: p[:at] + "\x00" + p[at:], PATHS, st.integers(0, 40)).filter(
    lambda p: not p.startswith("-")  # an option, not a path, to click
)


def test_every_path_parameter_is_in_the_nul_fuzz() -> None:
    """A new path option cannot dodge the NUL fuzz: every click.Path parameter is listed."""
    found = {f"main {o}" for p in main.params if isinstance(p.type, click.Path) for o in p.opts}
    for path, command in LEAVES.items():
        for param in command.params:
            if isinstance(param.type, click.Path):
                name = param.opts[0] if isinstance(param, click.Option) else param.name.upper()
                found.add(f"{' '.join(path)} {name}")
    assert found == set(NUL_CALLS)


@settings(FUZZ, max_examples=60)
@given(which=st.sampled_from(sorted(NUL_CALLS)), value=WITH_NUL)
def test_nul_in_any_path_is_refused_by_name(outer: Path, which: str, value: str) -> None:
    """A NUL byte in any path parameter: exit 2, an error naming the parameter and the
    value, and nothing in the sandbox changed."""
    name, template = NUL_CALLS[which]
    with sandbox(outer) as box:
        inside = tree(box.box)
        args = [value if a == "P" else a for a in template]
        result = invoke(box, args)
        assert result.exit_code == 2, result.output
        error = next(line for line in result.output.splitlines() if line.startswith("Error: "))
        assert name in error and repr(box.place(value)) in error and "NUL" in error, error
        assert tree(box.box) == inside, f"{args!r} changed the sandbox"


PATH_VARIABLES = {v for v, spec in VARIABLES.items() if spec.parse.__name__ == "_path"}


@st.composite
def env_values(draw: st.DrawFn) -> tuple[str, str]:
    variable = draw(st.sampled_from(sorted(VARIABLES)))
    value = draw(PATHS if variable in PATH_VARIABLES else VALUES)
    return variable, value.replace("\x00", "")  # the OS cannot carry NUL in an env value


@FUZZ
@given(pair=env_values())
def test_random_env_values(outer: Path, pair: tuple[str, str]) -> None:
    """Any value of any setting: `status` runs (0) or names the variable (2)."""
    variable, value = pair
    with sandbox(outer) as box:
        env = {variable: box.place(value)}
        result = invoke(box, ["status", "--json"], env, label="status (env)")
        if result.exit_code == 2:
            assert variable in result.output, result.output


@FUZZ
@given(name=st.from_regex(r"AGENTMEM_[A-Z_]{1,20}", fullmatch=True))
def test_unknown_agentmem_variable_is_named(outer: Path, name: str) -> None:
    """An AGENTMEM_* variable that is not a setting is refused by name (exit 2), never
    silently ignored (a typo would otherwise leave a flag off)."""
    if name in VARIABLES:
        return
    with sandbox(outer) as box:
        result = invoke(box, ["status"], {name: "true"}, label="status (env name)")
        assert result.exit_code == 2 and name in result.output
