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
from dataclasses import dataclass, field, replace

from .board import Board
from .dialect_notation import codec_for, move_to_text, text_to_move

CANONICAL = "canonical"
NOTATIONS = (CANONICAL, "uci", "ucicyclone", "ucci", "usi", "xboard")


# ---------------------------------------------------------------------- records
@dataclass(frozen=True)
class Score:
    """A score from one side's view: centipawns, or mate in ``mate`` moves (+ = that side mates,
    -1 = it is mated by the next reply, 0 = it is mated now)."""

    cp: int | None = None
    mate: int | None = None

    @property
    def is_mate(self) -> bool:
        return self.mate is not None

    def flipped(self) -> "Score":
        """The same score from the other side's view."""
        if self.mate is not None:
            return Score(mate=-self.mate)
        return Score(cp=None if self.cp is None else -self.cp)

    def as_cp(self, mate_value: int = 100_000) -> int:
        """One number: a mate in n becomes +-(mate_value - n)."""
        if self.mate is not None:
            sign = 1 if self.mate > 0 else -1
            return sign * (mate_value - abs(self.mate))
        return self.cp or 0

    def __str__(self) -> str:
        if self.mate is not None:
            return f"#{self.mate}"
        return f"{(self.cp or 0) / 100:+.2f}"


@dataclass
class AnalysisLine:
    """One principal variation. ``score``/``wdl`` are from the view of ``turn`` (the side to move
    at the analysed position; 0 = first player: red, cho, sente, white)."""

    multipv: int
    depth: int | None
    score: Score
    pv: list[str]
    turn: int
    wdl: tuple[int, int, int] | None = None      # per mille win/draw/loss
    seldepth: int | None = None
    nodes: int | None = None
    time: float | None = None                    # seconds
    pv_canonical: list[str] = field(default_factory=list)

    def pov(self, side: int) -> Score:
        """The score from ``side``'s view (0 = first player)."""
        return self.score if side == self.turn else self.score.flipped()


@dataclass
class PlayResult:
    """The move chosen (None when the side to move has none) and the lines behind it."""

    move: str | None
    ponder: str | None = None
    lines: list[AnalysisLine] = field(default_factory=list)

    @property
    def score(self) -> Score | None:
        return self.lines[0].score if self.lines else None


def mate_moves(mate_plies: int) -> int:
    """Signed plies to mate (engine/search.py) -> signed moves, as UCI prints them."""
    moves = (abs(mate_plies) + 1) // 2
    return moves if mate_plies > 0 else -moves


def limit_fields(limit=None, depth=None, nodes=None, movetime=None, mate=None) -> dict:
    """{depth, nodes, movetime (seconds), mate} from any of: engine.search.Limits, an object
    with depth/nodes/movetime in seconds such as protocol.clients.Limit, and keywords (which
    win). ValueError when no limit is given: an analysis must end by itself."""
    fields = {"depth": None, "nodes": None, "movetime": None, "mate": None}
    if limit is not None:
        fields["depth"] = getattr(limit, "depth", None)
        fields["nodes"] = getattr(limit, "nodes", None)
        fields["mate"] = getattr(limit, "mate", None)
        if getattr(limit, "movetime_ms", None) is not None:
            fields["movetime"] = limit.movetime_ms / 1000.0
        elif getattr(limit, "movetime", None) is not None:
            fields["movetime"] = float(limit.movetime)
    for key, value in (("depth", depth), ("nodes", nodes), ("movetime", movetime), ("mate", mate)):
        if value is not None:
            fields[key] = value
    if not any(fields.values()):
        raise ValueError("give a limit: depth, nodes, movetime (seconds) or mate")
    return fields


# ---------------------------------------------------------------------- the position
class PositionHolder:
    """The game being analysed: a start position and moves, spelled in any notation.

    Shared by the in-process Engine and protocol/scripting.py's ExternalEngine.
    """

    def __init__(self, variant: str = "chess", fen: str | None = None, moves=(), *,
                 setup=None, chess960: bool = False, notation: str = CANONICAL,
                 rule_options: dict | None = None):
        self.notation = _check_notation(notation)
        self.rule_options = dict(rule_options or {})
        self.chess960 = chess960
        self._variant = variant
        self.set_position(fen, moves, setup=setup)

    # -- setting up
    def set_position(self, fen: str | None = None, moves=(), *, setup=None,
                     variant: str | None = None, notation: str | None = None) -> None:
        """Start from ``fen`` (FEN, or SFEN for shogi; None = the start position or janggi
        ``setup`` such as "han=ma-sang-sang-ma,cho=sang-ma-ma-sang") and play ``moves``."""
        if variant is not None:
            self._variant = variant
        self.board = Board(self._board_variant(), fen, chess960=self.chess960, setup=setup)
        for move in moves:
            self.push(move, notation)

    def _board_variant(self) -> str:
        return self._variant

    @property
    def variant(self) -> str:
        return self._variant

    @property
    def start_fen(self) -> str:
        return self.board.start_fen

    def fen(self) -> str:
        return self.board.fen()

    @property
    def turn(self) -> int:
        return self.board.turn

    @property
    def moves(self) -> list[str]:
        """The moves played since the start position, canonical."""
        replay = Board(self.board.spec, self.start_fen, chess960=self.chess960)
        out = []
        for mv in self.board.move_stack:
            out.append(replay.move_str(mv))
            replay.push(mv)
        return out

    def push(self, move: str | int, notation: str | None = None) -> str:
        """Play ``move`` (text in ``notation``, or a move int); returns it canonical."""
        mv = self._parse(self.board, move, notation)
        text = self.board.move_str(mv)
        self.board.push(mv)
        return text

    def pop(self) -> str:
        mv = self.board.pop()
        return self.board.move_str(mv)

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

    # -- rules
    def verdict(self, **rule_options):
        """The arbiter's verdict on the current position (engine/arbiter.py): ``result`` is
        '1-0', '0-1', '1/2-1/2' or '*', ``reason`` says why in words."""
        from .arbiter import judge_position
        return judge_position(self.board.position, **{**self.rule_options, **rule_options})

    def is_game_over(self, **rule_options) -> bool:
        return not self.verdict(**rule_options).ongoing


def _check_notation(notation: str) -> str:
    if notation not in NOTATIONS:
        raise ValueError(f"unknown notation {notation!r}; choose one of {', '.join(NOTATIONS)}")
    return notation


# ---------------------------------------------------------------------- our engine, in-process
class Engine(PositionHolder):
    """Jiangjun's search in this process. Options: ``hash_mb``, ``threads`` (the searcher's
    SearchConfig, as the protocol's Hash and Threads options set it)."""

    def __init__(self, variant: str = "chess", fen: str | None = None, moves=(), *,
                 setup=None, chess960: bool = False, notation: str = CANONICAL,
                 rule_options: dict | None = None, hash_mb: int = 16, threads: int = 1):
        super().__init__(variant, fen, moves, setup=setup, chess960=chess960, notation=notation,
                         rule_options=rule_options)
        from .search import Searcher
        self.searcher = Searcher()
        self._configure(hash_mb=hash_mb)
        self._configure(threads=threads)

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

        ``limit``: engine.search.Limits or anything with depth/nodes/movetime (seconds);
        keywords do the same. Empty when the side to move has no legal move (see verdict()).
        ``on_info(AnalysisLine)`` sees every completed iteration while the search runs.
        ``searchmoves``: search only these root moves (in ``notation``), so that their scores
        come from one search and compare fairly.
        """
        return self._search(limit, multipv, depth, nodes, movetime, mate, notation, board,
                            on_info, searchmoves).lines

    def play(self, limit=None, *, depth=None, nodes=None, movetime=None, notation: str | None = None,
             board: Board | None = None, push: bool = False) -> PlayResult:
        """The move the engine chooses; with ``push=True`` it is also played on the position."""
        result = self._search(limit, 1, depth, nodes, movetime, None, notation, board, None)
        if push and result.move is not None:
            target = board or self.board
            target.push(self._parse(target, result.move, notation))
        return result

    def _search(self, limit, multipv, depth, nodes, movetime, mate, notation, board,
                on_info, searchmoves=None) -> PlayResult:
        from .search import Limits
        fields = limit_fields(limit, depth, nodes, movetime, mate)
        board = board or self.board
        roots = [self._parse(board, move, notation) for move in searchmoves] if searchmoves else None
        limits = Limits(depth=fields["depth"], nodes=fields["nodes"], mate=fields["mate"],
                        movetime_ms=None if fields["movetime"] is None else fields["movetime"] * 1000,
                        searchmoves=roots)
        turn = board.turn
        latest: dict[int, AnalysisLine] = {}
        done = []

        def record(info) -> None:
            line = self._line(board, info, notation, turn)
            latest[info.multipv] = line
            if on_info is not None:
                on_info(line)

        self._configure(multipv=multipv)
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
