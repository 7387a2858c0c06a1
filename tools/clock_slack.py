"""How close each engine of a `jiangjun match` came to its flag: time forfeits and the slack it
kept, replayed from the match's JSON-lines log.

    python -m tools.clock_slack games.jsonl [more.jsonl ...]

For every timed move the clock is replayed exactly as the runner charges it (protocol/runner/
clock.py): the slack of a move is what the mover had left when it moved, main time plus the
byo-yomi still available, before any increment. Per engine: moves, time forfeits, median and
worst slack in ms, and how many moves kept less than 50 ms.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import defaultdict
from pathlib import Path

from engine.fen_text import first_to_move
from engine.variants import get_variant
from protocol.runner.cli import parse_tc
from protocol.runner.clock import Clock
from protocol.runner.config import TimeControl


def slack_of_game(game: dict, slack: dict, forfeits: dict) -> None:
    names = (game["first"], game["second"])
    if game["termination"] == "time forfeit":
        loser = names[0] if game["result"] == "0-1" else names[1]
        forfeits[loser] += 1
    text = game.get("time_control", "").split()[0] if game.get("time_control") else ""
    if not text or "/" in text or "=" in text:
        return                                   # not a clock control
    tc = TimeControl(**parse_tc(text))
    clock = Clock(tc)
    first_side = first_to_move(get_variant(game["variant"]), game["start_fen"])
    for ply, move in enumerate(game["moves"]):
        if ply < game.get("opening_plies", 0):
            continue
        side = (first_side + ply) % 2
        available = clock.allowed(side)
        slack[names[side]].append((available - move["elapsed"]) * 1000.0)
        clock.spend(side, move["elapsed"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("logs", nargs="+", type=Path)
    args = parser.parse_args()
    slack: dict[str, list[float]] = defaultdict(list)
    forfeits: dict[str, int] = defaultdict(int)
    games = 0
    for log in args.logs:
        for line in log.read_text(encoding="utf-8").splitlines():
            if line.strip():
                slack_of_game(json.loads(line), slack, forfeits)
                games += 1
    print(f"{games} games")
    print(f"{'engine':20} {'moves':>6} {'forfeits':>8} {'median ms':>10} {'worst ms':>9} "
          f"{'< 50 ms':>8}")
    for name in sorted(set(slack) | set(forfeits)):
        values = slack.get(name, [])
        median = f"{statistics.median(values):10.0f}" if values else f"{'-':>10}"
        worst = f"{min(values):9.0f}" if values else f"{'-':>9}"
        tight = sum(1 for v in values if v < 50)
        print(f"{name:20} {len(values):6d} {forfeits[name]:8d} {median} {worst} {tight:8d}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
