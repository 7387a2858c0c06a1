"""One place for the numba options every kernel uses.

Every kernel is compiled eagerly from an explicit signature, cached on disk, and releases the GIL.
Explicit signatures avoid numba issue #6061 (a cached recursive function with two specialisations
crashes on reload); the cache directory is set in ``engine/cache.py`` before numba is imported.
"""
from numba import njit

from .. import cache  # noqa: F401  (sets NUMBA_CACHE_DIR before the first compile)


def kernel(signature: str, inline: bool = False):
    """Compile eagerly; ``inline`` puts a small hot helper's body into its callers, which saves
    the per-call reference counting numba does for every array argument."""
    return njit(signature, cache=True, nogil=True, boundscheck=False, _nrt=False,
                inline="always" if inline else "never")


# Argument type spellings shared by the kernel signatures.
TABLE = "int32[::1]"
KEYS = "int64[::1]"
BOARD = "int8[::1]"
STATE = "int64[::1]"
UNDO = "int64[:, ::1]"
MOVES = "int32[::1]"
