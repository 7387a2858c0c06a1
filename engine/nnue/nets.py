"""Which net a game plays with: the one shipped in the package for it (engine/nets/), or the
file a user names (the protocols' ``EvalFile``), and the eval table that carries it.

Nets ship as ``engine/nets/<game>-<first 12 hex digits of their SHA-256>.nnue``; a game with no
file there plays with its hand-made evaluation.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np

from ..spec import VariantSpec
from .network import NetFileError, QuantisedNet, pack_net, read_net

NETS = Path(__file__).resolve().parents[1] / "nets"

_LOADED: dict[tuple[str, str, int, int], QuantisedNet] = {}
_TABLES: dict[tuple[int, int], tuple[np.ndarray, QuantisedNet, np.ndarray]] = {}


@lru_cache(maxsize=None)
def shipped_net(variant: str) -> Path | None:
    """The package's net for ``variant`` (looked up once: every search start asks)."""
    found = sorted(NETS.glob(f"{variant}-*.nnue"))
    return found[-1] if found else None


def load_net(spec: VariantSpec, eval_file: str = "") -> QuantisedNet | None:
    """The net for ``spec``: ``eval_file`` if given, else the shipped one, else None.
    NetFileError when the file named cannot be used for this game."""
    path = Path(eval_file).expanduser() if eval_file else shipped_net(spec.name)
    if path is None:
        return None
    try:
        stat = path.stat()
    except OSError as error:
        raise NetFileError(f"cannot read {path}: {error.strerror or error}") from None
    key = (spec.name, str(path), stat.st_mtime_ns, stat.st_size)
    if key not in _LOADED:
        _LOADED[key] = read_net(path, spec.name)
    return _LOADED[key]


def table_with_net(E: np.ndarray, net: QuantisedNet) -> np.ndarray:
    """``E`` with ``net`` packed in (cached: a search start must not copy a megabyte)."""
    key = (id(E), id(net))
    cached = _TABLES.get(key)
    if cached is None or cached[0] is not E or cached[1] is not net:
        cached = _TABLES[key] = (E, net, pack_net(E, net))
    return cached[2]
