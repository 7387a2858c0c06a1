"""The eval graph of an analysed game as a PNG (matplotlib, the optional ``analysis`` extra).

The curve is the first player's score in pawns after each ply, clamped to the thresholds' clamp
(a mate or a finished game sits on the clamp); mistakes and blunders are marked on it. The image
is exactly ``width`` x ``height`` pixels.
"""
from __future__ import annotations

from .annotate import GameAnalysis
from .output import SIDE_NAMES


class PlotUnavailable(RuntimeError):
    pass


def require_matplotlib() -> None:
    """PlotUnavailable (with the install hint) when matplotlib is missing."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise PlotUnavailable("--plot needs matplotlib: pip install 'jiangjun[analysis]'") from None


def plot_eval(analysis: GameAnalysis, path: str, width: int = 800, height: int = 400) -> None:
    require_matplotlib()
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    dpi = 100
    clamp = analysis.thresholds.clamp
    plies = list(range(len(analysis.evals)))
    values = [max(-clamp, min(clamp, e.value)) / 100 for e in analysis.evals]
    fig = Figure(figsize=(width / dpi, height / dpi), dpi=dpi)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    ax.fill_between(plies, values, 0, where=[v >= 0 for v in values], color="#d8d8d8",
                    step=None, interpolate=True)
    ax.fill_between(plies, values, 0, where=[v <= 0 for v in values], color="#606060",
                    interpolate=True)
    ax.plot(plies, values, color="black", linewidth=1)
    ax.axhline(0, color="grey", linewidth=0.5)
    for mark, colour, label in (("?", "orange", "mistake"), ("??", "red", "blunder")):
        xs = [n.ply + 1 for n in analysis.notes if n.mark == mark]
        ys = [values[x] for x in xs]
        if xs:
            ax.scatter(xs, ys, color=colour, s=18, zorder=3, label=label)
    game = analysis.game
    first, second = SIDE_NAMES.get(game.variant, ("first", "second"))
    ax.set_xlim(0, max(1, len(plies) - 1))
    limit = clamp / 100
    ax.set_ylim(-limit * 1.05, limit * 1.05)
    ax.set_xlabel("ply")
    ax.set_ylabel(f"pawns ({first} +, {second} -)")
    ax.set_title(f"{game.names[0]} - {game.names[1]}  ({game.variant}, {game.result})", fontsize=10)
    if any(n.mark in ("?", "??") for n in analysis.notes):
        ax.legend(loc="upper left", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=dpi, format="png")


def png_size(path: str) -> tuple[int, int]:
    """(width, height) from a PNG file's IHDR header; ValueError if it is not a PNG."""
    with open(path, "rb") as fh:
        head = fh.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        raise ValueError(f"{path} is not a PNG file")
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
