"""Correction history (engine/kernels/correction.py): the search keeps a pawn key move by move
and corrects the static evaluation by the running mean of its errors over positions with those
pawns, where the game's SearchProfile says so."""
import random

import numpy as np
import pytest

from engine.board import Board
from engine.kernels import layout as L
from engine.kernels import search_layout as S
from engine.kernels.correction import (CORR_GRAIN, CORR_LIMIT, corrected, correction, pawn_key,
                                       pawn_key_delta, proves_eval_wrong, update_correction)
from engine.position import Position
from engine.search import Limits, Searcher
from search_helpers import run


@pytest.mark.parametrize("variant", ["xiangqi", "janggi", "shogi", "chess"])
def test_the_pawn_key_follows_every_move(variant):
    """The key the search moves on by pawn_key_delta is the key counted afresh, for every legal
    move along seeded random games: pawn pushes and captures, promotions, drops, en passant."""
    rng = random.Random(f"pawn-key-{variant}")
    kinds = set()
    changed = 0
    for _ in range(12):
        board = Board(variant)
        for _ in range(150):
            position = board.position
            T, Z = position.cv.T, position.cv.Z
            legal = position.legal_moves()
            if not legal:
                break
            before = pawn_key(T, Z, position.board)
            for mv in legal:
                position.push(mv)
                delta = pawn_key_delta(T, Z, position.board, position.st, position.undo)
                assert before ^ delta == pawn_key(T, Z, position.board), (board.fen(), mv)
                changed += delta != 0
                position.pop()
                for flag, name in ((L.MF_DROP, "drop"), (L.MF_EP, "ep"), (L.MF_PASS, "pass")):
                    if mv & flag:
                        kinds.add(name)
                if (mv >> L.M_PROMO_SHIFT) & L.M_PROMO_MASK:
                    kinds.add("promotion")
            board.push(rng.choice(legal))
    expected = {"xiangqi": set(), "janggi": {"pass"}, "shogi": {"drop", "promotion"},
                "chess": {"ep", "promotion"}}[variant]
    assert expected <= kinds and changed > 0


def test_only_pawns_make_the_key():
    board = Board("chess")
    T, Z = board.position.cv.T, board.position.cv.Z
    start = pawn_key(T, Z, board.position.board)
    assert start != 0
    board.push_str("g1f3")
    assert pawn_key(T, Z, board.position.board) == start
    board.push_str("e7e5")
    assert pawn_key(T, Z, board.position.board) != start


def test_the_mean_moves_toward_the_errors_and_stays_bounded():
    heur = np.zeros(S.HK_SIZE, dtype=np.int32)
    for _ in range(400):
        update_correction(heur, 0, 12345, 30, 10)
    assert 29 <= correction(heur, 0, 12345) <= 30
    assert correction(heur, 1, 12345) == 0            # the other side keeps its own
    assert correction(heur, 0, 12346) == 0            # another structure its own
    for _ in range(400):
        update_correction(heur, 0, 12345, -5000, 20)
    assert correction(heur, 0, 12345) == -CORR_LIMIT // CORR_GRAIN
    shallow, deep = (np.zeros(S.HK_SIZE, dtype=np.int32) for _ in range(2))
    update_correction(shallow, 0, 7, 40, 1)
    update_correction(deep, 0, 7, 40, 12)
    assert 0 < shallow[S.HK_CORR + 7] < deep[S.HK_CORR + 7]   # deeper results weigh more


def test_a_correction_never_makes_or_breaks_a_decisive_score():
    assert corrected(100, 40) == 140
    assert corrected(S.RULE_BOUND - 10, 64) == S.RULE_BOUND - 1
    assert corrected(-(S.MATE - 3), 64) == -(S.MATE - 3)


@pytest.mark.parametrize("best, beta, bestmv, ev, quiet, learns", [
    (50, 100, 123, 10, True, True),      # exact score
    (150, 100, 123, 90, True, True),     # fail high above the eval: it was too low
    (150, 100, 123, 200, True, False),   # fail high below the eval: says nothing
    (20, 100, 0, 60, True, True),        # fail low below the eval: it was too high
    (80, 100, 0, 60, True, False),       # fail low above the eval: says nothing
    (50, 100, 123, 10, False, False),    # the best move captured
    (S.MATE - 5, S.INF, 123, 10, True, False),   # a mate is no eval's error
])
def test_which_results_prove_the_eval_wrong(best, beta, bestmv, ev, quiet, learns):
    assert proves_eval_wrong(best, beta, bestmv, ev, quiet) == learns


def _corrections(searcher):
    return searcher._workers[0].heur[S.HK_CORR:S.HK_CORR + 2 * S.CORR_ENTRIES]


def test_only_a_game_whose_profile_says_so_learns_corrections():
    shogi, chess = Searcher(), Searcher()
    run(Position("shogi"), Limits(depth=6), shogi)
    run(Position("chess"), Limits(depth=6), chess)
    assert np.count_nonzero(_corrections(shogi)) > 0
    assert np.count_nonzero(_corrections(chess)) == 0


def test_corrections_outlive_a_move_but_not_a_new_game():
    """The histories age between searches; the corrections keep (a depth-1 search can move at
    most its root's entry) until a new game clears them."""
    searcher = Searcher()
    run(Position("shogi"), Limits(depth=6), searcher)
    learned = _corrections(searcher).copy()
    assert np.count_nonzero(np.abs(learned) > 1) > 2
    position = Position("shogi")
    position.push(position.legal_moves()[0])
    run(position, Limits(depth=1), searcher)
    assert np.count_nonzero(_corrections(searcher) != learned) <= 1
    searcher.clear_hash()
    assert np.count_nonzero(_corrections(searcher)) == 0
