"""`jiangjun bench`: fixed positions searched to a fixed depth, one thread, a fresh table.

The node count is deterministic (tests/engine/search/test_bench.py pins it per game), so any
change to the search or evaluation shows up as a new bench number; quote it in the commit
message.
"""
from __future__ import annotations

import sys
import time

from .position import Position
from .search import Limits, Searcher
from .variants import VARIANTS

DEFAULT_DEPTH = 7

# Each game's bench positions are declared in its variant module (``VariantSpec.bench_fens``).
POSITIONS: dict[str, tuple[str, ...]] = {name: spec.bench_fens for name, spec in VARIANTS.items()}


def run(variant: str | None = None, depth: int | None = None, verbose: bool = False
        ) -> tuple[int, int]:
    """Search every bench position of ``variant`` (all games if None); (nodes, nodes/second)."""
    depth = depth or DEFAULT_DEPTH
    games = [variant] if variant else list(POSITIONS)
    total = 0
    elapsed = 0.0
    for game in games:
        searcher = Searcher()            # one thread: the node count is reproducible
        if verbose:
            print(f"{game}: {net_in_use(game)}", file=sys.stderr)
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


def net_in_use(game: str) -> str:
    """What evaluates ``game`` in a default search: its shipped net, or the built-in one."""
    from .nnue.nets import load_net, shipped_net
    net = load_net(VARIANTS[game])        # the search's own cached load, not a second read
    if net is None:
        return "built-in evaluation (no net ships for this game)"
    return f"net {shipped_net(game).name} (sha256 {net.checksum()[:12]})"


def main(variant: str | None, depth: int | None) -> int:
    nodes, nps = run(variant, depth, verbose=True)
    print(f"Nodes searched: {nodes}")
    print(f"Nodes/second: {nps}")
    return 0
