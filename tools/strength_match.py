"""Strength gauntlets: our engine against maxqi (xiangqi) and Fairy-Stockfish at Skill Levels,
run with the tournament runner (`jiangjun match`), which prints W-D-L, Elo with 95% error bars
and the pentanomial counts per pairing.

    python -m tools.strength_match --variant xiangqi --opponent maxqi --games 20 --tc 10+0.1
    python -m tools.strength_match --variant shogi --opponent fsf --skill 0 --games 10

Opponents: ``maxqi`` (XBoard, xiangqi only), ``fsf`` (Fairy-Stockfish over UCI; ``--skill``
sets its Skill Level, omit it for full strength), ``jiangjun`` (our engine with one thread: with
``--threads 2`` and ``--concurrency 1`` this measures what Lazy SMP is worth in Elo). Openings:
``--random-plies`` random plies from the start (default 4, both colours of each opening are
played), so games differ.

    python -m tools.strength_match --variant xiangqi --opponent jiangjun --threads 2 --games 100

With ``--log F`` an interrupted gauntlet carries on: the same command plus ``--resume`` plays
only the games F lacks (without it, the runner refuses to start over an F that holds games).
"""
from __future__ import annotations

import argparse
import os
import sys

from protocol.runner.cli import main as match_main

MAXQI = "/usr/games/maxqi"
MAXQI_GAMES = ("xiangqi",)           # the games maxqi plays
FSF = "/usr/games/fairy-stockfish"
# Janggi against Fairy-Stockfish 11.1: neither of its janggi variants has our bikjang rule
# (engine/rules/janggi.py). Its "janggi" (the default here) forbids moves that leave the generals
# facing before any capture, which our rules allow, so after such a move of ours it drops the
# rest of the move list and plays from a wrong position: 7 of 100 games at Skill 10 ended with its
# "illegal" move (count them apart); with the generals facing and a cannon checking its general
# through ours, it also passes in check, which our rule book forbids (2 of 200 games with the
# net, same FEN on both boards). Its "janggicasual" (--fsf-variant janggicasual) accepts
# every move but knows no bikjang end at all, so it leaves bikjang standing when behind on
# points. The runner judges by our rules.
FSF_VARIANT: dict[str, str] = {}


def build_args(ns: argparse.Namespace) -> list[str]:
    ours = ["name=jiangjun", "cmd=jiangjun", "proto=uci", f"option.Threads={ns.threads}",
            f"option.Hash={ns.hash}"]
    if ns.opponent == "jiangjun":
        ours[0] = f"name=jiangjun-{ns.threads}t"
        other = ["name=jiangjun-1t", "cmd=jiangjun", "proto=uci", "option.Threads=1",
                 f"option.Hash={ns.hash}"]
    elif ns.opponent == "maxqi":
        if ns.variant not in MAXQI_GAMES:
            raise SystemExit(f"maxqi plays {', '.join(MAXQI_GAMES)} only")
        other = ["name=maxqi", f"cmd={MAXQI}", "proto=xboard"]
    else:
        name = "fsf" if ns.skill is None else f"fsf-skill{ns.skill}"
        other = [f"name={name}", f"cmd={FSF}", "proto=uci", "option.Threads=1",
                 f"option.Hash={ns.hash}"]
        if ns.skill is not None:
            other.append(f"option.Skill Level={ns.skill}")
        fsf_variant = ns.fsf_variant or FSF_VARIANT.get(ns.variant)
        if fsf_variant:
            other.append(f"option.UCI_Variant={fsf_variant}")   # sent after the runner's own
    args = ["--variant", ns.variant, "--engine", *ours, "--engine", *other,
            "--tc", ns.tc, "--games", str(ns.games), "--random-plies", str(ns.random_plies),
            "--seed", str(ns.seed), "--concurrency", str(ns.concurrency)]
    if ns.log:
        args += ["--log", ns.log]
    if ns.resume:
        args.append("--resume")
    return args


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="xiangqi")
    parser.add_argument("--opponent", choices=("maxqi", "fsf", "jiangjun"), default="fsf")
    parser.add_argument("--skill", type=int, help="Fairy-Stockfish Skill Level (-20..20)")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--tc", default="10+0.1", help="BASE+INC seconds")
    parser.add_argument("--random-plies", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--hash", type=int, default=32)
    parser.add_argument("--fsf-variant", help="UCI_Variant for Fairy-Stockfish (default: the game's; "
                                              "janggicasual: see FSF_VARIANT)")
    parser.add_argument("--log", help="JSON-lines game log")
    parser.add_argument("--resume", action="store_true",
                        help="carry on the interrupted gauntlet of --log (same arguments)")
    ns = parser.parse_args()
    needs = {"maxqi": [MAXQI], "fsf": [FSF], "jiangjun": []}[ns.opponent]
    for path in needs:
        if not os.access(path, os.X_OK):
            print(f"{path} is not installed", file=sys.stderr)
            return 2
    return match_main(build_args(ns))


if __name__ == "__main__":
    sys.exit(main())
