"""Board geometry and start positions per game family, in canonical notation.

A variant name such as ``janggimodern`` belongs to the ``janggi`` family: same board,
same notation; only the rules differ, and rules are the arbiter's business.
"""

from dataclasses import dataclass

START_FENS = {
    "xiangqi": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "janggi": "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
    "shogi": "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "chess": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
}


@dataclass(frozen=True)
class Geometry:
    files: int
    ranks: int


GEOMETRY = {
    "xiangqi": Geometry(9, 10),
    "janggi": Geometry(9, 10),
    "shogi": Geometry(9, 9),
    "chess": Geometry(8, 8),
}


def family(variant: str) -> str:
    """The game family of a variant name: xiangqi, janggi, shogi or chess."""
    name = variant.lower()
    for fam in ("xiangqi", "janggi", "shogi"):
        if name.startswith(fam):
            return fam
    if name in ("chess", "normal", "standard"):
        return "chess"
    raise ValueError(f"unknown variant {variant!r}")


def start_fen(variant: str) -> str:
    return START_FENS[family(variant)]


def is_start(variant: str, fen: str | None) -> bool:
    """True if ``fen`` is None or the standard start (move counters ignored)."""
    if fen is None:
        return True
    keep = 2 if family(variant) != "chess" else 4
    return fen.split()[:keep] == start_fen(variant).split()[:keep]


def first_to_move(variant: str, fen: str | None) -> int:
    """0 if the first player (red, cho, sente, white) is to move in ``fen``."""
    if fen is None:
        return 0
    fields = fen.split()
    side = fields[1] if len(fields) > 1 else ("b" if family(variant) == "shogi" else "w")
    if family(variant) == "shogi":  # SFEN: b = sente
        return 0 if side == "b" else 1
    return 1 if side == "b" else 0  # 'w' and 'r' both mean the first player


def side_to_move(variant: str, fen: str | None, plies: int) -> int:
    return (first_to_move(variant, fen) + plies) % 2
