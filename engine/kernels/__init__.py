"""numba kernels: every per-node operation. See ``layout.py`` for the glossary and array layouts."""
