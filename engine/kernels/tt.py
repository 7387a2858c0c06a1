"""Transposition table in one int64 numpy array shared by every search thread.

A bucket is four words, 32 bytes, so one memory access brings it in: two entries of (check,
data). ``data`` packs move, bound, depth, age and score (slots in search_layout.py); ``check``
holds ``key ^ data`` so a torn write by another thread reads as a miss (lockless hashing). Probe
both entries, replace the same key, else the shallower / older one.
"""
from .jit import kernel
from .prefetch import prefetch
from .search_layout import (MOVE_MASK, RULE_BOUND, TT_AGE_SHIFT, TT_BOUND_SHIFT, TT_DEPTH_SHIFT,
                            TT_SCORE_SHIFT)

TTK = "int64[::1]"


@kernel(f"int64({TTK}, int64)", inline=True)
def tt_bucket(table, key):
    """Index of ``key``'s four-word bucket."""
    return (key & (table.shape[0] - 1)) & ~3


@kernel(f"void({TTK}, int64)", inline=True)
def tt_prefetch(table, key):
    """Ask for ``key``'s bucket early (right after a move is made): the child node's probe then
    finds it in cache instead of waiting on memory."""
    prefetch(table, tt_bucket(table, key))


@kernel(f"int64({TTK}, int64)", inline=True)
def tt_probe(table, key):
    """The data word of ``key``'s entry, or 0 on a miss (a stored word is never 0)."""
    i = tt_bucket(table, key)
    d = table[i + 1]
    if table[i] ^ d == key and d != 0:
        return d
    d = table[i + 3]
    if table[i + 2] ^ d == key and d != 0:
        return d
    return 0


@kernel(f"void({TTK}, int64, int64, int64, int64, int64, int64)", inline=True)
def tt_store(table, key, move, bound, depth, score, age):
    i = tt_bucket(table, key)
    slot = i
    d0 = table[i + 1]
    d1 = table[i + 3]
    if table[i] ^ d0 == key:
        slot = i
    elif table[i + 2] ^ d1 == key:
        slot = i + 2
    else:
        # keep the deeper entry of the current search; replace stale or shallow ones
        a0 = (d0 >> TT_AGE_SHIFT) & 255
        a1 = (d1 >> TT_AGE_SHIFT) & 255
        v0 = ((d0 >> TT_DEPTH_SHIFT) & 255) - (0 if a0 == age else 64)
        v1 = ((d1 >> TT_DEPTH_SHIFT) & 255) - (0 if a1 == age else 64)
        slot = i if v0 <= v1 else i + 2
    old = table[slot + 1]
    if move == 0 and table[slot] ^ old == key:
        move = old & MOVE_MASK  # keep a known best move when storing a bound without one
    if depth < -15:
        depth = -15
    if depth > 200:
        depth = 200
    word = ((move & MOVE_MASK) | (bound << TT_BOUND_SHIFT) | ((depth + 16) << TT_DEPTH_SHIFT)
            | ((age & 255) << TT_AGE_SHIFT) | ((score + 32768) << TT_SCORE_SHIFT))
    table[slot + 1] = word
    table[slot] = key ^ word


@kernel("int64(int64, int64)", inline=True)
def score_to_tt(score, ply):
    if score >= RULE_BOUND:
        return score + ply
    if score <= -RULE_BOUND:
        return score - ply
    return score


@kernel("int64(int64, int64)", inline=True)
def score_from_tt(score, ply):
    if score >= RULE_BOUND:
        return score - ply
    if score <= -RULE_BOUND:
        return score + ply
    return score


@kernel(f"int64({TTK}, int64)")
def tt_hashfull(table, age):
    """Entries of the current age among the first 1000, i.e. per mille."""
    n = 1000 if table.shape[0] >= 2000 else table.shape[0] // 2
    used = 0
    for i in range(n):
        d = table[2 * i + 1]
        if d != 0 and ((d >> TT_AGE_SHIFT) & 255) == age:
            used += 1
    return used * 1000 // n
