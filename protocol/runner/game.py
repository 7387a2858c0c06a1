"""Play one game between two external engines, refereed by the arbiter."""

import socket
import time

from protocol.clients import EngineCrashed, EngineError, EngineTimeout
from protocol.clients.variants import family, first_to_move
from protocol.records.game import GameResult, MoveRecord

from . import pool
from .adjudicate import ScoreAdjudicator
from .arbiter import make_arbiter
from .clock import Clock
from .config import GameSpec

SIDE_NAMES = {"xiangqi": ("Red", "Black"), "janggi": ("Cho", "Han"),
              "shogi": ("Sente", "Gote"), "chess": ("White", "Black")}


def _family_of(variant: str) -> str:
    return family(variant)


def play_game(spec: GameSpec) -> GameResult:
    """Play ``spec`` with this thread's engines; never raises for engine misbehaviour."""
    if spec.first.name == spec.second.name:
        raise ValueError("an engine cannot play itself under one name; give each side its own name")
    sides = SIDE_NAMES[_family_of(spec.variant)]
    out = GameResult(spec.index, spec.round, spec.pair, spec.variant, spec.start_fen,
                     spec.first.name, spec.second.name, "*", "abandoned", "",
                     time_control=spec.tc.describe(), started=time.time(), host=socket.gethostname())
    cfgs = (spec.first, spec.second)
    t0 = time.monotonic()

    def lose(side: int, termination: str, why: str) -> GameResult:
        out.result = "0-1" if side == 0 else "1-0"
        out.termination = termination
        out.reason = f"{sides[side]} ({cfgs[side].name}) {why}"
        return out

    arbiter = make_arbiter(spec.variant, spec.start_fen, dict(spec.rule_options))
    moves: list[str] = []
    for move in spec.opening:
        arbiter.push(move)  # a bad opening line is a setup error, not a game result
        moves.append(move)
        out.moves.append(MoveRecord(move))
    out.opening_plies = len(moves)

    engines = []
    for side, cfg in enumerate(cfgs):
        try:
            engine = pool.get(cfg, spec.variant)
            engine.new_game()
        except EngineError as exc:
            pool.discard(cfg, spec.variant)
            out.duration = time.monotonic() - t0
            out.failed_to_start = cfg.name
            return lose(side, "abandoned", f"failed to start: {exc}")
        engines.append(engine)

    clock = Clock(spec.tc)
    adjudicator = ScoreAdjudicator(spec.adjudication)
    first_side = 0 if spec.start_fen is None else _first_side(spec)
    draw_offer_by: int | None = None
    try:
        verdict = arbiter.verdict()
        while verdict.result == "*":
            side = (first_side + len(moves)) % 2
            if len(moves) >= spec.adjudication.max_plies:
                out.result, out.termination = "1/2-1/2", "adjudication"
                out.reason = f"draw: {spec.adjudication.max_plies} plies played"
                return out
            allowed = clock.allowed(side)
            timeout = spec.tc.hang_timeout if allowed is None else allowed + spec.tc.margin
            try:
                res = engines[side].play(spec.start_fen, moves, clock.limit(), timeout=timeout)
            except EngineTimeout:
                pool.discard(cfgs[side], spec.variant)
                if allowed is not None:
                    return lose(side, "time forfeit", "loses on time")
                return lose(side, "abandoned", f"hangs: no move within {timeout:g} s")
            except EngineCrashed as exc:
                pool.discard(cfgs[side], spec.variant)
                return lose(side, "abandoned", f"crashed: {exc}")
            except EngineError as exc:
                pool.discard(cfgs[side], spec.variant)
                return lose(side, "rules infraction", f"broke the protocol: {exc}")
            if not clock.spend(side, res.elapsed):
                return lose(side, "time forfeit", f"loses on time ({res.elapsed:.3f} s)")
            if res.resigned:
                return lose(side, "normal", "resigns")
            if res.declared_win:
                declared = arbiter.declaration_verdict()
                if declared is None or declared.result == ("0-1" if side == 0 else "1-0"):
                    return lose(side, "rules infraction", "declared an entering-king win that does not hold")
                out.result, out.termination = declared.result, "normal"
                out.reason = (f"{sides[side]} wins by entering-king declaration"
                              if declared.result != "1/2-1/2"
                              else f"draw by entering-king declaration: {declared.reason}")
                return out
            if res.move is None:
                # Usually a rules disagreement: the engine thinks the game is over, ours does not.
                extra = f" and claims {res.claim}" if res.claim else ""
                return lose(side, "rules infraction", f"gives no move in a game that goes on{extra}")
            try:
                arbiter.push(res.move)
            except ValueError:
                pool.discard(cfgs[side], spec.variant)  # its board no longer matches ours
                return lose(side, "rules infraction", f"plays the illegal move {res.move}")
            moves.append(res.move)
            info = res.info
            score = info.score.as_cp() if info and info.score else None
            out.moves.append(MoveRecord(res.move, round(res.elapsed, 4), score,
                                        info.depth if info else None, info.nodes if info else None,
                                        info.pv[:12] if info else []))
            verdict = arbiter.verdict()
            if verdict.result != "*":
                break
            if res.draw_offered and draw_offer_by == 1 - side:
                out.result, out.termination, out.reason = "1/2-1/2", "normal", "draw agreed"
                return out
            draw_offer_by = side if res.draw_offered else None
            adjudged = adjudicator.update(side, score, len(moves))
            if adjudged is not None:
                out.result, out.termination = adjudged
                loser = {"1-0": 1, "0-1": 0}.get(out.result)
                out.reason = ("draw adjudicated by scores" if loser is None
                              else f"{sides[loser]} ({cfgs[loser].name}) adjudicated lost by scores")
                return out
        out.result, out.termination, out.reason = verdict.result, "normal", verdict.reason
        out.scores = verdict.scores
        return out
    finally:
        out.duration = round(time.monotonic() - t0, 3)
        _tell_result(engines, out)


def _first_side(spec: GameSpec) -> int:
    """0 if the first player moves first in the start position (else 1)."""
    return first_to_move(spec.variant, spec.start_fen)


def _tell_result(engines, out: GameResult) -> None:
    """USI gameover / XBoard result, so engines stop pondering and log the result."""
    outcome = {"1-0": ("win", "lose"), "0-1": ("lose", "win"), "1/2-1/2": ("draw", "draw")}
    for side, engine in enumerate(engines):
        if not engine.alive:
            continue
        try:
            if hasattr(engine, "features"):  # XBoard
                engine.game_over(f"{out.result} {{{out.reason}}}")
            elif out.result in outcome:
                engine.game_over(outcome[out.result][side])
        except EngineError:
            pass
