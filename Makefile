# Quick start: `make demo` and `make test` each create .venv and install the project first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test bench install clean check-report

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,dask]'
	@echo "Compiling the numba kernels once (later runs load them from the cache):"
	$(BIN)/euchre-mc compile
	touch $(STAMP)

install: $(STAMP)

# The built-in example: a Pigs-and-Hogs hand analysed, with its chart in demo-out/.
demo: $(STAMP)
	$(BIN)/euchre-mc compile
	$(BIN)/euchre-mc demo
	@echo ""
	@echo "Next: the euchre-mc command is in .venv: run .venv/bin/euchre-mc --help,"
	@echo "or 'source .venv/bin/activate' once and then 'euchre-mc --help' (README: Quick start)."

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest -q

# The study page in headless chromium at 1,280 and 390 px, screenshots in
# benchmarks/out/check-report/ (chromium is not a package dependency: on Debian,
# apt-get install -y chromium; .ci/run installs it); make test checks the HTML without it.
check-report: $(STAMP)
	$(BIN)/python -m benchmarks.check_report

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[bench]' || echo "open-spiel did not install: the OpenSpiel comparison will be skipped"
	$(BIN)/python -m benchmarks.run

clean:
	rm -rf $(VENV) demo-out .pytest_cache
