"""The protocol loop: pick the dialect from the first command (or --protocol), then feed it lines.

stdin is read here, in the main thread; searches run in the searcher's thread, so `isready`,
`ping` and `stop` are read and answered while a search runs.
"""
from __future__ import annotations

import signal
import sys
import traceback

from .commands import parse_line
from .dialects import Cyclone, Ucci, Uci, Usi, XBoard
from .dialects.base import Quit
from .lines import MAX_LINE_CHARS, Overlong, read_lines
from .session import EngineCore, Output, diagnose

DIALECTS = {"uci": Uci, "ucicyclone": Cyclone, "ucci": Ucci, "usi": Usi, "xboard": XBoard}
FIRST_WORDS = {"uci": Uci, "ucicyclone": Cyclone, "ucci": Ucci, "usi": Usi, "xboard": XBoard,
               "protover": XBoard, "fen": Cyclone, "startpos": Cyclone}


class Loop:
    def __init__(self, protocol: str | None = None, out: Output | None = None,
                 search_module=None):
        self.out = out or Output()
        self.core = EngineCore(search_module)
        self.dialect = DIALECTS[protocol](self.out, self.core) if protocol else None

    def feed(self, line: str) -> bool:
        """Handle one line; False once the engine should exit."""
        command = parse_line(line)
        if command is None:
            return True
        if self.dialect is None:
            self.dialect = FIRST_WORDS.get(command.word, Uci)(self.out, self.core)
        elif type(self.dialect) is Uci and command.word in ("fen", "startpos"):
            self.switch_to_cyclone()                # a bare fen/startpos is UCI-cyclone
        try:
            self.dialect.handle(command)
        except Quit:
            return False
        except Exception as problem:               # never a traceback on stdout
            diagnose("".join(traceback.format_exception(problem)))
            self.dialect.internal_error(command, problem)
        return True

    def switch_to_cyclone(self) -> None:
        old = self.dialect
        old.finish()
        cyclone = Cyclone(self.out, self.core)
        carried = cyclone.session.options.values
        for name, value in old.session.options.values.items():
            # the variant carries over unless it is UCI's chess default (cyclone means xiangqi);
            # the searcher takes the carried values before the next search
            if name in carried and (name != "UCI_Variant" or value != "chess"):
                carried[name] = value
        self.dialect = cyclone

    def close(self) -> None:
        if self.dialect is not None:
            self.dialect.finish()

    def reject_overlong(self, line: Overlong) -> None:
        """One error line for a line over the length bound; nothing of it is acted on."""
        reason = f"line too long ({line.length} characters, at most {MAX_LINE_CHARS})"
        if self.dialect is None:
            diagnose(f"{reason}: {line.head}...")
        else:
            self.dialect.reject_line(reason, line.head + "...")

    def run(self, stream=None) -> int:
        stream = stream if stream is not None else sys.stdin
        try:
            for line in read_lines(stream):
                if isinstance(line, Overlong):
                    self.reject_overlong(line)
                elif not self.feed(line):
                    break
        finally:
            self.close()
        return 0


def _install_signals(loop: Loop) -> None:
    def terminate(signum, frame):
        raise SystemExit(0)

    def interrupt(signum, frame):
        # XBoard sends SIGINT to stop thinking in old engines; with sigint=0 it should not,
        # but if it does, the engine carries on rather than dying.
        if isinstance(loop.dialect, XBoard):
            return
        raise SystemExit(130)    # 128 + SIGINT, as every other command ends on Ctrl-C

    signal.signal(signal.SIGTERM, terminate)
    signal.signal(signal.SIGINT, interrupt)


def run(protocol: str | None = None) -> int:
    try:
        sys.stdout.reconfigure(line_buffering=True)
    except (AttributeError, ValueError):
        pass
    loop = Loop(protocol)
    _install_signals(loop)
    try:
        return loop.run()
    except SystemExit as ended:
        loop.close()
        return ended.code if isinstance(ended.code, int) else 0
