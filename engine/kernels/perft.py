"""Perft: count the leaves of the legal-move tree (bulk-counted at depth 1)."""
from .jit import BOARD, KEYS, MOVES, STATE, TABLE, UNDO, kernel
from .layout import F_BIKJANG, F_DOUBLE_PASS_ENDS, FACE_ENDED, H_FLAGS, S_FACING, S_PASSES
from .makemove import make_move, unmake_move
from .movegen import gen_legal


@kernel(f"int64({TABLE}, {KEYS}, {BOARD}, {STATE}, {UNDO}, {MOVES}, int64, int64)")
def perft(T, Z, board, st, undo, moves, n, depth):
    """Leaves at ``depth``; a node where the game has ended by rule (two passes in a row, or a
    bikjang left standing) has none."""
    if depth <= 0:
        return 1  # a leaf is one path even where the game has ended (divide's depth-1 rows)
    flags = T[H_FLAGS]
    if (flags & F_DOUBLE_PASS_ENDS) and st[S_PASSES] >= 2:
        return 0
    if (flags & F_BIKJANG) and st[S_FACING] == FACE_ENDED:
        return 0
    end = gen_legal(T, board, st, moves, n)
    if depth <= 1:
        return end - n if depth == 1 else 1
    total = 0
    for i in range(n, end):
        make_move(T, Z, board, st, undo, moves[i])
        total += perft(T, Z, board, st, undo, moves, end, depth - 1)
        unmake_move(T, Z, board, st, undo)
    return total
