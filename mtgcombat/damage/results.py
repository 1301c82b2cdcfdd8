"""What dealing a combat damage step's assignment does (CR 510.2, 120, 702.15 lifelink,
702.16e protection, 704.5f-h): damage events, life totals, loyalty/defense, marked damage,
destroyed creatures, and the combat as the next step begins.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from mtgcombat.board.characteristics import View
from mtgcombat.board.model import Board, Permanent
from mtgcombat.damage.combat import Assignment, Combat, Fighter, Step, combat_at


@dataclass(frozen=True)
class DamageEvent:
    """Combat damage from one source to one recipient: the amount assigned and how much of it
    was prevented (protection, a fog or a prevention shield)."""

    source: str
    recipient: str
    amount: int
    prevented_amount: int = 0
    increased: int = 0
    """Damage dealt beyond what was left after prevention (Furnace of Rath doubling it)."""

    @property
    def prevented(self) -> bool:
        """Was all of it prevented?"""
        return self.prevented_amount >= self.amount

    @property
    def dealt(self) -> int:
        """The damage actually dealt."""
        return self.amount - self.prevented_amount + self.increased


@dataclass(frozen=True)
class StepResult:
    """What a combat damage step did (510.2, 120)."""

    step: Step
    assignment: Assignment
    events: tuple[DamageEvent, ...]
    life: dict[str, int]
    life_before: dict[str, int]
    counters: dict[str, int]
    """Loyalty / defense of attacked planeswalkers / battles after the step."""
    marked: dict[str, int]
    """Damage marked on each surviving attacker and blocker after the step."""
    destroyed: tuple[str, ...]
    player_damage: int
    lifelink: dict[str, int] = field(default_factory=dict)
    poison: dict[str, int] = field(default_factory=dict)
    """Poison counters each player got in the step (infect 702.90b, toxic 702.164c)."""
    minus_counters: dict[str, int] = field(default_factory=dict)
    """-1/-1 counters each creature got in the step (infect, wither: 702.90c, 702.80b)."""
    shields: dict[str, int] = field(default_factory=dict)
    """What prevention shields will still prevent after the step."""
    object_damage: int = 0
    """Loyalty and defense removed from planeswalkers and battles (120.3c, 120.3h)."""
    plus_counters_removed: dict[str, int] = field(default_factory=dict)
    """+1/+1 counters each creature lost as damage to it was prevented (Phantom Centaur)."""

    def to_json(self) -> dict[str, Any]:
        """The step as JSON: assignment, damage events, life, poison, counters, marks."""
        return {
            "step": self.step,
            "assignment": {c: dict(s) for c, s in self.assignment.items()},
            "damage": [{"source": e.source, "recipient": e.recipient, "amount": e.amount,
                        **({"prevented": True} if e.prevented else {}),
                        **({"prevented_amount": e.prevented_amount}
                           if 0 < e.prevented_amount < e.amount else {}),
                        **({"increased": e.increased} if e.increased else {})}
                       for e in self.events],
            "life": dict(self.life),
            "lifelink": dict(self.lifelink),
            "poison": dict(self.poison),
            "minus_counters": dict(self.minus_counters),
            "loyalty_defense": dict(self.counters),
            "marked_damage": dict(self.marked),
            "destroyed": list(self.destroyed),
            "player_damage": self.player_damage,
            "object_damage": self.object_damage,
            **({"plus_counters_removed": dict(self.plus_counters_removed)}
               if self.plus_counters_removed else {}),
        }


def _shield_rank(combat: Combat, src: str) -> int:
    """Which damage a shield takes first (see :mod:`~mtgcombat.damage.prevention`)."""
    f = combat.fighters[src]
    for rank, kw in enumerate(("deathtouch", "infect", "wither")):
        if f.has(kw):
            return rank
    return 3 if f.toxic else 4 if f.has("lifelink") else 5


def prevent(combat: Combat, assignment: Mapping[str, Mapping[str, int]],
            shields: dict[str, int]) -> list[DamageEvent]:
    """The step's damage events with what protection, fogs and ``shields`` (used up in
    place) prevent."""
    events: list[DamageEvent] = []
    for src, split in assignment.items():
        for rid, amount in split.items():
            if amount > 0:
                whole = combat.prevents(src, rid)
                part = min(amount, combat.reduction(src, rid))
                events.append(DamageEvent(src, rid, amount, amount if whole else part))
    order = sorted(range(len(events)), key=lambda i: _shield_rank(combat, events[i].source))
    for i in order:
        e = events[i]
        left = shields.get(e.recipient, 0)
        if left and e.dealt and combat.preventable(e.source):
            took = min(left, e.dealt)
            shields[e.recipient] = left - took
            events[i] = DamageEvent(e.source, e.recipient, e.amount, e.prevented_amount + took)
    for i, e in enumerate(events):  # prevention first, the least damage (CR 616.1)
        more = combat.increased(e.source, e.recipient, e.dealt) - e.dealt
        if more:
            events[i] = DamageEvent(e.source, e.recipient, e.amount, e.prevented_amount, more)
    return events


def deal(combat: Combat, assignment: Mapping[str, Mapping[str, int]], step: Step) -> StepResult:
    """Deal a legal assignment all at once and apply the state-based actions (510.2, 704.5f-h):
    infect and wither damage to a creature as -1/-1 counters, infect damage to a player as
    poison counters, toxic's poison in addition (702.80, 702.90, 702.164)."""
    life_before = {p.name: p.life for p in combat.board.players}
    life = dict(life_before)
    counters = dict(combat.counters)
    marked = {c: f.marked for c, f in combat.fighters.items()}
    minus: dict[str, int] = {}
    poison: dict[str, int] = {}
    deathtouched: set[str] = set()
    lifelink: dict[str, int] = {}
    shields = dict(combat.prevention.shields)
    events = prevent(combat, assignment, shields)
    player_damage = object_damage = 0
    for e in events:
        s, n = combat.fighters[e.source], e.dealt
        if n <= 0:
            continue
        if s.has("lifelink"):
            lifelink[s.controller] = lifelink.get(s.controller, 0) + n
        if e.recipient in combat.fighters:
            if s.has("infect") or s.has("wither"):
                minus[e.recipient] = minus.get(e.recipient, 0) + n
            else:
                marked[e.recipient] += n
            if s.has("deathtouch"):
                deathtouched.add(e.recipient)
        elif e.recipient in life:
            player_damage += n
            gets = (n if s.has("infect") else 0) + s.toxic
            if gets:
                poison[e.recipient] = poison.get(e.recipient, 0) + gets
            if not s.has("infect"):
                life[e.recipient] -= n
        elif e.recipient in counters:
            object_damage += min(n, counters[e.recipient])
            counters[e.recipient] = max(counters[e.recipient] - n, 0)
    for who, gain in lifelink.items():
        life[who] += gain
    life = _shared_life(combat.board, life_before, life)
    shed = _shed(combat, events)
    destroyed = tuple(c for c, f in combat.fighters.items()
                      if _dies(f, marked[c], c in deathtouched, minus.get(c, 0) + shed.get(c, 0)))
    return StepResult(step=step, assignment={c: dict(s) for c, s in assignment.items()},
                      events=tuple(events), life=life, life_before=life_before,
                      counters=counters,
                      marked={c: m for c, m in marked.items() if c not in destroyed},
                      destroyed=destroyed, player_damage=player_damage, lifelink=lifelink,
                      poison=poison, minus_counters=minus, shields=shields,
                      object_damage=object_damage, plus_counters_removed=shed)


def _shed(combat: Combat, events: list[DamageEvent]) -> dict[str, int]:
    """The +1/+1 counters each shedding creature loses (CR 615.12; Phantom Centaur's ruling:
    damage from several sources at once is one event, one counter): for the damage that
    would be dealt to it that nothing else prevents, one counter, or one per 1 damage
    (``that_many``), as many as it has."""
    out: dict[str, int] = {}
    have = {p.id: p.counters.get("+1/+1", 0) for p in combat.board.permanents}
    for rid, how in combat.prevention.shedding.items():
        hit = [e.amount - combat.reduction(e.source, rid) for e in events
               if e.recipient == rid and e.amount > combat.reduction(e.source, rid)
               and not combat.prevents(e.source, rid, shedding=False)]
        n = min(have.get(rid, 0), (1 if how == "one" else sum(hit)) if hit else 0)
        if n:
            out[rid] = n
    return out


def _shared_life(board: Board, before: Mapping[str, int],
                 life: dict[str, int]) -> dict[str, int]:
    """With teams, a life total is the team's (CR 810.9a): every life change to a teammate
    (damage, lifelink) changes the shared total, which each teammate then shows. Without
    teams, unchanged."""
    if board.teams is None:
        return life
    shared = dict(life)
    for team in board.teams:
        change = sum(life[p] - before[p] for p in team)
        for p in team:
            shared[p] = before[p] + change
    return shared


def _dies(f: Fighter, marked: int, deathtouched: bool, minus: int = 0) -> bool:
    """704.5f-h: toughness 0 or less (after the step's -1/-1 counters); lethal damage or
    deathtouch damage unless indestructible."""
    toughness = f.toughness - minus
    if toughness <= 0:
        return True
    if f.has("indestructible"):
        return False
    return marked >= toughness or deathtouched


def after(combat: Combat, result: StepResult) -> Combat:
    """The combat as the next step begins: damage marked, life and loyalty/defense changed,
    destroyed creatures gone (their granted abilities with them)."""
    board = combat.board
    view = View(board, combat.catalog)
    gone = set(result.destroyed)
    perms = []
    for p in board.permanents:
        if p.id in gone:
            continue
        update: dict[str, Any] = {}
        if p.id in result.marked:
            update["damage"] = result.marked[p.id]
        update.update(_with_counters(p, result.minus_counters.get(p.id, 0),
                                     result.plus_counters_removed.get(p.id, 0)))
        if p.id in result.counters:
            pw = p.id in view.objects and view.objects[p.id].is_planeswalker
            update["loyalty" if pw else "defense"] = result.counters[p.id]
        if p.attached_to in gone:
            update["attached_to"] = None
        perms.append(p.model_copy(update=update) if update else p)
    # Poison counters are the team's (CR 810.10): each teammate gets every one the team got.
    players = [p.model_copy(update={"life": result.life[p.name], **_poisoned(
        p, sum(result.poison.get(m, 0) for m in board.team_of(p.name)))})
               for p in board.players]
    new = board.model_copy(update={"permanents": perms, "players": players})
    nxt = combat_at(new, combat.catalog, trigger=False, bonuses=combat.bonuses,
                    counted_on=combat.counted_on)
    return Combat(board=new, fighters=nxt.fighters, attack=nxt.attack,
                  blocked=combat.blocked, blocks=nxt.blocks, counters=nxt.counters,
                  left=nxt.left | combat.left, catalog=combat.catalog,
                  silenced=combat.silenced & frozenset(nxt.attack),
                  prevention=replace(nxt.prevention, shields=dict(result.shields),
                                     once=_once_left(combat, result)),
                  as_unblocked=nxt.as_unblocked, assigns_none=nxt.assigns_none,
                  walker_controllers={**combat.walker_controllers, **nxt.walker_controllers},
                  bonuses=combat.bonuses, counted_on=combat.counted_on)


def _once_left(combat: Combat, result: StepResult) -> dict[str, frozenset[str]]:
    """The "next time this source would deal damage" preventions the step didn't use up."""
    dealt = {(e.source, e.recipient) for e in result.events if e.amount > 0}
    return {r: frozenset(s for s in srcs if (s, r) not in dealt)
            for r, srcs in combat.prevention.once.items()}


def _with_counters(perm: Permanent, n: int, removed: int = 0) -> dict[str, Any]:
    """The update putting ``n`` -1/-1 counters on ``perm`` and removing ``removed`` +1/+1
    counters: on its counters, and on its board power/toughness when given (those are its
    final values, counters included)."""
    if not n and not removed:
        return {}
    counters = dict(perm.counters)
    if n:
        counters["-1/-1"] = counters.get("-1/-1", 0) + n
    if removed:
        counters["+1/+1"] = counters.get("+1/+1", 0) - removed
        if not counters["+1/+1"]:
            del counters["+1/+1"]
    out: dict[str, Any] = {"counters": counters}
    if perm.power is not None:
        out["power"] = perm.power - n - removed
    if perm.toughness is not None:
        out["toughness"] = perm.toughness - n - removed
    return out


def _poisoned(player: Any, more: int) -> dict[str, int]:
    """The update giving ``player`` ``more`` poison counters (when the board tracks them)."""
    if not more or not hasattr(player, "poison"):
        return {}
    return {"poison": player.poison + more}
