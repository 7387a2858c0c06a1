"""Pseudo-legal and legal move generation for every variant, driven by the table array T."""
from .attacks import attacked_by, in_check, leap_reaches, royals_face
from .jit import BOARD, MOVES, STATE, TABLE, kernel
from .layout import (A_DELTA, A_FLAGS, A_FROMREG, A_KIND, A_LEG1, A_LEG2, A_LINE, A_MODE, A_SIZE,
                     A_TOREG, AF_DOUBLE, AF_EP, AF_HOP_NOT_SAME, E_DELTA, E_HOPMASK, E_KIND,
                     E_HOPEXCL, E_LEG1, E_LEG2, E_LINE, E_MASK, E_SIZE,
                     F_CASTLING, F_DROPS,
                     F_FLYING_GENERAL, F_NIFU, F_PASS, F_PROMO_ON_FROM, F_UCHIFUZUME, H_ATOM_IDX, H_ATT_KING,
                     H_ATOMS, H_FLAGS, H_FORCED, H_FORWARD, H_LINES, H_NPLAY, H_NTYPES, H_PAWN, H_PLAY,
                     H_PROMO, H_REGIONS, H_ROYAL, H_W, H_ZONE, K_LEAP, K_RIDE, M_FROM_MASK,
                     M_PROMO_SHIFT, M_TO_SHIFT, MARK_SPACE, MAX_TYPES, MF_CASTLE, MF_DOUBLE,
                     MF_DROP, MF_EP, MF_PASS, MODE_CAPTURE, MODE_QUIET, NSQ, OFF, S_CASTLE,
                     S_CROOK, S_EP, S_HAND, S_KING, S_STM)
from .makemove import castle_targets


@kernel(f"int64({TABLE}, {MOVES}, int64, int64, int64, int64, int64)", inline=True)
def push_move(T, moves, n, frm, to, pt, side):
    """Append frm->to for a piece of type pt, expanded into its promotion choices."""
    promo = T[H_PROMO] + pt * 5
    count = T[promo]
    base = frm | (to << M_TO_SHIFT)
    if count == 0:
        moves[n] = base
        return n + 1
    zone = T[T[H_ZONE] + side]
    regions = T[H_REGIONS]
    in_zone = zone >= 0 and (T[regions + zone * NSQ + to] != 0
                             or ((T[H_FLAGS] & F_PROMO_ON_FROM) != 0
                                 and T[regions + zone * NSQ + frm] != 0))
    if not in_zone:
        moves[n] = base
        return n + 1
    for i in range(count):
        moves[n] = base | (T[promo + 1 + i] << M_PROMO_SHIFT)
        n += 1
    forced = T[T[H_FORCED] + side * MAX_TYPES + pt]
    if forced < 0 or T[regions + forced * NSQ + to] == 0:
        moves[n] = base
        n += 1
    return n


@kernel(f"int64({TABLE}, {BOARD}, {STATE}, {MOVES}, int64)")
def gen_drops(T, board, st, moves, n):
    side = st[S_STM]
    regions = T[H_REGIONS]
    play = T[H_PLAY]
    w = T[H_W]
    pawn = T[H_PAWN]
    own_pawn = pawn if side == 0 else -pawn
    pawn_files = 0
    if (T[H_FLAGS] & F_NIFU) and st[S_HAND + side * MAX_TYPES + pawn] > 0:
        for i in range(T[H_NPLAY]):
            sq = T[play + i]
            if board[sq] == own_pawn:
                pawn_files |= 1 << (sq % w)
    for pt in range(1, T[H_NTYPES] + 1):
        if st[S_HAND + side * MAX_TYPES + pt] <= 0:
            continue
        forced = T[T[H_FORCED] + side * MAX_TYPES + pt]
        for i in range(T[H_NPLAY]):
            to = T[play + i]
            if board[to] != 0:
                continue
            if forced >= 0 and T[regions + forced * NSQ + to] != 0:
                continue
            if pt == pawn and (pawn_files >> (to % w)) & 1:
                continue
            moves[n] = pt | (to << M_TO_SHIFT) | MF_DROP
            n += 1
    return n


@kernel(f"int64({TABLE}, {BOARD}, {STATE}, {MOVES}, int64)")
def gen_castling(T, board, st, moves, n):
    """Castling as king-takes-own-rook, valid for standard chess and Chess960 alike."""
    side = st[S_STM]
    ksq = st[S_KING + side]
    rights = st[S_CASTLE]
    enemy = 1 - side
    for right in range(2 * side, 2 * side + 2):
        if (rights >> right) & 1 == 0:
            continue
        rsq = st[S_CROOK + right]
        rook = board[rsq]
        if rook == 0 or ((rook < 0) if side == 0 else (rook > 0)):
            continue
        kdest, rdest = castle_targets(T, ksq, rsq)
        lo = min(min(ksq, kdest), min(rsq, rdest))
        hi = max(max(ksq, kdest), max(rsq, rdest))
        clear = True
        for sq in range(lo, hi + 1):
            if sq != ksq and sq != rsq and board[sq] != 0:
                clear = False
                break
        if not clear:
            continue
        step = 1 if kdest > ksq else -1
        safe = True
        sq = ksq
        while True:
            if attacked_by(T, board, sq, enemy, True):
                safe = False
                break
            if sq == kdest:
                break
            sq += step
        if not safe:
            continue
        # The rook may have shielded the destination along the back rank (Chess960).
        king = board[ksq]
        board[ksq] = 0
        board[rsq] = 0
        board[kdest] = king
        board[rdest] = rook
        safe = not attacked_by(T, board, kdest, enemy, True)
        board[rdest] = 0
        board[kdest] = 0
        board[rsq] = rook
        board[ksq] = king
        if safe:
            moves[n] = ksq | (rsq << M_TO_SHIFT) | MF_CASTLE
            n += 1
    return n


@kernel(f"int64({TABLE}, {BOARD}, {STATE}, {MOVES}, int64, boolean, int64, boolean)")
def gen_moves(T, board, st, moves, n, with_drops, checked, captures_only):
    """Write the side to move's pseudo-legal moves to moves[n:]; return the new end.

    Castling and passes are included with their own legality conditions already checked; every
    other move still has to pass ``leaves_royal_safe``. ``checked`` is 1 or 0 when the caller
    already knows whether the side to move is in check, -1 when it does not. ``captures_only``
    (quiescence): board captures with their promotion choices, en passant included; no quiet
    moves, drops, castling or passes.
    """
    side = st[S_STM]
    flags = T[H_FLAGS]
    regions = T[H_REGIONS]
    lines = T[H_LINES]
    atoms = T[H_ATOMS]
    index = T[H_ATOM_IDX]
    play = T[H_PLAY]
    ep = st[S_EP]
    zone_index = T[T[H_ZONE] + side]
    zone = regions + zone_index * NSQ if zone_index >= 0 else regions  # region 0 if no zone
    promote_from_zone = zone_index >= 0 and (flags & F_PROMO_ON_FROM) != 0
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
        # most moves do not promote: write them directly (much faster than the call)
        promotes = T[T[H_PROMO] + pt * 5] != 0
        from_in_zone = promotes and promote_from_zone and T[zone + frm] != 0
        for a in range(T[index + k], T[index + k + 1]):
            r = atoms + a * A_SIZE
            line = T[r + A_LINE]
            # a step along a drawn line must start on one (most of the board has none)
            if line != 0 and (T[lines + frm] & line) == 0:
                continue
            reg = T[r + A_FROMREG]
            if reg >= 0 and T[regions + reg * NSQ + frm] == 0:
                continue
            mode = T[r + A_MODE]
            if captures_only and (mode & MODE_CAPTURE) == 0:
                continue
            quiet = (mode & MODE_QUIET) != 0 and not captures_only
            kind = T[r + A_KIND]
            d = T[r + A_DELTA]
            toreg = T[r + A_TOREG]
            aflags = T[r + A_FLAGS]
            if kind == K_LEAP:
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
                if toreg >= 0 and T[regions + toreg * NSQ + to] == 0:
                    continue
                if q == 0:
                    if quiet:
                        if aflags & AF_DOUBLE:
                            moves[n] = frm | (to << M_TO_SHIFT) | MF_DOUBLE
                            n += 1
                        else:
                            if promotes and (from_in_zone or T[zone + to] != 0):
                                n = push_move(T, moves, n, frm, to, pt, side)
                            else:
                                moves[n] = frm | (to << M_TO_SHIFT)
                                n += 1
                    elif (aflags & AF_EP) and to == ep and ep != 0:
                        moves[n] = frm | (to << M_TO_SHIFT) | MF_EP
                        n += 1
                elif (mode & MODE_CAPTURE) and ((q < 0) if side == 0 else (q > 0)):
                    if promotes and (from_in_zone or T[zone + to] != 0):
                        n = push_move(T, moves, n, frm, to, pt, side)
                    else:
                        moves[n] = frm | (to << M_TO_SHIFT)
                        n += 1
            elif kind == K_RIDE:
                to = frm
                while True:
                    if line != 0 and (T[lines + to] & line) == 0:
                        break
                    to += d
                    q = board[to]
                    if q == OFF:
                        break
                    if toreg >= 0 and T[regions + toreg * NSQ + to] == 0:
                        break
                    if q == 0:
                        if quiet:
                            if promotes and (from_in_zone or T[zone + to] != 0):
                                n = push_move(T, moves, n, frm, to, pt, side)
                            else:
                                moves[n] = frm | (to << M_TO_SHIFT)
                                n += 1
                        continue
                    if (mode & MODE_CAPTURE) and ((q < 0) if side == 0 else (q > 0)):
                        if promotes and (from_in_zone or T[zone + to] != 0):
                            n = push_move(T, moves, n, frm, to, pt, side)
                        else:
                            moves[n] = frm | (to << M_TO_SHIFT)
                            n += 1
                    break
            else:
                # Hop: slide to the screen, then land beyond it.
                to = frm
                screened = False
                while True:
                    if line != 0 and (T[lines + to] & line) == 0:
                        break
                    to += d
                    q = board[to]
                    if q == OFF:
                        break
                    qt = q if q > 0 else -q
                    if not screened:
                        if q != 0:
                            if (aflags & AF_HOP_NOT_SAME) and qt == pt:
                                break
                            screened = True
                        continue
                    if toreg >= 0 and T[regions + toreg * NSQ + to] == 0:
                        break
                    if q == 0:
                        if quiet:
                            if promotes and (from_in_zone or T[zone + to] != 0):
                                n = push_move(T, moves, n, frm, to, pt, side)
                            else:
                                moves[n] = frm | (to << M_TO_SHIFT)
                                n += 1
                        continue
                    if ((mode & MODE_CAPTURE) and ((q < 0) if side == 0 else (q > 0))
                            and not ((aflags & AF_HOP_NOT_SAME) and qt == pt)):
                        if promotes and (from_in_zone or T[zone + to] != 0):
                            n = push_move(T, moves, n, frm, to, pt, side)
                        else:
                            moves[n] = frm | (to << M_TO_SHIFT)
                            n += 1
                    break
    if captures_only:
        return n
    if with_drops and (flags & F_DROPS):
        n = gen_drops(T, board, st, moves, n)
    if flags & F_CASTLING:
        n = gen_castling(T, board, st, moves, n)
    if (flags & F_PASS) and st[S_KING + side] != 0 and checked < 0:
        checked = 1 if in_check(T, board, st, side) else 0
    if (flags & F_PASS) and st[S_KING + side] != 0 and checked == 0:
        ksq = st[S_KING + side]
        moves[n] = ksq | (ksq << M_TO_SHIFT) | MF_PASS
        n += 1
    return n


@kernel(f"boolean({TABLE}, {BOARD}, {STATE}, int64)", inline=True)
def leaves_royal_safe(T, board, st, mv):
    """Play mv on the board only, test the mover's royal piece, and restore the board."""
    if mv & (MF_PASS | MF_CASTLE):
        return True  # both were checked when generated
    side = st[S_STM]
    frm = mv & M_FROM_MASK
    to = (mv >> M_TO_SHIFT) & M_FROM_MASK
    ksq = st[S_KING + side]
    if mv & MF_DROP:
        board[to] = frm if side == 0 else -frm
        bad = in_check(T, board, st, side)
        board[to] = 0
        return not bad
    moving = board[frm]
    captured = board[to]
    board[to] = moving
    board[frm] = 0
    capsq = 0
    epcaptured = 0
    if mv & MF_EP:
        capsq = to - T[H_FORWARD] if side == 0 else to + T[H_FORWARD]
        epcaptured = board[capsq]
        board[capsq] = 0
    royal = (moving if moving > 0 else -moving) == T[H_ROYAL]
    if royal:
        st[S_KING + side] = to
        ksq = to
    bad = False
    if ksq != 0:
        bad = attacked_by(T, board, ksq, 1 - side, True)
        if not bad and (T[H_FLAGS] & F_FLYING_GENERAL):
            bad = royals_face(T, board, st)
    if royal:
        st[S_KING + side] = frm
    if capsq != 0:
        board[capsq] = epcaptured
    board[frm] = moving
    board[to] = captured
    return not bad


@kernel(f"boolean({TABLE}, {BOARD}, {STATE}, {MOVES}, int64)")
def has_legal_board_move(T, board, st, moves, n):
    """True if the side to move has a legal move other than a drop (scratch space moves[n:])."""
    end = gen_moves(T, board, st, moves, n, False, -1, False)
    for i in range(n, end):
        mv = moves[i]
        if mv & MF_PASS:
            continue
        if leaves_royal_safe(T, board, st, mv):
            return True
    return False


@kernel(f"boolean({TABLE}, {BOARD}, {STATE}, {MOVES}, int64, int64)")
def is_pawn_drop_mate(T, board, st, moves, n, mv):
    """Uchifuzume test: does dropping this pawn checkmate? A pawn check is a contact check, so
    no drop can answer it and only board moves need trying."""
    side = st[S_STM]
    to = (mv >> M_TO_SHIFT) & M_FROM_MASK
    enemy = 1 - side
    board[to] = T[H_PAWN] if side == 0 else -T[H_PAWN]
    mate = False
    if in_check(T, board, st, enemy):
        st[S_STM] = enemy
        mate = not has_legal_board_move(T, board, st, moves, n)
        st[S_STM] = side
    board[to] = 0
    return mate


@kernel(f"int64({TABLE}, {BOARD}, int64, int64, {MOVES})")
def scan_royal(T, board, ksq, side, moves):
    """Test ``side``'s royal piece on ``ksq`` for check and, in the same pass over the attack
    entries, mark (with a fresh stamp in the last MARK_SPACE entries of ``moves``) every point
    where a piece leaving or arriving could expose it: each ray from it up to an enemy slider
    within two pieces or an enemy hopper within three (one move changes a ray's piece count by at
    most one), the royal file up to the enemy royal under the flying-general rule, and the legs
    of enemy leapers aimed at it. Returns the stamp, or 0 if the royal piece is in check (the
    same answer as ``in_check``)."""
    marks = moves.shape[0] - MARK_SPACE
    stamp_slot = moves.shape[0] - 1
    stamp = moves[stamp_slot] + 1
    if stamp > 2000000000:
        stamp = 1
        for i in range(256):
            moves[marks + i] = 0
    moves[stamp_slot] = stamp
    enemy = 1 - side
    checked = False
    royal_type = T[H_ROYAL]
    head = T[H_ATT_KING]
    rows = head + 4
    lines = T[H_LINES]
    flying = (T[H_FLAGS] & F_FLYING_GENERAL) != 0
    enemy_royal = -T[H_ROYAL] if side == 0 else T[H_ROYAL]
    w = T[H_W]
    for e in range(T[head + 2 * enemy], T[head + 2 * enemy + 1]):
        r = rows + e * E_SIZE
        d = T[r + E_DELTA]
        if T[r + E_KIND] == K_LEAP:
            a = ksq + d
            p = board[a]
            if p == OFF or not ((p > 0) if enemy == 0 else (p < 0)):
                continue
            pt = p if p > 0 else -p
            if (T[r + E_MASK] >> pt) & 1 == 0:
                continue
            leg1 = T[r + E_LEG1]
            leg2 = T[r + E_LEG2]
            if leg1 != 0:
                moves[marks + a + leg1] = stamp
            if leg2 != 0:
                moves[marks + a + leg2] = stamp
            if not checked and leap_reaches(T, board, r, a, ksq):
                checked = True
            continue
        sliders = T[r + E_MASK]
        hoppers = T[r + E_HOPMASK]
        royal_ray = flying and (d == w or d == -w)
        limit = 3 if hoppers != 0 else 2
        line = T[r + E_LINE]
        excl = T[r + E_HOPEXCL]
        x = ksq
        seen = 0
        screen_ok = False
        farthest = 0  # the farthest enemy piece on this ray that one move could unleash
        while seen < limit:
            x += d
            # the attacker's step out of x must follow a drawn line (as in attacked_by)
            if line != 0 and (T[lines + x] & line) == 0:
                break
            p = board[x]
            if p == OFF:
                break
            if p == 0:
                continue
            seen += 1
            pt = p if p > 0 else -p
            if seen == 1:
                # a hopper may use this piece as its screen (as in attacked_by)
                screen_ok = (excl >> pt) & 1 == 0 and (excl >> royal_type) & 1 == 0
            if (p < 0) if enemy == 1 else (p > 0):
                if ((sliders >> pt) & 1 and seen <= 2) or ((hoppers >> pt) & 1) or (
                        royal_ray and p == enemy_royal and seen <= 2):
                    farthest = x
                if seen == 1 and ((sliders >> pt) & 1 or (royal_ray and p == enemy_royal)):
                    checked = True
                elif seen == 2 and (hoppers >> pt) & 1 and screen_ok:
                    checked = True
        if farthest != 0:
            y = ksq
            while y != farthest:
                y += d
                moves[marks + y] = stamp
    if flying:
        # the royal file counts even when no ray entry runs along it
        for direction in range(2):
            d = w if direction == 0 else -w
            x = ksq
            seen = 0
            while seen < 2:
                x += d
                p = board[x]
                if p == OFF:
                    break
                if p == 0:
                    continue
                seen += 1
                if p == enemy_royal:
                    if seen == 1:
                        checked = True  # facing royals count as check under this rule
                    y = ksq
                    while y != x:
                        y += d
                        moves[marks + y] = stamp
                    break
    return 0 if checked else stamp


@kernel(f"int64({TABLE}, {BOARD}, {STATE}, {MOVES}, int64)")
def gen_legal(T, board, st, moves, n):
    """Write the legal moves to moves[n:]; return the new end."""
    side = st[S_STM]
    ksq = st[S_KING + side]
    stamp = scan_royal(T, board, ksq, side, moves) if ksq != 0 else 0
    checked = ksq != 0 and stamp == 0
    end = gen_moves(T, board, st, moves, n, True, 1 if checked else 0, False)
    check_pawn_drops = (T[H_FLAGS] & F_UCHIFUZUME) != 0
    pawn = T[H_PAWN]
    # Out of check, a non-royal move touching no marked point cannot expose the royal piece.
    # The marks live in the buffer's tail; a buffer filled into them just skips the shortcut.
    marks = moves.shape[0] - MARK_SPACE
    shortcut = ksq != 0 and not checked and end <= marks
    royal = T[H_ROYAL] if side == 0 else -T[H_ROYAL]
    flying = (T[H_FLAGS] & F_FLYING_GENERAL) != 0
    out = n
    for i in range(n, end):
        mv = moves[i]
        frm = mv & M_FROM_MASK
        to = (mv >> M_TO_SHIFT) & M_FROM_MASK
        if (shortcut and (mv & MF_EP) == 0 and moves[marks + to] != stamp
                and ((mv & MF_DROP) != 0 or (board[frm] != royal and moves[marks + frm] != stamp))):
            pass
        elif (mv & (MF_DROP | MF_PASS | MF_CASTLE)) == 0 and board[frm] == royal and not flying:
            # a royal step: is its destination attacked once it stands there?
            captured = board[to]
            board[to] = royal
            board[frm] = 0
            attacked = attacked_by(T, board, to, 1 - side, True)
            board[frm] = royal
            board[to] = captured
            if attacked:
                continue
        elif not leaves_royal_safe(T, board, st, mv):
            continue
        if (check_pawn_drops and (mv & MF_DROP) and (mv & M_FROM_MASK) == pawn
                and is_pawn_drop_mate(T, board, st, moves, end, mv)):
            continue
        moves[out] = mv
        out += 1
    return out
