"""The search's own tables, carried in each game's eval table (engine/evaluation builds it) so
that a kernel reads them like the game's other numbers and a game can one day tune its own."""
from __future__ import annotations

import math


def late_move_reductions() -> list[int]:
    """Plies to reduce the ``m``-th move at depth ``d``, at [min(d, 63) * 64 + min(m, 63)]."""
    table = [0] * (64 * 64)
    for d in range(1, 64):
        for m in range(1, 64):
            table[d * 64 + m] = int(0.75 + math.log(d) * math.log(m) / 2.25)
    return table
