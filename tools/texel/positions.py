"""Quiet labelled positions of logged games, as arrays the evaluation kernel reads.

Quiet: not in check, at least ``skip`` plies into the game, and the quiescence search (captures
only, stand pat) returns exactly the static evaluation, i.e. no capture sequence changes the
score. Each is labelled with its game's result from the first player's view (1, 0.5, 0; a janggi
points win is a win).
"""
from __future__ import annotations

import sys
from dataclasses import dataclass

import numpy as np

from engine.evaluation import build_table, profile
from engine.kernels import layout as L
from engine.kernels import search_layout as S
from engine.kernels.evaluate import evaluate
from engine.kernels.tuning import QS_MAX_PLY, quiescence
from engine.notation import move_text
from engine.position import Position
from engine.variants import get_variant
from protocol.records.game import FIRST_POINTS


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


def extract(records: list[dict], game: str, skip: int = 8) -> Dataset:
    """Quiet labelled positions of every game (see the module docstring)."""
    spec = get_variant(game)
    E = build_table(spec, profile(spec))
    boards, sts, results, index = [], [], [], []
    undo = np.zeros((QS_MAX_PLY + 8, L.U_SIZE), dtype=np.int64)
    moves = np.zeros(1 << 16, dtype=np.int32)
    scratch = np.zeros(S.SC_SIZE, dtype=np.int64)   # evaluate's score cache + pawn files
    n_games = 0
    for gi, record in enumerate(records):
        pos = Position(game, record.get("start_fen"))
        T, Z = pos.cv.T, pos.cv.Z
        label = FIRST_POINTS[record["result"]]
        used = False
        texts = [m["move"] for m in record["moves"]]
        for ply in range(len(texts) + 1):
            if ply >= skip and not pos.in_check():
                board = pos.board.copy()
                st = pos.st.copy()
                st[L.S_SP] = 0
                static = evaluate(T, E, board, st, scratch)
                quiet = quiescence(T, Z, E, board, st, undo, moves, scratch, 0, -(1 << 30),
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
