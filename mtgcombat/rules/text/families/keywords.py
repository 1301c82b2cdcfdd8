"""Keyword lines (CR 702): which printed keywords have their combat rules modelled.

A keyword line (``Flying, vigilance``) adds its keywords to the card. A keyword whose rules
act in combat is *modelled* when the engine applies those rules (flying, menace, protection
from a colour, toxic N, landwalk of a land type, ...), when it compiles to effects here
(decayed: can't block; unleash: can't block with a +1/+1 counter; enlist: an optional cost to
attack; exalted, battle cry, melee, bushido N, rampage N and frenzy N: the damage engine's
bonuses; afflict N: its life loss), or when everything it does is board state the board
records once its trigger resolved (:data:`RECORDED`: myriad's and mobilize's tokens,
annihilator's sacrifices, mentor's, training's and dethrone's +1/+1 counters); those carry a note
saying so. A printed provoke is an ability whose resolution the board records with its target
(:func:`keyword_resolution`). Other combat keywords are reported as unmodelled; keywords that
don't act in combat (flash, ward, cycling, ...) are simply listed.
"""

from __future__ import annotations

import re

from mtgcombat.errors import BoardError
from mtgcombat.rules.effects import (
    KEYWORDS,
    SELF,
    CantBlock,
    Effect,
    MustBlockAttackers,
    OptionalAttackCost,
    Selector,
)
from mtgcombat.rules.keywords import KEYWORD_NAMES, canonical_keyword, landwalk_land
from mtgcombat.rules.protection import qualities, quality_matches
from mtgcombat.rules.text.classify import COMBAT_KEYWORDS

_SPLIT = re.compile(r"[,;]\s+")
_KEYWORD_EFFECTS: dict[str, tuple[Effect, ...]] = {
    "decayed": (CantBlock(),),
    "unleash": (CantBlock(affects=Selector(which="self", counter="+1/+1")),),
    "enlist": (OptionalAttackCost(name="enlist"),),
}
"""Keywords that compile to effects of the vocabulary rather than to engine rules."""
_ENGINE_RULES = re.compile(r"toxic \d+|exalted|battle cry|melee|"
                           r"(?:bushido|rampage|frenzy|afflict) \d+")
"""Parameterised and triggered keywords the combat damage engine applies
(:mod:`mtgcombat.damage.keywords`)."""
_TOKENS = ("its tokens, put onto the battlefield tapped and attacking, are permanents the "
           "board lists with their attack once the trigger resolved")
_PLUS_ONE = ("its +1/+1 counter is in the board's counters once the trigger resolved (it "
             "resolves in the declare attackers step, before blockers are declared)")
RECORDED: dict[str, str] = {
    "myriad": _TOKENS + " (CR 702.116a)",
    "mobilize": _TOKENS,
    "annihilator": ("the permanents the defending player sacrificed are gone from the board "
                    "once the trigger resolved, before blockers are declared (CR 702.86a)"),
    "mentor": _PLUS_ONE.replace("its", "its target's", 1) + " (CR 702.134a)",
    "training": _PLUS_ONE + " (CR 702.149a)",
    "dethrone": _PLUS_ONE + " (CR 702.105a)",
}
"""Keywords whose every effect is board state (tokens, counters, sacrificed permanents):
keyword name → what the board records once its trigger resolved."""
CHARACTERISTIC_KEYWORDS: frozenset[str] = frozenset({"changeling"})
"""Keywords the derived characteristics apply (changeling: every creature type, CR 702.73a;
:mod:`mtgcombat.board.characteristics`)."""


_STARTS = tuple(sorted(KEYWORD_NAMES, key=len, reverse=True))
_VARIANT = re.compile(r"^[a-z' -]*(?:walk|cycling| offering)\b")


def _may_be_keyword(part: str) -> bool:
    """A cheap test before :func:`canonical_keyword` (which explains its refusals)."""
    low = part.lower()
    if ": " in part:  # an activated ability (Warp-Strike — {3}: ...), not a keyword
        return False
    return low.startswith(_STARTS) or bool(_VARIANT.match(low))


def split_keyword_line(line: str) -> tuple[list[str], list[str]] | None:
    """A keyword line's canonical keywords and the parts that name a keyword but whose
    parameter isn't understood (``protection from converted mana cost 3 or greater``); None
    when the line isn't a keyword line (a part names no keyword, or none parses)."""
    text = line.rstrip(".").strip()
    if not text:
        return None
    out: list[str] = []
    odd: list[str] = []
    for part in _SPLIT.split(text):
        if not _may_be_keyword(part):
            return None
        try:
            out.append(canonical_keyword(part))
        except ValueError:  # UnknownKeyword, or a bad cost in its parameter
            odd.append(part)
    return (out, odd) if out else None


def parse_keyword_line(line: str) -> list[str] | None:
    """The canonical keywords of a keyword line, or None when it isn't one or a part of it
    doesn't parse."""
    split = split_keyword_line(line)
    return split[0] if split is not None and not split[1] else None


def _protection_modelled(keyword: str) -> bool:
    try:
        for q in qualities([keyword]):
            quality_matches(q, frozenset(), frozenset(), frozenset())
    except BoardError:
        return False
    return True


def keyword_name(keyword: str) -> str:
    """A canonical keyword's name without its parameter (``toxic 2`` → ``toxic``)."""
    if keyword.startswith(("protection", "hexproof")):
        return keyword.split(" ", 1)[0]
    for name in sorted(COMBAT_KEYWORDS, key=len, reverse=True):
        if keyword == name or keyword.startswith(name + " "):
            return name
    if keyword.endswith("walk"):
        return "landwalk"
    return re.split(r"[ —{]", keyword, maxsplit=1)[0]


def recorded_note(keyword: str) -> str | None:
    """What the board records of a :data:`RECORDED` keyword's effects, or None."""
    return RECORDED.get(keyword_name(keyword))


def keyword_status(keyword: str) -> str:
    """``modelled``, ``unmodelled`` (its combat rules aren't applied) or ``not_combat``."""
    if keyword in KEYWORDS or keyword in _KEYWORD_EFFECTS or _ENGINE_RULES.fullmatch(keyword):
        return "modelled"
    if keyword in CHARACTERISTIC_KEYWORDS or landwalk_land(keyword) is not None:
        return "modelled"
    if recorded_note(keyword) is not None and (keyword_name(keyword) not in _NUMBERED
                                               or _NUMBER.fullmatch(keyword)):
        return "modelled"
    if keyword.startswith("protection from "):
        return "modelled" if _protection_modelled(keyword) else "unmodelled"
    if keyword_name(keyword) in COMBAT_KEYWORDS or keyword.endswith("walk"):
        return "unmodelled"
    return "not_combat"


def keyword_effects(keyword: str) -> tuple[Effect, ...]:
    """The effects a keyword compiles to (most keywords have none: the engine applies them)."""
    return _KEYWORD_EFFECTS.get(keyword, ())


_NUMBERED = frozenset({"annihilator", "mobilize"})
_NUMBER = re.compile(r"[a-z]+ \d+")
"""A numbered keyword with a number (``mobilize X`` is not one: its X isn't recorded)."""

PROVOKE: tuple[Effect, ...] = (
    MustBlockAttackers(blockers=Selector(which="targets"), attackers=SELF),)
"""Provoke's resolution (CR 702.39a: "you may have target creature defending player controls
untap and block it if able"): its target blocks the creature if able; that it untapped is in
the board's ``tapped``."""


def keyword_resolution(keyword: str) -> tuple[Effect, ...] | None:
    """What a printed keyword's triggered ability does when it resolves, for a keyword the
    board records the resolutions of with their targets (provoke), or None."""
    return PROVOKE if keyword == "provoke" else None
