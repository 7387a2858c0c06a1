"""Janggi set-ups: the 16 horse/elephant arrangements by name, to a start FEN and back.

The janggi spec (engine/variants/janggi.py) offers these as ``VariantSpec.setups`` and takes its
start position from ``start_fen()``. Each side names its arrangement from its own left: Cho's
left is file a, Han's own left is file i. The four names list the pieces on the back-rank points
b, c, g, h as that player sees them (ma = horse N, sang = elephant B). Han chooses first, then
Cho.

    >>> start_fen(han="ma-sang-sang-ma", cho="sang-ma-ma-sang")
    'rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RBNA1ANBR w - - 0 1'
"""
from __future__ import annotations

SETUPS = ("ma-sang-sang-ma", "sang-ma-sang-ma", "ma-sang-ma-sang", "sang-ma-ma-sang")
DEFAULT = "ma-sang-sang-ma"
SIDES = ("han", "cho")          # the order in which the players choose
LETTER = {"ma": "N", "sang": "B"}
NAME = {"N": "ma", "H": "ma", "B": "sang", "E": "sang"}

# Files (0 = a) of the four named points, in each player's own left-to-right order.
NAMED_FILES = {"cho": (1, 2, 6, 7), "han": (7, 6, 2, 1)}
MIDDLE = "4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4"   # ranks 8..1, the same for every set-up
TAIL = "w - - 0 1"


def back_rank(side: str, name: str) -> str:
    """The FEN rank text of ``side``'s back rank in arrangement ``name``."""
    pieces = _pieces_of(name)
    rank = list("RxxA1AxxR")
    for file, letter in zip(NAMED_FILES[side], pieces):
        rank[file] = letter
    text = "".join(rank)
    return text if side == "cho" else text.lower()


def start_fen(han: str = DEFAULT, cho: str = DEFAULT) -> str:
    """The start position (Cho to move) for Han's and Cho's chosen arrangements."""
    return f"{back_rank('han', han)}/{MIDDLE}/{back_rank('cho', cho)} {TAIL}"


def all_start_fens() -> dict[tuple[str, str], str]:
    """All 16 start positions keyed by (han, cho), Han's choice first."""
    return {(han, cho): start_fen(han, cho) for han in SETUPS for cho in SETUPS}


def setup_of(fen: str) -> tuple[str, str] | None:
    """(han, cho) if the FEN's board is a janggi start position, else None.

    Only the board is compared (side to move and counters are ignored), so a start position
    written with H/E letters or another move number is still recognised.
    """
    ranks = fen.split()[0].split("/") if fen.strip() else []
    if len(ranks) != 10 or "/".join(ranks[1:9]) != MIDDLE:
        return None
    han = _name_of(ranks[0], "han")
    cho = _name_of(ranks[9], "cho")
    return (han, cho) if han and cho else None


def parse_setup(text: str | tuple[str, str] | dict) -> tuple[str, str]:
    """(han, cho) from ``"han=ma-sang-sang-ma,cho=sang-ma-ma-sang"``, a dict with those keys or
    a (han, cho) pair. A side left out keeps the default ma-sang-sang-ma."""
    if isinstance(text, tuple) and len(text) == 2:
        choice = {"han": text[0], "cho": text[1]}
    elif isinstance(text, dict):
        choice = dict(text)
    elif isinstance(text, str):
        choice = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            side, sep, name = part.partition("=")
            if not sep:
                raise ValueError(f"janggi setup part '{part}' must look like han=ma-sang-sang-ma")
            choice[side.strip().lower()] = name.strip()
    else:
        raise ValueError(f"cannot read a janggi setup from {text!r}")
    unknown = set(choice) - set(SIDES)
    if unknown:
        raise ValueError(f"janggi setup sides are han and cho, not {', '.join(sorted(unknown))}")
    han, cho = (choice.get(side, DEFAULT).lower() for side in SIDES)
    _pieces_of(han)
    _pieces_of(cho)
    return han, cho


def setup_fen(spec, setup) -> str:
    """Start FEN for ``setup`` in variant ``spec`` (``VariantSpec.setup_fen``); ValueError if
    that variant has no named set-ups."""
    return spec.setup_fen(setup)


def _pieces_of(name: str) -> list[str]:
    if name not in SETUPS:
        raise ValueError(f"unknown janggi setup '{name}'; choose one of {', '.join(SETUPS)}")
    return [LETTER[word] for word in name.split("-")]


def _name_of(rank_text: str, side: str) -> str | None:
    expected_case = str.isupper if side == "cho" else str.islower
    cells: list[str] = []
    for c in rank_text:
        cells.extend(["1"] * int(c) if c.isdigit() else [c])
    if len(cells) != 9 or not all(expected_case(c) for i, c in enumerate(cells) if i != 4):
        return None
    upper = [c.upper() for c in cells]
    if upper[0] != "R" or upper[8] != "R" or upper[3] != "A" or upper[5] != "A" or upper[4] != "1":
        return None
    words = [NAME.get(upper[f]) for f in NAMED_FILES[side]]
    if None in words or sorted(words) != ["ma", "ma", "sang", "sang"]:
        return None
    name = "-".join(words)
    return name if name in SETUPS else None
