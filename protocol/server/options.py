"""The engine's options as one table, declared and set in each dialect's own spelling.

Internal names are the UCI ones. UCCI drops ``name``/``value`` and uses one lowercase word
(``hashsize``); USI has no spaces and prefixes the standard ones (``USI_Hash``, ``USI_Variant``);
XBoard declares ``feature option="Name -type ..."`` and maps Hash/Threads to ``memory``/``cores``.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine import levels, rule_ends
from engine.janggi_setup import DEFAULT as SETUP_DEFAULT, SETUPS   # plain data, no numba


class OptionError(ValueError):
    pass


@dataclass
class Option:
    name: str
    kind: str                              # check, spin, combo, button, string
    default: object = None
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    dialects: tuple[str, ...] | None = None    # None: every dialect
    spellings: dict[str, str] = field(default_factory=dict)   # dialect -> declared name
    file: bool = False                     # a string naming a file: USI declares it "filename"
                                           # and XBoard "-file", so GUIs offer a file chooser

    def spelled(self, dialect: str) -> str:
        if dialect in self.spellings:
            return self.spellings[dialect]
        name = self.name
        if dialect == "usi" and name.startswith("UCI_"):
            name = "USI_" + name[4:]
        if dialect in ("usi", "ucci"):
            name = name.replace(" ", "_")
        return name

    def coerce(self, value: str | None):
        if self.kind == "button":
            return None
        if value is None:
            raise OptionError(f"option {self.name} needs a value")
        if self.kind == "check":
            lowered = value.lower()
            if lowered in ("true", "on", "1", "yes"):
                return True
            if lowered in ("false", "off", "0", "no"):
                return False
            raise OptionError(f"option {self.name} takes true or false, not '{value}'")
        if self.kind == "spin":
            try:
                number = float(value)
                if number != number:
                    raise ValueError
            except ValueError:
                raise OptionError(f"option {self.name} takes a number, not '{value}'") from None
            # clamp as a float first: int(inf) would overflow
            return int(max(self.minimum, min(self.maximum, number)))
        if self.kind == "combo":
            for choice in self.choices:
                if choice.lower() == value.lower():
                    return choice
            raise OptionError(f"option {self.name} takes one of {', '.join(self.choices)}")
        return "" if value == "<empty>" else value


def _key(name: str) -> str:
    return name.lower().replace("_", " ")


class OptionTable:
    def __init__(self, options: list[Option], dialect: str):
        self.dialect = dialect
        self.options = [o for o in options if o.dialects is None or dialect in o.dialects]
        self.values = {o.name: o.default for o in self.options}

    def __getitem__(self, name: str):
        return self.values[name]

    def find(self, name: str) -> Option | None:
        """Case-insensitive; the internal name, the dialect's spelling and USI_ forms all match."""
        key = _key(name)
        bare = key[4:] if key.startswith(("usi ", "uci ")) else None   # USI_MultiPV, ...
        for option in self.options:
            spellings = {_key(option.name), _key(option.spelled(self.dialect)),
                         _key(option.spelled("usi")), _key(option.spelled("ucci"))}
            if key in spellings or bare in spellings:
                return option
        return None

    def set(self, name: str, value: str | None) -> tuple[Option, object]:
        option = self.find(name)
        if option is None:
            raise OptionError(f"no such option: {name}")
        coerced = option.coerce(value)
        if option.kind != "button":
            self.values[option.name] = coerced
        return option, coerced

    # ------------------------------------------------------------------ declarations
    def declarations(self) -> list[str]:
        return [self._declare(o) for o in self.options if self._declared(o)]

    def _declared(self, option: Option) -> bool:
        return not (self.dialect == "xboard" and option.name in XBOARD_COMMAND_OPTIONS)

    def _declare(self, option: Option) -> str:
        if self.dialect == "xboard":
            return f'feature option="{self._xboard_body(option)}"'
        name = option.spelled(self.dialect)
        head = f"option {name}" if self.dialect == "ucci" else f"option name {name}"
        kind = "filename" if option.file and self.dialect == "usi" else option.kind
        parts = [head, "type", kind]
        if option.kind == "check":
            parts += ["default", "true" if self.values[option.name] else "false"]
        elif option.kind == "spin":
            parts += ["default", str(self.values[option.name]), "min", str(option.minimum),
                      "max", str(option.maximum)]
        elif option.kind == "combo":
            parts += ["default", str(self.values[option.name])]
            for choice in option.choices:
                parts += ["var", choice]
        elif option.kind == "string":
            parts += ["default", str(self.values[option.name]) or "<empty>"]
        return " ".join(parts)

    def _xboard_body(self, option: Option) -> str:
        value = self.values[option.name]
        if option.kind == "check":
            return f"{option.name} -check {int(bool(value))}"
        if option.kind == "spin":
            return f"{option.name} -spin {value} {option.minimum} {option.maximum}"
        if option.kind == "combo":
            return f"{option.name} -combo " + " /// ".join(
                ("*" if c == value else "") + c for c in option.choices)
        if option.kind == "button":
            return f"{option.name} -button"
        return f"{option.name} -{'file' if option.file else 'string'} {value}"


UCI_FAMILY = ("uci", "ucicyclone", "ucci", "usi")
# USI is for shogi GUIs; the other dialects drive 10-rank boards too.
DIALECTS_WITH_BOARDS = ("uci", "ucicyclone", "ucci", "xboard")
# XBoard sets these through its own commands: memory, cores, variant.
XBOARD_COMMAND_OPTIONS = ("Hash", "Threads", "UCI_Variant")
# The declaration rules engine.rules.shogi can judge (handicap variants and TryRule are not there).
ENTERING_KING_RULES = ("NoEnteringKing", "CSARule24", "CSARule27")


def engine_options(dialect: str, variants: tuple[str, ...], default_variant: str) -> OptionTable:
    options = [
        Option("Hash", "spin", 16, 1, 65536, spellings={"ucci": "hashsize", "usi": "USI_Hash"}),
        Option("Threads", "spin", 1, 1, 64, spellings={"ucci": "threads"}),
        Option("Clear Hash", "button"),
        # XBoard turns pondering on and off with hard/easy, not with an option.
        Option("Ponder", "check", False, spellings={"ucci": "ponder", "usi": "USI_Ponder"},
               dialects=UCI_FAMILY),
        Option("MultiPV", "spin", 1, 1, 500),
        Option("Move Overhead", "spin", 30, 0, 5000),
        Option("UCI_Variant", "combo", default_variant, choices=variants),
        # The game ends the search plays for: all the arbiter's, or only those the GUI awards
        # (engine/rule_ends.py; XBoard's extra choice `xboard` picks per game).
        Option("Rule Ends", "combo", rule_ends.DEFAULT_BY_DIALECT.get(dialect, rule_ends.ARBITER),
               choices=rule_ends.OPTION_CHOICES.get(dialect, rule_ends.CHOICES)),
        # What a GUI tells the engine (USI_AnalyseMode in USI); UCCI and XBoard have no such thing.
        Option("UCI_AnalyseMode", "check", False, dialects=("uci", "ucicyclone", "usi")),
        # `wdl` in info lines and Chess960 castling: UCI only (USI, UCCI and XBoard GUIs read no
        # wdl; XBoard would need its own variant fischerandom).
        Option("UCI_ShowWDL", "check", False, dialects=("uci", "ucicyclone")),
        Option("UCI_Chess960", "check", False, dialects=("uci", "ucicyclone")),
        # UCCI sends seconds unless the engine declares this and the GUI turns it on; a default of
        # true would read a GUI's seconds as milliseconds (FSF issue #406).
        Option("usemillisec", "check", False, dialects=("ucci",)),
        Option("newgame", "button", dialects=("ucci",)),
        Option("EnteringKingRule", "combo", "CSARule27", choices=ENTERING_KING_RULES,
               dialects=("usi",)),
        # Janggi's horse/elephant arrangements for `startpos` (any other set-up: give its FEN).
        # The learned evaluation: on where a net loads for the game (shipped, or EvalFile's).
        Option("Use NNUE", "check", True),
        Option("EvalFile", "string", "", file=True),
        # Tuning: "name=value ..." in place of the game's search numbers (engine/search_tables.py
        # SearchProfile; tools/spsa.py sets it); empty = the game's own, chosen by its SPRTs.
        Option("Search Numbers", "string", ""),
        # Playing levels (engine/levels.py): UCI_LimitStrength with UCI_Elo wins over Skill Level.
        # UCCI names are one lowercase word; USI's standard name is USI_LimitStrength.
        Option("Skill Level", "spin", levels.FULL_SKILL, *levels.SKILL_RANGE,
               spellings={"ucci": "skilllevel"}),
        Option("UCI_LimitStrength", "check", False, spellings={"ucci": "limitstrength"}),
        Option("UCI_Elo", "spin", levels.ELO_DEFAULT, *levels.ELO_OPTION_RANGE,
               spellings={"ucci": "elo"}),
        Option("Cho Setup", "combo", SETUP_DEFAULT, choices=SETUPS, dialects=DIALECTS_WITH_BOARDS),
        Option("Han Setup", "combo", SETUP_DEFAULT, choices=SETUPS, dialects=DIALECTS_WITH_BOARDS),
    ]
    return OptionTable(options, dialect)
