"""Compile a board into its instances (SPEC §2, §3, §6): pure functions, no solver.

Individuation happens here and only here: everything downstream sees :mod:`instances`,
never card names. Where is goad handled? :func:`_goad`.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass

from mtgcombat.board.characteristics import Obj, View
from mtgcombat.board.model import Board
from mtgcombat.compile.instances import (
    AttackRequirement,
    Candidate,
    Condition,
    CostInstance,
    Forbid,
    GroupRequirement,
    Instances,
    NeedsCompanion,
    NotAlone,
    OnlyAlone,
    Requirement,
    Restriction,
    Source,
    Target,
)
from mtgcombat.compile.instances import MaxAttackers as MaxAttackersInstance
from mtgcombat.rules.catalog import Catalog
from mtgcombat.rules.effects import (
    EFFECT_KINDS,
    AttackCost,
    BlockCost,
    CanOnlyAttackAlone,
    CantAttack,
    CantAttackAlone,
    CantAttackUnlessDefendingPlayerControls,
    CantAttackUnlessOtherAttacks,
    ConditionalMustAttack,
    Cost,
    Effect,
    MaxAttackers,
    MustAttack,
    MustAttackGroup,
    ScopeKind,
)


@dataclass(frozen=True)
class EffectSource:
    """One effect on the board with what its relative words refer to."""

    obj: Obj | None
    name: str
    controller: str
    chosen_player: str | None
    activations: tuple[int, ...] | None
    effect: Effect

    def source(self, rule: str, detail: str = "") -> Source:
        return Source(self.name, self.obj.id if self.obj else None, rule, detail)


def defending_players(board: Board) -> list[str]:
    """The defending players (CR 506.2, 802): every opponent with the attack-multiple-players
    option, otherwise the chosen (or only) opponent."""
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


class _Compiler:
    def __init__(self, board: Board, view: View) -> None:
        self.board = board
        self.view = view
        self.active = board.active_player
        self.targets = targets_of(board, view)
        self.all_targets = frozenset(t.id for t in self.targets)
        self.creatures = [o for o in view.objects.values()
                          if o.is_creature and o.controller == self.active]
        self.creature_ids = frozenset(o.id for o in self.creatures)
        self.restrictions: list[Restriction] = []
        self.requirements: list[Requirement] = []
        self.conditions: list[Condition] = []
        self.costs: list[CostInstance] = []
        self.notes: list[str] = []

    # -- helpers ---------------------------------------------------------------------------

    def scope(self, kind: ScopeKind, es: EffectSource) -> frozenset[str]:
        """The concrete target ids a scope word names for this effect."""
        you = es.controller
        out: set[str] = set()
        for t in self.targets:
            if kind == "any":
                out.add(t.id)
            elif kind == "players":
                if t.kind == "player":
                    out.add(t.id)
            elif kind == "you":
                if t.kind == "player" and t.id == you:
                    out.add(t.id)
            elif kind == "you_and_planeswalkers":
                if t.player == you and t.kind in ("player", "planeswalker"):
                    out.add(t.id)
            elif kind == "you_and_permanents":
                if t.player == you:
                    out.add(t.id)
            elif kind == "chosen_player":
                if t.kind == "player" and t.id == es.chosen_player:
                    out.add(t.id)
        return frozenset(out)

    def affected(self, es: EffectSource, sel_attr: str = "affects") -> list[Obj]:
        """The active player's creatures an effect applies to."""
        sel = getattr(es.effect, sel_attr)
        return [o for o in self.creatures if self.view.matches(sel, o, es.obj, es.controller)]

    # -- state-based instances -------------------------------------------------------------

    def candidates(self) -> tuple[tuple[Candidate, ...], dict[str, str]]:
        cands: list[Candidate] = []
        why_not: dict[str, str] = {}
        for o in self.creatures:
            if o.tapped:
                why_not[o.id] = "tapped"
            elif o.is_battle:
                why_not[o.id] = "a battle can't attack"
            elif o.summoning_sick and "haste" not in o.keywords:
                why_not[o.id] = "summoning sick (CR 302.6) and no haste"
            else:
                cands.append(Candidate(o.id, o.name, tuple(t.id for t in self.targets),
                                       vigilance="vigilance" in o.keywords,
                                       banding="banding" in o.keywords))
        return tuple(cands), why_not

    def keywords(self) -> None:
        for o in self.creatures:
            if "defender" in o.keywords:
                self.restrictions.append(Forbid(o.id, self.all_targets,
                                                Source(o.name, o.id, "CR 702.3b", "defender")))

    def goad(self) -> None:
        """Goad (CR 701.15): per distinct goading player, "attacks" and "attacks a player other
        than that goading player" — two requirement instances."""
        for o in self.creatures:
            for goader in o.goaded_by:
                src = Source("goad", o.id, "CR 701.15b", f"goaded by {goader}")
                self.add_req(AttackRequirement(0, o.id, self.all_targets, src))
                others = frozenset(t.id for t in self.targets
                                   if t.kind == "player" and t.id != goader)
                src2 = Source("goad", o.id, "CR 701.15b",
                              f"goaded by {goader}: attacks a player other than {goader}")
                self.add_req(AttackRequirement(0, o.id, others, src2))

    def add_req(self, req: Requirement) -> None:
        self.requirements.append(dataclasses.replace(req, index=len(self.requirements)))

    # -- effects ---------------------------------------------------------------------------

    def effect(self, es: EffectSource) -> None:
        handler = EFFECT_COMPILERS.get(es.effect.kind)
        if handler is None:
            raise NotImplementedError(es.effect.kind)
        handler(self, es)

    def run(self) -> Instances:
        cands, why_not = self.candidates()
        self.keywords()
        self.goad()
        for es in effect_sources(self.board, self.view):
            self.effect(es)
        return Instances(
            active_player=self.active,
            targets=self.targets,
            candidates=cands,
            creatures=tuple(o.id for o in self.creatures),
            restrictions=tuple(self.restrictions),
            requirements=tuple(self.requirements),
            conditions=tuple(self.conditions),
            costs=tuple(self.costs),
            not_candidates=why_not,
            names={o.id: o.name for o in self.view.objects.values()},
            notes=tuple(self.notes),
        )


def effect_sources(board: Board, view: View) -> list[EffectSource]:
    """Every effect of every existing permanent and every board-level effect."""
    out: list[EffectSource] = []
    for o in view.objects.values():
        for eff in o.effects:
            out.append(EffectSource(o, o.name, o.controller, o.chosen_player, o.activations, eff))
    for be in board.effects:
        for eff in be.effects:
            out.append(EffectSource(None, be.name, be.controller, be.chosen_player, None, eff))
    return out


# --- one compiler per effect kind (the registry) ---------------------------------------------


def _cant_attack(c: _Compiler, es: EffectSource) -> None:
    assert isinstance(es.effect, CantAttack)
    scope = c.scope(es.effect.scope, es)
    for o in c.affected(es):
        c.restrictions.append(Forbid(o.id, scope, es.source("CR 508.1c", "can't attack")))


def _cant_attack_alone(c: _Compiler, es: EffectSource) -> None:
    assert isinstance(es.effect, CantAttackAlone)
    for o in c.affected(es):
        c.restrictions.append(NotAlone(o.id, es.source("CR 508.1c", "can't attack alone")))


def _can_only_attack_alone(c: _Compiler, es: EffectSource) -> None:
    assert isinstance(es.effect, CanOnlyAttackAlone)
    for o in c.affected(es):
        c.restrictions.append(OnlyAlone(o.id, es.source("CR 508.1c", "can only attack alone")))


def _unless_other(c: _Compiler, es: EffectSource) -> None:
    eff = es.effect
    assert isinstance(eff, CantAttackUnlessOtherAttacks)
    for o in c.affected(es):
        others = frozenset(x.id for x in c.creatures
                           if x.id != o.id and c.view.matches(eff.other, x, es.obj, es.controller))
        c.restrictions.append(NeedsCompanion(
            o.id, others, es.source("CR 508.1c", "can't attack unless another creature attacks")))


def _unless_defender_controls(c: _Compiler, es: EffectSource) -> None:
    eff = es.effect
    assert isinstance(eff, CantAttackUnlessDefendingPlayerControls)
    sel = eff.permanent.model_copy(update={"controller": "any", "which": "all"})
    ok_players = {
        t.player for t in c.targets
        if any(p.controller == t.player and c.view.matches(sel, p, es.obj, es.controller)
               for p in c.view.objects.values())
    }
    banned = frozenset(t.id for t in c.targets if t.player not in ok_players)
    for o in c.affected(es):
        c.restrictions.append(Forbid(o.id, banned, es.source(
            "CR 508.1c", "can't attack unless defending player controls a matching permanent")))


def _max_attackers(c: _Compiler, es: EffectSource) -> None:
    eff = es.effect
    assert isinstance(eff, MaxAttackers)
    scope = c.scope(eff.scope, es)
    c.restrictions.append(MaxAttackersInstance(
        eff.count, scope, es.source("CR 508.1c", f"no more than {eff.count} can attack")))


def _must_attack(c: _Compiler, es: EffectSource) -> None:
    eff = es.effect
    assert isinstance(eff, MustAttack)
    scope = c.scope(eff.scope, es)
    for o in c.affected(es):
        c.add_req(AttackRequirement(0, o.id, scope, es.source("CR 508.1d", "attacks if able")))


def _must_attack_group(c: _Compiler, es: EffectSource) -> None:
    eff = es.effect
    assert isinstance(eff, MustAttackGroup)
    applies = (eff.players == "any"
               or (eff.players == "you" and c.active == es.controller)
               or (eff.players == "opponents" and c.active != es.controller))
    if applies:
        c.add_req(GroupRequirement(0, c.scope(eff.scope, es), es.source(
            "CR 508.1d", "at least one creature attacks if able")))


def _conditional(c: _Compiler, es: EffectSource) -> None:
    eff = es.effect
    assert isinstance(eff, ConditionalMustAttack)
    trigger = frozenset(o.id for o in c.affected(es, "trigger"))
    cond = Condition(len(c.conditions), trigger, es.source("SPEC §5", "conditional requirement"))
    c.conditions.append(cond)
    for o in c.affected(es):
        c.add_req(AttackRequirement(0, o.id, c.all_targets, es.source(
            "SPEC §5", "attacks if able, while the condition holds"), condition=cond.index))


_X = re.compile(r"\{X\}")
BLOCK_KINDS: tuple[str, ...] = tuple(k for k in EFFECT_KINDS if "block" in k)
"""Effect kinds that only matter for blocks (compiled by :mod:`mtgcombat.legality.blocks`)."""


def cost_instances_of(es: EffectSource, view: View, verb: str) -> list[tuple[Cost, str]]:
    """The costs an attack/block cost effect imposes per creature, with their detail text: one
    per activation (War Tax, War Cadence; ``{X}`` from each activation), ``{X}`` = enchantments
    its controller controls (Sphere of Safety), or the cost as printed."""
    eff = es.effect
    assert isinstance(eff, AttackCost | BlockCost)
    if eff.x == "activation":
        xs: list[int | None] = list(es.activations or [])
    elif eff.x == "your_enchantments":
        xs = [sum(1 for o in view.objects.values()
                  if o.controller == es.controller and "Enchantment" in o.types)]
    else:
        xs = [None]
    out: list[tuple[Cost, str]] = []
    for i, x in enumerate(xs):
        cost = eff.cost if x is None else _with_x(eff.cost, x)
        detail = f"cost to {verb}" + (f", activation {i + 1} (X={x})" if eff.x == "activation"
                                      else (f" (X={x})" if x is not None else ""))
        out.append((cost, detail))
    return out


def _attack_cost(c: _Compiler, es: EffectSource) -> None:
    eff = es.effect
    assert isinstance(eff, AttackCost)
    scope = c.scope(eff.scope, es)
    for cost, detail in cost_instances_of(es, c.view, "attack"):
        for o in c.affected(es):
            c.costs.append(CostInstance(len(c.costs), o.id, scope, cost,
                                        es.source("CR 508.1g", detail)))


def _with_x(cost: Cost, x: int) -> Cost:
    if cost.mana is None:
        return cost
    return cost.model_copy(update={"mana": _X.sub("{" + str(x) + "}", cost.mana)})


def _no_attack_instances(c: _Compiler, es: EffectSource) -> None:
    """Effects with no attack-legality instances: characteristics (applied by the view),
    optional costs (CR 508.1g: chosen after legality) and mana abilities (payment)."""


EFFECT_COMPILERS: dict[str, Callable[[_Compiler, EffectSource], None]] = {
    "cant_attack": _cant_attack,
    "cant_attack_alone": _cant_attack_alone,
    "can_only_attack_alone": _can_only_attack_alone,
    "cant_attack_unless_other_attacks": _unless_other,
    "cant_attack_unless_defending_player_controls": _unless_defender_controls,
    "max_attackers": _max_attackers,
    "must_attack": _must_attack,
    "must_attack_group": _must_attack_group,
    "conditional_must_attack": _conditional,
    "attack_cost": _attack_cost,
    "optional_attack_cost": _no_attack_instances,
    "grant_keywords": _no_attack_instances,
    "modify_pt": _no_attack_instances,
    "set_subtypes": _no_attack_instances,
    "pt_from_count": _no_attack_instances,
    "mana_ability": _no_attack_instances,
    **{kind: _no_attack_instances for kind in BLOCK_KINDS},
}
"""Effect kind → compiler. A test proves every kind of the vocabulary has one."""


def compile_board(board: Board, catalog: Catalog | None = None) -> Instances:
    """The instances of a board's declare-attackers step."""
    return _Compiler(board, View(board, catalog)).run()
