"""Janggi: movement, points, rule numbers, set-ups and record facts as data. Game ends live in
``engine/rules/janggi.py``, the named set-ups in ``engine/janggi_setup.py``."""
from .. import janggi_setup
from ..spec import (DIAGONAL, HOP, LEAP, ORTHOGONAL, Atom, NamedSetups, PieceSpec, Region,
                    VariantSpec, XBoardSetup, leaper, rider)
from .xiangqi import HORSE_ATOMS, PALACE

ENEMY_PALACE = Region(((3, 5, 7, 9),))
# Diagonal lines through each palace's centre; diagonal moves are allowed only along them.
PALACE_LINES = (
    ((3, 0), (4, 1), (5, 2)), ((5, 0), (4, 1), (3, 2)),
    ((3, 7), (4, 8), (5, 9)), ((5, 7), (4, 8), (3, 9)),
)


def _elephant_atoms() -> tuple[Atom, ...]:
    """One orthogonal step then two diagonal steps outward; every point passed must be empty."""
    atoms = []
    for sf in (1, -1):
        for sr in (1, -1):
            atoms.append(Atom(LEAP, (2 * sf, 3 * sr), legs=((0, sr), (sf, 2 * sr))))
            atoms.append(Atom(LEAP, (3 * sf, 2 * sr), legs=((sf, 0), (2 * sf, sr))))
    return tuple(atoms)


PALACE_STEPS = leaper(*ORTHOGONAL, to_region="palace") + leaper(*DIAGONAL, to_region="palace", line=True)

GENERAL = PieceSpec("K", "general", PALACE_STEPS, 0, royal=True)
GUARD = PieceSpec("A", "guard", PALACE_STEPS, 300, points=3)
ELEPHANT = PieceSpec("B", "elephant", _elephant_atoms(), 300, aliases=("E",), points=3)
HORSE = PieceSpec("N", "horse", HORSE_ATOMS, 500, aliases=("H",), points=5)
CHARIOT = PieceSpec("R", "chariot", rider(*ORTHOGONAL) + rider(*DIAGONAL, line=True), 1300,
                    points=13)
CANNON = PieceSpec(
    "C", "cannon",
    tuple(Atom(HOP, d, hop_not_same=True) for d in ORTHOGONAL)
    + tuple(Atom(HOP, d, hop_not_same=True, line=True) for d in DIAGONAL),
    700, points=7)
SOLDIER = PieceSpec(
    "P", "soldier",
    leaper((0, 1), (1, 0), (-1, 0)) + leaper((1, 1), (-1, 1), from_region="enemy_palace", line=True),
    200, is_pawn=True, points=2)

JANGGI = VariantSpec(
    name="janggi",
    files=9,
    ranks=10,
    pieces=(GENERAL, GUARD, ELEPHANT, HORSE, CHARIOT, CANNON, SOLDIER),
    start_fen=janggi_setup.start_fen(),    # both sides in the default arrangement
    regions={"palace": PALACE, "enemy_palace": ENEMY_PALACE},
    lines=PALACE_LINES,
    pass_move=True,
    double_pass_ends=True,
    bikjang=True,
    move_style="coord0",
    side_names=("cho", "han"),
    no_moves_result="loss",  # unreachable: a side not in check can always pass
    # Checkmate first; every other end is decided by points (engine/rules/janggi.py).
    end_rules=("no_legal_moves", "double_pass", "bikjang", "repetition_points",
               "ply_limit_points"),
    points_bonus=(0.0, 1.5),  # Han, who moves second: a count is never equal
    ply_limit=200,            # moves and passes both counted
    perpetual_check_loses=True,
    evaluation="engine.evaluation.janggi",
    pgn_variant="janggi",
    bench_fens=(
        "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
        "rbna1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RBNA1ANBR w - - 0 1",
        "r1ba1abnr/4k4/1cn4c1/p1p1p1p1p/9/2P6/P3P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
    ),
    setups=NamedSetups(names=janggi_setup.SETUPS, default=janggi_setup.DEFAULT,
                       sides=janggi_setup.SIDES, parse=janggi_setup.parse_setup,
                       start_fen=janggi_setup.start_fen, of_fen=janggi_setup.setup_of),
    # XBoard 4.9.1 knows no janggi: a 9x10 xiangqi board with janggi's pieces in Betza notation
    # (a ``janggi`` parent needs a later, janggi-aware XBoard)
    xboard_setup=XBoardSetup(
        piece_to_char=".N.R.AB.P..C.........K.n.r.ab.p..c.........k", parent="9x10+0_xiangqi",
        letters={}, pieces=("R& RB", "C& pRpB", "P& fsWfF", "N& nN", "B& mafsmafW", "A& WF",
                            "K& WF")),
)

__all__ = ["JANGGI"]
