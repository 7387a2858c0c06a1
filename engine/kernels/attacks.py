"""Attack detection driven by the attack entries derived from the atoms (see ``tables.py``)."""
from .jit import BOARD, STATE, TABLE, kernel
from .layout import (E_DELTA, E_FROMREG, E_HOPEXCL, E_HOPMASK, E_KIND, E_LEG1, E_LEG2, E_LINE,
                     E_MASK, E_SIZE, E_TOREG, F_FLYING_GENERAL, H_ATT_ALL, H_ATT_KING,
                     H_CHECK_REL, H_FLAGS, H_LINES, H_REGIONS, H_ROYAL, H_W, K_LEAP, M_FROM_MASK,
                     M_PROMO_MASK, M_PROMO_SHIFT, M_TO_SHIFT, MF_CASTLE, MF_DROP, MF_EP,
                     MF_PASS, NSQ, OFF, S_KING, S_STM)


@kernel(f"boolean({TABLE}, {BOARD}, int64, int64, int64)", inline=True)
def leap_reaches(T, board, r, a, target):
    """Does the leap attack entry at row ``r``, from the piece on ``a``, reach ``target``: legs
    free, ``a`` and ``target`` inside the entry's regions, ``a`` on its drawn line?"""
    leg = T[r + E_LEG1]
    if leg != 0 and board[a + leg] != 0:
        return False
    leg = T[r + E_LEG2]
    if leg != 0 and board[a + leg] != 0:
        return False
    reg = T[r + E_FROMREG]
    if reg >= 0 and T[T[H_REGIONS] + reg * NSQ + a] == 0:
        return False
    reg = T[r + E_TOREG]
    if reg >= 0 and T[T[H_REGIONS] + reg * NSQ + target] == 0:
        return False
    line = T[r + E_LINE]
    return line == 0 or (T[T[H_LINES] + a] & line) != 0


@kernel(f"UniTuple(int64, 2)({TABLE}, {BOARD}, int64, int64, int64)", inline=True)
def ray_next(T, board, x, d, line):
    """(square, piece) of the first piece met stepping ``d`` from ``x``; piece OFF where the
    board, or the drawn line (``line`` bit, 0 = any), ends first."""
    lines = T[H_LINES]
    while True:
        x += d
        if line != 0 and (T[lines + x] & line) == 0:
            return x, OFF
        p = board[x]
        if p != 0:
            return x, p


@kernel(f"boolean({TABLE}, {BOARD}, int64, int64, boolean)", inline=True)
def attacked_by(T, board, target, side, king_table):
    """True if a piece of ``side`` attacks ``target``.

    ``king_table`` selects the entries pruned to squares a royal piece can stand on; use it only
    when ``target`` holds (or will hold) the enemy royal piece.
    """
    head = T[H_ATT_KING] if king_table else T[H_ATT_ALL]
    start = T[head + 2 * side]
    end = T[head + 2 * side + 1]
    rows = head + 4
    victim = board[target]
    victim_type = victim if victim > 0 else -victim
    if victim == OFF:
        victim_type = 0
    for e in range(start, end):
        r = rows + e * E_SIZE
        d = T[r + E_DELTA]
        if T[r + E_KIND] == K_LEAP:
            a = target + d
            p = board[a]
            if side == 0:
                if p <= 0 or p == OFF:
                    continue
                pt = p
            else:
                if p >= 0:
                    continue
                pt = -p
            if (T[r + E_MASK] >> pt) & 1 == 0:
                continue
            if leap_reaches(T, board, r, a, target):
                return True
            continue
        # A ray: the first piece met may be a slider, the one after a single screen a hopper.
        line = T[r + E_LINE]
        x, p = ray_next(T, board, target, d, line)
        if p == OFF:
            continue
        own = (p > 0) if side == 0 else (p < 0)
        pt = p if p > 0 else -p
        if own and (T[r + E_MASK] >> pt) & 1:
            return True
        hoppers = T[r + E_HOPMASK]
        if hoppers == 0:
            continue
        excl = T[r + E_HOPEXCL]
        if (excl >> pt) & 1 or (excl >> victim_type) & 1:
            continue
        x, p = ray_next(T, board, x, d, line)
        if p == OFF:
            continue
        own = (p > 0) if side == 0 else (p < 0)
        pt = p if p > 0 else -p
        if own and (hoppers >> pt) & 1:
            return True
    return False


@kernel(f"boolean({TABLE}, {BOARD}, {STATE})", inline=True)
def royals_face(T, board, st):
    """True if the two royal pieces stand on one file with nothing between them."""
    k0 = st[S_KING]
    k1 = st[S_KING + 1]
    if k0 == 0 or k1 == 0:
        return False
    w = T[H_W]
    if (k1 - k0) % w != 0:
        return False
    step = w if k1 > k0 else -w
    x = k0 + step
    while x != k1:
        if board[x] != 0:
            return False
        x += step
    return True


@kernel(f"boolean({TABLE}, {BOARD}, {STATE}, int64)")
def in_check(T, board, st, side):
    """True if ``side``'s royal piece is attacked (or, under the flying-general rule, faces the
    enemy royal piece across an open file)."""
    ksq = st[S_KING + side]
    if ksq == 0:
        return False
    if attacked_by(T, board, ksq, 1 - side, True):
        return True
    if T[H_FLAGS] & F_FLYING_GENERAL:
        return royals_face(T, board, st)
    return False


@kernel(f"int64({TABLE}, {BOARD}, int64)", inline=True)
def type_left(T, board, mv):
    """The piece type ``mv`` leaves standing on its target: dropped, promoted to or moved (the
    royal when castling). Read before the move is made; not for a pass."""
    if mv & MF_DROP:
        return mv & M_FROM_MASK
    if mv & MF_CASTLE:
        return T[H_ROYAL]
    promo = (mv >> M_PROMO_SHIFT) & M_PROMO_MASK
    if promo != 0:
        return promo
    p = board[mv & M_FROM_MASK]
    return p if p > 0 else -p


@kernel(f"boolean({TABLE}, {BOARD}, {STATE}, int64)", inline=True)
def may_give_check(T, board, st, mv):
    """Asked before ``mv`` is made: False proves it will not check (the type it leaves on the
    target cannot reach the enemy royal piece from there, and the square it leaves is on none of
    that piece's rays or legs), so the search can prune a late quiet move without making it and
    skip in_check after the others; True means "ask"."""
    if mv & MF_PASS:
        return False
    if mv & (MF_CASTLE | MF_EP):
        return True   # a second piece moves or leaves: rare, ask in_check
    mover = st[S_STM]
    ksq = st[S_KING + 1 - mover]
    if ksq == 0:
        return False
    rel = T[H_CHECK_REL] + mover * 2 * NSQ + NSQ - ksq
    if (T[rel + ((mv >> M_TO_SHIFT) & M_FROM_MASK)] >> type_left(T, board, mv)) & 1:
        return True
    if mv & MF_DROP:
        return False
    return (T[rel + (mv & M_FROM_MASK)] & 1) != 0
