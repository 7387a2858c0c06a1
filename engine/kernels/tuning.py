"""Kernels of the evaluation tuner (tools/texel): a plain quiescence search to find quiet
positions, and the static evaluation of many positions at once. They compile when the tuner
first calls them, never in the engine's cold-cache build (``prebuild=False``)."""
from .attacks import in_check
from .evaluate import EVAL, SCRATCH, evaluate
from .jit import BOARD, KEYS, MOVES, STATE, TABLE, UNDO, kernel
from .layout import S_STM
from .makemove import make_move, unmake_move
from .movegen import gen_moves
from .search import capture_gain

QS_MAX_PLY = 24              # quiescence plies at most (an undo stack this deep suffices)
BOARDS = "int8[:, ::1]"
STATES = "int64[:, ::1]"


@kernel(f"int64({TABLE}, {KEYS}, {EVAL}, {BOARD}, {STATE}, {UNDO}, {MOVES}, {SCRATCH}, int64, "
        "int64, int64, int64)", prebuild=False)
def quiescence(T, Z, E, board, st, undo, moves, scratch, start, alpha, beta, qply):
    """Fail-hard quiescence: stand pat on the static eval, then the legal captures, best victim
    first. Side-to-move view, like ``evaluate``."""
    stand = evaluate(T, E, board, st, scratch)
    if stand >= beta:
        return beta
    if stand > alpha:
        alpha = stand
    if qply >= QS_MAX_PLY:
        return alpha
    end = gen_moves(T, board, st, moves, start, False, 0, True)   # captures only
    side = st[S_STM]
    for i in range(start, end):     # selection order: largest capture gain first
        best = i
        for j in range(i + 1, end):
            if capture_gain(T, board, moves[j]) > capture_gain(T, board, moves[best]):
                best = j
        mv = moves[best]
        moves[best] = moves[i]
        moves[i] = mv
        make_move(T, Z, board, st, undo, mv)
        if in_check(T, board, st, side):
            unmake_move(T, Z, board, st, undo)
            continue
        score = -quiescence(T, Z, E, board, st, undo, moves, scratch, end, -beta, -alpha,
                            qply + 1)
        unmake_move(T, Z, board, st, undo)
        if score >= beta:
            return beta
        if score > alpha:
            alpha = score
    return alpha


@kernel(f"void({TABLE}, {EVAL}, {BOARDS}, {STATES}, {SCRATCH}, int64[::1])", prebuild=False)
def evaluate_all(T, E, boards, sts, scratch, out):
    """Static evaluation of every position, from the first player's view."""
    for i in range(boards.shape[0]):
        e = evaluate(T, E, boards[i], sts[i], scratch)
        out[i] = e if sts[i, S_STM] == 0 else -e
