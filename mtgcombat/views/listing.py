"""The listing answer shared by the CLI's ``--json``, the HTTP API and batch result lines."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import islice
from typing import Any

from mtgcombat.board.declaration import DeclarationLike


def listing(stream: Iterable[DeclarationLike], limit: int | None) -> dict[str, Any]:
    """``{"legal": [...], "count": n}`` for the first ``limit`` declarations of ``stream``
    (all of them when ``limit`` is None), plus ``"complete": false`` when the list was cut.

    At most ``limit + 1`` declarations are drawn from ``stream``: one more than shown is how a
    cut list is told from a complete one without enumerating the rest."""
    got = list(stream if limit is None else islice(stream, limit + 1))
    shown = got if limit is None else got[:limit]
    out: dict[str, Any] = {"legal": [d.to_json() for d in shown], "count": len(shown)}
    if limit is not None and len(got) > limit:
        out["complete"] = False
    return out
