"""Listings of legal declarations under a time limit, for ``legal`` and ``blocks``.

A listing cut short by the time limit is never silent: the JSON says ``"complete": false`` with
the reason, the human output ends with ``unknown (time limit): the list above is incomplete``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, TypeVar

from mtgcombat.board.declaration import DeclarationLike
from mtgcombat.compile.instances import Instances
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


def grouped_summary(inst: Instances) -> LegalSummary | None:
    """The judge's summary (count, in every, in none) counted by groups of interchangeable
    creatures (:mod:`mtgcombat.legality.counting`), without any declaration; None when the
    board needs enumeration."""
    from mtgcombat.legality.counting import count_groups

    got = count_groups(inst)
    if got is None:
        return None
    members = {c for g in got.groups for c in g.members}
    return LegalSummary(tuple(inst.creatures), count=got.count, in_every=set(got.in_every),
                        in_some=members - got.in_none)


def fast_summary(inst: Instances, stream: Iterable[D], shown: int,
                 deadline: Deadline) -> tuple[LegalSummary, str | None]:
    """:func:`summary`, counted by groups where the board allows it: then only the first
    ``shown`` declarations are drawn from ``stream``. The reason is set when the time limit
    cut the list (or, when counting needs enumeration, the count)."""
    from mtgcombat.views.undecided import undecided_reason

    out = grouped_summary(inst)
    if out is None:
        return summary(inst.creatures, stream, shown, deadline)
    try:
        for d in checked(stream, deadline):
            if len(out.shown) >= shown:
                break
            out.shown.append(d)
    except Undecided as exc:
        return out, undecided_reason(exc)
    return out, None


def count_only(inst: Instances, stream: Iterable[D],
               deadline: Deadline) -> tuple[LegalSummary, str | None]:
    """``legal --count``: the summary without keeping any declaration; by groups of
    interchangeable creatures where the board allows it, else by enumerating ``stream``
    under ``deadline`` (the reason set when it ran out: the count is then a lower bound)."""
    out = grouped_summary(inst)
    if out is not None:
        return out, None
    return summary(inst.creatures, stream, 0, deadline)


def count_json(s: LegalSummary, reason: str | None) -> dict[str, Any]:
    """``legal --count --json``: ``{"count", "in_every", "in_none"}``; when the time limit ran
    out, ``"count"`` is how many were found, with ``"complete": false`` and ``"reason"``
    (``in_every`` / ``in_none`` are then left out: they would be guesses)."""
    if reason is None:
        return s.to_json()
    return {"count": s.count, "complete": False, "reason": reason}


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


def render_count(s: LegalSummary, reason: str | None, names: Mapping[str, str],
                 verb: str, notes: Sequence[str] = ()) -> Any:
    """``legal --count``'s human output: the summary and ``notes``; when the time limit ran
    out, how many were found and ``unknown (time limit)``."""
    from rich.console import Group, RenderableType

    from mtgcombat.cli import render
    from mtgcombat.views.text import safe

    parts: list[RenderableType] = [render.legal_summary(s, names, verb=verb,
                                                        complete=reason is None)]
    parts.extend(render.txt(n, "yellow") for n in notes)
    if reason is not None:
        parts.append(render.txt(f"unknown ({safe(reason)}): the count is incomplete",
                                "bold yellow"))
    return Group(*parts)


def print_count(inst: Instances, stream: Iterable[D], deadline: Deadline, as_json: bool,
                notes: Sequence[str] = ()) -> bool:
    """Print ``legal --count``'s answer (JSON or human, ``notes`` under the human summary);
    returns whether the count is complete."""
    from mtgcombat.cli.common import print_json, print_out

    s, reason = count_only(inst, stream, deadline)
    if as_json:
        print_json(count_json(s, reason))
    else:
        print_out(render_count(s, reason, inst.names, "attack", notes))
    return reason is None
