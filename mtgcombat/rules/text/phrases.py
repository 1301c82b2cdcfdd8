"""Noun phrases of oracle text → selectors: which permanents a sentence speaks of.

:func:`selector` reads phrases such as ``~``, ``enchanted creature``, ``other Goblins you
control``, ``nonblack creatures``, ``creatures with flying your opponents control``,
``each creature with power 2 or less`` or ``target creature`` and returns the
:class:`~mtgcombat.rules.effects.Selector` they mean, or None when any word is not understood
(the sentence is then reported as unmodelled, never guessed).
"""

from __future__ import annotations

import re
from typing import Any

from mtgcombat.rules.colors import COLOR_WORDS
from mtgcombat.rules.effects import SELF, Selector
from mtgcombat.rules.keywords import canonical_keyword
from mtgcombat.rules.types import CARD_TYPES, SUBTYPES

NUMBER_WORDS: dict[str, int] = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10,
}
"""Number words of oracle text → their value."""

_TYPES = {t.casefold(): t for t in CARD_TYPES}
_SUBTYPES = {s.casefold(): s for s in SUBTYPES}
_IRREGULAR = {"elves": "elf", "dwarves": "dwarf", "wolves": "wolf", "werewolves": "werewolf",
              "mice": "mouse", "fungi": "fungus", "octopi": "octopus", "sphinxes": "sphinx",
              "foxes": "fox", "lynxes": "lynx", "allies": "ally", "faeries": "faerie",
              "zombies": "zombie", "homunculi": "homunculus", "leeches": "leech",
              "ox": "ox", "oxen": "ox", "mercenaries": "mercenary", "harpies": "harpy"}
_SELF_PHRASES = {"~", "it", "this creature"}
_ATTACHED = re.compile(r"^(?:the )?(?:enchanted|equipped|fortified) (?:creature|permanent|land|"
                       r"artifact|planeswalker)$")
_CONTROLLERS: tuple[tuple[str, str], ...] = (
    (" you control", "you"), (" you don't control", "not_you"),
    (" your opponents control", "opponents"),
    (" an opponent controls", "opponents"), (" defending player controls", "opponents"),
    (" that player controls", "targeted_player"), (" target player controls", "targeted_player"),
    (" target opponent controls", "targeted_player"),
    (" enchanted player controls", "enchanted_player"),
)


PT_CHANGE = r"(?P<p>[+\-−]\d+)/(?P<t>[+\-−]\d+)"
"""A power/toughness change (``+1/+0``, ``-2/−2``) as pattern groups ``p`` and ``t``; read each
with :func:`signed`."""


def signed(text: str) -> int:
    """A signed amount of a power/toughness change, the minus sign ASCII or typographic."""
    return int(text.replace("−", "-"))


def number(word: str) -> int | None:
    """A number written as digits or a word (``two`` → 2), or None."""
    w = word.casefold()
    if w.isdigit() and len(w) <= 6:
        return int(w)
    return NUMBER_WORDS.get(w)


def singular(word: str) -> str:
    """A plural noun's singular (``Goblins`` → ``goblin``, ``Elves`` → ``elf``), lower case."""
    w = word.casefold()
    if w in _IRREGULAR:
        return _IRREGULAR[w]
    for cut in ("ies", "es", "s"):
        if w.endswith(cut) and len(w) > len(cut) + 1:
            stem = w[: -len(cut)] + ("y" if cut == "ies" else "")
            if stem in _SUBTYPES or stem in _TYPES or stem in ("creature", "permanent"):
                return stem
    if w.endswith("s") and (w[:-1] in _SUBTYPES or w[:-1] in _TYPES):
        return w[:-1]
    return w


def subtype_word(word: str) -> str | None:
    """The subtype a (singular or plural) word names, or None."""
    return _SUBTYPES.get(singular(word)) or _SUBTYPES.get(word.casefold())


def type_word(word: str) -> str | None:
    """The card type a (singular or plural) word names, or None."""
    return _TYPES.get(singular(word)) or _TYPES.get(word.casefold())


def keyword_list(text: str) -> list[str] | None:
    """Keywords written as a list (``flying``, ``flying and first strike``, ``flying,
    vigilance, and haste``) in canonical form, or None when one is not a keyword."""
    parts = [p.strip() for p in re.split(r",\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+", text)
             if p.strip()]
    out: list[str] = []
    for p in parts:
        try:
            out.append(canonical_keyword(p))
        except ValueError:  # UnknownKeyword, or a bad cost in its parameter
            return None
    return out or None


def _with_clause(rest: str, fields: dict[str, Any]) -> bool:
    """Reads ``with ...`` / ``without ...`` filters into ``fields``; False when not understood."""
    m = re.fullmatch(r"with power (\d+) or (greater|less)", rest)
    if m:
        n = int(m.group(1))
        if m.group(2) == "greater":
            fields["power_greater_than"] = n - 1
        else:
            fields["power_less_than"] = n + 1
        return True
    m = re.fullmatch(r"with (?:a|one or more) ([+\-]\d/[+\-]\d|[a-z]+) counters? on (?:it|them)",
                     rest) or re.fullmatch(r"with ([+\-]\d/[+\-]\d|[a-z]+) counters on them", rest)
    if m:
        fields["counter"] = m.group(1)
        return True
    m = re.fullmatch(r"with greater power", rest)
    if m:
        fields["power_greater_than"] = "source"
        return True
    m = re.fullmatch(r"(with|without) (.+)", rest)
    if m:
        kws = keyword_list(m.group(2))
        if kws is None:
            return False
        key = "keywords_any" if m.group(1) == "with" else "keywords_none"
        if m.group(1) == "with" and " and " in m.group(2):
            return False  # "with flying and reach": both, not either
        fields[key] = kws
        return True
    return False


def _adjective(word: str, fields: dict[str, Any]) -> bool:
    """Reads one adjective (colour, type, subtype, tapped, non-...) into ``fields``."""
    w = word.casefold()
    if w in COLOR_WORDS:
        fields.setdefault("colors_any", []).append(COLOR_WORDS[w])
        return True
    if w in ("tapped", "untapped"):
        fields["tapped"] = w == "tapped"
        return True
    if w in ("equipped", "enchanted"):
        fields["has_attached"] = "Equipment" if w == "equipped" else "Aura"
        return True
    if w == "nontoken":
        fields["token"] = False
        return True
    if w == "colorless":
        fields.setdefault("colors_none", []).extend(COLOR_WORDS.values())
        return True
    if w == "attacking":
        fields["attacking"] = "any"
        return True
    if w == "blocking":
        fields["blocking"] = True
        return True
    if w == "multicolored":
        fields["multicolored"] = True
        return True
    if w.startswith("non"):
        base = w[3:].lstrip("-")
        if base in COLOR_WORDS:
            fields.setdefault("colors_none", []).append(COLOR_WORDS[base])
            return True
        if base in _TYPES:
            fields.setdefault("types_none", []).append(_TYPES[base])
            return True
        if base in _SUBTYPES:
            fields.setdefault("subtypes_none", []).append(_SUBTYPES[base])
            return True
        return False
    if w in _TYPES:
        fields.setdefault("types", []).append(_TYPES[w])
        return True
    if w in _SUBTYPES:
        fields.setdefault("subtypes_any", []).append(_SUBTYPES[w])
        return True
    return False


def _suffixes(p: str, low: str, fields: dict[str, Any]) -> tuple[str, str, bool]:
    """Reads a trailing ``that are enchanted`` / ``that are equipped`` and ``of the chosen
    type`` / ``of the chosen color`` into ``fields``: the rest of the phrase (as written and
    folded), and whether ``that are ...`` was read."""
    state = re.search(r" that are (enchanted|equipped)$", low)
    if state and _adjective(state.group(1), fields):
        p, low = p[: state.start()], low[: state.start()]
    chosen = re.search(r" of the chosen (type|color)$", low)
    if chosen:
        fields["chosen_type" if chosen.group(1) == "type" else "chosen_color"] = True
        p, low = p[: chosen.start()], low[: chosen.start()]
    return p, low, state is not None


def _fits(fields: dict[str, Any], head: str, hs: str, state: bool) -> bool:
    """Do the filters read fit the head noun? "Enchanted creature you control" (singular) is
    the one an Aura enchants, no group; "permanents of the chosen type" is a chosen card
    type, not a creature type."""
    if "has_attached" in fields and not state and hs == head.casefold():
        return False
    return not (fields.get("chosen_type") and hs != "creature")


def _either_color(words: list[str]) -> list[str]:
    """Adjectives with "or" between two colours dropped (``blue or red``: either colour is
    ``colors_any`` already); any other "or" is kept (and not understood)."""
    low = [w.casefold() for w in words]
    return [w for k, w in enumerate(words)
            if not (low[k] == "or" and 0 < k < len(words) - 1
                    and low[k - 1] in COLOR_WORDS and low[k + 1] in COLOR_WORDS)]


def _head(head: str, hs: str, fields: dict[str, Any]) -> bool:
    """Reads the head noun (``creatures``, ``tokens``, ``Goblins``, ``artifacts``, its
    singular ``hs``) into ``fields``; False when it names no kind of permanent."""
    if hs in ("creature", "permanent"):
        if hs == "creature":
            fields.setdefault("types", []).append("Creature")
    elif hs in ("token", "tokens"):
        fields["token"] = True
    elif (sub := subtype_word(head)) is not None:
        fields.setdefault("subtypes_any", []).append(sub)
    elif (kind := type_word(head)) is not None:
        fields.setdefault("types", []).append(kind)
    else:
        return False
    return True


_UNION = re.compile(r"[\w'-]+(?:, [\w'-]+)*,? and [\w'-]+")


def _subtype_union(p: str) -> tuple[str, list[str]]:
    """A phrase that is only plural subtypes joined by "and" (``Wolves and Werewolves``,
    ``Elves, Druids, and Shamans``: each permanent of any of them): a placeholder head
    (``permanents``) and the subtypes, or ``p`` itself and no subtypes. Adjectives before
    such a list ("black Zombies and Skeletons") are left unread: which nouns they qualify
    is ambiguous."""
    if _UNION.fullmatch(p) is None:
        return p, []
    words = [w for w in re.split(r",\s*(?:and\s+)?|\s+and\s+", p) if w]
    subs = [subtype_word(w) for w in words]
    if (len(words) < 2 or None in subs
            or all(singular(w) == w.casefold() for w in words)):  # "Goblin and Orc": no group
        return p, []
    return "permanents", sorted({s for s in subs if s})


def selector(phrase: str) -> Selector | None:
    """The selector a noun phrase means, or None when it is not understood."""
    p = " ".join(phrase.strip().split())
    low = p.casefold()
    if low in _SELF_PHRASES:
        return SELF
    if _ATTACHED.match(low):
        return Selector(which="attached")
    fields: dict[str, Any] = {}
    definite = low.startswith("the ")  # "the creature", "the token": a back-reference
    for article in ("each ", "all ", "the ", "a ", "an "):
        if low.startswith(article):
            p, low = p[len(article):], low[len(article):]
            break
    if low.startswith(("other ", "another ")):
        fields["which"] = "others"
        p = p.split(" ", 1)[1]
        low = p.casefold()
    elif low.startswith("target "):
        fields["which"] = "targets"
        p = p[len("target "):]
        low = p.casefold()
    for clause, who in _CONTROLLERS:
        at = low.find(clause)
        if at >= 0 and (at + len(clause) == len(low) or low[at + len(clause)] == " "):
            fields["controller"] = who
            p = p[:at] + p[at + len(clause):]
            low = low[:at] + low[at + len(clause):]
            break
    p, low, state = _suffixes(p, low, fields)
    m = re.search(r" (with|without) ", low)
    if m:
        if not _with_clause(low[m.start() + 1:], fields):
            return None
        p, low = p[: m.start()], low[: m.start()]
    p, union = _subtype_union(p)
    if not (words := p.split()):
        return None
    head = words[-1]
    hs = singular(head)
    if union:
        fields["subtypes_any"] = union
    elif not _head(head, hs, fields):
        return None
    for w in _either_color(words[:-1]):
        if not _adjective(w, fields):
            return None
    if not _fits(fields, head, hs, state) or (definite and hs == head.casefold()):
        return None
    fields = {k: (sorted(set(v)) if isinstance(v, list) else v) for k, v in fields.items()}
    try:
        return Selector(**fields)
    except ValueError:
        return None
