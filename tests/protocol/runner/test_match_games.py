"""Real short games: Fairy-Stockfish against itself over mixed dialects, against MaxQi,
scripted misbehaving engines, records on disk, the CLI end to end, and a Dask cluster."""

import json
import os
import re
import subprocess
import sys

import pytest

from engine.game import Game
from engine.kernels.attacks import royals_face
from protocol.runner import pool
from protocol.runner.cli import main as match_main
from protocol.runner.config import EngineConfig, GameSpec, TimeControl
from protocol.runner.game import play_game
from protocol.records.writer import pgn_text, write_shogi

FSF = "/usr/games/fairy-stockfish"
MAXQI = "/usr/games/maxqi"
needs_fsf = pytest.mark.skipif(not os.path.exists(FSF), reason="fairy-stockfish not installed")
needs_maxqi = pytest.mark.skipif(not os.path.exists(MAXQI), reason="maxqi not installed")


def needs_engine_rules(variant):
    try:
        from protocol.runner.arbiter import make_arbiter
        make_arbiter(variant, None)
    except Exception as exc:  # noqa: BLE001
        pytest.skip(f"no arbiter for {variant} yet: {exc}")


@pytest.fixture(autouse=True)
def _close_engines():
    yield
    pool.close_all()


def spec(variant, first, second, tc, opening=(), fen=None, index=0):
    return GameSpec(index, 1, index // 2, variant, fen, tuple(opening), first, second, tc)


@needs_fsf
@pytest.mark.parametrize("variant, p1, p2, opening", [
    ("chess", "uci", "xboard", ("e2e4",)),
    ("xiangqi", "ucci", "uci", ("h2e2",)),
    ("janggi", "uci", "xboard", ("e1e1",)),  # the opening pass must reach both engines right
    ("shogi", "usi", "xboard", ("7g7f",)),
])
def test_fsf_against_itself_across_dialects(variant, p1, p2, opening):
    needs_engine_rules(variant)
    a = EngineConfig("fsf-" + p1, FSF, p1, (("Skill Level", "0"),) if p1 != "xboard" else ())
    b = EngineConfig("fsf-" + p2, FSF, p2)
    res = play_game(spec(variant, a, b, TimeControl(depth=1, hang_timeout=20), opening))
    assert res.result in ("1-0", "0-1", "1/2-1/2"), res.reason
    # FSF 11.1 takes facing generals for a finished game whatever came before (no "after a
    # capture", no reply to break it): it then gives no move, or passes even in check. Our
    # rules play on, so the runner scores the move it did not get (see the test below).
    fsf_bikjang = variant == "janggi" and res.termination == "rules infraction" \
        and _generals_face(res)
    assert fsf_bikjang or res.termination in ("normal", "adjudication"), res.reason
    assert res.opening_plies == 1 and len(res.moves) > 10
    assert all(m.elapsed is not None for m in res.moves[1:])
    if variant == "shogi":
        assert all(len(m.move) in (4, 5) for m in res.moves)  # USI text throughout


# Cho's general d1 faces Han's d9 and Han's horse e3 checks it: FSF 11.1 answers "bestmove d2d2".
FSF_PASSES_IN_CHECK = "2bk1ab2/4a3r/4c1n2/4pp1p1/p8/5P2P/1P2n1N2/2r6/R2KA2R1/2B6 w - - 2 38"


@needs_fsf
def test_fsf_passing_in_check_under_facing_generals_loses_by_rules_infraction():
    needs_engine_rules("janggi")
    fsf = EngineConfig("fsf", FSF, "uci")
    other = EngineConfig("fsf-2", FSF, "uci")
    res = play_game(spec("janggi", fsf, other, TimeControl(depth=1, hang_timeout=20),
                         fen=FSF_PASSES_IN_CHECK))
    assert (res.result, res.termination) == ("0-1", "rules infraction"), res.reason
    assert "illegal move d1d1" in res.reason and res.moves == []
    assert _generals_face(res)


def _generals_face(res) -> bool:
    """The game's last position has the generals on one file with nothing between."""
    board = Game(res.variant, res.start_fen, [m.move for m in res.moves]).board
    return royals_face(board.position.cv.T, board.position.board, board.position.st)


@needs_fsf
@needs_maxqi
def test_fsf_against_maxqi_with_clock():
    needs_engine_rules("xiangqi")
    fsf = EngineConfig("fsf", FSF, "ucci")
    maxqi = EngineConfig("maxqi", MAXQI, "xboard")
    res = play_game(spec("xiangqi", maxqi, fsf, TimeControl(base=3, inc=0.05, margin=0.5)))
    assert res.result in ("1-0", "0-1", "1/2-1/2")
    assert res.termination in ("normal", "adjudication"), res.reason
    assert sum(m.elapsed for m in res.moves[0::2]) < 3 + 0.05 * len(res.moves) + 0.5
    text = pgn_text(res)
    assert '[Variant "xiangqi"]' in text and '[White "maxqi"]' in text and res.result in text


def scripted(body: str) -> str:
    """A tiny UCI engine in Python; ``body`` handles 'go' lines (l is the line)."""
    src = ("import sys\nfor l in sys.stdin:\n l=l.strip()\n"
           " if l=='uci': print('id name Script'); print('uciok', flush=True)\n"
           " elif l=='isready': print('readyok', flush=True)\n"
           " elif l=='quit': break\n"
           f" elif l.startswith('go'):\n  {body}\n")
    path = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"script_{abs(hash(body))}.py")
    with open(path, "w") as fh:
        fh.write(src)
    return f"{sys.executable} {path}"


@needs_fsf
@pytest.mark.parametrize("body, termination, words", [
    ("print('bestmove a1a1', flush=True)", "rules infraction", "illegal move a1a1"),
    ("sys.exit(5)", "abandoned", "crashed"),
    ("pass", "time forfeit", "loses on time"),
])
def test_misbehaving_engine_loses_with_reason(body, termination, words):
    needs_engine_rules("chess")
    bad = EngineConfig("bad", scripted(body), "uci")
    good = EngineConfig("fsf", FSF, "uci")
    res = play_game(spec("chess", bad, good, TimeControl(base=0.5, margin=0.2)))
    assert res.result == "0-1" and res.termination == termination
    assert words in res.reason and "White (bad)" in res.reason
    # The broken engine is restarted (or dropped) for the next game: the pool never reuses it.
    res2 = play_game(spec("chess", good, bad, TimeControl(base=0.5, margin=0.2), index=1))
    assert res2.result == "1-0"


def test_hang_without_clock_is_reported_as_hang():
    needs_engine_rules("chess")
    silent = EngineConfig("silent", scripted("pass"), "uci")
    other = EngineConfig("other", scripted("pass"), "uci")
    res = play_game(spec("chess", silent, other, TimeControl(depth=3, hang_timeout=0.5)))
    assert res.termination == "abandoned" and "hangs" in res.reason


@needs_fsf
def test_shogi_records(tmp_path):
    needs_engine_rules("shogi")
    a, b = EngineConfig("A", FSF, "usi"), EngineConfig("B", FSF, "uci")
    res = play_game(spec("shogi", a, b, TimeControl(depth=1, hang_timeout=20), ("7g7f",)))
    write_shogi(res, str(tmp_path / "g.csa"), "csa")
    write_shogi(res, str(tmp_path / "g.kif"), "kif")
    csa = (tmp_path / "g.csa").read_text()
    assert "N+A" in csa and "N-B" in csa and "+7776FU" in csa
    import cshogi.CSA
    parsed = cshogi.CSA.Parser.parse_file(str(tmp_path / "g.csa"))[0]
    assert len(parsed.moves) == len(res.moves)
    assert "先手：A" in (tmp_path / "g.kif").read_text(encoding="cp932")  # .kif is Shift-JIS


@needs_fsf
def test_cli_match_with_sprt_pgn_and_log(tmp_path, capsys):
    needs_engine_rules("chess")
    pgn, log = tmp_path / "m.pgn", tmp_path / "m.jsonl"
    code = match_main(["--variant", "chess",
                       "--engine", "name=strong", f"cmd={FSF}", "proto=uci",
                       "--engine", "name=weak", f"cmd={FSF}", "proto=uci", "option.Skill Level=-20",
                       "--depth", "3", "--games", "4", "--concurrency", "2",
                       "--openings", str(_chess_openings(tmp_path)),
                       "--sprt", "elo0=0", "elo1=400", "alpha=0.2", "beta=0.2",
                       "--pgn", str(pgn), "--log", str(log)])
    assert code == 0
    out = capsys.readouterr().out
    assert "strong vs weak" in out and "LOS" in out and "SPRT" in out
    games = [json.loads(line) for line in log.read_text().splitlines()]
    assert 1 <= len(games) <= 4
    assert all(g["result"] in ("1-0", "0-1", "1/2-1/2") for g in games)
    assert pgn.read_text().count("[Event ") == len(games)
    assert '[FEN "' in pgn.read_text()


def _chess_openings(tmp_path):
    path = tmp_path / "open.epd"
    path.write_text("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq -\nstartpos moves e2e4 c7c5\n")
    return path


@needs_fsf
def test_jiangjun_match_command_runs():
    proc = subprocess.run([sys.executable, "-m", "protocol", "match", "--variant", "chess",
                           "--engine", "name=a", f"cmd={FSF}", "proto=uci",
                           "--engine", "name=b", f"cmd={FSF}", "proto=xboard",
                           "--depth", "1", "--games", "2"],
                          capture_output=True, text=True, timeout=120, cwd=os.getcwd())
    assert proc.returncode == 0, proc.stderr
    assert "a vs b" in proc.stdout


@needs_fsf
def test_dask_local_cluster_runs_the_games(tmp_path):
    distributed = pytest.importorskip("distributed", reason="dask distributed not installed")
    needs_engine_rules("chess")
    from protocol.runner.executors import DaskExecutor
    from protocol.runner.runner import run_match
    from protocol.runner.schedule import schedule
    from protocol.runner.openings import Opening
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1",
                                       dashboard_address=None, processes=True)
    try:
        executor = DaskExecutor(cluster.scheduler_address)
        assert executor.slots == 2
        engines = [EngineConfig("a", FSF, "uci"), EngineConfig("b", FSF, "xboard")]
        specs = schedule(engines, "chess", TimeControl(depth=1, hang_timeout=20),
                         [Opening(None, ("e2e4",)), Opening(None, ("d2d4",))], games_per_encounter=4)
        try:
            outcome = run_match(specs, executor)
        finally:
            executor.shutdown()
        assert len(outcome.results) == 4
        assert sorted(r.index for r in outcome.results) == [0, 1, 2, 3]
        assert all(r.result in ("1-0", "0-1", "1/2-1/2") for r in outcome.results)
        assert outcome.standings.games["a"] == 4
    finally:
        cluster.close()


# ---------------------------------------------------------------------- engines that cannot start
OURS = f"{sys.executable} -m protocol"


def unstartable(kind: str, tmp_path) -> str:
    if kind == "missing":
        return "/nonexistent/engine"
    if kind == "not executable":
        path = tmp_path / "engine.sh"
        path.write_text("#!/bin/sh\necho uciok\n")
        path.chmod(0o644)
        return str(path)
    if kind == "bad quoting":
        return "engine 'unclosed"
    return f"{sys.executable} -c 'import sys; sys.exit(3)'"  # exits at once


@pytest.mark.parametrize("kind, words", [
    ("missing", "cannot run '/nonexistent/engine': No such file or directory"),
    ("not executable", "Permission denied"),
    ("bad quoting", "cannot read the command"),
    ("exits at once", "exit code 3"),
])
def test_engine_that_cannot_start_loses_with_the_reason(kind, words, tmp_path):
    needs_engine_rules("chess")
    broken = EngineConfig("broken", unstartable(kind, tmp_path), "uci")
    other = EngineConfig("other", scripted("pass"), "uci")
    res = play_game(spec("chess", other, broken, TimeControl(depth=1, hang_timeout=5)))
    assert res.result == "1-0" and res.termination == "abandoned"
    assert "Black (broken) failed to start" in res.reason and words in res.reason
    assert res.failed_to_start == "broken"


def test_runner_gives_up_an_engine_that_never_starts_and_the_others_play_on():
    needs_engine_rules("chess")
    from protocol.runner.executors import LocalExecutor
    from protocol.runner.openings import Opening
    from protocol.runner.runner import run_match
    from protocol.runner.schedule import schedule
    from protocol.runner.config import Adjudication
    missing = EngineConfig("missing", "/nonexistent/engine", "uci")
    a, b = EngineConfig("a", OURS, "uci"), EngineConfig("b", OURS, "uci")
    tc = TimeControl(depth=1, hang_timeout=60)
    specs = schedule([missing, a, b], "chess", tc, [Opening(None)], games_per_encounter=4,
                     adjudication=Adjudication(max_plies=2))
    executor = LocalExecutor(1)
    try:
        outcome = run_match(specs, executor, give_up_after=2)
    finally:
        executor.shutdown()
    assert set(outcome.given_up) == {"missing"}
    missing_games = [r for r in outcome.results if "missing" in (r.first, r.second)]
    assert len(missing_games) == 2 and all(r.failed_to_start == "missing" for r in missing_games)
    assert outcome.not_played == sum("missing" in (s.first.name, s.second.name) for s in specs) - 2
    played = [r for r in outcome.results if "missing" not in (r.first, r.second)]
    assert len(played) == 4 and all(r.result == "1/2-1/2" for r in played)  # max plies


def test_match_command_with_a_missing_engine_stops_with_a_clear_message():
    needs_engine_rules("chess")
    proc = subprocess.run([sys.executable, "-m", "protocol", "match", "--variant", "chess",
                           "--engine", "name=a", "cmd=/nonexistent/engine", "proto=uci",
                           "--engine", "name=b", f"cmd={scripted('pass')}", "proto=uci",
                           "--depth", "1", "--games", "10"],
                          capture_output=True, text=True, timeout=120, cwd=os.getcwd())
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    assert "gave up engine 'a' after it failed to start 3 times in a row" in proc.stderr
    assert "no game left could be played: 7 game(s) not played" in proc.stderr
    assert re.search(r"^1\s+b\s+3\s+3\.0\s", proc.stdout, re.M), proc.stdout
