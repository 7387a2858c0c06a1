"""tools/strength_match.py: the match it asks for (no engines started here)."""
import argparse

from tools.strength_match import build_args


def options(**changes):
    values = dict(variant="xiangqi", opponent="fsf", skill=None, games=200, tc="10+0.1",
                  random_plies=4, seed=30, concurrency=1, threads=1, hash=32, fsf_variant=None,
                  log=None, resume=False)
    values.update(changes)
    return argparse.Namespace(**values)


def test_an_interrupted_gauntlet_resumes_its_log():
    args = build_args(options(log="g.jsonl", resume=True))
    assert args[args.index("--log") + 1] == "g.jsonl" and "--resume" in args
    assert "--resume" not in build_args(options(log="g.jsonl"))


def test_full_strength_fairy_stockfish_is_played_without_a_skill_level():
    args = build_args(options())
    opponent = args[args.index("--engine", args.index("--engine") + 1) + 1:]
    assert "name=fsf" in opponent and not any("Skill" in word for word in opponent)
    assert args[args.index("--seed") + 1] == "30" and args[args.index("--games") + 1] == "200"
    skilled = build_args(options(skill=10))
    assert "option.Skill Level=10" in skilled and "name=fsf-skill10" in skilled
