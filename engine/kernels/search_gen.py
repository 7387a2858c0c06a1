"""Capture-only move generation for quiescence: movegen's generator in its captures-only mode."""
from .jit import BOARD, MOVES, STATE, TABLE, kernel
from .movegen import gen_moves


@kernel(f"int64({TABLE}, {BOARD}, {STATE}, {MOVES}, int64)")
def gen_captures(T, board, st, moves, n):
    """Pseudo-legal captures (with their promotion choices) to moves[n:]; returns the new end."""
    return gen_moves(T, board, st, moves, n, False, 0, True)
