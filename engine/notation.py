"""Canonical move text for each variant, the notation of ../shared/vectors and of engine/ APIs.

coord0: xiangqi/janggi, files a..i and ranks 0..9 from the first player (``h2e2``); a pass is the
        own royal square twice (``e1e1``).
coord1: chess UCI, ranks from 1 (``e2e4``, ``e7e8q``); castling as the king's two-square move, or
        king-takes-rook in Chess960.
usi:    shogi USI (``7g7f``, ``8h2b+``, ``P*5e``).
Dialect-specific spellings (1-based xiangqi ranks, XBoard shogi, ``@@@@``) live in protocol/.
"""
from __future__ import annotations

from .kernels import layout as L


def square_text(position, sq: int) -> str:
    geo, style = position.geo, position.spec.move_style
    file, rank = geo.file_of(sq), geo.rank_of(sq)
    if style == "usi":
        return f"{geo.files - file}{chr(ord('a') + geo.ranks - 1 - rank)}"
    if style == "coord1":
        return f"{chr(ord('a') + file)}{rank + 1}"
    return f"{chr(ord('a') + file)}{rank}"


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
    text = text.strip()
    legal = position.legal_moves()
    for mv in legal:
        if move_text(position, mv) == text:
            return mv
    if text in ("0000", "pass", "@@@@"):
        for mv in legal:
            if mv & L.MF_PASS:
                return mv
    if position.spec.castling and not position.chess960:
        for mv in legal:  # also accept king-takes-rook castling
            if mv & L.MF_CASTLE:
                frm = mv & L.M_FROM_MASK
                to = (mv >> L.M_TO_SHIFT) & L.M_FROM_MASK
                if square_text(position, frm) + square_text(position, to) == text:
                    return mv
    if position.spec.castling and position.chess960:
        geo = position.geo
        for mv in legal:  # a king on the e-file may also castle as e1g1 / e1c1 (as python-chess)
            frm = mv & L.M_FROM_MASK
            if mv & L.MF_CASTLE and geo.file_of(frm) == geo.files // 2:
                to = (mv >> L.M_TO_SHIFT) & L.M_FROM_MASK
                kdest = frm - (frm % geo.width) + L.PAD + (6 if to > frm else 2)
                if square_text(position, frm) + square_text(position, kdest) == text:
                    return mv
    raise ValueError(f"illegal move '{text}'")
