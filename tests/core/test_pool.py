"""Isolated workers: a hang, a crash or a memory hog costs one file, never the scan."""

import contextlib
import multiprocessing as mp
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from simhash_core.messages import Message
from simhash_core.pool import IsolatedPool, TaskFailure
from simhash_core.progress import Progress
from tests.core import pool_tasks as t


def run(tasks, **kw):
    func = kw.pop("func", t.square)
    pool = IsolatedPool(kw.pop("workers", 2), **kw)
    return dict(pool.run(func, tasks))


def test_results_come_back():
    out = run([(i, (i,)) for i in range(10)])
    assert out == {i: i * i for i in range(10)}


def test_the_callers_own_work_is_done_while_the_workers_work():
    """``between`` runs whenever no result is ready, until it says it is done; its work
    happens while the tasks run (before the last result), not after them."""
    done: list[float] = []

    def between() -> bool:
        done.append(time.monotonic())
        time.sleep(0.01)
        return len(done) < 5

    pool = IsolatedPool(2)
    out = {}
    last_result = 0.0
    for key, value in pool.run(t.hang, [(i, (0.4,)) for i in range(4)], between=between):
        out[key] = value
        last_result = time.monotonic()
    assert out == {i: "woke up" for i in range(4)}
    assert len(done) == 5  # asked until it had nothing left, then never again
    assert done[-1] < last_result


def test_hanging_task_is_stopped_at_the_limit_and_the_rest_goes_on():
    pool = IsolatedPool(2, timeout=1.0)
    tasks = [("slow", (30,)), *[(f"ok{i}", (0.01,)) for i in range(5)]]
    started = time.monotonic()
    out = dict(pool.run(t.hang, tasks))
    assert time.monotonic() - started < 15
    assert isinstance(out["slow"], TaskFailure) and out["slow"].code == "timeout"
    assert out["slow"].reason == Message.of("task.timeout", seconds=1.0)
    assert all(out[f"ok{i}"] == "woke up" for i in range(5))


def test_crashing_worker_is_replaced():
    pool = IsolatedPool(1, timeout=30)
    out = dict(pool.run(t.crash, [("boom", (3,))]))
    assert out["boom"].code == "crashed"
    out = dict(IsolatedPool(1).run(t.square, [("after", (4,))]))
    assert out["after"] == 16


def test_crash_in_the_middle_costs_one_file():
    pool = IsolatedPool(1, timeout=30)
    out = dict(pool.run(t.square_or_crash, [("a", (2,)), ("bad", (-1,)), ("b", (3,))]))
    assert out["a"] == 4 and out["b"] == 9
    assert out["bad"].code == "crashed"


def test_a_task_sent_ahead_has_its_whole_time_limit():
    """Each worker holds a second task while it runs the first; that task's time limit
    starts when the worker starts it, not when it was sent."""
    pool = IsolatedPool(1, timeout=1.5)
    out = dict(pool.run(t.hang, [("first", (0.9,)), ("second", (0.9,)), ("third", (0.9,))]))
    assert out == {"first": "woke up", "second": "woke up", "third": "woke up"}


def test_large_tasks_and_results_do_not_block_each_other():
    """Tasks too large to wait unread in a socket are not sent ahead, so a worker sending
    a large result never waits on a parent that is sending it a large task."""
    big = b"x" * 3_000_000
    out: dict = {}
    runner = threading.Thread(
        target=lambda: out.update(run([(i, (big,)) for i in range(6)], func=t.echo)),
        daemon=True,
    )
    runner.start()
    runner.join(60)
    assert not runner.is_alive(), "the pool deadlocked"
    assert sorted(out) == list(range(6)) and all(v == big for v in out.values())


def test_a_task_is_pickled_once_even_while_it_waits(monkeypatch):
    """A task too large to send ahead waits for an empty queue; it is pickled once."""
    from multiprocessing.reduction import ForkingPickler

    import simhash_core.pool as pool_module

    pickled = []

    class CountingPickler:
        @staticmethod
        def dumps(obj):
            pickled.append(obj[1])
            return ForkingPickler.dumps(obj)

    monkeypatch.setattr(pool_module, "ForkingPickler", CountingPickler)
    big = b"y" * 100_000
    out = run([(i, (big + bytes([i]),)) for i in range(5)], func=t.echo, workers=1)
    assert sorted(out) == list(range(5)) and out[3] == big + bytes([3])
    assert len(pickled) == 5


def test_exceptions_keep_their_code_and_reason():
    reason = Message.of("docx.bad-zip")
    out = dict(IsolatedPool(1).run(t.raise_reason, [("x", (reason,))]))
    assert out["x"] == TaskFailure("corrupt", reason)


def test_memory_cap():
    pool = IsolatedPool(1, memory_mb=600)
    out = dict(pool.run(t.hog_memory, [("big", (2000,)), ("small", (1,))]))
    assert isinstance(out["big"], TaskFailure) and out["big"].code in {"memory", "crashed"}
    assert out["small"] == 1024 * 1024


def test_cancel_stops_promptly_and_leaves_no_children():
    progress = Progress()
    pool = IsolatedPool(2, timeout=60)
    got = []
    started = time.monotonic()
    for key, _value in pool.run(
        t.hang, [(i, (0.05 if i < 2 else 30,)) for i in range(6)], progress
    ):
        got.append(key)
        if len(got) == 2:
            progress.cancel()
    assert time.monotonic() - started < 10
    assert sorted(got) == [0, 1]
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and [
        c for c in mp.active_children() if c.name.startswith("Process")
    ]:
        time.sleep(0.1)
    assert not [c for c in mp.active_children() if c.is_alive() and c.name.startswith("Process")]


def _script_output(script: Path, source: str) -> str:
    """What ``source``, run as the script ``script`` in a new process from the repository
    (the fork server is one per process and this one's may run already), prints."""
    script.write_text(source)
    root = Path(__file__).resolve().parents[2]
    return subprocess.run(
        [sys.executable, str(script)],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout


_PREPARED = """
from simhash_core.pool import IsolatedPool
from simhash_core.scan import WORKER_PRELOAD, prepare_workers
from tests.core import pool_tasks

if __name__ == "__main__":
    prepare_workers()
    prepare_workers()  # a second call is harmless
    out = dict(IsolatedPool(1, preload=WORKER_PRELOAD).run(pool_tasks.loaded_modules, [("w", ())]))
    print(" ".join(out["w"]))
"""


def test_prepared_workers_start_with_the_dictionaries_loaded(tmp_path):
    modules = set(_script_output(tmp_path / "prepared.py", _PREPARED).split())
    assert "tests.core.pool_tasks" in modules
    if sys.platform.startswith("linux"):  # forked from the prepared server
        assert {"simhash_core.worker_preload", "numpy"} <= modules


_PRELOADED = """
import sys

import simhash_core.worker_preload

preloaded = set(sys.modules)
from simhash_core import scan  # noqa: E402  (what a worker unpickles: nothing to import)
from simhash_core.compare import measure_workers  # noqa: E402

for func in (scan.warm_worker, scan._run, scan._analyze_task, scan._submission_task,
             measure_workers._measure_chunk):
    __import__(func.__module__)
print(" ".join(sorted(set(sys.modules) - preloaded)))
print(" ".join(sorted(preloaded)))
"""


def test_the_preload_holds_what_workers_unpickle(tmp_path):
    # the fork server imports the preload once; a worker forked from it imports nothing
    # more to run a file's task or a chunk of pairs (it did: simhash_core.scan, 0.3 s)
    out = _script_output(tmp_path / "preloaded.py", _PRELOADED)
    imported_later, preloaded = (set(line.split()) for line in out.splitlines())
    assert not imported_later
    assert {"simhash_core.scan", "simhash_core.compare.measure_workers", "pypdfium2"} <= preloaded


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/status") as fh:
            return not any(line.startswith("State:\tZ") for line in fh)
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_workers_die_when_the_scanning_process_is_killed(tmp_path):
    import signal
    import subprocess
    import textwrap

    script = tmp_path / "owner.py"
    script.write_text(
        textwrap.dedent(
            f"""
            import sys
            sys.path.insert(0, {str(Path(__file__).resolve().parents[2])!r})
            from simhash_core.pool import IsolatedPool
            from tests.core import pool_tasks
            if __name__ == "__main__":
                tasks = [(i, ({str(tmp_path)!r}, 600)) for i in range(4)]
                for _ in IsolatedPool(2, timeout=900).run(pool_tasks.note_pid_and_spin, tasks):
                    pass
            """
        )
    )
    owner = subprocess.Popen([sys.executable, str(script)])
    deadline = time.monotonic() + 60
    while len(list(tmp_path.glob("*.pid"))) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    workers = [int(p.stem) for p in tmp_path.glob("*.pid")]
    assert len(workers) == 2 and all(_alive(w) for w in workers)
    with open(f"/proc/{workers[0]}/stat") as fh:
        server = int(fh.read().rsplit(")", 1)[1].split()[1])  # the workers' parent
    owner.send_signal(signal.SIGKILL)  # kill -9: no cleanup code runs in the owner
    owner.wait()
    deadline = time.monotonic() + 15
    while any(_alive(p) for p in [*workers, server]) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = [p for p in [*workers, server] if _alive(p)]
    for p in left:  # don't leave them spinning if the test fails
        with contextlib.suppress(ProcessLookupError):
            os.kill(p, signal.SIGKILL)
    assert left == [], "workers (or the fork server) outlived the killed scan"
