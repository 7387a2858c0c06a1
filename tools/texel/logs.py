"""Finished games of one game from the JSON-lines logs the tournament runner writes."""
from __future__ import annotations

import json

from engine.variants import get_variant
from protocol.records.game import FIRST_POINTS


def game_of(variant: str) -> str | None:
    """Our game (the spec's name) a log's variant name belongs to, None if none."""
    try:
        return get_variant(variant).name
    except ValueError:
        return None


def read_games(paths: list[str], game: str) -> list[dict]:
    """Finished games of ``game`` from runner logs (lines being written are skipped)."""
    out = []
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                try:
                    record = json.loads(line)
                except json.JSONDecodeError:
                    continue
                if (game_of(record.get("variant", "")) == game
                        and record.get("result") in FIRST_POINTS):
                    out.append(record)
    return out
