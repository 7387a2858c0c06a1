"""Evaluation and the search's view of each game's rules, as data.

Each game module (``xiangqi.py`` ...) defines ``PROFILE``, an :class:`EvalProfile`. Values are
centipawns with the game's weakest common unit near 100. ``eval_table(spec)`` packs a profile into
the int32 array ``E`` that ``engine/kernels/evaluate.py`` and the search kernels read (layout in
``engine/kernels/search_layout.py``). Piece-square functions take (file, rank) from the owner's
side: rank 0 is the owner's back rank; the second player's table is the rotated image (mirrored
across the middle rank for chess, where king and queen side differ).

The numbers are hand-set from each game's common engine practice (documented per game module),
except the scalar terms (values, mobility, king zone, shield, tempo) of xiangqi and janggi, which
are Texel-tuned with tools/texel_tune.py; chess and shogi tuning lost its validation matches
(each module's docstring has the figures).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Callable

import numpy as np

from ..geometry import Geometry
from ..kernels import layout as L
from ..kernels import search_layout as S
from ..spec import VariantSpec
from ..rule_ends import ARBITER as RULE_ENDS_ARBITER, CHOICES as RULE_ENDS
from ..rule_ends import MATE_AND_DRAWS as RULE_ENDS_MATE_AND_DRAWS
from ..tables import compile_tables


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
    # the search's view of the game's end rules (the arbiter remains the judge)
    perpetual_check_loses: bool = False
    repetition_points: bool = False
    bikjang_points: bool = False   # janggi: facing generals (after a capture) left unbroken
    clock_draw_plies: int = 0
    ply_limit_points: int = 0
    points: dict[str, int] = field(default_factory=dict)
    second_player_bonus: int = 0
    mating_material: tuple[str, ...] = ()             # none left on either side: dead draw
    null_move: bool = True
    # WDL model: P(win) = 1 / (1 + exp(-(score - draw_margin) / wdl_scale))
    wdl_scale: float = 100.0
    wdl_draw_margin: float = 100.0


def _profiles() -> dict[str, EvalProfile]:
    from . import chess, janggi, shogi, xiangqi
    return {"xiangqi": xiangqi.PROFILE, "janggi": janggi.PROFILE, "shogi": shogi.PROFILE,
            "chess": chess.PROFILE}


_TABLES: dict[tuple[int, str], tuple[VariantSpec, np.ndarray]] = {}


def profile(spec: VariantSpec) -> EvalProfile:
    return _profiles()[spec.name]


def mate_and_draws_only(prof: EvalProfile) -> EvalProfile:
    """The profile with its rule wins and point counts taken out: a perpetual check or chase is
    the repetition (a draw) such a GUI sees, and bikjang or the ply limit end nothing."""
    return replace(prof, perpetual_check_loses=False, repetition_points=False,
                   bikjang_points=False, ply_limit_points=0)


def eval_table(spec: VariantSpec, rule_ends: str = RULE_ENDS_ARBITER) -> np.ndarray:
    if rule_ends not in RULE_ENDS:
        raise ValueError(f"rule ends are one of {', '.join(RULE_ENDS)}, not {rule_ends!r}")
    key = (id(spec), rule_ends)
    cached = _TABLES.get(key)
    if cached is None or cached[0] is not spec:
        prof = profile(spec)
        pass_points = True
        if rule_ends == RULE_ENDS_MATE_AND_DRAWS:
            prof, pass_points = mate_and_draws_only(prof), False
        cached = _TABLES[key] = (spec, build_table(spec, prof, pass_points))
    return cached[1]


def build_table(spec: VariantSpec, prof: EvalProfile, pass_points: bool = True) -> np.ndarray:
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
    E[S.EV_POINTS] = per_type(prof.points)
    E[S.EV_SECOND_BONUS] = prof.second_player_bonus
    flags = S.EVF_NULL_MOVE if prof.null_move else 0
    if spec.no_moves_result == "loss":
        flags |= S.EVF_NOMOVES_LOSS
    if prof.perpetual_check_loses:
        flags |= S.EVF_PERPETUAL_LOSES
    if prof.repetition_points:
        flags |= S.EVF_REP_POINTS
    if spec.double_pass_ends and prof.points and pass_points:
        flags |= S.EVF_PASS_POINTS
    if prof.bikjang_points:
        flags |= S.EVF_BIKJANG
    E[S.EV_CHASE_REGION] = E[S.EV_CHASE_REGION + 1] = -1
    if prof.perpetual_check_loses and "repetition_check_chase" in spec.end_rules:
        # the arbiter's rule counts chases as well as checks: the search judges them too
        flags |= S.EVF_PERPETUAL_CHASE
        regions = compile_tables(spec).region_index
        for side in (0, 1):
            E[S.EV_CHASE_REGION + side] = regions.get(("enemy_half", side), -1)
    E[S.EV_FLAGS] = flags
    E[S.EV_CLOCK_DRAW] = prof.clock_draw_plies
    E[S.EV_PLY_POINTS] = prof.ply_limit_points
    E[S.EV_ATTACKERS] = sum(1 << (letters.index(x) + 1) for x in prof.mating_material)
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
