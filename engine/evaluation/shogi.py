"""Shogi evaluation data (hand-set, untuned).

Material near common engine values with pawn 100: lance 300, knight 350, silver 500, gold 550,
bishop 850, rook 1000, promoted minor pieces 550-600, horse 1100, dragon 1300. A piece in hand is
worth a little more than on the board (it can drop anywhere), with diminishing value for extra
pawns. King safety dominates shogi evaluation: enemy pieces within two squares of the king cost,
golds and silvers next to it protect; the king prefers its own back rank, off the centre file.
No phase taper (material rarely leaves the game in shogi).

Texel tuning (tools/texel_tune.py) was tried and lost: on 12,035 quiet positions of 250 games (100
against Fairy-Stockfish at 10 s + 0.1 s, 150 self-play at 4000 nodes) the logistic scale came out
at K = 1534 cp (the static score says little about the result) and the held-out error rose
0.2158 -> 0.2170; the validation match at 6000 nodes per move lost +31 =0 -69, -139 +/- 83 Elo.
These hand-set numbers stay.
"""
from . import EvalProfile


def _pst(letter: str, f: int, r: int) -> tuple[int, int]:
    if letter == "K":
        off_centre = min(abs(f - 4), 3)
        return -25 * min(r, 4) + 8 * off_centre, -10 * min(r, 4)
    if letter == "P":
        return 4 * min(r, 5), 6 * min(r, 5)
    if letter in ("S", "G"):
        return -8 * max(0, r - 3), 0
    return 0, 0


PROFILE = EvalProfile(
    values={"K": (0, 0), "R": (1000, 1000), "B": (850, 850), "G": (550, 550), "S": (500, 500),
            "N": (350, 350), "L": (300, 300), "P": (100, 100), "+R": (1300, 1300),
            "+B": (1100, 1100), "+S": (550, 550), "+N": (580, 580), "+L": (580, 580),
            "+P": (600, 600)},
    pst=_pst,
    hand={"R": (1100,), "B": (930,), "G": (620,), "S": (570,), "N": (400,), "L": (350,),
          "P": (125, 115, 105, 95, 85, 80)},
    mobility={"R": (2, 2), "B": (2, 2), "+R": (2, 2), "+B": (2, 2), "L": (1, 1)},
    mobility_cap=16,
    king_zone={"R": 30, "+R": 40, "B": 22, "+B": 30, "G": 18, "S": 16, "N": 12, "L": 8, "P": 5,
               "+P": 16, "+S": 16, "+N": 16, "+L": 16},
    shield={"G": 18, "S": 14, "P": 4, "N": 3, "L": 3, "+P": 8, "+S": 10},
    tempo=20,
    lazy_margin=600,
    perpetual_check_loses=True,
    wdl_scale=300.0,
    wdl_draw_margin=50.0,
)
