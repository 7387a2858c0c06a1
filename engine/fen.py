"""FEN (xiangqi, janggi, chess) and SFEN (shogi) parsing and printing.

Input is lenient where GUIs differ (H and E for horse and elephant, missing trailing fields or
``-`` in their place, ``w 0 1`` without castling and en passant fields in games that have neither,
hands in SFEN or in Fairy-Stockfish's brackets, ``r`` for red in xiangqi) and strict about
anything that cannot be a position: unknown side letters, text after the last field, numbers out
of range, more pieces than the game has, pieces where they can never stand (engine/fen_limits.py).
"""
from __future__ import annotations

import numpy as np

from . import fen_limits
from .fen_limits import FenLimitError
from .fen_text import FenError  # noqa: F401  (re-exported: callers catch engine.fen.FenError)
from .fen_text import fsf_style as _fsf_style, side_to_move as _side
from .geometry import Geometry
from .kernels import layout as L
from .spec import VariantSpec
from .tables import compile_tables



DIGITS = "0123456789"


def _tokens(board_text: str) -> list[str]:
    """Split one rank into piece tokens ('+P' counts as one) and run lengths."""
    out: list[str] = []
    i = 0
    while i < len(board_text):
        c = board_text[i]
        if c in DIGITS:
            j = i
            while j < len(board_text) and board_text[j] in DIGITS:
                j += 1
            if c == "0":
                raise FenError(f"empty-square count '{board_text[i:j]}' in '{board_text}'")
            out.append(board_text[i:j])
            i = j
        elif c == "+":
            if i + 1 >= len(board_text) or not board_text[i + 1].isalpha():
                raise FenError(f"'+' must precede a piece letter in '{board_text}'")
            out.append(board_text[i:i + 2])
            i += 2
        else:
            out.append(c)
            i += 1
    return out


def _piece_code(spec: VariantSpec, token: str) -> int:
    upper = token.upper()
    for pt, piece in enumerate(spec.pieces, start=1):
        if upper == piece.letter or upper in piece.aliases:
            return pt if token == token.upper() else -pt
    raise FenError(f"unknown piece letter '{token}' for {spec.name}")


def parse_fen(spec: VariantSpec, geo: Geometry, fen: str, chess960: bool = False):
    """Return (board int8[256], state int64[S_SIZE], fullmove number)."""
    try:
        return _parse_fen(spec, geo, fen, chess960)
    except FenLimitError as error:
        raise FenError(str(error)) from None


def _parse_fen(spec: VariantSpec, geo: Geometry, fen: str, chess960: bool):
    if not isinstance(fen, str) or not fen.strip():
        raise FenError("empty FEN")
    fields = fen.split()
    board = np.full(L.NSQ, L.OFF, dtype=np.int8)
    for sq in geo.squares():
        board[sq] = 0
    st = np.zeros(L.S_SIZE, dtype=np.int64)
    placement = fields[0]
    hand_text = None
    if "[" in placement:  # Fairy-Stockfish style: hands in brackets after the board
        if not placement.endswith("]"):
            raise FenError("unterminated '[' hand in FEN")
        placement, hand_text = placement[:-1].split("[", 1)
    rows = placement.split("/")
    if len(rows) != geo.ranks:
        raise FenError(f"{spec.name} FEN needs {geo.ranks} ranks, got {len(rows)}")
    for row_index, row in enumerate(rows):
        rank = geo.ranks - 1 - row_index
        file = 0
        for token in _tokens(row):
            if token[0] in DIGITS:
                file += int(token) if len(token) <= 3 else geo.files + 1
                continue
            if file >= geo.files:
                raise FenError(f"rank {row_index + 1} of the FEN is longer than {geo.files} files")
            board[geo.square(file, rank)] = _piece_code(spec, token)
            file += 1
        if file != geo.files:
            raise FenError(f"rank {row_index + 1} of the FEN has {file} files, expected {geo.files}")

    sfen = spec.fen_style == "sfen"
    fsf_style = _fsf_style(spec, fields, hand_text is not None)
    st[L.S_STM] = _side(spec, fields, fsf_style)

    fullmove = 1
    if fsf_style:
        clock, fullmove = _dashes_then_counters(fields[2:])
        fullmove = max(fullmove if fullmove is not None else clock or 1, 1)  # the last number
    elif sfen:
        if hand_text is None:
            hand_text = fields[2] if len(fields) > 2 else "-"
        if len(fields) > 3:
            fullmove = _number(fields[3], "move number")
    elif hand_text is not None and spec.drops is False:
        raise FenError(f"{spec.name} has no pieces in hand")
    if hand_text not in (None, "", "-"):
        _parse_hands(spec, hand_text, st)

    if not sfen:
        fullmove = _parse_fen_tail(spec, geo, board, fields[2:], st, chess960)

    _locate_royals(spec, geo, board, st)
    _check_placement(spec, geo, board)
    fen_limits.check_supply(spec, geo, board, st)
    if sfen and not fsf_style:
        st[L.S_PLY] = max(fullmove - 1, 0)  # the SFEN move count is a ply count from 1
    else:
        st[L.S_PLY] = max(2 * (fullmove - 1) + int(st[L.S_STM]), 0)
    return board, st, fullmove


def _number(text: str, what: str) -> int:
    if text.startswith("-") and text[1:].isdigit():
        raise FenError(f"{what} must not be negative")
    return fen_limits.fen_number(text, what)


def _parse_fen_tail(spec, geo, board, rest: list[str], st, chess960) -> int:
    """Castling, en passant, halfmove clock and fullmove number, each optional from the right.
    A game with neither castling nor en passant also takes Fairy-Stockfish's 'w 0 1' (counters
    straight after the side). Returns the fullmove number."""
    if not (spec.castling or spec.en_passant):
        clock, fullmove = _dashes_then_counters(rest)
        st[L.S_CLOCK] = clock or 0
        return fullmove if fullmove is not None else 1
    if len(rest) > 4:
        raise FenError(f"text after the FEN: '{' '.join(rest[4:])[:40]}'")
    castling = rest[0] if len(rest) > 0 else "-"
    ep = rest[1] if len(rest) > 1 else "-"
    if len(rest) > 2:
        st[L.S_CLOCK] = _number(rest[2], "halfmove clock")
    fullmove = _number(rest[3], "fullmove number") if len(rest) > 3 else 1
    if spec.castling:
        _parse_castling(spec, geo, board, castling, st, chess960)
    elif castling != "-":
        raise FenError(f"{spec.name} has no castling, got '{castling[:20]}'")
    if spec.en_passant and ep != "-":
        _parse_ep(spec, geo, board, ep, st)
    elif ep != "-":
        raise FenError(f"{spec.name} has no en passant, got '{ep[:20]}'")
    return fullmove


def _dashes_then_counters(rest: list[str]) -> tuple[int | None, int | None]:
    """Fields after the side in a game without castling or en passant: up to two '-' (the empty
    castling and en passant fields), then up to two numbers, halfmove clock and fullmove number
    ('- - 0 1', '0 1', '-', ''). Returns (clock, fullmove), None where absent."""
    dashes = 0
    while dashes < len(rest) and rest[dashes] == "-":
        dashes += 1
    numbers = rest[dashes:]
    if dashes > 2 or len(numbers) > 2:
        raise FenError(f"text after the FEN: '{' '.join(rest)[:40]}'")
    clock = _number(numbers[0], "halfmove clock") if numbers else None
    fullmove = _number(numbers[1], "fullmove number") if len(numbers) > 1 else None
    return clock, fullmove


def _parse_hands(spec: VariantSpec, text: str, st) -> None:
    if not spec.drops:
        raise FenError(f"{spec.name} has no pieces in hand")
    digits = ""
    for c in text:
        if c in DIGITS:
            digits += c
            continue
        code = _piece_code(spec, c)
        pt = abs(code)
        if spec.pieces[pt - 1].demotes_to or spec.pieces[pt - 1].royal:
            raise FenError(f"'{c}' cannot be held in hand")
        count = _hand_count(spec, pt, digits, c)
        side = 0 if code > 0 else 1
        st[L.S_HAND + side * L.MAX_TYPES + pt] += count
        digits = ""
    if digits:
        raise FenError("hand ends with a count but no piece")


def _hand_count(spec: VariantSpec, pt: int, digits: str, letter: str) -> int:
    """The count written before a hand letter (none means one), at most the game's supply."""
    if not digits:
        return 1
    limit = fen_limits.hand_limit(spec, pt)
    if digits[0] == "0" or len(digits) > 2 or int(digits) > limit:
        raise FenError(f"'{digits[:20]}{letter}' in hand: {spec.name} has "
                       f"{limit} {spec.pieces[pt - 1].name}s")
    return int(digits)


def _parse_castling(spec, geo, board, text, st, chess960=False) -> None:
    """KQkq (X-FEN: the outermost rook on that side) or rook file letters (Shredder-FEN).

    Like python-chess, a right that names no usable rook is dropped rather than refused: without
    Chess960 the king must stand on the e-file and the rook in the corner; with it, the king on
    its back rank between the a-side and the h-side rook.
    """
    if text == "-":
        return
    rook_type = spec.type_of("R")
    royal = spec.royal_type
    last_file = chr(ord("a") + geo.files - 1)
    candidates: tuple[set, set] = (set(), set())   # rook files named, per side
    for c in text:
        lower = c.lower()
        if not (lower in "kq" or "a" <= lower <= last_file):
            raise FenError(f"bad castling field '{text}'")
        side = 0 if c.isupper() else 1
        rank = 0 if side == 0 else geo.ranks - 1
        sign = 1 if side == 0 else -1
        rooks = [f for f in range(geo.files) if board[geo.square(f, rank)] == sign * rook_type]
        king_file = next((f for f in range(geo.files)
                          if board[geo.square(f, rank)] == sign * royal), None)
        if lower == "q":
            if rooks and king_file is not None and rooks[0] < king_file:
                candidates[side].add(rooks[0])
        elif lower == "k":
            if rooks and king_file is not None and rooks[-1] > king_file:
                candidates[side].add(rooks[-1])
        else:
            candidates[side].add(ord(lower) - ord("a"))
    for side in (0, 1):
        rank = 0 if side == 0 else geo.ranks - 1
        sign = 1 if side == 0 else -1
        king_file = next((f for f in range(geo.files)
                          if board[geo.square(f, rank)] == sign * royal), None)
        files = sorted(f for f in candidates[side]
                       if board[geo.square(f, rank)] == sign * rook_type)
        if king_file is None or not files:
            continue
        if not chess960:
            if king_file != geo.files // 2:   # standard chess: the king on e1 / e8
                continue
            files = [f for f in files if f in (0, geo.files - 1)]
        for right, rook_file in ((2 * side + 1, files[0] if files else None),
                                 (2 * side, files[-1] if files else None)):
            if rook_file is None:
                continue
            if (right % 2 == 1) != (rook_file < king_file):
                continue
            st[L.S_CASTLE] |= 1 << right
            st[L.S_CROOK + right] = geo.square(rook_file, rank)


def _parse_ep(spec, geo, board, text, st) -> None:
    if len(text) != 2 or not ("a" <= text[0] <= "z") or not text[1].isdigit():
        raise FenError(f"bad en passant square '{text}'")
    file, rank = ord(text[0]) - ord("a"), int(text[1]) - 1
    side = int(st[L.S_STM])
    if not geo.on_board(file, rank) or rank != (geo.ranks - 3 if side == 0 else 2):
        raise FenError(f"bad en passant square '{text}' for {'white' if side == 0 else 'black'} to move")
    # Keep it only when a pawn of the side to move could capture there (hash equality), the
    # square and the double step's origin are empty and the enemy pawn stands beyond it.
    forward = 1 if side == 0 else -1
    sign = 1 if side == 0 else -1
    pawn = next(i + 1 for i, p in enumerate(spec.pieces) if p.is_pawn)
    pawn_rank = rank - forward
    if (board[geo.square(file, rank)] != 0 or board[geo.square(file, rank + forward)] != 0
            or board[geo.square(file, pawn_rank)] != -sign * pawn):
        return
    for df in (-1, 1):
        if geo.on_board(file + df, pawn_rank) and board[geo.square(file + df, pawn_rank)] == sign * pawn:
            st[L.S_EP] = geo.square(file, rank)


def _locate_royals(spec, geo, board, st) -> None:
    royal = spec.royal_type
    for side, sign, name in ((0, 1, "first"), (1, -1, "second")):
        squares = [sq for sq in geo.squares() if board[sq] == sign * royal]
        if len(squares) != 1:
            what = "no" if not squares else "more than one"
            raise FenError(f"{what} {spec.pieces[royal - 1].name} for the {name} player")
        st[L.S_KING + side] = squares[0]


def _check_placement(spec, geo, board) -> None:
    """Reject pieces where they can never stand (engine/fen_limits.py): an advisor outside its
    palace, an unpromoted pawn on its last rank."""
    cv = compile_tables(spec)
    for sq in geo.squares():
        pc = int(board[sq])
        if not pc:
            continue
        side, pt = (0, pc) if pc > 0 else (1, -pc)
        piece = spec.pieces[pt - 1]
        why = fen_limits.never_there(piece, cv, side, sq)
        if why:
            raise FenError(f"{piece.name} on {_square_name(geo, sq)} {why}")


def _square_name(geo, sq) -> str:
    return f"{chr(ord('a') + geo.file_of(sq))}{geo.rank_of(sq)}"


def format_fen(position, shredder: bool = False) -> str:
    spec, geo = position.spec, position.geo
    rows = []
    for rank in range(geo.ranks - 1, -1, -1):
        row, empty = "", 0
        for file in range(geo.files):
            pc = int(position.board[geo.square(file, rank)])
            if pc == 0:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            letter = spec.pieces[abs(pc) - 1].letter
            row += letter if pc > 0 else letter.lower()
        if empty:
            row += str(empty)
        rows.append(row)
    placement = "/".join(rows)
    st = position.st
    if spec.fen_style == "sfen":
        hands = ""
        for side in (0, 1):
            for letter in "RBGSNLP":
                pt = spec.type_of(letter)
                count = int(st[L.S_HAND + side * L.MAX_TYPES + pt])
                if count:
                    hands += (str(count) if count > 1 else "") + (letter if side == 0 else letter.lower())
        move_number = int(st[L.S_PLY]) + 1
        return f"{placement} {'bw'[position.turn]} {hands or '-'} {move_number}"
    castling = _format_castling(position, shredder) if spec.castling else "-"
    ep = "-"
    if spec.en_passant and st[L.S_EP]:
        sq = int(st[L.S_EP])
        if _has_legal_ep(position):
            ep = f"{chr(ord('a') + geo.file_of(sq))}{geo.rank_of(sq) + 1}"
    fullmove = int(st[L.S_PLY]) // 2 + 1
    return f"{placement} {'wb'[position.turn]} {castling} {ep} {int(st[L.S_CLOCK])} {fullmove}"


def _has_legal_ep(position) -> bool:
    return any(m & L.MF_EP for m in position.legal_moves())


def _format_castling(position, shredder: bool = False) -> str:
    """KQkq, except that Chess960 names a rook by its file when another rook stands further out
    on the same side (X-FEN, as python-chess prints it); ``shredder`` names every rook by file."""
    spec, geo, st = position.spec, position.geo, position.st
    rook_type = spec.type_of("R")
    out = ""
    for right in range(4):
        if not (st[L.S_CASTLE] >> right) & 1:
            continue
        side, a_side = right // 2, right % 2 == 1
        rook_sq = int(st[L.S_CROOK + right])
        rook_file, rank = geo.file_of(rook_sq), geo.rank_of(rook_sq)
        own_rook = rook_type if side == 0 else -rook_type
        outer = range(0, rook_file) if a_side else range(rook_file + 1, geo.files)
        hidden = any(position.board[geo.square(f, rank)] == own_rook for f in outer)
        if shredder or (position.chess960 and hidden):
            letter = chr(ord("A") + rook_file)
        else:
            letter = "Q" if a_side else "K"
        out += letter if side == 0 else letter.lower()
    return out or "-"
