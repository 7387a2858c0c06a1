"""Client for CECP v2 (XBoard) engines such as MaxQi and Fairy-Stockfish in xboard mode.

XBoard engines keep their own board: we send moves one by one in force mode, and start
over (``new`` + ``setboard``) only when the game we are asked about is not a continuation.
"""

import shlex
import time

from engine.fen_text import is_start
from engine.records import AnalysisLine, Limit, PlayResult

from .base import EngineClient
from .errors import EngineError, EngineTimeout
from .info import is_thinking_line, parse_xboard_thinking
from .positions import engine_fen

XBOARD_VARIANT = {"chess": "normal"}  # XBoard's names for our games; others are told as given
FEATURE_WAIT = 2.0  # seconds the protocol gives an engine to say done=... (CECP 5.1)
CLAIMS = ("1-0", "0-1", "1/2-1/2", "*")


def parse_features(line: str) -> dict[str, str]:
    """``feature a=1 b="x y"`` -> {"a": "1", "b": "x y"}; repeated keys keep the last."""
    out: dict[str, str] = {}
    try:
        words = shlex.split(line)[1:]
    except ValueError:  # unbalanced quotes: fall back to plain splitting
        words = line.split()[1:]
    for word in words:
        key, sep, value = word.partition("=")
        if sep:
            out[key] = value
    return out


def clock_text(seconds: float) -> str:
    """Base time for ``level``: minutes, or ``min:sec``."""
    total = max(0, int(round(seconds)))
    return f"{total // 60}:{total % 60:02d}" if total % 60 else str(total // 60)


class XBoardClient(EngineClient):
    dialect = "xboard"

    def __init__(self, command, variant, xboard_pass: str | None = None, **kw):
        super().__init__(command, variant, **kw)
        self.features: dict[str, str] = {}
        self.option_features: list[str] = []
        self.xboard_pass = xboard_pass  # '@@@@', 'pass' or 'king'; None = choose per engine
        self._board: tuple[str | None, list[str]] | None = None  # what the engine holds
        self._depth: int | None = None  # the "sd" in force; only "new" clears it
        self._ping = 0

    # -- handshake ----------------------------------------------------------------------
    def _handshake(self) -> None:
        self._send("xboard")
        self._send("protover 2")
        deadline = time.monotonic() + FEATURE_WAIT
        while True:
            try:
                line = self._read(deadline)
            except EngineTimeout:
                break  # CECP: no done=... within 2 s means a v1 engine, carry on
            if not line.startswith("feature"):
                continue
            feats = parse_features(line)
            for key, value in feats.items():
                if key == "option":
                    self.option_features.append(value)
                self.features[key] = value
                if key != "done":
                    self._send(f"accepted {key}")
            if feats.get("done") == "0":
                deadline = time.monotonic() + self.startup_timeout
            elif feats.get("done") == "1":
                break
        self.engine_name = self.features.get("myname")
        variants = self.features.get("variants")
        want = self._xboard_variant()
        if variants is not None and want not in variants.split(","):
            raise EngineError(f"xboard engine does not list variant {want!r} ({variants})")
        if self.xboard_pass is None:
            # FSF 11.1 (Debian) rejects @@@@ but takes the general's square twice.
            fsf = (self.engine_name or "").startswith("Fairy-Stockfish")
            self.xboard_pass = "king" if fsf else "@@@@"
        for name, value in self.options.items():
            self._set_option(name, value)
        self.sync(self.ready_timeout)

    def _xboard_variant(self) -> str:
        return XBOARD_VARIANT.get(self.spec.name, self.variant)

    def _set_option(self, name: str, value) -> None:
        lower = name.lower()
        if lower == "hash" and self.features.get("memory") == "1":
            self._send(f"memory {value}")
        elif lower == "threads" and self.features.get("smp") == "1":
            self._send(f"cores {value}")
        elif value is None:
            self._send(f"option {name}")
        else:
            if isinstance(value, bool):
                value = int(value)
            self._send(f"option {name}={value}")

    def sync(self, timeout: float = 10.0, sent_moves: tuple[str, ...] = ()) -> None:
        """Wait until the engine has handled everything sent so far (ping/pong).

        Raises EngineError if it rejected one of ``sent_moves`` (our input) meanwhile.
        """
        if self.features.get("ping") != "1":
            return
        self._ping += 1
        self._send(f"ping {self._ping}")

        def check(line: str) -> None:
            words = line.split()
            if line.startswith("Illegal move") or (
                    words[:1] == ["Error"] and words[-1:] and words[-1] in sent_moves):
                raise EngineError(f"engine rejected our move: {line}")
        self._wait_for(f"pong {self._ping}", timeout, check)

    # -- games --------------------------------------------------------------------------
    def new_game(self) -> None:
        self._board = None

    def game_over(self, result_text: str) -> None:
        """``result 1-0 {reason}`` so the engine stops pondering and can log the result."""
        if self.alive:
            self._send(f"result {result_text}")
            self._board = None

    def _reset(self, start_fen: str | None) -> None:
        self._send("new")
        if self._xboard_variant() != "normal":      # XBoard's own game needs no variant
            self._send(f"variant {self._xboard_variant()}")
        self._send("force")
        self._send("post")
        self._send("easy")
        if not is_start(self.spec, start_fen):
            if self.features.get("setboard") != "1":
                raise EngineError("engine has no setboard; it can only start from the start position")
            self._send(f"setboard {engine_fen(self.spec, start_fen, 'xboard')}")
        self._board = (start_fen, [])
        self._depth = None

    def _send_move(self, move: str) -> str:
        text = self._out(move, xboard_pass=self.xboard_pass)
        self._send(f"usermove {text}" if self.features.get("usermove") == "1" else text)
        return text

    def _catch_up(self, start_fen: str | None, moves: list[str], depth: int | None) -> tuple[str, ...]:
        """Bring the engine's board to ``start_fen`` + ``moves`` in force mode.

        Returns the move texts sent. Dropping a depth limit needs a fresh ``new``.
        """
        held = self._board
        if (held is None or held[0] != start_fen or moves[:len(held[1])] != held[1]
                or (self._depth is not None and depth is None)):
            self._reset(start_fen)
            held = self._board
        else:
            self._send("force")
        sent = tuple(self._send_move(move) for move in moves[len(held[1]):])
        self._board = (start_fen, list(moves))
        return sent

    def _send_limit(self, limit: Limit, side: int) -> None:
        if limit.nodes is not None:
            raise EngineError("node limits are not supported over xboard (FSF and MaxQi ignore 'nps')")
        if limit.time is not None:
            if limit.in_byoyomi(side):
                # One move in the byo-yomi period; "st" is whole seconds in FSF and MaxQi.
                self._send("level 1 0:01 0")
                own = opp = limit.byoyomi
            else:
                self._send(f"level {limit.movestogo or 0} {clock_text(max(limit.time))} "
                           f"{limit.inc[side]:g}")
                own, opp = limit.time[side], limit.time[1 - side]
            self._send(f"time {max(0, int(own * 100))}")
            self._send(f"otim {max(0, int(opp * 100))}")
        elif limit.movetime is not None:
            if limit.movetime >= 1 and float(limit.movetime).is_integer():
                self._send(f"st {int(limit.movetime)}")
            else:
                self._send("level 1 0:01 0")  # one move per session: all of "time" for it
                self._send(f"time {max(1, int(limit.movetime * 100))}")
                self._send(f"otim {max(1, int(limit.movetime * 100))}")
        if limit.depth is not None and limit.depth != self._depth:
            self._send(f"sd {limit.depth}")
            self._depth = limit.depth

    def play(self, start_fen: str | None, moves: list[str], limit: Limit,
             timeout: float | None = None) -> PlayResult:
        if limit.searchmoves:
            raise EngineError("XBoard engines take no searchmoves")
        side = self._side(start_fen, moves)
        sent = self._catch_up(start_fen, moves, limit.depth)
        self._send_limit(limit, side)
        self.sync(sent_moves=sent)  # a rejected move of ours shows up before the search
        deadline = self._deadline(timeout)
        pv_reader = self._pv_reader(start_fen, moves)
        infos: list[AnalysisLine] = []
        result = PlayResult(move=None)
        self._send("go")
        started = time.monotonic()
        while True:
            try:
                line = self._read(deadline)
            except EngineTimeout:
                raise EngineTimeout(f"no move within {timeout:g} s") from None
            words = line.split()
            if not words:
                continue
            head = words[0]
            if is_thinking_line(line):
                infos.append(parse_xboard_thinking(line, pv_reader))
            elif head == "move" and len(words) > 1:
                result.move = self._in(words[1], start_fen, moves)
                break
            elif head == "resign" or head == "tellics" and "resign" in words:
                result.resigned = True
                break
            elif line.startswith("offer draw"):
                result.draw_offered = True
            elif head in CLAIMS:
                result.claim = line
                break
            elif head.startswith("Illegal") or head == "Error":
                raise EngineError(f"engine rejected our input: {line}")
        result.elapsed = time.monotonic() - started
        result.infos = infos
        scored = [i for i in infos if i.score is not None]
        result.info = scored[-1] if scored else None
        if result.move is not None:
            self._board = (start_fen, list(moves) + [result.move])
        else:
            self._board = None  # the engine may have stopped playing: start over next time
        return result
