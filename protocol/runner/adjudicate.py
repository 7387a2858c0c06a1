"""Resign and draw adjudication from the engines' own scores (cutechess-style)."""

from .config import Adjudication


class ScoreAdjudicator:
    """Feed each engine move's score (mover's view, centipawns); returns a result to stop at."""

    def __init__(self, rules: Adjudication):
        self.rules = rules
        # Signed streaks per side: +n = n consecutive own moves saying the first player is
        # winning by >= resign_score, -n = saying the second player is.
        self.streak = [0, 0]
        self.quiet = [0, 0]  # consecutive own moves with |score| <= draw_score

    def update(self, side: int, score: int | None, plies: int) -> tuple[str, str] | None:
        r = self.rules
        if score is None:  # no score: no evidence, start over
            self.streak, self.quiet = [0, 0], [0, 0]
            return None
        if r.resign_score is not None:
            first_view = score if side == 0 else -score
            sign = 1 if first_view >= r.resign_score else -1 if first_view <= -r.resign_score else 0
            old = self.streak[side]
            self.streak[side] = old + sign if sign and (old == 0 or (old > 0) == (sign > 0)) else sign
            a, b = self.streak
            if a * b > 0 and min(abs(a), abs(b)) >= r.resign_moves:
                return ("1-0" if a > 0 else "0-1"), "adjudication"
        if r.draw_score is not None:
            self.quiet[side] = self.quiet[side] + 1 if abs(score) <= r.draw_score else 0
            if plies // 2 >= r.draw_after and min(self.quiet) >= r.draw_moves:
                return "1/2-1/2", "adjudication"
        return None
