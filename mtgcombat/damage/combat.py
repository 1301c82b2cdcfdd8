"""The combat as a combat damage step begins (CR 506, 510): the attacking and blocking
creatures still in combat, what each attacks or blocks, and the attacked planeswalkers and
battles with their loyalty/defense.

``first`` names the first combat damage step of the phase: the first-strike step when any
creature in combat has first strike or double strike, otherwise the only (regular) step.
``regular`` names the regular step; checked on a board alone, the board is taken as the state
as that step begins, with the creatures' keywords unchanged since the first step.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from mtgcombat.board.characteristics import Obj, View
from mtgcombat.board.model import Board, Permanent
from mtgcombat.compile.base import effect_sources
from mtgcombat.damage.keywords import (
    Bonuses,
    after_afflict,
    bonuses_for,
    keyword_bonuses,
    with_bonus,
)
from mtgcombat.damage.prevention import Prevention, prevention_at
from mtgcombat.errors import BoardError
from mtgcombat.rules.catalog import Catalog, default_catalog
from mtgcombat.rules.effects import (
    AssignsDamageByToughness,
    AssignsNoCombatDamage,
    MayAssignAsThoughUnblocked,
)
from mtgcombat.rules.protection import qualities, quality_matches

Step = Literal["first", "regular"]
Assignment = dict[str, dict[str, int]]
"""Assigning creature id -> {recipient (blocker, attacker, player name, permanent id): amount}."""


# -- the combat as a step begins -----------------------------------------------------------


@dataclass(frozen=True)
class Fighter:
    """An attacking or blocking creature as a combat damage step begins."""

    id: str
    label: str
    controller: str
    power: int
    toughness: int
    marked: int
    keywords: frozenset[str]
    colors: frozenset[str]
    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    assigns_by: str = "power"
    """What ``power`` (the combat damage it assigns) is: its power, or its toughness."""
    when_greater: bool = False
    """It assigns damage equal to its toughness only while that is greater than its power
    (Ancient Lumberknot); ``own_power`` is then its power."""
    own_power: int = 0

    def has(self, keyword: str) -> bool:
        """Does it have ``keyword`` now?"""
        return keyword in self.keywords

    @property
    def strikes_first(self) -> bool:
        """First strike or double strike (702.7b, 702.4b)."""
        return self.has("first strike") or self.has("double strike")

    @property
    def toxic(self) -> int:
        """The total N of its toxic N abilities (702.164b: they add up)."""
        return sum(int(k.split()[1]) for k in self.keywords
                   if k.startswith("toxic ") and k.split()[1].isdigit())

    def has_quality(self, quality: str) -> bool:
        """Does it have ``quality`` (a colour word, ``creatures``, a type...; 702.16a)?"""
        return quality_matches(quality, self.colors, self.types, self.subtypes)

    def protected_from(self, source: Fighter) -> bool:
        """Protection from a quality ``source`` has prevents its damage (702.16e)."""
        return any(source.has_quality(q) for q in qualities(self.keywords))


@dataclass(frozen=True)
class Combat:
    """Attackers, blockers and attacked objects that are still in combat as a step begins."""

    board: Board
    fighters: dict[str, Fighter]
    attack: dict[str, str]
    """Attacker in combat -> the player, planeswalker or battle it attacks."""
    blocked: frozenset[str]
    """Attackers that became blocked (they remain blocked, 509.1h)."""
    blocks: dict[str, tuple[str, ...]]
    """Blocker in combat -> the attackers in combat it blocks."""
    counters: dict[str, int]
    """Loyalty / defense of each attacked planeswalker / battle still on the battlefield."""
    left: frozenset[str]
    """Attacked planeswalkers and battles that left combat (506.4c)."""
    catalog: Catalog | None = field(default=None, compare=False, repr=False)
    """The card catalog the board's characteristics come from (None: the default one)."""
    silenced: frozenset[str] = frozenset()
    """Attackers that assign no combat damage this combat (Master of Cruelties unblocked)."""
    prevention: Prevention = field(default_factory=Prevention)
    """Fogs, protection of players and attacked objects, prevention shields left."""
    as_unblocked: frozenset[str] = frozenset()
    """Attackers that may assign their combat damage as though they weren't blocked."""
    assigns_none: frozenset[str] = frozenset()
    """Creatures that assign no combat damage this turn (Bone Dancer's "If you do")."""
    walker_controllers: dict[str, str] = field(default_factory=dict)
    """Attacked planeswalker -> its controller (trample over planeswalkers, 702.19c-e)."""
    bonuses: Bonuses = field(default_factory=dict)
    """Creature -> the +power/+toughness of its exalted, battle cry, bushido, rampage and
    frenzy triggers (resolved before the first combat damage step, kept for the next)."""
    counted_on: View | None = field(default=None, compare=False, repr=False)
    """The view of the board as the first combat damage step began, where triggered
    abilities' counts are taken and whose triggered changes last."""

    def prevents(self, source: str, recipient: str, *, shedding: bool = True) -> bool:
        """Is all combat damage from ``source`` to ``recipient`` prevented (a fog, or the
        recipient's protection from a quality of the source; 615, 702.16e, 702.16j)? Never
        when damage can't be prevented (615.12). ``shedding``: count a prevention that
        removes +1/+1 counters (Phantom Centaur; the recipient's controller applies the
        others first, CR 616.1)."""
        src = self.fighters[source]
        if not self.preventable(source):
            return False
        prev = self.prevention
        if (source in prev.fogged or source in prev.warded.get(recipient, ())
                or source in prev.once.get(recipient, ())
                or shedding and recipient in prev.shedding):
            return True
        rec = self.fighters.get(recipient)
        if rec is not None:
            return rec.protected_from(src)
        return any(src.has_quality(q) for q in self.prevention.protections.get(recipient, ()))

    def increased(self, source: str, recipient: str, dealt: int) -> int:
        """What ``dealt`` damage from ``source`` to ``recipient`` becomes after the effects
        that multiply or increase it (Furnace of Rath; none when nothing is dealt)."""
        mult, add = self.prevention.increases.get((source, recipient), (1, 0))
        return dealt * mult + add if dealt > 0 else 0

    def reduction(self, source: str, recipient: str) -> int:
        """How much of ``source``'s combat damage to ``recipient`` is prevented when not all
        of it is (Sphere of Law; none when damage can't be prevented, 615.12)."""
        if not self.preventable(source):
            return 0
        return self.prevention.reduced.get(recipient, {}).get(source, 0)

    def preventable(self, source: str) -> bool:
        """Can ``source``'s combat damage be prevented (615.12)?"""
        prev = self.prevention
        return not prev.unpreventable and source not in prev.unpreventable_from

    @property
    def players(self) -> frozenset[str]:
        """The players' names."""
        return frozenset(p.name for p in self.board.players)

    def blockers_of(self, attacker: str) -> tuple[str, ...]:
        """The blockers in combat blocking ``attacker``, in board order."""
        return tuple(b for b, atts in self.blocks.items() if attacker in atts)

    def target_open(self, attacker: str) -> bool:
        """Can what ``attacker`` attacks still be dealt its combat damage (506.4c)?"""
        target = self.attack[attacker]
        return target in self.players or (target in self.counters and target not in self.left)

    def is_attacker(self, cid: str) -> bool:
        """Is ``cid`` an attacking creature still in combat?"""
        return cid in self.attack

    def first_step_exists(self) -> bool:
        """Any attacking or blocking creature has first strike or double strike (702.7b)."""
        return any(f.strikes_first for f in self.fighters.values())

    def assigners(self, step: Step, before: Combat | None = None) -> tuple[str, ...]:
        """The creatures that assign combat damage in ``step`` (702.7b, 702.4b, 510.4).

        In the regular step after a first-strike step: the creatures that had neither first
        strike nor double strike as the first step began (judged on ``before``, or on now when
        not given) plus those that have double strike now."""
        ids = tuple(self.fighters)
        if step == "first":
            if not self.first_step_exists():
                return ids
            return tuple(c for c in ids if self.fighters[c].strikes_first)
        out = []
        for c in ids:
            then = before.fighters.get(c) if before is not None else None
            had = (then or self.fighters[c]).strikes_first
            if not had or self.fighters[c].has("double strike"):
                out.append(c)
        return tuple(out)

    def label(self, rid: str) -> str:
        """A readable name for a creature, permanent or player."""
        if rid in self.fighters:
            return self.fighters[rid].label
        return rid


def _fighter(obj: Obj, perm: Permanent, by: str) -> Fighter:
    """The fighter for creature ``obj`` with its marked damage from ``perm``; its ``power``
    is the combat damage it assigns (510.1a): its power, its toughness (``by``: "toughness"),
    or its toughness when that is greater (``by``: "greater")."""
    toughness, power = obj.toughness or 0, obj.power or 0
    by_toughness = by == "toughness" or by == "greater" and toughness > power
    return Fighter(id=obj.id, label=obj.label(), controller=obj.controller,
                   power=toughness if by_toughness else power, toughness=toughness,
                   marked=perm.damage, keywords=obj.keywords, colors=obj.colors,
                   types=obj.types, subtypes=obj.subtypes,
                   assigns_by="toughness" if by_toughness else "power",
                   when_greater=by == "greater", own_power=power)


def _changed(f: Fighter, power: int, toughness: int) -> Fighter:
    """``f`` with its power and toughness changed to ``power`` and ``toughness``."""
    by_t = f.assigns_by == "toughness" if not f.when_greater else toughness > power
    return dataclasses.replace(f, power=toughness if by_t else power, toughness=toughness,
                               own_power=power, assigns_by="toughness" if by_t else "power")


def _flanked(view: View, blocks: dict[str, tuple[str, ...]],
             fighters: dict[str, Fighter]) -> list[str]:
    """Flanking (CR 702.25): each blocker without flanking gets -1/-1 until end of turn for
    each attacker with flanking it blocks (the trigger resolves in the declare blockers step;
    a blocker whose power and toughness the board gives is taken as already including it).
    Returns the blockers this kills (toughness 0 or less, CR 704.5f)."""
    dead: list[str] = []
    for b, attackers in blocks.items():
        f = fighters[b]
        n = sum(1 for a in attackers if "flanking" in fighters[a].keywords)
        if n == 0 or "flanking" in f.keywords or view.objects[b].pt_fixed:
            continue
        toughness = f.toughness - n
        g = _changed(f, f.own_power - n, toughness)
        fighters[b] = dataclasses.replace(g, power=max(0, g.power))
        if toughness <= 0:
            dead.append(b)
            del fighters[b]
    return dead


def _boost(view: View, fighters: dict[str, Fighter], bonuses: Bonuses) -> None:
    """Apply the combat keywords' bonuses (:mod:`.keywords`) to ``fighters``."""
    for c, bonus in bonuses_for(bonuses, view, list(fighters)).items():
        f = fighters[c]
        power, toughness = with_bonus(f.own_power, f.toughness, bonus, False)
        fighters[c] = _changed(f, power, toughness)


def _damage_rules(board: Board, view: View, ids: list[str]
                  ) -> tuple[dict[str, str], set[str], set[str]]:
    """The creatures among ``ids`` that assign combat damage by toughness (Doran, the Siege
    Tower: "toughness"; Ancient Lumberknot, only when greater than power: "greater"), those
    that may assign it as though unblocked (Thorn Elemental) and those that assign none
    (Bone Dancer)."""
    by_t: dict[str, str] = {}
    unblocked: set[str] = set()
    none: set[str] = set()
    for es in effect_sources(board, view):
        eff = es.effect
        if isinstance(eff, AssignsDamageByToughness | MayAssignAsThoughUnblocked
                      | AssignsNoCombatDamage):
            hit = {c for c in ids if view.matches(eff.affects, view.objects[c], es.obj,
                                                    es.controller, es.targets)}
            if not isinstance(eff, AssignsDamageByToughness):
                (none if isinstance(eff, AssignsNoCombatDamage) else unblocked).update(hit)
                continue
            for c in hit:
                if by_t.get(c) != "toughness":
                    by_t[c] = "greater" if eff.only_if_greater else "toughness"
    return by_t, unblocked, none


def _counter_value(board: Board, obj: Obj, index: int, catalog: Catalog | None) -> int:
    """Loyalty of a planeswalker / defense of a battle (board value, else printed)."""
    perm = board.permanents[index]
    kind = "loyalty" if obj.is_planeswalker else "defense"
    value = perm.loyalty if kind == "loyalty" else perm.defense
    if value is None:
        value = perm.counters.get(kind)
    if value is None and perm.card is not None:
        card = (catalog or default_catalog()).get(perm.card)
        value = card.loyalty if kind == "loyalty" else card.defense
    if value is None:
        raise BoardError(f"{obj.label()} is attacked: it needs '{kind}' for the combat "
                         "damage step", path=f"$.permanents[{index}].{kind}")
    return value


def combat_at(board: Board, catalog: Catalog | None = None, *, trigger: bool = True,
              bonuses: Mapping[str, tuple[int, int]] | None = None,
              counted_on: View | None = None) -> Combat:
    """The combat described by ``board``'s ``attack``, ``blocks`` and ``removed_from_combat``,
    as a combat damage step begins (``catalog``: where printed values come from; None: the
    default catalog). ``trigger``: apply the declare-blockers-step life change of an
    unblocked Master of Cruelties (False: the board is already past it, e.g. a later step).
    ``bonuses``: the combat keywords' bonuses already computed (a later step keeps those of
    the first; None: computed from the board's declaration). ``counted_on``: the view of the
    first step's board, where triggered abilities counted (None: ``board``'s)."""
    if board.attack is None:
        raise BoardError("the combat damage step needs an 'attack'", path="$.attack")
    view = View(board, catalog, counted_on)
    index = {p.id: i for i, p in enumerate(board.permanents)}
    removed = set(board.removed_from_combat)

    def in_combat(cid: str) -> bool:
        """Is ``cid`` a creature that was not removed from combat?"""
        obj = view.objects.get(cid)
        return obj is not None and obj.is_creature and cid not in removed

    given = board.blocks or {}
    attack = {a: t for a, t in board.attack.items() if in_combat(a)}
    blocked = frozenset(a for v in given.values() for a in ([v] if isinstance(v, str) else v))
    blocks = {b: tuple(a for a in ([v] if isinstance(v, str) else v) if a in attack)
              for b, v in given.items() if in_combat(b) and b not in attack}
    by_t, unblocked, none = _damage_rules(board, view, [*attack, *blocks])
    fighters = {c: _fighter(view.objects[c], board.permanents[index[c]], by_t.get(c, "power"))
                for c in [*attack, *blocks]}
    bonus = keyword_bonuses(board, view) if bonuses is None else dict(bonuses)
    _boost(view, fighters, bonus)
    for b in _flanked(view, blocks, fighters):
        del blocks[b]  # dead before damage: the attacker stays blocked (509.1h)
    counters: dict[str, int] = {}
    walkers: dict[str, str] = {}
    left: set[str] = set()
    for target in set(attack.values()):
        if target not in index:
            continue
        obj = view.objects.get(target)
        if obj is None or not (obj.is_planeswalker or obj.is_battle):
            left.add(target)
            continue
        counters[target] = _counter_value(board, obj, index[target], catalog)
        if obj.is_planeswalker:
            walkers[target] = obj.controller
        if target in removed or counters[target] <= 0:
            left.add(target)
    silenced = _silenced(board, view, attack, blocked, catalog)
    if trigger:
        life_one = {attack[a] for a in silenced}
        board = _life_becomes_one(after_afflict(board, view, life_one), life_one)
    return Combat(board=board, fighters=fighters, attack=attack, blocked=blocked,
                  blocks=blocks, counters=counters, left=frozenset(left), catalog=catalog,
                  silenced=silenced, prevention=prevention_at(board, view, fighters),
                  as_unblocked=frozenset(unblocked) & blocked, walker_controllers=walkers,
                  bonuses=bonus, assigns_none=frozenset(none), counted_on=counted_on or view)


def _silenced(board: Board, view: View, attack: dict[str, str], blocked: frozenset[str],
              catalog: Catalog | None) -> frozenset[str]:
    """Attackers whose card assigns no combat damage when it attacks a player and isn't
    blocked (Master of Cruelties)."""
    players = {p.name for p in board.players}
    out = set()
    for a, target in attack.items():
        card = view.objects[a].card
        if card is None or a in blocked or target not in players:
            continue
        if (catalog or default_catalog()).get(card).combat_damage == \
                "none_if_unblocked_attacking_player":
            out.add(a)
    return frozenset(out)


def _life_becomes_one(board: Board, players: set[str]) -> Board:
    """``board`` with each of ``players``' life total set to 1 when higher (the trigger
    resolved in the declare blockers step; a life total already 1 or lower is kept). With
    teams, a player's life total is the team's (CR 810.9a): their teammate's becomes 1 too."""
    players = {m for name in players for m in board.team_of(name)}
    if not any(p.name in players and p.life > 1 for p in board.players):
        return board
    updated = [p.model_copy(update={"life": 1}) if p.name in players and p.life > 1 else p
               for p in board.players]
    return board.model_copy(update={"players": updated})
