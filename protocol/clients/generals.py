"""Where each side's general stands, followed through a move list.

Janggi engines may write a pass as ``@@@@``/``pass``; canonical notation needs the mover's
general square, so the client tracks both generals from the start FEN. Generals move
only by from-to moves starting on their own square, so no rules are needed.
"""

from .variants import first_to_move, start_fen


def generals_in_fen(fen: str) -> list[str | None]:
    """Canonical squares of the first and second player's generals (xiangqi/janggi FEN)."""
    found: list[str | None] = [None, None]
    rows = fen.split()[0].split("/")
    for i, row in enumerate(rows):
        rank = len(rows) - 1 - i
        file = 0
        for ch in row:
            if ch.isdigit():
                file += int(ch)
                continue
            if ch in "Kk":
                found[0 if ch == "K" else 1] = f"{chr(ord('a') + file)}{rank}"
            file += 1
    return found


class GeneralTracker:
    """Follows both generals through canonical moves; answers the mover's square."""

    def __init__(self, variant: str, fen: str | None, moves: list[str] = ()):
        fen = fen or start_fen(variant)
        self.squares = generals_in_fen(fen)
        self.turn = first_to_move(variant, fen)
        for move in moves:
            self.push(move)

    def push(self, move: str) -> None:
        if self.squares[self.turn] == move[:2]:
            self.squares[self.turn] = move[2:4]
        self.turn ^= 1

    def mover_square(self) -> str | None:
        return self.squares[self.turn]
