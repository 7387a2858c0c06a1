"""Texel tuning of a game's evaluation weights (engine/evaluation/<game>.json) from game logs.

Reads the JSON-lines logs the tournament runner writes (``jiangjun match ... --log games.jsonl``),
replays every game and keeps its quiet positions, labelled with the game's result (see
tools/texel/positions.py). Then:

1. fits the logistic scale K of ``expected score = 1 / (1 + exp(-eval / K))`` by minimising the
   mean squared error (tools/texel/error.py);
2. tunes the profile's scalar parameters (piece values middlegame/endgame, mobility weights,
   king zone, shield, hand values, tempo, chess doubled/isolated/passed) by coordinate descent
   with shrinking steps on that error, K fixed (tools/texel/descent.py). Each parameter stays
   within --max-change (a fraction) or --floor centipawns of its starting value: a few hundred
   games are few independent labels, and the unbounded fit drifts into values that explain
   those games rather than the game;
3. fits the WDL model of the profile by maximum likelihood on the win/draw/loss labels.

Every evaluation goes through the engine's own ``evaluate`` kernel (engine/kernels/tuning.py)
over an eval table rebuilt per trial.

Usage, from the repository root:
    python -m tools.texel_tune --variant xiangqi runs/*.jsonl
    python -m tools.texel_tune --variant chess --selfplay 300 --seed 101 \\
        --out tuning/selfplay_chess.jsonl            # make games, then tune on them
    python -m tools.texel_tune --variant shogi LOGS... --write   # engine/evaluation/shogi.json

Tuning starts from (and bounds each term around) the weights in the game's JSON file.
``--selfplay N`` runs ``jiangjun match`` (this engine against itself, one game per round so every
game has its own random opening, ``--nodes`` per move) and adds its log to the logs given.
``--write`` stores the tuned numbers in the game's JSON file (review the diff; say in the commit
message what data and which validation match the numbers come from).
"""
from __future__ import annotations

import argparse
import dataclasses
import os
import subprocess
import sys
import time

import numpy as np

from engine.evaluation import profile
from engine.variants import VARIANTS, get_variant

from .texel.descent import tune
from .texel.error import Objective, fit_k, mse
from .texel.logs import read_games
from .texel.params import get_param, param_name, parameters
from .texel.positions import extract
from .texel.selfplay import selfplay_command
from .texel.store import write_weights
from .texel.wdl_fit import fit_wdl


def arguments() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.splitlines()[1:]))
    ap.add_argument("logs", nargs="*", help="JSON-lines game logs of the tournament runner")
    ap.add_argument("--variant", required=True, choices=tuple(VARIANTS))
    ap.add_argument("--selfplay", type=int, metavar="N", help="first play N self-play games")
    ap.add_argument("--nodes", type=int, default=4000, help="self-play nodes per move")
    ap.add_argument("--random-plies", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", help="self-play log (default tuning/selfplay_<game>_s<seed>.jsonl)")
    ap.add_argument("--skip", type=int, default=8, help="opening plies not used")
    ap.add_argument("--steps", default="16,8,4,2,1", help="coordinate-descent step sizes")
    ap.add_argument("--passes", type=int, default=4, help="sweeps per step size at most")
    ap.add_argument("--max-change", type=float, default=0.25,
                    help="a parameter moves at most this fraction of its hand-set value ...")
    ap.add_argument("--floor", type=int, default=8, help="... or at least this many centipawns")
    ap.add_argument("--holdout", type=float, default=0.1,
                    help="fraction of the games kept out of tuning to report the error on")
    ap.add_argument("--write", action="store_true",
                    help="store the tuned numbers in engine/evaluation/<game>.json")
    ap.add_argument("--write-wdl", action="store_true",
                    help="with --write: also wdl_scale and wdl_draw_margin from the WDL fit")
    ap.add_argument("--wdl-logs", nargs="+", metavar="LOG",
                    help="fit the WDL model on these logs only (e.g. self-play: equal players); "
                         "default all")
    ap.add_argument("--write-to", metavar="PATH",
                    help="with --write: this weights file instead of the game's")
    return ap


def main(argv: list[str] | None = None) -> int:
    ap = arguments()
    ns = ap.parse_args(argv)
    logs = list(ns.logs)
    if ns.selfplay:
        out = ns.out or os.path.join("tuning", f"selfplay_{ns.variant}_s{ns.seed}.jsonl")
        os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
        cmd = selfplay_command(ns.variant, ns.selfplay, ns.nodes, ns.random_plies, ns.seed, out)
        print("self-play:", " ".join(cmd), flush=True)
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        logs.append(out)
    if not logs:
        ap.error("give game logs or --selfplay N")

    t0 = time.time()
    records = read_games(logs, ns.variant)
    data = extract(records, ns.variant, ns.skip)
    print(f"{ns.variant}: {len(records)} games in {len(logs)} logs, {len(data.results)} quiet "
          f"positions from {data.n_games} games ({time.time() - t0:.0f} s); results "
          f"+{int((data.results == 1).sum())} ={int((data.results == 0.5).sum())} "
          f"-{int((data.results == 0).sum())}", flush=True)
    # hold out every k-th game to see whether the tuning generalises
    held = (data.games % max(2, round(1 / ns.holdout)) == 0) if ns.holdout > 0 else \
        np.zeros(len(data.games), dtype=bool)
    train, test = data.subset(~held), data.subset(held)

    spec = get_variant(ns.variant)
    prof = profile(spec)
    royal = {p.letter for p in spec.pieces if p.royal}
    params = parameters(prof, royal)
    obj = Objective(ns.variant, train)
    before = obj.evals(prof)
    K = fit_k(before, train.results)
    err0 = mse(before, train.results, K)
    test_obj = Objective(ns.variant, test) if len(test.results) else None
    terr0 = test_obj.error(prof, K) if test_obj else float("nan")
    print(f"K = {K:.1f} cp; error before: train {err0:.6f} ({len(train.results)} positions), "
          f"held out {terr0:.6f} ({len(test.results)} positions); {len(params)} parameters",
          flush=True)
    steps = tuple(int(s) for s in ns.steps.split(","))
    tuned, err1 = tune(obj, prof, params, K, steps, ns.passes, ns.max_change, ns.floor)
    terr1 = test_obj.error(tuned, K) if test_obj else float("nan")
    K1 = fit_k(obj.evals(tuned), train.results)
    print(f"error after: train {err1:.6f}, held out {terr1:.6f}  (refitted K {K1:.1f})")

    wdl_data = data if not ns.wdl_logs else extract(read_games(ns.wdl_logs, ns.variant),
                                                     ns.variant, ns.skip)
    scale, margin, ll = fit_wdl(Objective(ns.variant, wdl_data).evals(tuned), wdl_data.results)
    print(f"WDL fit on {len(wdl_data.results)} positions: wdl_scale {scale:.0f}, "
          f"wdl_draw_margin {margin:.0f} "
          f"(mean log loss {ll:.4f}; profile has {prof.wdl_scale:.0f}, {prof.wdl_draw_margin:.0f})")
    print("changed parameters:")
    for p in params:
        a, b = get_param(prof, p), get_param(tuned, p)
        if a != b:
            print(f"  {param_name(p):24s} {a:6d} -> {b:6d}")
    fields = {p[0] for p in params}
    print("tuned profile fields:")
    for field in sorted(fields):
        print(f"  {field}={getattr(tuned, field)!r},")
    if ns.write:
        if ns.write_wdl:
            tuned = dataclasses.replace(tuned, wdl_scale=float(scale),
                                        wdl_draw_margin=float(margin))
            fields |= {"wdl_scale", "wdl_draw_margin"}
        path = write_weights(ns.variant, tuned, fields, ns.write_to)
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
