"""Reading protocol lines with a length bound.

A GUI never sends a line near this long: a 12,000-ply game (longer than any legal chess game) in
`position ... moves` is about 70,000 characters. Refusing longer lines bounds the work one line
can cause, so a `quit` behind a hostile megabyte line is read, and honoured, at once.
"""
from __future__ import annotations

from dataclasses import dataclass

MAX_LINE_CHARS = 1 << 18          # 262,144 characters


@dataclass(frozen=True)
class Overlong:
    """Stands for a line that was too long; only its start is kept, for the error message."""
    head: str
    length: int


def read_lines(stream, limit: int = MAX_LINE_CHARS):
    """Yield each line of ``stream`` (a str), or an Overlong for a line over ``limit``
    characters, whose rest is read and dropped in ``limit``-sized pieces (memory stays bounded)."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if len(line) <= limit or line.endswith("\n"):     # at most limit characters and \n
            yield line
            continue
        head, length = line[:40], len(line)
        while not line.endswith("\n"):
            line = stream.readline(limit)
            if not line:
                break
            length += len(line)
        yield Overlong(head, length)
