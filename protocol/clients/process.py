"""A line-oriented child process with deadlines: the transport under every client."""

import collections
import os
import queue
import shlex
import signal
import subprocess
import threading
import time
import weakref

from .errors import EngineCrashed, EngineNotStarted, EngineTimeout

_EOF = None
_running: "weakref.WeakSet[EngineProcess]" = weakref.WeakSet()


def kill_all() -> None:
    """Kill every engine process still running (a command ended by Ctrl-C must not leave
    engines behind: they run in sessions of their own, so the terminal's SIGINT misses them)."""
    for engine in list(_running):
        engine.kill_now()


class EngineProcess:
    """Starts ``command``, feeds it lines and reads its stdout with deadlines.

    A reader thread moves stdout lines into a queue so that reads can time out;
    stderr goes to a small ring buffer kept for crash reports. ``transcript`` keeps the
    last lines in both directions (``>`` sent, ``<`` received) for diagnostics.
    """

    def __init__(self, command: str | list[str], cwd: str | None = None,
                 env: dict | None = None, keep: int = 200):
        # Every way a command cannot run is an EngineError, so callers that score engine
        # failures (the match runner, analyse) never see a raw OSError.
        try:
            self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        except ValueError as exc:  # unbalanced quotes
            raise EngineNotStarted(f"cannot read the command {command!r}: {exc}") from None
        if not self.argv:
            raise EngineNotStarted("the engine command is empty")
        full_env = dict(os.environ, **(env or {}))
        full_env.setdefault("PYTHONUNBUFFERED", "1")
        try:
            self.proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                cwd=cwd, env=full_env, text=True, encoding="utf-8", errors="replace", bufsize=1,
                start_new_session=True,  # a Ctrl-C in the runner must not hit the engines first
            )
        except OSError as exc:  # missing, not executable, bad cwd
            where = f" in {cwd}" if cwd else ""
            raise EngineNotStarted(f"cannot run {self.argv[0]!r}{where}: "
                                   f"{exc.strerror or exc}") from None
        _running.add(self)
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.stderr_tail: collections.deque[str] = collections.deque(maxlen=50)
        self.transcript: collections.deque[str] = collections.deque(maxlen=keep)
        threading.Thread(target=self._pump_stdout, daemon=True).start()
        threading.Thread(target=self._pump_stderr, daemon=True).start()

    def _pump_stdout(self) -> None:
        try:
            for line in self.proc.stdout:
                self.lines.put(line.rstrip("\r\n"))
        except (OSError, ValueError):  # the stream was closed under us by close()
            pass
        self.lines.put(_EOF)

    def _pump_stderr(self) -> None:
        try:
            for line in self.proc.stderr:
                self.stderr_tail.append(line.rstrip("\r\n"))
        except (OSError, ValueError):
            pass

    @property
    def alive(self) -> bool:
        return self.proc.poll() is None

    def send(self, line: str) -> None:
        self.transcript.append("> " + line)
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError) as exc:
            raise EngineCrashed(self._crash_text("stdin closed")) from exc

    def read_line(self, deadline: float | None) -> str:
        """Next stdout line; raises EngineTimeout at ``deadline`` (time.monotonic)."""
        wait = None if deadline is None else max(0.0, deadline - time.monotonic())
        try:
            line = self.lines.get(timeout=wait)
        except queue.Empty:
            raise EngineTimeout("no answer in time") from None
        if line is _EOF:
            self.lines.put(_EOF)  # stay at EOF for later reads
            raise EngineCrashed(self._crash_text("output closed"))
        self.transcript.append("< " + line)
        return line

    def _crash_text(self, what: str) -> str:
        try:
            self.proc.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            pass
        code = self.proc.poll()
        status = "still running" if code is None else f"exit code {code}"
        tail = " | ".join(list(self.stderr_tail)[-3:])
        return f"{what} ({status})" + (f"; stderr: {tail}" if tail else "")

    def close(self, grace: float = 1.0) -> None:
        """Wait ``grace`` seconds for a voluntary exit, then kill the process group."""
        try:
            self.proc.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            self.kill()
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                stream.close()
            except OSError:
                pass

    def kill_now(self) -> None:
        """SIGKILL without waiting for the process to be reaped."""
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)  # also ends helpers it spawned
            except (ProcessLookupError, PermissionError):
                self.proc.kill()

    def kill(self) -> None:
        self.kill_now()
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
