"""Evaluation, and the search's view of each game's rules, as data.

A variant's spec names the module of its profile (``VariantSpec.evaluation``); that module
(``xiangqi.py`` ...) defines ``PROFILE``, an :class:`EvalProfile`, with its tunable weights in a
JSON file beside it (``weights.py``). Values are centipawns with the game's weakest common unit
near 100. ``eval_table(spec)`` packs a profile and the rules' numbers (``rule_view.py``, read from
the spec) into the int32 array ``E`` that ``engine/kernels/evaluate.py`` and the search kernels
read (layout in ``engine/kernels/search_layout.py``). Piece-square functions take (file, rank)
from the owner's side: rank 0 is the owner's back rank; the second player's table is the rotated
image (mirrored across the middle rank for chess, where king and queen side differ).
"""
from __future__ import annotations

import importlib
import math
from dataclasses import dataclass, field, replace
from typing import Callable

import numpy as np

from ..geometry import Geometry
from ..kernels import layout as L
from ..kernels import search_layout as S
from ..search_tables import SearchProfile, parse_search_numbers
from ..spec import VariantSpec
from ..rule_ends import ARBITER as RULE_ENDS_ARBITER, CHOICES as RULE_ENDS
from ..rule_ends import MATE_AND_DRAWS as RULE_ENDS_MATE_AND_DRAWS
from ..tables import compile_tables
from .rule_view import RuleView, mate_and_draws_only, rule_view


def _no_pst(letter: str, file: int, rank: int) -> tuple[int, int]:
    return 0, 0


@dataclass(frozen=True)
class EvalProfile:
    values: dict[str, tuple[int, int]]                 # letter -> (middlegame, endgame)
    pst: Callable[[str, int, int], tuple[int, int]] = _no_pst   # extra value by square
    phase: dict[str, int] = field(default_factory=dict)          # letter -> phase weight
    hand: dict[str, tuple[int, ...]] = field(default_factory=dict)  # value of 1st, 2nd... in hand
    mobility: dict[str, tuple[int, int]] = field(default_factory=dict)  # per reachable square
    mobility_cap: int = 16
    king_zone: dict[str, int] = field(default_factory=dict)  # enemy piece within 2 of our royal
    shield: dict[str, int] = field(default_factory=dict)     # own piece adjacent to our royal
    pawn_structure: bool = False
    doubled: int = 0
    isolated: int = 0
    passed: tuple[int, ...] = ()                      # by relative rank
    tempo: int = 10
    lazy_margin: int = 300    # skip mobility/king/pawn terms when material is this far outside
    rotated: bool = True      # the second player's tables are rotated 180 degrees (else mirrored)
    null_move: bool = True
    search: SearchProfile = SearchProfile()   # the search's numbers for this game
    # WDL model: P(win) = 1 / (1 + exp(-(score - draw_margin) / wdl_scale))
    wdl_scale: float = 100.0
    wdl_draw_margin: float = 100.0


_TABLES: dict[tuple[int, str, bool], tuple[VariantSpec, str, np.ndarray]] = {}


def profile(spec: VariantSpec) -> EvalProfile:
    """The profile of the module the spec names."""
    if not spec.evaluation:
        raise ValueError(f"{spec.name} names no evaluation module")
    return importlib.import_module(spec.evaluation).PROFILE


def eval_table(spec: VariantSpec, rule_ends: str = RULE_ENDS_ARBITER,
               search_numbers: str = "") -> np.ndarray:
    """The game's eval table for the game ends ``rule_ends``; with ``search_numbers``
    ("name=value ...", engine/search_tables.parse_search_numbers) the search reads those
    numbers instead of the game's own (for tuning; ValueError when they do not make a
    profile for this game)."""
    if rule_ends not in RULE_ENDS:
        raise ValueError(f"rule ends are one of {', '.join(RULE_ENDS)}, not {rule_ends!r}")
    tuned = search_numbers.strip()
    # the tables with other numbers are kept one per game: a tuner changes them often
    key = (id(spec), rule_ends, bool(tuned))
    cached = _TABLES.get(key)
    if cached is None or cached[0] is not spec or cached[1] != tuned:
        prof = profile(spec)
        if tuned:
            prof = replace(prof, search=prof.search.with_numbers(parse_search_numbers(tuned)))
        rules = rule_view(spec)
        if rule_ends == RULE_ENDS_MATE_AND_DRAWS:
            rules = mate_and_draws_only(rules)
        cached = _TABLES[key] = (spec, tuned, build_table(spec, prof, rules))
    return cached[2]


def build_table(spec: VariantSpec, prof: EvalProfile, rules: RuleView | None = None
                ) -> np.ndarray:
    """The eval table of ``prof`` with the game's rule numbers (the spec's, by default)."""
    rules = rules or rule_view(spec)
    geo = Geometry(spec.files, spec.ranks)
    letters = [p.letter for p in spec.pieces]
    E: list[int] = [0] * S.EV_HEADER

    def reserve(count: int) -> int:
        offset = len(E)
        E.extend([0] * count)
        return offset

    def per_type(mapping: dict, pick=lambda v: v) -> int:
        off = reserve(L.MAX_TYPES)
        for letter, value in mapping.items():
            E[off + letters.index(letter) + 1] = pick(value)
        return off

    for slot, phase_index in ((S.EV_PST_MG, 0), (S.EV_PST_EG, 1)):
        off = reserve(2 * L.MAX_TYPES * L.NSQ)
        E[slot] = off
        for pt, letter in enumerate(letters, start=1):
            base = prof.values.get(letter, (0, 0))[phase_index]
            for side in (0, 1):
                for sq in geo.squares():
                    file, rank = geo.file_of(sq), geo.rank_of(sq)
                    own_rank = rank if side == 0 else spec.ranks - 1 - rank
                    own_file = file if side == 0 or not prof.rotated else spec.files - 1 - file
                    extra = prof.pst(letter, own_file, own_rank)[phase_index]
                    E[off + (side * L.MAX_TYPES + pt) * L.NSQ + sq] = base + extra
    E[S.EV_PHASE] = per_type(prof.phase)
    pieces_phase = sum(prof.phase.get(p.letter, 0) * _start_count(spec, p.letter)
                       for p in spec.pieces)
    E[S.EV_PHASE_TOTAL] = pieces_phase
    for slot, index in ((S.EV_HAND_MG, 0), (S.EV_HAND_EG, 1)):
        off = reserve(L.MAX_TYPES * 8)
        E[slot] = off
        for letter, seq in prof.hand.items():
            pt = letters.index(letter) + 1
            for j in range(8):
                E[off + pt * 8 + j] = seq[min(j, len(seq) - 1)]
    E[S.EV_POINTS] = per_type(rules.points)
    E[S.EV_SECOND_BONUS] = rules.second_player_bonus
    flags = S.EVF_NULL_MOVE if prof.null_move else 0
    for wanted, flag in ((rules.no_moves_loses, S.EVF_NOMOVES_LOSS),
                         (rules.perpetual_check_loses, S.EVF_PERPETUAL_LOSES),
                         (rules.repetition_points, S.EVF_REP_POINTS),
                         (rules.pass_points, S.EVF_PASS_POINTS),
                         (rules.bikjang_points, S.EVF_BIKJANG),
                         (rules.perpetual_chase_loses, S.EVF_PERPETUAL_CHASE)):
        if wanted:
            flags |= flag
    E[S.EV_CHASE_REGION] = E[S.EV_CHASE_REGION + 1] = -1
    if rules.perpetual_chase_loses:
        # the arbiter's rule counts chases as well as checks: the search judges them too
        regions = compile_tables(spec).region_index
        for side in (0, 1):
            E[S.EV_CHASE_REGION + side] = regions.get(("enemy_half", side), -1)
    E[S.EV_FLAGS] = flags
    E[S.EV_CLOCK_DRAW] = rules.clock_draw_plies
    E[S.EV_PLY_POINTS] = rules.ply_limit_points
    E[S.EV_ATTACKERS] = sum(1 << (letters.index(x) + 1) for x in rules.mating_material)
    E[S.EV_TEMPO] = prof.tempo
    E[S.EV_MOB_MG] = per_type(prof.mobility, lambda v: v[0])
    E[S.EV_MOB_EG] = per_type(prof.mobility, lambda v: v[1])
    E[S.EV_MOB_CAP] = prof.mobility_cap
    E[S.EV_LAZY] = prof.lazy_margin
    E[S.EV_KZONE] = per_type(prof.king_zone)
    E[S.EV_SHIELD] = per_type(prof.shield)
    E[S.EV_PAWN] = 1 if prof.pawn_structure else 0
    E[S.EV_DOUBLED] = prof.doubled
    E[S.EV_ISOLATED] = prof.isolated
    off = reserve(32)
    E[S.EV_PASSED] = off
    for i, bonus in enumerate(prof.passed):
        E[off + i] = bonus
    reductions = prof.search.reductions()
    E[S.EV_LMR] = reserve(len(reductions))
    E[E[S.EV_LMR]:] = reductions
    numbers = prof.search.table()
    E[S.EV_SEARCH] = reserve(len(numbers))
    E[E[S.EV_SEARCH]:] = numbers
    return np.asarray(E, dtype=np.int32)


def _start_count(spec: VariantSpec, letter: str) -> int:
    board = spec.start_fen.split()[0]
    return sum(1 for c in board if c.upper() == letter)


def wdl(spec: VariantSpec, score_cp: int | None, mate_plies: int | None) -> tuple[int, int, int]:
    """Per-mille win/draw/loss for the side to move from a score (a logistic model)."""
    if mate_plies is not None:
        return (1000, 0, 0) if mate_plies > 0 else (0, 0, 1000)
    prof = profile(spec)
    s = max(-4000, min(4000, score_cp or 0))
    win = 1.0 / (1.0 + math.exp(-(s - prof.wdl_draw_margin) / prof.wdl_scale))
    loss = 1.0 / (1.0 + math.exp(-(-s - prof.wdl_draw_margin) / prof.wdl_scale))
    w, l_ = round(win * 1000), round(loss * 1000)
    return w, max(0, 1000 - w - l_), l_
