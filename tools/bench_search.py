"""Search speed next to Fairy-Stockfish: both engines search every bench position for the same
fixed time in the same run; nodes/s per game and the ratio (ours / FSF).

    python -m tools.bench_search [--movetime MS] [--variant V]
    python -m tools.bench_search --smp [--depth D]   # Lazy SMP time-to-depth, 1 vs 2 threads
    python -m tools.bench_search --ttd [--depth D]   # time to depth, ours and FSF's

Fairy-Stockfish runs as a separate process with one thread (Threads 1, Hash 16); our search runs
in this process with one thread and a 16 MB table. Node counts: its last `info` line with a node
count; ours the final node counter. Nodes/s is given per wall second and per CPU second (ours:
this process's CPU time; Fairy-Stockfish's: its process's, from /proc), the second being the
fair one on a loaded machine.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

from engine.bench import POSITIONS
from engine.position import Position
from engine.search import Limits, SearchConfig, Searcher
from engine.variants import get_variant

from tools.fsf_perft import cpu_seconds

FSF = "/usr/games/fairy-stockfish"


def ours(variant: str, fen: str, movetime_ms: int, depth: int | None = None
         ) -> tuple[int, float, float]:
    """(nodes, CPU seconds, wall seconds) of one search in this process: for ``movetime_ms``,
    or to ``depth`` when given."""
    searcher = Searcher()
    infos = []
    limits = Limits(depth=depth) if depth else Limits(movetime_ms=movetime_ms)
    cpu, wall = time.process_time(), time.perf_counter()
    searcher.start(Position(variant, fen), limits, infos.append, lambda best: None)
    searcher.wait()
    return searcher._nodes(), time.process_time() - cpu, time.perf_counter() - wall


def fsf(variant: str, fen: str, movetime_ms: int, depth: int | None = None
        ) -> tuple[int, float, float]:
    """(nodes, CPU seconds, wall seconds) of one Fairy-Stockfish search (fresh process), for
    ``movetime_ms`` or to ``depth``."""
    process = subprocess.Popen([FSF], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(line: str) -> None:
        process.stdin.write(line + "\n")
        process.stdin.flush()

    def wait_for(prefix: str) -> list[str]:
        lines = []
        for line in process.stdout:
            lines.append(line.strip())
            if line.startswith(prefix):
                return lines
        raise RuntimeError(f"Fairy-Stockfish exited before '{prefix}'")

    sfen = get_variant(variant).fen_style == "sfen"    # FSF reads SFENs over USI only
    try:
        send("usi" if sfen else "uci")
        wait_for("usiok" if sfen else "uciok")
        setup = [] if sfen else [f"setoption name UCI_Variant value {variant}", "ucinewgame"]
        for command in ("setoption name Threads value 1",
                        f"setoption name {'USI_Hash' if sfen else 'Hash'} value 16", *setup,
                        f"position {'sfen' if sfen else 'fen'} {fen}", "isready"):
            send(command)
        wait_for("readyok")
        cpu, wall = cpu_seconds(process.pid), time.perf_counter()
        send(f"go depth {depth}" if depth else f"go movetime {movetime_ms}")
        lines = wait_for("bestmove")
        cpu, wall = cpu_seconds(process.pid) - cpu, time.perf_counter() - wall
    finally:
        send("quit")
        process.wait(timeout=10)
    nodes = 0
    for line in lines:
        words = line.split()
        if words[:1] == ["info"] and "nodes" in words:
            nodes = int(words[words.index("nodes") + 1])
    return nodes, cpu, wall


def time_to_depth(variant: str, fen: str, depth: int, threads: int) -> tuple[float, int]:
    searcher = Searcher(SearchConfig(hash_mb=64, threads=threads))
    t0 = time.perf_counter()
    searcher.start(Position(variant, fen), Limits(depth=depth), lambda info: None,
                   lambda best: None)
    searcher.wait()
    return time.perf_counter() - t0, searcher._nodes()


# depths at which one thread needs some seconds per bench position here
SMP_DEPTH = {"xiangqi": 15, "janggi": 15, "shogi": 11, "chess": 15}


def smp(variants: list[str], depth: int | None, runs: int) -> None:
    """Lazy SMP: wall time for the main thread to finish the depth, summed over the bench
    positions, 1 thread vs 2 (the two-thread search differs run to run: ``runs`` of it)."""
    print(f"{'game':8} {'depth':>5} {'1 thread s':>11} {'2 threads s':>12} {'speed-up':>9} "
          f"{'nodes x':>8} {'nodes/s x':>10}")
    for variant in variants:
        d = depth or SMP_DEPTH[variant]
        t1 = n1 = t2 = n2 = 0.0
        for fen in POSITIONS[variant]:
            a, na = time_to_depth(variant, fen, d, 1)
            t1, n1 = t1 + a, n1 + na
            for _ in range(runs):
                b, nb = time_to_depth(variant, fen, d, 2)
                t2, n2 = t2 + b / runs, n2 + nb / runs
        print(f"{variant:8} {d:5} {t1:11.2f} {t2:12.2f} {t1 / t2:9.2f} {n2 / n1:8.2f} "
              f"{(n2 / t2) / (n1 / t1):10.2f}", flush=True)


# depths each engine reaches in about a second per bench position here
TTD_DEPTH = {"xiangqi": 10, "janggi": 10, "shogi": 8, "chess": 10}


def ttd(variants: list[str], depth: int | None) -> None:
    """Time to depth: CPU seconds each engine takes to finish the same nominal depth, summed
    over the bench positions. The depths mean different trees (each engine extends, reduces
    and prunes in its own way): this measures how deep each one's iterations get per second,
    the other half of the search's story beside nodes/s."""
    print(f"{'game':8} {'depth':>5} {'ours CPU s':>11} {'FSF CPU s':>10} {'ours/FSF':>9} "
          f"{'ours nodes':>11} {'FSF nodes':>10}")
    for variant in variants:
        d = depth or TTD_DEPTH[variant]
        totals = {"ours": [0, 0.0], "fsf": [0, 0.0]}
        for fen in POSITIONS[variant]:
            for name, run in (("ours", ours), ("fsf", fsf)):
                nodes, cpu, _ = run(variant, fen, 0, d)
                totals[name][0] += nodes
                totals[name][1] += cpu
        a, b = totals["ours"], totals["fsf"]
        print(f"{variant:8} {d:5} {a[1]:11.2f} {b[1]:10.2f} {a[1] / max(b[1], 1e-9):9.2f} "
              f"{a[0]:11,} {b[0]:10,}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--movetime", type=int, default=1000, help="ms per position")
    parser.add_argument("--variant", help="one game only")
    parser.add_argument("--smp", action="store_true",
                        help="instead: Lazy SMP time-to-depth, 1 vs 2 threads")
    parser.add_argument("--ttd", action="store_true",
                        help="instead: time to depth of our search and Fairy-Stockfish's")
    parser.add_argument("--depth", type=int, help="--smp, --ttd: one depth for every game")
    parser.add_argument("--runs", type=int, default=2, help="--smp: two-thread runs per position")
    args = parser.parse_args()
    if args.smp:
        smp([args.variant] if args.variant else list(POSITIONS), args.depth, args.runs)
        return 0
    if args.ttd:
        ttd([args.variant] if args.variant else list(POSITIONS), args.depth)
        return 0
    have_fsf = os.access(FSF, os.X_OK)
    print(f"{'game':8} {'ours nodes/s':>13} {'FSF nodes/s':>12} {'ratio':>6}   "
          f"{'ours per CPU s':>14} {'FSF per CPU s':>14} {'ratio':>6}")
    for variant in ([args.variant] if args.variant else list(POSITIONS)):
        totals = {"ours": [0, 0.0, 0.0], "fsf": [0, 0.0, 0.0]}
        for fen in POSITIONS[variant]:
            for name, run in (("ours", ours), ("fsf", fsf)):
                if name == "fsf" and not have_fsf:
                    continue
                for i, value in enumerate(run(variant, fen, args.movetime)):
                    totals[name][i] += value
        a, b = totals["ours"], totals["fsf"]
        wall = (a[0] / a[2], b[0] / b[2] if b[2] else 0.0)
        cpu = (a[0] / a[1], b[0] / b[1] if b[1] else 0.0)
        ratio_wall = f"{wall[0] / wall[1]:6.2f}" if wall[1] else "   n/a"
        ratio_cpu = f"{cpu[0] / cpu[1]:6.2f}" if cpu[1] else "   n/a"
        print(f"{variant:8} {wall[0]:13,.0f} {wall[1]:12,.0f} {ratio_wall}   "
              f"{cpu[0]:14,.0f} {cpu[1]:14,.0f} {ratio_cpu}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
