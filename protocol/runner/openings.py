"""Start positions: the standard start, lines from a file, or random plies from a seed.

A file holds one opening per line: a FEN (xiangqi, janggi, chess; EPD lines are cut to
their first four fields) or an SFEN (shogi), optionally followed by ``moves m1 m2 ...``
in canonical notation. Blank lines and lines starting with ``#`` are skipped.
Janggi setups (horse/elephant placement per side) are written as FENs, or made with
``janggi_setup_fen`` from the game's named set-ups (engine/janggi_setup.py).
"""

import random
from dataclasses import dataclass

from engine.arbiter import judge
from engine.board import Board
from engine.janggi_setup import setup_fen
from engine.variants import get_variant


@dataclass(frozen=True)
class Opening:
    fen: str | None = None  # None = the variant's start position
    moves: tuple[str, ...] = ()


def read_openings(path: str, variant: str) -> list[Opening]:
    out = []
    spec = get_variant(variant)
    castles = spec.castling or spec.en_passant   # FENs with those fields: EPD has 4, then ops
    with open(path, encoding="utf-8") as handle:
        for raw in handle:
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            fen_text, _, moves = line.partition(" moves ")
            fields = fen_text.split(";")[0].split()
            if castles and len(fields) > 6 or fen_text.count(";"):
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


# The command line's short set-up names: one letter per named point, from the player's own left.
SHORT_WORDS = {"m": "ma", "s": "sang"}


def janggi_setup_fen(cho: str = "mssm", han: str = "mssm", variant: str = "janggi") -> str:
    """Start FEN for the chosen set-ups, e.g. ``janggi_setup_fen('smsm', 'mssm')``.

    Short names: m = ma (horse), s = sang (elephant), from each player's own left; 'mssm' is
    ma-sang-sang-ma. ValueError for another name or a game without named set-ups.
    """
    def full(short: str) -> str:
        if not short or set(short) - set(SHORT_WORDS):
            raise ValueError(f"unknown janggi setup '{short}'; write four of m and s, e.g. mssm")
        return "-".join(SHORT_WORDS[letter] for letter in short)
    return setup_fen(get_variant(variant), {"han": full(han), "cho": full(cho)})
