"""The rule vocabulary: a variant is a frozen description, compiled into arrays by ``tables.py``.

Coordinates are (file, rank) from the first player's view: file 0 on the left, rank 0 nearest the
first player. Movement is written for the first player; the second player's copy has its rank
deltas and region ranks mirrored. Nothing here imports numpy or numba.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable

LEAP, RIDE, HOP = "leap", "ride", "hop"
QUIET, CAPTURE, BOTH = "quiet", "capture", "both"


@dataclass(frozen=True)
class Atom:
    """One movement rule of a piece.

    kind: LEAP (one jump to ``delta``), RIDE (repeat ``delta`` until blocked) or HOP (slide, jump
    exactly one screen, then land on an empty point or capture the first piece beyond).
    legs: points relative to the origin that must be empty (horse leg, elephant eye).
    from_region / to_region: names of regions in ``VariantSpec.regions`` the origin / target must
    lie in (each side uses its own mirrored copy).
    line: the step may only follow a drawn line (``VariantSpec.lines``), e.g. palace diagonals.
    """

    kind: str
    delta: tuple[int, int]
    mode: str = BOTH
    legs: tuple[tuple[int, int], ...] = ()
    from_region: str | None = None
    to_region: str | None = None
    line: bool = False
    double_step: bool = False      # chess pawn's first move: leaves an en passant square
    en_passant: bool = False       # this capture may take en passant
    hop_not_same: bool = False     # janggi cannon: no cannon as screen or as victim


@dataclass(frozen=True)
class PieceSpec:
    letter: str                    # FEN letter for the first player (uppercase)
    name: str
    atoms: tuple[Atom, ...]
    value: int                     # material value in centipawns (search and arbiter)
    royal: bool = False
    promotions: tuple[str, ...] = ()   # letters it may promote to
    forced_region: str | None = None   # where it may not remain unpromoted (nor be dropped)
    demotes_to: str | None = None      # letter it becomes when captured into a hand
    aliases: tuple[str, ...] = ()      # extra FEN letters read as this piece (H for N, E for B)
    is_pawn: bool = False              # nifu, en passant and clock-reset piece
    points: float | None = None        # game-end count value (janggi points), None = not counted

    @property
    def confined(self) -> bool:
        """Every move of the piece ends inside a region (a xiangqi advisor or elephant): it can
        never attack beyond its own ground."""
        return all(atom.to_region is not None for atom in self.atoms)


@dataclass(frozen=True)
class Region:
    """Union of rectangles (file0, file1, rank0, rank1), inclusive, in side-relative ranks."""

    rects: tuple[tuple[int, int, int, int], ...]


@dataclass(frozen=True)
class NamedSetups:
    """A game whose players each choose an arrangement of their pieces before play (janggi's
    horse and elephant set-ups). The functions come from the module that builds them."""

    names: tuple[str, ...]             # every arrangement a player may choose
    default: str
    sides: tuple[str, ...]             # the players, in the order they choose
    parse: Callable[[object], tuple[str, ...]]   # text, dict or tuple -> a name per side
    start_fen: Callable[..., str]      # start_fen(*names, one per side in ``sides`` order)
    of_fen: Callable[[str], tuple[str, ...] | None]   # the names a start FEN shows, else None

    def fen(self, setup) -> str:
        """The start FEN of ``setup`` (anything ``parse`` reads); ValueError if it is not one."""
        return self.start_fen(*self.parse(setup))


@dataclass(frozen=True)
class XBoardSetup:
    """How XBoard (4.9.1) draws and move-checks a game it does not know, announced with the
    engine's ``setup`` and ``piece`` commands (the form Fairy-Stockfish sends)."""

    piece_to_char: str                 # XBoard's piece-to-char table
    parent: str                        # the board XBoard starts from, e.g. "9x10+0_xiangqi"
    letters: dict[str, str]            # FEN letter changes for XBoard (none for janggi)
    pieces: tuple[str, ...]            # Betza ``piece`` lines, one per piece type


@dataclass(frozen=True)
class VariantSpec:
    name: str
    files: int
    ranks: int
    pieces: tuple[PieceSpec, ...]
    start_fen: str
    regions: dict[str, Region] = field(default_factory=dict)
    lines: tuple[tuple[tuple[int, int], ...], ...] = ()  # polylines in absolute coordinates
    flying_general: bool = False
    pass_move: bool = False
    double_pass_ends: bool = False
    bikjang: bool = False          # royals left facing for one reply end the game
    drops: bool = False
    nifu: bool = False
    uchifuzume: bool = False
    promotion_zone: str | None = None
    promote_on_leaving_zone: bool = False
    castling: bool = False
    en_passant: bool = False
    pawn_resets_clock: bool = False
    fen_style: str = "fen"           # "fen" or "sfen"
    # side-to-move letters a chess-style FEN may give for the first and the second player (an
    # SFEN always uses b/w)
    fen_sides: tuple[tuple[str, ...], tuple[str, ...]] = (("w",), ("b",))
    move_style: str = "coord0"       # canonical move text: "coord0", "coord1" or "usi"
    no_moves_result: str = "loss"    # for the side to move when it has no legal move and no check
    side_names: tuple[str, str] = ("first", "second")   # lower case; .title() for display
    end_rules: tuple[str, ...] = ("no_legal_moves",)  # names in engine/rules, in priority order
    # Rule numbers and policies, read alike by the arbiter (engine/rules) and by the search's
    # eval table (engine/evaluation/rule_view.py).
    points_bonus: tuple[float, float] = (0.0, 0.0)   # added to each side's points count (janggi)
    clock_draw_plies: int = 0      # halfmove clock (S_CLOCK) that draws: xiangqi's 120 plies
    #                                without capture, chess's 50-move claim; 0 = none
    ply_limit: int = 0             # plies after which the point count decides (janggi); 0 = none
    perpetual_check_loses: bool = False   # a side that checked on every move of a repetition loses
    entering_king_declaration: bool = False   # a side may declare an entering-king win (shogi)
    evaluation: str = ""           # module whose ``PROFILE`` evaluates the game
    # Records and GUIs
    record_formats: tuple[str, ...] = ("pgn",)   # game-record formats, the usual one first
    pgn_variant: str | None = None   # PGN ``Variant`` tag (None: PGN's own game, chess: no tag)
    record_moves: str = "canonical"  # move text in PGN: "canonical" (move_style) or "san"
    pgn_fen_letters: dict[str, str] = field(default_factory=dict)   # FEN letter -> PGN's letter
    setups: NamedSetups | None = None   # named start arrangements the players choose
    xboard_setup: XBoardSetup | None = None   # for an XBoard that does not know the game
    bench_fens: tuple[str, ...] = ()   # positions `jiangjun bench` searches (engine/bench.py)

    @property
    def has_hands(self) -> bool:
        """Captured pieces go to the captor's hand and may be dropped (shogi)."""
        return self.drops

    @property
    def mirror_symmetric(self) -> bool:
        """The rules read the same with the files mirrored (file f <-> files - 1 - f): every
        piece's moves, regions and drawn lines map onto themselves and nothing (castling's
        rook corners) ties a side to one wing, so a position and its mirror image have the same
        value (xiangqi, janggi and shogi; not chess). Training data may then be mirrored."""
        return not self.castling and self.mirror_symmetric_without_castling

    @property
    def mirror_symmetric_without_castling(self) -> bool:
        """As ``mirror_symmetric``, castling aside: the rules read the same mirrored in every
        position where no side can castle any more (chess's too), so those may be mirrored."""
        def mirrored_atom(atom: Atom) -> Atom:
            return replace(atom, delta=(-atom.delta[0], atom.delta[1]),
                           legs=tuple((-f, r) for f, r in atom.legs))

        def squares(region: Region) -> set[tuple[int, int]]:
            return {(f, r) for f0, f1, r0, r1 in region.rects
                    for f in range(f0, f1 + 1) for r in range(r0, r1 + 1)}

        def segments(lines) -> set[frozenset]:
            return {frozenset((a, b)) for line in lines for a, b in zip(line, line[1:])}

        last = self.files - 1
        return (all({mirrored_atom(a) for a in piece.atoms} == set(piece.atoms)
                        for piece in self.pieces)
                and all({(last - f, r) for f, r in squares(region)} == squares(region)
                        for region in self.regions.values())
                and segments(tuple((last - f, r) for f, r in line) for line in self.lines)
                == segments(self.lines))

    def setup_fen(self, setup) -> str:
        """The start FEN of a named set-up; ValueError if the game has none or ``setup`` is not
        one of them."""
        if self.setups is None:
            raise ValueError(f"{self.name} has no named set-ups")
        return self.setups.fen(setup)

    def piece_by_letter(self, letter: str) -> PieceSpec:
        for piece in self.pieces:
            if piece.letter == letter or letter in piece.aliases:
                return piece
        raise KeyError(letter)

    @property
    def royal_type(self) -> int:
        """The royal piece's type (1-based, as on the board), 0 in a game without one."""
        return next((pt for pt, piece in enumerate(self.pieces, 1) if piece.royal), 0)

    def type_of(self, letter: str) -> int:
        for index, piece in enumerate(self.pieces):
            if piece.letter == letter or letter in piece.aliases:
                return index + 1
        raise KeyError(letter)


def rider(*deltas: tuple[int, int], **options) -> tuple[Atom, ...]:
    return tuple(Atom(RIDE, d, **options) for d in deltas)


def leaper(*deltas: tuple[int, int], **options) -> tuple[Atom, ...]:
    return tuple(Atom(LEAP, d, **options) for d in deltas)


ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (-1, 1), (1, -1), (-1, -1))
KNIGHT = ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (-2, 1), (2, -1), (-2, -1))
