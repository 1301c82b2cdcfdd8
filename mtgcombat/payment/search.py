"""Paying the costs to attack (CR 508.1g-j; article steps 4-7; SPEC §8).

After a declaration is chosen: the attackers without vigilance become tapped (step 4); the
total cost is the sum of the incurred cost instances and is locked in (step 5); only if that
total includes mana may mana abilities be activated (step 6; CR 508.1i); then everything is paid
at once, in any order (step 7; CR 508.1j).

Decisions (documented in SPEC terms):

* ``{0}`` does not "require mana" (CR 508.1i): a total of ``{0}`` (War Tax with X=0) skips
  step 6, so no mana ability can be activated for it.
* Only mana abilities (:class:`~mtgcombat.effects.ManaAbility`) can be activated; a creature's
  own ``{T}``/``{Q}`` abilities need it free of summoning sickness (or haste, CR 302.6).
* Sacrifice / return picks take distinct permanents the active player controls, matching the
  filter when paid. A permanent sacrificed to a mana ability (step 6) is gone for step 7, but a
  permanent may tap for mana first. In step 7, tapping a creature for "tap an untapped creature"
  (Hollow Warrior) may precede sacrificing or returning it (costs are paid in any order;
  article question 4); the tapped creature is not a declared attacker, even a vigilant one, and
  is untapped after step 6.
* The active player's mana pool is empty when the declaration starts (no board field says
  otherwise).

Step 6 is decided exactly by a breadth-first search over its reachable states (which
permanents are untapped / tapped / gone, the mana pool, life paid, cards exiled from hand):
that is the rules' own process, so a plan exists iff some reachable state can pay the total.
Interchangeable permanents (same characteristics, abilities and state) are merged; abilities
whose only cost is {T} of a permanent with no other mana ability are activated up front when
that can't hurt (a tapped land can still be sacrificed; unused mana is dropped from the plan);
the pool keeps at most enough units of each kind for the total plus one activation of every
ability with a mana cost, which bounds the search (only repeated {Q}/{T} loops could need more).
Breadth-first order returns a plan with few activations; among ways to pay mana, the one
spending the least life; declared attackers are sacrificed only when nothing else will do.
"""

from __future__ import annotations

import itertools
from collections import Counter, deque
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from mtgcombat.board.characteristics import Obj, View
from mtgcombat.board.model import Board
from mtgcombat.compile.instances import CostInstance, Instances
from mtgcombat.errors import SearchTooLarge
from mtgcombat.payment.mana import (
    ANY,
    COLORS,
    ManaCost,
    Payment,
    Pool,
    Unit,
    mana_str,
    parse_cost,
    parse_produced,
    payments,
)
from mtgcombat.payment.mana import (
    pay as pay_mana,
)
from mtgcombat.rules.catalog import Catalog, default_catalog
from mtgcombat.rules.effects import CostPick, ManaAbility, Selector

MAX_STATES = 200_000
"""Step-6 states explored before giving up (boards this large are outside the design)."""


class PaymentSearchTooLarge(SearchTooLarge):
    """Step 6 has too many reachable states to decide payment exactly."""


# --- the locked-in total (step 5) -----------------------------------------------------------


@dataclass(frozen=True)
class Pick:
    """``count`` permanents matching ``filter`` to sacrifice or return, for one cost."""

    action: Literal["sacrifice", "return"]
    count: int
    filter: Selector
    source: Obj | None
    label: str

    def describe(self) -> str:
        verb = "sacrifice" if self.action == "sacrifice" else "return"
        return f"{verb} {self.count} {pick_words(self.filter)}"


@dataclass(frozen=True)
class TotalCost:
    """The total cost of a declaration: mana, life, picks and creatures to tap, added up."""

    mana: ManaCost = field(default_factory=ManaCost)
    life: int = 0
    picks: tuple[Pick, ...] = ()
    tap: int = 0
    tap_for: tuple[str, ...] = ()

    def __str__(self) -> str:
        parts: list[str] = []
        if str(self.mana):
            parts.append(str(self.mana))
        if self.life:
            parts.append(f"{self.life} life")
        parts.extend(p.describe() for p in _merge_picks(self.picks))
        if self.tap:
            parts.append(f"tap {self.tap} untapped creature(s)")
        return " + ".join(parts) or "no cost"


def _merge_picks(picks: tuple[Pick, ...]) -> list[Pick]:
    merged: dict[tuple[str, str], Pick] = {}
    for p in picks:
        key = (p.action, repr(p.filter))
        old = merged.get(key)
        merged[key] = p if old is None else Pick(p.action, old.count + p.count, p.filter,
                                                 p.source, old.label)
    return list(merged.values())


def pick_words(sel: Selector) -> str:
    """``land``, ``Island``, ``enchantment``, ``creature``, ``permanent``."""
    words = [*sel.subtypes_any, *[t.lower() for t in sel.types]]
    return "/".join(words) if words else "permanent"


def total_key(total: TotalCost) -> tuple[Any, ...]:
    """Equal for two totals that are paid the same way (labels aside): whether a total can be
    paid depends on this and on which creatures are declared, nothing else."""
    picks = tuple(sorted((p.action, p.count, repr(p.filter), p.source.id if p.source else "")
                         for p in total.picks))
    return (str(total.mana), total.life, picks, total.tap)


def total_cost(inst: Instances, committed: frozenset[int], view: View) -> TotalCost:
    """The locked-in total of the cost instances in ``committed`` (article step 5)."""
    mana = ManaCost()
    life = 0
    picks: list[Pick] = []
    tap = 0
    tap_for: list[str] = []
    for i in sorted(committed):
        ci: CostInstance = inst.costs[i]
        cost = ci.cost
        mana = mana + parse_cost(cost.mana)
        life += cost.life
        src = view.objects.get(ci.source.permanent or "")
        label = f"{ci.source} for {ci.creature}"
        picks.extend(Pick("sacrifice", p.count, p.filter, src, label) for p in cost.sacrifice)
        picks.extend(Pick("return", p.count, p.filter, src, label) for p in cost.return_to_hand)
        tap += cost.tap_untapped_creatures
        tap_for.extend([label] * cost.tap_untapped_creatures)
    return TotalCost(mana, life, tuple(picks), tap, tuple(tap_for))


# --- resources (step 6) ---------------------------------------------------------------------


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
    if eff.from_hand:
        parts.append(f"Exile {name} from your hand")
    amount = "" if eff.amount == 1 else f" ×{eff.amount}"
    return f"{', '.join(parts) or '{0}'}: Add {' or '.join(eff.produces)}{amount}"


def _alternatives(eff: ManaAbility, obj: Obj | None) -> tuple[tuple[Unit, ...], ...]:
    """What one activation can add. A choice among single mana is kept as one flexible unit
    (chosen when spent); with an amount above one each alternative is a fixed colour."""
    if eff.amount == "toughness":
        n = obj.toughness if obj is not None and obj.toughness is not None else 0
    elif eff.amount == "power":
        n = obj.power if obj is not None and obj.power is not None else 0
    else:
        n = eff.amount
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

    def pool_counter(self) -> Pool:
        return Counter(dict(self.pool))


def _freeze_pool(pool: Mapping[Unit, int], cap: int) -> tuple[tuple[Unit, int], ...]:
    return tuple(sorted(((u, min(n, cap)) for u, n in pool.items() if n > 0),
                        key=lambda un: sorted(un[0])))


Settlement = tuple[Payment, list[tuple[Pick, int]], list[int]]
"""Step 7: the mana payment, the permanent each pick takes, the creatures tapped."""


@dataclass
class Activation:
    """One activation on the way to a state (for the plan)."""

    ability: Ability
    units: tuple[Unit, ...]
    paid: Payment | None
    sacrificed: tuple[int, ...]
    pre: bool = False
    """Activated up front as harmless; left out of the plan if its mana isn't spent."""


class _Payer:
    """The payment problem of one declaration."""

    def __init__(self, board: Board, inst: Instances, decl: Mapping[str, str],
                 committed: frozenset[int], catalog: Catalog | None,
                 declared_tap: bool = True, view: View | None = None) -> None:
        self.board = board
        self.declared_tap = declared_tap
        self.view = view if view is not None else View(board, catalog)
        self.catalog = catalog or default_catalog()
        self.active = inst.active_player
        self.decl = dict(decl)
        self.total = total_cost(inst, committed, self.view)
        self.life_total = board.player(self.active).life
        self.perms: list[Obj] = [o for o in self.view.objects.values()
                                 if o.controller == self.active]
        self.group = self._groups()
        self.hand: list[str] = sorted(Counter(board.player(self.active).hand or []))
        self.hand_count = Counter(board.player(self.active).hand or [])
        self.abilities = self._abilities()
        # Enough of any one kind of mana for the total plus one activation of every ability
        # with a mana cost (more could matter only for repeated untap loops).
        ability_cost = sum(a.cost.mana_value for a in self.abilities)
        self.cap = max(1, self.total.mana.mana_value + ability_cost)

    # -- setup -----------------------------------------------------------------------------

    def tapped_by_attacking(self, o: Obj) -> bool:
        """Declared attackers without vigilance are tapped (CR 508.1f); blockers are not."""
        return self.declared_tap and o.id in self.decl and "vigilance" not in o.keywords

    def can_use_own_tap(self, o: Obj) -> bool:
        """A creature's own {T}/{Q} abilities need it free of summoning sickness (CR 302.6)."""
        return not (o.is_creature and o.summoning_sick and "haste" not in o.keywords)

    def _groups(self) -> list[int]:
        keys: dict[tuple[Any, ...], int] = {}
        out: list[int] = []
        for o in self.perms:
            key = (o.name, o.card, self.view.effects_key(o), o.types, o.subtypes, o.colors,
                   o.keywords, o.power, o.toughness, tuple(sorted(o.counters.items())), o.tapped,
                   o.summoning_sick, o.id in self.decl, o.attached_to)
            out.append(keys.setdefault(key, len(keys)))
        return out

    def _abilities(self) -> list[Ability]:
        out: list[Ability] = []
        for i, o in enumerate(self.perms):
            for eff in o.effects:
                if isinstance(eff, ManaAbility) and not eff.from_hand:
                    out.append(Ability(eff, ability_text(eff, o.name), parse_cost(eff.mana_cost),
                                       _alternatives(eff, o), perm=i))
        for h, name in enumerate(self.hand):
            card = self.catalog.get(name)
            for eff in card.effects:
                if isinstance(eff, ManaAbility) and eff.from_hand:
                    out.append(Ability(eff, ability_text(eff, card.name),
                                       parse_cost(eff.mana_cost), _alternatives(eff, None),
                                       hand=h))
        return out

    def start(self) -> State:
        """Step 6 begins: attackers without vigilance are tapped, the pool is empty."""
        status = tuple("T" if o.tapped or self.tapped_by_attacking(o) else "U" for o in self.perms)
        return State(status, (), 0, tuple(0 for _ in self.hand))

    def harmless(self, ab: Ability, total: TotalCost) -> bool:
        """Can activating ``ab`` at once never hurt? True when {T} is its only cost, it has a
        single outcome, it is its permanent's only mana ability, and the permanent isn't a
        creature that "tap an untapped creature" might need. (A tapped permanent can still be
        sacrificed or returned; unused mana is just lost.)"""
        eff = ab.effect
        if (ab.perm is None or not eff.tap or eff.untap or eff.mana_cost or eff.life
                or eff.sacrifice_self or eff.sacrifice is not None
                or len(ab.alternatives) != 1):
            return False
        o = self.perms[ab.perm]
        if sum(1 for a in self.abilities if a.perm == ab.perm) != 1:
            return False
        if not self.can_use_own_tap(o):
            return False
        return not (o.is_creature and total.tap and o.id not in self.decl)

    def pretapped(self, total: TotalCost) -> tuple[State, list[Activation]]:
        """The start state with every harmless ability already activated (only when
        ``total`` includes mana), and those activations."""
        s = self.start()
        if not total.mana.includes_mana:
            return s, []
        status = list(s.status)
        pool: Pool = Counter()
        acts: list[Activation] = []
        for ab in self.abilities:
            if ab.perm is not None and status[ab.perm] == "U" and self.harmless(ab, total):
                status[ab.perm] = "T"
                pool.update(ab.alternatives[0])
                acts.append(Activation(ab, ab.alternatives[0], None, (), pre=True))
        return State(tuple(status), _freeze_pool(pool, self.cap), 0, s.hand_used,
                     s.once_used), acts

    def key(self, s: State) -> tuple[Any, ...]:
        """States equal up to swapping interchangeable permanents share a key."""
        by_group: dict[int, list[str]] = {}
        for i, st in enumerate(s.status):
            by_group.setdefault(self.group[i], []).append(st + "*" * (i in s.once_used))
        return (tuple(sorted((g, tuple(sorted(v))) for g, v in by_group.items())),
                s.pool, s.life_paid, s.hand_used)

    # -- step 6 ----------------------------------------------------------------------------

    def moves(self, s: State) -> Iterator[tuple[State, Activation]]:
        """Every state one mana ability activation away from ``s``."""
        for ab in self.abilities:
            yield from self._activate(s, ab)

    def _activate(self, s: State, ab: Ability) -> Iterator[tuple[State, Activation]]:
        eff = ab.effect
        status = list(s.status)
        hand_used = list(s.hand_used)
        once_used = s.once_used
        if ab.perm is not None:
            i = ab.perm
            o = self.perms[i]
            if status[i] == "X" or not self._first_of_kind(s, i):
                return
            if eff.once_per_turn:
                if i in once_used:
                    return
                once_used = once_used | {i}
            if (eff.tap or eff.untap) and not self.can_use_own_tap(o):
                return
            if eff.tap and eff.untap:
                return
            if eff.tap:
                if status[i] != "U":
                    return
                status[i] = "T"
            if eff.untap:
                if status[i] != "T":
                    return
                status[i] = "U"
            if eff.sacrifice_self:
                status[i] = "X"
        else:
            assert ab.hand is not None
            h = ab.hand
            if not eff.from_hand or hand_used[h] >= self.hand_count[self.hand[h]]:
                return
            hand_used[h] += 1
        life_left = self.life_total - s.life_paid - eff.life
        if eff.life and life_left < 0:
            return
        source = self.perms[ab.perm] if ab.perm is not None else None
        for sac in self._sacrifice_choices(status, eff.sacrifice, source):
            after = list(status)
            for j in sac:
                after[j] = "X"
            for left, paid in self._pay_ability(ab, s.pool_counter(), life_left):
                for units in ab.alternatives:
                    pool: Pool = Counter(left)
                    pool.update(units)
                    nxt = State(tuple(after), _freeze_pool(pool, self.cap),
                                s.life_paid + eff.life + (paid.life if paid else 0),
                                tuple(hand_used), once_used)
                    yield nxt, Activation(ab, units, paid, sac)

    def _first_of_kind(self, s: State, i: int) -> bool:
        """Only the first of interchangeable permanents in the same status acts."""
        return all(not (self.group[j] == self.group[i] and s.status[j] == s.status[i]
                        and (j in s.once_used) == (i in s.once_used))
                   for j in range(i))

    def _pay_ability(self, ab: Ability, pool: Pool,
                     life_left: int) -> Iterator[tuple[Pool, Payment | None]]:
        if not ab.cost.includes_mana:
            yield pool, None
            return
        yield from payments(ab.cost, pool, life_left)

    def _sacrifice_choices(self, status: list[str], pick: CostPick | None,
                           source: Obj | None) -> Iterator[tuple[int, ...]]:
        if pick is None:
            yield ()
            return
        fits = [j for j, o in enumerate(self.perms) if status[j] != "X"
                and self.view.matches(pick.filter, o, source, self.active)]
        # Plan preference only: keep declared attackers when something else will do.
        fits.sort(key=lambda j: self.perms[j].id in self.decl)
        seen: set[tuple[tuple[int, str], ...]] = set()
        for combo in itertools.combinations(fits, pick.count):
            kind = tuple(sorted((self.group[j], status[j]) for j in combo))
            if kind not in seen:
                seen.add(kind)
                yield combo

    # -- step 7 ----------------------------------------------------------------------------

    def settle(self, s: State, total: TotalCost) -> Settlement | None:
        """How to pay ``total`` in state ``s``: the mana payment, the permanent taken by each
        pick and the creatures tapped; ``None`` if it can't be paid."""
        life_left = self.life_total - s.life_paid - total.life
        if life_left < 0:
            return None
        got = pay_mana(total.mana, s.pool_counter(), life_left)
        if got is None:
            return None
        picked = self.match_picks(s.status, total)
        if picked is None:
            return None
        tapped = self.tap_choices(s.status)
        if len(tapped) < total.tap:
            return None
        return got, picked, tapped[: total.tap]

    def match_picks(self, status: tuple[str, ...],
                    total: TotalCost) -> list[tuple[Pick, int]] | None:
        """Distinct permanents for every sacrifice / return pick (declared attackers only if
        needed), or ``None``."""
        slots = [p for p in total.picks for _ in range(p.count)]
        if not slots:
            return []
        for spare_attackers in (True, False):
            got = self._match(slots, status, spare_attackers)
            if got is not None:
                return got
        return None

    def _match(self, slots: list[Pick], status: tuple[str, ...],
               spare_attackers: bool) -> list[tuple[Pick, int]] | None:
        options = [[j for j, o in enumerate(self.perms) if status[j] != "X"
                    and not (spare_attackers and o.id in self.decl)
                    and self.view.matches(p.filter, o, p.source, self.active)] for p in slots]
        owner: dict[int, int] = {}

        def augment(k: int, seen: set[int]) -> bool:
            for j in options[k]:
                if j in seen:
                    continue
                seen.add(j)
                if j not in owner or augment(owner[j], seen):
                    owner[j] = k
                    return True
            return False

        for k in range(len(slots)):
            if not augment(k, set()):
                return None
        by_slot = {k: j for j, k in owner.items()}
        return [(slots[k], by_slot[k]) for k in range(len(slots))]

    def tap_choices(self, status: tuple[str, ...]) -> list[int]:
        """Creatures that can be tapped for "tap an untapped creature": untapped now, not
        declared as attackers (summoning sickness doesn't matter)."""
        return [j for j, o in enumerate(self.perms)
                if o.is_creature and status[j] == "U" and o.id not in self.decl]

    # -- search ----------------------------------------------------------------------------

    def search(self, total: TotalCost) -> tuple[State, list[Activation]] | None:
        """A reachable state that can pay ``total``, with the activations leading to it.
        Mana abilities are activated only if ``total`` includes mana (CR 508.1i)."""
        mana_allowed = total.mana.includes_mana
        start, pre = self.pretapped(total)
        parent: dict[tuple[Any, ...], tuple[tuple[Any, ...] | None, Activation | None]] = {
            self.key(start): (None, None)}
        queue: deque[State] = deque([start])
        while queue:
            s = queue.popleft()
            if self.settle(s, total) is not None:
                return s, pre + self._path(parent, self.key(s))
            if not mana_allowed:
                continue
            for nxt, act in self.moves(s):
                k = self.key(nxt)
                if k in parent:
                    continue
                if len(parent) >= MAX_STATES:
                    raise PaymentSearchTooLarge(
                        f"more than {MAX_STATES} step-6 states; board too large to decide")
                parent[k] = (self.key(s), act)
                queue.append(nxt)
        return None

    @staticmethod
    def _path(parent: Mapping[tuple[Any, ...], tuple[tuple[Any, ...] | None, Activation | None]],
              k: tuple[Any, ...]) -> list[Activation]:
        out: list[Activation] = []
        cur: tuple[Any, ...] | None = k
        while cur is not None:
            prev, act = parent[cur]
            if act is not None:
                out.append(act)
            cur = prev
        return out[::-1]


# --- the result -----------------------------------------------------------------------------


@dataclass(frozen=True)
class PaymentResult:
    """Whether a declaration's total cost can be paid (CR 508.1h-j), and how."""

    payable: bool
    total: str
    plan: list[dict[str, Any]]
    unpaid: str | None
    attackers: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"payable": self.payable, "total": self.total, "plan": self.plan,
                "unpaid": self.unpaid, "attackers": list(self.attackers)}


def pay(board: Board, inst: Instances, decl: Mapping[str, str], committed: frozenset[int],
        catalog: Catalog | None = None, *, declared_tap: bool = True,
        view: View | None = None) -> PaymentResult:
    """Can ``inst.active_player`` (the declaring player) pay the total of the cost instances in
    ``committed`` after declaring ``decl`` (its keys are the declared creatures)? One concrete
    plan if so, the part that can't be paid if not. ``declared_tap``: declared creatures become
    tapped first (attackers without vigilance, CR 508.1f; not blockers, CR 509.1). ``view``: the
    board's :class:`View`, if the caller already has it (it is only read)."""
    payer = _Payer(board, inst, decl, committed, catalog, declared_tap, view)
    total = payer.total
    found = payer.search(total)
    declared = tuple(decl)
    if found is None:
        return PaymentResult(False, str(total), [], _why_unpaid(payer), declared)
    state, acts = found
    settled = payer.settle(state, total)
    assert settled is not None
    plan, removed = _plan(payer, acts, settled)
    attackers = tuple(c for c in declared if c not in removed)
    return PaymentResult(True, str(total), plan, None, attackers)


def _plan(payer: _Payer, acts: list[Activation],
          settled: Settlement) -> tuple[list[dict[str, Any]], set[str]]:
    """The JSON plan (activations, then the step-7 payments) and the permanents removed."""
    got, picked, tapped = settled
    colors, used = _concrete_units(acts, got)
    plan: list[dict[str, Any]] = []
    removed: set[str] = set()
    for n, act in enumerate(acts):
        if act.pre and not used[n]:
            continue
        ab = act.ability
        step: dict[str, Any] = {"action": "activate"}
        if ab.perm is not None:
            step["permanent"] = payer.perms[ab.perm].id
        else:
            assert ab.hand is not None
            step["card"] = payer.hand[ab.hand]
            step["from"] = "hand"
        step["ability"] = ab.text
        if act.paid is not None and act.paid.colors():
            step["paid"] = mana_str(act.paid.colors())
        if act.paid is not None and act.paid.life:
            step["paid_life"] = act.paid.life
        if ab.effect.life:
            step["life"] = ab.effect.life
        sacrificed = [payer.perms[j].id for j in act.sacrificed]
        if ab.effect.sacrifice_self and ab.perm is not None:
            sacrificed.append(payer.perms[ab.perm].id)
        if sacrificed:
            step["sacrificed"] = sacrificed[0] if len(sacrificed) == 1 else sacrificed
            removed.update(sacrificed)
        step["produced"] = mana_str(colors[n])
        plan.append(step)
    if got.colors() or str(payer.total.mana):
        plan.append({"action": "pay_mana", "mana": mana_str(got.colors()) or "{0}"})
    life = payer.total.life + got.life
    if life:
        plan.append({"action": "pay_life", "amount": life})
    for j, label in zip(tapped, payer.total.tap_for, strict=False):
        plan.append({"action": "tap", "permanent": payer.perms[j].id, "for": label})
    for pick, j in picked:
        pid = payer.perms[j].id
        plan.append({"action": pick.action, "permanent": pid, "for": pick.label})
        removed.add(pid)
    return plan, removed


def _concrete_units(acts: list[Activation],
                    final: Payment) -> tuple[list[list[str]], list[bool]]:
    """A concrete colour for every unit each activation added, consistent with how the units
    were spent (first produced, first spent, per kind of unit), and whether any of an
    activation's mana was spent."""
    produced: dict[Unit, list[tuple[int, int]]] = {}
    out: list[list[str]] = []
    used = [False] * len(acts)
    for n, act in enumerate(acts):
        if act.paid is not None:
            _spend(produced, act.paid, out, used)
        out.append([])
        for u in act.units:
            produced.setdefault(u, []).append((n, len(out[n])))
            out[n].append(min(u, key=lambda c: ("WUBRGC".index(c))))
    _spend(produced, final, out, used)
    return out, used


def _spend(produced: dict[Unit, list[tuple[int, int]]], paid: Payment,
           out: list[list[str]], used: list[bool]) -> None:
    for u, cs in paid.spent.items():
        queue = produced.get(u, [])
        for c in cs:
            if queue:
                n, k = queue.pop(0)
                out[n][k] = c
                used[n] = True


def _why_unpaid(payer: _Payer) -> str:
    """Which part of the total can't be paid, and why."""
    total = payer.total
    life = payer.life_total
    if total.life > max(life, 0):
        return (f"{total.life} life: you have {life} life, and you can't pay more life than "
                f"your life total (CR 119.4)")
    start = payer.start()
    for p in _merge_picks(total.picks):
        fits = [o for j, o in enumerate(payer.perms)
                if payer.view.matches(p.filter, o, p.source, payer.active)]
        if len(fits) < p.count:
            return (f"{p.describe()}: you control only {len(fits)} matching permanent(s)")
    if payer.match_picks(start.status, total) is None:
        return "sacrifice/return: not enough distinct permanents for every pick"
    free = payer.tap_choices(start.status)
    if len(free) < total.tap:
        return (f"tap {total.tap} untapped creature(s): you control {len(free)} untapped "
                f"creature(s) not declared as attackers")
    if payer.search(TotalCost(total.mana)) is None:
        phyrexian = sum(1 for p in total.mana.pips if p.life)
        life_note = (f"; Phyrexian mana costs 2 life each instead, and you have {life} life"
                     if phyrexian else "")
        return (f"{total.mana}: the mana abilities you can activate can't produce it "
                f"(only mana abilities count, CR 605; tapped attackers can't pay {{T}})"
                f"{life_note}")
    return f"{total}: the parts can't all be paid together"
