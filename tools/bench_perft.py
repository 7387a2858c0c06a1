"""Perft speed of jiangjun against Fairy-Stockfish on the same position, in one run.

    python tools/bench_perft.py                       # xiangqi start position, depth 5
    python tools/bench_perft.py --variant shogi --depth 4 --repeat 3

Prints jiangjun's nodes/second (median of --repeat timed runs after one warm-up, which loads the
numba cache), then, when /usr/games/fairy-stockfish exists, FSF's `go perft N` on the same
variant and position (median of the same number of runs, timed from the command to its
"Nodes searched" line), checks that both counts agree, and prints the speed ratio.
Both sides count the leaves in bulk at the last ply, single-threaded. A benchmark, not a test.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine.board import Board  # noqa: E402
from engine.perft import perft  # noqa: E402

FSF = "/usr/games/fairy-stockfish"
# FSF variant whose move tree equals ours: FSF's "janggi" ends the game on bikjang inside perft
# (33,000 at depth 3 from the start), which our perft, like FSF's "janggicasual", does not (33,316);
# bikjang is an arbiter rule here.
FSF_VARIANT = {"janggi": "janggicasual"}


def time_jiangjun(variant: str, fen: str | None, depth: int, repeat: int) -> tuple[int, list[float]]:
    board = Board(variant, fen)
    perft(board.position, min(depth, 2))          # warm-up: load (or compile) the kernels
    nodes, times = 0, []
    for _ in range(repeat):
        start = time.perf_counter()
        nodes = perft(board.position, depth)
        times.append(time.perf_counter() - start)
    return nodes, times


class FairyStockfish:
    """A minimal UCI session with Fairy-Stockfish for `go perft`."""

    def __init__(self, path: str, variant: str):
        self.process = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line: str) -> None:
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def wait_for(self, prefix: str) -> str:
        for line in self.process.stdout:
            if line.startswith(prefix):
                return line.strip()
        raise RuntimeError(f"Fairy-Stockfish exited before printing '{prefix}'")

    def perft(self, position_command: str, depth: int) -> tuple[int, float]:
        self.send(position_command)
        self.send("isready")
        self.wait_for("readyok")
        start = time.perf_counter()
        self.send(f"go perft {depth}")
        line = self.wait_for("Nodes searched")
        elapsed = time.perf_counter() - start
        return int(line.split(":")[1]), elapsed

    def close(self) -> None:
        try:
            self.send("quit")
            self.process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()


def fsf_position_command(board: Board, fen_given: str | None) -> str:
    """FSF's own start position for SFEN games (its shogi FEN differs from SFEN), else our FEN."""
    if fen_given:
        return f"position fen {fen_given}"
    if board.spec.fen_style == "sfen":
        return "position startpos"
    return f"position fen {board.fen()}"


def rate(nodes: int, seconds: float) -> float:
    return nodes / seconds if seconds > 0 else float("inf")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="xiangqi", help="xiangqi, janggi, shogi or chess")
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per engine (median)")
    parser.add_argument("--fen", help="position instead of the start (FSF must read it too)")
    parser.add_argument("--fsf", default=FSF, help="Fairy-Stockfish binary")
    parser.add_argument("--fsf-variant", help="UCI_Variant for FSF (default: the same game, "
                                              "janggi -> janggicasual)")
    args = parser.parse_args(argv)
    if args.depth < 1 or args.repeat < 1:
        parser.error("--depth and --repeat must be at least 1")

    board = Board(args.variant, args.fen)
    print(f"variant {args.variant}, depth {args.depth}, median of {args.repeat} run(s)")
    print(f"position {board.fen()}")
    nodes, times = time_jiangjun(args.variant, args.fen, args.depth, args.repeat)
    ours = statistics.median(times)
    print(f"jiangjun        nodes {nodes:>14,}  time {ours:8.3f} s  "
          f"{rate(nodes, ours) / 1e6:8.2f} M nodes/s")

    if not os.path.exists(args.fsf):
        print(f"Fairy-Stockfish not found at {args.fsf}: no comparison")
        return 0
    fsf_variant = args.fsf_variant or FSF_VARIANT.get(args.variant, args.variant)
    engine = FairyStockfish(args.fsf, fsf_variant)
    try:
        command = fsf_position_command(board, args.fen)
        runs = [engine.perft(command, args.depth) for _ in range(args.repeat)]
    finally:
        engine.close()
    fsf_nodes = runs[0][0]
    theirs = statistics.median(t for _, t in runs)
    print(f"Fairy-Stockfish nodes {fsf_nodes:>14,}  time {theirs:8.3f} s  "
          f"{rate(fsf_nodes, theirs) / 1e6:8.2f} M nodes/s  (UCI_Variant {fsf_variant})")
    if any(n != nodes for n, _ in runs):
        print(f"MISMATCH: jiangjun {nodes} != Fairy-Stockfish {[n for n, _ in runs]}")
        return 1
    print(f"counts agree; speed ratio jiangjun / Fairy-Stockfish = {theirs / ours:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
