"""Xiangqi chases inside the search: the kernel's chase test agrees with the arbiter's, and the
search scores a repetition cycle with a perpetual chase as the arbiter rules it."""
import random

import numpy as np

from engine.evaluation import eval_table
from engine.kernels import search_layout as S
from engine.kernels.chase import move_chases
from engine.notation import move_text, parse_move
from engine.position import Position
from engine.rules.xiangqi import chasing_threats, move_squares, turn_of
from engine.search import Limits

from search_helpers import run


def kernel_chases(position: Position, mv: int) -> bool:
    E = eval_table(position.spec)
    buffer = np.zeros(position.moves.shape[0], dtype=np.int32)
    board, st = position.board.copy(), position.st.copy()
    chased = bool(move_chases(position.cv.T, position.cv.Z, position.board, position.st,
                              position.undo, buffer, 0, mv, int(E[S.EV_CHASE_REGION]),
                              int(E[S.EV_CHASE_REGION + 1])))
    assert (position.board == board).all() and (position.st == st).all()   # left as it was
    return chased


def arbiter_chases(position: Position, mv: int, before) -> bool | None:
    """The arbiter's verdict on ``mv`` (engine/rules/xiangqi.py), None when it gives check."""
    side = position.turn
    position.push(mv)
    try:
        if position.in_check():
            return None
        with turn_of(position, side):
            after = chasing_threats(position, side)
    finally:
        position.pop()
    frm, to = move_squares(mv)
    carried = {(to if a == frm else a, v) for a, v in before if v != to}
    return bool(after - carried)


def test_kernel_chase_test_agrees_with_the_arbiter_along_random_games():
    rng = random.Random(20261130)
    compared = chases = 0
    for _ in range(14):
        position = Position("xiangqi")
        for _ply in range(70):
            legal = position.legal_moves()
            if not legal:
                break
            before = chasing_threats(position, position.turn)
            for mv in rng.sample(legal, min(6, len(legal))):
                expected = arbiter_chases(position, mv, before)
                if expected is None:
                    continue
                assert kernel_chases(position, mv) == expected, (
                    position.fen(), move_text(position, mv))
                compared += 1
                chases += expected
            # prefer captures now and then so the middlegame thins out
            captures = [m for m in legal if position.board[(m >> 8) & 255] != 0]
            position.push(rng.choice(captures if captures and rng.random() < 0.4 else legal))
    assert compared > 2000 and chases > 100


def play(fen: str, texts: list[str]) -> Position:
    position = Position("xiangqi", fen)
    for text in texts:
        position.push(parse_move(position, text))
    return position


# the endings vector xqe02 (0-based ranks): the red chariot chases the unprotected cannon
CHASE_FEN = "3k5/9/9/7R1/c8/9/9/9/9/4K4 w - - 0 1"
CHASE_CYCLE = ["h6h5", "a5a6", "h5h6", "a6a5"]


def test_repeating_a_perpetual_chase_loses_in_the_search():
    position = play(CHASE_FEN, CHASE_CYCLE)
    again = parse_move(position, "h6h5")
    best, _ = run(position, Limits(depth=2, searchmoves=[again]))
    assert best.mate_plies is not None and best.mate_plies < 0   # a rule loss reads as mated
    best, _ = run(position, Limits(depth=3))
    assert best.move != again     # red avoids the losing repetition


def test_the_search_claims_the_opponents_perpetual_chase():
    position = play(CHASE_FEN, CHASE_CYCLE[:3])     # black to move; a6a5 repeats the start
    back = parse_move(position, "a6a5")
    best, _ = run(position, Limits(depth=1, searchmoves=[back]))
    assert best.mate_plies == 1      # the rule win one ply away reads as mate in 1
    best, _ = run(position, Limits(depth=2))
    assert best.move == back


def test_attacking_a_protected_piece_every_move_is_only_a_draw():
    # xqe03c: the cannon attacks a rook that another rook protects: no chase, a plain draw
    position = play("r3k4/1n6C/rn7/9/9/9/9/9/9/3K5 w - - 0 1", ["i8i7", "a7a8", "i7i8"])
    back = parse_move(position, "a8a7")
    best, _ = run(position, Limits(depth=1, searchmoves=[back]))
    assert best.score_cp == 0
