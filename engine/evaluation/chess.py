"""Chess evaluation data (hand-set, untuned; shapes after the well-known "simplified evaluation"
tables): pawns gain by advancing and in the centre, knights and bishops like the centre, rooks the
seventh rank, the king hides on the back rank in the middlegame and centralises in the endgame.
Mobility for the minor pieces, rooks and the queen; pawn structure (doubled, isolated, passed);
the king zone counts enemy pieces near the king, own pawns next to it shield it.
Rules for the search: 50-move rule (100 plies) draws; stalemate draws (from the spec).

Texel tuning (tools/texel_tune.py) of the scalar terms was tried and lost: on 23,418 quiet
positions of 300 self-play games (4000 nodes per move; K = 179 cp) it lowered the held-out error
0.1119 -> 0.1059 (each term within 25% or 8 cp of these values) but lost the validation match
against these values at 6000 nodes per move, 100 games: +30 =9 -61, -111 +/- 58 Elo; bounded to
10% or 4 cp (held out 0.1068): +39 =15 -46, -24 +/- 52. These hand-set numbers stay.
"""
from . import EvalProfile


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
    values={"K": (0, 0), "Q": (950, 1000), "R": (480, 550), "B": (335, 330), "N": (320, 300),
            "P": (90, 120)},
    pst=_pst,
    phase={"N": 1, "B": 1, "R": 2, "Q": 4},
    mobility={"N": (4, 4), "B": (5, 5), "R": (2, 4), "Q": (1, 3)},
    mobility_cap=27,
    king_zone={"Q": 20, "R": 12, "B": 8, "N": 10},
    shield={"P": 12},
    pawn_structure=True,
    doubled=15,
    isolated=12,
    passed=(0, 5, 10, 20, 35, 60, 100, 0),
    tempo=10,
    rotated=False,
    clock_draw_plies=100,
    wdl_scale=90.0,
    wdl_draw_margin=150.0,
)
