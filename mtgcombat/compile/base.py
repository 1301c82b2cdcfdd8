"""What the attack and block compilers share: effects with their sources, attackable targets,
per-creature costs, and a base compiler that collects instances and assembles
:class:`~mtgcombat.compile.instances.Instances`.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TypeVar

from mtgcombat.board.characteristics import Obj, View
from mtgcombat.board.conditions import effect_applies
from mtgcombat.board.model import Board, Permanent
from mtgcombat.board.resolved import CardEffect
from mtgcombat.compile.instances import (
    Candidate,
    Condition,
    CostInstance,
    Instances,
    Requirement,
    Restriction,
    Source,
    Target,
)
from mtgcombat.errors import BoardError
from mtgcombat.rules.catalog import resolved_effects
from mtgcombat.rules.effects import (
    EFFECT_ROLES,
    AttackCost,
    BlockCost,
    Cost,
    Effect,
    EffectRole,
    Selector,
    XCount,
    XSource,
    kinds_with_role,
)

NOT_COMPILED_KINDS: frozenset[str] = kinds_with_role("characteristic", "payment", "damage")
"""Effect kinds neither compiler turns into instances: characteristics (applied by the
:class:`~mtgcombat.board.characteristics.View`) and mana abilities (used by payment)."""


@dataclass(frozen=True)
class EffectSource:
    """One effect on the board with what its relative words refer to."""

    obj: Obj | None
    name: str
    controller: str
    chosen_player: str | None
    activations: tuple[int, ...] | None
    effect: Effect
    targets: frozenset[str] = frozenset()
    """What the spell or ability this effect comes from targeted (``which: "targets"``)."""

    def source(self, rule: str, detail: str = "") -> Source:
        """The :class:`Source` of an instance this effect creates."""
        return Source(self.name, self.obj.id if self.obj else None, rule, detail)


def defending_players(board: Board) -> list[str]:
    """The defending players (CR 506.2, 802): every opponent with the attack-multiple-players
    option, otherwise the chosen (or only) opponent; with teams, every player of the nonactive
    team (CR 805.10a)."""
    opponents = board.opponents()
    if board.attack_multiple_players:
        return opponents
    if board.defending_player is not None:
        return [board.defending_player]
    return opponents[:1]


def targets_of(board: Board, view: View) -> tuple[Target, ...]:
    """Players, planeswalkers and battles that can be attacked (CR 508.1b)."""
    defenders = defending_players(board)
    out = [Target(p, "player", p) for p in defenders]
    for o in view.objects.values():
        if o.is_planeswalker and o.controller in defenders:
            out.append(Target(o.id, "planeswalker", o.controller))
        elif o.is_battle and o.protector in defenders:
            out.append(Target(o.id, "battle", o.protector or o.controller))
    return tuple(out)


def effect_sources(board: Board, view: View) -> list[EffectSource]:
    """Every effect of every existing permanent, what each of its activations does on
    resolution (with that activation's X and targets), and every board-level effect (a
    resolved card's effects, or its chosen ability's, with the entry's targets); an effect
    whose condition ("as long as ...") is false is left out."""
    out: list[EffectSource] = []
    for o in view.objects.values():
        for eff in o.effects:
            out.append(EffectSource(o, o.name, o.controller, o.chosen_player, o.activations, eff))
        for x, targets, done in zip(o.activations or (), o.activation_targets,
                                    o.activation_effects, strict=True):
            out.extend(EffectSource(o, o.name, o.controller, o.chosen_player, (x,), eff,
                                    targets) for eff in done)
    for be in board.effects:
        if isinstance(be, CardEffect):
            card = view.catalog.get(be.card)
            xs = None if be.x is None else (be.x,)
            out.extend(EffectSource(None, card.name, be.controller, be.chosen_player, xs, eff,
                                    frozenset(be.targets))
                       for eff in resolved_effects(card, be.ability, be.modes))
            continue
        for eff in be.effects:
            out.append(EffectSource(None, be.name, be.controller, be.chosen_player, None, eff,
                                    frozenset(be.targets)))
    return [es for es in out if effect_applies(view, es.effect, es.obj, es.controller)]


_X = re.compile(r"\{X\}")


def cost_instances_of(es: EffectSource, view: View, verb: str) -> list[tuple[Cost, str]]:
    """The costs an attack/block cost effect imposes per creature, with their detail text: one
    per activation (War Tax, War Cadence; ``{X}`` from each activation), ``{X}`` = enchantments
    its controller controls (Sphere of Safety), or the cost as printed."""
    eff = es.effect
    assert isinstance(eff, AttackCost | BlockCost)
    if eff.x == "activation":
        xs: list[int | None] = list(es.activations or [])
    elif eff.x is None:
        xs = [None]
    else:
        xs = [x_count(eff.x, es, view)]
    out: list[tuple[Cost, str]] = []
    for i, x in enumerate(xs):
        cost = eff.cost if x is None else _with_x(eff.cost, x)
        detail = f"cost to {verb}" + (f", activation {i + 1} (X={x})" if eff.x == "activation"
                                      else (f" (X={x})" if x is not None else ""))
        out.append((cost, detail))
    return out


_BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def x_count(x: XSource, es: EffectSource, view: View) -> int:
    """The value of a counted ``{X}`` (every source but ``activation``): enchantments or basic
    land types among lands the source's controller controls (CR 305.6, domain), cards in that
    player's hand, or permanents matching a selector."""
    mine = [o for o in view.objects.values() if o.controller == es.controller]
    if isinstance(x, XCount):
        return sum(1 for o in view.objects.values()
                   if view.matches(x.count, o, es.obj, es.controller, es.targets))
    if x == "your_enchantments":
        return sum(1 for o in mine if "Enchantment" in o.types)
    if x == "your_basic_land_types":
        return sum(1 for t in _BASIC_LAND_TYPES if any(o.is_land and t in o.subtypes
                                                       for o in mine))
    if x == "your_hand_size":
        return view.hand_size(es.controller)
    raise NotImplementedError(f"no rule for X = {x!r}")


def _with_x(cost: Cost, x: int) -> Cost:
    if cost.mana is None:
        return cost
    return cost.model_copy(update={"mana": _X.sub("{" + str(x) + "}", cost.mana)})


C = TypeVar("C", bound="CompilerBase")
Handler = Callable[[C, EffectSource], None]


def on_each_affected(effect_type: type[object], make: Callable[[str, Source], Restriction],
                     rule: str, detail: str) -> Callable[[CompilerBase, EffectSource], None]:
    """The compiler of an ``effect_type`` effect that puts one restriction, ``make(creature,
    source)``, on each creature it affects ("can't attack alone", "can't block alone")."""

    def compile_effect(c: CompilerBase, es: EffectSource) -> None:
        assert isinstance(es.effect, effect_type)
        for o in c.affected(es):
            c.restrictions.append(make(o.id, es.source(rule, detail)))

    return compile_effect


def check_registry(registry: Mapping[str, object], role: EffectRole) -> None:
    """A compiler registry covers exactly the effect kinds of its role (raises otherwise)."""
    expected = kinds_with_role(role)
    if set(registry) != expected:
        raise NotImplementedError(f"{role} compilers {sorted(registry)} != {sorted(expected)}")


class CompilerBase:
    """Collects the instances of one declaration step for the creatures of one player (or of
    ``players``: the active team, CR 805.10b).

    Subclasses set ``role`` and ``compilers`` (effect kind → compiler, for the kinds of that
    role); every other kind of the vocabulary compiles to nothing in that step."""

    role: EffectRole

    def __init__(self, board: Board, view: View, player: str,
                 targets: tuple[Target, ...], players: frozenset[str] | None = None) -> None:
        self.board = board
        self.view = view
        self.targets = targets
        self.all_targets = frozenset(t.id for t in targets)
        declaring = players if players is not None else frozenset({player})
        self.creatures = [o for o in view.objects.values()
                          if o.is_creature and o.controller in declaring]
        self.restrictions: list[Restriction] = []
        self.requirements: list[Requirement] = []
        self.conditions: list[Condition] = []
        self.costs: list[CostInstance] = []
        self.notes: list[str] = []

    def select(self, es: EffectSource, sel: Selector, pool: list[Obj]) -> list[Obj]:
        """The permanents of ``pool`` that ``sel`` matches for the effect ``es``."""
        return [o for o in pool if self.view.matches(sel, o, es.obj, es.controller, es.targets)]

    def affected(self, es: EffectSource, sel_attr: str = "affects") -> list[Obj]:
        """The declaring player's creatures the selector ``sel_attr`` of an effect matches."""
        return self.select(es, getattr(es.effect, sel_attr), self.creatures)

    def add_costs(self, es: EffectSource, verb: str, rule: str,
                  targets: frozenset[str] | Callable[[Obj], frozenset[str]]) -> None:
        """The cost instances of an attack or block cost effect: one per (cost, affected
        creature), incurred by declaring that creature against one of ``targets`` (or of
        ``targets(creature)``, for a scope that depends on the creature)."""
        for cost, detail in cost_instances_of(es, self.view, verb):
            for o in self.affected(es):
                scope = targets(o) if callable(targets) else targets
                self.costs.append(CostInstance(len(self.costs), o.id, scope, cost,
                                               es.source(rule, detail),
                                               imposed_by=es.obj.id if es.obj else None))

    def add_req(self, req: Requirement) -> None:
        """Add a requirement instance, numbered in order."""
        self.requirements.append(dataclasses.replace(req, index=len(self.requirements)))

    def dispatch(self: C, es: EffectSource, compilers: Mapping[str, Handler[C]]) -> None:
        """Compile one effect with the registry of this step; kinds of other roles compile to
        nothing here; an unknown kind raises."""
        kind = es.effect.kind
        handler = compilers.get(kind)
        if handler is not None:
            handler(self, es)
        elif EFFECT_ROLES.get(kind, self.role) == self.role:
            raise NotImplementedError(f"no {self.role} compiler for effect kind {kind!r}")

    def not_declarable_reason(self, perm: Permanent) -> str:
        """Why ``perm``, not a creature of the declaring player on the battlefield, can't be
        declared in this step."""
        raise NotImplementedError(f"{type(self).__name__}.not_declarable_reason")

    def not_declarable(self, candidates: tuple[Candidate, ...],
                       not_candidates: Mapping[str, str]) -> dict[str, str]:
        """Every permanent of the board that isn't a candidate, with why."""
        ids = {c.id for c in candidates}
        return {p.id: not_candidates.get(p.id) or self.not_declarable_reason(p)
                for p in self.board.permanents if p.id not in ids}

    def refuse_teammate_costs(self, payer: str, verb: str, who: str) -> None:
        """Teammates don't share mana (CR 810.5) and only ``payer`` (``who``) pays costs here:
        a cost to ``verb`` with a creature another player controls is refused, not paid from
        the wrong player's resources."""
        controller = {o.id: o.controller for o in self.creatures}
        for cost in self.costs:
            owner = controller.get(cost.creature)
            if cost.targets and owner != payer:
                raise BoardError(
                    f"teams: a cost to {verb} with {cost.creature!r}, which {owner!r} controls, "
                    f"is not modelled (teammates don't share mana, CR 810.5; only {payer!r}, "
                    f"{who}, pays): {cost.source}", path="$.teams")

    def assemble(self, player: str, candidates: tuple[Candidate, ...],
                 not_candidates: dict[str, str]) -> Instances:
        """The collected instances of this step."""
        return Instances(
            active_player=player,
            targets=self.targets,
            candidates=candidates,
            creatures=tuple(o.id for o in self.creatures),
            restrictions=tuple(self.restrictions),
            requirements=tuple(self.requirements),
            conditions=tuple(self.conditions),
            costs=tuple(self.costs),
            not_candidates=not_candidates,
            names={o.id: o.name for o in self.view.objects.values()},
            notes=tuple(self.notes),
            permanent_ids=frozenset(p.id for p in self.board.permanents),
            player_names=frozenset(p.name for p in self.board.players),
            not_declarable=self.not_declarable(candidates, not_candidates),
        )
