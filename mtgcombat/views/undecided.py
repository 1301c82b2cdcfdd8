"""The "unknown" answer: how every front end reports an :class:`~mtgcombat.errors.Undecided`.

One reason string per kind of no-verdict, used alike by the CLI (``unknown (<reason>)``, exit
status 0), the HTTP API (HTTP 200 ``{"status": "unknown", "reason": ...}``) and batch (an
``unknown`` result line with that ``reason``)."""

from __future__ import annotations

from typing import Any

from mtgcombat.errors import SearchTooLarge, SolverFailure, TimeLimitReached, Undecided
from mtgcombat.payment.search import PaymentSearchTooLarge

TIME_LIMIT = "time limit"
"""The reason given when the time limit ran out."""


def undecided_reason(exc: Undecided) -> str:
    """The reason to report for ``exc``; an unknown kind of :class:`Undecided` is an error."""
    if isinstance(exc, TimeLimitReached):
        return TIME_LIMIT
    if isinstance(exc, SearchTooLarge):
        what = "payment search" if isinstance(exc, PaymentSearchTooLarge) else "search"
        return f"{what} too large ({exc})"
    if isinstance(exc, SolverFailure):
        return f"solver failure ({exc})"
    raise NotImplementedError(type(exc).__name__)


def unknown_json(reason: str) -> dict[str, Any]:
    """The JSON answer "unknown": ``{"status": "unknown", "reason": reason}``."""
    return {"status": "unknown", "reason": reason}


def undecided_json(exc: Undecided) -> dict[str, Any]:
    """:func:`unknown_json` for ``exc``."""
    return unknown_json(undecided_reason(exc))
