"""Carry on an interrupted match from its game log (``jiangjun match --log F --resume``).

The log holds one finished game per line. Played again with the same arguments (engines, time
control, openings and seed), the schedule is the same, so each logged game is the schedule's
game of its index: it counts as played and only the others are played. A log that does not
fit the schedule (another opening, engine, colour or control at some index) is refused, since
mixing two matches would make every figure meaningless. Games that did not finish ("*") are
played again.
"""
from __future__ import annotations

import json
from pathlib import Path

from protocol.records.game import GameResult

from .config import GameSpec


class ResumeError(ValueError):
    """The log cannot be carried on by this match."""


def finished_games(log: str | Path, specs: list[GameSpec]) -> list[GameResult]:
    """The games of ``log`` that this schedule need not play again, in log order. A missing
    log is a match that has not started: nothing is finished."""
    path = Path(log)
    if not path.exists():
        return []
    done: dict[int, GameResult] = {}
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise ResumeError(f"{path}: not a match log ({error.reason})") from None
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            game = GameResult.from_dict(json.loads(line))
        except (ValueError, TypeError, KeyError) as error:
            raise ResumeError(f"{path}, line {number}: not a game of a match log ({error})") \
                from None
        mismatch = _mismatch(game, specs)
        if mismatch:
            raise ResumeError(f"{path}, line {number}: game {game.index + 1} {mismatch}; "
                              "resume with the arguments the match was started with")
        if game.finished:
            done[game.index] = game
    return list(done.values())


def _mismatch(game: GameResult, specs: list[GameSpec]) -> str:
    """How a logged game differs from the schedule's game of its index ("" where it fits)."""
    if not 0 <= game.index < len(specs):
        return f"is beyond this match's {len(specs)} games"
    spec = specs[game.index]
    expected = {"variant": spec.variant, "first player": spec.first.name,
                "second player": spec.second.name, "start position": spec.start_fen,
                "opening": list(spec.opening), "time control": spec.tc.describe(),
                "pair": spec.pair}
    logged = {"variant": game.variant, "first player": game.first,
              "second player": game.second, "start position": game.start_fen,
              "opening": [record.move for record in game.moves[:game.opening_plies]],
              "time control": game.time_control, "pair": game.pair}
    for what, value in expected.items():
        if logged[what] != value:
            return f"has {what} {logged[what]!r}, this match {value!r}"
    return ""
