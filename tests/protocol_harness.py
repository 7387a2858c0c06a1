"""Run the protocol loop in-process on a list of lines, with the fake searcher of the tests."""
from __future__ import annotations

import io
import time

import numpy  # noqa: F401  (import before the loader thread does, or the two race)

import protocol_fake_search as fake
from protocol.server.loop import Loop
from protocol.server.session import Output


class Talk:
    def __init__(self, protocol: str | None = None, search_module=fake):
        """``search_module=None``: the real search (engine.search)."""
        self.buffer = io.StringIO()
        self.loop = Loop(protocol, Output(self.buffer), search_module=search_module)
        self.seen = 0
        self.alive = True

    def send(self, *lines: str) -> list[str]:
        """Feed lines, wait for any search to end, return the new output lines."""
        for line in lines:
            self.alive = self.loop.feed(line) and self.alive
        self.settle()
        return self.new_lines()

    def settle(self, timeout: float = 10.0) -> None:
        dialect = self.loop.dialect
        if dialect is not None:
            dialect.session.slot.wait(timeout)
        time.sleep(0.01)

    def new_lines(self) -> list[str]:
        lines = self.buffer.getvalue().splitlines()
        fresh, self.seen = lines[self.seen:], len(lines)
        return fresh

    def close(self) -> None:
        self.loop.close()
