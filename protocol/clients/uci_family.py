"""Clients for the UCI-shaped dialects: uci, ucicyclone, ucci and usi.

They share the shape (handshake, ``setoption``, ``position``, ``go``, ``info``,
``bestmove``) and differ in spellings, square style and time units, kept in small tables.
"""

import time

from engine.fen_text import is_start
from engine.records import AnalysisLine, Limit, PlayResult

from .base import EngineClient
from .errors import EngineError, EngineTimeout
from .info import parse_uci_info
from .positions import engine_fen

HELLO = {"uci": "uci", "ucicyclone": "uci", "ucci": "ucci", "usi": "usi"}
NEW_GAME = {"uci": "ucinewgame", "ucicyclone": "ucinewgame", "usi": "usinewgame"}
# The game a dialect implies when the engine declares no UCI_Variant option.
NATURAL_GAME = {"uci": "chess", "ucicyclone": "xiangqi", "ucci": "xiangqi", "usi": "shogi"}
NO_MOVE = ("(none)", "none", "null")  # "0000" too, except in janggi where it is a pass


def setoption_line(dialect: str, name: str, value) -> str:
    if isinstance(value, bool):
        value = "true" if value else "false"
    if dialect == "ucci":
        return f"setoption {name}" + ("" if value is None else f" {value}")
    return f"setoption name {name}" + ("" if value is None else f" value {value}")


def parse_option_name(line: str, dialect: str) -> str | None:
    """The option name of an ``option`` declaration line."""
    words = line.split()
    if dialect == "ucci":
        return words[1] if len(words) > 1 else None
    if "name" not in words:
        return None
    start = words.index("name") + 1
    end = words.index("type") if "type" in words[start:] else len(words)
    return " ".join(words[start:end]) or None


def go_command(dialect: str, limit: Limit, side: int, millis: bool = True) -> str:
    """The ``go`` line for ``limit`` when ``side`` (0 first player) is to move."""
    parts = ["go"]

    def ms(seconds: float) -> int:
        return max(0, int(round(seconds * 1000)))

    def ucci_time(seconds: float) -> int:
        return ms(seconds) if millis else max(0, int(seconds))

    if limit.time is not None:
        if limit.in_byoyomi(side) and dialect != "usi":
            # Only USI can say "byo-yomi"; elsewhere one period is a fixed time for this move.
            if dialect == "ucci":
                parts += ["time", str(ucci_time(limit.byoyomi)), "movestogo", "1"]
            else:
                parts += ["movetime", str(ms(limit.byoyomi))]
        elif dialect == "ucci":
            parts += ["time", str(ucci_time(limit.time[side])),
                      "increment", str(ucci_time(limit.inc[side])),
                      "opptime", str(ucci_time(limit.time[1 - side])),
                      "oppincrement", str(ucci_time(limit.inc[1 - side]))]
            if limit.movestogo:
                parts += ["movestogo", str(limit.movestogo)]
        else:
            # uci: w = first player; usi: b = sente = first player.
            first, second = ("btime", "wtime") if dialect == "usi" else ("wtime", "btime")
            parts += [first, str(ms(limit.time[0])), second, str(ms(limit.time[1]))]
            if dialect == "usi" and limit.byoyomi > 0:
                parts += ["byoyomi", str(ms(limit.byoyomi))]
            elif any(limit.inc):
                i1, i2 = ("binc", "winc") if dialect == "usi" else ("winc", "binc")
                parts += [i1, str(ms(limit.inc[0])), i2, str(ms(limit.inc[1]))]
            if limit.movestogo:
                parts += ["movestogo", str(limit.movestogo)]
    elif limit.movetime is not None:
        if dialect == "ucci":  # UCCI has no movetime: one move left in the given time
            parts += ["time", str(ucci_time(limit.movetime)), "movestogo", "1"]
        else:
            parts += ["movetime", str(ms(limit.movetime))]
    if limit.depth is not None:
        parts += ["depth", str(limit.depth)]
    if limit.nodes is not None:
        parts += ["nodes", str(limit.nodes)]
    if len(parts) == 1:
        parts.append("infinite")
    return " ".join(parts)


class UciFamilyClient(EngineClient):
    def __init__(self, command, variant, dialect: str, **kw):
        if dialect not in HELLO:
            raise ValueError(f"not a UCI-family dialect: {dialect!r}")
        self.dialect = dialect
        self.millis = True  # UCCI: milliseconds only when the engine takes usemillisec
        super().__init__(command, variant, **kw)

    # -- handshake ----------------------------------------------------------------------
    def _handshake(self) -> None:
        hello = HELLO[self.dialect]
        self._send(hello)
        self._wait_for(hello + "ok", self.startup_timeout, self._on_hello_line)
        self._set_variant()
        if self.dialect == "ucci":
            self._setup_ucci_time_unit()
        for name, value in self.options.items():
            self._send(setoption_line(self.dialect, name, value))
        self.ready()

    def _on_hello_line(self, line: str) -> None:
        words = line.split()
        if words[:2] == ["id", "name"]:
            self.engine_name = " ".join(words[2:])
        elif words[:1] == ["option"]:
            name = parse_option_name(line, self.dialect)
            if name:
                self.declared_options[name.lower()] = name

    def _set_variant(self) -> None:
        for key in ("uci_variant", "usi_variant"):
            if key in self.declared_options:
                self._send(setoption_line(self.dialect, self.declared_options[key], self.variant))
                return
        if self.spec.name != NATURAL_GAME[self.dialect]:
            raise EngineError(f"{self.dialect} engine declares no UCI_Variant; cannot play {self.variant}")

    def _setup_ucci_time_unit(self) -> None:
        if "usemillisec" in self.declared_options:
            self._send("setoption usemillisec true")
        # FSF 11.1 (Debian) declares no usemillisec yet reads milliseconds.
        self.millis = ("usemillisec" in self.declared_options
                       or (self.engine_name or "").startswith("Fairy-Stockfish"))

    def ready(self) -> None:
        self._send("isready")
        self._wait_for("readyok", self.ready_timeout)

    # -- games --------------------------------------------------------------------------
    def new_game(self) -> None:
        if self.dialect == "usi":
            self.ready()  # USI GUIs send isready before usinewgame
            self._send("usinewgame")
            return
        if self.dialect == "ucci":
            if "newgame" in self.declared_options:
                self._send("setoption newgame")
        else:
            self._send(NEW_GAME[self.dialect])
        self.ready()

    def game_over(self, result_for_engine: str) -> None:
        """Tell the engine the game ended: 'win', 'lose' or 'draw' (USI only has a command)."""
        if self.dialect == "usi" and self.alive:
            self._send(f"gameover {result_for_engine}")

    def position_command(self, start_fen: str | None, moves: list[str]) -> str:
        head = "position " if self.dialect != "ucicyclone" else ""  # cyclone omits the keyword
        if is_start(self.spec, start_fen):
            pos = "startpos"
        else:
            fen = engine_fen(self.spec, start_fen, self.dialect)
            sfen = self.dialect == "usi" and self.spec.fen_style == "sfen"
            pos = ("sfen " if sfen else "fen ") + fen
        text = head + pos
        if moves:
            text += " moves " + " ".join(self._out(m) for m in moves)
        return text

    def play(self, start_fen: str | None, moves: list[str], limit: Limit,
             timeout: float | None = None) -> PlayResult:
        side = self._side(start_fen, moves)
        self._send(self.position_command(start_fen, moves))
        go = go_command(self.dialect, limit, side, self.millis)
        if limit.searchmoves:
            if self.dialect == "ucci":  # UCCI has banmoves, not searchmoves
                raise EngineError("searchmoves is not part of UCCI")
            go += " searchmoves " + " ".join(self._out(m) for m in limit.searchmoves)
        deadline = self._deadline(timeout)
        pv_reader = self._pv_reader(start_fen, moves)
        infos: list[AnalysisLine] = []
        self._send(go)
        started = time.monotonic()
        while True:
            try:
                line = self._read(deadline)
            except EngineTimeout:
                raise EngineTimeout(f"no bestmove within {timeout:g} s") from None
            words = line.split()
            if not words:
                continue
            if words[0] == "info":
                infos.append(parse_uci_info(line, self.dialect, pv_reader))
            elif words[0] in ("bestmove", "nobestmove"):
                elapsed = time.monotonic() - started
                return self._result(words, start_fen, moves, infos, elapsed)

    def _result(self, words, start_fen, moves, infos, elapsed) -> PlayResult:
        scored = [i for i in infos if i.score is not None and i.multipv == 1]
        result = PlayResult(move=None, elapsed=elapsed, infos=infos,
                            info=scored[-1] if scored else None)
        text = words[1] if words[0] == "bestmove" and len(words) > 1 else None
        if text == "resign":
            result.resigned = True
        elif text == "win":
            result.declared_win = True
        elif text is not None and text not in NO_MOVE and (text != "0000" or self.spec.pass_move):
            result.move = self._in(text, start_fen, moves)
            if "ponder" in words:
                ponder = words[words.index("ponder") + 1:][:1]
                pv = self._pv_reader(start_fen, moves + [result.move])(ponder)
                result.ponder = pv[0] if pv else None
        result.draw_offered = "draw" in words[2:]
        result.resigned = result.resigned or "resign" in words[2:]
        return result
