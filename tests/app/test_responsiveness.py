"""The window stays responsive while the whole sample class is scanned.

A 10 ms timer records the longest event-loop stall (see :mod:`app.diagnostics`); the
number is printed (run with ``-s``) and must stay well under what a user notices as a
freeze.
"""

from __future__ import annotations

from app.diagnostics import StallMeter
from tests.app.conftest import SUBMISSIONS, TEMPLATE, needs_samples

MAX_STALL_MS = 250


@needs_samples
def test_event_loop_keeps_running_during_a_full_scan(qtbot, settings):
    from app.main_window import MainWindow

    win = MainWindow(settings, use_cache=False)
    qtbot.addWidget(win)
    win.show()
    meter = StallMeter(interval_ms=10)
    meter.start()
    with qtbot.waitSignal(win.scanFinished, timeout=300_000) as finished:
        win.scan_paths([SUBMISSIONS], [TEMPLATE])
    scan_stall = meter.max_stall_ms
    qtbot.wait(200)  # the result is being shown: models, groups, headers
    meter.stop()
    result = finished.args[0]
    print(
        f"\nfull class: {len(result.documents)} files in {result.timings['total']:.1f} s; "
        f"longest event-loop stall {scan_stall:.0f} ms while scanning, "
        f"{meter.max_stall_ms:.0f} ms including showing the result ({meter.ticks} ticks)"
    )
    assert len(result.documents) == 40 and len(result.clusters) >= 9
    assert meter.ticks > 50
    assert scan_stall < MAX_STALL_MS
    assert meter.max_stall_ms < 2 * MAX_STALL_MS
