"""The card catalog: cards as data, shipped in ``mtgcombat/rules/data/cards*.json``.

A card gives printed characteristics (types, subtypes, colours, power/toughness, keywords) and
its combat-relevant abilities written in the effect vocabulary of :mod:`mtgcombat.rules.effects`.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable, Sequence
from functools import lru_cache
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from mtgcombat.errors import BoardError, json_path
from mtgcombat.rules.effects import Color, Effect
from mtgcombat.rules.fields import (
    PT,
    CardType,
    Count,
    Keyword,
    ManaCostX,
    Name,
    PositiveCount,
    Subtype,
    Supertype,
    Text,
)
from mtgcombat.rules.names import fold
from mtgcombat.rules.types import shown

CombatDamageRule = Literal["none_if_unblocked_attacking_player"]
"""A card's own rule for its combat damage: ``none_if_unblocked_attacking_player`` -- when it
attacks a player and isn't blocked, that player's life total becomes 1 (a trigger resolved in
the declare blockers step) and it assigns no combat damage this combat (Master of Cruelties)."""

EnchantRestriction = Literal["creature", "land", "artifact", "enchantment", "planeswalker",
                             "battle", "permanent", "player"]
"""What an Aura can enchant ("Enchant creature", CR 303.4a and 702.5)."""

ENCHANT_TYPES: dict[str, str | None] = {
    "creature": "Creature", "land": "Land", "artifact": "Artifact",
    "enchantment": "Enchantment", "planeswalker": "Planeswalker", "battle": "Battle",
    "permanent": None,
}
"""Enchant restriction → the card type the enchanted permanent must have (None: any)."""


class UnmodelledSentence(BaseModel):
    """A sentence (or keyword) of a card's text that can matter to combat but that the engine
    does not model, with the template family it belongs to."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    text: Text
    family: Name


class CardMode(BaseModel):
    """One mode of a modal spell or ability (a bullet line, CR 700.2): its printed text and
    what it does when it resolves (empty: nothing lasting that combat needs, or not
    modelled -- then the card's ``unmodelled`` lists its sentences)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    text: Text
    resolved: list[Effect] = Field(default_factory=list)


class ModeChoice(BaseModel):
    """How many modes of a modal ability are chosen: from ``min`` to ``max`` ("Choose one or
    both": 1 to 2); ``repeat``: the same mode may be chosen more than once (CR 700.2d)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    min: Count
    max: PositiveCount
    repeat: bool = False


class CardAbility(BaseModel):
    """One of a card's abilities with lasting effects: its printed text and what it does when
    it resolves; a modal one lists its ``modes`` in printed order and how many are chosen
    (``choose``), its own ``resolved`` effects applying whichever modes are chosen."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    text: Text
    resolved: list[Effect] = Field(default_factory=list)
    modes: list[CardMode] = Field(default_factory=list)
    choose: ModeChoice | None = None

    @model_validator(mode="after")
    def _modes_and_choice(self) -> CardAbility:
        if not self.resolved and not self.modes:
            raise ValueError("an ability lists its 'resolved' effects or its 'modes'")
        if bool(self.modes) != (self.choose is not None):
            raise ValueError("a modal ability gives both 'modes' and 'choose'")
        if self.choose is not None:
            top = self.choose.max if self.choose.repeat else len(self.modes)
            if len(self.modes) < 2 or not self.choose.min <= self.choose.max <= top:
                raise ValueError(f"'choose' {self.choose.min}..{self.choose.max} doesn't fit "
                                 f"{len(self.modes)} modes")
        return self


class Card(BaseModel):
    """One catalog card: printed characteristics and combat-relevant abilities."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    name: Name
    mana_cost: ManaCostX | None = None
    supertypes: list[Supertype] = Field(default_factory=list)
    types: list[CardType]
    subtypes: list[Subtype] = Field(default_factory=list)
    colors: list[Color] = Field(default_factory=list)
    power: PT | None = None
    toughness: PT | None = None
    loyalty: Count | None = None
    defense: Count | None = None
    keywords: list[Keyword] = Field(default_factory=list)
    enchant: EnchantRestriction | None = None
    """What this Aura can enchant (its "Enchant ..." line)."""
    combat_damage: CombatDamageRule | None = None
    """Its own combat damage rule (None: it assigns combat damage as CR 510 says)."""
    text: Text = ""
    effects: list[Effect] = Field(default_factory=list)
    resolved: list[Effect] = Field(default_factory=list)
    """What the card's spell, or its activated or triggered ability, does when it resolves,
    for the effects that last (combat roles only): applied once per entry of a permanent's
    ``activations`` and once per top-level ``effects`` entry naming the card."""
    abilities: list[CardAbility] = Field(default_factory=list)
    """With several abilities that resolve with lasting effects, or a modal one (instead of
    ``resolved``): each one in printed order; a board's activation or effects entry says
    which resolved (``ability``, counting from 1) and which of a modal one's modes were chosen
    (``modes``)."""
    notes: Text = ""
    origin: Literal["catalog", "corpus"] = "catalog"
    """Where the card comes from: the hand-written catalog, or the oracle corpus with its text
    compiled (:mod:`mtgcombat.rules.text`)."""
    unmodelled: list[UnmodelledSentence] = Field(default_factory=list)
    """Its combat text that is not modelled (corpus cards only; empty when fully modelled)."""

    @model_validator(mode="after")
    def _one_way_to_resolve(self) -> Card:
        if self.abilities and self.resolved:
            raise ValueError("a card has either 'resolved' (one ability with lasting effects) "
                             "or 'abilities' (several), not both")
        if len(self.abilities) == 1 and not self.abilities[0].modes:
            raise ValueError("one ability with lasting effects is written as 'resolved'; "
                             "'abilities' lists several, or one modal ability")
        return self

    @property
    def resolves(self) -> bool:
        """Does the card have a spell or ability that resolves with lasting effects?"""
        return bool(self.resolved or self.abilities)


def resolved_effects(card: Card, ability: int | None,
                     modes: Sequence[int] | None = None) -> list[Effect]:
    """What ``card``'s spell or ability numbered ``ability`` (from 1, printed order; None for
    a card with one) does when it resolves with the chosen ``modes`` (from 1, printed order)
    if it is modal: its own effects, then each chosen mode's in printed order, a mode chosen
    twice twice (CR 700.2d). Boards are checked to name a valid ability and modes."""
    if not card.abilities:
        return card.resolved
    if ability is None and len(card.abilities) == 1:
        ability = 1
    if ability is None or not 1 <= ability <= len(card.abilities):
        return []
    chosen = card.abilities[ability - 1]
    picked = sorted(m for m in modes or () if 1 <= m <= len(chosen.modes))
    return [*chosen.resolved, *(e for m in picked for e in chosen.modes[m - 1].resolved)]


def chosen_unmodelled(card: Card, ability: int | None,
                      modes: Sequence[int] | None) -> list[UnmodelledSentence]:
    """``card``'s unmodelled sentences that matter when its spell or ability numbered
    ``ability`` resolved with ``modes``: all of them, but those printed only in modes that
    weren't chosen."""
    index = 1 if ability is None and len(card.abilities) == 1 else ability
    if modes is None or index is None or not 1 <= index <= len(card.abilities):
        return card.unmodelled
    unchosen = [m.text for k, m in enumerate(card.abilities[index - 1].modes, 1)
                if k not in modes]
    return [u for u in card.unmodelled
            if card.text.count(u.text) != 1 or not any(u.text in t for t in unchosen)]


Fallback = Callable[[str], "Card | None"]
"""Finds a card the catalog doesn't describe (the oracle corpus), or None."""


class Catalog:
    """Card lookup by name, case-insensitive, with "did you mean" suggestions. Names the
    hand-written cards don't cover go to ``fallback`` (the default catalog's is the oracle
    corpus, :mod:`mtgcombat.rules.text`); the hand-written card wins where both have one."""

    def __init__(self, cards: list[Card], fallback: Fallback | None = None,
                 close_names: Callable[[str], list[str]] | None = None) -> None:
        self._cards = {c.name: c for c in cards}
        self._folded = {c.name.casefold(): c for c in cards}
        self._keys = {fold(c.name): c for c in cards}
        self._fallback = fallback
        self._close_names = close_names
        self._found: dict[str, Card | None] = {}

    def _find(self, name: str) -> Card | None:
        card = self._folded.get(name.casefold()) or self._keys.get(fold(name))
        if card is not None or self._fallback is None:
            return card
        key = name.casefold()
        if key not in self._found:
            self._found[key] = self._fallback(name)
        return self._found[key]

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self._find(name) is not None

    def __len__(self) -> int:
        return len(self._cards)

    def replaced(self, card: Card) -> Catalog:
        """This catalog with ``card`` in place of the card of the same name (added if new),
        with the same fallback."""
        cards = [c for c in self._cards.values() if c.name.casefold() != card.name.casefold()]
        return Catalog([*cards, card], self._fallback, self._close_names)

    def names(self) -> list[str]:
        """All card names, sorted."""
        return sorted(self._cards)

    def get(self, name: str, *, path: str = "$", file: str | None = None) -> Card:
        """The card called ``name``; a :class:`BoardError` suggesting close names otherwise."""
        card = self._find(name)
        if card is not None:
            return card
        name = name[:200]
        close = difflib.get_close_matches(name, list(self._cards), n=3, cutoff=0.7)
        if not close:
            folded = difflib.get_close_matches(name.casefold(), list(self._folded), n=3,
                                                cutoff=0.6)
            close = [self._folded[f].name for f in folded]
        if self._close_names is not None:
            pool = list(dict.fromkeys([*close, *self._close_names(name)]))
            key = name.casefold()
            pool.sort(key=lambda c: -difflib.SequenceMatcher(None, key, c.casefold()).ratio())
            close = pool[:3]
        hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
        raise BoardError(f"unknown card name {shown(name)}{hint}", path=path, file=file)


def _validate_cards(raw: object, file: str = "cards.json") -> list[Card]:
    if not isinstance(raw, list):
        raise BoardError("the catalog must be a JSON list of cards", file=file)
    cards: list[Card] = []
    for i, item in enumerate(raw):
        try:
            card = Card.model_validate(item, strict=True)
        except ValidationError as exc:
            err = exc.errors()[0]
            raise BoardError(
                err["msg"], path=json_path((i, *err["loc"])), file=file
            ) from None
        _check_enchant(card, i, file)
        cards.append(card)
    return cards


def _check_enchant(card: Card, i: int, file: str) -> None:
    """An Aura says what it enchants, matching its "Enchant ..." text."""
    printed = card.text.split("\n", 1)[0].casefold()
    if "Aura" in card.subtypes and card.enchant is None:
        raise BoardError("an Aura needs 'enchant' (what it can enchant)", path=f"$[{i}]",
                         file=file)
    if card.enchant is not None and printed != f"enchant {card.enchant}":
        raise BoardError(f"'enchant' is {card.enchant!r} but the text begins {printed!r}",
                         path=f"$[{i}].enchant", file=file)


def _join(parts: list[tuple[str, list[Card]]]) -> list[Card]:
    """The cards of every catalog file; a name given twice (case-insensitively) is an error."""
    seen: dict[str, str] = {}
    cards: list[Card] = []
    for file, part in parts:
        for i, card in enumerate(part):
            folded = card.name.casefold()
            if folded in seen:
                raise BoardError(f"card {card.name!r} is also described in {seen[folded]}",
                                 path=f"$[{i}].name", file=file)
            seen[folded] = file
            cards.append(card)
    return cards


@lru_cache(maxsize=1)
def default_catalog() -> Catalog:
    """The catalog shipped with the package: every ``data/cards*.json`` file (one list of
    cards each), loaded once per process."""
    data = resources.files("mtgcombat.rules").joinpath("data")
    files = sorted((f for f in data.iterdir()
                    if f.name.startswith("cards") and f.name.endswith(".json")),
                   key=lambda f: f.name)
    return Catalog(_join([(f.name, _validate_cards(json.loads(f.read_text("utf-8")), f.name))
                          for f in files]), fallback=_corpus_card, close_names=_corpus_close)


def _corpus_card(name: str) -> Card | None:
    """The oracle corpus's card called ``name``, its text compiled, or None."""
    from mtgcombat.rules.corpus import lookup  # the corpus opens on first use
    from mtgcombat.rules.text.cache import cached_card

    found = lookup(name)
    return cached_card(found) if found is not None else None


def _corpus_close(name: str) -> list[str]:
    from mtgcombat.rules.corpus import close_names

    return close_names(name)
