"""Dialect-neutral session: output, background engine loading, and the Session a dialect speaks
for (options, the game position, one search slot, the search configuration).

Threads: stdin is read in the main thread; the searcher calls back from its own thread. Every
protocol line goes through ``Output.line`` (one lock, flushed per line), so replies from the two
threads never interleave.

Only light engine modules (no numba, no numpy) are imported here at the top: the handshake goes
out before those load. The others are imported where they are first used.
"""
from __future__ import annotations

import sys
import threading
import traceback
from dataclasses import replace
from typing import Callable

from engine import cache, levels
from engine.dialect_notation import text_to_move
from engine.janggi_setup import setup_fen
from engine.search_records import SearchConfig
from engine.variants import get_variant

from .options import Option, OptionError, OptionTable


class Output:
    def __init__(self, stream=None):
        self.stream = stream if stream is not None else sys.stdout
        self.lock = threading.Lock()

    def line(self, text: str) -> None:
        with self.lock:
            try:
                self.stream.write(text + "\n")
                self.stream.flush()
            except (BrokenPipeError, ValueError):   # the GUI went away or closed the pipe
                pass


def diagnose(message: str) -> None:
    """Diagnostics go to stderr, never to the protocol stream."""
    try:
        sys.stderr.write(message.rstrip("\n") + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


class EngineCore:
    """Imports the engine and warms the search kernels in a background thread.

    The handshake needs neither (option lists come from engine.variants, which has no numba), so
    ``uciok``/``usiok``/``ucciok``/``feature done=1`` go out at once even with a cold numba cache;
    ``isready`` and the first search wait for ``ready()``.
    """

    def __init__(self, search_module=None):
        self.compiling: str | None = None   # what the kernel build says while it runs
        cache.on_announce(self._heard)
        self._search_module = search_module
        self._modules = threading.Event()
        self._searcher = threading.Event()
        self.searcher = None
        self.search = None            # the module holding Limits and Searcher
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._load, name="engine-load", daemon=True)
        self._thread.start()

    def _load(self) -> None:
        try:
            import engine.arbiter  # noqa: F401  (pulls in position, kernels, board)
        except BaseException as error:  # reported at the first use
            self.error = error
            diagnose("".join(traceback.format_exception(error)))
        finally:
            self._modules.set()
        try:
            module = self._search_module
            if module is None:
                import engine.search as module
            self.search = module
            self.searcher = module.Searcher()
            self.searcher.warmup()
        except BaseException as error:
            self.error = self.error or error
            diagnose("".join(traceback.format_exception(error)))
        finally:
            self._searcher.set()

    def _heard(self, message: str) -> None:
        self.compiling = None if message.startswith("kernels compiled") else message

    def modules(self) -> None:
        self._modules.wait()

    def ready(self, note: Callable[[str], None] | None = None):
        """The searcher, once loaded and warm; RuntimeError if the engine could not load.
        ``note`` tells the GUI, in its dialect, why it waits while the kernels compile."""
        told = False
        while not self._searcher.wait(0.05):
            if note is not None and not told and self.compiling:
                note(self.compiling + "; readyok follows when done")
                told = True
        self._modules.wait()
        if told:
            note("search kernels ready")
        if self.searcher is None:
            raise RuntimeError(f"search unavailable: {self.error}")
        return self.searcher


class Game:
    """What the GUI set: the variant, Chess960 and a named set-up as chosen, and the game itself
    once a position is set (engine/game.py: start position and moves, whose board keeps the
    history repetition needs). ``start_fen`` is the FEN as the GUI gave it (None: the start)."""

    def __init__(self, variant: str, chess960: bool = False):
        self.variant = variant
        self.chess960 = chess960
        self.played = None                           # engine.game.Game, once a position is set
        self.start_fen: str | None = None
        self.setup: tuple[str, str] | None = None    # (han, cho) named start, where one exists

    @property
    def position(self):
        """The position searched and moved on (the played game's), None until one is set."""
        return None if self.played is None else self.played.board.position

    @position.setter
    def position(self, value) -> None:
        if value is not None:                        # only forgetting it is allowed here
            raise ValueError("a position is set through Game.set")
        self.played = None

    def set(self, variant: str, fen: str | None, moves: list[str], codec_for_spec,
            chess960: bool | None = None) -> None:
        """Replace the position atomically; ValueError leaves the previous one in place."""
        from engine.game import Game as PlayedGame   # loads the kernels: not before a position is set
        spec = get_variant(variant)
        chess960 = self.chess960 if chess960 is None else chess960
        played = PlayedGame(spec, fen or self.named_start(spec), chess960=chess960)
        codec, board = codec_for_spec(spec), played.board
        for text in moves:              # already read as legal: pushed on the board directly
            board.push(text_to_move(board.position, text, codec))
        self.variant, self.chess960, self.played = spec.name, chess960, played
        self.start_fen = fen

    def named_start(self, spec) -> str | None:
        """The chosen set-up's start FEN for variants with named set-ups, else None."""
        if self.setup is None:
            return None
        try:
            return setup_fen(spec, self.setup)
        except ValueError:          # this variant has no named set-ups
            return None

    def ensure(self, codec_for_spec) -> None:
        if self.position is None:
            self.set(self.variant, None, [], codec_for_spec)


class SearchSlot:
    """At most one search at a time, and exactly one ``on_done`` per started search.

    Holding the answer of ``go infinite``/``go ponder`` until ``stop`` or ``ponderhit`` (as UCI
    requires even when the search ends early, say on a mate) is the searcher's rule
    (engine/search.py); the slot only lets a stopped search's answer out once.
    """

    def __init__(self):
        self._idle = threading.Event()
        self._idle.set()
        # Held while a result is written: `stop` sees a search either before its answer went
        # out (and stops it) or after (and finds nothing to stop), never in between.
        self._answer_lock = threading.RLock()
        self._answered = True
        self.searcher = None

    @property
    def busy(self) -> bool:
        return not self._idle.is_set()

    def start(self, searcher, position, limits, on_info: Callable, on_done: Callable) -> None:
        self.stop_and_wait()
        done_once = threading.Event()

        def finish(best) -> None:
            if done_once.is_set():
                return
            done_once.set()
            with self._answer_lock:
                try:
                    on_done(best)
                except Exception as error:  # a formatting bug must not leave the slot busy
                    diagnose("".join(traceback.format_exception(error)))
                finally:
                    self._answered = True
                    self._idle.set()

        def info(record) -> None:
            try:
                on_info(record)
            except Exception as error:
                diagnose("".join(traceback.format_exception(error)))

        self._idle.clear()
        self._answered = False
        self.searcher = searcher
        try:
            searcher.start(position, limits, info, finish)
        except BaseException:
            self._answered = True
            self._idle.set()
            raise

    def stop(self) -> bool:
        """Stop the search, which then answers; False when there was none left to answer
        (idle, or its answer has already been written)."""
        with self._answer_lock:
            if self._answered or self.searcher is None:
                return False
            self.searcher.stop()
            return True

    def ponderhit(self) -> None:
        if self.busy and self.searcher is not None:
            self.searcher.ponderhit()

    def wait(self, timeout: float | None = None) -> bool:
        return self._idle.wait(timeout)

    def stop_and_wait(self) -> None:
        if self.busy:
            self.stop()
            self.wait()


# ---------------------------------------------------------------------- the session
# The options that make the search configuration, and the SearchConfig field each one sets.
CONFIG_FIELDS = {"Hash": "hash_mb", "Threads": "threads", "MultiPV": "multipv",
                 "Move Overhead": "move_overhead_ms", "Rule Ends": "rule_ends",
                 "Use NNUE": "use_nnue", "EvalFile": "eval_file",
                 "Search Numbers": "search_numbers"}
# The options that make the playing level (SearchConfig.skill, per game: Session.skill).
LEVEL_OPTIONS = ("Skill Level", "UCI_LimitStrength", "UCI_Elo", "UCI_AnalyseMode")
MEMORY_OPTIONS = ("Hash", "Threads")          # allocated when set: a refusal comes at once
SETUP_OPTIONS = ("Cho Setup", "Han Setup")


def memory_refusal(name: str, wanted, kept, problem: MemoryError) -> str:
    if name == "Hash":
        return f"{problem or f'cannot allocate Hash {wanted} MB'}; Hash stays {kept} MB"
    return f"not enough memory for {wanted} threads; Threads stays {kept}"


def same_rule_ends(spec, choice: str) -> str:
    return choice


class Session:
    """What a dialect speaks for: the option table, the game, the one search slot, and the
    search configuration the options make.

    An option that configures the search reaches the searcher when it is set; one set while a
    search runs (or before the engine has loaded) reaches it before the next search starts.
    ``rule_ends_for(spec, choice)`` turns the Rule Ends choice into the game ends the search
    plays for in this game (XBoard's choice ``xboard`` depends on the game).
    """

    def __init__(self, core: EngineCore, options: OptionTable, variant: str,
                 rule_ends_for: Callable[[object, str], str] = same_rule_ends):
        self.core = core
        self.options = options
        self.game = Game(variant)
        self.slot = SearchSlot()
        self.rule_ends_for = rule_ends_for

    def search_config(self) -> SearchConfig:
        """The configuration the options make, for the game being played."""
        values = self.options.values
        fields = {field: values[name] for name, field in CONFIG_FIELDS.items()}
        spec = get_variant(self.game.variant)
        fields["rule_ends"] = self.rule_ends_for(spec, values["Rule Ends"])
        fields["skill"] = self.skill(spec.name)
        return SearchConfig(**fields)

    def skill(self, game: str) -> float:
        """The playing level the options ask for in ``game``; a GUI analysing
        (UCI_AnalyseMode) gets full strength."""
        values = self.options.values
        if values.get("UCI_AnalyseMode"):
            return float(levels.FULL_SKILL)
        return levels.level_for(game, values["Skill Level"], values["UCI_LimitStrength"],
                                values["UCI_Elo"]).skill

    def set_option(self, name: str, value: str | None) -> tuple[Option, object]:
        """Set an option; OptionError when it is unknown, its value is bad, or (Hash, Threads)
        its memory cannot be had, which keeps the previous value."""
        option = self.options.find(name)
        previous = self.options.values.get(option.name) if option is not None else None
        option, value = self.options.set(name, value)
        if option.name == "EvalFile":
            problem = self.net_refusal(value, previous)
            if problem:
                self.options.values[option.name] = previous
                raise OptionError(problem)
        if option.name == "Search Numbers":
            problem = self.numbers_refusal(value, previous)
            if problem:
                self.options.values[option.name] = previous
                raise OptionError(problem)
        if option.name in MEMORY_OPTIONS:
            problem = self.claim_memory(option.name, previous)
            if problem:
                raise OptionError(problem)
        elif option.name in CONFIG_FIELDS or option.name in LEVEL_OPTIONS:
            searcher = self.core.searcher
            if searcher is not None and not self.slot.busy:
                searcher.configure(self.config_keeping_memory(searcher))
        elif option.name in SETUP_OPTIONS:
            self.game.setup = (self.options["Han Setup"], self.options["Cho Setup"])
        return option, value

    def net_refusal(self, path: str, previous: str) -> str | None:
        """Why the net file ``path`` cannot evaluate the game being played (None: it can, or
        "" = the game's shipped net). The option then keeps its previous file."""
        from engine.nnue.network import NetFileError
        from engine.nnue.nets import load_net
        try:
            load_net(get_variant(self.game.variant), path)
        except NetFileError as error:
            return f"{error}; EvalFile stays {previous or '<empty>'}"
        return None

    def numbers_refusal(self, text: str, previous: str) -> str | None:
        """Why ``text`` gives no search numbers for the game being played (None: it does)."""
        from engine.evaluation import eval_table
        try:
            eval_table(get_variant(self.game.variant), search_numbers=text)
        except ValueError as error:
            return f"{error}; Search Numbers stays {previous or '<empty>'}"
        return None

    def config_keeping_memory(self, searcher) -> SearchConfig:
        """The options' configuration with the Hash and Threads the searcher has."""
        return replace(self.search_config(), hash_mb=searcher.config.hash_mb,
                       threads=searcher.config.threads)

    def claim_memory(self, name: str, previous) -> str | None:
        """Right after Hash or Threads is set: allocate now, so a size that cannot be had is
        refused at once (the option goes back to ``previous``) rather than failing every search.
        While a search runs or the engine loads, Hash is tried with numpy alone."""
        searcher = self.core.searcher
        wanted = int(self.options[name])
        try:
            if searcher is not None and not self.slot.busy:
                searcher.configure(replace(searcher.config, **{CONFIG_FIELDS[name]: wanted}))
            elif name == "Hash":
                from engine.hash_table import allocate_table   # numpy only: kernels may still load
                allocate_table(wanted)      # a trial, dropped: the searcher allocates later
        except MemoryError as problem:
            self.options.values[name] = previous
            return memory_refusal(name, wanted, previous, problem)
        return None

    def searcher(self, refused: Callable[[str], None], note: Callable[[str], None] | None = None):
        """The warm searcher, configured as the options say. What was set while a search ran
        or the engine loaded is taken now; Hash or Threads that cannot be had is told to
        ``refused`` and its option goes back to what the searcher has."""
        searcher = self.core.ready(note)
        for name in MEMORY_OPTIONS:
            field = CONFIG_FIELDS[name]
            wanted, kept = self.options[name], getattr(searcher.config, field)
            if wanted == kept:
                continue
            try:
                searcher.configure(replace(searcher.config, **{field: int(wanted)}))
            except MemoryError as problem:
                refused(memory_refusal(name, wanted, kept, problem))
                self.options.values[name] = kept
        config = self.config_keeping_memory(searcher)
        if searcher.config != config:
            searcher.configure(config)
        return searcher
