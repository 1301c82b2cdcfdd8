"""A creature made into another creature: losing all abilities, a new colour and creature
type, new base power and toughness (Frogify: "Enchanted creature loses all abilities and is a
blue Frog creature with base power and toughness 1/1."; Humble: "Until end of turn, target
creature loses all abilities and has base power and toughness 0/1."; Snakeform: "... loses
all abilities and becomes a green Snake with base power and toughness 1/1."; Metamorphic
Blast: "Until end of turn, target creature becomes a white Rabbit with base power and
toughness 0/1."). Each part applies in its layer: creature types replaced (CR 205.1a: other
card types and subtypes kept), colours set, abilities lost, base P/T set (CR 613.1d-f,
613.4b).
"""

from __future__ import annotations

import re
from typing import cast

from mtgcombat.rules.colors import COLOR_WORDS
from mtgcombat.rules.effects import (
    AddTypes,
    Effect,
    GrantKeywords,
    LoseAllAbilities,
    ModifyPowerToughness,
    Selector,
    SetBasePowerToughness,
    SetColors,
    SetSubtypes,
)
from mtgcombat.rules.fields import Color
from mtgcombat.rules.text.phrases import keyword_list, subtype_word
from mtgcombat.rules.text.templates import (
    RESOLVING,
    Context,
    Piece,
    Template,
    resolving,
    static,
    template,
)
from mtgcombat.rules.types import CREATURE_TYPES

_CREATURE_TYPES = frozenset(t.replace("_", " ") for t in CREATURE_TYPES)

_BASE = r"base power and toughness (?P<p>\d+)/(?P<t>\d+)"

HOST = Selector(which="attached")
TARGETS = Selector(which="targets")


def _reshape(affects: Selector, lose: bool, desc: str | None, p: str, t: str
             ) -> list[Effect] | None:
    """The layer effects: abilities lost, colours and creature types set (``desc``: "blue
    Frog", "Coward"), base power and toughness; None for a word that is no colour or
    creature type."""
    out: list[Effect] = [LoseAllAbilities(affects=affects)] if lose else []
    if desc is not None:
        words = [w for w in re.split(r" and | ", desc.strip()) if w]
        colors = [cast(Color, COLOR_WORDS[w.casefold()]) for w in words
                  if w.casefold() in COLOR_WORDS]
        kinds = [subtype_word(w) for w in words if w.casefold() not in COLOR_WORDS]
        if not kinds or any(k not in _CREATURE_TYPES for k in kinds):
            return None
        if colors:
            out.append(SetColors(affects=affects, colors=colors))
        out.append(SetSubtypes(affects=affects, subtypes=[k for k in kinds if k is not None],
                               creature_types=True))
    out.append(SetBasePowerToughness(affects=affects, power=int(p), toughness=int(t)))
    return out


@template("characteristic", r"enchanted creature loses all abilities and (?:is an? "
          r"(?P<desc>[A-Za-z ]+?) creature with|has) " + _BASE,
          "Frogify: Enchanted creature loses all abilities and is a blue Frog creature with "
          "base power and toughness 1/1.")
def _enchanted_reshaped(m: re.Match[str], ctx: Context) -> Piece | None:
    found = _reshape(HOST, True, m.group("desc"), m.group("p"),
                     m.group("t"))
    return None if found is None else static(*found)


@template("characteristic", r"until end of turn, target creature (?P<lose>loses all "
          r"abilities and )?(?:becomes an? (?P<desc>[A-Za-z ]+?) with|(?P<has>has)) " + _BASE,
          "Snakeform: Until end of turn, target creature loses all abilities and becomes a "
          "green Snake with base power and toughness 1/1.", kinds=RESOLVING)
def _target_reshaped(m: re.Match[str], ctx: Context) -> Piece | None:
    lose = m.group("lose") is not None
    if not lose and m.group("has") is not None:
        return None  # only base power and toughness: another template's
    if any("instead" in a.casefold() for a in ctx.after):
        return None  # another outcome may replace this one (Astroquarium)
    found = _reshape(TARGETS, lose, m.group("desc"), m.group("p"),
                     m.group("t"))
    return None if found is None else resolving(*found)


def _creature_type(word: str) -> str | None:
    kind = subtype_word(word)
    return kind if kind in _CREATURE_TYPES else None


@template("characteristic", r"(?:until end of turn, )?target creature (?:becomes|is) an? "
          r"(?P<kind>[A-Za-z-]+)(?P<add> in addition to its other (?:creature )?types)?"
          r"(?P<eot> until end of turn)?",
          "Boldwyr Intimidator: Target creature becomes a Coward until end of turn.",
          kinds=RESOLVING)
def _target_type(m: re.Match[str], ctx: Context) -> Piece | None:
    kind = _creature_type(m.group("kind"))
    if kind is None or m.group(0).casefold().count("until end of turn") > 1:
        return None
    if m.group("add") is not None:
        return resolving(AddTypes(affects=TARGETS, subtypes=[kind]))
    return resolving(SetSubtypes(affects=TARGETS, subtypes=[kind], creature_types=True))


@template("characteristic", r"(?P<who>equipped|enchanted) creature gets (?P<p>[+-]\d+)/"
          r"(?P<t>[+-]\d+),?(?: has (?P<kw>[a-z ,]+?),)? and is an? (?P<kind>[A-Za-z-]+) in "
          r"addition to its other types",
          "Angelic Destiny: Enchanted creature gets +4/+4, has flying and first strike, and is "
          "an Angel in addition to its other types.")
def _attached_type(m: re.Match[str], ctx: Context) -> Piece | None:
    kind = _creature_type(m.group("kind"))
    keywords = keyword_list(m.group("kw")) if m.group("kw") else []
    if kind is None or keywords is None:
        return None
    out: list[Effect] = [ModifyPowerToughness(affects=HOST, power=int(m.group("p")),
                                              toughness=int(m.group("t")))]
    if keywords:
        out.append(GrantKeywords(affects=HOST, keywords=keywords))
    return static(*out, AddTypes(affects=HOST, subtypes=[kind]))


TEMPLATES: tuple[Template, ...] = (_enchanted_reshaped, _target_reshaped, _target_type,
                                   _attached_type)
"""The reshaping templates."""
