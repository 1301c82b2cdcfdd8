"""What the declaring player can pay with (CR 508.1i / 509.1f): the permanents they control,
the mana abilities of those permanents and of the cards in their hand, and the states of the
step where mana abilities are activated."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mtgcombat.board.characteristics import Obj, View
from mtgcombat.board.model import Board
from mtgcombat.compile.instances import Instances
from mtgcombat.payment.mana import (
    ANY,
    COLORS,
    ManaCost,
    Payment,
    Pool,
    Unit,
    parse_cost,
    parse_produced,
)
from mtgcombat.payment.total import TotalCost, total_cost
from mtgcombat.rules.catalog import Catalog, default_catalog
from mtgcombat.rules.effects import (
    CounterCount,
    Effect,
    ManaAbility,
    NoActivatedAbilities,
    Selector,
    XCount,
)
from mtgcombat.rules.wording import pick_words


@dataclass(frozen=True)
class Ability:
    """One mana ability the active player may activate: of a permanent (``perm`` index) or of
    a card in hand (``hand`` index)."""

    effect: ManaAbility
    text: str
    cost: ManaCost
    alternatives: tuple[tuple[Unit, ...], ...]
    perm: int | None = None
    hand: int | None = None


def ability_text(eff: ManaAbility, name: str) -> str:
    """The ability in printed form: ``{T}, Sacrifice a creature: Add {B}{B}``."""
    parts: list[str] = []
    if eff.mana_cost:
        parts.append(eff.mana_cost)
    if eff.tap:
        parts.append("{T}")
    if eff.untap:
        parts.append("{Q}")
    if eff.life:
        parts.append(f"Pay {eff.life} life")
    if eff.sacrifice_self:
        parts.append(f"Sacrifice {name}")
    if eff.sacrifice is not None:
        n = eff.sacrifice.count
        parts.append(f"Sacrifice {'a' if n == 1 else n} {pick_words(eff.sacrifice.filter)}")
    if eff.tap_untapped is not None:
        n = eff.tap_untapped.count
        parts.append(f"Tap {'an' if n == 1 else n} untapped "
                     f"{pick_words(eff.tap_untapped.filter)}")
    if eff.from_hand:
        parts.append(f"Exile {name} from your hand")
    if eff.remove_counters is not None:
        rc = eff.remove_counters
        parts.append(f"Remove {'X' if rc.count is None else rc.count} {rc.counter} "
                     f"counter(s) from {name}")
    return f"{', '.join(parts) or '{0}'}: Add {' or '.join(eff.produces)}{_amount_text(eff)}"


def _amount_text(eff: ManaAbility) -> str:
    """`` ×3``, `` for each Swamp``, `` for each charge counter``, or nothing for one."""
    amount = eff.amount
    if isinstance(amount, XCount):
        return f" for each {pick_words(amount.count)}"
    plus = f" plus {eff.additional}" if eff.additional else ""
    if isinstance(amount, CounterCount):
        return f" for each {amount.counter} counter{plus}"
    return ("" if amount == 1 else f" ×{amount}") + plus


def counters_on(obj: Obj | None, counter: str, removed: int = 0) -> int:
    """The ``counter`` counters on ``obj`` once ``removed`` of them were removed."""
    return max(0, (obj.counters.get(counter, 0) if obj is not None else 0) - removed)


def _amount(eff: ManaAbility, obj: Obj | None, removed: int = 0) -> int:
    """How much mana one activation adds: a number, the permanent's power / toughness or
    counters (``removed`` of them already removed; a count of permanents is
    :meth:`Resources.amount_now`'s)."""
    if isinstance(eff.amount, XCount):
        return 0
    if isinstance(eff.amount, CounterCount):
        return counters_on(obj, eff.amount.counter, removed)
    if eff.amount == "toughness":
        return obj.toughness if obj is not None and obj.toughness is not None else 0
    if eff.amount == "power":
        return obj.power if obj is not None and obj.power is not None else 0
    return eff.amount


def alternatives(eff: ManaAbility, obj: Obj | None, n: int | None = None,
                 removed: int = 0) -> tuple[tuple[Unit, ...], ...]:
    """What one activation can add (``n`` times what ``produces`` says, by default the
    ability's own amount with ``removed`` counters already gone; plus its ``additional``).
    A choice among single mana is kept as one flexible unit (chosen when spent); with an
    amount above one each alternative is a fixed colour."""
    n = (_amount(eff, obj, removed) if n is None else n) + eff.additional
    alts = [parse_produced(p) for p in eff.produces]
    if n <= 0:
        return ((),)
    if n == 1:
        if all(len(a) == 1 for a in alts):
            return ((frozenset().union(*(a[0] for a in alts)),),)
        return tuple(tuple(a) for a in alts)
    out: list[tuple[Unit, ...]] = []
    for a in alts:
        if ANY in a:
            out.extend(tuple(frozenset({c}) if u == ANY else u for u in a) * n for c in COLORS)
        else:
            out.append(tuple(a) * n)
    return tuple(dict.fromkeys(out))


@dataclass(frozen=True)
class State:
    """A moment of step 6: each permanent ``U`` (untapped), ``T`` (tapped) or ``X`` (gone),
    the mana pool, the life paid so far and how many of each hand card were exiled."""

    status: tuple[str, ...]
    pool: tuple[tuple[Unit, int], ...]
    life_paid: int
    hand_used: tuple[int, ...]
    once_used: frozenset[int] = frozenset()
    """Permanents whose "activate only once each turn" mana ability has been used."""
    removed: tuple[tuple[int, str, int], ...] = ()
    """``(permanent, counter, n)``: ``n`` counters of that kind removed from it by mana
    abilities' costs, sorted."""

    def removed_from(self, i: int, counter: str) -> int:
        """``counter`` counters removed so far from permanent ``i``."""
        return sum(n for j, c, n in self.removed if j == i and c == counter)

    def removals(self, i: int) -> tuple[tuple[str, int], ...]:
        """The counters removed so far from permanent ``i``."""
        return tuple((c, n) for j, c, n in self.removed if j == i)

    def pool_counter(self) -> Pool:
        """The mana pool as a counter."""
        return Counter(dict(self.pool))


def freeze_pool(pool: Mapping[Unit, int], cap: int) -> tuple[tuple[Unit, int], ...]:
    """The pool in a :class:`State`: at most ``cap`` of each kind, in a fixed order."""
    return tuple(sorted(((u, min(n, cap)) for u, n in pool.items() if n > 0),
                        key=lambda un: sorted(un[0])))


@dataclass
class Activation:
    """One activation on the way to a state (for the plan)."""

    ability: Ability
    units: tuple[Unit, ...]
    paid: Payment | None
    sacrificed: tuple[int, ...]
    pre: bool = False
    """Activated up front as harmless; left out of the plan if its mana isn't spent."""
    tapped: tuple[int, ...] = ()
    """Permanents tapped for its "tap an untapped ..." cost."""


class Resources:
    """The payment problem of one declaration: the locked-in total and what can pay it."""

    def __init__(self, board: Board, inst: Instances, decl: Mapping[str, str],
                 committed: frozenset[int], catalog: Catalog | None,
                 declared_tap: bool = True, view: View | None = None) -> None:
        self.board = board
        self.declared_tap = declared_tap
        self.view = view if view is not None else View(board, catalog)
        self.catalog = catalog or default_catalog()
        self.active = inst.active_player
        self.decl = dict(decl)
        self.total: TotalCost = total_cost(inst, committed, self.view)
        self.life_total = board.player(self.active).life
        self.perms: list[Obj] = [o for o in self.view.objects.values()
                                 if o.controller == self.active]
        self.silenced = self._silenced()
        self.group = self._groups()
        self.hand: list[str] = sorted(Counter(board.player(self.active).hand or []))
        self.hand_count = Counter(board.player(self.active).hand or [])
        self.abilities = self._abilities()
        # Enough of any one kind of mana for the total plus one activation of every ability
        # with a mana cost (more could matter only for repeated untap loops).
        ability_cost = sum(a.cost.mana_value for a in self.abilities)
        self.cap = max(1, self.total.mana.mana_value + ability_cost)

    def tapped_by_attacking(self, o: Obj) -> bool:
        """Declared attackers without vigilance are tapped (CR 508.1f); blockers are not."""
        return self.declared_tap and o.id in self.decl and "vigilance" not in o.keywords

    def can_use_own_tap(self, o: Obj) -> bool:
        """A creature's own {T}/{Q} abilities need it free of summoning sickness (CR 302.6)."""
        return not (o.is_creature and o.summoning_sick and "haste" not in o.keywords)

    def _groups(self) -> list[int]:
        """For each permanent, the index of its class of interchangeable permanents."""
        keys: dict[tuple[Any, ...], int] = {}
        out: list[int] = []
        for o in self.perms:
            key = (o.name, o.card, self.view.effects_key(o), o.types, o.subtypes, o.colors,
                   o.keywords, o.power, o.toughness, tuple(sorted(o.counters.items())), o.tapped,
                   o.summoning_sick, o.id in self.decl, o.attached_to, o.id in self.silenced)
            out.append(keys.setdefault(key, len(keys)))
        return out

    def _silenced(self) -> frozenset[str]:
        """Permanents whose activated abilities can't be activated (CR 602.5: Arrest)."""
        out: set[str] = set()
        applied: list[tuple[Obj | None, str, Effect, frozenset[str]]] = [
            (o, o.controller, eff, frozenset()) for o in self.view.objects.values()
            for eff in o.effects]
        applied += [(a.source, a.controller, a.effect, a.targets)
                    for a in self.view._resolved_effects()]
        for src, controller, eff, targets in applied:
            if isinstance(eff, NoActivatedAbilities):
                out.update(o.id for o in self.view.select(eff.affects, src, controller, targets))
        return frozenset(out)

    def amount_now(self, ab: Ability, status: list[str] | tuple[str, ...]) -> int:
        """How many permanents an ability's counted amount finds as it resolves: those on the
        battlefield matching its selector, less the player's permanents gone by now."""
        assert isinstance(ab.effect.amount, XCount)
        sel: Selector = ab.effect.amount.count
        source = self.perms[ab.perm] if ab.perm is not None else None
        mine = {o.id: status[j] for j, o in enumerate(self.perms)}
        untapped = sel.model_copy(update={"tapped": None})
        n = 0
        for o in self.view.objects.values():
            now = mine.get(o.id)
            if now == "X":
                continue
            if now is not None and sel.tapped is not None:
                n += (now == "T") == sel.tapped and self.view.matches(untapped, o, source,
                                                                      self.active)
            else:
                n += self.view.matches(sel, o, source, self.active)
        return n

    def may_activate(self, ab: Ability, status: list[str] | tuple[str, ...]) -> bool:
        """Does the ability's "activate only if you control ..." hold now (CR 602.5b)? The
        player's permanents gone by now don't count."""
        cond = ab.effect.only_if
        if cond is None:
            return True
        source = self.perms[ab.perm] if ab.perm is not None else None
        if cond.player == "you":
            counts = [sum(1 for j, o in enumerate(self.perms) if status[j] != "X"
                          and self.view.matches(cond.permanent, o, source, self.active))]
        else:
            team = self.board.team_of(self.active)
            counts = [sum(1 for o in self.view.objects.values() if o.controller == p.name
                          and self.view.matches(cond.permanent, o, source, self.active))
                      for p in self.board.players if p.name not in team and not p.left_game]
        return any(n >= cond.at_least and (cond.at_most is None or n <= cond.at_most)
                   for n in counts)

    def _abilities(self) -> list[Ability]:
        """Every mana ability of a permanent the player controls (whose activated abilities
        can be activated) or of a card in hand."""
        out: list[Ability] = []
        for i, o in enumerate(self.perms):
            if o.id in self.silenced:
                continue
            for eff in o.effects:
                if isinstance(eff, ManaAbility) and not eff.from_hand:
                    n = (self.amount_now(Ability(eff, "", ManaCost(), (), perm=i),
                                         self.start().status)
                         if isinstance(eff.amount, XCount) else None)
                    out.append(Ability(eff, ability_text(eff, o.name), parse_cost(eff.mana_cost),
                                       alternatives(eff, o, n), perm=i))
        for h, name in enumerate(self.hand):
            card = self.catalog.get(name)
            for eff in card.effects:
                if isinstance(eff, ManaAbility) and eff.from_hand:
                    out.append(Ability(eff, ability_text(eff, card.name),
                                       parse_cost(eff.mana_cost), alternatives(eff, None),
                                       hand=h))
        return out

    def start(self) -> State:
        """Step 6 begins: attackers without vigilance are tapped, the pool is empty."""
        status = tuple("T" if o.tapped or self.tapped_by_attacking(o) else "U" for o in self.perms)
        return State(status, (), 0, tuple(0 for _ in self.hand))

    def key(self, s: State) -> tuple[Any, ...]:
        """States equal up to swapping interchangeable permanents share a key."""
        by_group: dict[int, list[str]] = {}
        for i, st in enumerate(s.status):
            by_group.setdefault(self.group[i], []).append(
                st + "*" * (i in s.once_used) + f"-{s.removals(i)}")
        return (tuple(sorted((g, tuple(sorted(v))) for g, v in by_group.items())),
                s.pool, s.life_paid, s.hand_used)

    def first_of_kind(self, s: State, i: int) -> bool:
        """Only the first of interchangeable permanents in the same status acts."""
        return all(not (self.group[j] == self.group[i] and s.status[j] == s.status[i]
                        and (j in s.once_used) == (i in s.once_used)
                        and s.removals(j) == s.removals(i))
                   for j in range(i))

    def tap_choices(self, status: tuple[str, ...]) -> list[int]:
        """Creatures that can be tapped for "tap an untapped creature": untapped now, not
        declared as attackers (summoning sickness doesn't matter)."""
        return [j for j, o in enumerate(self.perms)
                if o.is_creature and status[j] == "U" and o.id not in self.decl]
