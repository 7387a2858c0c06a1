"""Engine processes kept alive between games, one set per worker thread.

Games on one thread reuse their engines (start-up can be slow, e.g. numba warm-up).
An engine that crashed, hung or broke the protocol is discarded and restarted for the
next game. ``close_all`` ends every engine this process started.
"""

import threading

from protocol.clients import EngineClient, make_engine

from .config import EngineConfig

_lock = threading.Lock()
_engines: dict[tuple[int, EngineConfig, str], EngineClient] = {}


def get(cfg: EngineConfig, variant: str) -> EngineClient:
    key = (threading.get_ident(), cfg, variant)
    with _lock:
        client = _engines.get(key)
    if client is not None and client.alive:
        return client
    if client is not None:
        discard(cfg, variant)
    client = make_engine(cfg.command, cfg.protocol, variant, **cfg.client_kwargs()).start()
    with _lock:
        _engines[key] = client
    return client


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
        try:
            client.quit(grace=0.5)
        except Exception:  # noqa: BLE001 - shutting down, nothing useful to raise
            client.kill()
    return len(clients)
