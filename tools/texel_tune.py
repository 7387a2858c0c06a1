"""Texel tuning of a game's evaluation profile (engine/evaluation/<game>.py) from game logs.

Reads the JSON-lines logs the tournament runner writes (``jiangjun match ... --log games.jsonl``),
replays every game, keeps the quiet positions and labels each with the game's result from the
first player's view (1, 0.5, 0; a janggi points win is a win). Then:

1. fits the logistic scale K of ``expected score = 1 / (1 + exp(-eval / K))`` (eval in
   centipawns from the first player's view) by minimising the mean squared error;
2. tunes the profile's named scalar parameters (piece values middlegame/endgame, mobility
   weights, king zone, shield, hand values, tempo, chess doubled/isolated/passed) by coordinate
   descent with shrinking steps on that error, K fixed. Piece-square functions, the royal piece's
   value and the rule data (points, flags) stay as they are. A game without a phase taper
   (shogi) ties each middlegame/endgame pair, since only the middlegame number is read. Each
   parameter stays within --max-change (a fraction) or --floor centipawns of its hand-set
   value: a few hundred games are few independent labels, and the unbounded fit drifts into
   values that explain those games rather than the game (mobility 50x, negative king shields);
3. fits the WDL model of the profile (P(win) = 1 / (1 + exp(-(score - margin) / scale)), the
   same for the loss with -score) by maximum likelihood on the win/draw/loss labels.

Quiet positions: not in check, at least ``--skip`` plies into the game, and the quiescence
search (captures only, stand pat, depth 0 of the search) returns exactly the static evaluation,
i.e. no capture sequence changes the score. Every evaluation goes through the engine's own
kernel ``engine.kernels.evaluate.evaluate`` over an eval table rebuilt per trial with
``build_table(spec, dataclasses.replace(profile, ...))``.

Usage:
    python tools/texel_tune.py --variant xiangqi /work/matches/*.jsonl
    python tools/texel_tune.py --variant chess --selfplay 300 --seed 101 \\
        --out /work/tuning/selfplay_chess.jsonl            # make games, then tune on them
    python tools/texel_tune.py --variant shogi LOGS... --write   # edits engine/evaluation/shogi.py

Tuning starts from (and bounds each term around) the values in the module, so reproducing a
landed tuning means running the command quoted in the module's docstring on the commit before it.

``--selfplay N`` runs ``jiangjun match`` (this engine against itself, one game per round so
every game has its own random opening, ``--nodes`` per move, concurrency 1, under ``nice -n 10``)
and adds its log to the logs given. ``--write`` rewrites the tuned numbers in place in the
game's module (the module stays hand-readable data; review the diff and update its docstring).
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass

import numpy as np
from numba import njit

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from engine.evaluation import EvalProfile, build_table, profile as game_profile  # noqa: E402
from engine.kernels import layout as L  # noqa: E402
from engine.kernels import search_layout as S  # noqa: E402
from engine.kernels.attacks import in_check  # noqa: E402
from engine.kernels.evaluate import evaluate  # noqa: E402
from engine.kernels.makemove import make_move, unmake_move  # noqa: E402
from engine.kernels.movegen import gen_moves  # noqa: E402
from engine.kernels.search import capture_gain  # noqa: E402
from engine.notation import move_text  # noqa: E402
from engine.position import Position  # noqa: E402
from engine.variants import get_variant  # noqa: E402

GAMES = ("xiangqi", "janggi", "shogi", "chess")
RESULTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}
QS_MAX_PLY = 24
ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), ".."))


def family(variant: str) -> str | None:
    name = variant.lower()
    for game in GAMES:
        if name.startswith(game) or (game == "chess" and name in ("normal", "standard")):
            return game
    return None


# --- kernels: quiescence and the batch evaluation -------------------------------------------

@njit("int64(int32[::1], int64[::1], int32[::1], int8[::1], int64[::1], int64[:, ::1], "
      "int32[::1], int64[::1], int64, int64, int64, int64)", cache=True, nogil=True)
def qsearch(T, Z, E, board, st, undo, moves, scratch, start, alpha, beta, qply):
    """Fail-hard quiescence: stand pat on the static eval, then the legal captures, best victim
    first. Side-to-move view, like ``evaluate``."""
    stand = evaluate(T, E, board, st, scratch)
    if stand >= beta:
        return beta
    if stand > alpha:
        alpha = stand
    if qply >= QS_MAX_PLY:
        return alpha
    end = gen_moves(T, board, st, moves, start, False, 0, True)   # captures only
    side = st[L.S_STM]
    for i in range(start, end):     # selection order: largest capture gain first
        best = i
        for j in range(i + 1, end):
            if capture_gain(T, board, moves[j]) > capture_gain(T, board, moves[best]):
                best = j
        mv = moves[best]
        moves[best] = moves[i]
        moves[i] = mv
        make_move(T, Z, board, st, undo, mv)
        if in_check(T, board, st, side):
            unmake_move(T, Z, board, st, undo)
            continue
        score = -qsearch(T, Z, E, board, st, undo, moves, scratch, end, -beta, -alpha, qply + 1)
        unmake_move(T, Z, board, st, undo)
        if score >= beta:
            return beta
        if score > alpha:
            alpha = score
    return alpha


@njit(cache=True, nogil=True)
def batch_eval(T, E, boards, sts, scratch, out):
    """Static evaluation of every position, from the first player's view."""
    for i in range(boards.shape[0]):
        e = evaluate(T, E, boards[i], sts[i], scratch)
        out[i] = e if sts[i, L.S_STM] == 0 else -e


# --- data -------------------------------------------------------------------------------------

@dataclass
class Dataset:
    boards: np.ndarray     # int8[n, NSQ]
    sts: np.ndarray        # int64[n, S_SIZE]
    results: np.ndarray    # float64[n]: 1 first player won, 0.5 draw, 0 lost
    games: np.ndarray      # int64[n]: index of the game each position comes from
    n_games: int

    def subset(self, mask: np.ndarray) -> "Dataset":
        return Dataset(self.boards[mask], self.sts[mask], self.results[mask], self.games[mask],
                       len(set(self.games[mask].tolist())))


def read_games(paths: list[str], game: str) -> list[dict]:
    """Finished games of one game family from runner logs (lines being written are skipped)."""
    out = []
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                try:
                    rec = json.loads(line)
                except json.JSONDecodeError:
                    continue
                if family(rec.get("variant", "")) == game and rec.get("result") in RESULTS:
                    out.append(rec)
    return out


def extract(records: list[dict], game: str, skip: int = 8) -> Dataset:
    """Quiet labelled positions of every game (see the module docstring)."""
    spec = get_variant(game)
    E = build_table(spec, game_profile(spec))
    boards, sts, results, index = [], [], [], []
    undo = np.zeros((QS_MAX_PLY + 8, L.U_SIZE), dtype=np.int64)
    moves = np.zeros(1 << 16, dtype=np.int32)
    scratch = np.zeros(S.SC_SIZE, dtype=np.int64)   # evaluate's score cache + pawn files
    n_games = 0
    for gi, rec in enumerate(records):
        pos = Position(game, rec.get("start_fen"))
        T, Z = pos.cv.T, pos.cv.Z
        label = RESULTS[rec["result"]]
        used = False
        texts = [m["move"] for m in rec["moves"]]
        for ply in range(len(texts) + 1):
            if ply >= skip and not pos.in_check():
                board = pos.board.copy()
                st = pos.st.copy()
                st[L.S_SP] = 0
                static = evaluate(T, E, board, st, scratch)
                quiet = qsearch(T, Z, E, board, st, undo, moves, scratch, 0, -(1 << 30),
                                1 << 30, 0)
                if quiet == static:
                    boards.append(board)
                    sts.append(st)
                    results.append(label)
                    index.append(gi)
                    used = True
            if ply == len(texts):
                break
            legal = {move_text(pos, mv): mv for mv in pos.legal_moves()}
            mv = legal.get(texts[ply])
            if mv is None:
                print(f"game {gi}: move {ply} {texts[ply]!r} not legal here; rest skipped",
                      file=sys.stderr)
                break
            pos.push(mv)
        n_games += used
    if not boards:
        raise SystemExit(f"no quiet positions of {game} in the logs")
    return Dataset(np.asarray(boards, dtype=np.int8), np.asarray(sts, dtype=np.int64),
                   np.asarray(results, dtype=np.float64), np.asarray(index, dtype=np.int64),
                   n_games)


# --- parameters -------------------------------------------------------------------------------

# A parameter is (field, key, slot): values["R"][0], king_zone["N"], passed[3], tempo...
# slot None: the whole scalar; slot "both": a (mg, eg) pair tied to one number.
Param = tuple[str, object, object]


def parameters(prof: EvalProfile, royal: set[str]) -> list[Param]:
    tied = not prof.phase          # no taper: only the middlegame number is ever read
    params: list[Param] = []
    for field in ("values", "mobility"):
        for letter in getattr(prof, field):
            if letter in royal:
                continue
            params += ([(field, letter, "both")] if tied
                       else [(field, letter, 0), (field, letter, 1)])
    for field in ("king_zone", "shield"):
        params += [(field, letter, None) for letter in getattr(prof, field)]
    for letter, seq in prof.hand.items():
        params += [("hand", letter, j) for j in range(len(seq))]
    params.append(("tempo", None, None))
    if prof.pawn_structure:
        params += [("doubled", None, None), ("isolated", None, None)]
        params += [("passed", None, j) for j in range(1, len(prof.passed) - 1)]
    return params


def get_param(prof: EvalProfile, p: Param) -> int:
    field, key, slot = p
    value = getattr(prof, field)
    if key is not None:
        value = value[key]
    if slot == "both":
        return value[0]
    return value if slot is None else value[slot]


def with_params(prof: EvalProfile, updates: dict[Param, int]) -> EvalProfile:
    fields: dict[str, object] = {}
    for (field, key, slot), v in updates.items():
        cur = fields.get(field, getattr(prof, field))
        if isinstance(cur, dict):
            cur = dict(cur)
            cur[key] = _set_slot(cur[key], slot, v)
        else:
            cur = _set_slot(cur, slot, v)
        fields[field] = cur
    return dataclasses.replace(prof, **fields)


def _set_slot(value, slot, v):
    if slot is None:
        return v
    if slot == "both":
        return tuple(v for _ in value)
    items = list(value)
    items[slot] = v
    return tuple(items)


def param_name(p: Param) -> str:
    field, key, slot = p
    text = field + (f"[{key!r}]" if key is not None else "")
    if slot == "both":
        return text + "[mg=eg]"
    return text + (f"[{slot}]" if slot is not None else "")


# --- the error ----------------------------------------------------------------------------------

class Objective:
    """Mean squared error of the results against sigmoid(eval / K) for profiles of one game."""

    def __init__(self, game: str, data: Dataset):
        self.spec = get_variant(game)
        self.T = Position(game).cv.T
        self.data = data
        self.scratch = np.zeros(S.SC_SIZE, dtype=np.int64)
        self.out = np.zeros(len(data.results), dtype=np.int64)

    def evals(self, prof: EvalProfile) -> np.ndarray:
        E = build_table(self.spec, prof)
        self.scratch[:] = 0     # evaluate caches scores by position hash: not across tables
        batch_eval(self.T, E, self.data.boards, self.data.sts, self.scratch, self.out)
        return self.out.astype(np.float64)

    def error(self, prof: EvalProfile, K: float) -> float:
        return mse(self.evals(prof), self.data.results, K)


def mse(evals: np.ndarray, results: np.ndarray, K: float) -> float:
    return float(np.mean((results - 1.0 / (1.0 + np.exp(-evals / K))) ** 2))


def fit_k(evals: np.ndarray, results: np.ndarray) -> float:
    """Golden-section search of log K in [10, 2000] centipawns."""
    lo, hi = math.log(10.0), math.log(2000.0)
    g = (math.sqrt(5) - 1) / 2
    a, b = hi - g * (hi - lo), lo + g * (hi - lo)
    fa, fb = mse(evals, results, math.exp(a)), mse(evals, results, math.exp(b))
    for _ in range(60):
        if fa < fb:
            hi, b, fb = b, a, fa
            a = hi - g * (hi - lo)
            fa = mse(evals, results, math.exp(a))
        else:
            lo, a, fa = a, b, fb
            b = lo + g * (hi - lo)
            fb = mse(evals, results, math.exp(b))
    return math.exp((lo + hi) / 2)


def fit_wdl(evals: np.ndarray, results: np.ndarray) -> tuple[float, float, float]:
    """(scale, margin, mean log loss) of the WDL model on win/draw/loss labels, by grid search."""
    win, draw, loss = results == 1.0, results == 0.5, results == 0.0
    best = (math.inf, 0.0, 0.0)
    for scale in np.arange(20.0, 801.0, 5.0):
        for margin in np.arange(0.0, 401.0, 5.0):
            pw = 1.0 / (1.0 + np.exp(-(evals - margin) / scale))
            pl = 1.0 / (1.0 + np.exp(-(-evals - margin) / scale))
            pd = np.clip(1.0 - pw - pl, 1e-9, 1.0)
            ll = -(np.log(np.clip(pw[win], 1e-9, 1)).sum() + np.log(pd[draw]).sum()
                   + np.log(np.clip(pl[loss], 1e-9, 1)).sum()) / len(evals)
            if ll < best[0]:
                best = (ll, float(scale), float(margin))
            if not draw.any():
                break        # no draws in the data: the margin that fits is 0
    return best[1], best[2], best[0]


def limits(value: int, max_change: float, floor: int) -> tuple[int, int]:
    """The range a parameter may move in: +-max_change of its hand-set value, at least +-floor.
    A few hundred games hold few independent results (every position of a game shares one
    label), so an unbounded fit wanders off into values that explain those games, not the game."""
    span = max(int(abs(value) * max_change), floor)
    return value - span, value + span


def tune(obj: Objective, prof: EvalProfile, params: list[Param], K: float,
         steps: tuple[int, ...], max_passes: int, max_change: float = 0.25, floor: int = 8,
         log=print) -> tuple[EvalProfile, float]:
    """Coordinate descent: per step size, sweep all parameters (+step, then -step, keeping
    whichever lowers the error, and going on in that direction while it does) until a sweep
    changes nothing or ``max_passes`` sweeps are done; then the next, smaller step. Each
    parameter stays within ``limits`` of its starting value; piece values stay positive."""
    best = obj.error(prof, K)
    bounds = {p: limits(get_param(prof, p), max_change, floor) for p in params}
    for step in steps:
        for sweep in range(max_passes):
            improved = 0
            for p in params:
                cur = get_param(prof, p)
                for direction in (1, -1):
                    moved = False
                    while True:
                        value = cur + direction * step
                        lo, hi = bounds[p]
                        if not lo <= value <= hi or (p[0] == "values" and value <= 0):
                            break
                        trial = with_params(prof, {p: value})
                        err = obj.error(trial, K)
                        if err < best:
                            prof, best, cur, moved = trial, err, value, True
                            improved += 1
                        else:
                            break
                    if moved:
                        break
            log(f"  step {step:3d} sweep {sweep + 1}: error {best:.6f}, {improved} changes")
            if not improved:
                break
    return prof, best


# --- writing the numbers back -----------------------------------------------------------------

def _block(text: str, field: str) -> tuple[int, int]:
    """Span of the value of ``field=`` inside the PROFILE = EvalProfile(...) call."""
    start = text.index("PROFILE = EvalProfile(")
    m = re.compile(r"\n\s+" + field + r"=").search(text, start)
    if m is None:
        raise ValueError(f"{field}= not found in the profile")
    i = m.end()
    depth = 0
    j = i
    while True:
        c = text[j]
        if c in "({[":
            depth += 1
        elif c in ")}]":
            if depth == 0:
                return i, j
            depth -= 1
        elif c == "," and depth == 0:
            return i, j
        j += 1


def _number(v) -> str:
    return f"{v:.1f}" if isinstance(v, float) else str(v)


def _literal(v) -> str:
    if isinstance(v, tuple):
        return "(" + ", ".join(_number(x) for x in v) + ("," if len(v) == 1 else "") + ")"
    return _number(v)


def rewrite_source(text: str, prof: EvalProfile, fields: set[str]) -> str:
    """``text`` (a game module) with the numbers of ``fields`` replaced by ``prof``'s, in place:
    comments, layout and every other field stay as written."""
    for field in sorted(fields):
        i, j = _block(text, field)
        value = getattr(prof, field)
        body = text[i:j]
        if isinstance(value, dict):
            for letter, v in value.items():
                pat = re.compile(r'("' + re.escape(letter) + r'":\s*)(\([^)]*\)|-?\d+)')
                body, n = pat.subn(lambda m, v=v: m.group(1) + _literal(v), body, count=1)
                if n != 1:
                    raise ValueError(f"{field}[{letter!r}] not found in the module")
        else:
            body = _literal(value)
        text = text[:i] + body + text[j:]
    return text


def write_profile(game: str, prof: EvalProfile, fields: set[str], path: str | None = None) -> str:
    path = path or os.path.join(ROOT, "engine", "evaluation", f"{game}.py")
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(rewrite_source(text, prof, fields))
    return path


# --- self-play ----------------------------------------------------------------------------------

def selfplay_command(game: str, games: int, nodes: int, random_plies: int, seed: int,
                     out: str) -> list[str]:
    """``jiangjun match`` of this engine against itself: one game per round, so each game gets
    its own random opening (a colour-swapped pair of a deterministic engine repeats itself)."""
    return ["nice", "-n", "10", "jiangjun", "match", "--variant", game,
            "--engine", "name=a", "cmd=jiangjun", "proto=uci",
            "--engine", "name=b", "cmd=jiangjun", "proto=uci",
            "--nodes", str(nodes), "--games", "1", "--rounds", str(games),
            "--random-plies", str(random_plies), "--seed", str(seed), "--concurrency", "1",
            "--max-plies", "300", "--resign", "score=1500", "moves=4", "--log", out]


# --- main ---------------------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.splitlines()[1:]))
    ap.add_argument("logs", nargs="*", help="JSON-lines game logs of the tournament runner")
    ap.add_argument("--variant", required=True, choices=GAMES)
    ap.add_argument("--selfplay", type=int, metavar="N", help="first play N self-play games")
    ap.add_argument("--nodes", type=int, default=4000, help="self-play nodes per move")
    ap.add_argument("--random-plies", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out",
                    help="self-play log (default /work/tuning/selfplay_<game>_s<seed>.jsonl)")
    ap.add_argument("--skip", type=int, default=8, help="opening plies not used")
    ap.add_argument("--steps", default="16,8,4,2,1", help="coordinate-descent step sizes")
    ap.add_argument("--passes", type=int, default=4, help="sweeps per step size at most")
    ap.add_argument("--max-change", type=float, default=0.25,
                    help="a parameter moves at most this fraction of its hand-set value ...")
    ap.add_argument("--floor", type=int, default=8, help="... or at least this many centipawns")
    ap.add_argument("--holdout", type=float, default=0.1,
                    help="fraction of the games kept out of tuning to report the error on")
    ap.add_argument("--write", action="store_true",
                    help="rewrite the tuned numbers in engine/evaluation/<game>.py")
    ap.add_argument("--write-wdl", action="store_true",
                    help="with --write: also wdl_scale and wdl_draw_margin from the WDL fit")
    ap.add_argument("--wdl-logs", nargs="+", metavar="LOG",
                    help="fit the WDL model on these logs only (e.g. self-play: equal players); "
                         "default all")
    ap.add_argument("--write-to", metavar="PATH",
                    help="with --write: this module file instead of engine/evaluation/<game>.py")
    ns = ap.parse_args(argv)
    logs = list(ns.logs)
    if ns.selfplay:
        out = ns.out or f"/work/tuning/selfplay_{ns.variant}_s{ns.seed}.jsonl"
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
    prof = game_profile(spec)
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
        path = write_profile(ns.variant, tuned, fields, ns.write_to)
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
