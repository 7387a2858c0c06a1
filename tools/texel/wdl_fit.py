"""The WDL model of a profile, P(win) = 1 / (1 + exp(-(score - margin) / scale)) and the same
for the loss with -score, fitted by maximum likelihood on win/draw/loss labels."""
from __future__ import annotations

import math

import numpy as np


def fit_wdl(evals: np.ndarray, results: np.ndarray) -> tuple[float, float, float]:
    """(scale, margin, mean log loss) by grid search."""
    win, draw, loss = results == 1.0, results == 0.5, results == 0.0
    best = (math.inf, 0.0, 0.0)
    for scale in np.arange(20.0, 801.0, 5.0):
        for margin in np.arange(0.0, 401.0, 5.0):
            pw = 1.0 / (1.0 + np.exp(-(evals - margin) / scale))
            pl = 1.0 / (1.0 + np.exp(-(-evals - margin) / scale))
            pd = np.clip(1.0 - pw - pl, 1e-9, 1.0)
            ll = -(np.log(np.clip(pw[win], 1e-9, 1)).sum() + np.log(pd[draw]).sum()
                   + np.log(np.clip(pl[loss], 1e-9, 1)).sum()) / len(evals)
            if ll < best[0]:
                best = (ll, float(scale), float(margin))
            if not draw.any():
                break        # no draws in the data: the margin that fits is 0
    return best[1], best[2], best[0]
