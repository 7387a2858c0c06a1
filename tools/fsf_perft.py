"""Shared helpers for the perft benchmarks: Fairy-Stockfish `go perft` over UCI, CPU time of a
child process, medians of (CPU, wall) timings. Used by tools/bench_perft.py, bench_chess.py,
bench_shogi.py and bench_search.py.
"""
from __future__ import annotations

import os
import statistics
import subprocess
import time


def median(times: list[tuple[float, float]]) -> tuple[float, float]:
    """(CPU seconds, wall seconds), medians of the runs."""
    return (statistics.median(t[0] for t in times), statistics.median(t[1] for t in times))


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of another process (Linux /proc)."""
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def fsf_perft(path: str, options: dict[str, str], position_command: str, depth: int,
              repeat: int) -> tuple[int, tuple[float, float]] | None:
    """Run Fairy-Stockfish's `go perft depth` `repeat` times on one position.

    Sends `uci`, then `setoption name <key> value <value>` for each of `options` in order, then
    `position_command` (e.g. "position fen ..."); each run is `isready` followed by
    `go perft depth`, timed from the command to the "Nodes searched" line in CPU seconds of the
    FSF process (/proc) and in wall seconds. Returns (nodes of the last run, (median CPU,
    median wall)), or None when `path` does not exist.
    """
    if not os.path.exists(path):
        return None
    process = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(line: str) -> None:
        process.stdin.write(line + "\n")
        process.stdin.flush()

    def wait_for(prefix: str) -> str:
        for line in process.stdout:
            if line.startswith(prefix):
                return line.strip()
        raise RuntimeError(f"Fairy-Stockfish exited before '{prefix}'")

    try:
        send("uci")
        wait_for("uciok")
        for name, value in options.items():
            send(f"setoption name {name} value {value}")
        send(position_command)
        times, nodes = [], 0
        for _ in range(repeat):
            send("isready")
            wait_for("readyok")
            start, wall = cpu_seconds(process.pid), time.perf_counter()
            send(f"go perft {depth}")
            nodes = int(wait_for("Nodes searched").split(":")[1])
            times.append((cpu_seconds(process.pid) - start, time.perf_counter() - wall))
        return nodes, median(times)
    finally:
        send("quit")
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
