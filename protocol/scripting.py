"""Scripted analysis with any engine: ours in-process, or an external one over UCI, UCCI, USI or
XBoard, behind one shape (set_position/push, analyse, play, verdict).

    >>> from protocol.scripting import Engine, open_engine
    >>> with open_engine("/usr/games/fairy-stockfish", "uci", "xiangqi") as fsf:
    ...     fsf.set_position(moves=["h2e2"])
    ...     lines = fsf.analyse(depth=10, multipv=3, notation="uci")
    ...     lines[0].score, lines[0].pv[:4]

External engines are driven by protocol/clients (shared with the tournament runner); moves in and
out are canonical unless ``notation`` names a dialect. The position is kept on our own Board, so
every move is checked against our rules and the arbiter's verdict is available as with Engine.
External engines report no WDL here (``wdl`` is None); our Engine estimates it from its score.
"""
from __future__ import annotations

import sys

from engine.board import Board
from engine.scripting import (CANONICAL, AnalysisLine, Engine, PlayResult, PositionHolder, Score,
                             limit_fields)

from .clients import EngineError, Limit, make_engine
from .clients.uci_family import setoption_line
from .clients.variants import family

__all__ = ["AnalysisLine", "Engine", "ExternalEngine", "PlayResult", "Score", "jiangjun_command",
           "open_engine"]


def jiangjun_command() -> list[str]:
    """The command that runs our own engine as an external process (this Python)."""
    return [sys.executable, "-m", "protocol"]


def open_engine(command: str | list[str], protocol: str, variant: str = "chess", **kw) -> "ExternalEngine":
    """A started ExternalEngine (handshake done, variant and options set)."""
    return ExternalEngine(command, protocol, variant, **kw).start()


class ExternalEngine(PositionHolder):
    """An engine process speaking ``protocol`` (uci, ucicyclone, ucci, usi or xboard).

    ``variant`` is the name the engine is told (e.g. ``janggimodern`` for Fairy-Stockfish); our
    Board follows the game of its family. ``options`` are set after the handshake;
    ``timeout`` bounds each search in seconds (None = wait as long as it takes).
    """

    def __init__(self, command: str | list[str], protocol: str, variant: str = "chess",
                 fen: str | None = None, moves=(), *, setup=None, chess960: bool = False,
                 options: dict | None = None, notation: str = CANONICAL,
                 rule_options: dict | None = None, timeout: float | None = None, **client_kw):
        self.client = make_engine(command, protocol, variant, options=options, **client_kw)
        self.protocol = protocol
        self.timeout = timeout
        self._multipv = 1
        super().__init__(variant, fen, moves, setup=setup, chess960=chess960, notation=notation,
                         rule_options=rule_options)

    def _board_variant(self) -> str:
        return family(self.variant)

    # -- lifecycle
    def start(self) -> "ExternalEngine":
        if self.client.proc is None:
            self.client.start()
        return self

    def __enter__(self) -> "ExternalEngine":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        self.client.quit()

    quit = close

    @property
    def name(self) -> str | None:
        return self.client.engine_name

    def new_game(self) -> None:
        self.client.new_game()

    # -- searching
    def analyse(self, limit=None, multipv: int = 1, *, depth=None, nodes=None, movetime=None,
                notation: str | None = None, board=None, searchmoves=None) -> list[AnalysisLine]:
        """The best ``multipv`` lines of the current position (or of ``board``), best first;
        empty when the side to move has no legal move. ``searchmoves`` (UCI, USI and
        UCI-cyclone engines) restricts the root moves; EngineError where the dialect has none."""
        return self._search(limit, multipv, depth, nodes, movetime, notation, board,
                            searchmoves).lines

    def play(self, limit=None, *, depth=None, nodes=None, movetime=None, notation: str | None = None,
             board=None, push: bool = False) -> PlayResult:
        """The engine's move; with ``push=True`` it is also played on the position."""
        result = self._search(limit, 1, depth, nodes, movetime, notation, board)
        if push and result.move is not None:
            target = board or self.board
            target.push(self._parse(target, result.move, notation))
        return result

    def _search(self, limit, multipv, depth, nodes, movetime, notation, board,
                searchmoves=None) -> PlayResult:
        board = board or self.board
        if not board.legal_moves:
            return PlayResult(None)
        fields = limit_fields(limit, depth, nodes, movetime)
        if fields["mate"] is not None:
            raise EngineError("a mate search is not offered for external engines here")
        roots = tuple(board.move_str(self._parse(board, move, notation)) for move in searchmoves or ())
        client_limit = Limit(depth=fields["depth"], nodes=fields["nodes"], movetime=fields["movetime"],
                             searchmoves=roots)
        self._set_multipv(max(1, int(multipv)))
        start_fen, moves = self._game_of(board)
        answer = self.client.play(start_fen, moves, client_limit, timeout=self.timeout)
        turn = board.turn
        latest = {}
        for info in answer.infos:
            if info.score is not None and info.pv and info.multipv <= self._multipv:
                latest[info.multipv] = info
        lines = [self._line(board, latest[k], notation, turn) for k in sorted(latest)]
        if answer.move is None:
            return PlayResult(None, None, lines)
        move = self.spell_line([answer.move], notation, board)
        if not move:
            raise EngineError(f"{self.name or 'engine'} plays {answer.move}, illegal here")
        ponder = self.spell_line([answer.move, answer.ponder], notation, board)[1:2] \
            if answer.ponder else []
        return PlayResult(move[0], ponder[0] if ponder else None, lines)

    def _set_multipv(self, k: int) -> None:
        if k == self._multipv:
            return
        if self.protocol == "xboard":
            raise EngineError("MultiPV is not available over xboard; use a UCI-family dialect")
        declared = self.client.declared_options.get("multipv")
        if declared is None:
            raise EngineError(f"{self.name or 'engine'} declares no MultiPV option")
        self.client._send(setoption_line(self.protocol, declared, k))
        self._multipv = k

    def _game_of(self, board) -> tuple[str, list[str]]:
        """(canonical start FEN, canonical moves) of ``board``."""
        replay = Board(board.spec, board.start_fen, chess960=self.chess960)
        moves = []
        for mv in board.move_stack:
            moves.append(replay.move_str(mv))
            replay.push(mv)
        return board.start_fen, moves

    def _line(self, board, info, notation, turn: int) -> AnalysisLine:
        score = Score(cp=info.score.cp, mate=info.score.mate)
        return AnalysisLine(multipv=info.multipv, depth=info.depth, score=score,
                            pv=self.spell_line(info.pv, notation, board), turn=turn,
                            seldepth=info.seldepth, nodes=info.nodes, time=info.time,
                            pv_canonical=self.spell_line(info.pv, CANONICAL, board))
