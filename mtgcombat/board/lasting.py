"""Triggered changes that outlast their source: a combat trigger's change until end of turn
(``from_trigger``: Bolt Hound's "other creatures you control get +1/+0", Flailing
Drake's "that creature gets +1/+1") stays after its source is destroyed by first-strike
damage (CR 611.2: the effect no longer depends on its source once the ability resolved)."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mtgcombat.board.characteristics import Obj, View


def lasting_sources(view: View) -> list[Obj]:
    """The permanents of the board the view's triggers resolved on (``view.declared``) that
    are gone from ``view``, each with only its triggered changes that last."""
    if view.declared is None:
        return []
    out: list[Obj] = []
    for o in view.declared.objects.values():
        kept = tuple(e for e in o.effects if getattr(e, "from_trigger", False))
        if o.id not in view.objects and kept:
            out.append(dataclasses.replace(o, effects=kept))
    return out
