"""Training a net on self-play records (records.py), with the numba kernels of
engine/kernels/nnue_train.py: Adam, mini-batches, a cosine learning-rate schedule, validation on
held-out games. Deterministic for a seed (one thread, a seeded shuffle, a seeded start).

The target of a position blends what the search said and how the game ended (NNUE.md §5):
``(1 - result_weight) * sigmoid(score / K) + result_weight * (result + 1) / 2``, the net's output
going through the same logistic. K is fitted on the training data (the scale at which the
search's scores best predict the results: ``fit_scale``), so the net learns the search's own
centipawns, large scores included: with too small a K every score past a few pawns is a sure
win and the net would learn them all alike.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

import numpy as np

from ..kernels.nnue_features import batch_features
from ..kernels.nnue_train import (adam_step, forward, gradients, hidden_forward,
                                  hidden_gradients)
from ..position import Position
from ..variants import get_variant
from .features import FeatureScheme, scheme_arrays, scheme_for
from .network import HIDDEN_CLIP, FloatNet, QuantisedNet, ft_clip
from .records import chunk_files, playable_squares, read_chunk

OUT_CLIP = 8.0          # output weights, in units of ``scale`` centipawns
HIDDEN_BIAS_CLIP = 8.0  # hidden biases, in activations: past any useful shift, far inside int32


@dataclass(frozen=True)
class TrainConfig:
    l1: int = 128
    hidden: tuple[int, ...] = ()   # hidden layers' sizes: (), (L2,) or (L2, L3)
    epochs: int = 20
    batch: int | None = None       # positions per step; None: auto_batch()
    lr: float = 1e-3
    final_lr_ratio: float = 0.05   # cosine decay from lr to lr * this
    result_weight: float = 0.25
    scale: float | None = None     # K; None: fitted on the training positions
    validation: float = 0.05       # share of games held out
    seed: int = 1
    mirror: bool = False           # train on each position and its mirror image as well
                                   # (only where VariantSpec.mirror_symmetric)
    features: str = "A1"           # feature scheme (features.py KINDS): A1 king-less, K1 king
                                   # buckets (trained factorised, folded at the end)
    bucket_decay: float = 0.0      # decoupled weight decay (AdamW) of the king buckets' own rows,
                                   # not their shared twins: a bucket departs from the king-less
                                   # value only where its positions insist


@dataclass
class EpochReport:
    epoch: int
    train_loss: float
    validation_loss: float
    lr: float
    positions_per_second: float


@dataclass
class TrainingSet:
    """A game's positions as contiguous arrays, with a global game number per position."""
    variant: str
    squares: np.ndarray         # int8[n, N]
    hands: np.ndarray           # int8[n, 2, P]
    stm: np.ndarray             # int8[n]
    score: np.ndarray           # int16[n]
    result: np.ndarray          # int8[n]
    game: np.ndarray            # int64[n]

    def __len__(self) -> int:
        return len(self.stm)

    @staticmethod
    def from_records(variant: str, records: np.ndarray, game: np.ndarray) -> "TrainingSet":
        return TrainingSet(get_variant(variant).name,
                           np.ascontiguousarray(records["squares"]),
                           np.ascontiguousarray(records["hands"]),
                           np.ascontiguousarray(records["stm"]),
                           np.ascontiguousarray(records["score"]),
                           np.ascontiguousarray(records["result"]), game.astype(np.int64))

    @staticmethod
    def load(folders, variant: str) -> "TrainingSet":
        """Every chunk file of ``folders``, positions repeated anywhere (same Zobrist key) kept
        once: the same position scored twice weighs as one."""
        parts, games = [], []
        number = 0
        for folder in ([folders] if isinstance(folders, (str, Path)) else folders):
            for path in chunk_files(folder):
                _, records = read_chunk(path, variant)
                parts.append(np.asarray(records))
                games.append(number * (1 << 20) + records["game"].astype(np.int64))
                number += 1
        if not parts:
            raise ValueError(f"no training files in {folders}")
        records, game = np.concatenate(parts), np.concatenate(games)
        _, first = np.unique(records["key"], return_index=True)
        first.sort()
        return TrainingSet.from_records(variant, records[first], game[first])

    def subset(self, index: np.ndarray) -> "TrainingSet":
        return TrainingSet(self.variant, self.squares[index], self.hands[index], self.stm[index],
                           self.score[index], self.result[index], self.game[index])

    def mirrored(self) -> "TrainingSet":
        """Every position with its files mirrored: the same value where the game's rules are
        mirror-symmetric (VariantSpec.mirror_symmetric), so twice the examples for free. In a
        game with castling (chess) only the positions where no side can castle any more, where
        its rules read the same mirrored (``mirror_symmetric_without_castling``)."""
        spec = get_variant(self.variant)
        data = self
        if spec.castling:
            data = self.subset(np.flatnonzero(castling_impossible(spec, self.squares)))
        board = data.squares.reshape(len(data), spec.ranks, spec.files)
        return replace(data, squares=np.ascontiguousarray(board[:, :, ::-1]).reshape(
            data.squares.shape))

    def joined(self, other: "TrainingSet") -> "TrainingSet":
        return TrainingSet(self.variant, *(np.concatenate((getattr(self, name),
                                                           getattr(other, name)))
                                           for name in ("squares", "hands", "stm", "score",
                                                        "result", "game")))

    def split(self, share: float, seed: int) -> tuple["TrainingSet", "TrainingSet"]:
        """(training, validation) with whole games on each side: positions of one game are
        near-duplicates, so a split by position would validate on what was trained."""
        games = np.unique(self.game)
        rng = np.random.default_rng(seed)
        held = rng.choice(games, size=max(1, int(round(len(games) * share))), replace=False) \
            if share > 0 and len(games) > 1 else np.zeros(0, dtype=np.int64)
        mask = np.isin(self.game, held)
        return self.subset(np.flatnonzero(~mask)), self.subset(np.flatnonzero(mask))

    def targets(self, result_weight: float, k: float) -> np.ndarray:
        by_score = 1.0 / (1.0 + np.exp(-self.score.astype(np.float64) / k))
        by_result = (self.result.astype(np.float64) + 1.0) / 2.0
        return ((1.0 - result_weight) * by_score + result_weight * by_result).astype(np.float32)


class _Batcher:
    """Features of chosen positions, into reused buffers."""

    def __init__(self, data: TrainingSet, scheme: FeatureScheme, size: int):
        self.data, self.scheme = data, scheme
        self.tables = scheme_arrays(scheme)
        self.feats = np.zeros((size, 2, scheme.active + 1), dtype=np.int32)
        self.counts = np.zeros((size, 2), dtype=np.int32)

    def features(self, index: np.ndarray):
        n = len(index)
        feats, counts = self.feats[:n], self.counts[:n]
        d = self.data
        batch_features(d.squares[index], d.hands[index], d.stm[index], *self.tables, feats,
                       counts)
        return feats, counts


def two_layers(layers) -> tuple[np.ndarray, ...]:
    """w1, b1, w2, b2 for the hidden-layer kernels from one or two (weight, bias) pairs; a
    missing second layer is an empty one ([0, L2], [0])."""
    (w1, b1), *rest = layers
    w2, b2 = rest[0] if rest else (np.zeros((0, len(b1)), np.float32), np.zeros(0, np.float32))
    return w1, b1, w2, b2


def scratch_for(net: FloatNet) -> np.ndarray:
    """The kernels' float32 work buffer for ``net``."""
    return np.zeros(2 * (2 * net.l1 + sum(net.hidden_sizes)), dtype=np.float32)


def predict(net: FloatNet, data: TrainingSet, batch: int = 16384) -> np.ndarray:
    """The float net's raw output for every position of ``data``."""
    batcher = _Batcher(data, net.scheme, batch)
    raw = np.zeros(len(data), dtype=np.float32)
    scratch = scratch_for(net)
    for start in range(0, len(data), batch):
        index = np.arange(start, min(start + batch, len(data)))
        feats, counts = batcher.features(index)
        out = np.zeros(len(index), dtype=np.float32)
        if net.hidden:
            hidden_forward(feats, counts, net.ft_w, net.ft_b, *two_layers(net.hidden),
                           net.out_w, net.out_b, scratch, out)
        else:
            forward(feats, counts, net.ft_w, net.ft_b, net.out_w, net.out_b, scratch, out)
        raw[index] = out
    return raw


def parameters(net: FloatNet) -> tuple[list[np.ndarray], list[float]]:
    """Every weight array of ``net`` in the order the gradient kernels take them (first layer,
    hidden layers, output), and the bound training clips each to."""
    clip = ft_clip(net.scheme)
    arrays, clips = [net.ft_w, net.ft_b], [clip, clip]
    for weight, bias in net.hidden:
        arrays += [weight, bias]
        clips += [HIDDEN_CLIP, HIDDEN_BIAS_CLIP]
    return arrays + [net.out_w, net.out_b], clips + [OUT_CLIP, OUT_CLIP]


def batch_gradients(net: FloatNet, feats, counts, targets: np.ndarray, scale_over_k: float,
                    grads: list[np.ndarray], scratch: np.ndarray) -> float:
    """Add the batch's gradients to ``grads`` (shaped as parameters(net)); the batch's loss."""
    args = (feats, counts, targets, net.ft_w, net.ft_b)
    if not net.hidden:
        return gradients(*args, net.out_w, net.out_b, scale_over_k, *grads, scratch)
    layers = two_layers(net.hidden)
    g_layers = two_layers(list(zip(grads[2:-2:2], grads[3:-2:2])))
    return hidden_gradients(*args, *layers, net.out_w, net.out_b, scale_over_k, grads[0],
                            grads[1], *g_layers, grads[-2], grads[-1], scratch)


def loss_of(net: FloatNet, data: TrainingSet, targets: np.ndarray, k: float) -> float:
    if len(data) == 0:
        return float("nan")
    p = 1.0 / (1.0 + np.exp(-predict(net, data).astype(np.float64) * net.scale / k))
    return float(np.mean((p - targets) ** 2))


def fit_scale(score: np.ndarray, result: np.ndarray) -> float:
    """The K of ``sigmoid(score / K)`` that predicts the results (1, 0, -1) best, by squared
    error: a golden-section search over log K from 20 to 5,000 centipawns."""
    s = score.astype(np.float64)
    r = (result.astype(np.float64) + 1.0) / 2.0

    def error(log_k: float) -> float:
        return float(np.mean((1.0 / (1.0 + np.exp(-s / math.exp(log_k))) - r) ** 2))

    low, high = math.log(20.0), math.log(5000.0)
    golden = (math.sqrt(5.0) - 1.0) / 2.0
    a, b = high - golden * (high - low), low + golden * (high - low)
    for _ in range(40):
        if error(a) < error(b):
            high, b = b, a
            a = high - golden * (high - low)
        else:
            low, a = a, b
            b = low + golden * (high - low)
    return math.exp((low + high) / 2.0)


def check_mirror(variant: str) -> None:
    """ValueError unless the game's positions may be mirrored for training (its rules read the
    same mirrored, at least once castling is gone: VariantSpec.mirror_symmetric_without_castling)."""
    if not get_variant(variant).mirror_symmetric_without_castling:
        raise ValueError(f"{variant}'s rules are not mirror-symmetric")


def castling_impossible(spec, squares: np.ndarray) -> np.ndarray:
    """bool[n]: no side of these boards (record squares, ``int8[n, N]``) can castle: each side's
    royal piece has left its start square or no rook of its stands on a rook's start square.
    Records keep no castling rights; this needs none (a right is lost once either has moved)."""
    start_position = Position(spec)
    start = start_position.board[playable_squares(spec, start_position.geo)]
    royal = spec.royal_type
    rook = spec.type_of("R")
    impossible = np.ones(len(squares), dtype=bool)
    for sign in (1, -1):
        royal_home = np.flatnonzero(start == sign * royal)
        rook_homes = np.flatnonzero(start == sign * rook)
        can = ((squares[:, royal_home] == sign * royal).all(axis=1)
               & (squares[:, rook_homes] == sign * rook).any(axis=1))
        impossible &= ~can
    return impossible


def train(data: TrainingSet, config: TrainConfig,
          on_epoch: Callable[[EpochReport], None] | None = None,
          start: FloatNet | None = None) -> FloatNet:
    """The net trained on ``data``: the weights of the epoch with the lowest validation loss
    (``best_epoch``; the last one without validation games), folded to the scheme the engine
    reads; ``fitted_scale`` is its K. From random weights, or from ``start``, a net laid out
    for this training by ``warm_start`` (trained in place)."""
    scheme = scheme_for(data.variant, config.features).training()
    if start is not None and start.scheme != scheme:
        raise ValueError("the starting net is not laid out for this training (warm_start)")
    net = FloatNet.initial(scheme, config.l1, config.seed, config.hidden) if start is None \
        else start
    training, validation = data.split(config.validation, config.seed)
    if len(training) == 0:
        raise ValueError("no training positions left after holding out validation games")
    if config.mirror:
        check_mirror(data.variant)
        training = training.joined(training.mirrored())   # validation stays as played
    k = config.scale or fit_scale(training.score, training.result)
    net.fitted_scale = k
    t_train = training.targets(config.result_weight, k)
    t_valid = validation.targets(config.result_weight, k)
    arrays, clips = parameters(net)
    params = [a.reshape(-1) for a in arrays]          # views: Adam steps flat arrays
    grads = [np.zeros_like(a) for a in arrays]
    flat_grads = [g.reshape(-1) for g in grads]
    moments = [(np.zeros_like(p), np.zeros_like(p)) for p in params]
    scratch = scratch_for(net)
    bucket_rows = net.ft_w[:scheme.buckets * scheme.per_bucket] \
        if scheme.factorised and config.bucket_decay > 0 else None
    batch = min(config.batch or auto_batch(len(training)), len(training))
    net.batch = batch
    batcher = _Batcher(training, net.scheme, batch)
    steps_per_epoch = math.ceil(len(training) / batch)
    total = steps_per_epoch * config.epochs
    rng = np.random.default_rng(config.seed)
    step = 0
    best, best_loss = None, math.inf
    net.best_epoch = config.epochs
    for epoch in range(1, config.epochs + 1):
        t0 = time.monotonic()
        order = rng.permutation(len(training))
        seen, loss_sum = 0, 0.0
        for start in range(0, len(order), batch):
            index = order[start:start + batch]
            feats, counts = batcher.features(index)
            for g in grads:
                g.fill(0.0)
            loss = batch_gradients(net, feats, counts, t_train[index], net.scale / k, grads,
                                   scratch)
            step += 1
            lr = _cosine(config, step, total)
            for p, g, (m, v), clip in zip(params, flat_grads, moments, clips):
                adam_step(p, g, m, v, lr, 0.9, 0.999, 1e-8, float(step), clip)
            if bucket_rows is not None:
                bucket_rows *= 1.0 - lr * config.bucket_decay
            loss_sum += loss * len(index)
            seen += len(index)
        report = EpochReport(epoch, loss_sum / seen, loss_of(net, validation, t_valid, k),
                             _cosine(config, step, total),
                             seen / max(time.monotonic() - t0, 1e-9))
        if on_epoch is not None:
            on_epoch(report)
        if report.validation_loss < best_loss:     # NaN (no validation) never is
            best_loss, net.best_epoch = report.validation_loss, epoch
            best = [p.copy() for p in params]
    if best is not None:                           # the epoch that generalised best
        for p, kept in zip(params, best):
            p[:] = kept
    return net.folded()


def warm_start(start: QuantisedNet, scheme: FeatureScheme, config: TrainConfig) -> FloatNet:
    """``start``'s weights laid out for training over ``scheme``: a net of the same sizes, king-less
    or with the same buckets, or a king-less net starting a king-bucket one (its weights go to the
    bucket-free twins, the buckets start empty, as a random start's do: it scores as the king-less
    net, on the mirror image where the king's bucket folds the board). ValueError otherwise."""
    if start.scheme.variant != scheme.variant:
        raise ValueError(f"the starting net is a {start.scheme.variant} net, not {scheme.variant}")
    if (start.l1, start.hidden_sizes) != (config.l1, tuple(config.hidden)):
        raise ValueError(f"the starting net has L1 {start.l1} and hidden layers "
                         f"{list(start.hidden_sizes) or 'none'}; the net to train, L1 "
                         f"{config.l1} and {list(config.hidden) or 'none'}")
    floated = start.dequantised()
    if start.scheme.name == replace(scheme, factorised=False).name:
        if not scheme.factorised:
            ft_w = floated.ft_w
        else:       # the buckets keep their own weights; the shared twins start at zero
            ft_w = np.zeros((scheme.size, config.l1), np.float32)
            ft_w[:-scheme.per_bucket] = floated.ft_w
    elif start.scheme.kind == "A1" and scheme.factorised:
        ft_w = np.zeros((scheme.size, config.l1), np.float32)
        ft_w[-scheme.per_bucket:] = floated.ft_w
    else:
        raise ValueError(f"a net with features {start.scheme.kind} cannot start one with "
                         f"{scheme.kind}")
    clip = ft_clip(scheme)      # a factorised scheme's bound is half its folded one's
    return replace(floated, scheme=scheme, ft_w=np.clip(ft_w, -clip, clip),
                   ft_b=np.clip(floated.ft_b, -clip, clip))


def auto_batch(positions: int) -> int:
    """About 2,048 steps per epoch, from 256 to 16,384 positions a step: only sets of tens of
    millions train with the batch Stockfish's trainers use. The steps matter more than the
    batch at our sizes: on 499k chess positions (mirrored, 12 epochs) the validation loss was
    0.00263 at 256 a step, 0.00264 at 512, 0.00270 at 1,024, 0.00275 at 2,048 and 0.00286 at
    about 3,200 (256 steps an epoch, this rule until December 2026)."""
    return int(min(16384, max(256, positions // 2048)))


def _cosine(config: TrainConfig, step: int, total: int) -> float:
    low = config.lr * config.final_lr_ratio
    return low + 0.5 * (config.lr - low) * (1.0 + math.cos(math.pi * min(step, total) / total))
