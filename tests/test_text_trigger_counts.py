"""Golden and board tests of combat triggers that count creatures in combat ("for each other
attacking Aurochs", "for each creature blocking it", "blocks a creature with flying") or
change the creatures the source fights ("that creature gets +1/+1"). Expected effects are
written from the printed text; expected answers from the rules (CR 509.3b, d: a trigger on
"blocks a creature" / "becomes blocked by a creature" triggers once for each such creature;
CR 608.2h: a count is locked in as the ability resolves)."""

from __future__ import annotations

from typing import Any

import pytest

from mtgcombat.board.characteristics import View
from mtgcombat.damage.combat import combat_at
from mtgcombat.damage.resolve import resolve_combat
from mtgcombat.damage.results import after, deal
from mtgcombat.legality.blocks import check_blocks
from mtgcombat.rules.effects import GrantKeywords, ModifyPowerToughness, Selector, SourceState
from tests.helpers import combat_board as board
from tests.helpers import creature
from tests.text_golden import compiled, effects, unmodelled

ATTACKING = Selector(which="self", attacking="any")
BLOCKING = Selector(which="self", blocking=True)
BLOCKED = Selector(which="self", blocked=True)
BLOCKERS = Selector(types=["Creature"], blocking_source=True)
BLOCKED_BY_IT = Selector(types=["Creature"], blocked_by_source=True)


def counted(sel: Selector, power: int, toughness: int, per: Selector) -> ModifyPowerToughness:
    return ModifyPowerToughness(affects=sel, power=power, toughness=toughness, per=per,
                                from_trigger=True)


def _other_attacking(subtype: str) -> Selector:
    return Selector(which="others", attacking="any", subtypes_any=[subtype])


@pytest.mark.parametrize(("name", "power", "toughness", "subtype"), [
    ("Aurochs Herd", 1, 0, "Aurochs"),
    ("Bull Aurochs", 1, 0, "Aurochs"),
    ("Rimehorn Aurochs", 1, 0, "Aurochs"),
    ("Aurochs", 1, 0, "Aurochs"),  # "each other attacking Aurochs": its own creature type
    ("Angelic Captain", 1, 1, "Ally"),
    ("Cenn's Heir", 1, 1, "Kithkin"),
    ("Dire Fleet Captain", 1, 1, "Pirate"),
    ("Goblin Piledriver", 2, 0, "Goblin"),
    ("Goblin Rabblemaster", 1, 0, "Goblin"),
    ("Kavu Mauler", 1, 1, "Kavu"),
    ("Shaleskin Bruiser", 3, 0, "Beast"),
])
def test_attacks_for_each_other_attacking(name: str, power: int, toughness: int,
                                          subtype: str) -> None:
    """Text: "Whenever ~ attacks, it gets +N/+N until end of turn for each other attacking
    SUBTYPE" (Rimehorn Aurochs' other ability, a target's block requirement, stays
    unmodelled)."""
    got = compiled(name).effects
    assert counted(ATTACKING, power, toughness, _other_attacking(subtype)) in got


def test_attacks_counting_attacking_creatures() -> None:
    """Rampaging Classmate: "for each other attacking creature"; Akroan Hoplite: "+X/+0,
    where X is the number of attacking creatures you control" (itself included); Alpine
    Houndmaster: "the number of other attacking creatures"."""
    others = Selector(which="others", types=["Creature"], attacking="any")
    assert counted(ATTACKING, 1, 0, others) in effects("Rampaging Classmate")
    assert counted(ATTACKING, 1, 0, others) in effects("Alpine Houndmaster")
    yours = Selector(controller="you", types=["Creature"], attacking="any")
    assert counted(ATTACKING, 1, 0, yours) in effects("Akroan Hoplite")


@pytest.mark.parametrize(("name", "power", "toughness"), [
    ("Elvish Berserker", 1, 1),
    ("Gang of Elk", 2, 2),
    ("Rabid Elephant", 2, 2),
    ("Sparring Golem", 1, 1),
])
def test_becomes_blocked_for_each_blocker(name: str, power: int, toughness: int) -> None:
    """Text: "Whenever ~ becomes blocked, it gets +N/+N until end of turn for each creature
    blocking it"."""
    assert counted(BLOCKED, power, toughness, BLOCKERS) in effects(name)


@pytest.mark.parametrize(("name", "power", "toughness"), [
    ("Cave Tiger", 1, 1),
    ("Pygmy Troll", 1, 1),
    ("Rabid Wolverines", 1, 1),
    ("Viashino Weaponsmith", 2, 2),
])
def test_becomes_blocked_by_a_creature(name: str, power: int, toughness: int) -> None:
    """Text: "Whenever ~ becomes blocked by a creature, ~ gets +N/+N until end of turn": one
    trigger for each creature blocking it (CR 509.3d)."""
    assert counted(BLOCKED, power, toughness, BLOCKERS) in effects(name)


def test_becomes_blocked_by_an_artifact_creature() -> None:
    """Tel-Jilad Wolf: "becomes blocked by an artifact creature, ~ gets +3/+3"."""
    per = Selector(types=["Artifact", "Creature"], blocking_source=True)
    assert counted(BLOCKED, 3, 3, per) in effects("Tel-Jilad Wolf")


@pytest.mark.parametrize(("name", "power", "toughness"), [
    ("Ezuri's Archers", 3, 0),
    ("High-Rise Sawjack", 2, 0),
    ("Netcaster Spider", 2, 0),
    ("Skystinger", 5, 0),
    ("Snarespinner", 2, 0),
    ("Woolly Spider", 0, 2),
])
def test_blocks_a_creature_with_flying(name: str, power: int, toughness: int) -> None:
    """Text: "Whenever ~ blocks a creature with flying, ~ gets +N/+N until end of turn": one
    trigger for each creature with flying it blocks (CR 509.3b)."""
    per = Selector(types=["Creature"], keywords_any=["flying"], blocked_by_source=True)
    assert counted(BLOCKING, power, toughness, per) in effects(name)


def test_blocks_for_each_creature_it_blocks() -> None:
    """Guardian of the Gateless: "Whenever ~ blocks, it gets +1/+1 until end of turn for each
    creature it's blocking"."""
    assert counted(BLOCKING, 1, 1, BLOCKED_BY_IT) in effects("Guardian of the Gateless")


def test_the_creatures_it_fights() -> None:
    """Flailing Drake: "blocks or becomes blocked by a creature, that creature gets +1/+1"."""
    got = effects("Flailing Drake")
    for sel in (BLOCKERS, BLOCKED_BY_IT):
        assert ModifyPowerToughness(affects=sel, power=1, toughness=1, from_trigger=True) in got


def group(sel: Selector, power: int, toughness: int,
          state: str = "attacking") -> ModifyPowerToughness:
    return ModifyPowerToughness(affects=sel, power=power, toughness=toughness,
                                condition=SourceState.model_validate({"state": state}),
                                from_trigger=True)


YOURS = Selector(controller="you", types=["Creature"])
OTHERS_YOURS = Selector(which="others", controller="you", types=["Creature"])
ATTACKERS = Selector(types=["Creature"], attacking="any")
OTHER_ATTACKERS = Selector(which="others", types=["Creature"], attacking="any")


@pytest.mark.parametrize(("name", "sel", "power", "toughness"), [
    ("Bolt Hound", OTHERS_YOURS, 1, 0),
    ("Restless Prairie", OTHERS_YOURS, 1, 1),
    ("Soltari Champion", OTHERS_YOURS, 1, 1),
    ("Syr Alin, the Lion's Claw", OTHERS_YOURS, 1, 1),
    ("Zhang He, Wei General", OTHERS_YOURS, 1, 0),
    ("Dauntless Veteran", YOURS, 1, 1),
    ("Inspiring Unicorn", YOURS, 1, 1),
    ("Patron of the Akki", YOURS, 2, 0),
    ("Wandering Musicians", YOURS, 1, 0),
    ("Goblin General", Selector(controller="you", types=["Creature"], subtypes_any=["Goblin"]),
     1, 1),
    ("Pianna, Nomad Captain", ATTACKERS, 1, 1),
    ("Honored Crop-Captain", OTHER_ATTACKERS, 1, 0),
    ("Jelenn Sphinx", OTHER_ATTACKERS, 1, 1),
    ("Renegade Warlord", OTHER_ATTACKERS, 1, 0),
    ("Kangee's Lieutenant", Selector(types=["Creature"], keywords_any=["flying"],
                                     attacking="any"), 1, 1),
])
def test_attacks_a_group_gets(name: str, sel: Selector, power: int, toughness: int) -> None:
    """Text: "Whenever ~ attacks, <creatures> get +N/+N until end of turn": the creatures
    while the source is attacking (its trigger resolved in the declare attackers step)."""
    assert group(sel, power, toughness) in compiled(name).effects


def test_blocks_or_attacks_a_group_gets() -> None:
    """Hamlet Captain: "Whenever ~ attacks or blocks, other Humans you control get +1/+1";
    Kangee, Sky Warden: "Whenever ~ blocks, blocking creatures with flying get +0/+2"."""
    humans = Selector(which="others", controller="you", subtypes_any=["Human"])
    got = effects("Hamlet Captain")
    assert group(humans, 1, 1) in got
    assert group(humans, 1, 1, "blocking") in got
    flyers = Selector(types=["Creature"], keywords_any=["flying"], blocking=True)
    assert group(flyers, 0, 2, "blocking") in effects("Kangee, Sky Warden")


@pytest.mark.parametrize(("name", "sel", "power", "toughness"), [
    ("Somberwald Alpha", Selector(controller="you", types=["Creature"], blocked=True), 1, 1),
    ("Unstoppable Ash", Selector(controller="you", types=["Creature"], blocked=True), 0, 5),
    ("Tattered Ratter", Selector(controller="you", subtypes_any=["Rat"], blocked=True), 2, 0),
])
def test_a_creature_you_control_becomes_blocked(name: str, sel: Selector, power: int,
                                                toughness: int) -> None:
    """Text: "Whenever a creature you control becomes blocked, it gets +N/+N until end of
    turn": each of them once it is blocked (its trigger resolved before damage)."""
    want = ModifyPowerToughness(affects=sel, power=power, toughness=toughness,
                                from_trigger=True)
    assert want in compiled(name).effects


ALONE = Selector(which="self", attacking_alone=True)
YOURS_ALONE = Selector(controller="you", types=["Creature"], attacking="any",
                       attacking_alone=True)
SAMURAI_ALONE = Selector(controller="you", subtypes_any=["Samurai", "Warrior"],
                         attacking="any", attacking_alone=True)


@pytest.mark.parametrize(("name", "sel", "power", "toughness", "keywords"), [
    ("Reckless Ogre", ALONE, 3, 0, None),
    ("Rogue Kavu", ALONE, 2, 0, None),
    ("Lunk Errant", ALONE, 1, 1, ["trample"]),
    ("Eiganjo Exemplar", SAMURAI_ALONE, 1, 1, None),
    ("Selfless Samurai", SAMURAI_ALONE, None, None, ["lifelink"]),
    ("Agents of S.H.I.E.L.D.", YOURS_ALONE, 1, 1, None),
    ("Strategic Intervention", YOURS_ALONE, 1, 1, None),
    ("Rafiq of the Many", YOURS_ALONE, None, None, ["double strike"]),
    ("Seifer Almasy", YOURS_ALONE, None, None, ["double strike"]),
    ("Battlegrace Angel", YOURS_ALONE, None, None, ["lifelink"]),
    ("Peggy Carter, Secret Agent", YOURS_ALONE, None, None, ["indestructible"]),
    ("Black Widow, Double Agent", YOURS_ALONE, None, None, ["first strike", "menace"]),
])
def test_attacks_alone(name: str, sel: Selector, power: int | None, toughness: int | None,
                       keywords: list[str] | None) -> None:
    """Text: "Whenever ~ / a creature you control attacks alone, it gets +N/+N [and gains
    ...] / gains ... until end of turn" (CR 506.5: the only creature declared as an
    attacker)."""
    got = compiled(name).effects
    if power is not None and toughness is not None:
        assert ModifyPowerToughness(affects=sel, power=power, toughness=toughness) in got
    if keywords is not None:
        assert GrantKeywords(affects=sel, keywords=keywords) in got


@pytest.mark.parametrize(("name", "sentence"), [
    ("Plague Wight", "Whenever this creature becomes blocked, each creature blocking it gets "
                     "-1/-1 until end of turn."),
    ("Catacomb Dragon", "Whenever this creature becomes blocked by a nonartifact, non-Dragon "
                        "creature, that creature gets -X/-0 until end of turn, where X is half "
                        "the creature's power, rounded down."),
    ("Johtull Wurm", "Whenever this creature becomes blocked, it gets -2/-1 until end of "
                     "turn for each creature blocking it beyond the first."),
    ("Crimson Roc", "Whenever this creature blocks a creature without flying, this creature "
                    "gets +1/+0 and gains first strike until end of turn."),
    ("Talruum Champion", "Whenever this creature blocks or becomes blocked by a creature, "
                         "that creature loses first strike until end of turn."),
    ("General Marhault Elsdragon", "Whenever a creature you control becomes blocked, it gets "
                                   "+3/+3 until end of turn for each creature blocking it."),
    ("Lavakin Brawler", "Whenever this creature attacks, it gets +1/+0 until end of turn for "
                        "each Elemental you control."),
    ("Witherscale Wurm", "Whenever this creature blocks or becomes blocked by a creature, "
                         "that creature gains wither until end of turn."),
    ("Goring Ceratops", "Whenever this creature attacks, other creatures you control gain "
                        "double strike until end of turn."),
    ("Angelic Exaltation", "Whenever a creature you control attacks alone, it gets +X/+X "
                           "until end of turn, where X is the number of creatures you control."),
    ("Ghost Hounds", "Whenever this creature blocks or becomes blocked by a white creature, "
                     "this creature gains first strike until end of turn."),
])
def test_near_misses_stay_unmodelled(name: str, sentence: str) -> None:
    """Toughness lowered before damage (the blocker may die first), "beyond the first", a
    count with a keyword, a removed ability (timestamp order), a count relative to another
    creature, creatures not in combat, an "if any" condition, a keyword granted to others
    (it would end with its source destroyed by first-strike damage): not modelled."""
    assert sentence in unmodelled(name)


# -- on the board ----------------------------------------------------------------------------


def _card(pid: str, name: str, **state: Any) -> dict[str, Any]:
    return {"id": pid, "card": name, **state}


def test_attack_count_changes_block_legality() -> None:
    """Bull Aurochs (2/1) attacking with Aurochs is 3/1: Goblin Mutant ("can't block creatures
    with power 3 or greater") can't block it; attacking alone it is 2/1 and can be blocked."""
    both = board([_card("bull", "Bull Aurochs"), _card("au", "Aurochs"),
                  _card("gm", "Goblin Mutant")], {"bull": "opp", "au": "opp"}, blocks=None)
    assert View(both).objects["bull"].power == 3
    assert View(both).objects["au"].power == 3
    assert not check_blocks(both, {"gm": "bull"}).legal
    alone = board([_card("bull", "Bull Aurochs"), _card("gm", "Goblin Mutant")],
                  {"bull": "opp"}, blocks=None)
    assert View(alone).objects["bull"].power == 2
    assert check_blocks(alone, {"gm": "bull"}).legal


def test_elvish_berserker_for_each_blocker() -> None:
    """Elvish Berserker (1/1) blocked by two Grizzly Bears is 3/3: it takes 4 and dies; not
    blocked it stays 1/1."""
    b = board([_card("e", "Elvish Berserker"), _card("b1", "Grizzly Bears"),
               _card("b2", "Grizzly Bears")], {"e": "opp"}, {"b1": "e", "b2": "e"})
    f = combat_at(b).fighters["e"]
    assert (f.power, f.toughness) == (3, 3)
    assert "e" in resolve_combat(b).destroyed
    unblocked = board([_card("e", "Elvish Berserker")], {"e": "opp"})
    assert combat_at(unblocked).fighters["e"].power == 1


def test_count_locked_after_first_strike_damage() -> None:
    """Elvish Berserker with first strike blocked by a 1/1 and a 2/5 is 3/3; its first-strike
    damage destroys the 1/1, and in the regular step it is still 3/3 (the count was fixed as
    the trigger resolved), so the 2/5's 2 damage doesn't destroy it."""
    b = board([_card("e", "Elvish Berserker", keywords=["first strike"]),
               creature("small", 1, 1), creature("big", 2, 5)],
              {"e": "opp"}, {"small": "e", "big": "e"})
    c0 = combat_at(b)
    first = deal(c0, {"e": {"small": 1, "big": 2}}, "first")
    assert first.destroyed == ("small",)
    c1 = after(c0, first)
    assert (c1.fighters["e"].power, c1.fighters["e"].toughness) == (3, 3)
    regular = deal(c1, {"big": {"e": 2}}, "regular")
    assert "e" not in regular.destroyed


def test_blocks_a_flyer_once_for_each() -> None:
    """Woolly Spider (2/3) blocking a flyer is 2/5; blocking a creature without flying 2/3."""
    flyer = board([creature("f", 1, 1, "flying"), _card("w", "Woolly Spider")],
                  {"f": "opp"}, {"w": "f"})
    assert combat_at(flyer).fighters["w"].toughness == 5
    ground = board([creature("g", 1, 1), _card("w", "Woolly Spider")], {"g": "opp"}, {"w": "g"})
    assert combat_at(ground).fighters["w"].toughness == 3


def test_that_creature_gets() -> None:
    """Flailing Drake (2/3) blocked by a Grizzly Bears: the Bears are 3/3 and survive the
    Drake's 2 damage; the Drake itself is unchanged."""
    b = board([_card("d", "Flailing Drake"), _card("bears", "Grizzly Bears")],
              {"d": "opp"}, {"bears": "d"})
    c = combat_at(b)
    assert (c.fighters["bears"].power, c.fighters["bears"].toughness) == (3, 3)
    assert (c.fighters["d"].power, c.fighters["d"].toughness) == (2, 3)
    assert resolve_combat(b).destroyed == ("d",)


def test_bolt_hound_bonus_outlasts_it() -> None:
    """Bolt Hound (2/2) attacks with Grizzly Bears, now 3/2. A 2/2 first striker blocking the
    Hound destroys it in the first combat damage step; the Bears keep +1/+0 (the trigger
    resolved) and deal 3 in the regular step, destroying the 3/3 blocking them."""
    b = board([_card("hound", "Bolt Hound"), _card("bears", "Grizzly Bears"),
               creature("fs", 2, 2, "first strike"), creature("wall", 3, 3)],
              {"hound": "opp", "bears": "opp"}, {"fs": "hound", "wall": "bears"})
    c0 = combat_at(b)
    assert (c0.fighters["bears"].power, c0.fighters["bears"].toughness) == (3, 2)
    first = deal(c0, {"fs": {"hound": 2}}, "first")
    assert first.destroyed == ("hound",)
    c1 = after(c0, first)
    assert c1.fighters["bears"].power == 3
    assert "wall" in deal(c1, {"bears": {"wall": 3}, "wall": {"bears": 3}}, "regular").destroyed
    assert sorted(resolve_combat(b, "kills").destroyed) == ["bears", "hound", "wall"]


def test_attacks_alone_on_the_board() -> None:
    """Reckless Ogre (3/1) attacking alone is 6/1; attacking with Grizzly Bears it is 3/1.
    Rafiq of the Many, not attacking, gives the Bears attacking alone double strike."""
    alone = board([_card("ogre", "Reckless Ogre")], {"ogre": "opp"})
    assert combat_at(alone).fighters["ogre"].power == 6
    both = board([_card("ogre", "Reckless Ogre"), _card("bears", "Grizzly Bears")],
                 {"ogre": "opp", "bears": "opp"})
    assert combat_at(both).fighters["ogre"].power == 3
    rafiq = board([_card("r", "Rafiq of the Many", controller="you"),
                   _card("bears", "Grizzly Bears")], {"bears": "opp"})
    assert "double strike" in combat_at(rafiq).fighters["bears"].keywords
    assert resolve_combat(rafiq).life["opp"] == 20 - 2 * 3  # exalted +1/+1, two hits


def test_unstoppable_ash_blocked_creature() -> None:
    """Unstoppable Ash (5/5) gives a blocked Grizzly Bears +0/+5: blocked by a 4/4, the Bears
    (2/7) survive; an unblocked attacker of yours stays as it is."""
    b = board([_card("ash", "Unstoppable Ash", controller="you"),
               _card("bears", "Grizzly Bears"), _card("other", "Grizzly Bears"),
               creature("wall", 4, 4)],
              {"bears": "opp", "other": "opp"}, {"wall": "bears"})
    c = combat_at(b)
    assert (c.fighters["bears"].power, c.fighters["bears"].toughness) == (2, 7)
    assert (c.fighters["other"].power, c.fighters["other"].toughness) == (2, 2)
    assert "bears" not in resolve_combat(b).destroyed
