"""Verdicts: the answer to "is this declaration legal?", with the reason a judge would give."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from mtgcombat.board.declaration import DeclarationLike

VerdictKind = Literal[
    "legal",
    "not_a_candidate",  # CR 508.1a: tapped, summoning sick, not yours, not a creature
    "illegal_target",  # CR 508.1b
    "band",  # CR 702.22
    "restriction",  # CR 508.1c
    "requirements",  # CR 508.1d / 509.1c: obeys fewer requirements than possible
    "payment",  # CR 508.1h-j / 509.1f-g: the total cost can't be paid
]
"""Why a declaration is legal or not. No verdict at all (a time limit, a search too large) is
an :class:`~mtgcombat.errors.Undecided`, never a verdict."""


@dataclass(frozen=True)
class Verdict:
    """Legal or not, why, and the evidence: violated restrictions, or a better declaration
    (``witness``: it obeys more requirements without breaking a restriction or paying a cost
    this one doesn't, CR 508.1d / 509.1c), naming those requirements (``witness_obeys``)."""

    legal: bool
    kind: VerdictKind
    reason: str
    declaration: DeclarationLike
    violated: tuple[str, ...] = ()
    witness: DeclarationLike | None = None
    witness_obeys: tuple[str, ...] = ()
    obeyed: int | None = None
    maximum: int | None = None
    costs: tuple[str, ...] = ()
    branch: tuple[str, ...] = ()
    payment: dict[str, Any] | None = None
    notes: tuple[str, ...] = field(default_factory=tuple)
    compared: tuple[int, ...] = ()
    """Indices of the requirements the better declaration is compared on."""

    def __bool__(self) -> bool:
        return self.legal

    def to_json(self) -> dict[str, Any]:
        """The answer's JSON (``legal``, ``reason``, ``witness``) plus a ``details`` object."""
        details: dict[str, Any] = {"kind": self.kind}
        if self.violated:
            details["violated"] = list(self.violated)
        if self.witness_obeys:
            details["witness_obeys"] = list(self.witness_obeys)
        if self.obeyed is not None:
            details["obeyed"] = self.obeyed
        if self.maximum is not None:
            details["maximum"] = self.maximum
        if self.costs:
            details["costs"] = list(self.costs)
        if self.branch:
            details["branch"] = list(self.branch)
        if self.payment is not None:
            details["payment"] = self.payment
        if self.notes:
            details["notes"] = list(self.notes)
        return {
            "legal": self.legal,
            "reason": self.reason,
            "witness": self.witness.to_json() if self.witness is not None else None,
            "details": details,
        }
