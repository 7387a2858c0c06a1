"""Static exchange evaluation (engine/kernels/see.py): right for sliders with x-rays, cannons
whose screen comes or goes with a capture, and drops, and the board is left as it was."""
from __future__ import annotations

import numpy as np
import pytest

from engine.board import Board
from engine.kernels import layout as L
from engine.kernels.see import see_ge


def see(variant: str, fen: str, move: str, threshold: int = 0) -> bool:
    board = Board(variant, fen)
    position = board.position
    mv = next(m for m in position.legal_moves() if board.move_str(m) == move)
    before = position.board.copy()
    scratch = np.zeros(256, dtype=np.int32)
    result = see_ge(position.cv.T, position.board, position.st, mv, threshold, scratch, 0)
    assert np.array_equal(position.board, before)
    return bool(result)


def value(variant: str, fen: str, square: str) -> int:
    board = Board(variant, fen)
    mv = next(m for m in board.position.legal_moves() if board.move_str(m)[2:4] == square)
    piece = int(board.position.board[(mv >> 8) & 255])
    return int(board.position.cv.T[board.position.cv.T[L.H_VALUES] + abs(piece)])


CASES = [
    # a pawn takes a defended pawn: even
    ("chess", "4k3/8/3p4/4p3/3P4/8/8/4K3 w - - 0 1", "d4e5", True),
    # the queen takes a defended pawn: loses the queen for a pawn
    ("chess", "4k3/8/3p4/4p3/8/8/8/Q3K3 w - - 0 1", "a1e5", False),
    # two rooks against one on the file: the rook behind joins once the first has gone (x-ray)
    ("chess", "4k3/4r3/8/4p3/8/8/4R3/4R1K1 w - - 0 1", "e2e5", True),
    # ... and without the second rook the first is lost for a pawn
    ("chess", "4k3/4r3/8/4p3/8/8/4R3/6K1 w - - 0 1", "e2e5", False),
    # xiangqi: the chariot was the black cannon's screen; once it has left, the cannon has none
    ("xiangqi", "3k5/9/9/h8/9/9/R8/9/c8/4K4 w - - 0 1", "a3a6", True),
    # ... but a cannon with a screen of its own defends the horse
    ("xiangqi", "c2k5/p8/9/h8/9/9/9/9/R8/4K4 w - - 0 1", "a1a6", False),
    # shogi: a gold dropped where a pawn takes it is lost
    ("shogi", "4k4/9/4p4/9/9/9/9/9/4K4 b G 1", "G*5d", False),
    # ... and safe on a square nothing attacks
    ("shogi", "4k4/9/4p4/9/9/9/9/9/4K4 b G 1", "G*1e", True),
]


@pytest.mark.parametrize("variant, fen, move, expected", CASES)
def test_see_judges_the_exchange(variant, fen, move, expected):
    assert see(variant, fen, move) is expected


def test_threshold_is_the_material_won():
    fen = "3k5/9/9/h8/9/9/R8/9/c8/4K4 w - - 0 1"
    horse = value("xiangqi", fen, "a6")
    assert see("xiangqi", fen, "a3a6", horse)
    assert not see("xiangqi", fen, "a3a6", horse + 1)


def test_a_royal_recaptures_only_an_undefended_piece():
    # Rxe7: the king could take back, but the rook behind (x-ray) defends e7
    assert see("chess", "4k3/4n3/8/8/8/8/4R3/4R1K1 w - - 0 1", "e2e7")
    # alone, the rook is taken by the king: a rook for a knight
    assert not see("chess", "4k3/4n3/8/8/8/8/4R3/6K1 w - - 0 1", "e2e7")
