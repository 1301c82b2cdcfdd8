"""Characteristic-defining power and toughness (CR 604.3, 613.4a) from a number that isn't a
count of permanents: cards in the controller's hand (Maro: "~'s power and toughness are each
equal to the number of cards in your hand."), in all players' hands (Multani, Maro-Sorcerer),
cards of some types in the controller's graveyard or in all graveyards (Lhurgoyf's creature
cards, Cognivore's instant cards, Enigma Drake's instant and sorcery cards), card types
among cards in graveyards (Tarmogoyf, Nethergoyf: "... and its toughness is equal to that
number plus 1."), the controller's life total (Serra Avatar) or devotion to a colour (Anax:
"~'s power is equal to your devotion to red.", CR 700.5). A player's hand is the
board's ``hand_size`` (or ``hand``), a graveyard its ``graveyard`` names. Counts the board
doesn't hold (cards in exile, drawn this turn, the chosen player's hand, "other" cards,
mana symbols among cards) stay unmodelled.
"""

from __future__ import annotations

import re
from typing import Literal, cast

from mtgcombat.rules.colors import COLOR_WORDS
from mtgcombat.rules.effects import Devotion, GraveyardCount, PowerToughnessFromCount
from mtgcombat.rules.effects.characteristic import PlayerAmount
from mtgcombat.rules.fields import Color
from mtgcombat.rules.text.families.conditions import PERMANENT_TYPES
from mtgcombat.rules.text.phrases import subtype_word, type_word
from mtgcombat.rules.text.templates import Context, Piece, Template, static, template

_PLAYER_AMOUNTS: dict[str, PlayerAmount] = {
    "the number of cards in your hand": "your_hand_size",
    "the total number of cards in all players' hands": "all_hand_sizes",
    "your life total": "your_life",
}

_GRAVEYARDS: dict[str, Literal["you", "all"]] = {"your graveyard": "you",
                                                 "all graveyards": "all"}

_CARDS = re.compile(r"the number of (?:(?P<kinds>[a-z ,/]+?) )?cards in "
                    r"(?P<where>your graveyard|all graveyards)")
_CARD_TYPES = re.compile(r"the number of card types among cards in "
                         r"(?P<where>your graveyard|all graveyards)")


def _kinds(kinds: str, where: str) -> GraveyardCount | None:
    """Cards of one of ``kinds`` ("creature", "instant and sorcery", "artifact and/or
    enchantment", "permanent", "Elf"; any card when empty) in the graveyards ``where``
    names."""
    graveyard = _GRAVEYARDS[where]
    words = [w for w in re.split(r",? and/or |,? and |,? or |, ", kinds) if w]
    if not words:
        return GraveyardCount(graveyard=graveyard)
    if words == ["permanent"]:
        return GraveyardCount(graveyard=graveyard, types_any=list(PERMANENT_TYPES))
    types = [type_word(w) for w in words]
    if all(types):
        return GraveyardCount(graveyard=graveyard, types_any=[t for t in types if t])
    subtypes = [subtype_word(w) for w in words]
    if all(subtypes):
        return GraveyardCount(graveyard=graveyard, subtypes_any=[t for t in subtypes if t])
    return None


def _number(text: str) -> GraveyardCount | Devotion | PlayerAmount | None:
    """The number a characteristic-defining ability names, or None."""
    low = text.casefold()
    if low in _PLAYER_AMOUNTS:
        return _PLAYER_AMOUNTS[low]
    if (m := re.fullmatch(r"your devotion to (\w+)", low)) and m.group(1) in COLOR_WORDS:
        return Devotion(devotion=cast(Color, COLOR_WORDS[m.group(1)]))
    if m := _CARD_TYPES.fullmatch(low):
        return GraveyardCount(graveyard=_GRAVEYARDS[m.group("where")], count="card_types")
    if m := _CARDS.fullmatch(low):
        return _kinds(m.group("kinds") or "", m.group("where"))
    return None


@template("characteristic", r"~'s (?P<which>power and toughness are each|power is|toughness is) "
          r"equal to (?P<number>.+?)(?: and its toughness is equal to that number plus "
          r"(?P<plus>\d+))?",
          "Tarmogoyf: ~'s power is equal to the number of card types among cards in all "
          "graveyards and its toughness is equal to that number plus 1.")
def _defined_pt(m: re.Match[str], ctx: Context) -> Piece | None:
    number = _number(m.group("number"))
    which = m.group("which").casefold()
    plus = m.group("plus")
    if number is None or (plus is not None and which != "power is"):
        return None
    if plus is not None:
        return static(PowerToughnessFromCount(amount=number, toughness_plus=int(plus)))
    return static(PowerToughnessFromCount(amount=number, power=which != "toughness is",
                                          toughness=which != "power is"))


TEMPLATES: tuple[Template, ...] = (_defined_pt,)
"""The characteristic-defining power and toughness templates."""
