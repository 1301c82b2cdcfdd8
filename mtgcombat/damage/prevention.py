"""Which combat damage is prevented (CR 615, 702.16): protection of creatures, planeswalkers,
battles and players from a quality of the source, fogs ("prevent all combat damage that would
be dealt this turn"), damage prevented to some recipients ("prevent all damage that would be
dealt to this creature", optionally only from some sources), prevention shields ("prevent the
next N damage that would be dealt to X this turn"), and damage that can't be prevented (CR
615.12: then none of these prevents anything).

A shield takes the damage dealt to its recipient at the same time in this order (the affected
player or the controller of the affected permanent chooses, CR 615.7; this library fixes the
choice as that player's best in most cases): damage from deathtouch sources, then infect, then
wither, then toxic, then lifelink sources, then the rest; among equals, in assignment order.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from mtgcombat.board.characteristics import Obj, View
from mtgcombat.board.model import Board
from mtgcombat.compile.base import EffectSource, effect_sources
from mtgcombat.errors import BoardError
from mtgcombat.rules.effects import (
    DamageCantBePrevented,
    PlayerProtection,
    PreventCombatDamage,
    PreventDamageTo,
    PreventNextDamage,
)
from mtgcombat.rules.protection import qualities


@dataclass(frozen=True)
class Prevention:
    """The prevention that applies to this combat's damage."""

    fogged: frozenset[str] = frozenset()
    """Creatures whose combat damage is prevented (fogs)."""
    protections: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Player, planeswalker or battle -> the qualities it has protection from."""
    shields: dict[str, int] = field(default_factory=dict)
    """Player or permanent -> damage its prevention shields will still prevent this turn."""
    warded: dict[str, frozenset[str]] = field(default_factory=dict)
    """Player or permanent -> the creatures whose combat damage to it is prevented."""
    once: dict[str, frozenset[str]] = field(default_factory=dict)
    """Player or permanent -> the creatures whose next combat damage to it is prevented (used
    up by the first step in which they deal it damage)."""
    unpreventable: bool = False
    """Damage can't be prevented (CR 615.12): nothing above applies."""


def _shield_target(es_obj: str | None, to: str | None, board: Board, where: str) -> str:
    """The recipient of a prevention shield (a player's name or a permanent's id)."""
    rid = to if to is not None else es_obj
    known = {p.name for p in board.players} | {p.id for p in board.permanents}
    if rid is None or rid not in known:
        raise BoardError(f"prevent_next_damage: {rid or 'no recipient'!s} is not a player or "
                         "permanent on this board (give 'to')", path=where)
    return rid


def prevention_at(board: Board, view: View, creatures: Iterable[str]) -> Prevention:
    """The fogs, protection and shields of ``board`` (``creatures``: those in combat)."""
    pool = [view.objects[c] for c in creatures if c in view.objects]
    fogged: set[str] = set()
    prot: dict[str, list[str]] = {}
    shields: dict[str, int] = {}
    warded: dict[str, set[str]] = {}
    once: dict[str, set[str]] = {}
    unpreventable = False
    for o in view.objects.values():
        if not o.is_creature and (o.is_planeswalker or o.is_battle):
            found = qualities(o.keywords)
            if found:
                prot.setdefault(o.id, []).extend(found)
    for es in effect_sources(board, view):
        eff = es.effect
        if isinstance(eff, DamageCantBePrevented):
            unpreventable = True
        elif isinstance(eff, PreventCombatDamage):
            fogged.update(o.id for o in pool
                          if view.matches(eff.sources, o, es.obj, es.controller, es.targets))
        elif isinstance(eff, PreventDamageTo):
            _ward(view, es, eff, pool, once if eff.once else warded)
        elif isinstance(eff, PlayerProtection):
            prot.setdefault(es.controller, []).append(eff.quality)
        elif isinstance(eff, PreventNextDamage):
            for rid in _shield_recipients(board, es, eff):
                shields[rid] = shields.get(rid, 0) + eff.amount
    if unpreventable:
        return Prevention(unpreventable=True)
    return Prevention(frozenset(fogged), {k: tuple(v) for k, v in prot.items()}, shields,
                      {k: frozenset(v) for k, v in warded.items()},
                      {k: frozenset(v) for k, v in once.items()})


def _shield_recipients(board: Board, es: EffectSource, eff: PreventNextDamage) -> list[str]:
    """The players and permanents a prevention shield is on."""
    where = f"$.effects ({es.name})"
    if eff.to_you:
        return [es.controller]
    if eff.to_targets:
        if not es.targets:
            raise BoardError(f"prevent_next_damage: {es.name} targets nothing (give its "
                             "'targets')", path=where)
        return sorted(es.targets)
    return [_shield_target(es.obj.id if es.obj else None, eff.to, board, where)]


def _ward(view: View, es: EffectSource, eff: PreventDamageTo, pool: list[Obj],
          warded: dict[str, set[str]]) -> None:
    """Record the creatures of ``pool`` whose combat damage ``eff`` prevents, per recipient."""
    if eff.once and not es.targets:
        raise BoardError(f"prevent_damage_to: {es.name} names no chosen source (give its "
                         "'targets')", path=f"$.effects ({es.name})")
    sources = [o.id for o in pool if eff.sources is None
               or view.matches(eff.sources, o, es.obj, es.controller, es.targets)]
    recipients = [o.id for o in view.objects.values() if eff.affects is not None
                  and view.matches(eff.affects, o, es.obj, es.controller, es.targets)]
    if eff.you:
        recipients.append(es.controller)
    for rid in recipients:
        warded.setdefault(rid, set()).update(sources)
