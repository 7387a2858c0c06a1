"""Run a whole match: schedule, dispatch games, collect results, stop early on SPRT."""

import sys
from dataclasses import dataclass, field

from protocol.records.game import GameResult
from protocol.records.writer import RecordWriter

from .config import GameSpec
from .standings import Standings
from .startups import GIVE_UP_AFTER, StartFailures
from .stats import Sprt


@dataclass
class MatchOutcome:
    results: list[GameResult] = field(default_factory=list)
    standings: Standings | None = None
    sprt_status: str = ""  # 'H0', 'H1' or '' (not decided / no SPRT)
    stopped_early: bool = False
    interrupted: bool = False  # by Ctrl-C
    given_up: dict[str, str] = field(default_factory=dict)  # engines that would not start
    not_played: int = 0  # games skipped because an engine in them was given up


def run_match(specs: list[GameSpec], executor, writer: RecordWriter | None = None,
              sprt: Sprt | None = None, progress=None,
              give_up_after: int = GIVE_UP_AFTER,
              finished: list[GameResult] = ()) -> MatchOutcome:
    """Play ``specs`` with at most ``executor.slots`` games in flight.

    ``finished``: games of these specs already played (a resumed match's log): they count in
    the standings and the SPRT, and their specs are not played again.

    Results are written as they arrive. With ``sprt`` (two engines), the match stops as
    soon as the test decides; games still running are cancelled. An engine that fails to
    start ``give_up_after`` times in a row is given up: its remaining games are not played
    (``outcome.given_up``, ``outcome.not_played``), so with no playable game left the
    match ends.
    """
    names = []
    for spec in specs:
        for name in (spec.first.name, spec.second.name):
            if name not in names:
                names.append(name)
    standings = Standings(names)
    outcome = MatchOutcome(standings=standings)

    def sprt_status() -> str:
        return "" if sprt is None else sprt.status(standings.penta(names[0], names[1]))

    for result in finished:
        outcome.results.append(result)
        standings.add(result)
    if finished:
        outcome.sprt_status = sprt_status()
        if outcome.sprt_status:
            return outcome
    played = {result.index for result in finished}
    pending = [spec for spec in reversed(specs) if spec.index not in played]
    in_flight = set()
    startups = StartFailures(give_up_after)
    outcome.given_up = startups.given_up
    try:
        while pending or in_flight:
            while pending and len(in_flight) < executor.slots:
                spec = pending.pop()
                if startups.playable(spec):
                    in_flight.add(executor.submit(spec))
                else:
                    outcome.not_played += 1
            if not in_flight:
                break
            done = next(iter(executor.finished(in_flight)))
            in_flight.discard(done)
            result = done.result()
            startups.record(result)
            outcome.results.append(result)
            standings.add(result)
            if writer is not None:
                writer.write(result)
            outcome.sprt_status = sprt_status()
            if progress is not None:
                progress(outcome, len(specs))
            if outcome.sprt_status:
                outcome.stopped_early = bool(pending or in_flight)
                executor.cancel(in_flight)
                break
    except KeyboardInterrupt:
        print("\ninterrupted: stopping the match", file=sys.stderr)
        executor.cancel(in_flight)
        outcome.stopped_early = outcome.interrupted = True
    return outcome
