"""A plain-text board diagram (for `d` in the protocols and for humans)."""
from __future__ import annotations

from .dialect_notation import square_labels


def board_diagram(position, style: str | None = None) -> str:
    """Files and ranks are labelled in a dialect's square style (engine/dialect_notation.py:
    ``zero``, ``one``, ``usi``), by default in the game's canonical one."""
    spec, geo = position.spec, position.geo
    file_labels, rank_labels = square_labels(spec, style)
    lines = []
    for rank in range(geo.ranks - 1, -1, -1):
        cells = []
        for file in range(geo.files):
            pc = position.piece_at(file, rank)
            if pc == 0:
                cells.append(" .")
                continue
            letter = spec.pieces[abs(pc) - 1].letter
            letter = letter if pc > 0 else letter.lower()
            cells.append(letter.rjust(2))
        lines.append(f"{rank_labels[rank]:>2} " + "".join(cells))
    files = "".join(f"{label:>2}" for label in file_labels)
    lines.append("   " + files)
    hands = [position.hand(side) for side in (0, 1)]
    if spec.drops:
        for side, hand in enumerate(hands):
            text = " ".join(f"{spec.pieces[pt - 1].letter}{count}" for pt, count in hand.items())
            lines.append(f"hand {'first' if side == 0 else 'second'}: {text or '-'}")
    lines.append(f"fen: {position.fen()}")
    lines.append(f"key: {position.hash & 0xFFFFFFFFFFFFFFFF:016X}")
    return "\n".join(lines)
