"""Playing levels: how a Skill Level weakens the search, and which level a UCI_Elo asks for in each
game. Plain Python (no numba): the protocol reads the option ranges and the Elo tables at its
handshake, before the kernels load.

Glossary
  skill        0.0 - 20.0. 20 is full strength (nothing weakened); UCI_Elo maps to a fractional
               skill through the game's calibration, so levels between the integers exist.
  node budget  the nodes a weakened search may spend: ×1.5 a level, from 50 at skill 0 to about
               110 k at 19 (full strength at 10 s + 0.1 s spends about 100-300 k a move here).
               The first iteration always completes, whatever the budget: every candidate needs
               a score.
  depth cap    the deepest iteration a weakened search starts: 1 + skill / 2.
  candidates   how many root lines the weakened search scores (MultiPV): 4, more below skill 8,
               so that the weakest levels also consider the moves a beginner might.
  temperature  centipawns: the chosen line is drawn with probability exp(-(best - score) / T),
               so a move 1 T worse than the best is e times less likely than it. T grows as the
               skill drops (about 10 cp at 19, 300 at 0).
  complexity   0 - 1, how hard the position is for a person: the search's best score swinging
               between iterations and the captures the side to move has. T is scaled by
               0.5 + complexity, so a trivial position (a recapture, one safe move) is played
               right far more often than a sharp one at the same level.
  mate guard   from MATE_GUARD_SKILL on, a weakened level always plays a mate in one and never
               a move that lets the opponent mate in one when another move does not: the
               mistakes a beginner would not make.
"""
from __future__ import annotations

import json
import math
import random
from bisect import bisect_left
from dataclasses import dataclass
from pathlib import Path

FULL_SKILL = 20
SKILL_RANGE = (0, FULL_SKILL)
MATE_GUARD_SKILL = 6.0
NODES_AT_ZERO = 50
NODE_GROWTH = 1.5
BASE_CANDIDATES = 4
HOTTEST_CP = 300.0       # the temperature at skill 0
COOLEST_CP = 10.0        # ... approached at skill 20
SWING_SCALE_CP = 150.0   # a swing this large between iterations counts as fully complicated
TENSION_SCALE = 6.0      # as many root captures as this counts as fully complicated


@dataclass(frozen=True)
class Level:
    skill: float

    @property
    def full_strength(self) -> bool:
        return self.skill >= FULL_SKILL

    @property
    def node_budget(self) -> int:
        return int(round(NODES_AT_ZERO * NODE_GROWTH ** self.skill))

    @property
    def depth_cap(self) -> int:
        return 1 + int(self.skill // 2)

    @property
    def candidates(self) -> int:
        return BASE_CANDIDATES + max(0, int(8 - self.skill)) // 2

    @property
    def temperature_cp(self) -> float:
        weakness = 1.0 - min(self.skill, FULL_SKILL) / FULL_SKILL
        return COOLEST_CP + (HOTTEST_CP - COOLEST_CP) * weakness * weakness

    @property
    def guards_mates(self) -> bool:
        return self.skill >= MATE_GUARD_SKILL


def complexity(score_swing_cp: float, root_captures: int) -> float:
    """0 (trivial) to 1 (sharp): half from how far the best score moved over the last
    iterations, half from how many captures the side to move has."""
    swing = min(1.0, max(0.0, score_swing_cp) / SWING_SCALE_CP)
    tension = min(1.0, max(0, root_captures) / TENSION_SCALE)
    return 0.5 * swing + 0.5 * tension


def choice_weights(scores: list[int], level: Level, hardness: float) -> list[float]:
    """The probability of playing each candidate (scores in centipawns, best first; mate and
    rule scores are large and so are never traded for a normal one)."""
    temperature = level.temperature_cp * (0.5 + hardness)
    best = max(scores)
    weights = [math.exp(-min(700.0, (best - s) / temperature)) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


def choose(scores: list[int], level: Level, hardness: float, rng: random.Random) -> int:
    """The index of the candidate a level plays."""
    weights = choice_weights(scores, level, hardness)
    pick, acc = rng.random(), 0.0
    for index, weight in enumerate(weights):
        acc += weight
        if pick < acc:
            return index
    return len(weights) - 1


# ---------------------------------------------------------------------- UCI_Elo per game
# (skill, Elo) points measured by tools/calibrate_levels.py, rising in both; UCI_Elo between two
# points is read off the line between them, and outside the measured range it is clamped to
# the nearest end (UCI_Elo above the last point plays at full strength).
CALIBRATION_FILE = Path(__file__).with_name("levels_calibration.json")


def _calibration() -> dict[str, tuple[tuple[float, float], ...]]:
    data = json.loads(CALIBRATION_FILE.read_text(encoding="utf-8"))
    return {game: tuple((float(s), float(e)) for s, e in entry["points"])
            for game, entry in data.items()}


CALIBRATION = _calibration()
# The option's declared range: every game's calibrated range, in whole hundreds.
ELO_OPTION_RANGE = (int(min(p[0][1] for p in CALIBRATION.values()) // 100 * 100),
                    int(-(-max(p[-1][1] for p in CALIBRATION.values()) // 100) * 100))
ELO_DEFAULT = min(max(1500, ELO_OPTION_RANGE[0]), ELO_OPTION_RANGE[1])   # GUIs check it is in range


def elo_range(game: str) -> tuple[int, int]:
    points = CALIBRATION[game]
    return int(round(points[0][1])), int(round(points[-1][1]))


def skill_for_elo(game: str, elo: float) -> float:
    """The skill that plays at ``elo`` in ``game`` (FULL_SKILL at or above the top point)."""
    points = CALIBRATION[game]
    elos = [e for _, e in points]
    if elo <= elos[0]:
        return points[0][0]
    if elo >= elos[-1]:
        return points[-1][0]
    i = bisect_left(elos, elo)
    (s0, e0), (s1, e1) = points[i - 1], points[i]
    return s0 + (s1 - s0) * (elo - e0) / (e1 - e0)


def level_for(game: str, skill_level: int, limit_strength: bool, elo: int) -> Level:
    """The level the options ask for: UCI_LimitStrength with UCI_Elo wins over Skill Level, as in
    Stockfish; a game without a calibration plays Skill Level."""
    if limit_strength and game in CALIBRATION:
        return Level(skill_for_elo(game, elo))
    return Level(float(max(SKILL_RANGE[0], min(FULL_SKILL, skill_level))))
