"""Capture-only move generation for quiescence (no quiet moves, drops, castling or passes)."""
from .jit import BOARD, MOVES, STATE, TABLE, kernel
from .layout import (A_DELTA, A_FLAGS, A_FROMREG, A_KIND, A_LEG1, A_LEG2, A_LINE, A_MODE, A_SIZE,
                     A_TOREG, AF_EP, AF_HOP_NOT_SAME, H_ATOM_IDX, H_ATOMS, H_LINES, H_NPLAY,
                     H_PLAY, H_PROMO, H_REGIONS, K_LEAP, K_RIDE, M_TO_SHIFT, MAX_TYPES, MF_EP,
                     MODE_CAPTURE, NSQ, OFF, S_EP, S_STM)
from .movegen import push_move


@kernel(f"int64({TABLE}, {BOARD}, {STATE}, {MOVES}, int64)")
def gen_captures(T, board, st, moves, n):
    """Pseudo-legal captures (with their promotion choices) to moves[n:]; returns the new end."""
    side = st[S_STM]
    regions = T[H_REGIONS]
    lines = T[H_LINES]
    atoms = T[H_ATOMS]
    index = T[H_ATOM_IDX]
    play = T[H_PLAY]
    ep = st[S_EP]
    for i in range(T[H_NPLAY]):
        frm = T[play + i]
        p = board[frm]
        if side == 0:
            if p <= 0:
                continue
            pt = p
        else:
            if p >= 0:
                continue
            pt = -p
        k = (side * MAX_TYPES + pt) * 2
        promotes = T[T[H_PROMO] + pt * 5] != 0
        for a in range(T[index + k], T[index + k + 1]):
            r = atoms + a * A_SIZE
            if (T[r + A_MODE] & MODE_CAPTURE) == 0:
                continue
            reg = T[r + A_FROMREG]
            if reg >= 0 and T[regions + reg * NSQ + frm] == 0:
                continue
            kind = T[r + A_KIND]
            d = T[r + A_DELTA]
            line = T[r + A_LINE]
            toreg = T[r + A_TOREG]
            to = frm
            q = 0
            if kind == K_LEAP:
                if line != 0 and (T[lines + frm] & line) == 0:
                    continue
                to = frm + d
                q = board[to]
                if q == OFF:
                    continue
                leg = T[r + A_LEG1]
                if leg != 0 and board[frm + leg] != 0:
                    continue
                leg = T[r + A_LEG2]
                if leg != 0 and board[frm + leg] != 0:
                    continue
                if q == 0:
                    if (T[r + A_FLAGS] & AF_EP) and to == ep and ep != 0:
                        moves[n] = frm | (to << M_TO_SHIFT) | MF_EP
                        n += 1
                    continue
            elif kind == K_RIDE:
                while True:
                    if line != 0 and (T[lines + to] & line) == 0:
                        q = OFF
                        break
                    to += d
                    q = board[to]
                    if q != 0:
                        break
                    if toreg >= 0 and T[regions + toreg * NSQ + to] == 0:
                        q = OFF
                        break
                if q == OFF:
                    continue
            else:
                screened = False
                not_same = (T[r + A_FLAGS] & AF_HOP_NOT_SAME) != 0
                while True:
                    if line != 0 and (T[lines + to] & line) == 0:
                        q = OFF
                        break
                    to += d
                    q = board[to]
                    if q == OFF:
                        break
                    if q == 0:
                        continue
                    if screened:
                        break
                    if not_same and (q if q > 0 else -q) == pt:
                        q = OFF
                        break
                    screened = True
                if q == OFF or q == 0:
                    continue
                if not_same and (q if q > 0 else -q) == pt:
                    continue
            if not ((q < 0) if side == 0 else (q > 0)):
                continue
            if toreg >= 0 and T[regions + toreg * NSQ + to] == 0:
                continue
            if promotes:
                n = push_move(T, moves, n, frm, to, pt, side)
            else:
                moves[n] = frm | (to << M_TO_SHIFT)
                n += 1
    return n
