"""Start-up time of the engine process: how long a GUI waits for `readyok`, cold and warm.

    python -m tools.bench_startup [--warm-runs 5] [--reference DIR] [--pair]

Cold: an empty kernel cache (a fresh JIANGJUN_CACHE_DIR), so every kernel compiles. Warm: the
same cache again. Each run starts `python -m protocol.cli`, sends `uci`, waits for `uciok`, sends
`isready` and times `readyok`, from the process start and from `isready`. `--pair` also starts two
engines at once on one empty cache, as a tournament does. The per-kernel compile timeline of the
cold run comes from the build's stamp file (engine/kernels/build.py).

References measured in the same run: `python -c "import numpy, numba"` (the floor no kernel work
can go below), and with `--reference DIR` the same figures for another checkout (e.g. a git
worktree of the commit before), printed side by side with the ratio.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def start_to_ready(tree: Path, cache: str) -> tuple[float, float]:
    """(seconds from process start to readyok, seconds from isready to readyok)."""
    env = dict(os.environ, JIANGJUN_CACHE_DIR=cache, PYTHONPATH=str(tree))
    started = time.perf_counter()
    engine = subprocess.Popen([sys.executable, "-m", "protocol.cli"], cwd=tree, env=env,
                              text=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL)
    engine.stdin.write("uci\n")
    engine.stdin.flush()
    while not engine.stdout.readline().startswith("uciok"):
        pass
    asked = time.perf_counter()
    engine.stdin.write("isready\n")
    engine.stdin.flush()
    while True:
        line = engine.stdout.readline()
        if not line or line.startswith("readyok"):
            break
    done = time.perf_counter()
    engine.stdin.write("quit\n")
    engine.stdin.flush()
    engine.wait(timeout=60)
    return done - started, done - asked


def import_floor() -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import numpy, numba"], check=True)
    return time.perf_counter() - started


def timeline(cache: str) -> list:
    stamps = list(Path(cache).glob("*/complete"))
    if not stamps:
        return []
    try:
        return json.loads(stamps[0].read_text()).get("kernels", [])
    except ValueError:
        return []


def measure(tree: Path, warm_runs: int, pair: bool) -> dict:
    figures = {}
    with tempfile.TemporaryDirectory() as cache:
        figures["cold"], figures["cold_isready"] = start_to_ready(tree, cache)
        figures["timeline"] = timeline(cache)
        warm = [start_to_ready(tree, cache) for _ in range(warm_runs)]
        figures["warm"] = statistics.median(w[0] for w in warm)
        figures["warm_isready"] = statistics.median(w[1] for w in warm)
    if pair:
        with tempfile.TemporaryDirectory() as cache:
            results = []
            threads = [threading.Thread(target=lambda: results.append(start_to_ready(tree, cache)))
                       for _ in range(2)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            figures["pair"] = max(r[0] for r in results)
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--warm-runs", type=int, default=5)
    parser.add_argument("--reference", type=Path, help="another checkout to measure beside this")
    parser.add_argument("--pair", action="store_true", help="also two engines on one cold cache")
    args = parser.parse_args()

    floor = statistics.median(import_floor() for _ in range(3))
    ours = measure(ROOT, args.warm_runs, args.pair)
    reference = measure(args.reference, args.warm_runs, args.pair) if args.reference else None

    print(f"import numpy, numba alone: {floor:.3f} s")
    rows = [("cold: start to readyok", "cold"), ("cold: isready to readyok", "cold_isready"),
            (f"warm: start to readyok (median of {args.warm_runs})", "warm"),
            ("warm: isready to readyok", "warm_isready")]
    if args.pair:
        rows.append(("two engines, one cold cache: start to both readyok", "pair"))
    header = f"{'':52} {'this tree':>10}"
    if reference:
        header += f" {'reference':>10} {'ratio':>7}"
    print(header)
    for label, key in rows:
        line = f"{label:52} {ours[key]:9.3f}s"
        if reference:
            line += f" {reference[key]:9.3f}s {reference[key] / ours[key]:6.2f}x"
        print(line)
    if ours["timeline"]:
        print("\ncold build, slowest kernels (worker, start, end, seconds, kernel):")
        for worker, name, start, end in sorted(ours["timeline"], key=lambda r: r[2] - r[3])[:12]:
            print(f"  {worker} {start:6.2f} {end:6.2f} {end - start:5.2f}  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
