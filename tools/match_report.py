"""What a `jiangjun match` log says about its engines: standings, how the games ended, how
deep each engine searched in the same stretch of every game, and when the losers saw it coming.

    python -m tools.match_report games.jsonl [more.jsonl ...] [--plies 5 60] [--margin 300]

Four parts, one per question a gauntlet raises:
- the standings the runner prints at the end (W-D-L, Elo with its error, LOS, pentanomial);
- per pairing, how the games ended, the reasons with the side names replaced by the engines that
  played them ("fsf is checkmated") and counts taken out, so 13 perpetual chases are one line;
- per engine, over the plies ``--plies FROM TO`` of every game (book moves left out: the
  middlegame, where both engines think), the median move time, depth and nodes, and the mean
  clock time a game used, so two engines' depth at equal time can be read side by side;
- per losing engine, where its lost games turned: the first ply at which the winner's own score
  reached ``--margin`` centipawns, the loser's own score just before it, and how many plies
  later the loser's own score fell to -margin. A loser that still thought itself ahead when
  the winner already saw the win misjudged the position (evaluation); one that followed within
  a few plies was out-searched. Each engine scores on its own scale, so the figures say when,
  not by how much.
"""
from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
from collections import Counter, defaultdict
from pathlib import Path

from engine.variants import get_variant
from protocol.records.game import OUTCOMES, GameResult
from protocol.runner.standings import Standings

DEFAULT_PLIES = (5, 60)
DEFAULT_MARGIN = 300


def read_log(path: Path) -> list[GameResult]:
    """The games of one JSON-lines match log (blank lines skipped)."""
    with path.open(encoding="utf-8") as handle:
        return [GameResult.from_dict(json.loads(line)) for line in handle if line.strip()]


def ending(game: GameResult) -> str:
    """The game's reason in words, side names replaced by the engines that played them and
    counts left out: a line that groups alike endings of different games."""
    text = re.sub(r"\s*\([^()]*\)", "", game.reason)
    text = re.sub(r"\d+(?:\.\d+)?", "N", text)   # before the names: "a1" stays "a1"
    side_names = get_variant(game.variant).side_names
    for name, engine_name in zip(side_names, (game.first, game.second)):
        text = re.sub(rf"\b{re.escape(name)}\b", engine_name, text, flags=re.IGNORECASE)
    return text.strip()


def search_figures(games: list[GameResult], plies: tuple[int, int]) -> dict[str, dict]:
    """Per engine: median move time, depth and nodes over the ply window, mean clock per game."""
    moves: dict[str, list] = defaultdict(list)
    clock: dict[str, list[float]] = defaultdict(list)
    for game in games:
        movers = game.movers()
        used = {game.first: 0.0, game.second: 0.0}
        for ply, move in enumerate(game.moves):
            if ply < game.opening_plies or move.elapsed is None:
                continue
            name = movers[ply % 2]
            used[name] += move.elapsed
            if plies[0] <= ply < plies[1] and move.depth is not None:
                moves[name].append((move.elapsed, move.depth, move.nodes or 0))
        for name, seconds in used.items():
            clock[name].append(seconds)
    figures = {}
    for name in clock:
        sample = moves[name]
        figures[name] = {
            "moves": len(sample),
            "time": statistics.median(m[0] for m in sample) if sample else None,
            "depth": statistics.median(m[1] for m in sample) if sample else None,
            "nodes": statistics.median(m[2] for m in sample) if sample else None,
            "clock": statistics.mean(clock[name]),
        }
    return figures


def turning_points(games: list[GameResult], margin: int) -> dict[str, list[tuple]]:
    """Per losing engine, one entry per decisive game it lost in which the winner's score
    reached ``margin``: (that ply, the loser's last score before it or None, plies until the
    loser's score fell to -margin or None if it never did)."""
    turns: dict[str, list[tuple]] = defaultdict(list)
    for game in games:
        if not game.finished or game.outcome_of(game.first) == "draw":
            continue
        movers = game.movers()
        loser = game.first if game.outcome_of(game.first) == "loss" else game.second
        turn = seen = before = None
        for ply, move in enumerate(game.moves):
            if move.score is None:
                continue
            if movers[ply % 2] == loser:
                if turn is None:
                    before = move.score
                elif move.score <= -margin:
                    seen = ply - turn
                    break
            elif turn is None and move.score >= margin:
                turn = ply
        if turn is not None:
            turns[loser].append((turn, before, seen))
    return turns


def quartiles(values: list) -> str:
    """'median (lower quartile..upper quartile)' of a sample, or '-' without one."""
    if not values:
        return "-"
    if len(values) == 1:
        return f"{values[0]:g}"
    low, mid, high = statistics.quantiles(values, n=4, method="inclusive")
    return f"{mid:g} ({low:g}..{high:g})"


def report(games: list[GameResult], plies: tuple[int, int] = DEFAULT_PLIES,
           margin: int = DEFAULT_MARGIN) -> str:
    names: list[str] = []
    for game in games:
        names += [n for n in (game.first, game.second) if n not in names]
    standings = Standings(names)
    endings: dict[tuple[str, str], Counter] = defaultdict(Counter)
    for game in games:
        if not game.finished:
            continue
        standings.add(game)
        a, b = sorted((game.first, game.second), key=names.index)
        endings[(a, b)][(game.outcome_of(a), ending(game))] += 1
    lines = [standings.table(), ""]
    for (a, b), counts in endings.items():
        lines.append(f"How {a} vs {b} ended (from {a}'s side):")
        for (outcome, text), count in sorted(counts.items(),
                                             key=lambda item: (OUTCOMES.index(
                                                 item[0][0]), -item[1], item[0][1])):
            lines.append(f"  {outcome:<5}{count:>5}  {text}")
        lines.append("")

    figures = search_figures(games, plies)
    lines.append(f"Search per engine, plies {plies[0]}-{plies[1] - 1} of every game (medians):")
    lines.append(f"{'Engine':<24}{'moves':>7}{'time s':>9}{'depth':>7}{'nodes':>10}"
                 f"{'clock/game s':>14}")
    for name in names:
        row = figures.get(name)
        if row is None:
            continue
        if row["moves"]:
            lines.append(f"{name:<24}{row['moves']:>7}{row['time']:>9.3f}{row['depth']:>7g}"
                         f"{row['nodes']:>10.0f}{row['clock']:>14.1f}")
        else:
            lines.append(f"{name:<24}{0:>7}{'-':>9}{'-':>7}{'-':>10}{row['clock']:>14.1f}")

    turns = turning_points(games, margin)
    if turns:
        lines += ["", f"Where the lost games turned: the winner's own score first at +{margin} "
                      f"(medians, quartiles in brackets):",
                  f"{'Loser':<24}{'games':>7}{'  at ply':<18}{'  its own score then':<24}"
                  f"{'  plies until it saw -' + str(margin):<30}{'never':>6}"]
        for name in names:
            rows = turns.get(name)
            if not rows:
                continue
            lags = [seen for _, _, seen in rows if seen is not None]
            lines.append(f"{name:<24}{len(rows):>7}  {quartiles([r[0] for r in rows]):<16}"
                         f"  {quartiles([r[1] for r in rows if r[1] is not None]):<22}"
                         f"  {quartiles(lags):<28}{len(rows) - len(lags):>6}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("logs", nargs="+", type=Path)
    parser.add_argument("--plies", nargs=2, type=int, default=list(DEFAULT_PLIES),
                        metavar=("FROM", "TO"),
                        help="the stretch of every game the search figures cover (plies FROM to "
                             "TO-1, counted from the start; default 5 60)")
    parser.add_argument("--margin", type=int, default=DEFAULT_MARGIN, metavar="CP",
                        help="the score, in each engine's own centipawns, at which a game counts "
                             "as turned (default 300)")
    args = parser.parse_args(argv)
    if args.margin <= 0:
        parser.error("--margin needs a positive score")
    if args.plies[0] < 0 or args.plies[1] <= args.plies[0]:
        parser.error("--plies needs 0 <= FROM < TO")
    games: list[GameResult] = []
    for path in args.logs:
        try:
            games += read_log(path)
        except (OSError, ValueError, TypeError) as exc:
            print(f"match_report: cannot read {path}: {exc}", file=sys.stderr)
            return 2
    if not games:
        print("match_report: the logs hold no games", file=sys.stderr)
        return 2
    print(report(games, tuple(args.plies), args.margin))
    return 0


if __name__ == "__main__":
    sys.exit(main())
