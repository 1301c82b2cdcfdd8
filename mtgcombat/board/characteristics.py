"""Derived characteristics of the permanents on a board (a small slice of CR 613).

Printed values come from the catalog; board overrides replace them; then the modeled effects
of permanents apply, layer by layer (:data:`LAYERS`): changeling's every creature type, subtypes
set by Auras (Spreading Seas), types added (a land that becomes a creature), colours set,
keywords granted (Avatar of Slaughter), power/toughness from counts (Gaea's Liege), base
power/toughness set, counters and +N/+N effects (Sword of the Paruns), and with them the
characteristic effects of spells and abilities that resolved this turn (Giant Growth: a
board's ``effects`` entry; firebreathing: a permanent's ``activations``). Explicit
``power``/``toughness`` overrides are final.
Phased-out permanents, and what is attached to them, do not exist here (CR 702.26).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass

from mtgcombat.board import abilities, setting
from mtgcombat.board.chosen import Chosen, chosen_matches, granted_keywords, with_chosen_mana
from mtgcombat.board.conditions import amount, effect_applies
from mtgcombat.board.lasting import lasting_sources
from mtgcombat.board.model import Board, Permanent
from mtgcombat.board.pairs import in_pair
from mtgcombat.board.resolved import Activation, CardEffect, with_color
from mtgcombat.board.state_filters import state_matches
from mtgcombat.rules.catalog import Catalog, default_catalog, resolved_effects
from mtgcombat.rules.effects import (
    Effect,
    GrantKeywords,
    ModifyPowerToughness,
    Selector,
    kinds_with_role,
)
from mtgcombat.rules.keywords import KEYWORD_COUNTERS
from mtgcombat.rules.types import CREATURE_TYPES


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
    activation_targets: tuple[frozenset[str], ...] = ()
    """Per entry of ``activations``, what that activation targeted."""
    activation_effects: tuple[tuple[Effect, ...], ...] = ()
    """Per entry of ``activations``, what that activation does on resolution: its card's
    ``resolved`` effects, or those of the ability and modes it names
    (:func:`resolved_effects`)."""
    owner: str = ""
    """Its owner (the board's ``owner``, default: its controller)."""
    chosen: Chosen | None = None
    """The colour and creature type chosen for it as it entered."""
    token: bool = False

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
        activations=(tuple(a if isinstance(a, int) else a.x for a in perm.activations)
                     if perm.activations is not None else None),
        activation_targets=tuple(frozenset() if isinstance(a, int) else frozenset(a.targets)
                                 for a in perm.activations or ()),
        activation_effects=tuple(
            tuple(with_color(resolved_effects(card, a.ability, a.modes), a.chosen_color)
                  if isinstance(a, Activation) else with_color(resolved_effects(card, None)))
            if card is not None and not perm.face_down else ()
            for a in perm.activations or ()),
        owner=perm.owner or perm.controller,
        chosen=perm.chosen,
        token=perm.token,
        protector=perm.protector,
        effects=tuple(with_chosen_mana(effects, perm.chosen)),
        pt_fixed=perm.power is not None or perm.toughness is not None,
    )
    return obj


class View:
    """Every existing permanent of a board with its derived characteristics, plus the
    selector matching that effects use."""

    def __init__(self, board: Board, catalog: Catalog | None = None,
                 declared: View | None = None) -> None:
        self.board = board
        self.declared = declared
        """The combat as its triggers resolved, where their counts are taken (None: now)."""
        catalog = catalog or default_catalog()
        self.catalog = catalog
        perms = {p.id: p for p in board.permanents}

        def phased(pid: str, seen: frozenset[str] = frozenset()) -> bool:
            p = perms[pid]
            if p.phased_out:
                return True
            if (p.attached_to is not None and p.attached_to in perms
                    and p.attached_to not in seen):
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

    def matches(self, sel: Selector, obj: Obj, source: Obj | None, controller: str,
                targets: Collection[str] = ()) -> bool:
        """Does ``obj`` match ``sel`` for an effect of ``source`` controlled by ``controller``
        (whose spell or ability targeted ``targets``)?"""
        if sel.which == "targets" and obj.id not in targets:
            return False
        if sel.controller == "enchanted_player" and (source is None
                                                     or obj.controller != source.attached_to):
            return False
        if sel.which == "self" and (source is None or obj.id != source.id):
            return False
        if sel.which == "attached" and (source is None or source.attached_to != obj.id):
            return False
        if sel.which == "others" and source is not None and obj.id == source.id:
            return False
        if sel.paired and not in_pair(self.board, source.id if source else None, obj.id):
            return False
        if sel.controller == "you" and obj.controller != controller:
            return False
        if sel.controller == "not_you" and obj.controller == controller:
            return False
        if sel.controller == "targeted_player" and obj.controller not in targets:
            return False
        if sel.controller == "opponents" and obj.controller in self.board.team_of(controller):
            return False  # a teammate is no opponent (CR 102.3)
        if any(t not in obj.types for t in sel.types):
            return False
        if sel.subtypes_any and not obj.subtypes.intersection(sel.subtypes_any):
            return False
        if sel.colors_any and not obj.colors.intersection(sel.colors_any):
            return False
        if sel.multicolored and len(obj.colors) < 2:
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
        if sel.blocking is not None and (obj.id in (self.board.blocks or {})) != sel.blocking:
            return False
        if sel.blocked is not None and self._is_blocked(obj.id) != sel.blocked:
            return False
        if sel.your_turn is not None and (
                (self.board.active_player in self.board.team_of(controller)) != sel.your_turn):
            return False
        if (sel.chosen_color or sel.chosen_type) and not chosen_matches(sel, obj, source):
            return False
        if not state_matches(self, sel, obj, source):
            return False
        return self._matches_negated(sel, obj) and self._matches_power(sel, obj, source,
                                                                       controller)

    def _is_blocked(self, cid: str) -> bool:
        """Is ``cid`` an attacker that the board's ``blocks`` names (it became blocked)?"""
        return any(cid == v or (isinstance(v, list) and cid in v)
                   for v in (self.board.blocks or {}).values())

    @staticmethod
    def _matches_negated(sel: Selector, obj: Obj) -> bool:
        """The ``*_none`` filters: none of the listed characteristics."""
        if obj.types.intersection(sel.types_none) or obj.subtypes.intersection(sel.subtypes_none):
            return False
        if obj.colors.intersection(sel.colors_none):
            return False
        if obj.keywords.intersection(sel.keywords_none):
            return False
        return not any(obj.name.casefold() == n.casefold() for n in sel.names_none)

    def _matches_power(self, sel: Selector, obj: Obj, source: Obj | None,
                       controller: str) -> bool:
        """The power comparisons; ``"source"`` is the source's power (no source creature with a
        power: nothing matches)."""
        def bound(word: int | str) -> int | None:
            if word == "your_hand_size":
                return self.hand_size(controller)
            if word == "source":
                return source.power if source is not None else None
            assert isinstance(word, int)
            return word

        if sel.power_greater_than is not None:
            lo = bound(sel.power_greater_than)
            if obj.power is None or lo is None or obj.power <= lo:
                return False
        if sel.power_less_than is not None:
            hi = bound(sel.power_less_than)
            if obj.power is None or hi is None or obj.power >= hi:
                return False
        return True

    def select(self, sel: Selector, source: Obj | None, controller: str,
               targets: Collection[str] = ()) -> list[Obj]:
        """Every existing permanent matching ``sel``."""
        return [o for o in self.objects.values()
                if self.matches(sel, o, source, controller, targets)]

    # -- layers ---------------------------------------------------------------------------

    def _resolved_effects(self) -> list[Applied]:
        """What resolved this turn: each activation's effects (with its targets), and the
        board's top-level effects (a named effect, or a catalog card's resolved effects)
        with their targets and no source permanent."""
        out: list[Applied] = []
        for o in self.objects.values():
            for targets, done, x in zip(o.activation_targets, o.activation_effects,
                                        o.activations or (), strict=True):
                out.extend(Applied(o, o.controller, eff, targets, x) for eff in done)
        for be in self.board.effects:
            effects = (resolved_effects(self.catalog.get(be.card), be.ability, be.modes)
                       if isinstance(be, CardEffect) else be.effects)
            x = be.x or 0 if isinstance(be, CardEffect) else 0
            out.extend(Applied(None, be.controller, eff, frozenset(be.targets), x)
                       for eff in with_color(effects, getattr(be, "chosen_color", None)))
        return out

    def _apply_effects(self) -> None:
        """Apply every characteristic effect, layer by layer in CR 613 order: the static
        effects of the permanents (a land that lost its abilities to a type change stops
        applying them), then those of resolved spells and abilities (CR 113.7a: they no
        longer depend on their source)."""
        objs = list(self.objects.values())
        resolved, lasting = self._resolved_effects(), lasting_sources(self)
        for src in objs:
            for eff in src.effects:
                characteristic_applier(eff.kind)
        for app in resolved:
            characteristic_applier(app.effect.kind)
        for layer in LAYERS:
            if layer.before is not None:
                layer.before(objs)
            static = [Applied(src, src.controller, eff) for src in [*objs, *lasting]
                      for eff in src.effects]
            if "lose_all_abilities" in layer.appliers:
                static = abilities.without_removed(self, static, resolved)
            for app in [*static, *resolved]:
                apply = layer.appliers.get(app.effect.kind)
                if apply is not None and effect_applies(self, app.effect, app.source,
                                                        app.controller):
                    apply(self, app)


@dataclass(frozen=True)
class Applied:
    """One characteristic effect as it applies: its source permanent (None for a resolved
    spell or a board-level effect), the player controlling it, and the players and
    permanents its spell or ability targeted."""

    source: Obj | None
    controller: str
    effect: Effect
    targets: frozenset[str] = frozenset()
    x: int = 0
    """The X of the resolution that made it (0 for a static effect)."""

    def affected(self, view: View, sel: Selector) -> list[Obj]:
        """The existing permanents ``sel`` selects for this effect."""
        return view.select(sel, self.source, self.controller, self.targets)


Applier = Callable[[View, Applied], None]
"""Applies one effect to the view's permanents."""


def _grant_keywords(view: View, app: Applied) -> None:
    eff = app.effect
    assert isinstance(eff, GrantKeywords)
    granted = granted_keywords(eff, app.source)
    for o in app.affected(view, eff.affects):
        o.keywords = o.keywords - granted if eff.lose else o.keywords | granted


EVERY_CREATURE_TYPE: frozenset[str] = frozenset(t.replace("_", " ") for t in CREATURE_TYPES)
"""What changeling makes a permanent: every creature type (CR 205.3m's list)."""


def _changeling(objs: list[Obj]) -> None:
    """Changeling (CR 702.73a): a characteristic-defining ability, applied first in layer 4
    (CR 613.3): a creature or kindred permanent with it is every creature type."""
    for o in objs:
        if "changeling" in o.keywords and o.types & {"Creature", "Kindred"}:
            o.subtypes = o.subtypes | EVERY_CREATURE_TYPE


def _keyword_counters(objs: list[Obj]) -> None:
    """Keyword counters (CR 122.1b): a permanent with a flying counter has flying (an ability
    added in layer 6, CR 613.1f; the board doesn't record when a counter was put, so they
    apply before the effects that add or remove abilities)."""
    for o in objs:
        granted = {name for name, n in o.counters.items() if n > 0 and name in KEYWORD_COUNTERS}
        if granted:
            o.keywords = o.keywords | granted


def _counters(objs: list[Obj]) -> None:
    """+1/+1 and -1/-1 counters (CR 613.4c)."""
    for o in objs:
        if o.pt_fixed or not o.is_creature:
            continue
        plus = o.counters.get("+1/+1", 0) - o.counters.get("-1/-1", 0)
        o.power = (o.power or 0) + plus
        o.toughness = (o.toughness or 0) + plus


def _modify_pt(view: View, app: Applied) -> None:
    eff, src = app.effect, app.source
    assert isinstance(eff, ModifyPowerToughness)
    if eff.while_untapped and (src is None or src.tapped):
        return
    if eff.while_attached_tapped is not None:
        host = view.objects.get(src.attached_to or "") if src is not None else None
        if host is None or host.tapped != eff.while_attached_tapped:
            return
    counting = view.declared if eff.from_trigger and view.declared else view
    times = (len(app.affected(counting, eff.per)) if eff.per is not None
             else amount(view, eff.per_amount, src, app.controller))
    times *= app.x if eff.times_x else 1
    for o in app.affected(view, eff.affects):
        if o.pt_fixed or not o.is_creature:
            continue
        o.power = (o.power or 0) + eff.power * times
        o.toughness = (o.toughness or 0) + eff.toughness * times


@dataclass(frozen=True)
class Layer:
    """One CR 613 layer (or sublayer): the appliers of its effect kinds, run source by
    source, after an optional step that isn't an effect (counters)."""

    rule: str
    appliers: Mapping[str, Applier]
    before: Callable[[list[Obj]], None] | None = None


LAYERS: tuple[Layer, ...] = (
    Layer("CR 613.1d: type-changing effects",
          {"set_subtypes": setting.set_subtypes, "add_types": setting.add_types},
          before=_changeling),
    Layer("CR 613.1e: colour-changing effects", {"set_colors": setting.set_colors}),
    Layer("CR 613.1f: ability-adding and -removing effects",
          {"grant_keywords": _grant_keywords, "lose_all_abilities": abilities.lose_all_abilities},
          before=_keyword_counters),
    Layer("CR 613.4a: characteristic-defining P/T", {"pt_from_count": setting.pt_from_count}),
    Layer("CR 613.4b: P/T setting effects", {"set_base_pt": setting.set_base_pt}),
    Layer("CR 613.4c: counters and P/T modifying effects", {"modify_pt": _modify_pt},
          before=_counters),
)
"""The modeled layers in the order they apply; within a layer, effects apply in the order
the permanents' static effects and then the resolved ones are listed (their timestamps,
CR 613.7)."""

CHARACTERISTIC_APPLIERS: dict[str, Applier] = {
    kind: apply for layer in LAYERS for kind, apply in layer.appliers.items()
}
"""Characteristic effect kind → applier (the registry, derived from :data:`LAYERS`)."""

NOT_CHARACTERISTIC_KINDS: frozenset[str] = kinds_with_role("attack", "block", "payment",
                                                            "damage")
"""Effect kinds that change no characteristic: combat restrictions, requirements and costs,
and mana abilities."""


def characteristic_applier(kind: str) -> Applier | None:
    """The applier of a characteristic effect kind; None for a kind that changes no
    characteristic; an unknown kind raises."""
    apply = CHARACTERISTIC_APPLIERS.get(kind)
    if apply is None and kind not in NOT_CHARACTERISTIC_KINDS:
        raise NotImplementedError(f"effect kind {kind!r} has no characteristics rule")
    return apply


def _check_registry() -> None:
    """Every characteristic kind of the vocabulary has an applier, and only those."""
    expected = kinds_with_role("characteristic")
    if set(CHARACTERISTIC_APPLIERS) != expected:
        raise NotImplementedError(
            f"characteristic appliers {sorted(CHARACTERISTIC_APPLIERS)} != {sorted(expected)}")


_check_registry()
