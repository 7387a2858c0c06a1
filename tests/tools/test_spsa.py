"""tools/spsa.py: parameters, the SPSA schedule and update (no engines: a synthetic match
whose better side is known), the game pairs it asks for, and its log."""
import json

import pytest

from protocol.records.game import GameResult
from tools.spsa import (Parameter, Spsa, main, numbers_text, pair_result, pair_specs,
                        parse_parameter)
from protocol.runner.config import TimeControl
from protocol.runner.openings import Opening

START = {"futility_margin": 120, "reduction_divisor": 225}


def test_a_parameter_starts_at_the_games_number():
    p = parse_parameter("futility_margin:40:240", START)
    assert (p.name, p.low, p.high, p.c_end, p.value) == ("futility_margin", 40, 240, 10.0, 120.0)
    assert parse_parameter("reduction_divisor:150:300:7.5", START).c_end == 7.5


@pytest.mark.parametrize("text, reason", [
    ("futility_margin:40", "NAME:MIN:MAX"),
    ("bogus:1:2", "unknown search number"),
    ("futility_margin:a:240", "whole numbers"),
    ("futility_margin:240:40", "MIN below MAX"),
    ("futility_margin:130:240", "outside 130..240"),
])
def test_a_bad_parameter_is_refused(text, reason):
    with pytest.raises(ValueError, match=reason):
        parse_parameter(text, START)


def synthetic_pair(trial, best=150):
    """Plus scores the pair when its number is nearer ``best`` (ties: a drawn pair)."""
    plus = abs(trial["plus"]["futility_margin"] - best)
    minus = abs(trial["minus"]["futility_margin"] - best)
    return 0.0 if plus == minus else (1.0 if plus < minus else -1.0)


def test_the_estimate_climbs_to_the_better_number():
    spsa = Spsa([parse_parameter("futility_margin:40:240", START)], pairs=400, r_end=0.05)
    for k in range(1, 401):
        trial = spsa.perturb(k)
        spsa.update(trial, synthetic_pair(trial))
    assert abs(spsa.params[0].value - 150) < 10
    assert spsa.numbers()["futility_margin"] == round(spsa.params[0].value)


def test_the_perturbation_shrinks_and_stays_in_range():
    spsa = Spsa([Parameter("futility_margin", 100, 130, 4.0, 115.0)], pairs=100, seed=3)
    first, last = spsa.perturb(1), spsa.perturb(100)

    def spread(trial):
        return abs(trial["plus"]["futility_margin"] - trial["minus"]["futility_margin"])

    assert spread(first) > spread(last) == 8                # 2 * c_end at the end
    assert spsa.perturb(7) == spsa.perturb(7)              # from the seed, not the call order
    spsa.params[0].value = 128.0                           # near the top: clipped to the range
    trial = spsa.perturb(1)
    assert 130 in (trial["plus"]["futility_margin"], trial["minus"]["futility_margin"])


def test_a_replayed_log_gives_the_same_estimate():
    def params():
        return [parse_parameter("futility_margin:40:240", START)]

    ran = Spsa(params(), pairs=50, r_end=0.05)
    records = [ran.update(ran.perturb(k), synthetic_pair(ran.perturb(k))) for k in range(1, 31)]
    again = Spsa(params(), pairs=50, r_end=0.05)
    for record in json.loads(json.dumps(records)):
        again.replay(record)
    assert again.params[0].value == ran.params[0].value and again.done == 30


def game(first, second, result, index=0):
    return GameResult(index, 1, 1, "chess", None, first, second, result, "normal", "")


def test_a_pair_is_scored_for_plus_and_an_unfinished_one_not_at_all():
    assert pair_result([game("plus", "minus", "1-0"), game("minus", "plus", "1/2-1/2")]) == 1
    assert pair_result([game("plus", "minus", "0-1"), game("minus", "plus", "1-0")]) == -2
    assert pair_result([game("plus", "minus", "1-0"), game("minus", "plus", "*")]) is None


def test_a_pair_is_two_games_from_one_opening_with_colours_swapped():
    trial = {"pair": 3, "plus": {"futility_margin": 131}, "minus": {"futility_margin": 109}}
    opening = Opening(None, ("e2e4", "e7e5"))
    specs = pair_specs(3, trial, "shogi", opening, TimeControl(nodes=500), "python -m protocol",
                       "/tree")
    assert [s.index for s in specs] == [4, 5] and {s.pair for s in specs} == {3}
    assert (specs[0].first.name, specs[0].second.name) == ("plus", "minus")
    assert (specs[1].first.name, specs[1].second.name) == ("minus", "plus")
    plus = specs[0].first
    assert plus.protocol == "usi" and plus.cwd == "/tree"
    assert plus.options == (("Search Numbers", "futility_margin=131"),)
    assert specs[0].opening == specs[1].opening == ("e2e4", "e7e5")
    assert numbers_text({"a": 1, "b": 2}) == "a=1 b=2"


def test_a_log_with_a_run_in_it_needs_resume(tmp_path, capsys):
    log = tmp_path / "spsa.jsonl"
    log.write_text(json.dumps({"pair": 1, "values": {"futility_margin": 121.0}}) + "\n")
    with pytest.raises(SystemExit):
        main(["--variant", "chess", "--param", "futility_margin:40:240", "--log", str(log)])
    assert "--resume to carry it on" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--variant", "chess", "--param", "reduction_divisor:150:300", "--log", str(log),
              "--resume"])
    assert "tunes ['futility_margin'], not these parameters" in capsys.readouterr().err


def test_a_short_run_plays_its_pairs_with_this_checkouts_engine(tmp_path, capsys):
    log = tmp_path / "spsa.jsonl"
    args = ["--variant", "chess", "--param", "futility_margin:40:240", "--pairs", "2",
            "--nodes", "200", "--random-plies", "2", "--seed", "5", "--log", str(log)]
    assert main(args) == 0
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert [r["pair"] for r in records] == [1, 2]
    assert all(-2 <= r["result"] <= 2 for r in records)
    out = capsys.readouterr().out
    assert "tuned after 2 pairs: Search Numbers = futility_margin=" in out
    assert main(args + ["--resume"]) == 0              # nothing left to play
    assert len(log.read_text().splitlines()) == 2
