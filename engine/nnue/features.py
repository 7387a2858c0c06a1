"""The net's inputs, derived from a game's spec: (piece type, ours or theirs, square) seen from
each side, plus pieces in hand for games with drops; in the scheme K1 also where the
perspective's own king stands (NNUE.md §2: HalfKA-like king buckets).

From perspective ``p`` a piece of colour ``c`` and type ``pt`` on dense square ``s`` (records.py
numbering) is feature

    (c != p) * per_colour + (pt - 1) * squares + orient[p, s]

and the k-th piece (k = 0, 1, ...) of type ``pt`` in colour ``c``'s hand is

    (c != p) * per_colour + pt_count * squares + hand_base[pt] + k

(a "thermometer": n pieces in hand light the first n slots of their type, so a capture or a drop
turns one feature on or off, like a board move). Side 1 sees the board turned round: ranks
flipped where the start position is its own mirror that way (xiangqi, janggi, chess), rotated by
180 degrees where it is not (shogi, whose rook and bishop trade files). Each perspective then
sees its own pieces start at the bottom, as side 0 does.

Two schemes (``KINDS``). A1 is the above, one block of ``per_bucket = 2 * per_colour`` features.
K1 has one such block per king bucket: the perspective's royal square, as it sees it, picks
block ``bucket * per_bucket``; buckets are the king's file, folded onto the left half where the
rules are mirror-symmetric (VariantSpec.mirror_symmetric), times its rank zone 0, 1 or 2+,
counted over the squares the royal piece can stand on (15 in shogi, 6 in xiangqi and janggi's
palace, 24 in chess). A king right of the middle sees the whole board mirrored, so the buckets
need only the left half. In training (``factorised``) every feature also lights its twin in one
more, bucket-free block, shared by all buckets, which learns what holds wherever the king
stands from every position (NNUE.md §5); FloatNet.folded() adds it into each bucket's block.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

import numpy as np

from ..spec import VariantSpec
from ..variants import get_variant

KINDS = ("A1", "K1")  # the layouts' names in net files: a net of another layout is refused
ZONES = 3             # king buckets' rank zones: 0, 1, 2 and beyond


@dataclass(frozen=True)
class FeatureScheme:
    variant: str
    files: int
    ranks: int
    piece_types: int
    hand_slots: tuple[int, ...]   # per piece type 1..piece_types: thermometer slots (0: none)
    rotate: bool                  # side 1's view: rotated (True) or ranks flipped
    max_active: int               # most pieces (on the board and in hand) one view counts
    kind: str = "A1"
    royal: int = 0                # the royal piece type K1 buckets by (0: one bucket)
    bucket_of: tuple[int, ...] = ()   # per square as a perspective sees it: its king's bucket
    fold: bool = False            # a king right of the middle sees the board mirrored
    factorised: bool = False      # training only: a bucket-free twin of every feature

    @property
    def buckets(self) -> int:
        return max(self.bucket_of) + 1 if self.bucket_of else 1

    @property
    def per_bucket(self) -> int:
        return 2 * self.per_colour

    @property
    def active(self) -> int:
        """Most features one perspective can have on (twice the pieces when factorised)."""
        return self.max_active * (2 if self.factorised else 1)

    @property
    def squares(self) -> int:
        return self.files * self.ranks

    @property
    def per_colour(self) -> int:
        return self.piece_types * self.squares + sum(self.hand_slots)

    @property
    def size(self) -> int:
        return (self.buckets + self.factorised) * self.per_bucket

    @property
    def name(self) -> str:
        return f"{self.kind}:{self.variant}:{self.size}"

    def training(self) -> "FeatureScheme":
        """The scheme a trainer uses: factorised where there are buckets to share features."""
        return replace(self, factorised=self.buckets > 1)

    def views(self) -> np.ndarray:
        """int32[3, squares] by the perspective's king square as it sees it: [0] its bucket,
        [1] 1 if the view is mirrored; and [2] by a square as seen, that square mirrored."""
        out = np.zeros((3, self.squares), dtype=np.int32)
        for s in range(self.squares):
            rank, file = divmod(s, self.files)
            mirrored = self.files - 1 - file
            out[0, s] = self.bucket_of[s] if self.bucket_of else 0
            out[1, s] = int(self.fold and file > mirrored)
            out[2, s] = rank * self.files + mirrored
        return out

    def dims(self) -> np.ndarray:
        """int64[5] the feature kernel's numbers (engine/kernels/nnue_features.py D_*)."""
        return np.array([self.piece_types, self.per_colour, self.royal, self.per_bucket,
                         self.buckets if self.factorised else -1], dtype=np.int64)

    def orient(self) -> np.ndarray:
        """int32[2, squares]: dense square as perspective 0 and 1 see it."""
        out = np.zeros((2, self.squares), dtype=np.int32)
        for s in range(self.squares):
            rank, file = divmod(s, self.files)
            out[0, s] = s
            turned_file = self.files - 1 - file if self.rotate else file
            out[1, s] = (self.ranks - 1 - rank) * self.files + turned_file
        return out

    def hand_base(self) -> np.ndarray:
        """int32[piece_types + 1]: first hand slot of each type, within a colour's hand block."""
        base = np.zeros(self.piece_types + 1, dtype=np.int32)
        base[1:] = np.cumsum((0,) + self.hand_slots[:-1])
        return base

    def slots(self) -> np.ndarray:
        return np.array((0,) + self.hand_slots, dtype=np.int32)


@lru_cache(maxsize=None)
def scheme_for(variant: str | VariantSpec, kind: str = "A1") -> FeatureScheme:
    if kind not in KINDS:
        raise ValueError(f"unknown feature scheme {kind!r}; there are {', '.join(KINDS)}")
    spec = get_variant(variant) if isinstance(variant, str) else variant
    start = _start_pieces(spec)
    letters = [piece.letter for piece in spec.pieces]
    slots = [0] * len(spec.pieces)
    if spec.drops:
        for (_, pt) in start.values():
            piece = spec.pieces[pt - 1]
            if not piece.royal:
                base = letters.index(piece.demotes_to) + 1 if piece.demotes_to else pt
                slots[base - 1] += 1
    mirrored = {(spec.ranks - 1 - rank, file): (1 - side, pt)
                for (rank, file), (side, pt) in start.items()}
    scheme = FeatureScheme(spec.name, spec.files, spec.ranks, len(spec.pieces), tuple(slots),
                           rotate=mirrored != start, max_active=len(start))
    if kind == "K1":
        royal = spec.royal_type
        scheme = replace(scheme, kind=kind, royal=royal, fold=spec.mirror_symmetric,
                         bucket_of=_king_buckets(spec, royal, start, spec.mirror_symmetric))
    return scheme


def _king_buckets(spec: VariantSpec, royal: int, start, fold: bool) -> tuple[int, ...]:
    """Per square (side 0's view, which every perspective shares): the bucket of a king there.
    Keys (file folded if ``fold``, rank zone) numbered in order over the squares the royal piece
    can reach; squares it never stands on share bucket 0."""
    piece = spec.pieces[royal - 1]
    standing = {square for square, (side, pt) in start.items() if side == 0 and pt == royal}
    if piece.confined:
        for atom in piece.atoms:
            for f0, f1, r0, r1 in spec.regions[atom.to_region].rects:
                standing |= {(r, f) for f in range(f0, f1 + 1) for r in range(r0, r1 + 1)}
    else:
        standing = {(r, f) for r in range(spec.ranks) for f in range(spec.files)}

    def key(rank: int, file: int) -> tuple[int, int]:
        return (min(file, spec.files - 1 - file) if fold else file, min(rank, ZONES - 1))

    number = {k: i for i, k in enumerate(sorted({key(r, f) for r, f in standing}))}
    return tuple(number.get(key(*divmod(s, spec.files)), 0)
                 for s in range(spec.files * spec.ranks))


def _start_pieces(spec: VariantSpec) -> dict[tuple[int, int], tuple[int, int]]:
    """(rank, file) -> (side, piece type) of the start position."""
    from ..position import Position
    position = Position(spec)
    out = {}
    for rank in range(spec.ranks):
        for file in range(spec.files):
            pc = position.piece_at(file, rank)
            if pc:
                out[(rank, file)] = (0, pc) if pc > 0 else (1, -pc)
    return out


def scheme_arrays(scheme: FeatureScheme):
    """The tables engine/kernels/nnue_features.py takes: orient, views, hand_base, slots, dims."""
    return scheme.orient(), scheme.views(), scheme.hand_base(), scheme.slots(), scheme.dims()
