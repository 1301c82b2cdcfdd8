"""What dealing a combat damage step's assignment does (CR 510.2, 120, 702.15 lifelink,
702.16e protection, 704.5f-h): damage events, life totals, loyalty/defense, marked damage,
destroyed creatures, and the combat as the next step begins.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from mtgcombat.board.characteristics import View
from mtgcombat.damage.combat import Assignment, Combat, Fighter, Step, combat_at


@dataclass(frozen=True)
class DamageEvent:
    """Combat damage from one source to one recipient; prevented by protection or not."""

    source: str
    recipient: str
    amount: int
    prevented: bool = False


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

    def to_json(self) -> dict[str, Any]:
        """The step as JSON: assignment, damage events, life, loyalty/defense, marks."""
        return {
            "step": self.step,
            "assignment": {c: dict(s) for c, s in self.assignment.items()},
            "damage": [{"source": e.source, "recipient": e.recipient, "amount": e.amount,
                        **({"prevented": True} if e.prevented else {})}
                       for e in self.events],
            "life": dict(self.life),
            "lifelink": dict(self.lifelink),
            "loyalty_defense": dict(self.counters),
            "marked_damage": dict(self.marked),
            "destroyed": list(self.destroyed),
            "player_damage": self.player_damage,
        }


def deal(combat: Combat, assignment: Mapping[str, Mapping[str, int]], step: Step) -> StepResult:
    """Deal a legal assignment all at once and apply the state-based actions (510.2, 704.5g-h)."""
    life_before = {p.name: p.life for p in combat.board.players}
    life = dict(life_before)
    counters = dict(combat.counters)
    marked = {c: f.marked for c, f in combat.fighters.items()}
    deathtouched: set[str] = set()
    lifelink: dict[str, int] = {}
    events: list[DamageEvent] = []
    player_damage = 0
    for src, split in assignment.items():
        s = combat.fighters[src]
        for rid, amount in split.items():
            if amount <= 0:
                continue
            r = combat.fighters.get(rid)
            prevented = r is not None and r.protected_from(s)
            events.append(DamageEvent(src, rid, amount, prevented))
            if prevented:
                continue
            if s.has("lifelink"):
                lifelink[s.controller] = lifelink.get(s.controller, 0) + amount
            if r is not None:
                marked[rid] += amount
                if s.has("deathtouch"):
                    deathtouched.add(rid)
            elif rid in life:
                life[rid] -= amount
                player_damage += amount
            elif rid in counters:
                counters[rid] = max(counters[rid] - amount, 0)
    for who, gain in lifelink.items():
        life[who] += gain
    destroyed = tuple(c for c, f in combat.fighters.items()
                      if _dies(f, marked[c], c in deathtouched))
    return StepResult(step=step, assignment={c: dict(s) for c, s in assignment.items()},
                      events=tuple(events), life=life, life_before=life_before,
                      counters=counters,
                      marked={c: m for c, m in marked.items() if c not in destroyed},
                      destroyed=destroyed, player_damage=player_damage, lifelink=lifelink)


def _dies(f: Fighter, marked: int, deathtouched: bool) -> bool:
    """704.5f-h: toughness 0 or less; lethal damage or deathtouch damage unless indestructible."""
    if f.toughness <= 0:
        return True
    if f.has("indestructible"):
        return False
    return marked >= f.toughness or deathtouched


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
        if p.id in result.counters:
            pw = p.id in view.objects and view.objects[p.id].is_planeswalker
            update["loyalty" if pw else "defense"] = result.counters[p.id]
        if p.attached_to in gone:
            update["attached_to"] = None
        perms.append(p.model_copy(update=update) if update else p)
    players = [p.model_copy(update={"life": result.life[p.name]}) for p in board.players]
    new = board.model_copy(update={"permanents": perms, "players": players})
    nxt = combat_at(new, combat.catalog, trigger=False)
    return Combat(board=new, fighters=nxt.fighters, attack=nxt.attack,
                  blocked=combat.blocked, blocks=nxt.blocks, counters=nxt.counters,
                  left=nxt.left | combat.left, catalog=combat.catalog,
                  silenced=combat.silenced & frozenset(nxt.attack))
