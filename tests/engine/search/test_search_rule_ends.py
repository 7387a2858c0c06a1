"""The search's Rule Ends: every end the arbiter judges (the default), or only mate, stalemate
and draws (XBoard's default), where a perpetual check or chase is the repetition, a draw."""
from __future__ import annotations

import numpy as np

from engine.board import Board
from engine.evaluation import eval_table
from engine.kernels import search_layout as S
from engine.search import Limits, SearchConfig, Searcher
from engine.variants import get_variant
from search_helpers import run

CHASE_FEN = "2eakae2/4h4/8h/1P4P1p/4R4/4cH3/2P5P/2r6/9/3AKAE2 b - - 0 33"
CHASE_CYCLE = ["e4b4", "e5b5", "b4e4", "b5e5"]
CHECK_FEN = "4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1"
CHECK_CYCLE = ["a8a9", "e9e8", "a9a8", "e8e9"]
RULE_FLAGS = (S.EVF_PERPETUAL_LOSES | S.EVF_PERPETUAL_CHASE | S.EVF_REP_POINTS | S.EVF_BIKJANG
              | S.EVF_PASS_POINTS)


def searched(fen: str, moves: list[str], rule_ends: str, depth: int, only: str | None = None):
    board = Board("xiangqi", fen)
    for text in moves:
        board.push_str(text)
    position = board.position
    searchmoves = [m for m in position.legal_moves() if board.move_str(m) == only] or None
    searcher = Searcher(SearchConfig(rule_ends=rule_ends))
    best, _ = run(position.copy(), Limits(depth=depth, searchmoves=searchmoves), searcher)
    return board.move_str(best.move), best


def test_the_arbiter_rule_ends_are_the_default_table():
    for variant in ("xiangqi", "janggi", "shogi", "chess"):
        spec = get_variant(variant)
        assert np.array_equal(eval_table(spec), eval_table(spec, "arbiter"))
        assert Searcher().config.rule_ends == "arbiter"


def test_mate_and_draws_leaves_out_every_rule_win_and_point_count():
    for variant in ("xiangqi", "janggi", "shogi", "chess"):
        table = eval_table(get_variant(variant), "mate-and-draws")
        assert int(table[S.EV_FLAGS]) & RULE_FLAGS == 0, variant
        assert table[S.EV_PLY_POINTS] == 0
    janggi = eval_table(get_variant("janggi"), "arbiter")
    assert int(janggi[S.EV_FLAGS]) & S.EVF_BIKJANG and janggi[S.EV_PLY_POINTS] == 200


def test_a_chase_is_a_rule_win_for_the_arbiter_and_a_draw_for_xboard():
    moves = CHASE_CYCLE * 2
    _, best = searched(CHASE_FEN, moves, "arbiter", 6, only="e4b4")
    assert best.mate_plies == 1                      # red's chase repeats: red loses
    _, best = searched(CHASE_FEN, moves, "mate-and-draws", 6, only="e4b4")
    assert (best.score_cp, best.mate_plies) == (0, None)
    move, best = searched(CHASE_FEN, moves, "mate-and-draws", 6)
    assert move != "e4b4" and best.mate_plies is None and best.score_cp > 200   # plays for +7


def test_a_perpetual_check_is_a_draw_for_xboard():
    # red checks on every move of the cycle; a8a9 would repeat the start a second time
    _, best = searched(CHECK_FEN, CHECK_CYCLE, "arbiter", 2, only="a8a9")
    assert best.mate_plies is not None and best.mate_plies < 0
    _, best = searched(CHECK_FEN, CHECK_CYCLE, "mate-and-draws", 2, only="a8a9")
    assert (best.score_cp, best.mate_plies) == (0, None)
