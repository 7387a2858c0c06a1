"""Chess evaluation: hand-set shapes after the well-known "simplified evaluation" tables.

Pawns gain by advancing and in the centre, knights and bishops like the centre, rooks the seventh
rank, the king hides on the back rank in the middlegame and centralises in the endgame. Mobility
for the minor pieces, rooks and the queen; pawn structure (doubled, isolated, passed); the king
zone counts enemy pieces near the king, own pawns next to it shield it. The scalar weights are in
chess.json (hand-set: Texel tuning lost its validation matches). The search is the selective one
(search_tables.SELECTIVE_SKIPPING: SELECTIVE plus skip_late_quiets), each part of which won its
SPRT here (README, "How the search is measured").
"""
from ..search_tables import SELECTIVE_SKIPPING
from . import EvalProfile, weights


def _centre(f: int, r: int) -> float:
    return max(abs(f - 3.5), abs(r - 3.5))     # 0.5 in the centre, 3.5 in the corners


def _pst(letter: str, f: int, r: int) -> tuple[int, int]:
    c = _centre(f, r)
    if letter == "P":
        mg = 5 * max(0, r - 1) + (20 if f in (3, 4) and r in (3, 4) else 0)
        return mg, 10 * max(0, r - 1)
    if letter == "N":
        v = int(25 - 15 * c)
        return v, v
    if letter == "B":
        v = int(10 - 6 * c)
        return v, v
    if letter == "R":
        return (20 if r == 6 else 0) + (5 if f in (3, 4) else 0), 0
    if letter == "Q":
        return int(5 - 3 * c), int(10 - 5 * c)
    if letter == "K":
        mg = (20 if r == 0 and f in (1, 2, 6) else 0) - 25 * min(r, 3)
        return mg, int(30 - 15 * c)
    return 0, 0


PROFILE = EvalProfile(
    **weights.load(__file__),
    pst=_pst,
    phase={"N": 1, "B": 1, "R": 2, "Q": 4},
    mobility_cap=27,
    pawn_structure=True,
    rotated=False,
    search=SELECTIVE_SKIPPING,
)
