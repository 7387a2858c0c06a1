"""Move text conversion between canonical notation and each dialect's notation.

Canonical (engine/ and the vectors): xiangqi/janggi ``h2e2`` (ranks 0..9), janggi pass = own
general's square twice; shogi USI ``7g7f``/``P*5e``; chess UCI ``e2e4``.
Dialect styles of a square (file index f, rank index r, both 0-based from the first player's
bottom-left):
- ``zero``: letter + r        (xiangqi/janggi in UCCI, UCI-cyclone, XBoard)
- ``one``:  letter + (r + 1)  (chess everywhere; xiangqi/janggi in FSF-style UCI; shogi in UCI/XBoard)
- ``usi``:  digit (files - f) + letter ('a' + ranks - 1 - r)
"""

import re

from .errors import IllegalMoveText
from .variants import GEOMETRY, family

DIALECTS = ("uci", "ucicyclone", "ucci", "usi", "xboard")
PASS_WORDS = ("@@@@", "pass", "0000")

_SQ = r"(?:[a-l]\d{1,2}|\d[a-l])"
_MOVE = re.compile(rf"^({_SQ})({_SQ})([+\-=a-zA-Z]?)$")
_DROP = re.compile(rf"^(\+?[A-Za-z])[*@]({_SQ})$")


def canonical_style(variant: str) -> str:
    fam = family(variant)
    return {"xiangqi": "zero", "janggi": "zero", "shogi": "usi", "chess": "one"}[fam]


def dialect_style(variant: str, dialect: str) -> str:
    if dialect not in DIALECTS:
        raise ValueError(f"unknown dialect {dialect!r}")
    if dialect == "usi":
        return "usi"
    if GEOMETRY[family(variant)].ranks == 10 and dialect != "uci":
        return "zero"
    return "one"


def parse_square(text: str, style: str, variant: str) -> tuple[int, int]:
    geo = GEOMETRY[family(variant)]
    if style == "usi":
        if not (len(text) == 2 and text[0].isdigit() and text[1].isalpha()):
            raise IllegalMoveText(f"bad USI square {text!r}")
        f, r = geo.files - int(text[0]), geo.ranks - 1 - (ord(text[1]) - ord("a"))
    else:
        if not (text[0].isalpha() and text[1:].isdigit()):
            raise IllegalMoveText(f"bad square {text!r}")
        f, r = ord(text[0]) - ord("a"), int(text[1:]) - (1 if style == "one" else 0)
    if not (0 <= f < geo.files and 0 <= r < geo.ranks):
        raise IllegalMoveText(f"square {text!r} is off the board")
    return f, r


def render_square(sq: tuple[int, int], style: str, variant: str) -> str:
    geo = GEOMETRY[family(variant)]
    f, r = sq
    if style == "usi":
        return f"{geo.files - f}{chr(ord('a') + geo.ranks - 1 - r)}"
    return f"{chr(ord('a') + f)}{r + (1 if style == 'one' else 0)}"


def convert(move: str, variant: str, src: str, dst: str) -> str:
    """Re-spell one move from square style ``src`` to ``dst`` (no pass words here).

    Also validates: unreadable or off-board text raises IllegalMoveText, even if src == dst.
    """
    drop = _DROP.match(move)
    if drop:
        piece, sq = drop.groups()
        sep = "*" if dst == "usi" else "@"
        return f"{piece.upper()}{sep}{render_square(parse_square(sq, src, variant), dst, variant)}"
    m = _MOVE.match(move)
    if not m:
        raise IllegalMoveText(f"unreadable move {move!r}")
    a, b, suffix = m.groups()
    a2 = render_square(parse_square(a, src, variant), dst, variant)
    b2 = render_square(parse_square(b, src, variant), dst, variant)
    return a2 + b2 + suffix


def to_dialect(move: str, variant: str, dialect: str, xboard_pass: str = "@@@@") -> str:
    """Canonical move -> the text the engine expects in ``dialect``."""
    text = convert(move, variant, canonical_style(variant), dialect_style(variant, dialect))
    if dialect == "xboard" and is_pass(move, variant) and xboard_pass != "king":
        return xboard_pass
    return text


def from_dialect(text: str, variant: str, dialect: str, pass_square: str | None = None) -> str:
    """The engine's move text -> canonical move.

    ``pass_square`` is the canonical square of the mover's general, needed to read janggi
    passes written as ``@@@@``/``pass``/``0000``.
    """
    if text in PASS_WORDS:
        if family(variant) != "janggi" or pass_square is None:
            raise IllegalMoveText(f"pass {text!r} is not a move in {variant}")
        return pass_square * 2
    if text.endswith("=") and len(text) > 4:  # XBoard: "=" marks a declined promotion
        text = text[:-1]
    if family(variant) == "chess" and len(text) == 5:
        text = text[:4] + text[4].lower()
    return convert(text, variant, dialect_style(variant, dialect), canonical_style(variant))


def is_pass(move: str, variant: str) -> bool:
    return family(variant) == "janggi" and len(move) == 4 and move[:2] == move[2:]
