"""Nodes per second with a net against the hand-made evaluation, per game, in one run.

    python -m tools.bench_nnue                         # L1 128 and 256, every game, depth 7
    python -m tools.bench_nnue --l1 128 --games shogi --rounds 3
    python -m tools.bench_nnue --l1 128 --hidden 16,32 --games chess --rounds 1
    python -m tools.bench_nnue --l1 128 --features A1 K1 --games shogi
    python -m tools.bench_nnue --games xiangqi --l1 --net x1.nnue   # a trained net, no random ones

Each game's bench positions (engine/bench.py) are searched with the built-in evaluation and
with a net of each width and feature scheme (random weights, with ``--hidden`` layers if given:
the cost of a node does not depend on what the net learnt; K1's king buckets cost a refresh of
one accumulator when a king changes bucket), alternating, ``--rounds`` times;
the best round of each counts, so a moment of load elsewhere does not decide. The goal of
issue 18: a net within 2x of the built-in evaluation's speed (ratio >= 0.5).
The tree does depend on it: a random net's scores shape one unlike a trained net's (xiangqi, L1
64 and 128 random nets: 0.91x and 1.85x, the wider one faster), so a net about to ship is timed
with ``--net``: each file is searched in the games of ``--games`` whose net it is.
"""
from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from engine.bench import POSITIONS
from engine.nnue.features import KINDS, scheme_for
from engine.nnue.network import FloatNet, NetFileError, read_net, write_net
from engine.position import Position
from engine.search import Limits, Searcher
from engine.search_records import SearchConfig
from protocol.training.train import parse_hidden, shape_of


def nodes_per_second(game: str, depth: int, config: SearchConfig) -> float:
    searcher = Searcher(config)
    searcher.configure(config)
    nodes, seconds = 0, 0.0
    for fen in POSITIONS[game]:
        infos = []
        searcher.clear_hash()
        t0 = time.perf_counter()
        searcher.start(Position(game, fen), Limits(depth=depth), infos.append, lambda best: None)
        searcher.wait()
        seconds += time.perf_counter() - t0
        nodes += infos[-1].nodes if infos else 0
    return nodes / seconds


def is_net_of(path: Path, game: str) -> bool:
    try:
        read_net(path, game)
    except NetFileError:
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=list(POSITIONS))
    parser.add_argument("--l1", nargs="*", type=int, default=[128, 256],
                        help="widths of random nets to time (none: only --net files)")
    parser.add_argument("--net", nargs="+", default=[], type=Path,
                        help="trained net files to time too, each in its own game")
    parser.add_argument("--hidden", default="", type=parse_hidden,
                        help="hidden layers of the nets, e.g. 16,32 (default: none)")
    parser.add_argument("--features", nargs="+", choices=KINDS, default=["A1"],
                        help="feature schemes to time (default: A1)")
    parser.add_argument("--depth", type=int, default=7)
    parser.add_argument("--rounds", type=int, default=2)
    ns = parser.parse_args(argv)
    games_of = {path: {game for game in ns.games if is_net_of(path, game)} for path in ns.net}
    for path, games in games_of.items():
        if not games:
            parser.error(f"{path} is no net of {', '.join(ns.games)}")
    folder = Path(tempfile.mkdtemp(prefix="jiangjun-bench-nnue-"))
    width = max([21] + [len(f"net {path}") for path in ns.net])    # a row names its file whole
    print(f"{'game':8} {'evaluation':{width}} {'nodes/s':>10} {'ratio':>6}")
    for game in ns.games:
        configs = {"built-in": SearchConfig(use_nnue=False)}
        for kind in ns.features:
            for l1 in ns.l1:
                name = f"{kind} {shape_of(l1, ns.hidden)}"
                path = folder / f"{game}-{name.replace(' ', '-')}.nnue"
                net = FloatNet.initial(scheme_for(game, kind), l1, seed=1, hidden=ns.hidden)
                write_net(path, net.quantised())
                configs[f"net {name}"] = SearchConfig(eval_file=str(path))
        for path, games in games_of.items():
            if game in games:
                configs[f"net {path}"] = SearchConfig(eval_file=str(path))
        nodes_per_second(game, 2, configs["built-in"])          # load the kernels first
        best = {name: 0.0 for name in configs}
        for _ in range(ns.rounds):
            for name, config in configs.items():
                best[name] = max(best[name], nodes_per_second(game, ns.depth, config))
        for name, nps in best.items():
            print(f"{game:8} {name:{width}} {nps:10.0f} {nps / best['built-in']:6.2f}",
                  flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
