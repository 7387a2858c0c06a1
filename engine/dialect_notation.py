"""Move spelling per protocol dialect, converted from and to the engine's canonical notation.

Pure conversion (no protocol state), so engine/ APIs, the protocol server's dialects and the
clients of other engines alike read and print moves in any dialect's spelling. ``Codec`` converts
text alone (no legality: a client reads whatever an engine says); ``move_to_text`` and
``MoveReader`` convert between text and the legal move codes of a position.

Each dialect writes squares in one of engine/squares.py's styles: ``zero`` on 10-rank boards in
UCCI, UCI-cyclone and XBoard (``h2e2``); ``one`` for chess everywhere, 10-rank boards in plain
UCI (``h3e3``, ``h10g8``) and shogi outside USI (``c3c4``, ``P@e5``, ``b2h8+``); ``usi`` in USI
(``7g7f``, ``P*5e``). The choice depends only on the spec's canonical move style and board
height, never on its name.
"""
from __future__ import annotations

from dataclasses import dataclass

from .kernels.layout import MF_PASS
from .notation import move_index, move_text
from .squares import (MOVE_TEXT, canonical_style, respell,
                      square_labels)  # noqa: F401  (re-exported for engine/display.py)

PASS_WORDS = ("0000", "pass", "@@@@")


@dataclass(frozen=True)
class Codec:
    style: str                 # square style of the dialect
    canonical: str             # square style of the engine's canonical text
    drop_sep: str              # "*" (USI) or "@"
    pass_text: str | None      # fixed pass spelling ("@@@@"), or None for the royal square twice
    files: int
    ranks: int

    def write(self, canonical: str) -> str:
        """Canonical move text in the dialect's square style (a pass stays the royal square
        twice); ValueError if unreadable or off the board."""
        return respell(canonical, self.canonical, self.style, self.files, self.ranks)

    def read(self, text: str) -> str:
        """The dialect's move text as canonical text, without checking legality. Pass words
        are not read here (their canonical text depends on the position). ValueError if
        unreadable or off the board."""
        return respell(normalise(text), self.style, self.canonical, self.files, self.ranks)


def normalise(text: str) -> str:
    """Move text as GUIs and engines vary it, made plain: XBoard's "=" (a declined promotion)
    dropped, a chess promotion letter in lower case."""
    if len(text) > 4 and text.endswith("="):
        text = text[:-1]
    move = MOVE_TEXT.match(text)
    if move and len(move.group(3)) == 1 and move.group(3).isalpha():
        text = text[:-1] + text[-1].lower()
    return text


def codec_for(spec, dialect: str) -> Codec:
    """``dialect`` is one of uci, ucicyclone, ucci, usi, xboard."""
    canonical = canonical_style(spec)
    if canonical == "usi":
        style = "usi" if dialect == "usi" else "one"
    elif canonical == "zero":
        style = "one" if dialect == "uci" else "zero"
    else:
        style = canonical
    return Codec(style, canonical, "*" if style == "usi" else "@",
                 "@@@@" if dialect == "xboard" else None, spec.files, spec.ranks)


def move_to_text(position, mv: int, codec: Codec) -> str:
    if mv & MF_PASS and codec.pass_text:
        return codec.pass_text
    canonical = move_text(position, mv)
    if codec.style == codec.canonical:
        return canonical
    return codec.write(canonical)


def text_to_move(position, text: str, codec: Codec) -> int:
    """The legal move the dialect spells ``text``; ValueError if unreadable or illegal."""
    return MoveReader(position, codec).read(text)


class MoveReader:
    """Reads many move texts against one position: the legal moves are spelled once, then each
    text is one respelling and one look-up (linear in the number of texts)."""

    def __init__(self, position, codec: Codec):
        self.position = position
        self.codec = codec
        self.index = move_index(position)

    def read(self, text: str) -> int:
        """The legal move the dialect spells ``text``; ValueError if unreadable or illegal."""
        if text in PASS_WORDS:
            for mv in self.index.values():
                if mv & MF_PASS:
                    return mv
            raise ValueError(f"illegal move '{text}'")
        text = normalise(text)
        codec = self.codec
        try:
            canonical = respell(text, codec.style, codec.canonical, codec.files, codec.ranks)
        except (ValueError, IndexError):
            raise ValueError(f"illegal move '{text}'") from None
        mv = self.index.get(canonical.strip())
        if mv is None:
            raise ValueError(f"illegal move '{text}'")
        return mv
