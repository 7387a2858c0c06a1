"""Scripted analysis in-process: set a position, analyse it, play, count perft, ask the arbiter.

    >>> from engine import Engine
    >>> eng = Engine("xiangqi", moves=["h2e2", "h9g7"])
    >>> lines = eng.analyse(depth=6, multipv=2)
    >>> lines[0].score, lines[0].wdl, lines[0].depth, lines[0].pv[:3]
    >>> eng.analyse(depth=6, notation="uci")[0].pv[:2]     # 1-based ranks, as FSF's UCI spells them
    >>> eng.play(movetime=0.2).move, eng.perft(3), eng.verdict().reason

Moves go in and come out in canonical notation (engine/notation.py) unless ``notation`` names a
protocol dialect: ``uci`` (10-rank boards with 1-based ranks, shogi in chess style), ``ucicyclone``,
``ucci``, ``usi`` or ``xboard`` (engine/dialect_notation.py). Scores are from the side to move's
point of view, as engines report them; ``AnalysisLine.pov(side)`` turns them around.

protocol/scripting.py gives external engines (Fairy-Stockfish, YaneuraOu, ...) the same shape.
"""
from __future__ import annotations

import sys
from dataclasses import replace

from .board import Board
from .dialect_notation import codec_for, move_to_text, text_to_move
from .game import Game
from .records import AnalysisLine, Limit, PlayResult, Score

__all__ = ["AnalysisLine", "Engine", "Limit", "PlayResult", "PositionHolder", "Score",
           "mate_moves"]

CANONICAL = "canonical"
NOTATIONS = (CANONICAL, "uci", "ucicyclone", "ucci", "usi", "xboard")


def mate_moves(mate_plies: int) -> int:
    """Signed plies to mate (engine/search.py) -> signed moves, as UCI prints them."""
    moves = (abs(mate_plies) + 1) // 2
    return moves if mate_plies > 0 else -moves


# ---------------------------------------------------------------------- the position
class PositionHolder(Game):
    """The game being analysed (engine/game.py), with its moves spelled in any notation.

    Shared by the in-process Engine and protocol/scripting.py's ExternalEngine.
    """

    def __init__(self, variant: str = "chess", fen: str | None = None, moves=(), *,
                 setup=None, chess960: bool = False, notation: str = CANONICAL,
                 rule_options: dict | None = None):
        self.notation = _check_notation(notation)
        super().__init__(variant, fen, moves, setup=setup, chess960=chess960,
                         rule_options=rule_options)

    # -- setting up
    def set_position(self, fen: str | None = None, moves=(), *, setup=None,
                     variant: str | None = None, notation: str | None = None) -> None:
        """Start from ``fen`` (FEN, or SFEN for shogi; None = the start position or janggi
        ``setup`` such as "han=ma-sang-sang-ma,cho=sang-ma-ma-sang") and play ``moves``."""
        if variant is not None:
            self.variant = variant
        self.reset(fen, setup=setup)
        for move in moves:
            self.push(move, notation)

    def push(self, move: str | int, notation: str | None = None) -> str:
        """Play ``move`` (text in ``notation``, or a move int); returns it canonical."""
        return self._play(self._parse(self.board, move, notation))

    # -- notation
    def legal_moves(self, notation: str | None = None) -> list[str]:
        return [self._spell(self.board, mv, notation) for mv in self.board.legal_moves]

    def spell(self, move: str | int, notation: str | None = None) -> str:
        """A legal move of the current position (canonical text or int) in ``notation``."""
        mv = self._parse(self.board, move, CANONICAL) if isinstance(move, str) else move
        return self._spell(self.board, mv, notation)

    def spell_line(self, moves, notation: str | None = None, board: Board | None = None) -> list[str]:
        """Canonical moves played one after another from ``board`` (default: the current
        position), spelled in ``notation``; stops at the first move that is not legal."""
        probe = (board or self.board).copy()
        out = []
        for move in moves:
            try:
                mv = self._parse(probe, move, CANONICAL) if isinstance(move, str) else move
            except ValueError:
                break
            out.append(self._spell(probe, mv, notation))
            probe.push(mv)
        return out

    def _spell(self, board: Board, mv: int, notation: str | None) -> str:
        notation = _check_notation(notation or self.notation)
        if notation == CANONICAL:
            return board.move_str(mv)
        return move_to_text(board.position, mv, codec_for(board.spec, notation))

    def _parse(self, board: Board, move, notation: str | None) -> int:
        if not isinstance(move, str):
            if move not in board.legal_moves:
                raise ValueError(f"illegal move code {move}")
            return int(move)
        notation = _check_notation(notation or self.notation)
        if notation == CANONICAL:
            return board.parse_str(move)
        return text_to_move(board.position, move, codec_for(board.spec, notation))


def _check_notation(notation: str) -> str:
    if notation not in NOTATIONS:
        raise ValueError(f"unknown notation {notation!r}; choose one of {', '.join(NOTATIONS)}")
    return notation


# ---------------------------------------------------------------------- our engine, in-process
class Engine(PositionHolder):
    """Jiangjun's search in this process. Options: ``hash_mb``, ``threads``, ``use_nnue`` and
    ``eval_file`` (the searcher's SearchConfig, as the protocol's Hash, Threads, Use NNUE and
    EvalFile options set it; ``eval_file`` "" = the net shipped for the game, if any), and the
    playing level of ``play()``: ``skill_level`` (0-20, 20 = full strength) or ``elo`` (as
    UCI_LimitStrength with UCI_Elo; it wins over ``skill_level``), with ``level_seed`` to make a
    level's choices repeatable. ``analyse()`` always searches at full strength.
    ``search_numbers`` ("name=value ...", as the Search Numbers option) replaces some of the
    game's search numbers, for tuning; ValueError when the text names none."""

    def __init__(self, variant: str = "chess", fen: str | None = None, moves=(), *,
                 setup=None, chess960: bool = False, notation: str = CANONICAL,
                 rule_options: dict | None = None, hash_mb: int = 16, threads: int = 1,
                 use_nnue: bool = True, eval_file: str = "", skill_level: int = 20,
                 elo: int | None = None, level_seed: int | None = None,
                 search_numbers: str = ""):
        super().__init__(variant, fen, moves, setup=setup, chess960=chess960, notation=notation,
                         rule_options=rule_options)
        from .search import Searcher
        self.searcher = Searcher()
        self._configure(hash_mb=hash_mb)
        self._configure(threads=threads)
        self._configure(use_nnue=bool(use_nnue), eval_file=str(eval_file), level_seed=level_seed,
                        search_numbers=str(search_numbers))
        self.skill_level, self.elo = skill_level, elo

    def level(self, board: Board | None = None):
        """The playing level ``play()`` uses in the game of ``board`` (engine/levels.py)."""
        from .levels import level_for
        game = (board or self.board).spec.name
        return level_for(game, int(self.skill_level), self.elo is not None,
                         int(self.elo) if self.elo is not None else 0)

    def _configure(self, **changes) -> None:
        """Change the searcher's SearchConfig. Memory that cannot be had is reported on stderr
        and the engine searches on with what it has, as after a GUI's refused option."""
        config = self.searcher.config
        try:
            self.searcher.configure(replace(config, **changes))
        except MemoryError as error:
            kept = f"Hash stays {config.hash_mb} MB" if "hash_mb" in changes else \
                f"memory for {config.threads} threads only"
            print(f"jiangjun: {error or 'out of memory'}; {kept}", file=sys.stderr)

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        self.searcher.wait_if_idle()

    def new_game(self) -> None:
        """Forget what earlier searches learnt (transposition table, move-ordering history)."""
        self.searcher.clear_hash()

    # -- searching
    def analyse(self, limit=None, multipv: int = 1, *, depth=None, nodes=None, movetime=None,
                mate=None, notation: str | None = None, board: Board | None = None,
                on_info=None, searchmoves=None) -> list[AnalysisLine]:
        """The best ``multipv`` lines of the current position (or of ``board``), best first.

        ``limit``: a Limit (engine/records.py; depth, nodes, movetime in seconds, mate) or the
        searcher's engine.search.Limits; keywords do the same and win. Empty when the side to
        move has no legal move (see verdict()).
        ``on_info(AnalysisLine)`` sees every completed iteration while the search runs.
        ``searchmoves``: search only these root moves (in ``notation``), so that their scores
        come from one search and compare fairly.
        """
        return self._search(limit, multipv, depth, nodes, movetime, mate, notation, board,
                            on_info, searchmoves, skill=20.0).lines

    def play(self, limit=None, *, depth=None, nodes=None, movetime=None, notation: str | None = None,
             board: Board | None = None, push: bool = False) -> PlayResult:
        """The move the engine chooses; with ``push=True`` it is also played on the position."""
        result = self._search(limit, 1, depth, nodes, movetime, None, notation, board, None,
                              skill=self.level(board).skill)
        if push and result.move is not None:
            target = board or self.board
            target.push(self._parse(target, result.move, notation))
        return result

    def _search(self, limit, multipv, depth, nodes, movetime, mate, notation, board,
                on_info, searchmoves=None, skill: float = 20.0) -> PlayResult:
        limit = Limit.for_analysis(limit, depth=depth, nodes=nodes, movetime=movetime, mate=mate)
        board = board or self.board
        roots = [self._parse(board, move, notation) for move in searchmoves] if searchmoves else None
        limits = limit.search_limits(roots)
        turn = board.turn
        latest: dict[int, AnalysisLine] = {}
        done = []

        def record(info) -> None:
            line = self._line(board, info, notation, turn)
            latest[info.multipv] = line
            if on_info is not None:
                on_info(line)

        self._configure(multipv=multipv, skill=skill)
        self.searcher.start(board.position, limits, record, done.append)
        try:
            self.searcher.wait()
        except KeyboardInterrupt:
            self.searcher.stop()
            self.searcher.wait()
            raise
        best = done[0] if done else None
        lines = [latest[k] for k in sorted(latest)]
        if best is None or best.move is None:
            return PlayResult(None, None, lines)
        if not lines or lines[0].pv_canonical[:1] != [board.move_str(best.move)]:
            # an interrupted iteration found a better first move than the last reported line
            lines.insert(0, self._bestmove_line(board, best, notation, turn,
                                                lines[0] if lines else None))
            lines = [line for i, line in enumerate(lines)
                     if i == 0 or line.pv_canonical[:1] != lines[0].pv_canonical[:1]]
            lines = lines[:self.searcher.config.multipv]
            for k, line in enumerate(lines, start=1):
                line.multipv = k
        move = self._spell(board, best.move, notation)
        ponder = lines[0].pv[1] if len(lines[0].pv) > 1 else None
        return PlayResult(move, ponder, lines)

    def _line(self, board: Board, info, notation, turn: int) -> AnalysisLine:
        canonical = self.spell_line(info.pv, CANONICAL, board)
        score = Score(mate=mate_moves(info.mate_plies)) if info.mate_plies is not None \
            else Score(cp=info.score_cp)
        return AnalysisLine(multipv=info.multipv, depth=info.depth, score=score,
                            pv=self.spell_line(info.pv, notation, board), turn=turn,
                            wdl=info.wdl, seldepth=info.seldepth, nodes=info.nodes,
                            time=info.time_ms / 1000.0, pv_canonical=canonical)

    def _bestmove_line(self, board: Board, best, notation, turn: int,
                       last: AnalysisLine | None) -> AnalysisLine:
        """The line of the best move when it came from an interrupted iteration (its depth,
        nodes and time are those of the last completed report)."""
        from .evaluation import wdl
        pv = [best.move] + ([best.ponder] if best.ponder is not None else [])
        score = Score(mate=mate_moves(best.mate_plies)) if best.mate_plies is not None \
            else Score(cp=best.score_cp or 0)
        return AnalysisLine(multipv=1, depth=last.depth if last else None, score=score,
                            pv=self.spell_line(pv, notation, board), turn=turn,
                            wdl=wdl(board.spec, best.score_cp, best.mate_plies),
                            seldepth=last.seldepth if last else None,
                            nodes=last.nodes if last else None, time=last.time if last else None,
                            pv_canonical=self.spell_line(pv, CANONICAL, board))

    # -- counting
    def perft(self, depth: int) -> int:
        """Leaf nodes of the legal move tree ``depth`` plies deep."""
        from .perft import perft
        return perft(self.board.position, int(depth))

    def divide(self, depth: int, notation: str | None = None) -> list[tuple[str, int]]:
        """(move, leaf count) per legal move, in ``notation``."""
        from .perft import divide
        rows = divide(self.board.position, int(depth))
        if _check_notation(notation or self.notation) == CANONICAL:
            return rows
        return [(self.spell(text, notation), count) for text, count in rows]
