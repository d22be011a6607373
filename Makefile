# Two commands a newcomer needs: `make demo` and `make test`. Both create .venv if missing.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
export HF_HUB_OFFLINE := 1
export MEM0_TELEMETRY := false

.PHONY: demo test test-slow fuzz lint typecheck check bench clean browser

$(STAMP): pyproject.toml Makefile
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet torch==2.13.0  # before the extra: pins the CPU build
	$(PY) -m pip install --quiet -e '.[dev,mem0-local,semantic]'
	touch $(STAMP)

demo: $(STAMP)
	$(VENV)/bin/agentmem demo

# Optional: Debian chromium, so the audit's HTML report is also checked in a real browser.
# Never a dependency of `test` (it needs root and apt); without it that one test skips.
browser:
	command -v chromium >/dev/null || { command -v apt-get >/dev/null && apt-get update && apt-get install -y chromium; } || echo "chromium not installed: the HTML browser test will skip"

test: $(STAMP)
	$(PY) -m pytest -q

test-slow: $(STAMP)
	$(PY) -m pytest -q -m slow

fuzz: $(STAMP)
	HYPOTHESIS_PROFILE=explore $(PY) -m pytest -q tests/test_fuzz_drafts.py \
		tests/test_fuzz_frontmatter.py tests/test_fuzz_ids.py tests/test_fuzz_retro.py \
		tests/test_fuzz_settings.py tests/test_fuzz_cli.py tests/test_secrets.py

lint: $(STAMP)
	$(VENV)/bin/ruff check agentmem hooks tests bench
	$(VENV)/bin/ruff format --check agentmem hooks

typecheck: $(STAMP)
	$(VENV)/bin/mypy agentmem hooks

check: lint typecheck test

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
