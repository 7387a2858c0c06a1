"""`jiangjun bench`: fixed positions searched to a fixed depth, one thread, a fresh table.

The node count is deterministic (tests/test_bench.py pins it per game), so any change to the
search or evaluation shows up as a new bench number; quote it in the commit message.
"""
from __future__ import annotations

import sys
import time

from .position import Position
from .search import Limits, Searcher

DEFAULT_DEPTH = 7

POSITIONS: dict[str, list[str]] = {
    "xiangqi": [
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "r1bakab1r/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1CN4C1/9/R1BAKAB1R w - - 0 1",
        "2bakab2/9/4c1n2/p3p1p1p/2p6/6P2/P1P1P3P/2N1C4/9/2BAKAB2 w - - 0 1",
        "3k5/4a4/4ba3/9/2b6/9/9/4B4/4A4/3AK2R1 w - - 0 1",
    ],
    "janggi": [
        "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
        "rbna1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RBNA1ANBR w - - 0 1",
        "r1ba1abnr/4k4/1cn4c1/p1p1p1p1p/9/2P6/P3P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
    ],
    "shogi": [
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3",
        "ln1g3nl/1r1sk1gb1/p1ppppspp/1p4p2/9/2P1P1P2/PPSP1P1PP/1BK2S1R1/LN1G1G1NL b - 1",
        "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
    ],
    "chess": [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/P4PPP/R2QKB1R w KQ - 0 8",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ],
}


def run(variant: str | None = None, depth: int | None = None, verbose: bool = False
        ) -> tuple[int, int]:
    """Search every bench position of ``variant`` (all games if None); (nodes, nodes/second)."""
    depth = depth or DEFAULT_DEPTH
    games = [variant] if variant else list(POSITIONS)
    total = 0
    elapsed = 0.0
    for game in games:
        searcher = Searcher()
        searcher.threads = 1
        for fen in POSITIONS[game]:
            position = Position(game, fen)
            infos = []
            searcher.clear_hash()
            t0 = time.perf_counter()
            searcher.start(position, Limits(depth=depth), infos.append, lambda best: None)
            searcher.wait()
            elapsed += time.perf_counter() - t0
            nodes = infos[-1].nodes if infos else 0
            total += nodes
            if verbose:
                print(f"{game} {fen}: {nodes} nodes", file=sys.stderr)
    return total, int(total / elapsed) if elapsed > 0 else 0


def main(variant: str | None, depth: int | None) -> int:
    nodes, nps = run(variant, depth, verbose=True)
    print(f"Nodes searched: {nodes}")
    print(f"Nodes/second: {nps}")
    return 0
