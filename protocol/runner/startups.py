"""Engines that cannot start: after a few failures in a row an engine is given up.

A missing or broken engine loses each game it cannot start, but retrying it for every game
of a long match would only repeat the same loss (and, for one that never answers the
handshake, wait out the start-up timeout each time). Once given up, its remaining games are
not played; when that leaves no game at all, the match stops.
"""

from collections import Counter

from protocol.records.game import GameResult

from .config import GameSpec

GIVE_UP_AFTER = 3


class StartFailures:
    def __init__(self, give_up_after: int = GIVE_UP_AFTER):
        self.give_up_after = give_up_after
        self.in_a_row: Counter[str] = Counter()
        self.given_up: dict[str, str] = {}  # engine name -> the last failure, in words

    def record(self, result: GameResult) -> None:
        failed = result.failed_to_start
        # play_game starts the first player's engine, then the second's: one that failed
        # to start first leaves the second untried, so only engines that did start reset.
        started = {"": (result.first, result.second), result.second: (result.first,)}.get(failed, ())
        for name in started:
            self.in_a_row[name] = 0
        if failed:
            self.in_a_row[failed] += 1
            if self.in_a_row[failed] >= self.give_up_after:
                self.given_up.setdefault(failed, result.reason)

    def playable(self, spec: GameSpec) -> bool:
        return spec.first.name not in self.given_up and spec.second.name not in self.given_up
