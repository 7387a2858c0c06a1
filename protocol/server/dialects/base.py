"""What every dialect shares (Dialect: the session it speaks for, move spelling, the position,
the configured searcher, the board diagram, quit), and what UCI, UCI-cyclone, UCCI and USI share
besides (UciFamily: handshake, options, position, go/stop, isready).

A dialect subclass says how it spells things: handshake words, default variant, square style,
score, time units, the no-move answer and error lines. Nothing here knows a variant by name.
"""
from __future__ import annotations

from engine.dialect_notation import MoveReader, codec_for, move_to_text
from engine.display import board_diagram
from engine.notation import parse_move
from engine.search_records import BestMove
from engine.variants import VARIANTS, variant_choices as fairy_variant_choices

from ..commands import (ECHO_CHARS, Command, CommandError, clip, parse_go, parse_named_setoption,
                        parse_position, summarize_errors)
from ..move_lists import describe_bad_moves, read_move_list
from ..options import OptionError, engine_options
from ..session import SETUP_OPTIONS, EngineCore, Output, Session, same_rule_ends

ENGINE_NAME = "Jiangjun 0.1"
ENGINE_AUTHOR = "the Jiangjun developers"
# perft walks on the position's own undo stack, one row per ply; deeper counts never finish anyway
MAX_PERFT_DEPTH = 32


def variant_names() -> tuple[str, ...]:
    return tuple(VARIANTS)


def variant_choices() -> tuple[str, ...]:
    """What UCI_Variant accepts: our names and Fairy-Stockfish's other names for our games."""
    return fairy_variant_choices()


class Quit(Exception):
    """Raised by a handler to end the loop."""


# Game ends a GUI sees in the position itself. After the others (repetitions, move counts,
# insufficient material, impasse counts) the engine still answers with a move, as
# Fairy-Stockfish does: GUIs apply those rules differently or leave them to the players, and a
# GUI that does not would forfeit an engine that gives no move.
ENDS_IN_THE_POSITION = frozenset({"checkmate", "stalemate", "double_pass", "bikjang"})


def game_result(position, chess960: bool = False) -> str | None:
    """The side to move's result if the game is already over by an end in the position itself
    (no legal move, janggi double pass or bikjang: the arbiter's verdict), else None."""
    from engine.arbiter import judge_position     # loads the kernels: not at the handshake
    verdict = judge_position(position, chess960=chess960)
    if verdict.ongoing or verdict.termination not in ENDS_IN_THE_POSITION:
        return None
    if verdict.winner is None:
        return "draw"
    return "win" if verdict.winner == position.turn else "loss"


class NoSearch:
    """Stands in for the searcher when there is nothing to search: it answers with no move at
    once, or after ``go infinite``/``go ponder`` at ``stop`` or ``ponderhit``, as a search
    holds its answer."""

    def __init__(self):
        self._answer = None

    def start(self, position, limits, on_info, on_done) -> None:
        self._answer = lambda: on_done(BestMove(None, None, None, None))
        if not (limits.infinite or limits.ponder):
            self.stop()

    def stop(self) -> None:
        answer, self._answer = self._answer, None
        if answer is not None:
            answer()

    def ponderhit(self) -> None:
        self.stop()


class Dialect:
    """One protocol spoken for one Session: how moves are spelled, the position the GUI set,
    the searcher configured by the session's options, the board diagram and ``quit``."""
    name = "uci"                 # square-style key for codec_for, and the options' spelling
    default_variant = "chess"

    def __init__(self, out: Output, core: EngineCore, variants: tuple[str, ...],
                 rule_ends_for=same_rule_ends):
        self.out = out
        self.core = core
        options = engine_options(self.name, variants, self.default_variant)
        self.session = Session(core, options, self.default_variant, rule_ends_for)

    def note(self, message: str) -> None:
        raise NotImplementedError

    def memory_refused(self, problem: str) -> None:
        """Hash or Threads set while a search ran could not be had when the next one started."""
        raise NotImplementedError

    def board_line(self, line: str) -> None:
        """One line of the `d` command's diagram."""
        self.out.line(line)

    def codec(self, spec):
        return codec_for(spec, self.name)

    def move_text(self, position, mv: int) -> str:
        return move_to_text(position, mv, self.codec(position.spec))

    def position(self):
        self.core.modules()
        self.session.game.ensure(self.codec)
        return self.session.game.position

    def searcher(self):
        """The warm searcher, configured as the session's options say."""
        return self.session.searcher(self.memory_refused, self.note)

    def cmd_d(self, command: Command) -> None:
        position = self.position()
        for line in board_diagram(position, self.codec(position.spec).style).splitlines():
            self.board_line(line)

    def cmd_quit(self, command: Command) -> None:
        self.session.slot.stop_and_wait()
        raise Quit


class UciFamily(Dialect):
    name = "uci"
    hello = "uci"
    ok_word = "uciok"
    default_variant = "chess"

    def __init__(self, out: Output, core: EngineCore):
        super().__init__(out, core, variant_choices())
        self.search_root = None         # position the running search started from
        self.search_go = None           # its parsed go command

    # ------------------------------------------------------------------ spelling hooks
    def error(self, message: str) -> None:
        self.out.line(f"info string error: {clip(message, 4 * ECHO_CHARS)}")

    def note(self, message: str) -> None:
        self.out.line(f"info string {message}")

    def memory_refused(self, problem: str) -> None:
        self.error(problem)

    def score_text(self, cp: int | None, mate_plies: int | None) -> str:
        if mate_plies is not None:
            moves = (mate_plies + 1) // 2 if mate_plies > 0 else -((-mate_plies + 1) // 2)
            return f"score mate {moves}"
        return f"score cp {cp}"

    def over_score(self, result: str) -> str:
        """The depth-0 score of a game already over for the side to move (``result`` is win,
        loss or draw): ``mate 0`` for a decided game, as Fairy-Stockfish prints it."""
        return "score cp 0" if result == "draw" else "score mate 0"

    def over_move(self, result: str) -> str:
        """The answer to ``go`` when there is no move to play."""
        return "bestmove (none)"

    # The letter that starts the first and the second player's clock fields (wtime, binc, ...):
    # w = the side that moves first.
    clock_letters = ("w", "b")

    def clock_limits(self, go, position) -> dict:
        first, second = self.clock_letters
        limits = {}
        if f"{first}time" in go.numbers or f"{second}time" in go.numbers:
            limits["time_ms"] = (go.get(f"{first}time"), go.get(f"{second}time"))
        if f"{first}inc" in go.numbers or f"{second}inc" in go.numbers:
            limits["inc_ms"] = (go.get(f"{first}inc", 0.0), go.get(f"{second}inc", 0.0))
        return limits

    # ------------------------------------------------------------------ dispatch
    def handle(self, command: Command) -> None:
        handler = getattr(self, "cmd_" + command.word, None)
        if handler is None:
            self.error(f"unknown command: {command.raw}")
            return
        try:
            handler(command)
        except Quit:
            raise
        except (CommandError, OptionError, ValueError) as problem:
            self.error(str(problem) or command.raw)

    def reject_line(self, reason: str, excerpt: str) -> None:
        self.error(f"{reason}: {excerpt}")

    def internal_error(self, command: Command, problem: Exception) -> None:
        self.error(f"internal error ({type(problem).__name__}) on: {command.raw}")

    def finish(self) -> None:
        """End of input: stop any search and let its bestmove out."""
        self.session.slot.stop_and_wait()

    # ------------------------------------------------------------------ commands
    def handshake(self) -> None:
        self.out.line(f"id name {ENGINE_NAME}")
        self.out.line(f"id author {ENGINE_AUTHOR}")
        for line in self.session.options.declarations():
            self.out.line(line)
        self.out.line(self.ok_word)

    def cmd_isready(self, command: Command) -> None:
        if not self.session.slot.busy:
            try:
                self.core.ready(self.note)
            except RuntimeError as problem:
                self.error(str(problem))
        self.out.line("readyok")

    def cmd_setoption(self, command: Command) -> None:
        name, value = parse_named_setoption(command.args)
        self.apply_option(name, value)

    def apply_option(self, name: str, value: str | None) -> None:
        option, value = self.session.set_option(name, value)
        game = self.session.game
        if option.name in ("Clear Hash", "newgame"):
            if self.core.searcher is not None and not self.session.slot.busy:
                self.core.searcher.clear_hash()
        elif option.name == "UCI_Variant":
            self.core.modules()
            game.set(value, None, [], self.codec,
                     self.session.options.values.get("UCI_Chess960", False))
        elif option.name == "UCI_Chess960":
            game.chess960 = bool(value)
            game.position = None
        elif option.name in SETUP_OPTIONS:
            game.position = None        # `position startpos` starts from the new set-up

    def new_game(self) -> None:
        self.session.slot.stop_and_wait()
        if self.core.searcher is not None:
            self.core.searcher.clear_hash()
        self.session.game.position = None

    def cmd_position(self, command: Command) -> None:
        args = parse_position(command.args)
        self.core.modules()
        self.session.game.set(self.session.game.variant, args.fen, args.moves, self.codec)
        self.after_position()

    def after_position(self) -> None:
        """Dialect state tied to one position (UCCI banmoves)."""

    def cmd_stop(self, command: Command) -> None:
        self.session.slot.stop()

    def cmd_ponderhit(self, command: Command) -> None:
        self.session.slot.ponderhit()

    def cmd_go(self, command: Command) -> None:
        go = parse_go(command.args)
        if go.errors:
            self.error(summarize_errors(go.errors))
        position = self.position()
        if "perft" in go.numbers:
            self.perft(position, int(go.numbers["perft"]))
            return
        self.searcher()                 # waits for the engine to finish loading
        self.start_search(position, go, self.limits(go, position))

    def perft(self, position, depth: int) -> None:
        from engine.perft import divide       # loads the kernels: not at the handshake
        if not 1 <= depth <= MAX_PERFT_DEPTH:
            raise CommandError(f"perft depth must be from 1 to {MAX_PERFT_DEPTH}")
        total = 0
        for text, count in divide(position, depth):
            mv = parse_move(position, text)
            self.out.line(f"{self.move_text(position, mv)}: {count}")
            total += count
        self.out.line("")
        self.out.line(f"Nodes searched: {total}")

    # ------------------------------------------------------------------ search
    def limits(self, go, position):
        """The go command's Limits record."""
        kwargs = self.clock_limits(go, position)
        # the numbers go in as given: Limits clamps every one into range (huge, negative, 0)
        for key, field in (("depth", "depth"), ("nodes", "nodes"), ("movestogo", "movestogo"),
                           ("movetime", "movetime_ms"), ("mate", "mate")):
            if key in go.numbers:
                kwargs[field] = go.numbers[key]
        kwargs["infinite"] = "infinite" in go.flags
        kwargs["ponder"] = "ponder" in go.flags
        moves = self.root_moves(go, position)
        if moves is not None:
            kwargs["searchmoves"] = moves
        return self.core.search.Limits(**kwargs)

    def root_moves(self, go, position) -> list[int] | None:
        if not go.searchmoves:
            return None
        moves, bad = read_move_list(MoveReader(position, self.codec(position.spec)),
                                    go.searchmoves)
        if bad:
            self.error(f"searchmoves: {describe_bad_moves(bad)}")
        return moves or None

    def start_search(self, position, go, limits) -> None:
        searcher = self.searcher()
        root = position.copy()
        result = game_result(root, self.session.game.chess960)
        legal = root.legal_moves() if result is None else []
        if limits.searchmoves:
            legal = [m for m in legal if m in limits.searchmoves]
        if not legal:
            # nothing to search: the game is over, or searchmoves/banmoves left no move
            self.answer_without_search(root, limits, result)
            return
        self.search_root, self.search_go = root, go
        self.last_pv: list[int] = []
        self.session.slot.start(searcher, root, limits,
                                lambda info: self.on_info(root, info),
                                lambda best: self.on_done(root, go, best))

    def on_info(self, root, info) -> None:
        if info.multipv == 1 and info.pv:
            self.last_pv = list(info.pv)
        self.out.line(self.info_line(root, info))

    def info_line(self, root, info) -> str:
        if info.string:
            return f"info string {info.string}"
        parts = [f"info depth {info.depth} seldepth {info.seldepth} multipv {info.multipv}",
                 self.score_text(info.score_cp, info.mate_plies)]
        if info.bound in ("lower", "upper"):
            parts.append(f"{info.bound}bound")
        if info.wdl is not None and self.session.options.values.get("UCI_ShowWDL"):
            parts.append("wdl {} {} {}".format(*info.wdl))
        parts.append(f"nodes {info.nodes} nps {info.nps} hashfull {info.hashfull} "
                     f"time {info.time_ms}")
        if info.pv:
            parts.append("pv " + " ".join(self.move_text(root, mv) for mv in info.pv))
        return " ".join(parts)

    def answer_without_search(self, root, limits, result: str | None) -> None:
        """A game over (``result`` for the side to move) gets its depth-0 score now; then the
        no-move answer goes through the slot, so that after ``go infinite``/``go ponder`` it
        still waits for ``stop``/``ponderhit``. ``result`` None: the game goes on, but
        searchmoves/banmoves left nothing to play."""
        self.session.slot.stop_and_wait()
        if result is not None:
            self.out.line(f"info depth 0 {self.over_score(result)}")
        self.session.slot.start(NoSearch(), root, limits, lambda info: None,
                                lambda best: self.out.line(self.over_move(result or "draw")))

    def on_done(self, root, go, best) -> None:
        if best.move is None:
            result = game_result(root, self.session.game.chess960) or "draw"
            self.out.line(f"info depth 0 {self.over_score(result)}")
            self.out.line(self.over_move(result))
            return
        self.out.line(self.bestmove_line(root, go, best))

    def bestmove_line(self, root, go, best) -> str:
        text = f"bestmove {self.move_text(root, best.move)}"
        if best.ponder is not None:
            text += f" ponder {self.move_text(root, best.ponder)}"
        return text
