"""Western chess (FIDE): movement, promotion, castling and en passant as data."""
from ..spec import (CAPTURE, DIAGONAL, KNIGHT, LEAP, ORTHOGONAL, QUIET, Atom, PieceSpec, Region,
                    VariantSpec, leaper, rider)

PAWN_ATOMS = (
    Atom(LEAP, (0, 1), mode=QUIET),
    Atom(LEAP, (0, 2), mode=QUIET, legs=((0, 1),), from_region="second_rank", double_step=True),
    Atom(LEAP, (1, 1), mode=CAPTURE, en_passant=True),
    Atom(LEAP, (-1, 1), mode=CAPTURE, en_passant=True),
)

PIECES = (
    PieceSpec("K", "king", leaper(*ORTHOGONAL, *DIAGONAL), 0, royal=True),
    PieceSpec("Q", "queen", rider(*ORTHOGONAL, *DIAGONAL), 900),
    PieceSpec("R", "rook", rider(*ORTHOGONAL), 500),
    PieceSpec("B", "bishop", rider(*DIAGONAL), 330),
    PieceSpec("N", "knight", leaper(*KNIGHT), 320),
    PieceSpec("P", "pawn", PAWN_ATOMS, 100, promotions=("Q", "R", "B", "N"),
              forced_region="last_rank", is_pawn=True),
)

CHESS = VariantSpec(
    name="chess",
    files=8,
    ranks=8,
    pieces=PIECES,
    start_fen="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    regions={"second_rank": Region(((0, 7, 1, 1),)), "last_rank": Region(((0, 7, 7, 7),))},
    promotion_zone="last_rank",
    castling=True,
    en_passant=True,
    pawn_resets_clock=True,
    move_style="coord1",
    side_names=("white", "black"),
    no_moves_result="draw",
    # python-chess outcome() order; the claimable ones act only with claim_draw (rules/chess.py)
    end_rules=("insufficient_material", "no_legal_moves", "seventyfive_moves",
               "fivefold_repetition", "fifty_moves", "threefold_repetition"),
    clock_draw_plies=100,          # the 50-move rule (a claim: the search takes the draw)
    evaluation="engine.evaluation.chess",
    record_moves="san",
    bench_fens=(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/P4PPP/R2QKB1R w KQ - 0 8",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ),
)
