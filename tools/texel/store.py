"""Tuned weights written into the game's weights file (engine/evaluation/<game>.json), the data
the game's evaluation module reads at import; every field not tuned stays as it was."""
from __future__ import annotations

import importlib
from pathlib import Path

from engine.evaluation import EvalProfile, weights
from engine.variants import get_variant


def weights_path(game: str) -> Path:
    return weights.path_for(importlib.import_module(get_variant(game).evaluation).__file__)


def write_weights(game: str, prof: EvalProfile, fields: set[str],
                  path: str | Path | None = None) -> Path:
    """Replace ``fields`` in the weights file (``path``, by default the game's) by ``prof``'s."""
    path = Path(path) if path else weights_path(game)
    stored = weights.load(path)
    for name in fields:
        stored[name] = getattr(prof, name)
    weights.save(path, stored)
    return path
