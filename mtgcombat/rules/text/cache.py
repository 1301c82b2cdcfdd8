"""Compiled corpus cards, cached on disk so that text is compiled once per compiler version.

Compiling a card's text needs the compiler's templates, which take tens of milliseconds to
import; a board naming corpus cards loads faster when the catalog cards they compile to are
read back instead. The cache is a SQLite file in the cache directory
(``$MTGCOMBAT_CACHE_DIR`` or ``~/.cache/mtgcombat``, as for an imported corpus), keyed by a
fingerprint of the compiler's source, the corpus in use and the card's face: any change to the
compiler or the corpus makes old entries unused. ``MTGCOMBAT_COMPILE_CACHE=0`` turns it off.
The cache only saves time: when its file can't be read or written, cards are compiled as if
it weren't there.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import threading
from functools import lru_cache
from pathlib import Path

from mtgcombat.rules.catalog import Card
from mtgcombat.rules.corpus import CorpusCard, cache_dir, corpus_path

CACHE_FILE = "compiled.sqlite3"
"""The cache's file name in the cache directory."""

_TEXT = Path(__file__).resolve().parent
_SOURCES = (_TEXT.parent, _TEXT.parent / "effects", _TEXT, _TEXT / "families",
            _TEXT.parent / "data")
"""Folders whose files decide what a card compiles to: the rules package (its modules and
data), the effect vocabulary, the compiler and its template families (read as files, so the
fingerprint costs no imports)."""


@lru_cache(maxsize=1)
def fingerprint() -> str:
    """A digest of the compiler's source and data files (the corpus database excluded)."""
    digest = hashlib.sha256()
    for folder in _SOURCES:
        for entry in sorted(folder.iterdir()):
            if entry.suffix in (".py", ".txt", ".json") and entry.is_file():
                digest.update(entry.name.encode())
                digest.update(entry.read_bytes())
    return digest.hexdigest()[:32]


def enabled() -> bool:
    """Is the cache on (``MTGCOMBAT_COMPILE_CACHE`` is not ``0``)?"""
    return os.environ.get("MTGCOMBAT_COMPILE_CACHE", "1") != "0"


_LOCK = threading.Lock()


def _key(card: CorpusCard) -> str:
    path = corpus_path()
    stamp = f"{path}:{path.stat().st_mtime_ns}"
    return "\0".join((fingerprint(), stamp, card.name, str(card.face_index)))


@lru_cache(maxsize=4)
def _connect(path: str) -> sqlite3.Connection | None:
    try:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(path, timeout=2, check_same_thread=False)
        db.execute("CREATE TABLE IF NOT EXISTS cards (key TEXT PRIMARY KEY, data TEXT NOT NULL)")
        return db
    except (OSError, sqlite3.Error):
        return None


def _db() -> sqlite3.Connection | None:
    return _connect(str(cache_dir() / CACHE_FILE)) if enabled() else None


def get(card: CorpusCard) -> Card | None:
    """The cached catalog card for ``card``'s face, or None."""
    db = _db()
    if db is None:
        return None
    try:
        with _LOCK:
            row = db.execute("SELECT data FROM cards WHERE key = ?", (_key(card),)).fetchone()
        return Card.model_validate_json(row[0]) if row else None
    except (sqlite3.Error, ValueError):
        return None


def put(card: CorpusCard, compiled: Card) -> None:
    """Remember ``compiled`` as the catalog card of ``card``'s face (best effort)."""
    db = _db()
    if db is None:
        return
    try:
        with _LOCK, db:
            db.execute("INSERT OR REPLACE INTO cards VALUES (?, ?)",
                       (_key(card), compiled.model_dump_json()))
    except sqlite3.Error:
        pass  # a read-only or busy cache only costs time


def cached_card(card: CorpusCard) -> Card:
    """The catalog card of ``card``'s face: from the cache, or compiled (and cached)."""
    hit = get(card)
    if hit is not None:
        return hit
    from mtgcombat.rules.text.card import card_from_corpus  # imports the compiler

    compiled = card_from_corpus(card)
    put(card, compiled)
    return compiled
