"""compile_tables(spec): the only bridge from a variant spec to the arrays the kernels read.

The result is one int32 array ``T`` (header slots and offsets in ``kernels/layout.py``) and one
int64 array ``Z`` of Zobrist keys. Passing two flat arrays keeps numba's per-call overhead low and
lets one compiled kernel serve every variant.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import spec as S
from .geometry import Geometry
from .kernels import layout as L

_KIND = {S.LEAP: L.K_LEAP, S.RIDE: L.K_RIDE, S.HOP: L.K_HOP}
_MODE = {S.QUIET: L.MODE_QUIET, S.CAPTURE: L.MODE_CAPTURE, S.BOTH: L.MODE_BOTH}


def _direction_bit(df: int, dr: int) -> int:
    """A bit per unit direction, used by line masks."""
    sign = lambda v: (v > 0) - (v < 0)  # noqa: E731
    index = (sign(df) + 1) * 3 + (sign(dr) + 1)
    return 1 << index


@dataclass(frozen=True)
class CompiledVariant:
    spec: S.VariantSpec
    geometry: Geometry
    T: np.ndarray
    Z: np.ndarray
    region_index: dict[tuple[str, int], int]


class _Builder:
    def __init__(self) -> None:
        self.data: list[int] = [0] * L.HEADER_SIZE

    def reserve(self, count: int, fill: int = 0) -> int:
        offset = len(self.data)
        self.data.extend([fill] * count)
        return offset


def _region_mask(geo: Geometry, region: S.Region, side: int) -> list[int]:
    mask = [0] * L.NSQ
    for f0, f1, r0, r1 in region.rects:
        for rank in range(r0, r1 + 1):
            for file in range(f0, f1 + 1):
                absolute_rank = rank if side == 0 else geo.ranks - 1 - rank
                mask[geo.square(file, absolute_rank)] = 1
    return mask


_COMPILED: dict[int, CompiledVariant] = {}


def compile_tables(spec: S.VariantSpec) -> CompiledVariant:
    """Compile once per spec object (specs are frozen, so the result never goes stale)."""
    cached = _COMPILED.get(id(spec))
    if cached is None or cached.spec is not spec:
        cached = _COMPILED[id(spec)] = _compile(spec)
    return cached


def _compile(spec: S.VariantSpec) -> CompiledVariant:
    geo = Geometry(spec.files, spec.ranks)
    b = _Builder()
    T = b.data
    letters = [p.letter for p in spec.pieces]
    ntypes = len(spec.pieces)
    if ntypes >= L.MAX_TYPES:
        raise ValueError("too many piece types")

    def type_of(letter: str) -> int:
        return letters.index(letter) + 1

    T[L.H_W] = geo.width
    T[L.H_FILES] = spec.files
    T[L.H_RANKS] = spec.ranks
    T[L.H_NTYPES] = ntypes
    T[L.H_FORWARD] = geo.delta(0, 1)
    T[L.H_ROYAL] = spec.royal_type
    pawns = [i + 1 for i, p in enumerate(spec.pieces) if p.is_pawn]
    T[L.H_PAWN] = pawns[0] if pawns else 0
    flags = 0
    for enabled, bit in (
        (spec.flying_general, L.F_FLYING_GENERAL), (spec.pass_move, L.F_PASS),
        (spec.double_pass_ends, L.F_DOUBLE_PASS_ENDS), (spec.drops, L.F_DROPS),
        (spec.nifu, L.F_NIFU), (spec.uchifuzume, L.F_UCHIFUZUME),
        (spec.promote_on_leaving_zone, L.F_PROMO_ON_FROM), (spec.castling, L.F_CASTLING),
        (spec.en_passant, L.F_EN_PASSANT), (spec.pawn_resets_clock, L.F_PAWN_RESETS_CLOCK),
        (spec.bikjang, L.F_BIKJANG),
    ):
        if enabled:
            flags |= bit
    T[L.H_FLAGS] = flags

    play = geo.squares()
    T[L.H_NPLAY] = len(play)
    off = b.reserve(len(play))
    T[L.H_PLAY] = off
    T[off:off + len(play)] = play
    off = b.reserve(L.NSQ)
    T[L.H_SQ_INDEX] = off
    for index, sq in enumerate(play):
        T[off + sq] = index

    # Regions: index 0 is the whole board; each named region gets one index per side.
    region_index: dict[tuple[str, int], int] = {}
    masks = [[0] * L.NSQ]
    for sq in play:
        masks[0][sq] = 1
    for name, region in spec.regions.items():
        for side in (0, 1):
            region_index[(name, side)] = len(masks)
            masks.append(_region_mask(geo, region, side))
    off = b.reserve(len(masks) * L.NSQ)
    T[L.H_REGIONS] = off
    for i, mask in enumerate(masks):
        T[off + i * L.NSQ: off + (i + 1) * L.NSQ] = mask

    # Lines: for each square, the unit directions along which a drawn line continues.
    lines = [0] * L.NSQ
    for polyline in spec.lines:
        for (f0, r0), (f1, r1) in zip(polyline, polyline[1:]):
            a, c = geo.square(f0, r0), geo.square(f1, r1)
            lines[a] |= _direction_bit(f1 - f0, r1 - r0)
            lines[c] |= _direction_bit(f0 - f1, r0 - r1)
    off = b.reserve(L.NSQ)
    T[L.H_LINES] = off
    T[off:off + L.NSQ] = lines

    # Atoms, per side and piece type.
    atom_rows: list[list[int]] = []
    index = [0] * (2 * L.MAX_TYPES * 2)
    for side in (0, 1):
        sign = 1 if side == 0 else -1
        for pt, piece in enumerate(spec.pieces, start=1):
            start = len(atom_rows)
            for atom in piece.atoms:
                df, dr = atom.delta[0], atom.delta[1] * sign
                legs = [geo.delta(lf, lr * sign) for lf, lr in atom.legs] + [0, 0]
                row = [0] * L.A_SIZE
                row[L.A_KIND] = _KIND[atom.kind]
                row[L.A_DELTA] = geo.delta(df, dr)
                row[L.A_LEG1], row[L.A_LEG2] = legs[0], legs[1]
                row[L.A_MODE] = _MODE[atom.mode]
                row[L.A_FROMREG] = region_index[(atom.from_region, side)] if atom.from_region else -1
                row[L.A_TOREG] = region_index[(atom.to_region, side)] if atom.to_region else -1
                row[L.A_LINE] = _direction_bit(df, dr) if atom.line else 0
                row[L.A_FLAGS] = ((L.AF_DOUBLE if atom.double_step else 0)
                                  | (L.AF_EP if atom.en_passant else 0)
                                  | (L.AF_HOP_NOT_SAME if atom.hop_not_same else 0))
                row[L.A_TYPE] = pt
                atom_rows.append(row)
            index[(side * L.MAX_TYPES + pt) * 2] = start
            index[(side * L.MAX_TYPES + pt) * 2 + 1] = len(atom_rows)
    off = b.reserve(len(index))
    T[L.H_ATOM_IDX] = off
    T[off:off + len(index)] = index
    off = b.reserve(len(atom_rows) * L.A_SIZE)
    T[L.H_ATOMS] = off
    for i, row in enumerate(atom_rows):
        T[off + i * L.A_SIZE: off + (i + 1) * L.A_SIZE] = row

    # Attack entries, derived from the atoms of each attacking side.
    royal_squares = _royal_squares(spec, geo, masks, region_index)
    for header, pruned in ((L.H_ATT_ALL, False), (L.H_ATT_KING, True)):
        per_side = []
        for side in (0, 1):
            entries = _attack_entries(spec, geo, side, masks, region_index,
                                      royal_squares[1 - side] if pruned else None)
            per_side.append(entries)
        if pruned:
            king_entries = per_side
        off = b.reserve(4)
        T[header] = off
        rows_off = b.reserve(sum(len(e) for e in per_side) * L.E_SIZE)
        cursor = 0
        for side, entries in enumerate(per_side):
            T[off + 2 * side] = cursor
            for entry in entries:
                T[rows_off + cursor * L.E_SIZE: rows_off + (cursor + 1) * L.E_SIZE] = entry
                cursor += 1
            T[off + 2 * side + 1] = cursor
        # entries are addressed relative to the row block that follows the 4 index slots
        assert rows_off == off + 4
    off = b.reserve(2 * 2 * L.NSQ)
    T[L.H_CHECK_REL] = off
    for side, entries in enumerate(king_entries):
        T[off + side * 2 * L.NSQ: off + (side + 1) * 2 * L.NSQ] = _check_relevance(entries, geo)

    # Promotion choices, demotion, forced regions, zone.
    off = b.reserve(L.MAX_TYPES * 5)
    T[L.H_PROMO] = off
    for pt, piece in enumerate(spec.pieces, start=1):
        choices = [type_of(x) for x in piece.promotions]
        T[off + pt * 5] = len(choices)
        for i, choice in enumerate(choices):
            T[off + pt * 5 + 1 + i] = choice
    off = b.reserve(L.MAX_TYPES)
    T[L.H_DEMOTE] = off
    for pt, piece in enumerate(spec.pieces, start=1):
        T[off + pt] = type_of(piece.demotes_to) if piece.demotes_to else pt
    off = b.reserve(2 * L.MAX_TYPES, fill=-1)
    T[L.H_FORCED] = off
    for side in (0, 1):
        for pt, piece in enumerate(spec.pieces, start=1):
            if piece.forced_region:
                T[off + side * L.MAX_TYPES + pt] = region_index[(piece.forced_region, side)]
    off = b.reserve(2, fill=-1)
    T[L.H_ZONE] = off
    if spec.promotion_zone:
        for side in (0, 1):
            T[off + side] = region_index[(spec.promotion_zone, side)]
    off = b.reserve(L.MAX_TYPES)
    T[L.H_VALUES] = off
    for pt, piece in enumerate(spec.pieces, start=1):
        T[off + pt] = piece.value

    rng = np.random.default_rng(0x4A4A_2026)
    Z = rng.integers(1, 2**63 - 1, size=L.Z_SIZE, dtype=np.int64)
    Z[L.Z_HAND: L.Z_SIZE: L.HAND_KEYS] = 0  # zero pieces in hand hashes as nothing
    return CompiledVariant(spec, geo, np.asarray(T, dtype=np.int32), Z, region_index)


def _check_relevance(entries: list[list[int]], geo: Geometry) -> list[int]:
    """Per square delta from the enemy royal piece (index NSQ + delta): bit pt set if a piece of
    type pt placed there might give check, bit 0 if emptying that square might uncover one (a
    slider's or hopper's ray, a leap's leg). Blockers, regions and drawn lines are ignored, so a
    set bit only says "ask in_check"; a clear one is a proof that the move gives no check."""
    rel = [0] * (2 * L.NSQ)
    any_type = ((1 << L.MAX_TYPES) - 1) & ~1
    reach = max(geo.files, geo.ranks)

    def mark(delta: int, bits: int) -> None:
        if -L.NSQ < delta < L.NSQ:
            rel[L.NSQ + delta] |= bits

    for row in entries:
        d = row[L.E_DELTA]
        if row[L.E_KIND] == L.K_LEAP:
            mark(d, row[L.E_MASK])
            for leg in (row[L.E_LEG1], row[L.E_LEG2]):
                if leg:
                    mark(d + leg, 1)
            continue
        # any piece landing on a hopper's ray may become its screen
        bits = row[L.E_MASK] | row[L.E_HOPMASK] | 1 | (any_type if row[L.E_HOPMASK] else 0)
        for k in range(1, reach):
            mark(k * d, bits)
    # stored as int32 (bit 31 as the sign bit)
    return [x - (1 << 32) if x >= 1 << 31 else x for x in rel]


def _royal_squares(spec, geo, masks, region_index) -> list[set[int]]:
    """Squares each side's royal piece can ever stand on (its atoms' target regions)."""
    result = []
    for side in (0, 1):
        squares: set[int] = set()
        royal = [p for p in spec.pieces if p.royal]
        if not royal or not royal[0].confined:
            squares = set(geo.squares())
        else:
            for atom in royal[0].atoms:
                mask = masks[region_index[(atom.to_region, side)]]
                squares |= {sq for sq in geo.squares() if mask[sq]}
        result.append(squares)
    return result


def _attack_entries(spec, geo, side, masks, region_index, targets):
    """Attack entries of ``side``'s pieces; rides and hops merge into one ray per direction."""
    sign = 1 if side == 0 else -1
    rays: dict[tuple[int, int], list[int]] = {}
    leaps: dict[tuple, int] = {}
    reach = _reachable(spec, geo, side, masks, region_index)
    for pt, piece in enumerate(spec.pieces, start=1):
        for atom in piece.atoms:
            if atom.mode == S.QUIET:
                continue
            df, dr = atom.delta[0], atom.delta[1] * sign
            delta = geo.delta(df, dr)
            line = _direction_bit(df, dr) if atom.line else 0
            if atom.kind in (S.RIDE, S.HOP):
                ray = rays.setdefault((-delta, line), [0, 0, 0])
                if atom.kind == S.RIDE:
                    ray[0] |= 1 << pt
                else:
                    ray[1] |= 1 << pt
                    if atom.hop_not_same:
                        ray[2] |= 1 << pt
                continue
            fromreg = region_index[(atom.from_region, side)] if atom.from_region else -1
            toreg = region_index[(atom.to_region, side)] if atom.to_region else -1
            if targets is not None and not _leap_can_hit(geo, delta, fromreg, toreg, masks,
                                                         reach[pt], targets):
                continue
            legs = [geo.delta(lf, lr * sign) for lf, lr in atom.legs] + [0, 0]
            key = (-delta, legs[0], legs[1], fromreg, toreg, line)
            leaps[key] = leaps.get(key, 0) | (1 << pt)
    entries = []
    for (delta, line), (slide, hop, excl) in rays.items():
        row = [0] * L.E_SIZE
        row[L.E_KIND], row[L.E_DELTA], row[L.E_MASK] = L.K_RIDE, delta, slide
        row[L.E_HOPMASK], row[L.E_HOPEXCL], row[L.E_LINE] = hop, excl, line
        row[L.E_FROMREG] = row[L.E_TOREG] = -1
        entries.append(row)
    for (delta, leg1, leg2, fromreg, toreg, line), mask in leaps.items():
        row = [0] * L.E_SIZE
        row[L.E_KIND], row[L.E_DELTA], row[L.E_LEG1], row[L.E_LEG2] = L.K_LEAP, delta, leg1, leg2
        row[L.E_MASK], row[L.E_FROMREG], row[L.E_TOREG], row[L.E_LINE] = mask, fromreg, toreg, line
        entries.append(row)
    return entries


def _reachable(spec, geo, side, masks, region_index) -> dict[int, set[int]]:
    """Squares a piece type can ever stand on: everywhere, or the union of its target regions."""
    result = {}
    everywhere = set(geo.squares())
    for pt, piece in enumerate(spec.pieces, start=1):
        if spec.drops or not piece.confined:
            result[pt] = everywhere
        else:
            squares: set[int] = set()
            for atom in piece.atoms:
                mask = masks[region_index[(atom.to_region, side)]]
                squares |= {sq for sq in everywhere if mask[sq]}
            result[pt] = squares
    return result


def _leap_can_hit(geo, delta, fromreg, toreg, masks, origins, targets) -> bool:
    for target in targets:
        origin = target - delta
        if origin not in origins:
            continue
        if fromreg >= 0 and not masks[fromreg][origin]:
            continue
        if toreg >= 0 and not masks[toreg][target]:
            continue
        return True
    return False
