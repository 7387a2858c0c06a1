"""``jiangjun analyse``: read a game, analyse every position, write it annotated with an eval
graph and a summary. Modules: annotate (scores and marks), compare, evals, output (annotated
PGN/KIF/CSA, summary), plot (PNG), progress (stderr bar), cli. Games are read by
protocol/records/reader.py."""
