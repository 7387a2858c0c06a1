"""Print the per-game bench node counts at the depth tests/engine/search/test_bench.py pins, so a
commit that changes the search can update that table (and quote the numbers) in one step.

    python -m tools.bench_pins
"""
from __future__ import annotations

from engine.bench import POSITIONS, run
from engine.nnue.nets import shipped_net

PINNED_DEPTH = 6


def pin_line(variant: str, nodes: int) -> str:
    """One row of test_bench.py's PINNED, naming the net where one ships (its count moves with
    the net)."""
    row = f'    "{variant}": {nodes},'
    net = shipped_net(variant)
    return f"{row:<34}# with the shipped net ({net.name})" if net else row


def main() -> None:
    for variant in sorted(POSITIONS):
        print(pin_line(variant, run(variant, PINNED_DEPTH)[0]))


if __name__ == "__main__":
    main()
