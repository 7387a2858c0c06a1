"""``jiangjun analyse``: read a game, analyse every position, write it annotated with an eval
graph and a summary. Modules: gamefile (PGN/KIF/CSA/position text in), annotate (scores and
marks), output (annotated PGN/KIF/CSA, summary), plot (PNG), progress (stderr bar), cli."""
