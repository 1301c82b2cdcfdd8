"""Board → instances of the declare-blockers step (CR 509.1): candidate blockers, blockable
attackers, evasion and block restrictions, block requirements and costs to block.

Block instances are the same :mod:`~mtgcombat.compile.instances` the attack compiler produces,
so one engine decides both.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TypeVar

from mtgcombat.board.characteristics import Obj, View
from mtgcombat.board.model import Board, Permanent
from mtgcombat.compile.base import (
    CompilerBase,
    EffectSource,
    check_registry,
    effect_sources,
    on_each_affected,
    targets_of,
)
from mtgcombat.compile.instances import (
    AllOrNone,
    AttackRequirement,
    Candidate,
    ExactlyOneRequirement,
    Forbid,
    GroupRequirement,
    Instances,
    MaxAttackers,
    MaxCreatures,
    MinBlockers,
    NeedsCompanion,
    NotAlone,
    Source,
    Target,
)
from mtgcombat.errors import BoardError
from mtgcombat.rules.catalog import Catalog
from mtgcombat.rules.effects import (
    BlockCost,
    CanBlockAdditional,
    CanBlockOnly,
    CantBeBlocked,
    CantBeBlockedByMoreThan,
    CantBeBlockedExceptBy,
    CantBeBlockedUnlessAllBlock,
    CantBlock,
    CantBlockAlone,
    CantBlockUnlessOtherBlocks,
    MaxBlockers,
    MustBeBlocked,
    MustBeBlockedByExactlyOne,
    MustBlock,
    MustBlockAttackers,
    Selector,
)
from mtgcombat.rules.keywords import landwalk_land
from mtgcombat.rules.protection import qualities, quality_matches


def blocking_players(board: Board) -> frozenset[str]:
    """The players whose creatures block: with teams, the whole defending team (one combined
    block, CR 805.10d); otherwise just :func:`blocking_player`."""
    if board.teams is not None:
        return frozenset(board.opponents())
    return frozenset({blocking_player(board)})


def blocking_player(board: Board) -> str:
    """The blocking player: the board's ``blocking_player``, or the only player attacked or
    controlling or protecting an attacked permanent (in a two-player game, the opponent);
    with teams, the defending team's first listed player, who pays the costs to block."""
    if board.teams is not None:
        return next(t for t in board.teams if board.active_player not in t)[0]
    if board.blocking_player is not None:
        return board.blocking_player
    if len(board.players) == 2:
        return board.opponents()[0]
    attacked: set[str] = set()
    perms = {p.id: p for p in board.permanents}
    for target in (board.attack or {}).values():
        if target in perms:
            p = perms[target]
            attacked.add(p.protector if p.protector is not None else p.controller)
        else:
            attacked.add(target)
    if len(attacked) == 1:
        return attacked.pop()
    raise BoardError("blocking_player is required: the attack involves "
                     f"{len(attacked)} players ({', '.join(sorted(attacked)) or 'none'})",
                     path="$.blocking_player")


def evasion(attacker: Obj, blocker: Obj, defender_lands: list[Obj]) -> str | None:
    """Why ``blocker`` can't block ``attacker`` by keyword (CR 702), or None."""
    ak, bk = attacker.keywords, blocker.keywords
    if "flying" in ak and not ({"flying", "reach"} & bk):
        return "flying (CR 702.9b): only creatures with flying or reach can block it"
    if "shadow" in ak and "shadow" not in bk:
        return "shadow (CR 702.28b): only creatures with shadow can block it"
    if "shadow" in bk and "shadow" not in ak:
        return "shadow (CR 702.28b): a creature with shadow blocks only creatures with shadow"
    if "horsemanship" in ak and "horsemanship" not in bk:
        return "horsemanship (CR 702.31b)"
    if "fear" in ak and not ("Artifact" in blocker.types or "B" in blocker.colors):
        return "fear (CR 702.36b): only artifact and/or black creatures can block it"
    if "intimidate" in ak and not ("Artifact" in blocker.types
                                   or attacker.colors & blocker.colors):
        return ("intimidate (CR 702.13b): only artifact creatures and creatures sharing a "
                "colour can block it")
    for kw in sorted(ak):
        land_type = landwalk_land(kw)
        if land_type is not None and any(land_type in land.subtypes for land in defender_lands):
            return f"{kw} (CR 702.14c): the defending player controls a {land_type}"
    if "skulk" in ak and (blocker.power or 0) > (attacker.power or 0):
        return "skulk (CR 702.118b): creatures with greater power can't block it"
    for quality in qualities(ak):
        if quality_matches(quality, blocker.colors, blocker.types, blocker.subtypes):
            return f"protection from {quality} (CR 702.16f)"
    return None


class _BlockCompiler(CompilerBase):
    """The block compiler: the blocking player's creatures against the attackers attacking
    them, their planeswalkers or battles."""

    role = "block"

    def __init__(self, board: Board, view: View) -> None:
        self.blocker_player = blocking_player(board)
        self.blockers = blocking_players(board)
        self.defender = _attackers(board, view, self.blockers)
        self.attackers = [view.objects[a] for a in self.defender]
        super().__init__(board, view, self.blocker_player, tuple(
            Target(a.id, "creature", board.active_player) for a in self.attackers),
            self.blockers)
        self.capacity: dict[str, int | None] = {o.id: 1 for o in self.creatures}

    def not_declarable_reason(self, perm: Permanent) -> str:
        if self.board.teams is not None:
            return "not a creature the defending team controls"
        return f"not a creature {self.blocker_player} controls"

    # -- keywords ----------------------------------------------------------------------------

    def keywords(self) -> None:
        # Landwalk looks at the attacker's defending player: the player it attacks, or who
        # controls / protects what it attacks (CR 805.10e with teams).
        lands: dict[str, list[Obj]] = {}
        for o in self.view.objects.values():
            if o.is_land:
                lands.setdefault(o.controller, []).append(o)
        for b in self.creatures:
            by_reason: dict[str, set[str]] = {}
            for a in self.attackers:
                why = evasion(a, b, lands.get(self.defender[a.id], []))
                if why is not None:
                    by_reason.setdefault(f"{a.name}: {why}", set()).add(a.id)
            for why, ids in by_reason.items():
                src = Source("evasion", None, "CR 509.1b", why)
                self.restrictions.append(Forbid(b.id, frozenset(ids), src))
        for a in self.attackers:
            if "menace" in a.keywords:
                self.restrictions.append(MinBlockers(a.id, 2, Source(
                    a.name, a.id, "CR 702.111b", "menace")))

    # -- effects -----------------------------------------------------------------------------

    def run(self) -> Instances:
        self.keywords()
        for es in effect_sources(self.board, self.view):
            self.dispatch(es, BLOCK_COMPILERS)
        cands: list[Candidate] = []
        why_not: dict[str, str] = {}
        removed = set(self.board.removed_from_combat)
        for o in self.creatures:
            if o.tapped:
                why_not[o.id] = "tapped (CR 509.1a)"
            elif o.id in removed:
                why_not[o.id] = "removed from combat"
            else:
                cands.append(Candidate(o.id, o.name, tuple(t.id for t in self.targets),
                                       capacity=self.capacity[o.id]))
        self.refuse_teammate_costs(self.blocker_player, "block",
                                   "the defending team's first listed player")
        out = self.assemble(self.blocker_player, tuple(cands), why_not)
        return dataclasses.replace(
            out,
            restrictions=tuple(_as_block(r) for r in out.restrictions),
            requirements=tuple(_as_block(r) for r in out.requirements),
            costs=tuple(_as_block(c) for c in out.costs),
        )


def _attackers(board: Board, view: View, blockers: frozenset[str]) -> dict[str, str]:
    """Attackers attacking a blocking player, their planeswalkers or battles, each with its
    defending player (CR 805.10d-e)."""
    if board.attack is None:
        raise BoardError("a board for blocks needs an 'attack' (which creature attacks what)",
                         path="$.attack")
    valid = {t.id: t for t in targets_of(board, view)}
    removed = set(board.removed_from_combat)
    out: dict[str, str] = {}
    for cid, target in board.attack.items():
        at = f"$.attack.{cid}"
        obj = view.objects.get(cid)
        if obj is None or not obj.is_creature:
            raise BoardError(f"{cid!r} is not a creature on the battlefield", path=at)
        if target not in valid:
            raise BoardError(f"{target!r} can't be attacked: not a defending player, a "
                             "planeswalker a defending player controls or a battle a "
                             "defending player protects (CR 508.1b)", path=at)
        if valid[target].player in blockers and cid not in removed:
            out[cid] = valid[target].player
    return out


T = TypeVar("T")


def _as_block(instance: T) -> T:
    """The instance worded for blocks ("can't block", "blocks one of")."""
    if dataclasses.is_dataclass(instance) and hasattr(instance, "verb"):
        return dataclasses.replace(instance, verb="block")  # type: ignore[type-var]
    return instance


def _cant_block(c: _BlockCompiler, es: EffectSource) -> None:
    eff = es.effect
    assert isinstance(eff, CantBlock)
    banned = c.all_targets if eff.attackers is None else frozenset(
        a.id for a in c.select(es, eff.attackers, c.attackers))
    for b in c.affected(es):
        c.restrictions.append(Forbid(b.id, banned, es.source("CR 509.1b", "can't block")))


_cant_block_alone = on_each_affected(CantBlockAlone, NotAlone, "CR 509.1b", "can't block alone")


def _max_blockers(c: _BlockCompiler, es: EffectSource) -> None:
    eff = es.effect
    assert isinstance(eff, MaxBlockers)
    c.restrictions.append(MaxCreatures(eff.count, es.source(
        "CR 509.1b", f"no more than {eff.count} creature(s) can block")))


def _cant_be_blocked(c: _BlockCompiler, es: EffectSource) -> None:
    eff = es.effect
    assert isinstance(eff, CantBeBlocked)
    for a in c.select(es, eff.affects, c.attackers):
        blockers = c.creatures if eff.by is None else c.select(es, eff.by, c.creatures)
        detail = "can't be blocked" + ("" if eff.by is None else " by these creatures")
        for b in blockers:
            c.restrictions.append(Forbid(b.id, frozenset({a.id}),
                                         es.source("CR 509.1b", detail)))


def _except_by(c: _BlockCompiler, es: EffectSource) -> None:
    eff = es.effect
    assert isinstance(eff, CantBeBlockedExceptBy)
    for a in c.select(es, eff.affects, c.attackers):
        c.restrictions.append(MinBlockers(a.id, eff.count, es.source(
            "CR 509.1b", f"can't be blocked except by {eff.count} or more creatures")))


def creature_words(sel: Selector) -> str:
    """A short wording of a creature selector's filters: ``creatures with flying``,
    ``Wall creatures with greater power``."""
    words = [*sel.subtypes_any, *sel.colors_any, "creatures"]
    if sel.keywords_any:
        words.append("with " + " or ".join(sel.keywords_any))
    if sel.keywords_none:
        words.append("without " + " or ".join(sel.keywords_none))
    for bound, word in ((sel.power_greater_than, "greater"), (sel.power_less_than, "less")):
        if bound == "source":
            words.append(f"with {'greater' if word == 'greater' else 'lesser'} power")
        elif isinstance(bound, int):
            words.append(f"with power {word} than {bound}")
    return " ".join(words)


def _more_than(c: _BlockCompiler, es: EffectSource) -> None:
    eff = es.effect
    assert isinstance(eff, CantBeBlockedByMoreThan)
    many = "one creature" if eff.count == 1 else f"{eff.count} creatures"
    for a in c.select(es, eff.affects, c.attackers):
        c.restrictions.append(MaxAttackers(eff.count, frozenset({a.id}), es.source(
            "CR 509.1b", f"can't be blocked by more than {many}")))


def _unless_all_block(c: _BlockCompiler, es: EffectSource) -> None:
    eff = es.effect
    assert isinstance(eff, CantBeBlockedUnlessAllBlock)
    # Every creature the attacker's defending player controls (CR 805.10e), tapped ones
    # included: one that can't block this attacker makes it unblockable.
    for a in c.select(es, eff.affects, c.attackers):
        everyone = frozenset(o.id for o in c.creatures if o.controller == c.defender[a.id])
        c.restrictions.append(AllOrNone(a.id, everyone, es.source(
            "CR 509.1b", "can't be blocked unless all creatures defending player controls "
            "block it")))


def _can_block_only(c: _BlockCompiler, es: EffectSource) -> None:
    eff = es.effect
    assert isinstance(eff, CanBlockOnly)
    allowed = {a.id for a in c.select(es, eff.attackers, c.attackers)}
    banned = frozenset(c.all_targets - allowed)
    for b in c.affected(es):
        c.restrictions.append(Forbid(b.id, banned, es.source(
            "CR 509.1b", f"can block only {creature_words(eff.attackers)}")))


def _unless_other_blocks(c: _BlockCompiler, es: EffectSource) -> None:
    eff = es.effect
    assert isinstance(eff, CantBlockUnlessOtherBlocks)
    what = creature_words(eff.other)
    many = f"{eff.count} or more other {what}"
    for b in c.affected(es):
        others = frozenset(x.id for x in c.creatures
                           if x.id != b.id and c.view.matches(eff.other, x, es.obj, es.controller))
        c.restrictions.append(NeedsCompanion(b.id, others, es.source(
            "CR 509.1b", f"can't block unless {many} also block"), count=eff.count))


def _additional(c: _BlockCompiler, es: EffectSource) -> None:
    eff = es.effect
    assert isinstance(eff, CanBlockAdditional)
    for b in c.affected(es):
        cap = c.capacity[b.id]
        if eff.count is None or cap is None:
            c.capacity[b.id] = None
        else:
            c.capacity[b.id] = cap + eff.count


def _must_block(c: _BlockCompiler, es: EffectSource) -> None:
    eff = es.effect
    assert isinstance(eff, MustBlock)
    for b in c.affected(es):
        c.add_req(AttackRequirement(0, b.id, c.all_targets, es.source(
            "CR 509.1c", "blocks each combat if able")))


def _must_block_attackers(c: _BlockCompiler, es: EffectSource) -> None:
    eff = es.effect
    assert isinstance(eff, MustBlockAttackers)
    for a in c.select(es, eff.attackers, c.attackers):
        for b in c.affected(es, "blockers"):
            c.add_req(AttackRequirement(0, b.id, frozenset({a.id}), es.source(
                "CR 509.1c", f"blocks {a.id} if able")))


def _must_be_blocked(c: _BlockCompiler, es: EffectSource) -> None:
    eff = es.effect
    assert isinstance(eff, MustBeBlocked)
    for a in c.select(es, eff.affects, c.attackers):
        c.add_req(GroupRequirement(0, frozenset({a.id}), es.source(
            "CR 509.1c", f"{a.id} must be blocked if able")))


def _exactly_one(c: _BlockCompiler, es: EffectSource) -> None:
    eff = es.effect
    assert isinstance(eff, MustBeBlockedByExactlyOne)
    for a in c.select(es, eff.affects, c.attackers):
        c.add_req(ExactlyOneRequirement(0, a.id, es.source(
            "CR 509.1c", f"{a.id} must be blocked by exactly one creature if able")))


def _block_cost(c: _BlockCompiler, es: EffectSource) -> None:
    eff = es.effect
    assert isinstance(eff, BlockCost)
    c.add_costs(es, "block", "CR 509.1d", c.all_targets)


BLOCK_COMPILERS: dict[str, Callable[[_BlockCompiler, EffectSource], None]] = {
    "cant_block": _cant_block,
    "cant_block_alone": _cant_block_alone,
    "max_blockers": _max_blockers,
    "cant_be_blocked": _cant_be_blocked,
    "cant_be_blocked_except_by": _except_by,
    "cant_be_blocked_by_more_than": _more_than,
    "cant_be_blocked_unless_all_block": _unless_all_block,
    "can_block_only": _can_block_only,
    "cant_block_unless_other_blocks": _unless_other_blocks,
    "can_block_additional": _additional,
    "must_block": _must_block,
    "must_block_attackers": _must_block_attackers,
    "must_be_blocked": _must_be_blocked,
    "must_be_blocked_by_exactly_one": _exactly_one,
    "block_cost": _block_cost,
}
"""Block effect kind (role ``block``) → compiler."""
check_registry(BLOCK_COMPILERS, "block")


def compile_blocks(board: Board, catalog: Catalog | None = None) -> Instances:
    """The instances of a board's declare-blockers step (CR 509.1)."""
    return _BlockCompiler(board, View(board, catalog)).run()
