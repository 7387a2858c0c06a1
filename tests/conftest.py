import json
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"


def load_vectors(name: str) -> dict:
    """A copy of ../shared/vectors/<name>.json kept in tests/data so a clone needs nothing else."""
    with open(DATA / f"{name}.json", encoding="utf-8") as handle:
        return json.load(handle)


@pytest.fixture(scope="session")
def vectors():
    return load_vectors
