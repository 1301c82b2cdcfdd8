"""Listings of legal declarations under a time limit, for ``legal`` and ``blocks``.

A listing cut short by the time limit is never silent: the JSON says ``"complete": false`` with
the reason, the human output ends with ``unknown (time limit): the list above is incomplete``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, TypeVar

from mtgcombat.board.declaration import DeclarationLike
from mtgcombat.errors import Deadline, Undecided
from mtgcombat.views.summary import LegalSummary

D = TypeVar("D", bound=DeclarationLike)

INCOMPLETE = "the list above is incomplete"
"""What a human listing cut by the time limit says after its last declaration."""


def checked(stream: Iterable[D], deadline: Deadline) -> Iterator[D]:
    """The items of ``stream``, checking ``deadline`` before drawing each one."""
    it = iter(stream)
    while True:
        deadline.check()
        try:
            item = next(it)
        except StopIteration:
            return
        yield item


def listing_json(stream: Iterable[DeclarationLike], limit: int | None,
                 deadline: Deadline) -> dict[str, Any]:
    """The ``--json`` listing (see :func:`mtgcombat.views.listing.listing`); when the time
    limit runs out part-way, the declarations found so far with ``"complete": false`` and
    ``"reason"``."""
    from mtgcombat.views.listing import listing
    from mtgcombat.views.undecided import undecided_reason

    got: list[DeclarationLike] = []

    def tap() -> Iterator[DeclarationLike]:
        for d in checked(stream, deadline):
            got.append(d)
            yield d

    try:
        return listing(tap(), limit)
    except Undecided as exc:
        shown = got if limit is None else got[:limit]
        return {"legal": [d.to_json() for d in shown], "count": len(shown),
                "complete": False, "reason": undecided_reason(exc)}


def summary(creatures: Iterable[str], stream: Iterable[DeclarationLike], shown: int,
            deadline: Deadline) -> tuple[LegalSummary, str | None]:
    """The judge's summary of ``stream`` keeping the first ``shown`` declarations, and the
    reason it is incomplete (``None``: it is complete)."""
    from mtgcombat.views.undecided import undecided_reason

    out = LegalSummary(tuple(creatures))
    try:
        for d in checked(stream, deadline):
            out.add(d, keep=out.count < shown)
    except Undecided as exc:
        return out, undecided_reason(exc)
    return out, None


def render_listing(s: LegalSummary, reason: str | None, names: Mapping[str, str],
                   verb: str, notes: Sequence[str] = ()) -> Any:
    """The human listing: summary, ``notes``, table, and the incomplete marker if any."""
    from rich.console import Group, RenderableType

    from mtgcombat.cli import render
    from mtgcombat.views.text import safe

    complete = reason is None
    parts: list[RenderableType] = [render.legal_summary(s, names, verb=verb, complete=complete)]
    parts.extend(render.txt(n, "yellow") for n in notes)
    parts.append(render.legal_table(s.shown, s.count, verb=verb, complete=complete))
    if reason is not None:
        parts.append(render.txt(f"unknown ({safe(reason)}): {INCOMPLETE}", "bold yellow"))
    return Group(*parts)
