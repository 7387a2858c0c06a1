"""Dialect-neutral session: output, background engine loading, the game position, one search.

Threads: stdin is read in the main thread; the searcher calls back from its own thread. Every
protocol line goes through ``Output.line`` (one lock, flushed per line), so replies from the two
threads never interleave.
"""
from __future__ import annotations

import sys
import threading
import traceback
from typing import Callable


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
        from engine import cache          # light: no numba
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
    """The position the GUI set: variant, start FEN and moves, with history for repetition."""

    def __init__(self, variant: str, chess960: bool = False):
        self.variant = variant
        self.chess960 = chess960
        self.position = None
        self.start_fen: str | None = None
        self.setup: tuple[str, str] | None = None    # (han, cho) named start, where one exists

    def set(self, variant: str, fen: str | None, moves: list[str], codec_for_spec,
            chess960: bool | None = None) -> None:
        """Replace the position atomically; ValueError leaves the previous one in place."""
        from engine.position import Position
        from engine.variants import get_variant
        from engine.dialect_notation import text_to_move
        spec = get_variant(variant)
        chess960 = self.chess960 if chess960 is None else chess960
        position = Position(spec, fen or self.named_start(spec), chess960=chess960)
        codec = codec_for_spec(spec)
        for text in moves:
            position.push(text_to_move(position, text, codec))
        self.variant, self.chess960, self.position = spec.name, chess960, position
        self.start_fen = fen

    def named_start(self, spec) -> str | None:
        """The chosen set-up's start FEN for variants with named set-ups, else None."""
        if self.setup is None:
            return None
        from engine.janggi_setup import setup_fen
        try:
            return setup_fen(spec, self.setup)
        except ValueError:          # this variant has no named set-ups
            return None

    def ensure(self, codec_for_spec) -> None:
        if self.position is None:
            self.set(self.variant, None, [], codec_for_spec)


class SearchSlot:
    """At most one search at a time, and exactly one ``on_done`` per started search.

    ``hold=True`` (go infinite / go ponder) keeps the result back until ``stop`` or
    ``ponderhit``, as UCI requires even when the searcher finishes early (say, on a mate).
    """

    def __init__(self):
        self._idle = threading.Event()
        self._idle.set()
        self._lock = threading.Lock()
        # Held while a result is written: `stop` sees a search either before its answer went
        # out (and stops it) or after (and finds nothing to stop), never in between.
        self._answer_lock = threading.RLock()
        self._answered = True
        self.searcher = None
        self._held = False
        self._pending = None     # (callback, best) waiting for release

    @property
    def busy(self) -> bool:
        return not self._idle.is_set()

    def start(self, searcher, position, limits, on_info: Callable, on_done: Callable,
              hold: bool = False) -> None:
        self.stop_and_wait()
        done_once = threading.Event()

        def deliver(best) -> None:
            with self._answer_lock:
                try:
                    on_done(best)
                except Exception as error:  # a formatting bug must not leave the slot busy
                    diagnose("".join(traceback.format_exception(error)))
                finally:
                    self._answered = True
                    self._idle.set()

        def finish(best) -> None:
            if done_once.is_set():
                return
            done_once.set()
            with self._lock:
                if self._held:
                    self._pending = best
                    return
            deliver(best)

        def info(record) -> None:
            try:
                on_info(record)
            except Exception as error:
                diagnose("".join(traceback.format_exception(error)))

        with self._lock:
            self._held, self._pending = hold, None
            self._deliver = deliver
        self._idle.clear()
        self._answered = False
        self.searcher = searcher
        try:
            searcher.start(position, limits, info, finish)
        except BaseException:
            self._answered = True
            self._idle.set()
            raise

    def release(self) -> None:
        with self._lock:
            self._held = False
            best, self._pending = self._pending, None
        if best is not None:
            self._deliver(best)

    def stop(self) -> bool:
        """Stop the search and let its answer out; False when there was none left to answer
        (idle, or its answer has already been written)."""
        with self._answer_lock:
            if self._answered or self.searcher is None:
                return False
            self.searcher.stop()
            self.release()
            return True

    def ponderhit(self) -> None:
        if self.busy and self.searcher is not None:
            self.searcher.ponderhit()
            self.release()

    def wait(self, timeout: float | None = None) -> bool:
        return self._idle.wait(timeout)

    def stop_and_wait(self) -> None:
        if self.busy:
            self.stop()
            self.wait()


# ---------------------------------------------------------------------- memory options
def memory_refusal(name: str, wanted, kept, problem: MemoryError) -> str:
    if name == "Hash":
        return f"{problem or f'cannot allocate Hash {wanted} MB'}; Hash stays {kept} MB"
    return f"not enough memory for {wanted} threads; Threads stays {kept}"


# The searcher method that allocates each memory option (MemoryError keeps the old state).
MEMORY_SETTERS = {"Hash": "resize_hash", "Threads": "set_threads"}
MEMORY_HELD = {"Hash": "hash_mb", "Threads": "threads"}      # where the searcher keeps it


def apply_memory_options(searcher, values: dict) -> list[str]:
    """Give ``searcher`` the Hash and Threads in ``values`` (before a search). What cannot be
    allocated is refused: its value goes back to what the searcher keeps, and the reasons are
    returned."""
    problems = []
    for name, setter in MEMORY_SETTERS.items():
        held = MEMORY_HELD[name]
        if getattr(searcher, held, None) == values[name]:
            continue
        try:
            getattr(searcher, setter)(int(values[name]))
        except MemoryError as problem:
            kept = getattr(searcher, held)
            problems.append(memory_refusal(name, values[name], kept, problem))
            values[name] = kept
    return problems


def claim_memory_option(core: EngineCore, slot: SearchSlot, name: str, previous,
                        values: dict) -> list[str]:
    """Right after `setoption` Hash or Threads: allocate now, so a size that cannot be had is
    refused at once (``values[name]`` back to ``previous``) rather than failing every `go`."""
    searcher = core.searcher
    wanted = int(values[name])
    try:
        if searcher is not None and not slot.busy:
            getattr(searcher, MEMORY_SETTERS[name])(wanted)
        elif name == "Hash":
            from engine.hash_table import allocate_table   # numpy only: kernels may still load
            allocate_table(wanted)          # a trial, dropped: the searcher allocates later
    except MemoryError as problem:
        values[name] = previous
        return [memory_refusal(name, wanted, previous, problem)]
    return []
