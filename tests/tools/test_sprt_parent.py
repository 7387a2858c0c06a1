"""tools/sprt_parent.py: the match it asks for (no engines started here; the runner's SPRT has
its own tests in tests/protocol/runner)."""
import argparse
from pathlib import Path

import pytest

from tools.sprt_parent import main, match_args


def options(**changes):
    values = dict(variant="shogi", tc="10+0.1", nodes=0, concurrency=1, games=2000,
                  sprt="elo0=0 elo1=5 alpha=0.05 beta=0.05", simplification=False,
                  random_plies=4, seed=1, hash=16, log=None, resume=False)
    values.update(changes)
    return argparse.Namespace(**values)


def engines(args):
    starts = [i for i, word in enumerate(args) if word == "--engine"]
    return [args[i + 1:j] for i, j in zip(starts, starts[1:] + [len(args)])]


def test_both_trees_play_over_the_games_dialect_one_game_at_a_time():
    args = match_args(options(), Path("/new"), Path("/old"), "base-abc")
    new, base = engines(args)
    assert new[0] == "name=new" and "dir=/new" in new and "proto=usi" in new
    assert base[0] == "name=base-abc" and "dir=/old" in base and "proto=usi" in base
    assert args[args.index("--concurrency") + 1] == "1"
    assert args[args.index("--sprt") + 1:args.index("--sprt") + 5] == [
        "elo0=0", "elo1=5", "alpha=0.05", "beta=0.05"]
    janggi = match_args(options(variant="janggi"), Path("/n"), Path("/o"), "b")
    assert "proto=uci" in engines(janggi)[0]


def test_a_simplification_must_lose_nothing():
    args = match_args(options(simplification=True), Path("/n"), Path("/o"), "b")
    assert args[args.index("--sprt") + 1:args.index("--sprt") + 3] == ["elo0=-5", "elo1=0"]


def test_equal_nodes_replace_the_clock_and_may_run_games_side_by_side():
    args = match_args(options(nodes=20000, concurrency=2), Path("/n"), Path("/o"), "b")
    assert args[args.index("--nodes") + 1] == "20000" and "--tc" not in args
    assert args[args.index("--concurrency") + 1] == "2"


def test_games_side_by_side_need_equal_nodes(capsys):
    with pytest.raises(SystemExit):
        main(["--variant", "shogi", "--concurrency", "2"])
    assert "needs --nodes" in capsys.readouterr().err


def test_an_interrupted_test_resumes_from_its_log(capsys):
    args = match_args(options(log="t.jsonl", resume=True), Path("/n"), Path("/o"), "b")
    assert args[args.index("--log") + 1] == "t.jsonl" and "--resume" in args
    assert "--resume" not in match_args(options(log="t.jsonl"), Path("/n"), Path("/o"), "b")
    with pytest.raises(SystemExit):
        main(["--variant", "shogi", "--resume"])
    assert "--resume needs the --log" in capsys.readouterr().err
