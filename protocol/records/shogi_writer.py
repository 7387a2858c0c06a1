"""Shogi game records through cshogi's exporters: CSA or KIF, one game per file.

Times are whole seconds, floored as a clock shows them. KIF's ``( m:ss/hh:mm:ss)`` is the move's
own time and the *mover's* running total, summed from the exact times (rounding each move first
turned a match of 0.05 s moves into 0:00/00:00:00 throughout). A loss on time ends as a time-up
(KIF 切れ負け, CSA %TIME_UP), not as a resignation.
"""

import datetime
import math

from protocol.clients.variants import is_start

from .game import GameResult
from .pgn_tags import move_comment

CSA_END = {"time forfeit": "%TIME_UP", "rules infraction": "%ILLEGAL_MOVE", "abandoned": "%CHUDAN"}
KIF_TIME_UP = "切れ負け"
KIF_WINNER = {"1-0": "先手", "0-1": "後手"}


def write_shogi(game: GameResult, path: str, fmt: str = "csa") -> None:
    import cshogi
    board = cshogi.Board(game.start_fen) if game.start_fen else cshogi.Board()
    moves = []
    for rec in game.moves:
        moves.append(board.move_from_usi(rec.move))
        board.push(moves[-1])
    start = cshogi.Board(game.start_fen) if game.start_fen else cshogi.Board()
    if fmt == "csa":
        _write_csa(game, path, start, moves)
    else:
        _write_kif(game, path, start, moves)


def whole_seconds(seconds: float | None) -> int:
    return int(math.floor(seconds or 0))


def _write_csa(game: GameResult, path: str, start, moves) -> None:
    import cshogi.CSA
    exporter = cshogi.CSA.Exporter(path)
    exporter.info(start, [game.first, game.second], comment=game.reason)
    for move, rec in zip(moves, game.moves):
        exporter.move(move, time=whole_seconds(rec.elapsed), comment=_csa_comment(rec))
    exporter.endgame(_csa_end(game))
    exporter.close()


def _csa_comment(rec) -> str:
    if rec.elapsed is None:
        return "book"
    return move_comment(rec.score, rec.depth, None)


def _write_kif(game: GameResult, path: str, start, moves) -> None:
    import cshogi.KIF
    exporter = cshogi.KIF.Exporter(path)
    exporter.header([game.first, game.second], datetime.datetime.fromtimestamp(game.started),
                    None if is_start(game.variant, game.start_fen) else start)
    totals = [0.0, 0.0]  # exact seconds per player, by ply parity (the mover)
    for ply, (move, rec) in enumerate(zip(moves, game.moves)):
        totals[ply % 2] += rec.elapsed or 0.0
        exporter.move(move, whole_seconds(rec.elapsed), whole_seconds(totals[ply % 2]))
    mover_total = whole_seconds(totals[len(moves) % 2])
    if game.termination == "time forfeit":
        _kif_time_up(exporter, game, mover_total)
    else:
        exporter.end(_kif_end(game), 0, mover_total)
    exporter.close()


def _kif_time_up(exporter, game: GameResult, mover_total: int) -> None:
    """cshogi's exporter has no time-up ending: the same line layout, written here."""
    number = exporter.move_number
    hours, rest = divmod(mover_total, 3600)
    total = f"{hours:02}:{rest // 60:02}:{rest % 60:02}"
    exporter.kifu.write(f"{number:>4} {KIF_TIME_UP}          ( 0:00/{total})\n")
    winner = KIF_WINNER.get(game.result)
    if winner:
        exporter.kifu.write(f"まで{number - 1}手で{winner}の勝ち\n")


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
    return "resign"  # mate and resignation: the loser is to move and gives up
