"""PGN set-up tags, move comments and movetext lines that XBoard, python-chess and our reader open.

- ``[FEN]``/``[SetUp]`` only for a game that does not begin at its standard start: XBoard
  (and the PGN standard) takes a game without them to start from the variant's own start.
- The FEN uses the letters of each game's PGN convention. XBoard 4.9 reads xiangqi FENs with
  its own piece table (H = horse, E = elephant) and rejects N/B as "Bad FEN position in file";
  Fairy-Stockfish and our engine read H/E too. Janggi (engine-defined in XBoard 4.9.1, from the
  engine's ``setup`` table) and chess keep N/B.
- A move comment is XBoard's own ``{score/depth time}``: XBoard's reader (GetInfoFromComment)
  takes ``[+-]P.CC/D`` then a time as whole seconds or seconds with *one* decimal; anything
  else it leaves in the comment and shows in a pop-up (``0.052s`` left ``{s}`` behind and was
  read as 5.2 s). Mates are written as XBoard writes an engine's 100000+N score.
"""
from __future__ import annotations

from engine.fen_text import is_start
from engine.variants import get_variant

MATE_BASE = 100_000  # an engine's mate in n moves is MATE_BASE - n in our records
MATE_FLOOR = 90_000  # scores beyond this are mates


def pgn_fen(variant: str, fen: str) -> str:
    """``fen`` with the piece letters of the game's PGN convention."""
    letters = get_variant(variant).pgn_fen_letters     # canonical letter -> PGN's
    board, sep, rest = fen.partition(" ")

    def spell(c: str) -> str:
        letter = letters.get(c.upper(), c.upper())
        return letter if c.isupper() else letter.lower() if c.isalpha() else c
    return "".join(spell(c) for c in board) + sep + rest


def setup_tags(variant: str, fen: str | None) -> list[tuple[str, str]]:
    """[("FEN", ...), ("SetUp", "1")] for a non-standard start, else nothing."""
    if fen is None or is_start(get_variant(variant), fen):
        return []
    return [("FEN", pgn_fen(variant, fen)), ("SetUp", "1")]


def score_text(score_cp: int) -> str:
    """A score in pawns as XBoard writes it; a mate in n moves is +-(1000 + n/100)."""
    if abs(score_cp) >= MATE_FLOOR:
        moves = MATE_BASE - abs(score_cp)
        value = (MATE_BASE + moves) / 100
        return f"{'+' if score_cp > 0 else '-'}{value:.2f}"
    return f"{score_cp / 100:+.2f}"


def move_comment(score_cp: int | None, depth: int | None, seconds: float | None) -> str:
    """The text of a move's comment (without braces): ``+1.34/4 0.1``; '' when nothing is known."""
    parts = []
    if score_cp is not None and depth:
        parts.append(f"{score_text(score_cp)}/{depth}")
    elif score_cp is not None:
        parts.append(score_text(score_cp))
    if seconds is not None:
        parts.append(f"{seconds:.1f}")
    return " ".join(parts)


def wrap_movetext(tokens: list[str], width: int = 79) -> str:
    """Movetext tokens on lines of at most ``width`` characters (PGN export format's 80)."""
    lines, line = [], ""
    for tok in tokens:
        if line and len(line) + 1 + len(tok) > width:
            lines.append(line)
            line = tok
        else:
            line = f"{line} {tok}" if line else tok
    return "\n".join(lines + [line])
