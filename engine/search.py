"""The search driver: iterative deepening in Python around one kernel call per iteration.

Contract: the records of engine/search_records.py (Limits, SearchConfig, Info, BestMove) and
the Searcher below. The search runs in a thread; every kernel releases the GIL, so the protocol
thread stays responsive and ``stop`` reaches the kernel through a shared int64 array it polls
every 1024 nodes. Between iterations this module emits Info records, applies aspiration
windows and MultiPV, and decides whether to start another iteration (soft time limit); the
hard limit is a deadline the kernel reads from its own clock. Threads > 1: Lazy SMP — helper
threads search the same root on their own board copies, sharing the transposition table, and
only the main thread reports.
"""
from __future__ import annotations

import random
import sys
import threading
import time
import traceback
from dataclasses import dataclass, replace

import numpy as np

from .evaluation import eval_table, wdl as wdl_estimate
from .kernels import layout as L
from .kernels import search_layout as S
from .kernels.attacks import royals_face
from .kernels.chase import move_chases
from .kernels.movegen import gen_legal
from .kernels.search import age_histories, capture_gain, search_root
from .kernels.tt import tt_hashfull, tt_probe
from .hash_table import allocate_table
from .level_guards import guarded_choice
from .levels import Level, choose, complexity
from .nnue.network import NetFileError
from .nnue.nets import load_net, table_with_net
from .position import Position
from .search_records import MAX_MS, BestMove, Info, Limits, SearchConfig  # noqa: F401  (re-exported)
from .timeman import TimePlan, UNLIMITED, plan as time_plan


def _now_ns() -> int:
    return time.clock_gettime_ns(time.CLOCK_MONOTONIC)


def split_score(score: int) -> tuple[int | None, int | None]:
    """(score_cp, mate_plies) from a kernel score. A forced end by rule (janggi counting,
    perpetual check or chase) is a won or lost game like a mate, so it is reported as one at
    its distance in plies, as Fairy-Stockfish does: GUIs show both as a win, not as +199.99."""
    if score >= S.MATE_BOUND:
        return None, S.MATE - score
    if score <= -S.MATE_BOUND:
        return None, -(S.MATE + score)
    if score >= S.RULE_BOUND:
        return None, S.RULE_WIN - score
    if score <= -S.RULE_BOUND:
        return None, -(S.RULE_WIN + score)
    return int(score), None


def decided_within(score: int, depth: int) -> bool:
    """A mate or rule end at most ``depth`` plies away: an iteration of that depth has searched
    every line that long, so a deeper one would only report the same end again."""
    _, plies = split_score(score)
    return plies is not None and abs(plies) <= depth


class TranspositionTable:
    def __init__(self, mb: int) -> None:
        self.resize(mb)
        self.age = 0

    def resize(self, mb: int) -> None:
        """HashSizeError keeps the old table: the new one is allocated before the swap."""
        self.table = allocate_table(mb)

    def clear(self) -> None:
        self.table.fill(0)

    def hashfull(self) -> int:
        return int(tt_hashfull(self.table, self.age))


class _Worker:
    """One search thread's private arrays (board copy, stacks, heuristics)."""

    def __init__(self) -> None:
        self.undo = np.zeros((S.MAXP + 8, L.U_SIZE), dtype=np.int64)
        self.moves = np.zeros(1 << 18, dtype=np.int32)
        self.mscore = np.zeros(1 << 18, dtype=np.int32)
        self.heur = np.zeros(S.HK_SIZE, dtype=np.int32)
        self.cont_extent = 0    # continuation indices below it may be set (any game so far)
        self.pv = np.zeros((S.MAXP + 2, S.MAXP + 1), dtype=np.int32)
        self.fr = np.zeros((S.MAXP + 2, S.F_SIZE), dtype=np.int64)
        self.scratch = np.zeros(S.SC_SIZE, dtype=np.int64)   # eval cache + pawn files
        self.ctl = np.zeros(S.C_SIZE, dtype=np.int64)
        self.hist = np.zeros(0, dtype=np.int64)
        self.chk = np.zeros(0, dtype=np.int64)

    def setup(self, job: "_Job") -> None:
        if getattr(self, "E", None) is not job.E:
            self.scratch[:] = 0   # cached evaluations belong to one game's evaluation table
        self.T, self.Z, self.E = job.T, job.Z, job.E
        self.board = job.board.copy()
        self.st = job.st.copy()
        n = len(job.hashes)
        self.hist = np.zeros(n + S.MAXP + 8, dtype=np.int64)
        self.chk = np.zeros(n + S.MAXP + 8, dtype=np.int64)
        self.hist[:n] = job.hashes
        self.chk[:n] = job.checks
        self.hbase = n - 1
        self._age_histories(int(job.T[L.H_NTYPES]))
        self.heur[:S.HK_HISTORY] = 0
        self.ctl[:] = 0

    def _age_histories(self, types: int) -> None:
        """Halve the histories (age_histories) over the continuation indices every game so far
        has reached: the rest of the table is zero."""
        self.cont_extent = max(self.cont_extent, min(S.CONT_SIZE, (types + 1) * S.CONT_SQUARES))
        age_histories(self.heur, self.cont_extent)

    def search(self, tt: TranspositionTable, shared: np.ndarray, root: list[int], depth: int,
               alpha: int, beta: int) -> tuple[int, list[int], bool]:
        self.moves[:len(root)] = root
        ctl = self.ctl
        ctl[S.C_NROOT], ctl[S.C_DEPTH], ctl[S.C_HBASE], ctl[S.C_AGE] = (len(root), depth,
                                                                       self.hbase, tt.age)
        ctl[S.C_ALPHA], ctl[S.C_BETA] = alpha, beta
        score = search_root(self.T, self.Z, self.E, self.board, self.st, self.undo, self.moves,
                            self.mscore, tt.table, self.hist, self.chk, self.heur,
                            self.pv, self.fr, self.scratch, ctl, shared)
        n = int(ctl[S.C_PVLEN]) if ctl[S.C_BEST] != 0 else 0
        pv = [int(m) for m in self.pv[0, :n]]
        return int(score), pv, bool(self.ctl[S.C_ABORTED])


@dataclass
class _Line:
    score: int
    pv: list[int]


class _Job:
    def __init__(self, position: Position, limits: Limits, on_info, on_done,
                 config: SearchConfig = SearchConfig()) -> None:
        self.spec = position.spec
        self.T, self.Z = position.cv.T, position.cv.Z
        self.config = config                   # as the search started: options set later wait
        self.E = evaluation_table(position.spec, config)
        self.board = position.board.copy()
        self.st = position.st.copy()
        self.st[L.S_SP] = 0
        self.hashes, self.checks = _history(position, self.E)
        self.side = position.turn
        self.limits = limits
        self.on_info = on_info
        self.on_done = on_done
        legal = position.legal_moves()
        if limits.searchmoves:
            wanted = set(int(m) for m in limits.searchmoves)
            chosen = [m for m in legal if m in wanted]
            legal = chosen or legal
        self.root = legal
        self.pondering = limits.ponder
        # A playing level weakens the moves the engine plays; analysis (go infinite) stays at
        # full strength.
        level = Level(config.skill)
        self.level = None if level.full_strength or limits.infinite else level
        self.position = position.copy() if self.level is not None else None
        self.released = threading.Event()      # infinite/ponder: may answer now
        if not (limits.infinite or limits.ponder):
            self.released.set()


def evaluation_table(spec, config: SearchConfig) -> np.ndarray:
    """The eval table a search of ``spec`` uses: the game's, with its net where ``config`` asks
    for one and one loads (a file that does not is reported on stderr once, and the hand-made
    evaluation plays)."""
    E = game_table(spec, config)
    if not config.use_nnue:
        return E
    try:
        net = load_net(spec, config.eval_file)
    except NetFileError as error:
        _report_once(spec, f"{error}; {spec.name} plays with the built-in evaluation")
        return E
    return E if net is None else table_with_net(E, net)


_REPORTED: set[tuple[str, str]] = set()


def _report_once(spec, message: str) -> None:
    """Say on stderr, once per game and message, what a search does instead of what its
    configuration asked (every search start would repeat it)."""
    if (spec.name, message) not in _REPORTED:
        _REPORTED.add((spec.name, message))
        print(f"jiangjun: {message}", file=sys.stderr)


def game_table(spec, config: SearchConfig) -> np.ndarray:
    """The game's eval table with the search numbers ``config`` asks for; numbers that make no
    profile for this game (e.g. a switch another needs is off here) are reported on stderr
    once, and the game's own play."""
    try:
        return eval_table(spec, config.rule_ends, config.search_numbers)
    except ValueError as error:
        _report_once(spec, f"search numbers {config.search_numbers!r}: {error}; {spec.name} "
                           f"searches with its own")
        return eval_table(spec, config.rule_ends)


def _history(position: Position, E: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Hashes of every position of the game, current last, and the search's flags (see
    search_root) for the positions a repetition can reach: those since the last move that
    reset the clock (older ones cannot recur, and the search never looks past it), in games
    with drops every one since the start. Flags of a position: 1 side to move in check, 2 royals
    facing, and where chases count, 4 the move that led to it chased, 8 that move was judged.
    One replay of those moves."""
    hashes = position.hash_history()
    checks = np.zeros(len(hashes), dtype=np.int64)
    clock = int(position.st[L.S_CLOCK])
    if int(position.cv.T[L.H_FLAGS]) & L.F_DROPS:
        clock = len(hashes)          # captured pieces come back: a cycle may hold a capture
    count = max(0, min(clock, len(hashes) - 1, position.ply))
    probe = position.copy()
    probe.reserve(4)                   # move_chases makes a move and replies on its stack
    stack = probe.move_stack()
    played = stack[len(stack) - count:]
    for _ in played:
        probe.pop()
    cv = probe.cv
    judge = bool(int(E[S.EV_FLAGS]) & S.EVF_PERPETUAL_CHASE)
    first = len(hashes) - 1 - count
    chased = False
    for i in range(count + 1):
        flags = ((1 if probe.in_check() else 0)
                 | (2 if royals_face(cv.T, probe.board, probe.st) else 0))
        if i > 0 and judge:
            flags |= 8 | (4 if chased and not flags & 1 else 0)   # a check is no chase
        checks[first + i] = flags
        if i < count:
            mv = played[i]
            # judged in the position the move is made from
            chased = judge and bool(move_chases(
                cv.T, cv.Z, probe.board, probe.st, probe.undo, probe.moves, 0, mv,
                int(E[S.EV_CHASE_REGION]), int(E[S.EV_CHASE_REGION + 1])))
            probe.push(mv)
    return np.asarray(hashes, dtype=np.int64), checks


class Searcher:
    def __init__(self, config: SearchConfig = SearchConfig()) -> None:
        self._tt = TranspositionTable(config.hash_mb)
        self._tt_rule_ends = config.rule_ends     # the game ends the table's scores are for
        self._shared = np.zeros(S.SH_SIZE, dtype=np.int64)
        self._workers: list[_Worker] = [_Worker()]
        # Hash and Threads here are always what is allocated: the table's size, the workers made
        self.config = replace(config, threads=1)
        self._thread: threading.Thread | None = None
        self._job: _Job | None = None
        self._lock = threading.Lock()
        self._plan: TimePlan = UNLIMITED
        self._main_depth = 0
        self._level_rng = random.Random()
        self._t0 = 0
        self.set_threads(config.threads)

    # ------------------------------------------------------------------ configuration
    def configure(self, config: SearchConfig) -> None:
        """Search with ``config`` from the next search on. A new Hash or Threads is allocated
        now: MemoryError (HashSizeError for Hash) when it cannot be had, and the searcher keeps
        the table or threads it has and does not take the rest of ``config``."""
        if config.hash_mb != self.config.hash_mb:
            self.resize_hash(config.hash_mb)
        if config.threads != self.config.threads:
            self.set_threads(config.threads)
        self.config = config

    def resize_hash(self, mb: int) -> None:
        """HashSizeError (a MemoryError) when the table cannot be had: the old one is kept."""
        self.wait_if_idle()
        self._tt.resize(int(mb))
        self.config = replace(self.config, hash_mb=int(mb))

    def set_threads(self, count: int) -> None:
        """Make the per-thread arrays now, so a count that cannot be had is refused here (with
        MemoryError, the old count kept) and not when a search starts."""
        count = max(1, int(count))
        workers = list(self._workers)
        while len(workers) < count:
            workers.append(_Worker())           # MemoryError leaves self._workers as it was
        self._workers = workers
        self.config = replace(self.config, threads=count)

    def clear_hash(self) -> None:
        self._tt.clear()
        for worker in self._workers:
            worker.heur[:] = 0

    def warmup(self) -> None:
        """Load (or compile) every kernel by running a tiny search."""
        job = _Job(Position("xiangqi"), Limits(depth=2), None, None)
        worker = _Worker()
        worker.setup(job)
        worker.search(TranspositionTable(1), np.zeros(S.SH_SIZE, dtype=np.int64), job.root, 2,
                      -S.INF, S.INF)

    def wait_if_idle(self) -> None:
        if self.searching:
            self.stop()
            self.wait()

    # ------------------------------------------------------------------ searching
    def start(self, position: Position, limits: Limits, on_info, on_done) -> None:
        """Search on a thread of its own; ``on_done`` gets the BestMove."""
        job = self._begin(position, limits, on_info, on_done)
        self._thread = threading.Thread(target=self._run, args=(job,), daemon=True,
                                        name="jiangjun-search")
        self._thread.start()

    def run(self, position: Position, limits: Limits, on_info=None) -> BestMove:
        """Search in the caller's thread and return the BestMove: for callers that would only
        wait (self-play), a thread's start costs about a millisecond a move. The limits must
        end the search by themselves: nothing could stop an infinite one."""
        if limits.infinite or limits.ponder:
            raise ValueError("Searcher.run needs limits that end: not infinite, not ponder")
        done: list[BestMove] = []
        self._run(self._begin(position, limits, on_info, done.append))
        return done[0]

    def _begin(self, position: Position, limits: Limits, on_info, on_done) -> _Job:
        if self.searching:
            self.stop()
            self.wait()
        config = self.config
        if self._tt_rule_ends != config.rule_ends:   # its scores were for other game ends
            self._tt.clear()
            self._tt_rule_ends = config.rule_ends
        self._tt.age = (self._tt.age + 1) & 255
        self._shared[:] = 0
        job = _Job(position, limits, on_info, on_done, config)
        self._job = job
        self._t0 = _now_ns()
        self._set_plan(UNLIMITED if limits.ponder else time_plan(limits, job.side,
                                                                 config.move_overhead_ms))
        return job

    def _set_plan(self, plan: TimePlan) -> None:
        self._plan = plan
        if plan.hard_ms is not None:
            # Limits keeps times below MAX_MS; cap again so the int64 deadline cannot overflow
            hard_ns = int(min(float(plan.hard_ms), MAX_MS) * 1e6)
            self._shared[S.SH_DEADLINE] = self._t0 + max(1, hard_ns)
        else:
            self._shared[S.SH_DEADLINE] = 0

    def stop(self) -> None:
        self._shared[S.SH_STOP] = 1
        job = self._job
        if job is not None:
            job.released.set()

    def ponderhit(self) -> None:
        job = self._job
        if job is None or not job.pondering:
            return
        job.pondering = False
        self._t0 = _now_ns()
        limits = job.limits
        self._set_plan(time_plan(Limits(**{**limits.__dict__, "ponder": False}), job.side,
                                 job.config.move_overhead_ms))
        if not limits.infinite:
            job.released.set()

    def wait(self) -> None:
        thread = self._thread
        if thread is not None:
            thread.join()

    @property
    def searching(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def probe(self, position: Position) -> tuple[int, int | None] | None:
        data = int(tt_probe(self._tt.table, position.hash))
        if data == 0:
            return None
        score = ((data >> S.TT_SCORE_SHIFT) & 0xFFFF) - 32768
        move = data & S.MOVE_MASK
        return int(score), (int(move) if move in position.legal_moves() else None)

    # ------------------------------------------------------------------ the search thread
    def _run(self, job: _Job) -> None:
        result = None
        try:
            result = self._think(job)
        except Exception:  # never leave the protocol without a move
            traceback.print_exc(file=sys.stderr)
        if result is None:
            move = job.root[0] if job.root else None
            result = BestMove(move, None, None, None)
        job.released.wait()
        self._shared[S.SH_STOP] = 1
        if job.on_done is not None:
            job.on_done(result)

    def _elapsed_ms(self) -> float:
        return (_now_ns() - self._t0) / 1e6

    def _think(self, job: _Job) -> BestMove:
        limits = job.limits
        if not job.root:
            return BestMove(None, None, None, None)
        main = self._workers[0]
        main.setup(job)
        node_limit = int(limits.nodes) if limits.nodes else 0
        main.ctl[S.C_NODE_LIMIT] = node_limit
        root = self._initial_order(job)
        max_depth = S.MAXP - 8
        if limits.depth:
            max_depth = max(1, min(max_depth, int(limits.depth)))
        if limits.mate:
            max_depth = min(max_depth, 2 * int(limits.mate) + 8)
        helpers = self._start_helpers(job, root)
        shown = max(1, min(job.config.multipv, len(root)))   # the lines the GUI asked for
        multipv = shown
        level = job.level
        if level is not None:
            max_depth = min(max_depth, level.depth_cap)
            multipv = max(shown, min(level.candidates, len(root)))
        best: list[_Line] = []
        top_scores: list[int] = []     # the best line's score after each iteration
        settled = False          # every line is a mate or rule end within the searched depth
        try:
            for depth in range(1, max_depth + 1):
                self._main_depth = depth - 1    # completed by the main thread (helpers read it)
                if level is not None and depth == 2:
                    # the first iteration scored every candidate; the budget binds from here
                    budget = level.node_budget
                    main.ctl[S.C_NODE_LIMIT] = min(node_limit, budget) if node_limit else budget
                main.ctl[S.C_SELDEPTH] = 0
                lines: list[_Line] = []
                aborted = False
                for k in range(multipv):
                    chosen = {line.pv[0] for line in lines}
                    candidates = [m for m in root if m not in chosen]
                    prev = best[k].score if k < len(best) else None
                    score, pv, aborted = self._aspiration(main, candidates, depth, prev,
                                                          job if k == 0 else None)
                    if aborted:
                        if k == 0 and pv and depth > 1:
                            # a root move that completed with a better score is still sound
                            if not best or pv[0] != best[0].pv[0]:
                                best = [_Line(score, pv)] + best[1:]
                        elif k == 0 and pv and not best:
                            best = [_Line(score, pv)]
                        break
                    if not pv:  # cannot happen with a full window; keep the order's first move
                        pv = [candidates[0]]
                    lines.append(_Line(score, pv))
                    if k < shown and not (settled and k < len(best) and best[k] == lines[-1]):
                        self._emit(job, depth, k + 1, score, pv)
                if aborted:
                    break
                unstable = bool(best) and (lines[0].pv[0] != best[0].pv[0]
                                           or lines[0].score < best[0].score - 30)
                best = lines
                top_scores.append(lines[0].score)
                chosen = [line.pv[0] for line in lines]
                root = chosen + [m for m in root if m not in chosen]
                if self._should_stop(job, best[0].score, depth, unstable):
                    break
                if all(decided_within(line.score, depth) for line in lines):
                    # Deeper iterations would print the same mate again and again (up to ~120
                    # lines at once on a trivial mate): stop, or while the GUI holds the search
                    # (infinite, ponder) go on quietly, reporting only a line that changes.
                    if not (job.pondering or limits.infinite):
                        break
                    settled = True
        finally:
            self._shared[S.SH_STOP] = 1
            for thread in helpers:
                thread.join()
        if not best:
            return BestMove(root[0], None, None, None)
        line = best[0] if level is None else self._level_line(job, level, best, top_scores, root)
        cp, mate = split_score(line.score)
        ponder = line.pv[1] if len(line.pv) > 1 else self._tt_reply(job, line.pv[0])
        return BestMove(line.pv[0], ponder, cp, mate)

    def _level_line(self, job: _Job, level: Level, lines: list[_Line], top_scores: list[int],
                    root: list[int]) -> _Line:
        """The line a weakened level plays: drawn from the candidates by their scores, hotter in
        a complicated position, then held to the mate guard (engine/levels.py)."""
        recent = [max(-1000, min(1000, s)) for s in top_scores[-3:]]
        swing = max(recent) - min(recent) if recent else 0
        captures = sum(1 for mv in job.root if capture_gain(job.T, job.board, mv) > 0)
        hardness = complexity(swing, captures)
        rng = random.Random(job.config.level_seed) if job.config.level_seed is not None \
            else self._level_rng
        # an interrupted iteration may have put its new best move first: one line per move
        lines = [l for i, l in enumerate(lines) if all(l.pv[0] != m.pv[0] for m in lines[:i])]
        line = lines[choose([l.score for l in lines], level, hardness, rng)]
        if not level.guards_mates:
            return line
        move = guarded_choice(job.position, [l.pv[0] for l in lines], line.pv[0], root)
        if move == line.pv[0]:
            return line
        for other in lines:
            if other.pv[0] == move:
                return other
        return _Line(line.score, [move])   # a root move outside the candidates: no score of its own

    def _aspiration(self, worker: _Worker, root: list[int], depth: int, prev: int | None,
                    job: "_Job | None" = None) -> tuple[int, list[int], bool]:
        """Search inside a window around the previous score, widening on a fail; a fail after
        the first second is reported as a lower/upper bound record."""
        if prev is None or depth < 4 or abs(prev) >= S.RULE_BOUND:
            return worker.search(self._tt, self._shared, root, depth, -S.INF, S.INF)
        delta = 25
        alpha, beta = max(-S.INF, prev - delta), min(S.INF, prev + delta)
        while True:
            score, pv, aborted = worker.search(self._tt, self._shared, root, depth, alpha, beta)
            if aborted:
                return score, (pv if score > alpha else []), True
            if job is not None and self._elapsed_ms() > 1000 and (score <= alpha or score >= beta):
                bound = "upper" if score <= alpha else "lower"
                self._emit(job, depth, 1, score, pv if score >= beta and pv else root[:1], bound)
            if score <= alpha:
                beta = (alpha + beta) // 2
                alpha = max(-S.INF, score - delta)
            elif score >= beta:
                beta = min(S.INF, score + delta)
            else:
                return score, pv, False
            delta += delta // 2 + 5
            if delta > 1000:
                alpha, beta = -S.INF, S.INF

    def _should_stop(self, job: _Job, score: int, depth: int, unstable: bool = False) -> bool:
        """After an iteration: stop now? A best move that just changed, or a falling score,
        earns more of the soft budget."""
        limits = job.limits
        if self._shared[S.SH_STOP]:
            return True
        if limits.mate:
            _, mate = split_score(score)
            if mate is not None and 0 < mate <= 2 * int(limits.mate) - 1:
                return True
        if job.pondering or limits.infinite:
            return False
        soft = self._plan.soft_ms
        if soft is not None:
            if len(job.root) == 1:
                return True            # the only move: answer at once
            # an iteration takes about as long as all before it: do not start one that
            # cannot finish (with a fixed time per move, use it all)
            share = 1.0 if self._plan.fixed else (0.9 if unstable else 0.5)
            if self._elapsed_ms() >= soft * share:
                return True
        return False

    def _initial_order(self, job: _Job) -> list[int]:
        ttmove = 0
        data = int(tt_probe(self._tt.table, int(job.st[L.S_HASH])))
        if data:
            ttmove = data & S.MOVE_MASK
        board = job.board

        def key(mv: int) -> int:
            return -(1 << 30) if mv == ttmove else -int(capture_gain(job.T, board, mv))
        return sorted(job.root, key=key)

    def _start_helpers(self, job: _Job, root: list[int]) -> list[threading.Thread]:
        threads = []
        for i in range(1, min(job.config.threads, len(self._workers))):
            worker = self._workers[i]
            try:
                worker.setup(job)
                thread = threading.Thread(target=self._helper, args=(worker, list(root), i),
                                          daemon=True, name=f"jiangjun-helper-{i}")
                thread.start()
            except (MemoryError, RuntimeError) as error:   # no memory or threads left
                print(f"jiangjun: {len(threads)} helper threads only ({error})", file=sys.stderr)
                break
            threads.append(thread)
        return threads

    def _helper(self, worker: _Worker, root: list[int], index: int) -> None:
        """Lazy SMP: search the same root, filling the shared table, until the main thread
        stops (a depth limit binds only the main thread, as in Stockfish: a helper idle during
        the main thread's last iteration would help no one). Odd helpers run one ply ahead of
        the main thread, even ones alongside it; a helper that fell behind the main thread
        skips to its depth; windows as the main thread's (aspiration)."""
        try:
            depth, prev = 1 + index % 2, None
            while depth <= S.MAXP - 8:
                score, pv, aborted = self._aspiration(worker, root, depth, prev)
                if aborted or self._shared[S.SH_STOP]:
                    return
                prev = score
                if pv:
                    root = [pv[0]] + [m for m in root if m != pv[0]]
                depth = max(depth + 1, self._main_depth + 1 + index % 2)
        except Exception:
            traceback.print_exc(file=sys.stderr)

    def _nodes(self) -> int:
        return int(sum(int(w.ctl[S.C_NODES]) for w in self._workers[:self.config.threads]))

    def _emit(self, job: _Job, depth: int, multipv: int, score: int, pv: list[int],
              bound: str = "exact") -> None:
        if job.on_info is None:
            return
        cp, mate = split_score(score)
        ms = max(1, int(self._elapsed_ms()))
        nodes = self._nodes()
        job.on_info(Info(depth=depth, seldepth=max(depth, int(self._workers[0].ctl[S.C_SELDEPTH])),
                         multipv=multipv, score_cp=cp, mate_plies=mate, bound=bound,
                         nodes=nodes, nps=int(nodes * 1000 / ms), time_ms=ms,
                         hashfull=self._tt.hashfull(), pv=list(pv),
                         wdl=wdl_estimate(job.spec, cp, mate)))

    def _tt_reply(self, job: _Job, move: int) -> int | None:
        """The expected reply from the TT, for a ponder move when the PV has only one move."""
        board = job.board.copy()
        st = job.st.copy()
        undo = np.zeros((4, L.U_SIZE), dtype=np.int64)
        from .kernels.makemove import make_move
        make_move(job.T, job.Z, board, st, undo, move)
        data = int(tt_probe(self._tt.table, int(st[L.S_HASH])))
        if not data:
            return None
        reply = data & S.MOVE_MASK
        moves = np.zeros(L.MOVE_BUF, dtype=np.int32)   # gen_legal keeps scratch at its end
        end = gen_legal(job.T, board, st, moves, 0)
        return int(reply) if reply in set(int(m) for m in moves[:end]) else None
