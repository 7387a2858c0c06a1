"""Make and unmake moves on (board, st, undo), keeping the Zobrist hash and hands up to date."""
from .attacks import royals_face
from .jit import BOARD, KEYS, STATE, TABLE, UNDO, kernel
from .layout import (F_BIKJANG, F_CASTLING, F_DROPS, F_EN_PASSANT, F_PAWN_RESETS_CLOCK, FACE_ENDED,
                     FACE_IDLE, FACE_NONE, FACE_PENDING, H_DEMOTE, H_FLAGS, H_FORWARD, H_PAWN,
                     H_ROYAL, H_W, HAND_KEYS, M_FROM_MASK, M_PROMO_MASK, M_PROMO_SHIFT,
                     M_TO_SHIFT, MAX_TYPES, MF_CASTLE, MF_DOUBLE, MF_DROP, MF_EP, MF_PASS, NSQ,
                     PAD, S_CAPTURES, S_CASTLE, S_CLOCK, S_CROOK, S_EP, S_FACING, S_HAND, S_HASH,
                     S_KING, S_PASSES, S_PLY, S_PRIOR_CAPTURE, S_SP, S_STM, U_CAPSQ, U_CAPTURED,
                     U_CASTLE, U_CLOCK, U_EP, U_FACING, U_HASH, U_MOVE, U_MOVED, U_PASSES,
                     Z_CASTLE, Z_EP, Z_HAND, Z_PIECE, Z_SIDE)


@kernel(f"int64({KEYS}, int64, int64)")
def piece_key(Z, pc, sq):
    side = 0 if pc > 0 else 1
    pt = pc if pc > 0 else -pc
    return Z[Z_PIECE + (side * MAX_TYPES + pt) * NSQ + sq]


@kernel(f"int64({KEYS}, int64, int64, int64)")
def hand_key(Z, side, pt, count):
    return Z[Z_HAND + (side * MAX_TYPES + pt) * HAND_KEYS
             + (count if count < HAND_KEYS else HAND_KEYS - 1)]


@kernel(f"UniTuple(int64, 2)({TABLE}, int64, int64)", inline=True)
def castle_targets(T, frm, to):
    """(king square, rook square) after castling with the king on ``frm`` and the rook on
    ``to``: the g/c and f/d files of the king's rank, as in chess and Chess960."""
    rank_start = frm - (frm % T[H_W]) + PAD
    if to > frm:
        return rank_start + 6, rank_start + 5
    return rank_start + 2, rank_start + 3


@kernel(f"int64({TABLE}, {BOARD}, {STATE})")
def next_facing(T, board, st):
    """The bikjang state after a move (or pass) was played on the board: a facing the move
    creates is pending if some capture has happened by then; a pending one that the reply leaves
    standing ends the game."""
    before = st[S_FACING]
    if not royals_face(T, board, st):
        return FACE_NONE
    if before == FACE_NONE:
        if st[S_CAPTURES] > 0 or st[S_PRIOR_CAPTURE] != 0:
            return FACE_PENDING
        return FACE_IDLE
    if before == FACE_PENDING:
        return FACE_ENDED
    return before


@kernel(f"void({TABLE}, {KEYS}, {BOARD}, {STATE}, {UNDO}, int64)")
def make_move(T, Z, board, st, undo, mv):
    sp = st[S_SP]
    u = undo[sp]
    side = st[S_STM]
    h = st[S_HASH]
    u[U_MOVE] = mv
    u[U_HASH] = h
    u[U_EP] = st[S_EP]
    u[U_CASTLE] = st[S_CASTLE]
    u[U_CLOCK] = st[S_CLOCK]
    u[U_PASSES] = st[S_PASSES]
    u[U_CAPTURED] = 0
    u[U_CAPSQ] = 0
    flags = T[H_FLAGS]
    if st[S_EP] != 0:
        h ^= Z[Z_EP + st[S_EP]]
        st[S_EP] = 0
    frm = mv & M_FROM_MASK
    to = (mv >> M_TO_SHIFT) & M_FROM_MASK
    sign = 1 if side == 0 else -1
    if mv & MF_PASS:
        st[S_PASSES] += 1
        st[S_CLOCK] += 1
    elif mv & MF_DROP:
        slot = S_HAND + side * MAX_TYPES + frm
        count = st[slot]
        h ^= hand_key(Z, side, frm, count) ^ hand_key(Z, side, frm, count - 1)
        st[slot] = count - 1
        board[to] = sign * frm
        h ^= piece_key(Z, sign * frm, to)
        st[S_PASSES] = 0
        st[S_CLOCK] += 1
    elif mv & MF_CASTLE:
        king = board[frm]
        rook = board[to]
        kdest, rdest = castle_targets(T, frm, to)
        h ^= piece_key(Z, king, frm) ^ piece_key(Z, rook, to)
        board[frm] = 0
        board[to] = 0
        board[kdest] = king
        board[rdest] = rook
        h ^= piece_key(Z, king, kdest) ^ piece_key(Z, rook, rdest)
        st[S_KING + side] = kdest
        h ^= Z[Z_CASTLE + st[S_CASTLE]]
        st[S_CASTLE] &= ~(3 << (2 * side))
        h ^= Z[Z_CASTLE + st[S_CASTLE]]
        st[S_PASSES] = 0
        st[S_CLOCK] += 1
    else:
        moving = board[frm]
        u[U_MOVED] = moving
        pt = moving * sign
        capsq = to
        if mv & MF_EP:
            capsq = to - T[H_FORWARD] * sign
        captured = board[capsq]
        if captured != 0:
            u[U_CAPTURED] = captured
            u[U_CAPSQ] = capsq
            h ^= piece_key(Z, captured, capsq)
            board[capsq] = 0
            st[S_CAPTURES] += 1
            if flags & F_DROPS:
                base = T[T[H_DEMOTE] + (captured if captured > 0 else -captured)]
                slot = S_HAND + side * MAX_TYPES + base
                count = st[slot]
                h ^= hand_key(Z, side, base, count) ^ hand_key(Z, side, base, count + 1)
                st[slot] = count + 1
        promo = (mv >> M_PROMO_SHIFT) & M_PROMO_MASK
        placed = sign * promo if promo != 0 else moving
        h ^= piece_key(Z, moving, frm)
        board[frm] = 0
        board[to] = placed
        h ^= piece_key(Z, placed, to)
        if pt == T[H_ROYAL]:
            st[S_KING + side] = to
        if captured != 0 or ((flags & F_PAWN_RESETS_CLOCK) and pt == T[H_PAWN]):
            st[S_CLOCK] = 0
        else:
            st[S_CLOCK] += 1
        st[S_PASSES] = 0
        if flags & F_CASTLING and st[S_CASTLE] != 0:
            rights = st[S_CASTLE]
            if pt == T[H_ROYAL]:
                rights &= ~(3 << (2 * side))
            for right in range(4):
                if st[S_CROOK + right] == frm or st[S_CROOK + right] == to:
                    rights &= ~(1 << right)
            if rights != st[S_CASTLE]:
                h ^= Z[Z_CASTLE + st[S_CASTLE]] ^ Z[Z_CASTLE + rights]
                st[S_CASTLE] = rights
        if (mv & MF_DOUBLE) and (flags & F_EN_PASSANT):
            # Record the en passant square only when an enemy pawn could take there, so that
            # equal positions hash equally.
            enemy_pawn = -sign * T[H_PAWN]
            if board[to - 1] == enemy_pawn or board[to + 1] == enemy_pawn:
                ep = (frm + to) // 2
                st[S_EP] = ep
                h ^= Z[Z_EP + ep]
    u[U_FACING] = st[S_FACING]
    if flags & F_BIKJANG:
        st[S_FACING] = next_facing(T, board, st)
    st[S_STM] = 1 - side
    h ^= Z[Z_SIDE]
    st[S_HASH] = h
    st[S_PLY] += 1
    st[S_SP] = sp + 1


@kernel(f"void({TABLE}, {KEYS}, {BOARD}, {STATE}, {UNDO})")
def unmake_move(T, Z, board, st, undo):
    sp = st[S_SP] - 1
    u = undo[sp]
    mv = u[U_MOVE]
    side = 1 - st[S_STM]
    sign = 1 if side == 0 else -1
    frm = mv & M_FROM_MASK
    to = (mv >> M_TO_SHIFT) & M_FROM_MASK
    if mv & MF_PASS:
        pass
    elif mv & MF_DROP:
        board[to] = 0
        st[S_HAND + side * MAX_TYPES + frm] += 1
    elif mv & MF_CASTLE:
        kdest, rdest = castle_targets(T, frm, to)
        king = board[kdest]
        rook = board[rdest]
        board[kdest] = 0
        board[rdest] = 0
        board[frm] = king
        board[to] = rook
        st[S_KING + side] = frm
    else:
        moving = u[U_MOVED]
        board[to] = 0
        board[frm] = moving
        pt = moving * sign
        if pt == T[H_ROYAL]:
            st[S_KING + side] = frm
        captured = u[U_CAPTURED]
        if captured != 0:
            board[u[U_CAPSQ]] = captured
            st[S_CAPTURES] -= 1
            if T[H_FLAGS] & F_DROPS:
                base = T[T[H_DEMOTE] + (captured if captured > 0 else -captured)]
                st[S_HAND + side * MAX_TYPES + base] -= 1
    st[S_STM] = side
    st[S_FACING] = u[U_FACING]
    st[S_HASH] = u[U_HASH]
    st[S_EP] = u[U_EP]
    st[S_CASTLE] = u[U_CASTLE]
    st[S_CLOCK] = u[U_CLOCK]
    st[S_PASSES] = u[U_PASSES]
    st[S_PLY] -= 1
    st[S_SP] = sp
