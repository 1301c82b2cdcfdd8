"""Legality of one combat damage step's assignment (CR 510.1, 702.2c, 702.19b-d, 506.4c):
where each assigning creature may put its damage, whether a proposed assignment is legal, and
filling in a creature left out when exactly one choice is legal for it.

The current rules apply: there is no damage assignment order, a blocked creature divides its
damage freely among its blockers (510.1c), and a trampler may assign to what it attacks only
once every blocker is assigned lethal damage (702.19b). Lethal is judged for the whole step:
marked damage plus everything assigned to the blocker in the step reaches its toughness, or a
deathtouch source assigns it at least 1 (702.2c).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from mtgcombat.board.model import Board
from mtgcombat.damage.combat import Assignment, Combat, Step, combat_at
from mtgcombat.damage.results import StepResult, deal
from mtgcombat.errors import NO_DEADLINE, BoardError, Deadline
from mtgcombat.rules.catalog import Catalog

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
    unblocked_target: str | None = None
    """What a blocked attacker attacks when it may assign all its damage there as though it
    weren't blocked (Thorn Elemental, 510.1c)."""
    beyond: str | None = None
    """Trample over planeswalkers: the attacked planeswalker's controller, who may be assigned
    what is left once the planeswalker is assigned damage equal to its loyalty (702.19c)."""
    walker: str | None = None
    """The attacked planeswalker still in combat whose loyalty ``beyond`` waits for."""


def options(combat: Combat, cid: str) -> Options:
    """Where ``cid`` may assign its combat damage (510.1a-d, 702.19b-d, 506.4c)."""
    f = combat.fighters[cid]
    power = max(f.power, 0)
    if power == 0:
        return Options(cid, 0, (), rule="510.1a: power 0 or less assigns no combat damage")
    if cid in combat.silenced:
        return Options(cid, 0, (), rule="unblocked, it attacked a player: its trigger set that "
                                        "player's life total to 1 and it assigns no combat "
                                        "damage this combat")
    if cid in combat.assigns_none:
        return Options(cid, 0, (), rule="an effect says it assigns no combat damage this turn")
    if not combat.is_attacker(cid):
        atts = combat.blocks.get(cid, ())
        if not atts:
            return Options(cid, power, (), rule="510.1d: it blocks no attacker still in combat")
        return Options(cid, power, atts,
                       rule="510.1d: a blocker assigns all its damage to the attackers it "
                            "blocks, divided as its controller chooses")
    target = combat.attack[cid]
    open_ = combat.target_open(cid)
    trample = f.has("trample") or f.has("trample over planeswalkers")
    if (f.has("trample over planeswalkers") and target in combat.walker_controllers
            and cid not in combat.as_unblocked):
        return _over_walkers(combat, cid, power)
    if cid not in combat.blocked:
        if not open_:
            return Options(cid, power, (), rule=f"506.4c: {target} left combat")
        return Options(cid, power, (target,),
                       rule=f"510.1b: unblocked, it assigns all its damage to {target}")
    blockers = combat.blockers_of(cid)
    if cid in combat.as_unblocked and open_:
        tt = target if trample else None
        return Options(cid, power, blockers + (target,), blockers, tt,
                       f"510.1c: it may assign all its damage to {target} as though it weren't "
                       "blocked, or divide it among its blockers"
                       + (" (excess to it once each is assigned lethal, 702.19b)" if tt else ""),
                       unblocked_target=target)
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


def _over_walkers(combat: Combat, cid: str, power: int) -> Options:
    """Where an attacker with trample over planeswalkers attacking a planeswalker may assign
    (702.19c-e): lethal to its blockers first, then the planeswalker, then once the
    planeswalker is assigned damage equal to its loyalty, that planeswalker's controller; with
    the planeswalker gone from combat, its controller as though it were attacked."""
    walker = combat.attack[cid]
    owner = combat.walker_controllers[walker]
    blockers = combat.blockers_of(cid) if cid in combat.blocked else ()
    if not combat.target_open(cid):
        rule = (f"702.19e: {walker} left combat; trample over planeswalkers assigns to its "
                f"controller {owner}")
        if not blockers:
            return Options(cid, power, (owner,), rule=rule)
        return Options(cid, power, (*blockers, owner), blockers, owner, rule)
    rule = (f"702.19c: trample over planeswalkers: lethal to each blocker, then {walker}, and "
            f"to {owner} only once {walker} is assigned damage equal to its loyalty")
    return Options(cid, power, (*blockers, walker, owner), blockers, walker, rule,
                   beyond=owner, walker=walker)


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
    if opt.unblocked_target is not None and (split == {opt.unblocked_target: opt.power}
                                             or (not opt.blockers and not split)):
        return None
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
        by = combat.fighters[opt.creature].assigns_by
        return (f"510.1a: {name} assigns combat damage equal to its {by} ({opt.power}), "
                f"got {total}")
    to_target = opt.unblocked_target or opt.trample_target
    if to_target is not None and split.get(to_target, 0) > 0 and opt.trample_target is None:
        return (f"510.1c: {name} assigns all its damage to {to_target} as though it weren't "
                "blocked, or all of it to its blockers")
    if opt.beyond is not None and split.get(opt.beyond, 0) > 0:
        on_walker = sum(s.get(opt.walker or "", 0) for s in assignment.values())
        loyalty = combat.counters.get(opt.walker or "", 0)
        if on_walker < loyalty:
            return (f"702.19c: {name} assigns {split[opt.beyond]} to {opt.beyond} but "
                    f"{opt.walker} is assigned {on_walker} (its loyalty is {loyalty}; damage "
                    "assigned by the others in this step counts)")
    over = split.get(opt.trample_target or "", 0) + split.get(opt.beyond or "", 0)
    if opt.trample_target is not None and over > 0:
        for b in opt.blockers:
            if not lethal_assigned(combat, assignment, b):
                return (f"702.19b: {name} assigns {over} past its blockers but "
                        f"{combat.label(b)} is not assigned lethal "
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
    if opt.unblocked_target is not None and not opt.blockers:
        return [{opt.unblocked_target: opt.power}, {}]
    return [{r: n for r, n in zip(opt.recipients, c, strict=True) if n}
            for c in compositions(opt.power, len(opt.recipients))]


FILL_LIMIT = 200_000
"""At most this many joint completions are tried when filling in left-out creatures."""
DEADLINE_EVERY = 1024
"""Completions tried between two looks at the deadline."""


def _problem(combat: Combat, opts: Mapping[str, Options], assignment: Assignment) -> str | None:
    """The first rule ``assignment`` breaks for a creature in ``opts`` (None: legal)."""
    for cid, opt in opts.items():
        why = _creature_problem(combat, opt, assignment.get(cid, {}), assignment)
        if why is not None:
            return why
    return None


def _fill(combat: Combat, opts: Mapping[str, Options], given: Assignment,
          deadline: Deadline = NO_DEADLINE) -> tuple[Assignment | None, str]:
    """Complete ``given`` with the left-out creatures when exactly one completion is legal
    (:class:`~mtgcombat.errors.TimeLimitReached` once ``deadline`` passes)."""
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
    tried = [0]

    def walk(i: int, acc: Assignment) -> None:
        """Try every completion of the creatures from ``missing[i]`` on; stop at two."""
        if len(found) > 1:
            return
        if i == len(missing):
            tried[0] += 1
            if tried[0] % DEADLINE_EVERY == 0:
                deadline.check()
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
    first: DamageVerdict | None = None
    """The first-strike step as played before this regular step (``--after-first``)."""

    def __bool__(self) -> bool:
        """Legal or not."""
        return self.legal

    def to_json(self) -> dict[str, Any]:
        """``{"legal", "reason", "result", "step", "assignment"}``."""
        return {"legal": self.legal, "reason": self.reason,
                "result": self.result.to_json() if self.result is not None else None,
                "step": self.step,
                "assignment": {c: dict(s) for c, s in self.assignment.items()},
                **({"first_step": self.first.to_json()} if self.first is not None else {})}


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
                 step: Step = "first", *, before: Combat | None = None,
                 catalog: Catalog | None = None,
                 deadline: Deadline | None = None) -> DamageVerdict:
    """Is ``assignment`` a legal combat damage assignment for ``step`` on ``board``?

    A creature left out is filled in only when exactly one choice is legal for it. Unknown ids
    are bad input (:class:`BoardError`); an illegal assignment is a verdict naming the rule.
    ``catalog`` (for a board): where printed values come from; None: the default catalog.
    Filling in left-out creatures stops with :class:`~mtgcombat.errors.TimeLimitReached` once
    ``deadline`` (default: none) has passed."""
    combat = board if isinstance(board, Combat) else combat_at(board, catalog)
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
    full, why = _fill(combat, opts, given, deadline or NO_DEADLINE)
    if full is None:
        return DamageVerdict(False, why, step, given)
    problem = _problem(combat, opts, full)
    if problem is not None:
        return DamageVerdict(False, problem, step, full)
    ordered = {c: full[c] for c in who}
    return DamageVerdict(True, "legal: every creature assigns its power as 510.1 allows",
                         step, ordered, deal(combat, ordered, step))


def _strike_note(combat: Combat, cid: str, step: Step) -> str:
    """Why ``cid`` assigns no damage in ``step``."""
    if step == "first":
        return "only creatures with first strike or double strike assign in the first step"
    return "a creature with first strike and no double strike dealt its damage in the first step"


def parse_assign(items: Iterable[str], option: str = "--assign") -> Assignment:
    """``ATTACKER=TARGET:N,TARGET:N`` strings (the CLI's ``--assign``, or ``option``) as an
    assignment."""
    out: Assignment = {}
    for item in items:
        cid, sep, rest = item.partition("=")
        cid = cid.strip()
        if not sep or not cid:
            raise BoardError(f"expected ID=TARGET:N,TARGET:N, got {item!r}", path=option)
        if cid in out:
            raise BoardError(f"{cid!r} is given twice", path=option)
        split: dict[str, int] = {}
        for part in filter(None, (p.strip() for p in rest.split(","))):
            rid, colon, num = part.rpartition(":")
            try:
                amount = int(num)
            except ValueError:
                amount = -1
            if not colon or not rid or amount < 0:
                raise BoardError(f"expected TARGET:N with N >= 0, got {part!r} in {item!r}",
                                 path=option)
            split[rid] = split.get(rid, 0) + amount
        out[cid] = split
    return out
