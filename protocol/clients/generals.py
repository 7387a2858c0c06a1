"""Where each side's general stands, followed through a move list as text.

Janggi engines may write a pass as ``@@@@``/``pass``; canonical notation needs the mover's
general square, so the client tracks both generals from the start FEN. Generals move
only by from-to moves starting on their own square, so no rules are needed: an engine's pv is
read as far as it is readable, legal or not (the game's holder judges its moves).
"""

from engine.fen_text import first_to_move
from engine.squares import canonical_style, render_square


def generals_in_fen(spec, fen: str) -> list[str | None]:
    """Canonical squares of the first and second player's generals (royal pieces) in ``fen``."""
    royal = next(piece.letter for piece in spec.pieces if piece.royal)
    style = canonical_style(spec)
    found: list[str | None] = [None, None]
    rows = fen.split()[0].split("/")
    for i, row in enumerate(rows):
        rank = len(rows) - 1 - i
        file = 0
        for ch in row:
            if ch.isdigit():
                file += int(ch)
                continue
            if ch.upper() == royal:
                found[0 if ch.isupper() else 1] = render_square(file, rank, style, spec.files,
                                                                spec.ranks)
            file += 1
    return found


class GeneralTracker:
    """Follows both generals through canonical moves; answers the mover's square."""

    def __init__(self, spec, fen: str | None, moves: list[str] = ()):
        fen = fen or spec.start_fen
        self.squares = generals_in_fen(spec, fen)
        self.turn = first_to_move(spec, fen)
        for move in moves:
            self.push(move)

    def push(self, move: str) -> None:
        if self.squares[self.turn] == move[:2]:
            self.squares[self.turn] = move[2:4]
        self.turn ^= 1

    def mover_square(self) -> str | None:
        return self.squares[self.turn]
