"""protocol/runner/pool.py: a thread reuses its engines between games, and keeps at most
KEEP_PER_THREAD of them, quitting the one it used least recently (a tuner plays every game with
new engines)."""
import pytest

from protocol.runner import pool
from protocol.runner.config import EngineConfig


class FakeEngine:
    started = []

    def __init__(self, command, protocol, variant, **kw):
        self.name = kw["name"]
        self.alive = False
        self.quit_called = False

    def start(self):
        self.alive = True
        FakeEngine.started.append(self.name)
        return self

    def quit(self, grace=1.0):
        self.alive = False
        self.quit_called = True


@pytest.fixture
def fake_engines(monkeypatch):
    monkeypatch.setattr(pool, "make_engine", FakeEngine)
    FakeEngine.started = []
    yield
    pool.close_all()


def engine(name):
    return EngineConfig(name, "fake", "uci")


def test_a_thread_reuses_its_engines(fake_engines):
    a = pool.get(engine("a"), "chess")
    assert pool.get(engine("a"), "chess") is a and FakeEngine.started == ["a"]


def test_a_thread_keeps_its_most_recently_used_engines(fake_engines):
    clients = {name: pool.get(engine(name), "chess") for name in "abcd"}
    pool.get(engine("a"), "chess")                        # a is used again: b is now the oldest
    e = pool.get(engine("e"), "chess")
    assert clients["b"].quit_called and not clients["a"].quit_called
    assert e.alive and sum(not c.quit_called for c in clients.values()) == 3
    assert pool.get(engine("a"), "chess") is clients["a"]
    pool.get(engine("b"), "chess")                        # started again, c quits
    assert FakeEngine.started == ["a", "b", "c", "d", "e", "b"] and clients["c"].quit_called
