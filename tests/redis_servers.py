"""Throwaway Redis servers on loopback for tests and benchmarks: one server, or a real
Redis Cluster of masters made by ``redis-cli --cluster create``.

    with LocalCluster(tmp_path, masters=3) as cluster:
        store = open_archive(cluster.url)
        cluster.restart(0)          # a master goes down and comes back with its data
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path

CLUSTER_BUS_OFFSET = 10000  # a cluster node also listens on port + 10000


def free_port(pair: bool = False) -> int:
    """A loopback port nobody listens on (and, with ``pair``, whose bus port is free)."""
    for _ in range(100):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        if not pair:
            return port
        if port + CLUSTER_BUS_OFFSET > 65535:
            continue
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port + CLUSTER_BUS_OFFSET))
            except OSError:
                continue
        return port
    raise RuntimeError("no free loopback port")


def _wait(check, seconds: float = 20.0) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if check():
                return True
        except Exception:
            pass
        time.sleep(0.05)
    return False


class LocalCluster:
    """``masters`` redis-server processes in cluster mode, with append-only files so a
    restarted master comes back with its data and its slots."""

    def __init__(self, workdir: Path, masters: int = 3, *, persist: bool = True) -> None:
        self.exe = shutil.which("redis-server")
        self.cli = shutil.which("redis-cli")
        self.workdir = Path(workdir)
        self.masters = masters
        self.persist = persist  # append-only files (a restarted master keeps its data)
        self.ports: list[int] = []
        self.procs: list[subprocess.Popen[bytes] | None] = []

    @property
    def available(self) -> bool:
        return self.exe is not None and self.cli is not None

    @property
    def url(self) -> str:
        return f"redis+cluster://127.0.0.1:{self.ports[0]}"

    def _start_node(self, i: int) -> subprocess.Popen[bytes]:
        port = self.ports[i]
        folder = self.workdir / f"node{i}"
        folder.mkdir(parents=True, exist_ok=True)
        args = [
            str(self.exe),
            "--port", str(port),
            "--bind", "127.0.0.1",
            "--cluster-enabled", "yes",
            "--cluster-config-file", "nodes.conf",
            "--cluster-node-timeout", "2000",
            *(["--appendonly", "yes", "--appendfsync", "everysec"] if self.persist
              else ["--appendonly", "no"]),
            "--save", "",
            "--dir", str(folder),
        ]  # fmt: skip
        proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if not _wait(lambda: self._call(port, "PING") == "PONG"):
            proc.kill()
            raise RuntimeError(f"redis-server on port {port} did not start")
        return proc

    def _call(self, port: int, *args: str) -> str:
        done = subprocess.run(
            [str(self.cli), "-p", str(port), *args], capture_output=True, text=True, timeout=20
        )
        return done.stdout.strip()

    def healthy(self) -> bool:
        """Every master says the cluster is ``ok`` and knows all the others."""
        for port in self.ports:
            info = self._call(port, "CLUSTER", "INFO")
            if "cluster_state:ok" not in info or f"cluster_known_nodes:{self.masters}" not in info:
                return False
        return True

    def start(self) -> LocalCluster:
        self.ports = [free_port(pair=True) for _ in range(self.masters)]
        self.procs = [self._start_node(i) for i in range(self.masters)]
        nodes = [f"127.0.0.1:{p}" for p in self.ports]
        subprocess.run(
            [str(self.cli), "--cluster", "create", *nodes, "--cluster-replicas", "0",
             "--cluster-yes"],
            capture_output=True, text=True, timeout=60, check=True,
        )  # fmt: skip
        if not _wait(self.healthy, 30):
            raise RuntimeError("the cluster did not become healthy")
        return self

    def stop_node(self, i: int) -> None:
        """Stop master ``i`` the way an administrator does (its data is on disk)."""
        proc = self.procs[i]
        if proc is not None:
            proc.terminate()
            proc.wait(timeout=30)
            self.procs[i] = None

    def start_node(self, i: int) -> None:
        """Start master ``i`` again on its port; waits until the cluster is healthy."""
        self.procs[i] = self._start_node(i)
        if not _wait(self.healthy, 30):
            raise RuntimeError("the cluster did not recover")

    def restart(self, i: int) -> None:
        self.stop_node(i)
        self.start_node(i)

    def close(self) -> None:
        for i in range(len(self.procs)):
            self.stop_node(i)

    def __enter__(self) -> LocalCluster:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()
