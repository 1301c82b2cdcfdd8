"""How every front end reports the combat text a board's cards have and the engine ignores.

The JSON answers (CLI ``--json``, HTTP API, batch result lines) carry
``"unmodelled": [{"permanent", "card", "text", "family"}, ...]`` when there is any (the key is
left out otherwise); human output ends with one warning line (:func:`warning`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mtgcombat.board.unmodelled import Unmodelled

KEY = "unmodelled"
"""The key of the list in JSON answers."""
SHOWN = 3
"""The warning line quotes at most this many sentences."""


def unmodelled_json(found: Sequence[Unmodelled]) -> list[dict[str, str]]:
    """The JSON list of ``found``."""
    return [u.to_json() for u in found]


def with_unmodelled(data: dict[str, Any], found: Sequence[Unmodelled]) -> dict[str, Any]:
    """``data`` with the ``unmodelled`` list added when ``found`` has any (else unchanged)."""
    if found:
        data[KEY] = unmodelled_json(found)
    return data


def _quote(text: str, limit: int = 80) -> str:
    return '"' + (text if len(text) <= limit else text[:limit - 1] + "…") + '"'


def warning(found: Sequence[Unmodelled]) -> str | None:
    """``warning: N combat sentence(s) not modelled (id: "…"; ...); the answer ignores
    them``, or None when there are none."""
    if not found:
        return None
    quoted = "; ".join(f"{u.permanent}: {_quote(u.text)}" for u in found[:SHOWN])
    more = f"; and {len(found) - SHOWN} more" if len(found) > SHOWN else ""
    verb = "sentence is" if len(found) == 1 else "sentences are"
    return (f"warning: {len(found)} combat {verb} not modelled ({quoted}{more}); "
            "the answer ignores them")
