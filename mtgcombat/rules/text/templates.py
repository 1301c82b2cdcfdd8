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


@dataclass(frozen=True)
class Piece:
    """What a sentence compiles to: ``effects`` act while the permanent is on the battlefield;
    ``resolved`` are what its spell or ability does when it resolves (applied per activation
    or per recorded resolution); ``keywords`` are printed keywords the sentence lists."""

    effects: tuple[Effect, ...] = ()
    resolved: tuple[Effect, ...] = ()
    keywords: tuple[str, ...] = ()


Build = Callable[[re.Match[str], Context], Piece | None]
"""A template's builder: the piece a match compiles to, or None when it can't be modelled."""

ALL_KINDS: frozenset[AbilityKind] = frozenset(
    {"static", "activated", "triggered", "spell", "keywords"})


@cache
def _compiled(source: str) -> re.Pattern[str]:
    return re.compile(source, re.I)


_TOKEN = re.compile(r"\\.|\[\^?\]?(?:\\.|[^\]])*\]|[()|]|[A-Za-z' ]+|.", re.S)
"""Tokens of a pattern: an escape, a character class, a bracket or bar, a literal run, any
other character."""


def anchors(source: str) -> tuple[str, ...]:
    """Words (lower case, three letters or more) that every sentence a pattern matches in full
    contains: literal text outside groups, classes, escapes and quantified characters. Empty
    when the pattern has a top-level alternation."""
    tokens = _TOKEN.findall(source)
    runs: list[str] = []
    depth = 0
    for k, tok in enumerate(tokens):
        if tok in ("(", ")"):
            depth += 1 if tok == "(" else -1
        elif tok == "|" and depth == 0:
            return ()
        elif depth == 0 and (tok[0].isalpha() or tok[0] in "' "):
            nxt = tokens[k + 1] if k + 1 < len(tokens) else ""
            runs.append(tok[:-1] if nxt[:1] in ("?", "*", "{") else tok)
    words = {w.casefold() for run in runs for w in run.split() if len(w) >= 3}
    return tuple(sorted(words))


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
    """Words every matching sentence contains (:func:`anchors`): a cheap test first."""

    def __post_init__(self) -> None:
        if self.family not in FAMILIES:
            raise ValueError(f"unknown template family {self.family!r}")
        object.__setattr__(self, "anchors", anchors(self.source))

    @property
    def pattern(self) -> re.Pattern[str]:
        """The compiled pattern."""
        return _compiled(self.source)

    def match(self, text: str) -> re.Match[str] | None:
        """The full match of ``text`` (a normalised sentence), or None."""
        low = text.casefold()
        if not all(a in low for a in self.anchors):
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
    for t in templates:
        if id(t) in skip or ctx.kind not in t.kinds:
            continue
        m = t.match(text)
        if m is None:
            continue
        piece = t.build(m, ctx)
        if piece is not None:
            return t.family, piece
    return None
