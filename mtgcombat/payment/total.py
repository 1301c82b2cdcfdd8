"""The locked-in total cost of a declaration (CR 508.1h / 509.1e): the costs of every
incurred cost instance added up — mana, life, sacrifice / return picks and creatures to tap."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from mtgcombat.board.characteristics import Obj, View
from mtgcombat.compile.instances import Instances
from mtgcombat.payment.mana import ManaCost, parse_cost
from mtgcombat.rules.effects import Selector
from mtgcombat.rules.wording import pick_words

PickAction = Literal["sacrifice", "return"]


@dataclass(frozen=True)
class Pick:
    """``count`` permanents matching ``filter`` to sacrifice or return, for one cost.
    ``source``: the permanent whose effect imposes the cost (what "another" is relative to)."""

    action: PickAction
    count: int
    filter: Selector
    source: Obj | None
    label: str

    def describe(self) -> str:
        """``sacrifice 2 Island``, ``return 1 enchantment``."""
        return f"{self.action} {self.count} {pick_words(self.filter)}"


@dataclass(frozen=True)
class TotalCost:
    """The total cost of a declaration: mana, life, picks and creatures to tap, added up.
    ``tap_for`` names, for each creature to tap, the cost instance it pays."""

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
        parts.extend(p.describe() for p in merge_picks(self.picks))
        if self.tap:
            parts.append(f"tap {self.tap} untapped creature(s)")
        return " + ".join(parts) or "no cost"


def merge_picks(picks: tuple[Pick, ...]) -> list[Pick]:
    """The picks with the same action and filter added together (for wording)."""
    merged: dict[tuple[str, str], Pick] = {}
    for p in picks:
        key = (p.action, repr(p.filter))
        old = merged.get(key)
        merged[key] = p if old is None else Pick(p.action, old.count + p.count, p.filter,
                                                 p.source, old.label)
    return list(merged.values())


def total_key(total: TotalCost) -> tuple[Any, ...]:
    """Equal for two totals that are paid the same way (labels aside): whether a total can be
    paid depends on this and on which creatures are declared, nothing else."""
    picks = tuple(sorted((p.action, p.count, repr(p.filter), p.source.id if p.source else "")
                         for p in total.picks))
    return (str(total.mana), total.life, picks, total.tap)


def total_cost(inst: Instances, committed: frozenset[int], view: View) -> TotalCost:
    """The locked-in total of the cost instances in ``committed`` (CR 508.1h)."""
    mana = ManaCost()
    life = 0
    picks: list[Pick] = []
    tap = 0
    tap_for: list[str] = []
    for i in sorted(committed):
        ci = inst.costs[i]
        cost = ci.cost
        mana = mana + parse_cost(cost.mana)
        life += cost.life
        src = view.objects.get(ci.imposed_by) if ci.imposed_by is not None else None
        label = f"{ci.source} for {ci.creature}"
        picks.extend(Pick("sacrifice", p.count, p.filter, src, label) for p in cost.sacrifice)
        picks.extend(Pick("return", p.count, p.filter, src, label) for p in cost.return_to_hand)
        tap += cost.tap_untapped_creatures
        tap_for.extend([label] * cost.tap_untapped_creatures)
    return TotalCost(mana, life, tuple(picks), tap, tuple(tap_for))
