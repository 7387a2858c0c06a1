"""Run a whole match: schedule, dispatch games, collect results, stop early on SPRT."""

import sys
from dataclasses import dataclass, field

from .config import GameSpec
from .game import GameResult
from .records import RecordWriter
from .standings import Standings
from .stats import Sprt


@dataclass
class MatchOutcome:
    results: list[GameResult] = field(default_factory=list)
    standings: Standings | None = None
    sprt_status: str = ""  # 'H0', 'H1' or '' (not decided / no SPRT)
    stopped_early: bool = False


def run_match(specs: list[GameSpec], executor, writer: RecordWriter | None = None,
              sprt: Sprt | None = None, progress=None) -> MatchOutcome:
    """Play ``specs`` with at most ``executor.slots`` games in flight.

    Results are written as they arrive. With ``sprt`` (two engines), the match stops as
    soon as the test decides; games still running are cancelled.
    """
    names = []
    for spec in specs:
        for name in (spec.first.name, spec.second.name):
            if name not in names:
                names.append(name)
    standings = Standings(names)
    outcome = MatchOutcome(standings=standings)
    pending = list(reversed(specs))
    in_flight = set()
    try:
        while pending or in_flight:
            while pending and len(in_flight) < executor.slots:
                in_flight.add(executor.submit(pending.pop()))
            done = next(iter(executor.finished(in_flight)))
            in_flight.discard(done)
            result = done.result()
            outcome.results.append(result)
            standings.add(result)
            if writer is not None:
                writer.write(result)
            if sprt is not None:
                outcome.sprt_status = sprt.status(standings.penta(names[0], names[1]))
            if progress is not None:
                progress(outcome, len(specs))
            if outcome.sprt_status:
                outcome.stopped_early = bool(pending or in_flight)
                executor.cancel(in_flight)
                break
    except KeyboardInterrupt:
        print("\ninterrupted: stopping the match", file=sys.stderr)
        executor.cancel(in_flight)
        outcome.stopped_early = True
    return outcome
