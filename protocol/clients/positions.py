"""Start positions as each dialect wants them (only shogi outside USI needs converting)."""

import re

from .variants import family


def sfen_to_fsf(sfen: str) -> str:
    """SFEN -> Fairy-Stockfish shogi FEN: hands in [] after the board, side letters swapped."""
    fields = sfen.split()
    board, side = fields[0], fields[1] if len(fields) > 1 else "b"
    hands = fields[2] if len(fields) > 2 else "-"
    ply = int(fields[3]) if len(fields) > 3 and fields[3].isdigit() else 1
    pieces = "".join(letter * int(count or 1)
                     for count, letter in re.findall(r"(\d*)([A-Za-z])", hands if hands != "-" else ""))
    fsf_side = "w" if side == "b" else "b"  # FSF 'w' = the first player = sente
    return f"{board}[{pieces or '-'}] {fsf_side} - - 0 {max(1, (ply + 1) // 2)}"


def engine_fen(variant: str, fen: str, dialect: str) -> str:
    """The canonical FEN spelled for ``dialect``."""
    if family(variant) == "shogi" and dialect != "usi":
        return sfen_to_fsf(fen)
    return fen
