"""Expected-answer files of the board corpus (``models/<folder>/<name>.expected.json``).

A board is any ``*.json`` in the folder that does not end in ``.expected.json``; each board has
exactly one expected file beside it and each expected file one board. An expected file says
what the article (or the rules text) answers for its board:

* ``source``, ``quote``, ``stage`` (``restrictions``, ``requirements``, ``conditional`` or
  ``payment``) and ``notes``: where the answer comes from and how the board encodes it;
* ``legal_if_payable``: the complete set of legal declarations with every cost assumed payable
  (``--assume-payable``), optional;
* ``legal``: the complete set with payment checked (payment), optional;
* ``checks``: single declarations the source rules on, each with ``legal`` and
  ``assume_payable``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mtgcombat.board.declaration import Declaration

EXPECTED_SUFFIX = ".expected.json"
STAGES = frozenset({"restrictions", "requirements", "conditional", "payment"})
_KEYS = frozenset({"source", "quote", "stage", "legal_if_payable", "legal", "checks", "notes"})
_REQUIRED = ("source", "quote", "stage")
_CHECK_KEYS = frozenset({"declaration", "legal", "assume_payable"})
_QUESTION = re.compile(r"Question #(\d+)")


class ExpectedError(ValueError):
    """A malformed expected file, or a board and expected file that don't pair up."""


@dataclass(frozen=True)
class Check:
    """One declaration the source rules on: legal or not, with or without payment."""

    declaration: Declaration
    legal: bool
    assume_payable: bool


@dataclass(frozen=True)
class Expected:
    """The expected answers for one board."""

    path: Path
    source: str
    quote: str
    stage: str
    legal_if_payable: frozenset[Declaration] | None
    legal: frozenset[Declaration] | None
    checks: tuple[Check, ...]
    notes: str

    @property
    def question(self) -> int | None:
        """The article question number named in ``source`` (``"Question #22"``), if any."""
        m = _QUESTION.search(self.source)
        return int(m.group(1)) if m else None

    def payable_checks(self) -> tuple[Check, ...]:
        """Checks judged with every cost assumed payable."""
        return tuple(c for c in self.checks if c.assume_payable)

    def payment_checks(self) -> tuple[Check, ...]:
        """Checks judged with payment (payment)."""
        return tuple(c for c in self.checks if not c.assume_payable)

    @property
    def needs_payment(self) -> bool:
        """Does any expectation need payment to be implemented?"""
        return self.legal is not None or bool(self.payment_checks())


def _fail(path: Path, where: str, msg: str) -> ExpectedError:
    return ExpectedError(f"{path}: {where}: {msg}")


def _declaration_set(path: Path, key: str, raw: Any) -> frozenset[Declaration]:
    if not isinstance(raw, list):
        raise _fail(path, key, "expected a list of declarations")
    decls = [_declaration(path, f"{key}[{i}]", d) for i, d in enumerate(raw)]
    out = frozenset(decls)
    if len(out) != len(decls):
        raise _fail(path, key, "a declaration is listed twice")
    return out


def _declaration(path: Path, where: str, raw: Any) -> Declaration:
    if not isinstance(raw, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in raw.items()):
        raise _fail(path, where, "expected a declaration {creature_id: target}")
    return Declaration(raw)


def _check(path: Path, where: str, raw: Any) -> Check:
    if not isinstance(raw, dict) or set(raw) != _CHECK_KEYS:
        raise _fail(path, where, f"expected exactly the keys {sorted(_CHECK_KEYS)}")
    if not isinstance(raw["legal"], bool) or not isinstance(raw["assume_payable"], bool):
        raise _fail(path, where, "'legal' and 'assume_payable' must be booleans")
    return Check(_declaration(path, f"{where}.declaration", raw["declaration"]),
                 raw["legal"], raw["assume_payable"])


def load_expected(path: Path) -> Expected:
    """Read and validate one expected file."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise _fail(path, "$", f"invalid JSON: {exc}") from None
    if not isinstance(raw, dict):
        raise _fail(path, "$", "expected a JSON object")
    unknown = set(raw) - _KEYS
    if unknown:
        raise _fail(path, "$", f"unknown key(s) {sorted(unknown)}")
    for key in _REQUIRED:
        if not isinstance(raw.get(key), str) or not raw[key]:
            raise _fail(path, key, "required non-empty string")
    if raw["stage"] not in STAGES:
        raise _fail(path, "stage", f"expected one of {sorted(STAGES)}")
    checks = raw.get("checks", [])
    if not isinstance(checks, list):
        raise _fail(path, "checks", "expected a list")
    exp = Expected(
        path=path,
        source=raw["source"],
        quote=raw["quote"],
        stage=raw["stage"],
        legal_if_payable=(None if "legal_if_payable" not in raw
                          else _declaration_set(path, "legal_if_payable",
                                                raw["legal_if_payable"])),
        legal=None if "legal" not in raw else _declaration_set(path, "legal", raw["legal"]),
        checks=tuple(_check(path, f"checks[{i}]", c) for i, c in enumerate(checks)),
        notes=str(raw.get("notes", "")),
    )
    if exp.legal_if_payable is None and exp.legal is None and not exp.checks:
        raise _fail(path, "$", "no expectation: give legal_if_payable, legal or checks")
    return exp


def board_files(folder: Path) -> list[Path]:
    """The board files of a folder (sorted): ``*.json`` not ending in ``.expected.json``."""
    return sorted(p for p in folder.glob("*.json") if not p.name.endswith(EXPECTED_SUFFIX))


def expected_path(board: Path) -> Path:
    """Where a board's expected file lives."""
    return board.with_name(board.name[: -len(".json")] + EXPECTED_SUFFIX)


def load_pairs(folder: Path) -> list[tuple[Path, Expected]]:
    """Every (board path, expected answers) pair of a folder; a board without an expected
    file, or an expected file without a board, is an :class:`ExpectedError`."""
    boards = board_files(folder)
    pairs: list[tuple[Path, Expected]] = []
    for board in boards:
        exp = expected_path(board)
        if not exp.is_file():
            raise ExpectedError(f"{board}: board has no expected file {exp.name}")
        pairs.append((board, load_expected(exp)))
    wanted = {expected_path(b) for b in boards}
    for orphan in sorted(set(folder.glob(f"*{EXPECTED_SUFFIX}")) - wanted):
        raise ExpectedError(f"{orphan}: expected file has no board")
    return pairs
