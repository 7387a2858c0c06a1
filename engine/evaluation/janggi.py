"""Janggi evaluation: piece-square shapes hand-set, scalar weights (janggi.json) Texel-tuned.

Soldiers gain as they advance and most near the enemy palace; horses like the centre; the
general prefers the palace centre. Mobility for chariot, horse, cannon and elephant. The WDL
model is hand-set with no draw margin: the point count decides every janggi game. The rules'
point values are not evaluation: they live on the pieces in engine/variants/janggi.py.
"""
from . import EvalProfile, weights


def _pst(letter: str, f: int, r: int) -> tuple[int, int]:
    centre = 4 - abs(f - 4)
    if letter == "P":
        bonus = max(0, r - 3) * 12 + (3 * centre if r >= 5 else 0)
        if 3 <= f <= 5 and 7 <= r <= 9:
            bonus += 25
        if r == 9:
            bonus -= 15
        return bonus, bonus + 10
    if letter == "N":
        return 6 * centre + min(r, 6) * 4 - (10 if r == 0 else 0), 6 * centre + min(r, 6) * 3
    if letter == "K":
        return (10 if (f, r) == (4, 1) else 0), 0
    if letter == "R":
        return 2 * min(r, 7), 0
    return 0, 0


PROFILE = EvalProfile(
    **weights.load(__file__),
    pst=_pst,
    phase={"R": 6, "C": 4, "N": 3, "B": 2, "A": 1},
    mobility_cap=17,
)
