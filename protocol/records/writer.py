"""Game records: PGN (xiangqi, janggi, chess), CSA or KIF (shogi, shogi_writer.py), JSON lines."""

import json
import os
import re
import time

import chess

from engine.variants import get_variant

from .game import GameResult
from .pgn_tags import move_comment, setup_tags, wrap_movetext
from .shogi_writer import write_shogi

PGN_PASS = "@@@@"
SHOGI_RECORD = re.compile(r"game_\d+\.(csa|kif)")   # shogi_record_name's files


def shogi_record_name(game: GameResult, shogi_format: str) -> str:
    """The file of one shogi game in --shogi-dir: numbered from 1 by the game's index."""
    return f"game_{game.index + 1:04d}.{'csa' if shogi_format == 'csa' else 'kif'}"


def earlier_records(pgn: str | None, shogi_dir: str | None, jsonl: str | None) -> str:
    """What an earlier match left in the files a RecordWriter would write ("" when nothing):
    a new match that truncated them would throw away games that took hours to play."""
    if jsonl and os.path.isfile(jsonl):
        try:
            with open(jsonl, encoding="utf-8", errors="replace") as handle:
                games = sum(1 for line in handle if line.strip())
        except OSError as error:
            return f"{jsonl} cannot be read ({error.strerror})"
        if games:
            return f"{jsonl} already holds {games} game{'s' * (games != 1)}"
    if pgn and os.path.isfile(pgn) and os.path.getsize(pgn):
        return f"{pgn} already holds games"
    if shogi_dir and os.path.isdir(shogi_dir):
        records = [name for name in os.listdir(shogi_dir) if SHOGI_RECORD.fullmatch(name)]
        if records:
            return f"{shogi_dir} already holds {len(records)} game records"
    return ""


def _comment(rec) -> str:
    """Book moves carry no comment (as in XBoard's own files); engine moves ``+1.34/4 0.1``."""
    if rec.elapsed is None:
        return ""
    return move_comment(rec.score, rec.depth, rec.elapsed)


def _chess_san(game: GameResult) -> list[str]:
    board = chess.Board(game.start_fen) if game.start_fen else chess.Board()
    out = []
    for rec in game.moves:
        move = chess.Move.from_uci(rec.move)
        out.append(board.san(move))
        board.push(move)
    return out


def _pgn_move(text: str) -> str:
    """A coordinate move as PGN writes it: a pass (the royal square twice) as @@@@, which XBoard
    and Fairy-Stockfish read, where ``e1e1`` would read as an illegal move."""
    half = len(text) // 2
    return PGN_PASS if len(text) % 2 == 0 and text[:half] == text[half:] else text


def pgn_text(game: GameResult, event: str = "jiangjun match") -> str:
    spec = get_variant(game.variant)
    tags = [("Event", event), ("Site", game.host or "?"),
            ("Date", time.strftime("%Y.%m.%d", time.localtime(game.started))),
            ("Round", f"{game.round}.{game.index + 1}"),
            ("White", game.first), ("Black", game.second), ("Result", game.result)]
    if spec.pgn_variant:              # the engines' name for it (janggimodern, ...)
        tags.append(("Variant", game.variant))
    tags += setup_tags(game.variant, game.start_fen)
    tags += [("Termination", game.termination), ("TimeControl", game.time_control),
             ("PlyCount", str(len(game.moves)))]
    if game.scores is not None:
        tags.append(("Points", " - ".join(f"{s:g}" for s in game.scores)))
    head = "\n".join(f'[{k} "{str(v).replace(chr(34), chr(39))}"]' for k, v in tags)
    san = spec.record_moves == "san"
    texts = _chess_san(game) if san else [_pgn_move(r.move) for r in game.moves]
    black_first = game.start_fen is not None and game.start_fen.split()[1:2] == ["b"]
    tokens = []
    for i, (text, rec) in enumerate(zip(texts, game.moves)):
        ply = i + (1 if black_first else 0)
        if ply % 2 == 0:
            tokens.append(f"{ply // 2 + 1}.")
        elif i == 0:
            tokens.append(f"{ply // 2 + 1}...")
        tokens.append(text)
        comment = _comment(rec)
        if comment:
            tokens.append("{" + comment + "}")
    tokens.append("{" + game.reason.replace("}", ")") + "}")
    tokens.append(game.result)
    return head + "\n\n" + wrap_movetext(tokens) + "\n\n"


class RecordWriter:
    """Appends each finished game to the PGN file, the shogi directory and the JSONL log."""

    def __init__(self, pgn: str | None = None, shogi_dir: str | None = None,
                 shogi_format: str = "csa", jsonl: str | None = None, append: bool = False):
        self.pgn, self.shogi_dir, self.shogi_format, self.jsonl = pgn, shogi_dir, shogi_format, jsonl
        for path in (pgn, jsonl):
            if path and not append:
                open(path, "w").close()  # a fresh file per match; a resumed one carries on
        if shogi_dir:
            os.makedirs(shogi_dir, exist_ok=True)

    def write(self, game: GameResult) -> None:
        if self.jsonl:
            with open(self.jsonl, "a", encoding="utf-8") as fh:
                fh.write(json.dumps(game.to_dict(), ensure_ascii=False) + "\n")
        if "pgn" not in get_variant(game.variant).record_formats:    # shogi: CSA or KIF
            if self.shogi_dir:
                write_shogi(game, os.path.join(self.shogi_dir,
                                               shogi_record_name(game, self.shogi_format)),
                            self.shogi_format)
        elif self.pgn:
            with open(self.pgn, "a", encoding="utf-8") as fh:
                fh.write(pgn_text(game))
