"""The eval graph of an analysed game as a PNG (matplotlib, the optional ``analysis`` extra).

The curve is the first player's score in pawns after each ply, clamped to the thresholds' clamp
(a mate or a finished game sits on the clamp). Inaccuracies, mistakes and blunders are marked on
it, one colour per side and one shape per severity, with room left at both ends so the first and
last markers are drawn whole. The image is exactly ``width`` x ``height`` pixels.
"""
from __future__ import annotations

from .annotate import GameAnalysis
from .output import SIDE_NAMES

DPI = 100
SIDE_COLOURS = ("#1f77b4", "#d62728")          # first player blue, second player red
# mark -> (name, marker shape, marker area): larger and sharper as the move gets worse
MARKERS = {"?!": ("inaccuracy", "o", 16), "?": ("mistake", "s", 26), "??": ("blunder", "X", 48)}


class PlotUnavailable(RuntimeError):
    pass


def require_matplotlib() -> None:
    """PlotUnavailable (with the install hint) when matplotlib is missing."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise PlotUnavailable("--plot needs matplotlib: pip install 'jiangjun[analysis]'") from None


def plot_eval(analysis: GameAnalysis, path: str, width: int = 800, height: int = 400) -> None:
    eval_figure(analysis, width, height).savefig(path, dpi=DPI, format="png")


def eval_figure(analysis: GameAnalysis, width: int = 800, height: int = 400):
    """The matplotlib Figure of the eval graph (one Axes), laid out and ready to save."""
    require_matplotlib()
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    dpi = DPI
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
    game = analysis.game
    sides = SIDE_NAMES.get(game.variant, ("first", "second"))
    marked = False
    for side, colour in enumerate(SIDE_COLOURS):
        for mark, (name, shape, area) in MARKERS.items():
            xs = [n.ply + 1 for n in analysis.notes if n.mark == mark and n.mover == side]
            if xs:
                ax.scatter(xs, [values[x] for x in xs], color=colour, marker=shape, s=area,
                           zorder=3, edgecolors="black", linewidths=0.4,
                           label=f"{sides[side]} {name}")
                marked = True
    first, second = sides
    last = max(1, len(plies) - 1)
    pad = max(0.6, last * 0.015)   # half a marker's width and more: the end markers stay whole
    ax.set_xlim(-pad, last + pad)
    limit = clamp / 100
    ax.set_ylim(-limit * 1.08, limit * 1.08)
    ax.set_xlabel("ply")
    ax.set_ylabel(f"pawns ({first} +, {second} -)")
    ax.set_title(f"{game.names[0]} - {game.names[1]}  ({game.variant}, {game.result})", fontsize=10)
    if marked:
        ax.legend(loc="upper left", fontsize=7, ncol=2)
    fig.tight_layout()
    return fig


def png_size(path: str) -> tuple[int, int]:
    """(width, height) from a PNG file's IHDR header; ValueError if it is not a PNG."""
    with open(path, "rb") as fh:
        head = fh.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        raise ValueError(f"{path} is not a PNG file")
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
