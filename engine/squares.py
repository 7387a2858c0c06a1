"""Square styles: how a square (file f, rank r, both counted from the first player's
bottom-left) is written, and one move's text re-spelled from one style to another.

- ``zero``: letter + r (``h2e2``): xiangqi and janggi canonical, and their UCCI/XBoard text;
- ``one``:  letter + (r + 1) (``e2e4``, ``h10g8``): chess, 10-rank boards in plain UCI, shogi
            in chess style (``c3c4``, ``P@e5``);
- ``usi``:  digit (files - f) + letter ('a' + ranks - 1 - r) (``7g7f``, ``P*5e``).

The one place these formulas live: canonical notation (engine/notation.py), every dialect's
spelling (engine/dialect_notation.py), shogi's chess style (engine/shogi_notation.py) and the
engine clients (protocol/clients/notation.py) all write and read squares through it.
"""
from __future__ import annotations

import re

# The square style of each canonical move style (VariantSpec.move_style).
CANONICAL_STYLES = {"coord0": "zero", "coord1": "one", "usi": "usi"}
_SQUARE = r"(?:[a-z]\d{1,2}|\d[a-z])"
MOVE_TEXT = re.compile(rf"^({_SQUARE})({_SQUARE})(.*)$")      # from, to, any suffix
DROP_TEXT = re.compile(rf"^(\+?[A-Za-z])[*@]({_SQUARE})$")    # piece, square


def canonical_style(spec) -> str:
    return CANONICAL_STYLES[spec.move_style]


def square_labels(spec, style: str | None = None) -> tuple[list[str], list[str]]:
    """(file labels left to right, rank labels from the first player's side up) in a square
    style (default: the spec's canonical one), for board diagrams."""
    style = style or canonical_style(spec)
    cut = -1 if style == "usi" else 1         # where a square's text splits into file and rank

    def name(f: int, r: int) -> str:
        return render_square(f, r, style, spec.files, spec.ranks)
    return ([name(f, 0)[:cut] for f in range(spec.files)],
            [name(0, r)[cut:] for r in range(spec.ranks)])


def parse_square(text: str, style: str, files: int, ranks: int) -> tuple[int, int]:
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


def render_square(f: int, r: int, style: str, files: int, ranks: int) -> str:
    if style == "usi":
        return f"{files - f}{chr(ord('a') + ranks - 1 - r)}"
    return f"{chr(ord('a') + f)}{r + (1 if style == 'one' else 0)}"


def respell(text: str, src: str, dst: str, files: int, ranks: int) -> str:
    """One move's text from square style ``src`` to ``dst`` on a board of ``files`` x
    ``ranks``: squares re-spelled, a drop's separator made ``dst``'s ("*" in USI style, else
    "@"), any suffix kept. ValueError if unreadable or off the board, even when src == dst."""
    sep = "*" if dst == "usi" else "@"
    drop = DROP_TEXT.match(text)
    if drop:
        piece, square = drop.groups()
        if src == "one" and "*" in text:       # chess-style text drops with "@" only
            raise ValueError(f"unreadable move '{text}'")
        f, r = parse_square(square, src, files, ranks)
        return f"{piece.upper()}{sep}{render_square(f, r, dst, files, ranks)}"
    move = MOVE_TEXT.match(text)
    if not move:
        raise ValueError(f"unreadable move '{text}'")
    a, b, suffix = move.groups()
    fa, ra = parse_square(a, src, files, ranks)
    fb, rb = parse_square(b, src, files, ranks)
    return (render_square(fa, ra, dst, files, ranks) + render_square(fb, rb, dst, files, ranks)
            + suffix)
