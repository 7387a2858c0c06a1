"""Running totals per engine and per engine pair, including game-pair (pentanomial) counts."""

from collections import defaultdict

from protocol.records.game import OUTCOMES, GameResult

from .stats import EloEstimate, elo_estimate, format_elo, format_error


class Standings:
    def __init__(self, names: list[str]):
        self.names = list(names)
        self.points = defaultdict(float)
        self.games = defaultdict(int)
        # (a, b) with a listed first -> [wins, draws, losses] of a against b
        self.wdl: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
        self._pairs: dict[int, list[GameResult]] = defaultdict(list)
        self.penta_counts: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0] * 5)
        self.first_wins = self.second_wins = self.draws = 0

    def _key(self, x: str, y: str) -> tuple[str, str]:
        return (x, y) if self.names.index(x) < self.names.index(y) else (y, x)

    def add(self, game: GameResult) -> None:
        for name in (game.first, game.second):
            self.points[name] += game.score_of(name)
            self.games[name] += 1
        a, b = self._key(game.first, game.second)
        self.wdl[(a, b)][OUTCOMES.index(game.outcome_of(a))] += 1
        self.first_wins += game.result == "1-0"
        self.second_wins += game.result == "0-1"
        self.draws += game.result == "1/2-1/2"
        pair = self._pairs[game.pair]
        pair.append(game)
        if len(pair) == 2:  # both colours played: one pentanomial observation
            total = sum(g.score_of(a) for g in pair)
            self.penta_counts[(a, b)][int(round(total * 2))] += 1

    def penta(self, a: str, b: str) -> list[int]:
        counts = self.penta_counts[self._key(a, b)]
        return counts if self._key(a, b) == (a, b) else counts[::-1]

    def estimate(self, a: str, b: str) -> EloEstimate:
        w, d, l = self.wdl[self._key(a, b)]
        if self._key(a, b) != (a, b):
            w, l = l, w
        return elo_estimate(w, d, l, self.penta(a, b))

    def wdl_of(self, a: str, b: str) -> tuple[int, int, int]:
        w, d, l = self.wdl[self._key(a, b)]
        return (w, d, l) if self._key(a, b) == (a, b) else (l, d, w)

    def table(self) -> str:
        """Final table: standings by points, then every pairing with Elo, error and LOS."""
        lines = [f"{'Rank':<5}{'Engine':<24}{'Games':>6}{'Points':>8}{'Score':>8}"]
        order = sorted(self.names, key=lambda n: -self.points[n])
        for rank, name in enumerate(order, 1):
            games = self.games[name]
            pct = 100 * self.points[name] / games if games else 0
            lines.append(f"{rank:<5}{name:<24}{games:>6}{self.points[name]:>8.1f}{pct:>7.1f}%")
        lines.append("")
        lines.append(f"{'Pairing':<40}{'W-D-L':>12}{'Elo':>9}{'+/-':>8}{'LOS':>8}  Pentanomial")
        for (a, b) in self.wdl:
            w, d, l = self.wdl_of(a, b)
            est = self.estimate(a, b)
            lines.append(f"{a + ' vs ' + b:<40}{f'{w}-{d}-{l}':>12}{format_elo(est.elo):>9}"
                         f"{format_error(est.error):>8}"
                         f"{100 * est.los:>7.1f}%  {self.penta(a, b)}")
        lines.append("")
        lines.append(f"First player wins {self.first_wins}, second player wins {self.second_wins}, "
                     f"draws {self.draws}")
        return "\n".join(lines)
