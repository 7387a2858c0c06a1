"""Xiangqi evaluation data (hand-set, untuned).

Material follows common engine practice with a soldier at 100 before the river: chariot 900-1000,
cannon 450 (weaker in the endgame, 400), horse 400 (stronger in the endgame, 450), advisor and
elephant 200. Crossed soldiers gain 60-120 and most near the palace; a soldier on the last rank
loses most of that (it can only move sideways). Horses like the centre and advancing; cannons the
central file. Mobility counts reachable points for chariot, horse and cannon (a blocked horse is
the classic weakness). The king zone counts enemy attackers near the general; advisors and
elephants next to it are its shield.
"""
from . import EvalProfile


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
    values={"K": (0, 0), "A": (200, 200), "B": (200, 200), "N": (400, 450), "R": (900, 1000),
            "C": (450, 400), "P": (100, 120)},
    pst=_pst,
    phase={"R": 6, "C": 3, "N": 3, "A": 1, "B": 1},
    mobility={"R": (3, 4), "N": (6, 6), "C": (2, 2)},
    mobility_cap=17,
    king_zone={"R": 14, "N": 16, "C": 12, "P": 10},
    shield={"A": 8, "B": 4},
    tempo=15,
    perpetual_check_loses=True,
    clock_draw_plies=120,
    mating_material=("R", "N", "C", "P"),
    wdl_scale=120.0,
    wdl_draw_margin=120.0,
)
