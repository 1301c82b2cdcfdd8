"""Characteristic-defining and type-changing text.

Subtypes an Aura sets (Spreading Seas: "Enchanted land is an Island."): types matter to combat
through landwalk, "can't attack unless defending player controls an Island" and protection
from a type. Power and toughness defined by a count of permanents (Veteran Warleader: "~'s
power and toughness are each equal to the number of creatures you control.").
"""

from __future__ import annotations

import re

from mtgcombat.rules.effects import PowerToughnessFromCount, Selector, SetSubtypes
from mtgcombat.rules.text.phrases import selector, subtype_word
from mtgcombat.rules.text.templates import Context, Piece, Template, static, template

_LAND_TYPES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest"})


@template("characteristic", r"enchanted land is an? (Plains|Island|Swamp|Mountain|Forest)",
          "Spreading Seas: Enchanted land is an Island.")
def _enchanted_land_is(m: re.Match[str], ctx: Context) -> Piece | None:
    kind = subtype_word(m.group(1))
    if kind not in _LAND_TYPES:
        return None
    return static(SetSubtypes(affects=Selector(which="attached"), subtypes=[kind]))


def _count(what: str, where: str | None) -> Selector | None:
    """The permanents a "number of ..." counts: ``what`` with its controller clause, or on the
    whole battlefield."""
    if where is None or where.strip() == "on the battlefield":
        return selector(what)
    return selector(f"{what}{where}")


@template("characteristic", r"~'s power and toughness are each equal to the number of "
          r"(?P<what>.+?)(?P<where> you control| your opponents control| on the battlefield)",
          "Veteran Warleader: ~'s power and toughness are each equal to the number of creatures "
          "you control.")
def _pt_count(m: re.Match[str], ctx: Context) -> Piece | None:
    count = _count(m.group("what"), m.group("where"))
    return static(PowerToughnessFromCount(count=count)) if count is not None else None


@template("characteristic", r"~'s (?P<which>power|toughness) is equal to the number of "
          r"(?P<what>.+?)(?P<where> you control| your opponents control| on the battlefield)",
          "Sharpshooter Elf: ~'s power is equal to the number of creatures you control.")
def _p_or_t_count(m: re.Match[str], ctx: Context) -> Piece | None:
    count = _count(m.group("what"), m.group("where"))
    if count is None:
        return None
    power = m.group("which").casefold() == "power"
    return static(PowerToughnessFromCount(count=count, power=power, toughness=not power))


TEMPLATES: tuple[Template, ...] = (_enchanted_land_is, _pt_count, _p_or_t_count)
"""The type-changing templates."""
