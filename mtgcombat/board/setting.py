"""Appliers of the effects that add card types, set colours, define power and toughness and
set base power and toughness (CR 613.1d, 613.1e, 613.4a, 613.4b; their layers are listed in
:mod:`.characteristics`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mtgcombat.board.conditions import amount
from mtgcombat.rules.effects import (
    AddTypes,
    ManaAbility,
    PowerToughnessFromCount,
    SetBasePowerToughness,
    SetColors,
    SetSubtypes,
)
from mtgcombat.rules.types import CREATURE_TYPES

if TYPE_CHECKING:
    from mtgcombat.board.characteristics import Applied, View

_EVERY_CREATURE_TYPE: frozenset[str] = frozenset(t.replace("_", " ") for t in CREATURE_TYPES)

BASIC_MANA = {"Plains": "{W}", "Island": "{U}", "Swamp": "{B}", "Mountain": "{R}",
              "Forest": "{G}"}
"""Basic land type → the mana its intrinsic ability adds (CR 305.6)."""


def add_types(view: View, app: Applied) -> None:
    """The affected permanents get the effect's card types and subtypes and keep theirs
    (CR 205.1b); a land that gets a basic land type it didn't have also gets that type's mana
    ability (CR 305.7)."""
    eff = app.effect
    assert isinstance(eff, AddTypes)
    for o in app.affected(view, eff.affects):
        new = [BASIC_MANA[t] for t in eff.subtypes if t in BASIC_MANA and t not in o.subtypes]
        if new and o.is_land:
            o.effects = (*o.effects, *(ManaAbility(tap=True, produces=[m]) for m in new))
        o.types = o.types | frozenset(eff.types)
        o.subtypes = o.subtypes | frozenset(eff.subtypes)
        if eff.all_creature_types:
            o.subtypes = o.subtypes | _EVERY_CREATURE_TYPE


def set_colors(view: View, app: Applied) -> None:
    """The affected permanents' colours become the effect's."""
    eff = app.effect
    assert isinstance(eff, SetColors)
    for o in app.affected(view, eff.affects):
        o.colors = frozenset(eff.colors)


def set_base_pt(view: View, app: Applied) -> None:
    """The affected creatures' power and toughness become the effect's (before counters and
    +N/+N effects apply, CR 613.4b-c); a board's explicit power/toughness stays final."""
    eff = app.effect
    assert isinstance(eff, SetBasePowerToughness)
    for o in app.affected(view, eff.affects):
        if not o.pt_fixed and o.is_creature:
            o.power, o.toughness = eff.power, eff.toughness


def pt_from_count(view: View, app: Applied) -> None:
    """The source's characteristic-defining power and toughness: a number of permanents, of
    cards in graveyards or hands, or a life total, as the board is now (CR 604.3, 613.4a)."""
    eff, src = app.effect, app.source
    assert isinstance(eff, PowerToughnessFromCount)
    if src is None or src.pt_fixed or not src.is_creature:
        return
    if eff.count is not None:
        n = len(app.affected(view, eff.count))
    else:
        n = amount(view, eff.amount, src, app.controller)
    if eff.power:
        src.power = n
    if eff.toughness:
        src.toughness = n + eff.toughness_plus


def set_subtypes(view: View, app: Applied) -> None:
    """The affected permanents' subtypes (or only their creature types) become the effect's;
    a land that becomes a basic land type has only that type's mana ability (CR 305.7)."""
    eff = app.effect
    assert isinstance(eff, SetSubtypes)
    for o in app.affected(view, eff.affects):
        if eff.creature_types:  # CR 205.1a: only the subtypes of that kind are replaced
            o.subtypes = (o.subtypes - _EVERY_CREATURE_TYPE) | frozenset(eff.subtypes)
            continue
        o.subtypes = frozenset(eff.subtypes)
        basic = [BASIC_MANA[t] for t in eff.subtypes if t in BASIC_MANA]
        if o.is_land and basic:
            # CR 305.7: the land loses its other abilities and has the intrinsic mana
            # ability of its new basic land types.
            o.effects = (ManaAbility(tap=True, produces=basic),)
