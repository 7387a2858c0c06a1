"""What a FEN (or SFEN) says as text, without setting up a board: whose move it is, and whether
it is the game's start. numpy-free, for those who hold a game as text (engine clients, the
runner); engine/fen.py reads the side to move with the same functions.
"""
from __future__ import annotations

from .spec import VariantSpec

SFEN_SIDES = {"b": 0, "w": 1}      # SFEN: b = sente, the first player


class FenError(ValueError):
    pass


def fsf_style(spec: VariantSpec, fields: list[str], bracketed: bool) -> bool:
    """Fairy-Stockfish/XBoard write shogi as a chess FEN: hands in brackets, 'w' = sente, and
    clocks after the side; an SFEN never has brackets nor more than four fields."""
    return spec.fen_style == "sfen" and (bracketed or len(fields) > 4)


def side_to_move(spec: VariantSpec, fields: list[str], fsf: bool) -> int:
    """The side to move named in FEN ``fields`` (0 = the first player); ``fsf``: written in
    Fairy-Stockfish's shogi style. FenError for a letter the game does not use."""
    if spec.fen_style == "sfen" and not fsf:
        sides = SFEN_SIDES
    else:
        sides = {letter: side for side in (0, 1) for letter in spec.fen_sides[side]}
    side_text = fields[1] if len(fields) > 1 else next(iter(sides))
    if side_text not in sides:
        raise FenError(f"side to move must be one of {'/'.join(sides)}, got '{side_text[:20]}'")
    return sides[side_text]


def first_to_move(spec: VariantSpec, fen: str | None) -> int:
    """The side to move in ``fen`` (0 = the first player; None = the game's start), read as
    parse_fen reads it but without the board: for those who hold a game as text."""
    fields = (fen or spec.start_fen).split()
    if not fields:
        raise FenError("empty FEN")
    return side_to_move(spec, fields, fsf_style(spec, fields, "[" in fields[0]))


def is_start(spec: VariantSpec, fen: str | None) -> bool:
    """True if ``fen`` is None or the game's start position, move counters ignored (and the
    castling and en passant fields too in games without them)."""
    if fen is None:
        return True
    keep = 4 if spec.castling or spec.en_passant else 2
    return fen.split()[:keep] == spec.start_fen.split()[:keep]
