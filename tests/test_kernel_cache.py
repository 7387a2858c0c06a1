"""Kernels compile once: a second fresh process loads them from the on-disk cache."""
import os
import subprocess
import sys
import time

SCRIPT = (
    "import time; t = time.perf_counter();"
    "from engine.board import Board; from engine.perft import perft;"
    "n = perft(Board('xiangqi').position, 3);"
    "print(n, time.perf_counter() - t)"
)


def _run(env):
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True,
                         timeout=600, check=True).stdout.split()
    return int(out[0]), float(out[1]), time.perf_counter() - start


def test_second_process_loads_kernels_from_cache(tmp_path):
    env = dict(os.environ, JIANGJUN_CACHE_DIR=str(tmp_path), NUMBA_DEBUG_CACHE="0")
    count1, _, _ = _run(env)
    cache_files = sorted(p.name for p in tmp_path.rglob("*.nbi"))
    assert cache_files, "the first process wrote no numba index files"
    mtimes = {p: p.stat().st_mtime_ns for p in tmp_path.rglob("*.nbc")}
    count2, _, _ = _run(env)
    assert count1 == count2 == 79666
    # a cache hit writes nothing new: same files, none rewritten
    assert {p: p.stat().st_mtime_ns for p in tmp_path.rglob("*.nbc")} == mtimes


def test_cache_directory_follows_kernel_sources(monkeypatch):
    from engine import cache
    first = cache.cache_dir()
    monkeypatch.setenv("NUMBA_BOUNDSCHECK", "1")
    assert cache.cache_dir() != first  # a flag change must not reuse code compiled without it
