"""Which sentences can matter to combat: the classifier behind "unmodelled" reports.

A sentence the compiler can't model is reported only if it *can matter to combat*: to which
creatures may or must attack or block, to costs to attack or block, or to combat damage.
The test is on the sentence's *effect*: an ability word (``Landfall — ``) and a trigger
condition (``Whenever ~ attacks, ``) are dropped, and so is an activated ability's cost. So a
trigger on combat damage ("whenever ~ deals combat damage to a player, draw a card") acts after
the damage and is reported only if its effect itself is combat text. Then, in this order:

1. **Not effects**: when a spell may be cast or an ability activated (``Cast ~ only during
   combat``, ``Activate only before blockers are declared``) is never reported.
2. **Counters**: keyword counters (``put a flying counter on it``, CR 122.1b) are combat
   text (they grant keywords; the sentences the ``counters`` templates read as board state
   are modelled before this), and so are power/toughness counters other than
   +1/+1 and -1/-1 (``seven +1/+0 counters``). Other counters put, moved or removed,
   tapping, untapping and goading (``Goad target creature``) are one-shot changes the board
   records itself (``counters``, ``tapped``, ``goaded_by``): not reported. A +1/+1 or -1/-1
   counter elsewhere in a sentence is board state, not a power/toughness change.
3. **Tokens**: a sentence that creates tokens is reported when they enter attacking;
   otherwise only what it does after ``then`` counts (the tokens' own text, quoted, doesn't).
4. **Mana** (``Add {G}``): mana abilities can pay costs to attack or block, unless another
   sentence of the ability says the mana can only cast spells or activate abilities.
5. **Combat words**: costs to attack or block (``can't attack you ... unless their controller
   pays``), restrictions and requirements (``can't attack``, ``attacks each combat if able``,
   ``can't block``, ``blocks each combat if able``, ``must be blocked``, ``only ... can
   attack``), evasion (``can't be blocked``), blocking more creatures. Then attacking and
   blocking creatures, attackers, blockers and the defending player: reported, except in a
   sentence whose effect acts outside combat (draw, discard, mill, scry, life gained or
   lost, tokens, destroying, exiling, returning or sacrificing, noncombat damage and
   fights, cost reductions, countering a spell; ``Destroy target attacking creature``)
   unless it changes the combat itself (creatures put onto the battlefield attacking,
   removal from combat, blocks made or undone).
6. **Combat damage**: ``combat damage`` (not ``noncombat damage``), damage prevention
   (``prevent ... damage``, ``damage can't be prevented``), damage assignment, and damage
   replaced (``damage that would be dealt to you ... is dealt to ~ instead``). The
   damage prevented "this way" by another sentence is that sentence's business.
7. **Characteristics**: ``base power``, ``power and toughness are``, ``power is equal to``,
   and type changes (``is a Frog creature``, ``becomes a 4/4 ... creature``).
8. **Power and toughness**: ``+N/+N``, ``-N/-N``: they change how much combat damage a
   creature deals and survives.
9. **Keywords with combat rules** gained, had or lost (``creatures you control have flying``,
   ``loses defender``), protection (``protection from``), and a permanent entering with such a
   keyword (``enters ... with flying``).

Anything else is not reported: card draw, tokens that don't enter attacking, life gain,
counters, discard, mana that only casts spells, and one-shot changes whose result the board
file records itself (tapping and untapping, goad, damage already dealt, destruction).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from mtgcombat.rules.effects import KEYWORDS
from mtgcombat.rules.text.sentences import Sentence

_COMBAT_KEYWORD_WORDS = sorted(
    {k for k in KEYWORDS if not k.startswith("protection")}
    | {"landwalk", "bushido", "rampage", "exalted", "battle cry", "provoke", "afflict",
       "melee", "myriad", "annihilator", "dethrone", "training", "mentor", "frenzy",
       "banding", "changeling", "decayed", "unleash", "enlist", "mobilize", "toxic",
       "menace"}, key=len, reverse=True)

_RULES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("mana", re.compile(r"^add (?:\{|one|two|three|four|five|x |an amount|that much|"
                        r"mana|\w+ mana)", re.I)),
    ("block_cost", re.compile(r"can't block[^.]*unless[^.]*\bpays?\b", re.I)),
    ("attack_cost", re.compile(r"can't attack[^.]*unless[^.]*\bpays?\b", re.I)),
    ("attack_restriction", re.compile(
        r"can't attack|can attack only|no more than \w+ creatures? can attack|"
        r"attack(?:s)? alone|can only attack|\bonly [^.]*\bcan attack", re.I)),
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
    ("damage", re.compile(r"(?<!non)combat damage|prevent[^.]*damage|damage[^.]*prevented|"
                          r"assigns? [^.]*damage|"
                          r"\bwould (?:deal|be dealt)\b(?![^.]*noncombat)[^.]*\binstead\b", re.I)),
    ("characteristic", re.compile(r"base power|power and toughness (?:are|is)|"
                                  r"power (?:is|are) (?:each )?equal|"
                                  r"toughness (?:is|are) (?:each )?equal", re.I)),
    ("characteristic", re.compile(r"\b(?:is|are) (?:a |an |every )?[A-Z][\w'-]*"
                                  r"(?: [A-Z][\w'-]*)*(?: in addition to (?:its|their) other "
                                  r"(?:land |creature )?types)?\.?$|"
                                  r"\b[Bb]ecomes? (?:a|an) [\w'/+ -]*\b"
                                  r"(?:creature|[A-Z][\w'-]*)\b")),
    ("pump", re.compile(r"[+\-−](?:\d+|X)/[+\-−](?:\d+|X)", re.I)),
    ("anthem", re.compile(r"\b(?:have|has|gain|gains|lose|loses)\b[^.]*\b(?:"
                          + "|".join(re.escape(k) for k in _COMBAT_KEYWORD_WORDS)
                          + r"|protection from)", re.I)),
    ("keywords", re.compile(r"protection from|\benters? [^.]*\bwith (?:[^.]* )?(?:"
                            + "|".join(re.escape(k) for k in _COMBAT_KEYWORD_WORDS)
                            + r")\b", re.I)),
)
_STATE = re.compile(r"^(?:put|distribute|remove|move) [^.]*\bcounters?\b|"
                    r"^~ enters with [^.]*\bcounters?\b|^(?:tap|untap) |^(?:you may )?goad\b",
                    re.I)
"""One-shot effects whose result the board records (counters, tapped state, goad)."""
_TRIGGER_HEAD = re.compile(r"^(?:when|whenever|at)\b[^,]*,\s*", re.I)
_ABILITY_WORD = re.compile(r"^[A-Z][^—.:\"“]{0,40}? — ")
_RIDER = re.compile(r"^(?:activate|cast)\b[^.]*\bonly\b", re.I)
"""When a spell may be cast or an ability activated: not an effect."""
_COUNTER_PT = re.compile(r"\+1/\+1(?= counters?\b)|[\-−]1/[\-−]1(?= counters?\b)")
"""The counters the board records and the engine applies (CR 613.4c)."""
_ODD_COUNTER = re.compile(r"[+\-−](?:\d+|X)/[+\-−](?:\d+|X) counters?\b")
"""Other power/toughness counters (``+1/+0``), which the engine doesn't apply."""
_PREVENTED_THIS_WAY = re.compile(r"\bdamage (?:is )?prevented this way", re.I)
_CREATE = re.compile(r"^(?:you may )?creates? (?P<token>.*?)(?:,? then (?P<rest>.*))?$",
                     re.I)
_COMBAT_CHANGE = re.compile(
    r"tapped and attacking|\b(?:put|return|create)s?\b[^.]*\battacking\b|"
    r"\bfrom combat\b|\bbecomes? (?:un)?blocked\b|\bunblocked\b|"
    r"\bblocks? (?:an?|target|each|it|that|this|all|any)\b|\battackers?\b|\bblockers?\b",
    re.I)
"""Changes to the combat itself: creatures entering attacking, removed from combat, blocks."""
_NONCOMBAT = re.compile(
    r"\b(?:draws?|scry|surveil|mills?|discards?|gains? [^.]*\blife|loses? [^.]*\blife|"
    r"creates?|destroy|exile|sacrifices?|search|investigate|proliferate|return|add|"
    r"deals? [^.]*\bdamage|fights?|costs? [^.]*\bless|rather than pay|as though it had flash|"
    r"counter target)\b", re.I)
"""Effects that act outside combat (draw, life, tokens, removal, noncombat damage)."""


def effect_text(sentence: Sentence) -> str:
    """The part of a sentence that says what happens: an ability word and a trigger
    condition dropped, and a counter's ``+1/+1`` written ``P/T`` (a counter is board state)."""
    text = _ABILITY_WORD.sub("", sentence.norm, count=1)
    if sentence.kind == "triggered" or _TRIGGER_HEAD.match(text):
        text = _TRIGGER_HEAD.sub("", text, count=1)
    text = _PREVENTED_THIS_WAY.sub("that", _COUNTER_PT.sub("P/T", text))
    return text


def _created(text: str) -> str | None:
    """For a sentence that creates tokens, the part that can matter to combat ("" when none,
    None when the tokens enter attacking); ``text`` itself for other sentences."""
    m = _CREATE.match(text)
    if m is None:
        return text
    if re.search(r"\battacking\b", _QUOTED.sub("", m["token"])):
        return None
    return m["rest"] or ""


_SPELLS_ONLY_MANA = re.compile(r"^add\b", re.I)
_SPELLS_ONLY = re.compile(r"\bspend this mana only to (?:cast|activate)\b"
                          r"(?![^.]*\b(?:attack|block))", re.I)
"""Mana that can only cast spells or activate abilities can't pay costs to attack or block."""
_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”")


def combat_family(sentence: Sentence, card: Sequence[Sentence] = ()) -> str | None:
    """The template family of a sentence that can matter to combat, or None when it can't
    (see the module's rules); ``card`` is the card's sentences, for what another sentence of
    the same ability says (mana spent only on spells, also in ``sentence.limit``)."""
    text = effect_text(sentence)
    if _RIDER.match(text):
        return None
    if _SPELLS_ONLY_MANA.match(text) and (_SPELLS_ONLY.search(sentence.limit) or any(
            s.line == sentence.line and _SPELLS_ONLY.search(s.norm) for s in card)):
        return None
    if _KEYWORD_COUNTER.search(text):
        return "keywords"
    if _ODD_COUNTER.search(text):
        return "pump"
    if _STATE.search(text):
        return None
    rest = _created(text)
    if rest is None:
        return "combat_trigger"
    for family, rule in _RULES:
        if not rule.search(rest):
            continue
        if family == "combat_trigger" and _NONCOMBAT.search(rest) and \
                not _COMBAT_CHANGE.search(rest):
            continue
        return family
    return None


_KEYWORD_COUNTER = re.compile(r"\b(?:" + "|".join(re.escape(k) for k in _COMBAT_KEYWORD_WORDS)
                              + r") counters?\b", re.I)
"""Keyword counters (CR 122.1b): the board records them and the engine grants their keywords,
so a sentence putting them is combat text."""

COMBAT_KEYWORDS: frozenset[str] = frozenset(_COMBAT_KEYWORD_WORDS)
"""Keyword names whose rules act in combat (modelled or not)."""
