"""tools/bench_pins prints test_bench.py's PINNED table as it stands in the file, comments
included, so a commit that moves the search pastes its rows in one step."""
from pathlib import Path

from tests.engine.search.test_bench import PINNED
from tools.bench_pins import pin_line

TEST_BENCH = Path(__file__).resolve().parents[1] / "engine" / "search" / "test_bench.py"


def test_the_printed_rows_are_the_rows_of_the_pinned_table():
    text = TEST_BENCH.read_text().splitlines()
    for variant, nodes in PINNED.items():
        assert pin_line(variant, nodes) in text


def test_a_game_with_a_shipped_net_names_it():
    assert "# with the shipped net (shogi-" in pin_line("shogi", 1)


def test_a_game_without_a_net_has_a_bare_row(no_shipped_nets):
    assert pin_line("shogi", 1) == '    "shogi": 1,'
