"""The net: float weights for training, integer weights for the engine, and the file they ship in.

Shape (NNUE.md §1, generation 1): features (features.py) -> L1 accumulators per perspective,
clipped to [0, 1], the side to move's half first -> optionally one or two hidden dense layers
(L2, then L3 neurons, each clipped to [0, 1]) -> one output. ``raw * scale`` is centipawns of
the game's own piece values, so the search's margins keep their meaning.

Integers (Stockfish's scheme, adapted; every value ends up in an int32 slot of the eval table):
first layer int16 at x127 (a clipped activation is 0..127). A hidden layer's weights are int16
at x1024, its biases int32 at x(127 * 1024) plus 512; a hidden activation is
``clip((bias + sum(activation * weight)) // 1024, 0, 127)``, again 0..127: the floor division
with the half step put into the bias rounds to nearest (floor and truncation agree on what the
clip keeps). Stockfish's x64 (int8, for its SIMD) put random nets (L1 32 to 512) 7 to 27 cp
on average from the float net, x1024 2 to 4 cp, the floor the 0..127 activations leave.
Output weights int32 at x64 centipawns, output bias int32 at x(127 * 64); ``score = (out_b +
sum(activation * out_w)) // (127 * 64)`` rounded toward zero, over the last layer's
activations. A hidden sum stays within int32 (at most 1,024 inputs of 127 times 2,032)
and an output sum within int64 (int32 weights times 0..127, at most 1,024 terms). The first
layer's weights are clipped in training so that no set of active features can overflow int16
(``ft_clip``), hidden weights to +-127/64 as Stockfish's int8 ones (``HIDDEN_CLIP``).

A net file: ``MAGIC``, a little-endian uint32 header length, a JSON header (game, feature
scheme, sizes, scale, SHA-256 of the weights, how it was made), then the weights in the order
ft_w, ft_b, each hidden layer's weight [outputs, inputs] and bias, out_w, out_b,
little-endian. Version 2 names the hidden layers' sizes (``"hidden": [L2, L3]``); a net
without them is written as version 1, byte for byte as before hidden layers existed.
"""
from __future__ import annotations

import hashlib
import json
import struct
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from .features import KINDS, FeatureScheme, scheme_for

MAGIC = b"JJNNUE\x00\x00"
VERSION = 2             # the newest format read; nets without hidden layers are written as 1
FT_SCALE = 127          # first layer: float 1.0 = 127
HIDDEN_SCALE = 1024     # hidden weights: float 1.0 = 1024
HIDDEN_CLIP = 127 / 64  # largest hidden weight (Stockfish's int8 range at its x64)
OUT_SCALE = 64          # output weights: 1 centipawn = 64
SCALE = 600.0           # centipawns per unit of raw output (nnue2score, NNUE.md §1)
HIDDEN_BIAS_INIT = 0.5  # a fresh hidden neuron starts in the middle of its clip's linear range


class NetFileError(ValueError):
    """A net file that is missing, cut, corrupt or made for another game or feature layout."""


def ft_clip(scheme: FeatureScheme) -> float:
    """Largest first-layer weight (and bias): active + 1 of them stay inside int16 (a factorised
    scheme's half of its folded scheme's: a weight and its twin fold into one)."""
    return 32767.0 / FT_SCALE / (scheme.active + 1)


Layers = tuple[tuple[np.ndarray, np.ndarray], ...]     # (weight [outputs, inputs], bias) each


@dataclass
class FloatNet:
    scheme: FeatureScheme
    ft_w: np.ndarray            # float32[features, L1]
    ft_b: np.ndarray            # float32[L1]
    out_w: np.ndarray           # float32[2 * L1], or [L3 or L2] after hidden layers
    out_b: np.ndarray           # float32[1]
    hidden: Layers = ()         # float32 (weight [L2, 2 * L1], bias [L2]), then [L3, L2], [L3]
    scale: float = SCALE
    fitted_scale: float | None = None   # the K it was trained with (engine/nnue/train.py)
    best_epoch: int | None = None       # the epoch whose weights these are
    batch: int | None = None            # the positions a training step took

    @property
    def l1(self) -> int:
        return self.ft_b.shape[0]

    @property
    def hidden_sizes(self) -> tuple[int, ...]:
        return tuple(bias.shape[0] for _, bias in self.hidden)

    @staticmethod
    def initial(scheme: FeatureScheme, l1: int, seed: int,
                hidden: tuple[int, ...] = ()) -> "FloatNet":
        """Random weights (a seed's first draws are the first layer's, then each hidden
        layer's, then the output's: without hidden layers, the nets of old seeds)."""
        rng = np.random.default_rng(seed)
        ft_w = rng.normal(0.0, 1.0 / np.sqrt(scheme.max_active), (scheme.size, l1))
        if scheme.factorised:       # the buckets start alike: a king-less net, in the twins
            ft_w[:scheme.buckets * scheme.per_bucket] = 0.0
        layers, inputs = [], 2 * l1
        for size in hidden:
            weight = rng.normal(0.0, 1.0 / np.sqrt(inputs), (size, inputs))
            layers.append((np.clip(weight, -HIDDEN_CLIP, HIDDEN_CLIP).astype(np.float32),
                           np.full(size, HIDDEN_BIAS_INIT, np.float32)))
            inputs = size
        out_w = rng.normal(0.0, 1.0 / np.sqrt(inputs), inputs)
        return FloatNet(scheme, ft_w.astype(np.float32), np.full(l1, 0.25, np.float32),
                        out_w.astype(np.float32), np.zeros(1, np.float32), tuple(layers))

    def folded(self) -> "FloatNet":
        """The net over the scheme the engine reads: each bucket's rows plus their bucket-free
        twins (a factorised training scheme's last block), clipped to that scheme's bound."""
        scheme = self.scheme
        if not scheme.factorised:
            return self
        real = replace(scheme, factorised=False)
        rows = self.ft_w.reshape(scheme.buckets + 1, scheme.per_bucket, self.l1)
        clip = ft_clip(real)
        ft_w = np.clip(rows[:-1] + rows[-1], -clip, clip).reshape(real.size, self.l1)
        return replace(self, scheme=real, ft_w=ft_w.astype(np.float32))

    def quantised(self) -> "QuantisedNet":
        if self.scheme.factorised:
            raise ValueError("a factorised net is folded() before it is quantised")
        clip = ft_clip(self.scheme)
        if max(np.abs(self.ft_w).max(initial=0), np.abs(self.ft_b).max(initial=0)) > clip + 1e-6:
            raise ValueError(f"first-layer weights beyond {clip:.3f} would overflow int16")
        out_w = np.round(self.out_w.astype(np.float64) * self.scale * OUT_SCALE)
        out_b = np.round(self.out_b.astype(np.float64) * self.scale * FT_SCALE * OUT_SCALE)
        if max(np.abs(out_w).max(initial=0), np.abs(out_b).max()) >= 2 ** 31:
            raise ValueError("output weights or bias beyond int32")
        return QuantisedNet(
            self.scheme,
            np.round(self.ft_w * FT_SCALE).astype(np.int16),
            np.round(self.ft_b * FT_SCALE).astype(np.int16),
            out_w.astype(np.int32), out_b.astype(np.int32),
            tuple(_quantised_layer(weight, bias) for weight, bias in self.hidden))


def _quantised_layer(weight: np.ndarray, bias: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A hidden layer's int16 weights and int32 biases (with the half step of the rounding)."""
    if np.abs(weight).max(initial=0) > HIDDEN_CLIP + 1e-6:
        raise ValueError(f"hidden weights beyond {HIDDEN_CLIP:.3f}, the bound the integer sums "
                         f"are sized for")
    scaled = np.round(bias.astype(np.float64) * FT_SCALE * HIDDEN_SCALE) + HIDDEN_SCALE // 2
    if np.abs(scaled).max(initial=0) >= 2 ** 31:
        raise ValueError("hidden bias beyond int32")
    return (np.round(weight.astype(np.float64) * HIDDEN_SCALE).astype(np.int16),
            scaled.astype(np.int32))


@dataclass
class QuantisedNet:
    scheme: FeatureScheme
    ft_w: np.ndarray            # int16[features, L1]
    ft_b: np.ndarray            # int16[L1]
    out_w: np.ndarray           # int32[2 * L1], or [L3 or L2] after hidden layers
    out_b: np.ndarray           # int32[1]
    hidden: Layers = ()         # (int16 weight [outputs, inputs], int32 bias [outputs]) each
    about: dict = field(default_factory=dict)

    @property
    def l1(self) -> int:
        return self.ft_b.shape[0]

    @property
    def hidden_sizes(self) -> tuple[int, ...]:
        return tuple(bias.shape[0] for _, bias in self.hidden)

    def arrays(self) -> list[np.ndarray]:
        """The weights in file order."""
        layers = [array for layer in self.hidden for array in layer]
        return [self.ft_w, self.ft_b, *layers, self.out_w, self.out_b]

    def payload(self) -> bytes:
        return b"".join(np.ascontiguousarray(a).astype(a.dtype.newbyteorder("<")).tobytes()
                        for a in self.arrays())

    def checksum(self) -> str:
        return hashlib.sha256(self.payload()).hexdigest()

    def dequantised(self) -> FloatNet:
        """The float net these integers round (to within the rounding): where more training
        can start from (``jiangjun train --init``)."""
        hidden = tuple(((weight / HIDDEN_SCALE).astype(np.float32),
                        ((bias.astype(np.float64) - HIDDEN_SCALE // 2)
                         / (FT_SCALE * HIDDEN_SCALE)).astype(np.float32))
                       for weight, bias in self.hidden)
        return FloatNet(self.scheme, (self.ft_w / FT_SCALE).astype(np.float32),
                        (self.ft_b / FT_SCALE).astype(np.float32),
                        (self.out_w / (SCALE * OUT_SCALE)).astype(np.float32),
                        (self.out_b / (SCALE * FT_SCALE * OUT_SCALE)).astype(np.float32), hidden)

    def evaluate(self, squares: np.ndarray, hands: np.ndarray, stm: int) -> int:
        """Centipawns for the side to move of one position (a record's fields), by a full
        refresh: the reference the engine's incremental accumulators must equal."""
        from .features import scheme_arrays
        from ..kernels.nnue_features import position_features
        tables = scheme_arrays(self.scheme)
        feats = np.zeros(self.scheme.active + 1, dtype=np.int32)
        halves = []
        for perspective in (stm, 1 - stm):
            n = position_features(np.ascontiguousarray(squares, dtype=np.int8),
                                  np.ascontiguousarray(hands, dtype=np.int8), perspective,
                                  *tables, feats)
            acc = self.ft_b.astype(np.int64) + self.ft_w[feats[:n]].astype(np.int64).sum(axis=0)
            halves.append(np.clip(acc, 0, FT_SCALE))
        active = np.concatenate(halves)
        for weight, bias in self.hidden:        # numpy's // floors, as the kernel's does
            active = np.clip((bias + weight.astype(np.int64) @ active) // HIDDEN_SCALE,
                             0, FT_SCALE)
        total = int(self.out_b[0]) + int(active @ self.out_w.astype(np.int64))
        divisor = FT_SCALE * OUT_SCALE       # rounded toward zero, as the kernel does
        return total // divisor if total >= 0 else -((-total) // divisor)


def write_net(path: str | Path, net: QuantisedNet) -> None:
    header = {"format": "jiangjun-nnue", "version": 1, "variant": net.scheme.variant,
              "features": net.scheme.name, "feature_count": net.scheme.size, "l1": net.l1,
              "sha256": net.checksum(), "about": net.about}
    if net.hidden:
        header.update(version=2, hidden=list(net.hidden_sizes))
    data = json.dumps(header, sort_keys=True).encode()
    Path(path).write_bytes(MAGIC + struct.pack("<I", len(data)) + data + net.payload())


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
    if header.get("version") not in (1, VERSION):
        raise NetFileError(f"{path}: net format {header.get('version')}, this jiangjun reads "
                           f"formats 1 to {VERSION}")
    variant_name = scheme_for(variant).variant
    if header.get("variant") != variant_name:
        raise NetFileError(f"{path} is a {header.get('variant')} net, not {variant_name}")
    kind = str(header.get("features", "")).split(":")[0]
    scheme = scheme_for(variant, kind) if kind in KINDS else None
    if scheme is None or header.get("features") != scheme.name or count != scheme.size:
        known = " or ".join(scheme_for(variant, kind).name for kind in KINDS)
        raise NetFileError(f"{path} has features {header.get('features')}, this jiangjun "
                           f"uses {known}")
    from ..kernels.search_layout import NN_MAX_L1
    if l1 > NN_MAX_L1:
        raise NetFileError(f"{path} has {l1} accumulators; this jiangjun takes at most {NN_MAX_L1}")
    hidden = _hidden_sizes(path, header)
    shapes = _file_shapes(count, l1, hidden)
    sizes = [int(np.prod(shape)) * np.dtype(dtype).itemsize for dtype, shape in shapes]
    if l1 < 1 or len(data) - start != sum(sizes):
        raise NetFileError(f"{path} is cut or padded: {len(data) - start} bytes of weights, "
                           f"{sum(sizes)} expected")
    payload = data[start:]
    if hashlib.sha256(payload).hexdigest() != header.get("sha256"):
        raise NetFileError(f"{path}: the weights do not match their checksum (corrupt file)")
    arrays, offset = [], 0
    for nbytes, (dtype, shape) in zip(sizes, shapes):
        arrays.append(np.frombuffer(payload, dtype=dtype, count=nbytes // np.dtype(dtype).itemsize,
                                    offset=offset).reshape(shape).astype(dtype[1:]))
        offset += nbytes
    layers = tuple(zip(arrays[2:-2:2], arrays[3:-2:2]))
    return QuantisedNet(scheme, arrays[0], arrays[1], arrays[-2], arrays[-1], layers,
                        about=header.get("about", {}))


def engine_takes_hidden(sizes) -> bool:
    """Whether the search's kernel computes these hidden layers: at most two, of 1 to
    NN_MAX_HIDDEN neurons (the bound the command line, net files and packing all hold to)."""
    from ..kernels.search_layout import NN_MAX_HIDDEN
    return len(sizes) <= 2 and all(type(size) is int and 1 <= size <= NN_MAX_HIDDEN
                                   for size in sizes)


def _hidden_sizes(path: str | Path, header: dict) -> tuple[int, ...]:
    """The hidden layers a header names (none before version 2); NetFileError unless the
    engine takes them."""
    from ..kernels.search_layout import NN_MAX_HIDDEN
    hidden = header.get("hidden", []) if header["version"] >= 2 else []
    if not isinstance(hidden, list) or not engine_takes_hidden(hidden):
        raise NetFileError(f"{path}: hidden layers {hidden!r}; this jiangjun takes at most two, "
                           f"of 1 to {NN_MAX_HIDDEN} neurons")
    return tuple(hidden)


def _file_shapes(count: int, l1: int, hidden: tuple[int, ...]) -> list[tuple[str, tuple]]:
    """(dtype, shape) of each array of the file, in order."""
    shapes = [("<i2", (count, l1)), ("<i2", (l1,))]
    inputs = 2 * l1
    for size in hidden:
        shapes += [("<i2", (size, inputs)), ("<i4", (size,))]
        inputs = size
    return shapes + [("<i4", (inputs,)), ("<i4", (1,))]


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
    if not engine_takes_hidden(net.hidden_sizes):
        raise ValueError(f"hidden layers {net.hidden_sizes}: the engine takes at most two, of "
                         f"at most {S.NN_MAX_HIDDEN} neurons")
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
             net.out_w.astype(np.int64), scheme.views().reshape(-1).astype(np.int64)] \
        + _packed_hidden(net)
    start = len(E)
    offsets = np.cumsum([start] + [len(p) for p in parts])
    header = parts[0]
    header[S.NN_L1] = net.l1
    header[S.NN_SQUARES] = scheme.squares
    header[S.NN_TYPES] = scheme.piece_types
    header[S.NN_PER_COLOUR] = scheme.per_colour
    header[S.NN_ROYAL] = scheme.royal
    header[S.NN_PER_BUCKET] = scheme.per_bucket
    for slot, index in ((S.NN_ORIENT, 1), (S.NN_HAND_BASE, 2), (S.NN_SLOTS, 3),
                        (S.NN_FT_W, 4), (S.NN_FT_B, 5), (S.NN_OUT_W, 6), (S.NN_VIEWS, 7)):
        header[slot] = offsets[index]
    header[S.NN_OUT_B] = int(net.out_b[0])
    for layer, (size_slot, offset_slot) in enumerate(((S.NN_L2, S.NN_H1), (S.NN_L3, S.NN_H2))):
        if layer < len(net.hidden):
            header[size_slot] = net.hidden_sizes[layer]
            header[offset_slot] = offsets[8 + layer]
    table = np.concatenate([E.astype(np.int64)] + parts).astype(np.int32)
    table[S.EV_NNUE] = start
    return table


def _packed_hidden(net: QuantisedNet) -> list[np.ndarray]:
    """The hidden layers as the kernel reads them: the first one's biases, then its weights
    input by input (NN_H1: an inactive input skips a whole column); the second one neuron by
    neuron, its bias before its weights (NN_H2)."""
    parts = []
    for layer, (weight, bias) in enumerate(net.hidden):
        if layer == 0:
            rows = [bias.astype(np.int64), weight.T.reshape(-1).astype(np.int64)]
        else:
            rows = [np.column_stack([bias, weight]).reshape(-1).astype(np.int64)]
        parts.append(np.concatenate(rows))
    return parts
