"""Engine processes kept alive between games, one set per worker thread.

Games on one thread reuse their engines (start-up can be slow, e.g. numba warm-up).
An engine that crashed, hung or broke the protocol is discarded and restarted for the
next game. A thread keeps at most ``KEEP_PER_THREAD`` engines, quitting the one it used
least recently: a tuner (tools/spsa.py) plays every game with engines of new options, and
would otherwise keep every one it ever started. ``close_all`` ends every engine this
process started.
"""

import threading

from protocol.clients import EngineClient, make_engine

from .config import EngineConfig

KEEP_PER_THREAD = 4   # a game needs two; more spares restarts in a round robin

_lock = threading.Lock()
# insertion order is use order: an engine is moved to the end each time a game gets it
_engines: dict[tuple[int, EngineConfig, str], EngineClient] = {}


def get(cfg: EngineConfig, variant: str) -> EngineClient:
    thread = threading.get_ident()
    key = (thread, cfg, variant)
    with _lock:
        client = _engines.pop(key, None)
        if client is not None:
            _engines[key] = client
    if client is not None and client.alive:
        return client
    if client is not None:
        discard(cfg, variant)
    _make_room(thread)
    client = make_engine(cfg.command, cfg.protocol, variant, **cfg.client_kwargs()).start()
    with _lock:
        _engines[key] = client
    return client


def _make_room(thread: int) -> None:
    """Quit this thread's least recently used engines until a new one fits."""
    with _lock:
        mine = [key for key in _engines if key[0] == thread]
        stale = [_engines.pop(key) for key in mine[:max(0, len(mine) - KEEP_PER_THREAD + 1)]]
    for client in stale:
        _quit(client)


def discard(cfg: EngineConfig, variant: str) -> None:
    """Kill this thread's engine for ``cfg`` (after a crash, hang or protocol error)."""
    with _lock:
        client = _engines.pop((threading.get_ident(), cfg, variant), None)
    if client is not None:
        client.kill()


def close_all() -> int:
    """Quit every engine of this process; returns how many there were."""
    with _lock:
        clients = list(_engines.values())
        _engines.clear()
    for client in clients:
        _quit(client)
    return len(clients)


def _quit(client: EngineClient) -> None:
    try:
        client.quit(grace=0.5)
    except Exception:  # noqa: BLE001 - shutting down, nothing useful to raise
        client.kill()
