"""Coordinate descent of a profile's parameters on the error, each kept near its start."""
from __future__ import annotations

from engine.evaluation import EvalProfile

from .error import Objective
from .params import Param, get_param, with_params


def limits(value: int, max_change: float, floor: int) -> tuple[int, int]:
    """The range a parameter may move in: +-max_change of its hand-set value, at least +-floor.
    A few hundred games hold few independent results (every position of a game shares one
    label), so an unbounded fit wanders off into values that explain those games, not the game."""
    span = max(int(abs(value) * max_change), floor)
    return value - span, value + span


def tune(obj: Objective, prof: EvalProfile, params: list[Param], K: float,
         steps: tuple[int, ...], max_passes: int, max_change: float = 0.25, floor: int = 8,
         log=print) -> tuple[EvalProfile, float]:
    """Per step size, sweep all parameters (+step, then -step, keeping whichever lowers the
    error, and going on in that direction while it does) until a sweep changes nothing or
    ``max_passes`` sweeps are done; then the next, smaller step. Each parameter stays within
    ``limits`` of its starting value; piece values stay positive."""
    best = obj.error(prof, K)
    bounds = {p: limits(get_param(prof, p), max_change, floor) for p in params}
    for step in steps:
        for sweep in range(max_passes):
            improved = 0
            for p in params:
                current = get_param(prof, p)
                for direction in (1, -1):
                    moved = False
                    while True:
                        value = current + direction * step
                        lo, hi = bounds[p]
                        if not lo <= value <= hi or (p[0] == "values" and value <= 0):
                            break
                        trial = with_params(prof, {p: value})
                        err = obj.error(trial, K)
                        if err < best:
                            prof, best, current, moved = trial, err, value, True
                            improved += 1
                        else:
                            break
                    if moved:
                        break
            log(f"  step {step:3d} sweep {sweep + 1}: error {best:.6f}, {improved} changes")
            if not improved:
                break
    return prof, best
