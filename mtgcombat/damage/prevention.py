"""Which combat damage is prevented (CR 615, 702.16): protection of creatures, planeswalkers,
battles and players from a quality of the source, fogs ("prevent all combat damage that would
be dealt this turn"), damage prevented to some recipients ("prevent all damage that would be
dealt to this creature", optionally only from some sources), prevention shields ("prevent the
next N damage that would be dealt to X this turn"), a part of each source's damage ("prevent
2 of that damage"), prevention that removes +1/+1 counters (Phantom Centaur), and damage that
can't be prevented (CR 615.12: then none of these prevents anything, but the counters are
still removed).

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
    ModifyDamage,
    PlayerProtection,
    PreventCombatDamage,
    PreventDamageTo,
    PreventNextDamage,
    Selector,
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
    unpreventable_from: frozenset[str] = frozenset()
    """Creatures whose damage can't be prevented (Excruciator)."""
    reduced: dict[str, dict[str, int]] = field(default_factory=dict)
    """Player or permanent -> creature -> how much of that creature's combat damage to it is
    prevented each step (Sphere of Law)."""
    increases: dict[tuple[str, str], tuple[int, int]] = field(default_factory=dict)
    """(Creature, player or permanent) -> what its damage to it is multiplied by and then
    increased by (Furnace of Rath, Torbran): kept when damage can't be prevented."""
    shedding: dict[str, str] = field(default_factory=dict)
    """Permanent -> how it loses +1/+1 counters when damage would be dealt to it (``one`` per
    step, ``that_many``), all of which is prevented (Phantom Centaur): kept when damage can't
    be prevented (615.12: the counters are still removed)."""


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
    shedding: dict[str, str] = {}
    reduced: dict[str, dict[str, int]] = {}
    increases: dict[tuple[str, str], tuple[int, int]] = {}
    hard: set[str] = set()
    for o in view.objects.values():
        if not o.is_creature and (o.is_planeswalker or o.is_battle):
            found = qualities(o.keywords)
            if found:
                prot.setdefault(o.id, []).extend(found)
    for es in effect_sources(board, view):
        eff = es.effect
        if isinstance(eff, DamageCantBePrevented) and eff.sources is not None:
            hard.update(o.id for o in pool
                        if view.matches(eff.sources, o, es.obj, es.controller, es.targets))
        elif isinstance(eff, DamageCantBePrevented):
            unpreventable = True
        elif isinstance(eff, PreventCombatDamage):
            _chosen_named(es, eff.sources, "prevent_combat_damage")
            fogged.update(o.id for o in pool
                          if view.matches(eff.sources, o, es.obj, es.controller, es.targets))
        elif isinstance(eff, ModifyDamage):
            _increase(board, view, es, eff, pool, increases)
        elif isinstance(eff, PreventDamageTo) and eff.amount is not None:
            _reduce(board, view, es, eff, pool, reduced)
        elif isinstance(eff, PreventDamageTo) and eff.remove_counters is not None:
            shedding.update(_shedding(view, es, eff))
        elif isinstance(eff, PreventDamageTo):
            _ward(board, view, es, eff, pool, once if eff.once else warded)
        elif isinstance(eff, PlayerProtection):
            prot.setdefault(es.controller, []).append(eff.quality)
        elif isinstance(eff, PreventNextDamage):
            for rid in _shield_recipients(board, es, eff):
                shields[rid] = shields.get(rid, 0) + eff.amount * _x(es, eff)
    if unpreventable:
        return Prevention(unpreventable=True, shedding=shedding, increases=increases)
    return Prevention(frozenset(fogged), {k: tuple(v) for k, v in prot.items()}, shields,
                      {k: frozenset(v) for k, v in warded.items()},
                      {k: frozenset(v) for k, v in once.items()}, reduced=reduced,
                      shedding=shedding, increases=increases,
                      unpreventable_from=frozenset(hard))


def _increase(board: Board, view: View, es: EffectSource, eff: ModifyDamage, pool: list[Obj],
              increases: dict[tuple[str, str], tuple[int, int]]) -> None:
    """Add ``eff`` to what each of its sources' damage to each of its recipients becomes
    (multipliers multiply, additions add up: the affected player applies every
    multiplication before any addition, the least damage, CR 616.1)."""
    team = set(board.team_of(es.controller))
    opponents = {p.name for p in board.players if p.name not in team}
    players = {p.name for p in board.players}
    who = {"any": players, "players": players, "you": {es.controller},
           "opponents": opponents, "opponents_and_theirs": opponents,
           "creatures": set()}[eff.recipients]
    perms = {o.id for o in view.objects.values()
             if eff.recipients == "any"
             or eff.recipients == "opponents_and_theirs" and o.controller in opponents
             or eff.recipients == "creatures" and o.is_creature}
    for src in pool:
        if eff.sources is not None and not view.matches(eff.sources, src, es.obj,
                                                        es.controller, es.targets):
            continue
        for rid in who | perms:
            mult, add = increases.get((src.id, rid), (1, 0))
            increases[src.id, rid] = (mult * eff.multiply, add + eff.add)


def _shedding(view: View, es: EffectSource, eff: PreventDamageTo) -> dict[str, str]:
    """The permanents ``eff`` prevents all damage to, removing +1/+1 counters (with
    ``while_counter``: those that have one now), each with how many it removes."""
    assert eff.remove_counters is not None
    return {o.id: eff.remove_counters for o in view.objects.values()
            if eff.affects is not None
            and view.matches(eff.affects, o, es.obj, es.controller, es.targets)
            and (not eff.while_counter or o.counters.get("+1/+1", 0) > 0)}


def _x(es: EffectSource, eff: PreventNextDamage) -> int:
    """The multiple of a shield's amount: the resolution's X for one "the next X damage"."""
    if not eff.times_x:
        return 1
    if not es.activations or len(es.activations) != 1:
        raise BoardError(f"prevent_next_damage: say the X {es.name} resolved with (\"x\": N)",
                         path=f"$.effects ({es.name})")
    return es.activations[0]


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


def _chosen_named(es: EffectSource, sources: Selector | None, kind: str) -> None:
    """A prevention of the damage of a targeted or chosen source needs the resolution to name
    it."""
    if sources is not None and sources.which == "targets" and not es.targets:
        raise BoardError(f"{kind}: {es.name} names no chosen source (give its 'targets')",
                         path=f"$.effects ({es.name})")


def _reduce(board: Board, view: View, es: EffectSource, eff: PreventDamageTo,
            pool: list[Obj], reduced: dict[str, dict[str, int]]) -> None:
    """Add ``eff``'s ``amount`` to what is prevented of each of its sources' damage to each
    of its recipients."""
    assert eff.amount is not None
    warded: dict[str, set[str]] = {}
    _ward(board, view, es, eff, pool, warded)
    for rid, sources in warded.items():
        per = reduced.setdefault(rid, {})
        for src in sources:
            per[src] = per.get(src, 0) + eff.amount


def _ward(board: Board, view: View, es: EffectSource, eff: PreventDamageTo, pool: list[Obj],
          warded: dict[str, set[str]]) -> None:
    """Record the creatures of ``pool`` whose combat damage ``eff`` prevents, per recipient."""
    if eff.once and not es.targets:
        raise BoardError(f"prevent_damage_to: {es.name} names no chosen source (give its "
                         "'targets')", path=f"$.effects ({es.name})")
    _chosen_named(es, eff.sources, "prevent_damage_to")
    sources = [o.id for o in pool if eff.sources is None
               or view.matches(eff.sources, o, es.obj, es.controller, es.targets)]
    recipients = [o.id for o in view.objects.values() if eff.affects is not None
                  and view.matches(eff.affects, o, es.obj, es.controller, es.targets)]
    if eff.you:
        recipients.append(es.controller)
    if eff.players:
        recipients.extend(p.name for p in board.players)
    for rid in recipients:
        warded.setdefault(rid, set()).update(sources)
