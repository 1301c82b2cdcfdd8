"""Combat damage (SPEC §12; CR 510, 702.2, 702.4, 702.7, 702.15, 702.19): who assigns in
which combat damage step, whether a proposed assignment is legal, and what dealing it does.

The current rules apply: there is no damage assignment order, a blocked creature divides its
damage freely among its blockers (510.1c), and a trampler may assign to what it attacks only
once every blocker is assigned lethal damage (702.19b). Lethal is judged for the whole step:
marked damage plus everything assigned to the blocker in the step reaches its toughness, or a
deathtouch source assigns it at least 1 (702.2c).

``first`` names the first combat damage step of the phase: the first-strike step when any
creature in combat has first strike or double strike, otherwise the only (regular) step.
``regular`` names the regular step; checked on a board alone, the board is taken as the state
as that step begins, with the creatures' keywords unchanged since the first step.
:func:`mtgcombat.damage_solve.resolve_combat` plays both steps.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from mtgcombat.board.characteristics import Obj, View
from mtgcombat.board.model import Board, Permanent
from mtgcombat.errors import BoardError
from mtgcombat.rules.catalog import default_catalog
from mtgcombat.rules.colors import COLOR_WORDS

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

    def has(self, keyword: str) -> bool:
        """Does it have ``keyword`` now?"""
        return keyword in self.keywords

    @property
    def strikes_first(self) -> bool:
        """First strike or double strike (702.7b, 702.4b)."""
        return self.has("first strike") or self.has("double strike")

    def protected_from(self, source: Fighter) -> bool:
        """Protection from one of ``source``'s colours prevents its damage (702.16e)."""
        return any(f"protection from {w}" in self.keywords and c in source.colors
                   for w, c in COLOR_WORDS.items())


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

    @property
    def players(self) -> frozenset[str]:
        return frozenset(p.name for p in self.board.players)

    def blockers_of(self, attacker: str) -> tuple[str, ...]:
        """The blockers in combat blocking ``attacker``, in board order."""
        return tuple(b for b, atts in self.blocks.items() if attacker in atts)

    def target_open(self, attacker: str) -> bool:
        """Can what ``attacker`` attacks still be dealt its combat damage (506.4c)?"""
        target = self.attack[attacker]
        return target in self.players or (target in self.counters and target not in self.left)

    def is_attacker(self, cid: str) -> bool:
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


def _fighter(obj: Obj, perm: Permanent) -> Fighter:
    return Fighter(id=obj.id, label=obj.label(), controller=obj.controller,
                   power=obj.power or 0, toughness=obj.toughness or 0, marked=perm.damage,
                   keywords=obj.keywords, colors=obj.colors)


def _counter_value(board: Board, obj: Obj, index: int) -> int:
    """Loyalty of a planeswalker / defense of a battle (board value, else printed)."""
    perm = board.permanents[index]
    kind = "loyalty" if obj.is_planeswalker else "defense"
    value = perm.loyalty if kind == "loyalty" else perm.defense
    if value is None:
        value = perm.counters.get(kind)
    if value is None and perm.card is not None:
        card = default_catalog().get(perm.card)
        value = card.loyalty if kind == "loyalty" else card.defense
    if value is None:
        raise BoardError(f"{obj.label()} is attacked: it needs '{kind}' for the combat "
                         "damage step", path=f"$.permanents[{index}].{kind}")
    return value


def combat_at(board: Board) -> Combat:
    """The combat described by ``board`` (SPEC §12: ``attack``, ``blocks``,
    ``removed_from_combat``), as a combat damage step begins."""
    if board.attack is None:
        raise BoardError("the combat damage step needs an 'attack'", path="$.attack")
    view = View(board)
    index = {p.id: i for i, p in enumerate(board.permanents)}
    removed = set(board.removed_from_combat)

    def in_combat(cid: str) -> bool:
        obj = view.objects.get(cid)
        return obj is not None and obj.is_creature and cid not in removed

    declared = board.blocks or {}
    attack = {a: t for a, t in board.attack.items() if in_combat(a)}
    blocked = frozenset(a for v in declared.values() for a in ([v] if isinstance(v, str) else v))
    blocks = {b: tuple(a for a in ([v] if isinstance(v, str) else v) if a in attack)
              for b, v in declared.items() if in_combat(b) and b not in attack}
    fighters = {c: _fighter(view.objects[c], board.permanents[index[c]])
                for c in [*attack, *blocks]}
    counters: dict[str, int] = {}
    left: set[str] = set()
    for target in set(attack.values()):
        if target not in index:
            continue
        obj = view.objects.get(target)
        if obj is None or not (obj.is_planeswalker or obj.is_battle):
            left.add(target)
            continue
        counters[target] = _counter_value(board, obj, index[target])
        if target in removed or counters[target] <= 0:
            left.add(target)
    return Combat(board=board, fighters=fighters, attack=attack, blocked=blocked,
                  blocks=blocks, counters=counters, left=frozenset(left))


# -- what each creature may do ---------------------------------------------------------------


@dataclass(frozen=True)
class Options:
    """Where one assigning creature may put its combat damage."""

    creature: str
    power: int
    recipients: tuple[str, ...]
    blockers: tuple[str, ...] = ()
    """A blocked attacker's blockers in combat (each needs lethal before trample excess)."""
    trample_target: str | None = None
    """What a blocked trampler attacks, when it may receive excess damage (702.19b)."""
    rule: str = ""
    """The rule that decides where the damage goes, for explanations."""


def options(combat: Combat, cid: str) -> Options:
    """Where ``cid`` may assign its combat damage (510.1a-d, 702.19b-d, 506.4c)."""
    f = combat.fighters[cid]
    power = max(f.power, 0)
    if power == 0:
        return Options(cid, 0, (), rule="510.1a: power 0 or less assigns no combat damage")
    if not combat.is_attacker(cid):
        atts = combat.blocks.get(cid, ())
        if not atts:
            return Options(cid, power, (), rule="510.1d: it blocks no attacker still in combat")
        return Options(cid, power, atts,
                       rule="510.1d: a blocker assigns all its damage to the attackers it "
                            "blocks, divided as its controller chooses")
    target = combat.attack[cid]
    open_ = combat.target_open(cid)
    trample = f.has("trample")
    if cid not in combat.blocked:
        if not open_:
            return Options(cid, power, (), rule=f"506.4c: {target} left combat")
        return Options(cid, power, (target,),
                       rule=f"510.1b: unblocked, it assigns all its damage to {target}")
    blockers = combat.blockers_of(cid)
    if not blockers:
        if trample and open_:
            return Options(cid, power, (target,),
                           rule=f"702.19d: blocked with no blockers, trample assigns all its "
                                f"damage to {target}")
        return Options(cid, power, (), rule="510.1c: blocked with no creatures blocking it, "
                                            "it assigns no combat damage")
    tt = target if trample and open_ else None
    rule = ("510.1c, 702.19b: divided freely among its blockers; excess may go to "
            f"{target} only once every blocker is assigned lethal damage" if tt else
            "510.1c: divided freely among the creatures blocking it")
    return Options(cid, power, blockers + ((tt,) if tt else ()), blockers, tt, rule)


# -- legality of one step's assignment -------------------------------------------------------


def lethal_assigned(combat: Combat, assignment: Mapping[str, Mapping[str, int]],
                    blocker: str) -> bool:
    """Is ``blocker`` assigned lethal damage in this step (whole step, 702.19b, 702.2c)?"""
    f = combat.fighters[blocker]
    total = 0
    for src, split in assignment.items():
        amount = split.get(blocker, 0)
        total += amount
        if amount >= 1 and combat.fighters[src].has("deathtouch"):
            return True
    return f.marked + total >= f.toughness


def _creature_problem(combat: Combat, opt: Options, split: Mapping[str, int],
                      assignment: Mapping[str, Mapping[str, int]]) -> str | None:
    """Why ``split`` is not a legal assignment for ``opt.creature`` (None if it is)."""
    name = combat.label(opt.creature)
    for rid, amount in split.items():
        if amount < 0:
            return f"{name} can't assign a negative amount ({amount}) to {combat.label(rid)}"
        if amount > 0 and rid not in opt.recipients:
            where = ", ".join(combat.label(r) for r in opt.recipients) or "nothing"
            return (f"{name} can't assign damage to {combat.label(rid)} ({opt.rule}; "
                    f"it may assign to: {where})")
    total = sum(split.values())
    expected = opt.power if opt.recipients else 0
    if total != expected:
        if not opt.recipients:
            return f"{name} assigns no combat damage ({opt.rule}), got {total}"
        return (f"510.1a: {name} assigns combat damage equal to its power ({opt.power}), "
                f"got {total}")
    if opt.trample_target is not None and split.get(opt.trample_target, 0) > 0:
        for b in opt.blockers:
            if not lethal_assigned(combat, assignment, b):
                return (f"702.19b: {name} assigns {split[opt.trample_target]} to "
                        f"{opt.trample_target} but {combat.label(b)} is not assigned lethal "
                        "damage (toughness - marked damage - damage assigned by the others "
                        "in this step; any 1 from deathtouch is lethal)")
    return None


def compositions(total: int, parts: int) -> Iterable[tuple[int, ...]]:
    """Every way to write ``total`` as an ordered sum of ``parts`` non-negative integers."""
    if parts == 0:
        if total == 0:
            yield ()
        return
    if parts == 1:
        yield (total,)
        return
    for first in range(total, -1, -1):
        for rest in compositions(total - first, parts - 1):
            yield (first, *rest)


def choices(opt: Options) -> list[dict[str, int]]:
    """Every split of ``opt``'s damage among its recipients (zeros omitted)."""
    if not opt.recipients or opt.power == 0:
        return [{}]
    return [{r: n for r, n in zip(opt.recipients, c, strict=True) if n}
            for c in compositions(opt.power, len(opt.recipients))]


FILL_LIMIT = 200_000
"""At most this many joint completions are tried when filling in left-out creatures."""


def _problem(combat: Combat, opts: Mapping[str, Options], assignment: Assignment) -> str | None:
    for cid, opt in opts.items():
        why = _creature_problem(combat, opt, assignment.get(cid, {}), assignment)
        if why is not None:
            return why
    return None


def _fill(combat: Combat, opts: Mapping[str, Options],
          given: Assignment) -> tuple[Assignment | None, str]:
    """Complete ``given`` with the left-out creatures when exactly one completion is legal."""
    missing = [c for c in opts if c not in given]
    if not missing:
        return given, ""
    per = [choices(opts[c]) for c in missing]
    count = 1
    for p in per:
        count *= len(p)
    if count > FILL_LIMIT:
        names = ", ".join(combat.label(c) for c in missing)
        return None, f"give an assignment for {names}: too many possible divisions"
    found: list[Assignment] = []

    def walk(i: int, acc: Assignment) -> None:
        if len(found) > 1:
            return
        if i == len(missing):
            if _problem(combat, opts, acc) is None:
                found.append(dict(acc))
            return
        for split in per[i]:
            acc[missing[i]] = split
            walk(i + 1, acc)
        acc.pop(missing[i], None)

    walk(0, dict(given))
    if len(found) == 1:
        return found[0], ""
    names = ", ".join(combat.label(c) for c in missing)
    if not found:
        filled = dict(given)
        for c in missing:
            filled[c] = per[missing.index(c)][0]
        return None, (_problem(combat, opts, filled) or
                      f"no legal assignment completes the one given for {names}")
    return None, (f"{names} left out of the assignment, and more than one choice is legal "
                  "for it: give its division")


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
    view = View(board)
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
    nxt = combat_at(new)
    return Combat(board=new, fighters=nxt.fighters, attack=nxt.attack,
                  blocked=combat.blocked, blocks=nxt.blocks, counters=nxt.counters,
                  left=nxt.left | combat.left)


# -- the verdict -----------------------------------------------------------------------------


@dataclass(frozen=True)
class DamageVerdict:
    """Is a proposed combat damage assignment legal for one step? Why (not)? What it does."""

    legal: bool
    reason: str
    step: Step
    assignment: Assignment
    """The assignment as checked, with left-out creatures filled in where that was forced."""
    result: StepResult | None = None

    def __bool__(self) -> bool:
        return self.legal

    def to_json(self) -> dict[str, Any]:
        """SPEC §12's ``{"legal", "reason", "result"}`` plus ``step`` and ``assignment``."""
        return {"legal": self.legal, "reason": self.reason,
                "result": self.result.to_json() if self.result is not None else None,
                "step": self.step,
                "assignment": {c: dict(s) for c, s in self.assignment.items()}}


def _normalise(combat: Combat, assignment: Mapping[str, Mapping[str, int]]) -> Assignment:
    """Validate the ids in ``assignment`` (unknown ids are bad input) and drop zeros."""
    known = {p.id for p in combat.board.permanents} | combat.players
    out: Assignment = {}
    for cid, split in assignment.items():
        if cid not in known:
            raise BoardError(f"no permanent with id {cid!r} to assign combat damage",
                             path=f"assignment.{cid}")
        for rid, amount in split.items():
            if rid not in known:
                raise BoardError(f"no player or permanent called {rid!r}",
                                 path=f"assignment.{cid}.{rid}")
            if not isinstance(amount, int) or isinstance(amount, bool):
                raise BoardError(f"amount must be an integer, got {amount!r}",
                                 path=f"assignment.{cid}.{rid}")
        out[cid] = {r: n for r, n in split.items() if n != 0}
    return out


def check_damage(board: Board | Combat, assignment: Mapping[str, Mapping[str, int]],
                 step: Step = "first", *, before: Combat | None = None) -> DamageVerdict:
    """Is ``assignment`` a legal combat damage assignment for ``step`` on ``board``?

    A creature left out is filled in only when exactly one choice is legal for it. Unknown ids
    are bad input (:class:`BoardError`); an illegal assignment is a verdict naming the rule."""
    combat = board if isinstance(board, Combat) else combat_at(board)
    given = _normalise(combat, assignment)
    who = combat.assigners(step, before)
    for cid, split in given.items():
        if cid in who:
            continue
        if not split:
            continue
        name = combat.label(cid)
        if cid not in combat.fighters:
            why = f"{name} is not an attacking or blocking creature in combat (506.4)"
        else:
            why = (f"{name} assigns no combat damage in the {step} combat damage step "
                   f"(702.7b, 702.4b: {_strike_note(combat, cid, step)})")
        return DamageVerdict(False, why, step, given)
    given = {c: s for c, s in given.items() if c in who}
    opts = {c: options(combat, c) for c in who}
    full, why = _fill(combat, opts, given)
    if full is None:
        return DamageVerdict(False, why, step, given)
    problem = _problem(combat, opts, full)
    if problem is not None:
        return DamageVerdict(False, problem, step, full)
    ordered = {c: full[c] for c in who}
    return DamageVerdict(True, "legal: every creature assigns its power as 510.1 allows",
                         step, ordered, deal(combat, ordered, step))


def _strike_note(combat: Combat, cid: str, step: Step) -> str:
    if step == "first":
        return "only creatures with first strike or double strike assign in the first step"
    return "a creature with first strike and no double strike dealt its damage in the first step"


def parse_assign(items: Iterable[str]) -> Assignment:
    """``ATTACKER=TARGET:N,TARGET:N`` strings (the CLI's ``--assign``) as an assignment."""
    out: Assignment = {}
    for item in items:
        cid, sep, rest = item.partition("=")
        cid = cid.strip()
        if not sep or not cid:
            raise BoardError(f"expected ID=TARGET:N,TARGET:N, got {item!r}", path="--assign")
        if cid in out:
            raise BoardError(f"{cid!r} is given twice", path="--assign")
        split: dict[str, int] = {}
        for part in filter(None, (p.strip() for p in rest.split(","))):
            rid, colon, num = part.rpartition(":")
            try:
                amount = int(num)
            except ValueError:
                amount = -1
            if not colon or not rid or amount < 0:
                raise BoardError(f"expected TARGET:N with N >= 0, got {part!r} in {item!r}",
                                 path="--assign")
            split[rid] = split.get(rid, 0) + amount
        out[cid] = split
    return out
