"""Start positions: the standard start, lines from a file, or random plies from a seed.

A file holds one opening per line: a FEN (xiangqi, janggi, chess; EPD lines are cut to
their first four fields) or an SFEN (shogi), optionally followed by ``moves m1 m2 ...``
in canonical notation. Blank lines and lines starting with ``#`` are skipped.
Janggi setups (horse/elephant placement per side) are written as FENs, or made with
``janggi_setup_fen`` from the game's named set-ups (``VariantSpec.setups``).
"""

import random
from dataclasses import dataclass

from engine.arbiter import judge
from engine.board import Board
from engine.variants import get_variant, setup_fen


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


def janggi_setup_fen(cho: str = "mssm", han: str = "mssm", variant: str = "janggi") -> str:
    """Start FEN for the chosen set-ups, e.g. ``janggi_setup_fen('smsm', 'mssm')``.

    Short names, as the command line takes them: the first letter of each word of a set-up's
    name, from each player's own left ('mssm' is ma-sang-sang-ma: m = ma, horse; s = sang,
    elephant). ValueError for another name or a game without named set-ups.
    """
    spec = get_variant(variant)
    names = spec.setups.names if spec.setups is not None else ()
    by_short = {"".join(word[0] for word in name.split("-")): name for name in names}
    for short in (cho, han):
        if names and short not in by_short:
            raise ValueError(f"unknown janggi setup '{short}'; choose one of "
                             f"{', '.join(by_short)}")
    return setup_fen(spec, {"han": by_short.get(han), "cho": by_short.get(cho)})
