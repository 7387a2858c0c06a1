"""Start positions: the standard start, lines from a file, or random plies from a seed.

A file holds one opening per line: a FEN (xiangqi, janggi, chess; EPD lines are cut to
their first four fields) or an SFEN (shogi), optionally followed by ``moves m1 m2 ...``
in canonical notation. Blank lines and lines starting with ``#`` are skipped.
Janggi setups (horse/elephant placement per side) are written as FENs, or made with
``janggi_setup_fen``.
"""

import random
from dataclasses import dataclass

from engine.arbiter import judge
from engine.board import Board
from protocol.clients.variants import family


@dataclass(frozen=True)
class Opening:
    fen: str | None = None  # None = the variant's start position
    moves: tuple[str, ...] = ()


def read_openings(path: str, variant: str) -> list[Opening]:
    out = []
    with open(path, encoding="utf-8") as handle:
        for raw in handle:
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            fen_text, _, moves = line.partition(" moves ")
            fields = fen_text.split(";")[0].split()
            if family(variant) == "chess" and len(fields) > 6 or fen_text.count(";"):
                fields = fields[:4] + ["0", "1"]  # EPD: operations after the 4 fields
            fen = " ".join(fields) if fields and fields[0] != "startpos" else None
            out.append(Opening(fen, tuple(moves.split())))
    if not out:
        raise ValueError(f"no openings in {path}")
    return out


def random_openings(variant: str, count: int, plies: int, seed: int,
                    start_fen: str | None = None) -> list[Opening]:
    """``count`` openings of ``plies`` random legal moves from the start (engine rules).
    Lines where the game ends inside the random plies are retried."""
    rng = random.Random(seed)
    out: list[Opening] = []
    attempts = 0
    while len(out) < count:
        attempts += 1
        if attempts > count * 50:
            raise ValueError(f"cannot find {count} random openings of {plies} plies")
        board = Board(variant, start_fen)
        moves: list[str] = []
        for _ in range(plies):
            legal = sorted(board.legal_move_strs())
            if not legal:
                break
            move = rng.choice(legal)
            board.push_str(move)
            moves.append(move)
        if len(moves) == plies and judge(variant, start_fen, moves).result == "*":
            out.append(Opening(start_fen, tuple(moves)))
    return out


# Janggi back-rank setups named from the player's own left: horse (ma) and elephant (sang).
JANGGI_SETUPS = {"msms": "NBNB", "smsm": "BNBN", "mssm": "NBBN", "smms": "BNNB"}


def janggi_setup_fen(cho: str = "mssm", han: str = "mssm") -> str:
    """Start FEN for the chosen setups, e.g. ``janggi_setup_fen('smsm', 'mssm')``.

    Names: m = ma (horse), s = sang (elephant), from each player's own left; 'mssm' is
    ma-sang-sang-ma. Han's own left is file i, so its letters are mirrored.
    """
    def rank(setup: str) -> str:
        letters = JANGGI_SETUPS[setup]
        return f"R{letters[0]}{letters[1]}A1A{letters[2]}{letters[3]}R"
    cho_rank = rank(cho)
    han_rank = rank(han)[::-1].lower()
    return f"{han_rank}/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/{cho_rank} w - - 0 1"
