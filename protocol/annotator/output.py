"""Write an analysed game: annotated PGN, KIF or CSA, and the text summary.

Every move gets the score after it from the first player's view (PGN ``[%eval 0.35,12]`` as
lichess and most GUIs read it; KIF ``*`` comment lines; CSA floodgate ``'** cp pv`` lines), its
mark (``?!``, ``?``, ``??`` after the move in PGN, at the head of the comment in KIF/CSA) and,
when the move was not the engine's choice, the best line. Chess moves are SAN; the other games
use canonical coordinates (or ``notation``), which protocol/records/reader.py reads back.
"""
from __future__ import annotations

import io

import chess

from engine.board import Board
from engine.scripting import PositionHolder
from engine.variants import get_variant
from protocol.records.pgn_tags import setup_tags, wrap_movetext

from .annotate import GameAnalysis, MoveNote, PositionEval

BEST_LINE_PLIES = 8


def side_names(variant: str) -> tuple[str, str]:
    """The players' names for display ("Red", "Black"), as the game's spec declares them."""
    first, second = get_variant(variant).side_names
    return first.title(), second.title()


# ---------------------------------------------------------------------- move text
class _Speller:
    """Spells moves of one game: SAN for chess, canonical or a dialect for the others."""

    def __init__(self, analysis: GameAnalysis, notation: str):
        game = analysis.game
        self.game = game
        self.chess = get_variant(game.variant).record_moves == "san"    # SAN through python-chess
        self.notation = notation
        self.holder = PositionHolder(game.variant, game.start_fen, chess960=game.chess960,
                                     notation="canonical")

    def board_before(self, ply: int) -> Board:
        board = Board(self.game.variant, self.game.start_fen, chess960=self.game.chess960)
        for move in self.game.moves[:ply]:
            board.push_str(move)
        return board

    def line(self, moves: list[str], board: Board) -> list[str]:
        if self.chess:
            pc = chess.Board(board.fen(), chess960=self.game.chess960)
            out = []
            for move in moves:
                try:
                    mv = pc.parse_uci(move)
                except ValueError:
                    break
                out.append(pc.san(mv))
                pc.push(mv)
            return out
        return self.holder.spell_line(moves, self.notation, board)


def _loss_text(note: MoveNote) -> str:
    return f"{note.name}, loses {note.loss / 100:.2f}"


def _comment_parts(note: MoveNote, speller: _Speller, board: Board) -> list[str]:
    parts = []
    after = note.after
    if after.pawns is not None:
        parts.append(f"[%eval {after.pawns}{',' + str(after.depth) if after.depth else ''}]")
    else:
        parts.append(after.label)
    if note.mark:
        parts.append(_loss_text(note) + ";")
    if note.better is not None:
        line = speller.line(note.better.best[:BEST_LINE_PLIES], board)
        if line:  # both scores come from one search: the best never scores below the move played
            parts.append(f"best {note.better.label} {' '.join(line)}; played {note.played.label}")
    return parts


# ---------------------------------------------------------------------- PGN
def pgn_text(analysis: GameAnalysis, notation: str = "canonical") -> str:
    game = analysis.game
    speller = _Speller(analysis, notation)
    headers = dict(game.headers)
    for key, value in (("Event", "?"), ("White", game.names[0]), ("Black", game.names[1]),
                       ("Result", game.result)):
        headers.setdefault(key, value)
    if get_variant(game.variant).pgn_variant:
        headers.setdefault("Variant", game.variant_tag or game.variant)
    for key in ("FEN", "SetUp"):   # rewritten: only a set-up start has them (pgn_tags.py)
        headers.pop(key, None)
    headers.update(setup_tags(game.variant, game.start_fen))
    headers["Annotator"] = f"jiangjun analyse: {analysis.analyst}, {analysis.limit_text}"
    head = "\n".join(f'[{k} "{str(v).replace(chr(34), chr(39))}"]' for k, v in headers.items())

    board = speller.board_before(0)
    first_turn = board.turn
    tokens = []
    if analysis.evals:
        tokens.append("{" + _start_comment(analysis.evals[0]) + "}")
    for note in analysis.notes:
        ply = note.ply + first_turn
        if ply % 2 == 0:
            tokens.append(f"{ply // 2 + 1}.")
        elif note.ply == 0:
            tokens.append(f"{ply // 2 + 1}...")
        text = speller.line([note.move], board)[0] if speller.chess else \
            speller.holder.spell_line([note.move], notation, board)[0]
        tokens.append(text + note.mark)
        tokens.append("{" + " ".join(_comment_parts(note, speller, board)) + "}")
        board.push_str(note.move)
    if game.end_comment:
        tokens.append("{" + game.end_comment.replace("}", ")") + "}")
    elif analysis.verdict_reason:
        tokens.append("{" + analysis.verdict_reason.replace("}", ")") + "}")
    tokens.append(headers["Result"])
    return head + "\n\n" + wrap_movetext(tokens) + "\n\n"


def _start_comment(first: PositionEval) -> str:
    text = f"[%eval {first.pawns}{',' + str(first.depth) if first.depth else ''}]" \
        if first.pawns is not None else first.label
    if first.best:
        text += " start; engine line " + " ".join(first.best[:BEST_LINE_PLIES])
    return text


# ---------------------------------------------------------------------- shogi
def _shogi_moves(game):
    import cshogi
    board = cshogi.Board(game.start_fen)
    moves = []
    for usi in game.moves:
        moves.append(board.move_from_usi(usi))
        board.push(moves[-1])
    return cshogi.Board(game.start_fen), moves


KIF_END = {"投了": "resign", "千日手": "sennichite", "持将棋": "draw", "入玉勝ち": "win",
           "反則勝ち": "illegal_win", "反則負け": "illegal_lose"}


def write_kif(analysis: GameAnalysis, path: str, notation: str = "canonical") -> None:
    """KIF through cshogi's exporter, with ``*`` comment lines after each move."""
    import cshogi
    import cshogi.KIF
    game = analysis.game
    start, moves = _shogi_moves(game)
    speller = _Speller(analysis, notation)
    encoding = "utf-8" if path.endswith(".kifu") else "cp932"
    with open(path, "w", encoding=encoding) as fh:
        exporter = cshogi.KIF.Exporter()
        exporter.kifu, exporter.prev_move, exporter.move_number = fh, None, 1
        standard = start.sfen() == cshogi.Board().sfen()
        exporter.header(list(game.names), None, None if standard else start)
        fh.write(f"*jiangjun analyse: {analysis.analyst}, {analysis.limit_text}\n")
        board = speller.board_before(0)
        for move, note in zip(moves, analysis.notes):
            exporter.move(move)
            parts = _comment_parts(note, speller, board)
            fh.write("*" + (note.mark + " " if note.mark else "") + " ".join(parts) + "\n")
            board.push_str(note.move)
        if game.end_comment in KIF_END:
            exporter.end(KIF_END[game.end_comment])


def write_csa(analysis: GameAnalysis, path: str, notation: str = "canonical") -> None:
    """CSA through cshogi's exporter: floodgate ``'** cp pv`` (sente's view) per move."""
    import cshogi
    import cshogi.CSA
    game = analysis.game
    start, moves = _shogi_moves(game)
    speller = _Speller(analysis, notation)
    exporter = cshogi.CSA.Exporter(path)
    exporter.info(start, list(game.names), comment=f"jiangjun analyse: {analysis.analyst}, "
                                                   f"{analysis.limit_text}")
    board = speller.board_before(0)
    probe = cshogi.Board(game.start_fen)
    for move, note in zip(moves, analysis.notes):
        probe.push(move)
        after = note.after
        pv = []
        reply = cshogi.Board(probe.sfen())
        for usi in after.best[:BEST_LINE_PLIES]:
            mv = reply.move_from_usi(usi)
            if not reply.is_legal(mv):
                break
            pv.append(("+" if reply.turn == cshogi.BLACK else "-") + cshogi.move_to_csa(mv))
            reply.push(mv)
        value = max(-99999, min(99999, after.value))
        comment = f"** {value} {' '.join(pv)}".rstrip()
        rest = _comment_parts(note, speller, board)[1:]
        if note.mark or rest:
            comment += "\n'" + (note.mark + " " if note.mark else "") + " ".join(rest)
        exporter.move(move, comment=comment)
        board.push_str(note.move)
    if game.end_comment and game.end_comment.startswith("%"):
        exporter.endgame(game.end_comment)
    exporter.close()


# ---------------------------------------------------------------------- summary
def summary_text(analysis: GameAnalysis, notation: str = "canonical") -> str:
    game = analysis.game
    sides = side_names(game.variant)
    out = io.StringIO()
    names = game.names
    out.write(f"{names[0]} - {names[1]}  ({game.variant}, {len(game.moves)} plies, "
              f"{game.result})\n")
    out.write(f"analysed by {analysis.analyst}, {analysis.limit_text}; thresholds "
              f"?! {analysis.thresholds.inaccuracy} ? {analysis.thresholds.mistake} "
              f"?? {analysis.thresholds.blunder} (clamp {analysis.thresholds.clamp}) cp\n")
    for side in (0, 1):
        s = analysis.side_summary(side)
        out.write(f"{sides[side]:<6} {names[side]:<20} moves {s['moves']:>3}  "
                  f"average loss {s['average_loss']:6.1f} cp  inaccuracies {s['inaccuracies']}  "
                  f"mistakes {s['mistakes']}  blunders {s['blunders']}\n")
    speller = _Speller(analysis, notation)
    board = speller.board_before(0)
    first_turn = board.turn
    for note in analysis.notes:
        if note.mark in ("?", "??"):
            ply = note.ply + first_turn
            number = f"{ply // 2 + 1}{'.' if ply % 2 == 0 else '...'}"
            move = speller.line([note.move], board)[0]
            best = speller.line(note.better.best[:1], board) if note.better else []
            out.write(f"  {number} {move}{note.mark} {_loss_text(note)}"
                      f"{'; best ' + best[0] if best else ''}\n")
        board.push_str(note.move)
    return out.getvalue()
