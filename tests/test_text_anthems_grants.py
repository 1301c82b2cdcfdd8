"""Quoted abilities granted to other permanents ('Equipped creature has "..."', 'gains "..."
until end of turn'), groups named by several creature types ("Other Wolves and Werewolves you
control") and creatures "you don't control". Expected effects are written from the cards'
printed text; expected boards from the rules (CR 113.10: a granted ability is the
permanent's own; CR 205.3m: creature types; CR 810: teammates' creatures are creatures "you
don't control" but not an opponent's)."""

from __future__ import annotations

import pytest

from mtgcombat.board.characteristics import View
from mtgcombat.legality.blocks import legal_blocks
from mtgcombat.rules.effects import (
    CantBeBlocked,
    CantBeBlockedByMoreThan,
    CantBlock,
    GrantKeywords,
    ModifyPowerToughness,
    MustAttack,
    Selector,
)
from mtgcombat.rules.text.families.grants import granted
from mtgcombat.rules.text.phrases import selector

from .helpers import board, card
from .text_golden import compiled, effects, resolved, unmodelled

ATTACHED = Selector(which="attached")
TARGET = Selector(which="targets", types=["Creature"])
YOURS = Selector(controller="you", types=["Creature"])


# -- quoted abilities that can't matter to combat add nothing --------------------------------


@pytest.mark.parametrize(("name", "expected"), [
    # Bear Umbra: 'Enchanted creature gets +2/+2 and has "Whenever this creature attacks,
    # untap all lands you control."' (and totem armor, its own keyword line)
    ("Bear Umbra", ModifyPowerToughness(affects=ATTACHED, power=2, toughness=2)),
    # Candlestick: '... gets +1/+1 and has "Whenever this creature attacks, surveil 2."'
    ("Candlestick", ModifyPowerToughness(affects=ATTACHED, power=1, toughness=1)),
    # Cement Shoes: '... gets +3/+3 and has "At the beginning of your end step, tap this
    # creature."' (tapping is board state)
    ("Cement Shoes", ModifyPowerToughness(affects=ATTACHED, power=3, toughness=3)),
    # Citizen's Crowbar: '... gets +1/+1 and has "{W}, {T}, Sacrifice Citizen's Crowbar:
    # Destroy target artifact or enchantment."'
    ("Citizen's Crowbar", ModifyPowerToughness(affects=ATTACHED, power=1, toughness=1)),
    # Spare Dagger: '... gets +1/+0 and has "Whenever this creature attacks, you may sacrifice
    # Spare Dagger. When you do, this creature deals 1 damage to any target."'
    ("Spare Dagger", ModifyPowerToughness(affects=ATTACHED, power=1, toughness=0)),
    # Skeletal Grimace: '... gets +1/+1 and has "{B}: Regenerate this creature."'
    ("Skeletal Grimace", ModifyPowerToughness(affects=ATTACHED, power=1, toughness=1)),
    # Consuming Fervor: '... gets +3/+3 and has "At the beginning of your upkeep, put a -1/-1
    # counter on this creature."' (counters are board state)
    ("Consuming Fervor", ModifyPowerToughness(affects=ATTACHED, power=3, toughness=3)),
    # Crystalline Nautilus: '... gets +4/+4 and has "When this creature becomes the target of
    # a spell or ability, sacrifice it."'
    ("Crystalline Nautilus", ModifyPowerToughness(affects=ATTACHED, power=4, toughness=4)),
    # Cathar's Call: 'Enchanted creature has vigilance and "At the beginning of your end step,
    # create a 1/1 white Human creature token."'
    ("Cathar's Call", GrantKeywords(affects=ATTACHED, keywords=["vigilance"])),
    # Cloudsteel Kirin: 'Equipped creature has flying and "You can't lose the game and your
    # opponents can't win the game."'
    ("Cloudsteel Kirin", GrantKeywords(affects=ATTACHED, keywords=["flying"])),
])
def test_noncombat_quoted_ability_adds_nothing(name: str, expected: object) -> None:
    assert expected in effects(name)


def test_keywords_and_a_quoted_ability_in_one_list() -> None:
    # Avarice Amulet: 'Equipped creature gets +2/+0 and has vigilance and "At the beginning of
    # your upkeep, draw a card."'
    got = effects("Avarice Amulet")
    assert ModifyPowerToughness(affects=ATTACHED, power=2, toughness=0) in got
    assert GrantKeywords(affects=ATTACHED, keywords=["vigilance"]) in got


def test_spells_granting_a_noncombat_ability_until_end_of_turn() -> None:
    # Abnormal Endurance: 'Until end of turn, target creature gets +2/+0 and gains "When this
    # creature dies, return it to the battlefield tapped under its owner's control."'
    assert resolved("Abnormal Endurance") == [
        ModifyPowerToughness(affects=TARGET, power=2, toughness=0)]
    # Infuse with Vitality: 'Until end of turn, target creature gains deathtouch and "When this
    # creature dies, return it to the battlefield tapped under its owner's control." You gain
    # 2 life.'
    assert resolved("Infuse with Vitality") == [
        GrantKeywords(affects=TARGET, keywords=["deathtouch"])]


# -- quoted static abilities of the permanent itself -----------------------------------------


def test_quoted_restriction_is_given_to_the_subject() -> None:
    # Full Steam Ahead: 'Until end of turn, each creature you control gets +2/+2 and gains
    # trample and "This creature can't be blocked by more than one creature."'
    assert resolved("Full Steam Ahead") == [
        ModifyPowerToughness(affects=YOURS, power=2, toughness=2),
        GrantKeywords(affects=YOURS, keywords=["trample"]),
        CantBeBlockedByMoreThan(affects=YOURS, count=1)]


def test_quoted_ability_with_a_state_of_its_own() -> None:
    # A-Ancestral Katana: 'Equipped creature gets +2/+2 and has "This creature has first strike
    # as long as it's attacking."' (its first line, a reflexive attack trigger, is no combat
    # text)
    assert GrantKeywords(affects=Selector(which="attached", attacking="any"),
                         keywords=["first strike"]) in effects("A-Ancestral Katana")


def test_pronoun_gains_a_quoted_requirement() -> None:
    # Carnage, Crimson Chaos: "When Carnage enters, return target creature card with mana value
    # 3 or less from your graveyard to the battlefield. It gains "This creature attacks each
    # combat if able" and "When this creature deals combat damage to a player, sacrifice it.""
    assert resolved("Carnage, Crimson Chaos") == [MustAttack(affects=Selector(which="targets"))]


def test_granted_reads_the_quote_as_the_permanent_s_own_text() -> None:
    others = Selector(which="others", controller="you", types=["Creature"])
    assert granted("~ can't block.", others) == [CantBlock(affects=others)]
    assert granted("{T}: Draw a card.", others) == []
    assert granted("Flying", others) == [GrantKeywords(affects=others, keywords=["flying"])]
    assert granted("~ can't block creatures with flying.", others) == [
        CantBlock(affects=others, attackers=Selector(keywords_any=["flying"]))]
    assert granted("~ can't be blocked by creatures with power 2 or less.", ATTACHED) == [
        CantBeBlocked(affects=ATTACHED, by=Selector(power_less_than=3))]


@pytest.mark.parametrize("ability", [
    "{2}: ~ gets +1/+0 until end of turn.",  # an activation the board doesn't record
    "~ gets +1/+1 for each other creature you control.",  # counted relative to it
    "~ has hexproof as long as it's untapped.",  # a condition on it
    "~ can't be blocked by creatures with greater power.",  # greater than its power
    "{T}: Add {G}.",  # a mana ability of the permanent
    "Provoke",  # a keyword whose rules aren't applied
    "Decayed",  # a keyword compiled to effects of its own
])
def test_granted_abilities_that_stay_unmodelled(ability: str) -> None:
    assert granted(ability, ATTACHED) is None


NEAR_MISSES: list[tuple[str, str]] = [
    # Activated abilities granted: the board records activations of a permanent's own.
    ("Dragon Mantle", 'has "{R}: This creature gets +1/+0'),
    ("Mystic Might", 'Enchanted land has "{T}: Target creature gets +2/+2'),
    ("Armor Sliver", 'have "{2}: This creature gets +0/+1'),
    # A mana ability granted: it could pay a cost to attack, but isn't the permanent's own.
    ("Careful Cultivation", 'and "{T}: Add {G}{G}."'),
    # A condition inside the quotation marks.
    ("Giant's Amulet", "hexproof as long as it's untapped"),
    # "It": the token a trigger created.
    ("Brood Keeper", 'It has "{R}: This creature gets +1/+0'),
]


@pytest.mark.parametrize(("name", "part"), NEAR_MISSES, ids=[c[0] for c in NEAR_MISSES])
def test_near_miss_stays_unmodelled(name: str, part: str) -> None:
    assert any(part in u for u in unmodelled(name)), unmodelled(name)


def test_quoted_restriction_limits_blockers_on_the_board() -> None:
    # Full Steam Ahead resolved: your bear can't be blocked by more than one creature
    # (CR 509.1b), so both opposing creatures can't block it together; one may.
    b = board([card("bear", "Grizzly Bears"), card("x", "Grizzly Bears", controller="opp"),
               card("y", "Grizzly Bears", controller="opp")],
              attack={"bear": "opp"},
              effects=[{"card": "Full Steam Ahead", "controller": "you"}])
    blocks = [d.to_json() for d in legal_blocks(b, assume_payable=True)]
    assert {"x": "bear"} in blocks and {"y": "bear"} in blocks
    assert {"x": "bear", "y": "bear"} not in blocks
    bear = View(b).objects["bear"]
    assert (bear.power, bear.toughness) == (4, 4) and "trample" in bear.keywords


# -- several creature types ------------------------------------------------------------------


@pytest.mark.parametrize(("phrase", "expected"), [
    ("other Wolves and Werewolves you control", Selector(
        which="others", controller="you", subtypes_any=["Werewolf", "Wolf"])),
    ("Skeletons, Vampires, and Zombies you control", Selector(
        controller="you", subtypes_any=["Skeleton", "Vampire", "Zombie"])),
    ("Plants and Treefolk you control", Selector(
        controller="you", subtypes_any=["Plant", "Treefolk"])),
])
def test_subtype_union_phrases(phrase: str, expected: Selector) -> None:
    assert selector(phrase) == expected


@pytest.mark.parametrize("phrase", [
    "black Zombies and Skeletons",  # does "black" qualify both?
    "Goblin and Orc",  # no plural: no group
    "creatures and planeswalkers",  # card types: "and" would mean both
])
def test_unions_that_stay_unread(phrase: str) -> None:
    assert selector(phrase) is None


@pytest.mark.parametrize(("name", "expected"), [
    # Gisa, the Hellraiser: "Skeletons and Zombies you control get +1/+1 and have menace."
    ("Gisa, the Hellraiser", ModifyPowerToughness(
        affects=Selector(controller="you", subtypes_any=["Skeleton", "Zombie"]),
        power=1, toughness=1)),
    # Warg Rider: "Other Orcs and Goblins you control have menace."
    ("Warg Rider", GrantKeywords(affects=Selector(
        which="others", controller="you", subtypes_any=["Goblin", "Orc"]), keywords=["menace"])),
    # Master Trinketeer: "Servos and Thopters you control get +1/+1."
    ("Master Trinketeer", ModifyPowerToughness(
        affects=Selector(controller="you", subtypes_any=["Servo", "Thopter"]),
        power=1, toughness=1)),
    # Kirri, Talented Sprout: "Other Plants and Treefolk you control get +2/+0."
    ("Kirri, Talented Sprout", ModifyPowerToughness(
        affects=Selector(which="others", controller="you", subtypes_any=["Plant", "Treefolk"]),
        power=2, toughness=0)),
    # Valley Questcaller: "Other Rabbits, Bats, Birds, and Mice you control get +1/+1."
    ("Valley Questcaller", ModifyPowerToughness(
        affects=Selector(which="others", controller="you",
                         subtypes_any=["Bat", "Bird", "Mouse", "Rabbit"]),
        power=1, toughness=1)),
    # Orcish Siegemaster: "Other Orcs and Goblins you control have trample."
    ("Orcish Siegemaster", GrantKeywords(affects=Selector(
        which="others", controller="you", subtypes_any=["Goblin", "Orc"]),
        keywords=["trample"])),
])
def test_subtype_union_anthems(name: str, expected: object) -> None:
    assert expected in compiled(name).effects


def test_subtype_union_on_the_board() -> None:
    # Gisa: a Zombie and a Skeleton get +1/+1 and menace; a Bear doesn't.
    b = board([card("gisa", "Gisa, the Hellraiser"), card("z", "Walking Corpse"),
               card("s", "Drudge Skeletons"), card("bear", "Grizzly Bears")])
    objs = View(b).objects
    assert (objs["z"].power, objs["z"].toughness) == (3, 3) and "menace" in objs["z"].keywords
    assert (objs["s"].power, objs["s"].toughness) == (2, 2) and "menace" in objs["s"].keywords
    assert (objs["bear"].power, objs["bear"].toughness) == (2, 2)
    assert "menace" not in objs["bear"].keywords


# -- creatures you don't control -------------------------------------------------------------


NOT_YOURS = Selector(controller="not_you", types=["Creature"])


def test_you_dont_control_phrases() -> None:
    assert selector("creatures you don't control") == NOT_YOURS
    assert selector("target creature you don't control") == NOT_YOURS.model_copy(
        update={"which": "targets"})


def test_you_dont_control_cards() -> None:
    # Downsize: "Target creature you don't control gets -4/-0 until end of turn." (overload
    # is its own keyword line)
    assert ModifyPowerToughness(affects=NOT_YOURS.model_copy(update={"which": "targets"}),
                                power=-4, toughness=0) in resolved("Downsize")
    # Gnawing Vermin: "When this creature dies, target creature you don't control gets -1/-1
    # until end of turn."
    assert not unmodelled("Gnawing Vermin")


def test_you_dont_control_includes_a_teammate_s_creatures() -> None:
    # Two-Headed Giant: "creatures you don't control" are the opponents' and the teammate's
    # (CR 810.2: each player controls their own permanents); "your opponents" aren't the
    # teammate.
    def sizes(whose: str) -> list[tuple[int | None, int | None]]:
        shrink = {"kind": "modify_pt", "affects": {"controller": whose, "types": ["Creature"]},
                  "power": -1, "toughness": -1}
        b = board([card("mine", "Grizzly Bears"),
                   card("ally_c", "Grizzly Bears", controller="ally"),
                   card("opp_c", "Grizzly Bears", controller="opp1")],
                  players=("you", "ally", "opp1", "opp2"),
                  teams=[["you", "ally"], ["opp1", "opp2"]],
                  effects=[{"name": "shrink", "controller": "you", "effects": [shrink]}])
        objs = View(b).objects
        return [(objs[p].power, objs[p].toughness) for p in ("mine", "ally_c", "opp_c")]

    assert sizes("not_you") == [(2, 2), (1, 1), (1, 1)]
    assert sizes("opponents") == [(2, 2), (2, 2), (1, 1)]


# -- another target creature -----------------------------------------------------------------


@pytest.mark.parametrize(("name", "expected"), [
    # Hotfoot Gnome: "{T}: Another target creature gains haste until end of turn."
    ("Hotfoot Gnome", [GrantKeywords(affects=TARGET, keywords=["haste"])]),
    # Torch Courier: "Sacrifice this creature: Another target creature gains haste until end of
    # turn."
    ("Torch Courier", [GrantKeywords(affects=TARGET, keywords=["haste"])]),
    # Selfless Savior: "Sacrifice this creature: Another target creature you control gains
    # indestructible until end of turn."
    ("Selfless Savior", [GrantKeywords(affects=TARGET.model_copy(update={"controller": "you"}),
                                       keywords=["indestructible"])]),
    # Anaba Ancestor: "{T}: Another target Minotaur creature gets +1/+1 until end of turn."
    ("Anaba Ancestor", [ModifyPowerToughness(
        affects=TARGET.model_copy(update={"subtypes_any": ["Minotaur"]}), power=1,
        toughness=1)]),
    # Paragon of Open Graves: "{2}{B}, {T}: Another target black creature you control gains
    # deathtouch until end of turn."
    ("Paragon of Open Graves", [GrantKeywords(
        affects=TARGET.model_copy(update={"controller": "you", "colors_any": ["B"]}),
        keywords=["deathtouch"])]),
])
def test_another_target_is_the_recorded_target(name: str, expected: list[object]) -> None:
    # "Another": the source can't be the target (CR 115.1); the effect is the target's.
    assert resolved(name) == expected


@pytest.mark.parametrize("name", ["Consume Strength", "Leeching Bite", "Drooling Groodion"])
def test_two_targets_of_one_ability_stay_unmodelled(name: str) -> None:
    # "Target creature gets +2/+2 until end of turn. Another target creature gets -2/-2 until
    # end of turn.": the record of the resolution lists both targets without saying which is
    # which.
    assert any(u.startswith("Another target creature gets") for u in unmodelled(name))


@pytest.mark.parametrize("name", [
    # 'Sliver creatures you control have "Whenever this creature deals combat damage to a
    # player, put a +1/+1 counter on it."' (after combat damage; the counter is board state)
    "Tempered Sliver",
    # 'Until end of turn, up to two target creatures you control each gain "Whenever this
    # creature deals combat damage to a player, draw a card."'
    "Warriors' Lesson",
])
def test_a_sentence_granting_only_noncombat_abilities_does_nothing_in_combat(name: str) -> None:
    # The words "combat damage" are inside the quotation marks; what the ability does (a
    # counter, a card drawn) happens after combat damage: the sentence is modelled as nothing.
    got = compiled(name)
    assert not got.unmodelled and got.modelled
    assert got.effects == () and got.resolved == ()


def test_noncombat_grant_beside_unmodelled_text() -> None:
    # Combat Research: its grant ('has "Whenever this creature deals combat damage to a
    # player, draw a card."') does nothing in combat; "As long as enchanted creature is
    # legendary, ..." stays unmodelled (supertypes aren't read).
    assert [u.startswith("As long as enchanted creature is legendary")
            for u in unmodelled("Combat Research")] == [True]
