"""Paying the costs to attack or block (CR 508.1g-j / 509.1d-g): the exact search.

After a declaration is chosen: the attackers without vigilance become tapped (CR 508.1f); the
total cost is the sum of the incurred cost instances and is locked in (CR 508.1h); only if that
total includes mana may mana abilities be activated (CR 508.1i); then everything is paid at
once, in any order (CR 508.1j).

Decisions:

* ``{0}`` does not "require mana" (CR 508.1i): a total of ``{0}`` (War Tax with X=0) skips
  the activation step, so no mana ability can be activated for it.
* Only mana abilities (:class:`~mtgcombat.rules.effects.ManaAbility`) can be activated; a
  creature's own ``{T}``/``{Q}`` abilities need it free of summoning sickness (or haste,
  CR 302.6).
* Sacrifice / return picks take distinct permanents the active player controls, matching the
  filter when paid. A permanent sacrificed to a mana ability is gone when the total is paid,
  but a permanent may tap for mana first. Tapping a creature for "tap an untapped creature"
  (Hollow Warrior) may precede sacrificing or returning it (costs are paid in any order;
  article question 4); the tapped creature is not a declared attacker, even a vigilant one.
* A mana ability's "tap an untapped creature you control" (Springleaf Drum) taps untapped
  permanents other than the declared creatures, as for a total's; summoning sickness doesn't
  matter there. An amount counted on the board (Cabal Coffers) is counted as the ability
  resolves, after its costs; the mana abilities of a permanent whose activated abilities
  can't be activated (Arrest) are not available (CR 602.5).
* The active player's mana pool is empty when the declaration starts (no board field says
  otherwise).

The activation step is decided exactly by a breadth-first search over its reachable states
(which permanents are untapped / tapped / gone, the mana pool, life paid, cards exiled from
hand, counters removed from permanents by mana abilities' costs): that is the rules' own
process, so a plan exists iff some reachable state can pay the total. Interchangeable
permanents (same characteristics, abilities and state) are merged;
abilities whose only cost is {T} of a permanent with no other mana ability are activated up
front when that can't hurt (a tapped land can still be sacrificed; unused mana is dropped from
the plan); the pool keeps at most enough units of each kind for the total plus one activation
of every ability with a mana cost, which bounds the search (only repeated {Q}/{T} loops could
need more). Breadth-first order returns a plan with few activations; among ways to pay mana,
the one spending the least life; declared attackers are sacrificed only when nothing else
will do.
"""

from __future__ import annotations

import itertools
from collections import Counter, deque
from collections.abc import Iterator, Mapping
from typing import Any

from mtgcombat.board.characteristics import Obj, View
from mtgcombat.board.model import Board
from mtgcombat.compile.instances import Instances
from mtgcombat.errors import SearchTooLarge
from mtgcombat.payment.mana import Payment, Pool, Unit, payments
from mtgcombat.payment.mana import pay as pay_mana
from mtgcombat.payment.matching import match
from mtgcombat.payment.plan import PaymentResult, PlanStep, Settlement, build_plan
from mtgcombat.payment.resources import (
    Ability,
    Activation,
    Resources,
    State,
    alternatives,
    counters_on,
    freeze_pool,
)
from mtgcombat.payment.total import Pick, TotalCost, merge_picks, total_cost, total_key
from mtgcombat.rules.catalog import Catalog
from mtgcombat.rules.effects import CostPick, CounterCount, XCount

__all__ = [
    "MAX_STATES",
    "PaymentResult",
    "PaymentSearchTooLarge",
    "PlanStep",
    "TotalCost",
    "pay",
    "total_cost",
    "total_key",
]

MAX_STATES = 200_000
"""Activation-step states explored before giving up (boards this large are outside the
design)."""

_Parents = dict[tuple[Any, ...], tuple[tuple[Any, ...] | None, Activation | None]]


class PaymentSearchTooLarge(SearchTooLarge):
    """The activation step has too many reachable states to decide payment exactly."""


class _Payer(Resources):
    """The payment problem of one declaration, with the search that decides it."""

    # -- up-front activations --------------------------------------------------------------

    def harmless(self, ab: Ability, total: TotalCost) -> bool:
        """Can activating ``ab`` at once never hurt? True when {T} is its only cost, it has a
        single outcome, it is its permanent's only mana ability, and the permanent isn't one
        that "tap an untapped creature" (a total's or an ability's cost) might need. (A tapped
        permanent can still be sacrificed or returned; unused mana is just lost; a count of
        permanents only shrinks as they leave, unless it counts tapped ones.)"""
        eff = ab.effect
        if (ab.perm is None or not eff.tap or eff.untap or eff.mana_cost or eff.life
                or eff.sacrifice_self or eff.sacrifice is not None
                or eff.tap_untapped is not None or len(ab.alternatives) != 1
                or eff.remove_counters is not None
                or eff.only_if is not None
                or (isinstance(eff.amount, XCount) and eff.amount.count.tapped is not None)):
            return False
        o = self.perms[ab.perm]
        if sum(1 for a in self.abilities if a.perm == ab.perm) != 1:
            return False
        if any(a.effect.tap_untapped is not None and self.view.matches(
                a.effect.tap_untapped.filter, o, self._source(a), self.active)
               for a in self.abilities):
            return False  # another ability may need it untapped to tap it for its cost
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
        return State(tuple(status), freeze_pool(pool, self.cap), 0, s.hand_used,
                     s.once_used), acts

    # -- activating mana abilities (CR 508.1i) ---------------------------------------------

    def moves(self, s: State) -> Iterator[tuple[State, Activation]]:
        """Every state one mana ability activation away from ``s``."""
        for ab in self.abilities:
            yield from self._activate(s, ab)

    def _use_permanent(self, s: State, ab: Ability,
                       status: list[str]) -> frozenset[int] | None:
        """Apply the {T}/{Q}/sacrifice-self costs of ``ab`` (a permanent's ability) to
        ``status``; the permanents whose once-each-turn ability is used, or ``None`` if it
        can't be activated."""
        eff = ab.effect
        assert ab.perm is not None
        i = ab.perm
        if status[i] == "X" or not self.first_of_kind(s, i):
            return None
        once_used = s.once_used
        if eff.once_per_turn:
            if i in once_used:
                return None
            once_used = once_used | {i}
        if (eff.tap or eff.untap) and not self.can_use_own_tap(self.perms[i]):
            return None
        if eff.tap and eff.untap:
            return None
        if eff.tap:
            if status[i] != "U":
                return None
            status[i] = "T"
        if eff.untap:
            if status[i] != "T":
                return None
            status[i] = "U"
        if eff.sacrifice_self:
            status[i] = "X"
        return once_used

    def _use_card(self, ab: Ability, hand_used: list[int]) -> bool:
        """Exile a card from hand for ``ab``: false if none of that card is left."""
        assert ab.hand is not None
        h = ab.hand
        if not ab.effect.from_hand or hand_used[h] >= self.hand_count[self.hand[h]]:
            return False
        hand_used[h] += 1
        return True

    def _activate(self, s: State, ab: Ability) -> Iterator[tuple[State, Activation]]:
        """Every state reached by activating ``ab`` once from ``s``."""
        eff = ab.effect
        if not self.may_activate(ab, s.status):
            return
        status = list(s.status)
        hand_used = list(s.hand_used)
        once_used: frozenset[int] | None = s.once_used
        if ab.perm is not None:
            once_used = self._use_permanent(s, ab, status)
        elif not self._use_card(ab, hand_used):
            return
        if once_used is None:
            return
        removed, alts = s.removed, ab.alternatives
        if ab.perm is not None and (eff.remove_counters is not None
                                    or isinstance(eff.amount, CounterCount)):
            got = self._remove_counters(s, ab, status)
            if got is None:
                return
            removed, alts = got
        emptied = (ab.perm,) if ab.perm is not None and status[ab.perm] == "X" and not (
            eff.sacrifice_self) else ()
        life_left = self.life_total - s.life_paid - eff.life
        if eff.life and life_left < 0:
            return
        source = self._source(ab)
        for tapped, sac in self._pick_choices(status, ab):
            after = list(status)
            for j in tapped:
                after[j] = "T"
            for j in sac:
                after[j] = "X"
            if isinstance(eff.amount, XCount):  # counted as the ability resolves
                alts = alternatives(eff, source, self.amount_now(ab, after))
            for left, paid in self._pay_ability(ab, s.pool_counter(), life_left):
                for units in alts:
                    pool: Pool = Counter(left)
                    pool.update(units)
                    nxt = State(tuple(after), freeze_pool(pool, self.cap),
                                s.life_paid + eff.life + (paid.life if paid else 0),
                                tuple(hand_used), once_used, removed)
                    yield nxt, Activation(ab, units, paid, sac + emptied, tapped=tapped)

    def _remove_counters(self, s: State, ab: Ability, status: list[str]) -> tuple[
            tuple[tuple[int, str, int], ...], tuple[tuple[Unit, ...], ...]] | None:
        """Remove the counters ``ab``'s cost removes from its permanent (all of them for "X"
        or "any number"; sacrificing it with ``sacrifice_when_empty`` if none are left):
        the counters removed by then and what the activation adds, counted from the
        counters on it before; ``None`` without enough counters."""
        eff = ab.effect
        assert ab.perm is not None
        i, o = ab.perm, self.perms[ab.perm]
        counted = eff.amount.counter if isinstance(eff.amount, CounterCount) else None
        before = s.removed_from(i, counted) if counted is not None else 0
        rc = eff.remove_counters
        if rc is None:
            return s.removed, alternatives(eff, o, removed=before)
        left = counters_on(o, rc.counter, s.removed_from(i, rc.counter))
        take = left if rc.count is None else rc.count
        if take > left:
            return None
        if eff.sacrifice_when_empty and take == left:
            status[i] = "X"
        gone = dict(((j, c), n) for j, c, n in s.removed)
        gone[(i, rc.counter)] = gone.get((i, rc.counter), 0) + take
        removed = tuple(sorted((j, c, n) for (j, c), n in gone.items()))
        return removed, alternatives(eff, o, removed=before)

    def _pay_ability(self, ab: Ability, pool: Pool,
                     life_left: int) -> Iterator[tuple[Pool, Payment | None]]:
        """Every way to pay the mana cost of ``ab`` from ``pool``."""
        if not ab.cost.includes_mana:
            yield pool, None
            return
        yield from payments(ab.cost, pool, life_left)

    def _source(self, ab: Ability) -> Obj | None:
        """The permanent whose ability ``ab`` is (None for a card in hand)."""
        return self.perms[ab.perm] if ab.perm is not None else None

    def _pick_choices(self, status: list[str],
                      ab: Ability) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
        """The ways to pick what an ability's cost taps ("tap an untapped creature you
        control": untapped now, not declared, any but the source if {T} tapped it) and
        sacrifices."""
        source = self._source(ab)
        pick = ab.effect.tap_untapped
        taps: Iterator[tuple[int, ...]] = iter([()])
        if pick is not None:
            fits = [j for j, o in enumerate(self.perms) if status[j] == "U"
                    and o.id not in self.decl
                    and self.view.matches(pick.filter, o, source, self.active)]
            taps = self._distinct(fits, pick.count, status)
        for tapped in taps:
            after = list(status)
            for j in tapped:
                after[j] = "T"
            for sac in self._sacrifice_choices(after, ab.effect.sacrifice, source):
                yield tapped, sac

    def _distinct(self, fits: list[int], count: int,
                  status: list[str]) -> Iterator[tuple[int, ...]]:
        """The combinations of ``count`` of ``fits``, one per kind of interchangeable
        permanents in the same status."""
        seen: set[tuple[tuple[int, str], ...]] = set()
        for combo in itertools.combinations(fits, count):
            kind = tuple(sorted((self.group[j], status[j]) for j in combo))
            if kind not in seen:
                seen.add(kind)
                yield combo

    def _sacrifice_choices(self, status: list[str], pick: CostPick | None,
                           source: Obj | None) -> Iterator[tuple[int, ...]]:
        """The distinct ways to pick the permanents an ability's cost sacrifices."""
        if pick is None:
            yield ()
            return
        fits = [j for j, o in enumerate(self.perms) if status[j] != "X"
                and self.view.matches(pick.filter, o, source, self.active)]
        # Plan preference only: keep declared attackers when something else will do.
        fits.sort(key=lambda j: self.perms[j].id in self.decl)
        yield from self._distinct(fits, pick.count, status)

    # -- paying the total (CR 508.1j) ------------------------------------------------------

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
            options = [[j for j, o in enumerate(self.perms) if status[j] != "X"
                        and not (spare_attackers and o.id in self.decl)
                        and self.view.matches(p.filter, o, p.source, self.active)]
                       for p in slots]
            owner = match(options, lambda _j: 1)
            if owner is not None:
                by_slot = {k: j for j, ks in owner.items() for k in ks}
                return [(slots[k], by_slot[k]) for k in range(len(slots))]
        return None

    # -- search ----------------------------------------------------------------------------

    def search(self, total: TotalCost) -> tuple[State, list[Activation]] | None:
        """A reachable state that can pay ``total``, with the activations leading to it.
        Mana abilities are activated only if ``total`` includes mana (CR 508.1i)."""
        mana_allowed = total.mana.includes_mana
        start, pre = self.pretapped(total)
        parent: _Parents = {self.key(start): (None, None)}
        queue: deque[State] = deque([start])
        while queue:
            s = queue.popleft()
            if self.settle(s, total) is not None:
                return s, pre + _path(parent, self.key(s))
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


def _path(parent: _Parents, k: tuple[Any, ...]) -> list[Activation]:
    """The activations leading from the start state to the state with key ``k``."""
    out: list[Activation] = []
    cur: tuple[Any, ...] | None = k
    while cur is not None:
        prev, act = parent[cur]
        if act is not None:
            out.append(act)
        cur = prev
    return out[::-1]


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
    plan, removed = build_plan(payer, acts, settled)
    attackers = tuple(c for c in declared if c not in removed)
    return PaymentResult(True, str(total), plan, None, attackers)


def _why_unpaid(payer: _Payer) -> str:
    """Which part of the total can't be paid, and why."""
    total = payer.total
    life = payer.life_total
    if total.life > max(life, 0):
        return (f"{total.life} life: you have {life} life, and you can't pay more life than "
                f"your life total (CR 119.4)")
    start = payer.start()
    for p in merge_picks(total.picks):
        fits = [o for o in payer.perms if payer.view.matches(p.filter, o, p.source, payer.active)]
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
