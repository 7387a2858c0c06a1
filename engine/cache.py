"""Where numba keeps compiled kernels.

numba's own cache key checks only each kernel's source file, not the helpers it inlines from other
files, nor compile flags such as bounds checking. So the cache lives in a directory named after a
hash of every kernel source file and the flags: any edit to any kernel file, or a flag change,
starts a fresh directory. (numba's own index already tells numba versions apart.)
"""
from __future__ import annotations

import hashlib
import os
import sys
import weakref
from pathlib import Path

_KERNEL_DIR = Path(__file__).resolve().parent / "kernels"


def kernel_fingerprint() -> str:
    digest = hashlib.sha256()
    for path in sorted(_KERNEL_DIR.glob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    for flag in ("NUMBA_BOUNDSCHECK", "NUMBA_OPT", "NUMBA_DISABLE_JIT", "NUMBA_FASTMATH"):
        digest.update(f"{flag}={os.environ.get(flag, '')}".encode())
    return digest.hexdigest()[:16]


def cache_root() -> Path:
    base = os.environ.get("JIANGJUN_CACHE_DIR")
    if base:
        return Path(base)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return Path(xdg) / "jiangjun" if xdg else Path.home() / ".cache" / "jiangjun"


def cache_dir() -> Path:
    return cache_root() / f"numba-{kernel_fingerprint()}"


def _install() -> None:
    path = cache_dir()
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        return  # unwritable home: numba falls back to compiling in memory
    os.environ["NUMBA_CACHE_DIR"] = str(path)
    if "numba" in sys.modules:  # imported before us: make numba read the new directory
        from numba.core import config
        config.reload_config()


_listeners: list = []      # weak references: a listener's owner (a protocol session) may go


def on_announce(listener) -> None:
    """``listener(message)`` hears what the kernel cache is doing (a front end shows it). It is
    held weakly: it hears nothing once its owner is gone."""
    is_method = hasattr(listener, "__self__")
    _listeners.append(weakref.WeakMethod(listener) if is_method else weakref.ref(listener))


def announce(message: str) -> None:
    """A line about compiling: to stderr, and to every listener (e.g. as an ``info string``)."""
    try:
        sys.stderr.write(f"jiangjun: {message}\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    for reference in list(_listeners):
        listener = reference()
        if listener is None:
            _listeners.remove(reference)
        else:
            listener(message)


_install()
