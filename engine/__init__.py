"""Jiangjun's engine. ``from engine import Engine`` is the in-process scripting API
(engine/scripting.py); it is loaded on first use, so importing a light submodule such as
engine.variants never pulls in the numba kernels."""

_API = ("Engine", "AnalysisLine", "PlayResult", "Score")


def __getattr__(name):
    if name in _API:
        from . import scripting
        return getattr(scripting, name)
    raise AttributeError(f"module 'engine' has no attribute {name!r}")


__all__ = list(_API)
