"""Game clocks: Fischer increment, byo-yomi periods, fixed time per move."""

from protocol.clients import Limit

from .config import TimeControl


class Clock:
    """Both players' clocks. ``allowed(side)`` is how long the next move may take before
    it is a time forfeit; ``spend`` charges a move and says whether the flag fell."""

    def __init__(self, tc: TimeControl):
        self.tc = tc
        # With no base time the increment is all a player has: credit it before the first
        # move (as a DGT clock does), else 0+INC would lose every game on time at move 1.
        start = tc.base or (tc.inc if not tc.byoyomi else 0.0)
        self.main = [start, start]
        self.periods = [tc.periods if tc.byoyomi else 0] * 2

    def limit(self) -> Limit:
        tc = self.tc
        if tc.clocked:
            return Limit(time=(self.main[0], self.main[1]), inc=(tc.inc, tc.inc),
                         byoyomi=tc.byoyomi, movestogo=tc.movestogo,
                         nodes=tc.nodes, depth=tc.depth)
        return Limit(movetime=tc.movetime, nodes=tc.nodes, depth=tc.depth)

    def allowed(self, side: int) -> float | None:
        """Seconds this move may take, margin excluded; None when nothing is timed."""
        tc = self.tc
        if tc.clocked:
            return self.main[side] + tc.byoyomi * self.periods[side]
        if tc.movetime is not None:
            return tc.movetime
        return None

    def spend(self, side: int, elapsed: float) -> bool:
        """Charge ``elapsed`` seconds to ``side``; False if that loses on time."""
        tc = self.tc
        if not tc.clocked:
            return tc.movetime is None or elapsed <= tc.movetime + tc.margin
        over = elapsed - self.main[side]
        if over <= 0:
            self.main[side] -= elapsed
        else:
            self.main[side] = 0.0
            if tc.byoyomi:
                # A move that fits in one period keeps it; each full period exceeded is lost.
                used = int(over // tc.byoyomi) if over > tc.byoyomi else 0
                if over > tc.byoyomi * self.periods[side] + tc.margin:
                    self.periods[side] = 0
                    return False
                self.periods[side] = max(1, self.periods[side] - used)
            elif over > tc.margin:
                return False
        if tc.inc and (self.main[side] > 0 or not tc.byoyomi):
            self.main[side] += tc.inc
        return True
