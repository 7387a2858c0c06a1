"""Correction history: the static evaluation moved by how wrong it proved in positions alike.

The hand-written evaluation misjudges a pawn structure the same way wherever it stands: a shield
it does not see, a chain it overrates. Each side to move keeps, per bucket of a key of the pawns
on the board (the game's H_PAWN type, by side and square), a running mean of the search result
minus the static evaluation over nodes whose result proves the evaluation wrong, and the search
adds that mean to the evaluation of every position with those pawns (Stockfish's pawn
correction history, as one mean instead of its gravity update).

Glossary:
  pkey   pawn key: the XOR of the Zobrist piece keys of the pawns on the board
  entry  heur[HK_CORR + side * CORR_ENTRIES + (pkey & (CORR_ENTRIES - 1))], in 1/CORR_GRAIN cp
"""
from .jit import BOARD, HEUR, KEYS, STATE, TABLE, UNDO, kernel
from .layout import (H_NPLAY, H_PAWN, H_PLAY, MF_CASTLE, MF_DROP, MF_PASS, M_FROM_MASK,
                     M_TO_SHIFT, S_SP, U_CAPSQ, U_CAPTURED, U_MOVE, U_MOVED)
from .makemove import piece_key
from .search_layout import CORR_ENTRIES, HK_CORR, RULE_BOUND

CORR_GRAIN = 256             # entry units per centipawn (fine enough that a light step
                             # still moves the mean)
CORR_LIMIT = 64 * CORR_GRAIN   # a correction stays within +-64 cp
CORR_WEIGHT_MAX = 16         # a node's weight in the mean: depth + 1, at most this ...
CORR_WEIGHT_TOTAL = 256      # ... out of this


@kernel(f"int64({TABLE}, {KEYS}, {BOARD})")
def pawn_key(T, Z, board):
    """The pawn key of the position on ``board``, counted afresh (the search's root)."""
    pawn = T[H_PAWN]
    key = 0
    if pawn == 0:
        return key
    for i in range(T[H_NPLAY]):
        sq = T[T[H_PLAY] + i]
        pc = board[sq]
        if pc == pawn or pc == -pawn:
            key ^= piece_key(Z, pc, sq)
    return key


@kernel(f"int64({TABLE}, {KEYS}, {BOARD}, {STATE}, {UNDO})", inline=True)
def pawn_key_delta(T, Z, board, st, undo):
    """What the move just made (the last undo record) XORs into the pawn key: a pawn that moved,
    promoted, was captured or was dropped."""
    pawn = T[H_PAWN]
    u = undo[st[S_SP] - 1]
    mv = u[U_MOVE]
    if pawn == 0 or (mv & (MF_PASS | MF_CASTLE)) != 0:
        return 0
    frm = mv & M_FROM_MASK
    to = (mv >> M_TO_SHIFT) & M_FROM_MASK
    if mv & MF_DROP:
        return piece_key(Z, board[to], to) if frm == pawn else 0
    delta = 0
    moving = u[U_MOVED]
    if moving == pawn or moving == -pawn:
        delta ^= piece_key(Z, moving, frm)
    placed = board[to]
    if placed == pawn or placed == -pawn:
        delta ^= piece_key(Z, placed, to)
    captured = u[U_CAPTURED]
    if captured == pawn or captured == -pawn:
        delta ^= piece_key(Z, captured, u[U_CAPSQ])
    return delta


@kernel("int64(int64, int64)", inline=True)
def correction_slot(side, pkey):
    return HK_CORR + side * CORR_ENTRIES + (pkey & (CORR_ENTRIES - 1))


@kernel(f"int64({HEUR}, int64, int64)", inline=True)
def correction(heur, side, pkey):
    """Centipawns to add to the static evaluation of ``side`` to move with these pawns."""
    return heur[correction_slot(side, pkey)] // CORR_GRAIN


@kernel("int64(int64, int64)", inline=True)
def corrected(raw, corr):
    """The static evaluation ``raw`` moved by ``corr``, kept out of the decisive bands."""
    if raw >= RULE_BOUND or raw <= -RULE_BOUND:
        return raw
    return max(-RULE_BOUND + 1, min(raw + corr, RULE_BOUND - 1))


@kernel(f"void({HEUR}, int64, int64, int64, int64)", inline=True)
def update_correction(heur, side, pkey, error, d):
    """A node searched to depth ``d`` found its position worth ``error`` cp more than the raw
    static evaluation: move the mean toward it, deeper results weighing more."""
    i = correction_slot(side, pkey)
    target = max(-CORR_LIMIT, min(error * CORR_GRAIN, CORR_LIMIT))
    step = (target - heur[i]) * min(d + 1, CORR_WEIGHT_MAX)
    # rounded toward zero, so the mean settles on the errors from either side alike
    heur[i] += step // CORR_WEIGHT_TOTAL if step >= 0 else -(-step // CORR_WEIGHT_TOTAL)


@kernel("boolean(int64, int64, int64, int64, int64)", inline=True)
def proves_eval_wrong(best, beta, bestmv, ev, quiet_best):
    """A finished node's result says which way the static evaluation ``ev`` erred: an exact
    score, a fail high above it, or a fail low below it; not a decisive score, and not a node
    whose best move captured (the capture's gain is not the position's misjudgement)."""
    if not quiet_best or best >= RULE_BOUND or best <= -RULE_BOUND:
        return False
    if best >= beta:
        return best > ev
    if bestmv == 0:
        return best < ev
    return True
