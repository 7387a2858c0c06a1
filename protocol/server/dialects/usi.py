"""USI (shogi GUIs: Shogidokoro, ShogiHome, cshogi): SFEN positions, btime = the first player's
clock, byoyomi, mate scores in plies, ``go mate`` → ``checkmate``, ``bestmove resign|win``."""
from __future__ import annotations

from ..commands import Command, parse_go, summarize_errors
from .base import UciFamily

# EnteringKingRule values the arbiter can check (engine.rules.shogi.DECLARATION_RULES keys).
DECLARATION_RULE = {"CSARule27": "csa27", "CSARule24": "24"}


class Usi(UciFamily):
    name = "usi"
    hello = "usi"
    ok_word = "usiok"
    default_variant = "shogi"

    def score_text(self, cp, mate_plies) -> str:
        if mate_plies is not None:
            return f"score mate {mate_plies}"
        return f"score cp {cp}"

    def over_move(self, result: str) -> str:
        """USI has no null move: a lost game is resigned."""
        return "bestmove resign" if result == "loss" else "bestmove (none)"

    clock_letters = ("b", "w")      # btime/binc are sente's, the first player's

    def clock_limits(self, go, position) -> dict:
        """The clocks as in UCI, with the letters swapped; byoyomi is the same for both."""
        limits = super().clock_limits(go, position)
        if "byoyomi" in go.numbers:
            limits["byoyomi_ms"] = (go.numbers["byoyomi"], go.numbers["byoyomi"])
        return limits

    def cmd_usi(self, command: Command) -> None:
        self.handshake()

    def cmd_usinewgame(self, command: Command) -> None:
        self.new_game()

    def cmd_gameover(self, command: Command) -> None:
        self.session.slot.stop_and_wait()

    def cmd_go(self, command: Command) -> None:
        args = [a.lower() for a in command.args]
        if "mate" in args:
            self.go_mate(command)
            return
        if self.declaration_allowed():
            self.session.slot.stop_and_wait()
            self.out.line("bestmove win")
            return
        super().cmd_go(command)

    def declaration_allowed(self) -> bool:
        rule = DECLARATION_RULE.get(self.session.options["EnteringKingRule"])
        if rule is None:
            return False
        from engine.rules.shogi import declaration_win    # numpy: not at the handshake
        position = self.position()
        return position.spec.entering_king_declaration and declaration_win(position, rule)

    # ------------------------------------------------------------------ go mate
    def go_mate(self, command: Command) -> None:
        """``go mate <ms>|infinite``: a time-limited mate search answered with ``checkmate``."""
        go = parse_go(command.args)
        if go.errors:
            self.error(summarize_errors(go.errors))
        position = self.position()
        if not position.legal_moves():
            self.session.slot.stop_and_wait()
            self.out.line("checkmate nomate")
            return
        kwargs = {"infinite": True} if go.mate_infinite or "mate" not in go.numbers else {
            "movetime_ms": max(0.0, go.numbers["mate"])}
        searcher = self.searcher()
        limits = self.core.search.Limits(**kwargs)
        root = position.copy()
        self.last_pv = []
        self.session.slot.start(searcher, root, limits, lambda info: self.on_mate_info(info),
                                lambda best: self.on_mate_done(root, best))

    def on_mate_info(self, info) -> None:
        if info.multipv == 1 and info.pv:
            self.last_pv = list(info.pv)

    def on_mate_done(self, root, best) -> None:
        plies = best.mate_plies
        if plies is not None and plies > 0 and len(self.last_pv) >= plies:
            line = self.last_pv[:plies]
            texts, position = [], root.copy()
            for mv in line:
                texts.append(self.move_text(position, mv))
                position.push(mv)
            self.out.line("checkmate " + " ".join(texts))
        else:
            self.out.line("checkmate timeout")

    # ------------------------------------------------------------------ results
    def bestmove_line(self, root, go, best) -> str:
        timed = not ({"infinite", "ponder"} & go.flags)
        if timed and best.mate_plies is not None and best.mate_plies < 0:
            return "bestmove resign"
        return super().bestmove_line(root, go, best)
