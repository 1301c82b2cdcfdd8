"""Keyword abilities (CR 702), written in lower case as printed, accepted in any case.

Each keyword name has a parameter form: none (``flying``), a number (``toxic 1``), a cost
(``ward {2}``, ``ward—pay 3 life``), or free text (``enchant creature``, ``affinity for
artifacts``). ``protection from X`` / ``hexproof from X`` name colours, types or a few
quality words; ``<land type>walk``, ``<type>cycling`` and ``<type> offering`` are the
typed variants. :func:`canonical_keyword` checks one and returns its canonical form.
"""

from __future__ import annotations

import re
from typing import Literal

from mtgcombat.rules.colors import COLOR_WORDS
from mtgcombat.rules.mana_syntax import check_cost
from mtgcombat.rules.types import LAND_TYPES, closest, is_type_word, shown

Param = Literal["", "n", "cost"]
"""A keyword's parameter: none, a number, or a cost or free text."""

MAX_KEYWORD_NUMBER = 1_000_000
"""The largest number a keyword parameter may write (``annihilator N``)."""

_P: dict[Param, str] = {
    "": """deathtouch|defender|double strike|first strike|flash|flying|haste|indestructible
        |intimidate|lifelink|reach|shroud|trample|vigilance|banding|phasing|shadow
        |trample over planeswalkers|flanking|choose a background|doctor's companion
        |horsemanship|fear|provoke|storm|sunburst|epic|convoke|haunt|split second|delve
        |gravestorm|changeling|conspire|persist|wither|retrace|exalted|cascade|rebound
        |umbra armor|totem armor|infect|battle cry|living weapon|undying|soulbond|unleash
        |cipher|evolve|extort|fuse|dethrone|prowess|exploit|menace|devoid|ingest|myriad
        |skulk|melee|undaunted|improvise|aftermath|ascend|assist|mentor|riot|boast
        |demonstrate|daybound|nightbound|decayed|training|compleated|enlist|read ahead
        |ravenous|space sculptor|living metal|for mirrodin!|bargain|solved|spree
        |start your engines!|max speed|job select|tiered|double team|exhaust|visit
        |hidden agenda|double agenda|split|forecast|sneak attack|multikicker|hexproof
        |protection|landwalk|nonbasic landwalk|legendary landwalk|snow landwalk|partner
        |companion|escape|encore|foretell|disturb|mutate|plot|disguise|offering|champion
        |replicate|splice|affinity|kicker|bestow|craft|gift|offspring|impending|saddle
        |station|warp|sneak|harmonize|equip|ward|jump-start
        |reconfigure|freerunning|squad|prototype|more than meets the eye|cleave|blitz""",
    "n": """rampage|fading|modular|bushido|soulshift|dredge|bloodthirst|graft|vanishing
        |absorb|frenzy|poisonous|devour|annihilator|tribute|renown|fabricate|afflict
        |afterlife|crew|casualty|toxic|backup|saddle|mobilize|hideaway|amplify|ripple
        |firebending|station""",
    "cost": """cumulative upkeep|buyback|cycling|echo|flashback|madness|morph|megamorph
        |entwine|ninjutsu|commander ninjutsu|transmute|recover|aura swap|fortify|transfigure
        |evoke|prowl|unearth|level up|miracle|overload|scavenge|bestow|outlast|dash|surge
        |emerge|escalate|embalm|eternalize|jump-start|spectacle|escape|mutate|encore
        |foretell|disturb|cleave|reconfigure|blitz|squad|prototype|more than meets the eye
        |disguise|plot|freerunning|offspring|harmonize|warp|sneak|ward|kicker|equip
        |replicate|craft|web-slinging|mayhem|suspend|awaken|reinforce|impending|splice|affinity
        |enchant|champion|partner|gift|companion|bands with other|hexproof|protection""",
}
"""Keyword name → parameter form, as written in the table above: a name listed under ``""``
may also appear under another form (``ward`` alone, ``ward {2}``)."""


def _names(param: Param) -> frozenset[str]:
    """The keyword names listed under one parameter form."""
    return frozenset(" ".join(n.split()) for n in _P[param].split("|"))


NO_PARAM: frozenset[str] = _names("")
"""Keywords written alone (``flying``, and ``ward`` or ``equip`` without their cost)."""
NUMBERED: frozenset[str] = _names("n")
"""Keywords followed by a number (``annihilator 2``)."""
WITH_TEXT: frozenset[str] = _names("cost")
"""Keywords followed by a cost or text (``ward {2}``, ``enchant creature``)."""
KEYWORD_NAMES: frozenset[str] = NO_PARAM | NUMBERED | WITH_TEXT
"""Every keyword name (CR 702), lower case."""

KEYWORD_COUNTERS: frozenset[str] = frozenset({
    "flying", "first strike", "double strike", "deathtouch", "decayed", "exalted", "haste",
    "hexproof", "indestructible", "lifelink", "menace", "reach", "shadow", "trample",
    "vigilance"})
"""Keyword counters (CR 122.1b): a permanent with one or more of these counters on it has
that keyword ability (the counter is named as the keyword is, ``first strike``)."""

_BY_LENGTH = sorted(KEYWORD_NAMES, key=len, reverse=True)
_LANDWALK = re.compile(r"^((?:nonbasic |legendary |snow |artifact )?)([a-z' -]*?)walk$")
_TYPED = re.compile(r"^([a-z' -]+?)(cycling| offering)(?: (.+))?$")
_QUALITIES = frozenset({"everything", "all colors", "each color", "the chosen color",
                        "the chosen player", "multicolored", "monocolored", "colorless",
                        "the color of your choice", "all", "players", "each of your opponents",
                        "instants", "sorceries", "abilities"})
_LAND_WORDS = {t.casefold(): t for t in LAND_TYPES}


def landwalk_land(keyword: str) -> str | None:
    """The land type of a landwalk keyword naming one (``desertwalk`` → ``Desert``, CR
    702.14a), or None (a non-landwalk keyword, or landwalk of a quality: ``nonbasic
    landwalk``, ``snow swampwalk``)."""
    m = _LANDWALK.match(keyword)
    if m is None or m.group(1):
        return None
    return _LAND_WORDS.get(m.group(2))


class UnknownKeyword(ValueError):
    """Not a keyword ability of CR 702 (or a bad parameter)."""


def _quality(text: str) -> bool:
    """Is ``text`` something protection or hexproof can be from?"""
    parts = re.split(r",? and from |, from |,? and |, or |,? or ", text)
    for part in parts:
        p = part.strip()
        if p.startswith("non"):
            p = p[3:].lstrip("-")
        if not (p in COLOR_WORDS or p in _QUALITIES or is_type_word(p)
                or all(is_type_word(w) or w in COLOR_WORDS for w in p.split())):
            return False
    return bool(parts)


def _variant(low: str, stripped: str) -> str | None:
    """The typed variants: ``islandwalk``, ``plainscycling {2}``, ``goblin offering``."""
    m = _LANDWALK.match(low)
    if m and (m.group(2) in _LAND_WORDS or m.group(2) in ("land", "")):
        return low
    m = _TYPED.match(low)
    if m and (m.group(1) in ("land", "basic land") or is_type_word(m.group(1))):
        if m.group(3) is None:
            return low
        head = low[:m.end(2)]
        return _param(head.strip(), stripped[len(head):].strip(), stripped, named=False)
    return None


def _param(name: str, rest: str, original: str, *, named: bool = True) -> str:
    """The canonical form of ``name`` followed by parameter text ``rest`` (``named``: a
    listed keyword name, not a typed variant that takes a cost)."""
    if not rest:
        if name in NO_PARAM:
            return name
        raise UnknownKeyword(f"keyword {name!r} needs a parameter, got {shown(original)}")
    body = rest.lstrip("—- ").strip()
    if name in NUMBERED and re.fullmatch(r"\d+|X", body):
        if body != "X" and (len(body) > 7 or int(body) > MAX_KEYWORD_NUMBER):
            raise UnknownKeyword(f"{name} {body[:10]}: the number must be at most "
                                 f"{MAX_KEYWORD_NUMBER}")
        return f"{name} {body}"
    if named and name not in WITH_TEXT:
        what = "a number" if name in NUMBERED else "no parameter"
        raise UnknownKeyword(f"keyword {name!r} takes {what}, got {shown(original)}")
    if name in ("protection", "hexproof"):
        low = body.lower()
        if not low.startswith("from ") or not _quality(low[5:]):
            raise UnknownKeyword(f"{shown(original)}: {name} is 'from' a colour, a card type "
                                 "or subtype, or 'everything'")
        return f"{name} {low}"
    if name == "enchant":
        return f"enchant {body.lower()}"
    if re.fullmatch(r"(\{[^{}]*\})+", body):
        check_cost(body, allow_x=True)
    return f"{name}{rest}" if rest.startswith(("—", "-")) else f"{name} {body}"


def canonical_keyword(text: str) -> str:
    """The canonical (lower-case, as printed) form of a keyword ability; raises
    :class:`UnknownKeyword` with the closest names otherwise."""
    stripped = " ".join(text.split())
    low = stripped.lower()
    for name in _BY_LENGTH:
        if low == name or (low.startswith(name) and low[len(name)] in " —-"):
            return _param(name, stripped[len(name):].strip(), text)
    found = _variant(low, stripped)
    if found is not None:
        return found
    raise UnknownKeyword(f"unknown keyword {shown(text)} (keywords are CR 702 keyword "
                         "abilities, written in lower case as printed)"
                         f"{closest(low, KEYWORD_NAMES)}")
