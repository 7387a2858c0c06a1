"""The net: float weights for training, integer weights for the engine, and the file they ship in.

Shape (NNUE.md §1, generation 1): features (features.py) -> L1 accumulators per perspective,
clipped to [0, 1], the side to move's half first -> one output. ``raw * scale`` is centipawns of
the game's own piece values, so the search's margins keep their meaning.

Integers (Stockfish's scheme, adapted to one output): first layer int16 at x127 (a clipped
activation is 0..127), output weights int32 at x64 centipawns, output bias int32 at x(127 * 64);
``score = (out_b + sum(activation * out_w)) // (127 * 64)``. The first layer's weights are
clipped in training so that no set of active features can overflow int16 (``ft_clip``).

A net file: ``MAGIC``, a little-endian uint32 header length, a JSON header (game, feature
scheme, sizes, scale, SHA-256 of the weights, how it was made), then the weights in the order
ft_w, ft_b, out_w, out_b, little-endian.
"""
from __future__ import annotations

import hashlib
import json
import struct
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .features import FeatureScheme, scheme_for

MAGIC = b"JJNNUE\x00\x00"
VERSION = 1
FT_SCALE = 127          # first layer: float 1.0 = 127
OUT_SCALE = 64          # output weights: 1 centipawn = 64
SCALE = 600.0           # centipawns per unit of raw output (nnue2score, NNUE.md §1)


class NetFileError(ValueError):
    """A net file that is missing, cut, corrupt or made for another game or feature layout."""


def ft_clip(scheme: FeatureScheme) -> float:
    """Largest first-layer weight (and bias): max_active + 1 of them stay inside int16."""
    return 32767.0 / FT_SCALE / (scheme.max_active + 1)


@dataclass
class FloatNet:
    scheme: FeatureScheme
    ft_w: np.ndarray            # float32[features, L1]
    ft_b: np.ndarray            # float32[L1]
    out_w: np.ndarray           # float32[2 * L1]
    out_b: np.ndarray           # float32[1]
    scale: float = SCALE
    fitted_scale: float | None = None   # the K it was trained with (engine/nnue/train.py)
    best_epoch: int | None = None       # the epoch whose weights these are

    @property
    def l1(self) -> int:
        return self.ft_b.shape[0]

    @staticmethod
    def initial(scheme: FeatureScheme, l1: int, seed: int) -> "FloatNet":
        rng = np.random.default_rng(seed)
        ft_w = rng.normal(0.0, 1.0 / np.sqrt(scheme.max_active), (scheme.size, l1))
        out_w = rng.normal(0.0, 1.0 / np.sqrt(2 * l1), 2 * l1)
        return FloatNet(scheme, ft_w.astype(np.float32), np.full(l1, 0.25, np.float32),
                        out_w.astype(np.float32), np.zeros(1, np.float32))

    def quantised(self) -> "QuantisedNet":
        clip = ft_clip(self.scheme)
        if max(np.abs(self.ft_w).max(initial=0), np.abs(self.ft_b).max(initial=0)) > clip + 1e-6:
            raise ValueError(f"first-layer weights beyond {clip:.3f} would overflow int16")
        out_b = np.round(self.out_b.astype(np.float64) * self.scale * FT_SCALE * OUT_SCALE)
        if np.abs(out_b).max() >= 2 ** 31:
            raise ValueError("output bias beyond int32")
        return QuantisedNet(
            self.scheme,
            np.round(self.ft_w * FT_SCALE).astype(np.int16),
            np.round(self.ft_b * FT_SCALE).astype(np.int16),
            np.round(self.out_w.astype(np.float64) * self.scale * OUT_SCALE).astype(np.int32),
            out_b.astype(np.int32))


@dataclass
class QuantisedNet:
    scheme: FeatureScheme
    ft_w: np.ndarray            # int16[features, L1]
    ft_b: np.ndarray            # int16[L1]
    out_w: np.ndarray           # int32[2 * L1]
    out_b: np.ndarray           # int32[1]
    about: dict = field(default_factory=dict)

    @property
    def l1(self) -> int:
        return self.ft_b.shape[0]

    def payload(self) -> bytes:
        return b"".join(np.ascontiguousarray(a).astype(a.dtype.newbyteorder("<")).tobytes()
                        for a in (self.ft_w, self.ft_b, self.out_w, self.out_b))

    def checksum(self) -> str:
        return hashlib.sha256(self.payload()).hexdigest()

    def evaluate(self, squares: np.ndarray, hands: np.ndarray, stm: int) -> int:
        """Centipawns for the side to move of one position (a record's fields), by a full
        refresh: the reference the engine's incremental accumulators must equal."""
        from .features import scheme_arrays
        from ..kernels.nnue_features import position_features
        orient, hand_base, slots = scheme_arrays(self.scheme)
        total = int(self.out_b[0])
        feats = np.zeros(self.scheme.max_active + 1, dtype=np.int32)
        for k, perspective in enumerate((stm, 1 - stm)):
            n = position_features(np.ascontiguousarray(squares, dtype=np.int8),
                                  np.ascontiguousarray(hands, dtype=np.int8), perspective, orient,
                                  hand_base, slots, self.scheme.piece_types,
                                  self.scheme.per_colour, feats)
            acc = self.ft_b.astype(np.int64) + self.ft_w[feats[:n]].astype(np.int64).sum(axis=0)
            active = np.clip(acc, 0, FT_SCALE)
            total += int(active @ self.out_w[k * self.l1:(k + 1) * self.l1].astype(np.int64))
        divisor = FT_SCALE * OUT_SCALE       # rounded toward zero, as the kernel does
        return total // divisor if total >= 0 else -((-total) // divisor)


def write_net(path: str | Path, net: QuantisedNet) -> None:
    header = json.dumps({"format": "jiangjun-nnue", "version": VERSION,
                         "variant": net.scheme.variant, "features": net.scheme.name,
                         "feature_count": net.scheme.size, "l1": net.l1,
                         "sha256": net.checksum(), "about": net.about}, sort_keys=True).encode()
    Path(path).write_bytes(MAGIC + struct.pack("<I", len(header)) + header + net.payload())


def read_net(path: str | Path, variant: str) -> QuantisedNet:
    """The net in ``path`` for ``variant``; NetFileError saying what is wrong otherwise."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise NetFileError(f"cannot read {path}: {error.strerror or error}") from None
    if data[:len(MAGIC)] != MAGIC or len(data) < len(MAGIC) + 4:
        raise NetFileError(f"{path} is not a jiangjun net file")
    size = struct.unpack("<I", data[len(MAGIC):len(MAGIC) + 4])[0]
    start = len(MAGIC) + 4 + size
    try:
        header = json.loads(data[len(MAGIC) + 4:start])
        l1, count = int(header["l1"]), int(header["feature_count"])
    except (ValueError, KeyError, TypeError):
        raise NetFileError(f"{path}: broken header") from None
    if header.get("version") != VERSION:
        raise NetFileError(f"{path}: net format {header.get('version')}, this jiangjun reads "
                           f"{VERSION}")
    scheme = scheme_for(variant)
    if header.get("variant") != scheme.variant:
        raise NetFileError(f"{path} is a {header.get('variant')} net, not {scheme.variant}")
    if header.get("features") != scheme.name or count != scheme.size:
        raise NetFileError(f"{path} has features {header.get('features')}, this jiangjun "
                           f"uses {scheme.name}")
    from ..kernels.search_layout import NN_MAX_L1
    if l1 > NN_MAX_L1:
        raise NetFileError(f"{path} has {l1} accumulators; this jiangjun takes at most {NN_MAX_L1}")
    sizes = (count * l1 * 2, l1 * 2, 2 * l1 * 4, 4)
    if l1 < 1 or len(data) - start != sum(sizes):
        raise NetFileError(f"{path} is cut or padded: {len(data) - start} bytes of weights, "
                           f"{sum(sizes)} expected")
    payload = data[start:]
    if hashlib.sha256(payload).hexdigest() != header.get("sha256"):
        raise NetFileError(f"{path}: the weights do not match their checksum (corrupt file)")
    arrays, offset = [], 0
    for nbytes, dtype, shape in zip(sizes, ("<i2", "<i2", "<i4", "<i4"),
                                    ((count, l1), (l1,), (2 * l1,), (1,))):
        arrays.append(np.frombuffer(payload, dtype=dtype, count=nbytes // np.dtype(dtype).itemsize,
                                    offset=offset).reshape(shape).astype(dtype[1:]))
        offset += nbytes
    return QuantisedNet(scheme, *arrays, about=header.get("about", {}))


def pack_net(E: np.ndarray, net: QuantisedNet) -> np.ndarray:
    """A copy of the eval table ``E`` with ``net`` appended as the block engine/kernels/nnue.py
    reads (layout NN_* in search_layout.py); E[EV_NNUE] points at it."""
    from ..kernels import layout as L
    from ..kernels import search_layout as S
    from ..tables import compile_tables
    from ..variants import get_variant
    scheme = net.scheme
    if net.l1 > S.NN_MAX_L1:
        raise ValueError(f"a first layer of {net.l1} is wider than the engine's {S.NN_MAX_L1}")
    spec = get_variant(scheme.variant)
    geometry = compile_tables(spec).geometry
    orient = np.full(2 * L.NSQ, -1, dtype=np.int64)
    dense = scheme.orient()
    for s in range(scheme.squares):
        rank, file = divmod(s, scheme.files)
        sq = geometry.square(file, rank)
        orient[sq] = dense[0, s]
        orient[L.NSQ + sq] = dense[1, s]
    parts = [np.zeros(S.NN_HEADER, dtype=np.int64), orient,
             scheme.hand_base().astype(np.int64), scheme.slots().astype(np.int64),
             net.ft_w.reshape(-1).astype(np.int64), net.ft_b.astype(np.int64),
             net.out_w.astype(np.int64)]
    start = len(E)
    offsets = np.cumsum([start] + [len(p) for p in parts])
    header = parts[0]
    header[S.NN_L1] = net.l1
    header[S.NN_SQUARES] = scheme.squares
    header[S.NN_TYPES] = scheme.piece_types
    header[S.NN_PER_COLOUR] = scheme.per_colour
    for slot, index in ((S.NN_ORIENT, 1), (S.NN_HAND_BASE, 2), (S.NN_SLOTS, 3),
                        (S.NN_FT_W, 4), (S.NN_FT_B, 5), (S.NN_OUT_W, 6)):
        header[slot] = offsets[index]
    header[S.NN_OUT_B] = int(net.out_b[0])
    table = np.concatenate([E.astype(np.int64)] + parts).astype(np.int32)
    table[S.EV_NNUE] = start
    return table
