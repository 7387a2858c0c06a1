"""Xiangqi: movement and rule numbers as data; game ends live in ``engine/rules/xiangqi.py``."""
from ..spec import (CAPTURE, DIAGONAL, HOP, LEAP, ORTHOGONAL, QUIET, Atom, PieceSpec, Region,
                    VariantSpec, leaper, rider)

PALACE = Region(((3, 5, 0, 2),))
OWN_HALF = Region(((0, 8, 0, 4),))
ENEMY_HALF = Region(((0, 8, 5, 9),))

# Horse: one orthogonal step (the leg, which must be empty) then one diagonal step outward.
HORSE_ATOMS = tuple(
    Atom(LEAP, (df, dr), legs=((df // 2, 0) if abs(df) == 2 else (0, dr // 2),))
    for df, dr in ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (-2, 1), (2, -1), (-2, -1))
)
ELEPHANT_ATOMS = tuple(
    Atom(LEAP, (2 * df, 2 * dr), legs=((df, dr),), to_region="own_half") for df, dr in DIAGONAL
)

GENERAL = PieceSpec("K", "general", leaper(*ORTHOGONAL, to_region="palace"), 0, royal=True)
ADVISOR = PieceSpec("A", "advisor", leaper(*DIAGONAL, to_region="palace"), 200)
ELEPHANT = PieceSpec("B", "elephant", ELEPHANT_ATOMS, 200, aliases=("E",))
HORSE = PieceSpec("N", "horse", HORSE_ATOMS, 400, aliases=("H",))
CHARIOT = PieceSpec("R", "chariot", rider(*ORTHOGONAL), 900)
CANNON = PieceSpec("C", "cannon",
                   rider(*ORTHOGONAL, mode=QUIET) + tuple(Atom(HOP, d, mode=CAPTURE) for d in ORTHOGONAL),
                   450)
SOLDIER = PieceSpec("P", "soldier",
                    leaper((0, 1)) + leaper((1, 0), (-1, 0), from_region="enemy_half"), 100,
                    is_pawn=True)

XIANGQI = VariantSpec(
    name="xiangqi",
    files=9,
    ranks=10,
    pieces=(GENERAL, ADVISOR, ELEPHANT, HORSE, CHARIOT, CANNON, SOLDIER),
    start_fen="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    regions={"palace": PALACE, "own_half": OWN_HALF, "enemy_half": ENEMY_HALF},
    flying_general=True,
    fen_sides=(("w", "r"), ("b",)),   # some UCCI software writes r for red
    move_style="coord0",
    side_names=("red", "black"),
    no_moves_result="loss",
    # engine/rules/xiangqi.py; count_down acts only under the house rule set (rules="house")
    end_rules=("no_legal_moves", "repetition_check_chase", "count_down", "no_capture_limit",
               "no_attacking_material"),
    clock_draw_plies=120,          # 60 moves without a capture (pawn moves do not reset it)
    perpetual_check_loses=True,    # and perpetual chase (repetition_check_chase)
    evaluation="engine.evaluation.xiangqi",
    pgn_variant="xiangqi",
    pgn_fen_letters={"N": "H", "B": "E"},   # XBoard reads xiangqi PGN FENs only with H and E
    bench_fens=(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "r1bakab1r/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1CN4C1/9/R1BAKAB1R w - - 0 1",
        "2bakab2/9/4c1n2/p3p1p1p/2p6/6P2/P1P1P3P/2N1C4/9/2BAKAB2 w - - 0 1",
        "3k5/4a4/4ba3/9/2b6/9/9/4B4/4A4/3AK2R1 w - - 0 1",
    ),
)

__all__ = ["XIANGQI", "PALACE", "HORSE_ATOMS"]
