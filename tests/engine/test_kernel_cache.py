"""Kernels compile once, in parallel workers, and later processes only load what they use."""
import json
import os
import subprocess
import sys
import threading

SCRIPT = (
    "from engine.board import Board; from engine.perft import perft;"
    "print(perft(Board('xiangqi').position, 3))"
)


def _run(env, script=SCRIPT):
    return subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True,
                          timeout=900, check=True)


def test_two_engines_on_a_cold_cache_compile_once_and_a_third_loads_it(tmp_path):
    env = dict(os.environ, JIANGJUN_CACHE_DIR=str(tmp_path), NUMBA_DEBUG_CACHE="0")
    results = []
    runs = [threading.Thread(target=lambda: results.append(_run(env))) for _ in range(2)]
    for run in runs:
        run.start()
    for run in runs:
        run.join()
    assert [r.stdout.split() for r in results] == [["79666"], ["79666"]]
    stderr = "".join(r.stderr for r in results)
    assert stderr.count("compiling search kernels in") == 1       # one build ...
    assert "waiting for another process" in stderr               # ... the other engine waited
    stamp = json.loads(next(tmp_path.glob("*/complete")).read_text())
    compiled = [name for _, name, _, _ in stamp["kernels"]]
    assert len(compiled) == len(set(compiled)) > 40              # every kernel, each once
    assert "engine.kernels.search.search_root" in compiled
    assert not any(name.startswith("engine.kernels.tuning.") for name in compiled)  # a tool's

    mtimes = {p: p.stat().st_mtime_ns for p in tmp_path.rglob("*.nbc")}
    third = _run(env)
    assert third.stdout.split() == ["79666"] and "compiling" not in third.stderr
    # a cache hit writes nothing new: same files, none rewritten
    assert {p: p.stat().st_mtime_ns for p in tmp_path.rglob("*.nbc")} == mtimes


def test_a_warm_search_loads_only_the_kernels_it_calls():
    script = (
        "from engine.search import Searcher; from engine.kernels.jit import REGISTRY;"
        "Searcher().warmup();"
        "print(' '.join(sorted(n for n, k in REGISTRY.items() if not k._can_compile)))"
    )
    _run(dict(os.environ))                 # make sure the suite's cache is complete first
    loaded = _run(dict(os.environ), script).stdout.split()
    assert "engine.kernels.search.search_root" in loaded
    assert "engine.kernels.attacks.attacked_by" not in loaded    # an inline helper: never loaded
    assert len(loaded) < 10


def test_a_warm_start_loads_kernels_without_numbas_compiler_registries():
    # numba's own cache load refreshes the target context first (its lowering registries and
    # runtime, 0.12-0.2 s); ours loads machine code built without the runtime, needing neither
    script = (
        "import sys; from engine.search import Searcher; Searcher().warmup();"
        "print([m for m in ('numba.np.linalg', 'numba.typed.typeddict') if m in sys.modules])"
    )
    _run(dict(os.environ))                 # make sure the suite's cache is complete first
    assert _run(dict(os.environ), script).stdout.strip() == "[]"


def test_a_kernel_accepts_only_its_declared_signature():
    import numpy as np
    import pytest
    from engine.kernels.attacks import in_check
    with pytest.raises(TypeError, match="No matching definition"):
        in_check(np.zeros(4, dtype=np.int64), np.zeros(4, dtype=np.int8),
                 np.zeros(4, dtype=np.int64), 0)
    assert len(in_check.signatures) == 1


def test_cache_directory_follows_kernel_sources(monkeypatch):
    from engine import cache
    first = cache.cache_dir()
    monkeypatch.setenv("NUMBA_BOUNDSCHECK", "1")
    assert cache.cache_dir() != first  # a flag change must not reuse code compiled without it


def test_threads_calling_a_kernel_first_at_once_all_get_it():
    """Two match games start together: both threads call in_check before it is loaded."""
    script = "\n".join([
        "import threading",
        "from engine.position import Position",
        "barrier, errors = threading.Barrier(4), []",
        "def run():",
        "    barrier.wait()",
        "    try:",
        "        Position('chess')",
        "    except Exception as error:",
        "        errors.append(repr(error))",
        "threads = [threading.Thread(target=run) for _ in range(4)]",
        "for t in threads: t.start()",
        "for t in threads: t.join()",
        "print(errors or 'ok')",
    ])
    assert _run(dict(os.environ), script).stdout.strip() == "ok"
