"""Card text → the effect vocabulary: the combat-text compiler.

:func:`compile_text` reads a card's oracle text sentence by sentence (:mod:`.sentences`).
A keyword line adds its keywords; any other sentence is tried against every template of
:mod:`.families` (first match wins). A sentence no template models is *unmodelled* when the
classifier (:mod:`.classify`) says it can matter to combat, and ignored otherwise. Compiling is
deterministic: the same text always gives the same result.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from mtgcombat.rules.corpus import CorpusFace
from mtgcombat.rules.effects import Effect, GrantKeywords
from mtgcombat.rules.text.classify import combat_family
from mtgcombat.rules.text.families import TEMPLATES
from mtgcombat.rules.text.families.keywords import (
    keyword_effects,
    keyword_resolution,
    keyword_status,
    recorded_note,
    split_keyword_line,
)
from mtgcombat.rules.text.sentences import REMINDER, SPREE_MODE, Sentence, sentences
from mtgcombat.rules.text.templates import Context, Piece, first_match

if TYPE_CHECKING:
    from mtgcombat.rules.text.modes import Choice


@dataclass(frozen=True)
class Unmodelled:
    """A sentence (or keyword) that can matter to combat but is not modelled."""

    text: str
    family: str
    reason: str = ""
    """Why a sentence that matched a template is still unmodelled (empty: no template)."""


@dataclass(frozen=True)
class Mode:
    """One mode of a modal ability: its bullet line's text and what it does on resolution."""

    text: str
    resolved: tuple[Effect, ...]


@dataclass(frozen=True)
class Ability:
    """One of a card's abilities with lasting effects: its printed line (reminder text
    dropped) and what it does when it resolves; a modal one's ``modes`` (printed order, each
    mode's effects apply when it is chosen) and how many are chosen (``choice``)."""

    text: str
    resolved: tuple[Effect, ...]
    modes: tuple[Mode, ...] = ()
    choice: Choice | None = None


@dataclass(frozen=True)
class CompiledText:
    """What a card's text compiles to: its printed ``keywords``, its static ``effects``, what
    its spell or its one ability with lasting effects does on resolution (``resolved``), or
    with several such abilities each one (``abilities``, printed order), and for reports the
    modelled ``(family, sentence)`` pairs and the :class:`Unmodelled` combat sentences."""

    keywords: tuple[str, ...]
    effects: tuple[Effect, ...]
    resolved: tuple[Effect, ...]
    modelled: tuple[tuple[str, str], ...]
    unmodelled: tuple[Unmodelled, ...]
    abilities: tuple[Ability, ...] = ()
    recorded: tuple[tuple[str, str], ...] = ()
    """``(keyword or sentence, note)`` for modelled text whose effects are board state the
    board records once it resolved (tokens, counters, sacrificed permanents), not effects."""

    @property
    def has_combat_text(self) -> bool:
        """Does any sentence or keyword of the card matter to combat?"""
        return bool(self.modelled or self.unmodelled)

    @property
    def fully_modelled(self) -> bool:
        """Is all of the card's combat text modelled?"""
        return not self.unmodelled

    @property
    def keyword_only(self) -> bool:
        """Is the card's only combat text keywords?"""
        return self.has_combat_text and all(
            f == "keywords" for f in [*(m[0] for m in self.modelled),
                                      *(u.family for u in self.unmodelled)])


MODAL = "a mode of a modal spell or ability: the chosen mode is not recorded"
SPELL_LINES = ("a spell with lasting effects on several lines: which of its targets each line "
               "took is not recorded")


LEVEL = ("under a level heading (LEVEL N-M, Level N): it applies only at that level of a "
         "leveler or Class, which is not recorded")
_PT_LINE = re.compile(r"^\d+/\d+$")


def _keyword_lines(text: str) -> frozenset[int]:
    return frozenset(i for i, line in enumerate(text.split("\n"))
                     if split_keyword_line(_strip_reminder(line)) is not None)


def _strip_reminder(line: str) -> str:
    return " ".join(REMINDER.sub("", line).split())


def _match(sentence: Sentence, ctx: Context) -> tuple[str, Piece] | None:
    return first_match(TEMPLATES, sentence.norm.rstrip("."), ctx)


class _Acc:
    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.keywords: list[str] = []
        self.effects: list[Effect] = []
        self.resolved: list[Effect] = []
        self.modelled: list[tuple[str, str]] = []
        self.unmodelled: list[Unmodelled] = []
        self.recorded: list[tuple[str, str]] = []
        self.resolving: dict[int, list[tuple[str, Sentence, Piece]]] = {}
        self.kinds: dict[int, str] = {}
        """Each line's kind of ability (modes aside)."""

    def keyword_line(self, s: Sentence) -> None:
        keywords, odd = split_keyword_line(s.text) or ([], [])
        for kw in keywords:
            self.keywords.append(kw)
            status = keyword_status(kw)
            resolution = keyword_resolution(kw)
            if resolution is not None:  # an ability of its own: the board records it resolving
                self.resolving.setdefault(s.line, []).append(
                    ("keywords", replace(s, text=kw), Piece(resolved=resolution)))
            elif status == "modelled":
                self.effects.extend(keyword_effects(kw))
                self.modelled.append(("keywords", kw))
                note = recorded_note(kw)
                if note is not None:
                    self.recorded.append((kw, note))
            elif status == "unmodelled":
                self.unmodelled.append(Unmodelled(kw, "keywords"))
        for part in odd:  # a keyword whose parameter isn't understood: its rules aren't applied
            if keyword_status(part.lower()) != "not_combat":
                self.unmodelled.append(Unmodelled(part, "keywords"))

    def level_keywords(self, s: Sentence) -> None:
        """A keyword line under a level heading: its combat keywords hold only at that level,
        which the board does not record, so they are reported, not given to the card."""
        keywords, odd = split_keyword_line(s.text) or ([], [])
        for kw in [*keywords, *(part.lower() for part in odd)]:
            if keyword_status(kw) != "not_combat":
                self.unmodelled.append(Unmodelled(kw, "keywords", LEVEL))

    def add(self, family: str, s: Sentence, piece: Piece) -> None:
        if s.mode and (piece.effects or piece.keywords):
            self.unmodelled.append(Unmodelled(s.text, family, MODAL))
            return
        if piece.resolved:
            self.resolving.setdefault(s.line, []).append((family, s, piece))
            return
        self.effects.extend(piece.effects)
        self.keywords.extend(piece.keywords)
        self.modelled.append((family, s.text))
        self.recorded.extend(_notes(s, piece))

    def modal(self) -> dict[int, tuple[Choice, list[int], list[list[_Part]]]]:
        """Each modal ability with lasting effects in some mode: its line → how many modes are
        chosen, its bullet lines and each mode's parts. The modes of one whose number of
        choices isn't understood are reported instead."""
        out: dict[int, tuple[Choice, list[int], list[list[_Part]]]] = {}
        if not any(line.lstrip().startswith("•") or SPREE_MODE.match(line.lstrip())
                   for line in self.lines):
            return out  # no modes: the modes module (its patterns) isn't loaded
        from mtgcombat.rules.text.modes import choice, modal_heads

        for head, bullets in modal_heads(self.lines).items():
            parts = [self.resolving.pop(b, []) for b in bullets]
            if not any(parts):
                continue
            chosen = choice(_strip_reminder(self.lines[head]), len(bullets))
            if chosen is None:
                self.unmodelled.extend(Unmodelled(s.text, family, MODAL)
                                       for mode in parts for family, s, _ in mode)
                continue
            out[head] = (chosen, bullets, parts)
        return out

    def result(self) -> CompiledText:
        """The compiled text. Each line with lasting effects is one ability (a modal one with
        its modes): with one non-modal one, its effects are the card's ``resolved``; otherwise
        each is one of ``abilities``. A spell's lines are all one ability, so a spell with
        lasting effects on several lines is reported instead (its targets are not told
        apart)."""
        modal = self.modal()
        spell = [line for line, parts in self.resolving.items()
                 if any(s.kind == "spell" for _, s, _ in parts)]
        spell += [h for h in modal if h not in spell and self.kinds.get(h) == "spell"]
        if len(spell) > 1:
            for line in spell:
                parts = [*self.resolving.pop(line, []),
                         *(p for mode in modal.pop(line, (None, [], []))[2] for p in mode)]
                self.unmodelled.extend(Unmodelled(s.text, family, SPELL_LINES)
                                       for family, s, _ in parts)
        abilities: list[Ability] = []
        for line in sorted({*self.resolving, *modal}):
            own = self.resolving.get(line, [])
            chosen, bullets, modes = modal.get(line, (None, [], []))
            for family, s, piece in [*own, *(p for mode in modes for p in mode)]:
                self.effects.extend(piece.effects)
                self.keywords.extend(piece.keywords)
                self.modelled.append((family, s.text))
                self.recorded.extend(_notes(s, piece))
            abilities.append(Ability(
                _strip_reminder(self.lines[line]), _resolved(own),
                tuple(Mode(_strip_reminder(self.lines[b]).lstrip("• "), _resolved(mode))
                      for b, mode in zip(bullets, modes, strict=True)), chosen))
        if len(abilities) == 1 and not abilities[0].modes:
            self.resolved.extend(abilities.pop().resolved)
        return CompiledText(tuple(dict.fromkeys(self.keywords)), tuple(self.effects),
                            tuple(self.resolved), tuple(self.modelled),
                            tuple(self.unmodelled), tuple(abilities), tuple(self.recorded))


_Part = tuple[str, Sentence, Piece]
"""A modelled sentence with lasting effects: its family, the sentence and what it compiles to."""


def _notes(s: Sentence, piece: Piece) -> list[tuple[str, str]]:
    """What the board records of a modelled sentence: its piece's notes, and for each keyword
    it grants whose effects are board state (annihilator, mentor, ...), what that is."""
    granted = [kw for e in (*piece.effects, *piece.resolved) if isinstance(e, GrantKeywords)
               for kw in e.keywords]
    return [*((s.text, note) for note in piece.notes),
            *((s.text, f"{kw}: {note}") for kw in granted
              if (note := recorded_note(kw)) is not None)]


def _resolved(parts: list[_Part]) -> tuple[Effect, ...]:
    return tuple(e for _, _, piece in parts for e in piece.resolved)


def _around(every: list[Sentence], s: Sentence) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The normalised sentences before and after ``s`` in its ability (line)."""
    line = [t for t in every if t.line == s.line]
    at = next(k for k, t in enumerate(line) if t is s)
    return tuple(t.norm for t in line[:at]), tuple(t.norm for t in line[at + 1:])


def compile_text(text: str, name: str, *, types: frozenset[str] = frozenset(),
                 subtypes: frozenset[str] = frozenset(),
                 supertypes: frozenset[str] = frozenset()) -> CompiledText:
    """Compile one face's oracle ``text`` (the card called ``name``, with these card types,
    subtypes and supertypes) into the effect vocabulary."""
    spell = bool(types & {"Instant", "Sorcery"})
    acc = _Acc(text.split("\n"))
    every = sentences(text, name, spell=spell, legendary="Legendary" in supertypes,
                      keyword_lines=_keyword_lines(text))
    for s in every:
        if not s.mode:
            acc.kinds.setdefault(s.line, s.kind)
        if s.kind == "keywords":
            if s.level:
                acc.level_keywords(s)
            else:
                acc.keyword_line(s)
            continue
        ctx = Context(name, types, subtypes, s.kind, s.cost, s.limit, *_around(every, s))
        found = _match(s, ctx)
        if s.level:
            family = found[0] if found else combat_family(s, every)
            if family is not None or _PT_LINE.match(s.norm):
                acc.unmodelled.append(Unmodelled(s.text, family or "characteristic", LEVEL))
            continue
        if found is not None:
            acc.add(found[0], s, found[1])
            continue
        family = combat_family(s, every)
        if family is not None:
            acc.unmodelled.append(Unmodelled(s.text, family))
    return acc.result()


def compile_face(face: CorpusFace, card_name: str) -> CompiledText:
    """Compile one face of the corpus card called ``card_name``."""
    return compile_text(face.text, card_name, types=frozenset(face.types),
                        subtypes=frozenset(face.subtypes),
                        supertypes=frozenset(face.supertypes))
