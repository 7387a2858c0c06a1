"""The bench node count is deterministic and pinned: a change to the search, the evaluation or
move ordering changes it, and the commit that does so updates these numbers (quote them)."""
import pytest

from engine.bench import run
from protocol.cli import main
from tools.bench_pins import PINNED_DEPTH

PINNED = {                     # python -m tools.bench_pins prints this table anew
    "chess": 29510,               # with the shipped net (chess-93b189cd9485.nnue)
    "janggi": 23539,              # with the shipped net (janggi-fb099d877fbd.nnue)
    "shogi": 122138,              # with the shipped net (shogi-d7cc542124db.nnue)
    "xiangqi": 21711,             # with the shipped net (xiangqi-e68629017b86.nnue)
}


@pytest.mark.parametrize("variant", sorted(PINNED))
def test_bench_node_count_is_pinned(variant):
    nodes, nps = run(variant, PINNED_DEPTH)
    assert nodes == PINNED[variant]
    assert nps > 0


def test_bench_is_deterministic():
    assert run("chess", 4)[0] == run("chess", 4)[0]


def test_bench_command_prints_both_lines(capsys):
    assert main(["bench", "--variant", "janggi", "--depth", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Nodes searched: ") and int(out[0].split(": ")[1]) > 0
    assert out[1].startswith("Nodes/second: ")
