"""How well a profile predicts the results: mean squared error of the results against
``1 / (1 + exp(-eval / K))`` (eval in centipawns from the first player's view), and the K that
fits best."""
from __future__ import annotations

import math

import numpy as np

from engine.evaluation import EvalProfile, build_table
from engine.kernels import search_layout as S
from engine.kernels.tuning import evaluate_all
from engine.tables import compile_tables
from engine.variants import get_variant

from .positions import Dataset


class Objective:
    """The error of profiles of one game on one data set."""

    def __init__(self, game: str, data: Dataset):
        self.spec = get_variant(game)
        self.T = compile_tables(self.spec).T
        self.data = data
        self.scratch = np.zeros(S.SC_SIZE, dtype=np.int64)
        self.out = np.zeros(len(data.results), dtype=np.int64)

    def evals(self, prof: EvalProfile) -> np.ndarray:
        E = build_table(self.spec, prof)
        self.scratch[:] = 0     # evaluate caches scores by position hash: not across tables
        evaluate_all(self.T, E, self.data.boards, self.data.sts, self.scratch, self.out)
        return self.out.astype(np.float64)

    def error(self, prof: EvalProfile, K: float) -> float:
        return mse(self.evals(prof), self.data.results, K)


def mse(evals: np.ndarray, results: np.ndarray, K: float) -> float:
    return float(np.mean((results - 1.0 / (1.0 + np.exp(-evals / K))) ** 2))


def fit_k(evals: np.ndarray, results: np.ndarray) -> float:
    """Golden-section search of log K in [10, 2000] centipawns."""
    lo, hi = math.log(10.0), math.log(2000.0)
    g = (math.sqrt(5) - 1) / 2
    a, b = hi - g * (hi - lo), lo + g * (hi - lo)
    fa, fb = mse(evals, results, math.exp(a)), mse(evals, results, math.exp(b))
    for _ in range(60):
        if fa < fb:
            hi, b, fb = b, a, fa
            a = hi - g * (hi - lo)
            fa = mse(evals, results, math.exp(a))
        else:
            lo, a, fa = a, b, fb
            b = lo + g * (hi - lo)
            fb = mse(evals, results, math.exp(b))
    return math.exp((lo + hi) / 2)
