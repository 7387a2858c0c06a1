"""Canonical move text for each variant: the notation of engine/ APIs and of the test vectors
(tests/data).

coord0: xiangqi/janggi, files a..i and ranks 0..9 from the first player (``h2e2``); a pass is the
        own royal square twice (``e1e1``).
coord1: chess UCI, ranks from 1 (``e2e4``, ``e7e8q``); castling as the king's two-square move, or
        king-takes-rook in Chess960.
usi:    shogi USI (``7g7f``, ``8h2b+``, ``P*5e``).
Dialect-specific spellings (1-based xiangqi ranks, XBoard shogi, ``@@@@``) are
engine/dialect_notation.py's; the square styles themselves engine/squares.py's.
"""
from __future__ import annotations

from functools import lru_cache

from .kernels import layout as L
from .squares import CANONICAL_STYLES, render_square

# Other spellings of a pass read wherever a move is read: UCI's null move, the word, XBoard's
# and Fairy-Stockfish's @@@@, and XBoard's own PGN files' "--".
PASS_WORDS = ("0000", "pass", "@@@@", "--")


@lru_cache(maxsize=None)
def _square_names(geo, style: str) -> tuple[str, ...]:
    """Every square's text, by square index (parsing a long game renders thousands of moves)."""
    names = [""] * L.NSQ
    for sq in geo.squares():
        names[sq] = render_square(geo.file_of(sq), geo.rank_of(sq), CANONICAL_STYLES[style],
                                  geo.files, geo.ranks)
    return tuple(names)


def square_text(position, sq: int) -> str:
    return _square_names(position.geo, position.spec.move_style)[sq]


def move_text(position, mv: int) -> str:
    spec = position.spec
    frm = mv & L.M_FROM_MASK
    to = (mv >> L.M_TO_SHIFT) & L.M_FROM_MASK
    promo = (mv >> L.M_PROMO_SHIFT) & L.M_PROMO_MASK
    if mv & L.MF_DROP:
        letter = spec.pieces[frm - 1].letter
        sep = "*" if spec.move_style == "usi" else "@"
        return f"{letter}{sep}{square_text(position, to)}"
    if mv & L.MF_CASTLE and not position.chess960:
        geo = position.geo
        rank_start = frm - (frm % geo.width) + L.PAD
        to = rank_start + (6 if to > frm else 2)
    text = square_text(position, frm) + square_text(position, to)
    if promo:
        letter = spec.pieces[promo - 1].letter
        text += "+" if letter.startswith("+") else letter.lower()
    return text


def parse_move(position, text: str) -> int:
    """The legal move spelled ``text``; ValueError if it is malformed or illegal."""
    mv = move_index(position).get(text.strip())
    if mv is None:
        raise ValueError(f"illegal move '{text.strip()}'")
    return mv


def move_index(position) -> dict[str, int]:
    """Every accepted spelling of every legal move -> the move, built once per position so that
    reading many moves (a long searchmoves list) costs one dictionary look-up each. Where two
    moves share a spelling, the earlier rule and the earlier move in generation order win."""
    legal = position.legal_moves()
    index: dict[str, int] = {}
    names = _square_names(position.geo, position.spec.move_style)
    special = L.MF_DROP | L.MF_CASTLE | (L.M_PROMO_MASK << L.M_PROMO_SHIFT)
    for mv in legal:
        if mv & special:
            index.setdefault(move_text(position, mv), mv)
        else:                                      # a plain move: from + to (the hot path)
            index.setdefault(names[mv & L.M_FROM_MASK]
                             + names[(mv >> L.M_TO_SHIFT) & L.M_FROM_MASK], mv)
    passes = [mv for mv in legal if mv & L.MF_PASS]
    if passes:
        for word in PASS_WORDS:
            index.setdefault(word, passes[0])
    if position.spec.castling:
        geo = position.geo
        for mv in legal:
            if not mv & L.MF_CASTLE:
                continue
            frm = mv & L.M_FROM_MASK
            to = (mv >> L.M_TO_SHIFT) & L.M_FROM_MASK
            if not position.chess960:      # also accept king-takes-rook castling
                index.setdefault(square_text(position, frm) + square_text(position, to), mv)
            elif geo.file_of(frm) == geo.files // 2:
                # a king on the e-file may also castle as e1g1 / e1c1 (as python-chess)
                kdest = frm - (frm % geo.width) + L.PAD + (6 if to > frm else 2)
                index.setdefault(square_text(position, frm) + square_text(position, kdest), mv)
    return index
