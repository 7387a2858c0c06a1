"""Shogi perft speed: jiangjun next to cshogi and Fairy-Stockfish, same positions, one run.

    python -m tools.bench_shogi                 # the default position set
    python -m tools.bench_shogi --fen "<sfen>" --depth 4 --repeat 3

For each position prints nodes, seconds and nodes/second of
  - jiangjun: engine.perft (numba kernel, leaves bulk-counted at depth 1), after a warm-up;
  - cshogi:   a perft loop in Python over cshogi's C++ board (push/pop, leaves counted with
              len(board.legal_moves)); cshogi has no native perft, so its figure includes the
              Python recursion for every interior node;
  - Fairy-Stockfish: `go perft N` under UCI_Variant shogi, timed from the command to its
              "Nodes searched" line (bulk-counted at the last ply, one thread).
and the ratios jiangjun/FSF and jiangjun/cshogi. Times are CPU seconds of the process doing the
work (time.process_time here, /proc/<pid>/stat for FSF), so that a loaded machine slows neither
side's figure more than the other's; wall seconds are printed too. Counts are printed side by side: FSF counts a
pawn-drop mate as a move (it scores uchifuzume as a loss instead of forbidding it), so its count
may exceed ours where such a drop exists. A benchmark, not a test: the median of --repeat runs.
"""
from __future__ import annotations

import argparse
import sys
import time

from engine.board import Board
from engine.perft import perft
from engine.shogi_notation import fsf_fen

from tools.fsf_perft import fsf_perft, median

FSF = "/usr/games/fairy-stockfish"

POSITIONS = [  # (name, SFEN, depth)
    ("start", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 5),
    ("opening, bishops in hand", "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PPSPPPP1P/2G4R1/"
                                 "LN2KGSNL b Bb 1", 4),
    # 17 pawns on the board: one in hand makes the 18 a set has (it had 19, which no game reaches)
    ("middlegame, a pawn in hand", "ln1g3nl/1r1s1kg2/p1pp1p1pp/1p2p1p2/9/2PP1SP2/PPS1PP2P/"
                                   "1KG4R1/LN3G1NL b BPb 1", 4),
]


def bench_jiangjun(sfen: str, depth: int, repeat: int) -> tuple[int, float]:
    position = Board("shogi", sfen).position
    perft(position, 2)  # warm-up: load the numba cache
    times, nodes = [], 0
    for _ in range(repeat):
        start, wall = time.process_time(), time.perf_counter()
        nodes = perft(position, depth)
        times.append((time.process_time() - start, time.perf_counter() - wall))
    return nodes, median(times)


def bench_cshogi(sfen: str, depth: int, repeat: int) -> tuple[int, float] | None:
    try:
        import cshogi
    except ImportError:
        return None
    board = cshogi.Board(sfen)

    def count(d: int) -> int:
        moves = board.legal_moves
        if d == 1:
            return len(moves)
        total = 0
        for move in list(moves):
            board.push(move)
            total += count(d - 1)
            board.pop()
        return total

    times, nodes = [], 0
    for _ in range(repeat):
        start, wall = time.process_time(), time.perf_counter()
        nodes = count(depth)
        times.append((time.process_time() - start, time.perf_counter() - wall))
    return nodes, median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fen", help="one SFEN instead of the default set")
    parser.add_argument("--depth", type=int, default=4, help="depth for --fen")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per engine (median)")
    parser.add_argument("--cshogi-depth-cut", type=int, default=0,
                        help="run cshogi this many plies shallower")
    parser.add_argument("--fsf", default=FSF)
    args = parser.parse_args(argv)
    positions = [("--fen", args.fen, args.depth)] if args.fen else POSITIONS
    for name, sfen, depth in positions:
        print(f"{name}: {sfen}")
        nodes, (seconds, wall) = bench_jiangjun(sfen, depth, args.repeat)
        ours = nodes / seconds
        print(f"  jiangjun  depth {depth}  nodes {nodes:>12,}  cpu {seconds:7.3f} s  "
              f"wall {wall:7.3f} s  {ours / 1e6:7.2f} M nodes/s")
        cdepth = max(1, depth - args.cshogi_depth_cut)
        result = bench_cshogi(sfen, cdepth, args.repeat)
        if result:
            cnodes, (cseconds, cwall) = result
            crate = cnodes / cseconds
            print(f"  cshogi    depth {cdepth}  nodes {cnodes:>12,}  cpu {cseconds:7.3f} s  "
                  f"wall {cwall:7.3f} s  {crate / 1e6:7.2f} M nodes/s   "
                  f"jiangjun/cshogi {ours / crate:5.2f}x")
        else:
            print("  cshogi    not installed")
        command = f"position fen {fsf_fen(Board('shogi', sfen).position)}"
        result = fsf_perft(args.fsf, {"UCI_Variant": "shogi"}, command, depth, args.repeat)
        if result:
            fnodes, (fseconds, fwall) = result
            frate = fnodes / fseconds
            same = "same count" if fnodes == nodes else f"count differs by {fnodes - nodes:+,}"
            print(f"  FSF       depth {depth}  nodes {fnodes:>12,}  cpu {fseconds:7.3f} s  "
                  f"wall {fwall:7.3f} s  {frate / 1e6:7.2f} M nodes/s   "
                  f"jiangjun/FSF {ours / frate:5.2f}x  ({same})")
        else:
            print(f"  FSF       not found at {args.fsf}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
