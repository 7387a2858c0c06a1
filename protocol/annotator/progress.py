"""A progress bar on stderr: redrawn in place on a terminal, a few plain lines otherwise."""
from __future__ import annotations

import sys


class ProgressBar:
    def __init__(self, label: str, total: int, stream=None, width: int = 24):
        self.label, self.total, self.width = label, max(1, total), width
        self.stream = stream if stream is not None else sys.stderr
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self._last_tenth = -1

    def update(self, done: int, note: str = "") -> None:
        filled = self.width * done // self.total
        text = f"{self.label} [{'#' * filled}{'.' * (self.width - filled)}] {done}/{self.total}"
        if note:
            text += f"  {note}"
        if self.tty:
            self.stream.write("\r" + text[:150] + "\x1b[K" + ("\n" if done >= self.total else ""))
        else:
            tenth = 10 * done // self.total
            if tenth == self._last_tenth:
                return
            self._last_tenth = tenth
            self.stream.write(text + "\n")
        self.stream.flush()
