"""Selector filters on a permanent's state rather than its characteristics: whether it is a
token ("creature tokens you control", "nontoken creatures"), whether it is attached to the
effect's source or to what the source is attached to ("for each Aura attached to it") and
whether an Equipment or an Aura is attached to it ("equipped creatures you control",
"enchanted creatures you control")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mtgcombat.rules.effects import Selector

if TYPE_CHECKING:
    from mtgcombat.board.characteristics import Obj, View


def state_matches(view: View, sel: Selector, obj: Obj, source: Obj | None) -> bool:
    """Does ``obj`` pass ``sel``'s ``token``, ``attached_to`` and ``has_attached`` filters,
    for an effect of ``source``?"""
    if sel.token is not None and obj.token != sel.token:
        return False
    if sel.attached_to is not None:
        host = None if source is None else (
            source.id if sel.attached_to == "self" else source.attached_to)
        if host is None or obj.attached_to != host:
            return False
    if sel.has_attached is None:
        return True
    return any(o.attached_to == obj.id and sel.has_attached in o.subtypes
               for o in view.objects.values())
