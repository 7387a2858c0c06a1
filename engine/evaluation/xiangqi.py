"""Xiangqi evaluation data: piece-square shapes hand-set, scalar terms Texel-tuned.

Shapes (hand-set): crossed soldiers gain 60-120 and most near the palace; a soldier on the last
rank loses most of that (it can only move sideways). Horses like the centre and advancing;
cannons the central file. Mobility counts reachable points for chariot, horse and cannon (a
blocked horse is the classic weakness). The king zone counts enemy attackers near the general;
advisors and elephants next to it are its shield.

Tuned (tools/texel_tune.py): piece values (middlegame, endgame), mobility, king zone, shield and
tempo, starting from the hand-set numbers (chariot 900/1000, cannon 450/400, horse 400/450,
advisor and elephant 200, soldier 100/120; mobility R 3/4, N 6/6, C 2/2; king zone R 14, N 16,
C 12, P 10; shield A 8, B 4; tempo 15), each within 25% or 8 cp of that start. Data: 30,482
quiet positions (quiescence = static eval, not in check, from ply 8) of 436 games: 286 of our
engine at 10 s + 0.1 s against Fairy-Stockfish (Skill 5-20) and maxqi, made with the tournament
runner, and 150 self-play games at 4000 nodes per move. Logistic scale K = 419 cp; mean squared
error 0.1086 -> 0.0979 on the 90% of games tuned on, 0.0952 -> 0.0865 on the 10% held out.
Validation, tuned against hand-set, 100 games each in colour-swapped pairs from 8 random plies:
6000 nodes per move +44 =21 -35, +31 +/- 57 Elo; 12000 nodes per move +49 =17 -34, +52 +/- 56
(together +93 =38 -69 in 200 games: not worse, likely a small gain). Reproduce,
from the hand-set commit (the logs are kept under /work/tuning/logs/xiangqi, in that order):
    python tools/texel_tune.py --variant xiangqi /work/tuning/logs/xiangqi/*.jsonl --write
The WDL model below stays hand-set: the fit on these games (scale ~300, margin at the grid's
400 edge) describes 4000-node self-play, not play at real time controls.
"""
from . import EvalProfile


def _pst(letter: str, f: int, r: int) -> tuple[int, int]:
    centre = 4 - abs(f - 4)
    if letter == "P":
        if r <= 4:
            return (0, 0) if r < 3 else (5 * (1 if f in (2, 4, 6) else 0), 0)
        bonus = 60 + 8 * centre + (25 if r in (6, 7) else 10 if r == 8 else 0)
        if r == 9:
            bonus = 20 + 4 * centre
        near_palace = 3 <= f <= 5 and r >= 7
        return bonus + (20 if near_palace else 0), bonus + 30
    if letter == "N":
        return 5 * centre + min(r, 7) * 5 - (15 if r == 0 else 0), 5 * centre + min(r, 7) * 3
    if letter == "R":
        return 2 * min(r, 7) + (10 if r == 6 else 0), 0
    if letter == "C":
        return (15 if f == 4 else 0) + (5 if r == 2 else 0), 0
    if letter == "K":
        return (-10 * r) + (5 if f == 4 else 0), 0
    return 0, 0


PROFILE = EvalProfile(
    values={"K": (0, 0), "A": (179, 150), "B": (241, 150), "N": (323, 458), "R": (1124, 1250),
            "C": (525, 300), "P": (75, 150)},
    pst=_pst,
    phase={"R": 6, "C": 3, "N": 3, "A": 1, "B": 1},
    mobility={"R": (11, 12), "N": (14, 14), "C": (10, 0)},
    mobility_cap=17,
    king_zone={"R": 22, "N": 24, "C": 20, "P": 18},
    shield={"A": 16, "B": -4},
    tempo=7,
    perpetual_check_loses=True,
    clock_draw_plies=120,
    mating_material=("R", "N", "C", "P"),
    wdl_scale=120.0,
    wdl_draw_margin=120.0,
)
