"""Conditions of static effects: "as long as you control a Wizard", "as long as it's your
turn", "as long as ~ is equipped". An effect with a ``condition`` does nothing while the
condition is false (CR 611.3a: a static ability's effect applies only while its condition
holds, checked continuously). Relative words are relative to the effect's source, as for
:class:`~mtgcombat.rules.effects.common.Selector`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from mtgcombat.rules.effects.common import Selector, _Frozen
from mtgcombat.rules.fields import CardType, Count, Name, Subtype

PlayerRel = Literal["you", "opponent"]
"""``you``: the source's controller; ``opponent``: some opponent of that player ("an opponent
controls ...", "an opponent has ... life")."""


class Controls(_Frozen):
    """The player controls between ``at_least`` and ``at_most`` permanents matching
    ``permanent`` ("you control a Wizard": at least 1; "you control no Islands": at most 0;
    "you control three or more artifacts": at least 3). With ``opponent``: some opponent
    does."""

    kind: Literal["controls"] = "controls"
    player: PlayerRel = "you"
    permanent: Selector
    at_least: Count = 1
    at_most: Count | None = None


class YourTurn(_Frozen):
    """It is the turn of the source's controller (with teams, their team's turn): ``yours``
    False for "as long as it's not your turn"."""

    kind: Literal["your_turn"] = "your_turn"
    yours: bool = True


class Life(_Frozen):
    """The player's life total is between ``at_least`` and ``at_most`` ("as long as you have
    5 or less life"). With ``opponent``: some opponent's is."""

    kind: Literal["life"] = "life"
    player: PlayerRel = "you"
    at_least: int | None = None
    at_most: int | None = None


class HandSize(_Frozen):
    """The source's controller has between ``at_least`` and ``at_most`` cards in hand
    (hellbent, "as long as you have no cards in hand": at most 0)."""

    kind: Literal["hand_size"] = "hand_size"
    at_least: Count | None = None
    at_most: Count | None = None


class SourceState(_Frozen):
    """The source (``of: "self"``) or the permanent it is attached to (``"attached"``) is
    tapped, untapped, attacking, blocking, equipped or enchanted (some Equipment / Aura is
    attached to it)."""

    kind: Literal["source_state"] = "source_state"
    of: Literal["self", "attached"] = "self"
    state: Literal["tapped", "untapped", "attacking", "blocking", "equipped", "enchanted"]


class SourceCounters(_Frozen):
    """The source has at least ``at_least`` counters named ``counter`` on it (any kind when
    None): "as long as ~ has a +1/+1 counter on it"."""

    kind: Literal["source_counters"] = "source_counters"
    counter: Name | None = None
    at_least: Count = 1


class Graveyard(_Frozen):
    """The player's graveyard holds between ``at_least`` and ``at_most`` cards having one of
    ``types_any`` and one of ``subtypes_any`` (any card when empty): threshold, "seven or more
    cards in your graveyard"; descend 4, "four or more permanent cards". With ``count``
    ``card_types``, the number of card types among those cards is counted instead (delirium,
    "four or more card types among cards in your graveyard"). With ``opponent``: some
    opponent's graveyard ("an opponent has eight or more cards in their graveyard")."""

    kind: Literal["graveyard"] = "graveyard"
    player: PlayerRel = "you"
    at_least: Count | None = None
    at_most: Count | None = None
    types_any: list[CardType] = Field(default_factory=list)
    subtypes_any: list[Subtype] = Field(default_factory=list)
    count: Literal["cards", "card_types"] = "cards"


Condition = Annotated[
    Controls | YourTurn | Life | HandSize | SourceState | SourceCounters | Graveyard,
    Field(discriminator="kind"),
]
"""A condition an effect applies under, discriminated by ``kind``."""

__all__ = ["Condition", "Controls", "Graveyard", "HandSize", "Life", "PlayerRel", "SourceCounters",
           "SourceState", "YourTurn"]
