"""The card catalog (SPEC §9): cards as data, shipped in ``mtgcombat/data/cards.json``.

A card gives printed characteristics (types, subtypes, colours, power/toughness, keywords) and
its combat-relevant abilities written in the effect vocabulary of :mod:`mtgcombat.rules.effects`.
"""

from __future__ import annotations

import difflib
import json
from functools import lru_cache
from importlib import resources

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from mtgcombat.errors import BoardError, json_path
from mtgcombat.rules.effects import KEYWORDS, Color, Effect


class Card(BaseModel):
    """One catalog card: printed characteristics and combat-relevant abilities."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    name: str
    mana_cost: str | None = None
    supertypes: list[str] = Field(default_factory=list)
    types: list[str]
    subtypes: list[str] = Field(default_factory=list)
    colors: list[Color] = Field(default_factory=list)
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    defense: int | None = None
    keywords: list[str] = Field(default_factory=list)
    text: str = ""
    effects: list[Effect] = Field(default_factory=list)
    notes: str = ""


class Catalog:
    """Card lookup by exact name, case-insensitive, with "did you mean" suggestions."""

    def __init__(self, cards: list[Card]) -> None:
        self._cards = {c.name: c for c in cards}
        self._folded = {c.name.casefold(): c for c in cards}

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.casefold() in self._folded

    def __len__(self) -> int:
        return len(self._cards)

    def names(self) -> list[str]:
        """All card names, sorted."""
        return sorted(self._cards)

    def get(self, name: str, *, path: str = "$", file: str | None = None) -> Card:
        """The card called ``name``; a :class:`BoardError` suggesting close names otherwise."""
        card = self._folded.get(name.casefold())
        if card is not None:
            return card
        close = difflib.get_close_matches(name, list(self._cards), n=3, cutoff=0.7)
        if not close:
            folded = difflib.get_close_matches(name.casefold(), list(self._folded), n=3,
                                                cutoff=0.6)
            close = [self._folded[f].name for f in folded]
        hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
        raise BoardError(f"unknown card name {name!r}{hint}", path=path, file=file)


def _validate_cards(raw: object) -> list[Card]:
    if not isinstance(raw, list):
        raise BoardError("the catalog must be a JSON list of cards", file="cards.json")
    cards: list[Card] = []
    for i, item in enumerate(raw):
        try:
            card = Card.model_validate(item, strict=True)
        except ValidationError as exc:
            err = exc.errors()[0]
            raise BoardError(
                err["msg"], path=json_path((i, *err["loc"])), file="cards.json"
            ) from None
        unknown = [k for k in card.keywords if k not in KEYWORDS]
        if unknown:
            raise BoardError(f"unknown keyword {unknown[0]!r}", path=f"$[{i}].keywords",
                             file="cards.json")
        cards.append(card)
    return cards


@lru_cache(maxsize=1)
def default_catalog() -> Catalog:
    """The catalog shipped with the package (loaded once per process)."""
    text = resources.files("mtgcombat.rules").joinpath("data/cards.json").read_text("utf-8")
    return Catalog(_validate_cards(json.loads(text)))
