"""Golden tests: attack restrictions and requirements (CR 508.1c, 508.1d) compiled from real
cards' text. Each expected effect is written from the card's printed text."""

from __future__ import annotations

import pytest

from mtgcombat.rules.catalog import default_catalog
from mtgcombat.rules.effects import (
    SELF,
    CanOnlyAttackAlone,
    CantAttack,
    CantAttackAlone,
    CantAttackUnlessCastThisTurn,
    CantAttackUnlessDefendingPlayerControls,
    CantAttackUnlessOtherAttacks,
    CantAttackUnlessPermanents,
    CantBlock,
    CantBlockAlone,
    ConditionalMustAttack,
    Effect,
    GrantKeywords,
    MaxAttackers,
    ModifyPowerToughness,
    MustAttack,
    MustAttackGroup,
    MustBlock,
    Selector,
)
from tests.text_golden import compiled, resolved, unmodelled

FAMILIES = frozenset({"attack_restriction", "attack_requirement", "attack_cost"})
KINDS = frozenset({
    "cant_attack", "cant_attack_alone", "can_only_attack_alone", "cant_attack_unless_other_attacks",
    "cant_attack_unless_permanents", "cant_attack_unless_defending_player_controls",
    "max_attackers", "must_attack", "must_attack_group", "conditional_must_attack",
    "cant_attack_unless_cast_this_turn", "cant_block", "cant_block_alone", "must_block",
    "attack_cost", "block_cost",
})
"""The effect kinds the attack and cost templates produce (other helpers' are left out)."""

CREATURES = Selector(types=["Creature"])
ATTACHED = Selector(which="attached")
TARGETS = Selector(which="targets")
OPPONENTS = Selector(controller="opponents", types=["Creature"])


def ours(name: str, *, resolved: bool = False, kinds: frozenset[str] = KINDS) -> list[Effect]:
    """The card's static (or resolved) effects of the attack and cost kinds; fails if any of
    its attack or cost sentences is unmodelled."""
    c = compiled(name)
    left = [u.text for u in c.unmodelled if u.family in FAMILIES]
    assert not left, f"{name}: unmodelled {left}"
    return [e for e in (c.resolved if resolved else c.effects) if e.kind in kinds]


def goaded(sel: Selector) -> list[Effect]:
    """Goad (CR 701.15b): attacks each combat if able, and a player other than the goader."""
    return [MustAttack(affects=sel), MustAttack(affects=sel, scope="players_other_than_you")]


# --- can't attack -----------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "expected"), [
    # "This creature can't attack or block."
    ("Vigean Hydropon", [CantAttack(), CantBlock()]),
    # "Enchanted creature can't attack or block."
    ("Pacifism", [CantAttack(affects=ATTACHED), CantBlock(affects=ATTACHED)]),
    # "Enchanted creature can't attack."
    ("Forced Worship", [CantAttack(affects=ATTACHED)]),
    # "Enchanted creature can't attack, block, or transform."
    ("Bound by Moonsilver", [CantAttack(affects=ATTACHED), CantBlock(affects=ATTACHED)]),
    # "Enchanted permanent can't attack, block, or crew Vehicles, and its activated abilities
    # can't be activated unless they're mana abilities."
    ("Bound in Gold", [CantAttack(affects=ATTACHED), CantBlock(affects=ATTACHED)]),
    # "Creatures without flying can't attack."
    ("Moat", [CantAttack(affects=Selector(types=["Creature"], keywords_none=["flying"]))]),
    # "Creatures without flying or islandwalk can't attack."
    ("Stormtide Leviathan", [CantAttack(affects=Selector(
        types=["Creature"], keywords_none=["flying", "islandwalk"]))]),
    # "Creatures with power 2 or less can't attack you."
    ("Reverence", [CantAttack(affects=Selector(types=["Creature"], power_less_than=3),
                              scope="you")]),
    # "Creatures can't attack you."
    ("Blazing Archon", [CantAttack(affects=CREATURES, scope="you")]),
    # "Inklings can't attack you or planeswalkers you control."
    ("Combat Calligrapher", [CantAttack(affects=Selector(subtypes_any=["Inkling"]),
                                        scope="you_and_planeswalkers")]),
    # "Creatures with flying can't attack you or planeswalkers you control."
    ("Sandwurm Convergence", [CantAttack(
        affects=Selector(types=["Creature"], keywords_any=["flying"]),
        scope="you_and_planeswalkers")]),
    # "Black creatures can't attack or block."
    ("Light of Day", [CantAttack(affects=Selector(types=["Creature"], colors_any=["B"])),
                      CantBlock(affects=Selector(types=["Creature"], colors_any=["B"]))]),
    # "Creatures with bribery counters on them can't attack or block."
    ("Gwafa Hazid, Profiteer", [
        CantAttack(affects=Selector(types=["Creature"], counter="bribery")),
        CantBlock(affects=Selector(types=["Creature"], counter="bribery"))]),
    # "Non-Eye creatures you control can't attack."
    ("Evil Eye of Urborg", [CantAttack(affects=Selector(
        controller="you", types=["Creature"], subtypes_none=["Eye"]))]),
    # "Creatures you control can't attack."
    ("Glacial Chasm", [CantAttack(affects=Selector(controller="you", types=["Creature"]))]),
    # "Creatures can't attack."
    ("Peacekeeper", [CantAttack(affects=CREATURES)]),
    # "Creatures with power greater than the number of cards in your hand can't attack."
    ("Ensnaring Bridge", [CantAttack(affects=Selector(
        types=["Creature"], power_greater_than="your_hand_size"))]),
    # "Except for creatures named Akron Legionnaire and artifact creatures, creatures you
    # control can't attack."
    ("Akron Legionnaire", [CantAttack(affects=Selector(
        controller="you", types=["Creature"], types_none=["Artifact"],
        names_none=["Akron Legionnaire"]))]),
])
def test_cant_attack(name: str, expected: list[Effect]) -> None:
    assert ours(name) == expected


@pytest.mark.parametrize(("name", "expected"), [
    # Instant: "Target creature can't attack this turn."
    ("Change of Heart", [CantAttack(affects=TARGETS)]),
    # Instant: "Target creature can't attack or block this turn."
    ("Off Balance", [CantAttack(affects=TARGETS), CantBlock(affects=TARGETS)]),
    # Instant: "Creatures can't attack this turn."
    ("Festival", [CantAttack(affects=CREATURES)]),
    # Sorcery: "Until your next turn, creatures can't attack you."
    ("Chronomantic Escape", [CantAttack(affects=CREATURES, scope="you")]),
    # "When this creature enters, target creature an opponent controls can't attack or block
    # until your next turn."
    ("Spara's Adjudicators", [CantAttack(affects=TARGETS), CantBlock(affects=TARGETS)]),
])
def test_cant_attack_when_it_resolves(name: str, expected: list[Effect]) -> None:
    assert ours(name, resolved=True) == expected
    assert ours(name) == []


@pytest.mark.parametrize(("name", "expected"), [
    # "This creature can't attack or block alone."
    ("Mogg Flunkies", [CantAttackAlone(), CantBlockAlone()]),
    # "This creature can't attack alone."
    ("Bonded Construct", [CantAttackAlone()]),
    # "This creature can only attack alone."
    ("Master of Cruelties", [CanOnlyAttackAlone()]),
])
def test_alone(name: str, expected: list[Effect]) -> None:
    assert ours(name) == expected


# --- can't attack unless ----------------------------------------------------------------------

@pytest.mark.parametrize(("name", "expected"), [
    # "This creature can't attack unless defending player controls an Island."
    ("Sea Serpent", [CantAttackUnlessDefendingPlayerControls(
        permanent=Selector(subtypes_any=["Island"]))]),
    # "... unless defending player controls a blue permanent."
    ("Whimwader", [CantAttackUnlessDefendingPlayerControls(
        permanent=Selector(colors_any=["U"]))]),
    # "... unless defending player controls a creature with flying."
    ("Lurking Green Dragon", [CantAttackUnlessDefendingPlayerControls(
        permanent=Selector(types=["Creature"], keywords_any=["flying"]))]),
    # "This creature can't attack unless you control an artifact."
    ("Desperate Castaways", [CantAttackUnlessPermanents(
        permanent=Selector(controller="you", types=["Artifact"]))]),
    # "This creature can't attack unless you control another artifact."
    ("Mouser Mark III", [CantAttackUnlessPermanents(
        permanent=Selector(which="others", controller="you", types=["Artifact"]))]),
    # "Gadrak can't attack unless you control four or more artifacts."
    ("Gadrak, the Crown-Scourge", [CantAttackUnlessPermanents(
        permanent=Selector(controller="you", types=["Artifact"]), count=4)]),
    # "... unless you control another creature with power 4 or greater."
    ("Warden of the Chained", [CantAttackUnlessPermanents(permanent=Selector(
        which="others", controller="you", types=["Creature"], power_greater_than=3))]),
    # "This creature can't attack unless there is a Mountain on the battlefield."
    ("Glacial Crasher", [CantAttackUnlessPermanents(
        permanent=Selector(subtypes_any=["Mountain"]))]),
    # "... unless there are five or more Islands on the battlefield."
    ("Harbor Serpent", [CantAttackUnlessPermanents(
        permanent=Selector(subtypes_any=["Island"]), count=5)]),
    # "This creature can't attack unless a black or green creature also attacks."
    ("Scarred Puma", [CantAttackUnlessOtherAttacks(
        other=Selector(types=["Creature"], colors_any=["B", "G"]))]),
    # "This creature can't attack unless at least two other creatures attack." (the block
    # half is the block templates')
    ("Orcish Conscripts", [CantAttackUnlessOtherAttacks(other=CREATURES, count=2)]),
    # "This creature can't attack unless you've cast a creature spell this turn."
    ("Goblin Cohort", [CantAttackUnlessCastThisTurn(spell_type="Creature")]),
])
def test_cant_attack_unless(name: str, expected: list[Effect]) -> None:
    assert [e for e in ours(name) if e.kind != "cant_block_unless_other_blocks"] == expected


@pytest.mark.parametrize(("name", "expected"), [
    # "No more than two creatures can attack each combat." (and two can block)
    ("Caverns of Despair", [MaxAttackers(count=2)]),
    # "No more than one creature can attack you each combat."
    ("Judoon Enforcers", [MaxAttackers(count=1, scope="you")]),
    # "No more than one creature can attack The Eternal Wanderer each combat."
    ("The Eternal Wanderer", [MaxAttackers(count=1, scope="self")]),
])
def test_max_attackers(name: str, expected: list[Effect]) -> None:
    assert [e for e in ours(name) if e.kind == "max_attackers"] == expected


# --- attacks if able --------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "expected"), [
    # "This creature attacks each combat if able."
    ("Berserkers of Blood Ridge", [MustAttack()]),
    # "Haktos attacks each combat if able." (the first word of its name)
    ("Haktos the Unscarred", [MustAttack()]),
    # "Zurgo attacks each combat if able."
    ("Zurgo Helmsmasher", [MustAttack()]),
    # "This creature attacks or blocks each combat if able."
    ("Iron Golem", [MustAttack(), MustBlock()]),
    # "Enchanted creature attacks each combat if able."
    ("Bloodshed Fever", [MustAttack(affects=ATTACHED)]),
    # "Creatures your opponents control attack each combat if able."
    ("Angler Turtle", [MustAttack(affects=OPPONENTS)]),
    # "Goblin creatures attack each combat if able."
    ("Goblin Assault", [MustAttack(affects=Selector(types=["Creature"],
                                                    subtypes_any=["Goblin"]))]),
    # "Other Goblin creatures you control attack each combat if able."
    ("Goblin Rabblemaster", [MustAttack(affects=Selector(
        which="others", controller="you", types=["Creature"], subtypes_any=["Goblin"]))]),
    # "Creatures enchanted player controls attack each combat if able."
    ("Curse of the Nightly Hunt", [MustAttack(affects=Selector(
        controller="enchanted_player", types=["Creature"]))]),
    # "Each opponent must attack you or a planeswalker you control with at least one creature
    # each combat if able."
    ("Trove of Temptation", [MustAttackGroup()]),
    # "Allure of Slaanesh — Each opponent must attack with at least one creature each combat
    # if able." (an ability word has no rules meaning)
    ("Seeker of Slaanesh", [MustAttackGroup(scope="any")]),
    # "If a creature you control attacks, this creature also attacks if able."
    ("Ekundu Cyclops", [ConditionalMustAttack(
        trigger=Selector(controller="you", types=["Creature"]), affects=SELF)]),
    # "If this creature attacks, all creatures you control attack if able."
    ("Viashino Bey", [ConditionalMustAttack(
        trigger=SELF, affects=Selector(controller="you", types=["Creature"]))]),
    # "If a creature an opponent controls attacks, all creatures that opponent controls attack
    # if able."
    ("War's Toll", [ConditionalMustAttack(trigger=OPPONENTS, affects=OPPONENTS,
                                          same_controller=True)]),
    # "Enchanted creature is goaded."
    ("The Sound of Drums", goaded(ATTACHED)),
    # "Enchanted creature attacks each combat if able and can't attack you."
    ("Fealty to the Realm", [MustAttack(affects=ATTACHED),
                             CantAttack(affects=ATTACHED, scope="you")]),
])
def test_attacks_if_able(name: str, expected: list[Effect]) -> None:
    assert ours(name) == expected


@pytest.mark.parametrize(("name", "expected"), [
    # "{T}: Target creature an opponent controls attacks you this turn if able."
    ("Alluring Siren", [MustAttack(affects=TARGETS, scope="you")]),
    # Instant: "Target creature attacks or blocks this turn if able."
    ("Hustle // Bustle", [MustAttack(affects=TARGETS), MustBlock(affects=TARGETS)]),
    # Instant: "Creatures target opponent controls attack this turn if able."
    ("Imaginary Threats", [MustAttack(affects=Selector(controller="targeted_player",
                                                       types=["Creature"]))]),
    # "{1}{U}, {T}: Creatures your opponents control attack this turn if able."
    ("Bident of Thassa", [MustAttack(affects=OPPONENTS)]),
    # Aura: "{1}{R}: Enchanted creature attacks this turn if able."
    ("Nettling Curse", [MustAttack(affects=ATTACHED)]),
    # Saga: "II — Until your next turn, creatures your opponents control attack each combat if
    # able."
    ("The Akroan War", [MustAttack(affects=OPPONENTS)]),
    # "When Kardur enters, until your next turn, creatures your opponents control attack each
    # combat if able and attack a player other than you if able."
    ("Kardur, Doomscourge", goaded(OPPONENTS)),
])
def test_attacks_when_it_resolves(name: str, expected: list[Effect]) -> None:
    assert ours(name, resolved=True) == expected
    assert ours(name) == []


@pytest.mark.parametrize("name", [
    "Disrupt Decorum",  # Sorcery: "Goad all creatures you don't control."
    "Taunting Kobold",  # "Whenever this creature attacks, goad target creature an opponent
    # controls."
])
def test_one_shot_goad_is_board_state(name: str) -> None:
    # Goading is done once (CR 701.15a); the board records who goaded a creature.
    c = compiled(name)
    assert ("attack_requirement", next(t for f, t in c.modelled if "oad" in t)) in c.modelled
    assert [e for e in [*c.effects, *c.resolved] if e.kind in KINDS] == []


# --- Auras and Equipment: a bonus and an attack rule ------------------------------------------

BONUS = KINDS | {"modify_pt", "grant_keywords"}


@pytest.mark.parametrize(("name", "expected"), [
    # "Enchanted creature gets +2/+2 and is goaded."
    ("Acquired Mutation", [ModifyPowerToughness(affects=ATTACHED, power=2, toughness=2),
                           *goaded(ATTACHED)]),
    # "Enchanted creature gets +1/+1, has deathtouch, and is goaded."
    ("Ghoulish Impetus", [ModifyPowerToughness(affects=ATTACHED, power=1, toughness=1),
                          GrantKeywords(affects=ATTACHED, keywords=["deathtouch"]),
                          *goaded(ATTACHED)]),
    # "Enchanted creature has indestructible and is goaded."
    ("Redemption Arc", [GrantKeywords(affects=ATTACHED, keywords=["indestructible"]),
                        *goaded(ATTACHED)]),
    # "Enchanted creature gets +2/+2, has flying, and can't attack you or planeswalkers you
    # control."
    ("Vow of Flight", [ModifyPowerToughness(affects=ATTACHED, power=2, toughness=2),
                       GrantKeywords(affects=ATTACHED, keywords=["flying"]),
                       CantAttack(affects=ATTACHED, scope="you_and_planeswalkers")]),
    # "Enchanted creature gets +3/+0 and can only attack alone."
    ("Errantry", [ModifyPowerToughness(affects=ATTACHED, power=3),
                  CanOnlyAttackAlone(affects=ATTACHED)]),
    # "Equipped creature gets +3/+0 and attacks each combat if able."
    ("Tormentor's Trident", [ModifyPowerToughness(affects=ATTACHED, power=3),
                             MustAttack(affects=ATTACHED)]),
    # "Creatures you control have haste and attack each combat if able."
    ("Hellraiser Goblin", [
        GrantKeywords(affects=Selector(controller="you", types=["Creature"]),
                      keywords=["haste"]),
        MustAttack(affects=Selector(controller="you", types=["Creature"]))]),
])
def test_bonus_and_attack_rule(name: str, expected: list[Effect]) -> None:
    assert ours(name, kinds=BONUS) == expected


def test_that_creature_after_a_target_is_the_target() -> None:
    # Bullwhip: "{2}, {T}: Bullwhip deals 1 damage to target creature. That creature attacks
    # this turn if able." — "that creature" is the target; the hand-written entry says so too.
    hand = default_catalog().get("Bullwhip")
    assert resolved("Bullwhip") == list(hand.resolved) == [
        MustAttack(affects=Selector(which="targets"))]


# --- what stays unmodelled --------------------------------------------------------------------

@pytest.mark.parametrize(("name", "sentence"), [
    # The colour change isn't in the vocabulary.
    ("Incite", "Target creature becomes red until end of turn and attacks this turn if able."),
    # "Other creatures" on a spell: other than the creature it dealt damage to.
    ("Intimidation Bolt", "Other creatures can't attack this turn."),
    # No "can't block unless you control ..." in the vocabulary.
    ("Blind-Spot Giant", "This creature can't attack or block unless you control another "
                         "Giant."),
    # Snow is a supertype the selectors don't read.
    ("Ronom Serpent", "This creature can't attack unless defending player controls a snow "
                      "land."),
    # "Its owner or planeswalkers its owner controls" is no scope of the vocabulary.
    ("Xantcha, Sleeper Agent", "Xantcha attacks each combat if able and can't attack its "
                               "owner or planeswalkers its owner controls."),
    # Depends on what it attacked during your last turn.
    ("Giant Turtle", "This creature can't attack if it attacked during your last turn."),
    # "Unless you control another Ally": a condition on a requirement.
    ("Reckless Cohort", "This creature attacks each combat if able unless you control "
                        "another Ally."),
])
def test_near_misses_stay_unmodelled(name: str, sentence: str) -> None:
    assert sentence in unmodelled(name)
