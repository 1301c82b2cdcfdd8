"""Batch inputs and results: the item and result models, reading board and JSON Lines files,
and reading back the ids already answered in an output file (``--resume``).

Input (see ``docs/batch.md``): board files (``X.json``: one item, id = its path, declaration
``null``) and JSON Lines files (``*.jsonl``: one item per line,
``{"id": ..., "board": {...}, "declaration": {...}|null}``); a directory stands for every
file under it whose suffix has a reader in :data:`READERS` (sorted, ``*.expected.json``
skipped); a file named twice (by another
path, or directly and via its folder) is read once. ``declaration: null`` lists the legal
declarations; otherwise the declaration is checked. An item that can't be read (malformed
JSON, nesting deeper than :data:`MAX_DEPTH`, an integer too long to convert) is an item with
``error`` set (its result is ``bad_input``), never an exception.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Literal

from pydantic import BaseModel, ConfigDict

DEFAULT_TIMEOUT = 10.0
"""Seconds per board when no ``timeout`` is given."""
EXPECTED_SUFFIX = ".expected.json"
MAX_DEPTH = 100
"""Deepest nesting of arrays and objects accepted in an item (a board needs far fewer)."""
MAX_ID_BITS = 64
"""Largest integer id accepted (bits)."""

JsonId = str | int
Status = Literal["legal", "illegal", "listed", "resolved", "bad_input", "unknown"]
Kind = Literal["auto", "attacks", "blocks", "damage"]
"""What an item is: attack declarations (CR 508.1), block declarations (CR 509.1), or its
combat damage played out (CR 510); ``auto``: damage when the board declares ``blocks``, blocks
when it declares an ``attack``, else attacks."""
STDIN = "-"
"""The input that stands for JSON Lines read from standard input."""
STDIN_LABEL = "<stdin>"


# -- the data ------------------------------------------------------------------------------


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ErrorInfo(_Model):
    """Where a bad input is and what is wrong with it."""

    file: str | None
    line: int | None
    path: str
    message: str


class BatchItem(_Model):
    """One unit of work: a board (decoded JSON) and a declaration to check, or ``None`` to list
    the legal declarations. ``source`` (``file[:line]``) and ``file``/``line`` locate it."""

    id: JsonId
    board: Any = None
    declaration: Any = None
    source: str = ""
    file: str | None = None
    line: int | None = None
    error: ErrorInfo | None = None
    """Set when the item could not even be read (bad JSON line): the result is ``bad_input``."""
    puzzle: dict[str, Any] | None = None
    """For a Forge puzzle file: its import's ``question`` and ``notes`` (``mtgcombat.forge``),
    copied onto the result."""

    @property
    def board_file(self) -> bool:
        """Is this a plain board file (JSON paths relative to the board, not the item)?"""
        return self.file is not None and self.line is None


class BatchResult(_Model):
    """One output line. ``legal`` is a bool for a check and a list for a listing."""

    id: JsonId
    source: str
    status: Status
    ms: float
    legal: bool | list[dict[str, str | list[str]]] | None = None
    count: int | None = None
    complete: bool | None = None
    reason: str | None = None
    witness: dict[str, str | list[str]] | None = None
    details: dict[str, Any] | None = None
    error: ErrorInfo | None = None
    damage: dict[str, Any] | None = None
    """A played-out combat (``resolved``): the object of ``mtgcombat damage --resolve --json``
    (each step's damage, life totals, poison and counters, destroyed creatures)."""
    unmodelled: list[dict[str, str]] | None = None
    """The board's combat text that is not modelled (set only when there is any)."""
    question: str | None = None
    """For a Forge puzzle: the question its state is at (attacks, blocks or damage)."""
    notes: list[dict[str, Any]] | None = None
    """For a Forge puzzle: what its board does not hold (``kind``, ``where``, ``message``,
    ``matters``)."""
    summary: dict[str, Any] | None = None
    """For a Forge puzzle's complete listing: the judge's summary (``count``, ``in_every``,
    ``in_none``)."""

    def to_json(self) -> dict[str, Any]:
        """The output line's object (fields that apply to this status only)."""
        return self.model_dump(mode="json", exclude_unset=True)

    def line(self) -> str:
        """The JSON Lines text (no newline)."""
        return json.dumps(self.to_json(), ensure_ascii=False)


@dataclass(frozen=True)
class Options:
    """What to do with each item."""

    timeout: float = DEFAULT_TIMEOUT
    assume_payable: bool = False
    limit: int | None = None
    """List at most this many legal declarations (``complete: false`` when cut)."""
    strict: bool = False
    """A board with combat text that is not modelled is bad input."""
    kind: Kind = "auto"
    """Attack or block declarations or combat damage (``auto``: from the board, see
    :data:`Kind`)."""


# -- reading inputs ------------------------------------------------------------------------


def _bad(item_id: JsonId, file: str | None, line: int | None, path: str,
         message: str) -> BatchItem:
    source = file if line is None or file is None else f"{file}:{line}"
    return BatchItem(id=item_id, source=source or "", file=file, line=line,
                     error=ErrorInfo(file=file, line=line, path=path, message=message))


def input_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """The files named by ``paths``: files as given, directories expanded to their files with
    a suffix in :data:`READERS` (recursively, sorted), ``*.expected.json`` skipped. A file reached
    twice (same resolved path) is yielded once, under the path it was first reached by."""
    seen: set[Path] = set()
    for f in _named_files(paths):
        real = f if str(f) == STDIN else f.resolve()
        if real not in seen:
            seen.add(real)
            yield f


def _named_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """Every file ``paths`` name, repeats included."""
    for p in map(Path, paths):
        if str(p) != STDIN and p.is_dir():
            found = [f for f in p.rglob("*") if f.is_file() and f.suffix in READERS]
            yield from sorted((f for f in found if not f.name.endswith(EXPECTED_SUFFIX)),
                              key=lambda f: f.as_posix())
        else:
            yield p


def read_inputs(paths: Iterable[str | Path]) -> Iterator[BatchItem]:
    """Every item of the given inputs, in order; unreadable ones as items with ``error``."""
    for f in input_files(paths):
        if str(f) == STDIN:
            yield from read_stdin_jsonl()
        else:
            yield from READERS.get(f.suffix, _board_items)(f)


class _Unreadable(ValueError):
    """JSON text that can't become an item (the message says why)."""


def load_json(text: str, *, lines: bool = True) -> Any:
    """Decoded JSON text, no deeper than :data:`MAX_DEPTH`; :class:`_Unreadable` otherwise
    (malformed, too deep for the parser, an integer too long to convert)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno} column {exc.colno}" if lines else f"column {exc.colno}"
        raise _Unreadable(f"invalid JSON at {where}: {exc.msg}") from None
    except RecursionError:
        raise _Unreadable(f"JSON nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as exc:  # e.g. an integer over the int/str conversion limit
        raise _Unreadable(f"invalid JSON: {' '.join(str(exc).split())}") from None
    if too_deep(data):
        raise _Unreadable(f"JSON nested deeper than {MAX_DEPTH} levels")
    return data


def too_deep(data: object, limit: int = MAX_DEPTH) -> bool:
    """Does ``data`` nest arrays/objects more than ``limit`` levels deep? (no recursion)"""
    stack: list[tuple[object, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        children: Iterable[object]
        if isinstance(value, dict):
            children = value.values()
        elif isinstance(value, list | tuple):
            children = value
        else:
            continue
        if depth > limit:
            return True
        stack.extend((c, depth + 1) for c in children)
    return False


def read_board_file(path: Path) -> BatchItem:
    """A board file as one listing item (id = its path)."""
    file = str(path)
    try:
        data = load_json(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return _bad(file, file, None, "", "no such file")
    except (OSError, UnicodeDecodeError) as exc:
        return _bad(file, file, None, "", f"can't read: {exc}")
    except _Unreadable as exc:
        return _bad(file, file, None, "$", str(exc))
    return BatchItem(id=file, board=data, source=file, file=file)


def _board_items(path: Path) -> Iterator[BatchItem]:
    """A board file's one item."""
    yield read_board_file(path)


def read_jsonl(path: Path) -> Iterator[BatchItem]:
    """The items of a JSON Lines file; blank lines are skipped."""
    file = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        yield _bad(file, file, None, "", f"can't read: {exc}")
        return
    for n, raw in enumerate(text.splitlines(), start=1):
        if raw.strip():
            yield parse_line(raw, file, n)


Reader = Callable[[Path], Iterator[BatchItem]]
def _puzzle_items(path: Path) -> Iterator[BatchItem]:
    """A Forge puzzle file's one item: its imported board, question and notes."""
    from mtgcombat.errors import BoardError
    from mtgcombat.forge import import_puzzle

    file = str(path)
    try:
        imported = import_puzzle(path)
    except BoardError as err:
        yield _bad(file, file, None, err.path, err.message)
        return
    yield BatchItem(id=file, board=imported.board, source=file, file=file,
                    puzzle={"question": imported.question,
                            "notes": [n.to_json() for n in imported.notes]})


READERS: dict[str, Reader] = {".json": _board_items, ".jsonl": read_jsonl,
                              ".pzl": _puzzle_items}
"""File suffix → the reader of its items. A directory stands for its files with these
suffixes; a file named directly with another suffix is read as a board file."""


def read_stdin_jsonl(stream: IO[str] | None = None) -> Iterator[BatchItem]:
    """The items of JSON Lines read from standard input (at most the board-file size limit;
    a source like ``<stdin>:3``)."""
    from mtgcombat.board.source import read_stdin_text
    from mtgcombat.errors import BoardError

    try:
        text = read_stdin_text("batch input", stream)
    except BoardError as err:
        yield _bad(STDIN_LABEL, STDIN_LABEL, None, "", err.message)
        return
    for n, raw in enumerate(text.splitlines(), start=1):
        if raw.strip():
            yield parse_line(raw, STDIN_LABEL, n)


def parse_line(raw: str, file: str | None, n: int | None) -> BatchItem:
    """One JSON Lines item; a malformed line becomes an item with ``error``."""
    fallback: JsonId = f"{file}:{n}" if file else str(n)
    try:
        data = load_json(raw, lines=False)
    except _Unreadable as exc:
        return _bad(fallback, file, n, "$", str(exc))
    return item_from_mapping(data, file, n, fallback)


def item_from_mapping(data: object, file: str | None, n: int | None,
                      fallback: JsonId) -> BatchItem:
    """``{"id", "board", "declaration"}`` as an item; bad shapes become items with ``error``."""
    if not isinstance(data, dict):
        return _bad(fallback, file, n, "$", "an item must be a JSON object "
                    '{"id": ..., "board": {...}, "declaration": {...}|null}')
    item_id = data.get("id", fallback)
    good_id = isinstance(item_id, str | int) and not isinstance(item_id, bool)
    if too_deep(data):
        return _bad(item_id if good_id else fallback, file, n, "$",
                    f"JSON nested deeper than {MAX_DEPTH} levels")
    if isinstance(item_id, int) and good_id and item_id.bit_length() > MAX_ID_BITS:
        return _bad(fallback, file, n, "$.id", f"integer id over {MAX_ID_BITS} bits")
    if not good_id:
        return _bad(fallback, file, n, "$.id", f"expected a string or integer id, got {item_id!r}")
    unknown = sorted(set(data) - {"id", "board", "declaration"})
    if unknown:
        return _bad(item_id, file, n, f"$.{unknown[0]}",
                    "unknown key (expected id, board, declaration)")
    if "board" not in data:
        return _bad(item_id, file, n, "$", "missing key 'board'")
    source = file if n is None or file is None else f"{file}:{n}"
    return BatchItem(id=item_id, board=data["board"], declaration=data.get("declaration"),
                     source=source or "", file=file, line=n)


def as_item(obj: BatchItem | Mapping[str, Any], index: int) -> BatchItem:
    """An API argument as a :class:`BatchItem` (a mapping is ``{"id", "board",
    "declaration"}``; a missing id is the item's index)."""
    if isinstance(obj, BatchItem):
        return obj
    item = item_from_mapping(dict(obj), None, None, index)
    if not item.source:
        item = item.model_copy(update={"source": f"item {index}"})
    return item
