"""Command lines as plain records; no engine import, so this is testable on strings alone."""
from __future__ import annotations

from dataclasses import dataclass, field


class CommandError(ValueError):
    pass


# The largest magnitude a number on a command line keeps: inf and 1e400 mean "as much as
# there is" and are clamped here; the engine's Limits clamp further to what a search can use.
NUMBER_CAP = 1e300


def finite_number(text: str) -> float:
    """A number from a command line; ValueError for NaN or non-numbers, +/-inf clamped."""
    value = float(text)
    if value != value:
        raise ValueError(f"'{text}' is not a number")
    return max(-NUMBER_CAP, min(NUMBER_CAP, value))


@dataclass
class Command:
    word: str              # first token, lower-cased
    args: list[str]
    raw: str


def parse_line(line: str) -> Command | None:
    tokens = line.split()
    if not tokens:
        return None
    return Command(tokens[0].lower(), tokens[1:], line.strip())


@dataclass
class PositionArgs:
    kind: str                       # "startpos", "fen" or "sfen"
    fen: str | None
    moves: list[str]


def parse_position(args: list[str]) -> PositionArgs:
    """``startpos|fen F|sfen S [moves m ...]`` (the ``position`` word already removed)."""
    if not args:
        raise CommandError("position needs startpos, fen or sfen")
    kind = args[0].lower()
    lowered = [a.lower() for a in args]
    end = lowered.index("moves") if "moves" in lowered else len(args)
    if kind == "startpos":
        if end != 1:
            raise CommandError(f"unexpected '{args[1]}' after startpos")
        fen = None
    elif kind in ("fen", "sfen"):
        if end == 1:
            raise CommandError(f"{kind} needs a position")
        fen = " ".join(args[1:end])
    else:
        raise CommandError(f"position needs startpos, fen or sfen, not '{args[0]}'")
    return PositionArgs(kind, fen, args[end + 1:])


# go parameters that take one number; searchmoves takes the rest of the line's moves.
GO_NUMBERS = ("wtime", "btime", "winc", "binc", "movestogo", "depth", "nodes", "mate", "movetime",
              "byoyomi", "time", "increment", "opptime", "oppincrement", "oppmovestogo", "perft")
GO_FLAGS = ("infinite", "ponder", "draw")
GO_WORDS = frozenset(GO_NUMBERS + GO_FLAGS)       # what ends a searchmoves list


@dataclass
class GoArgs:
    numbers: dict[str, float] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    searchmoves: list[str] = field(default_factory=list)
    mate_infinite: bool = False            # USI `go mate infinite`
    errors: list[str] = field(default_factory=list)

    def get(self, key: str, default=None):
        return self.numbers.get(key, default)


def parse_go(args: list[str]) -> GoArgs:
    """Lenient: bad or unknown parts are listed in ``errors`` and left out, the rest kept."""
    go = GoArgs()
    index = 0
    while index < len(args):
        word = args[index].lower()
        if word in GO_FLAGS:
            go.flags.add(word)
            index += 1
        elif word == "searchmoves":
            index += 1
            while index < len(args) and args[index].lower() not in GO_WORDS:
                go.searchmoves.append(args[index])
                index += 1
        elif word in GO_NUMBERS:
            if index + 1 >= len(args):
                go.errors.append(f"{word} needs a value")
                index += 1
                continue
            text = args[index + 1]
            if word == "mate" and text.lower() == "infinite":
                go.mate_infinite = True
            else:
                try:
                    go.numbers[word] = finite_number(text)
                except ValueError:
                    go.errors.append(f"{word} takes a number, not '{text}'")
            index += 2
        else:
            go.errors.append(f"unknown go parameter '{args[index]}'")
            index += 1
    return go


ECHO_CHARS = 200     # how much of a bad input an error line repeats


def clip(text: str, limit: int = ECHO_CHARS) -> str:
    """``text`` cut to ``limit`` characters for an error line (inputs can be huge)."""
    return text if len(text) <= limit else text[:limit] + "..."


def summarize_errors(problems: list[str], shown: int = 5) -> str:
    """All of one command's problems as one error line (a hostile line may hold thousands)."""
    text = "; ".join(clip(problem) for problem in problems[:shown])
    if len(problems) > shown:
        text += f"; and {len(problems) - shown} more problems"
    return text


def parse_named_setoption(args: list[str]) -> tuple[str, str | None]:
    """UCI/USI: ``name <words> [value <words>]``."""
    if not args or args[0].lower() != "name":
        raise CommandError("setoption needs 'name'")
    lowered = [a.lower() for a in args]
    end = lowered.index("value") if "value" in lowered else len(args)
    name = " ".join(args[1:end])
    if not name:
        raise CommandError("setoption needs an option name")
    value = " ".join(args[end + 1:]) if end < len(args) else None
    return name, value


def parse_bare_setoption(args: list[str]) -> tuple[str, str | None]:
    """UCCI: ``<name> [<value words>]``; also accepts the UCI form, which some GUIs send."""
    if args and args[0].lower() == "name":
        return parse_named_setoption(args)
    if not args:
        raise CommandError("setoption needs an option name")
    return args[0], (" ".join(args[1:]) if len(args) > 1 else None)
