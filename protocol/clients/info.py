"""Pure parsers for search output: UCI-family ``info`` lines and XBoard thinking lines."""

from collections.abc import Callable

from .limits import Info, Score

_INT_FIELDS = {"depth", "seldepth", "nodes", "nps", "multipv", "hashfull", "tbhits", "time",
               "currmovenumber", "cpuload", "sbhits"}
UNKNOWN_MATE_DISTANCE = 99  # USI "mate +" / "mate -": mate, distance not given


def _int(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


def parse_uci_info(line: str, dialect: str, pv_reader: Callable[[list[str]], list[str]]) -> Info:
    """Parse ``info ...`` from uci, ucicyclone, ucci or usi. Unknown tokens are skipped.

    ``pv_reader`` turns the engine's pv move texts into canonical moves.
    USI mate distances are plies and become moves; UCCI writes ``score N`` without ``cp``.
    """
    tokens = line.split()[1:]
    info = Info()
    cp = mate = bound = None
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok == "string":
            info.string = " ".join(tokens[i + 1:])
            break
        if tok == "pv":
            info.pv = pv_reader(tokens[i + 1:])
            break
        if tok == "score":
            i += 1
            while i < len(tokens):
                kind = tokens[i]
                if kind in ("cp", "mate") and i + 1 < len(tokens):
                    if kind == "cp":
                        cp = _int(tokens[i + 1])
                    else:
                        mate = _read_mate(tokens[i + 1], dialect)
                    i += 2
                elif kind in ("lowerbound", "upperbound"):
                    bound = kind[:5]
                    i += 1
                elif _int(kind) is not None and cp is None and mate is None:
                    cp = _int(kind)  # UCCI: bare number
                    i += 1
                else:
                    break
            continue
        if tok in _INT_FIELDS and i + 1 < len(tokens):
            value = _int(tokens[i + 1])
            if tok == "time" and value is not None:
                info.time = value / 1000
            elif tok in ("depth", "seldepth", "nodes", "nps", "multipv"):
                setattr(info, tok, value)
            i += 2
            continue
        i += 1
    if cp is not None or mate is not None:
        info.score = Score(cp=cp, mate=mate, bound=bound)
    return info


def _read_mate(text: str, dialect: str) -> int | None:
    if text in ("+", "-"):
        return UNKNOWN_MATE_DISTANCE if text == "+" else -UNKNOWN_MATE_DISTANCE
    value = _int(text)
    if value is None:
        return None
    if dialect == "usi":  # plies -> moves; 0/-0 means the engine is mated now
        return (value + 1) // 2 if value > 0 else -((-value + 1) // 2) or 0
    return value


def is_thinking_line(line: str) -> bool:
    head = line.split(maxsplit=1)[0] if line.strip() else ""
    return head.lstrip("-").isdigit()


def parse_xboard_thinking(line: str, pv_reader: Callable[[list[str]], list[str]]) -> Info:
    """``ply score time_cs nodes [seldepth nps tbhits] [TAB] pv``; mate = +-(100000 + moves)."""
    if "\t" in line:
        head, _, tail = line.partition("\t")
        numbers, pv = head.split(), tail.split()
    else:
        parts = line.split()
        numbers = [p for p in parts[:4]]
        rest = parts[4:]
        while rest and _int(rest[0]) is not None and len(numbers) < 7:
            numbers.append(rest.pop(0))
        pv = rest
    values = [_int(n) for n in numbers]
    info = Info()
    if len(values) >= 4 and None not in values[:4]:
        info.depth, raw, cs, info.nodes = values[:4]
        info.time = cs / 100
        if abs(raw) >= 100_000:
            moves = abs(raw) - 100_000
            info.score = Score(mate=moves if raw > 0 else -moves)
        else:
            info.score = Score(cp=raw)
        if len(values) >= 6:
            info.seldepth, info.nps = values[4], values[5]
    # Drop book markers "(...)", move numbers "12." and fail-high/low marks.
    cleaned = [m.rstrip("!?") for m in pv if not m.startswith("(") and not m.endswith(".")]
    info.pv = pv_reader(cleaned)
    return info
