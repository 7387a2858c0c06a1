"""Move text between canonical notation and an external engine's dialect, text alone: an engine's
move is judged by whoever holds the game (the runner's arbiter, the scripting API's board), so a
wrong move is reported as what it is rather than as unreadable.

The square styles are engine/squares.py's and the dialects' choice of them
engine/dialect_notation.py's, as for our own server;
only the client's own choices live here: which pass word XBoard engines get, and how a pass
word reads back (the mover's general square twice, which the caller knows).
"""

import re

from engine.dialect_notation import PASS_WORDS, codec_for
from engine.variants import get_variant

from .errors import IllegalMoveText

DIALECTS = ("uci", "ucicyclone", "ucci", "usi", "xboard")

# The shapes of move text an engine may send: a from-to move with at most one mark (promotion
# letter, "+", XBoard's "="), or a drop.
_SQ = r"(?:[a-l]\d{1,2}|\d[a-l])"
_SHAPE = re.compile(rf"^(?:{_SQ}{_SQ}[+\-=a-zA-Z]?|\+?[A-Za-z][*@]{_SQ})$")


def _codec(variant: str, dialect: str):
    if dialect not in DIALECTS:
        raise ValueError(f"unknown dialect {dialect!r}")
    return codec_for(get_variant(variant), dialect)


def to_dialect(move: str, variant: str, dialect: str, xboard_pass: str = "@@@@") -> str:
    """Canonical move -> the text the engine expects in ``dialect``."""
    try:
        text = _codec(variant, dialect).write(move)
    except ValueError as error:
        raise IllegalMoveText(str(error)) from None
    if dialect == "xboard" and is_pass(move, variant) and xboard_pass != "king":
        return xboard_pass
    return text


def from_dialect(text: str, variant: str, dialect: str, pass_square: str | None = None) -> str:
    """The engine's move text -> canonical move.

    ``pass_square`` is the canonical square of the mover's general, needed to read janggi
    passes written as ``@@@@``/``pass``/``0000``.
    """
    if text in PASS_WORDS:
        if not get_variant(variant).pass_move or pass_square is None:
            raise IllegalMoveText(f"pass {text!r} is not a move in {variant}")
        return pass_square * 2
    if not _SHAPE.match(text):
        raise IllegalMoveText(f"unreadable move {text!r}")
    try:
        return _codec(variant, dialect).read(text)
    except ValueError as error:
        raise IllegalMoveText(str(error)) from None


def is_pass(move: str, variant: str) -> bool:
    """A canonical pass: the mover's general square twice, in games that have one."""
    return get_variant(variant).pass_move and len(move) == 4 and move[:2] == move[2:]
