"""Choices made for a permanent as it entered the battlefield: a colour ("As this Aura enters,
choose a color", Pentarch Ward) or a creature type ("As this artifact enters, choose a
creature type", Urza's Incubator), which its static abilities then refer to ("creatures you
control of the chosen type get +1/+1", "enchanted creature has protection from the chosen
color"). The board records them in a permanent's ``chosen``; a permanent whose abilities use
a choice the board doesn't record is refused, as the answer depends on it (CR 614.12: the
choice is made as the permanent enters and is part of its state)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, NoReturn

from pydantic import BaseModel, ConfigDict

from mtgcombat.board.resolved import CardEffect
from mtgcombat.rules.catalog import Catalog, resolved_effects
from mtgcombat.rules.colors import COLOR_NAMES
from mtgcombat.rules.effects import Color, Effect, GrantKeywords, ManaAbility, Selector
from mtgcombat.rules.fields import Subtype
from mtgcombat.rules.types import CREATURE_TYPES, shown

if TYPE_CHECKING:
    from mtgcombat.board.characteristics import Obj
    from mtgcombat.board.model import Board

_CREATURE_TYPES = frozenset(t.replace("_", " ") for t in CREATURE_TYPES)
_NEEDS = {"chosen_color": "color", "chosen_color_protection": "color",
          "chosen_type": "creature_type"}
"""Effect and selector fields that read a choice → the ``chosen`` field they read."""
CHOSEN_MANA = "{chosen}"
"""Produced mana: one mana of the chosen colour ("Add one mana of the chosen color")."""


class Chosen(BaseModel):
    """What was chosen for a permanent as it entered: ``color`` (``"red"``, or a letter) and
    ``creature_type`` (``"Goblin"``)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    color: Color | None = None
    creature_type: Subtype | None = None


def _needed(value: Any, out: set[str], recorded: bool) -> None:
    if isinstance(value, str) and value.startswith("{") and CHOSEN_MANA in value:
        out.add("color")
    elif isinstance(value, dict):
        for key, v in value.items():
            if v is True and key in _NEEDS and not (recorded and key == "chosen_color_protection"):
                out.add(_NEEDS[key])
            _needed(v, out, recorded)
    elif isinstance(value, list):
        for v in value:
            _needed(v, out, recorded)


def needed_choices(effects: Iterable[Effect], recorded: bool = False) -> set[str]:
    """The ``chosen`` fields (``color``, ``creature_type``) of their source that ``effects``
    read; with ``recorded`` (what a spell or ability did as it resolved), protection from the
    chosen colour is left out: the record of the resolution says that colour."""
    out: set[str] = set()
    for eff in effects:
        _needed(eff.model_dump(), out, recorded)
    return out


def check_chosen(chosen: Chosen | None, effects: Iterable[Effect], name: str, at: str,
                 fail: Callable[[str, str], NoReturn], also: Iterable[str] = ()) -> None:
    """A chosen creature type is a creature type, and every choice the permanent's abilities
    read (and the ``also`` fields) is recorded; ``at`` is the permanent's JSON path."""
    if chosen is not None and chosen.creature_type is not None and (
            chosen.creature_type not in _CREATURE_TYPES):
        fail(f"{shown(chosen.creature_type)} is not a creature type",
             f"{at}.chosen.creature_type")
    for field in sorted(needed_choices(effects) | set(also)):
        if chosen is None or getattr(chosen, field) is None:
            fail(f"{shown(name)} refers to its chosen {field.replace('_', ' ')}: the board "
                 f"must say which ('chosen': {{{field!r}: ...}})", f"{at}.chosen")


def with_chosen_mana(effects: Iterable[Effect], chosen: Chosen | None) -> list[Effect]:
    """``effects`` with ``{chosen}`` in the mana their mana abilities produce written as the
    chosen colour (unchanged when none is chosen: the board loader refuses that)."""
    color = chosen.color if chosen is not None else None
    out: list[Effect] = []
    for eff in effects:
        if color is not None and isinstance(eff, ManaAbility) and any(
                CHOSEN_MANA in p for p in eff.produces):
            produces = [p.replace(CHOSEN_MANA, f"{{{color}}}") for p in eff.produces]
            eff = eff.model_copy(update={"produces": list(dict.fromkeys(produces))})
        out.append(eff)
    return out


def chosen_matches(sel: Selector, obj: Obj, source: Obj | None) -> bool:
    """Does ``obj`` have the colour and the creature type chosen for ``source`` that ``sel``
    asks for (nothing chosen: it doesn't)?"""
    chosen = source.chosen if source is not None else None
    if sel.chosen_color and (chosen is None or chosen.color not in obj.colors):
        return False
    return not sel.chosen_type or (chosen is not None and chosen.creature_type in obj.subtypes)


def granted_keywords(eff: GrantKeywords, source: Obj | None) -> frozenset[str]:
    """The keywords ``eff`` grants, with protection from the colour chosen for ``source``."""
    color = source.chosen.color if source is not None and source.chosen is not None else None
    if eff.chosen_color_protection and color is not None:
        return frozenset([*eff.keywords, f"protection from {COLOR_NAMES[color]}"])
    return frozenset(eff.keywords)


def check_recorded_choices(board: Board, catalog: Catalog,
                           fail: Callable[[str, str], NoReturn]) -> None:
    """What resolved this turn reads its source's choices: a permanent's activations read the
    permanent's ``chosen``; a top-level entry has no source permanent, so a choice made as the
    spell resolved ("Choose a creature type. Creatures you control of the chosen type ...")
    is one the board can't record, and the entry is refused."""
    for i, perm in enumerate(board.permanents):
        if perm.card is None or not perm.activations or perm.face_down:
            continue
        card = catalog.get(perm.card)
        for a in perm.activations:
            ability, modes = (None, None) if isinstance(a, int) else (a.ability, a.modes)
            check_chosen(perm.chosen, [], perm.card, f"$.permanents[{i}]", fail,
                         needed_choices(resolved_effects(card, ability, modes), recorded=True))
    for i, be in enumerate(board.effects):
        if isinstance(be, CardEffect):
            need = needed_choices(resolved_effects(catalog.get(be.card), be.ability, be.modes),
                                  recorded=True)
            if need:
                fail(f"{shown(be.card)} refers to a {' and a '.join(sorted(need))} chosen as it "
                     "resolved, which the board can't record (not modelled)", f"$.effects[{i}]")
