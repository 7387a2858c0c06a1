"""Texel tuning of a game's evaluation weights from tournament-runner logs (``tools.texel_tune``
is the command). One job per module: ``logs`` reads finished games, ``positions`` keeps their
quiet positions, ``params`` names the tunable numbers of a profile, ``error`` measures a profile
against the results, ``descent`` tunes, ``wdl_fit`` fits the win/draw/loss model, ``store``
writes tuned weights into the game's JSON file and ``selfplay`` makes games to tune on."""
