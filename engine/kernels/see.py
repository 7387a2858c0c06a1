"""Static exchange evaluation by re-scanning the board: play out the captures on one square,
each side taking with its least valuable attacker and free to stop, and say whether the first
capture wins at least a threshold.

Chess engines keep one attacker set and add the sliders a removal uncovers. That is wrong for
cannons (a removal can take a screen away or leave exactly one), horses and elephants (a
removal can free a leg or an eye) and palace lines, so each step here finds the cheapest
attacker on the board as it stands: captured pieces lifted off, the last capturer on the
target. Drops capture nothing and never recapture (pieces in hand stay out of the exchange).
Pins are not checked; a royal captures only when the other side has no attacker left.
"""
from .attacks import attacked_by, leap_reaches, ray_next
from .jit import BOARD, MOVES, STATE, TABLE, kernel
from .layout import (E_DELTA, E_HOPEXCL, E_HOPMASK, E_KIND, E_LINE, E_MASK, E_SIZE, H_ATT_ALL,
                     H_ROYAL, H_VALUES, K_LEAP, MF_CASTLE, MF_DROP, MF_EP, MF_PASS, M_FROM_MASK,
                     M_PROMO_MASK, M_PROMO_SHIFT, M_TO_SHIFT, OFF, S_STM)


@kernel(f"int64({TABLE}, {BOARD}, int64, int64)", inline=True)
def least_attacker(T, board, target, side):
    """The square of ``side``'s least valuable piece attacking ``target`` (-1 if none)."""
    head = T[H_ATT_ALL]
    rows = head + 4
    values = T[H_VALUES]
    victim = board[target]
    victim_type = victim if victim > 0 else -victim
    best_sq = -1
    best_value = 1 << 30
    for e in range(T[head + 2 * side], T[head + 2 * side + 1]):
        r = rows + e * E_SIZE
        d = T[r + E_DELTA]
        if T[r + E_KIND] == K_LEAP:
            a = target + d
            p = board[a]
            if p == 0 or p == OFF or (p > 0) != (side == 0):
                continue
            pt = p if p > 0 else -p
            if (T[r + E_MASK] >> pt) & 1 and T[values + pt] < best_value \
                    and leap_reaches(T, board, r, a, target):
                best_sq = a
                best_value = T[values + pt]
            continue
        # a ray: the first piece met may slide to the target, the one after one screen hop
        line = T[r + E_LINE]
        x, p = ray_next(T, board, target, d, line)
        if p == OFF:
            continue
        pt = p if p > 0 else -p
        if (p > 0) == (side == 0) and (T[r + E_MASK] >> pt) & 1:
            if T[values + pt] < best_value:
                best_sq = x
                best_value = T[values + pt]
            continue
        hoppers = T[r + E_HOPMASK]
        excl = T[r + E_HOPEXCL]
        if hoppers == 0 or (excl >> pt) & 1 or (excl >> victim_type) & 1:
            continue
        x, p = ray_next(T, board, x, d, line)
        if p == OFF:
            continue
        pt = p if p > 0 else -p
        if (p > 0) == (side == 0) and (hoppers >> pt) & 1 and T[values + pt] < best_value:
            best_sq = x
            best_value = T[values + pt]
    return best_sq


@kernel(f"boolean({TABLE}, {BOARD}, {STATE}, int64, int64, {MOVES}, int64)")
def see_ge(T, board, st, mv, threshold, stack, free):
    """True if ``mv`` wins at least ``threshold`` (in the game's piece values) on its target
    square once every profitable recapture there is played out. ``stack[free:]`` is scratch
    (up to 64 entries) for the squares the exchange empties; the board is restored."""
    if mv & (MF_CASTLE | MF_PASS | MF_EP):
        return threshold <= 0        # no exchange on one square: call it even
    values = T[H_VALUES]
    to = (mv >> M_TO_SHIFT) & M_FROM_MASK
    frm = mv & M_FROM_MASK
    side = st[S_STM]
    sign = 1 if side == 0 else -1
    captured = board[to]
    swap = T[values + (captured if captured > 0 else -captured)] - threshold
    if swap < 0:
        return False
    promo = (mv >> M_PROMO_SHIFT) & M_PROMO_MASK
    if mv & MF_DROP:
        placed = sign * frm
    else:
        placed = board[frm]
        if promo != 0:
            placed = sign * promo
    pt = placed if placed > 0 else -placed
    swap = T[values + pt] - swap     # what we stand to lose if the piece on the target goes
    if swap <= 0:
        return True
    # make the capture on a scratch basis: lift the mover, put it on the target
    moved_from = -1 if mv & MF_DROP else frm
    mover = 0 if moved_from < 0 else board[frm]
    if moved_from >= 0:
        board[frm] = 0
    board[to] = placed
    lifted = 0                       # pieces lifted off their squares by recaptures
    result = True                    # as things stand, the side that moved keeps the gain
    s = 1 - side
    while lifted < 64:
        sq = least_attacker(T, board, to, s)
        if sq < 0:
            break
        p = board[sq]
        apt = p if p > 0 else -p
        if apt == T[H_ROYAL]:
            # a royal takes only if nothing defends the target any more, and ends the exchange
            board[sq] = 0
            defended = attacked_by(T, board, to, 1 - s, False)
            board[sq] = p
            if not defended:
                result = not result
            break
        result = not result
        swap = T[values + apt] - swap
        if swap < (1 if result else 0):
            break
        stack[free + lifted] = sq * 256 + (p + 128)
        lifted += 1
        board[sq] = 0
        board[to] = p
        s = 1 - s
    # take it all back
    for k in range(lifted - 1, -1, -1):
        code = stack[free + k]
        board[code >> 8] = (code & 255) - 128
    board[to] = captured
    if moved_from >= 0:
        board[moved_from] = mover
    return result
