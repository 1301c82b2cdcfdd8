"""Oracle text → sentences: the units the combat-text compiler models or reports.

A card's text is split into abilities (one per line), reminder text in parentheses is dropped,
and each ability is split into sentences at a full stop that is outside quotes. Every way a
card names itself — its name, its short name before a comma (``Akroma`` for ``Akroma, Angel
of Wrath``), ``this creature``, ``this enchantment`` and the like — becomes ``~``.
An activated ability (``{2}, {T}: ...``) keeps its cost apart from its effect, and so does
a loyalty ability (``+1: ...``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Literal

from mtgcombat.rules.types import is_type_word

AbilityKind = Literal["static", "activated", "triggered", "spell", "keywords"]
"""How a sentence's ability works: a static ability, an activated one (cost: effect), a
triggered one (when / whenever / at), an instant's or sorcery's effect, or a keyword line."""

REMINDER = re.compile(r"\s*\([^()]*\)")
_SELF_WORDS = ("creature", "enchantment", "artifact", "land", "permanent", "Aura",
               "Equipment", "Vehicle", "token", "planeswalker", "battle", "card", "spell",
               "Fortification", "Saga", "Spacecraft", "Mount")
_SELF = re.compile(r"\b[Tt]his (?:" + "|".join(_SELF_WORDS) + r")\b")
_ACTIVATED = re.compile(r"^((?:[^:\"“]|\"[^\"]*\"|“[^”]*”)+?):\s+(.*)$")
_LOYALTY = re.compile(r"^\[?[+−\-]?(?:\d+|X)\]?:\s+")
_TRIGGER = re.compile(r"^(?:When|Whenever|At)\b", re.I)
_ABILITY_WORDS = (
    "adamant", "addendum", "alliance", "battalion", "bloodrush", "celebration", "channel",
    "chroma", "cohort", "constellation", "converge", "corrupted", "council's dilemma", "coven",
    "delirium", "descend 4", "descend 8", "domain", "eerie", "eminence", "enrage",
    "fateful hour", "fathomless descent", "ferocious", "flurry", "formidable", "grandeur",
    "hellbent", "heroic", "imprint", "inspired", "join forces", "kinship", "landfall",
    "lieutenant", "magecraft", "metalcraft", "morbid", "opus", "pack tactics", "paradox",
    "parley", "radiance", "raid", "rally", "renew", "repartee", "revolt", "secret council",
    "spell mastery", "strive", "survival", "sweep", "tempting offer", "threshold", "underdog",
    "undergrowth", "valiant", "void", "will of the council")
_ABILITY_WORD_SET = frozenset(_ABILITY_WORDS)


def _ability_word(line: str) -> str:
    """The ability word (CR 207.2c) starting ``line`` with its dash (``Landfall — ``), or "":
    it has no rules meaning, so the sentence is read without it."""
    head, dash, _ = line.partition(" — ")
    return line[:len(head) + 3] if dash and head.lower() in _ABILITY_WORD_SET else ""


_COST_START = re.compile(r"^(?:\{|[A-Z][a-z]+ |Pay |Sacrifice |Tap |Exile |Discard |Remove |"
                         r"Return |Put |Reveal |Collect |Forage|Exert |[+−\-]?\d|X:)")


SPREE_MODE = re.compile(r"^\+ (?:\{[^}]*\})+ — ")
"""The start of a Spree mode's line (``+ {1} — ``, CR 702.172): its additional cost."""
_LIMITS = ("Activate only", "Activate this ability only", "Spend this mana only",
           "This mana can't be spent", "Any player may activate")


@dataclass(frozen=True)
class Sentence:
    """One sentence of a card's text, self-references written ``~``.

    ``text`` is the sentence as printed (reminder text dropped); ``norm`` the same with
    self-references as ``~``; ``kind`` how its ability works; ``cost`` an activated ability's
    cost (normalised the same way); ``line`` the ability (line) it comes from, counting from 0.
    """

    text: str
    norm: str
    kind: AbilityKind
    line: int
    cost: str = ""
    mode: bool = False
    """A mode of a modal spell or ability (a bullet line): which mode was chosen is not
    recorded, so its effects can't be applied."""
    limit: str = ""
    """The sentences limiting an activated ability or its mana that follow it (``Activate
    only once each turn.``, ``Spend this mana only to cast creature spells.``), kept with the
    sentence they limit rather than on their own."""
    level: str = ""
    """The level heading the sentence is under (``LEVEL 2-4`` of a leveler, ``Level 2`` of a
    Class): it applies only at that level, which the board does not record."""


_NOT_SHORT = frozenset({"the", "lord", "lady", "king", "queen", "sir", "general", "captain",
                        "grand", "high", "old", "young", "elder", "great", "master", "mother",
                        "father", "brother", "sister", "saint", "doctor", "professor"})
"""First words of legendary names that are not the card's short name (``The Ur-Dragon``)."""


def self_names(name: str, *, legendary: bool = False) -> list[str]:
    """The ways a card's text names the card itself, longest first: each face's full name, the
    short name before a comma (``Akroma, Angel of Wrath`` → ``Akroma``) and, for a legendary
    card, its first word when that is a name (``Daxos of Meletis`` → ``Daxos``)."""
    names: set[str] = set()
    for face in name.split(" // "):
        face = face.strip()
        if not face:
            continue
        names.add(face)
        if "," in face:
            names.add(face.split(",", 1)[0].strip())
        elif legendary and " " in face:
            first = face.split(" ", 1)[0]
            if (len(first) >= 3 and first[0].isupper() and first.casefold() not in _NOT_SHORT
                    and not is_type_word(first)):
                names.add(first)
    return sorted(names, key=len, reverse=True)


def normalise(text: str, names: list[str]) -> str:
    """``text`` with every self-reference written ``~`` and spacing collapsed."""
    out = text
    for n in names:
        out = re.sub(r"(?<![\w'])" + re.escape(n) + r"(?![\w])", "~", out)
    out = _SELF.sub("~", out)
    return " ".join(out.split())


def _split_sentences(line: str) -> list[str]:
    """Sentences of one ability, split at full stops outside quotation marks."""
    parts: list[str] = []
    depth = 0
    start = 0
    for i, ch in enumerate(line):
        if ch in "\"“":
            depth = 0 if depth and ch == "\"" else depth + 1 if ch == "“" or not depth else 0
        elif ch == "”":
            depth = max(0, depth - 1)
        elif ch == "." and depth == 0 and (i + 1 == len(line) or line[i + 1] == " "):
            parts.append(line[start:i + 1].strip())
            start = i + 1
    tail = line[start:].strip()
    if tail:
        parts.append(tail)
    return [p for p in parts if p]


def _is_cost(head: str) -> bool:
    """Is ``head`` (the text before a colon) the cost of an activated or loyalty ability?"""
    return bool(_COST_START.match(head)) and not _TRIGGER.match(head) and len(head) < 160


def sentences(text: str, name: str, *, spell: bool = False, legendary: bool = False,
              keyword_lines: frozenset[int] = frozenset()) -> list[Sentence]:
    """The sentences of a card's ``text``. ``spell``: the card is an instant or sorcery, so its
    non-keyword sentences are the spell's effect. ``keyword_lines``: lines that are keyword
    lists (given by the corpus's keyword field). ``legendary``: the card is legendary (its first
    word may be its short name)."""
    names = self_names(name, legendary=legendary)
    out: list[Sentence] = []
    for i, raw in enumerate(text.split("\n")):
        line = " ".join(REMINDER.sub("", raw).split())
        if not line or line.startswith("•") or SPREE_MODE.match(line):
            if line:
                out.extend(_mode(line, names, i))
            continue
        if i in keyword_lines:
            out.append(Sentence(line, normalise(line, names), "keywords", i))
            continue
        if _LEVEL.match(line):
            continue
        cost = ""
        m = _ACTIVATED.match(line)
        if m and (_is_cost(m.group(1)) or _LOYALTY.match(line)):
            cost, line = normalise(m.group(1), names), m.group(2)
        prefix = _ability_word(line)
        line = line[len(prefix):]
        kind: AbilityKind = ("activated" if cost else "triggered" if _TRIGGER.match(line)
                             else "spell" if spell else "static")
        for s in _split_sentences(line):
            if out and out[-1].line == i and s.startswith(_LIMITS):
                last = out[-1]
                out[-1] = replace(last, limit=" ".join(filter(None, (last.limit,
                                                                   normalise(s, names)))))
                continue
            out.append(Sentence(prefix + s, normalise(s, names), kind, i, cost))
            prefix = ""
    levels = _levels(text.split("\n"))
    return _resolve_pronouns([replace(s, level=levels[s.line]) if s.line in levels else s
                              for s in out])


_PRONOUN = re.compile(r"^(?:It|That creature|They|Those creatures)\b")
_TARGET = re.compile(r"\btarget creatures?\b(?! cards?)", re.I)
_NEW_OBJECT = re.compile(r"\b(?:create|token|return|put|onto the battlefield|exile|copy)", re.I)


_LEVEL = re.compile(r"^(?:LEVEL (?P<up>\d+(?:-\d+|\+))|(?:\{[^}]+\})+: Level (?P<cls>\d+))$")
"""A leveler's level heading (``LEVEL 2-4``) or a Class's level-up line (``{1}{R}: Level 2``)."""


def _levels(lines: list[str]) -> dict[int, str]:
    """Line number → the level heading it is under, for the lines after a level heading."""
    out: dict[int, str] = {}
    heading = ""
    for i, raw in enumerate(lines):
        m = _LEVEL.match(" ".join(REMINDER.sub("", raw).split()))
        if m:
            heading = f"LEVEL {m.group('up')}" if m.group("up") else f"Level {m.group('cls')}"
        elif heading:
            out[i] = heading
    return out


def _resolve_pronouns(out: list[Sentence]) -> list[Sentence]:
    """"It" / "That creature" / "They" at the start of a sentence, after a sentence of the same
    ability that names "target creature(s)" and no other new object, mean those targets
    ("Target creature gets +2/+0 until end of turn. It gains first strike until end of
    turn."): their ``norm`` says so."""
    for k in range(1, len(out)):
        s = out[k]
        m = _PRONOUN.match(s.norm)
        if m is None:
            continue
        target = _antecedent(out, k)
        if target is None or target.endswith("s") != (m.group(0) in ("They", "Those creatures")):
            continue
        norm = ("Target creatures" if target.endswith("s") else "Target creature") + \
            s.norm[m.end():]
        out[k] = replace(s, norm=norm)
    return out


def _antecedent(out: list[Sentence], k: int) -> str | None:
    """The "target creature(s)" an earlier sentence of the same ability names, when the
    sentences between name no other object."""
    for prev in reversed(out[:k]):
        if prev.line != out[k].line or prev.mode != out[k].mode or _NEW_OBJECT.search(prev.norm):
            return None
        targets: list[str] = _TARGET.findall(prev.norm)
        if len(targets) > 1:
            return None
        if targets:
            return targets[0]
    return None


def _mode(line: str, names: list[str], i: int) -> list[Sentence]:
    """A modal spell's or ability's bullet line: its sentences, as a spell's effect."""
    body = SPREE_MODE.sub("", line).lstrip("• ").strip()
    return [Sentence(s, normalise(s, names), "spell", i, mode=True)
            for s in _split_sentences(body)]
