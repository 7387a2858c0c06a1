"""Perft speed of jiangjun against Fairy-Stockfish on the same position, in one run.

    python -m tools.bench_perft                       # xiangqi start position, depth 5
    python -m tools.bench_perft --variant shogi --depth 4 --repeat 3

Prints jiangjun's nodes/second (median of --repeat timed runs after one warm-up, which loads the
numba cache), then, when /usr/games/fairy-stockfish exists, FSF's `go perft N` on the same
variant and position (median of the same number of runs, timed from the command to its
"Nodes searched" line), checks that both counts agree, and prints the speed ratio per wall second
and per CPU second (ours: this process's CPU time; FSF's: its process's, from /proc) — the CPU
figure is the fair one on a loaded machine.
Both sides count the leaves in bulk at the last ply, single-threaded. A benchmark, not a test.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

from engine.board import Board
from engine.perft import perft

from tools.fsf_perft import fsf_perft, median

FSF = "/usr/games/fairy-stockfish"
# FSF variant whose move tree equals ours: FSF's "janggi" ends the game on bikjang inside perft
# (33,000 at depth 3 from the start), which our perft, like FSF's "janggicasual", does not (33,316);
# bikjang is an arbiter rule here.
FSF_VARIANT = {"janggi": "janggicasual"}


def time_jiangjun(variant: str, fen: str | None, depth: int, repeat: int
                  ) -> tuple[int, tuple[float, float]]:
    """(nodes, (median CPU seconds, median wall seconds)) of our perft after one warm-up."""
    board = Board(variant, fen)
    perft(board.position, min(depth, 2))          # warm-up: load (or compile) the kernels
    nodes, times = 0, []
    for _ in range(repeat):
        cpu, wall = time.process_time(), time.perf_counter()
        nodes = perft(board.position, depth)
        times.append((time.process_time() - cpu, time.perf_counter() - wall))
    return nodes, median(times)


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
    nodes, (ours_cpu, ours_wall) = time_jiangjun(args.variant, args.fen, args.depth, args.repeat)
    print(f"jiangjun        nodes {nodes:>14,}  {rate(nodes, ours_wall) / 1e6:8.2f} M nodes/s wall "
          f"{rate(nodes, ours_cpu) / 1e6:8.2f} M nodes/CPU s")
    if not os.path.exists(args.fsf):
        print(f"Fairy-Stockfish not found at {args.fsf}: no comparison")
        return 0
    fsf_variant = args.fsf_variant or FSF_VARIANT.get(args.variant, args.variant)
    fsf_nodes, (fsf_cpu, fsf_wall) = fsf_perft(args.fsf, {"UCI_Variant": fsf_variant},
                                               fsf_position_command(board, args.fen), args.depth,
                                               args.repeat)
    print(f"Fairy-Stockfish nodes {fsf_nodes:>14,}  "
          f"{rate(fsf_nodes, fsf_wall) / 1e6:8.2f} M nodes/s wall "
          f"{rate(fsf_nodes, fsf_cpu) / 1e6:8.2f} M nodes/CPU s  (UCI_Variant {fsf_variant})")
    if fsf_nodes != nodes:
        print(f"MISMATCH: jiangjun {nodes} != Fairy-Stockfish {fsf_nodes}")
        return 1
    print(f"counts agree; speed ratio jiangjun / Fairy-Stockfish = {fsf_wall / ours_wall:.2f}x "
          f"wall, {fsf_cpu / ours_cpu:.2f}x CPU")
    return 0

if __name__ == "__main__":
    sys.exit(main())
