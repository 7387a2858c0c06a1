"""Chess perft speed: jiangjun next to python-chess and Fairy-Stockfish, same positions, one run.

    python -m tools.bench_chess                      # the default position set
    python -m tools.bench_chess --fen "<fen>" --depth 4 [--chess960] --repeat 3

For each position prints nodes, CPU seconds and nodes/second of
  - jiangjun: engine.perft (numba kernel, leaves bulk-counted at depth 1), after a warm-up;
  - python-chess: a perft loop in Python over chess.Board (push/pop, leaves counted with
    legal_moves.count()), the usual way to run perft with it;
  - Fairy-Stockfish: `go perft N` (UCI_Variant chess, UCI_Chess960 for 960 positions), timed
    from the command to its "Nodes searched" line, one thread, bulk-counted at the last ply;
and the ratios jiangjun/python-chess and jiangjun/FSF. Times are CPU seconds of the process doing
the work (time.process_time here, /proc/<pid>/stat for FSF) so a loaded machine skews no side
more than the other; wall seconds are printed too. All three counts must agree (exit 1 if not).
A benchmark, not a test: medians of --repeat runs (python-chess: --pychess-repeat runs).
"""
from __future__ import annotations

import argparse
import sys
import time

import chess

from engine.board import Board
from engine.perft import perft

from tools.fsf_perft import fsf_perft, median

FSF = "/usr/games/fairy-stockfish"

POSITIONS = [  # (name, FEN, depth, chess960)
    ("start", chess.STARTING_FEN, 5, False),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, False),
    ("CPW position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, False),
    ("CPW position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, False),
    ("Chess960 #0", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", 5, True),
]


def bench_jiangjun(fen: str, depth: int, chess960: bool, repeat: int):
    position = Board("chess", fen, chess960=chess960).position
    perft(position, 2)  # warm-up: load the numba cache
    times, nodes = [], 0
    for _ in range(repeat):
        start, wall = time.process_time(), time.perf_counter()
        nodes = perft(position, depth)
        times.append((time.process_time() - start, time.perf_counter() - wall))
    return nodes, median(times)


def bench_python_chess(fen: str, depth: int, chess960: bool, repeat: int):
    board = chess.Board(fen, chess960=chess960)

    def count(d: int) -> int:
        if d == 1:
            return board.legal_moves.count()
        total = 0
        for move in board.legal_moves:
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


def _line(name: str, depth: int, nodes: int, seconds: float, wall: float) -> str:
    rate = nodes / seconds if seconds > 0 else float("inf")
    return (f"  {name:<12} depth {depth}  nodes {nodes:>11,}  cpu {seconds:7.3f} s  "
            f"wall {wall:7.3f} s  {rate / 1e6:7.2f} M nodes/s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fen", help="one FEN instead of the default set")
    parser.add_argument("--depth", type=int, default=4, help="depth for --fen")
    parser.add_argument("--chess960", action="store_true", help="--fen is a Chess960 position")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs of jiangjun and FSF")
    parser.add_argument("--pychess-repeat", type=int, default=1, help="timed python-chess runs")
    parser.add_argument("--fsf", default=FSF)
    args = parser.parse_args(argv)
    positions = ([("--fen", args.fen, args.depth, args.chess960)] if args.fen else POSITIONS)
    agree = True
    for name, fen, depth, chess960 in positions:
        print(f"{name}{' (Chess960)' if chess960 else ''}: {fen}")
        nodes, (seconds, wall) = bench_jiangjun(fen, depth, chess960, args.repeat)
        ours = nodes / seconds
        print(_line("jiangjun", depth, nodes, seconds, wall))
        pnodes, (pseconds, pwall) = bench_python_chess(fen, depth, chess960, args.pychess_repeat)
        print(_line("python-chess", depth, pnodes, pseconds, pwall)
              + f"   jiangjun/python-chess {ours / (pnodes / pseconds):6.2f}x")
        agree &= pnodes == nodes
        options = {"UCI_Variant": "chess", "UCI_Chess960": "true" if chess960 else "false"}
        result = fsf_perft(args.fsf, options, f"position fen {fen}", depth, args.repeat)
        if result:
            fnodes, (fseconds, fwall) = result
            print(_line("FSF", depth, fnodes, fseconds, fwall)
                  + f"   jiangjun/FSF {ours / (fnodes / fseconds):6.2f}x")
            agree &= fnodes == nodes
        else:
            print(f"  FSF          not found at {args.fsf}")
    print("counts agree" if agree else "COUNT MISMATCH")
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
