"""Shogi evaluation: hand-set, weights in shogi.json (Texel tuning lost its validation match).

Material near common engine values with pawn 100. A piece in hand is worth a little more than on
the board (it can drop anywhere), with diminishing value for extra pawns. King safety dominates
shogi evaluation: enemy pieces within two squares of the king cost, golds and silvers next to it
protect; the king prefers its own back rank, off the centre file. No phase taper (material
rarely leaves the game in shogi). The search is the default one plus skip_late_quiets (+64 Elo
at 2 s + 0.02 s), correction history (+29), Fairy-Stockfish's move-count pruning at every
depth (+31) and quiet checks that lose their piece searched as quiet moves (+38), each
of which won its SPRT here (README, "How the search is measured").
"""
from ..search_tables import EVERY_DEPTH, SearchProfile
from . import EvalProfile, weights


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
    **weights.load(__file__),
    pst=_pst,
    mobility_cap=16,
    lazy_margin=600,
    search=SearchProfile(late_move_depth=EVERY_DEPTH, late_move_quadratic=1,
                         late_move_divisor=2, late_move_divisor_improving=1,
                         skip_late_quiets=True, correction_history=True,
                         losing_checks_as_quiets=True),
)
