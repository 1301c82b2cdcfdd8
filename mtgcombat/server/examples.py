"""The article's example boards, shipped with the package for the web calculator.

``mtgcombat/web/examples/`` holds byte-for-byte copies of ``models/article/*.json`` (boards
only, not ``*.expected.json``) and ``index.json``: per board its id, title, the source's
answer (``quote``, from the ``*.expected.json`` files) and, for the article's numbered
questions, the question as the source asks it (``question``, from ``questions.jsonl``).
Regenerate them from a source checkout with::

    python -m mtgcombat.server.examples [models/article]

The server reads only these packaged files, by ids it lists itself: never a client-named path.
"""

from __future__ import annotations

import json
import sys
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

EXAMPLES_DIR = "web/examples"
INDEX = "index.json"
QUESTIONS = "questions.jsonl"
"""One JSON object a line in the source folder: ``{"id": board stem, "question": text}``."""


def _title(stem: str, expected: dict[str, Any]) -> str:
    source = str(expected.get("source", "")).strip()
    label = stem.split("_", 1)[1].replace("_", " ") if "_" in stem else stem
    if not source:
        return label
    return source if "(" in source else f"{source}: {label}"


def _questions(source_dir: Path) -> dict[str, str]:
    """The source's question per board id (empty without ``questions.jsonl``)."""
    path = source_dir / QUESTIONS
    if not path.exists():
        return {}
    out: dict[str, str] = {}
    for n, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        if not line.strip():
            continue
        entry = json.loads(line)
        if not (isinstance(entry, dict) and isinstance(entry.get("id"), str)
                and isinstance(entry.get("question"), str)):
            raise ValueError(f"{path}:{n}: expected {{\"id\": str, \"question\": str}}")
        out[entry["id"]] = entry["question"]
    return out


def build_index(source_dir: Path) -> list[dict[str, Any]]:
    """One entry per board file in ``source_dir``: id (the file stem), title, the source's
    answer (quote) and, when ``questions.jsonl`` has it, the source's question."""
    questions = _questions(source_dir)
    index: list[dict[str, Any]] = []
    for path in sorted(source_dir.glob("*.json")):
        if path.name.endswith(".expected.json"):
            continue
        exp_path = path.with_name(path.stem + ".expected.json")
        expected = json.loads(exp_path.read_text("utf-8")) if exp_path.exists() else {}
        entry = {"id": path.stem, "title": _title(path.stem, expected),
                 "quote": str(expected.get("quote", ""))}
        if path.stem in questions:
            entry["question"] = questions[path.stem]
        index.append(entry)
    return index


def sync(source_dir: Path, target_dir: Path) -> list[str]:
    """Copy the boards of ``source_dir`` into ``target_dir`` and write its index; remove
    copies whose source is gone. Returns the ids written."""
    target_dir.mkdir(parents=True, exist_ok=True)
    index = build_index(source_dir)
    ids = [e["id"] for e in index]
    for old in target_dir.glob("*.json"):
        if old.name != INDEX and old.stem not in ids:
            old.unlink()
    for eid in ids:
        data = (source_dir / f"{eid}.json").read_bytes()
        (target_dir / f"{eid}.json").write_bytes(data)
    (target_dir / INDEX).write_text(json.dumps(index, indent=1, ensure_ascii=False) + "\n",
                                    "utf-8")
    return ids


@lru_cache(maxsize=1)
def examples_index() -> tuple[dict[str, Any], ...]:
    """The packaged index (empty if the package ships no examples)."""
    node = resources.files("mtgcombat.server").joinpath(EXAMPLES_DIR, INDEX)
    try:
        raw = json.loads(node.read_text("utf-8"))
    except (FileNotFoundError, OSError, ValueError):
        return ()
    return tuple(e for e in raw if isinstance(e, dict) and isinstance(e.get("id"), str))


def example_board(eid: str) -> Any | None:
    """The packaged board called ``eid`` (decoded JSON), or None for an id not in the index."""
    if eid not in {e["id"] for e in examples_index()}:
        return None
    node = resources.files("mtgcombat.server").joinpath(EXAMPLES_DIR, f"{eid}.json")
    return json.loads(node.read_text("utf-8"))


def main(argv: list[str]) -> int:
    """``python -m mtgcombat.server.examples [SOURCE_DIR]``: refresh the packaged copies."""
    here = Path(__file__).resolve().parent
    source = Path(argv[0]) if argv else here.parents[1] / "models" / "article"
    if not source.is_dir():
        print(f"no such directory: {source}", file=sys.stderr)
        return 2
    ids = sync(source, here / "web" / "examples")
    print(f"{len(ids)} example boards copied from {source}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
