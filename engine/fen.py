"""FEN (xiangqi, janggi, chess) and SFEN (shogi) parsing and printing.

Input is lenient where GUIs differ (side letters w/r/b, H and E for horse and elephant, missing
trailing fields, hands in SFEN) and strict about anything that cannot be a position.
"""
from __future__ import annotations

import numpy as np

from .geometry import Geometry
from .kernels import layout as L
from .spec import VariantSpec


class FenError(ValueError):
    pass


def _tokens(board_text: str) -> list[str]:
    """Split one rank into piece tokens ('+P' counts as one) and run lengths."""
    out: list[str] = []
    i = 0
    while i < len(board_text):
        c = board_text[i]
        if c.isdigit():
            j = i
            while j < len(board_text) and board_text[j].isdigit():
                j += 1
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
            if token.isdigit():
                file += int(token)
                continue
            if file >= geo.files:
                raise FenError(f"rank {row_index + 1} of the FEN is longer than {geo.files} files")
            board[geo.square(file, rank)] = _piece_code(spec, token)
            file += 1
        if file != geo.files:
            raise FenError(f"rank {row_index + 1} of the FEN has {file} files, expected {geo.files}")

    sfen = spec.fen_style == "sfen"
    # Fairy-Stockfish/XBoard write shogi as a chess FEN: hands in brackets, 'w' = sente, and
    # clocks after the side; an SFEN never has brackets nor more than four fields.
    fsf_style = sfen and (hand_text is not None or len(fields) > 4)
    side_text = fields[1].lower() if len(fields) > 1 else ("b" if sfen and not fsf_style else "w")
    if sfen and not fsf_style:
        sides = {"b": 0, "w": 1}
    else:
        sides = {"w": 0, "r": 0, "b": 1}
    if side_text not in sides:
        raise FenError(f"side to move must be one of {'/'.join(sides)}, got '{fields[1]}'")
    st[L.S_STM] = sides[side_text]

    fullmove = 1
    if fsf_style:
        fullmove = _fsf_fullmove(fields[2:])
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
        castling = fields[2] if len(fields) > 2 else "-"
        ep = fields[3] if len(fields) > 3 else "-"
        if len(fields) > 4:
            st[L.S_CLOCK] = _number(fields[4], "halfmove clock")
        if len(fields) > 5:
            fullmove = _number(fields[5], "fullmove number")
        if spec.castling:
            _parse_castling(spec, geo, board, castling, st, chess960)
        if spec.en_passant and ep != "-":
            _parse_ep(spec, geo, board, ep, st)

    _locate_royals(spec, geo, board, st)
    _check_placement(spec, geo, board)
    if sfen and not fsf_style:
        st[L.S_PLY] = max(fullmove - 1, 0)  # the SFEN move count is a ply count from 1
    else:
        st[L.S_PLY] = max(2 * (fullmove - 1) + int(st[L.S_STM]), 0)
    return board, st, fullmove


def _number(text: str, what: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise FenError(f"{what} must be a number, got '{text}'") from None
    if value < 0:
        raise FenError(f"{what} must not be negative")
    return value


def _fsf_fullmove(rest: list[str]) -> int:
    """Fields after the side in a Fairy-Stockfish shogi FEN ('0 1' or '- - 0 1'): the full
    move number, the last number given (1 when there is none)."""
    numbers = []
    for text in rest:
        if text == "-":
            continue
        numbers.append(_number(text, "move counter"))
    if len(numbers) > 2:
        raise FenError(f"too many fields in the FEN: '{' '.join(rest)}'")
    return max(numbers[-1], 1) if numbers else 1


def _parse_hands(spec: VariantSpec, text: str, st) -> None:
    if not spec.drops:
        raise FenError(f"{spec.name} has no pieces in hand")
    count = 0
    for c in text:
        if c.isdigit():
            count = count * 10 + int(c)
            continue
        code = _piece_code(spec, c)
        pt = abs(code)
        if spec.pieces[pt - 1].demotes_to or spec.pieces[pt - 1].royal:
            raise FenError(f"'{c}' cannot be held in hand")
        side = 0 if code > 0 else 1
        st[L.S_HAND + side * L.MAX_TYPES + pt] += count or 1
        count = 0
    if count:
        raise FenError("hand ends with a count but no piece")


def _parse_castling(spec, geo, board, text, st, chess960=False) -> None:
    """KQkq (X-FEN: the outermost rook on that side) or rook file letters (Shredder-FEN).

    Like python-chess, a right that names no usable rook is dropped rather than refused: without
    Chess960 the king must stand on the e-file and the rook in the corner; with it, the king on
    its back rank between the a-side and the h-side rook.
    """
    if text == "-":
        return
    rook_type = spec.type_of("R")
    royal = next(i + 1 for i, p in enumerate(spec.pieces) if p.royal)
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
    royal = next((i + 1 for i, p in enumerate(spec.pieces) if p.royal), 0)
    for side, sign, name in ((0, 1, "first"), (1, -1, "second")):
        squares = [sq for sq in geo.squares() if board[sq] == sign * royal]
        if len(squares) != 1:
            what = "no" if not squares else "more than one"
            raise FenError(f"{what} {spec.pieces[royal - 1].name} for the {name} player")
        st[L.S_KING + side] = squares[0]


def _check_placement(spec, geo, board) -> None:
    """Reject pieces on points they can never reach (an advisor outside its palace, a pawn on
    the rank where it could never move)."""
    from .tables import compile_tables
    cv = compile_tables(spec)
    for sq in geo.squares():
        pc = int(board[sq])
        if not pc:
            continue
        side, pt = (0, pc) if pc > 0 else (1, -pc)
        piece = spec.pieces[pt - 1]
        regions = {a.to_region for a in piece.atoms}
        if None not in regions and not spec.drops:
            allowed = any(_in_region(cv, name, side, sq) for name in regions)
            if not allowed:
                raise FenError(f"{piece.name} on {_square_name(geo, sq)} stands where it can never be")
        # Drop variants accept such a piece as cshogi and Fairy-Stockfish do (it simply has no
        # move); the vectors judge positions like that (endings_shogi she08).
        if (piece.forced_region and not spec.drops
                and _in_region(cv, piece.forced_region, side, sq)):
            raise FenError(f"{piece.name} on {_square_name(geo, sq)} could never move")


def _in_region(cv, name, side, sq) -> bool:
    index = cv.region_index[(name, side)]
    return bool(cv.T[cv.T[L.H_REGIONS] + index * L.NSQ + sq])


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
