"""Characteristic-defining and type-changing text.

Subtypes an Aura or a spell sets (Spreading Seas: "Enchanted land is an Island."; "Target
land becomes an Island until end of turn"): types matter to combat through landwalk, "can't
attack unless defending player controls an Island" and protection from a type. Power and
toughness defined by a count of permanents (Veteran Warleader: "~'s power and toughness are
each equal to the number of creatures you control."), or set ("Target creature has base power
and toughness 1/1 until end of turn", CR 613.4b). Permanents that become creatures until end
of turn (manlands: "~ becomes a 2/2 Assembly-Worker artifact creature until end of turn. It's
still a land."; Vehicles: "~ becomes an artifact creature until end of turn"; Gideon Jura;
an Aura's land: Genju of the Cedars' "Enchanted Forest becomes a 4/4 green Spirit creature";
Mimic's "... artifact creature with base power and toughness 3/3"):
types added, colours set, keywords granted and base power and toughness set, each in its
layer (CR 613.1d-f, 613.4b). Only animations that keep the permanent's other types (CR
205.1b: "artifact creature", "still a land", "in addition to its other types") are read.
"""

from __future__ import annotations

import re
from typing import cast

from mtgcombat.rules.colors import COLOR_WORDS
from mtgcombat.rules.effects import (
    SELF,
    AddTypes,
    Effect,
    GrantKeywords,
    PowerToughnessFromCount,
    Selector,
    SetBasePowerToughness,
    SetColors,
    SetSubtypes,
)
from mtgcombat.rules.fields import Color
from mtgcombat.rules.text.families import defining, reshape
from mtgcombat.rules.text.phrases import keyword_list, selector, subtype_word
from mtgcombat.rules.text.templates import (
    RESOLVING,
    Context,
    Piece,
    Template,
    for_kind,
    resolving,
    static,
    template,
)

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


@template("characteristic", r"(?:each land is an? (?P<one>Plains|Island|Swamp|Mountain|Forest) in "
          r"addition to its other land types|all lands are (?P<all>Plains|Islands|Swamps|"
          r"Mountains|Forests) in addition to their other types)",
          "Urborg, Tomb of Yawgmoth: Each land is a Swamp in addition to its other land types.")
def _lands_also(m: re.Match[str], ctx: Context) -> Piece | None:
    kind = subtype_word(m.group("one") or m.group("all"))
    if kind not in _LAND_TYPES:
        return None
    return static(AddTypes(affects=Selector(types=["Land"]), subtypes=[kind]))


@template("characteristic", r"enchanted (?P<what>artifact|land|permanent) is a creature with base "
          r"power and toughness (?P<p>\d+)/(?P<t>\d+) in addition to its other types",
          "Ensoul Artifact: Enchanted artifact is a creature with base power and toughness 5/5 "
          "in addition to its other types.")
def _enchanted_is_creature(m: re.Match[str], ctx: Context) -> Piece | None:
    host = Selector(which="attached")
    return static(AddTypes(affects=host, types=["Creature"]),
                  SetBasePowerToughness(affects=host, power=int(m.group("p")),
                                        toughness=int(m.group("t"))))


def _duration(m: re.Match[str], ctx: Context) -> bool:
    """"until end of turn" for a spell or an activated ability, none for a static one."""
    return ("until end of turn" in m.group(0).casefold()) == (ctx.kind in RESOLVING)


def _creatures(who: str, ctx: Context) -> Selector | None:
    """Creatures a phrase names: ``~``, the enchanted or equipped creature, creatures matching
    filters, or (a spell's or activated ability's) target creatures."""
    who = who.casefold()
    other = re.fullmatch(r"(target .+) other than ~", who)
    sel = selector(other.group(1) if other else who)  # "other than ~": only which it targets
    if sel is None or (sel.which == "targets" and ctx.kind not in RESOLVING):
        return None
    if other is not None and sel.which != "targets":
        return None
    if sel.which == "attached":
        return sel if re.fullmatch(r"(?:enchanted|equipped) creature", who) else None
    if sel.which == "self":
        return sel if who == "~" and ctx.kind != "spell" else None
    return sel if "Creature" in sel.types else None


@template("characteristic", r"(?P<pre>until end of turn, )?(?P<who>[^,]+?) (?:has|have) base "
          r"power and toughness (?P<p>\d+)/(?P<t>\d+)(?: until end of turn)?",
          "Serendib Sorcerer: Target creature other than this creature has base power and "
          "toughness 0/2 until end of turn.", kinds=RESOLVING | {"static"})
def _base_pt(m: re.Match[str], ctx: Context) -> Piece | None:
    sel = _creatures(m.group("who"), ctx) if _duration(m, ctx) else None
    if sel is None or m.group(0).casefold().count("until end of turn") > 1:
        return None
    return for_kind(ctx, SetBasePowerToughness(affects=sel, power=int(m.group("p")),
                                               toughness=int(m.group("t"))))


@template("characteristic", r"target land becomes an? (Plains|Island|Swamp|Mountain|Forest) "
          r"until end of turn",
          "Tidal Warrior: Target land becomes an Island until end of turn.", kinds=RESOLVING)
def _target_land_becomes(m: re.Match[str], ctx: Context) -> Piece | None:
    kind = subtype_word(m.group(1))
    if kind not in _LAND_TYPES:
        return None
    return resolving(SetSubtypes(affects=Selector(which="targets", types=["Land"]),
                                 subtypes=[kind]))


_ANIMATE = (r"(?:until end of turn, )?(?P<who>~|target [a-z ]+?|enchanted (?:land|Plains|Island|"
            r"Swamp|Mountain|Forest)) becomes an? "
            r"(?:(?P<p>\d+)/(?P<t>\d+) )?(?P<desc>[A-Za-z ,-]*?)(?P<art>artifact )?creature"
            r"(?: with (?P<kw>[^\"]+?))?(?P<still> that's still an? (?:land|planeswalker))?"
            r"(?: until end of turn)?")


@template("characteristic", _ANIMATE,
          "Mishra's Factory: This land becomes a 2/2 Assembly-Worker artifact creature until "
          "end of turn.", kinds=RESOLVING)
def _animate(m: re.Match[str], ctx: Context) -> Piece | None:
    text = m.group(0).casefold()
    keeps = (m.group("art") is not None or m.group("still") is not None
             or any(a.casefold().rstrip(".") == "it's still a land" for a in ctx.after[:1]))
    if not keeps or text.count("until end of turn") != 1:
        return None
    if (m.group("p") is None and "Vehicle" not in ctx.subtypes
            and "base power and toughness" not in text):
        return None  # no power and toughness printed or given
    if "planeswalker" in (m.group("still") or "") and not any(
            re.fullmatch(r"prevent all damage that would be dealt to (?:him|her|it) this turn\.?",
                         a.casefold()) for a in ctx.after):
        return None  # damage to a planeswalker creature would also remove loyalty (CR 120.3)
    who = m.group("who")
    if who == "~" and ctx.kind != "spell":
        affects = SELF
    elif who.casefold().startswith("enchanted "):
        affects = Selector(which="attached")  # an Aura's ability (Genju of the Cedars)
    else:
        sel = selector(who) if who != "~" else None
        if sel is None or sel.which != "targets":
            return None
        affects = Selector(which="targets")  # the targets, fixed as it resolves (CR 611.2c)
    found = _animation(m, affects)
    return None if found is None else resolving(*found)


def _animation(m: re.Match[str], affects: Selector) -> list[Effect] | None:
    """The layer effects of an animation: types and subtypes, colours, keywords, base P/T."""
    words = [w for w in re.split(r",? and |, | ", m.group("desc").strip()) if w]
    colors = [cast(Color, COLOR_WORDS[w.casefold()]) for w in words
              if w.casefold() in COLOR_WORDS]
    subtypes = [subtype_word(w) for w in words if w.casefold() not in COLOR_WORDS]
    if any(t is None for t in subtypes):
        return None
    types = ["Artifact", "Creature"] if m.group("art") else ["Creature"]
    kw_text, p, t = m.group("kw"), m.group("p"), m.group("t")
    if kw_text is not None and (base := re.fullmatch(r"base power and toughness (\d+)/(\d+)",
                                                     kw_text.strip())):
        if p is not None:
            return None
        kw_text, p, t = None, base.group(1), base.group(2)  # Mimic
    every = kw_text is not None and kw_text.strip() == "all creature types"
    keywords = keyword_list(kw_text) if kw_text is not None and not every else []
    if keywords is None:
        return None
    out: list[Effect] = [AddTypes(affects=affects, types=types,
                                  subtypes=[t for t in subtypes if t is not None],
                                  all_creature_types=every)]
    if colors:
        out.append(SetColors(affects=affects, colors=colors))
    if keywords:
        out.append(GrantKeywords(affects=affects, keywords=keywords))
    if p is not None and t is not None:
        out.append(SetBasePowerToughness(affects=affects, power=int(p), toughness=int(t)))
    return out


TEMPLATES: tuple[Template, ...] = (_enchanted_land_is, _pt_count, _p_or_t_count, _base_pt,
                                   _target_land_becomes, _animate, _lands_also,
                                   _enchanted_is_creature, *defining.TEMPLATES,
                                   *reshape.TEMPLATES)
"""The type-changing and characteristic-defining templates."""
