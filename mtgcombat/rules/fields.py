"""Field types shared by board files and the catalog: bounded integers, capped strings, and
names (types, keywords, colours, mana) normalised to their canonical form when loaded.

Ranges (documented limits; anything outside is a load error, never an overflow later):

* power, toughness and P/T modifications: -1,000,000..1,000,000 (:data:`MAX_PT`);
* life totals: -1,000,000,000..1,000,000,000 (:data:`MAX_LIFE`);
* counts (counters, damage, loyalty, defense, hand size, X values, costs): 0..1,000,000
  (:data:`MAX_COUNT`);
* ids and names: 1..200 characters (:data:`MAX_NAME`); rules text: up to 10,000 characters
  (:data:`MAX_TEXT`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Literal

from pydantic import AfterValidator, BeforeValidator, Field, StringConstraints
from pydantic_core import PydanticCustomError

from mtgcombat.rules import types
from mtgcombat.rules.colors import COLOR_NAMES, COLOR_WORDS
from mtgcombat.rules.keywords import canonical_keyword
from mtgcombat.rules.mana_syntax import check_cost, check_produced

MAX_PT = 1_000_000
MAX_LIFE = 1_000_000_000
MAX_COUNT = 1_000_000
MAX_NAME = 200
MAX_TEXT = 10_000

BAD_VALUE = "board_value"
"""The pydantic error type of the checks below; its message is final (no "got ..." added)."""


def _bad(message: str) -> PydanticCustomError:
    return PydanticCustomError(BAD_VALUE, "{message}", {"message": message})


def _checked(check: Callable[[str], str]) -> Callable[[str], str]:
    """A pydantic after-validator running ``check`` and reporting its ``ValueError``."""

    def validate(value: str) -> str:
        try:
            return check(value)
        except ValueError as exc:
            raise _bad(str(exc)) from None

    return validate


def _color(value: object) -> object:
    """``"w"``, ``"W"``, ``"white"`` (any case) → ``"W"``; other strings are an error."""
    if not isinstance(value, str):
        return value
    up = value.upper()
    if up in COLOR_NAMES:
        return up
    letter = COLOR_WORDS.get(value.casefold())
    if letter is not None:
        return letter
    words = [*COLOR_WORDS, *COLOR_NAMES]
    hint = types.closest(value, words, 1)
    raise _bad(f"unknown colour {types.shown(value)} (expected 'W', 'U', 'B', 'R', "
               f"'G' or white, blue, black, red, green, in any case){hint}")


Color = Annotated[Literal["W", "U", "B", "R", "G"], BeforeValidator(_color)]
"""A colour letter; written as a letter or a colour word, in any case."""

Name = Annotated[str, StringConstraints(min_length=1, max_length=MAX_NAME)]
"""An id or a name: 1 to 200 characters."""
Text = Annotated[str, StringConstraints(max_length=MAX_TEXT)]
"""Rules text or notes: up to 10,000 characters."""

Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]
"""A count: counters, damage, loyalty, defense, hand size, an X value."""
PositiveCount = Annotated[int, Field(ge=1, le=MAX_COUNT)]
"""A count of at least one."""
PT = Annotated[int, Field(ge=-MAX_PT, le=MAX_PT)]
"""Power, toughness or a change to them."""
Life = Annotated[int, Field(ge=-MAX_LIFE, le=MAX_LIFE)]
"""A life total."""

CardType = Annotated[Name, AfterValidator(_checked(types.card_type))]
"""A card type in any case, stored capitalised (``"Creature"``)."""
Supertype = Annotated[Name, AfterValidator(_checked(types.supertype))]
"""A supertype in any case, stored capitalised (``"Legendary"``)."""
Subtype = Annotated[Name, AfterValidator(_checked(types.subtype))]
"""A subtype in any case, stored capitalised (``"Goblin"``)."""
Keyword = Annotated[Name, AfterValidator(_checked(canonical_keyword))]
"""A CR 702 keyword ability in any case, stored in lower case as printed."""
ManaCost = Annotated[Name, AfterValidator(_checked(check_cost))]
"""A mana cost without ``{X}``."""
ManaCostX = Annotated[Name, AfterValidator(_checked(lambda s: check_cost(s, allow_x=True)))]
"""A mana cost that may write ``{X}`` (the effect says where X comes from)."""
ProducedMana = Annotated[Name, AfterValidator(_checked(check_produced))]
"""Mana one activation adds (``{G}``, ``{any}``)."""


def x_without_source(mana: str | None, x: object) -> None:
    """Raise the load error for a cost writing ``{X}`` with no ``x`` saying where X comes
    from."""
    if mana is not None and "{X}" in mana and x is None:
        raise _bad(f"the cost {types.shown(mana)} writes {{X}}, so the effect needs 'x' "
                   "(\"activation\", \"your_enchantments\", \"your_basic_land_types\", "
                   "\"your_hand_size\" or {\"count\": selector})")
