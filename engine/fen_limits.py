"""What a FEN may not describe although it reads well: numbers no game reaches, more pieces of a
kind than the game has, and pieces on points they can never reach. ``engine/fen.py`` calls these
after reading the text; everything is derived from the variant's spec (its start position, its
pieces' moves and promotions), so no game is named here.

Piece supply. Drop games (shogi) pool both sides: a captured piece changes owner, so each kind
(promoted pieces counted as their base kind), on the board and in both hands, is at most what the
start position holds (18 pawns, 4 golds, 2 rooks ...). Other games count per side: a kind no
piece promotes to is at most its start count (xiangqi, janggi: no promotions; the chess king);
promotion targets may exceed theirs only by pieces the promoting kinds have lost (chess: at most
8 pawns, and extra queens, rooks, bishops and knights no more than the missing pawns, hence at
most 16 pieces a side). These bounds also keep every move list inside the kernels' buffers.

Placement. A piece whose every move ends in a region (xiangqi and janggi palace pieces, the
xiangqi elephant) stands only in that region, in every game: a drop places a piece only where it
can move. And every game rejects a pawn in its ``forced_region`` (the last rank, in chess and in
shogi): no move or drop leaves it there unpromoted. A shogi lance or knight there is just as
unreachable but stays accepted: the test vectors (tests/data) from independent implementations
(cshogi, Fairy-Stockfish) hold such a position (an impasse count with unpromoted lances and
knights on the last rank) and play on from it, and a piece with no move breaks nothing. Points
a piece cannot reach for other reasons (a soldier behind its start rank) stay accepted: the
tests use such pieces as plain screens and probes, and they break nothing.
"""
from __future__ import annotations

from collections import Counter

from .geometry import Geometry
from .kernels import layout as L
from .spec import VariantSpec

# Far past any game's length, and small enough that ply counts stay fixed-width integers.
MAX_FEN_NUMBER = 1_000_000


class FenLimitError(ValueError):
    """Raised for a FEN that cannot be a position (engine.fen re-raises it as FenError)."""


def fen_number(text: str, what: str) -> int:
    """A FEN move counter: plain ASCII digits, at most MAX_FEN_NUMBER."""
    if not (text.isascii() and text.isdigit()):
        raise FenLimitError(f"{what} must be a number, got '{text[:20]}'")
    if len(text) > len(str(MAX_FEN_NUMBER)) or int(text) > MAX_FEN_NUMBER:
        raise FenLimitError(f"{what} {text[:20]}{'...' if len(text) > 20 else ''} is out of "
                            f"range (at most {MAX_FEN_NUMBER})")
    return int(text)


# ------------------------------------------------------------------------------------ supply
def base_type(spec: VariantSpec, pt: int) -> int:
    """The kind a piece counts as: a promoted shogi piece counts as the piece it demotes to."""
    demotes_to = spec.pieces[pt - 1].demotes_to
    return spec.type_of(demotes_to) if demotes_to else pt


def start_counts(spec: VariantSpec) -> tuple[Counter, Counter]:
    """Pieces of each type per side in the variant's start position."""
    counts: tuple[Counter, Counter] = (Counter(), Counter())
    for c in spec.start_fen.split()[0]:
        if c.isalpha():
            pt = spec.type_of(c.upper())
            counts[0 if c.isupper() else 1][pt] += 1
    return counts


def hand_limit(spec: VariantSpec, pt: int) -> int:
    """The most pieces of type ``pt`` one hand can hold (both sides' supply of that kind)."""
    start = start_counts(spec)
    kind = base_type(spec, pt)
    return start[0][kind] + start[1][kind]


def check_supply(spec: VariantSpec, geo: Geometry, board, st) -> None:
    counts: tuple[Counter, Counter] = (Counter(), Counter())
    for sq in geo.squares():
        pc = int(board[sq])
        if pc:
            counts[0 if pc > 0 else 1][abs(pc)] += 1
    for side in (0, 1):
        for pt in range(1, len(spec.pieces) + 1):
            counts[side][pt] += int(st[L.S_HAND + side * L.MAX_TYPES + pt])
    if spec.drops:
        _check_pooled_supply(spec, counts)
    else:
        for side in (0, 1):
            _check_side_supply(spec, counts[side], side)


def _check_pooled_supply(spec: VariantSpec, counts) -> None:
    start = start_counts(spec)
    total: Counter = Counter()
    for side in (0, 1):
        for pt, n in counts[side].items():
            total[base_type(spec, pt)] += n
    for kind, n in total.items():
        supply = start[0][kind] + start[1][kind]
        if n > supply:
            raise FenLimitError(f"{n} {spec.pieces[kind - 1].name}s on the board and in hand; "
                                f"{spec.name} has {supply}")


def _check_side_supply(spec: VariantSpec, counts: Counter, side: int) -> None:
    start = start_counts(spec)[side]
    who = spec.side_names[side]
    targets = {spec.type_of(letter) for piece in spec.pieces for letter in piece.promotions}
    promoters = [i + 1 for i, piece in enumerate(spec.pieces) if piece.promotions]
    for pt, n in counts.items():
        if pt not in targets and n > start[pt]:
            raise FenLimitError(f"{who} has {n} {spec.pieces[pt - 1].name}s; "
                                f"{spec.name} has {start[pt]}")
    extra = sum(max(0, counts[pt] - start[pt]) for pt in targets)
    missing = sum(max(0, start[pt] - counts[pt]) for pt in promoters)
    if extra > missing:
        raise FenLimitError(f"{who} has {extra} promoted pieces beyond the start set but only "
                            f"{missing} missing pieces that could have promoted")


# ---------------------------------------------------------------------------------- placement
def never_there(piece, cv, side: int, sq: int) -> str | None:
    """Why ``piece`` of ``side`` cannot stand on ``sq``, or None if it can."""
    if piece.is_pawn and piece.forced_region and in_region(cv, piece.forced_region, side, sq):
        return "could never move"
    regions = {atom.to_region for atom in piece.atoms}
    if piece.confined and not any(in_region(cv, name, side, sq) for name in regions):
        return "stands where it can never be"
    return None


def in_region(cv, name: str, side: int, sq: int) -> bool:
    index = cv.region_index[(name, side)]
    return bool(cv.T[cv.T[L.H_REGIONS] + index * L.NSQ + sq])
