"""Janggi evaluation data: piece-square shapes hand-set, scalar terms Texel-tuned.

The hand-set start was material on the game's own point scale times 100 (chariot 13, cannon 7,
horse 5, elephant 3, guard 3, soldier 2), with small endgame shifts (cannons lose value as
screens disappear, horses gain); mobility R 3/4, N 5/5, C 3/3, B 2/2; king zone R 16, N 14, C 14,
P 12; shield A 10, B 3; tempo 15. Tuned (tools/texel_tune.py, each term within 25% or 8 cp of
that start): piece values, mobility, king zone, shield, tempo. Data: 16,458 quiet positions of
244 games (94 of our engine at 10 s + 0.1 s against Fairy-Stockfish, Skill 5-20 and full, made
with the tournament runner; 150 self-play at 4000 nodes per move); K = 412 cp; mean squared
error 0.1747 -> 0.1678 on the games tuned on, but 0.1732 -> 0.1804 on the 10% held out (it does
not generalise as an error). Validation against the hand-set values, 100 games each in
colour-swapped pairs from 8 random plies: 6000 nodes per move +54 -46, +28 +/- 68 Elo; 12000
nodes +52 -48, +14 +/- 65 (together 106-94: not worse, no proven gain). Reproduce, from the
hand-set commit: python tools/texel_tune.py --variant janggi /work/tuning/logs/janggi/*.jsonl
--write. The WDL model stays hand-set (the fit, scale ~325, describes 4000-node self-play).
The point values (POINTS) are the rules' count, not evaluation, and were not tuned.

Soldiers gain as they advance and most near the enemy palace; horses like the centre; the
general prefers the palace centre. Mobility for chariot, horse, cannon and elephant. Rules for the
search: two passes, a repetition, the 200-ply limit and a bikjang (generals facing once a capture
has happened) that the reply leaves standing end the game by points (Han +1.5); a side that
checked on every move of a repetition cycle loses.
"""
from . import EvalProfile


def _pst(letter: str, f: int, r: int) -> tuple[int, int]:
    centre = 4 - abs(f - 4)
    if letter == "P":
        bonus = max(0, r - 3) * 12 + (3 * centre if r >= 5 else 0)
        if 3 <= f <= 5 and 7 <= r <= 9:
            bonus += 25
        if r == 9:
            bonus -= 15
        return bonus, bonus + 10
    if letter == "N":
        return 6 * centre + min(r, 6) * 4 - (10 if r == 0 else 0), 6 * centre + min(r, 6) * 3
    if letter == "K":
        return (10 if (f, r) == (4, 1) else 0), 0
    if letter == "R":
        return 2 * min(r, 7), 0
    return 0, 0


POINTS = {"R": 1300, "C": 700, "N": 500, "B": 300, "A": 300, "P": 200}

PROFILE = EvalProfile(
    values={"K": (0, 0), "A": (339, 225), "B": (248, 437), "N": (414, 675), "R": (975, 1687),
            "C": (540, 650), "P": (235, 165)},
    pst=_pst,
    phase={"R": 6, "C": 4, "N": 3, "B": 2, "A": 1},
    mobility={"R": (11, 12), "N": (-3, 13), "C": (1, 11), "B": (-1, 10)},
    mobility_cap=17,
    king_zone={"R": 24, "N": 22, "C": 6, "P": 20},
    shield={"A": 18, "B": -5},
    tempo=7,
    perpetual_check_loses=True,
    repetition_points=True,
    bikjang_points=True,
    ply_limit_points=200,
    points=POINTS,
    second_player_bonus=150,
    wdl_scale=150.0,
    wdl_draw_margin=0.0,     # janggi has no draws: the point count decides
)
