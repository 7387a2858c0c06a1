"""Tunable evaluation numbers as data: one JSON file beside each game's module.

``<game>.json`` holds the scalar weights ``tools/texel_tune.py`` may change (piece values,
mobility, king zone, shield, hand values, tempo, pawn-structure terms, the WDL model); the game's
module keeps what is code (piece-square shapes) and the settings no tuning touches. JSON lists
read back as tuples, the form ``EvalProfile`` uses.
"""
from __future__ import annotations

import json
from pathlib import Path

TUNABLE = ("values", "mobility", "king_zone", "shield", "hand", "tempo", "doubled", "isolated",
           "passed", "wdl_scale", "wdl_draw_margin")


def path_for(module_file: str | Path) -> Path:
    """The weights file of a game module: ``xiangqi.py`` -> ``xiangqi.json``."""
    return Path(module_file).with_suffix(".json")


def load(module_file: str | Path) -> dict:
    """The weights beside ``module_file`` (or in that JSON file), ready for
    ``EvalProfile(**weights, ...)``."""
    with open(path_for(module_file), encoding="utf-8") as handle:
        return {name: _tuples(value) for name, value in json.load(handle).items()}


def save(path: str | Path, weights: dict) -> None:
    """Write ``weights`` (field -> value) one field per line, in ``TUNABLE`` order."""
    order = [name for name in TUNABLE if name in weights]
    order += [name for name in weights if name not in order]
    lines = [f"  {json.dumps(name)}: {json.dumps(weights[name])}" for name in order]
    Path(path).write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")


def _tuples(value):
    if isinstance(value, list):
        return tuple(_tuples(item) for item in value)
    if isinstance(value, dict):
        return {key: _tuples(item) for key, item in value.items()}
    return value
