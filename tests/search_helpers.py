"""Shared helpers for the search tests: run a search to completion and collect its records."""
from __future__ import annotations

import importlib
import threading
from dataclasses import replace

import engine.evaluation as evaluation
from engine.position import Position
from engine.search import Limits, Searcher
from engine.variants import VARIANTS


def run(position: Position, limits: Limits, searcher: Searcher | None = None, multipv: int = 1):
    searcher = searcher or Searcher()
    searcher.configure(replace(searcher.config, multipv=multipv))
    infos, done = [], []
    finished = threading.Event()

    def on_done(best):
        done.append(best)
        finished.set()
    searcher.start(position, limits, infos.append, on_done)
    searcher.wait()
    assert finished.is_set() and len(done) == 1
    return done[0], infos


def replay(position: Position, moves: list[int]) -> Position:
    copy = position.copy()
    for mv in moves:
        assert mv in copy.legal_moves()
        copy.push(mv)
    return copy


def is_checkmate(position: Position) -> bool:
    return not position.legal_moves() and position.in_check()


def search_with(monkeypatch, variants, **numbers) -> None:
    """The games in ``variants`` search with these SearchProfile numbers in place of their own
    (the rest of each game's profile kept), their eval tables built anew."""
    monkeypatch.setattr(evaluation, "_TABLES", {})
    for variant in variants:
        module = importlib.import_module(VARIANTS[variant].evaluation)
        profile = module.PROFILE
        monkeypatch.setattr(module, "PROFILE",
                            replace(profile, search=replace(profile.search, **numbers)))
