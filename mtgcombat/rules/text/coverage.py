"""How much of the printed cards' combat text the compiler models: the coverage report.

Every card of the oracle corpus is compiled (every face the corpus has characteristics for;
a card's text is the text of all its faces). A card *has combat text* when any of its
sentences or keywords can matter to combat (modelled, or unmodelled as the classifier in
:mod:`.classify` decides). It is *fully modelled* when none of that text is unmodelled, *partly
modelled* when some is modelled and some isn't, and *not modelled* when none is. A
*keyword-only* card's combat text is all keyword lines.

Unmodelled sentences are also counted by *shape*, to show which sentence shapes are the most
common (see :func:`shape`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from mtgcombat.rules import corpus as oracle
from mtgcombat.rules.text.compile import CompiledText, compile_face
from mtgcombat.rules.text.sentences import normalise, self_names
from mtgcombat.rules.text.templates import FAMILIES
from mtgcombat.rules.types import (
    ARTIFACT_TYPES,
    CARD_TYPES,
    ENCHANTMENT_TYPES,
    LAND_TYPES,
    SUBTYPES,
)

_IRREGULAR_PLURALS = {"Elf": "Elves", "Dwarf": "Dwarves", "Wolf": "Wolves",
                      "Werewolf": "Werewolves", "Mouse": "Mice", "Fungus": "Fungi",
                      "Octopus": "Octopuses", "Thief": "Thieves"}


def _plurals(word: str) -> list[str]:
    forms = [word, word + "s", word + "es"]
    if word.endswith("y"):
        forms.append(word[:-1] + "ies")
    if word in _IRREGULAR_PLURALS:
        forms.append(_IRREGULAR_PLURALS[word])
    return forms


def _alternation(words: Iterable[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))


_MANA = re.compile(r"(?:\{(?![TQE]\})[^{}\s]{1,6}\})+")
_PT_CHANGE = re.compile(r"([+\-−])(?:\d+|X)/([+\-−])(?:\d+|X)")
_NUMBER_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                 "eleven", "twelve", "thirteen", "fifteen", "twenty")
_NUMBER = re.compile(r"\b(?:\d+|X|" + "|".join(_NUMBER_WORDS) + r")\b")
_SUBTYPE = re.compile(r"(?<![\w'~])(?:[Nn]on-?)?(?:"
                      + _alternation(w for s in (*SUBTYPES, *LAND_TYPES, *ARTIFACT_TYPES,
                                                 *ENCHANTMENT_TYPES) for w in _plurals(s))
                      + r")(?![\w'])")
_CARD_TYPE = re.compile(r"(?<![\w'~])(non-?)?(?:"
                        + _alternation(w for t in CARD_TYPES if t != "Creature"
                                       for w in _plurals(t.lower()))
                        + r")(?![\w'])", re.I)
_COLOR = re.compile(r"\b(non)?(?:white|blue|black|red|green)\b", re.I)


def shape(norm: str) -> str:
    """The shape of a normalised sentence (self-references already ``~``): a run of mana
    symbols becomes ``{M}`` (``{T}``, ``{Q}`` and ``{E}`` stay), a power/toughness change
    ``+N/+N`` (signs kept), any other number or ``X`` (digits or ``one`` to ``twenty``) ``N``,
    a subtype (singular or plural, ``non-`` kept as ``non``) ``SUBTYPE``, a card type other
    than creature ``TYPE``, and a colour ``COLOR``. ``~ gets +2/+0 until end of turn`` and
    ``~ gets +1/+1 until end of turn`` have the shape ``~ gets +N/+N until end of turn``."""
    out = _MANA.sub("{M}", norm)
    out = _PT_CHANGE.sub(lambda m: f"{_sign(m[1])}N/{_sign(m[2])}N", out)
    out = _NUMBER.sub("N", out)
    out = _SUBTYPE.sub(lambda m: "nonSUBTYPE" if m[0].lower().startswith("non") else "SUBTYPE", out)
    out = _CARD_TYPE.sub(lambda m: "nonTYPE" if m[1] else "TYPE", out)
    out = _COLOR.sub(lambda m: "nonCOLOR" if m[1] else "COLOR", out)
    return out.rstrip(".")


def _sign(s: str) -> str:
    return "+" if s == "+" else "-"


@dataclass
class Coverage:
    """The coverage tallies; ``families`` maps each template family to its modelled and
    unmodelled sentence counts, ``shapes`` counts unmodelled sentences by shape (with
    ``examples``: the first sentence and card of each shape), ``reasons`` why sentences that
    matched a template are still unmodelled; ``without_text`` counts cards the corpus flags as
    having no rules text where they may have some (their combat text is unknown)."""

    cards: int = 0
    faces: int = 0
    faces_without_characteristics: int = 0
    without_text: int = 0
    combat_cards: int = 0
    fully_modelled: int = 0
    partly_modelled: int = 0
    not_modelled: int = 0
    keyword_only_cards: int = 0
    keyword_only_fully_modelled: int = 0
    families: dict[str, dict[str, int]] = field(
        default_factory=lambda: {f: {"modelled": 0, "unmodelled": 0} for f in FAMILIES})
    shapes: Counter[str] = field(default_factory=Counter)
    examples: dict[str, tuple[str, str]] = field(default_factory=dict)
    reasons: Counter[str] = field(default_factory=Counter)

    def add(self, name: str, faces: list[CompiledText]) -> None:
        """Count one card, compiled face by face."""
        self.cards += 1
        modelled = [m for c in faces for m in c.modelled]
        unmodelled = [u for c in faces for u in c.unmodelled]
        for family, _ in modelled:
            self.families.setdefault(family, {"modelled": 0, "unmodelled": 0})["modelled"] += 1
        names = self_names(name)
        for u in unmodelled:
            self.families.setdefault(u.family, {"modelled": 0, "unmodelled": 0})[
                "unmodelled"] += 1
            if u.reason:
                self.reasons[u.reason] += 1
            key = shape(normalise(u.text, names))
            self.shapes[key] += 1
            self.examples.setdefault(key, (u.text, name))
        if not modelled and not unmodelled:
            return
        self.combat_cards += 1
        self.fully_modelled += not unmodelled
        self.partly_modelled += bool(modelled and unmodelled)
        self.not_modelled += not modelled
        if all(f == "keywords" for f in [*(m[0] for m in modelled),
                                          *(u.family for u in unmodelled)]):
            self.keyword_only_cards += 1
            self.keyword_only_fully_modelled += not unmodelled

    def as_dict(self, top: int = 30) -> dict[str, Any]:
        """The report as JSON-ready data, with the ``top`` most common unmodelled shapes."""
        return {
            "cards": self.cards, "faces": self.faces,
            "faces_without_characteristics": self.faces_without_characteristics,
            "cards_without_text": self.without_text,
            "combat_cards": self.combat_cards, "fully_modelled": self.fully_modelled,
            "partly_modelled": self.partly_modelled, "not_modelled": self.not_modelled,
            "fully_modelled_share": round(self.fully_modelled / self.combat_cards, 4)
            if self.combat_cards else None,
            "keyword_only_cards": self.keyword_only_cards,
            "keyword_only_fully_modelled": self.keyword_only_fully_modelled,
            "families": {f: dict(v) for f, v in self.families.items()},
            "unmodelled_reasons": dict(self.reasons.most_common()),
            "top_unmodelled_shapes": [
                {"shape": s, "count": n, "example": self.examples[s][0],
                 "card": self.examples[s][1]}
                for s, n in sorted(self.shapes.items(), key=lambda kv: (-kv[1], kv[0]))[:top]],
        }


def compile_card(card: oracle.CorpusCard) -> list[CompiledText]:
    """Each face of ``card`` that the corpus has characteristics for, compiled."""
    return [compile_face(f, card.name) for f in card.faces if not f.missing]


def coverage(names: Iterable[str] | None = None,
             progress: Callable[[str], None] | None = None) -> Coverage:
    """The coverage of the cards called ``names`` (default: the whole corpus). ``progress`` is
    called with each card's name as it is compiled."""
    db = oracle.corpus()
    report = Coverage()
    for name in db.names() if names is None else names:
        card = db.lookup(name)
        if card is None:
            continue
        if progress is not None:
            progress(card.name)
        compiled = compile_card(card)
        report.faces += len(compiled)
        report.faces_without_characteristics += len(card.faces) - len(compiled)
        report.without_text += "no_text" in card.flags
        report.add(card.name, compiled)
    return report
