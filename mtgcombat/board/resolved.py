"""Resolved spells and abilities on a board, and what happened earlier this turn.

Activations of a permanent's ability (an integer X or an object with targets), top-level
effects (named effects in the vocabulary, or a catalog card whose spell or ability resolved
this turn with targets) and the ``this_turn`` history that cards ask about (spells cast).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Annotated, NoReturn

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag

from mtgcombat.rules.catalog import Card, Catalog, resolved_effects
from mtgcombat.rules.colors import COLOR_NAMES
from mtgcombat.rules.effects import Color, Effect, GrantKeywords
from mtgcombat.rules.fields import CardType, Count, Name, PositiveCount
from mtgcombat.rules.types import shown

if TYPE_CHECKING:
    from mtgcombat.board.model import Board

Fail = Callable[[str, str], NoReturn]

MAX_MODES = 20
"""The most modes an entry may list (a bound on the input's size)."""
TARGETS = ("The permanents and players the spell or ability targeted, and the permanents its "
           "text refers to that it made or chose without targeting them (\"Create a 3/3 "
           "token. It gains haste until end of turn.\": the token; \"put a creature card "
           "from your hand onto the battlefield. That creature gains haste.\": that creature).")
"""The description of a resolution's ``targets``."""
CHOSEN_COLOR = ("The colour chosen as it resolved, for \"protection from the color of your "
                "choice\" (Gods Willing): \"red\" or a letter.")
"""The description of a resolution's ``chosen_color``."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Activation(_Strict):
    """One resolved activation this turn of a permanent's activated ability: its X, the
    players and permanents it targeted (Alluring Siren: the creature that must attack), and
    for a card with several abilities with lasting effects which one (``ability``, from 1 in
    printed order), and for a modal one the ``modes`` chosen (from 1 in printed order)."""

    x: Count = 0
    targets: list[Name] = Field(default_factory=list, description=TARGETS)
    ability: PositiveCount | None = None
    """Which of the card's abilities with lasting effects this was, from 1 in printed order
    (needed when its card has several)."""
    modes: list[PositiveCount] | None = Field(default=None, max_length=MAX_MODES)
    """For a modal ability, the modes chosen, from 1 in printed order."""
    chosen_color: Color | None = Field(default=None, description=CHOSEN_COLOR)


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
    printed order); for a modal one, those of the ``modes`` chosen (from 1 in printed
    order)."""

    card: Name
    controller: Name
    targets: list[Name] = Field(default_factory=list, description=TARGETS)
    x: Count | None = None
    chosen_player: Name | None = None
    ability: PositiveCount | None = None
    """Which of the card's abilities with lasting effects resolved, from 1 in printed order
    (needed when the card has several)."""
    modes: list[PositiveCount] | None = Field(default=None, max_length=MAX_MODES)
    """For a modal spell or ability, the modes chosen, from 1 in printed order."""
    chosen_color: Color | None = Field(default=None, description=CHOSEN_COLOR)


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
                named = isinstance(act, Activation)
                ability = act.ability if isinstance(act, Activation) else None
                check_ability(card, ability, named, at, fail)
                check_modes(card, ability, act if isinstance(act, Activation) else None,
                            at, fail)
                check_x(card, act, at, fail)
                check_color(card, act, at, fail)
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
            check_modes(card, eff.ability, eff, at, fail)
            check_x(card, eff, at, fail)
            check_color(card, eff, at, fail)


def check_color(card: Card, entry: int | Activation | CardEffect, at: str,
                fail: Fail) -> None:
    """An entry (at ``at``) of a spell or ability that grants protection from the colour of
    its controller's choice says which colour was chosen (``chosen_color``)."""
    ability, modes = (None, None) if isinstance(entry, int) else (entry.ability, entry.modes)
    if not isinstance(entry, int) and entry.chosen_color is not None or not any(
            getattr(e, "chosen_color_protection", False)
            for e in resolved_effects(card, ability, modes)):
        return
    fail(f"{shown(card.name)}'s ability grants protection from the color of your choice; say "
         'the colour chosen: "chosen_color": "red"'
         + ("" if not isinstance(entry, int) else
            '; an integer entry can\'t say it, write an object such as {"chosen_color": "red"}'),
         at)


def with_color(effects: Iterable[Effect], color: str | None = None) -> list[Effect]:
    """A recorded resolution's ``effects`` with protection from the colour chosen as it
    resolved (``color``; none recorded: no protection) written as that keyword, so they
    don't read the source's own chosen colour."""
    out: list[Effect] = []
    for eff in effects:
        if isinstance(eff, GrantKeywords) and eff.chosen_color_protection:
            chosen = [f"protection from {COLOR_NAMES[color]}"] if color is not None else []
            eff = eff.model_copy(update={"keywords": [*eff.keywords, *chosen],
                                         "chosen_color_protection": False})
        out.append(eff)
    return out


def check_x(card: Card, entry: int | Activation | CardEffect, at: str, fail: Fail) -> None:
    """An entry (at ``at``) of a spell or ability whose effects change by X ("gets +X/+X")
    says its X: an integer activation entry is its X; an object must give ``x``."""
    if isinstance(entry, int):
        return
    given = entry.x is not None if isinstance(entry, CardEffect) else "x" in entry.model_fields_set
    if given or not any(getattr(e, "times_x", False) for e in resolved_effects(
            card, entry.ability, entry.modes)):
        return
    fail(f"{shown(card.name)}'s ability changes power or toughness by X; say the X it "
         'resolved with: "x": N', at)


def check_ability(card: Card, ability: int | None, named: bool, at: str, fail: Fail) -> None:
    """An entry (at ``at``; ``named``: an object that can say ``ability``) names one of
    ``card``'s abilities with lasting effects when it has several, and otherwise says
    nothing or 1."""
    if len(card.abilities) <= 1:
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


def check_modes(card: Card, ability: int | None, entry: Activation | CardEffect | None,
                at: str, fail: Fail) -> None:
    """An entry (at ``at``; None: an integer activation entry) of a modal ability of ``card``
    says which of its modes were chosen: as many as its "Choose ..." allows, each a mode of
    it, none twice unless the card allows it (CR 700.2d); a non-modal ability's entry says no
    ``modes``. Two chosen modes that both use the entry's targets can't share more than one
    target (which mode took which is not recorded)."""
    chosen = (card.abilities[(ability or 1) - 1] if card.abilities
              and (ability or 1) <= len(card.abilities) else None)
    modes = entry.modes if entry is not None else None
    if chosen is None or chosen.choose is None:
        if modes is not None:
            fail(f"{shown(card.name)}'s ability has no modes: 'modes' must be absent",
                 f"{at}.modes")
        return
    choose = chosen.choose
    choices = ", ".join(f"{k} ({_quoted(m.text)})" for k, m in enumerate(chosen.modes, 1))
    how = _how_many(choose.min, choose.max) + (
        ", the same mode more than once if you like" if choose.repeat else "")
    if modes is None:
        fail(f"{shown(card.name)}'s ability is modal ({_quoted(chosen.text)}); say which modes "
             f'were chosen ({how}): "modes": [...] from {choices}'
             + ("" if entry is not None else "; an integer entry can't say it, write an "
                'object such as {"x": 0, "modes": [1]}'), at)
    if not choose.min <= len(modes) <= choose.max:
        fail(f"{shown(card.name)}'s ability chooses {how}, not {len(modes)}: {choices}",
             f"{at}.modes")
    for k, m in enumerate(modes):
        if m > len(chosen.modes):
            fail(f"{shown(card.name)}'s ability has {len(chosen.modes)} modes, not {m}: "
                 f"{choices}", f"{at}.modes[{k}]")
        if not choose.repeat and m in modes[:k]:
            fail(f"mode {m} is chosen twice; {shown(card.name)} can't choose the same mode "
                 "more than once (CR 700.2d)", f"{at}.modes[{k}]")
    targeted = [m for m in modes if _uses_targets(chosen.modes[m - 1].resolved)]
    if len(targeted) > 1 and len(set(entry.targets if entry is not None else ())) > 1:
        fail(f"modes {', '.join(map(str, targeted))} of {shown(card.name)} each use the "
             "entry's targets, and which mode took which target is not recorded (not "
             "modelled; one shared target is)", f"{at}.modes")


def _how_many(low: int, high: int) -> str:
    if low == high:
        return f"exactly {low}"
    return f"{low} to {high}" if low else f"up to {high}"


def _uses_targets(effects: Iterable[Effect]) -> bool:
    """Do any of ``effects`` apply to their spell's or ability's targets?"""
    def uses(value: object) -> bool:
        if isinstance(value, dict):
            return (value.get("which") == "targets" or value.get("controller") ==
                    "targeted_player" or value.get("to_targets") is True
                    or any(uses(v) for v in value.values()))
        return isinstance(value, list) and any(uses(v) for v in value)

    return any(uses(e.model_dump()) for e in effects)


def _quoted(text: str, limit: int = 60) -> str:
    return '"' + (text if len(text) <= limit else text[:limit] + "…") + '"'
