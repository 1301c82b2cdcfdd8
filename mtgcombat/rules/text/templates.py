"""Templates: the sentence shapes the compiler models, each tied to a template family.

A :class:`Template` is a regular expression over a normalised sentence (self-references
written ``~``, see :mod:`.sentences`) and a builder that turns the match into a
:class:`Piece` of the effect vocabulary, or None when the details are outside the vocabulary
(then the sentence is reported, never guessed). Each family module in :mod:`.families` lists
its templates; :data:`FAMILIES` names every family, for coverage reports and documentation.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container, Iterable
from dataclasses import dataclass, field
from functools import cache

from mtgcombat.rules.effects import Effect
from mtgcombat.rules.text.sentences import AbilityKind

FAMILIES: dict[str, str] = {
    "keywords": "keyword abilities (CR 702): flying, menace, protection from ..., toxic N",
    "attack_restriction": "can't attack, can't attack alone, caps on attackers, "
                          "can't attack unless ...",
    "attack_requirement": "attacks each combat if able, and what makes others attack",
    "block_restriction": "can't block, can block only ..., caps on blockers, "
                         "can't block unless ...",
    "evasion": "can't be blocked (by ...), except by two or more, by more than one",
    "block_requirement": "blocks each combat if able, must be blocked, Lure-likes",
    "block_capacity": "can block additional creatures, any number",
    "attack_cost": "costs to attack (the Ghostly Prison and Propaganda families)",
    "block_cost": "costs to block (War Cadence)",
    "anthem": "static power/toughness and keyword changes (creatures you control get ...)",
    "attachment": "Auras and Equipment: enchanted or equipped creature gets / has / can't ...",
    "pump": "spells and abilities that change power, toughness or keywords until end of turn",
    "combat_trigger": "triggers on attacking or blocking that change the combat",
    "damage": "combat damage: prevention, assignment, first strike and the like",
    "characteristic": "power and toughness defined by text (*), types and colours",
    "mana": "mana abilities that can pay costs to attack or block",
    "resolved_trigger": "triggered abilities with lasting effects, applied per resolution the "
                        "board records (Landfall pumps, enters-the-battlefield pumps)",
}
"""Template family → what it covers."""


@dataclass(frozen=True)
class Context:
    """What a builder knows besides the sentence: the card and the sentence's ability."""

    name: str
    types: frozenset[str]
    subtypes: frozenset[str]
    kind: AbilityKind
    cost: str = ""
    limit: str = ""
    """Limits on an activated ability or its mana that follow the sentence (``Activate only
    once each turn.``); see :class:`~mtgcombat.rules.text.sentences.Sentence`."""
    before: tuple[str, ...] = ()
    """The normalised sentences before this one in its ability (line), in printed order."""
    after: tuple[str, ...] = ()
    """The normalised sentences after this one in its ability (line), in printed order."""


@dataclass(frozen=True)
class Piece:
    """What a sentence compiles to: ``effects`` act while the permanent is on the battlefield;
    ``resolved`` are what its spell or ability does when it resolves (applied per activation
    or per recorded resolution); ``keywords`` are printed keywords the sentence lists;
    ``notes`` say what the board records of a sentence whose effects are board state (the
    counters it puts) rather than effects."""

    effects: tuple[Effect, ...] = ()
    resolved: tuple[Effect, ...] = ()
    keywords: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


Build = Callable[[re.Match[str], Context], Piece | None]
"""A template's builder: the piece a match compiles to, or None when it can't be modelled."""

ALL_KINDS: frozenset[AbilityKind] = frozenset(
    {"static", "activated", "triggered", "spell", "keywords"})

RESOLVING: frozenset[AbilityKind] = frozenset({"spell", "activated"})
"""The abilities that do something once as they resolve: spells and activated abilities
(their "until end of turn" lasts the turn; a static ability's effect has no duration)."""


@cache
def _compiled(source: str) -> re.Pattern[str]:
    return re.compile(source, re.I)


_TOKEN = re.compile(r"\\.|\[\^?\]?(?:\\.|[^\]])*\]|[()|]|[A-Za-z' ]+|.", re.S)
"""Tokens of a pattern: an escape, a character class, a bracket or bar, a literal run, any
other character."""


Clauses = tuple[tuple[str, ...], ...]
"""Words a sentence must contain: every clause has at least one of its words in the text."""


def _either(alts: list[list[tuple[str, ...]]]) -> Clauses:
    """What one of ``alts`` (each alternative's clauses) matching requires: all of the one
    alternative's clauses, or, from several, one word of each (when each has a word it
    requires)."""
    if len(alts) == 1:
        return tuple(alts[0])
    picks = [max((c[0] for c in a if len(c) == 1), key=len, default="") for a in alts]
    return () if not all(picks) else (tuple(sorted(set(picks))),)


def _group_start(tokens: list[str], k: int) -> tuple[int, bool]:
    """Where the body of the group opened at ``tokens[k - 1]`` starts, and whether the group
    requires nothing (a lookaround or inline flags)."""
    if tokens[k:k + 1] != ["?"]:
        return k, False
    if tokens[k + 1:k + 2] == [":"]:
        return k + 2, False
    if tokens[k + 1:k + 3] == ["P", "<"] and ">" in tokens[k + 3:]:
        return tokens.index(">", k + 3) + 1, False
    return k + 1, True


def requirements(source: str) -> tuple[tuple[str, ...], Clauses]:
    """What every sentence a pattern matches in full contains, lower case: words it must
    contain (literal text outside quantified characters, optional groups, lookarounds and
    classes) and groups of words of which it contains one (a required alternation whose every
    branch needs a word)."""
    tokens = _TOKEN.findall(source)
    # one frame per open group: its alternatives' clauses, and whether it requires nothing
    stack: list[tuple[list[list[tuple[str, ...]]], bool]] = [([[]], False)]
    k = 0
    while k < len(tokens):
        tok = tokens[k]
        nxt = tokens[k + 1] if k + 1 < len(tokens) else ""
        if tok == "(":
            k, skip = _group_start(tokens, k + 1)
            stack.append(([[]], skip))
            continue
        if tok == ")" and len(stack) > 1:
            alts, skip = stack.pop()
            if not skip and nxt[:1] not in ("?", "*", "{"):
                stack[-1][0][-1].extend(_either(alts))
        elif tok == "|":
            stack[-1][0].append([])
        elif tok[0].isalpha() or tok[0] in "' ":
            run = tok[:-1] if nxt[:1] in ("?", "*", "{") else tok
            stack[-1][0][-1].extend((w.casefold(),) for w in run.split() if len(w) >= 3)
        k += 1
    clauses = _either(stack[0][0])
    words = tuple(sorted({c[0] for c in clauses if len(c) == 1}))
    return words, tuple(sorted({c for c in clauses if len(c) > 1}))


def anchors(source: str) -> tuple[str, ...]:
    """Words (lower case, three letters or more) that every sentence a pattern matches in full
    contains (see :func:`requirements`)."""
    return requirements(source)[0]


@dataclass(frozen=True)
class Template:
    """One modelled sentence shape: ``source`` is its regular expression (matched in full,
    case-insensitively, compiled on first use). ``example`` is a real card's sentence it
    models (used in documentation and tests); ``kinds`` the abilities it may come from."""

    family: str
    source: str
    build: Build
    example: str
    kinds: frozenset[AbilityKind] = field(default=frozenset({"static"}))
    anchors: tuple[str, ...] = field(default=(), init=False)
    """Words every matching sentence contains (:func:`requirements`): a cheap test first."""
    any_of: Clauses = field(default=(), init=False)
    """Groups of words of which every matching sentence contains one."""

    def __post_init__(self) -> None:
        if self.family not in FAMILIES:
            raise ValueError(f"unknown template family {self.family!r}")
        words, any_of = requirements(self.source)
        object.__setattr__(self, "anchors", words)
        object.__setattr__(self, "any_of", any_of)

    @property
    def pattern(self) -> re.Pattern[str]:
        """The compiled pattern."""
        return _compiled(self.source)

    def match(self, text: str, low: str | None = None) -> re.Match[str] | None:
        """The full match of ``text`` (a normalised sentence; ``low``: its casefold, when the
        caller has it), or None."""
        low = text.casefold() if low is None else low
        if not all(a in low for a in self.anchors) or not all(
                any(w in low for w in words) for words in self.any_of):
            return None
        return self.pattern.fullmatch(text)


def template(family: str, pattern: str, example: str,
             kinds: frozenset[AbilityKind] | None = None) -> Callable[[Build], Template]:
    """Decorator: a :class:`Template` from a builder function (``pattern`` matched in full,
    case-insensitively)."""

    def wrap(build: Build) -> Template:
        return Template(family, pattern, build, example,
                        kinds if kinds is not None else frozenset({"static"}))

    return wrap


def static(*effects: Effect) -> Piece:
    """A piece of static effects."""
    return Piece(effects=tuple(effects))


def resolving(*effects: Effect) -> Piece:
    """A piece of effects that apply when the spell or ability resolves."""
    return Piece(resolved=tuple(effects))


def for_kind(ctx: Context, *effects: Effect) -> Piece:
    """``effects`` as static effects of a static or triggered ability, or as what a spell or
    activated ability does when it resolves."""
    return resolving(*effects) if ctx.kind in ("spell", "activated") else static(*effects)


def first_match(templates: Iterable[Template], text: str, ctx: Context,
                skip: Container[int] = ()) -> tuple[str, Piece] | None:
    """The family and piece of the first of ``templates`` (for ``ctx.kind`` abilities, their
    ``id`` not in ``skip``) that models ``text`` whole, or None."""
    low = text.casefold()
    for t in templates:
        if id(t) in skip or ctx.kind not in t.kinds:
            continue
        m = t.match(text, low)
        if m is None:
            continue
        piece = t.build(m, ctx)
        if piece is not None:
            return t.family, piece
    return None
