"""A cold kernel cache is filled by worker processes, one per core, before the engine loads it.

Compiling every kernel in one process took most of a minute; numba compiles one function at a
time under a global lock, so the only way to use a second core is a second process. Each worker
imports the kernel modules without compiling them (``JIANGJUN_KERNEL_WORKER=1``), reports the
call graph, and compiles the kernels it is sent, loading from the shared on-disk cache whatever
another worker already finished. The parent hands out every kernel whose callees are done, the
one with the longest chain of callers first (``search_root`` waits on most of the others).

When every kernel is in the cache the parent writes a stamp file; later starts see it and skip
all this. A lock file makes a second engine started at the same moment (a tournament) wait for
the first one's build instead of compiling everything again beside it. If the build fails for
any reason the kernels simply compile in-process on import, as before.
"""
from __future__ import annotations

import importlib
import json
import os
import pkgutil
import selectors
import subprocess
import sys
import threading
import time
from pathlib import Path

from .. import cache

STAMP = "complete"
WORKER_ENV = "JIANGJUN_KERNEL_WORKER"
_PACKAGE_ROOT = Path(__file__).resolve().parents[2]


def start_build(workers: int | None = None) -> threading.Thread | None:
    """If the on-disk cache lacks kernels, start filling it in parallel and return the thread
    that runs the build (join it before the first kernel is used); None if nothing to do. The
    caller goes on meanwhile: the engine imports numba while the workers already compile."""
    directory = cache.cache_dir()
    if (directory / STAMP).exists() or not os.access(directory, os.W_OK):
        return None
    thread = threading.Thread(target=ensure_built, args=(workers,), name="kernel-build",
                              daemon=True)
    thread.start()
    return thread


def ensure_built(workers: int | None = None) -> None:
    """Make sure the on-disk cache holds every kernel; compile in parallel if it does not."""
    directory = cache.cache_dir()
    if (directory / STAMP).exists() or not os.access(directory, os.W_OK):
        return
    try:
        _build_once(directory, workers)
    except OSError as error:       # a cache that cannot be written: kernels compile in-process
        sys.stderr.write(f"jiangjun: kernel build skipped: {error}\n")


def _build_once(directory, workers: int | None) -> None:
    try:
        import fcntl
    except ImportError:    # no flock: build without the lock
        fcntl = None
    with open(directory / ".build-lock", "w") as lock:
        if fcntl is not None:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                cache.announce("waiting for another process that is compiling the kernels")
                fcntl.flock(lock, fcntl.LOCK_EX)
        if (directory / STAMP).exists():
            return
        count = workers or max(1, min(2, os.cpu_count() or 1))
        cache.announce(f"compiling search kernels in {count} processes "
                       "(first start after an install or update)")
        started = time.perf_counter()
        timeline = _build(count)
        if timeline is not None:
            elapsed = time.perf_counter() - started
            (directory / STAMP).write_text(json.dumps(
                {"seconds": round(elapsed, 2), "workers": count, "kernels": timeline}, indent=0))
            cache.announce(f"kernels compiled in {elapsed:.1f} s")
        else:
            cache.announce("parallel kernel build failed; compiling in this process")


class _Worker:
    def __init__(self):
        env = dict(os.environ, **{WORKER_ENV: "1"})
        env["PYTHONPATH"] = os.pathsep.join(
            [str(_PACKAGE_ROOT)] + [p for p in [os.environ.get("PYTHONPATH")] if p])
        self.process = subprocess.Popen(
            [sys.executable, "-m", "engine.kernels.build"], env=env, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.task: str | None = None
        self.since = 0.0

    def send(self, line: str) -> bool:
        try:
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
            return True
        except (OSError, ValueError):
            return False

    def close(self) -> None:
        """Tell the worker to quit and reap it in the background: everything it compiled is on
        disk already, and a numba process takes about a second to exit, which the engine
        waiting for readyok should not spend."""
        self.send("quit")
        try:
            self.process.stdin.close()
        except (OSError, ValueError):
            pass
        threading.Thread(target=self._reap, name="kernel-worker-reaper", daemon=True).start()

    def _reap(self) -> None:
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def _priorities(graph: dict[str, list[str]], weights: dict[str, int]) -> dict[str, int]:
    """Each kernel's weight plus the heaviest chain of kernels that wait on it."""
    callers: dict[str, list[str]] = {name: [] for name in graph}
    for name, callees in graph.items():
        for callee in callees:
            callers[callee].append(name)
    rank: dict[str, int] = {}
    for name in reversed(list(graph)):     # definition order: callers come after callees
        rank[name] = weights[name] + max((rank[c] for c in callers[name]), default=0)
    return rank


def _build(count: int) -> list | None:
    """[worker, kernel, start, end] per kernel, seconds from the build's start; None if failed."""
    workers = [_Worker() for _ in range(count)]
    try:
        return _schedule(workers)
    except (OSError, ValueError, KeyError) as error:
        sys.stderr.write(f"kernel build: {error}\n")
        return None
    finally:
        for worker in workers:
            worker.close()


def _schedule(workers: list[_Worker]) -> list | None:
    started = time.perf_counter()
    timeline = []
    selector = selectors.DefaultSelector()
    graph = weights = None
    for worker in workers:
        header = worker.process.stdout.readline()
        if not header:
            return None
        plan = json.loads(header)
        graph, weights = plan["graph"], plan["weights"]
        selector.register(worker.process.stdout, selectors.EVENT_READ, worker)
    rank = _priorities(graph, weights)
    waiting = sorted(graph, key=lambda name: -rank[name])
    done: set[str] = set()
    while len(done) < len(graph):
        for worker in workers:
            if worker.task is None:
                ready = next((n for n in waiting if all(c in done for c in graph[n])), None)
                if ready is None:
                    break
                waiting.remove(ready)
                worker.task = ready
                if not worker.send(f"compile {ready}"):
                    return None
                worker.since = time.perf_counter() - started
        if all(worker.task is None for worker in workers):
            return None                     # nothing runnable: a cycle or a lost task
        for key, _ in selector.select():
            worker = key.data
            line = worker.process.stdout.readline()
            if not line.startswith("done "):
                return None                 # a worker died or a kernel failed to compile
            done.add(line.split()[1])
            timeline.append([workers.index(worker), worker.task, round(worker.since, 2),
                             round(time.perf_counter() - started, 2)])
            worker.task = None
    return timeline


def _code_size(name: str, graph: dict[str, list[str]], registry: dict) -> int:
    """Bytecode of a kernel and of everything it calls: LLVM optimises all of it again in the
    kernel's own module, so this is what its compile costs, roughly."""
    seen, todo = {name}, [name]
    while todo:
        for callee in graph[todo.pop()]:
            if callee not in seen:
                seen.add(callee)
                todo.append(callee)
    return sum(len(registry[n].py_func.__code__.co_code) for n in seen)


def _worker_main() -> None:
    package = importlib.import_module("engine.kernels")
    for module in pkgutil.iter_modules(package.__path__):
        if module.name != "build":
            importlib.import_module(f"engine.kernels.{module.name}")
    from .jit import REGISTRY, dependencies   # jit imports this module: read it once loaded
    built = {name: entry for name, entry in REGISTRY.items() if entry.prebuild}
    graph = {name: dependencies(entry) for name, entry in built.items()}
    weights = {name: _code_size(name, graph, built) for name in built}
    print(json.dumps({"graph": graph, "weights": weights}), flush=True)

    def with_callees(name: str, seen: set[str]) -> None:
        for callee in graph[name]:
            if callee not in seen:
                seen.add(callee)
                with_callees(callee, seen)
        REGISTRY[name].compile_declared()

    seen: set[str] = set()
    for line in sys.stdin:
        command, _, name = line.strip().partition(" ")
        if command != "compile":
            break
        try:
            with_callees(name, seen)
        except Exception as error:   # reported to the parent, which falls back
            print(f"fail {name} {type(error).__name__}", flush=True)
            continue
        print(f"done {name}", flush=True)


if __name__ == "__main__":
    _worker_main()
