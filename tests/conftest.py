"""Test-wide settings: no test touches the user's cache or settings."""

import os
import shutil
import tempfile

_CACHE = tempfile.mkdtemp(prefix="plagcheck-test-cache-")
os.environ["PLAGCHECK_CACHE_DIR"] = _CACHE
# and no test reads or writes the user's decisions (review.store.default_path): a CLI
# scan reads them by default
os.environ["PLAGCHECK_DATA_DIR"] = os.path.join(_CACHE, "data")
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def pytest_unconfigure(config: object) -> None:
    """Remove the session's cache directory (it held only this run's fingerprints)."""
    shutil.rmtree(_CACHE, ignore_errors=True)


# --- in CI a skip is a failure --------------------------------------------------------
# CI installs and starts everything the tests need (.ci/system-deps.sh: Redis, Chromium,
# poppler, Xvfb, a CJK font) and has ../shared beside the clone: a test that skips there
# hides a missing install step or a missing sample set behind a green run.
import pytest  # noqa: E402


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def _as_failure(report, what: str) -> None:
    reason = report.longrepr[-1] if isinstance(report.longrepr, tuple) else report.longrepr
    report.outcome = "failed"
    report.longrepr = f"{what} skipped in CI, where nothing may be: {reason}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if _in_ci() and report.skipped and not hasattr(report, "wasxfail"):
        _as_failure(report, item.nodeid)


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    outcome = yield
    report = outcome.get_result()
    if _in_ci() and report.skipped:
        _as_failure(report, str(collector.nodeid))


# --- the shared samples ------------------------------------------------------------------
# ``../shared`` beside the clone holds the labelled sample sets: a test that needs them
# fails when they are missing, everywhere, and never skips


@pytest.fixture
def samples_present() -> None:
    from tests.core.samples import CLASS_ZH

    assert (CLASS_ZH / "submissions").is_dir(), f"the sample class is missing: {CLASS_ZH}"


@pytest.fixture
def count_extractions(monkeypatch):
    """The paths the scan extracts, in order (the real extraction runs)."""
    import simhash_core.extract as extract_module

    calls = []
    real = extract_module.extract

    def counting(path, *a, **kw):
        calls.append(path)
        return real(path, *a, **kw)

    monkeypatch.setattr(extract_module, "extract", counting)
    return calls
