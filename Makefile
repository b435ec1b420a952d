# Quick start: `make demo` and `make test` each create .venv and install the project first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# What the tool needs to run (make demo), then the test and Dask extras on top (make test,
# make install); each install is remembered by its own stamp file.
RUN_STAMP := $(VENV)/.installed-run
DEV_STAMP := $(VENV)/.installed-dev
# Quiet installs: no pip version notice, and not setuptools' note that an editable
# install could be shadowed by a folder named like the package (there is none: the
# package euchre_mc is the repository's top level).
PIP := PYTHONWARNINGS="ignore:Editable installation" $(BIN)/python -m pip --disable-pip-version-check --quiet

.PHONY: demo test bench install clean check-report

$(RUN_STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP) install -e .
	touch $(RUN_STAMP)

$(DEV_STAMP): $(RUN_STAMP)
	$(PIP) install -e '.[test,dask]'
	touch $(DEV_STAMP)

# Everything for development, with every kernel compiled ahead (what the cache lacks).
install: $(DEV_STAMP)
	$(BIN)/euchre-mc compile

# The built-in example: a Pigs-and-Hogs hand analysed, with its chart in demo-out/.  The
# demo compiles the kernels it uses before it starts; the rest compile on first use.
demo: $(RUN_STAMP)
	$(BIN)/euchre-mc demo
	@echo ""
	@echo "Next: the euchre-mc command is in .venv: run .venv/bin/euchre-mc --help,"
	@echo "or 'source .venv/bin/activate' once and then 'euchre-mc --help' (README: Quick start)."

test: $(DEV_STAMP)
	$(BIN)/euchre-mc compile
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest -q

# The study page in headless chromium at 1,280 and 390 px, screenshots in
# benchmarks/out/check-report/ (chromium is not a package dependency: on Debian,
# apt-get install -y chromium; .ci/run installs it); make test checks the HTML without it.
check-report: $(DEV_STAMP)
	$(BIN)/python -m benchmarks.check_report

bench: $(DEV_STAMP)
	$(PIP) install -e '.[bench]' || echo "open-spiel did not install: the OpenSpiel comparison will be skipped"
	$(BIN)/python -m benchmarks.run

clean:
	rm -rf $(VENV) demo-out .pytest_cache
