"""Training positions on disk: one fixed-size numpy record per position, in chunk files.

A record keeps the position itself (the piece code of every playable square, the hand counts),
not features: the feature scheme may change between net generations, the data stays.

    squares  int8[files * ranks]  piece code per square, rank 0 first, file 0 first in a rank
    hands    int8[2, pieces]      pieces in hand per side and piece type (pt - 1); shogi only
    stm      int8                 side to move, 0 (first player) or 1
    result   int8                 the game's result for the side to move: 1, 0 (draw) or -1
    score    int16                the search's score for the side to move, centipawns
    ply      int16                plies since the start position
    move     int32                the move the search chose (engine/kernels/layout.py encoding)
    game     int32                the game's number within the chunk
    key      int64                Zobrist hash, for de-duplication

A chunk file is ``MAGIC``, a little-endian uint32 header length, a JSON header (the game, the
format version, how the data was made, the record count) and the records, so that
``np.memmap`` reads millions of them without parsing.
"""
from __future__ import annotations

import json
import os
import struct
from pathlib import Path

import numpy as np

from ..kernels import layout as L
from ..spec import VariantSpec
from ..variants import get_variant

MAGIC = b"JJTRAIN\x00"
VERSION = 1
SUFFIX = ".jjtrain"


class RecordFileError(ValueError):
    """A chunk file that is not one, or not of the game or format asked for."""


def record_dtype(spec: VariantSpec) -> np.dtype:
    return np.dtype([("squares", np.int8, (spec.files * spec.ranks,)),
                     ("hands", np.int8, (2, len(spec.pieces))),
                     ("stm", np.int8), ("result", np.int8), ("score", np.int16),
                     ("ply", np.int16), ("move", np.int32), ("game", np.int32),
                     ("key", np.int64)])


def playable_squares(spec: VariantSpec, geometry) -> np.ndarray:
    """Padded-mailbox square of each dense square index (rank 0 first)."""
    return np.array([geometry.square(f, r) for r in range(spec.ranks) for f in range(spec.files)],
                    dtype=np.int64)


def fill_record(record, position, squares: np.ndarray) -> None:
    """Write ``position`` (engine/position.py) into ``record``'s board fields and stm."""
    record["squares"] = position.board[squares]
    pieces = len(position.spec.pieces)
    for side in (0, 1):
        base = L.S_HAND + side * L.MAX_TYPES
        record["hands"][side] = np.minimum(position.st[base + 1: base + 1 + pieces], 127)
    record["stm"] = position.turn
    record["key"] = position.hash


def write_chunk(path: str | Path, variant: str, records: np.ndarray, about: dict) -> None:
    """Write ``records`` with a header; atomic (a temporary file renamed), so a chunk file that
    exists is whole and an interrupted run resumes by skipping it."""
    spec = get_variant(variant)
    if records.dtype != record_dtype(spec):
        raise ValueError(f"records are not {spec.name} records")
    header = json.dumps({"format": "jiangjun-train", "version": VERSION, "variant": spec.name,
                         "count": int(len(records)), **about}, sort_keys=True).encode()
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as handle:
        handle.write(MAGIC + struct.pack("<I", len(header)) + header)
        handle.write(np.ascontiguousarray(records).tobytes())
    os.replace(tmp, path)


def read_header(path: str | Path) -> tuple[dict, int]:
    """(header, byte offset of the first record); RecordFileError when it is not a chunk file."""
    with open(path, "rb") as handle:
        head = handle.read(len(MAGIC) + 4)
        if len(head) < len(MAGIC) + 4 or head[:len(MAGIC)] != MAGIC:
            raise RecordFileError(f"{path}: not a jiangjun training file")
        size = struct.unpack("<I", head[len(MAGIC):])[0]
        try:
            header = json.loads(handle.read(size))
        except ValueError:
            raise RecordFileError(f"{path}: broken header") from None
    if header.get("version") != VERSION:
        raise RecordFileError(f"{path}: format version {header.get('version')}, "
                              f"this jiangjun reads {VERSION}")
    return header, len(MAGIC) + 4 + size


def read_chunk(path: str | Path, variant: str | None = None) -> tuple[dict, np.ndarray]:
    """(header, records) of a chunk file, the records memory-mapped read-only."""
    header, offset = read_header(path)
    try:
        spec = get_variant(str(header.get("variant")))
    except ValueError:
        raise RecordFileError(f"{path}: positions of an unknown game "
                              f"{header.get('variant')!r}") from None
    if variant is not None and get_variant(variant).name != spec.name:
        raise RecordFileError(f"{path}: {spec.name} positions, not {variant}")
    dtype = record_dtype(spec)
    expected = offset + header["count"] * dtype.itemsize
    if os.path.getsize(path) != expected:
        raise RecordFileError(f"{path}: {os.path.getsize(path)} bytes, the header says {expected}")
    if header["count"] == 0:
        return header, np.zeros(0, dtype=dtype)
    return header, np.memmap(path, dtype=dtype, mode="r", offset=offset, shape=(header["count"],))


def chunk_files(folder: str | Path) -> list[Path]:
    return sorted(Path(folder).glob(f"*{SUFFIX}"))


def load_folder(folder: str | Path, variant: str) -> np.ndarray:
    """Every record of the chunk files in ``folder`` (one game), concatenated in memory."""
    parts = [read_chunk(path, variant)[1] for path in chunk_files(folder)]
    if not parts:
        raise RecordFileError(f"{folder}: no {SUFFIX} files")
    return np.concatenate(parts)
