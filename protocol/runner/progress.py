"""Live progress line (stderr): games done, score, Elo and SPRT state."""

import sys

from .stats import MIN_PAIRS


class Progress:
    def __init__(self, names: list[str], sprt=None, stream=sys.stderr):
        self.names, self.sprt, self.stream = names, sprt, stream
        self.tty = stream.isatty()

    def __call__(self, outcome, total: int) -> None:
        st = outcome.standings
        done = len(outcome.results)
        last = outcome.results[-1]
        width = 20
        filled = int(width * done / total) if total else width
        bar = "#" * filled + "." * (width - filled)
        text = f"[{bar}] {done}/{total}"
        if len(self.names) == 2:
            a, b = self.names
            w, d, l = st.wdl_of(a, b)
            est = st.estimate(a, b)
            text += f"  {a} vs {b}: +{w} ={d} -{l}  Elo {est.text(digits=0)}"
            if self.sprt is not None:
                lo, hi = self.sprt.bounds
                penta = st.penta(a, b)
                if self.sprt.decidable(penta):
                    text += f"  LLR {self.sprt.llr(penta):+.2f} [{lo:.2f}, {hi:.2f}]"
                else:  # the LLR of a sample with next to no variance is a huge, meaningless number
                    text += (f"  LLR -- [{lo:.2f}, {hi:.2f}] (no decision before each engine wins"
                             f" a pair or {MIN_PAIRS} pairs are played)")
        else:
            text += "  " + "  ".join(f"{n} {st.points[n]:g}/{st.games[n]}" for n in self.names)
        if self.tty:
            self.stream.write("\r" + text[:200] + "\x1b[K")
            if done == total or outcome.sprt_status:
                self.stream.write("\n")
        else:
            self.stream.write(f"{text}  | game {last.index + 1}: {last.first} - {last.second} "
                              f"{last.result} ({last.reason})\n")
        self.stream.flush()
