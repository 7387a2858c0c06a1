"""The learned evaluation (NNUE): training data, features, trainer, net files.

Glossary:
  record   one training position (records.py): the board, hands, side to move, search score,
           game result
  chunk    a file of records with a header, the unit self-play writes and resumes by
  task     a SelfplayTask: what one chunk is made from (game, seeds, node budget)
"""
