"""Match statistics: Elo difference with a 95% error bar, LOS, and pentanomial SPRT.

Scores are from engine A's point of view. A game pair (same opening, colours swapped)
scores 0, 0.5, 1, 1.5 or 2: the pentanomial counts ``penta[k]`` are pairs scoring k/2.
"""

import math
from dataclasses import dataclass

Z95 = 1.959964


def elo_from_score(score: float) -> float:
    """Logistic Elo of a score fraction; +-inf for a score of 1 or 0 (no finite difference
    explains a sample with no loss or no win)."""
    if score >= 1.0:
        return math.inf
    if score <= 0.0:
        return -math.inf
    return -400.0 * math.log10(1.0 / score - 1.0) + 0.0  # + 0.0: never print "-0.0"


def score_from_elo(elo: float) -> float:
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


@dataclass(frozen=True)
class EloEstimate:
    elo: float
    error: float  # half-width of the 95% interval, in Elo; inf when the sample bounds nothing
    los: float  # likelihood of superiority, 0..1

    def text(self, digits: int = 1) -> str:
        """``+12.3 +/- 45.6``; a sample with no finite bound reads ``+inf +/- inf`` or
        ``0.0 +/- inf``, as cutechess prints inf/nan rather than a made-up number."""
        return f"{format_elo(self.elo, digits)} +/- {format_error(self.error, digits)}"


def format_elo(elo: float, digits: int = 1) -> str:
    if math.isinf(elo):
        return "+inf" if elo > 0 else "-inf"
    return f"{elo:+.{digits}f}" if round(elo, digits) else f"{0:.{digits}f}"


def format_error(error: float, digits: int = 1) -> str:
    return "inf" if not math.isfinite(error) else f"{error:.{digits}f}"


def elo_estimate(wins: int, draws: int, losses: int, penta: list[int] | None = None) -> EloEstimate:
    """Elo and 95% error from the pair (pentanomial) variance when pairs exist, else from
    the game (trinomial) variance. A sample whose variance is zero (all wins, all losses, all
    draws, all pairs alike) or that has a single observation gives no finite error bar."""
    n = wins + draws + losses
    if n == 0:
        return EloEstimate(0.0, math.inf, 0.5)
    score = (wins + 0.5 * draws) / n
    if penta and sum(penta) > 1:
        pairs = sum(penta)
        mean = sum(k * 0.25 * c for k, c in enumerate(penta)) / pairs
        var = sum(c * (k * 0.25 - mean) ** 2 for k, c in enumerate(penta)) / pairs
        stderr = math.sqrt(var / pairs)
        score = mean
    else:
        var = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / n
        stderr = math.sqrt(var / n) if n > 1 else 0.0
    decisive = wins + losses
    los = 0.5 if decisive == 0 else 0.5 * (1 + math.erf((wins - losses) / math.sqrt(2 * decisive)))
    elo = elo_from_score(score)
    if stderr == 0 or math.isinf(elo):
        return EloEstimate(elo, math.inf, los)
    lo, hi = elo_from_score(score - Z95 * stderr), elo_from_score(score + Z95 * stderr)
    return EloEstimate(elo, (hi - lo) / 2, los)


MIN_PAIRS = 10            # a one-sided sample this large may decide an SPRT: see Sprt.status


@dataclass(frozen=True)
class Sprt:
    """Sequential probability ratio test on the logistic Elo of A over B."""

    elo0: float = 0.0
    elo1: float = 5.0
    alpha: float = 0.05
    beta: float = 0.05

    @property
    def bounds(self) -> tuple[float, float]:
        return (math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha))

    def llr(self, penta: list[int]) -> float:
        """Log-likelihood ratio from pentanomial counts (normal approximation, as fishtest's
        GSPRT). Counts get a small prior so early all-draw or all-win samples stay finite."""
        counts = [c + 1e-3 for c in penta]
        pairs = sum(counts)
        if sum(penta) == 0:
            return 0.0
        mean = sum(k * 0.25 * c for k, c in enumerate(counts)) / pairs
        var = sum(c * (k * 0.25 - mean) ** 2 for k, c in enumerate(counts)) / pairs
        if var <= 0:
            return 0.0
        s0, s1 = score_from_elo(self.elo0), score_from_elo(self.elo1)
        # LLR = N/2 * ((mean - s0)^2 - (mean - s1)^2) / var, one observation per pair.
        return sum(penta) * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)

    @staticmethod
    def decidable(penta: list[int]) -> bool:
        """Each engine has won a pair (scored more than half of it), or MIN_PAIRS pairs are
        played: see status()."""
        return sum(penta) >= MIN_PAIRS or (any(penta[:2]) and any(penta[3:]))

    def status(self, penta: list[int]) -> str:
        """'H1' (A is better by elo1), 'H0' (not better than elo0) or '' (continue).

        No decision on a one-sided sample of fewer than MIN_PAIRS pairs, that is until each
        engine has won a pair (scored more than half of it) or that many pairs are played: a
        few one-sided pairs have next to no variance and a meaningless LLR (two pairs of 1.5
        points each gave +7.6, past the bound, after four games; two all-draw pairs as far
        below). Waiting for a pair won by each side alone never ends when one engine is far
        stronger (janggi, which has no draws: 39-0-9 and LLR +3.5 with no pair lost).
        From MIN_PAIRS pairs on the one-sided sample is itself the evidence: even engines win
        a pair by 1.5 points or more with probability at most 1/3 (draw rate 1/3), so ten
        such pairs in a row happen by chance less than once in 50,000 tests."""
        if not self.decidable(penta):
            return ""
        lower, upper = self.bounds
        value = self.llr(penta)
        if value >= upper:
            return "H1"
        if value <= lower:
            return "H0"
        return ""
