"""Reading a board file into a JSON value, refusing what can't be a board.

Limits: a board file is a regular file of at most :data:`DEFAULT_MAX_BOARD_BYTES` bytes
(10 MB; the environment variable ``MTGCOMBAT_MAX_BOARD_BYTES`` sets another limit), JSON
nested at most :data:`MAX_DEPTH` levels, without duplicate keys in an object, and without
integers longer than Python's int-parsing limit (4,300 digits). Each breach is a
:class:`~mtgcombat.errors.BoardError`.
"""

from __future__ import annotations

import json
import os
import re
import stat
import sys
from pathlib import Path
from typing import IO, Any

from mtgcombat.errors import BoardError, json_path
from mtgcombat.rules.types import shown

DEFAULT_MAX_BOARD_BYTES = 10_000_000
"""The default largest board file, in bytes."""
MAX_BYTES_ENV = "MTGCOMBAT_MAX_BOARD_BYTES"
"""The environment variable overriding :data:`DEFAULT_MAX_BOARD_BYTES`."""
MAX_DEPTH = 200
"""The deepest nesting of JSON lists and objects a board may have."""


class _Object(dict[str, Any]):
    """A decoded JSON object that remembers the first key written twice in it."""

    duplicate: str | None = None


def _pairs(pairs: list[tuple[str, Any]]) -> _Object:
    obj = _Object()
    for key, value in pairs:
        if key in obj and obj.duplicate is None:
            obj.duplicate = key
        obj[key] = value
    return obj


def max_board_bytes() -> int:
    """The largest board file allowed: ``$MTGCOMBAT_MAX_BOARD_BYTES`` or 10 MB."""
    raw = os.environ.get(MAX_BYTES_ENV)
    if raw is None:
        return DEFAULT_MAX_BOARD_BYTES
    try:
        limit = int(raw)
    except ValueError:
        limit = -1
    if limit < 0:
        raise BoardError(f"{MAX_BYTES_ENV} must be a non-negative integer, got {shown(raw)}",
                         path="")
    return limit


def read_board_text(path: Path, file: str, what: str = "board file") -> str:
    """The text of a board file (or another input file, named by ``what`` in messages): a
    regular file, within the size limit, UTF-8."""
    limit = max_board_bytes()
    try:
        mode = path.stat().st_mode
        if not stat.S_ISREG(mode):
            kind = "a directory" if stat.S_ISDIR(mode) else "a special file"
            raise BoardError(f"not a regular file ({kind}, not a {what})", path="",
                             file=file)
        with path.open("rb") as fh:
            size = os.fstat(fh.fileno()).st_size
            if size > limit:
                raise BoardError(f"the {what} is {size} bytes, over the limit of {limit} "
                                 f"(set {MAX_BYTES_ENV} to change it)", path="", file=file)
            data = fh.read(limit + 1)
    except FileNotFoundError:
        raise BoardError("no such file", path="", file=file) from None
    except OSError as exc:
        raise BoardError(f"can't read: {exc.strerror or exc}", path="", file=file) from None
    if len(data) > limit:
        raise BoardError(f"the {what} is over the limit of {limit} bytes "
                         f"(set {MAX_BYTES_ENV} to change it)", path="", file=file)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BoardError(f"can't read: not UTF-8 text ({exc.reason} at byte {exc.start})",
                         path="", file=file) from None


STDIN = "-"
"""The board path that stands for standard input."""
STDIN_LABEL = "<stdin>"
"""How messages name a board read from standard input."""


def read_stdin_text(what: str = "board", stream: IO[str] | None = None) -> str:
    """Standard input's text (a ``what``), at most the board-file size limit (characters)."""
    limit = max_board_bytes()
    try:
        text = (stream or sys.stdin).read(limit + 1)
    except OSError as exc:
        raise BoardError(f"can't read: {exc.strerror or exc}", path="",
                         file=STDIN_LABEL) from None
    except UnicodeDecodeError as exc:
        raise BoardError(f"can't read: not UTF-8 text ({exc.reason})", path="",
                         file=STDIN_LABEL) from None
    if len(text) > limit:
        raise BoardError(f"the {what} is over the limit of {limit} characters "
                         f"(set {MAX_BYTES_ENV} to change it)", path="", file=STDIN_LABEL)
    return text


_YAML_LINE = re.compile(r"^(---|- |[A-Za-z_][\w -]*:(\s|$))")


def _not_json(text: str) -> str | None:
    """Why ``text`` that JSON can't decode is not even trying to be JSON (empty, YAML)."""
    if not text.strip():
        return "the file is empty (a board is a JSON object)"
    first = next(line for line in text.splitlines() if line.strip())
    if _YAML_LINE.match(first.lstrip("\ufeff")):
        return "this looks like YAML; boards are JSON (see the README, \"Board files\")"
    return None


def decode_board(text: str, file: str | None) -> object:
    """Decode board JSON; duplicate keys, deep nesting and huge integers are errors, and so
    is an empty or YAML text (said as such)."""
    try:
        data = json.loads(text, object_pairs_hook=_pairs)
    except json.JSONDecodeError as exc:
        why = _not_json(text)
        if why is not None:
            raise BoardError(why, path="", file=file) from None
        raise BoardError(f"invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}",
                         file=file) from None
    except RecursionError:
        raise BoardError(f"JSON nested too deeply (over {MAX_DEPTH} levels)",
                         file=file) from None
    except ValueError as exc:  # an integer over Python's int-parsing digit limit
        why = ("an integer has more than 4300 digits" if "digits" in str(exc)
               else shown(str(exc)))
        raise BoardError(f"invalid JSON: {why}", file=file) from None
    check_shape(data, file)
    return data


def check_shape(data: object, file: str | None) -> None:
    """No nesting deeper than :data:`MAX_DEPTH` and no duplicate key, walking ``data`` in
    document order without recursion."""
    stack: list[tuple[object, tuple[int | str, ...]]] = [(data, ())]
    while stack:
        value, loc = stack.pop()
        if len(loc) > MAX_DEPTH:
            raise BoardError(f"JSON nested too deeply (over {MAX_DEPTH} levels) below this key",
                             path=json_path(loc[:4]), file=file)
        if isinstance(value, _Object) and value.duplicate is not None:
            raise BoardError(f"duplicate key {shown(value.duplicate)} in this object",
                             path=json_path((*loc, value.duplicate)), file=file)
        if isinstance(value, dict):
            stack.extend((v, (*loc, str(k))) for k, v in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((v, (*loc, i)) for i, v in reversed(list(enumerate(value))))
