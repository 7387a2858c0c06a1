"""UCCI (Chinese xiangqi GUIs): one-word options without name/value, seconds unless
``usemillisec``, own/opponent clocks, ``banmoves``, ``go draw``, ``nobestmove``, ``bye``."""
from __future__ import annotations

from engine.dialect_notation import MoveReader, text_to_move

from ..commands import (ECHO_CHARS, Command, CommandError, clip, parse_bare_setoption,
                        parse_position)
from ..move_lists import describe_bad_moves, read_move_list
from .base import UciFamily

MATE_SCORE = 10000       # UCCI has no mate token; ElephantEye reports MATE_VALUE - plies


class Ucci(UciFamily):
    name = "ucci"
    hello = "ucci"
    ok_word = "ucciok"
    default_variant = "xiangqi"

    def __init__(self, out, core):
        super().__init__(out, core)
        self.banned: list[str] = []

    def error(self, message: str) -> None:
        self.out.line(f"info message error: {clip(message, 4 * ECHO_CHARS)}")

    def score_text(self, cp, mate_plies) -> str:
        if mate_plies is not None:
            value = MATE_SCORE - abs(mate_plies)
            return f"score {value if mate_plies > 0 else -value}"
        return f"score {cp}"

    def over_score(self, result: str) -> str:
        return {"draw": "score 0", "loss": f"score -{MATE_SCORE}",
                "win": f"score {MATE_SCORE}"}[result]

    def over_move(self, result: str) -> str:
        return "nobestmove"

    def clock_limits(self, go, position) -> dict:
        """``time``/``increment`` are the engine's own clock, ``opp*`` the opponent's."""
        unit = 1.0 if self.session.options["usemillisec"] else 1000.0
        own, other = position.turn, 1 - position.turn
        limits = {}
        if "time" in go.numbers or "opptime" in go.numbers:
            clocks = [None, None]
            clocks[own] = go.numbers["time"] * unit if "time" in go.numbers else None
            clocks[other] = go.numbers["opptime"] * unit if "opptime" in go.numbers else None
            limits["time_ms"] = tuple(clocks)
            incs = [0.0, 0.0]
            incs[own] = go.get("increment", 0.0) * unit
            incs[other] = go.get("oppincrement", 0.0) * unit
            limits["inc_ms"] = tuple(incs)
        return limits

    def cmd_ucci(self, command: Command) -> None:
        self.handshake()

    def cmd_setoption(self, command: Command) -> None:
        name, value = parse_bare_setoption(command.args)
        if name.lower() == "newgame":
            self.new_game()
        self.apply_option(name, value)

    def cmd_uccinewgame(self, command: Command) -> None:
        self.new_game()

    def after_position(self) -> None:
        self.banned = []

    def cmd_banmoves(self, command: Command) -> None:
        position = self.position()
        _, bad = read_move_list(MoveReader(position, self.codec(position.spec)), command.args)
        if bad:
            raise CommandError(f"banmoves: {describe_bad_moves(bad)}")
        self.banned = list(command.args)

    def root_moves(self, go, position):
        moves = super().root_moves(go, position)
        if not self.banned:
            return moves
        banned = set(read_move_list(MoveReader(position, self.codec(position.spec)),
                                    self.banned)[0])
        allowed = [m for m in (moves or position.legal_moves()) if m not in banned]
        return allowed if allowed else [-1]      # nothing left: start_search answers nobestmove

    def cmd_stop(self, command: Command) -> None:
        """A `stop` with nothing to stop is answered `nobestmove`, as UCCI says and ElephantEye
        does, also one that crosses the bestmove of a search that just ended."""
        if not self.session.slot.stop():
            self.out.line("nobestmove")

    def cmd_quit(self, command: Command) -> None:
        self.session.slot.stop_and_wait()
        self.out.line("bye")
        super().cmd_quit(command)

    def cmd_probe(self, command: Command) -> None:
        """Read the engine's hash entry for a position (a debugging aid of UCCI)."""
        from engine.position import Position     # loads the kernels: not at the handshake
        args = parse_position(command.args)
        position = self.position()
        probe = Position(position.spec, args.fen, chess960=position.chess960)
        codec = self.codec(probe.spec)
        for text in args.moves:
            probe.push(text_to_move(probe, text, codec))
        entry = self.searcher().probe(probe)
        line = "pophash"
        if entry is not None:
            score, move = entry
            if move is not None:
                line += f" bestmove {self.move_text(probe, move)}"
            # Searcher.probe does not expose the entry's depth or bound: report it as exact.
            line += f" lowerbound {score} depth 0 upperbound {score} depth 0"
        self.out.line(line)

    def bestmove_line(self, root, go, best) -> str:
        text = super().bestmove_line(root, go, best)
        timed = not ({"infinite", "ponder"} & go.flags)
        losing = best.mate_plies is not None and best.mate_plies < 0
        if timed and losing:
            return text + " resign"
        if "draw" in go.flags and (losing or (best.score_cp is not None and best.score_cp <= 0)):
            return text + " draw"
        return text
