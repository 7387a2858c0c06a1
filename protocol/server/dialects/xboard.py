"""XBoard / CECP v2: a dialect (base.Dialect: session, spelling, position, searcher) run as a
state machine of its own.

State: force mode or the colour the engine plays, clocks (centiseconds), level/st/sd/nps, post,
analyze mode. The engine claims a result only when the arbiter says the game is over on the
board and XBoard accepts that claim (xboard_claims.py). Moves are coordinate text (0-based
ranks on 10-rank boards, ``P@e5`` drops, ``@@@@`` pass).
"""
from __future__ import annotations

import threading
from dataclasses import dataclass

from engine.dialect_notation import text_to_move
from engine.variants import get_variant

from ..commands import ECHO_CHARS, Command, clip, finite_number
from ..options import OptionError
from ..session import EngineCore, Output
from .base import ENGINE_NAME, Dialect, Quit, variant_choices, variant_names
from .xboard_claims import claimable_draw, xboard_claim, xboard_rule_ends

# XBoard's own names for our variants (data about XBoard, not about the games).
XBOARD_NAMES = {"chess": "normal"}
# Variants XBoard 4.9.1 knows (engine-intf.html, common.h VARIANT_NAMES); the others are
# engine-defined and announced with `setup`.
XBOARD_KNOWN = {"normal", "xiangqi", "shogi", "crazyhouse", "fischerandom", "capablanca",
                "makruk", "courier", "shatranj", "gothic", "falcon", "seirawan", "grand"}
MATE_BASE = 100000
# Commands that leave the game and the ponder search as they are (`time`/`otim` only record the
# clocks; `ping` is answered at once while pondering). Any other command stops pondering first.
PONDER_SAFE = {"time", "otim", "ping", "post", "nopost", "hard", "hint", ".", "?", "draw", "d",
               "computer", "name", "rating", "ics", "random", "accepted", "rejected", "bk"}
# Limits fields a ponder hit recomputes from the clocks, as a normal `go` would.
CLOCK_FIELDS = ("time_ms", "inc_ms", "movestogo", "movetime_ms")


@dataclass
class PonderSearch:
    """A search on the position after the expected reply; its move is played only on a hit."""
    root: object
    move: int
    limits: object
    hit: bool = False
    turn: int = 0


class XBoard(Dialect):
    name = "xboard"
    default_variant = "chess"

    def __init__(self, out: Output, core: EngineCore):
        super().__init__(out, core, variant_names(), xboard_rule_ends)
        self.force = False
        self.engine_side: int | None = 1     # `new`: the engine plays the second player
        self.analyzing = False
        self.post = False
        self.ponder = False
        self.time_cs: float | None = None
        self.otim_cs: float | None = None
        self.level: tuple[int, float, float] | None = None   # moves per session, base ms, inc ms
        self.st: float | None = None
        self.sd: int | None = None
        self.nps: int | None = None
        self.hint_move: int | None = None
        self.last_info = None
        # Pondering: `turn` counts the commands that may change the game; a ponder search is
        # started (from a helper thread, under `lock`) only if none arrived since our move.
        self.lock = threading.RLock()
        self.turn = 0
        self.pondering: PonderSearch | None = None

    # ------------------------------------------------------------------ output helpers
    def error(self, kind: str, command: str) -> None:
        self.out.line(f"Error ({clip(kind, 4 * ECHO_CHARS)}): {clip(command)}")

    def note(self, message: str) -> None:
        self.out.line(f"# {message}")

    def memory_refused(self, problem: str) -> None:
        self.error("memory", problem)

    def board_line(self, line: str) -> None:
        """The `d` diagram goes out as debug lines: a bare line starting with a digit would
        read as thinking output."""
        self.note(line)

    def finish(self) -> None:
        with self.lock:
            self.turn += 1
            self.abandon_ponder()
            self.session.slot.stop_and_wait()

    # ------------------------------------------------------------------ dispatch
    def handle(self, command: Command) -> None:
        with self.lock:
            self.dispatch(command)

    def dispatch(self, command: Command) -> None:
        handler = getattr(self, "cmd_" + command.word.replace(".", "dot").replace("?", "now"), None)
        if command.word not in PONDER_SAFE:
            self.turn += 1
            if command.word != "usermove" and not (handler is None
                                                   and self.looks_like_move(command)):
                self.abandon_ponder()
        if handler is None:
            if self.looks_like_move(command):
                self.user_move(command.raw.split()[0])
                return
            self.error("unknown command", command.raw)
            return
        try:
            handler(command)
        except Quit:
            raise
        except (ValueError, IndexError, OptionError) as problem:
            self.error(str(problem) or "bad argument", command.raw)

    def looks_like_move(self, command: Command) -> bool:
        word = command.raw.split()[0]
        return len(command.args) == 0 and (word == "@@@@" or "@" in word or
                                           (len(word) >= 4 and word[0].isalpha()
                                            and word[1].isdigit()))

    # ------------------------------------------------------------------ handshake
    def cmd_xboard(self, command: Command) -> None:
        pass

    def cmd_protover(self, command: Command) -> None:
        variants = ",".join(XBOARD_NAMES.get(v, v) for v in variant_names())
        self.out.line("feature done=0")
        self.out.line(f'feature myname="{ENGINE_NAME}" ping=1 setboard=1 usermove=1 time=1 '
                      f"draw=0 sigint=0 sigterm=0 reuse=1 analyze=1 colors=0 playother=1 "
                      f'san=0 nps=1 memory=1 smp=1 debug=1 pause=0 variants="{variants}"')
        for line in self.session.options.declarations():
            self.out.line(line)
        # XBoard waits for done=1 (it started with done=0) while the kernels load or compile,
        # so no clock runs meanwhile; stdin is still read, for quit.
        threading.Thread(target=self._features_done, name="features-done", daemon=True).start()

    def _features_done(self) -> None:
        try:
            self.core.ready(self.note)
        except RuntimeError as problem:
            self.note(str(problem))
        self.out.line("feature done=1")

    def cmd_accepted(self, command: Command) -> None:
        pass

    def cmd_rejected(self, command: Command) -> None:
        pass

    # ------------------------------------------------------------------ game set-up
    def cmd_new(self, command: Command) -> None:
        self.session.slot.stop_and_wait()
        self.core.modules()
        self.session.game.set("chess", None, [], self.codec, False)
        self.force = False
        self.engine_side = 1
        self.sd = None
        self.st = None
        self.hint_move = None
        if self.core.searcher is not None:
            self.core.searcher.clear_hash()
        self.resume_analysis()

    def cmd_variant(self, command: Command) -> None:
        if not command.args:
            raise ValueError("variant needs a name")
        wanted = command.args[0].lower()
        names = {XBOARD_NAMES.get(v, v): v for v in variant_choices()}
        if wanted not in names:
            raise ValueError(f"unsupported variant {wanted}")
        self.session.slot.stop_and_wait()
        self.core.modules()
        self.session.game.set(names[wanted], None, [], self.codec, False)
        if wanted not in XBOARD_KNOWN:
            self.announce_setup(self.session.game.variant)
        self.resume_analysis()

    def announce_setup(self, variant: str) -> None:
        """How XBoard should draw and move-check a game it does not know: the game's
        ``VariantSpec.xboard_setup`` (piece-to-char table, parent board, FEN letters, Betza
        ``piece`` lines), in the form Fairy-Stockfish sends."""
        setup = get_variant(variant).xboard_setup
        if setup is None:
            return
        letters = setup.letters
        fen = self.session.game.position.fen()
        placement = "".join(letters.get(c.upper(), c.upper()) if c.isupper() else
                            letters.get(c.upper(), c.upper()).lower() if c.isalpha() else c
                            for c in fen.split()[0])
        self.out.line(f"setup ({setup.piece_to_char}) {setup.parent} {placement} "
                      f"{' '.join(fen.split()[1:])}")
        for piece in setup.pieces:
            self.out.line(f"piece {piece}")

    def cmd_setboard(self, command: Command) -> None:
        fen = command.raw.split(None, 1)[1] if command.args else ""
        self.session.slot.stop_and_wait()
        self.core.modules()
        try:
            self.session.game.set(self.session.game.variant, fen, [], self.codec)
        except ValueError as problem:
            self.out.line("tellusererror Illegal position")
            self.error(f"bad FEN: {problem}", command.raw)
            return
        if self.analyzing:
            self.resume_analysis()
        elif not self.force and self.engine_side == self.session.game.position.turn:
            # XBoard 4.9.1 relays a move it cannot spell as a usermove (an opponent's null move)
            # by sending time/otim and the new position: our turn to move, as after a usermove.
            self.think()

    def cmd_force(self, command: Command) -> None:
        self.force = True          # set first: a search stopped now must not play its move
        if not self.analyzing:
            self.stop_search()

    def cmd_go(self, command: Command) -> None:
        self.force = False
        self.engine_side = self.position().turn
        self.think()

    def cmd_playother(self, command: Command) -> None:
        self.force = False
        self.engine_side = 1 - self.position().turn

    def cmd_white(self, command: Command) -> None:    # obsolete (colors=0), kept harmless
        pass

    def cmd_black(self, command: Command) -> None:
        pass

    def cmd_result(self, command: Command) -> None:
        self.force = True
        self.analyzing = False
        self.stop_search()

    def cmd_undo(self, command: Command) -> None:
        self.take_back(1)

    def cmd_remove(self, command: Command) -> None:
        self.take_back(2)

    def take_back(self, count: int) -> None:
        self.stop_search()
        position = self.position()
        for _ in range(count):
            if position.ply == 0:
                raise ValueError("no move to take back")
            position.pop()
        self.resume_analysis()

    # ------------------------------------------------------------------ clocks and limits
    def cmd_time(self, command: Command) -> None:
        self.time_cs = finite_number(command.args[0])

    def cmd_otim(self, command: Command) -> None:
        self.otim_cs = finite_number(command.args[0])

    def cmd_level(self, command: Command) -> None:
        mps, base, inc = command.args[:3]
        minutes, _, seconds = base.partition(":")
        base_ms = (finite_number(minutes) * 60 + (finite_number(seconds) if seconds else 0)) * 1000
        self.level = (int(finite_number(mps)), base_ms, finite_number(inc) * 1000)
        self.st = None

    def cmd_st(self, command: Command) -> None:
        st = finite_number(command.args[0])
        if st <= 0:
            raise ValueError("st must be positive")
        self.st = st

    def cmd_sd(self, command: Command) -> None:
        self.sd = int(finite_number(command.args[0]))

    def cmd_nps(self, command: Command) -> None:
        nps = finite_number(command.args[0])
        self.nps = nps if nps >= 1 else None

    def limits(self, position):
        Limits = self.core.search.Limits
        kwargs = {}
        side = position.turn
        if self.st is not None:
            if self.nps:
                kwargs["nodes"] = self.nps * self.st      # Limits clamps it into range
            else:
                kwargs["movetime_ms"] = self.st * 1000
        elif self.time_cs is not None or self.level is not None:
            clocks = [None, None]
            own = self.time_cs * 10 if self.time_cs is not None else self.level[1]
            clocks[side] = own
            clocks[1 - side] = self.otim_cs * 10 if self.otim_cs is not None else None
            kwargs["time_ms"] = tuple(clocks)
            if self.level is not None:
                mps, _, inc = self.level
                kwargs["inc_ms"] = (inc, inc)
                if mps > 0:
                    kwargs["movestogo"] = mps - (position.ply // 2) % mps
        if self.sd is not None:
            kwargs["depth"] = self.sd
        return Limits(**kwargs)

    # ------------------------------------------------------------------ moves
    def cmd_usermove(self, command: Command) -> None:
        if not command.args:
            raise ValueError("usermove needs a move")
        self.user_move(command.args[0])

    def user_move(self, text: str) -> None:
        if self.pondering is not None and self.ponder_hit(text):
            return
        self.abandon_ponder()
        self.stop_search()
        position = self.position()
        try:
            mv = text_to_move(position, text, self.codec(position.spec))
        except ValueError:
            self.out.line(f"Illegal move: {text}")
            return
        position.push(mv)
        if self.analyzing:
            self.resume_analysis()
            return
        if self.claim_if_over():
            return
        if not self.force and self.engine_side == position.turn:
            self.think()

    def stop_search(self) -> None:
        self.session.slot.stop_and_wait()

    # ------------------------------------------------------------------ pondering
    def ponder_hit(self, text: str) -> bool:
        """The opponent played the pondered move: the ponder search becomes the real one."""
        ponder = self.pondering
        position = self.position()
        try:
            mv = text_to_move(position, text, self.codec(position.spec))
        except ValueError:
            return False                  # the normal path reports the illegal move
        if mv != ponder.move:
            return False
        self.pondering = None
        position.push(mv)
        if self.claim_if_over() or self.engine_side != position.turn:
            self.abandon(ponder)
            return True
        # ponderhit() times the search from the Limits it started with: give them today's clocks
        fresh = self.limits(position)
        for field in CLOCK_FIELDS:
            setattr(ponder.limits, field, getattr(fresh, field))
        ponder.hit, ponder.turn = True, self.turn
        self.session.slot.ponderhit()
        return True

    def abandon_ponder(self) -> None:
        """Stop a ponder search silently (its move is never played)."""
        ponder, self.pondering = self.pondering, None
        if ponder is not None:
            self.abandon(ponder)

    def abandon(self, ponder: PonderSearch) -> None:
        ponder.hit = False
        self.session.slot.stop_and_wait()

    def ponder_later(self, turn: int, move: int) -> None:
        """Called from the search thread after our move: ponder once that search has ended."""
        def run() -> None:
            self.session.slot.wait()
            with self.lock:
                if turn == self.turn:
                    self.start_ponder(move)
        threading.Thread(target=run, name="xboard-ponder", daemon=True).start()

    def start_ponder(self, move: int) -> None:
        position = self.session.game.position
        if (not self.ponder or self.force or self.analyzing or position is None
                or self.engine_side == position.turn or move not in position.legal_moves()):
            return
        root = position.copy()
        root.push(move)
        from engine.arbiter import judge_position     # loads the kernels: not at the handshake
        if not judge_position(root, chess960=self.session.game.chess960).ongoing:
            return
        limits = self.limits(root)
        limits.ponder = True
        ponder = PonderSearch(root, move, limits)
        self.pondering = ponder
        self.session.slot.start(self.searcher(), root, limits,
                                lambda info: self.on_info(root, info),
                                lambda best: self.on_ponder_done(ponder, best))

    def on_ponder_done(self, ponder: PonderSearch, best) -> None:
        if ponder.hit:
            self.on_move(ponder.root, best, ponder.turn)

    def game_verdict(self):
        from engine.arbiter import judge_position     # loads the kernels: not at the handshake
        return judge_position(self.position(), chess960=self.session.game.chess960)

    def claim_if_over(self) -> bool:
        """Claim a result when the game is over and XBoard will accept the claim
        (xboard_claims.py); an end by a rule XBoard does not apply is not claimed: play goes on."""
        position = self.position()
        claimer = self.engine_side if self.engine_side is not None else position.turn
        return self.claim(xboard_claim(position, self.game_verdict(), claimer,
                                       self.session.game.start_fen))

    def claim(self, verdict) -> bool:
        """Send XBoard the result ``verdict`` (if any) and stop playing: True if claimed."""
        if verdict is None:
            return False
        self.out.line(f"{verdict.result} {{{verdict.reason}}}")
        self.force = True
        return True

    def think(self) -> None:
        position = self.position()
        if self.claim_if_over():
            return
        searcher = self.searcher()
        root = position.copy()
        turn = self.turn
        self.session.slot.start(searcher, root, self.limits(root),
                                lambda info: self.on_info(root, info),
                                lambda best: self.on_move(root, best, turn))

    def on_info(self, root, info) -> None:
        self.last_info = info
        if not self.post or info.string:
            return                        # every MultiPV line: XBoard shows them all
        if info.mate_plies is not None:
            moves = (abs(info.mate_plies) + 1) // 2
            score = MATE_BASE + moves if info.mate_plies > 0 else -MATE_BASE - moves
        else:
            score = info.score_cp
        pv = " ".join(self.move_text(root, mv) for mv in info.pv)
        self.out.line(f"{info.depth} {score} {info.time_ms // 10} {info.nodes} "
                      f"{info.seldepth} {info.nps} 0\t{pv}")

    def on_move(self, root, best, turn: int) -> None:
        if self.force or self.analyzing:
            return
        if best.move is None:
            self.claim_if_over()
            return
        position = self.session.game.position
        if position is None or position.hash != root.hash or position.ply != root.ply:
            return                        # the position changed under the search: no move
        if self.claim_draw(position, best):
            return                        # the opponent's move made a draw we are happy with
        self.out.line(f"move {self.move_text(root, best.move)}")
        position.push(best.move)
        self.hint_move = best.ponder
        if self.claim_if_over() or self.claim_draw(position, best):
            return
        if self.ponder and best.ponder is not None:
            self.ponder_later(turn, best.ponder)

    def claim_draw(self, position, best) -> bool:
        """Claim a draw the rules leave to a player (chess: threefold, 50 moves) when XBoard
        flags it and our search expected no more (xboard_claims.claimable_draw)."""
        return self.claim(claimable_draw(position, best, self.session.game.start_fen,
                                         chess960=self.session.game.chess960))

    # ------------------------------------------------------------------ analysis
    def cmd_analyze(self, command: Command) -> None:
        self.stop_search()
        self.analyzing = True
        self.resume_analysis()

    def cmd_exit(self, command: Command) -> None:
        self.analyzing = False
        self.stop_search()

    def resume_analysis(self) -> None:
        if not self.analyzing:
            return
        self.session.slot.stop_and_wait()
        position = self.position()
        if not position.legal_moves():
            return
        root = position.copy()
        limits = self.core.ready() and self.core.search.Limits(infinite=True)
        self.session.slot.start(self.searcher(), root, limits,
                                lambda info: self.on_info(root, info), lambda best: None)

    def cmd_dot(self, command: Command) -> None:
        info = self.last_info
        if info is None:
            self.out.line("stat01: 0 0 0 0 0")
        else:
            total = len(self.position().legal_moves())
            self.out.line(f"stat01: {info.time_ms // 10} {info.nodes} {info.depth} 0 {total}")

    def cmd_now(self, command: Command) -> None:            # "?": move now
        if not self.analyzing and self.pondering is None:
            self.session.slot.stop()

    def cmd_hint(self, command: Command) -> None:
        if self.hint_move is not None and self.session.game.position is not None:
            self.out.line(f"Hint: {self.move_text(self.session.game.position, self.hint_move)}")

    def cmd_bk(self, command: Command) -> None:
        self.out.line(" no book")
        self.out.line("")

    # ------------------------------------------------------------------ settings
    def cmd_post(self, command: Command) -> None:
        self.post = True

    def cmd_nopost(self, command: Command) -> None:
        self.post = False

    def cmd_hard(self, command: Command) -> None:
        self.ponder = True        # ponder on the expected reply after each of our moves

    def cmd_easy(self, command: Command) -> None:
        self.ponder = False

    def cmd_ping(self, command: Command) -> None:
        self.out.line(f"pong {command.args[0] if command.args else ''}".rstrip())

    def cmd_memory(self, command: Command) -> None:
        self.session.set_option("Hash", command.args[0])

    def cmd_cores(self, command: Command) -> None:
        self.session.set_option("Threads", command.args[0])

    def cmd_option(self, command: Command) -> None:
        """``option NAME[=VALUE]``; a set-up applies from the next `new` or `variant` on."""
        body = command.raw.split(None, 1)[1] if command.args else ""
        name, sep, value = body.partition("=")
        option, _ = self.session.set_option(name.strip(), value.strip() if sep else None)
        if option.name == "Clear Hash" and self.core.searcher is not None:
            self.core.searcher.clear_hash()

    def cmd_draw(self, command: Command) -> None:
        pass                       # offers are declined by staying silent

    # Commands with nothing to do for this engine, accepted silently.
    def _ignore(self, command: Command) -> None:
        pass

    cmd_random = cmd_computer = cmd_name = cmd_rating = cmd_ics = _ignore
    cmd_egtpath = cmd_pause = cmd_resume = _ignore

    def reject_line(self, reason: str, excerpt: str) -> None:
        self.error(reason, excerpt)

    def internal_error(self, command: Command, problem: Exception) -> None:
        self.error(f"internal: {type(problem).__name__}", command.raw)

