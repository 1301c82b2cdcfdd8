"""What an import could not hold: :class:`Note` entries carried with the imported board.

A board holds a frozen game state; a puzzle file may also carry spells resolved at setup,
scripts, merged cards, choices made as a permanent entered, counters and zones the board has
no field for, and names the oracle corpus does not know. Each such item is one note, never
dropped silently. ``matters`` says whether it may change the combat question's answer (a
precast pump does; a card in the library or a ``Set:`` printing does not).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

Question = Literal["attacks", "blocks", "damage"]
"""The combat declaration a puzzle's state is at: the active player's attacks (CR 508.1), the
defender's blocks (CR 509.1) or the combat damage assignment (CR 510.1)."""


@dataclass(frozen=True)
class Note:
    """One thing of the puzzle the board does not hold: a short ``kind``, where it is (a
    player, a permanent id or ``line N``), what it is, and whether it may change the answer."""

    kind: str
    where: str
    message: str
    matters: bool = True

    def to_json(self) -> dict[str, Any]:
        """``{"kind", "where", "message", "matters"}``."""
        return {"kind": self.kind, "where": self.where, "message": self.message,
                "matters": self.matters}

    def line(self) -> str:
        """One line for a terminal: ``where: message`` with a marker when it matters."""
        mark = "!" if self.matters else "-"
        return f"{mark} {self.where}: {self.message}"


@dataclass(frozen=True)
class ImportedPuzzle:
    """An imported puzzle: the board (a decoded board JSON object), the question its state is
    at, the notes on what the board does not hold, and the puzzle's metadata."""

    board: dict[str, Any]
    question: Question
    notes: list[Note] = field(default_factory=list)
    name: str = ""
    goal: str = ""
    description: str = ""

    @property
    def changes_answer(self) -> list[Note]:
        """The notes that may change the combat question's answer."""
        return [n for n in self.notes if n.matters]

    def to_json(self) -> dict[str, Any]:
        """``{"name", "goal", "question", "board", "notes"}``."""
        return {"name": self.name, "goal": self.goal, "question": self.question,
                "board": self.board, "notes": [n.to_json() for n in self.notes]}


def listing_summary(creatures: Iterable[str],
                    legal: Iterable[Mapping[str, object]]) -> dict[str, Any]:
    """The judge's summary of a complete listing (each declaration's JSON object: a creature
    id → what it attacks or blocks): ``{"count", "in_every", "in_none"}``, the creatures
    declared in every legal declaration and those in none."""
    count = 0
    every: set[str] | None = None
    some: set[str] = set()
    for decl in legal:
        count += 1
        used = set(decl)
        every = used if every is None else every & used
        some |= used
    return {"count": count, "in_every": sorted(every or ()),
            "in_none": sorted(c for c in creatures if c not in some)}
