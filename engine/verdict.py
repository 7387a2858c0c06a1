"""The arbiter's answer about a game: over or not, who won, and why (a plain record).

It lives apart from ``engine/arbiter.py`` so that the game-end rules in ``engine/rules`` can build
verdicts without importing the arbiter, which imports them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

WIN = {0: "1-0", 1: "0-1"}


@dataclass(frozen=True)
class Verdict:
    result: str                      # '1-0' (first player wins), '0-1', '1/2-1/2' or '*'
    reason: str                      # in words, e.g. "red checkmated", "perpetual check by black"
    winner: int | None = None        # 0 first player, 1 second, None for a draw or ongoing
    scores: tuple[float, float] | None = None   # janggi points (first player, second player)
    termination: str = ""            # short machine word: checkmate, stalemate, repetition, ...
    extra: dict = field(default_factory=dict)

    @property
    def ongoing(self) -> bool:
        return self.result == "*"

    @staticmethod
    def win(winner: int, reason: str, termination: str, scores=None) -> "Verdict":
        return Verdict(WIN[winner], reason, winner, scores, termination)

    @staticmethod
    def draw(reason: str, termination: str, scores=None) -> "Verdict":
        return Verdict("1/2-1/2", reason, None, scores, termination)


ONGOING = Verdict("*", "game in progress")
