"""A one-line progress bar on a terminal that messages never land inside.

The bar lives on the last line of standard error.  Before any message is
written (to standard output or standard error, which usually share the
terminal) the bar's line is cleared; the bar is drawn again below the
message.  When the run ends the bar's line is cleared, as pip and ruff do,
so that the screen keeps only the messages and the summary.
"""

import shutil
from typing import IO

_CLEAR_LINE = "\r\x1b[K"
_LABEL = "fstring-backport"


class ProgressBar:
    def __init__(self, total: int, terminal: IO[str]) -> None:
        self._total = total
        self._done = 0
        self._terminal = terminal
        self._shown = ""

    def advance(self) -> None:
        self._done += 1
        self._draw()

    def write(self, text: str, stream: IO[str]) -> None:
        """Write ``text`` (whole lines) on ``stream`` above the bar."""
        self.clear()
        stream.write(text)
        stream.flush()
        self._draw()

    def clear(self) -> None:
        if self._shown:
            self._terminal.write(_CLEAR_LINE)
            self._terminal.flush()
            self._shown = ""

    def _draw(self) -> None:
        line = self._line(shutil.get_terminal_size().columns)
        if line == self._shown:
            return  # most files change nothing on screen: spare the terminal
        self._terminal.write(_CLEAR_LINE + line)
        self._terminal.flush()
        self._shown = line

    def _line(self, columns: int) -> str:
        counts = f" {100 * self._done // self._total:3d}% {self._done}/{self._total}"
        # Never the full width: a line that fills it wraps on some terminals.
        width = min(40, columns - len(_LABEL) - len(counts) - 4)
        if width < 5:
            return (_LABEL + counts)[: max(columns - 1, 0)]
        filled = width * self._done // self._total
        return "{} [{}{}]{}".format(_LABEL, "#" * filled, "-" * (width - filled), counts)
