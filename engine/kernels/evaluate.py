"""Static evaluation driven by the eval table E (built by engine/evaluation from per-game data).

Terms, each active only where the game's data gives it weight:
  piece-square values (material included), middlegame/endgame tapered by a phase count;
  pieces in hand (shogi), valued per count; mobility of the pieces with a mobility weight;
  king zone: enemy pieces near our royal piece (and, at half weight, enemy pieces in hand),
  own guards next to it;
  chess-style pawn structure (doubled, isolated, passed);
  a dead draw when neither side keeps a piece able to mate (EV_ATTACKERS).
The score is from the side to move's view, plus a tempo bonus.

The first terms (piece-square sums, phase, mating material: material()) change only on the
squares a move touches, so the search carries them from node to node with material_delta and
calls evaluate_with; evaluate_lazy / evaluate recount them for callers outside the search.
"""
from .jit import BOARD, STATE, TABLE, UNDO, kernel
from .layout import (A_DELTA, A_FROMREG, A_KIND, A_LEG1, A_LEG2, A_LINE, A_MODE, A_SIZE, A_TOREG,
                     F_DROPS, H_ATOM_IDX, H_ATOMS, H_DEMOTE, H_FLAGS, H_LINES, H_NPLAY, H_NTYPES,
                     H_PAWN, H_PLAY, H_RANKS, H_REGIONS, H_W, K_LEAP, K_RIDE, M_FROM_MASK,
                     M_TO_SHIFT, MAX_TYPES, MF_CASTLE, MF_DROP, MF_PASS, MODE_CAPTURE, MODE_QUIET,
                     NSQ, OFF, PAD, S_HAND, S_HASH, S_KING, S_SP, S_STM, U_CAPSQ, U_CAPTURED,
                     U_MOVE, U_MOVED)
from .makemove import castle_targets
from .nnue import ACC_FREE, nnue_output, nnue_refresh
from .prefetch import prefetch
from .search_layout import (EV_ATTACKERS, EV_DOUBLED, EV_HAND_EG, EV_HAND_MG, EV_ISOLATED,
                            EV_KZONE, EV_LAZY, EV_MOB_CAP, EV_MOB_EG, EV_MOB_MG, EV_NNUE,
                            EV_PASSED, EV_PAWN, EV_PHASE, EV_PHASE_TOTAL, EV_PST_EG, EV_PST_MG,
                            EV_SHIELD, EV_TEMPO, SC_CACHE, SC_CACHE_BITS, SC_LIST, SC_SCORE_BITS)

EVAL = "int32[::1]"
SCRATCH = "int64[::1]"
ARMED_SHIFT = 32   # material()'s ``armed``: side 0's count in the low bits, side 1's above
NOT_CACHED = -(1 << 40)
NET_BOUND = 10000  # a net's score is clamped below the decisive bands (search_layout)


@kernel(f"int64({TABLE}, {BOARD}, int64, int64, int64, int64)", inline=True)
def piece_mobility(T, board, sq, side, pt, cap):
    """Squares the piece on sq reaches (empty or enemy), counting each atom, up to cap."""
    index = T[H_ATOM_IDX]
    atoms = T[H_ATOMS]
    regions = T[H_REGIONS]
    lines = T[H_LINES]
    k = (side * MAX_TYPES + pt) * 2
    count = 0
    for a in range(T[index + k], T[index + k + 1]):
        r = atoms + a * A_SIZE
        reg = T[r + A_FROMREG]
        if reg >= 0 and T[regions + reg * NSQ + sq] == 0:
            continue
        kind = T[r + A_KIND]
        d = T[r + A_DELTA]
        mode = T[r + A_MODE]
        line = T[r + A_LINE]
        toreg = T[r + A_TOREG]
        if kind == K_LEAP:
            if line != 0 and (T[lines + sq] & line) == 0:
                continue
            to = sq + d
            q = board[to]
            if q == OFF:
                continue
            leg = T[r + A_LEG1]
            if leg != 0 and board[sq + leg] != 0:
                continue
            leg = T[r + A_LEG2]
            if leg != 0 and board[sq + leg] != 0:
                continue
            if toreg >= 0 and T[regions + toreg * NSQ + to] == 0:
                continue
            if q == 0:
                if mode & MODE_QUIET:
                    count += 1
            elif (mode & MODE_CAPTURE) and ((q < 0) if side == 0 else (q > 0)):
                count += 1
        else:
            to = sq
            screened = kind == K_RIDE
            while True:
                if line != 0 and (T[lines + to] & line) == 0:
                    break
                to += d
                q = board[to]
                if q == OFF:
                    break
                if toreg >= 0 and T[regions + toreg * NSQ + to] == 0:
                    break
                if not screened:
                    if q != 0:
                        screened = True
                    continue
                if q == 0:
                    if mode & MODE_QUIET:
                        count += 1
                    continue
                if (mode & MODE_CAPTURE) and ((q < 0) if side == 0 else (q > 0)):
                    count += 1
                break
        if count >= cap:
            return cap
    return count


@kernel("int64(int64)", inline=True)
def cache_slot(key):
    """Where ``key``'s score is cached in the scratch array (see evaluate_lazy)."""
    return SC_CACHE + (key & ((1 << SC_CACHE_BITS) - 1))


@kernel(f"int64({SCRATCH}, int64)", inline=True)
def cached_score(scratch, key):
    """``key``'s cached score, or NOT_CACHED."""
    entry = scratch[cache_slot(key)]
    if entry != 0 and (entry >> SC_SCORE_BITS) == (key >> SC_SCORE_BITS):
        return (entry & ((1 << SC_SCORE_BITS) - 1)) - (1 << (SC_SCORE_BITS - 1))
    return NOT_CACHED


@kernel(f"void({SCRATCH}, int64, int64)", inline=True)
def cache_score(scratch, key, score):
    scratch[cache_slot(key)] = ((key >> SC_SCORE_BITS) << SC_SCORE_BITS) | (
        score + (1 << (SC_SCORE_BITS - 1)))


@kernel(f"void({SCRATCH}, int64)", inline=True)
def eval_prefetch(scratch, key):
    """Ask early for the evaluation-cache slot of ``key``."""
    prefetch(scratch, cache_slot(key))


@kernel("int64(int64, int64, int64, int64)", inline=True)
def taper(mg, eg, phase, total):
    if total <= 0:
        return mg
    return (mg * phase + eg * (total - phase)) // total


@kernel(f"int64({EVAL}, int64, int64, int64)", inline=True)
def pst(E, table, pc, sq):
    """Piece-square value (material included) of ``pc`` on ``sq``, side 0's view, from the
    EV_PST_MG or EV_PST_EG ``table``."""
    side = 0 if pc > 0 else 1
    return (1 if pc > 0 else -1) * E[E[table] + (side * MAX_TYPES + (pc if pc > 0 else -pc))
                                    * NSQ + sq]


@kernel(f"int64({EVAL}, int64, int64, int64, int64)", inline=True)
def hand_piece(E, table, side, pt, count):
    """What the ``count``-th piece of type ``pt`` in ``side``'s hand adds, side 0's view, from
    the EV_HAND_MG or EV_HAND_EG ``table`` (pieces past the eighth add nothing)."""
    if count > 8:
        return 0
    return (1 if side == 0 else -1) * E[E[table] + pt * 8 + count - 1]


@kernel(f"int64({EVAL}, int64, int64)", inline=True)
def armed_count(E, pc, count):
    """The ``armed`` field of material() for ``count`` pieces of code ``pc``."""
    pt = pc if pc > 0 else -pc
    if (E[EV_ATTACKERS] >> pt) & 1 == 0:
        return 0
    return count if pc > 0 else count << ARMED_SHIFT


@kernel(f"UniTuple(int64, 4)({TABLE}, {EVAL}, {BOARD}, {STATE})")
def material(T, E, board, st):
    """(mg, eg, phase, armed): the piece-square sums (material included, side 0's view) of the
    board and the hands, the game-phase count, and the pieces able to mate (side 0's count plus
    side 1's shifted by ARMED_SHIFT). The search keeps them up to date move by move
    (material_delta) instead of calling this at every node."""
    play = T[H_PLAY]
    phase_w = E[EV_PHASE]
    mg = 0
    eg = 0
    phase = 0
    armed = 0
    for i in range(T[H_NPLAY]):
        sq = T[play + i]
        p = board[sq]
        if p == 0:
            continue
        mg += pst(E, EV_PST_MG, p, sq)
        eg += pst(E, EV_PST_EG, p, sq)
        phase += E[phase_w + (p if p > 0 else -p)]
        armed += armed_count(E, p, 1)
    for side in range(2):
        sign = 1 if side == 0 else -1
        for pt in range(1, T[H_NTYPES] + 1):
            c = st[S_HAND + side * MAX_TYPES + pt]
            if c <= 0:
                continue
            armed += armed_count(E, sign * pt, c)
            phase += c * E[phase_w + pt]
            for j in range(1, c + 1):
                mg += hand_piece(E, EV_HAND_MG, side, pt, j)
                eg += hand_piece(E, EV_HAND_EG, side, pt, j)
    return mg, eg, phase, armed


@kernel(f"UniTuple(int64, 4)({TABLE}, {EVAL}, {BOARD}, {STATE}, {UNDO})")
def material_delta(T, E, board, st, undo):
    """How the move just made (the last undo record) changed material(): the board squares it
    changed and the hand it filled or emptied."""
    u = undo[st[S_SP] - 1]
    mv = u[U_MOVE]
    frm = mv & M_FROM_MASK
    to = (mv >> M_TO_SHIFT) & M_FROM_MASK
    if mv & MF_PASS:
        return 0, 0, 0, 0
    side = 1 - st[S_STM]
    if mv & MF_DROP:
        # the piece moves from the hand (count c + 1 -> c) to the board: phase and armed stay
        placed = board[to]
        c = st[S_HAND + side * MAX_TYPES + frm] + 1   # the count before the drop
        return (pst(E, EV_PST_MG, placed, to) - hand_piece(E, EV_HAND_MG, side, frm, c),
                pst(E, EV_PST_EG, placed, to) - hand_piece(E, EV_HAND_EG, side, frm, c), 0, 0)
    if mv & MF_CASTLE:
        kdest, rdest = castle_targets(T, frm, to)
        king = board[kdest]
        rook = board[rdest]
        return (pst(E, EV_PST_MG, king, kdest) + pst(E, EV_PST_MG, rook, rdest)
                - pst(E, EV_PST_MG, king, frm) - pst(E, EV_PST_MG, rook, to),
                pst(E, EV_PST_EG, king, kdest) + pst(E, EV_PST_EG, rook, rdest)
                - pst(E, EV_PST_EG, king, frm) - pst(E, EV_PST_EG, rook, to), 0, 0)
    moving = u[U_MOVED]
    placed = board[to]
    phase_w = E[EV_PHASE]
    mg = pst(E, EV_PST_MG, placed, to) - pst(E, EV_PST_MG, moving, frm)
    eg = pst(E, EV_PST_EG, placed, to) - pst(E, EV_PST_EG, moving, frm)
    phase = 0
    armed = 0
    if placed != moving:   # a promotion
        phase = E[phase_w + (placed if placed > 0 else -placed)] - E[
            phase_w + (moving if moving > 0 else -moving)]
        armed = armed_count(E, placed, 1) - armed_count(E, moving, 1)
    captured = u[U_CAPTURED]
    if captured != 0:
        capsq = u[U_CAPSQ]
        mg -= pst(E, EV_PST_MG, captured, capsq)
        eg -= pst(E, EV_PST_EG, captured, capsq)
        phase -= E[phase_w + (captured if captured > 0 else -captured)]
        armed -= armed_count(E, captured, 1)
        if T[H_FLAGS] & F_DROPS:
            # it joins the capturer's hand as its base type (the count already raised)
            base = T[T[H_DEMOTE] + (captured if captured > 0 else -captured)]
            c = st[S_HAND + side * MAX_TYPES + base]
            mg += hand_piece(E, EV_HAND_MG, side, base, c)
            eg += hand_piece(E, EV_HAND_EG, side, base, c)
            phase += E[phase_w + base]
            armed += armed_count(E, base if side == 0 else -base, 1)
    return mg, eg, phase, armed


@kernel(f"int64({TABLE}, {EVAL}, {BOARD}, {STATE}, {SCRATCH}, int64, int64, int64, int64, int64, "
        f"int64)")
def evaluate_with(T, E, board, st, scratch, alpha, beta, mg, eg, phase, armed):
    """The score, given material()'s four values: material and piece-square first; the
    costlier terms only when that score is within the game's lazy margin of the (alpha, beta)
    window. Full scores are cached by position hash in ``scratch`` (the search meets the same
    positions again across iterations and re-searches), so ``scratch`` must hold SC_SIZE slots
    (search_layout) and be zeroed when E changes."""
    key = st[S_HASH]
    cached = cached_score(scratch, key)
    if cached != NOT_CACHED:
        return cached
    if E[EV_ATTACKERS] != 0 and armed == 0:
        return 0   # neither side keeps a piece able to mate
    total = E[EV_PHASE_TOTAL]
    if phase > total:
        phase = total
    fast = taper(mg, eg, phase, total)
    if st[S_STM] == 1:
        fast = -fast
    fast += E[EV_TEMPO]
    margin = E[EV_LAZY]
    if fast - margin >= beta or fast + margin <= alpha:
        return fast
    play = T[H_PLAY]
    w = T[H_W]
    mob_mg = E[EV_MOB_MG]
    mob_eg = E[EV_MOB_EG]
    cap = E[EV_MOB_CAP]
    pawn = T[H_PAWN]
    pawn_terms = E[EV_PAWN] != 0
    files = w - 2 * PAD
    pawns = 0
    if pawn_terms:
        # scratch[0:16] side-0 pawns per file, [16:32] side 1, [32:48] side-1 max rank,
        # [48:64] side-0 min rank
        for f in range(files + 2):
            scratch[f] = 0
            scratch[16 + f] = 0
            scratch[32 + f] = -1
            scratch[48 + f] = 99
    # --- positional terms: mobility and pawn bookkeeping ---------------------------------------
    for i in range(T[H_NPLAY]):
        sq = T[play + i]
        p = board[sq]
        if p == 0:
            continue
        if p > 0:
            side = 0
            pt = p
            sign = 1
        else:
            side = 1
            pt = -p
            sign = -1
        if E[mob_mg + pt] != 0 or E[mob_eg + pt] != 0:
            m = piece_mobility(T, board, sq, side, pt, cap)
            mg += sign * m * E[mob_mg + pt]
            eg += sign * m * E[mob_eg + pt]
        if pawn_terms and pt == pawn:
            scratch[SC_LIST + pawns] = sq   # for the passed-pawn pass below
            pawns += 1
            f = sq % w - PAD + 1
            rank = sq // w - PAD
            if side == 0:
                scratch[f] += 1
                if rank < scratch[48 + f]:
                    scratch[48 + f] = rank
            else:
                scratch[16 + f] += 1
                if rank > scratch[32 + f]:
                    scratch[32 + f] = rank
    # king zone: enemy pieces within two steps, own guards adjacent
    kzone = E[EV_KZONE]
    shield = E[EV_SHIELD]
    for side in range(2):
        ksq = st[S_KING + side]
        if ksq == 0:
            continue
        sign = 1 if side == 0 else -1
        danger = 0
        guard = 0
        for dr in range(-2, 3):
            for df in range(-2, 3):
                x = ksq + dr * w + df
                if x < 0 or x >= NSQ:
                    continue
                q = board[x]
                if q == 0 or q == OFF:
                    continue
                own = (q > 0) if side == 0 else (q < 0)
                qt = q if q > 0 else -q
                if own:
                    if -1 <= dr <= 1 and -1 <= df <= 1:
                        guard += E[shield + qt]
                else:
                    danger += E[kzone + qt]
        # pieces the enemy holds in hand can be dropped next to the king: half weight each
        enemy = 1 - side
        for pt in range(1, T[H_NTYPES] + 1):
            c = st[S_HAND + enemy * MAX_TYPES + pt]
            if c > 0:
                danger += c * E[kzone + pt] // 2
        # danger grows faster than linearly: several attackers together are what mates
        mg -= sign * (danger + danger * danger // 256 - guard)
        eg -= sign * (danger // 2)
    if pawn_terms:
        doubled = E[EV_DOUBLED]
        isolated = E[EV_ISOLATED]
        passed = E[EV_PASSED]
        ranks = T[H_RANKS]
        for f in range(1, files + 1):
            c0 = scratch[f]
            c1 = scratch[16 + f]
            if c0 > 1:
                mg -= doubled * (c0 - 1)
                eg -= doubled * (c0 - 1)
            if c1 > 1:
                mg += doubled * (c1 - 1)
                eg += doubled * (c1 - 1)
            if c0 > 0 and scratch[f - 1] == 0 and scratch[f + 1] == 0:
                mg -= isolated * c0
                eg -= isolated * c0
            if c1 > 0 and scratch[16 + f - 1] == 0 and scratch[16 + f + 1] == 0:
                mg += isolated * c1
                eg += isolated * c1
        # passed pawns: the pawns again, compared with the enemy extremes
        for i in range(pawns):
            sq = scratch[SC_LIST + i]
            p = board[sq]
            f = sq % w - PAD + 1
            rank = sq // w - PAD
            if p > 0:
                blocked = False
                for g in range(f - 1, f + 2):
                    if scratch[32 + g] > rank:
                        blocked = True
                if not blocked:
                    b = E[passed + rank]
                    mg += b // 2
                    eg += b
            else:
                blocked = False
                for g in range(f - 1, f + 2):
                    if scratch[48 + g] < rank:
                        blocked = True
                if not blocked:
                    b = E[passed + ranks - 1 - rank]
                    mg -= b // 2
                    eg -= b
    score = taper(mg, eg, phase, total)
    if st[S_STM] == 1:
        score = -score
    score += E[EV_TEMPO]
    cache_score(scratch, key, score)
    return score


@kernel(f"int64({TABLE}, {EVAL}, {BOARD}, {STATE}, {SCRATCH}, int64, int64)")
def evaluate_lazy(T, E, board, st, scratch, alpha, beta):
    """evaluate_with on material() computed afresh."""
    mg, eg, phase, armed = material(T, E, board, st)
    return evaluate_with(T, E, board, st, scratch, alpha, beta, mg, eg, phase, armed)


@kernel(f"int64({TABLE}, {EVAL}, {BOARD}, {STATE}, {SCRATCH}, int64, int64, int64, int64, int64, "
        f"int64, int64)", inline=True)
def evaluate_at(T, E, board, st, scratch, ply, alpha, beta, mg, eg, phase, armed):
    """The search's static evaluation of the node at ``ply``: the net's, from that ply's
    accumulators (engine/kernels/nnue.py), where the game has a net; else evaluate_with. Both
    go through the evaluation cache and score a side without mating material as a draw."""
    if E[EV_NNUE] == 0:
        return evaluate_with(T, E, board, st, scratch, alpha, beta, mg, eg, phase, armed)
    key = st[S_HASH]
    cached = cached_score(scratch, key)
    if cached != NOT_CACHED:
        return cached
    if E[EV_ATTACKERS] != 0 and armed == 0:
        return 0
    score = min(max(nnue_output(E, st, scratch, ply), -NET_BOUND), NET_BOUND)
    cache_score(scratch, key, score)
    return score


@kernel(f"int64({TABLE}, {EVAL}, {BOARD}, {STATE}, {SCRATCH})")
def evaluate(T, E, board, st, scratch):
    """The static evaluation of a position outside the search (the net's by a refresh)."""
    if E[EV_NNUE] == 0:
        return evaluate_lazy(T, E, board, st, scratch, -(1 << 40), 1 << 40)
    nnue_refresh(T, E, board, st, scratch, ACC_FREE)
    mg, eg, phase, armed = material(T, E, board, st)
    return evaluate_at(T, E, board, st, scratch, ACC_FREE, -(1 << 40), 1 << 40, mg, eg, phase,
                       armed)
