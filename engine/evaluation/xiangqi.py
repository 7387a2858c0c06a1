"""Xiangqi evaluation: piece-square shapes hand-set, scalar weights (xiangqi.json) Texel-tuned.

Crossed soldiers gain 60-120 and most near the palace; a soldier on the last rank loses most of
that (it can only move sideways). Horses like the centre and advancing; cannons the central
file. Mobility counts reachable points for chariot, horse and cannon (a blocked horse is the
classic weakness). The king zone counts enemy attackers near the general; advisors and
elephants next to it are its shield. The WDL model is hand-set. The search is the selective
one (search_tables.SELECTIVE_SKIPPING: SELECTIVE plus skip_late_quiets), each part of which
won its SPRT here (README, "How the search is measured").
"""
from ..search_tables import SELECTIVE_SKIPPING
from . import EvalProfile, weights


def _pst(letter: str, f: int, r: int) -> tuple[int, int]:
    centre = 4 - abs(f - 4)
    if letter == "P":
        if r <= 4:
            return (0, 0) if r < 3 else (5 * (1 if f in (2, 4, 6) else 0), 0)
        bonus = 60 + 8 * centre + (25 if r in (6, 7) else 10 if r == 8 else 0)
        if r == 9:
            bonus = 20 + 4 * centre
        near_palace = 3 <= f <= 5 and r >= 7
        return bonus + (20 if near_palace else 0), bonus + 30
    if letter == "N":
        return 5 * centre + min(r, 7) * 5 - (15 if r == 0 else 0), 5 * centre + min(r, 7) * 3
    if letter == "R":
        return 2 * min(r, 7) + (10 if r == 6 else 0), 0
    if letter == "C":
        return (15 if f == 4 else 0) + (5 if r == 2 else 0), 0
    if letter == "K":
        return (-10 * r) + (5 if f == 4 else 0), 0
    return 0, 0


PROFILE = EvalProfile(
    **weights.load(__file__),
    pst=_pst,
    phase={"R": 6, "C": 3, "N": 3, "A": 1, "B": 1},
    mobility_cap=17,
    search=SELECTIVE_SKIPPING,
)
