"""Selector filters on a permanent's state rather than its characteristics: whether it is a
token ("creature tokens you control", "nontoken creatures"), whether it is attached to the
effect's source or to what the source is attached to ("for each Aura attached to it"),
whether an Equipment or an Aura is attached to it ("equipped creatures you control",
"enchanted creatures you control"), whether it blocks the source or is blocked by it
("each creature blocking it") and whether it attacks alone."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mtgcombat.rules.effects import Selector

if TYPE_CHECKING:
    from mtgcombat.board.characteristics import Obj, View


def _blocked(view: View, blocker: str) -> tuple[str, ...]:
    """The attackers the board's ``blocks`` says ``blocker`` blocks."""
    v = (view.board.blocks or {}).get(blocker)
    return () if v is None else (v,) if isinstance(v, str) else tuple(v)


def state_matches(view: View, sel: Selector, obj: Obj, source: Obj | None) -> bool:
    """Does ``obj`` pass ``sel``'s ``token``, ``attached_to``, ``blocking_source``,
    ``blocked_by_source``, ``attacking_alone`` and ``has_attached`` filters, for an effect of
    ``source``?"""
    if sel.token is not None and obj.token != sel.token:
        return False
    if sel.attached_to is not None:
        host = None if source is None else (
            source.id if sel.attached_to == "self" else source.attached_to)
        if host is None or obj.attached_to != host:
            return False
    if sel.blocking_source and (source is None or source.id not in _blocked(view, obj.id)):
        return False
    if sel.blocked_by_source and (source is None or obj.id not in _blocked(view, source.id)):
        return False
    if sel.attacking_alone and list(view.board.attack or {}) != [obj.id]:
        return False
    if sel.has_attached is None:
        return True
    return any(o.attached_to == obj.id and sel.has_attached in o.subtypes
               for o in view.objects.values())
