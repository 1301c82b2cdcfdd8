"""Golden and engine tests: damage prevented to creatures and players ("Prevent all damage that
would be dealt to this creature", "... to and dealt by ...", "... to you"), shields on "you",
and damage that can't be prevented (CR 615, 615.12). Expected effects are written from the
cards' printed text, expected combat results from the rules."""

from __future__ import annotations

from typing import Any

import pytest

from mtgcombat.damage.combat import combat_at
from mtgcombat.damage.resolve import resolve_combat
from mtgcombat.errors import BoardError
from mtgcombat.rules.effects import (
    SELF,
    DamageCantBePrevented,
    PreventCombatDamage,
    PreventDamageTo,
    PreventNextDamage,
    Selector,
)
from tests.helpers import combat_board as board
from tests.helpers import creature
from tests.text_golden import compiled, effects, resolved, unmodelled

CREATURES = Selector(types=["Creature"])
TARGETS = Selector(which="targets")


def _card(pid: str, card: str, **state: Any) -> dict[str, Any]:
    return {"id": pid, "card": card, **state}


# -- golden: damage dealt to ... --------------------------------------------------------------


@pytest.mark.parametrize("name", ["Dawn Elemental", "Everdawn Champion"])
def test_static_prevention_on_itself(name: str) -> None:
    """"Prevent all (combat) damage that would be dealt to this creature." (static)."""
    assert PreventDamageTo(affects=SELF) in effects(name)


def test_prevention_from_some_sources() -> None:
    """Champion Lancer: "... dealt to this creature by creatures."; Argothian Pixies: "... by
    artifact creatures." (next to its evasion)."""
    assert effects("Champion Lancer") == [PreventDamageTo(sources=CREATURES)]
    assert PreventDamageTo(sources=Selector(types=["Artifact", "Creature"])) in \
        effects("Argothian Pixies")


def test_prevention_to_groups_of_creatures() -> None:
    """Bubble Matrix (static): "... dealt to creatures."; Forfend: "... to creatures this
    turn."; Divine Light: "... dealt this turn to creatures you control.\""""
    assert effects("Bubble Matrix") == [PreventDamageTo(affects=CREATURES)]
    assert resolved("Forfend") == [PreventDamageTo(affects=CREATURES)]
    assert resolved("Divine Light") == [PreventDamageTo(
        affects=Selector(types=["Creature"], controller="you"))]


def test_pronoun_names_the_one_target() -> None:
    """Djeru's Resolve: "Untap target creature. Prevent all damage that would be dealt to it
    this turn." — "it" is the targeted creature."""
    assert resolved("Djeru's Resolve") == [PreventDamageTo(affects=TARGETS)]


def test_him_is_the_planeswalker_itself() -> None:
    """Gideon Jura's [0]: "... Prevent all damage that would be dealt to him this turn." —
    nothing is targeted; "him" is Gideon (its animation is the sentence before)."""
    assert list(compiled("Gideon Jura").resolved)[-1] == PreventDamageTo(affects=SELF)


def test_to_you() -> None:
    """Druid's Deliverance: "... dealt to you this turn."; Al-abara's Carpet: "... to you this
    turn by attacking creatures without flying.\""""
    assert resolved("Druid's Deliverance") == [PreventDamageTo(affects=None, you=True)]
    assert resolved("Al-abara's Carpet") == [PreventDamageTo(
        affects=None, you=True,
        sources=Selector(types=["Creature"], attacking="any", keywords_none=["flying"]))]


@pytest.mark.parametrize(("name", "who", "static"), [
    ("Fog Bank", SELF, True),
    ("Gaseous Form", Selector(which="attached"), True),
    ("Foxfire", TARGETS, False),  # "Untap target attacking creature. ... that creature"
    ("Elvish Scout", TARGETS, False),  # "... it this turn"
    ("Energy Arc", TARGETS, False),  # "any number of target creatures ... those creatures"
])
def test_dealt_to_and_dealt_by(name: str, who: Selector, static: bool) -> None:
    """"Prevent all combat damage that would be dealt to and dealt by X": both fogs."""
    both = [PreventDamageTo(affects=who), PreventCombatDamage(sources=who)]
    c = compiled(name)
    assert not c.unmodelled
    assert (list(c.effects) if static else list(c.resolved)) == both


def test_deftblade_elite_ability_on_itself() -> None:
    """"{1}{W}: Prevent all combat damage that would be dealt to and dealt by this creature this
    turn." — one of its two abilities (provoke is the other)."""
    abilities = [list(a.resolved) for a in compiled("Deftblade Elite").abilities]
    assert [PreventDamageTo(affects=SELF), PreventCombatDamage(sources=SELF)] in abilities


def test_shields_on_you() -> None:
    """Conservator: "Prevent the next 2 damage that would be dealt to you this turn.";
    Decorated Griffin: "... the next 1 combat damage ... to you this turn.\""""
    assert resolved("Conservator") == [PreventNextDamage(amount=2, to_you=True)]
    assert resolved("Decorated Griffin") == [PreventNextDamage(amount=1, to_you=True)]


def test_damage_cant_be_prevented() -> None:
    """Skullcrack / Flaring Pain: "Damage can't be prevented this turn." (resolved); Leyline of
    Punishment: "Damage can't be prevented.", Frenzied Baloth: "Combat damage can't be
    prevented." (static)."""
    assert DamageCantBePrevented() in resolved("Skullcrack")
    assert resolved("Flaring Pain") == [DamageCantBePrevented()]
    assert effects("Leyline of Punishment") == [DamageCantBePrevented()]
    assert DamageCantBePrevented() in effects("Frenzied Baloth")


def test_a_spells_own_unpreventable_damage_is_no_combat_effect() -> None:
    """Combust: "Combust deals 5 damage to target white or blue creature. The damage can't be
    prevented." — that damage is not combat damage: modelled, with nothing for combat."""
    c = compiled("Combust")
    assert not c.unmodelled and not c.effects and not c.resolved
    assert ("damage", "The damage can't be prevented.") in c.modelled


# -- near misses: stay unmodelled --------------------------------------------------------------


@pytest.mark.parametrize(("name", "text"), [
    # Life gained from the damage prevented.
    ("Intervention Pact",
     "The next time a source of your choice would deal damage to you this turn, prevent that "
     "damage."),
    # A duration past this turn.
    ("Dovin, Hand of Control", "Until your next turn, prevent all damage that would be dealt "
                               "to and dealt by target permanent an opponent controls."),
    # A -1/-1 counter for each 1 damage prevented.
    ("Phyrexian Hydra", "If damage would be dealt to this creature, prevent that damage."),
    # The counters removed are dealt as damage to any target.
    ("Magma Pummeler", "If damage would be dealt to this creature while it has a +1/+1 counter "
                       "on it, prevent that damage and remove that many +1/+1 counters from "
                       "it."),
    # "creatures blocking it": outside the phrase reader.
    ("Armored Transport", "Prevent all combat damage that would be dealt to this creature by "
                          "creatures blocking it."),
    # Conditional: "If X is 5 or more".
    ("Banefire", "If X is 5 or more, this spell can't be countered and the damage can't be "
                 "prevented."),
    # "it" after "target blocking Wall": no creature or permanent named.
    ("Glyph of Destruction", "Prevent all damage that would be dealt to it this turn."),
])
def test_near_misses(name: str, text: str) -> None:
    assert text in unmodelled(name)


def test_two_targeted_lines_stay_reported() -> None:
    """Azorius Ploy: two lines, each targeting a creature: which target each line took is not
    recorded, so both are reported."""
    assert len(unmodelled("Azorius Ploy")) == 2


# -- engine --------------------------------------------------------------------------------


def test_dawn_elemental_takes_no_combat_damage() -> None:
    """Dawn Elemental (3/3) blocks a 3/3: the damage to it is prevented; only the attacker
    dies."""
    b = board([creature("a", 3, 3), _card("d", "Dawn Elemental")], {"a": "opp"}, {"d": "a"})
    assert resolve_combat(b).destroyed == ("a",)


def test_fog_bank_prevents_both_ways() -> None:
    """Fog Bank (0/2) blocks a 3/3: no damage either way."""
    b = board([creature("a", 3, 3), _card("f", "Fog Bank")], {"a": "opp"}, {"f": "a"})
    assert resolve_combat(b).destroyed == ()


def test_champion_lancer_only_stops_creatures() -> None:
    """Champion Lancer (3/3) prevents damage from creatures: blocked by a 3/3 it survives and
    kills the blocker."""
    b = board([_card("l", "Champion Lancer"), creature("b", 3, 3)], {"l": "opp"}, {"b": "l"})
    assert resolve_combat(b).destroyed == ("b",)


def test_djerus_resolve_saves_its_target_only() -> None:
    """Djeru's Resolve targeting the attacking 3/3 blocked by a 3/3: the damage to it is
    prevented; the blocker dies."""
    b = board([creature("a", 3, 3), creature("b", 3, 3)], {"a": "opp"}, {"b": "a"},
              effects=[{"card": "Djeru's Resolve", "controller": "you", "targets": ["a"]}])
    warded = combat_at(b).prevention.warded
    assert "b" in warded["a"] and "b" not in warded
    assert resolve_combat(b).destroyed == ("b",)


def test_deep_wood_spares_the_player_not_the_blockers() -> None:
    """Deep Wood prevents damage attacking creatures would deal to its caster: the unblocked
    2/2 deals nothing to opp; the blocked 3/3 still kills the 2/2 blocker."""
    b = board([creature("u", 2, 2), creature("a", 3, 3), creature("b", 2, 2)],
              {"u": "opp", "a": "opp"}, {"b": "a"},
              effects=[{"card": "Deep Wood", "controller": "opp"}])
    r = resolve_combat(b)
    assert r.life["opp"] == 20 and r.destroyed == ("b",)


def test_conservator_shield_on_its_controller() -> None:
    """Conservator's activation (opp's): the next 2 damage to opp is prevented; a 3/3 unblocked
    deals 1."""
    b = board([creature("a", 3, 3),
               _card("c", "Conservator", controller="opp", tapped=True,
                     activations=[{"x": 0}])], {"a": "opp"})
    assert combat_at(b).prevention.shields == {"opp": 2}
    assert resolve_combat(b).life["opp"] == 19


def test_unpreventable_damage_beats_prevention() -> None:
    """Skullcrack resolved this turn (CR 615.12): Dawn Elemental blocking a 5/5 is dealt 5 and
    dies (the attacker survives its 3); a fog prevents nothing; protection from green doesn't
    stop a green creature's damage."""
    skull = {"card": "Skullcrack", "controller": "you", "targets": ["opp"]}
    b = board([creature("a", 5, 5), _card("d", "Dawn Elemental")], {"a": "opp"}, {"d": "a"},
              effects=[skull])
    assert resolve_combat(b).destroyed == ("d",)
    fog = board([creature("a", 2, 2)], {"a": "opp"},
                effects=[{"card": "Fog", "controller": "opp"}, skull])
    assert resolve_combat(fog).life["opp"] == 18
    pro = board([creature("a", 2, 2, colors=["G"]),
                 creature("b", 1, 2, "protection from green")], {"a": "opp"}, {"b": "a"},
                effects=[skull])
    assert resolve_combat(pro).destroyed == ("b",)


def test_leyline_of_punishment_on_the_battlefield() -> None:
    """Leyline of Punishment (static) turns off a prevention shield: Conservator's 2 prevents
    nothing, the 3/3 deals 3."""
    b = board([creature("a", 3, 3),
               _card("c", "Conservator", controller="opp", tapped=True, activations=[{"x": 0}]),
               _card("l", "Leyline of Punishment", controller="you")], {"a": "opp"})
    assert combat_at(b).prevention.unpreventable
    assert resolve_combat(b).life["opp"] == 17


# -- the next time a source of your choice ------------------------------------------------------


def test_circles_of_protection() -> None:
    """Circle of Protection: Red / Artifacts: "{1}: The next time a red (an artifact) source of
    your choice would deal damage to you this turn, prevent that damage." — the chosen source
    is named in the activation's targets."""
    assert resolved("Circle of Protection: Red") == [PreventDamageTo(
        affects=None, you=True, sources=Selector(which="targets", colors_any=["R"]), once=True)]
    assert resolved("Circle of Protection: Artifacts") == [PreventDamageTo(
        affects=None, you=True, sources=Selector(which="targets", types=["Artifact"]),
        once=True)]


def test_next_time_near_misses() -> None:
    """Reverse Damage gains life from the prevented damage; Circle of Protection: Shadow's
    "creature of your choice with shadow" is another shape; both stay reported."""
    assert unmodelled("Reverse Damage") == [
        "The next time a source of your choice would deal damage to you this turn, prevent "
        "that damage."]
    assert len(unmodelled("Circle of Protection: Shadow")) == 1


def _cop(*chosen: str) -> dict[str, Any]:
    return _card("cop", "Circle of Protection: Red", controller="opp",
                 activations=[{"x": 0, "targets": [c]} for c in chosen])


def test_circle_prevents_the_chosen_red_source_only() -> None:
    """Two unblocked attackers, a red 3/3 (chosen) and a green 2/2: opp takes only the 2."""
    b = board([creature("r", 3, 3, colors=["R"]), creature("g", 2, 2, colors=["G"]),
               _cop("r")], {"r": "opp", "g": "opp"})
    assert resolve_combat(b).life["opp"] == 18


def test_circle_needs_the_source_to_be_red() -> None:
    """The chosen source must be red: choosing the green attacker prevents nothing."""
    b = board([creature("g", 2, 2, colors=["G"]), _cop("g")], {"g": "opp"})
    assert resolve_combat(b).life["opp"] == 18


def test_circle_is_used_up_by_the_first_step() -> None:
    """A red double striker (3/3) chosen: its first-strike damage is prevented, its regular
    damage is dealt (the next time is over, CR 615): opp takes 3."""
    b = board([creature("r", 3, 3, "double strike", colors=["R"]), _cop("r")], {"r": "opp"})
    assert resolve_combat(b).life["opp"] == 17


def test_circle_without_a_chosen_source_is_refused() -> None:
    b = board([creature("r", 3, 3, colors=["R"]),
               _card("cop", "Circle of Protection: Red", controller="opp", activations=[0])],
              {"r": "opp"})
    with pytest.raises(BoardError, match="chosen source"):
        combat_at(b)


def test_enshrouding_mist_after_a_pump() -> None:
    """Enshrouding Mist: "Target creature gets +1/+1 until end of turn. Prevent all damage that
    would be dealt to it this turn." — "it" is the pumped target."""
    assert resolved("Enshrouding Mist")[-1] == PreventDamageTo(affects=TARGETS)


def test_hand_written_prevention_to_a_player() -> None:
    """A board-level ``prevent_damage_to`` effect for opp (``affects: null, you: true``): the
    unblocked 4/4 deals opp nothing."""
    b = board([creature("a", 4, 4)], {"a": "opp"},
              effects=[{"name": "Shield", "controller": "opp",
                        "effects": [{"kind": "prevent_damage_to", "affects": None,
                                     "you": True}]}])
    assert combat_at(b).prevention.warded == {"opp": frozenset({"a"})}
    assert resolve_combat(b).life["opp"] == 20


# -- noncombat damage and spells' damage: nothing for combat ------------------------------------


@pytest.mark.parametrize(("name", "text"), [
    ("Tajic, Legion's Edge", "Prevent all noncombat damage that would be dealt to other "
                             "creatures you control."),
    ("Mark of Asylum", "Prevent all noncombat damage that would be dealt to creatures you "
                       "control."),
    ("Blessed Sanctuary", "Prevent all noncombat damage that would be dealt to you and "
                          "creatures you control."),
    ("Purity", "If noncombat damage would be dealt to you, prevent that damage."),
    ("Stormwild Capridor", "If noncombat damage would be dealt to this creature, prevent that "
                           "damage."),
    ("Hallow", "Prevent all damage target spell would deal this turn."),
    ("Hidden Retreat", "Prevent all damage that would be dealt by target instant or sorcery "
                       "spell this turn."),
    ("Energy Storm", "Prevent all damage that would be dealt by instant and sorcery spells."),
])
def test_prevention_of_damage_that_is_never_combat_damage(name: str, text: str) -> None:
    """Noncombat damage and a spell's damage are never combat damage (CR 120.2, 510): the
    sentence is modelled and changes nothing in combat."""
    c = compiled(name)
    assert not c.unmodelled
    assert ("damage", text) in c.modelled
    assert not [e for e in (*c.effects, *c.resolved)
                if isinstance(e, PreventDamageTo | PreventCombatDamage | PreventNextDamage)]


def test_a_granted_card_draw_on_combat_damage_is_nothing_for_combat() -> None:
    """Sixth Sense: "Enchanted creature has "Whenever this creature deals combat damage to a
    player, you may draw a card."" — drawing changes nothing in combat."""
    c = compiled("Sixth Sense")
    assert not c.unmodelled and not c.effects and not c.resolved
    assert [f for f, _ in c.modelled] == ["damage"]


# -- damage of some sources can't be prevented ----------------------------------------------


def test_damage_of_some_sources_cant_be_prevented() -> None:
    """Excruciator: "Damage that would be dealt by this creature can't be prevented.";
    Questing Beast: "Combat damage that would be dealt by creatures you control can't be
    prevented.\""""
    assert DamageCantBePrevented(sources=SELF) in effects("Excruciator")
    assert DamageCantBePrevented(sources=Selector(controller="you", types=["Creature"])) in \
        effects("Questing Beast")


def test_excruciator_beats_prevention_others_don_t() -> None:
    """Excruciator (7/7) blocked by Dawn Elemental (3/3, prevents damage to itself): the 7 is
    dealt (615.12), the Elemental dies. Unblocked beside a 2/2 against Conservator's shield
    of 2 on opp: the shield takes the 2/2's damage, none of Excruciator's: opp takes 7."""
    blocked = board([_card("x", "Excruciator"), _card("d", "Dawn Elemental")], {"x": "opp"},
                    {"d": "x"})
    assert resolve_combat(blocked).destroyed == ("d",)
    shield = board([_card("x", "Excruciator"), creature("a", 2, 2),
                    _card("c", "Conservator", controller="opp", tapped=True,
                          activations=[{"x": 0}])], {"x": "opp", "a": "opp"})
    r = resolve_combat(shield)
    assert r.life["opp"] == 13 and r.steps[0].shields == {"opp": 0}


def test_questing_beast_only_for_its_controller_s_creatures() -> None:
    """Your Questing Beast with a Fog resolved (opp's): your 3/3 blocked by opp's 3/3 deals
    its 3 (can't be prevented), the blocker's 3 to it is prevented: only the blocker dies."""
    b = board([_card("q", "Questing Beast", controller="you"), creature("a", 3, 3),
               creature("b", 3, 3)], {"a": "opp"}, {"b": "a"},
              effects=[{"card": "Fog", "controller": "opp"}])
    assert resolve_combat(b).destroyed == ("b",)
