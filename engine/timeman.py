"""How long to think: a soft limit (do not start another iteration after it) and a hard limit
(the kernel stops itself there), both in milliseconds from the start of the search.

Never loses on time by construction: the hard limit never exceeds the time left on the clock
(plus byo-yomi) minus the Move Overhead, and is at least 1 ms even when the clock already shows
zero or less — the search then still returns the best move of its first iteration.
"""
from __future__ import annotations

from dataclasses import dataclass

DEFAULT_MOVES_TO_GO = 25     # sudden death: plan as if this many moves remain (at 10 s + 0.1 s
#                             30 left a median 3.9 s of the 10 s unused at the end of a game)
MIN_MS = 1.0
BYOYOMI_RESERVE_MS = 40.0


@dataclass(frozen=True)
class TimePlan:
    soft_ms: float | None      # None: no time limit
    hard_ms: float | None
    fixed: bool = False        # a fixed time per move: keep iterating until the hard limit


UNLIMITED = TimePlan(None, None)


def plan(limits, side: int, move_overhead_ms: float) -> TimePlan:
    """The time plan for ``limits`` (engine.search.Limits) when ``side`` is to move."""
    if limits.infinite:
        return UNLIMITED
    candidates: list[TimePlan] = []
    if limits.movetime_ms is not None:
        hard = max(MIN_MS, float(limits.movetime_ms) - move_overhead_ms)
        candidates.append(TimePlan(hard, hard, fixed=True))
    remaining = limits.time_ms[side] if limits.time_ms else None
    inc = float(limits.inc_ms[side]) if limits.inc_ms else 0.0
    byo = float(limits.byoyomi_ms[side]) if limits.byoyomi_ms else 0.0
    if remaining is not None or byo > 0:
        candidates.append(_clock_plan(float(remaining or 0.0), max(0.0, inc), max(0.0, byo),
                                      limits.movestogo, move_overhead_ms))
    if not candidates:
        return UNLIMITED
    soft = min(c.soft_ms for c in candidates)
    hard = min(c.hard_ms for c in candidates)
    return TimePlan(min(soft, hard), hard, fixed=all(c.fixed for c in candidates))


def _clock_plan(remaining: float, inc: float, byo: float, movestogo: int | None,
                overhead: float) -> TimePlan:
    remaining = max(0.0, remaining)
    mtg = max(1, min(int(movestogo), 50)) if movestogo else DEFAULT_MOVES_TO_GO
    # What can be spent on this move at most without flagging: the main time (byo-yomi is
    # granted afresh each move) minus the overhead; keep a reserve unless this is the last move
    # before the control.
    usable = remaining + byo - overhead
    if usable <= MIN_MS:
        return TimePlan(MIN_MS, MIN_MS)
    if byo > 0 and remaining <= byo:
        # in (or nearly in) byo-yomi: use most of the period, but keep back 10% of it (40 ms at
        # least) besides the overhead: the move arrives some 20 ms after the hard limit on a
        # quiet machine (0.2 s periods: 27 ms left at worst with a 0.9 share), more under load
        hard = max(MIN_MS, byo - overhead - max(BYOYOMI_RESERVE_MS, byo * 0.1)) + remaining * 0.5
        hard = min(hard, usable)
        return TimePlan(hard, hard)
    share = remaining / mtg + inc * 0.75 + byo * 0.8
    cap = usable * (0.9 if mtg == 1 else 0.5 if byo == 0 else 0.8)
    hard = max(MIN_MS, min(share * 4.0, cap))
    soft = max(MIN_MS, min(share, hard))
    return TimePlan(soft, hard)
