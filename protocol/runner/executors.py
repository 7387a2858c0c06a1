"""Where games run: threads on this machine, or a Dask distributed cluster.

Both give ``submit(spec) -> future`` and ``finished(futures)`` yielding futures as they
complete, plus ``shutdown()`` which also quits the engines the workers kept.
Dask is optional (extra ``match``); it is imported only for ``--scheduler``.
"""

import concurrent.futures as cf

from . import pool
from .game import play_game


def run_game_task(spec):
    """Top-level so Dask can ship it to workers by reference."""
    return play_game(spec)


def _close_worker_engines() -> int:
    return pool.close_all()


class LocalExecutor:
    def __init__(self, concurrency: int):
        self.slots = concurrency
        self.pool = cf.ThreadPoolExecutor(max_workers=concurrency, thread_name_prefix="game")

    def submit(self, spec):
        return self.pool.submit(run_game_task, spec)

    def finished(self, futures):
        return cf.as_completed(futures)

    def cancel(self, futures) -> None:
        for fut in futures:
            fut.cancel()

    def shutdown(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)
        pool.close_all()


class DaskExecutor:
    """Games as Dask tasks; ``address`` is ``tcp://HOST:PORT`` of a running scheduler."""

    def __init__(self, address: str, concurrency: int | None = None):
        try:
            from distributed import Client
        except ImportError as exc:  # pragma: no cover - depends on the install
            raise SystemExit("--scheduler needs dask distributed: pip install 'jiangjun[match]'") from exc
        self.client = Client(address)
        threads = sum(self.client.nthreads().values()) or 1
        self.slots = concurrency or threads

    def submit(self, spec):
        # pure=False: two games with equal specs are still two games.
        return self.client.submit(run_game_task, spec, pure=False, key=f"game-{spec.index}-{id(spec)}")

    def finished(self, futures):
        from distributed import as_completed
        return as_completed(list(futures))

    def cancel(self, futures) -> None:
        self.client.cancel(list(futures))

    def shutdown(self) -> None:
        try:
            self.client.run(_close_worker_engines)
        finally:
            self.client.close()
