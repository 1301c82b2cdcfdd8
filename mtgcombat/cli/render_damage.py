"""Rich renderings of combat damage (CR 510): one step's verdict, a whole combat."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from mtgcombat.damage.assignment import DamageVerdict
from mtgcombat.damage.resolve import CombatResult
from mtgcombat.damage.results import StepResult
from mtgcombat.views.text import safe

STEP_TITLES = {"first": "First combat damage step", "regular": "Regular combat damage step"}


def _table(title: str, *columns: str) -> Table:
    """An empty table titled ``title`` with the given columns."""
    table = Table(title=Text(safe(title), style="bold"), title_justify="left",
                  min_width=len(title))
    for col in columns:
        table.add_column(Text(safe(col)), overflow="fold")
    return table


def step(result: StepResult, title: str | None = None) -> RenderableType:
    """One step: the damage dealt, life totals, loyalty/defense and destroyed creatures."""
    dmg = _table(title or STEP_TITLES[result.step], "source", "recipient", "damage", "note")
    for e in result.events:
        note = (Text("prevented", style="yellow") if e.prevented else
                Text(f"{e.prevented_amount} prevented", style="yellow") if e.prevented_amount
                else Text(""))
        if e.increased:
            note.append(f"{' ' if note.plain else ''}+{e.increased} dealt")
        dmg.add_row(Text(safe(e.source)), Text(safe(e.recipient)), Text(str(e.amount)), note)
    if not result.events:
        dmg.add_row(Text("(no combat damage)", style="dim"), Text(""), Text(""), Text(""))
    life = _table("Life totals", "player", "before", "after", "lifelink")
    for name, after in result.life.items():
        gain = result.lifelink.get(name, 0)
        life.add_row(Text(safe(name)), Text(str(result.life_before[name])), Text(str(after)),
                     Text(f"+{gain}" if gain else ""))
    parts: list[RenderableType] = [dmg, life]
    if result.poison or result.minus_counters:
        marks = _table("Counters", "player or creature", "poison", "-1/-1")
        for who, n in result.poison.items():
            marks.add_row(Text(safe(who)), Text(str(n)), Text(""))
        for who, n in result.minus_counters.items():
            marks.add_row(Text(safe(who)), Text(""), Text(str(n)))
        parts.append(marks)
    if result.plus_counters_removed:
        shed = _table("+1/+1 counters removed", "creature", "removed")
        for who, n in result.plus_counters_removed.items():
            shed.add_row(Text(safe(who)), Text(str(n)))
        parts.append(shed)
    if result.counters:
        objs = _table("Loyalty / defense", "permanent", "after")
        for pid, n in result.counters.items():
            objs.add_row(Text(safe(pid)), Text(str(n)))
        parts.append(objs)
    gone = safe(", ".join(result.destroyed)) or "none"
    parts.append(Text(f"Destroyed: {gone}", style="red" if result.destroyed else "dim"))
    return Group(*parts)


def verdict(v: DamageVerdict) -> RenderableType:
    """A checked assignment: legal or not, why, and what dealing it does."""
    head = Text("LEGAL" if v.legal else "ILLEGAL", style="bold green" if v.legal else "bold red")
    head.append(f" ({STEP_TITLES[v.step].lower()}): {safe(v.reason)}", style="")
    parts: list[RenderableType] = []
    if v.first is not None and v.first.result is not None:
        parts.append(step(v.first.result, "First combat damage step (as given)"))
    parts.append(head)
    if v.result is not None:
        parts.append(step(v.result))
    return Group(*parts)


def combat(result: CombatResult) -> RenderableType:
    """Every step of a resolved combat, then the totals."""
    parts: list[RenderableType] = [step(s) for s in result.steps]
    poison = sum(result.poison.values())
    parts.append(Text(f"Maximising {result.maximize}: {result.player_damage} damage to "
                      f"players, {result.kills} blocking creature(s) destroyed, {poison} poison "
                      f"counter(s), {result.object_damage} loyalty/defense removed.",
                      style="bold"))
    return Group(*parts)
