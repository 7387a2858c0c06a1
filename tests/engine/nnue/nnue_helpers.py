"""Positions for the NNUE tests, made without self-play: records of random legal games, and
material-only positions scored by the game's piece values."""
import random

import numpy as np

from engine.board import Board
from engine.nnue.records import fill_record, playable_squares, record_dtype
from engine.variants import get_variant


def random_game_records(variant: str, plies: int, seed: int) -> np.ndarray:
    """A record of every position along one random legal game (captures, drops, promotions
    and passes as they come)."""
    spec = get_variant(variant)
    rng = random.Random(seed)
    board = Board(variant)
    squares = playable_squares(spec, board.position.geo)
    out = []
    for _ in range(plies):
        record = np.zeros((), dtype=record_dtype(spec))
        fill_record(record, board.position, squares)
        out.append(record)
        legal = board.legal_moves
        if not legal:
            break
        board.push(rng.choice(sorted(legal)))
    return np.array(out)


def material_records(variant: str, count: int, seed: int) -> np.ndarray:
    """Start positions with pieces removed at random (never a royal), scored by material for
    the side to move, the result its sign."""
    spec = get_variant(variant)
    base = random_game_records(variant, 1, 0)[0]
    values = np.array([0] + [piece.value for piece in spec.pieces])
    royal = np.array([False] + [piece.royal for piece in spec.pieces])
    rng = np.random.default_rng(seed)
    records = np.repeat(base[None], count)
    for record in records:
        squares = record["squares"]
        types = np.abs(squares)
        squares[(types > 0) & ~royal[types] & (rng.random(len(squares)) < 0.35)] = 0
        types = np.abs(squares)
        first_view = np.sum(np.sign(squares) * values[types])
        record["stm"] = rng.integers(2)
        record["score"] = first_view if record["stm"] == 0 else -first_view
        record["result"] = np.sign(record["score"])
    return records


def twin(record: np.ndarray, orient: np.ndarray) -> np.ndarray:
    """The same position with the colours exchanged and the board turned round the way the
    feature scheme turns it for side 1: the side to move's view must not change."""
    other = record.copy()
    other["squares"][orient[1]] = -record["squares"]
    other["hands"] = record["hands"][::-1]
    other["stm"] = 1 - record["stm"]
    return other


def gains_without_a_rook(net, records) -> list[float]:
    """For each chess record where the side to move's opponent has a rook or queen: how much
    the net's score rises when one of them is taken away (a net that knows material: > 0)."""
    from engine.nnue.train import TrainingSet, predict
    gains = []
    for record in records:
        stm_sign = 1 if record["stm"] == 0 else -1
        theirs = np.flatnonzero(np.isin(record["squares"] * -stm_sign, (2, 4)))
        if len(theirs) == 0:
            continue
        poorer = record.copy()
        poorer["squares"][theirs[0]] = 0
        pair = TrainingSet.from_records("chess", np.array([record, poorer]), np.arange(2))
        before, after = predict(net, pair) * net.scale
        gains.append(after - before)
    return gains
