"""The output file of ``mtgcombat batch --out``: checking it is writable, its lock, the ids
already answered in it (``--resume``), dropping ``unknown`` lines (``--retry-unknown``) and
atomic rewrites (temporary file + rename). See ``docs/batch.md``.

Every item has a distinct id in the output: the k-th repeat (k >= 2) of an id ``X`` is
written as the string ``"X#k"`` (the first unused such name), so ``--resume`` never takes a
later item for one already answered.
"""

from __future__ import annotations

import fcntl
import json
import os
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from pydantic import ValidationError

from mtgcombat.batch.items import BatchItem, BatchResult, JsonId
from mtgcombat.errors import BoardError, json_path


class OutError(Exception):
    """``--out`` can't be used (unwritable, locked by another run); a usage error."""


def id_key(item_id: JsonId) -> str:
    """An id as the key the output file is matched on (its JSON text)."""
    return json.dumps(item_id)


def distinct_ids(items: Sequence[BatchItem]) -> list[BatchItem]:
    """``items`` with every repeated id renamed ``"X#k"`` (k-th occurrence, k >= 2, the first
    name not used so far), so that no two items share an id."""
    used: set[str] = set()
    out: list[BatchItem] = []
    for item in items:
        new_id: JsonId = item.id
        k = 1
        while id_key(new_id) in used:
            k += 1
            new_id = f"{item.id}#{k}"
        used.add(id_key(new_id))
        out.append(item if new_id == item.id else item.model_copy(update={"id": new_id}))
    return out


# -- the file ------------------------------------------------------------------------------


def check_writable(out: Path) -> None:
    """Raise :class:`OutError` (naming ``out``) unless ``out`` can be created or written."""
    if out.is_dir():
        raise OutError(f"--out {out}: is a directory")
    folder = out.parent
    if not folder.is_dir():
        raise OutError(f"--out {out}: no such folder {folder}")
    if out.exists():
        if not os.access(out, os.W_OK):
            raise OutError(f"--out {out}: not writable")
    elif not os.access(folder, os.W_OK | os.X_OK):
        raise OutError(f"--out {out}: folder {folder} is not writable")


@contextmanager
def locked(out: Path) -> Iterator[Path]:
    """Hold an exclusive lock on ``OUT.lock`` (the lock file); :class:`OutError` when another
    run holds it. The lock file is left in place (deleting it would race another run)."""
    lock = out.with_name(out.name + ".lock")
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise OutError(f"--out {out}: can't create the lock file {lock}: {exc.strerror}") from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise OutError(f"--out {out}: another batch run holds the lock {lock}") from None
        yield lock
    finally:
        os.close(fd)


def rewrite(out: Path, lines: Sequence[str]) -> None:
    """Replace ``out`` by ``lines`` atomically (a temporary file in its folder, renamed)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.writelines(line + "\n" for line in lines)
            f.flush()
            os.fsync(f.fileno())
        if out.exists():
            os.chmod(tmp, out.stat().st_mode & 0o7777)
        os.replace(tmp, out)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@dataclass
class Previous:
    """The result lines already in ``out``: their text and id key, in file order."""

    lines: list[str] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)
    statuses: list[str] = field(default_factory=list)
    torn: bool = False
    """Was the last line cut short (a run killed while writing)?"""


def read_previous(out: Path) -> Previous:
    """The lines of ``out`` (none if missing); :class:`BoardError` for a line that is not a
    result line, except a torn last line, which is dropped (``torn``)."""
    prev = Previous()
    if not out.exists():
        return prev
    raw = out.read_bytes()
    keep = raw
    if raw and not raw.endswith(b"\n"):
        keep = raw[:raw.rfind(b"\n") + 1]
        prev.torn = True
    for n, line in enumerate(keep.decode("utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            r = BatchResult.model_validate_json(line)
        except ValidationError as exc:
            raise BoardError(f"not a result line: {exc.errors()[0]['msg']}",
                             path=json_path(exc.errors()[0]["loc"]),
                             file=f"{out}:{n}") from None
        prev.lines.append(line)
        prev.keys.append(id_key(r.id))
        prev.statuses.append(r.status)
    return prev


def done_ids(out: Path) -> set[str]:
    """Ids (as :func:`id_key`) already answered in ``out``; a torn last line is cut off the
    file (atomically) so that appending keeps it valid JSON Lines."""
    prev = read_previous(out)
    if prev.torn:
        rewrite(out, prev.lines)
    return set(prev.keys)


def prepare_resume(out: Path, retry_unknown: bool) -> tuple[set[str], bool]:
    """Get ``out`` ready to be appended to: the keys answered (to skip) and whether lines
    were dropped (``unknown`` ones with ``retry_unknown``). A torn last line is cut off; the
    file is rewritten atomically when anything changes."""
    prev = read_previous(out)
    keep = [i for i, s in enumerate(prev.statuses) if not (retry_unknown and s == "unknown")]
    dropped = len(keep) != len(prev.lines)
    if dropped or prev.torn:
        rewrite(out, [prev.lines[i] for i in keep])
    return {prev.keys[i] for i in keep}, dropped


def reorder(out: Path, keys: Sequence[str]) -> None:
    """Rewrite ``out`` (atomically) with its lines in the order of ``keys`` (lines whose key
    is not there keep their order, at the end)."""
    prev = read_previous(out)
    rank = {k: i for i, k in enumerate(keys)}
    order = sorted(range(len(prev.lines)), key=lambda i: (rank.get(prev.keys[i], len(rank)), i))
    rewrite(out, [prev.lines[i] for i in order])


class Sink:
    """Where result lines go: stdout, or ``out`` opened only at the first line (or at
    :meth:`finish`), so that a run that never starts leaves an existing file untouched."""

    def __init__(self, out: Path | None, append: bool, stdout: IO[str]) -> None:
        self.out = out
        self.append = append
        self.file: IO[str] | None = stdout if out is None else None

    def _open(self) -> IO[str]:
        if self.file is None:
            assert self.out is not None
            self.file = open(self.out, "a" if self.append else "w",  # noqa: SIM115
                             encoding="utf-8")
        return self.file

    def write(self, line: str) -> None:
        """Write one line and flush it."""
        f = self._open()
        f.write(line + "\n")
        f.flush()

    def finish(self) -> None:
        """The run is over: make sure ``out`` exists (empty when there was nothing to do)."""
        self._open()

    def close(self) -> None:
        """Close ``out`` (never stdout)."""
        if self.out is not None and self.file is not None:
            self.file.close()
