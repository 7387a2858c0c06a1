"""Our engine answering GUIs on stdin/stdout: the line reader and command loop (loop, lines,
interrupt, commands, move_lists), the session (engine core, game, search slot, options) and
every dialect under dialects/: UCI, UCI-cyclone, UCCI, USI and XBoard."""
