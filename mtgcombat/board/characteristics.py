"""Derived characteristics of the permanents on a board (a small slice of CR 613).

Printed values come from the catalog; board overrides replace them (SPEC §7); then the modeled
effects of other permanents apply: subtypes set by Auras (Spreading Seas), keywords granted
(Avatar of Slaughter), power/toughness from counts (Gaea's Liege), counters and +N/+N effects
(Sword of the Paruns). Explicit ``power``/``toughness`` overrides are final.
Phased-out permanents, and what is attached to them, do not exist here (CR 702.26).
"""

from __future__ import annotations

from dataclasses import dataclass

from mtgcombat.board.model import Board, Permanent
from mtgcombat.rules.catalog import Catalog, default_catalog
from mtgcombat.rules.effects import Effect, ManaAbility, Selector

_BASIC_MANA = {"Plains": "{W}", "Island": "{U}", "Swamp": "{B}", "Mountain": "{R}",
               "Forest": "{G}"}
"""Basic land type → the mana its intrinsic ability adds (CR 305.6)."""


@dataclass
class Obj:
    """A permanent as the rules see it now: resolved characteristics plus board state."""

    id: str
    name: str
    card: str | None
    controller: str
    types: frozenset[str]
    subtypes: frozenset[str]
    colors: frozenset[str]
    keywords: frozenset[str]
    power: int | None
    toughness: int | None
    tapped: bool
    summoning_sick: bool
    face_down: bool
    counters: dict[str, int]
    attached_to: str | None
    goaded_by: tuple[str, ...]
    chosen_player: str | None
    activations: tuple[int, ...] | None
    protector: str | None
    effects: tuple[Effect, ...]
    pt_fixed: bool = False

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types

    @property
    def is_planeswalker(self) -> bool:
        return "Planeswalker" in self.types

    @property
    def is_battle(self) -> bool:
        return "Battle" in self.types

    @property
    def is_land(self) -> bool:
        return "Land" in self.types

    def label(self) -> str:
        """``Name (id)`` for messages."""
        return f"{self.name} ({self.id})" if self.name != self.id else self.id


def _base(perm: Permanent, catalog: Catalog) -> Obj:
    card = catalog.get(perm.card) if perm.card is not None else None
    power: int | None
    toughness: int | None
    if perm.face_down:
        # A face-down permanent is a 2/2 colourless creature with no name or abilities.
        name, types, subtypes, colors, keywords = perm.name or "face-down creature", [
            "Creature"], [], [], []
        power, toughness, effects = 2, 2, list(perm.effects)
    elif card is not None:
        name = perm.name or card.name
        types, subtypes, colors = card.types, card.subtypes, card.colors
        keywords, power, toughness = card.keywords, card.power, card.toughness
        effects = [*card.effects, *perm.effects]
    else:
        name = perm.name or perm.id
        types, subtypes, colors, keywords = perm.types or [], [], [], []
        power, toughness = None, None
        effects = list(perm.effects)
    types = perm.types if perm.types is not None else types
    is_creature = "Creature" in types
    if card is None and is_creature:
        power = 0 if power is None else power
        toughness = 0 if toughness is None else toughness
    obj = Obj(
        id=perm.id,
        name=name,
        card=None if perm.face_down else perm.card,
        controller=perm.controller,
        types=frozenset(types),
        subtypes=frozenset(perm.subtypes if perm.subtypes is not None else subtypes),
        colors=frozenset(perm.colors if perm.colors is not None else colors),
        keywords=frozenset(perm.keywords if perm.keywords is not None else keywords),
        power=perm.power if perm.power is not None else power,
        toughness=perm.toughness if perm.toughness is not None else toughness,
        tapped=perm.tapped,
        summoning_sick=perm.summoning_sick,
        face_down=perm.face_down,
        counters=dict(perm.counters),
        attached_to=perm.attached_to,
        goaded_by=tuple(dict.fromkeys(perm.goaded_by)),
        chosen_player=perm.chosen_player,
        activations=tuple(perm.activations) if perm.activations is not None else None,
        protector=perm.protector,
        effects=tuple(effects),
        pt_fixed=perm.power is not None or perm.toughness is not None,
    )
    return obj


class View:
    """Every existing permanent of a board with its derived characteristics, plus the
    selector matching that effects use."""

    def __init__(self, board: Board, catalog: Catalog | None = None) -> None:
        self.board = board
        catalog = catalog or default_catalog()
        perms = {p.id: p for p in board.permanents}

        def phased(pid: str, seen: frozenset[str] = frozenset()) -> bool:
            p = perms[pid]
            if p.phased_out:
                return True
            if p.attached_to is not None and p.attached_to not in seen:
                return phased(p.attached_to, seen | {pid})
            return False

        self._effects_keys: dict[str, str] = {}
        self.objects: dict[str, Obj] = {
            p.id: _base(p, catalog) for p in board.permanents if not phased(p.id)
        }
        self._apply_effects()

    def effects_key(self, obj: Obj) -> str:
        """A string equal for two permanents with equal effects (cached per permanent)."""
        key = self._effects_keys.get(obj.id)
        if key is None:
            key = self._effects_keys[obj.id] = repr(obj.effects)
        return key

    # -- selectors ------------------------------------------------------------------------

    def hand_size(self, player: str) -> int:
        return self.board.player(player).cards_in_hand

    def matches(self, sel: Selector, obj: Obj, source: Obj | None, controller: str) -> bool:
        """Does ``obj`` match ``sel`` for an effect of ``source`` controlled by ``controller``?"""
        if sel.which == "self" and (source is None or obj.id != source.id):
            return False
        if sel.which == "attached" and (source is None or source.attached_to != obj.id):
            return False
        if sel.which == "others" and source is not None and obj.id == source.id:
            return False
        if sel.controller == "you" and obj.controller != controller:
            return False
        if sel.controller == "opponents" and obj.controller == controller:
            return False
        if any(t not in obj.types for t in sel.types):
            return False
        if sel.subtypes_any and not obj.subtypes.intersection(sel.subtypes_any):
            return False
        if sel.colors_any and not obj.colors.intersection(sel.colors_any):
            return False
        if sel.keywords_any and not obj.keywords.intersection(sel.keywords_any):
            return False
        if sel.counter is not None and obj.counters.get(sel.counter, 0) <= 0:
            return False
        if sel.tapped is not None and obj.tapped != sel.tapped:
            return False
        if sel.attacking is not None:
            target = (self.board.attack or {}).get(obj.id)
            if target is None or (sel.attacking == "you" and target != controller):
                return False
        if sel.power_greater_than is not None:
            bound = (self.hand_size(controller) if sel.power_greater_than == "your_hand_size"
                     else sel.power_greater_than)
            if obj.power is None or obj.power <= bound:
                return False
        return True

    def select(self, sel: Selector, source: Obj | None, controller: str) -> list[Obj]:
        """Every existing permanent matching ``sel``."""
        return [o for o in self.objects.values() if self.matches(sel, o, source, controller)]

    # -- layers-lite -----------------------------------------------------------------------

    def _apply_effects(self) -> None:
        objs = list(self.objects.values())
        for src in objs:
            for eff in src.effects:
                if eff.kind == "set_subtypes":
                    for o in self.select(eff.affects, src, src.controller):
                        o.subtypes = frozenset(eff.subtypes)
                        basic = [_BASIC_MANA[t] for t in eff.subtypes if t in _BASIC_MANA]
                        if o.is_land and basic:
                            # CR 305.7: the land loses its other abilities and has the
                            # intrinsic mana ability of its new basic land types.
                            o.effects = (ManaAbility(tap=True, produces=basic),)
        for src in objs:
            for eff in src.effects:
                if eff.kind == "grant_keywords":
                    for o in self.select(eff.affects, src, src.controller):
                        o.keywords = o.keywords | frozenset(eff.keywords)
        for o in objs:
            if o.pt_fixed or not o.is_creature:
                continue
            for eff in o.effects:
                if eff.kind == "pt_from_count":
                    n = len(self.select(eff.count, o, o.controller))
                    if eff.power:
                        o.power = n
                    if eff.toughness:
                        o.toughness = n
        for o in objs:
            if o.pt_fixed or not o.is_creature:
                continue
            plus = o.counters.get("+1/+1", 0) - o.counters.get("-1/-1", 0)
            o.power = (o.power or 0) + plus
            o.toughness = (o.toughness or 0) + plus
        for src in objs:
            for eff in src.effects:
                if eff.kind != "modify_pt":
                    continue
                if eff.while_untapped and src.tapped:
                    continue
                if eff.while_attached_tapped is not None:
                    host = self.objects.get(src.attached_to or "")
                    if host is None or host.tapped != eff.while_attached_tapped:
                        continue
                for o in self.select(eff.affects, src, src.controller):
                    if o.pt_fixed or not o.is_creature:
                        continue
                    o.power = (o.power or 0) + eff.power
                    o.toughness = (o.toughness or 0) + eff.toughness
