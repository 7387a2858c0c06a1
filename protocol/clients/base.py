"""What every protocol client shares: the process, the variant, move conversion."""

import time

from .errors import EngineCrashed, EngineError, EngineTimeout, IllegalMoveText
from .generals import GeneralTracker
from .limits import Limit, PlayResult
from .notation import from_dialect, to_dialect
from .process import EngineProcess
from .variants import family, side_to_move


class EngineClient:
    """One external engine process speaking one dialect, playing one variant.

    Lifecycle: ``start()`` (handshake, options, ready), then per game ``new_game()`` and
    ``play(start_fen, moves, limit, timeout)`` per move, finally ``quit()``. Moves in and out
    are canonical; positions are canonical FENs (SFEN for shogi) or None for the start.
    """

    dialect = ""

    def __init__(self, command: str | list[str], variant: str, options: dict | None = None,
                 name: str | None = None, cwd: str | None = None, env: dict | None = None,
                 startup_timeout: float = 30.0, ready_timeout: float = 120.0):
        self.command = command
        self.variant = variant
        self.family = family(variant)
        self.options = dict(options or {})
        self.name = name
        self.cwd, self.env = cwd, env
        self.startup_timeout = startup_timeout
        self.ready_timeout = ready_timeout
        self.engine_name: str | None = None  # as the engine names itself
        self.declared_options: dict[str, str] = {}  # lower-case name -> declared name
        self.proc: EngineProcess | None = None

    # -- lifecycle -----------------------------------------------------------------------
    def start(self) -> "EngineClient":
        self.proc = EngineProcess(self.command, cwd=self.cwd, env=self.env)
        try:
            self._handshake()
        except EngineError:
            self.kill()
            raise
        if self.name is None:
            self.name = self.engine_name or str(self.command)
        return self

    def __enter__(self) -> "EngineClient":
        return self.start() if self.proc is None else self

    def __exit__(self, *exc) -> None:
        self.quit()

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.alive

    def quit(self, grace: float = 1.0) -> None:
        if self.proc is None:
            return
        if self.proc.alive:
            try:
                self.proc.send("quit")
            except EngineCrashed:
                pass
        self.proc.close(grace)

    def kill(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.close(0)

    def transcript(self) -> list[str]:
        return list(self.proc.transcript) if self.proc else []

    # -- to implement per dialect -------------------------------------------------------
    def _handshake(self) -> None:
        raise NotImplementedError

    def new_game(self) -> None:
        raise NotImplementedError

    def play(self, start_fen: str | None, moves: list[str], limit: Limit,
             timeout: float | None = None) -> PlayResult:
        raise NotImplementedError

    # -- helpers -------------------------------------------------------------------------
    def _send(self, line: str) -> None:
        self.proc.send(line)

    def _read(self, deadline: float | None) -> str:
        return self.proc.read_line(deadline)

    def _wait_for(self, token: str, timeout: float, on_line=None) -> None:
        """Read until a line whose first word is ``token``; ``on_line`` sees the others."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self._read(deadline)
            except EngineTimeout:
                raise EngineTimeout(f"no '{token}' within {timeout:g} s") from None
            if line.split()[:1] == [token] or (" " in token and line.strip() == token):
                return
            if on_line is not None:
                on_line(line)

    def _side(self, start_fen: str | None, moves: list[str]) -> int:
        return side_to_move(self.variant, start_fen, len(moves))

    def _out(self, move: str, **kw) -> str:
        return to_dialect(move, self.variant, self.dialect, **kw)

    def _in(self, text: str, start_fen: str | None, moves: list[str]) -> str:
        pass_sq = None
        if self.family == "janggi":
            pass_sq = GeneralTracker(self.variant, start_fen, moves).mover_square()
        return from_dialect(text, self.variant, self.dialect, pass_sq)

    def _pv_reader(self, start_fen: str | None, moves: list[str]):
        """A function reading a pv (engine texts) into canonical moves, stopping at junk."""
        def read(texts: list[str]) -> list[str]:
            tracker = GeneralTracker(self.variant, start_fen, moves) if self.family == "janggi" else None
            out = []
            for text in texts:
                try:
                    sq = tracker.mover_square() if tracker else None
                    move = from_dialect(text, self.variant, self.dialect, sq)
                except IllegalMoveText:
                    break
                out.append(move)
                if tracker:
                    tracker.push(move)
            return out
        return read

    def _deadline(self, timeout: float | None) -> float | None:
        return None if timeout is None else time.monotonic() + timeout
