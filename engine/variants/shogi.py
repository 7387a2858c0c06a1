"""Shogi: movement, promotion, drops and record facts as data; game ends live in
``engine/rules/shogi.py``."""
from ..spec import DIAGONAL, KNIGHT, ORTHOGONAL, PieceSpec, Region, VariantSpec, leaper, rider

GOLD_STEPS = ((0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0), (0, -1))
SILVER_STEPS = ((0, 1), (1, 1), (-1, 1), (1, -1), (-1, -1))
KING_STEPS = ORTHOGONAL + DIAGONAL

ZONE = Region(((0, 8, 6, 8),))
LAST_RANK = Region(((0, 8, 8, 8),))
LAST_TWO_RANKS = Region(((0, 8, 7, 8),))

PIECES = (
    PieceSpec("K", "king", leaper(*KING_STEPS), 0, royal=True),
    PieceSpec("R", "rook", rider(*ORTHOGONAL), 1000, promotions=("+R",)),
    PieceSpec("B", "bishop", rider(*DIAGONAL), 850, promotions=("+B",)),
    PieceSpec("G", "gold", leaper(*GOLD_STEPS), 550),
    PieceSpec("S", "silver", leaper(*SILVER_STEPS), 500, promotions=("+S",)),
    PieceSpec("N", "knight", leaper(*(d for d in KNIGHT if abs(d[0]) == 1 and d[1] == 2)), 350,
              promotions=("+N",), forced_region="last_two_ranks"),
    PieceSpec("L", "lance", rider((0, 1)), 300, promotions=("+L",), forced_region="last_rank"),
    PieceSpec("P", "pawn", leaper((0, 1)), 100, promotions=("+P",), forced_region="last_rank",
              is_pawn=True),
    PieceSpec("+R", "dragon", rider(*ORTHOGONAL) + leaper(*DIAGONAL), 1250, demotes_to="R"),
    PieceSpec("+B", "horse", rider(*DIAGONAL) + leaper(*ORTHOGONAL), 1100, demotes_to="B"),
    PieceSpec("+S", "promoted silver", leaper(*GOLD_STEPS), 550, demotes_to="S"),
    PieceSpec("+N", "promoted knight", leaper(*GOLD_STEPS), 550, demotes_to="N"),
    PieceSpec("+L", "promoted lance", leaper(*GOLD_STEPS), 550, demotes_to="L"),
    PieceSpec("+P", "tokin", leaper(*GOLD_STEPS), 550, demotes_to="P"),
)

SHOGI = VariantSpec(
    name="shogi",
    files=9,
    ranks=9,
    pieces=PIECES,
    start_fen="lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    regions={"zone": ZONE, "last_rank": LAST_RANK, "last_two_ranks": LAST_TWO_RANKS},
    drops=True,
    nifu=True,
    uchifuzume=True,
    promotion_zone="zone",
    promote_on_leaving_zone=True,
    fen_style="sfen",
    move_style="usi",
    side_names=("sente", "gote"),
    no_moves_result="loss",
    end_rules=("no_legal_moves", "sennichite", "impasse_points"),  # engine/rules/shogi.py
    perpetual_check_loses=True,    # sennichite by perpetual check
    entering_king_declaration=True,
    evaluation="engine.evaluation.shogi",
    record_formats=("csa", "kif"),
    pgn_variant="shogi",           # XBoard's tag, where a shogi game is written as PGN
    bench_fens=(
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3",
        "ln1g3nl/1r1sk1gb1/p1ppppspp/1p4p2/9/2P1P1P2/PPSP1P1PP/1BK2S1R1/LN1G1G1NL b - 1",
        "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
    ),
)
