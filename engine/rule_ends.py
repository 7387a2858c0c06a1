"""Which game ends the search scores (plain data: protocol option tables import it without numba).

``arbiter``: every end the arbiter judges (perpetual check and chase, janggi points, ...), for
GUIs and matches where our arbiter is the referee. ``mate-and-draws``: only the ends a GUI that
judges on its own board awards: mate, stalemate and draws; a perpetual check or chase is then the
repetition, a draw, and janggi's bikjang, double pass and ply limit end nothing (XBoard: see
protocol/server/dialects/xboard_claims.py).
"""
ARBITER = "arbiter"
MATE_AND_DRAWS = "mate-and-draws"
CHOICES = (ARBITER, MATE_AND_DRAWS)          # what the search takes
# The protocol option's extra choice under XBoard: the ends XBoard awards in the game played,
# resolved per game by protocol/server/dialects/xboard_claims.py. UCI/UCCI/USI GUIs take the
# engine's word.
XBOARD = "xboard"
OPTION_CHOICES = {"xboard": CHOICES + (XBOARD,)}
DEFAULT_BY_DIALECT = {"xboard": XBOARD}
