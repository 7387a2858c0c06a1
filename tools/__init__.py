"""Benchmarks, matches and tuning around the engine; run from the repository root as
``python -m tools.<name>`` (e.g. ``python -m tools.bench_perft --variant janggi``)."""
