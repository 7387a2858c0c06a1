"""Static evaluation driven by the eval table E (built by engine/evaluation from per-game data).

Terms, each active only where the game's data gives it weight:
  piece-square values (material included), middlegame/endgame tapered by a phase count;
  pieces in hand (shogi), valued per count; mobility of the pieces with a mobility weight;
  king zone: enemy pieces near our royal piece (and, at half weight, enemy pieces in hand),
  own guards next to it;
  chess-style pawn structure (doubled, isolated, passed);
  a dead draw when neither side keeps a piece able to mate (EV_ATTACKERS).
The score is from the side to move's view, plus a tempo bonus.
"""
from .jit import BOARD, STATE, TABLE, kernel
from .layout import (A_DELTA, A_FROMREG, A_KIND, A_LEG1, A_LEG2, A_LINE, A_MODE, A_SIZE, A_TOREG,
                     H_ATOM_IDX, H_ATOMS, H_LINES, H_NPLAY, H_NTYPES, H_PAWN, H_PLAY, H_RANKS,
                     H_REGIONS, H_W, K_LEAP, K_RIDE, MAX_TYPES, MODE_CAPTURE, MODE_QUIET, NSQ, OFF,
                     PAD, S_HAND, S_HASH, S_KING, S_STM)
from .prefetch import prefetch
from .search_layout import (EV_ATTACKERS, EV_DOUBLED, EV_HAND_EG, EV_HAND_MG, EV_ISOLATED,
                            EV_KZONE, EV_LAZY, EV_MOB_CAP, EV_MOB_EG, EV_MOB_MG, EV_PASSED, EV_PAWN,
                            EV_PHASE, EV_PHASE_TOTAL, EV_PST_EG, EV_PST_MG, EV_SHIELD, EV_TEMPO,
                            SC_CACHE, SC_CACHE_BITS, SC_LIST, SC_SCORE_BITS)

EVAL = "int32[::1]"
SCRATCH = "int64[::1]"


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


@kernel(f"void({SCRATCH}, int64)", inline=True)
def eval_prefetch(scratch, key):
    """Ask early for the evaluation-cache slot of ``key``."""
    prefetch(scratch, cache_slot(key))


@kernel("int64(int64, int64, int64, int64)", inline=True)
def taper(mg, eg, phase, total):
    if total <= 0:
        return mg
    return (mg * phase + eg * (total - phase)) // total


@kernel(f"int64({TABLE}, {EVAL}, {BOARD}, {STATE}, {SCRATCH}, int64, int64)")
def evaluate_lazy(T, E, board, st, scratch, alpha, beta):
    """Material and piece-square first; the costlier terms only when that score is within the
    game's lazy margin of the (alpha, beta) window. Full scores are cached by position hash in
    ``scratch`` (the search meets the same positions again across iterations and re-searches), so
    ``scratch`` must hold SC_SIZE slots (search_layout) and be zeroed when E changes."""
    key = st[S_HASH]
    slot = cache_slot(key)
    high = key >> SC_SCORE_BITS
    entry = scratch[slot]
    if entry != 0 and (entry >> SC_SCORE_BITS) == high:
        return (entry & ((1 << SC_SCORE_BITS) - 1)) - (1 << (SC_SCORE_BITS - 1))
    play = T[H_PLAY]
    w = T[H_W]
    pst_mg = E[EV_PST_MG]
    pst_eg = E[EV_PST_EG]
    phase_w = E[EV_PHASE]
    mob_mg = E[EV_MOB_MG]
    mob_eg = E[EV_MOB_EG]
    cap = E[EV_MOB_CAP]
    attackers = E[EV_ATTACKERS]
    pawn = T[H_PAWN]
    pawn_terms = E[EV_PAWN] != 0
    files = w - 2 * PAD
    if pawn_terms:
        # scratch[0:16] side-0 pawns per file, [16:32] side 1, [32:48] side-1 max rank,
        # [48:64] side-0 min rank
        for f in range(files + 2):
            scratch[f] = 0
            scratch[16 + f] = 0
            scratch[32 + f] = -1
            scratch[48 + f] = 99
    mg = 0
    eg = 0
    phase = 0
    armed0 = False
    armed1 = False
    occupied = 0
    for i in range(T[H_NPLAY]):
        sq = T[play + i]
        p = board[sq]
        if p == 0:
            continue
        scratch[SC_LIST + occupied] = sq   # the later passes visit only these squares
        occupied += 1
        if p > 0:
            side = 0
            pt = p
            sign = 1
        else:
            side = 1
            pt = -p
            sign = -1
        idx = (side * MAX_TYPES + pt) * NSQ + sq
        mg += sign * E[pst_mg + idx]
        eg += sign * E[pst_eg + idx]
        phase += E[phase_w + pt]
        if (attackers >> pt) & 1:
            if side == 0:
                armed0 = True
            else:
                armed1 = True
    # pieces in hand
    hand_mg = E[EV_HAND_MG]
    hand_eg = E[EV_HAND_EG]
    for side in range(2):
        sign = 1 if side == 0 else -1
        for pt in range(1, T[H_NTYPES] + 1):
            c = st[S_HAND + side * MAX_TYPES + pt]
            if c <= 0:
                continue
            if (attackers >> pt) & 1:
                if side == 0:
                    armed0 = True
                else:
                    armed1 = True
            phase += c * E[phase_w + pt]
            for j in range(c if c < 8 else 8):
                mg += sign * E[hand_mg + pt * 8 + (j if j < 7 else 7)]
                eg += sign * E[hand_eg + pt * 8 + (j if j < 7 else 7)]
    if attackers != 0 and not armed0 and not armed1:
        return 0
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
    # --- positional terms: mobility and pawn bookkeeping (second pass, occupied squares) ------
    for i in range(occupied):
        sq = scratch[SC_LIST + i]
        p = board[sq]
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
        for i in range(occupied):
            sq = scratch[SC_LIST + i]
            p = board[sq]
            if p != pawn and p != -pawn:
                continue
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
    scratch[slot] = (high << SC_SCORE_BITS) | (score + (1 << (SC_SCORE_BITS - 1)))
    return score


@kernel(f"int64({TABLE}, {EVAL}, {BOARD}, {STATE}, {SCRATCH})")
def evaluate(T, E, board, st, scratch):
    return evaluate_lazy(T, E, board, st, scratch, -(1 << 40), 1 << 40)
