"""Print the per-game bench node counts at the depth tests/engine/search/test_bench.py pins, so a
commit that changes the search can update that table (and quote the numbers) in one step.

    python -m tools.bench_pins
"""
from __future__ import annotations

from engine.bench import POSITIONS, run

PINNED_DEPTH = 6


def main() -> None:
    for variant in sorted(POSITIONS):
        print(f'    "{variant}": {run(variant, PINNED_DEPTH)[0]},')


if __name__ == "__main__":
    main()
