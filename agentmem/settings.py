"""Settings: read once at the entry point from an env file plus the process environment.

An empty value is unset, for every variable. Seed 000 lost every write of a rollout to
`V3_MEM0_COHORT=` being read as the empty string; here that line means "no cohort".
"""

from __future__ import annotations

import difflib
import json
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from dotenv import dotenv_values
from pydantic import BaseModel, ConfigDict, SecretStr

from agentmem._exceptions import SettingsError
from agentmem.core.model import HookName
from agentmem.core.secrets import find_secrets
from agentmem.core.validate import APP_ID

PREFIX = "AGENTMEM_"
TRUE = frozenset({"true", "1", "yes", "on"})
FALSE = frozenset({"false", "0", "no", "off"})

HOOK_FLAGS: dict[HookName, str] = {
    HookName.PRE_GOAL_SYNTHESIS: "AGENTMEM_HOOK_PRE_GOAL",
    HookName.PRE_SPAWN_PACK: "AGENTMEM_HOOK_PRE_SPAWN",
    HookName.POST_RUN_CLASSIFY: "AGENTMEM_HOOK_POST_RUN",
    HookName.POST_RETRO_DISTILL: "AGENTMEM_HOOK_POST_RETRO",
    HookName.JUDGMENT_HARVEST: "AGENTMEM_HOOK_JUDGMENT",
}

Backend = Literal["files", "mem0", "mem0-platform", "postgres"]
Role = Literal["executive", "worker"]
ReasonerName = Literal["deterministic", "openai"]
ReasonerMode = Literal["tools", "json"]


class WitnessCommand(BaseModel):
    """A check the witness may run: a shell command and the regex that reads its number."""

    model_config = ConfigDict(frozen=True)

    run: str
    pattern: str | None = None  # one capture group; unset: the first number of the last line


class Settings(BaseModel):
    """Everything agentmem reads from its environment, resolved and checked."""

    model_config = ConfigDict(frozen=True)

    enabled: bool = False
    hooks: dict[HookName, bool] = dict.fromkeys(HookName, False)
    root: Path = Path("memory")
    user_id: str | None = None
    app_id: str = "_global"
    cohort: str | None = None
    backend: Backend = "files"
    pack_tokens: int = 2000
    pack_entries: int = 10
    confidence_floor: float = 0.7
    hook_timeout_s: float = 60.0
    plugin_max_hung: int = 2  # calls past the budget a plugin may hold before it is skipped
    log_file: Path | None = None
    log_max_bytes: int = 5_000_000  # the audit ledger rotates past this size
    log_keep: int = 5  # rotated ledger files kept beside the current one
    role: Role = "executive"
    semantic: bool = False
    base_dir: Path = Path(".")
    maintain_days: int = 3  # MEMORY.md review interval, days (seed 002)
    gc_days: int = 90  # GC proposes memories untouched this long…
    gc_max_access: int = 1  # …and read at most this often (seed 004, pattern 4)
    hot_bytes: int = 4096  # hard cap of the hot state file (seed 004, pattern 1)
    witness_commands: dict[str, WitnessCommand] = {}
    # The reasoner that drives hooks: the built-in rules, or a chat model with tool calling.
    reasoner: ReasonerName = "deterministic"
    reasoner_base_url: str | None = None  # None: the openai package's default endpoint
    reasoner_model: str | None = None
    reasoner_api_key: SecretStr | None = None
    reasoner_max_turns: int = 8
    reasoner_max_tool_calls: int = 24
    reasoner_max_tokens: int = 1024  # per completion: a small model left uncapped runs away
    reasoner_temperature: float = 0.0
    reasoner_mode: ReasonerMode = "tools"  # a chat with tool calls, or one JSON object a hook
    # The model endpoint's breaker: after this many failures in a row, skip it for a while.
    reasoner_breaker_failures: int = 3
    reasoner_breaker_cooldown_s: float = 60.0
    reasoner_fallback: Literal["deterministic", "none"] = "deterministic"
    # mem0 backends: an OSS config file (YAML/JSON; unset: the offline default), the Platform.
    mem0_config: Path | None = None
    mem0_api_key: SecretStr | None = None  # unset: the mem0 SDK reads MEM0_API_KEY
    mem0_host: str | None = None  # unset: the SDK's default Platform host
    mem0_poll_s: float = 30.0  # how long a Platform add may stay pending
    # postgres backend: the server (a libpq URL or key=value string), its schema, the pool.
    postgres_url: SecretStr | None = None
    postgres_schema: str = "agentmem"
    postgres_pool: int = 4
    postgres_timeout_s: float = 3.0

    @property
    def log_path(self) -> Path:
        return self.log_file if self.log_file is not None else self.root / ".agentmem" / "log.jsonl"

    def hook_enabled(self, hook: HookName) -> bool:
        return self.hooks.get(hook, False)


def parse_bool(variable: str, value: str) -> bool:
    lowered = value.strip().lower()
    if lowered in TRUE:
        return True
    if lowered in FALSE:
        return False
    raise SettingsError(variable, value, "expected one of true/false/1/0/yes/no/on/off")


def _number(kind: type[int] | type[float], low: float, high: float) -> Callable[[str, str], Any]:
    def parse(variable: str, value: str) -> int | float:
        try:
            number = kind(value.strip())
        except ValueError:
            raise SettingsError(variable, value, f"expected {kind.__name__}") from None
        if not low <= number <= high:
            raise SettingsError(variable, value, f"expected a value within [{low:g}, {high:g}]")
        return number

    return parse


def _choice(*allowed: str) -> Callable[[str, str], str]:
    def parse(variable: str, value: str) -> str:
        if value.strip() not in allowed:
            raise SettingsError(variable, value, f"expected one of {', '.join(allowed)}")
        return value.strip()

    return parse


def _text(variable: str, value: str) -> str:
    return value.strip()


def _app_id(variable: str, value: str) -> str:
    if not APP_ID.fullmatch(value.strip()):
        raise SettingsError(
            variable, value, "expected lowercase kebab, _global, _executive or _skill-<slug>"
        )
    return value.strip()


def _identifier(variable: str, value: str) -> str:
    if not re.fullmatch(r"[a-z_][a-z0-9_]{0,62}", value.strip()):
        raise SettingsError(variable, value, "expected a lowercase SQL name, e.g. agentmem")
    return value.strip()


def _path(variable: str, value: str) -> Path:
    try:
        return Path(value.strip()).expanduser()
    except RuntimeError as exc:  # "~nosuchuser/memory": no such home directory
        raise SettingsError(variable, value, f"cannot expand ~ ({exc})") from None


WITNESS_SUBJECT = re.compile(r"[a-z][a-z0-9_ -]{0,63}\Z")


def witness_subject(words: str) -> str:
    """One spelling for a subject: "tests passing", "tests-passing" → tests_passing."""
    return re.sub(r"[\s-]+", "_", words.strip().lower())


def _witness_commands(variable: str, value: str) -> dict[str, WitnessCommand]:
    try:
        data = json.loads(value)
    except (ValueError, RecursionError) as exc:  # RecursionError: nested past the parser
        raise SettingsError(variable, value, f"expected a JSON object ({exc})") from None
    if not isinstance(data, dict):
        raise SettingsError(variable, value, 'expected a JSON object like {"tests": "pytest -q"}')
    commands: dict[str, WitnessCommand] = {}
    for subject, spec in data.items():
        where = f"{variable}[{subject!r}]"
        if not WITNESS_SUBJECT.fullmatch(subject.lower()):
            raise SettingsError(where, subject, "a subject is lowercase words, e.g. tests")
        spec = {"run": spec} if isinstance(spec, str) else spec
        if not isinstance(spec, dict) or set(spec) - {"run", "pattern"}:
            raise SettingsError(where, str(spec), 'expected "COMMAND" or {"run": …, "pattern": …}')
        run, pattern = spec.get("run"), spec.get("pattern")
        if not isinstance(run, str) or not run.strip():
            raise SettingsError(f"{where}.run", str(run), "expected a non-empty command")
        if pattern is not None:
            try:
                groups = re.compile(pattern).groups if isinstance(pattern, str) else -1
            except re.error as exc:
                raise SettingsError(f"{where}.pattern", pattern, f"bad regex: {exc}") from None
            if groups != 1:
                raise SettingsError(f"{where}.pattern", str(pattern), "expected one capture group")
        commands[witness_subject(subject)] = WitnessCommand(run=run, pattern=pattern)
    return commands


@dataclass(frozen=True)
class Variable:
    field: str
    parse: Callable[[str, str], Any]


VARIABLES: dict[str, Variable] = {
    "AGENTMEM_ENABLED": Variable("enabled", parse_bool),
    **{flag: Variable(f"hook:{hook.value}", parse_bool) for hook, flag in HOOK_FLAGS.items()},
    "AGENTMEM_ROOT": Variable("root", _path),
    "AGENTMEM_USER_ID": Variable("user_id", _text),
    "AGENTMEM_APP_ID": Variable("app_id", _app_id),
    "AGENTMEM_COHORT": Variable("cohort", _text),
    "AGENTMEM_BACKEND": Variable("backend", _choice("files", "mem0", "mem0-platform", "postgres")),
    "AGENTMEM_PACK_TOKENS": Variable("pack_tokens", _number(int, 100, 100_000)),
    "AGENTMEM_PACK_ENTRIES": Variable("pack_entries", _number(int, 1, 100)),
    "AGENTMEM_CONFIDENCE_FLOOR": Variable("confidence_floor", _number(float, 0.0, 1.0)),
    "AGENTMEM_HOOK_TIMEOUT_S": Variable("hook_timeout_s", _number(float, 0.001, 86_400)),
    "AGENTMEM_PLUGIN_MAX_HUNG": Variable("plugin_max_hung", _number(int, 1, 1000)),
    "AGENTMEM_LOG_FILE": Variable("log_file", _path),
    "AGENTMEM_LOG_MAX_BYTES": Variable("log_max_bytes", _number(int, 10_000, 10**12)),
    "AGENTMEM_LOG_KEEP": Variable("log_keep", _number(int, 0, 1000)),
    "AGENTMEM_ROLE": Variable("role", _choice("executive", "worker")),
    "AGENTMEM_SEMANTIC": Variable("semantic", parse_bool),
    "AGENTMEM_MAINTAIN_DAYS": Variable("maintain_days", _number(int, 1, 365)),
    "AGENTMEM_GC_DAYS": Variable("gc_days", _number(int, 1, 36_500)),
    "AGENTMEM_GC_MAX_ACCESS": Variable("gc_max_access", _number(int, 0, 1_000_000)),
    "AGENTMEM_HOT_BYTES": Variable("hot_bytes", _number(int, 256, 4096)),
    "AGENTMEM_WITNESS_COMMANDS": Variable("witness_commands", _witness_commands),
    "AGENTMEM_REASONER": Variable("reasoner", _choice("deterministic", "openai")),
    "AGENTMEM_REASONER_BASE_URL": Variable("reasoner_base_url", _text),
    "AGENTMEM_REASONER_MODEL": Variable("reasoner_model", _text),
    "AGENTMEM_REASONER_API_KEY": Variable("reasoner_api_key", _text),
    "AGENTMEM_REASONER_MAX_TURNS": Variable("reasoner_max_turns", _number(int, 1, 100)),
    "AGENTMEM_REASONER_MAX_TOOL_CALLS": Variable("reasoner_max_tool_calls", _number(int, 0, 1000)),
    "AGENTMEM_REASONER_MAX_TOKENS": Variable("reasoner_max_tokens", _number(int, 16, 100_000)),
    "AGENTMEM_REASONER_TEMPERATURE": Variable("reasoner_temperature", _number(float, 0.0, 2.0)),
    "AGENTMEM_REASONER_MODE": Variable("reasoner_mode", _choice("tools", "json")),
    "AGENTMEM_REASONER_BREAKER_FAILURES": Variable(
        "reasoner_breaker_failures", _number(int, 1, 1000)
    ),
    "AGENTMEM_REASONER_BREAKER_COOLDOWN_S": Variable(
        "reasoner_breaker_cooldown_s", _number(float, 0.001, 86_400)
    ),
    "AGENTMEM_REASONER_FALLBACK": Variable("reasoner_fallback", _choice("deterministic", "none")),
    "AGENTMEM_MEM0_CONFIG": Variable("mem0_config", _path),
    "AGENTMEM_MEM0_API_KEY": Variable("mem0_api_key", _text),
    "AGENTMEM_MEM0_HOST": Variable("mem0_host", _text),
    "AGENTMEM_MEM0_POLL_S": Variable("mem0_poll_s", _number(float, 0.1, 3600)),
    "AGENTMEM_POSTGRES_URL": Variable("postgres_url", _text),
    "AGENTMEM_POSTGRES_SCHEMA": Variable("postgres_schema", _identifier),
    "AGENTMEM_POSTGRES_POOL": Variable("postgres_pool", _number(int, 1, 100)),
    "AGENTMEM_POSTGRES_TIMEOUT_S": Variable("postgres_timeout_s", _number(float, 0.1, 600)),
}


SECRET_NAME = re.compile(r"KEY|TOKEN|SECRET|PASSW|CREDENTIAL", re.IGNORECASE)
SHOWN_CHARS = 80


def shown_value(variable: str, value: str | None) -> str:
    """A setting's value as an error may repeat it: withheld when the name or the value
    looks secret (a misspelled AGENTMEM_REASONER_APIKEY still holds a key), else cut short."""
    value = value or ""
    if SECRET_NAME.search(variable) or find_secrets(value):
        return "[redacted]"
    return value if len(value) <= SHOWN_CHARS else f"{value[: SHOWN_CHARS - 1]}…"


def _unknown(variable: str, value: str | None) -> SettingsError:
    near = difflib.get_close_matches(variable, VARIABLES, n=1)
    hint = f"did you mean {near[0]}?" if near else "not an agentmem setting"
    return SettingsError(variable, shown_value(variable, value), f"unknown variable ({hint})")


def settings_from_values(
    values: Mapping[str, str | None], base_dir: Path | None = None
) -> Settings:
    """Build settings from raw variable values (env file and environment already merged)."""
    base = (base_dir or Path.cwd()).resolve()
    fields: dict[str, Any] = {"base_dir": base}
    hooks = dict.fromkeys(HookName, False)
    for variable, raw in values.items():
        if not variable.startswith(PREFIX):
            continue
        spec = VARIABLES.get(variable)
        if spec is None:
            raise _unknown(variable, raw)
        if raw is None or raw.strip() == "":
            continue  # empty is unset, for every variable
        parsed = spec.parse(variable, raw)
        if spec.field.startswith("hook:"):
            hooks[HookName(spec.field.removeprefix("hook:"))] = parsed
        else:
            fields[spec.field] = parsed
    fields["hooks"] = hooks
    for key in ("root", "log_file", "mem0_config"):
        if key in fields and not fields[key].is_absolute():
            fields[key] = base / fields[key]
    fields.setdefault("root", base / "memory")
    return Settings(**fields)


def read_env_file(path: Path) -> dict[str, str | None]:
    """An env file's variables; one that is not UTF-8 text or cannot be read is a
    SettingsError naming the file, never a UnicodeDecodeError from deep in the parser."""
    try:
        if not path.is_file():
            raise SettingsError("env_file", str(path), "no such file (copy .env.executive.example)")
        return dict(dotenv_values(path))
    except UnicodeDecodeError as exc:
        reason = f"not UTF-8 text ({exc.reason} at byte {exc.start})"
        raise SettingsError("env_file", str(path), reason) from exc
    except OSError as exc:  # a name too long, a loop of links, no permission
        raise SettingsError("env_file", str(path), f"cannot read it ({exc})") from exc


def load_settings(
    env_file: str | os.PathLike[str] | None = None,
    environ: Mapping[str, str] | None = None,
) -> Settings:
    """Read the env file (if given), let the process environment override it, and check."""
    values: dict[str, str | None] = {}
    base_dir: Path | None = None
    if env_file is not None:
        path = Path(env_file)
        values.update(read_env_file(path))
        base_dir = path.resolve().parent
    env = os.environ if environ is None else environ
    # An empty variable in the environment is unset too, so it does not mask the file's value.
    values.update({k: v for k, v in env.items() if k.startswith(PREFIX) and v.strip() != ""})
    return settings_from_values(values, base_dir)
