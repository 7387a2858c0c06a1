"""An interrupted match carries on from its game log (``jiangjun match --log F --resume``):
the logged games count, only the rest are played, and a log of another match is refused."""
import concurrent.futures as cf
import json
import sys

import pytest

from protocol.records.game import GameResult, MoveRecord
from protocol.records.writer import RecordWriter
from protocol.runner.cli import main as match_main
from protocol.runner.config import EngineConfig, TimeControl
from protocol.runner.openings import random_openings
from protocol.runner.resume import ResumeError, finished_games
from protocol.runner.runner import run_match
from protocol.runner.schedule import schedule
from protocol.runner.stats import Sprt

A, B = EngineConfig("a", "engine-a", "uci"), EngineConfig("b", "engine-b", "uci")
TC = TimeControl(depth=1)


def _specs(games=8, seed=1):
    return schedule([A, B], "chess", TC, random_openings("chess", games // 2, 2, seed),
                    games_per_encounter=games)


def _played(spec, result="1-0"):
    """The game ``spec`` as the runner logs it: the opening's moves, then a move of each side."""
    game = GameResult(spec.index, spec.round, spec.pair, spec.variant, spec.start_fen,
                      spec.first.name, spec.second.name, result, "normal", "test",
                      moves=[MoveRecord(m) for m in spec.opening], time_control=spec.tc.describe())
    game.opening_plies = len(spec.opening)
    game.moves += [MoveRecord("a2a3", 0.1, 20, 1, 30, ["a2a3"]), MoveRecord("a7a6", 0.1, -5, 1)]
    return game


class _ScriptedExecutor:
    """Plays each spec at once: the first player wins. Keeps the specs it was given."""
    slots = 1

    def __init__(self):
        self.played = []

    def submit(self, spec):
        self.played.append(spec.index)
        future = cf.Future()
        future.set_result(_played(spec))
        return future

    def finished(self, futures):
        return iter(futures)

    def cancel(self, futures):
        pass


def test_a_logged_game_reads_back_as_it_was_written(tmp_path):
    game = _played(_specs()[3], "1/2-1/2")
    game.scores = (1.5, 0.5)
    log = tmp_path / "m.jsonl"
    RecordWriter(jsonl=str(log)).write(game)
    assert GameResult.from_dict(json.loads(log.read_text())) == game


def test_the_logged_games_count_and_only_the_rest_are_played(tmp_path):
    specs = _specs()
    log = tmp_path / "m.jsonl"
    writer = RecordWriter(jsonl=str(log))
    for index in (0, 1, 4):
        writer.write(_played(specs[index], "0-1"))
    writer.write(_played(specs[2], "*"))            # unfinished: played again
    finished = finished_games(log, specs)
    assert [game.index for game in finished] == [0, 1, 4]
    executor = _ScriptedExecutor()
    outcome = run_match(specs, executor, RecordWriter(jsonl=str(log), append=True),
                        finished=finished)
    assert sorted(executor.played) == [2, 3, 5, 6, 7]
    assert len(outcome.results) == 8 and outcome.standings.games["a"] == 8
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(lines) == 4 + 5 and [line["index"] for line in lines[:4]] == [0, 1, 4, 2]


def test_a_test_the_log_already_decided_plays_nothing():
    specs = _specs(games=40)
    finished = [_played(spec, "1-0" if spec.first.name == "a" else "0-1") for spec in specs[:30]]
    finished[0] = _played(specs[0], "0-1")          # each engine has won a pair
    finished[1] = _played(specs[1], "1-0")
    executor = _ScriptedExecutor()
    outcome = run_match(specs, executor, sprt=Sprt(0, 50), finished=finished)
    assert outcome.sprt_status == "H1" and executor.played == []


@pytest.mark.parametrize("change, words", [
    (lambda game: setattr(game, "first", "c"), "has first player 'c', this match 'b'"),
    (lambda game: setattr(game.moves[0], "move", "a1a1"), "has opening"),
    (lambda game: setattr(game, "time_control", "60s"), "has time control '60s', this match 'depth=1'"),
    (lambda game: setattr(game, "index", 99), "is beyond this match's 8 games"),
])
def test_a_log_of_another_match_is_refused(tmp_path, change, words):
    specs = _specs()
    game = _played(specs[1])
    change(game)
    log = tmp_path / "m.jsonl"
    RecordWriter(jsonl=str(log)).write(game)
    with pytest.raises(ResumeError, match=words):
        finished_games(log, specs)


def test_a_file_that_is_no_log_is_refused_and_a_missing_one_has_no_games(tmp_path):
    log = tmp_path / "m.jsonl"
    assert finished_games(log, _specs()) == []
    for text in ('{"index": 1}\n', "not json\n", "[1, 2]\n"):
        log.write_text(text)
        with pytest.raises(ResumeError, match="line 1: not a game of a match log"):
            finished_games(log, _specs())
    log.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(ResumeError, match="not a match log"):
        finished_games(log, _specs())


def test_the_match_command_resumes_its_log(tmp_path, capsys):
    """Our engine at depth 1: a 2-game match, then the same match at 4 games resumed from its
    log plays the 2 missing games; the same log with another seed is refused."""
    log = tmp_path / "m.jsonl"
    engine = f"cmd={sys.executable} -m protocol"
    argv = ["--variant", "chess", "--engine", "name=x", engine, "proto=uci",
            "--engine", "name=y", engine, "proto=uci", "--depth", "1",
            "--random-plies", "2", "--seed", "5", "--log", str(log)]
    assert match_main(argv + ["--games", "2"]) == 0
    first = log.read_text().splitlines()
    assert len(first) == 2
    capsys.readouterr()
    assert match_main(argv + ["--games", "4", "--resume"]) == 0
    captured = capsys.readouterr()
    assert "resuming: 2 of 4 games already played" in captured.err
    assert "x vs y" in captured.out
    lines = log.read_text().splitlines()
    assert lines[:2] == first and len(lines) == 4
    assert sorted(json.loads(line)["index"] for line in lines) == [0, 1, 2, 3]
    other_seed = [w if w != "5" else "6" for w in argv]
    assert match_main(other_seed + ["--games", "4", "--resume"]) == 2
    assert "cannot resume" in capsys.readouterr().err
    assert match_main([w for w in argv if w not in ("--log", str(log))] + ["--resume"]) == 2


@pytest.mark.parametrize("output", ["log", "pgn", "shogi-dir"])
def test_a_new_match_never_overwrites_the_records_of_another(tmp_path, capsys, output):
    """The same command without --resume once truncated a 95-game log: now it refuses to start,
    names the file and the way on, and leaves the file as it was."""
    engine = f"cmd={sys.executable} -m protocol"
    argv = ["--variant", "chess", "--engine", "name=x", engine, "proto=uci",
            "--engine", "name=y", engine, "proto=uci", "--depth", "1", "--games", "2"]
    if output == "shogi-dir":
        target = tmp_path / "records"
        target.mkdir()
        (target / "game_0001.csa").write_text("V2.2\n")
        argv += ["--shogi-dir", str(target)]
        held = "already holds 1 game records"
    else:
        target = tmp_path / f"m.{'jsonl' if output == 'log' else 'pgn'}"
        target.write_text('{"index": 0}\n{"index": 1}\n' if output == "log" else "[Event \"x\"]\n")
        argv += [f"--{output}", str(target)]
        held = "already holds 2 games" if output == "log" else "already holds games"
    before = sorted(p.read_text() for p in tmp_path.rglob("*") if p.is_file())
    assert match_main(argv) == 2
    err = capsys.readouterr().err
    assert held in err and "add --resume to carry that match on" in err
    assert sorted(p.read_text() for p in tmp_path.rglob("*") if p.is_file()) == before


def test_an_empty_log_may_be_started_over(tmp_path):
    log = tmp_path / "m.jsonl"
    log.write_text("\n")
    engine = f"cmd={sys.executable} -m protocol"
    assert match_main(["--variant", "chess", "--engine", "name=x", engine, "proto=uci",
                       "--engine", "name=y", engine, "proto=uci", "--depth", "1",
                       "--games", "2", "--log", str(log)]) == 0
    assert len(log.read_text().splitlines()) == 2
