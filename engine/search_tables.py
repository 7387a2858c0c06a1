"""The search's own tables and numbers, carried in each game's eval table (engine/evaluation
builds it) so that a kernel reads them like the game's other numbers and each game searches
with the numbers its own SPRTs chose."""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, fields, replace

from .kernels import search_layout as S


def late_move_reductions(base: int = 75, divisor: int = 225) -> list[int]:
    """Plies to reduce the ``m``-th move at depth ``d``, at [min(d, 63) * 64 + min(m, 63)]:
    base / 100 + ln d * ln m / (divisor / 100), rounded down."""
    table = [0] * (64 * 64)
    for d in range(1, 64):
        for m in range(1, 64):
            table[d * 64 + m] = int(base / 100 + math.log(d) * math.log(m) / (divisor / 100))
    return table


EVERY_DEPTH = S.MAXP   # a pruning depth no search reaches: prune at every depth


@dataclass(frozen=True)
class SearchProfile:
    """How selective a game's search is. The defaults are the search every game started from;
    a game takes other numbers only after they won an SPRT in that game (README, "How the
    search is measured"), so a change proven in one game cannot cost another."""
    reverse_futility_depth: int = 3      # return the static eval this far above beta ...
    reverse_futility_margin: int = 120   # ... by this much per ply of depth
    reverse_futility_improving: int = 0  # plies the margin drops when the eval is improving
    late_move_depth: int = 3             # late-move and futility pruning of quiet moves
    late_move_quadratic: int = 2         # prune past 3 + d^2 * (this + next * improving) moves
    late_move_quadratic_improving: int = 0
    late_move_divisor: int = 1           # ... all divided by this less the next * improving
    late_move_divisor_improving: int = 0  # (Fairy-Stockfish: (3 + d^2) / (2 - improving))
    futility_base: int = 100             # prune a quiet move when eval + base + margin * depth
    futility_margin: int = 120           # is at most alpha ...
    futility_reduced_depth: bool = False  # ... counting the depth after the move's reduction
    continuation_history: bool = False   # quiet moves ordered and reduced by butterfly and
                                         # continuation histories under gravity (else the
                                         # butterfly history, raised by d^2 per cutoff)
    exchange_evaluation: bool = False    # captures that lose the exchange (SEE) go after the
                                         # quiet moves and quiescence skips them (else: those of a
                                         # piece worth more than its victim onto an attacked square)
    skip_late_quiets: bool = False       # once a quiet move that cannot check is pruned by move
                                         # count or futility, pass every later one at once
                                         # (Stockfish's skipQuiets: their histories stay)
    correction_history: bool = False     # the static eval plus the side's running mean of
                                         # search result - eval over positions with its pawns
                                         # (engine/kernels/correction.py)
    singular_depth: int = 0              # from this depth (0: never), a TT move whose lower
                                         # bound is at most 3 plies shallower is extended when
                                         # every other move fails low at half depth against
    singular_margin: int = 2             # its score less this much per ply; when that bound
                                         # is itself at or above beta, the node returns it
                                         # (multi-cut)
    reduce_bad_captures: bool = False    # late captures that lose the exchange (ordered after
                                         # the quiet moves) are reduced as late quiet moves are
    losing_checks_as_quiets: bool = False  # a quiet check that loses the exchange on its square
                                         # (a drop the checked side takes for free) is pruned and
                                         # reduced as a quiet move that gives no check
    razor_margin: int = 0                # a non-PV node of depth 1 whose static eval is this
                                         # far below alpha is searched as quiescence (0: never)
    reduction_base: int = 75             # the late-move reduction table, in hundredths of a
    reduction_divisor: int = 225         # ply: base + ln(depth) * ln(move number) / divisor

    def __post_init__(self) -> None:
        negative = [f.name for f in fields(self) if getattr(self, f.name) < 0]
        if negative:
            raise ValueError(f"search numbers are not negative: {', '.join(negative)}")
        if self.reduction_divisor < 1:
            raise ValueError("reduction_divisor must be at least 1 (it divides)")
        if self.late_move_divisor - self.late_move_divisor_improving < 1:
            raise ValueError("late_move_divisor less late_move_divisor_improving must be at "
                             "least 1 (the move count is divided by it)")
        if self.singular_depth != 0 and self.singular_depth < 4:
            raise ValueError("singular_depth is 0 (off) or at least 4 (its search at half the "
                             "depth must not be quiescence)")
        if self.reduce_bad_captures and not self.exchange_evaluation:
            raise ValueError("reduce_bad_captures needs exchange_evaluation (only it orders "
                             "the captures that lose material after the quiet moves)")

    def table(self) -> list[int]:
        """The numbers at E[E[EV_SEARCH] + SP_*]."""
        values = {S.SP_RFP_DEPTH: self.reverse_futility_depth,
                  S.SP_RFP_MARGIN: self.reverse_futility_margin,
                  S.SP_RFP_IMPROVING: self.reverse_futility_improving,
                  S.SP_LMP_DEPTH: self.late_move_depth,
                  S.SP_LMP_QUADRATIC: self.late_move_quadratic,
                  S.SP_LMP_QUADRATIC_IMPROVING: self.late_move_quadratic_improving,
                  S.SP_FUTILITY_BASE: self.futility_base,
                  S.SP_FUTILITY_MARGIN: self.futility_margin,
                  S.SP_FUTILITY_REDUCED: int(self.futility_reduced_depth),
                  S.SP_CONT_HISTORY: int(self.continuation_history),
                  S.SP_SEE: int(self.exchange_evaluation),
                  S.SP_SKIP_QUIETS: int(self.skip_late_quiets),
                  S.SP_CORRECTION: int(self.correction_history),
                  S.SP_LMP_DIVISOR: self.late_move_divisor,
                  S.SP_LMP_DIVISOR_IMPROVING: self.late_move_divisor_improving,
                  S.SP_SINGULAR_DEPTH: self.singular_depth,
                  S.SP_SINGULAR_MARGIN: self.singular_margin,
                  S.SP_REDUCE_BAD_CAPTURES: int(self.reduce_bad_captures),
                  S.SP_LOSING_CHECKS: int(self.losing_checks_as_quiets),
                  S.SP_RAZOR_MARGIN: self.razor_margin}
        return [values[slot] for slot in range(S.SP_SIZE)]

    def reductions(self) -> list[int]:
        """The late-move reduction table (at E[E[EV_LMR] + ...])."""
        return late_move_reductions(self.reduction_base, self.reduction_divisor)

    def numbers(self) -> dict[str, int]:
        """Every number by name, switches as 0 or 1 (the form ``with_numbers`` reads)."""
        return {f.name: int(getattr(self, f.name)) for f in fields(self)}

    def with_numbers(self, changes: dict[str, int]) -> "SearchProfile":
        """This profile with some numbers changed (names from ``numbers()``); ValueError when
        a name is unknown or the result breaks a rule above."""
        known = {f.name: f.type for f in fields(self)}
        unknown = sorted(set(changes) - set(known))
        if unknown:
            raise ValueError(f"unknown search number {unknown[0]!r}")
        typed = {name: bool(value) if known[name] in (bool, "bool") else int(value)
                 for name, value in changes.items()}
        return replace(self, **typed)


def parse_search_numbers(text: str) -> dict[str, int]:
    """``name=value`` pairs separated by spaces or commas (e.g. "futility_margin=110,
    reverse_futility_margin=130") as {name: value}: whole numbers, switches 0/1 or
    true/false. ValueError saying what is wrong (a name no SearchProfile has, a value that is
    not a whole number); whether the numbers make a profile is SearchProfile's to say."""
    numbers: dict[str, int] = {}
    known = {f.name for f in fields(SearchProfile)}
    for item in re.split(r"[\s,]+", text.strip()):
        if not item:
            continue
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise ValueError(f"search numbers are name=value pairs, not {item!r}")
        if name not in known:
            raise ValueError(f"unknown search number {name!r}")
        word = value.lower()
        if word in ("true", "false"):
            numbers[name] = int(word == "true")
        elif re.fullmatch(r"-?\d{1,9}", value):
            numbers[name] = int(value)
        else:
            raise ValueError(f"{name} takes a whole number, not {value!r}")
    return numbers


# Improving-scaled pruning to depth 6, continuation history and exchange evaluation together,
# against the default search at 2 s + 0.02 s (elo0 0, elo1 15): xiangqi H1 (125-94-83, +48.6 +-
# 28.8 Elo, 302 games), chess H1 (149-91-100, +50.4 +- 29.5, 340 games); janggi stopped
# undecided (167-0-150, +20 +- 37, 317 games) and shogi trended the other way (101-1-129 after
# 231 games), so those two keep the default.
SELECTIVE = SearchProfile(reverse_futility_depth=6, reverse_futility_improving=1,
                          late_move_depth=6, late_move_quadratic=1,
                          late_move_quadratic_improving=1, futility_reduced_depth=True,
                          continuation_history=True, exchange_evaluation=True)

# SELECTIVE plus skip_late_quiets (shogi's +64 winner), each against SELECTIVE at 2 s + 0.02 s
# (elo0 0, elo1 15): chess H1 (197-147-142, +39.5 +- 25.1, 486 games), xiangqi H1 (86-103-45,
# +61.5 +- 33.4, 234 games).
SELECTIVE_SKIPPING = replace(SELECTIVE, skip_late_quiets=True)
