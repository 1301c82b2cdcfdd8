"""Golden tests of the damage family: real cards' prevention and damage-assignment text,
expected effects written from the printed text (CR 510.1a, 510.1c, 615)."""

from __future__ import annotations

from typing import Any

import pytest

from mtgcombat.damage.assignment import check_damage
from mtgcombat.damage.combat import combat_at
from mtgcombat.damage.resolve import resolve_combat
from mtgcombat.errors import BoardError
from mtgcombat.rules.catalog import default_catalog
from mtgcombat.rules.effects import (
    SELF,
    AssignsDamageByToughness,
    MayAssignAsThoughUnblocked,
    PreventCombatDamage,
    PreventNextDamage,
    Selector,
)
from tests.helpers import combat_board as board
from tests.text_golden import compiled, effects, resolved, unmodelled

CREATURES = Selector(types=["Creature"])


def _bears(pid: str, **state: Any) -> dict[str, Any]:
    return {"id": pid, "card": "Grizzly Bears", **state}


TARGET_CREATURE = Selector(which="targets", types=["Creature"])

# -- fogs -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["Fog", "Holy Day", "Angelsong", "Blessed Respite"])
def test_fog_spells(name: str) -> None:
    """"Prevent all combat damage that would be dealt this turn." on an instant: what the
    spell does on resolution, no static effect."""
    assert resolved(name) == [PreventCombatDamage()]
    assert effects(name) == []


def test_fog_as_an_activated_ability() -> None:
    """Angus Mackenzie: "{G}{W}{U}, {T}: Prevent all combat damage that would be dealt this
    turn." — applied per recorded activation."""
    assert resolved("Angus Mackenzie") == [PreventCombatDamage()]


@pytest.mark.parametrize(("name", "sources"), [
    ("Fog of War", Selector(types=["Creature"], power_less_than=4)),  # power 3 or less
    ("Arachnogenesis", Selector(types=["Creature"], subtypes_none=["Spider"])),
    ("Galadhrim Ambush", Selector(types=["Creature"], subtypes_none=["Elf"])),
    ("Hunter's Ambush", Selector(types=["Creature"], colors_none=["G"])),
    ("Harmless Assault", Selector(types=["Creature"], attacking="any")),
    ("Encircling Fissure", Selector(types=["Creature"], controller="targeted_player")),
    ("Fend Off", TARGET_CREATURE),
])
def test_fogs_of_some_creatures(name: str, sources: Selector) -> None:
    """"... dealt this turn by <creatures>" / "dealt by <creatures> this turn" (some of these
    cards have other, unmodelled sentences: tokens counted from the attackers)."""
    c = compiled(name)
    assert list(c.resolved) == [PreventCombatDamage(sources=sources)]
    assert not [u for u in c.unmodelled if "Prevent" in u.text]


def test_fog_of_a_target_creature_it_would_deal() -> None:
    """"Prevent all combat damage target creature would deal this turn." (Resistance Fighter).
    Azorius Ploy has it on one line and "... dealt to target creature this turn" on another:
    two lines with lasting effects whose targets are not told apart, both reported."""
    assert resolved("Resistance Fighter") == [PreventCombatDamage(sources=TARGET_CREATURE)]
    c = compiled("Azorius Ploy")
    assert not c.resolved
    assert [u.text for u in c.unmodelled] == [
        "Prevent all combat damage target creature would deal this turn.",
        "Prevent all combat damage that would be dealt to target creature this turn."]


def test_kor_haven_prevents_a_target_attacker() -> None:
    """"{1}{W}, {T}: Prevent all combat damage that would be dealt by target attacking
    creature this turn.\""""
    assert resolved("Kor Haven") == [PreventCombatDamage(sources=Selector(
        which="targets", types=["Creature"], attacking="any"))]


@pytest.mark.parametrize("name", ["Candletrap", "Demonic Torment"])
def test_aura_fog_is_static(name: str) -> None:
    """"Prevent all combat damage that would be dealt by enchanted creature.": no "this
    turn", a static ability of the Aura."""
    c = compiled(name)
    assert PreventCombatDamage(sources=Selector(which="attached")) in c.effects
    assert not c.resolved


def test_all_damage_from_creatures_prevents_their_combat_damage() -> None:
    """"Prevent all damage ..." prevents combat damage too: Defang (static, the enchanted
    creature), Chain of Silence (target creature, this turn), Chant of Vitu-Ghazi (creatures,
    this turn)."""
    assert effects("Defang") == [PreventCombatDamage(sources=Selector(which="attached"))]
    assert resolved("Chain of Silence") == [PreventCombatDamage(sources=TARGET_CREATURE)]
    assert resolved("Chant of Vitu-Ghazi") == [PreventCombatDamage(sources=CREATURES)]


# -- prevention shields ---------------------------------------------------------------------


@pytest.mark.parametrize("name", ["Ethereal Champion", "Ordruun Commando", "Revered Elder",
                                  "Balduvian Hydra"])
def test_shield_on_itself(name: str) -> None:
    """"<cost>: Prevent the next 1 damage that would be dealt to this creature (it) this
    turn.": a shield on the ability's own permanent (``to`` left out)."""
    assert list(compiled(name).resolved) == [PreventNextDamage(amount=1)]


@pytest.mark.parametrize(("name", "amount"), [
    ("Samite Healer", 1), ("Daru Healer", 1), ("Mending Hands", 4)])
def test_shield_on_its_target(name: str, amount: int) -> None:
    """"Prevent the next N damage that would be dealt to any target (target creature) this
    turn.": a shield on what the activation or spell targeted."""
    assert resolved(name) == [PreventNextDamage(amount=amount, to_targets=True)]


def test_samite_healer_shield_saves_a_blocker() -> None:
    """Samite Healer's activation targeting the blocking Bears prevents 1 of the 2 damage the
    attacking Bears deal them: they survive, the attacker dies."""
    b = board([_bears("a"), _bears("bl"),
               {"id": "sh", "card": "Samite Healer", "controller": "opp", "tapped": True,
                "activations": [{"x": 0, "targets": ["bl"]}]}],
              {"a": "opp"}, {"bl": "a"})
    assert combat_at(b).prevention.shields == {"bl": 1}
    assert resolve_combat(b).destroyed == ("a",)


def test_mending_hands_on_a_player() -> None:
    b = board([_bears("a")], {"a": "opp"},
              effects=[{"card": "Mending Hands", "controller": "opp", "targets": ["opp"]}])
    assert combat_at(b).prevention.shields == {"opp": 4}
    assert resolve_combat(b).player_damage == 0


def test_shield_on_targets_needs_a_target() -> None:
    b = board([_bears("a"), {"id": "sh", "card": "Samite Healer", "controller": "opp",
                             "activations": [0]}], {"a": "opp"})
    with pytest.raises(BoardError, match="targets nothing"):
        combat_at(b)


# -- how combat damage is assigned ------------------------------------------------------------


def test_doran_compiles_like_the_hand_written_card() -> None:
    hand = default_catalog().get("Doran, the Siege Tower")
    assert effects("Doran, the Siege Tower") == [AssignsDamageByToughness(affects=CREATURES)]
    assert list(hand.effects) == effects("Doran, the Siege Tower")


@pytest.mark.parametrize("name", ["Belligerent Brontodon", "Huatli, the Sun's Heart"])
def test_each_creature_you_control_by_toughness(name: str) -> None:
    assert AssignsDamageByToughness(affects=Selector(types=["Creature"], controller="you")) \
        in compiled(name).effects


@pytest.mark.parametrize("name", ["Thorn Elemental", "Deathcoil Wurm", "Lone Wolf",
                                  "Pride of Lions", "Rhox"])
def test_as_though_unblocked(name: str) -> None:
    """\"You may have this creature assign its combat damage as though it weren't blocked.\""""
    assert MayAssignAsThoughUnblocked(affects=SELF) in effects(name)


def test_thorn_elemental_compiles_like_the_hand_written_card() -> None:
    assert effects("Thorn Elemental") == list(default_catalog().get("Thorn Elemental").effects)


def test_as_though_unblocked_this_turn_is_an_activated_ability() -> None:
    """Gurzigost: "{G}{G}, Discard a card: You may have this creature assign its combat damage
    this turn as though it weren't blocked.\""""
    assert resolved("Gurzigost") == [MayAssignAsThoughUnblocked(affects=SELF)]
    assert effects("Gurzigost") == []


# -- near misses: outside the vocabulary, so reported ------------------------------------------


@pytest.mark.parametrize(("name", "sentence"), [
    # The chosen source must share a colour with the mana spent: not recorded.
    ("Protective Sphere", "Prevent all damage that would be dealt to you this turn by a source "
                          "of your choice that shares a color with the mana spent on this "
                          "activation cost."),
    # "with defender" and an attack permission in one sentence.
    ("Arcades, the Strategist", "Each creature you control with defender assigns combat damage "
                                "equal to its toughness rather than its power and can attack "
                                "as though it didn't have defender."),
    ("Radiant Kavu", "Prevent all combat damage blue creatures and black creatures would deal "
                     "this turn."),
    ("Benalish Missionary", "Prevent all combat damage that would be dealt by target blocked "
                            "creature this turn."),
    ("Serene Sunset", "Prevent all combat damage X target creatures would deal this turn."),
    # Life gained from the damage prevented.
    ("Samite Ministration", "Prevent all damage that would be dealt to you this turn by a "
                            "source of your choice."),
    # An X the sentence defines (devotion), not the spell's own.
    ("Acolyte's Reward", "Prevent the next X damage that would be dealt to target creature "
                         "this turn, where X is your devotion to white."),
    ("Remedy", "Prevent the next 5 damage that would be dealt this turn to any number of "
               "targets, divided as you choose."),
    # Redirection to another target.
    ("Kor Chant", "All damage that would be dealt this turn to target creature you control by "
                  "a source of your choice is dealt to another target creature instead."),
    ("Inquisitor's Snare", "Prevent all damage target attacking or blocking creature would "
                           "deal this turn."),
    ("Soul Parry", "Prevent all damage one or two target creatures would deal this turn."),
    ("Goblin Furrier", "Prevent all damage that this creature would deal to snow creatures."),
    # A condition on a keyword of the enchanted creature.
    ("Solid Footing", "As long as enchanted creature has vigilance, it assigns combat damage "
                      "equal to its toughness rather than its power."),
])
def test_unmodelled_damage_text(name: str, sentence: str) -> None:
    assert sentence in unmodelled(name)


# -- the compiled cards act in combat ---------------------------------------------------------


def test_fend_off_prevents_only_its_target() -> None:
    """Fend Off resolved targeting one of two attacking Bears: that one deals no combat
    damage, the other deals its 2."""
    b = board([_bears("a"), _bears("b")], {"a": "opp", "b": "opp"},
              effects=[{"card": "Fend Off", "controller": "opp", "targets": ["a"]}])
    assert combat_at(b).prevention.fogged == frozenset({"a"})
    assert check_damage(b, {"a": {"opp": 2}, "b": {"opp": 2}}).legal


def test_kor_haven_activation_prevents_its_target() -> None:
    b = board([_bears("a"), _bears("b"),
               {"id": "kh", "card": "Kor Haven", "controller": "opp", "tapped": True,
                "activations": [{"x": 0, "targets": ["b"]}]}],
              {"a": "opp", "b": "opp"})
    assert combat_at(b).prevention.fogged == frozenset({"b"})


def test_fog_of_war_spares_the_big_attacker() -> None:
    """Fog of War: the 2/2 Bears' damage is prevented, the 7/6 Deathcoil Wurm's isn't (power
    3 or less)."""
    b = board([_bears("a"), {"id": "big", "card": "Deathcoil Wurm"}],
              {"a": "opp", "big": "opp"},
              effects=[{"card": "Fog of War", "controller": "opp"}])
    assert combat_at(b).prevention.fogged == frozenset({"a"})


def test_belligerent_brontodon_assigns_by_toughness() -> None:
    """Belligerent Brontodon (4/6): its controller's creatures assign damage equal to their
    toughness; the Brontodon attacking unblocked deals 6."""
    b = board([{"id": "bb", "card": "Belligerent Brontodon"}], {"bb": "opp"})
    assert combat_at(b).fighters["bb"].power == 6
