"""What effects share: selectors (which permanents an effect applies to), attack scopes,
costs, and the roles that say which step's rules an effect feeds.

Relative words are relative to the effect's source: ``"you"`` is the source's controller,
``"self"`` the source permanent, ``"attached"`` the permanent the source is attached to.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from mtgcombat.rules.fields import (
    PT,
    CardType,
    Count,
    Keyword,
    ManaCostX,
    Name,
    PositiveCount,
    Subtype,
)
from mtgcombat.rules.fields import Color as Color  # re-exported: the colour field type

ControllerRel = Literal["any", "you", "opponents"]
EffectRole = Literal["attack", "block", "characteristic", "payment", "damage"]
"""The step whose rules an effect feeds: ``attack`` (declare attackers, CR 508.1),
``block`` (declare blockers, CR 509.1), ``characteristic`` (derived characteristics, CR 613),
``payment`` (mana abilities used to pay costs, CR 605) or ``damage`` (combat damage, CR 510)."""

KEYWORDS: frozenset[str] = frozenset(
    {
        "flying", "reach", "first strike", "double strike", "deathtouch", "trample", "lifelink",
        "vigilance", "haste", "defender", "menace", "shadow", "horsemanship", "fear",
        "intimidate", "skulk", "banding", "indestructible", "flanking",
        "islandwalk", "forestwalk", "swampwalk", "mountainwalk", "plainswalk",
        "protection from white", "protection from blue", "protection from black",
        "protection from red", "protection from green",
        "trample over planeswalkers", "infect", "wither",
    }
)
"""Keywords whose combat rules are modeled (lower case, as printed), besides ``toxic N``,
the damage-step bonuses of exalted, battle cry, ``bushido N``, ``rampage N`` and ``frenzy N``
(:mod:`mtgcombat.damage.keywords`) and protection from the qualities of
:mod:`mtgcombat.rules.protection`; every other CR 702
keyword is accepted (:mod:`mtgcombat.rules.keywords`) and listed, but has no combat effect."""


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Selector(_Frozen):
    """Which permanents an effect applies to, relative to the effect's source.

    ``which``: ``all`` (every permanent matching the filters), ``self`` (the source),
    ``attached`` (what the source is attached to), ``others`` (all but the source),
    ``targets`` (the permanents its spell or ability targeted). ``controller``
    ``enchanted_player``: controlled by the player the source (a Curse) is attached to.
    The remaining fields are filters that must all hold.
    """

    which: Literal["all", "self", "attached", "others", "targets"] = "all"
    controller: ControllerRel | Literal["enchanted_player", "targeted_player", "not_you"] = "any"
    """Whose permanents: ``targeted_player`` is a player the effect's spell or ability
    targeted ("creatures that player controls": Gideon Jura's +2); ``not_you`` every player
    but the source's controller, teammates too ("creatures you don't control")."""
    types: list[CardType] = Field(default_factory=list)
    subtypes_any: list[Subtype] = Field(default_factory=list)
    colors_any: list[Color] = Field(default_factory=list)
    keywords_any: list[Keyword] = Field(default_factory=list)
    counter: Name | None = None
    types_none: list[CardType] = Field(default_factory=list)
    """None of these card types ("nonartifact")."""
    subtypes_none: list[Subtype] = Field(default_factory=list)
    """None of these subtypes ("non-Wall")."""
    colors_none: list[Color] = Field(default_factory=list)
    """None of these colours ("nonblack")."""
    keywords_none: list[Keyword] = Field(default_factory=list)
    """None of these keywords ("without flying")."""
    names_none: list[Name] = Field(default_factory=list)
    """Not named any of these, compared case-insensitively ("except creatures named ...")."""
    power_greater_than: PT | Literal["your_hand_size", "source"] | None = None
    """Power greater than an integer, the source controller's hand size, or the source's
    power (``"source"``: "with greater power"; never matches without a source creature)."""
    power_less_than: PT | Literal["source"] | None = None
    """Power less than an integer or the source's power ("power less than Champion of
    Lambholt's power"; never matches without a source creature)."""
    tapped: bool | None = None
    attacking: Literal["any", "you"] | None = None
    """Only creatures in the board's ``attack`` (``"you"``: attacking the source's controller,
    the player)."""
    blocking: bool | None = None
    """Only creatures blocking (True: a blocker in the board's ``blocks``) or only creatures
    not blocking (False)."""
    blocked: bool | None = None
    """Only attacking creatures that became blocked (True: an attacker the board's ``blocks``
    names) or only creatures that aren't such an attacker (False)."""
    blocking_source: bool = False
    """Only creatures blocking the source (the board's ``blocks``): "each creature blocking
    it"."""
    blocked_by_source: bool = False
    """Only attackers the source blocks (the board's ``blocks``): "a creature it blocks"."""
    attacking_alone: bool = False
    """Only a creature attacking alone: the only creature of the board's ``attack`` (CR
    506.5: "attacks alone")."""
    your_turn: bool | None = None
    """Only during the turn of the source's controller (True: "during your turn"; with teams,
    their team's turn) or only during other turns (False: "during turns other than yours")."""
    token: bool | None = None
    """Only tokens (True: "creature tokens you control") or only nontoken permanents (False:
    "nontoken creatures"); the board's ``token``."""
    has_attached: Literal["Equipment", "Aura"] | None = None
    """Only permanents some Equipment (``Equipment``: "equipped creatures you control") or some
    Aura (``Aura``: "enchanted creatures you control") is attached to."""
    attached_to: Literal["self", "attached"] | None = None
    """Only permanents attached to the source (``self``) or to the permanent the source is
    attached to (``attached``): "for each Aura attached to it"."""
    chosen_color: bool = False
    """Only permanents of the colour chosen for the source as it entered (the board's
    ``chosen.color``: "creatures you control of the chosen color")."""
    chosen_type: bool = False
    """Only permanents of the creature type chosen for the source as it entered (the board's
    ``chosen.creature_type``: "creatures of the chosen type")."""
    multicolored: bool = False
    """Only permanents of two or more colours (CR 105.4: "multicolored creatures")."""
    paired: bool = False
    """Only the source and the creature it is paired with, while it is paired (soulbond,
    CR 702.95: "both creatures", "each of those creatures"; the board's ``paired_with``)."""


SELF = Selector(which="self")

ScopeKind = Literal[
    "any",  # every target
    "you",  # the source's controller (the player only)
    "you_and_planeswalkers",  # that player and planeswalkers they control
    "you_and_permanents",  # that player, planeswalkers they control, battles they protect
    "chosen_player",  # the source's chosen player (Ruhan of the Fomori)
    "players",  # any player, no planeswalker or battle
    "players_other_than_you",  # any player but the source's controller (Kardur, Doomscourge)
    "its_owner",  # the affected creature's owner, a player (My Crushing Masterstroke)
    "self",  # the source permanent itself, as a planeswalker or battle (Gideon Jura)
    "planeswalkers",  # every planeswalker, no player or battle
    "battles",  # every battle
]


class CostPick(_Frozen):
    """Pick ``count`` permanents you control matching ``filter`` (sacrifice, return, tap)."""

    count: PositiveCount = 1
    filter: Selector = Field(default_factory=Selector)


class Cost(_Frozen):
    """A cost to attack (or block) paid for one creature. ``mana`` in braces: ``{2}``, ``{W/P}``."""

    mana: ManaCostX | None = None
    life: Count = 0
    sacrifice: list[CostPick] = Field(default_factory=list)
    return_to_hand: list[CostPick] = Field(default_factory=list)
    tap_untapped_creatures: Count = 0


class XCount(_Frozen):
    """``{X}`` is the number of permanents on the battlefield matching ``count`` (relative to
    the cost effect's source: "{1} for each Cleric on the battlefield")."""

    count: Selector


XWord = Literal["activation", "your_enchantments", "your_basic_land_types", "your_hand_size"]
"""``activation``: each activation's X (War Tax); ``your_enchantments``: enchantments the
source's controller controls (Sphere of Safety); ``your_basic_land_types``: basic land types
among lands that player controls (domain: Collective Restraint); ``your_hand_size``: cards in
that player's hand (Cowed by Wisdom)."""

XSource = XWord | XCount
"""Where ``{X}`` in a cost comes from: a word, or a count of matching permanents."""

