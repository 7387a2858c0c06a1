"""Principal-variation search as one explicit-stack loop (measured 1.7x faster in numba than
recursive calls).

One call searches the root to one depth with a window (Python drives iterative deepening,
aspiration and MultiPV between calls). Each ply has a frame row in ``fr``; a node's ``F_STAGE``
says where to resume when its child returns (value in ``ret``, from the child's view).

Inside the tree: TT cutoffs, mate-distance pruning, null move (not in check, side with pieces,
not twice in a row), late-move reductions, check extension, killers + history, quiescence on
captures (every evasion when in check). Game ends come from the eval table's rule data:
repetition (draw, or points; a side that checked on every move of the cycle loses where the game
says so, in xiangqi a side that checked or chased on every move: engine/kernels/chase.py),
no-capture and ply limits, two passes or an unbroken bikjang ending the game by points, no legal
move.
"""
import numpy as np  # noqa: F401  (numba typing of the array arguments)

from .attacks import attacked_by, in_check, may_give_check, royals_face
from .chase import move_chases
from .evaluate import EVAL, eval_prefetch, evaluate, evaluate_with, material, material_delta
from .jit import BOARD, KEYS, MOVES, STATE, TABLE, UNDO, kernel
from .layout import (F_UCHIFUZUME, H_FLAGS, H_NPLAY, H_NTYPES, H_PAWN, H_PLAY, H_ROYAL, H_VALUES,
                     MAX_TYPES, MF_CASTLE, MF_DROP, MF_EP, MF_PASS, M_FROM_MASK, M_PROMO_MASK,
                     M_PROMO_SHIFT, M_TO_SHIFT, S_CAPTURES, S_CLOCK, S_EP, S_HAND, S_HASH,
                     S_PASSES, S_PLY, S_STM, Z_EP, Z_SIDE)
from .makemove import make_move, unmake_move
from .movegen import gen_moves, is_pawn_drop_mate, leaves_royal_safe
from .search_clock import monotonic_ns
from .search_layout import (B_EXACT, B_LOWER, B_UPPER, C_ABORTED, C_NODES, C_NODE_LIMIT, C_SELDEPTH,
                            EVF_BIKJANG, EVF_NOMOVES_LOSS, EVF_NULL_MOVE, EVF_PASS_POINTS,
                            EVF_PERPETUAL_CHASE, EVF_PERPETUAL_LOSES, EVF_REP_POINTS,
                            EV_CHASE_REGION, EV_CLOCK_DRAW, EV_FLAGS, EV_PLY_POINTS, EV_POINTS,
                            EV_SECOND_BONUS, F_ALPHA, F_ARMED, F_BEST, F_BESTMV, F_BETA, F_CURMV,
                            F_DEPTH, F_EG, F_END, F_EVAL, F_IDX, F_INCHECK, F_ISNULL, F_LEGAL, F_MG,
                            F_NEWDEPTH, F_OALPHA, F_PFN, F_PHASE, F_QUIET, F_RED, F_SAVE_EP,
                            F_SAVE_HASH, F_SORTED, F_STAGE, F_START, F_TTMV, HK_HISTORY, HK_KILLERS,
                            INF, MATE, MATE_BOUND, MAXP, MOVE_MASK, O_BEST, O_PVLEN, O_ROOT_DONE,
                            O_SCORE, RULE_BOUND, RULE_WIN, SH_DEADLINE, SH_STOP, ST_AFTER_FULL,
                            ST_AFTER_NULL, ST_AFTER_ZW, ST_ENTER, ST_MOVES, TT_BOUND_SHIFT,
                            TT_DEPTH_SHIFT, TT_SCORE_SHIFT)
from .tt import score_from_tt, score_to_tt, tt_prefetch, tt_probe, tt_store

I64 = "int64[::1]"
I32 = "int32[::1]"
FRAMES = "int64[:, ::1]"
PV = "int32[:, ::1]"


@kernel(f"int64({TABLE}, {EVAL}, {BOARD}, {STATE}, int64)")
def points_result(T, E, board, st, ply):
    """A game end decided by counting points: a rule win or loss for the side to move."""
    pts = E[EV_POINTS]
    total0 = 0
    total1 = E[EV_SECOND_BONUS]
    play = T[H_PLAY]
    for i in range(T[H_NPLAY]):
        p = board[T[play + i]]
        if p > 0 and p != 100:
            total0 += E[pts + p]
        elif p < 0:
            total1 += E[pts - p]
    diff = total0 - total1 if st[S_STM] == 0 else total1 - total0
    if diff > 0:
        return RULE_WIN - ply
    if diff < 0:
        return -(RULE_WIN - ply)
    return 0


@kernel(f"int64({TABLE}, {BOARD}, {STATE}, int64)")
def has_pieces(T, board, st, side):
    """True if ``side`` has something besides royal pieces and pawns (null move is then safe)."""
    play = T[H_PLAY]
    royal = T[H_ROYAL]
    pawn = T[H_PAWN]
    for i in range(T[H_NPLAY]):
        p = board[T[play + i]]
        if p == 0 or p == 100:
            continue
        if (p > 0) != (side == 0):
            continue
        pt = p if p > 0 else -p
        if pt != royal and pt != pawn:
            return 1
    for pt in range(1, T[H_NTYPES] + 1):
        if st[S_HAND + side * MAX_TYPES + pt] > 0:
            return 1
    return 0


@kernel(f"int64({TABLE}, {BOARD}, int64)", inline=True)
def capture_gain(T, board, mv):
    """Value of the piece mv captures (0 for a quiet move), plus any promotion gain."""
    gain = 0
    if mv & (MF_CASTLE | MF_PASS | MF_DROP):
        return 0
    values = T[H_VALUES]
    if mv & MF_EP:
        gain = T[values + T[H_PAWN]]
    else:
        q = board[(mv >> M_TO_SHIFT) & M_FROM_MASK]
        if q != 0:
            gain = T[values + (q if q > 0 else -q)]
    promo = (mv >> M_PROMO_SHIFT) & M_PROMO_MASK
    if promo != 0 and gain > 0:
        p = board[mv & M_FROM_MASK]
        gain += T[values + promo] - T[values + (p if p > 0 else -p)]
    return gain


@kernel(f"int64({TABLE}, {BOARD}, {STATE}, {MOVES}, {MOVES}, int64, int64, int64, int64, {I32})")
def order_moves(T, board, st, moves, mscore, start, end, ttmv, ply, heur):
    """Give each move a sort key; with ``ply < 0`` keep only captures (quiescence). Returns end.

    Keys: TT move; captures by victim then attacker (MVV-LVA), those that lose material to a
    defended square after the killers; killers; promotions; quiet moves by history."""
    values = T[H_VALUES]
    pawn_value = T[values + T[H_PAWN]]
    side = st[S_STM]
    hbase = HK_HISTORY + side * 65536
    k1 = heur[HK_KILLERS + 2 * ply] if ply >= 0 else 0
    k2 = heur[HK_KILLERS + 2 * ply + 1] if ply >= 0 else 0
    out = start
    for i in range(start, end):
        mv = moves[i]
        frm = mv & M_FROM_MASK
        to = (mv >> M_TO_SHIFT) & M_FROM_MASK
        gain = 0
        if (mv & (MF_CASTLE | MF_PASS | MF_DROP)) == 0:
            q = board[to]
            if q != 0:
                gain = T[values + (q if q > 0 else -q)]
            elif mv & MF_EP:
                gain = pawn_value
        if ply < 0 and gain == 0:
            continue
        if mv == ttmv:
            s = 1 << 30
        elif gain > 0:
            p = board[frm]
            attacker = T[values + (p if p > 0 else -p)]
            s = (1 << 28) + gain * 64 - attacker // 16
            if gain < attacker and attacked_by(T, board, to, 1 - side, False):
                s -= 3 << 26   # likely loses material: after the killers, before quiet moves
        elif mv == k1:
            s = (1 << 27) + 2
        elif mv == k2:
            s = (1 << 27) + 1
        else:
            s = heur[hbase + frm * 256 + to]
            if (mv >> M_PROMO_SHIFT) & M_PROMO_MASK:
                s += 1 << 26
        moves[out] = mv
        mscore[out] = s
        out += 1
    return out


@kernel(f"void({TABLE}, {KEYS}, {EVAL}, {BOARD}, {STATE}, {UNDO}, {MOVES}, {FRAMES}, {I64}, int64, "
        "int64, int64)")
def mark_chases(T, Z, E, board, st, undo, moves, fr, chk, hbase, ply, found):
    """Flag the tree moves of a repetition cycle that chase (chk bit 4; bit 8: judged), so the
    cycle is judged as the arbiter judges it. Takes the moves back to the cycle's first tree
    move and makes them again, judging each in the position it was made from."""
    first = found - hbase if found > hbase else 0   # ply of the first tree move in the cycle
    todo = False
    for j in range(first, ply):
        if (chk[hbase + j + 1] & 9) == 0:   # neither a check nor judged yet
            todo = True
    if not todo:
        return
    free = fr[ply - 1, F_END]
    for j in range(ply - 1, first - 1, -1):
        unmake_move(T, Z, board, st, undo)
    for j in range(first, ply):
        mv = fr[j, F_CURMV]
        k = hbase + j + 1
        if (chk[k] & 9) == 0:
            if move_chases(T, Z, board, st, undo, moves, free, mv, E[EV_CHASE_REGION],
                           E[EV_CHASE_REGION + 1]):
                chk[k] |= 4
            chk[k] |= 8
        make_move(T, Z, board, st, undo, mv)


@kernel(f"void({TABLE}, {KEYS}, {BOARD}, {STATE}, {UNDO}, {FRAMES}, int64)")
def unwind(T, Z, board, st, undo, fr, ply):
    """Take back every move (and null move) between ``ply`` and the root after an abort."""
    while ply > 0:
        if fr[ply, F_ISNULL]:
            st[S_STM] = 1 - st[S_STM]
            st[S_HASH] = fr[ply - 1, F_SAVE_HASH]
            st[S_EP] = fr[ply - 1, F_SAVE_EP]
        else:
            unmake_move(T, Z, board, st, undo)
        ply -= 1


@kernel(f"int64({TABLE}, {KEYS}, {EVAL}, {BOARD}, {STATE}, {UNDO}, {MOVES}, {MOVES}, {I64}, "
        f"{I64}, {I64}, {I32}, {PV}, {FRAMES}, {I32}, {I64}, {I64}, {I64}, {MOVES}, int64, int64, "
        f"int64, int64, int64, int64, {I64})")
def search_root(T, Z, E, board, st, undo, moves, mscore, tt, hist, chk, heur, pv, fr, lmr,
                scratch, ctl, shared, rootmoves, nroot, depth, alpha0, beta0, hbase, age, out):
    """Search the root moves ``rootmoves[:nroot]`` to ``depth`` inside (alpha0, beta0).

    Returns the score (from the side to move's view); out[] gets the best move and PV length,
    pv[0, :] the PV. ctl[C_ABORTED] = 1 if the stop flag, deadline or node limit cut it short.
    ``hist``/``chk`` hold position hashes and flags (1 side to move in check, 2 royals facing) of
    the game so far, the root at
    index ``hbase``; the search writes the path above it.
    """
    flags = E[EV_FLAGS]
    clock_draw = E[EV_CLOCK_DRAW]
    ply_points = E[EV_PLY_POINTS]
    uchifuzume = (T[H_FLAGS] & F_UCHIFUZUME) != 0
    pawn = T[H_PAWN]
    nodes = ctl[C_NODES]
    node_limit = ctl[C_NODE_LIMIT]
    seldepth = ctl[C_SELDEPTH]
    root_depth = depth
    out[O_BEST] = 0
    out[O_ROOT_DONE] = 0
    out[O_PVLEN] = 0
    ctl[C_ABORTED] = 0

    fr[0, F_ALPHA] = alpha0
    fr[0, F_BETA] = beta0
    fr[0, F_DEPTH] = depth
    fr[0, F_STAGE] = ST_ENTER
    fr[0, F_INCHECK] = 1 if in_check(T, board, st, st[S_STM]) else 0
    fr[0, F_PFN] = 1 << 20
    fr[0, F_ISNULL] = 0
    fr[0, F_MG], fr[0, F_EG], fr[0, F_PHASE], fr[0, F_ARMED] = material(T, E, board, st)
    ply = 0
    ret = 0
    aborted = False
    movebase = 0
    while True:
        returning = False
        stage = fr[ply, F_STAGE]
        if stage == ST_ENTER:
            while True:  # one pass; break = pushed a child, prepared moves or returning
                nodes += 1
                if (nodes & 1023) == 0:
                    ctl[C_NODES] = nodes
                    deadline = shared[SH_DEADLINE]   # re-read: ponderhit may have set it
                    if (shared[SH_STOP] != 0 or (node_limit > 0 and nodes >= node_limit)
                            or (deadline > 0 and monotonic_ns() >= deadline)):
                        aborted = True
                        break
                if ply > seldepth:
                    seldepth = ply
                pv[ply, MAXP] = 0
                alpha = fr[ply, F_ALPHA]
                beta = fr[ply, F_BETA]
                d = fr[ply, F_DEPTH]
                incheck = fr[ply, F_INCHECK]
                key = st[S_HASH]
                hidx = hbase + ply
                hist[hidx] = key
                # the root keeps the chase flags its history came with (bits 4, 8)
                chk[hidx] = incheck if ply > 0 else (chk[hidx] & 12) | incheck
                if flags & EVF_BIKJANG:
                    if royals_face(T, board, st):
                        chk[hidx] |= 2
                if ply > 0:
                    # --- game ends by rule -------------------------------------------------
                    if (flags & EVF_PASS_POINTS) and st[S_PASSES] >= 2:
                        ret = points_result(T, E, board, st, ply)
                        returning = True
                        break
                    if ((flags & EVF_BIKJANG) and (chk[hidx] & 2) and (chk[hidx - 1] & 2)
                            and st[S_CAPTURES] > 0):
                        # bikjang left standing by the reply: the game ends on points
                        ret = points_result(T, E, board, st, ply)
                        returning = True
                        break
                    clock = st[S_CLOCK]
                    reach = clock if clock < fr[ply, F_PFN] else fr[ply, F_PFN]
                    j = hidx - 4
                    found = -1
                    while j >= hidx - reach and j >= 0:
                        if hist[j] == key:
                            found = j
                            break
                        j -= 2
                    if found >= 0:
                        score = 0
                        decided = False
                        if flags & EVF_PERPETUAL_LOSES:
                            attacking = 1   # flag bits of a move that attacked: check (1)
                            if flags & EVF_PERPETUAL_CHASE:
                                mark_chases(T, Z, E, board, st, undo, moves, fr, chk, hbase,
                                            ply, found)
                                attacking = 5   # ... or chase (4)
                            # moves by the side that just moved lead to hidx, hidx-2, ...
                            they_all = True
                            k = hidx
                            while k > found:
                                if (chk[k] & attacking) == 0:
                                    they_all = False
                                    break
                                k -= 2
                            we_all = True
                            k = hidx - 1
                            while k > found:
                                if (chk[k] & attacking) == 0:
                                    we_all = False
                                    break
                                k -= 2
                            if they_all and not we_all:
                                score = RULE_WIN - ply
                                decided = True
                            elif we_all and not they_all:
                                score = -(RULE_WIN - ply)
                                decided = True
                        if not decided and (flags & EVF_REP_POINTS):
                            score = points_result(T, E, board, st, ply)
                        ret = score
                        returning = True
                        break
                    if clock_draw > 0 and clock >= clock_draw:
                        ret = 0
                        returning = True
                        break
                    if ply_points > 0 and st[S_PLY] >= ply_points:
                        ret = points_result(T, E, board, st, ply)
                        returning = True
                        break
                    if ply >= MAXP - 2:
                        ret = evaluate(T, E, board, st, scratch)
                        returning = True
                        break
                    if d > 0:
                        # mate-distance pruning
                        if alpha < -(MATE - ply):
                            alpha = -(MATE - ply)
                        if beta > MATE - ply - 1:
                            beta = MATE - ply - 1
                        if alpha >= beta:
                            ret = alpha
                            returning = True
                            break
                pvnode = beta - alpha > 1
                # --- transposition table ---------------------------------------------------
                ttmv = 0
                e = tt_probe(tt, key)
                if e != 0:
                    ttmv = e & MOVE_MASK
                    tdepth = ((e >> TT_DEPTH_SHIFT) & 255) - 16
                    tbound = (e >> TT_BOUND_SHIFT) & 3
                    tscore = score_from_tt(((e >> TT_SCORE_SHIFT) & 0xFFFF) - 32768, ply)
                    if ply > 0 and not pvnode and tdepth >= d and (
                            tbound == B_EXACT or (tbound == B_LOWER and tscore >= beta)
                            or (tbound == B_UPPER and tscore <= alpha)):
                        ret = tscore
                        returning = True
                        break
                fr[ply, F_TTMV] = ttmv
                fr[ply, F_OALPHA] = alpha
                fr[ply, F_ALPHA] = alpha
                fr[ply, F_BETA] = beta
                fr[ply, F_BESTMV] = 0
                fr[ply, F_LEGAL] = 0
                start = movebase if ply == 0 else fr[ply - 1, F_END]
                fr[ply, F_START] = start
                fr[ply, F_IDX] = start
                if d <= 0:
                    # --- quiescence: stand pat, then captures (every evasion in check) --------
                    if incheck:
                        fr[ply, F_BEST] = -(MATE - ply)
                        end = gen_moves(T, board, st, moves, start, True, 1, False)
                        fr[ply, F_SORTED] = 0
                    else:
                        ev = evaluate_with(T, E, board, st, scratch, alpha, beta, fr[ply, F_MG],
                                           fr[ply, F_EG], fr[ply, F_PHASE], fr[ply, F_ARMED])
                        if ev >= beta:
                            ret = ev
                            returning = True
                            break
                        if ev > alpha:
                            fr[ply, F_ALPHA] = ev
                        fr[ply, F_BEST] = ev
                        end = gen_moves(T, board, st, moves, start, False, 0, True)
                        fr[ply, F_SORTED] = -1
                    fr[ply, F_END] = end
                    fr[ply, F_STAGE] = ST_MOVES
                    break
                fr[ply, F_BEST] = -INF
                ev = 0
                if not incheck:
                    ev = evaluate_with(T, E, board, st, scratch, beta - 1, beta, fr[ply, F_MG],
                                       fr[ply, F_EG], fr[ply, F_PHASE], fr[ply, F_ARMED])
                fr[ply, F_EVAL] = ev
                if ply == 0:
                    end = start
                    for i in range(nroot):
                        moves[end] = rootmoves[i]
                        mscore[end] = nroot - i  # keep the order Python gave
                        end += 1
                    fr[ply, F_SORTED] = 1
                    fr[ply, F_END] = end
                    fr[ply, F_STAGE] = ST_MOVES
                    break
                # --- reverse futility: far above beta at low depth -----------------------
                if (not pvnode and not incheck and d <= 3 and ev - 120 * d >= beta
                        and beta < RULE_BOUND and beta > -RULE_BOUND):
                    ret = ev
                    returning = True
                    break
                # --- null move ------------------------------------------------------------
                if ((flags & EVF_NULL_MOVE) and not pvnode and not incheck and d >= 3
                        and ev >= beta and fr[ply, F_ISNULL] == 0 and beta > -MATE_BOUND
                        and has_pieces(T, board, st, st[S_STM]) == 1):
                    r = 3 + d // 4 + min(3, (ev - beta) // 200)   # deeper when far above beta
                    fr[ply, F_SAVE_HASH] = key
                    fr[ply, F_SAVE_EP] = st[S_EP]
                    h = key ^ Z[Z_SIDE]
                    if st[S_EP] != 0:
                        h ^= Z[Z_EP + st[S_EP]]
                    st[S_EP] = 0
                    st[S_HASH] = h
                    st[S_STM] = 1 - st[S_STM]
                    fr[ply, F_STAGE] = ST_AFTER_NULL
                    fr[ply, F_END] = start
                    c = ply + 1
                    fr[c, F_ALPHA] = -beta
                    fr[c, F_BETA] = -beta + 1
                    fr[c, F_DEPTH] = d - 1 - r
                    fr[c, F_STAGE] = ST_ENTER
                    fr[c, F_INCHECK] = 0
                    fr[c, F_PFN] = 0
                    fr[c, F_ISNULL] = 1
                    for f in range(F_MG, F_ARMED + 1):
                        fr[c, f] = fr[ply, f]
                    ply = c
                    break
                if ttmv == 0 and d >= 4:
                    fr[ply, F_DEPTH] = d - 1   # internal iterative reduction: no move known
                end = gen_moves(T, board, st, moves, start, True, incheck, False)
                fr[ply, F_SORTED] = 0
                fr[ply, F_END] = end
                fr[ply, F_STAGE] = ST_MOVES
                break
            if aborted:
                break
        elif stage == ST_AFTER_NULL:
            v = -ret
            st[S_STM] = 1 - st[S_STM]
            st[S_HASH] = fr[ply, F_SAVE_HASH]
            st[S_EP] = fr[ply, F_SAVE_EP]
            beta = fr[ply, F_BETA]
            if v >= beta:
                if v >= MATE_BOUND - MAXP:
                    v = beta  # an unproven mate from a null move
                ret = v
                returning = True
            else:
                start = fr[ply, F_START]
                end = gen_moves(T, board, st, moves, start, True, 0, False)
                fr[ply, F_SORTED] = 0
                fr[ply, F_END] = end
                fr[ply, F_STAGE] = ST_MOVES
        else:
            if stage == ST_MOVES:
                finished = False
                while True:
                    i = fr[ply, F_IDX]
                    end = fr[ply, F_END]
                    if i >= end:
                        finished = True
                        break
                    sorted_ = fr[ply, F_SORTED]
                    if sorted_ <= 0:
                        # the TT move first, before paying for ordering the rest
                        ttmv = fr[ply, F_TTMV]
                        found = -1
                        if sorted_ > -2 and ttmv != 0 and i == fr[ply, F_START]:
                            for k in range(i, end):
                                if moves[k] == ttmv:
                                    found = k
                                    break
                        if found >= 0:
                            moves[found] = moves[i]
                            moves[i] = ttmv
                            mscore[i] = 1 << 30
                            fr[ply, F_SORTED] = -2 if sorted_ == -1 else -3
                        else:
                            qs_only = sorted_ == -1 or sorted_ == -2
                            end = order_moves(T, board, st, moves, mscore, i, end, 0,
                                              -1 if qs_only else ply, heur)
                            fr[ply, F_END] = end
                            fr[ply, F_SORTED] = 1
                            if i >= end:
                                finished = True
                                break
                    # select the best remaining move (the TT move stands first already)
                    bi = i
                    bs = mscore[i]
                    if fr[ply, F_SORTED] == 1:
                        for k in range(i + 1, end):
                            if mscore[k] > bs:
                                bs = mscore[k]
                                bi = k
                    mv = moves[bi]
                    moves[bi] = moves[i]
                    mscore[bi] = mscore[i]
                    moves[i] = mv
                    mscore[i] = bs
                    fr[ply, F_IDX] = i + 1
                    d = fr[ply, F_DEPTH]
                    if d <= 0 and fr[ply, F_INCHECK] == 0:
                        # quiescence: skip captures that lose material to a defended square
                        frm = mv & M_FROM_MASK
                        p = board[frm]
                        mover = T[T[H_VALUES] + (p if p > 0 else -p)]
                        gain = capture_gain(T, board, mv)
                        # delta pruning: even winning the piece cannot lift the score to alpha
                        if fr[ply, F_BEST] + gain + 200 <= fr[ply, F_ALPHA]:
                            continue
                        if (gain < mover and (mv & MF_DROP) == 0
                                and attacked_by(T, board, (mv >> M_TO_SHIFT) & M_FROM_MASK,
                                                1 - st[S_STM], False)):
                            continue
                    elif (d <= 0 and (mv & MF_DROP) and fr[ply, F_LEGAL] > 0
                            and fr[ply, F_BEST] > -MATE_BOUND):
                        continue  # quiescence evasions: one escape found, skip the drops
                    if not leaves_royal_safe(T, board, st, mv):
                        continue
                    if (uchifuzume and (mv & MF_DROP) and (mv & M_FROM_MASK) == pawn
                            and is_pawn_drop_mate(T, board, st, moves, end, mv)):
                        continue
                    alpha = fr[ply, F_ALPHA]
                    beta = fr[ply, F_BETA]
                    incheck = fr[ply, F_INCHECK]
                    quiet = capture_gain(T, board, mv) == 0 and (mv & MF_EP) == 0 and (
                        (mv >> M_PROMO_SHIFT) & M_PROMO_MASK) == 0
                    legal = fr[ply, F_LEGAL] + 1
                    fr[ply, F_LEGAL] = legal
                    fr[ply, F_CURMV] = mv
                    fr[ply, F_QUIET] = 1 if quiet else 0
                    make_move(T, Z, board, st, undo, mv)
                    tt_prefetch(tt, st[S_HASH])
                    eval_prefetch(scratch, st[S_HASH])
                    gives = 1 if (may_give_check(T, board, st, mv)
                                  and in_check(T, board, st, st[S_STM])) else 0
                    if (quiet and not gives and d > 0 and d <= 3 and ply > 0 and beta - alpha == 1
                            and not incheck and fr[ply, F_BEST] > -MATE_BOUND
                            and (legal > 3 + 2 * d * d
                                 or fr[ply, F_EVAL] + 100 + 120 * d <= alpha)):
                        # late-move and futility pruning of quiet, non-checking moves
                        unmake_move(T, Z, board, st, undo)
                        continue
                    c = ply + 1
                    dmg, deg, dphase, darmed = material_delta(T, E, board, st, undo)
                    fr[c, F_MG] = fr[ply, F_MG] + dmg
                    fr[c, F_EG] = fr[ply, F_EG] + deg
                    fr[c, F_PHASE] = fr[ply, F_PHASE] + dphase
                    fr[c, F_ARMED] = fr[ply, F_ARMED] + darmed
                    fr[c, F_INCHECK] = gives
                    fr[c, F_STAGE] = ST_ENTER
                    fr[c, F_ISNULL] = 0
                    fr[c, F_PFN] = fr[ply, F_PFN] + 1
                    if d <= 0:
                        fr[c, F_ALPHA] = -beta
                        fr[c, F_BETA] = -alpha
                        fr[c, F_DEPTH] = d - 1
                        fr[ply, F_RED] = 0
                        fr[ply, F_STAGE] = ST_AFTER_FULL
                    else:
                        newdepth = d - 1
                        if gives and ply < 2 * root_depth:
                            # extend checks that do not simply hang the checking piece
                            to = (mv >> M_TO_SHIFT) & M_FROM_MASK
                            if (not quiet or (mv & MF_CASTLE)
                                    or not attacked_by(T, board, to, st[S_STM], False)):
                                newdepth += 1
                        fr[ply, F_NEWDEPTH] = newdepth
                        if legal == 1:
                            fr[c, F_ALPHA] = -beta
                            fr[c, F_BETA] = -alpha
                            fr[c, F_DEPTH] = newdepth
                            fr[ply, F_RED] = 0
                            fr[ply, F_STAGE] = ST_AFTER_FULL
                        else:
                            r = 0
                            if (quiet and d >= 3 and legal > 3 and not incheck and not gives
                                    and ply > 0):
                                r = lmr[(d if d < 63 else 63) * 64 + (legal if legal < 63 else 63)]
                                if beta - alpha > 1:
                                    r -= 1
                                if r < 0:
                                    r = 0
                                if r > newdepth - 1:
                                    r = newdepth - 1 if newdepth > 1 else 0
                            fr[ply, F_RED] = r
                            fr[c, F_ALPHA] = -alpha - 1
                            fr[c, F_BETA] = -alpha
                            fr[c, F_DEPTH] = newdepth - r
                            fr[ply, F_STAGE] = ST_AFTER_ZW
                    ply = c
                    break
                if finished:
                    # --- node done: no legal move, or the best found --------------------------
                    best = fr[ply, F_BEST]
                    d = fr[ply, F_DEPTH]
                    if fr[ply, F_LEGAL] == 0:
                        if fr[ply, F_INCHECK]:
                            best = -(MATE - ply)
                        elif d > 0:
                            if flags & EVF_NOMOVES_LOSS:
                                best = -(MATE - ply)
                            else:
                                best = 0
                    if ply == 0:
                        out[O_SCORE] = best
                    bestmv = fr[ply, F_BESTMV]
                    if best >= fr[ply, F_BETA]:
                        bound = B_LOWER
                    elif best > fr[ply, F_OALPHA] and (bestmv != 0 or d <= 0):
                        bound = B_EXACT
                    else:
                        bound = B_UPPER
                    tt_store(tt, st[S_HASH], bestmv, bound, d, score_to_tt(best, ply), age)
                    ret = best
                    returning = True
            else:
                # --- a child returned: re-search, or take its value ---------------------------
                v = -ret
                alpha = fr[ply, F_ALPHA]
                beta = fr[ply, F_BETA]
                research = False
                c = ply + 1
                if stage == ST_AFTER_ZW and v > alpha:
                    if fr[ply, F_RED] > 0:
                        fr[ply, F_RED] = 0
                        fr[c, F_ALPHA] = -alpha - 1
                        fr[c, F_BETA] = -alpha
                        fr[c, F_DEPTH] = fr[ply, F_NEWDEPTH]
                        research = True
                    elif v < beta:
                        fr[c, F_ALPHA] = -beta
                        fr[c, F_BETA] = -alpha
                        fr[c, F_DEPTH] = fr[ply, F_NEWDEPTH]
                        fr[ply, F_STAGE] = ST_AFTER_FULL
                        research = True
                if research:
                    fr[c, F_STAGE] = ST_ENTER
                    fr[c, F_ISNULL] = 0
                    fr[c, F_PFN] = fr[ply, F_PFN] + 1
                    ply = c
                else:
                    unmake_move(T, Z, board, st, undo)
                    mv = fr[ply, F_CURMV]
                    fr[ply, F_STAGE] = ST_MOVES
                    if v > fr[ply, F_BEST]:
                        fr[ply, F_BEST] = v
                        if v > alpha:
                            fr[ply, F_BESTMV] = mv
                            fr[ply, F_ALPHA] = v
                            # PV: this move, then the child's line
                            n = pv[c, MAXP]
                            pv[ply, 0] = mv
                            for k in range(n):
                                pv[ply, k + 1] = pv[c, k]
                            pv[ply, MAXP] = n + 1
                            if ply == 0:
                                out[O_BEST] = mv
                                out[O_SCORE] = v
                                out[O_PVLEN] = n + 1
                            if v >= beta:
                                d = fr[ply, F_DEPTH]
                                if fr[ply, F_QUIET] and d > 0:
                                    if heur[HK_KILLERS + 2 * ply] != mv:
                                        heur[HK_KILLERS + 2 * ply + 1] = heur[HK_KILLERS + 2 * ply]
                                        heur[HK_KILLERS + 2 * ply] = mv
                                    side = st[S_STM]
                                    frm = mv & M_FROM_MASK
                                    to = (mv >> M_TO_SHIFT) & M_FROM_MASK
                                    hi = HK_HISTORY + (side * 256 + frm) * 256 + to
                                    hv = heur[hi] + d * d
                                    heur[hi] = hv if hv < (1 << 24) else (1 << 24)
                                    # the quiet moves tried before it did not cut: lower them
                                    for k in range(fr[ply, F_START], fr[ply, F_IDX] - 1):
                                        qm = moves[k]
                                        qto = (qm >> M_TO_SHIFT) & M_FROM_MASK
                                        if (qm & MF_EP) or (
                                                (qm & (MF_CASTLE | MF_PASS | MF_DROP)) == 0
                                                and board[qto] != 0):
                                            continue
                                        hi = (HK_HISTORY + (side * 256 + (qm & M_FROM_MASK)) * 256
                                              + qto)
                                        hv = heur[hi] - d * d
                                        heur[hi] = hv if hv > -(1 << 24) else -(1 << 24)
                                fr[ply, F_IDX] = fr[ply, F_END]  # cut off: no more moves
                    if ply == 0:
                        out[O_ROOT_DONE] += 1
        if returning:
            if ply == 0:
                break
            ply -= 1
    if aborted:
        unwind(T, Z, board, st, undo, fr, ply)
        ctl[C_ABORTED] = 1
    ctl[C_NODES] = nodes
    ctl[C_SELDEPTH] = seldepth
    return out[O_SCORE]
