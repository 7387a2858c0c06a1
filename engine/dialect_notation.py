"""Move spelling per protocol dialect, converted from and to the engine's canonical notation.

Pure conversion (no protocol state), so engine/ APIs and the protocol server's dialects alike
read and print moves in any dialect's spelling.

Square styles (file index f and rank index r count from the first player's bottom-left):
- ``zero``: letter + r, 10-rank boards in UCCI, UCI-cyclone and XBoard (``h2e2``);
- ``one``:  letter + (r + 1), chess everywhere, 10-rank boards in plain UCI (``h3e3``, ``h10g8``),
            shogi outside USI (``c3c4``, ``P@e5``, ``b2h8+``);
- ``usi``:  digit (files - f) + letter ('a' + ranks - 1 - r) (``7g7f``, ``P*5e``).
The choice depends only on the spec's canonical move style and board height, never on its name.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .kernels.layout import MF_PASS
from .notation import move_index, move_text
from .shogi_notation import from_chess_style, to_chess_style

PASS_WORDS = ("0000", "pass", "@@@@")
_CANONICAL_STYLE = {"coord0": "zero", "coord1": "one", "usi": "usi"}
_SQUARE = r"(?:[a-z]\d{1,2}|\d[a-z])"
_MOVE = re.compile(rf"^({_SQUARE})({_SQUARE})(.*)$")
_DROP = re.compile(rf"^(\+?[A-Za-z])[*@]({_SQUARE})$")


@dataclass(frozen=True)
class Codec:
    style: str                 # square style of the dialect
    canonical: str             # square style of the engine's canonical text
    drop_sep: str              # "*" (USI) or "@"
    pass_text: str | None      # fixed pass spelling ("@@@@"), or None for the royal square twice


def codec_for(spec, dialect: str) -> Codec:
    """``dialect`` is one of uci, ucicyclone, ucci, usi, xboard."""
    canonical = _CANONICAL_STYLE[spec.move_style]
    if canonical == "usi":
        style = "usi" if dialect == "usi" else "one"
    elif canonical == "zero":
        style = "one" if dialect == "uci" else "zero"
    else:
        style = canonical
    return Codec(style, canonical, "*" if style == "usi" else "@",
                 "@@@@" if dialect == "xboard" else None)


def square_labels(spec, style: str | None = None) -> tuple[list[str], list[str]]:
    """(file labels left to right, rank labels from the first player's side up) in a square
    style (default: the spec's canonical one), for board diagrams."""
    style = style or _CANONICAL_STYLE[spec.move_style]
    if style == "usi":
        return ([str(spec.files - f) for f in range(spec.files)],
                [chr(ord("a") + spec.ranks - 1 - r) for r in range(spec.ranks)])
    first = 1 if style == "one" else 0
    return ([chr(ord("a") + f) for f in range(spec.files)],
            [str(r + first) for r in range(spec.ranks)])


def _parse_square(text: str, style: str, files: int, ranks: int) -> tuple[int, int]:
    if style == "usi":
        if not (text[0].isdigit() and text[1:].isalpha() and len(text) == 2):
            raise ValueError(f"bad square '{text}'")
        f, r = files - int(text[0]), ranks - 1 - (ord(text[1]) - ord("a"))
    else:
        if not (text[0].isalpha() and text[1:].isdigit()):
            raise ValueError(f"bad square '{text}'")
        f, r = ord(text[0]) - ord("a"), int(text[1:]) - (1 if style == "one" else 0)
    if not (0 <= f < files and 0 <= r < ranks):
        raise ValueError(f"square '{text}' is off the board")
    return f, r


def _render_square(f: int, r: int, style: str, files: int, ranks: int) -> str:
    if style == "usi":
        return f"{files - f}{chr(ord('a') + ranks - 1 - r)}"
    return f"{chr(ord('a') + f)}{r + (1 if style == 'one' else 0)}"


def _respell(text: str, src: str, dst: str, sep: str, files: int, ranks: int) -> str:
    drop = _DROP.match(text)
    if drop:
        piece, square = drop.groups()
        f, r = _parse_square(square, src, files, ranks)
        return f"{piece.upper()}{sep}{_render_square(f, r, dst, files, ranks)}"
    move = _MOVE.match(text)
    if not move:
        raise ValueError(f"unreadable move '{text}'")
    a, b, suffix = move.groups()
    fa, ra = _parse_square(a, src, files, ranks)
    fb, rb = _parse_square(b, src, files, ranks)
    return (_render_square(fa, ra, dst, files, ranks) + _render_square(fb, rb, dst, files, ranks)
            + suffix)


def move_to_text(position, mv: int, codec: Codec) -> str:
    if mv & MF_PASS and codec.pass_text:
        return codec.pass_text
    canonical = move_text(position, mv)
    if codec.style == codec.canonical:
        return canonical
    if codec.canonical == "usi" and codec.style == "one":
        return to_chess_style(canonical)
    geo = position.geo
    return _respell(canonical, codec.canonical, codec.style, codec.drop_sep, geo.files, geo.ranks)


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
        codec, geo = self.codec, self.position.geo
        if text in PASS_WORDS:
            for mv in self.index.values():
                if mv & MF_PASS:
                    return mv
            raise ValueError(f"illegal move '{text}'")
        if len(text) > 4 and text.endswith("="):   # XBoard: "=" marks a declined promotion
            text = text[:-1]
        move = _MOVE.match(text)
        if move and len(move.group(3)) == 1 and move.group(3).isalpha():
            text = text[:-1] + text[-1].lower()      # chess promotion letter, any case
        sep = "*" if codec.canonical == "usi" else "@"
        try:
            if codec.canonical == "usi" and codec.style == "one":
                canonical = from_chess_style(text)
            else:
                canonical = _respell(text, codec.style, codec.canonical, sep, geo.files,
                                     geo.ranks)
        except (ValueError, IndexError):
            raise ValueError(f"illegal move '{text}'") from None
        mv = self.index.get(canonical.strip())
        if mv is None:
            raise ValueError(f"illegal move '{text}'")
        return mv
