"""Static "for each" changes that count what the source has rather than permanents on the
battlefield: "for each Aura attached to it", "for each oil counter on it", "for each charge
counter on this artifact", "for each card in your hand" (CR 613.4c: applied with the other P/T
changes, the amount read continuously). Expected effects come from the cards' printed text,
expected power and toughness from the rules."""

from __future__ import annotations

from typing import Any

import pytest

from mtgcombat import load_board
from mtgcombat.rules.effects import (
    SELF,
    CounterCount,
    GraveyardCount,
    ModifyPowerToughness,
    Selector,
)

from .helpers import board, card, pt
from .text_golden import effects, unmodelled

ATTACHED = Selector(which="attached")


def _modify_pt(name: str) -> list[ModifyPowerToughness]:
    return [e for e in effects(name) if isinstance(e, ModifyPowerToughness)]


# -- the compiler ----------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "expected"), [
    # "This creature gets +2/+2 for each Aura attached to it."
    ("Kor Spiritdancer", ModifyPowerToughness(
        affects=SELF, power=2, toughness=2,
        per=Selector(subtypes_any=["Aura"], attached_to="self"))),
    # "This creature gets +2/+2 for each Aura and Equipment attached to it."
    ("Champion of the Flame", ModifyPowerToughness(
        affects=SELF, power=2, toughness=2,
        per=Selector(subtypes_any=["Aura", "Equipment"], attached_to="self"))),
    # "Enchanted creature gets +2/+2 for each Aura attached to it and has vigilance."
    ("Auramancer's Guise", ModifyPowerToughness(
        affects=ATTACHED, power=2, toughness=2,
        per=Selector(subtypes_any=["Aura"], attached_to="attached"))),
    # "Hound of Urabrask gets +1/+1 for each oil counter on it."
    ("Hound of Urabrask", ModifyPowerToughness(affects=SELF, power=1, toughness=1,
                                               per_amount=CounterCount(counter="oil"))),
    # "Equipped creature gets +1/+1 for each card in your hand."
    ("Empyrial Plate", ModifyPowerToughness(affects=ATTACHED, power=1, toughness=1,
                                            per_amount="your_hand_size")),
    # "Grim Strider gets -1/-1 for each card in your hand."
    ("Grim Strider", ModifyPowerToughness(affects=SELF, power=-1, toughness=-1,
                                          per_amount="your_hand_size")),
    # "Creatures you control of the chosen type get +1/+1 for each charge counter on this
    # artifact."
    ("Door of Destinies", ModifyPowerToughness(
        affects=Selector(controller="you", types=["Creature"], chosen_type=True), power=1,
        toughness=1, per_amount=CounterCount(counter="charge"))),
    # "Fiend Artisan gets +1/+1 for each creature card in your graveyard."
    ("Fiend Artisan", ModifyPowerToughness(
        affects=SELF, power=1, toughness=1,
        per_amount=GraveyardCount(graveyard="you", types_any=["Creature"]))),
    # "Rielle gets +1/+0 for each instant and sorcery card in your graveyard."
    ("Rielle, the Everwise", ModifyPowerToughness(
        affects=SELF, power=1,
        per_amount=GraveyardCount(graveyard="you", types_any=["Instant", "Sorcery"]))),
    # "Equipped creature has first strike and gets +1/+0 for each instant and sorcery card in
    # your graveyard."
    ("Glamdring", ModifyPowerToughness(
        affects=ATTACHED, power=1,
        per_amount=GraveyardCount(graveyard="you", types_any=["Instant", "Sorcery"]))),
    # "Katara gets +1/+1 for each Lesson card in your graveyard."
    ("Katara, Seeking Revenge", ModifyPowerToughness(
        affects=SELF, power=1, toughness=1,
        per_amount=GraveyardCount(graveyard="you", subtypes_any=["Lesson"]))),
])
def test_for_each_of_the_source(name: str, expected: ModifyPowerToughness) -> None:
    assert expected in _modify_pt(name)


@pytest.mark.parametrize(("name", "part"), [
    # "It" is each creature, not the source: a count per affected creature.
    ("Bruenor Battlehammer", "for each Equipment attached to it"),
    # Counters on the equipped creature, of every kind.
    ("Luxior, Giada's Gift", "for each counter on it"),
    ("Alrund, God of the Cosmos // Hakka, Whispering Raven", "each foretold card"),
    # Two counts added together.
    ("Moon-Vigil Adherents", "for each creature you control and each creature card"),
    # Counted as the trigger resolves, not a static amount.
    ("Ral's Staticaster", "for each card in your hand until end of turn"),
])
def test_other_counts_stay_unmodelled(name: str, part: str) -> None:
    assert any(part in u for u in unmodelled(name)), unmodelled(name)


# -- boards ----------------------------------------------------------------------------------


def _aura(pid: str, on: str, **state: Any) -> dict[str, Any]:
    return card(pid, "Pacifism", attached_to=on, **state)


def test_kor_spiritdancer_counts_auras_on_itself_of_any_controller() -> None:
    # Kor Spiritdancer is 0/2; two Auras on it (one an opponent's), one on another creature.
    b = board([card("k", "Kor Spiritdancer"), card("bear", "Grizzly Bears"),
               _aura("a1", "k"), _aura("a2", "k", controller="opp"), _aura("a3", "bear")])
    assert pt(b, "k") == (4, 6)
    assert pt(board([card("k", "Kor Spiritdancer")]), "k") == (0, 2)


def test_champion_of_the_flame_counts_auras_and_equipment() -> None:
    # 1/1; an Aura and an Equipment attached (Bonesplitter also gives +2/+0).
    b = board([card("c", "Champion of the Flame"), _aura("a", "c"),
               card("e", "Bonesplitter", attached_to="c")])
    assert pt(b, "c") == (1 + 4 + 2, 1 + 4)


def test_auramancers_guise_counts_auras_on_the_enchanted_creature() -> None:
    # The Guise is itself an Aura attached to the bear: +2/+2 for it and for Pacifism.
    b = board([card("bear", "Grizzly Bears"), card("g", "Auramancer's Guise", attached_to="bear"),
               _aura("p", "bear"), card("other", "Grizzly Bears"), _aura("q", "other")])
    assert pt(b, "bear") == (6, 6)
    assert pt(b, "other") == (2, 2)


def test_hound_of_urabrask_counts_oil_counters_only() -> None:
    b = board([card("h", "Hound of Urabrask", counters={"oil": 2, "charge": 5})])
    assert pt(b, "h") == (5, 5)


def test_door_of_destinies_counts_its_own_charge_counters() -> None:
    door = card("d", "Door of Destinies", chosen={"creature_type": "Goblin"},
                counters={"charge": 3})
    b = board([door, card("g", "Raging Goblin"), card("e", "Llanowar Elves")])
    assert (pt(b, "g"), pt(b, "e")) == ((4, 4), (1, 1))


def test_empyrial_plate_counts_its_controllers_hand() -> None:
    data: dict[str, Any] = {
        "active_player": "you",
        "players": [{"name": "you", "hand_size": 3}, {"name": "opp", "hand_size": 7}],
        "permanents": [{"id": "bear", "card": "Grizzly Bears", "controller": "you"},
                       {"id": "p", "card": "Empyrial Plate", "controller": "you",
                        "attached_to": "bear"}]}
    assert pt(load_board(data), "bear") == (5, 5)
    data["players"][0]["hand_size"] = 0
    assert pt(load_board(data), "bear") == (2, 2)


def test_fiend_artisan_counts_creature_cards_in_your_graveyard() -> None:
    # Fiend Artisan is 1/1; Dryad Arbor is a land creature card, Forest and Shock aren't
    # creature cards; the opponent's graveyard doesn't count.
    data: dict[str, Any] = {
        "active_player": "you",
        "players": [{"name": "you", "graveyard": ["Grizzly Bears", "Dryad Arbor", "Forest",
                                                  "Shock"]},
                    {"name": "opp", "graveyard": ["Grizzly Bears"] * 5}],
        "permanents": [{"id": "f", "card": "Fiend Artisan", "controller": "you"}]}
    assert pt(load_board(data), "f") == (3, 3)
    data["players"][0]["graveyard"] = []
    assert pt(load_board(data), "f") == (1, 1)
