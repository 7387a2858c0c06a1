"""Search speed next to Fairy-Stockfish: both engines search every bench position for the same
fixed time in the same run; nodes/s per game and the ratio (ours / FSF).

    python tools/bench_search.py [--movetime MS] [--variant V]
    python tools/bench_search.py --smp DEPTH       # Lazy SMP time-to-depth, 1 vs 2 threads

Fairy-Stockfish runs as a separate process with one thread (Threads 1, Hash 16); our search runs
in this process with one thread and a 16 MB table. Its nodes/s is taken from its last `info`
line with a node count; ours from the last iteration record plus the final node counter.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from engine.bench import POSITIONS  # noqa: E402
from engine.position import Position  # noqa: E402
from engine.search import Limits, Searcher  # noqa: E402

FSF = "/usr/games/fairy-stockfish"


def ours(variant: str, fen: str, movetime_ms: int) -> tuple[int, float]:
    searcher = Searcher()
    infos = []
    t0 = time.perf_counter()
    searcher.start(Position(variant, fen), Limits(movetime_ms=movetime_ms), infos.append,
                   lambda best: None)
    searcher.wait()
    elapsed = time.perf_counter() - t0
    return searcher._nodes(), elapsed


def fsf(variant: str, fen: str, movetime_ms: int) -> tuple[int, float]:
    from protocol.client import Limit, open_engine
    with open_engine(FSF, "uci", variant, options={"Threads": 1, "Hash": 16}) as engine:
        engine.new_game()
        result = engine.play(fen, [], Limit(movetime=movetime_ms / 1000.0), timeout=30)
    counted = [i for i in result.infos if i.nodes]
    if not counted:
        return 0, result.elapsed
    last = counted[-1]
    return last.nodes, (last.time if last.time else result.elapsed)


def time_to_depth(variant: str, fen: str, depth: int, threads: int) -> tuple[float, int]:
    searcher = Searcher()
    searcher.threads = threads
    searcher.hash_mb = 64
    searcher.resize_hash(64)
    t0 = time.perf_counter()
    searcher.start(Position(variant, fen), Limits(depth=depth), lambda info: None,
                   lambda best: None)
    searcher.wait()
    return time.perf_counter() - t0, searcher._nodes()


def smp(variants: list[str], depth: int) -> None:
    """Lazy SMP: wall time for the main thread to finish ``depth``, 1 thread vs 2."""
    print(f"{'game':8} {'1 thread s':>11} {'2 threads s':>12} {'speed-up':>9} {'nodes x':>8}")
    for variant in variants:
        t1 = t2 = n1 = n2 = 0.0
        for fen in POSITIONS[variant][:2]:
            a, na = time_to_depth(variant, fen, depth, 1)
            b, nb = time_to_depth(variant, fen, depth, 2)
            t1, t2, n1, n2 = t1 + a, t2 + b, n1 + na, n2 + nb
        print(f"{variant:8} {t1:11.2f} {t2:12.2f} {t1 / t2:9.2f} {n2 / n1:8.2f}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--movetime", type=int, default=1000, help="ms per position")
    parser.add_argument("--variant", help="one game only")
    parser.add_argument("--smp", type=int, metavar="DEPTH",
                        help="instead: Lazy SMP time-to-depth, 1 vs 2 threads")
    args = parser.parse_args()
    if args.smp:
        smp([args.variant] if args.variant else list(POSITIONS), args.smp)
        return 0
    have_fsf = os.access(FSF, os.X_OK)
    print(f"{'game':8} {'ours nodes/s':>14} {'FSF nodes/s':>14} {'ratio':>7}")
    for variant in ([args.variant] if args.variant else list(POSITIONS)):
        n_ours = t_ours = n_fsf = t_fsf = 0.0
        for fen in POSITIONS[variant]:
            n, t = ours(variant, fen, args.movetime)
            n_ours, t_ours = n_ours + n, t_ours + t
            if have_fsf:
                n, t = fsf(variant, fen, args.movetime)
                n_fsf, t_fsf = n_fsf + n, t_fsf + t
        a = n_ours / t_ours if t_ours else 0.0
        b = n_fsf / t_fsf if t_fsf else 0.0
        ratio = f"{a / b:7.2f}" if b else "    n/a"
        print(f"{variant:8} {a:14,.0f} {b:14,.0f} {ratio}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
