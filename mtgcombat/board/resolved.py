"""Resolved spells and abilities on a board, and what happened earlier this turn.

Activations of a permanent's ability (an integer X or an object with targets), top-level
effects (named effects in the vocabulary, or a catalog card whose spell or ability resolved
this turn with targets) and the ``this_turn`` history that cards ask about (spells cast).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Annotated, NoReturn

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag

from mtgcombat.rules.catalog import Card, Catalog
from mtgcombat.rules.effects import Effect
from mtgcombat.rules.fields import CardType, Count, Name, PositiveCount
from mtgcombat.rules.types import shown

if TYPE_CHECKING:
    from mtgcombat.board.model import Board

Fail = Callable[[str, str], NoReturn]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Activation(_Strict):
    """One resolved activation this turn of a permanent's activated ability: its X, the
    players and permanents it targeted (Alluring Siren: the creature that must attack), and
    for a card with several abilities with lasting effects which one (``ability``, from 1 in
    printed order)."""

    x: Count = 0
    targets: list[Name] = Field(default_factory=list)
    ability: PositiveCount | None = None
    """Which of the card's abilities with lasting effects this was, from 1 in printed order
    (needed when its card has several)."""


def _activation_tag(value: object) -> str:
    return "activation_object" if isinstance(value, dict) else "activation_x"


ActivationEntry = Annotated[
    Annotated[Count, Tag("activation_x")] | Annotated[Activation, Tag("activation_object")],
    Discriminator(_activation_tag),
]
"""An ``activations`` entry: an integer X, or an :class:`Activation` object."""


class BoardEffect(_Strict):
    """An effect not tied to a permanent (a resolved spell's "creatures can't attack this
    turn"): a name for explanations, the controlling player and the effects."""

    name: Name
    controller: Name
    chosen_player: Name | None = None
    targets: list[Name] = Field(default_factory=list)
    effects: list[Effect] = Field(min_length=1)


class CardEffect(_Strict):
    """A catalog card's spell (or the named card's ability) that resolved this turn with
    ``targets`` (Incite, Alluring Siren's ability after the Siren left): the card's
    ``resolved`` effects, controlled by ``controller``, with ``x`` for an ``{X}``; for a
    card with several abilities with lasting effects, those of its ``ability`` (from 1 in
    printed order)."""

    card: Name
    controller: Name
    targets: list[Name] = Field(default_factory=list)
    x: Count | None = None
    chosen_player: Name | None = None
    ability: PositiveCount | None = None
    """Which of the card's abilities with lasting effects resolved, from 1 in printed order
    (needed when the card has several)."""


def _effect_tag(value: object) -> str:
    return "card_effect" if isinstance(value, dict) and "card" in value else "board_effect"


TopLevelEffect = Annotated[
    Annotated[BoardEffect, Tag("board_effect")] | Annotated[CardEffect, Tag("card_effect")],
    Discriminator(_effect_tag),
]
"""A top-level ``effects`` entry: named effects in the vocabulary, or a resolved card (an
object with ``card``)."""


class ThisTurn(_Strict):
    """What happened earlier this turn that cards ask about: ``spells_cast`` maps a player to
    the number of spells of each card type they cast this turn (an artifact creature spell
    counts for both types)."""

    spells_cast: dict[Name, dict[CardType, Count]] = Field(default_factory=dict)

    def cast(self, player: str, card_type: str) -> int:
        """How many spells of ``card_type`` ``player`` cast this turn."""
        return self.spells_cast.get(player, {}).get(card_type, 0)


TAG_MODELS: dict[str, type[BaseModel]] = {
    "board_effect": BoardEffect, "card_effect": CardEffect, "activation_object": Activation,
}
"""The tags of the board format's own unions (top-level effects, activations) → model."""


def check_targets(board: Board, ids: Mapping[str, int], names: Mapping[str, int],
                   catalog: Catalog, file: str | None, fail: Fail) -> None:
    """Every target names a permanent or a player; targeted activations and top-level card
    entries belong to cards whose ability or spell resolves with effects, and name one of
    the card's abilities when it has several (:func:`check_ability`)."""

    def known(targets: Iterable[str], at: str) -> None:
        for k, t in enumerate(targets):
            if t not in ids and t not in names:
                fail(f"target {shown(t)} names no permanent or player", f"{at}.targets[{k}]")

    for i, perm in enumerate(board.permanents):
        card = catalog.get(perm.card) if perm.card is not None else None
        for j, act in enumerate(perm.activations or ()):
            at = f"$.permanents[{i}].activations[{j}]"
            if card is not None and not perm.face_down:
                check_ability(card, act.ability if isinstance(act, Activation) else None,
                              isinstance(act, Activation), at, fail)
            if isinstance(act, Activation):
                known(act.targets, at)
                if act.targets and (card is None or not card.resolves):
                    fail(f"{shown(perm.card or perm.id)} has no ability whose targets the board "
                         "models (its card has no 'resolved' effects)", f"{at}.targets")
    for i, eff in enumerate(board.effects):
        at = f"$.effects[{i}]"
        known(eff.targets, at)
        if isinstance(eff, CardEffect):
            card = catalog.get(eff.card, path=f"{at}.card", file=file)
            if not card.resolves:
                fail(f"{shown(card.name)} has no spell or ability with lasting effects in the "
                     "catalog (no 'resolved' effects)", f"{at}.card")
            check_ability(card, eff.ability, True, at, fail)


def check_ability(card: Card, ability: int | None, named: bool, at: str, fail: Fail) -> None:
    """An entry (at ``at``; ``named``: an object that can say ``ability``) names one of
    ``card``'s abilities with lasting effects when it has several, and otherwise says
    nothing or 1."""
    if not card.abilities:
        if ability is not None and ability != 1:
            fail(f"{shown(card.name)} has one ability with lasting effects at most: 'ability' "
                 "must be 1 or absent", f"{at}.ability")
        return
    choices = ", ".join(f"{k} ({_quoted(a.text)})" for k, a in enumerate(card.abilities, 1))
    if ability is None:
        fail(f"{shown(card.name)} has several abilities with lasting effects; say which "
             f'ability resolved: "ability": {choices}'
             + ("" if named else '; an integer entry can\'t say it, write an object such as '
                '{"x": 0, "ability": 1}'), at)
    if ability > len(card.abilities):
        fail(f"{shown(card.name)} has {len(card.abilities)} abilities with lasting effects, "
             f'not {ability}: "ability": {choices}', f"{at}.ability")


def _quoted(text: str, limit: int = 60) -> str:
    return '"' + (text if len(text) <= limit else text[:limit] + "…") + '"'
