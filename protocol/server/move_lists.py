"""Lists of move texts on one command line (searchmoves, banmoves): read in one pass, with
every bad entry collected into one error line, however long the list."""
from __future__ import annotations

SHOWN_BAD_MOVES = 5      # an error line names this many bad entries, then counts the rest


def read_move_list(reader, texts: list[str]) -> tuple[list[int], list[str]]:
    """(the distinct legal moves in first-seen order, the texts that are not legal moves).
    ``reader`` is a MoveReader: each text costs one look-up."""
    moves: list[int] = []
    seen: set[int] = set()
    bad: list[str] = []
    verdicts: dict[str, int | None] = {}          # repeated texts are read once
    for text in texts:
        if text not in verdicts:
            try:
                verdicts[text] = reader.read(text)
            except ValueError:
                verdicts[text] = None
        mv = verdicts[text]
        if mv is None:
            bad.append(text)
        elif mv not in seen:
            seen.add(mv)
            moves.append(mv)
    return moves, bad


def describe_bad_moves(bad: list[str]) -> str:
    distinct = list(dict.fromkeys(bad))
    shown = ", ".join(f"'{text[:20]}'" for text in distinct[:SHOWN_BAD_MOVES])
    more = f" and {len(distinct) - SHOWN_BAD_MOVES} more" if len(distinct) > SHOWN_BAD_MOVES else ""
    noun = "entry is" if len(bad) == 1 else "entries are"
    return f"{len(bad)} {noun} not a legal move here: {shown}{more}"
