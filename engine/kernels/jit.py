"""One place for the numba options every kernel uses, and the registry that compiles them.

Every kernel has one explicit signature, is cached on disk and releases the GIL. Explicit
signatures avoid numba issue #6061 (a cached recursive function with two specialisations crashes
on reload): a kernel compiles its declared signature and then accepts no other. It does so on
first use, a call from Python or the compile of a kernel that calls it, so a warm start loads
from the cache only the kernels a search really calls (loading every kernel at import cost
most of a warm start). The cache directory is set in ``engine/cache.py`` before numba loads.

Inline helpers (``inline=True``) are marked ``alwaysinline`` for LLVM, which puts their body
into each caller when the caller compiles; a warm start never loads them. (numba's own
``inline="always"`` inlines numba's IR instead: the same speed, but a cold start spent most of
its time deep-copying IR.)

On a cold cache ``engine.kernels.build`` first compiles every kernel in worker processes, one
per core (see that module); a kernel missing from the cache after that compiles in-process.
"""
from __future__ import annotations

import os
import threading

from .. import cache
from . import build

_worker = os.environ.get(build.WORKER_ENV) == "1"   # a build worker: compiles what it is sent
_lock = threading.RLock()
# On a cold cache the workers start compiling now, while this process imports numba below.
_build = None if _worker else build.start_build()

from numba.core import event, sigutils  # noqa: E402
from numba.core.caching import FunctionCache  # noqa: E402
from numba.core.registry import CPUDispatcher  # noqa: E402


def _await_build() -> None:
    """Before the first kernel is loaded or compiled: wait for a cold cache's build."""
    global _build
    if _build is not None:
        _build.join()
        _build = None


class _LoadOnlyCache(FunctionCache):
    """numba's on-disk cache, loading without refreshing the target context first.

    numba refreshes before every cache load so that it could compile next: that imports its
    lowering registries and builds its runtime (0.12-0.2 s of a 0.5 s warm start). Loading
    machine code compiled without the runtime (``_nrt=False``) needs neither, and a compile
    refreshes by itself."""

    def load_overload(self, sig, target_context):
        if not hasattr(self, "_load_overload"):       # a numba whose cache works otherwise
            return super().load_overload(sig, target_context)
        with self._guard_against_spurious_io_errors():
            return self._load_overload(sig, target_context)


class Kernel(CPUDispatcher):
    """A numba dispatcher that compiles (or loads) only its declared signature, on first use."""

    signature: str = ""
    inline: bool = False
    prebuild: bool = True      # compiled by the cold-cache build (engine.kernels.build)

    def enable_caching(self):
        self._cache = _LoadOnlyCache(self.py_func)

    @property
    def qualified_name(self) -> str:
        return f"{self.py_func.__module__}.{self.py_func.__name__}"

    def compile_declared(self) -> bool:
        """Compile the declared signature unless done; True if this call did it."""
        with _lock:
            if not self._can_compile:
                return False
            _await_build()
            args, _ = sigutils.normalize_signature(self.signature)
            self.compile(args)
            self.disable_compile()
            return True

    def _compile_for_args(self, *args, **kws):
        """A call from Python found no overload; numba wants a callable back to call. Another
        thread may have compiled the declared signature meanwhile: either way, dispatch again
        (arguments that do not fit it then get numba's usual TypeError)."""
        self.compile_declared()
        return lambda *again, **kw_again: self(*again, **kw_again)

    def get_call_template(self, args, kws):         # a caller being compiled types a call
        self.compile_declared()
        return super().get_call_template(args, kws)


REGISTRY: dict[str, Kernel] = {}      # definition order is a dependency order


class _AnnounceCompile(event.Listener):
    """Says so on the first real compile in this process (a cache miss), not on cache loads."""

    said = False

    def on_start(self, ev):
        if not self.said and not _worker and ev.data.get("dispatcher") in REGISTRY.values():
            self.said = True
            cache.announce("compiling search kernels (not found in the cache)")

    def on_end(self, ev):
        pass


event.register("numba:compile", _AnnounceCompile())


def kernel(signature: str, inline: bool = False, prebuild: bool = True):
    """Declare a kernel with its one signature; it compiles or loads on first use.
    ``prebuild=False``: a tool's kernel, left out of the engine's cold-cache build (it compiles
    when the tool first calls it) so that engine starts do not pay for it."""
    def register(function):
        dispatcher = Kernel(py_func=function, locals={}, targetoptions=dict(
            nopython=True, nogil=True, boundscheck=False, _nrt=False, forceinline=inline))
        dispatcher.enable_caching()
        dispatcher.signature = signature
        dispatcher.inline = inline
        dispatcher.prebuild = prebuild
        REGISTRY[dispatcher.qualified_name] = dispatcher
        return dispatcher
    return register


def dependencies(entry: Kernel) -> list[str]:
    """The registered kernels ``entry`` calls (the global names its code reads)."""
    function = entry.py_func
    found = []
    for name in function.__code__.co_names:
        value = function.__globals__.get(name)
        if isinstance(value, Kernel) and value is not entry and value.qualified_name not in found:
            found.append(value.qualified_name)
    return found


# Argument type spellings shared by the kernel signatures.
TABLE = "int32[::1]"
KEYS = "int64[::1]"
BOARD = "int8[::1]"
STATE = "int64[::1]"
UNDO = "int64[:, ::1]"
MOVES = "int32[::1]"
HEUR = "int32[::1]"           # killers, histories and corrections (search_layout HK_*)
