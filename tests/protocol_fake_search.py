"""A tiny stand-in for engine.search (its records are engine/search_records.py) for protocol
transcript tests only.

It plays the first legal move (or the first of ``searchmoves``), reports one Info line per
depth, honours infinite/ponder until stop/ponderhit, and never touches numba search kernels.
"""
from __future__ import annotations

import threading
from dataclasses import replace

from engine.notation import move_text
from engine.search_records import BestMove, Info, Limits, SearchConfig  # noqa: F401  (the real records)


class Searcher:
    started: list = []          # (position fen, limits) of every search, for assertions
    script: dict = {}           # optional overrides: {"score_cp": .., "mate_plies": .., "pv": [..],
                                #   "prefer": [canonical move texts, played first when legal]}

    def __init__(self, config=SearchConfig()):
        self.config = config
        self._stop = threading.Event()
        self._thread = None
        self.cleared = 0

    def configure(self, config):
        if config.hash_mb != self.config.hash_mb:
            self.resize_hash(config.hash_mb)
        if config.threads != self.config.threads:
            self.set_threads(config.threads)
        self.config = config

    def resize_hash(self, mb):
        self.config = replace(self.config, hash_mb=mb)

    def set_threads(self, count):
        self.config = replace(self.config, threads=count)

    def clear_hash(self):
        self.cleared += 1

    def warmup(self):
        pass

    def start(self, position, limits, on_info, on_done):
        position = position.copy()
        Searcher.started.append((position.fen(), limits))
        self._stop.clear()
        self._ponderhit = threading.Event()

        def run():
            moves = position.legal_moves()
            if limits.searchmoves:
                moves = [m for m in moves if m in limits.searchmoves]
            move = moves[0] if moves else None
            prefer = Searcher.script.get("prefer", ())
            preferred = [m for m in moves if move_text(position, m) in prefer]
            if preferred:
                move = preferred[0]
            ponder = None
            if move is not None:
                position.push(move)
                replies = position.legal_moves()
                ponder = replies[0] if replies else None
            pv = [m for m in (move, ponder) if m is not None]
            score = Searcher.script.get("score_cp", 12)
            mate = Searcher.script.get("mate_plies")
            pv = Searcher.script.get("pv", pv)
            for depth in range(1, (limits.depth or 2) + 1):
                for k in range(1, self.config.multipv + 1):
                    on_info(Info(depth, depth, k, None if mate else score, mate, "exact",
                                 100 * depth, 1000, depth, 0, pv, (500, 300, 200)))
            if limits.infinite or limits.ponder:
                self._stop.wait(30)
            on_done(BestMove(move, ponder, None if mate else score, mate))

        self._thread = threading.Thread(target=run, daemon=True)
        self._thread.start()

    def stop(self):
        self._stop.set()

    def ponderhit(self):
        self._stop.set()

    def wait(self):
        if self._thread:
            self._thread.join()

    @property
    def searching(self):
        return self._thread is not None and self._thread.is_alive()

    def probe(self, position):
        moves = position.legal_moves()
        return (7, moves[0]) if moves else None
