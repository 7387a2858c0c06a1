"""Transposition-table memory: how many words a Hash size buys, and an allocation that fails
cleanly. numpy only (no numba), so the protocol can try a Hash value while the kernels load.

A table larger than the machine's physical memory is refused before allocating: with memory
overcommit the allocation itself may succeed, and the engine would be killed once the search
has touched enough of it.
"""
from __future__ import annotations

import os

import numpy as np

MIN_WORDS = 2048


class HashSizeError(MemoryError):
    """The table cannot be had; the message says why, for the GUI."""


def table_words(mb: int) -> int:
    """int64 words for ``mb`` megabytes: a power of two (16-byte entries in pairs)."""
    words = max(MIN_WORDS, (max(1, int(mb)) << 20) // 8)
    return 1 << (words.bit_length() - 1)


def physical_memory_bytes() -> int | None:
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, OSError, ValueError):
        return None


def allocate_table(mb: int) -> np.ndarray:
    """A zeroed table of ``mb`` megabytes, or HashSizeError (nothing else is changed)."""
    words = table_words(mb)
    physical = physical_memory_bytes()
    if physical is not None and words * 8 > physical:
        raise HashSizeError(f"Hash {mb} MB is more than this machine's memory "
                            f"({physical >> 20} MB)")
    try:
        return np.zeros(words, dtype=np.int64)
    except MemoryError:
        raise HashSizeError(f"cannot allocate Hash {mb} MB") from None
