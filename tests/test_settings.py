"""Settings: booleans, empty-is-unset, errors at load that name the variable."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from agentmem import SettingsError, load_settings
from agentmem.core.model import HookName
from agentmem.settings import settings_from_values


@pytest.mark.parametrize("raw", ["true", "TRUE", "1", "yes", "On", " on "])
def test_true_spellings(raw: str) -> None:
    """Every documented spelling of true, in any case, turns the master switch on."""
    assert settings_from_values({"AGENTMEM_ENABLED": raw}).enabled is True


@pytest.mark.parametrize("raw", ["false", "False", "0", "no", "OFF"])
def test_false_spellings(raw: str) -> None:
    assert settings_from_values({"AGENTMEM_ENABLED": raw}).enabled is False


@pytest.mark.parametrize("raw", ["ture", "2", "enabled", "y"])
def test_bad_boolean_names_variable_and_value(raw: str) -> None:
    """A bad boolean fails at load with the variable and the value in the message."""
    with pytest.raises(SettingsError) as info:
        settings_from_values({"AGENTMEM_HOOK_POST_RUN": raw})
    assert info.value.variable == "AGENTMEM_HOOK_POST_RUN"
    assert raw in str(info.value)


def test_every_empty_value_is_unset() -> None:
    """`VAR=` is unset for every variable: defaults apply and cohort stays None."""
    from agentmem.settings import VARIABLES

    settings = settings_from_values(dict.fromkeys(VARIABLES, ""))
    default = settings_from_values({})
    assert settings == default
    assert settings.cohort is None


def test_env_file_then_environment(tmp_path: Path) -> None:
    """The process environment overrides the file, except where it is empty (unset)."""
    env = tmp_path / ".env.executive"
    env.write_text(
        "AGENTMEM_ENABLED=true\nAGENTMEM_COHORT=\nAGENTMEM_APP_ID=billing\nAGENTMEM_ROOT=./mem\n"
    )
    settings = load_settings(env, {"AGENTMEM_APP_ID": "search-api", "AGENTMEM_ENABLED": ""})
    assert settings.enabled is True
    assert settings.app_id == "search-api"
    assert settings.cohort is None
    assert settings.root == tmp_path / "mem"


def test_hook_flags_map_to_hooks() -> None:
    settings = settings_from_values({"AGENTMEM_HOOK_PRE_GOAL": "on"})
    assert settings.hook_enabled(HookName.PRE_GOAL_SYNTHESIS)
    assert not settings.hook_enabled(HookName.JUDGMENT_HARVEST)


def test_misspelled_variable_is_caught() -> None:
    """A typo in a flag would silently leave a hook off; it fails with a suggestion instead."""
    with pytest.raises(SettingsError, match="AGENTMEM_HOOK_POST_RUN"):
        settings_from_values({"AGENTMEM_HOOK_POSTRUN": "true"})


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("AGENTMEM_BACKEND", "redis"),
        ("AGENTMEM_PACK_TOKENS", "lots"),
        ("AGENTMEM_CONFIDENCE_FLOOR", "1.5"),
        ("AGENTMEM_ROLE", "admin"),
        ("AGENTMEM_APP_ID", "Billing API"),
        ("AGENTMEM_HOOK_TIMEOUT_S", "-1"),
    ],
)
def test_bad_values_fail_at_load(variable: str, value: str) -> None:
    with pytest.raises(SettingsError) as info:
        settings_from_values({variable: value})
    assert info.value.variable == variable


def test_missing_env_file_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(SettingsError, match="no such file"):
        load_settings(tmp_path / "nope.env", {})


def test_example_file_ships_every_flag_false() -> None:
    """`.env.executive.example` loads, has every flag false, and states the staged order."""
    example = Path(__file__).resolve().parents[1] / ".env.executive.example"
    settings = load_settings(example, {})
    assert settings.enabled is False
    assert not any(settings.hooks.values())
    text = example.read_text()
    assert re.findall(r"stage \d: (\w) ", text) == list("CBADE")


def test_an_env_file_that_is_not_utf8_is_a_settings_error_naming_it(tmp_path: Path) -> None:
    """A Latin-1 env file read from library code (load_settings, the worker env check) is a
    SettingsError naming the file, not a UnicodeDecodeError from the parser."""
    from agentmem.core.workercheck import read_env

    env = tmp_path / ".env.executive"
    env.write_bytes("AGENTMEM_USER_ID=jos\xe9\n".encode("latin-1"))
    for read in (load_settings, read_env):
        with pytest.raises(SettingsError) as caught:
            read(env)
        assert caught.value.variable == "env_file" and caught.value.value == str(env)
        assert "not UTF-8" in caught.value.reason
