"""Golden tests of the declare-blockers template families (block restrictions, evasion, block
requirements, block capacity): real cards, expected effects written from their printed text
(CR 509.1b restrictions, CR 509.1c requirements)."""

from __future__ import annotations

from typing import Any

import pytest

from mtgcombat.board.model import load_board
from mtgcombat.legality.blocks import check_blocks
from mtgcombat.rules.catalog import default_catalog
from mtgcombat.rules.effects import (
    SELF,
    CanBlockAdditional,
    CanBlockOnly,
    CantBeBlocked,
    CantBeBlockedByMoreThan,
    CantBeBlockedExceptBy,
    CantBeBlockedUnlessAllBlock,
    CantBlock,
    CantBlockAlone,
    CantBlockUnlessOtherBlocks,
    Effect,
    MaxBlockers,
    MustBeBlocked,
    MustBeBlockedByExactlyOne,
    MustBlock,
    MustBlockAttackers,
    Selector,
    kinds_with_role,
)
from mtgcombat.rules.text.families.blocks import complement, others
from tests.text_golden import compiled, effects, resolved, unmodelled

S = Selector
TARGETS = S(which="targets")
ATTACHED = S(which="attached")
CREATURES = S(types=["Creature"])
YOURS = S(controller="you", types=["Creature"])
FAMILIES = {"block_restriction", "evasion", "block_requirement", "block_capacity"}
BLOCK_KINDS = kinds_with_role("block") - {"block_cost"}


def blocks_part(name: str, *, on_resolution: bool = False) -> list[Effect]:
    """The block effects a card compiles to, for a card whose other sentences belong to other
    families; fails if any sentence of the block families is unmodelled."""
    c = compiled(name)
    mine = [u.text for u in c.unmodelled if u.family in FAMILIES]
    assert not mine, f"{name}: unmodelled {mine}"
    lasting = [*c.resolved, *(e for a in c.abilities for e in a.resolved)]
    return [e for e in (lasting if on_resolution else c.effects) if e.kind in BLOCK_KINDS]


# -- static abilities: "<subject> <block rule>" -----------------------------------------------

STATIC: list[tuple[str, list[Effect]]] = [
    # block restrictions
    ("Sightless Ghoul", [CantBlock()]),
    ("Craven Hulk", [CantBlockAlone()]),
    ("Bedlam", [CantBlock(affects=CREATURES)]),
    ("Convulsing Licid", [CantBlock(affects=ATTACHED)]),
    ("Brassclaw Orcs", [CantBlock(attackers=S(power_greater_than=1))]),
    ("Cyclops Tyrant", [CantBlock(attackers=S(power_less_than=3))]),
    ("Bower Passage", [CantBlock(affects=S(types=["Creature"], keywords_any=["flying"]),
                                 attackers=S(controller="you"))]),
    ("Aura Gnarlid", [CantBlock(affects=S(types=["Creature"], power_less_than="source"),
                                attackers=SELF)]),
    ("Ascending Aven", [CanBlockOnly(attackers=S(keywords_any=["flying"]))]),
    ("Chaosphere", [CanBlockOnly(affects=S(types=["Creature"], keywords_any=["flying"]),
                                 attackers=S(keywords_any=["flying"]))]),
    ("Caverns of Despair", [MaxBlockers(count=2)]),
    ("Magistrate's Veto", [CantBlock(affects=S(types=["Creature"], colors_any=["W"])),
                           CantBlock(affects=S(types=["Creature"], colors_any=["U"]))]),
    # evasion
    ("Phantom Warrior", [CantBeBlocked()]),
    ("Benthic Infiltrator", [CantBeBlocked()]),
    ("Canoptek Wraith", [CantBeBlocked()]),  # "Wraith Form —" is a flavor word
    ("Aqueous Form", [CantBeBlocked(affects=ATTACHED)]),
    ("Hot Soup", [CantBeBlocked(affects=ATTACHED)]),
    ("Tormented Soul", [CantBlock(), CantBeBlocked()]),
    ("Bog Rats", [CantBeBlocked(by=S(subtypes_any=["Wall"]))]),
    ("Argothian Pixies", [CantBeBlocked(by=S(types=["Artifact"]))]),
    ("Fylamarid", [CantBeBlocked(by=S(colors_any=["U"]))]),
    ("Dauthi Horror", [CantBeBlocked(by=S(colors_any=["W"]))]),
    ("Gnat Alley Creeper", [CantBeBlocked(by=S(keywords_any=["flying"]))]),
    ("Taoist Mystic", [CantBeBlocked(by=S(keywords_any=["horsemanship"]))]),
    ("Amrou Kithkin", [CantBeBlocked(by=S(power_greater_than=2))]),
    ("Ant-Man, Elusive Avenger", [CantBeBlocked(by=S(power_greater_than="source"))]),
    ("Flow of Maggots", [CantBeBlocked(by=S(subtypes_none=["Wall"]))]),
    ("Blazing Torch", [CantBeBlocked(affects=ATTACHED, by=S(subtypes_any=["Vampire"])),
                       CantBeBlocked(affects=ATTACHED, by=S(subtypes_any=["Zombie"]))]),
    ("Delney, Streetwise Lookout", [
        CantBeBlocked(affects=S(controller="you", types=["Creature"], power_less_than=3),
                      by=S(power_greater_than=2))]),
    ("Familiar Ground", [CantBeBlockedByMoreThan(affects=YOURS)]),
    ("Battlefront Krushok", [
        CantBeBlockedByMoreThan(),
        CantBeBlockedByMoreThan(affects=S(controller="you", types=["Creature"],
                                          counter="+1/+1"))]),
    ("Gorilla Berserkers", [CantBeBlockedExceptBy(count=3)]),
    ("Hexmark Destroyer", [CantBeBlockedExceptBy(count=6)]),
    # "except by ...": blocked by none of the others
    ("Treetop Rangers", [CantBeBlocked(by=S(keywords_none=["flying"]))]),
    ("Orchard Spirit", [CantBeBlocked(by=S(keywords_none=["flying", "reach"]))]),
    ("Dread Warlock", [CantBeBlocked(by=S(colors_none=["B"]))]),
    ("Deathcult Rogue", [CantBeBlocked(by=S(subtypes_none=["Rogue"]))]),
    ("Deluxe Dragster", [CantBeBlocked(by=S(subtypes_none=["Vehicle"]))]),
    ("Invisibility", [CantBeBlocked(affects=ATTACHED, by=S(subtypes_none=["Wall"]))]),
    ("Elven Riders", [CantBeBlocked(by=S(subtypes_none=["Wall"], keywords_none=["flying"]))]),
    ("Amrou Seekers", [CantBeBlocked(by=S(types_none=["Artifact"], colors_none=["W"]))]),
    # block requirements
    ("Canopy Stalker", [MustBeBlocked()]),
    ("Razorgrass Screen", [MustBlock()]),
    ("Grand Melee", [MustBlock(affects=CREATURES)]),
    ("Breaker of Armies", [MustBlockAttackers(blockers=CREATURES)]),
    ("Nemesis Mask", [MustBlockAttackers(blockers=CREATURES, attackers=ATTACHED)]),
    ("Marble Priest", [MustBlockAttackers(blockers=S(subtypes_any=["Wall"]))]),
    # block capacity
    ("Foriysian Brigade", [CanBlockAdditional()]),
    ("Avatar of Hope", [CanBlockAdditional(count=None)]),
    ("Entangler", [CanBlockAdditional(affects=ATTACHED, count=None)]),
    ("Echo Circlet", [CanBlockAdditional(affects=ATTACHED)]),
    ("Brave the Sands", [CanBlockAdditional(affects=YOURS)]),
    ("Cenn's Tactician", [CanBlockAdditional(affects=S(controller="you", types=["Creature"],
                                                       counter="+1/+1"))]),
]


@pytest.mark.parametrize(("name", "expected"), STATIC, ids=[n for n, _ in STATIC])
def test_static_block_text(name: str, expected: list[Effect]) -> None:
    assert blocks_part(name) == expected
    assert not compiled(name).resolved


FULLY_BLOCK_TEXT = ["Sightless Ghoul", "Craven Hulk", "Bedlam", "Phantom Warrior",
                    "Bog Rats", "Treetop Rangers", "Elven Riders", "Tormented Soul",
                    "Canopy Stalker", "Breaker of Armies", "Foriysian Brigade", "Entangler"]


@pytest.mark.parametrize("name", FULLY_BLOCK_TEXT)
def test_cards_with_only_block_text_are_fully_modelled(name: str) -> None:
    expected = dict(STATIC)[name]
    assert effects(name) == expected


# -- spells, activated and triggered abilities: effects on resolution -------------------------

RESOLVED: list[tuple[str, list[Effect]]] = [
    ("Bola Warrior", [CantBlock(affects=TARGETS)]),
    ("Fifty Feet of Rope", [CantBlock(affects=TARGETS)]),  # "Climb Over —": Target Wall
    ("Abandon the Post", [CantBlock(affects=TARGETS)]),  # up to two targets
    ("Blinding Flare", [CantBlock(affects=TARGETS)]),  # any number of targets
    ("Flash of Defiance", [CantBlock(affects=S(types=["Creature"], colors_any=["G"])),
                           CantBlock(affects=S(types=["Creature"], colors_any=["W"]))]),
    ("Cosmotronic Wave", [CantBlock(affects=S(controller="opponents", types=["Creature"]))]),
    ("Ember Gale", [CantBlock(affects=S(controller="targeted_player", types=["Creature"]))]),
    ("Goblin Heelcutter", [CantBlock(affects=TARGETS)]),  # whenever it attacks
    ("Clamor Shaman", [CantBlock(affects=TARGETS)]),
    ("Cartouche of Zeal", [CantBlock(affects=TARGETS)]),  # when it enters
    ("Artful Dodge", [CantBeBlocked(affects=TARGETS)]),
    ("Amphin Pathmage", [CantBeBlocked(affects=TARGETS)]),
    ("Crafty Pathmage", [CantBeBlocked(affects=TARGETS)]),  # the target's power: targeting
    ("Aquatic Incursion", [CantBeBlocked(affects=TARGETS)]),
    ("Spider-Man, Hometown Hero", [CantBeBlocked(affects=TARGETS)]),
    ("Alora, Cheerful Assassin", [CantBeBlocked(affects=TARGETS)]),
    ("Gateway Sneak", [CantBeBlocked()]),
    ("Gingerbrute", [CantBeBlocked(by=S(keywords_none=["haste"]))]),
    ("Firefright Mage", [CantBeBlocked(affects=TARGETS,
                                       by=S(types_none=["Artifact"], colors_none=["R"]))]),
    ("Doorman", [CantBeBlocked(affects=TARGETS, by=S(power_less_than=3)),
                 CantBeBlocked(affects=TARGETS, by=S(subtypes_any=["Wall"]))]),
    ("Irresistible Prey", [MustBeBlocked(affects=TARGETS)]),
    ("Loathsome Catoblepas", [MustBeBlocked()]),
    ("Alluring Scent", [MustBlockAttackers(blockers=CREATURES, attackers=TARGETS)]),
    ("Mortipede", [MustBlockAttackers(blockers=CREATURES)]),
    ("Academic Dispute", [MustBlock(affects=TARGETS)]),
    ("Avalanche Tusker", [MustBlockAttackers(blockers=TARGETS)]),  # "blocks it": the Tusker
    ("Impetuous Devils", [MustBlockAttackers(blockers=TARGETS)]),
    ("Predatory Rampage", [MustBlock(affects=S(controller="opponents", types=["Creature"]))]),
    ("Anurid Swarmsnapper", [CanBlockAdditional()]),
    ("Blaze of Glory", [CanBlockAdditional(affects=TARGETS, count=None)]),
]


@pytest.mark.parametrize(("name", "expected"), RESOLVED, ids=[n for n, _ in RESOLVED])
def test_block_text_on_resolution(name: str, expected: list[Effect]) -> None:
    assert blocks_part(name, on_resolution=True) == expected
    assert not blocks_part(name)


def test_resolved_only_cards() -> None:
    assert resolved("Artful Dodge") == [CantBeBlocked(affects=TARGETS)]
    assert resolved("Alluring Scent") == [MustBlockAttackers(blockers=CREATURES,
                                                             attackers=TARGETS)]
    assert effects("Bola Warrior") == []


# -- the hand-written catalog is the reference -----------------------------------------------

REFERENCE = ["Silent Arbiter", "Juggernaut", "Lure", "Nacatl War-Pride", "Watchdog",
             "Champion of Lambholt", "Charging Rhino", "Challenger Troll", "Vaporkin",
             "Skywinder Drake", "Enraged Ceratok", "Tromokratis", "Okk", "Orcish Conscripts",
             "Talruum Piper"]


@pytest.mark.parametrize("name", REFERENCE)
def test_compiled_block_effects_equal_the_hand_written_card(name: str) -> None:
    hand = [e for e in default_catalog().get(name).effects if e.kind in BLOCK_KINDS]
    assert hand, name
    assert blocks_part(name) == hand


def test_reference_effects_from_the_text() -> None:
    """The reference cards above, from their text too (not only equal to the catalog)."""
    assert blocks_part("Okk") == [CantBlockUnlessOtherBlocks(
        other=S(types=["Creature"], power_greater_than="source"))]
    assert blocks_part("Orcish Conscripts") == [CantBlockUnlessOtherBlocks(other=CREATURES,
                                                                           count=2)]
    assert blocks_part("Tromokratis") == [CantBeBlockedUnlessAllBlock()]
    assert blocks_part("Nacatl War-Pride") == [MustBeBlockedByExactlyOne()]
    assert blocks_part("Lure") == [MustBlockAttackers(blockers=CREATURES, attackers=ATTACHED)]
    assert blocks_part("Silent Arbiter") == [MaxBlockers(count=1)]
    assert blocks_part("Talruum Piper") == [MustBlockAttackers(
        blockers=S(types=["Creature"], keywords_any=["flying"]))]


# -- near misses: sentences that must stay unmodelled ----------------------------------------

NEAR_MISSES = [
    ("Dream Prowler", "This creature can't be blocked as long as it's attacking alone."),
    ("Bouncing Beebles", "This creature can't be blocked as long as defending player controls "
                         "an artifact."),
    ("Felhide Brawler", "This creature can't block unless you control another Minotaur."),
    ("Goblin Goon", "This creature can't block unless you control more creatures than "
                    "attacking player."),
    ("Ghost of Ramirez DePietro", "Ghost of Ramirez DePietro can't be blocked by creatures "
                                  "with toughness 3 or greater."),
    ("Hunt Down", "Target creature blocks target creature this turn if able."),
    ("Noble Quarry", "All creatures able to block this creature or enchanted creature do so."),
    ("Corsairs of Umbar", "Target Goblin, Orc, or Pirate can't be blocked this turn."),
    ("Hundred-Handed One", "As long as this creature is monstrous, it has reach and can block "
                           "an additional ninety-nine creatures each combat."),
    ("Midnight Pathlighter", "Creatures you control can't be blocked except by legendary "
                             "creatures."),
    ("Forgehammer Centurion", "When you do, target creature can't block this turn."),
    ("Awe for the Guilds", "Monocolored creatures can't block this turn."),
    # "it" is the creature that attacked, not Fighter Class
    ("Fighter Class", "Whenever a creature you control attacks, up to one target creature "
                      "blocks it this combat if able."),
    # the creature the Equipment was attached to as the ability resolved (it was sacrificed)
    ("Wings of Hubris", "Equipped creature can't be blocked this turn."),
    # "that player": chosen, or the target's controller, not a target
    ("The Black Gate", "Target creature can't be blocked by creatures that player controls "
                       "this turn."),
    ("Mark for Death", "Other creatures that player controls can't block this turn."),
    ("Ogre Marauder", "Whenever this creature attacks, it gains \"this creature can't be "
                      "blocked\" until end of turn unless defending player sacrifices a "
                      "creature of their choice."),
]


@pytest.mark.parametrize(("name", "sentence"), NEAR_MISSES, ids=[n for n, _ in NEAR_MISSES])
def test_near_misses_stay_unmodelled(name: str, sentence: str) -> None:
    assert sentence in unmodelled(name)


# -- the selector helpers ---------------------------------------------------------------------

def test_complement_of_one_characteristic_each() -> None:
    flying = S(types=["Creature"], keywords_any=["flying"])
    assert complement([flying]) == S(keywords_none=["flying"])
    assert complement([S(types=["Creature"], power_greater_than=2)]) == S(power_less_than=3)
    assert complement([S(types=["Creature"], power_less_than=3)]) == S(power_greater_than=2)
    # "black creatures with flying": its complement is "nonblack or without flying"
    assert complement([S(types=["Creature"], colors_any=["B"], keywords_any=["flying"])]) is None
    assert complement([S(types=["Creature"], controller="you")]) is None
    assert complement([S(types=["Creature"], power_greater_than="source")]) is None


def test_power_relative_to_the_source_needs_the_source_as_subject() -> None:
    assert others("creatures with greater power", source_is_subject=True) == [
        S(power_greater_than="source")]
    assert others("creatures with greater power", source_is_subject=False) is None
    assert others("it", source_is_subject=True) is None
    assert others("it", source_is_subject=False, it_is_self=True) == [SELF]


# -- end to end: boards naming corpus cards ---------------------------------------------------

def _board(card: str, blockers: list[str], **extra: Any) -> dict[str, Any]:
    perms: list[dict[str, Any]] = [{"id": "a", "card": card, "controller": "you",
                                    **extra.pop("attacker", {})}]
    perms += [{"id": f"b{i}", "card": b, "controller": "opp"} for i, b in enumerate(blockers)]
    return {"active_player": "you", "players": [{"name": "you"}, {"name": "opp"}],
            "permanents": perms, "attack": {"a": "opp"}, **extra}


def test_except_by_creatures_with_flying_on_a_board() -> None:
    """Silhana Ledgewalker: only creatures with flying can block it (reach isn't flying)."""
    board = load_board(_board("Silhana Ledgewalker", ["Grizzly Bears", "Wind Drake",
                                                      "Giant Spider"]))
    assert not check_blocks(board, {"b0": "a"}).legal
    assert check_blocks(board, {"b1": "a"}).legal
    assert not check_blocks(board, {"b2": "a"}).legal


def test_activated_except_by_applies_per_activation() -> None:
    """Gingerbrute's {1}: can't be blocked this turn except by creatures with haste."""
    plain = load_board(_board("Gingerbrute", ["Grizzly Bears", "Raging Goblin"]))
    assert check_blocks(plain, {"b0": "a"}).legal
    active = load_board(_board("Gingerbrute", ["Grizzly Bears", "Raging Goblin"],
                               attacker={"activations": [0]}))
    assert not check_blocks(active, {"b0": "a"}).legal
    assert check_blocks(active, {"b1": "a"}).legal


def test_resolved_spell_targets_the_attacker() -> None:
    """Artful Dodge: target creature can't be blocked this turn."""
    data = _board("Grizzly Bears", ["Hill Giant"],
                  effects=[{"card": "Artful Dodge", "controller": "you", "targets": ["a"]}])
    assert not check_blocks(load_board(data), {"b0": "a"}).legal
    assert check_blocks(load_board(_board("Grizzly Bears", ["Hill Giant"])), {"b0": "a"}).legal


def test_lesser_power_cant_block_aura_gnarlid() -> None:
    """Aura Gnarlid (2/2): creatures with power less than its power can't block it."""
    board = load_board(_board("Aura Gnarlid", ["Raging Goblin", "Grizzly Bears"]))
    assert not check_blocks(board, {"b0": "a"}).legal
    assert check_blocks(board, {"b1": "a"}).legal
