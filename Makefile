# gpudesk task runner. `make help` lists the targets.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# pytest-xdist workers for `make test`: one per CPU (`make test TEST_WORKERS=0` runs in one process).
TEST_WORKERS ?= auto

.PHONY: help venv run test bytecode lint test-core fuzz catalog bench screenshots clean

help: ## list targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk 'BEGIN{FS=":.*## "}{printf "  %-12s %s\n", $$1, $$2}'

# PyInstaller comes with the test extras (the bundle is built in every `make test`) instead of a second pip run in
# packaging/build.sh. pip is upgraded first: the pip venv bundles (23.2 with Python 3.11) installed the same
# packages with 3-4 CPU-s more than upgrading and installing with the newest (stop 18, two fresh venvs each, load 7-15).
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test]'
	touch $(STAMP)

venv: $(STAMP) ## create the virtual environment with every dependency

run: $(STAMP) ## open gpudesk on the bundled catalog with a sample plan
	@$(BIN)/python -m gpudesk.ui.preflight
	$(BIN)/gpudesk resources/samples/startup-inspection.gpudesk

test: $(STAMP) ## run every test (offscreen), with the lint and type checks
	$(BIN)/ruff check gpudesk tests benchmarks
	@$(BIN)/python -m gpudesk.ui.preflight --offscreen
	@$(MAKE) --no-print-directory bytecode
	@# mypy (one process, about 25 CPU-s on a fresh checkout) runs beside the tests rather than before them, where
	@# it held one of the two cores while the other sat idle; its verdict is printed, and fails the run, at the end.
	@typed=$$(mktemp); $(BIN)/mypy >"$$typed" 2>&1 & mypy=$$!; \
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -n $(TEST_WORKERS) --dist loadgroup; tests=$$?; \
	wait $$mypy; types=$$?; echo "mypy:"; cat "$$typed"; rm -f "$$typed"; \
	[ $$tests -eq 0 ] && [ $$types -eq 0 ]

# Every test process (two pytest-xdist workers, each CLI run a test starts) imports gpudesk and the test modules.
# Where bytecode is not written (PYTHONDONTWRITEBYTECODE set, as on the development machine) each compiled gpudesk
# and rewrote the test modules' asserts again: 7-9 CPU-s per worker before its first test. Done once here, on
# every core (compileall writes whatever that variable says; git ignores __pycache__; a read-only checkout only
# loses the speed). pytest's own cache of rewritten test modules, and Hypothesis's cache of the local modules'
# constants (both workers parsed all of gpudesk for it while collecting, 3.3 CPU-s each): tests/rewrite_cache.py.
bytecode: $(STAMP) ## compile gpudesk, the test helpers and the rewritten test modules, fill Hypothesis's constants cache, on every core (make test runs it)
	@$(BIN)/python -m compileall -q -j 0 -x '[/\\](test_[^/\\]*|conftest)\.py$$' gpudesk tests benchmarks >/dev/null || true
	@$(BIN)/python tests/rewrite_cache.py

lint: $(STAMP) ## ruff (pyflakes and syntax) and mypy (strict below the faces), configured in pyproject.toml
	$(BIN)/ruff check gpudesk tests benchmarks
	$(BIN)/mypy

fuzz: $(STAMP) ## long fuzz run: 10,000 plans and 10,000 catalog CSVs (FUZZ_ARGS to change), then the plan-file fuzz at full counts
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m tests.fuzz $(or $(FUZZ_ARGS),--plans 10000 --csvs 10000 --save fuzz-failures)
	GPUDESK_LONG_FUZZ=1 QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -n $(TEST_WORKERS) tests/project/test_project_fuzz.py

catalog: $(STAMP) ## rebuild catalog.db from resources/catalog
	$(BIN)/python -m gpudesk.catalog.build

bench: $(STAMP) ## run every benchmark and print figures and ratios
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m benchmarks

clean: ## remove the virtual environment
	rm -rf $(VENV)
