"""Shogi move and position text as chess GUIs (XBoard, UCI with UCI_Variant) write it.

USI (``7g7f``, ``8h2b+``, ``P*5e``; engine/notation.py) is canonical. XBoard and Fairy-Stockfish's
UCI mode use chess orientation instead: file ``a`` is sente's left (USI file 9) and rank 1 is
sente's back rank (USI rank ``i``), drops use ``@``:  ``7g7f`` = ``c3c4``, ``8h2b+`` = ``b2h8+``,
``P*5e`` = ``P@e5`` (tests/data/conventions.json). On input a trailing ``=``
(XBoard's "do not promote") is accepted and dropped.

The FEN of those GUIs is Fairy-Stockfish's: hands in brackets after the board and ``w`` for sente
(``lnsgkgsnl/.../LNSGKGSNL[-] w 0 1``); ``fsf_fen`` prints it, engine/fen.py reads it.
"""
from __future__ import annotations

import re

from .kernels import layout as L
from .notation import move_text, parse_move
from .squares import respell

FILES = RANKS = 9

# The shapes of a shogi move in each spelling; the squares are converted by
# engine/squares.py, as for every game and dialect.
_USI_MOVE = re.compile(r"^[1-9][a-i][1-9][a-i]\+?$")
_USI_DROP = re.compile(r"^[A-Za-z]\*[1-9][a-i]$")
_CHESS_MOVE = re.compile(r"^[a-i][1-9][a-i][1-9]\+?$")
_CHESS_DROP = re.compile(r"^[A-Za-z]@[a-i][1-9]$")


def to_chess_style(usi_text: str) -> str:
    """``7g7f`` -> ``c3c4``, ``8h2b+`` -> ``b2h8+``, ``P*5e`` -> ``P@e5``; ValueError if malformed."""
    text = usi_text.strip()
    if not (_USI_MOVE.match(text) or _USI_DROP.match(text)):
        raise ValueError(f"not a USI shogi move: '{usi_text}'")
    return respell(text, "usi", "one", FILES, RANKS)


def from_chess_style(text: str) -> str:
    """``c3c4`` -> ``7g7f``, ``b2h8+`` -> ``8h2b+``, ``P@e5`` -> ``P*5e`` (a trailing ``=`` is
    ignored); ValueError if malformed."""
    stripped = text.strip().removesuffix("=")
    if not (_CHESS_MOVE.match(stripped) or _CHESS_DROP.match(stripped)):
        raise ValueError(f"not a chess-style shogi move: '{text}'")
    return respell(stripped, "one", "usi", FILES, RANKS)


def chess_style_move_text(position, mv: int) -> str:
    """The move code ``mv`` in chess style."""
    return to_chess_style(move_text(position, mv))


def parse_chess_style(position, text: str) -> int:
    """The legal move written ``text`` in chess style; ValueError if malformed or illegal."""
    return parse_move(position, from_chess_style(text))


def fsf_fen(position) -> str:
    """The position as Fairy-Stockfish/XBoard write a shogi FEN (``...[2Pb] w - - 0 1``)."""
    board, side, hands, move_count = position.fen().split()
    ply = int(position.st[L.S_PLY])
    fsf_side = "wb"[position.turn]
    hand_text = "" if hands == "-" else _expand_hands(hands)
    return f"{board}[{hand_text}] {fsf_side} - - {int(position.st[L.S_CLOCK])} {ply // 2 + 1}"


def _expand_hands(hands: str) -> str:
    """SFEN ``2Pb`` -> FSF ``PPb`` (pieces listed one by one)."""
    out, count = [], 0
    for c in hands:
        if c.isdigit():
            count = count * 10 + int(c)
            continue
        out.append(c * (count or 1))
        count = 0
    return "".join(out)
