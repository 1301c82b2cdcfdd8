"""Type-changing text: subtypes an Aura sets (Spreading Seas: "Enchanted land is an Island.").

Types matter to combat through landwalk, "can't attack unless defending player controls an
Island" and protection from a type.
"""

from __future__ import annotations

import re

from mtgcombat.rules.effects import Selector, SetSubtypes
from mtgcombat.rules.text.phrases import subtype_word
from mtgcombat.rules.text.templates import Context, Piece, Template, static, template

_LAND_TYPES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest"})


@template("characteristic", r"enchanted land is an? (Plains|Island|Swamp|Mountain|Forest)",
          "Spreading Seas: Enchanted land is an Island.")
def _enchanted_land_is(m: re.Match[str], ctx: Context) -> Piece | None:
    kind = subtype_word(m.group(1))
    if kind not in _LAND_TYPES:
        return None
    return static(SetSubtypes(affects=Selector(which="attached"), subtypes=[kind]))


TEMPLATES: tuple[Template, ...] = (_enchanted_land_is,)
"""The type-changing templates."""
