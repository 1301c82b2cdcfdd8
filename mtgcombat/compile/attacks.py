"""Board → instances of the declare-attackers step (CR 508.1): candidate attackers, attack
restrictions, requirements (goad: :meth:`_Compiler.goad`), conditional requirements and costs
to attack. Pure functions, no solver.

Individuation happens here and in :mod:`~mtgcombat.compile.blocks` only: everything downstream
sees :mod:`~mtgcombat.compile.instances`, never card names.
"""

from __future__ import annotations

from collections.abc import Callable

from mtgcombat.board.characteristics import Obj, View
from mtgcombat.board.model import Board, Permanent
from mtgcombat.compile.base import (
    NOT_COMPILED_KINDS,
    CompilerBase,
    EffectSource,
    check_registry,
    cost_instances_of,
    defending_players,
    effect_sources,
    on_each_affected,
    targets_of,
)
from mtgcombat.compile.instances import (
    AttackRequirement,
    Candidate,
    Condition,
    Forbid,
    GroupRequirement,
    Instances,
    NeedsCompanion,
    NotAlone,
    OnlyAlone,
    Source,
    Target,
)
from mtgcombat.compile.instances import MaxAttackers as MaxAttackersInstance
from mtgcombat.rules.catalog import Catalog
from mtgcombat.rules.effects import (
    EFFECT_KINDS,
    AttackCost,
    AttacksDespiteDefender,
    CanOnlyAttackAlone,
    CantAttack,
    CantAttackAlone,
    CantAttackUnlessCastThisTurn,
    CantAttackUnlessDefendingPlayerControls,
    CantAttackUnlessOtherAttacks,
    CantAttackUnlessPermanents,
    ConditionalMustAttack,
    MaxAttackers,
    MustAttack,
    MustAttackGroup,
    ScopeKind,
    kinds_with_role,
)

DEFENDER_RULE = "CR 702.3b"
"""The rule of the restriction defender puts on a creature (it can't attack)."""

__all__ = ["BLOCK_KINDS", "EFFECT_COMPILERS", "EffectSource", "compile_board",
           "cost_instances_of", "defending_players", "effect_sources", "targets_of"]


class _Compiler(CompilerBase):
    """The attack compiler: the active player's creatures against the attackable targets."""

    role = "attack"

    def __init__(self, board: Board, view: View) -> None:
        self.team = board.team_of(board.active_player)
        super().__init__(board, view, board.active_player, targets_of(board, view), self.team)
        self.active = board.active_player

    # -- helpers ---------------------------------------------------------------------------

    def scope(self, kind: ScopeKind, es: EffectSource,
              creature: Obj | None = None) -> frozenset[str]:
        """The concrete target ids a scope word names for this effect (an unknown word
        raises); ``its_owner`` names the owner of ``creature`` (none without a creature)."""
        if kind == "its_owner":
            owner = creature.owner if creature is not None else None
            return frozenset(t.id for t in self.targets if t.kind == "player" and t.id == owner)
        test = _SCOPES.get(kind)
        if test is None:
            raise NotImplementedError(f"no attack scope rule for {kind!r}")
        return frozenset(t.id for t in self.targets if test(t, es))

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

    def not_declarable_reason(self, perm: Permanent) -> str:
        if perm.phased_out:
            return "phased out"
        if perm.controller in self.team:
            return ("not a creature the active team controls" if self.board.teams
                    else "not a creature the active player controls")
        return (f"controlled by {perm.controller}, not on the active team" if self.board.teams
                else f"controlled by {perm.controller}, not the active player")

    def keywords(self) -> None:
        for o in self.creatures:
            if "defender" in o.keywords:
                self.restrictions.append(Forbid(o.id, self.all_targets,
                                                Source(o.name, o.id, DEFENDER_RULE, "defender")))

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

    # -- effects ---------------------------------------------------------------------------

    def run(self) -> Instances:
        cands, why_not = self.candidates()
        self.keywords()
        self.goad()
        for es in effect_sources(self.board, self.view):
            self.dispatch(es, EFFECT_COMPILERS)
        self.refuse_teammate_costs(self.active, "attack", "the active player")
        return self.assemble(self.active, cands, why_not)


_SCOPES: dict[str, Callable[[Target, EffectSource], bool]] = {
    "any": lambda t, es: True,
    "players": lambda t, es: t.kind == "player",
    "players_other_than_you": lambda t, es: t.kind == "player" and t.id != es.controller,
    "its_owner": lambda t, es: False,  # depends on the creature: _Compiler.scope
    "you": lambda t, es: t.kind == "player" and t.id == es.controller,
    "you_and_planeswalkers": lambda t, es: (t.player == es.controller
                                            and t.kind in ("player", "planeswalker")),
    "you_and_permanents": lambda t, es: t.player == es.controller,
    "chosen_player": lambda t, es: t.kind == "player" and t.id == es.chosen_player,
    "self": lambda t, es: es.obj is not None and t.kind != "player" and t.id == es.obj.id,
    "planeswalkers": lambda t, es: t.kind == "planeswalker",
    "battles": lambda t, es: t.kind == "battle",
}
"""Scope word → "does this target belong to it, for this effect?" (every word of
:data:`~mtgcombat.rules.effects.ScopeKind`; a test proves it)."""


# --- one compiler per effect kind (the registry) ---------------------------------------------


def _cant_attack(c: _Compiler, es: EffectSource) -> None:
    assert isinstance(es.effect, CantAttack)
    for o in c.affected(es):
        c.restrictions.append(Forbid(o.id, c.scope(es.effect.scope, es, o),
                                     es.source("CR 508.1c", "can't attack")))


_cant_attack_alone = on_each_affected(CantAttackAlone, NotAlone, "CR 508.1c",
                                      "can't attack alone")
_can_only_attack_alone = on_each_affected(CanOnlyAttackAlone, OnlyAlone, "CR 508.1c",
                                          "can only attack alone")


def _unless_other(c: _Compiler, es: EffectSource) -> None:
    eff = es.effect
    assert isinstance(eff, CantAttackUnlessOtherAttacks)
    what = ("another creature attacks" if eff.count == 1
            else f"at least {eff.count} other creatures attack")
    for o in c.affected(es):
        others = frozenset(x.id for x in c.creatures
                           if x.id != o.id
                           and c.view.matches(eff.other, x, es.obj, es.controller, es.targets))
        c.restrictions.append(NeedsCompanion(
            o.id, others, es.source("CR 508.1c", f"can't attack unless {what}"),
            count=eff.count))


def _unless_permanents(c: _Compiler, es: EffectSource) -> None:
    """A count of the battlefield is fixed for the declaration: too few matching permanents
    forbids every affected creature to attack."""
    eff = es.effect
    assert isinstance(eff, CantAttackUnlessPermanents)
    n = len(c.select(es, eff.permanent, list(c.view.objects.values())))
    if n >= eff.count:
        return
    for o in c.affected(es):
        c.restrictions.append(Forbid(o.id, c.all_targets, es.source(
            "CR 508.1c", f"can't attack unless {eff.count} or more matching permanents "
            f"(there are {n})")))


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
    for o in c.affected(es):
        c.add_req(AttackRequirement(0, o.id, c.scope(eff.scope, es, o),
                                    es.source("CR 508.1d", "attacks if able")))


def _must_attack_group(c: _Compiler, es: EffectSource) -> None:
    """One requirement per affected player of the active team: with teams, each affected
    player attacks with one of their own creatures ("each opponent", CR 102.3, 805.10b)."""
    eff = es.effect
    assert isinstance(eff, MustAttackGroup)
    affected = sorted(c.team if eff.players == "any"
                      else ({es.controller} & c.team if eff.players == "you"
                            else c.team - c.board.team_of(es.controller)))
    scope = c.scope(eff.scope, es)
    for player in affected:
        if len(c.team) == 1:
            c.add_req(GroupRequirement(0, scope, es.source(
                "CR 508.1d", "at least one creature attacks if able")))
            continue
        mine = frozenset(o.id for o in c.creatures if o.controller == player)
        c.add_req(GroupRequirement(0, scope, es.source(
            "CR 508.1d", f"at least one creature {player} controls attacks if able"),
            creatures=mine))


def _conditional_groups(c: _Compiler, es: EffectSource) -> list[tuple[list[Obj], list[Obj]]]:
    """(trigger creatures, affected creatures) per condition. With ``same_controller``, one
    condition per player whose creatures could attack, restricted to that player's creatures
    ("all creatures *that opponent* controls"); otherwise one condition."""
    eff = es.effect
    assert isinstance(eff, ConditionalMustAttack)
    trigger, affected = c.affected(es, "trigger"), c.affected(es)
    if not eff.same_controller:
        return [(trigger, affected)]
    players = dict.fromkeys([c.active, *(o.controller for o in c.creatures)])
    return [([o for o in trigger if o.controller == p], [o for o in affected if o.controller == p])
            for p in players]


def _conditional(c: _Compiler, es: EffectSource) -> None:
    for trigger, affected in _conditional_groups(c, es):
        cond = Condition(len(c.conditions), frozenset(o.id for o in trigger),
                         es.source("CR 508.1d", "conditional requirement"))
        c.conditions.append(cond)
        for o in affected:
            c.add_req(AttackRequirement(0, o.id, c.all_targets, es.source(
                "CR 508.1d", "attacks if able, while the condition holds"), condition=cond.index))


def _attack_cost(c: _Compiler, es: EffectSource) -> None:
    eff = es.effect
    assert isinstance(eff, AttackCost)
    c.add_costs(es, "attack", "CR 508.1g", lambda o: c.scope(eff.scope, es, o))


def _optional_cost(c: _Compiler, es: EffectSource) -> None:
    """An optional cost to attack (exert, enlist) is chosen after the declaration is legal
    (CR 508.1g): no attack-legality instance."""


def _unless_cast(c: _Compiler, es: EffectSource) -> None:
    """Can't attack unless the source's controller cast enough spells of a type this turn
    (the board's ``this_turn``): a restriction on every target, or nothing."""
    eff = es.effect
    assert isinstance(eff, CantAttackUnlessCastThisTurn)
    if c.board.this_turn.cast(es.controller, eff.spell_type) >= eff.count:
        return
    detail = (f"can't attack unless {es.controller} has cast {eff.count} "
              f"{eff.spell_type.lower()} spell(s) this turn")
    for o in c.affected(es):
        c.restrictions.append(Forbid(o.id, c.all_targets, es.source("CR 508.1c", detail)))


def _despite_defender(c: _Compiler, es: EffectSource) -> None:
    """"Can attack as though it didn't have defender": the affected creatures' defender
    restrictions (CR 702.3b) are lifted; they keep the keyword."""
    assert isinstance(es.effect, AttacksDespiteDefender)
    ids = {o.id for o in c.affected(es)}
    c.restrictions = [r for r in c.restrictions if not (
        isinstance(r, Forbid) and r.creature in ids and r.source.rule == DEFENDER_RULE)]


def _compiled_elsewhere(c: _Compiler, es: EffectSource) -> None:
    """Block effects (the block compiler), characteristics (the view) and mana abilities
    (payment) create no declare-attackers instance."""


ATTACK_COMPILERS: dict[str, Callable[[_Compiler, EffectSource], None]] = {
    "cant_attack": _cant_attack,
    "cant_attack_alone": _cant_attack_alone,
    "can_only_attack_alone": _can_only_attack_alone,
    "attacks_despite_defender": _despite_defender,
    "cant_attack_unless_other_attacks": _unless_other,
    "cant_attack_unless_defending_player_controls": _unless_defender_controls,
    "cant_attack_unless_permanents": _unless_permanents,
    "max_attackers": _max_attackers,
    "must_attack": _must_attack,
    "must_attack_group": _must_attack_group,
    "conditional_must_attack": _conditional,
    "attack_cost": _attack_cost,
    "optional_attack_cost": _optional_cost,
    "cant_attack_unless_cast_this_turn": _unless_cast,
}
"""Attack effect kind (role ``attack``) → compiler."""
check_registry(ATTACK_COMPILERS, "attack")

BLOCK_KINDS: tuple[str, ...] = tuple(k for k in EFFECT_KINDS if k in kinds_with_role("block"))
"""Effect kinds of the declare-blockers step (role ``block``), compiled by
:mod:`mtgcombat.compile.blocks`."""

EFFECT_COMPILERS: dict[str, Callable[[_Compiler, EffectSource], None]] = {
    kind: ATTACK_COMPILERS.get(kind, _compiled_elsewhere) for kind in EFFECT_KINDS
    if kind in ATTACK_COMPILERS or kind in BLOCK_KINDS or kind in NOT_COMPILED_KINDS
}
"""Effect kind → what the attack compiler does with it (derived; a test proves every kind
of the vocabulary has an entry)."""


def compile_board(board: Board, catalog: Catalog | None = None) -> Instances:
    """The instances of a board's declare-attackers step."""
    return _Compiler(board, View(board, catalog)).run()
