"""Perft and divide from Python: one kernel call per root move."""
from __future__ import annotations

from .kernels.perft import perft as perft_kernel
from .kernels.makemove import make_move, unmake_move
from .notation import move_text
from .position import Position


def perft(position: Position, depth: int) -> int:
    cv = position.cv
    position.reserve(depth)           # the kernel makes its moves on the position's own stack
    return int(perft_kernel(cv.T, cv.Z, position.board, position.st, position.undo,
                            position.moves, 0, depth))


def divide(position: Position, depth: int) -> list[tuple[str, int]]:
    """(move text, leaf count) per legal root move, in generation order."""
    if depth < 1:
        raise ValueError("divide needs depth >= 1")
    cv = position.cv
    position.reserve(depth)
    rows = []
    for mv in position.legal_moves():
        text = move_text(position, mv)
        make_move(cv.T, cv.Z, position.board, position.st, position.undo, mv)
        count = perft(position, depth - 1)
        unmake_move(cv.T, cv.Z, position.board, position.st, position.undo)
        rows.append((text, count))
    return rows
