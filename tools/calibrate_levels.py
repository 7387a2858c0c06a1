"""Calibrate the playing levels of one game: which Elo each Skill Level plays at, so that UCI_Elo
means the same thing in every game (engine/levels.py reads the result from
engine/levels_calibration.json).

    python -m tools.calibrate_levels --variant xiangqi            # play what is missing, fit, write
    python -m tools.calibrate_levels --variant xiangqi --fit-only # fit the games already played

The scale: Fairy-Stockfish 11.1 with UCI_LimitStrength and UCI_Elo 1500 is rated 1500 in every game
(the anchor; its Elo model is the one engine setting that means one thing in all four games).
Every other rating comes from measured results, as logistic Elo, by maximum likelihood over all
games played: a ladder of our levels (each against the next), the anchor against several levels,
and reference opponents (Fairy-Stockfish's Skill Levels and full strength, maxqi in xiangqi) to
show where the scale sits. Every engine searches a fixed number of nodes a move (our levels fewer,
by their budgets), under a clock that is only a safety net, so the results do not depend on the
machine's load and two games can run at once.

Games go to a JSON-lines log per game (``--log``, default calibration/<variant>.jsonl); a run plays
only the games a pairing still lacks, so it resumes after an interruption and can be extended by
raising ``--games``.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections import Counter
from datetime import date
from pathlib import Path

import numpy as np

from engine.levels import CALIBRATION_FILE
from protocol.records.game import FIRST_POINTS
from protocol.runner.cli import main as match_main
from tools.strength_match import FSF, MAXQI

ANCHOR = "fsf-elo1500"
ANCHOR_ELO = 1500.0


def player_args(name: str, ns: argparse.Namespace) -> list[str]:
    """The runner's --engine words for a player name: L<skill> (ours at a Skill Level), E<elo>
    (ours with UCI_LimitStrength and UCI_Elo), fsf-elo<E>, fsf-skill<S>, fsf (full strength),
    maxqi."""
    hash_mb = ns.hash
    if name[0] in "LE":
        where = [f"dir={ns.ours_dir}"] if ns.ours_dir else []
        level = [f"option.Skill Level={int(name[1:])}"] if name[0] == "L" else \
            ["option.UCI_LimitStrength=true", f"option.UCI_Elo={int(name[1:])}"]
        return [f"name={name}", f"cmd={ns.ours_cmd}", *where, "proto=uci", "option.Threads=1",
                f"option.Hash={hash_mb}", *level]
    if name == "maxqi":
        return ["name=maxqi", f"cmd={MAXQI}", "proto=xboard"]
    words = [f"name={name}", f"cmd={FSF}", "proto=uci", "option.Threads=1", f"option.Hash={hash_mb}"]
    if name.startswith("fsf-elo"):
        words += ["option.UCI_LimitStrength=true", f"option.UCI_Elo={int(name[7:])}"]
    elif name.startswith("fsf-skill"):
        words += [f"option.Skill Level={int(name[9:])}"]
    return words


def pairings(ns: argparse.Namespace) -> list[tuple[str, str, int]]:
    levels = [f"L{s}" for s in ns.levels]
    pairs = [(a, b, ns.games) for a, b in zip(levels, levels[1:])]
    pairs += [(ANCHOR, f"L{s}", ns.anchor_games) for s in ns.anchor_levels]
    for elo in ns.validate:
        # a requested Elo against the anchor and the two measured levels around it
        pairs += [(ANCHOR, f"E{elo}", ns.anchor_games)]
        pairs += [(f"L{s}", f"E{elo}", ns.anchor_games) for s in neighbours(elo, ns)]
    for reference in ns.references:
        name, _, against = reference.partition(":")
        if name == "maxqi" and ns.variant != "xiangqi":
            continue
        skills = [int(s) for s in against.split(",")] if against else ns.reference_levels
        pairs += [(name, f"L{s}", ns.anchor_games) for s in skills]
    return pairs


def neighbours(elo: int, ns: argparse.Namespace) -> list[int]:
    """The even levels just below and above ``elo`` in the game's shipped calibration."""
    from engine.levels import CALIBRATION
    points = [(s, e) for s, e in CALIBRATION[ns.variant] if int(s) in ns.levels]
    below = [int(s) for s, e in points if e <= elo][-1:]
    above = [int(s) for s, e in points if e > elo][:1]
    return below + above


# Games that measure nothing: an engine that failed to start, and a loss by a rules infraction,
# which here is Fairy-Stockfish's janggi refusing a legal move of ours (tools/strength_match.py,
# FSF_VARIANT). They are left out of the fit and played again.
NOT_MEASURED = ("abandoned", "rules infraction")


def logged(log: Path) -> list[dict]:
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]


def measured(game: dict) -> bool:
    return game.get("termination") not in NOT_MEASURED and game["result"] in FIRST_POINTS


def played(log: Path) -> Counter:
    return Counter(frozenset((g["first"], g["second"])) for g in logged(log) if measured(g))


def play_missing(ns: argparse.Namespace, log: Path) -> None:
    done = played(log)
    for a, b, games in pairings(ns):
        missing = games - done[frozenset((a, b))]
        missing -= missing % 2                       # pairs of games, colours swapped
        if missing <= 0:
            continue
        print(f"== {a} vs {b}: {missing} games", file=sys.stderr, flush=True)
        part = log.with_suffix(".part.jsonl")      # the runner starts its log afresh
        part.unlink(missing_ok=True)
        args = ["--variant", ns.variant,
                "--engine", *player_args(a, ns),
                "--engine", *player_args(b, ns),
                *limits(a, b, ns), "--games", str(missing),
                "--random-plies", str(ns.random_plies),
                "--seed", str(ns.seed + done[frozenset((a, b))] + hash_pair(a, b)),
                "--concurrency", str(ns.concurrency), "--log", str(part)]
        if ns.scheduler:
            args += ["--scheduler", ns.scheduler]
        status = match_main(args)
        if part.exists():
            with open(log, "a", encoding="utf-8") as out:
                out.write(part.read_text(encoding="utf-8"))
            part.unlink()
        if status == 130:
            raise KeyboardInterrupt


def limits(a: str, b: str, ns: argparse.Namespace) -> list[str]:
    """Nodes a move under a safety clock; maxqi, which takes no node limit over XBoard, plays
    the reference clock instead (our levels stop at their budgets long before it binds)."""
    if "maxqi" in (a, b):
        return ["--tc", ns.reference_tc]
    return ["--tc", ns.tc, "--nodes", str(ns.nodes)]


def hash_pair(a: str, b: str) -> int:
    """A stable number per pairing, so that each pairing gets its own openings."""
    return sum(ord(c) * (i + 1) for i, c in enumerate("".join(sorted((a, b))))) * 1000


# ---------------------------------------------------------------------- the fit
def fit_ratings(games: list[tuple[str, str, float]], anchor: str, anchor_elo: float
                ) -> tuple[dict[str, float], dict[str, float]]:
    """Logistic Elo by maximum likelihood (a draw is half a win), the anchor held at its rating;
    standard errors from the inverse Fisher information. Players are connected through the
    games; a player who won or lost every game gets a rating at the edge of what the data
    allows (half a drawn game added to every pairing keeps a clean sweep finite)."""
    names = sorted({p for a, b, _ in games for p in (a, b)})
    index = {n: i for i, n in enumerate(names)}
    k = math.log(10) / 400
    n = len(names)
    rows = [(index[a], index[b], s) for a, b, s in games]
    # the prior: one draw between each pair of players met in the data, weight 0.5
    met = {(min(i, j), max(i, j)) for i, j, _ in rows}
    rows += [(i, j, 0.5) for i, j in met]
    weights = np.array([1.0] * len(games) + [0.5] * len(met))
    a_idx = np.array([r[0] for r in rows])
    b_idx = np.array([r[1] for r in rows])
    score = np.array([r[2] for r in rows])
    r = np.zeros(n)
    free = [i for i in range(n) if names[i] != anchor]
    for _ in range(100):
        p = 1 / (1 + np.exp(-k * (r[a_idx] - r[b_idx])))
        grad = np.zeros(n)
        np.add.at(grad, a_idx, weights * k * (score - p))
        np.add.at(grad, b_idx, -weights * k * (score - p))
        w = weights * k * k * p * (1 - p)
        hess = np.zeros((n, n))
        np.add.at(hess, (a_idx, a_idx), w)
        np.add.at(hess, (b_idx, b_idx), w)
        np.add.at(hess, (a_idx, b_idx), -w)
        np.add.at(hess, (b_idx, a_idx), -w)
        h = hess[np.ix_(free, free)]
        step = np.linalg.solve(h, grad[free])
        r[free] += step
        if np.max(np.abs(step)) < 1e-6:
            break
    cov = np.linalg.inv(h)
    ratings = {names[i]: float(r[i] - r[index[anchor]] + anchor_elo) for i in range(n)}
    errors = {names[i]: 0.0 for i in range(n)}
    for pos, i in enumerate(free):
        errors[names[i]] = float(1.96 * math.sqrt(cov[pos, pos]))
    return ratings, errors


def results(log: Path) -> tuple[list[tuple[str, str, float]], int]:
    """(first, second, first's points) per measured game, and how many games were left out."""
    games = logged(log)
    kept = [(g["first"], g["second"], FIRST_POINTS[g["result"]]) for g in games if measured(g)]
    return kept, len(games) - len(kept)


def rising(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Pool adjacent levels whose Elo does not rise (noise): the least-squares rising fit, then
    nudged 1 Elo apart so that each Elo names one skill."""
    blocks = [[e, 1.0, [s]] for s, e in points]
    i = 0
    while i < len(blocks) - 1:
        if blocks[i][0] >= blocks[i + 1][0]:
            e0, w0, s0 = blocks[i]
            e1, w1, s1 = blocks.pop(i + 1)
            blocks[i] = [(e0 * w0 + e1 * w1) / (w0 + w1), w0 + w1, s0 + s1]
            i = max(0, i - 1)
        else:
            i += 1
    fitted = [(s, e) for e, _, skills in blocks for s in skills]
    out, last = [], -math.inf
    for s, e in fitted:
        e = max(e, last + 1.0)
        out.append((s, e))
        last = e
    return out


def write_calibration(variant: str, ns: argparse.Namespace, ratings: dict, errors: dict,
                      games: int) -> None:
    points = [(float(s), ratings[f"L{s}"]) for s in ns.levels if f"L{s}" in ratings]
    data = json.loads(CALIBRATION_FILE.read_text()) if CALIBRATION_FILE.exists() else {}
    data[variant] = {
        "points": [[s, round(e)] for s, e in rising(points)],
        "measured": {name: [round(ratings[name]), round(errors[name])] for name in sorted(ratings)},
        "games": games,
        "control": f"{ns.nodes} nodes a move (clock {ns.tc})",
        "anchor": f"{ANCHOR} = {ANCHOR_ELO:g}",
        "date": date.today().isoformat(),
    }
    entries = [f" {json.dumps(game)}: {json.dumps(data[game], sort_keys=True)}" for game in sorted(data)]
    CALIBRATION_FILE.write_text("{\n" + ",\n".join(entries) + "\n}\n")   # a game a line


def table(ratings: dict, errors: dict, games: list) -> str:
    count: Counter = Counter()
    for a, b, _ in games:
        count[a] += 1
        count[b] += 1
    order = sorted(ratings, key=lambda n: -ratings[n])
    return "\n".join(f"{name:14s} {ratings[name]:7.0f} ± {errors[name]:4.0f}  ({count[name]} games)"
                     for name in order)


def markdown() -> str:
    """The README's table: per game, each level's measured Elo with its 95% error bar, and the
    reference opponents on the same scale."""
    data = json.loads(CALIBRATION_FILE.read_text())
    games = [g for g in ("xiangqi", "janggi", "shogi", "chess") if g in data]
    skills = sorted({int(name[1:]) for g in games for name in data[g]["measured"]
                     if name.startswith("L")})
    others = sorted({n for g in games for n in data[g]["measured"] if not n.startswith("L")},
                    key=lambda n: (n.startswith("E"), n))
    labels = [(f"L{s}", str(s)) for s in skills] + \
        [(n, f"UCI_Elo {n[1:]}" if n.startswith("E") else n) for n in others]
    rows = ["| Skill Level | " + " | ".join(games) + " |", "|---" * (len(games) + 1) + "|"]
    for name, label in labels:
        ratings = [data[g]["measured"].get(name) for g in games]
        cells = [f"{r[0]} ± {r[1]}" if r else "" for r in ratings]
        rows.append(f"| {label} | " + " | ".join(cells) + " |")
    rows.append("| games | " + " | ".join(str(data[g]["games"]) for g in games) + " |")
    return "\n".join(rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=("xiangqi", "janggi", "shogi", "chess"))
    parser.add_argument("--levels", type=int, nargs="+", default=list(range(0, 21, 2)))
    parser.add_argument("--games", type=int, default=16, help="games per ladder pairing")
    parser.add_argument("--anchor-levels", type=int, nargs="+", default=[4, 8, 12, 16])
    parser.add_argument("--anchor-games", type=int, default=12)
    parser.add_argument("--references", nargs="*", default=["fsf-skill0", "maxqi", "fsf:16,20"],
                        help="reference opponents: fsf-skill<S>, fsf-elo<E>, fsf (full "
                             "strength), maxqi; NAME:S1,S2 plays it against those levels "
                             "instead of --reference-levels")
    parser.add_argument("--reference-levels", type=int, nargs="+", default=[8, 14])
    parser.add_argument("--validate", type=int, nargs="*", default=[],
                        help="UCI_Elo values to play (as E<elo>) against the anchor and the "
                             "levels around them, to check that a requested Elo is the one measured")
    parser.add_argument("--nodes", type=int, default=100_000)
    parser.add_argument("--tc", default="120+1", help="the safety clock")
    parser.add_argument("--reference-tc", default="10+0.1",
                        help="the clock of opponents that take no node limit (maxqi)")
    parser.add_argument("--random-plies", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--concurrency", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--hash", type=int, default=16)
    parser.add_argument("--scheduler", help="a Dask scheduler (tcp://HOST:PORT) to play the games "
                                            "on, as `jiangjun match --scheduler`")
    parser.add_argument("--ours-cmd", default="jiangjun",
                        help="our engine's command (e.g. 'python -m protocol' with --ours-dir)")
    parser.add_argument("--ours-dir", help="run our engine in this folder: a worktree of the "
                                           "commit being calibrated, so edits elsewhere cannot "
                                           "change the engine mid-run")
    parser.add_argument("--log")
    parser.add_argument("--fit-only", action="store_true")
    parser.add_argument("--no-write", action="store_true", help="print the fit only")
    parser.add_argument("--markdown", action="store_true",
                        help="print the README's table of every calibrated game and stop")
    ns = parser.parse_args()
    if ns.markdown:
        print(markdown())
        return 0
    if ns.variant is None:
        parser.error("--variant is needed")
    log = Path(ns.log or f"calibration/{ns.variant}.jsonl")
    log.parent.mkdir(parents=True, exist_ok=True)
    if not ns.fit_only:
        if not os.access(FSF, os.X_OK):
            print(f"{FSF} is not installed", file=sys.stderr)
            return 2
        try:
            play_missing(ns, log)
        except KeyboardInterrupt:
            print("interrupted: the games played so far are in the log", file=sys.stderr)
            return 130
    games, left_out = results(log)
    if not games:
        print(f"no games in {log}", file=sys.stderr)
        return 1
    ratings, errors = fit_ratings(games, ANCHOR, ANCHOR_ELO)
    print(f"{ns.variant}: {len(games)} games ({left_out} that measure nothing left out: "
          f"{', '.join(NOT_MEASURED)}), {ANCHOR} = {ANCHOR_ELO:g}")
    print(table(ratings, errors, games))
    if not ns.no_write:
        write_calibration(ns.variant, ns, ratings, errors, len(games))
        print(f"written to {CALIBRATION_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
