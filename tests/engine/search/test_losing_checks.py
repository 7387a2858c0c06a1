"""Checks that lose their piece searched as quiet moves (SearchProfile.losing_checks_as_quiets,
shogi's): a quiet check whose piece the checked side takes for nothing (exchange evaluation
below zero) is pruned and reduced as a quiet move that gives no check, while a check the
exchange does not lose keeps its exemption. The switch is data: off, nothing changes; on, the
shogi tree shrinks and stays deterministic."""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from engine.bench import run as bench
from engine.board import Board
from engine.evaluation.shogi import PROFILE
from engine.kernels import layout as L
from engine.kernels import search_layout as S
from engine.kernels.attacks import may_give_check
from engine.kernels.search import is_quiet, losing_check
from engine.search import evaluation_table
from engine.search_records import SearchConfig
from engine.variants import VARIANTS

from search_helpers import search_with

# Gote's king on 5a; sente holds a gold and a silver, and a pawn on 5c guards 5b.
GUARDED = "lns1k1snl/9/ppppPpppp/9/9/9/PPPP1PPPP/1B5R1/LN1GKGSNL b GS 1"


def table(switch: bool) -> np.ndarray:
    E = evaluation_table(VARIANTS["shogi"], SearchConfig(use_nnue=False)).copy()
    numbers = replace(PROFILE.search, losing_checks_as_quiets=switch).table()
    E[E[S.EV_SEARCH]:E[S.EV_SEARCH] + S.SP_SIZE] = numbers
    return E


def judged(switch: bool, depth: int = 1) -> dict[str, bool]:
    """Every quiet move of GUARDED that may give check, and whether it counts as a losing
    check at a node of ``depth``."""
    board = Board("shogi", GUARDED)
    position = board.position
    T, b, st = position.cv.T, position.board, position.st
    legal = position.legal_moves()
    moves = np.zeros(L.MOVE_BUF, dtype=np.int32)
    moves[:len(legal)] = legal
    fr = np.zeros((S.MAXP + 2, S.F_SIZE), dtype=np.int64)
    fr[0, S.F_END] = len(legal)
    fr[0, S.F_DEPTH] = depth
    E = table(switch)
    return {board.move_str(m): bool(losing_check(T, E, b, st, moves, fr, 0, m, 1, True))
            for m in legal if is_quiet(T, b, m) and may_give_check(T, b, st, m)}


def test_a_check_the_king_takes_for_nothing_loses_and_a_guarded_one_does_not():
    on = judged(True)
    assert on["G*5b"] is False and on["S*5b"] is False      # the pawn on 5c guards 5b
    assert on["G*4b"] is True and on["G*6b"] is True         # the king takes them
    assert on["S*4b"] is True and on["S*6b"] is True


def test_with_the_switch_off_no_check_counts_as_losing():
    off = judged(False)
    assert off and not any(off.values())


def test_quiescence_never_asks_where_nothing_is_pruned_or_reduced():
    assert judged(True)["G*4b"] is True
    assert not any(judged(True, depth=0).values())


def test_the_switch_shrinks_the_shogi_tree_deterministically(monkeypatch):
    def nodes(switch: bool) -> int:
        search_with(monkeypatch, ["shogi"], losing_checks_as_quiets=switch)
        return bench("shogi", 7)[0]

    before, after = nodes(False), nodes(True)
    assert after < before
    assert nodes(True) == after
