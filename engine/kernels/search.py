"""Principal-variation search as one explicit-stack loop (measured 1.7x faster in numba than
recursive calls).

One call searches the root to one depth with a window (Python drives iterative deepening,
aspiration and MultiPV between calls). Each ply has a frame row in ``fr``; a node's ``F_STAGE``
says where to resume when its child returns (value in ``ret``, from the child's view).

Inside the tree: TT cutoffs, mate-distance pruning, null move (not in check, side with pieces,
not twice in a row), late-move reductions, check extension, singular extension with multi-cut
where the game says so, killers + history, the static eval corrected by the pawn structure's
record where the game says so (correction.py), quiescence on captures (every evasion when in
check). Game ends come from the eval table's rule data:
repetition (draw, or points; a side that checked on every move of the cycle loses where the game
says so, in xiangqi a side that checked or chased on every move: engine/kernels/chase.py),
no-capture and ply limits, two passes or an unbroken bikjang ending the game by points, no legal
move.
"""
import numpy as np  # noqa: F401  (numba typing of the array arguments)

from .attacks import attacked_by, in_check, may_give_check, royals_face, type_left
from .chase import move_chases
from .correction import (corrected, correction, pawn_key, pawn_key_delta, proves_eval_wrong,
                         update_correction)
from .evaluate import (EVAL, SCRATCH, eval_prefetch, evaluate, evaluate_at, material,
                       material_delta)
from .jit import BOARD, HEUR, KEYS, MOVES, STATE, TABLE, UNDO, kernel
from .layout import (F_DROPS, F_UCHIFUZUME, H_FLAGS, H_NPLAY, H_NTYPES, H_PAWN, H_PLAY, H_ROYAL,
                     H_SQ_INDEX, H_VALUES, MAX_TYPES, MF_CASTLE, MF_DROP, MF_EP, MF_PASS,
                     M_FROM_MASK, M_PROMO_MASK, M_PROMO_SHIFT, M_TO_SHIFT, S_CAPTURES, S_CLOCK,
                     S_EP, S_HAND, S_HASH, S_PASSES, S_PLY, S_STM, Z_EP, Z_SIDE)
from .makemove import make_move, unmake_move
from .movegen import gen_moves, is_pawn_drop_mate, leaves_royal_safe
from .nnue import nnue_child, nnue_copy, nnue_refresh
from .search_clock import monotonic_ns
from .see import see_ge
from .search_layout import (B_EXACT, B_LOWER, B_UPPER, CONT_BOUND, CONT_SIZE, CONT_SQUARES,
                            C_ABORTED, C_AGE, C_ALPHA, C_BEST, C_BETA, C_DEPTH, C_HBASE, C_NODES,
                            C_NODE_LIMIT, C_NROOT, C_PVLEN, C_ROOT_DONE, C_SCORE, C_SELDEPTH,
                            EV_NNUE, EVAL_NONE, EVF_BIKJANG, EVF_NOMOVES_LOSS, EVF_NULL_MOVE,
                            EVF_PASS_POINTS, EVF_PERPETUAL_CHASE, EVF_PERPETUAL_LOSES,
                            EVF_REP_POINTS, EV_CHASE_REGION, EV_CLOCK_DRAW, EV_FLAGS, EV_LMR,
                            EV_PLY_POINTS, EV_POINTS, EV_SEARCH, EV_SECOND_BONUS, F_ALPHA, F_ARMED,
                            F_BEST, F_BESTMV, F_BETA, F_CONT, F_CURMV, F_DEPTH, F_EG, F_END,
                            F_EVAL, F_EXCLUDED, F_IDX, F_IMPROVING, F_INCHECK, F_ISNULL,
                            F_LEGAL, F_MG, F_NEWDEPTH, F_OALPHA, F_PFN, F_PHASE, F_PKEY,
                            F_QUIET, F_RAW_EVAL,
                            F_RED, F_SAVE_EP, F_SAVE_HASH, F_SE_ALPHA, F_SE_BETA, F_SE_DEPTH,
                            F_SE_EXT, F_SORTED, F_STAGE, F_START, F_TTMV,
                            HISTORY_BOUND, HK_CONT, HK_HISTORY, HK_KILLERS, INF, MATE, MATE_BOUND,
                            MAXP, MOVE_MASK, RULE_BOUND, RULE_WIN, SH_DEADLINE, SH_STOP,
                            SP_CONT_HISTORY, SP_CORRECTION,
                            SP_FUTILITY_BASE, SP_FUTILITY_MARGIN, SP_FUTILITY_REDUCED,
                            SP_LMP_DEPTH, SP_LMP_DIVISOR, SP_LMP_DIVISOR_IMPROVING,
                            SP_LMP_QUADRATIC, SP_LMP_QUADRATIC_IMPROVING, SP_LOSING_CHECKS,
                            SP_RAZOR_MARGIN, SP_REDUCE_BAD_CAPTURES,
                            SP_RFP_DEPTH, SP_RFP_IMPROVING, SP_RFP_MARGIN, SP_SEE,
                            SP_SINGULAR_DEPTH, SP_SINGULAR_MARGIN, SP_SKIP_QUIETS,
                            ST_AFTER_FULL, ST_AFTER_NULL, ST_AFTER_ZW, ST_ENTER, ST_MOVES,
                            TT_BOUND_SHIFT, TT_DEPTH_SHIFT, TT_SCORE_SHIFT)
from .tt import TTK, score_from_tt, score_to_tt, tt_prefetch, tt_probe, tt_store

I64 = "int64[::1]"
FRAMES = "int64[:, ::1]"
PV = "int32[:, ::1]"
LOSING_CAPTURE_KEY = -(1 << 25)   # order_moves' keys below this: captures losing the exchange
#                                   (quiet histories stay within +-2**24)


@kernel(f"int64({TABLE}, {EVAL}, {BOARD}, {STATE}, int64)", inline=True)
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


@kernel(f"int64({TABLE}, {BOARD}, {STATE}, int64)", inline=True)
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


@kernel(f"int64({TABLE}, {BOARD}, int64)", inline=True)
def cont_index(T, board, mv):
    """The move's continuation index (search_layout.CONT_SIZE): the type it leaves standing
    (dropped, moved or promoted to; the royal when castling) and its target's playable index;
    0 for a pass. Read before the move is made."""
    if mv & MF_PASS:
        return 0
    to = (mv >> M_TO_SHIFT) & M_FROM_MASK
    return type_left(T, board, mv) * CONT_SQUARES + T[T[H_SQ_INDEX] + to]


@kernel(f"UniTuple(int64, 2)({FRAMES}, int64)", inline=True)
def cont_contexts(fr, ply):
    """Continuation indices of the moves one and two plies up (0 where there is none)."""
    c1 = fr[ply - 1, F_CONT] if ply >= 1 else 0
    c2 = fr[ply - 2, F_CONT] if ply >= 2 else 0
    return c1, c2


@kernel("int64(int64, int64)", inline=True)
def butterfly_index(side, mv):
    """The move's butterfly history entry: by side, origin (a drop's: its type) and target."""
    return (HK_HISTORY + (side * 256 + (mv & M_FROM_MASK)) * 256
            + ((mv >> M_TO_SHIFT) & M_FROM_MASK))


@kernel(f"int64({HEUR}, int64, int64, int64, int64, int64)", inline=True)
def quiet_history(heur, side, mv, c1, c2, cont):
    """A quiet move's history: butterfly plus continuation after each of the two moves up."""
    base = HK_CONT + side * CONT_SIZE * CONT_SIZE + cont
    return (heur[butterfly_index(side, mv)] + heur[base + c1 * CONT_SIZE]
            + heur[base + c2 * CONT_SIZE])


@kernel(f"void({HEUR}, int64)")
def age_histories(heur, extent):
    """Halve the butterfly and continuation histories (corrections keep) before a search.
    Continuation indices below ``extent`` are the only ones set (a game's are type *
    CONT_SQUARES + square, so a game of 6 or 7 types writes a fifth of the table): halving
    that corner gives the same integers as halving all 19 MB, in a fraction of the time."""
    butterfly = heur[HK_HISTORY:HK_CONT]
    for j in range(HK_CONT - HK_HISTORY):
        butterfly[j] >>= 1                      # = // 2 on int32
    for side in range(2):
        for earlier in range(extent):
            start = HK_CONT + (side * CONT_SIZE + earlier) * CONT_SIZE
            row = heur[start:start + extent]
            for j in range(extent):
                row[j] >>= 1


@kernel(f"int64({TABLE}, {EVAL}, {BOARD}, {STATE}, {MOVES}, {MOVES}, int64, int64, int64, int64, "
        f"{HEUR}, int64, int64)")
def order_moves(T, E, board, st, moves, mscore, start, end, ttmv, ply, heur, c1, c2):
    """Give each move a sort key; with ``ply < 0`` keep only captures (quiescence). Returns end.

    Keys: TT move; captures by victim then attacker (MVV-LVA); killers; promotions; quiet
    moves by history (with the game's continuation history: butterfly and continuation after
    the moves ``c1``, ``c2`` one and two plies up). Captures that lose material go last, after
    every quiet move, where the game uses exchange evaluation (see_ge); else captures by a piece
    worth more than its victim onto an attacked square go after the killers."""
    values = T[H_VALUES]
    pawn_value = T[values + T[H_PAWN]]
    side = st[S_STM]
    see = E[E[EV_SEARCH] + SP_SEE]
    continuation = E[E[EV_SEARCH] + SP_CONT_HISTORY]
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
            if gain < attacker:
                if see:
                    if not see_ge(T, board, st, mv, 0, moves, end):
                        s -= (1 << 28) + (1 << 26)   # loses material: after every quiet move
                        #                              (a key below LOSING_CAPTURE_KEY)
                elif attacked_by(T, board, to, 1 - side, False):
                    s -= 3 << 26   # likely loses material: after the killers, before quiets
        elif mv == k1:
            s = (1 << 27) + 2
        elif mv == k2:
            s = (1 << 27) + 1
        else:
            if continuation:
                s = quiet_history(heur, side, mv, c1, c2, cont_index(T, board, mv))
            else:
                s = heur[butterfly_index(side, mv)]
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


# --- the stages of a node, in the order the driver (search_root) runs them ----------------------
# What a stage tells the driver to do next:
GO_ON = 0          # nothing decided: go on to the next stage
GO_RETURN = 1      # the node is done; its value goes to the parent
GO_CHILD = 2       # a child frame was pushed: search it next
GO_GENERATE = 3    # generate the node's moves, then go through them (ST_MOVES)


@kernel(f"boolean({I64}, {I64}, int64)", inline=True)
def should_stop(ctl, shared, nodes):
    """Polled every 1024 nodes: the stop flag, the node limit or the deadline has come."""
    ctl[C_NODES] = nodes
    node_limit = ctl[C_NODE_LIMIT]
    deadline = shared[SH_DEADLINE]   # re-read: ponderhit may have set it
    return (shared[SH_STOP] != 0 or (node_limit > 0 and nodes >= node_limit)
            or (deadline > 0 and monotonic_ns() >= deadline))


@kernel(f"void({TABLE}, {EVAL}, {BOARD}, {STATE}, {I64}, {I64}, int64, int64, int64)", inline=True)
def record_path(T, E, board, st, hist, chk, hidx, incheck, ply):
    """Write this node's hash and flags (1 in check, 2 royals facing) into the game path; the
    root keeps the chase flags its history came with (bits 4, 8)."""
    hist[hidx] = st[S_HASH]
    chk[hidx] = incheck if ply > 0 else (chk[hidx] & 12) | incheck
    if E[EV_FLAGS] & EVF_BIKJANG:
        if royals_face(T, board, st):
            chk[hidx] |= 2


@kernel(f"UniTuple(int64, 2)({TABLE}, {EVAL}, {BOARD}, {STATE}, {I64}, int64, int64)",
        inline=True)
def points_end(T, E, board, st, chk, hidx, ply):
    """(GO_RETURN, score) if the game has ended on points here: two passes in a row, or a
    bikjang the reply left standing; else (GO_ON, 0)."""
    flags = E[EV_FLAGS]
    if (flags & EVF_PASS_POINTS) and st[S_PASSES] >= 2:
        return GO_RETURN, points_result(T, E, board, st, ply)
    if ((flags & EVF_BIKJANG) and (chk[hidx] & 2) and (chk[hidx - 1] & 2)
            and st[S_CAPTURES] > 0):
        return GO_RETURN, points_result(T, E, board, st, ply)
    return GO_ON, 0


@kernel(f"int64({I64}, int64, int64, int64)", inline=True)
def repetition_at(hist, key, hidx, reach):
    """Index of an earlier occurrence of this position (same side to move) within ``reach``
    plies, or -1."""
    j = hidx - 4
    while j >= hidx - reach and j >= 0:
        if hist[j] == key:
            return j
        j -= 2
    return -1


@kernel(f"int64({TABLE}, {STATE}, {FRAMES}, int64)", inline=True)
def repetition_reach(T, st, fr, ply):
    """How many plies back this position can have occurred: not past a null move, nor past the
    last capture, except where captured pieces come back as drops (shogi: a cycle may hold a
    capture)."""
    if T[H_FLAGS] & F_DROPS:
        return fr[ply, F_PFN]
    return min(st[S_CLOCK], fr[ply, F_PFN])


@kernel(f"boolean({I64}, int64, int64, int64)", inline=True)
def every_move_attacks(chk, k, found, attacking):
    """True if every move of one side in the cycle (the positions they led to: k, k-2, ... down
    to after ``found``) carries one of the ``attacking`` flag bits."""
    while k > found:
        if (chk[k] & attacking) == 0:
            return False
        k -= 2
    return True


@kernel(f"int64({TABLE}, {EVAL}, {BOARD}, {STATE}, {I64}, int64, int64, int64)", inline=True)
def repetition_score(T, E, board, st, chk, hidx, found, ply):
    """The value of a repeated position: the side that checked (in xiangqi: or chased) on every
    move of the cycle loses where the game says so; else points or a draw. The chase bits must
    be judged already (mark_chases)."""
    flags = E[EV_FLAGS]
    if flags & EVF_PERPETUAL_LOSES:
        attacking = 5 if flags & EVF_PERPETUAL_CHASE else 1   # check (1), chase (4)
        # moves by the side that just moved lead to hidx, hidx-2, ...
        they_all = every_move_attacks(chk, hidx, found, attacking)
        we_all = every_move_attacks(chk, hidx - 1, found, attacking)
        if they_all and not we_all:
            return RULE_WIN - ply
        if we_all and not they_all:
            return -(RULE_WIN - ply)
    if flags & EVF_REP_POINTS:
        return points_result(T, E, board, st, ply)
    return 0


@kernel(f"UniTuple(int64, 2)({TABLE}, {EVAL}, {BOARD}, {STATE}, int64)", inline=True)
def limit_end(T, E, board, st, ply):
    """(GO_RETURN, score) at the no-capture draw, the ply limit that ends on points, or the
    search's own ply limit (scored by the evaluation); else (GO_ON, 0)."""
    clock_draw = E[EV_CLOCK_DRAW]
    ply_points = E[EV_PLY_POINTS]
    if clock_draw > 0 and st[S_CLOCK] >= clock_draw:
        return GO_RETURN, 0
    if ply_points > 0 and st[S_PLY] >= ply_points:
        return GO_RETURN, points_result(T, E, board, st, ply)
    return GO_ON, 0


@kernel(f"UniTuple(int64, 5)({TTK}, int64, int64, int64, int64, int64)", inline=True)
def tt_lookup(tt, key, ply, d, alpha, beta):
    """(TT move or 0, GO_RETURN if the entry decides this node else GO_ON, its score, its
    depth, its bound (0: no entry)). Only non-PV nodes below the root take a cutoff."""
    e = tt_probe(tt, key)
    if e == 0:
        return 0, GO_ON, 0, 0, 0
    ttmv = e & MOVE_MASK
    tdepth = ((e >> TT_DEPTH_SHIFT) & 255) - 16
    tbound = (e >> TT_BOUND_SHIFT) & 3
    tscore = score_from_tt(((e >> TT_SCORE_SHIFT) & 0xFFFF) - 32768, ply)
    if ply > 0 and beta - alpha == 1 and tdepth >= d and (
            tbound == B_EXACT or (tbound == B_LOWER and tscore >= beta)
            or (tbound == B_UPPER and tscore <= alpha)):
        return ttmv, GO_RETURN, tscore, tdepth, tbound
    return ttmv, GO_ON, tscore, tdepth, tbound


@kernel(f"void({FRAMES}, int64, int64, int64, int64, int64)", inline=True)
def open_node(fr, ply, ttmv, alpha, beta, start):
    """A node that will search moves: its window, TT move and (empty) move list."""
    fr[ply, F_TTMV] = ttmv
    fr[ply, F_OALPHA] = alpha
    fr[ply, F_ALPHA] = alpha
    fr[ply, F_BETA] = beta
    fr[ply, F_BESTMV] = 0
    fr[ply, F_LEGAL] = 0
    fr[ply, F_START] = start
    fr[ply, F_IDX] = start
    fr[ply, F_EXCLUDED] = 0
    fr[ply, F_SE_EXT] = 0


@kernel(f"UniTuple(int64, 2)({FRAMES}, int64, int64, int64, int64, int64)", inline=True)
def enter_quiescence(fr, ply, incheck, ev, alpha, beta):
    """Depth 0 and below: stand pat on the evaluation ``ev`` and try captures; in check, try
    every evasion from a mated score. (GO_RETURN, ev) on a stand-pat cutoff, else
    (GO_GENERATE, 0)."""
    if incheck:
        fr[ply, F_BEST] = -(MATE - ply)
        return GO_GENERATE, 0
    if ev >= beta:
        return GO_RETURN, ev
    if ev > alpha:
        fr[ply, F_ALPHA] = ev
    fr[ply, F_BEST] = ev
    return GO_GENERATE, 0


@kernel(f"void({FRAMES}, int64, int64)", inline=True)
def moves_ready(fr, ply, end):
    """The node's moves were generated up to ``end``: go through them, ordering them lazily
    (F_SORTED -1: quiescence captures, 0: every move)."""
    fr[ply, F_END] = end
    fr[ply, F_SORTED] = -1 if fr[ply, F_DEPTH] <= 0 and fr[ply, F_INCHECK] == 0 else 0
    fr[ply, F_STAGE] = ST_MOVES


@kernel(f"void({MOVES}, {FRAMES}, int64)", inline=True)
def load_root_moves(mscore, fr, nroot):
    """The root searches the moves the caller put in moves[:nroot], in that order."""
    for i in range(nroot):
        mscore[i] = nroot - i
    fr[0, F_SORTED] = 1
    fr[0, F_END] = nroot
    fr[0, F_STAGE] = ST_MOVES


@kernel(f"int64({FRAMES}, int64)", inline=True)
def improving(fr, ply):
    """1 if this node's static eval is above the one at our previous move (two plies up; four if
    we were in check then; 1 if neither has one), else 0 (also in check). Pruning is bolder
    where the position gets better for us, more careful where it does not."""
    ev = fr[ply, F_EVAL]
    if ev == EVAL_NONE:
        return 0
    if ply >= 2 and fr[ply - 2, F_EVAL] != EVAL_NONE:
        return 1 if ev > fr[ply - 2, F_EVAL] else 0
    if ply >= 4 and fr[ply - 4, F_EVAL] != EVAL_NONE:
        return 1 if ev > fr[ply - 4, F_EVAL] else 0
    return 1


@kernel(f"boolean({EVAL}, int64, int64, int64, int64, int64, int64)", inline=True)
def razors(E, ply, pvnode, incheck, d, ev, alpha):
    """Razoring (Stockfish 11's form): a non-PV node one ply from quiescence whose static eval
    is far below alpha, where the game sets a margin, is searched as quiescence: only a
    capture can lift it, and its quiet moves would mostly be pruned by futility anyway."""
    margin = E[E[EV_SEARCH] + SP_RAZOR_MARGIN]
    return (margin > 0 and ply > 0 and not pvnode and not incheck and d == 1
            and ev + margin <= alpha and alpha < RULE_BOUND and alpha > -RULE_BOUND)


@kernel(f"boolean({EVAL}, int64, int64, int64, int64, int64, int64)", inline=True)
def reverse_futility(E, pvnode, incheck, d, ev, beta, improving):
    """Far above beta at low depth (a margin per ply, where the game says so a ply less when
    improving): return the evaluation without searching."""
    sp = E[EV_SEARCH]
    return (not pvnode and not incheck and d <= E[sp + SP_RFP_DEPTH]
            and ev - E[sp + SP_RFP_MARGIN] * (d - improving * E[sp + SP_RFP_IMPROVING]) >= beta
            and beta < RULE_BOUND and beta > -RULE_BOUND)


@kernel(f"boolean({TABLE}, {EVAL}, {BOARD}, {STATE}, {FRAMES}, int64, int64, int64, int64, int64, "
        "int64)", inline=True)
def null_move_allowed(T, E, board, st, fr, ply, pvnode, incheck, d, ev, beta):
    """Not in check, at or above beta, not right after another null move, and with pieces
    beyond royals and pawns (so zugzwang is unlikely)."""
    return ((E[EV_FLAGS] & EVF_NULL_MOVE) != 0 and not pvnode and not incheck and d >= 3
            and ev >= beta and fr[ply, F_ISNULL] == 0 and beta > -MATE_BOUND
            and has_pieces(T, board, st, st[S_STM]) == 1)


@kernel(f"void({KEYS}, {STATE}, {FRAMES}, int64, int64, int64, int64, int64)", inline=True)
def push_null_move(Z, st, fr, ply, d, ev, beta, start):
    """Pass the move and push a zero-window child at reduced depth; ST_AFTER_NULL takes it
    back."""
    r = 3 + d // 4 + min(3, (ev - beta) // 200)   # deeper when far above beta
    key = st[S_HASH]
    fr[ply, F_SAVE_HASH] = key
    fr[ply, F_SAVE_EP] = st[S_EP]
    h = key ^ Z[Z_SIDE]
    if st[S_EP] != 0:
        h ^= Z[Z_EP + st[S_EP]]
    st[S_EP] = 0
    st[S_HASH] = h
    st[S_STM] = 1 - st[S_STM]
    fr[ply, F_CONT] = 0
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
    fr[c, F_PKEY] = fr[ply, F_PKEY]


@kernel(f"UniTuple(int64, 2)({STATE}, {FRAMES}, int64, int64)", inline=True)
def after_null_move(st, fr, ply, v):
    """The null move's child returned ``v`` (our view): take the pass back; (GO_RETURN, value)
    if it still held beta, else (GO_GENERATE, 0): the node searches its moves."""
    st[S_STM] = 1 - st[S_STM]
    st[S_HASH] = fr[ply, F_SAVE_HASH]
    st[S_EP] = fr[ply, F_SAVE_EP]
    beta = fr[ply, F_BETA]
    if v >= beta:
        if v >= RULE_BOUND:
            v = beta  # an unproven mate or rule win from a null move
        return GO_RETURN, v
    return GO_GENERATE, 0


@kernel(f"boolean({EVAL}, int64, int64, int64, int64, int64, int64, int64)", inline=True)
def singular_candidate(E, ply, root_depth, d, ttmv, tscore, tdepth, tbound):
    """Where the game says so: a node deep enough whose TT move has a lower bound (or exact
    score) at most 3 plies shallower, not a mate or rule score (those depend on the path),
    below twice the root's depth (as check extensions, so extended lines stay bounded)."""
    sd = E[E[EV_SEARCH] + SP_SINGULAR_DEPTH]
    return (sd > 0 and ply > 0 and ply < 2 * root_depth and d >= sd and ttmv != 0
            and (tbound == B_LOWER or tbound == B_EXACT) and tdepth >= d - 3
            and tscore < RULE_BOUND and tscore > -RULE_BOUND)


@kernel(f"void({EVAL}, {FRAMES}, int64, int64, int64)", inline=True)
def enter_singular(E, fr, ply, tscore, d):
    """Search the node's moves other than its TT move, at half the depth, in a zero window
    just below the TT score less a margin per ply (leave_singular reads the result); the
    node's own window and depth wait in F_SE_*."""
    sbeta = tscore - E[E[EV_SEARCH] + SP_SINGULAR_MARGIN] * d
    fr[ply, F_SE_ALPHA] = fr[ply, F_ALPHA]
    fr[ply, F_SE_BETA] = fr[ply, F_BETA]
    fr[ply, F_SE_DEPTH] = d
    fr[ply, F_EXCLUDED] = fr[ply, F_TTMV]
    fr[ply, F_TTMV] = 0
    fr[ply, F_OALPHA] = sbeta - 1
    fr[ply, F_ALPHA] = sbeta - 1
    fr[ply, F_BETA] = sbeta
    fr[ply, F_DEPTH] = (d - 1) // 2


@kernel(f"UniTuple(int64, 2)({FRAMES}, int64)", inline=True)
def leave_singular(fr, ply):
    """The singular search is done (no TT store, no correction): the TT move is singular when
    no other move reached the bound (or none was legal) and gets one ply more; when the bound
    itself holds beta, another move refutes the node too: (GO_RETURN, bound) (multi-cut). Else
    the node searches every move in its own window: (GO_GENERATE, 0)."""
    sbeta = fr[ply, F_BETA]
    if fr[ply, F_BEST] >= sbeta and sbeta >= fr[ply, F_SE_BETA]:
        return GO_RETURN, sbeta
    ext = 1 if fr[ply, F_BEST] < sbeta else 0
    open_node(fr, ply, fr[ply, F_EXCLUDED], fr[ply, F_SE_ALPHA], fr[ply, F_SE_BETA],
              fr[ply, F_START])
    fr[ply, F_DEPTH] = fr[ply, F_SE_DEPTH]
    fr[ply, F_BEST] = -INF
    fr[ply, F_SE_EXT] = ext
    return GO_GENERATE, 0


@kernel(f"int64({TABLE}, {EVAL}, {BOARD}, {STATE}, {MOVES}, {MOVES}, {FRAMES}, {HEUR}, "
        "int64)", inline=True)
def next_move(T, E, board, st, moves, mscore, fr, heur, ply):
    """The node's next move to try, best first, or 0 when none is left. The TT move comes
    first, before paying for ordering the rest (F_SORTED says how far ordering has gone)."""
    i = fr[ply, F_IDX]
    end = fr[ply, F_END]
    if i >= end:
        return 0
    sorted_ = fr[ply, F_SORTED]
    if sorted_ <= 0:
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
            c1, c2 = cont_contexts(fr, ply)
            end = order_moves(T, E, board, st, moves, mscore, i, end, 0,
                              -1 if qs_only else ply, heur, c1, c2)
            fr[ply, F_END] = end
            fr[ply, F_SORTED] = 1
            if i >= end:
                return 0
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
    return mv


@kernel(f"boolean({TABLE}, {EVAL}, {BOARD}, {STATE}, {MOVES}, {FRAMES}, int64, int64)",
        inline=True)
def quiescence_skips(T, E, board, st, moves, fr, ply, mv):
    """In quiescence: captures that cannot lift the score to alpha (delta pruning) or lose
    material (in the exchange, where the game uses exchange evaluation; else a piece worth
    more than its victim onto an attacked square); in check, further drop evasions once one
    escape was found."""
    if fr[ply, F_DEPTH] > 0:
        return False
    if fr[ply, F_INCHECK] == 0:
        p = board[mv & M_FROM_MASK]
        mover = T[T[H_VALUES] + (p if p > 0 else -p)]
        gain = capture_gain(T, board, mv)
        if fr[ply, F_BEST] + gain + 200 <= fr[ply, F_ALPHA]:
            return True
        if gain >= mover:
            return False
        if E[E[EV_SEARCH] + SP_SEE]:
            return not see_ge(T, board, st, mv, 0, moves, fr[ply, F_END])
        return ((mv & MF_DROP) == 0
                and attacked_by(T, board, (mv >> M_TO_SHIFT) & M_FROM_MASK, 1 - st[S_STM], False))
    return (mv & MF_DROP) != 0 and fr[ply, F_LEGAL] > 0 and fr[ply, F_BEST] > -MATE_BOUND


@kernel(f"boolean({TABLE}, int64)", inline=True)
def may_be_pawn_drop_mate(T, mv):
    """A pawn drop in a game that forbids mating by one (is_pawn_drop_mate then decides)."""
    return ((T[H_FLAGS] & F_UCHIFUZUME) != 0 and (mv & MF_DROP) != 0
            and (mv & M_FROM_MASK) == T[H_PAWN])


@kernel(f"boolean({TABLE}, {BOARD}, int64)", inline=True)
def is_quiet(T, board, mv):
    """Captures nothing and promotes nothing."""
    return (capture_gain(T, board, mv) == 0 and (mv & MF_EP) == 0
            and ((mv >> M_PROMO_SHIFT) & M_PROMO_MASK) == 0)


@kernel(f"boolean({EVAL}, {FRAMES}, int64, int64, int64, int64, int64, int64, int64, int64)",
        inline=True)
def prunes_late_quiet(E, fr, ply, d, legal, quiet, gives, alpha, beta, incheck):
    """Late-move and futility pruning, to the game's pruning depth, of quiet moves that give no
    check, once the node has a score better than being mated: past (3 + d^2 * k) / m moves (k
    and m from the game's numbers, k larger and m smaller when improving where the game says
    so), or with the static eval too far below alpha for the depth (where the game says so: the
    depth the move would be searched at after its late-move reduction)."""
    sp = E[EV_SEARCH]
    if not (quiet != 0 and gives == 0 and d > 0 and d <= E[sp + SP_LMP_DEPTH] and ply > 0
            and beta - alpha == 1 and incheck == 0 and fr[ply, F_BEST] > -MATE_BOUND):
        return False
    is_improving = fr[ply, F_IMPROVING]
    k = E[sp + SP_LMP_QUADRATIC] + E[sp + SP_LMP_QUADRATIC_IMPROVING] * is_improving
    m = E[sp + SP_LMP_DIVISOR] - E[sp + SP_LMP_DIVISOR_IMPROVING] * is_improving
    if legal > (3 + d * d * k) // m:
        return True
    depth = d
    if E[sp + SP_FUTILITY_REDUCED]:
        depth = max(d - 1 - E[E[EV_LMR] + d * 64 + (legal if legal < 63 else 63)], 0) + 1
    return (fr[ply, F_EVAL] + E[sp + SP_FUTILITY_BASE] + E[sp + SP_FUTILITY_MARGIN] * depth
            <= alpha)


@kernel(f"void({TABLE}, {BOARD}, {STATE}, {MOVES}, {MOVES}, {FRAMES}, int64)", inline=True)
def drop_late_quiets(T, board, st, moves, mscore, fr, ply):
    """A quiet move that cannot check was just pruned by move count or futility: every later one
    would be too (the move count only grows, the futility bound only loosens), so take them out
    of the node's remaining moves at once, keeping the others' order, instead of picking and
    pruning them one by one. Like a move pruned before it (and like Stockfish's skipped quiets),
    none of them has its history lowered by a later cutoff."""
    out = fr[ply, F_IDX]
    for k in range(out, fr[ply, F_END]):
        mv = moves[k]
        if is_quiet(T, board, mv) and not may_give_check(T, board, st, mv):
            continue
        moves[out] = mv
        mscore[out] = mscore[k]
        out += 1
    fr[ply, F_END] = out


@kernel(f"void({FRAMES}, int64, int64, int64, int64, int64, int64)", inline=True)
def push_child(fr, ply, gives, dmg, deg, dphase, darmed):
    """The frame of the position the move just made leads to, its material moved on by the
    move's (material_delta); window and depth are set after."""
    c = ply + 1
    fr[c, F_MG] = fr[ply, F_MG] + dmg
    fr[c, F_EG] = fr[ply, F_EG] + deg
    fr[c, F_PHASE] = fr[ply, F_PHASE] + dphase
    fr[c, F_ARMED] = fr[ply, F_ARMED] + darmed
    fr[c, F_INCHECK] = gives
    fr[c, F_STAGE] = ST_ENTER
    fr[c, F_ISNULL] = 0
    fr[c, F_PFN] = fr[ply, F_PFN] + 1


@kernel(f"void({FRAMES}, int64, int64, int64, int64, int64, int64)", inline=True)
def search_child(fr, ply, alpha, beta, depth, reduction, stage):
    """Search the pushed child in (alpha, beta) from our view at ``depth``; resume at ``stage``."""
    c = ply + 1
    fr[c, F_ALPHA] = -beta
    fr[c, F_BETA] = -alpha
    fr[c, F_DEPTH] = depth
    fr[ply, F_RED] = reduction
    fr[ply, F_STAGE] = stage


@kernel(f"boolean({TABLE}, {EVAL}, {BOARD}, {STATE}, {MOVES}, {FRAMES}, int64, int64, int64, "
        f"int64)", inline=True)
def losing_check(T, E, board, st, moves, fr, ply, mv, quiet, may_check):
    """A quiet move that may give check but loses the exchange on its square (a piece dropped
    or moved where the checked side takes it for nothing), where the game searches such checks
    as quiet moves (``losing_checks_as_quiets``). Asked before the move is made, and only
    where the answer can matter: out of check and above quiescence, where pruning and
    reduction apply. In a drop game most checks are such sacrifices, and searching every one
    unpruned and unreduced at every node is what made the drop games' trees grow as the hands
    filled."""
    return (quiet != 0 and may_check and E[E[EV_SEARCH] + SP_LOSING_CHECKS] != 0
            and fr[ply, F_INCHECK] == 0 and fr[ply, F_DEPTH] > 0
            and not see_ge(T, board, st, mv, 0, moves, fr[ply, F_END]))


@kernel(f"int64({TABLE}, {BOARD}, {STATE}, int64, int64, int64, int64, int64)", inline=True)
def extension(T, board, st, mv, quiet, gives, ply, root_depth):
    """+1 for a check that does not simply hang the checking piece, while ply < 2 * the root's
    depth (the move is made: the side to move is the one in check)."""
    if gives and ply < 2 * root_depth:
        to = (mv >> M_TO_SHIFT) & M_FROM_MASK
        if not quiet or (mv & MF_CASTLE) or not attacked_by(T, board, to, st[S_STM], False):
            return 1
    return 0


@kernel(f"int64({EVAL}, int64, int64, int64, int64, int64, int64, int64, int64, int64, int64)",
        inline=True)
def reduction(E, d, legal, newdepth, quiet, losing, incheck, gives, ply, pvnode, history):
    """Late-move reduction of a quiet, non-checking move after the third (less at PV nodes and
    for a move with a good history, more for a bad one, where the game keeps continuation
    history), leaving the child at least depth 1. Where the game says so, a capture that
    loses the exchange (``losing``) is reduced as a quiet move with no history."""
    r = 0
    if ((quiet or (losing and E[E[EV_SEARCH] + SP_REDUCE_BAD_CAPTURES]))
            and d >= 3 and legal > 3 and not incheck and not gives and ply > 0):
        r = E[E[EV_LMR] + (d if d < 63 else 63) * 64 + (legal if legal < 63 else 63)]
        if pvnode:
            r -= 1
        if E[E[EV_SEARCH] + SP_CONT_HISTORY]:
            stat = history - 4000
            r -= stat // 16384 if stat >= 0 else -(-stat // 16384)   # rounded toward zero
        if r < 0:
            r = 0
        if r > newdepth - 1:
            r = newdepth - 1 if newdepth > 1 else 0
    return r


@kernel(f"boolean({FRAMES}, int64, int64)", inline=True)
def research(fr, ply, v):
    """After a zero-window child beat alpha (``v`` our view): re-search it unreduced, then with
    the full window. True if the child frame was set up again (its other fields stand as
    push_child left them)."""
    alpha = fr[ply, F_ALPHA]
    if fr[ply, F_STAGE] != ST_AFTER_ZW or v <= alpha:
        return False
    if fr[ply, F_RED] > 0:
        search_child(fr, ply, alpha, alpha + 1, fr[ply, F_NEWDEPTH], 0, ST_AFTER_ZW)
    elif v < fr[ply, F_BETA]:
        search_child(fr, ply, alpha, fr[ply, F_BETA], fr[ply, F_NEWDEPTH], 0, ST_AFTER_FULL)
    else:
        return False
    fr[ply + 1, F_STAGE] = ST_ENTER
    return True


@kernel(f"void({PV}, int64, int64)", inline=True)
def update_pv(pv, ply, mv):
    """This node's PV: ``mv``, then its child's line."""
    c = ply + 1
    n = pv[c, MAXP]
    pv[ply, 0] = mv
    for k in range(n):
        pv[ply, k + 1] = pv[c, k]
    pv[ply, MAXP] = n + 1


@kernel("int64(int64)", inline=True)
def history_bonus(d):
    """How far a cutoff at depth ``d`` moves a history entry."""
    return 29 * d * d + 138 * d - 134 if d <= 17 else 29 * 17 * 17 + 138 * 17 - 134


@kernel(f"void({HEUR}, int64, int64, int64)", inline=True)
def nudge(heur, i, bonus, bound):
    """Move entry i by ``bonus`` under gravity: it stays within +-bound by itself."""
    h = heur[i]
    heur[i] = h + bonus - h * (bonus if bonus > 0 else -bonus) // bound


@kernel(f"void({TABLE}, {BOARD}, {HEUR}, int64, int64, int64, int64, int64)",
        inline=True)
def nudge_quiet(T, board, heur, side, mv, c1, c2, bonus):
    """Move a quiet move's butterfly and both continuation entries by ``bonus``."""
    nudge(heur, butterfly_index(side, mv), bonus, HISTORY_BOUND)
    base = HK_CONT + side * CONT_SIZE * CONT_SIZE + cont_index(T, board, mv)
    nudge(heur, base + c1 * CONT_SIZE, bonus, CONT_BOUND)
    nudge(heur, base + c2 * CONT_SIZE, bonus, CONT_BOUND)


@kernel(f"void({TABLE}, {BOARD}, {HEUR}, int64, int64, int64, int64, int64, int64)",
        inline=True)
def move_quiet_history(T, board, heur, side, mv, c1, c2, change, continuation):
    """Move a quiet move's history by ``change``: with continuation history its butterfly and
    continuation entries under gravity, else its butterfly entry, capped at +-2**24."""
    if continuation:
        nudge_quiet(T, board, heur, side, mv, c1, c2, change)
    else:
        i = butterfly_index(side, mv)
        heur[i] = max(-(1 << 24), min(heur[i] + change, 1 << 24))


@kernel("boolean(int64, int64)", inline=True)
def takes_nothing(board_to, mv):
    """The move captures nothing (``board_to``: what stands on its target before it)."""
    return (mv & MF_EP) == 0 and ((mv & (MF_CASTLE | MF_PASS | MF_DROP)) != 0 or board_to == 0)


@kernel(f"void({TABLE}, {EVAL}, {BOARD}, {STATE}, {MOVES}, {FRAMES}, {HEUR}, int64, "
        "int64, int64)", inline=True)
def reward_quiet_cutoff(T, E, board, st, moves, fr, heur, ply, mv, d):
    """A quiet move cut off: make it a killer, raise its histories, and lower those of the
    quiet moves tried before it, which did not cut (with the game's continuation history:
    butterfly and continuation entries under gravity; else the butterfly entry by d^2)."""
    if heur[HK_KILLERS + 2 * ply] != mv:
        heur[HK_KILLERS + 2 * ply + 1] = heur[HK_KILLERS + 2 * ply]
        heur[HK_KILLERS + 2 * ply] = mv
    side = st[S_STM]
    continuation = E[E[EV_SEARCH] + SP_CONT_HISTORY]
    c1, c2 = cont_contexts(fr, ply)
    bonus = history_bonus(d) if continuation else d * d
    move_quiet_history(T, board, heur, side, mv, c1, c2, bonus, continuation)
    for k in range(fr[ply, F_START], fr[ply, F_IDX] - 1):
        qm = moves[k]
        if takes_nothing(board[(qm >> M_TO_SHIFT) & M_FROM_MASK], qm):
            move_quiet_history(T, board, heur, side, qm, c1, c2, -bonus, continuation)


@kernel(f"int64({TTK}, {STATE}, {FRAMES}, int64, int64, int64)", inline=True)
def finish_node(tt, st, fr, ply, nomoves_loss, age):
    """Every move tried: the node's value (mated, or stalemate by the game's rule, when no move
    was legal), stored in the TT with its bound."""
    best = fr[ply, F_BEST]
    d = fr[ply, F_DEPTH]
    if fr[ply, F_LEGAL] == 0:
        if fr[ply, F_INCHECK]:
            best = -(MATE - ply)
        elif d > 0:
            best = -(MATE - ply) if nomoves_loss else 0
    bestmv = fr[ply, F_BESTMV]
    if best >= fr[ply, F_BETA]:
        bound = B_LOWER
    elif best > fr[ply, F_OALPHA] and (bestmv != 0 or d <= 0):
        bound = B_EXACT
    else:
        bound = B_UPPER
    tt_store(tt, st[S_HASH], bestmv, bound, d, score_to_tt(best, ply), age)
    return best


@kernel(f"void({TABLE}, {BOARD}, {STATE}, {FRAMES}, {I64})", inline=True)
def enter_root(T, board, st, fr, ctl):
    """Frame 0: the root's window, depth and check state (material is set by the caller)."""
    fr[0, F_ALPHA] = ctl[C_ALPHA]
    fr[0, F_BETA] = ctl[C_BETA]
    fr[0, F_DEPTH] = ctl[C_DEPTH]
    fr[0, F_STAGE] = ST_ENTER
    fr[0, F_INCHECK] = 1 if in_check(T, board, st, st[S_STM]) else 0
    fr[0, F_PFN] = 1 << 20
    fr[0, F_ISNULL] = 0
    ctl[C_BEST] = 0
    ctl[C_ROOT_DONE] = 0
    ctl[C_PVLEN] = 0
    ctl[C_ABORTED] = 0


@kernel(f"int64({TABLE}, {KEYS}, {EVAL}, {BOARD}, {STATE}, {UNDO}, {MOVES}, {MOVES}, {TTK}, {I64}, "
        f"{I64}, {HEUR}, {PV}, {FRAMES}, {SCRATCH}, {I64}, {I64})")
def search_root(T, Z, E, board, st, undo, moves, mscore, tt, hist, chk, heur, pv, fr, scratch,
                ctl, shared):
    """Search the root moves ``moves[:ctl[C_NROOT]]`` to ``ctl[C_DEPTH]`` inside the window
    ``ctl[C_ALPHA], ctl[C_BETA]``; the C_ slots of search_layout.py say the rest.

    Returns the score (from the side to move's view); ctl[] gets the best move and PV length,
    pv[0, :] the PV. ctl[C_ABORTED] = 1 if the stop flag, deadline or node limit cut it short.
    ``hist``/``chk`` hold position hashes and flags (1 side to move in check, 2 royals facing) of
    the game so far, the root at index ``ctl[C_HBASE]``; the search writes the path above it.

    The loop is a driver: each frame's F_STAGE says which stage runs next, and each stage is a
    named inline kernel above.
    """
    flags = E[EV_FLAGS]
    hbase = ctl[C_HBASE]
    root_depth = ctl[C_DEPTH]
    nodes = ctl[C_NODES]
    seldepth = ctl[C_SELDEPTH]
    enter_root(T, board, st, fr, ctl)
    fr[0, F_MG], fr[0, F_EG], fr[0, F_PHASE], fr[0, F_ARMED] = material(T, E, board, st)
    correcting = E[E[EV_SEARCH] + SP_CORRECTION] != 0
    fr[0, F_PKEY] = pawn_key(T, Z, board) if correcting else 0
    if E[EV_NNUE] != 0:
        nnue_refresh(T, E, board, st, scratch, 0)
    ply = 0
    ret = 0
    aborted = False
    while True:
        go = GO_ON
        stage = fr[ply, F_STAGE]
        if stage == ST_ENTER:
            nodes += 1
            if (nodes & 1023) == 0 and should_stop(ctl, shared, nodes):
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
            ttmv = 0
            record_path(T, E, board, st, hist, chk, hidx, incheck, ply)
            if ply > 0:
                # --- game ends by rule, the search's ply limit, mate distance --------------
                go, ret = points_end(T, E, board, st, chk, hidx, ply)
                if go == GO_ON:
                    found = repetition_at(hist, key, hidx, repetition_reach(T, st, fr, ply))
                    if found >= 0:
                        if (flags & EVF_PERPETUAL_LOSES) and (flags & EVF_PERPETUAL_CHASE):
                            mark_chases(T, Z, E, board, st, undo, moves, fr, chk, hbase, ply,
                                        found)
                        go, ret = GO_RETURN, repetition_score(T, E, board, st, chk, hidx, found,
                                                              ply)
                    else:
                        go, ret = limit_end(T, E, board, st, ply)
                if go == GO_ON and ply >= MAXP - 2:
                    go, ret = GO_RETURN, evaluate(T, E, board, st, scratch)
                if go == GO_ON and d > 0:
                    alpha = max(alpha, -(MATE - ply))
                    beta = min(beta, MATE - ply - 1)
                    if alpha >= beta:
                        go, ret = GO_RETURN, alpha
            tscore = tdepth = tbound = 0
            if go == GO_ON:
                ttmv, go, ret, tdepth, tbound = tt_lookup(tt, key, ply, d, alpha, beta)
                tscore = ret
            if go == GO_ON:
                open_node(fr, ply, ttmv, alpha, beta, fr[ply - 1, F_END] if ply > 0 else 0)
                ev = 0
                if not incheck:   # the static evaluation (lazy beyond the window), corrected
                    corr = correction(heur, st[S_STM], fr[ply, F_PKEY]) if correcting else 0
                    raw = evaluate_at(T, E, board, st, scratch, ply,
                                      (alpha if d <= 0 else beta - 1) - corr, beta - corr,
                                      fr[ply, F_MG], fr[ply, F_EG], fr[ply, F_PHASE],
                                      fr[ply, F_ARMED])
                    fr[ply, F_RAW_EVAL] = raw
                    ev = corrected(raw, corr)
                pvnode = 1 if beta - alpha > 1 else 0
                if d > 0 and razors(E, ply, pvnode, incheck, d, ev, alpha):
                    d = 0
                    fr[ply, F_DEPTH] = 0
                if d <= 0:
                    go, ret = enter_quiescence(fr, ply, incheck, ev, alpha, beta)
                else:
                    fr[ply, F_BEST] = -INF
                    fr[ply, F_EVAL] = EVAL_NONE if incheck else ev
                    fr[ply, F_IMPROVING] = improving(fr, ply)
                    if ply == 0:
                        load_root_moves(mscore, fr, ctl[C_NROOT])
                    elif reverse_futility(E, pvnode, incheck, d, ev, beta, fr[ply, F_IMPROVING]):
                        go, ret = GO_RETURN, ev
                    elif null_move_allowed(T, E, board, st, fr, ply, pvnode, incheck, d, ev,
                                           beta):
                        push_null_move(Z, st, fr, ply, d, ev, beta, fr[ply, F_START])
                        if E[EV_NNUE] != 0:
                            nnue_copy(E, scratch, ply)
                        go = GO_CHILD
                    else:
                        if ttmv == 0 and d >= 4:
                            fr[ply, F_DEPTH] = d - 1   # internal iterative reduction
                        elif singular_candidate(E, ply, root_depth, d, ttmv, tscore, tdepth,
                                                    tbound):
                            enter_singular(E, fr, ply, tscore, d)
                        go = GO_GENERATE
        elif stage == ST_AFTER_NULL:
            go, ret = after_null_move(st, fr, ply, -ret)
        elif stage == ST_MOVES:
            while True:
                mv = next_move(T, E, board, st, moves, mscore, fr, heur, ply)
                if mv == 0 and fr[ply, F_EXCLUDED] != 0:
                    go, ret = leave_singular(fr, ply)
                    pv[ply, MAXP] = 0   # no line of the singular search stays as this node's
                    break
                if mv == 0:
                    # --- every move tried: the node's value --------------------------------
                    ret = finish_node(tt, st, fr, ply, flags & EVF_NOMOVES_LOSS, ctl[C_AGE])
                    if correcting and fr[ply, F_DEPTH] > 0 and fr[ply, F_EVAL] != EVAL_NONE:
                        bestmv = fr[ply, F_BESTMV]
                        if proves_eval_wrong(ret, fr[ply, F_BETA], bestmv, fr[ply, F_EVAL],
                                             bestmv == 0 or is_quiet(T, board, bestmv)):
                            update_correction(heur, st[S_STM], fr[ply, F_PKEY],
                                              ret - fr[ply, F_RAW_EVAL], fr[ply, F_DEPTH])
                    if ply == 0:
                        ctl[C_SCORE] = ret
                    go = GO_RETURN
                    break
                if mv == fr[ply, F_EXCLUDED] or quiescence_skips(T, E, board, st, moves, fr,
                                                                 ply, mv):
                    continue
                if not leaves_royal_safe(T, board, st, mv):
                    continue
                if may_be_pawn_drop_mate(T, mv) and is_pawn_drop_mate(T, board, st, moves,
                                                                      fr[ply, F_END], mv):
                    continue
                alpha = fr[ply, F_ALPHA]
                beta = fr[ply, F_BETA]
                incheck = fr[ply, F_INCHECK]
                d = fr[ply, F_DEPTH]
                quiet = 1 if is_quiet(T, board, mv) else 0
                legal = fr[ply, F_LEGAL] + 1
                fr[ply, F_LEGAL] = legal
                # a quiet move that cannot give check is pruned before it is made
                may_check = may_give_check(T, board, st, mv)
                if (quiet and not may_check
                        and prunes_late_quiet(E, fr, ply, d, legal, quiet, 0, alpha, beta,
                                              incheck)):
                    if E[E[EV_SEARCH] + SP_SKIP_QUIETS]:
                        drop_late_quiets(T, board, st, moves, mscore, fr, ply)
                    continue
                fr[ply, F_CURMV] = mv
                fr[ply, F_QUIET] = quiet
                cont = cont_index(T, board, mv)
                fr[ply, F_CONT] = cont
                history = 0   # read by reduction() only where the game keeps continuation history
                if quiet and E[E[EV_SEARCH] + SP_CONT_HISTORY]:
                    c1, c2 = cont_contexts(fr, ply)
                    history = quiet_history(heur, st[S_STM], mv, c1, c2, cont)
                weak_check = losing_check(T, E, board, st, moves, fr, ply, mv, quiet, may_check)
                make_move(T, Z, board, st, undo, mv)
                tt_prefetch(tt, st[S_HASH])
                eval_prefetch(scratch, st[S_HASH])
                gives = 1 if may_check and in_check(T, board, st, st[S_STM]) else 0
                # the check pruning and reduction spare: not one that only loses its piece
                spared = 0 if weak_check else gives
                # (a move that could not check was judged above)
                if may_check and prunes_late_quiet(E, fr, ply, d, legal, quiet, spared, alpha,
                                                   beta, incheck):
                    unmake_move(T, Z, board, st, undo)
                    continue
                dmg, deg, dphase, darmed = material_delta(T, E, board, st, undo)
                push_child(fr, ply, gives, dmg, deg, dphase, darmed)
                if correcting:
                    fr[ply + 1, F_PKEY] = fr[ply, F_PKEY] ^ pawn_key_delta(T, Z, board, st, undo)
                if E[EV_NNUE] != 0:
                    nnue_child(T, E, board, st, undo, scratch, ply)
                if d <= 0:
                    search_child(fr, ply, alpha, beta, d - 1, 0, ST_AFTER_FULL)
                else:
                    ext = extension(T, board, st, mv, quiet, gives, ply, root_depth)
                    if mv == fr[ply, F_TTMV] and fr[ply, F_SE_EXT] > ext:
                        ext = fr[ply, F_SE_EXT]
                    newdepth = d - 1 + ext
                    fr[ply, F_NEWDEPTH] = newdepth
                    if legal == 1:
                        search_child(fr, ply, alpha, beta, newdepth, 0, ST_AFTER_FULL)
                    else:
                        losing = 1 if mscore[fr[ply, F_IDX] - 1] < LOSING_CAPTURE_KEY else 0
                        r = reduction(E, d, legal, newdepth, quiet, losing, incheck, spared, ply,
                                      1 if beta - alpha > 1 else 0, history)
                        search_child(fr, ply, alpha, alpha + 1, newdepth - r, r, ST_AFTER_ZW)
                go = GO_CHILD
                break
        else:
            # --- a child returned: re-search it, or take its value ----------------------------
            v = -ret
            if research(fr, ply, v):
                go = GO_CHILD
            else:
                unmake_move(T, Z, board, st, undo)
                mv = fr[ply, F_CURMV]
                fr[ply, F_STAGE] = ST_MOVES
                if v > fr[ply, F_BEST]:
                    fr[ply, F_BEST] = v
                    if v > fr[ply, F_ALPHA]:
                        fr[ply, F_BESTMV] = mv
                        fr[ply, F_ALPHA] = v
                        update_pv(pv, ply, mv)
                        if ply == 0:
                            ctl[C_BEST] = mv
                            ctl[C_SCORE] = v
                            ctl[C_PVLEN] = pv[0, MAXP]
                        if v >= fr[ply, F_BETA]:
                            d = fr[ply, F_DEPTH]
                            if fr[ply, F_QUIET] and d > 0:
                                reward_quiet_cutoff(T, E, board, st, moves, fr, heur, ply, mv, d)
                            fr[ply, F_IDX] = fr[ply, F_END]  # cut off: no more moves
                if ply == 0:
                    ctl[C_ROOT_DONE] += 1
        if go == GO_GENERATE:
            # the node's moves, from its frame's start: captures only in quiescence (every
            # evasion in check), drops included otherwise
            captures = fr[ply, F_DEPTH] <= 0 and fr[ply, F_INCHECK] == 0
            moves_ready(fr, ply, gen_moves(T, board, st, moves, fr[ply, F_START], not captures,
                                           fr[ply, F_INCHECK], captures))
        elif go == GO_CHILD:
            ply += 1
        elif go == GO_RETURN:
            if ply == 0:
                break
            ply -= 1
    if aborted:
        unwind(T, Z, board, st, undo, fr, ply)
        ctl[C_ABORTED] = 1
    ctl[C_NODES] = nodes
    ctl[C_SELDEPTH] = seldepth
    return ctl[C_SCORE]
