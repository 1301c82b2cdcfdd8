"""An Aura's "Otherwise" after "as long as it's a ...": "Enchanted creature gets +2/+2 as long
as it's a Vampire. Otherwise, it gets -2/-2." (Gift of Fangs). The second change applies to
the enchanted creature while it doesn't have that quality. Expected effects are written from
the cards' printed text (quoted); the boards' answers from the rules (CR 613.4c)."""

from __future__ import annotations

from typing import Any

import pytest

from mtgcombat.rules.effects import ModifyPowerToughness, Selector

from .helpers import board, card, pt
from .text_golden import effects, unmodelled


def aura(field: str, value: str, power: int, toughness: int, else_p: int,
         else_t: int) -> list[ModifyPowerToughness]:
    none = {"types": "types_none", "subtypes_any": "subtypes_none",
            "colors_any": "colors_none"}[field]
    return [ModifyPowerToughness(affects=Selector.model_validate({"which": "attached",
                                                                   field: [value]}),
                                 power=power, toughness=toughness),
            ModifyPowerToughness(affects=Selector.model_validate({"which": "attached",
                                                                   none: [value]}),
                                 power=else_p, toughness=else_t)]


@pytest.mark.parametrize("name, expected", [
    # "Enchanted creature gets +2/+2 as long as it's a Vampire. Otherwise, it gets -2/-2."
    ("Gift of Fangs", aura("subtypes_any", "Vampire", 2, 2, -2, -2)),
    # "... gets +3/+3 as long as it's a Zombie. Otherwise, it gets -3/-3."
    ("Clutch of Undeath", aura("subtypes_any", "Zombie", 3, 3, -3, -3)),
    # "... gets +0/+2 as long as it's a Pirate. Otherwise, it gets -2/-0."
    ("Sea Legs", aura("subtypes_any", "Pirate", 0, 2, -2, 0)),
    # "... gets +2/+2 as long as it's an enchantment. Otherwise, it gets -2/-2."
    ("Nyx Infusion", aura("types", "Enchantment", 2, 2, -2, -2)),
    # "... gets +2/+1 as long as it's black. Otherwise, it gets -1/-2."
    ("Phyrexian Boon", aura("colors_any", "B", 2, 1, -1, -2)),
    # "... gets +1/+2 as long as it's white. Otherwise, it gets -2/-1."
    ("Serra's Boon", aura("colors_any", "W", 1, 2, -2, -1)),
])
def test_otherwise_is_the_other_quality(name: str, expected: list[Any]) -> None:
    assert [e for e in effects(name) if isinstance(e, ModifyPowerToughness)] == expected


@pytest.mark.parametrize("name, sentence", [
    # "as long as it's attacking": a selector can't say "not attacking"
    ("Tahngarth's Rage", "Otherwise, it gets -2/-1."),
    # an Equipment's keyword after "as long as it's your turn"
    ("Hunter's Blowgun", "Otherwise, it has reach."),
    # after an "if" about the target's toughness as the spell resolved
    ("Blood Lust", "Otherwise, it gets +4/-X until end of turn, where X is its toughness "
                   "minus 1."),
])
def test_other_otherwise_stays_unmodelled(name: str, sentence: str) -> None:
    assert sentence in unmodelled(name)


def test_gift_of_fangs_on_a_vampire_and_on_a_bear() -> None:
    """A Vampire gets +2/+2; Grizzly Bears (2/2, not a Vampire) gets -2/-2: 0/0."""
    b = board([card("vamp", "Vampire Nighthawk"), card("bear", "Grizzly Bears"),
               card("g1", "Gift of Fangs", attached_to="vamp"),
               card("g2", "Gift of Fangs", attached_to="bear")])
    assert pt(b, "vamp") == (4, 5)
    assert pt(b, "bear") == (0, 0)


def test_serras_boon_follows_the_creatures_colour() -> None:
    """White Knight (2/2, white) gets +1/+2: 3/4; Grizzly Bears (green) gets -2/-1: 0/1."""
    b = board([card("k", "White Knight"), card("bear", "Grizzly Bears"),
               card("s1", "Serra's Boon", attached_to="k"),
               card("s2", "Serra's Boon", attached_to="bear")])
    assert pt(b, "k") == (3, 4)
    assert pt(b, "bear") == (0, 1)
