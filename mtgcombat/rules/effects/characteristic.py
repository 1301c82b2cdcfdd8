"""Effects on characteristics (CR 613) and mana abilities used to pay costs (CR 605)."""

from __future__ import annotations

from typing import ClassVar, Literal, Self

from pydantic import Field, model_validator

from mtgcombat.rules.effects.common import (
    CostPick,
    EffectRole,
    Selector,
    XCount,
    _Frozen,
)
from mtgcombat.rules.effects.conditions import Condition, Controls
from mtgcombat.rules.fields import (
    PT,
    CardType,
    Color,
    Count,
    Keyword,
    ManaCost,
    Name,
    PositiveCount,
    ProducedMana,
    Subtype,
)

# --- characteristics ------------------------------------------------------------------------


class CounterCount(_Frozen):
    """The number of ``counter`` counters on the source ("for each charge counter on ~")."""

    counter: Name


class GraveyardCount(_Frozen):
    """The number of cards in the graveyard of the source's controller (``graveyard``
    ``you``) or in all graveyards (``all``) having one of ``types_any`` and one of
    ``subtypes_any`` (any card when empty): "for each creature card in your graveyard",
    "the number of instant cards in all graveyards"; with ``count`` ``card_types``, the
    number of card types among those cards (Tarmogoyf: "card types among cards in all
    graveyards")."""

    graveyard: Literal["you", "all"]
    types_any: list[CardType] = Field(default_factory=list)
    subtypes_any: list[Subtype] = Field(default_factory=list)
    count: Literal["cards", "card_types"] = "cards"


class GrantKeywords(_Frozen):
    """Affected permanents have ``keywords`` (Avatar of Slaughter: double strike), or with
    ``lose`` lose them (Downdraft: "target creature loses flying until end of turn")."""

    kind: Literal["grant_keywords"] = "grant_keywords"
    role: ClassVar[EffectRole] = "characteristic"
    affects: Selector
    keywords: list[Keyword]
    lose: bool = False
    """The affected permanents lose ``keywords`` instead of gaining them (CR 613.1f: in
    timestamp order with the effects that add them)."""
    chosen_color_protection: bool = False
    """Also protection from the colour chosen for the source as it entered (the board's
    ``chosen.color``: "enchanted creature has protection from the chosen color")."""
    condition: Condition | None = None
    """Only while this holds ("as long as ...")."""


class ModifyPowerToughness(_Frozen):
    """Affected creatures get +power/+toughness, optionally only while the permanent the source
    is attached to is tapped / untapped (Sword of the Paruns) or while the source is untapped
    (Watchdog: creatures attacking you get -1/-0)."""

    kind: Literal["modify_pt"] = "modify_pt"
    role: ClassVar[EffectRole] = "characteristic"
    affects: Selector
    power: PT = 0
    toughness: PT = 0
    while_attached_tapped: bool | None = None
    while_untapped: bool = False
    """Only while the source itself is untapped (Watchdog)."""
    per: Selector | None = None
    """For each permanent matching ``per`` (relative to the source): the change is multiplied
    by their number (Blanchwood Armor: +1/+1 for each Forest you control)."""
    per_amount: CounterCount | GraveyardCount | Literal["your_hand_size"] | None = None
    """Or for each counter of a kind on the source ("for each oil counter on it"), each card
    in its controller's hand ("for each card in your hand") or each card of some types in
    its controller's graveyard ("for each creature card in your graveyard")."""
    times_x: bool = False
    """The change is multiplied by the X of the resolution the board records (an
    activation's ``x``, a top-level entry's ``x``): Untamed Might's "+X/+X" is ``power`` 1,
    ``toughness`` 1; Death Wind's "-X/-X" -1, -1. Only for what a spell or ability does on
    resolution; a static effect's X is 0."""
    condition: Condition | None = None
    """Only while this holds ("as long as ...")."""
    from_trigger: bool = False
    """The change until end of turn of a combat trigger that resolved before combat damage
    (Aurochs Herd: "whenever ~ attacks, it gets +1/+0 until end of turn for each other
    attacking Aurochs"; Bolt Hound: "other creatures you control get +1/+0"): ``per`` is
    counted, and the change applied, as it resolved, so in the second combat damage step a
    counted creature or the source destroyed by first-strike damage still counts or still
    gives it (CR 608.2h, 611.2c)."""


class SetSubtypes(_Frozen):
    """Affected permanents' subtypes become ``subtypes`` (Spreading Seas: an Island), or with
    ``creature_types`` only their creature types do, other subtypes kept (CR 205.1a;
    Frogify: "is a blue Frog creature")."""

    kind: Literal["set_subtypes"] = "set_subtypes"
    role: ClassVar[EffectRole] = "characteristic"
    affects: Selector
    subtypes: list[Subtype]
    creature_types: bool = False


class LoseAllAbilities(_Frozen):
    """Affected permanents lose all their abilities (CR 613.1f; Frogify: "Enchanted creature
    loses all abilities"): their keywords and every effect of their own text, from this
    layer on (what earlier layers applied stays, CR 613.6); abilities other effects grant
    later in timestamp order are kept."""

    kind: Literal["lose_all_abilities"] = "lose_all_abilities"
    role: ClassVar[EffectRole] = "characteristic"
    affects: Selector


class AddTypes(_Frozen):
    """Affected permanents get card types ``types`` and subtypes ``subtypes`` and keep all
    their others (CR 205.1b: "in addition to its other types", "it's still a land", "becomes
    an artifact creature"; Mishra's Factory: "becomes a 2/2 Assembly-Worker artifact
    creature"); ``all_creature_types``: every creature type too (Mutavault)."""

    kind: Literal["add_types"] = "add_types"
    role: ClassVar[EffectRole] = "characteristic"
    affects: Selector
    types: list[CardType] = Field(default_factory=list)
    subtypes: list[Subtype] = Field(default_factory=list)
    all_creature_types: bool = False


class SetColors(_Frozen):
    """Affected permanents' colours become ``colors`` (CR 613.1e; Celestial Colonnade: "becomes
    a 4/4 white and blue Elemental creature")."""

    kind: Literal["set_colors"] = "set_colors"
    role: ClassVar[EffectRole] = "characteristic"
    affects: Selector
    colors: list[Color] = Field(min_length=1)


class SetBasePowerToughness(_Frozen):
    """Affected creatures have base power and toughness ``power``/``toughness`` (CR 613.4b;
    Ovinize-likes: "Target creature has base power and toughness 1/1 until end of turn.";
    Mutavault: "becomes a 2/2 creature"); counters and +N/+N effects still apply on top."""

    kind: Literal["set_base_pt"] = "set_base_pt"
    role: ClassVar[EffectRole] = "characteristic"
    affects: Selector
    power: Count
    toughness: Count


class Devotion(_Frozen):
    """The controller's devotion to ``devotion`` (CR 700.5): the mana symbols of that colour
    among the mana costs of the permanents they control, hybrid and Phyrexian ones included
    (Anax: "~'s power is equal to your devotion to red")."""

    devotion: Color


PlayerAmount = Literal["your_hand_size", "all_hand_sizes", "your_life"]
"""A number a player's state gives: the cards in the controller's hand, the cards in all
players' hands, the controller's life total."""


class PowerToughnessFromCount(_Frozen):
    """The source's power and toughness are each the number of permanents matching ``count``
    (Gaea's Liege while not attacking: Forests you control), or ``amount``: cards in a
    graveyard (Lhurgoyf), in hand (Maro), a life total (Serra Avatar), devotion to a colour
    (Anax); ``toughness_plus`` is
    added to the toughness (Tarmogoyf: "that number plus 1")."""

    kind: Literal["pt_from_count"] = "pt_from_count"
    role: ClassVar[EffectRole] = "characteristic"
    count: Selector | None = None
    amount: GraveyardCount | Devotion | PlayerAmount | None = None
    power: bool = True
    toughness: bool = True
    toughness_plus: PT = 0

    @model_validator(mode="after")
    def _one_number(self) -> Self:
        if (self.count is None) == (self.amount is None):
            raise ValueError("pt_from_count needs exactly one of 'count' and 'amount'")
        return self


# --- resources ------------------------------------------------------------------------------


class RemoveCounters(_Frozen):
    """A cost "remove ``count`` ``counter`` counters from ~" (CR 118.3): ``count`` of them,
    or with ``count`` ``None`` ("remove X" / "any number of") all of them, which adds the
    most mana; the ability's ``amount`` ``{"counter": ...}`` then counts the counters
    removed."""

    counter: Name
    count: PositiveCount | None = None


class ManaAbility(_Frozen):
    """A mana ability (CR 605). ``produces`` lists the alternatives for one activation
    (``["{R}", "{G}"]``, ``"{any}"`` for one mana of any colour); ``amount`` multiplies it
    (an integer, ``"toughness"`` / ``"power"`` of the source, the number of permanents
    matching a selector as the ability resolves (``{"count": ...}``, Cabal Coffers: Swamps you
    control), or the counters of one kind on the source (``{"counter": ...}``)). Costs:
    ``{T}`` (``tap``), ``{Q}`` (``untap``), a mana cost, life, sacrificing the source or a
    permanent matching ``sacrifice``, exiling the card from its owner's hand (``from_hand``,
    Simian Spirit Guide)."""

    kind: Literal["mana_ability"] = "mana_ability"
    role: ClassVar[EffectRole] = "payment"
    tap: bool = False
    untap: bool = False
    mana_cost: ManaCost | None = None
    life: Count = 0
    sacrifice_self: bool = False
    sacrifice: CostPick | None = None
    tap_untapped: CostPick | None = None
    """"Tap an untapped creature you control" (Dragonbroods' Relic): untapped permanents the
    controller controls, other than its declared creatures; not a {T} cost, so summoning
    sickness doesn't matter (CR 302.6)."""
    from_hand: bool = False
    produces: list[ProducedMana] = Field(min_length=1)
    amount: PositiveCount | Literal["toughness", "power"] | XCount | CounterCount = 1
    once_per_turn: bool = False
    """"Activate only once each turn" (Wall of Roots)."""
    only_if: Controls | None = None
    """"Activate only if you control a Swamp or a Mountain" (Blazemire Verge), checked each
    time it is activated (permanents sacrificed meanwhile no longer count)."""
    remove_counters: RemoveCounters | None = None
    """Counters of one kind removed from the source (Vivid Crag: "Remove a charge counter
    from this land"; Calciform Pools: "Remove X storage counters"); it can't be activated
    without enough of them."""
    additional: int = Field(default=0, ge=0, le=20)
    """Mana added besides ``amount`` times ``produces`` (Black Mana Battery: "Add {B}, then
    add an additional {B} for each charge counter removed this way": ``additional`` 1)."""
    sacrifice_when_empty: bool = False
    """The source is sacrificed as the ability resolves if no ``remove_counters`` counters
    are left on it (Peat Bog: "If there are no depletion counters on this land, sacrifice
    it")."""


class NoActivatedAbilities(_Frozen):
    """Activated abilities of the affected permanents can't be activated (Arrest, Collector
    Ouphe). In combat this matters only for their mana abilities, which then can't pay costs
    to attack or block (CR 602.5)."""

    kind: Literal["no_activated_abilities"] = "no_activated_abilities"
    role: ClassVar[EffectRole] = "payment"
    affects: Selector


