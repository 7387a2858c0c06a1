"""Staged move picking (next_move from PICK_TT): the TT move before anything is generated, then
the captures that do not lose, the killers, and the other moves only when those are spent. It
must yield exactly the node's pseudo-legal moves, each once, in the order of the sort keys that
ordering every move at once gives (PICK_ALL: generate everything, the TT move first) — only
moves with equal keys may come in another order. Checked along seeded random games in all four
games, with random histories, killers (some legal here, some not) and TT moves (likewise)."""
import random

import numpy as np
import pytest

from engine.board import Board
from engine.evaluation import eval_table
from engine.kernels import layout as L
from engine.kernels import search_layout as S
from engine.kernels.movegen import gen_moves, is_pseudo_legal
from engine.kernels.search import next_move
from engine.variants import VARIANTS

PLY = 3   # the node's ply: its killers' slots, and a frame above it for the continuation contexts


def picked(T, E, board, st, heur, ttmv, pick):
    """Every move next_move yields at a fresh node, with the key it carried."""
    moves = np.zeros(L.MOVE_BUF, dtype=np.int32)
    mscore = np.zeros(L.MOVE_BUF, dtype=np.int32)
    fr = np.zeros((S.MAXP + 2, S.F_SIZE), dtype=np.int64)
    start = 17   # not at 0: the node's moves begin where its parent's end
    fr[PLY - 1, S.F_END] = start
    fr[PLY, S.F_START] = fr[PLY, S.F_IDX] = start
    fr[PLY, S.F_DEPTH], fr[PLY, S.F_TTMV], fr[PLY, S.F_PICK] = 5, ttmv, pick
    if pick == S.PICK_TT:
        fr[PLY, S.F_END] = start
    else:
        fr[PLY, S.F_END] = gen_moves(T, board, st, moves, start, True, 0, L.GEN_ALL)
    out = []
    while True:
        mv = next_move(T, E, board, st, moves, mscore, fr, heur, PLY)
        if mv == 0:
            return out
        out.append((int(mv), int(mscore[fr[PLY, S.F_IDX] - 1])))


@pytest.mark.parametrize("variant", ["xiangqi", "janggi", "shogi", "chess"])
def test_staged_picking_orders_as_all_at_once(variant):
    rng = random.Random(f"staged-{variant}")
    histories = np.random.default_rng(rng.randrange(1 << 30))
    E = eval_table(VARIANTS[variant])
    heur = np.zeros(S.HK_SIZE, dtype=np.int32)
    killers_tried = tt_tried = 0
    for _ in range(6):
        board = Board(variant)
        elsewhere = []   # moves of earlier positions: killers and TT moves that may not fit
        for _ in range(70):
            position = board.position
            T, b, st = position.cv.T, position.board, position.st
            legal = position.legal_moves()
            if not legal or position.in_check():
                break
            scratch = np.zeros(L.MOVE_BUF, dtype=np.int32)
            pseudo = sorted(int(m) for m in scratch[:gen_moves(T, b, st, scratch, 0, True, 0,
                                                               L.GEN_ALL)])
            heur[:] = histories.integers(-9000, 9000, S.HK_SIZE)
            pool = sorted(set(legal + elsewhere[-40:]))
            k1, k2 = rng.sample(pool, 2)   # two different moves, as the search keeps them
            heur[S.HK_KILLERS + 2 * PLY], heur[S.HK_KILLERS + 2 * PLY + 1] = k1, k2
            ttmv = rng.choice(pool + [0])
            staged = picked(T, E, b, st, heur, ttmv, S.PICK_TT)
            at_once = picked(T, E, b, st, heur, ttmv, S.PICK_ALL)
            assert sorted(mv for mv, _ in staged) == pseudo
            assert [key for _, key in staged] == [key for _, key in at_once]
            if ttmv and is_pseudo_legal(T, b, st, scratch, 0, ttmv, 0):
                assert staged[0][0] == ttmv
                tt_tried += 1
            killers_tried += sum(1 for mv, key in staged if key in ((1 << 27) + 1, (1 << 27) + 2))
            elsewhere.extend(legal)
            board.push(rng.choice(legal))
    assert killers_tried > 50 and tt_tried > 50
