"""The one error type for bad input.

Exception tree::

    ValueError
     └── BoardError          bad board file / mapping / declaration text (file, JSON path, message)
          └── DeclarationError   a declaration that can't be parsed or names unknown ids

An *illegal* declaration is never an exception: it is a :class:`~mtgcombat.verdict.Verdict`.
"""

from __future__ import annotations


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


def json_path(loc: tuple[int | str, ...] | list[int | str]) -> str:
    """Render a pydantic location tuple as a JSON path: ``$.permanents[2].tapped``."""
    out = "$"
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}"
    return out
