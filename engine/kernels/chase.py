"""Xiangqi chases inside kernels, as engine/rules/xiangqi.py defines them (see its docstring).

A *chasing threat* of side S: a legal capture by S's piece A of an enemy piece V where A is no
king or pawn, V is no king, V is no pawn on its own side of the river, V is not the same type as
A with a legal capture back (a trade offer), and V's side has no legal recapture on V's point
after A takes it. A move of S *chases* when after it (and without giving check) S has a chasing
threat that was not one before the move (A followed from its old point if it moved).

Used by the search to judge repetition cycles the way the arbiter does, and by engine/search.py
for the moves of the game before the root. ``victim_region0/1``: index of the region where a
pawn of side 0/1 has crossed the river (-1: every pawn counts as crossed).

Scratch space: the caller passes a free stretch of the move buffer from ``n`` on; results go to
``moves[n:n+256]`` (before the move) and ``moves[n+256:n+512]`` (after), generation above that.
"""
from .attacks import in_check
from .jit import BOARD, KEYS, MOVES, STATE, TABLE, UNDO, kernel
from .layout import (H_PAWN, H_REGIONS, H_ROYAL, M_FROM_MASK, M_TO_SHIFT, MF_CASTLE, MF_DROP,
                     MF_PASS, NSQ, S_STM)
from .makemove import make_move, unmake_move
from .movegen import gen_moves, leaves_royal_safe

RESULTS = 256   # room for one list of threats


@kernel(f"int64({TABLE}, {BOARD}, {STATE}, {MOVES}, int64)", inline=True)
def legal_captures(T, board, st, moves, start):
    """The side to move's legal board captures, in generation order, written to moves[start:];
    returns the new end. The same list as gen_legal's captures; built from gen_moves directly
    so that this file does not wait for gen_legal's chain on a cold compile."""
    end = gen_moves(T, board, st, moves, start, False, -1, False)
    out = start
    for i in range(start, end):
        mv = moves[i]
        if mv & (MF_DROP | MF_PASS | MF_CASTLE):
            continue
        if board[(mv >> M_TO_SHIFT) & M_FROM_MASK] != 0 and leaves_royal_safe(T, board, st, mv):
            moves[out] = mv
            out += 1
    return out


@kernel(f"int64({TABLE}, {KEYS}, {BOARD}, {STATE}, {UNDO}, {MOVES}, int64, int64, int64, int64, "
        "int64)")
def chasing_threats(T, Z, board, st, undo, moves, out, scratch, side, victim_region0,
                    victim_region1):
    """Write ``attacker << 8 | victim`` of every chasing threat of ``side`` to moves[out:];
    return how many. The side to move is restored."""
    saved = st[S_STM]
    st[S_STM] = side
    caps = legal_captures(T, board, st, moves, scratch)
    st[S_STM] = 1 - side
    replies = legal_captures(T, board, st, moves, caps)
    st[S_STM] = side
    royal = T[H_ROYAL]
    pawn = T[H_PAWN]
    region = victim_region1 if side == 0 else victim_region0
    count = 0
    for i in range(scratch, caps):
        mv = moves[i]
        frm = mv & M_FROM_MASK
        to = (mv >> M_TO_SHIFT) & M_FROM_MASK
        a = board[frm]
        v = board[to]
        a = a if a > 0 else -a
        v = v if v > 0 else -v
        if a == royal or a == pawn or v == royal:
            continue
        if v == pawn and region >= 0 and T[T[H_REGIONS] + region * NSQ + to] == 0:
            continue   # a pawn on its own side of the river
        if v == a:
            trade = False
            for j in range(caps, replies):
                r = moves[j]
                if (r & M_FROM_MASK) == to and ((r >> M_TO_SHIFT) & M_FROM_MASK) == frm:
                    trade = True
                    break
            if trade:
                continue
        make_move(T, Z, board, st, undo, mv)
        end = legal_captures(T, board, st, moves, replies)
        protected = False
        for j in range(replies, end):
            r = moves[j]
            if ((r >> M_TO_SHIFT) & M_FROM_MASK) == to:
                protected = True
                break
        unmake_move(T, Z, board, st, undo)
        if not protected and count < RESULTS:
            moves[out + count] = (frm << 8) | to
            count += 1
    st[S_STM] = saved
    return count


@kernel(f"boolean({TABLE}, {KEYS}, {BOARD}, {STATE}, {UNDO}, {MOVES}, int64, int64, int64, "
        "int64)")
def move_chases(T, Z, board, st, undo, moves, n, mv, victim_region0, victim_region1):
    """Does the side to move chase with ``mv`` (a legal move that gives no check)? The position
    is left as it was."""
    side = st[S_STM]
    frm = mv & M_FROM_MASK
    to = (mv >> M_TO_SHIFT) & M_FROM_MASK
    if mv & (MF_DROP | MF_PASS):
        frm = -1
    before = chasing_threats(T, Z, board, st, undo, moves, n, n + 2 * RESULTS, side,
                             victim_region0, victim_region1)
    make_move(T, Z, board, st, undo, mv)
    chases = False
    if not in_check(T, board, st, 1 - side):
        after = chasing_threats(T, Z, board, st, undo, moves, n + RESULTS, n + 2 * RESULTS, side,
                                victim_region0, victim_region1)
        for i in range(after):
            pair = moves[n + RESULTS + i]
            carried = False
            for j in range(before):
                old = moves[n + j]
                a = old >> 8
                v = old & 255
                if v == to:
                    continue   # that victim was just taken
                if a == frm:
                    a = to     # the attacker that moved, followed to its new point
                if (a << 8 | v) == pair:
                    carried = True
                    break
            if not carried:
                chases = True
                break
    unmake_move(T, Z, board, st, undo)
    return chases
