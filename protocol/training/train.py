"""`jiangjun train`: a net from self-play data (engine/nnue/train.py), written as a net file.

    jiangjun train --variant shogi --data data/shogi --out shogi.nnue
    jiangjun train --variant xiangqi --data data/xiangqi-g0 --data data/xiangqi-g1 --l1 256
    jiangjun train --variant chess --data data/chess --out chess.nnue --hidden 16,32
    jiangjun train --variant shogi --data data/shogi --out shogi.nnue --features K1 --mirror
    jiangjun train --variant shogi --data data/shogi-g1 --init shogi-g1.nnue --lr 3e-4 --out g2.nnue

One line per epoch on stderr (training and validation loss, learning rate, speed); at the end
the quantised net is checked against the float one on the validation positions, and the slope of
the net's score against the search's (about 1 means the net speaks the search's centipawns, so
its margins keep their meaning: NNUE.md §6).
"""
from __future__ import annotations

import argparse
import sys
from dataclasses import asdict
from pathlib import Path

import numpy as np

from engine.variants import get_variant


def build_parser() -> argparse.ArgumentParser:
    from engine.nnue.features import KINDS
    from engine.nnue.train import TrainConfig
    d = TrainConfig()
    p = argparse.ArgumentParser(prog="jiangjun train", description=__doc__.splitlines()[0])
    p.add_argument("--variant", required=True, help="xiangqi, janggi, shogi or chess")
    p.add_argument("--data", action="append", required=True,
                   help="a folder of `jiangjun selfplay` files (repeat to mix generations)")
    p.add_argument("--out", required=True, help="the net file to write")
    p.add_argument("--l1", type=int,
                   help=f"accumulators per perspective (default: the --init net's, else {d.l1})")
    p.add_argument("--hidden",
                   help="sizes of one or two hidden layers between the accumulators and the "
                        "output, e.g. 32 or 16,32 (default: the --init net's, else none: the "
                        "accumulators feed the output)")
    p.add_argument("--init", metavar="NET",
                   help="start from this net's weights instead of random ones (a net of the "
                        "game with the same sizes; a king-less one may start --features K1)")
    p.add_argument("--epochs", type=int, default=d.epochs)
    p.add_argument("--batch", type=int, default=d.batch,
                   help="positions per step (default: about 2,048 steps per epoch, 256 to 16384)")
    p.add_argument("--lr", type=float, default=d.lr, help="starting learning rate (cosine decay)")
    p.add_argument("--result-weight", type=float, default=d.result_weight,
                   help="share of the target taken from the game result (the rest: the score)")
    p.add_argument("--validation", type=float, default=d.validation,
                   help="share of games held out for validation")
    p.add_argument("--scale", type=float, help="K of the logistic (default: fitted on the data)")
    p.add_argument("--mirror", action="store_true",
                   help="train on each position's mirror image as well (where the rules are "
                        "left-right symmetric: every position in xiangqi, janggi and shogi, "
                        "chess's where no side can castle)")
    p.add_argument("--features", choices=KINDS, default=d.features,
                   help="A1: pieces and hands only; K1: one block of those per bucket of the "
                        "perspective's king square (its file folded by the mirror where the "
                        "rules allow, times rank zones 0, 1, 2+), trained with bucket-free "
                        "twins folded in at the end (default: %(default)s)")
    p.add_argument("--bucket-decay", type=float, default=d.bucket_decay,
                   help="K1: weight decay (AdamW, per unit of learning rate) of the buckets' own "
                        "weights, pulling each bucket toward the king-less twins (default: "
                        "%(default)s)")
    p.add_argument("--seed", type=int, default=d.seed)
    return p


def parse_hidden(text: str) -> tuple[int, ...]:
    """``--hidden``: "" (none), "32" or "16,32"; ValueError unless at most two sizes of 1 to
    NN_MAX_HIDDEN (what the engine takes)."""
    from engine.kernels.search_layout import NN_MAX_HIDDEN
    from engine.nnue.network import engine_takes_hidden
    try:
        sizes = tuple(int(size) for size in text.split(",")) if text.strip() else ()
    except ValueError:
        raise ValueError(f"--hidden {text!r}: sizes separated by a comma, e.g. 16,32") from None
    if not engine_takes_hidden(sizes):
        raise ValueError(f"--hidden takes one or two sizes from 1 to {NN_MAX_HIDDEN}")
    return sizes


def shape_of(l1: int, hidden: tuple[int, ...]) -> str:
    """The net's layers, e.g. 2x128-16-32-1."""
    return "-".join([f"2x{l1}", *map(str, hidden), "1"])


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    from engine.kernels.search_layout import NN_MAX_L1
    from engine.nnue.features import scheme_for
    from engine.nnue.network import NetFileError, read_net, write_net
    from engine.nnue.records import RecordFileError
    from engine.nnue.train import (TrainConfig, TrainingSet, check_mirror, predict, train,
                                   warm_start)
    try:
        variant = get_variant(args.variant).name
        start = read_net(args.init, variant) if args.init else None
        l1 = args.l1 if args.l1 is not None else (start.l1 if start else TrainConfig.l1)
        hidden = parse_hidden(args.hidden) if args.hidden is not None \
            else (start.hidden_sizes if start else ())
        config = TrainConfig(l1=l1, hidden=hidden, epochs=args.epochs,
                             batch=args.batch, lr=args.lr, result_weight=args.result_weight,
                             validation=args.validation, scale=args.scale, seed=args.seed,
                             mirror=args.mirror, features=args.features,
                             bucket_decay=args.bucket_decay)
        if not 1 <= config.l1 <= NN_MAX_L1:
            raise ValueError(f"--l1 must be from 1 to {NN_MAX_L1}")
        if min(config.l1, config.epochs, config.batch or 1) < 1 or not 0 <= config.validation < 1 \
                or not 0 <= config.result_weight <= 1 or config.lr <= 0 \
                or (config.scale is not None and config.scale <= 0) \
                or not 0 <= config.bucket_decay * config.lr < 1:
            raise ValueError("l1, epochs and batch must be at least 1, lr and scale positive, "
                             "validation in [0, 1), result weight in [0, 1], bucket decay "
                             "from 0 to below 1 / lr")
        if config.bucket_decay and config.features == "A1":
            raise ValueError("--bucket-decay decays king buckets: it needs --features K1")
        if config.mirror:
            try:
                check_mirror(variant)
            except ValueError as error:
                raise ValueError(f"--mirror: {error}") from None
        start_net = None if start is None else \
            warm_start(start, scheme_for(variant, config.features).training(), config)
        data = TrainingSet.load(args.data, variant)
    except (ValueError, OSError, RecordFileError, NetFileError) as error:
        print(f"jiangjun train: error: {error}", file=sys.stderr)
        return 2
    games = len(np.unique(data.game))
    print(f"jiangjun train: {variant}, {len(data)} positions from {games} games", file=sys.stderr)

    def report(r) -> None:
        held = "none held out" if np.isnan(r.validation_loss) else f"{r.validation_loss:.5f}"
        print(f"epoch {r.epoch}/{config.epochs}: loss {r.train_loss:.5f}, validation {held}, "
              f"lr {r.lr:.2e}, {r.positions_per_second:.0f} positions/s",
              file=sys.stderr, flush=True)

    try:
        net = train(data, config, report, start_net)
        quantised = net.quantised()
    except (ValueError, KeyboardInterrupt) as error:
        print(f"jiangjun train: stopped: {error or 'interrupted'}", file=sys.stderr)
        return 130 if isinstance(error, KeyboardInterrupt) else 2
    _, validation = data.split(config.validation, config.seed)
    check = validation if len(validation) else data
    sample = np.arange(min(len(check), 2000))
    float_cp = predict(net, check.subset(sample)) * net.scale
    int_cp = np.array([quantised.evaluate(check.squares[i], check.hands[i], int(check.stm[i]))
                       for i in sample])
    slope = float(np.polyfit(check.score[sample].astype(np.float64), float_cp, 1)[0]) \
        if len(sample) > 1 else float("nan")
    quantised.about = {"positions": len(data), "games": games, "config": asdict(config),
                       "fitted_scale": round(net.fitted_scale, 1), "epoch": net.best_epoch,
                       "batch": net.batch}
    if start is not None:
        quantised.about["init"] = {"file": Path(args.init).name, "sha256": start.checksum()}
    write_net(args.out, quantised)
    why = "lowest validation loss" if len(validation) else "the last: no validation games"
    print(f"jiangjun train: wrote {args.out} (layers {shape_of(config.l1, config.hidden)}, "
          f"sha256 {quantised.checksum()[:12]}), the weights "
          f"of epoch {net.best_epoch} ({why}, {net.batch} positions a "
          f"step); scale K "
          f"{net.fitted_scale:.0f}; quantised "
          f"minus float {np.mean(np.abs(int_cp - float_cp)):.1f} cp on average; net score per "
          f"search centipawn {slope:.2f}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
