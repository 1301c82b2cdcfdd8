"""The payment plan (CR 508.1i-j / 509.1f-g): the mana abilities activated, then the total paid
all at once — mana, life, creatures tapped, permanents sacrificed or returned to hand.

Each step is a typed value with a fixed JSON form (:meth:`to_json`, read back by
:func:`step_from_json`), so every consumer reads the same fields.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self, get_args

from mtgcombat.payment.mana import Payment, Unit, mana_str
from mtgcombat.payment.resources import Activation, Resources
from mtgcombat.payment.total import Pick

Settlement = tuple[Payment, list[tuple[Pick, int]], list[int]]
"""Step 7: the mana payment, the permanent each pick takes, the creatures tapped."""


@dataclass(frozen=True)
class Activate:
    """Activate a mana ability of ``source``: a permanent's id, or the name of a card in hand
    (``from_hand``). ``paid``/``paid_life``: how its mana cost was paid; ``life``: life paid as
    its cost; ``sacrificed``: permanents sacrificed to it; ``tapped``: permanents tapped for
    its cost ("tap an untapped creature you control"); ``produced``: the mana it added."""

    action: ClassVar[str] = "activate"
    source: str
    from_hand: bool
    ability: str
    produced: str
    paid: str | None = None
    paid_life: int = 0
    life: int = 0
    sacrificed: tuple[str, ...] = ()
    tapped: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """``{"action": "activate", "permanent" | "card"+"from", "ability", ...}``."""
        out: dict[str, Any] = {"action": self.action}
        if self.from_hand:
            out["card"] = self.source
            out["from"] = "hand"
        else:
            out["permanent"] = self.source
        out["ability"] = self.ability
        if self.paid:
            out["paid"] = self.paid
        if self.paid_life:
            out["paid_life"] = self.paid_life
        if self.life:
            out["life"] = self.life
        if self.sacrificed:
            out["sacrificed"] = (self.sacrificed[0] if len(self.sacrificed) == 1
                                 else list(self.sacrificed))
        if self.tapped:
            out["tapped"] = list(self.tapped)
        out["produced"] = self.produced
        return out

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Activate:
        """The step whose :meth:`to_json` is ``d``."""
        from_hand = d.get("from") == "hand"
        sac = d.get("sacrificed", ())
        return cls(str(d["card"] if from_hand else d["permanent"]), from_hand, str(d["ability"]),
                   str(d["produced"]), d.get("paid"), int(d.get("paid_life", 0)),
                   int(d.get("life", 0)), (sac,) if isinstance(sac, str) else tuple(sac),
                   tuple(d.get("tapped", ())))


@dataclass(frozen=True)
class PayMana:
    """Pay the mana of the total: concrete mana (``{0}`` for a total of ``{0}``)."""

    action: ClassVar[str] = "pay_mana"
    mana: str

    def to_json(self) -> dict[str, Any]:
        """``{"action": "pay_mana", "mana": ...}``."""
        return {"action": self.action, "mana": self.mana}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> PayMana:
        """The step whose :meth:`to_json` is ``d``."""
        return cls(str(d["mana"]))


@dataclass(frozen=True)
class PayLife:
    """Pay life: the total's life plus 2 for each Phyrexian symbol paid with life."""

    action: ClassVar[str] = "pay_life"
    amount: int

    def to_json(self) -> dict[str, Any]:
        """``{"action": "pay_life", "amount": ...}``."""
        return {"action": self.action, "amount": self.amount}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> PayLife:
        """The step whose :meth:`to_json` is ``d``."""
        return cls(int(d["amount"]))


@dataclass(frozen=True)
class _PermanentStep:
    """A step done to one permanent, for the cost instance named by ``for_``."""

    action: ClassVar[str]
    permanent: str
    for_: str

    def to_json(self) -> dict[str, Any]:
        """``{"action": ..., "permanent": ..., "for": ...}``."""
        return {"action": self.action, "permanent": self.permanent, "for": self.for_}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Self:
        """The step whose :meth:`to_json` is ``d``."""
        return cls(str(d["permanent"]), str(d["for"]))


@dataclass(frozen=True)
class Tap(_PermanentStep):
    """Tap an untapped creature (Hollow Warrior's "tap an untapped creature you control")."""

    action: ClassVar[str] = "tap"


@dataclass(frozen=True)
class Sacrifice(_PermanentStep):
    """Sacrifice a permanent for a cost."""

    action: ClassVar[str] = "sacrifice"


@dataclass(frozen=True)
class ReturnToHand(_PermanentStep):
    """Return a permanent to its owner's hand for a cost."""

    action: ClassVar[str] = "return"


PlanStep = Activate | PayMana | PayLife | Tap | Sacrifice | ReturnToHand
"""One step of a payment plan."""

STEP_KINDS: dict[str, Callable[[Mapping[str, Any]], PlanStep]] = {
    cls.action: cls.from_json for cls in get_args(PlanStep)}
"""Each step's JSON ``action`` and how to read it back (derived from :data:`PlanStep`)."""


def step_from_json(d: Mapping[str, Any]) -> PlanStep:
    """The plan step whose :meth:`to_json` is ``d``; an unknown action is an error."""
    action = d.get("action")
    read = STEP_KINDS.get(str(action))
    if read is None:
        raise NotImplementedError(f"unknown payment plan step {action!r}")
    return read(d)


@dataclass(frozen=True)
class PaymentResult:
    """Whether a declaration's total cost can be paid (CR 508.1h-j), and how."""

    payable: bool
    total: str
    plan: list[PlanStep]
    unpaid: str | None
    attackers: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        """The result as JSON (the plan as a list of step objects)."""
        return {"payable": self.payable, "total": self.total,
                "plan": [s.to_json() for s in self.plan],
                "unpaid": self.unpaid, "attackers": list(self.attackers)}


def build_plan(res: Resources, acts: list[Activation],
               settled: Settlement) -> tuple[list[PlanStep], set[str]]:
    """The plan (activations, then the step-7 payments) and the permanents it removes."""
    got, picked, tapped = settled
    colors, used = _concrete_units(acts, got)
    plan: list[PlanStep] = []
    removed: set[str] = set()
    for n, act in enumerate(acts):
        if act.pre and not used[n]:
            continue
        step = _activation(res, act, mana_str(colors[n]))
        removed.update(step.sacrificed)
        plan.append(step)
    mana = res.total.mana
    # A total of {0} is paid as {0}; Phyrexian symbols paid with life are not mana.
    if got.colors() or (str(mana) and not mana.includes_mana):
        plan.append(PayMana(mana_str(got.colors()) or "{0}"))
    life = res.total.life + got.life
    if life:
        plan.append(PayLife(life))
    for j, label in zip(tapped, res.total.tap_for, strict=False):
        plan.append(Tap(res.perms[j].id, label))
    for pick, j in picked:
        pid = res.perms[j].id
        plan.append(Sacrifice(pid, pick.label) if pick.action == "sacrifice"
                    else ReturnToHand(pid, pick.label))
        removed.add(pid)
    return plan, removed


def _activation(res: Resources, act: Activation, produced: str) -> Activate:
    """The plan step of one mana ability activation."""
    ab = act.ability
    if ab.perm is not None:
        source, from_hand = res.perms[ab.perm].id, False
    else:
        assert ab.hand is not None
        source, from_hand = res.hand[ab.hand], True
    paid = act.paid
    sacrificed = [res.perms[j].id for j in act.sacrificed]
    if ab.effect.sacrifice_self and ab.perm is not None:
        sacrificed.append(res.perms[ab.perm].id)
    return Activate(source, from_hand, ab.text, produced,
                    paid=mana_str(paid.colors()) if paid is not None and paid.colors() else None,
                    paid_life=paid.life if paid is not None else 0,
                    life=ab.effect.life, sacrificed=tuple(sacrificed),
                    tapped=tuple(res.perms[j].id for j in act.tapped))


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
    """Mark the units ``paid`` spent with their concrete colours, oldest first."""
    for u, cs in paid.spent.items():
        queue = produced.get(u, [])
        for c in cs:
            if queue:
                n, k = queue.pop(0)
                out[n][k] = c
                used[n] = True
