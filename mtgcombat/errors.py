"""The two exception families: bad input, and no verdict.

Exception tree::

    ValueError
     └── BoardError              bad board file, mapping or declaration text (file, JSON path)
          └── DeclarationError   a declaration that can't be parsed or names unknown ids
    RuntimeError
     └── Undecided               no verdict: the answer is "unknown"
          ├── TimeLimitReached   the time limit (a :class:`Deadline`) ran out
          ├── SearchTooLarge     a search is over a built-in size limit
          └── SolverFailure      the solver answered neither feasible nor infeasible

An *illegal* declaration is never an exception: it is a verdict. The command line, the HTTP API
and batch map the families the same way: ``BoardError`` is bad input (exit status 2, HTTP 422,
an ``error`` batch line); ``Undecided`` is the answer "unknown" with its reason (the command line
prints ``unknown (REASON)`` and exits 0; HTTP 200 with ``{"status": "unknown", "reason": ...}``;
an ``unknown`` batch line).
"""

from __future__ import annotations

import time
from dataclasses import dataclass


class BoardError(ValueError):
    """Bad input: names the file (if any), the JSON path inside it and what was expected."""

    def __init__(self, message: str, *, path: str = "$", file: str | None = None) -> None:
        self.message = message
        self.path = path
        self.file = file
        super().__init__(self.one_line())

    def one_line(self) -> str:
        """``file: $.json.path: message`` on one line."""
        where = f"{self.file}: " if self.file else ""
        path = f"{self.path}: " if self.path else ""
        return f"{where}{path}{self.message}"

    def with_file(self, file: str) -> BoardError:
        """The same error, located in ``file``."""
        err = type(self)(self.message, path=self.path, file=file)
        return err


class DeclarationError(BoardError):
    """A declaration that can't be parsed, or that names ids the board does not have."""


class Undecided(RuntimeError):
    """No verdict could be reached; the answer is "unknown" for the reason given."""


class TimeLimitReached(Undecided):
    """The time limit ran out before a verdict was reached."""


class SearchTooLarge(Undecided):
    """A search is over one of the engine's built-in size limits."""


class SolverFailure(Undecided):
    """The solver returned a status other than optimal, feasible or infeasible."""


@dataclass(frozen=True)
class Deadline:
    """A point in time (``time.monotonic()``) by which work must end; ``None`` means never.

    Passed down as a value: every solve gets what is left of it as its own limit, and
    :meth:`check` raises :class:`TimeLimitReached` once it has passed.
    """

    at: float | None = None

    @classmethod
    def after(cls, seconds: float | None) -> Deadline:
        """The deadline ``seconds`` from now (``None``: no deadline)."""
        return cls(None if seconds is None else time.monotonic() + seconds)

    def remaining(self) -> float | None:
        """Seconds left (``None``: unlimited); raises :class:`TimeLimitReached` when none are."""
        if self.at is None:
            return None
        left = self.at - time.monotonic()
        if left <= 0:
            raise TimeLimitReached("the time limit was reached")
        return left

    def check(self) -> None:
        """Raise :class:`TimeLimitReached` if the deadline has passed."""
        self.remaining()


NO_DEADLINE = Deadline()
"""The deadline that never comes."""


def json_path(loc: tuple[int | str, ...] | list[int | str]) -> str:
    """Render a pydantic location tuple as a JSON path: ``$.permanents[2].tapped``."""
    out = "$"
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}"
    return out
