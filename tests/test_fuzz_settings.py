"""Fuzzing settings: any value of any variable, from the environment or an env file, gives
Settings or a SettingsError naming that variable; blank is unset, for every variable.

Cases tried: `pytest tests/test_fuzz_settings.py --hypothesis-show-statistics`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from agentmem._exceptions import SettingsError
from agentmem.settings import VARIABLES, Settings, load_settings, settings_from_values

FUZZ = settings(
    max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
TEXT = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["true", "FALSE", " on ", "2", "0.5", "-1", "1e400", "nan", "inf", "{}", "[]"]),
    st.sampled_from(['{"tests": "pytest -q"}', '{"x": {"run": ""}}', "{'a': 1}", "files"]),
)


@FUZZ
@given(variable=st.sampled_from(sorted(VARIABLES)), value=TEXT)
def test_any_value_is_settings_or_a_named_error(tmp_path: Path, variable: str, value: str) -> None:
    """Every value of every variable: Settings, or SettingsError whose variable is it."""
    try:
        result = settings_from_values({variable: value}, base_dir=tmp_path)
    except SettingsError as exc:
        refused: SettingsError | None = exc
    else:
        refused = None
        assert isinstance(result, Settings)
    event("refused" if refused else "accepted")
    if refused is not None:
        assert refused.variable.startswith(variable), (refused.variable, variable)
        assert refused.reason


@FUZZ
@given(variable=st.sampled_from(sorted(VARIABLES)), blank=st.from_regex(r"[ \t]*", fullmatch=True))
def test_blank_is_unset_for_every_variable(tmp_path: Path, variable: str, blank: str) -> None:
    """`VAR=` or `VAR=   ` is the default, never a value (seed 000's cohort bug)."""
    assert settings_from_values({variable: blank}, base_dir=tmp_path) == settings_from_values(
        {}, base_dir=tmp_path
    )


@FUZZ
@given(lines=st.lists(st.text(max_size=60), max_size=8))
def test_random_env_file(tmp_path: Path, lines: list[str]) -> None:
    """An env file of arbitrary lines loads, or refuses one AGENTMEM_ variable by name."""
    env = tmp_path / ".env.fuzz"
    env.write_text("\n".join(line.replace("\x00", "") for line in lines), encoding="utf-8")
    try:
        load_settings(env, environ={})
    except SettingsError as exc:
        named = exc.variable
    else:
        return
    assert named.startswith("AGENTMEM_"), named


def test_path_with_unknown_home_is_a_settings_error(tmp_path: Path) -> None:
    """Regression (found by this fuzz): AGENTMEM_ROOT=~nosuchuser/memory raised a bare
    RuntimeError from pathlib instead of naming the variable."""
    with pytest.raises(SettingsError, match="AGENTMEM_ROOT"):
        settings_from_values({"AGENTMEM_ROOT": "~nosuchuser-agentmem/memory"}, base_dir=tmp_path)
