import json
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"


def load_vectors(name: str) -> dict:
    """tests/data/<name>.json: perft counts, move lists and game ends from independent
    implementations (each file's ``about`` says its notation)."""
    with open(DATA / f"{name}.json", encoding="utf-8") as handle:
        return json.load(handle)


@pytest.fixture(scope="session")
def vectors():
    return load_vectors


@pytest.fixture
def no_shipped_nets(monkeypatch, tmp_path):
    """The package as if it shipped no net: the path a game without one takes, whichever games
    ship nets today."""
    from engine.nnue import nets
    monkeypatch.setattr(nets, "NETS", tmp_path)
    nets.shipped_net.cache_clear()
    yield
    nets.shipped_net.cache_clear()          # before monkeypatch restores NETS: no stale answer


def pytest_sessionstart(session):
    """Compile (or load) every numba kernel once, before any test starts engine processes.

    With a cold cache, engine subprocesses started by protocol and match tests would otherwise
    compile the kernels several at a time, racing the timeouts of the tests that started them.
    The subprocesses share this process's cache directory (same sources, same key).
    """
    from engine.search import Searcher
    Searcher().warmup()
