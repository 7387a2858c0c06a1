"""Every kind of limit ends with exactly one legal best move (or None when there is none)."""
import threading
import time

import pytest

from engine.kernels.search_layout import C_NODES
from engine.notation import parse_move
from engine.position import Position
from engine.search import Limits, SearchConfig, Searcher

from search_helpers import replay, run

VARIANTS = ["xiangqi", "janggi", "shogi", "chess"]


def _legal(position, best):
    assert best.move in position.legal_moves()
    if best.ponder is not None:
        assert best.ponder in replay(position, [best.move]).legal_moves()


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("limits", [
    Limits(depth=3), Limits(nodes=5000), Limits(movetime_ms=100),
    Limits(time_ms=(1000.0, 1000.0)), Limits(time_ms=(800.0, 800.0), inc_ms=(50.0, 50.0)),
    Limits(time_ms=(1000.0, 1000.0), movestogo=1), Limits(time_ms=(0.0, 0.0), byoyomi_ms=(200.0, 200.0)),
    Limits(time_ms=(0.0, 0.0)), Limits(time_ms=(-500.0, -500.0)), Limits(movetime_ms=0),
], ids=["depth", "nodes", "movetime", "1s", "inc", "movestogo", "byoyomi", "zero", "negative",
        "movetime0"])
def test_limit_yields_a_legal_move(variant, limits):
    position = Position(variant)
    best, infos = run(position, limits)
    _legal(position, best)
    if limits.depth:
        assert infos[-1].depth == limits.depth


@pytest.mark.parametrize("variant", VARIANTS)
def test_node_limit_is_respected(variant):
    best, infos = run(Position(variant), Limits(nodes=3000))
    assert infos[-1].nodes <= 3000 + 2048   # checked every 1024 nodes


def _start_and_stop(position, limits, delay=0.2, action="stop"):
    searcher = Searcher()
    done = []
    searcher.start(position, limits, lambda info: None, done.append)
    time.sleep(delay)
    assert searcher.searching and not done
    t0 = time.perf_counter()
    getattr(searcher, action)()
    searcher.wait()
    latency = time.perf_counter() - t0
    assert len(done) == 1
    return done[0], latency


@pytest.mark.parametrize("variant", VARIANTS)
def test_infinite_until_stop(variant):
    position = Position(variant)
    best, latency = _start_and_stop(position, Limits(infinite=True))
    _legal(position, best)
    print(f"stop latency {variant}: {latency * 1000:.1f} ms")   # measured, not asserted


def test_infinite_search_waits_for_stop_even_when_done():
    position = Position("chess", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
    best, _ = _start_and_stop(position, Limits(infinite=True, depth=2), delay=0.3)
    assert best.mate_plies == 1


def test_ponder_then_ponderhit_uses_the_clock():
    position = Position("xiangqi")
    limits = Limits(ponder=True, time_ms=(300.0, 300.0))
    best, _ = _start_and_stop(position, limits, delay=0.3, action="ponderhit")
    _legal(position, best)


def test_ponder_then_stop():
    position = Position("shogi")
    best, _ = _start_and_stop(position, Limits(ponder=True, time_ms=(100.0, 100.0)))
    _legal(position, best)


@pytest.mark.parametrize("variant", VARIANTS)
def test_searchmoves_restricts_the_root(variant):
    position = Position(variant)
    moves = position.legal_moves()
    chosen = [moves[-1], moves[len(moves) // 2]]
    best, infos = run(position, Limits(depth=3, searchmoves=chosen))
    assert best.move in chosen
    assert all(info.pv[0] in chosen for info in infos)


@pytest.mark.parametrize("variant", VARIANTS)
def test_multipv_lines_are_consistent(variant):
    position = Position(variant)
    best, infos = run(position, Limits(depth=4), multipv=3)
    last = [i for i in infos if i.depth == 4]
    assert [i.multipv for i in last] == [1, 2, 3]
    firsts = [i.pv[0] for i in last]
    assert len(set(firsts)) == 3
    scores = [i.score_cp for i in last]
    assert scores == sorted(scores, reverse=True)
    assert best.move == firsts[0] and best.score_cp == scores[0]
    for info in last:
        replay(position, info.pv)


def test_no_move_when_none_exists():
    stalemate = Position("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    best, infos = run(stalemate, Limits(depth=3))
    assert best.move is None and best.ponder is None
    mated = Position("xiangqi", "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1")
    mated.push(parse_move(mated, "b0b9"))
    best, _ = run(mated, Limits(movetime_ms=50))
    assert best.move is None


def test_only_move_answers_at_once():
    # black king in check with a single legal reply
    position = Position("chess", "k7/8/2Q5/8/8/8/8/R5K1 b - - 0 1")
    assert len(position.legal_moves()) == 1
    best, _ = run(position, Limits(time_ms=(60000.0, 60000.0)))
    assert best.move == position.legal_moves()[0]


def test_threads_share_the_table():
    searcher = Searcher(SearchConfig(threads=2))
    position = Position("xiangqi")
    best, infos = run(position, Limits(depth=5), searcher)
    _legal(position, best)
    # the helper searched (the depth limit binds the main thread only) and is gone afterwards
    assert searcher._workers[1].ctl[C_NODES] > 0
    assert searcher._nodes() > searcher._workers[0].ctl[C_NODES]
    assert not [t for t in threading.enumerate() if t.name.startswith("jiangjun-helper")]


def test_clear_and_resize_hash():
    searcher = Searcher()
    position = Position("chess")
    run(position, Limits(depth=3), searcher)
    assert searcher.probe(position) is not None
    searcher.clear_hash()
    assert searcher.probe(position) is None
    searcher.resize_hash(1)
    best, _ = run(position, Limits(depth=3), searcher)
    _legal(position, best)


def test_ponderhit_deadline_reaches_a_running_iteration():
    # a deep iteration started while pondering must still stop at the clock set by ponderhit
    searcher = Searcher()
    done = []
    searcher.start(Position("chess"), Limits(ponder=True, time_ms=(200.0, 200.0)),
                   lambda info: None, done.append)
    time.sleep(1.0)
    t0 = time.perf_counter()
    searcher.ponderhit()
    searcher.wait()
    elapsed = time.perf_counter() - t0
    assert len(done) == 1 and done[0].move in Position("chess").legal_moves()
    print(f"ponderhit to bestmove: {elapsed * 1000:.0f} ms (clock 200 ms)")


# ---------------------------------------------------------------------- limits out of range
def test_limits_clamp_every_field_into_range():
    from engine.search_records import MAX_DEPTH, MAX_MOVES, MAX_MS, MAX_NODES
    huge = Limits(depth=10 ** 400, nodes=1e30, movetime_ms=1e18, mate=10 ** 30,
                  movestogo=float("inf"), time_ms=(1e308, float("inf")),
                  inc_ms=(1e308, 1e308), byoyomi_ms=(1e18, 1e18))
    assert (huge.depth, huge.nodes, huge.mate, huge.movestogo) == (
        MAX_DEPTH, MAX_NODES, MAX_MOVES, MAX_MOVES)
    assert huge.movetime_ms == MAX_MS and huge.time_ms == (MAX_MS, MAX_MS)
    assert huge.inc_ms == (MAX_MS, MAX_MS) and huge.byoyomi_ms == (MAX_MS, MAX_MS)
    low = Limits(depth=-5, nodes=0, movetime_ms=-1, mate=0, movestogo=-3,
                 time_ms=(-500.0, None), inc_ms=(float("nan"), -1), byoyomi_ms=(-1, 0))
    assert (low.depth, low.nodes, low.mate, low.movestogo) == (1, 1, None, None)
    assert low.movetime_ms == 0 and low.time_ms == (0.0, None)
    assert low.inc_ms == (0.0, 0.0) and low.byoyomi_ms == (0.0, 0.0)
    assert Limits(movetime_ms=float("nan"), depth=float("nan")).movetime_ms == 0
    assert Limits() == Limits(**Limits().__dict__)       # clamping is idempotent


@pytest.mark.parametrize("limits", [
    Limits(movetime_ms=1e18), Limits(time_ms=(1e308, 1e308), movestogo=1),
    Limits(time_ms=(0.0, 0.0), byoyomi_ms=(1e18, 1e18)), Limits(nodes=10 ** 30, depth=10 ** 9),
], ids=["movetime", "clock", "byoyomi", "nodes"])
def test_huge_limits_search_until_stop_and_answer_once(limits):
    # the deadline used to overflow int64 (OverflowError, no best move)
    position = Position("xiangqi")
    best, _ = _start_and_stop(position, limits)
    _legal(position, best)


def test_ponderhit_with_huge_clocks_answers_once():
    position = Position("shogi")
    searcher = Searcher()
    done = []
    searcher.start(position, Limits(ponder=True, time_ms=(1e308, 1e308), byoyomi_ms=(1e18, 1e18)),
                   lambda info: None, done.append)
    time.sleep(0.1)
    searcher.ponderhit()            # re-plans on the clocks: used to raise OverflowError
    assert searcher.searching and not done
    searcher.stop()
    searcher.wait()
    assert len(done) == 1
    _legal(position, done[0])


# ---------------------------------------------------------------------- Hash that cannot be had
def test_hash_that_cannot_be_allocated_keeps_the_old_table(monkeypatch):
    import engine.hash_table as hash_table
    searcher = Searcher()
    searcher.resize_hash(2)
    table = searcher._tt.table
    monkeypatch.setattr(hash_table, "physical_memory_bytes", lambda: 64 << 20)
    with pytest.raises(MemoryError, match="more than this machine's memory"):
        searcher.resize_hash(128)

    class NoMemory:                 # numpy whose every allocation fails
        int64 = hash_table.np.int64

        @staticmethod
        def zeros(*args, **kwargs):
            raise MemoryError
    monkeypatch.setattr(hash_table, "np", NoMemory)
    with pytest.raises(hash_table.HashSizeError, match="cannot allocate Hash 32 MB"):
        searcher.resize_hash(32)
    assert searcher._tt.table is table and searcher.config.hash_mb == 2
    # a size refused through the configuration is not retried into a failure: the search starts
    # and answers with the table it has
    with pytest.raises(hash_table.HashSizeError):
        searcher.configure(SearchConfig(hash_mb=32))
    position = Position("chess")
    best, _ = run(position, Limits(depth=2), searcher)
    _legal(position, best)
    assert searcher.config.hash_mb == 2 and searcher._tt.table is table


def test_threads_that_cannot_be_allocated_keep_the_old_count(monkeypatch):
    import engine.search as search
    searcher = Searcher()
    searcher.set_threads(2)
    workers = list(searcher._workers)

    def no_memory():
        raise MemoryError
    monkeypatch.setattr(search, "_Worker", no_memory)
    with pytest.raises(MemoryError):
        searcher.set_threads(4)
    assert searcher.config.threads == 2 and searcher._workers == workers


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_search_in_the_callers_thread_finds_what_a_threaded_one_does(variant):
    """Searcher.run (self-play's way: no thread to start) is the same search as start/wait:
    the same move, score and nodes from the same state."""
    position = Position(variant)
    results = []
    for inline in (False, True):
        searcher = Searcher()
        infos = []
        if inline:
            best = searcher.run(position, Limits(nodes=4000), infos.append)
        else:
            done = []
            searcher.start(position, Limits(nodes=4000), infos.append, done.append)
            searcher.wait()
            best = done[0]
        results.append((best.move, best.score_cp, infos[-1].nodes))
    assert results[0] == results[1]
    _legal(position, searcher.run(position, Limits(depth=2)))


def test_a_search_in_the_callers_thread_must_end_by_itself():
    with pytest.raises(ValueError, match="infinite"):
        Searcher().run(Position("chess"), Limits(infinite=True))
