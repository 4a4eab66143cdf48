# plagcheck: two commands set up a fresh machine.
#   make run   - create .venv, install, open the app on the bundled sample class
#   make test  - create .venv, install, run lint, the import contract and the whole suite headless
#   make dist  - the wheel and the sdist in dist/ (pipx install dist/plagcheck-*.whl)
#   make bundle - the app in one folder with its own Python: dist/plagcheck/ (docs/bundle.md)
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SAMPLES ?= simhash_core/data/sample-class

.PHONY: run test lint bench quality system-deps dist bundle clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# Qt's system libraries, a CJK font (Chinese not drawn as boxes) and redis-server
# (archive tests) for both run and test: best effort,
# only where apt-get is available and we are root (CI and the dev machines).
system-deps:
	@./.ci/system-deps.sh

run: $(STAMP) system-deps
	$(BIN)/plagcheck-gui $(SAMPLES)/submissions --template $(SAMPLES)/template.txt

lint: $(STAMP)
	$(BIN)/ruff check simhash_core app tests benchmarks
	$(BIN)/ruff format --check simhash_core app tests benchmarks
	$(BIN)/lint-imports
	$(BIN)/mypy

test: $(STAMP) system-deps lint
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q

bench: $(STAMP)
	$(BIN)/python benchmarks/speed.py

quality: $(STAMP)
	$(BIN)/pip install -q 'copydetect>=0.5'
	command -v sim_text >/dev/null || apt-get install -y -qq similarity-tester >/dev/null 2>&1 \
		|| echo "quality: sim_text is missing (Debian package similarity-tester)"
	$(BIN)/python benchmarks/quality.py

# the wheel and sdist, built in an isolated environment (setuptools>=77 from PyPI)
dist: $(STAMP)
	rm -rf dist/plagcheck-*.whl dist/plagcheck-*.tar.gz
	$(BIN)/python -m build --outdir dist .
	rm -rf build

# PyInstaller's one-folder bundle, checked by its own self-test (tests/test_bundle.py)
bundle: $(STAMP) system-deps
	$(BIN)/pyinstaller --noconfirm --clean --distpath dist --workpath build/pyinstaller \
		packaging/plagcheck.spec
	QT_QPA_PLATFORM=offscreen dist/plagcheck/plagcheck-gui --self-test

clean:
	rm -rf $(VENV) build dist *.egg-info
