"""Mana abilities (CR 605) that can pay costs to attack or block.

``{T}: Add {G}.``, ``{T}: Add {R} or {G}.``, ``{T}: Add {C}{C}.``, ``{1}, {T}: Add one mana
of any color.``, ``Sacrifice ~: Add {R}.`` become :class:`ManaAbility` effects when every part
of the cost is one the payment search models (tap, untap, mana, life, sacrificing the
source or a creature). Mana that can only be spent on spells can't pay a cost to attack, so
such an ability is modelled as having no effect there; an ability with other costs, other
amounts or a timing limit stays unmodelled.
"""

from __future__ import annotations

import re
from typing import Any

from mtgcombat.rules.effects import CostPick, ManaAbility, Selector
from mtgcombat.rules.mana_syntax import check_cost
from mtgcombat.rules.text.phrases import number
from mtgcombat.rules.text.templates import Context, Piece, Template, static, template

_MANA = r"(?:\{[WUBRGC]\})+"
_ONLY_SPELLS = re.compile(r"^(?:spend this mana only to cast|this mana can't be spent "
                          r"to (?:pay|activate))", re.I)


def _cost(cost: str) -> dict[str, Any] | None:
    """The :class:`ManaAbility` cost fields of an activated ability's cost, or None."""
    fields: dict[str, Any] = {}
    for part in (p.strip() for p in cost.split(",")):
        if part == "{T}":
            fields["tap"] = True
        elif part == "{Q}":
            fields["untap"] = True
        elif re.fullmatch(r"(?:\{(?:\d+|[WUBRGC])\})+", part):
            check_cost(part)
            fields["mana_cost"] = part
        elif m := re.fullmatch(r"Pay (\d+) life", part):
            fields["life"] = int(m.group(1))
        elif part == "Sacrifice ~":
            fields["sacrifice_self"] = True
        elif part == "Sacrifice a creature":
            fields["sacrifice"] = CostPick(filter=Selector(types=["Creature"]))
        else:
            return None
    return fields


def _limit(ctx: Context) -> dict[str, Any] | None:
    """Fields for the ability's limits; None when a limit isn't modelled."""
    limit = ctx.limit.strip()
    if not limit:
        return {}
    if limit.casefold() == "activate only once each turn.":
        return {"once_per_turn": True}
    return None


def _ability(ctx: Context, produces: list[str]) -> Piece | None:
    if _ONLY_SPELLS.match(ctx.limit):
        return static()  # mana only for spells never pays a cost to attack or block
    cost, limit = _cost(ctx.cost), _limit(ctx)
    if cost is None or limit is None:
        return None
    return static(ManaAbility(produces=produces, **cost, **limit))


@template("mana", rf"add ({_MANA})", "Llanowar Elves: {T}: Add {G}.",
          frozenset({"activated"}))
def _add(m: re.Match[str], ctx: Context) -> Piece | None:
    return _ability(ctx, [m.group(1).upper()])


@template("mana", rf"add ({_MANA})(?:,? or |, )({_MANA})(?:,? or ({_MANA}))?"
          rf"(?:,? or ({_MANA}))?(?:,? or ({_MANA}))?",
          "Shivan Oasis: {T}: Add {R} or {G}.",
          frozenset({"activated"}))
def _add_either(m: re.Match[str], ctx: Context) -> Piece | None:
    return _ability(ctx, [g.upper() for g in m.groups() if g])


@template("mana", r"add one mana of any colou?r", "Birds of Paradise: {T}: Add one mana of "
          "any color.", frozenset({"activated"}))
def _add_any(m: re.Match[str], ctx: Context) -> Piece | None:
    return _ability(ctx, ["{any}"])


_COLOURS = ("W", "U", "B", "R", "G")


@template("mana", r"add (?P<n>two|three|four|five|\d+) mana of any one colou?r",
          "Gilded Lotus: {T}: Add three mana of any one color.", frozenset({"activated"}))
def _add_n_one_colour(m: re.Match[str], ctx: Context) -> Piece | None:
    n = number(m.group("n"))
    if n is None or n > 20:
        return None
    return _ability(ctx, ["".join(f"{{{c}}}" for _ in range(n)) for c in _COLOURS])


@template("mana", r"add (?P<n>one|two|three|four|five|\d+) mana in any combination of colou?rs",
          "Lotus Bloom: Add three mana in any combination of colors.", frozenset({"activated"}))
def _add_n_any(m: re.Match[str], ctx: Context) -> Piece | None:
    n = number(m.group("n"))
    if n is None or n > 20:
        return None
    return _ability(ctx, ["{any}" * n])


TEMPLATES: tuple[Template, ...] = (_add, _add_either, _add_any, _add_n_one_colour, _add_n_any)
"""The mana-ability templates."""
