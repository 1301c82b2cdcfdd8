"""Which combat damage is prevented (CR 615, 702.16): protection of creatures, planeswalkers,
battles and players from a quality of the source, fogs ("prevent all combat damage that would
be dealt this turn"), and prevention shields ("prevent the next N damage that would be dealt to
X this turn").

A shield takes the damage dealt to its recipient at the same time in this order (the affected
player or the controller of the affected permanent chooses, CR 615.7; this library fixes the
choice as that player's best in most cases): damage from deathtouch sources, then infect, then
wither, then toxic, then lifelink sources, then the rest; among equals, in assignment order.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from mtgcombat.board.characteristics import View
from mtgcombat.board.model import Board
from mtgcombat.compile.base import effect_sources
from mtgcombat.errors import BoardError
from mtgcombat.rules.effects import PlayerProtection, PreventCombatDamage, PreventNextDamage
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
    for o in view.objects.values():
        if not o.is_creature and (o.is_planeswalker or o.is_battle):
            found = qualities(o.keywords)
            if found:
                prot.setdefault(o.id, []).extend(found)
    for es in effect_sources(board, view):
        eff = es.effect
        if isinstance(eff, PreventCombatDamage):
            fogged.update(o.id for o in pool
                          if view.matches(eff.sources, o, es.obj, es.controller, es.targets))
        elif isinstance(eff, PlayerProtection):
            prot.setdefault(es.controller, []).append(eff.quality)
        elif isinstance(eff, PreventNextDamage):
            where = f"$.effects ({es.name})"
            if eff.to_targets and not es.targets:
                raise BoardError(f"prevent_next_damage: {es.name} targets nothing (give its "
                                 "'targets')", path=where)
            for rid in (sorted(es.targets) if eff.to_targets else
                        [_shield_target(es.obj.id if es.obj else None, eff.to, board, where)]):
                shields[rid] = shields.get(rid, 0) + eff.amount
    return Prevention(frozenset(fogged), {k: tuple(v) for k, v in prot.items()}, shields)
