"""Which sentences can matter to combat: the classifier behind "unmodelled" reports.

A sentence the compiler can't model is reported only if it *can matter to combat*: to which
creatures may or must attack or block, to costs to attack or block, or to combat damage.
The test is on the sentence's effect (for a triggered ability, the part after its trigger
condition; for an activated ability, the part after its cost), in this order:

1. **Combat words**: attacking or blocking (``can't attack``, ``blocks each combat``,
   ``can't be blocked``, ``attacking creatures``, ``defending player``), costs to attack or
   block, ``combat damage``, removal from combat, creatures put onto the battlefield attacking.
2. **Power and toughness**: ``+N/+N``, ``-N/-N``, ``base power``, ``power and toughness are``,
   ``power is equal to``: they change how much combat damage a creature deals and survives.
3. **Keywords with combat rules** gained, had or lost (``creatures you control have flying``,
   ``loses defender``), protection (``protection from``), and damage prevention
   (``prevent ... damage``), which acts on combat damage.

Anything else is not reported: card draw, tokens that don't enter attacking, life gain,
counters, discard, mana that only casts spells, and one-shot changes whose result the board
file records itself (tapping and untapping, goad as ``goaded_by``, damage already dealt,
destruction). A triggered ability whose trigger is combat damage ("whenever ~ deals combat
damage to a player, draw a card") acts after the damage and is not reported unless its
effect itself matches one of the rules above.
"""

from __future__ import annotations

import re

from mtgcombat.rules.effects import KEYWORDS
from mtgcombat.rules.text.sentences import Sentence

_COMBAT_KEYWORD_WORDS = sorted(
    {k for k in KEYWORDS if not k.startswith("protection")}
    | {"landwalk", "bushido", "rampage", "exalted", "battle cry", "provoke", "afflict",
       "melee", "myriad", "annihilator", "dethrone", "training", "mentor", "frenzy",
       "banding", "changeling", "decayed", "unleash", "enlist", "mobilize", "toxic",
       "menace"}, key=len, reverse=True)

_RULES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("attack_cost", re.compile(r"can't (?:attack|block)[^.]*unless[^.]*\bpays?\b", re.I)),
    ("attack_restriction", re.compile(
        r"can't attack|can attack only|no more than \w+ creatures? can attack|"
        r"attack(?:s)? alone|can only attack", re.I)),
    ("attack_requirement", re.compile(r"attacks? each (?:combat|turn)|attack[^.]*if able|"
                                      r"must attack|\bgoad", re.I)),
    ("block_requirement", re.compile(r"blocks? each (?:combat|turn)|block[^.]*if able|"
                                     r"must be blocked|able to block", re.I)),
    ("evasion", re.compile(r"can't be blocked|unblockable", re.I)),
    ("block_capacity", re.compile(r"can block (?:an )?(?:additional|any number)", re.I)),
    ("block_restriction", re.compile(r"can't block|can block only|"
                                     r"no more than \w+ creatures? can block", re.I)),
    ("combat_trigger", re.compile(r"tapped and attacking|attacking or blocking|"
                                  r"remove[sd]? [^.]*from combat|"
                                  r"\battacking\b|\bblocking\b|\bblocked\b|\bblockers?\b|"
                                  r"\battackers?\b|defending player", re.I)),
    ("damage", re.compile(r"combat damage|prevent[^.]*damage|damage[^.]*prevented|"
                          r"assigns? [^.]*damage", re.I)),
    ("characteristic", re.compile(r"base power|power and toughness (?:are|is)|"
                                  r"power (?:is|are) (?:each )?equal|"
                                  r"toughness (?:is|are) (?:each )?equal", re.I)),
    ("pump", re.compile(r"[+\-−](?:\d+|X)/[+\-−](?:\d+|X)", re.I)),
    ("anthem", re.compile(r"\b(?:have|has|gain|gains|lose|loses)\b[^.]*\b(?:"
                          + "|".join(re.escape(k) for k in _COMBAT_KEYWORD_WORDS)
                          + r"|protection from)", re.I)),
    ("keywords", re.compile(r"protection from", re.I)),
)
_STATE = re.compile(r"^(?:put|distribute|remove|move) [^.]*\bcounters?\b|"
                    r"^~ enters with [^.]*\bcounters?\b|^(?:tap|untap) ", re.I)
"""One-shot effects whose result the board records (counters, tapped state)."""
_TRIGGER_HEAD = re.compile(r"^(?:when|whenever|at)\b[^,]*,\s*", re.I)
_COMBAT_DAMAGE_TRIGGER = re.compile(r"^whenever [^,]* deals? combat damage", re.I)


def effect_text(sentence: Sentence) -> str:
    """The part of a sentence that says what happens (a trigger condition dropped)."""
    text = sentence.norm
    if sentence.kind == "triggered":
        return _TRIGGER_HEAD.sub("", text, count=1)
    return text


def combat_family(sentence: Sentence) -> str | None:
    """The template family of a sentence that can matter to combat, or None when it can't
    (see the module's rules)."""
    text = effect_text(sentence)
    if sentence.kind == "triggered" and _COMBAT_DAMAGE_TRIGGER.match(sentence.norm):
        text = _TRIGGER_HEAD.sub("", sentence.norm, count=1)
    if _STATE.search(text):
        return None
    for family, rule in _RULES:
        if rule.search(text):
            return family
    return None


COMBAT_KEYWORDS: frozenset[str] = frozenset(_COMBAT_KEYWORD_WORDS)
"""Keyword names whose rules act in combat (modelled or not)."""
