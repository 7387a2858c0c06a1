"""Read games to analyse: PGN (xiangqi, janggi, chess; also shogi with USI moves), KIF and CSA
(shogi, via cshogi), and plain position text (``[position] startpos|fen F|sfen S [moves ...]``).

Every game comes back as a GameRecord with canonical moves (engine/notation.py), checked move by
move against our rules. Chess PGN goes through python-chess (SAN, Chess960 tags); other PGN is
read by a small tokenizer here because python-chess's move regex knows only 8x8 squares. The
records protocol/records/writer.py writes (coordinate moves, FEN/SetUp/Variant tags, comments,
a closing reason comment) read back as they were played.
"""
from __future__ import annotations

import io
import os
import re
from dataclasses import dataclass, field

import chess
import chess.pgn

from engine.board import Board
from engine.dialect_notation import codec_for, text_to_move

from engine.variants import get_variant

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
CHESS_VARIANT_TAGS = ("", "chess", "standard", "normal", "chess960", "fischerandom",
                      "fischer random", "from position")


class GameFileError(ValueError):
    """The file cannot be read as a game, or a move in it is illegal."""


@dataclass
class GameRecord:
    variant: str                       # our engine's game: xiangqi, janggi, shogi or chess
    start_fen: str                     # canonical FEN (SFEN for shogi)
    moves: list[str]                   # canonical
    headers: dict[str, str] = field(default_factory=dict)
    result: str = "*"
    source: str = "pgn"                # pgn, kif, csa or text
    chess960: bool = False
    variant_tag: str | None = None     # the Variant tag as written (e.g. janggimodern)
    end_comment: str | None = None     # the closing comment of a PGN (the runner's reason)

    @property
    def names(self) -> tuple[str, str]:
        return (self.headers.get("White", "first player"), self.headers.get("Black", "second player"))


def read_games(path: str, variant: str | None = None, notation: str = "canonical") -> list[GameRecord]:
    """All games of ``path``; the format comes from its extension (.pgn, .kif/.kifu, .csa, else
    position text). ``variant`` is needed for position text and PGN without a Variant tag
    that is not chess; ``notation`` names the dialect spelling of non-chess PGN/text moves."""
    ext = os.path.splitext(path)[1].lower()
    if ext in (".kif", ".kifu"):
        return [read_kif(path)]
    if ext == ".csa":
        return read_csa(path)
    text = read_text(path, ("utf-8-sig",))
    if ext == ".pgn" or text.lstrip().startswith("["):
        return read_pgn_text(text, variant, notation)
    return [read_position_text(text, variant, notation)]


def read_text(path: str, encodings: tuple[str, ...]) -> str:
    """The text of ``path`` in the first of ``encodings`` that decodes it strictly. Every
    reader comes through here, so an empty, blank or binary file is refused in one place
    rather than read as a game of no moves."""
    with open(path, "rb") as fh:
        data = fh.read()
    if not data.strip():
        raise GameFileError(f"{path} is empty: no game in it")
    if b"\0" in data:
        raise GameFileError(f"{path} is a binary file, not a game record")
    if data.startswith(b"\xef\xbb\xbf"):  # a UTF-8 mark outranks the format's usual encoding
        encodings = ("utf-8-sig",) + encodings
    for encoding in encodings:
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise GameFileError(f"{path} is not text in {' or '.join(encodings)}: not a game record")


# ---------------------------------------------------------------------- replay
def replay(variant: str, start_fen: str | None, texts: list[str], notation: str = "canonical",
           chess960: bool = False) -> tuple[Board, list[str]]:
    """Play ``texts`` from ``start_fen``; (board at the start, canonical moves).
    GameFileError names the first illegal move."""
    try:
        board = Board(variant, start_fen or None, chess960=chess960)
    except ValueError as error:
        raise GameFileError(f"bad start position: {error}") from None
    start = board.copy()
    codec = None if notation == "canonical" else codec_for(board.spec, notation)
    moves = []
    for index, text in enumerate(texts):
        try:
            mv = board.parse_str(text) if codec is None else text_to_move(board.position, text, codec)
        except ValueError:
            raise GameFileError(f"move {index + 1} '{text}' is illegal in {variant}") from None
        moves.append(board.move_str(mv))
        board.push(mv)
    return start, moves


# ---------------------------------------------------------------------- PGN
_TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')
_TOKEN = re.compile(r"\{[^}]*\}|;[^\n]*|\$\d+|\(|\)|[^\s(){};]+")
_MOVE_NUMBER = re.compile(r"^\d+\.+$|^\d+\.+(?=\S)")


def read_pgn_text(text: str, variant: str | None = None, notation: str = "canonical") -> list[GameRecord]:
    games = []
    for headers, movetext in _split_pgn(text):
        tag = headers.get("Variant", "").strip()
        game = _game_of_tag(tag, variant)
        if get_variant(game).record_moves == "san":
            games.append(_chess_game(headers, movetext, tag))
        else:
            games.append(_coordinate_game(headers, movetext, game, tag, notation))
    if not games:
        raise GameFileError("no game found in the PGN")
    return games


def _game_of_tag(tag: str, variant: str | None) -> str:
    if tag.lower() in CHESS_VARIANT_TAGS:
        if tag == "" and variant is not None:
            return get_variant(variant).name
        return "chess"
    try:
        return get_variant(tag).name
    except ValueError:
        raise GameFileError(f"PGN variant '{tag}' is not one of xiangqi, janggi, shogi, chess") from None


def _split_pgn(text: str) -> list[tuple[dict, str]]:
    """(tags, movetext) per game: a game starts at a tag line after movetext."""
    games, headers, body, in_body = [], {}, [], False
    for line in text.splitlines():
        match = _TAG.match(line.strip())
        if match and not _inside_comment(body):
            if in_body:
                games.append((headers, "\n".join(body)))
                headers, body, in_body = {}, [], False
            headers[match.group(1)] = match.group(2).replace('\\"', '"')
        elif line.strip() or in_body:
            body.append(line)
            in_body = in_body or bool(line.strip())
    if headers or "".join(body).strip():
        games.append((headers, "\n".join(body)))
    return games


def _inside_comment(body: list[str]) -> bool:
    joined = "\n".join(body)
    return joined.count("{") > joined.count("}")


def _tokens(movetext: str) -> tuple[list[str], str, str | None]:
    """(move texts, result, last comment) of the main line; variations and NAGs are skipped,
    move suffixes such as ``?`` or ``!?`` dropped."""
    moves, result, last_comment, depth = [], "*", None, 0
    for tok in _TOKEN.findall(movetext):
        if tok == "(":
            depth += 1
        elif tok == ")":
            depth = max(0, depth - 1)
        elif depth:
            continue
        elif tok.startswith("{"):
            last_comment = tok[1:-1].strip()
        elif tok.startswith((";", "$")):
            continue
        elif tok in RESULTS:
            result = tok
        else:
            tok = _MOVE_NUMBER.sub("", tok)
            tok = tok.rstrip("?!")
            if tok:
                moves.append(tok)
                last_comment = None
    return moves, result, last_comment


def _coordinate_game(headers, movetext, game, tag, notation) -> GameRecord:
    texts, result, end_comment = _tokens(movetext)
    start, moves = replay(game, headers.get("FEN"), texts, notation)
    return GameRecord(game, start.fen(), moves, dict(headers), headers.get("Result", result),
                      "pgn", False, tag or None, end_comment)


def _chess_game(headers, movetext, tag) -> GameRecord:
    class QuietBuilder(chess.pgn.GameBuilder):
        def handle_error(self, error: Exception) -> None:   # reported once, by us
            self.game.errors.append(error)

    head = "".join(f'[{k} "{v}"]\n' for k, v in headers.items())
    game = chess.pgn.read_game(io.StringIO(head + "\n" + movetext + "\n"), Visitor=QuietBuilder)
    if game is None:
        raise GameFileError("unreadable chess PGN")
    if game.errors:
        raise GameFileError(f"chess PGN: {game.errors[0]}")
    board = game.board()
    chess960 = board.chess960
    start_fen = board.fen()
    ucis = [move.uci() for move in game.mainline_moves()]
    start, moves = replay("chess", start_fen, ucis, chess960=chess960)
    end = game.end()
    end_comment = (end.comment.strip() or None) if end is not game else None
    return GameRecord("chess", start.fen(), moves, dict(headers),
                      headers.get("Result", "*"), "pgn", chess960, tag or None, end_comment)


# ---------------------------------------------------------------------- position text
def read_position_text(text: str, variant: str | None, notation: str = "canonical") -> GameRecord:
    """``[position] startpos|fen FEN|sfen SFEN|FEN [moves m1 m2 ...]`` (newlines allowed)."""
    if variant is None:
        raise GameFileError("a position file needs --variant")
    game = get_variant(variant).name
    words = " ".join(line.split("#")[0] for line in text.splitlines()).split()
    if words[:1] == ["position"]:
        words = words[1:]
    if not words:
        raise GameFileError("no position in the file: write startpos or fen FEN [moves ...]")
    if "moves" in words:
        cut = words.index("moves")
        head, texts = words[:cut], words[cut + 1:]
    else:
        head, texts = words, []
    if head[1:] and head[0] == "startpos":
        raise GameFileError(f"text after startpos: {' '.join(head[1:])!r}")
    if head in ([], ["startpos"]):  # "moves ..." alone also starts from the start position
        fen = None
    else:
        fen = " ".join(head[1:] if head[0] in ("fen", "sfen") else head)
    start, moves = replay(game, fen, texts, notation)
    return GameRecord(game, start.fen(), moves, {}, "*", "text", False, variant)


# ---------------------------------------------------------------------- shogi (cshogi)
def _cshogi():
    try:
        import cshogi
    except ImportError:
        raise GameFileError("reading KIF/CSA needs cshogi: pip install 'jiangjun[analysis]'") from None
    return cshogi


def read_csa(path: str) -> list[GameRecord]:
    cshogi = _cshogi()
    import cshogi.CSA
    text = read_text(path, ("utf-8-sig", "cp932"))
    try:
        parsed_games = cshogi.CSA.Parser.parse_str(text)
    except ValueError as error:  # cshogi: "Invalid line N: ..."
        raise GameFileError(f"not a CSA game record: {error}") from None
    games = []
    for parsed in parsed_games:
        if not parsed.sfen and not parsed.moves:
            continue  # no position and no move: a header or comment, not a game
        usis = [cshogi.move_to_usi(m) for m in parsed.moves]
        start, moves = replay("shogi", parsed.sfen, usis)
        names = [n or "" for n in (parsed.names or ["", ""])]
        headers = {"White": names[0] or "sente", "Black": names[1] or "gote"}
        games.append(GameRecord("shogi", start.fen(), moves, headers, _cshogi_result(parsed.win),
                                "csa", end_comment=parsed.endgame or None))
    if not games:
        raise GameFileError("no CSA game found: no start position (PI, P1-P9) and no move")
    return games


def _cshogi_result(win) -> str:
    return {1: "1-0", 2: "0-1", 0: "1/2-1/2"}.get(win, "*")


_KANJI_PIECE = {"玉": "K", "王": "K", "飛": "R", "龍": "+R", "竜": "+R", "角": "B", "馬": "+B",
                "金": "G", "銀": "S", "全": "+S", "桂": "N", "圭": "+N", "香": "L", "杏": "+L",
                "歩": "P", "と": "+P"}
_KANJI_NUMBER = "〇一二三四五六七八九十"


# ASCII digits only: a board diagram numbers its files in full-width ones
_KIF_MOVE_NUMBER = re.compile(r"^\s*[0-9]+\s")


def read_kif(path: str) -> GameRecord:
    """KIF via cshogi's move parser; a BOD diagram (a game from a set position) is read here,
    since cshogi's KIF reader ignores it. A numbered line that is not a move is an error (a
    corrupt record is not silently shortened), and a file with no move, no board and no
    players is not a KIF game at all."""
    cshogi = _cshogi()
    import cshogi.KIF
    kifu = path.lower().endswith(".kifu")
    text = read_text(path, ("utf-8", "cp932") if kifu else ("cp932", "utf-8"))
    lines = text.replace("\r\n", "\n").split("\n")
    sfen = _bod_sfen(lines) or cshogi.STARTING_SFEN
    headers: dict[str, str] = {}
    looks_like_kif = sfen != cshogi.STARTING_SFEN
    for line in lines:
        key, sep, value = line.partition("：")
        if sep and key in ("先手", "下手"):
            headers["White"] = value.strip()
        elif sep and key in ("後手", "上手"):
            headers["Black"] = value.strip()
        elif sep and key == "手合割" and value.strip() in cshogi.KIF.Parser.HANDYCAP_SFENS:
            sfen = cshogi.KIF.Parser.HANDYCAP_SFENS[value.strip()] or sfen
            looks_like_kif = True
        looks_like_kif = looks_like_kif or bool(headers) or line.startswith("手数")
    board = cshogi.Board(sfen)
    usis, end_word = [], None
    for number, line in enumerate(lines, start=1):
        if not line.strip() or line.startswith(("*", "#", "&")) or "：" in line:
            continue
        try:
            move, _, end = cshogi.KIF.Parser.parse_move_str(line, board)
        except (ValueError, IndexError):  # a move-shaped line with an unknown square or piece
            move, end = None, None
        if end is not None:
            end_word = end
            break
        if move is None:
            if _KIF_MOVE_NUMBER.match(line):
                raise GameFileError(f"line {number} of the KIF is not a move: {line.strip()[:40]!r}")
            continue
        if not board.is_legal(move):
            raise GameFileError(f"move {len(usis) + 1} of the KIF is illegal")
        usis.append(cshogi.move_to_usi(move))
        board.push(move)
    if not (usis or end_word or looks_like_kif):
        raise GameFileError(f"{path} holds no KIF game: no move, board or player line")
    start, moves = replay("shogi", sfen, usis)
    result = "*"
    if end_word in ("投了", "詰み", "切れ負け", "反則負け"):
        result = "0-1" if board.turn == cshogi.BLACK else "1-0"   # the side to move lost
    elif end_word in ("千日手", "持将棋"):
        result = "1/2-1/2"
    headers.setdefault("White", "sente")
    headers.setdefault("Black", "gote")
    return GameRecord("shogi", start.fen(), moves, headers, result, "kif", end_comment=end_word)


def _bod_sfen(lines: list[str]) -> str | None:
    rows = [line for line in lines if line.startswith("|") and line.count("|") >= 2]
    if len(rows) != 9:
        return None
    ranks = []
    for row in rows:
        cells = row[1:row.rindex("|")]
        out, empty = [], 0
        for i in range(0, len(cells) - 1, 2):
            mark, piece = cells[i], cells[i + 1]
            if piece == "・":
                empty += 1
                continue
            if empty:
                out.append(str(empty))
                empty = 0
            letter = _KANJI_PIECE[piece]
            out.append(letter.lower() if mark == "v" else letter)
        if empty:
            out.append(str(empty))
        ranks.append("".join(out))
    hands = {"先手": "", "後手": ""}
    side = "b"
    for line in lines:
        key, sep, value = line.partition("の持駒：")
        if sep and key in hands:
            hands[key] = _bod_hand(value.strip(), upper=key == "先手")
        if line.strip() == "後手番":
            side = "w"
    hand = hands["先手"] + hands["後手"] or "-"
    return f"{'/'.join(ranks)} {side} {hand} 1"


def _bod_hand(text: str, upper: bool) -> str:
    if text in ("", "なし"):
        return ""
    out = []
    for item in text.replace(" ", "　").split("　"):
        if not item:
            continue
        letter = _KANJI_PIECE[item[0]]
        count = _kanji_count(item[1:]) if len(item) > 1 else 1
        out.append((str(count) if count > 1 else "") + (letter if upper else letter.lower()))
    return "".join(out)


def _kanji_count(text: str) -> int:
    if text.startswith("十"):
        return 10 + (_KANJI_NUMBER.index(text[1]) if len(text) > 1 else 0)
    return _KANJI_NUMBER.index(text[0])
