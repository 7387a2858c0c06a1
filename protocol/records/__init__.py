"""Game files, shared by the runner and the annotator: game (the record of a played game),
reader (PGN, KIF, CSA, position text in), writer (the runner's PGN/CSA/KIF and JSON lines out;
shogi_writer for CSA/KIF), pgn_tags."""
