"""Game records: PGN (xiangqi, janggi, chess), CSA or KIF (shogi, via cshogi), JSON lines."""

import json
import os
import time

from protocol.client.variants import family, is_start, start_fen

from .game import GameResult

PGN_VARIANT = {"xiangqi": "xiangqi", "janggi": "janggi", "chess": None}


def _comment(rec) -> str:
    if rec.elapsed is None:
        return "book"
    parts = []
    if rec.score is not None:
        if abs(rec.score) >= 90_000:
            moves = 100_000 - abs(rec.score)
            parts.append(f"{'+' if rec.score > 0 else '-'}M{moves}")
        else:
            parts.append(f"{rec.score / 100:+.2f}")
        if rec.depth is not None:
            parts[-1] += f"/{rec.depth}"
    parts.append(f"{rec.elapsed:.3f}s")
    return " ".join(parts)


def _chess_san(game: GameResult) -> list[str]:
    import chess
    board = chess.Board(game.start_fen) if game.start_fen else chess.Board()
    out = []
    for rec in game.moves:
        move = chess.Move.from_uci(rec.move)
        out.append(board.san(move))
        board.push(move)
    return out


def pgn_text(game: GameResult, event: str = "jiangjun match") -> str:
    fam = family(game.variant)
    tags = [("Event", event), ("Site", game.host or "?"),
            ("Date", time.strftime("%Y.%m.%d", time.localtime(game.started))),
            ("Round", f"{game.round}.{game.index + 1}"),
            ("White", game.first), ("Black", game.second), ("Result", game.result)]
    if fam != "chess":
        tags.append(("Variant", game.variant))
    if fam != "chess" or not is_start(game.variant, game.start_fen):
        tags += [("FEN", game.start_fen or start_fen(game.variant)), ("SetUp", "1")]
    tags += [("Termination", game.termination), ("TimeControl", game.time_control),
             ("PlyCount", str(len(game.moves)))]
    if game.scores is not None:
        tags.append(("Points", " - ".join(f"{s:g}" for s in game.scores)))
    head = "\n".join(f'[{k} "{str(v).replace(chr(34), chr(39))}"]' for k, v in tags)
    texts = _chess_san(game) if fam == "chess" else [r.move for r in game.moves]
    black_first = game.start_fen is not None and game.start_fen.split()[1:2] == ["b"]
    tokens = []
    for i, (text, rec) in enumerate(zip(texts, game.moves)):
        ply = i + (1 if black_first else 0)
        if ply % 2 == 0:
            tokens.append(f"{ply // 2 + 1}.")
        elif i == 0:
            tokens.append(f"{ply // 2 + 1}...")
        tokens.append(text)
        tokens.append("{" + _comment(rec) + "}")
    tokens.append("{" + game.reason.replace("}", ")") + "}")
    tokens.append(game.result)
    return head + "\n\n" + _wrap(tokens) + "\n\n"


def _wrap(tokens: list[str], width: int = 79) -> str:
    lines, line = [], ""
    for tok in tokens:
        if line and len(line) + 1 + len(tok) > width:
            lines.append(line)
            line = tok
        else:
            line = f"{line} {tok}" if line else tok
    return "\n".join(lines + [line])


CSA_END = {"time forfeit": "%TIME_UP", "rules infraction": "%ILLEGAL_MOVE", "abandoned": "%CHUDAN"}


def write_shogi(game: GameResult, path: str, fmt: str = "csa") -> None:
    """One game per file, with cshogi's CSA or KIF exporter; times are whole seconds."""
    import cshogi
    board = cshogi.Board(game.start_fen) if game.start_fen else cshogi.Board()
    moves = []
    for rec in game.moves:
        moves.append(board.move_from_usi(rec.move))
        board.push(moves[-1])
    board = cshogi.Board(game.start_fen) if game.start_fen else cshogi.Board()
    if fmt == "csa":
        import cshogi.CSA
        exporter = cshogi.CSA.Exporter(path)
        exporter.info(board, [game.first, game.second], comment=game.reason)
        for move, rec in zip(moves, game.moves):
            exporter.move(move, time=int(round(rec.elapsed or 0)), comment=_comment(rec))
        exporter.endgame(_csa_end(game))
    else:
        import datetime

        import cshogi.KIF
        exporter = cshogi.KIF.Exporter(path)
        exporter.header([game.first, game.second], datetime.datetime.fromtimestamp(game.started),
                        None if is_start(game.variant, game.start_fen) else board)
        total = 0
        for move, rec in zip(moves, game.moves):
            sec = int(round(rec.elapsed or 0))
            total += sec
            exporter.move(move, sec, total)
        exporter.end(_kif_end(game))
    exporter.close()


def _csa_end(game: GameResult) -> str:
    if game.result == "1/2-1/2":
        return "%SENNICHITE" if "sennichite" in game.reason else "%JISHOGI"
    if "declaration" in game.reason:
        return "%KACHI"
    return CSA_END.get(game.termination, "%TORYO")


def _kif_end(game: GameResult) -> str:
    if game.result == "1/2-1/2":
        return "sennichite" if "sennichite" in game.reason else "draw"
    if "declaration" in game.reason:
        return "win"
    if game.termination == "rules infraction":
        return "illegal_lose"
    return "resign"  # mate, resignation and time: the loser's move is the last


class RecordWriter:
    """Appends each finished game to the PGN file, the shogi directory and the JSONL log."""

    def __init__(self, pgn: str | None = None, shogi_dir: str | None = None,
                 shogi_format: str = "csa", jsonl: str | None = None):
        self.pgn, self.shogi_dir, self.shogi_format, self.jsonl = pgn, shogi_dir, shogi_format, jsonl
        for path in (pgn, jsonl):
            if path:
                open(path, "w").close()  # a fresh file per match
        if shogi_dir:
            os.makedirs(shogi_dir, exist_ok=True)

    def write(self, game: GameResult) -> None:
        if self.jsonl:
            with open(self.jsonl, "a", encoding="utf-8") as fh:
                fh.write(json.dumps(game.to_dict(), ensure_ascii=False) + "\n")
        if family(game.variant) == "shogi":
            if self.shogi_dir:
                ext = "csa" if self.shogi_format == "csa" else "kif"
                write_shogi(game, os.path.join(self.shogi_dir, f"game_{game.index + 1:04d}.{ext}"),
                            self.shogi_format)
        elif self.pgn:
            with open(self.pgn, "a", encoding="utf-8") as fh:
                fh.write(pgn_text(game))
