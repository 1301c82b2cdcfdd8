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

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from mtgcombat.board.characteristics import View
from mtgcombat.board.model import Board
from mtgcombat.compile.base import effect_sources
from mtgcombat.errors import BoardError
from mtgcombat.rules.colors import COLOR_WORDS
from mtgcombat.rules.effects import PlayerProtection, PreventCombatDamage, PreventNextDamage
from mtgcombat.rules.types import is_type_word

_SPLIT = re.compile(r",? and from |, from |,? and |, or |,? or ")


def qualities(keywords: Iterable[str]) -> tuple[str, ...]:
    """The qualities of every ``protection from ...`` keyword (``from demons and from dragons``
    gives ``demons``, ``dragons``)."""
    out: list[str] = []
    for kw in keywords:
        if kw.startswith("protection from "):
            out.extend(p.strip() for p in _SPLIT.split(kw[len("protection from "):]))
    return tuple(out)


def _type_forms(word: str) -> set[str]:
    """A type word's singular candidates (``dragons`` -> ``dragon``, ``elves`` -> ``elf``)."""
    w = word.casefold()
    return {w, w[:-1], w[:-2], w[:-3] + "f", w[:-3] + "y"} if len(w) > 3 else {w}


def quality_matches(quality: str, colors: frozenset[str], types: frozenset[str],
                    subtypes: frozenset[str]) -> bool:
    """Does a creature source with these characteristics have ``quality`` (CR 702.16a)?
    Qualities this library does not model (``non...``, ``the chosen color``) match nothing."""
    if quality in COLOR_WORDS:
        return COLOR_WORDS[quality] in colors
    if quality in ("everything", "creatures", "all"):
        return True
    if quality in ("all colors", "each color"):
        return bool(colors)
    if quality == "multicolored":
        return len(colors) >= 2
    if quality == "monocolored":
        return len(colors) == 1
    if quality == "colorless":
        return not colors
    if is_type_word(quality):
        have = {t.casefold() for t in types | subtypes}
        return bool(_type_forms(quality) & have)
    return False


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
                          if view.matches(eff.sources, o, es.obj, es.controller))
        elif isinstance(eff, PlayerProtection):
            prot.setdefault(es.controller, []).append(eff.quality)
        elif isinstance(eff, PreventNextDamage):
            rid = _shield_target(es.obj.id if es.obj else None, eff.to, board,
                                 f"$.effects ({es.name})")
            shields[rid] = shields.get(rid, 0) + eff.amount
    return Prevention(frozenset(fogged), {k: tuple(v) for k, v in prot.items()}, shields)
