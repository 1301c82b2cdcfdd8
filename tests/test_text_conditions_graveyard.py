"""Conditions on graveyards: threshold, delirium, descend and "an opponent has eight or more
cards in their graveyard" (CR 611.3a: checked continuously, the effect does nothing while the
condition is false). Expected effects are written from the cards' printed text; expected
boards from the rules (CR 205.2a: the card types a card in the graveyard has)."""

from __future__ import annotations

from typing import Any

import pytest

from mtgcombat import Board, load_board
from mtgcombat.board.characteristics import View
from mtgcombat.rules.effects import (
    SELF,
    CantAttack,
    CantBlock,
    GrantKeywords,
    Graveyard,
    ModifyPowerToughness,
    MustAttack,
    Selector,
)
from mtgcombat.rules.text.families.conditions import condition

from .helpers import card, pt, refused
from .text_golden import effects, unmodelled

THRESHOLD = Graveyard(at_least=7)
DELIRIUM = Graveyard(at_least=4, count="card_types")
PERMANENT_TYPES = ["Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"]


def _data(perms: list[dict[str, Any]], yours: list[str] | None = None,
          theirs: list[str] | None = None) -> dict[str, Any]:
    you: dict[str, Any] = {"name": "you"}
    opp: dict[str, Any] = {"name": "opp"}
    if yours is not None:
        you["graveyard"] = yours
    if theirs is not None:
        opp["graveyard"] = theirs
    for p in perms:
        p.setdefault("controller", "you")
    return {"active_player": "you", "players": [you, opp], "permanents": perms}


def _board(perms: list[dict[str, Any]], yours: list[str] | None = None,
           theirs: list[str] | None = None) -> Board:
    return load_board(_data(perms, yours, theirs))


def _pump(p: int, t: int, cond: Graveyard) -> ModifyPowerToughness:
    return ModifyPowerToughness(affects=SELF, power=p, toughness=t, condition=cond)


# -- the compiler ----------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "expected"), [
    ("there are seven or more cards in your graveyard", THRESHOLD),
    ("seven or more cards are in your graveyard", THRESHOLD),
    ("there are four or more card types among cards in your graveyard", DELIRIUM),
    ("there are four or more permanent cards in your graveyard",
     Graveyard(at_least=4, types_any=PERMANENT_TYPES)),
    ("there's a Lesson card in your graveyard", Graveyard(at_least=1, subtypes_any=["Lesson"])),
    ("there are two or more creature cards in your graveyard",
     Graveyard(at_least=2, types_any=["Creature"])),
    ("there are no cards in your graveyard", Graveyard(at_least=0, at_most=0)),
    ("an opponent has eight or more cards in their graveyard",
     Graveyard(player="opponent", at_least=8)),
])
def test_graveyard_conditions(text: str, expected: Graveyard) -> None:
    assert condition(text) == expected


@pytest.mark.parametrize("text", [
    "there are five or more mana values among cards in your graveyard",
    "there are seven or more cards in a single graveyard",
    "there are four or more historic cards in your graveyard",
    "there are two or more instant and/or sorcery cards in your graveyard",
    "this card is in your graveyard",
])
def test_graveyard_conditions_outside_the_vocabulary(text: str) -> None:
    assert condition(text) is None


def test_threshold_werebear() -> None:
    # "Threshold — Werebear gets +3/+3 as long as seven or more cards are in your graveyard."
    assert _pump(3, 3, THRESHOLD) in effects("Werebear")


def test_threshold_putrid_imp_also_cant_block() -> None:
    # "Threshold — As long as seven or more cards are in your graveyard, Putrid Imp gets
    # +1/+1 and can't block."
    assert effects("Putrid Imp") == [_pump(1, 1, THRESHOLD),
                                     CantBlock(affects=SELF, condition=THRESHOLD)]


def test_threshold_kirtars_desire_on_the_enchanted_creature() -> None:
    # "Enchanted creature can't attack. Threshold — Enchanted creature can't block as long as
    # there are seven or more cards in your graveyard."
    attached = Selector(which="attached")
    assert effects("Kirtar's Desire") == [CantAttack(affects=attached),
                                          CantBlock(affects=attached, condition=THRESHOLD)]


def test_delirium_dragons_rage_channeler() -> None:
    # "Delirium — As long as there are four or more card types among cards in your graveyard,
    # Dragon's Rage Channeler gets +2/+2, has flying, and attacks each combat if able."
    assert effects("Dragon's Rage Channeler") == [
        _pump(2, 2, DELIRIUM), GrantKeywords(affects=SELF, keywords=["flying"],
                                             condition=DELIRIUM),
        MustAttack(affects=SELF, condition=DELIRIUM)]


def test_descend_basking_capybara() -> None:
    # "Descend 4 — This creature gets +3/+0 as long as there are four or more permanent cards
    # in your graveyard."
    assert effects("Basking Capybara") == [
        _pump(3, 0, Graveyard(at_least=4, types_any=PERMANENT_TYPES))]


def test_opponent_graveyard_blackbloom_rogue() -> None:
    # "This creature gets +3/+0 as long as an opponent has eight or more cards in their
    # graveyard."
    assert _pump(3, 0, Graveyard(player="opponent", at_least=8)) in effects(
        "Blackbloom Rogue // Blackbloom Bog")


def test_near_misses_stay_unmodelled() -> None:
    assert any("mana values among cards" in u for u in unmodelled("Syndicate Infiltrator"))
    assert any("different subtypes other than creature types among cards in all graveyards"
               in u for u in unmodelled("Subgoyf"))


# -- boards ----------------------------------------------------------------------------------


def test_threshold_counts_seven_cards_in_your_graveyard() -> None:
    six = ["Forest"] * 6
    assert pt(_board([card("w", "Werebear")], six), "w") == (1, 1)
    assert pt(_board([card("w", "Werebear")], [*six, "Lightning Bolt"]), "w") == (4, 4)
    # The opponent's graveyard is not yours.
    assert pt(_board([card("w", "Werebear")], six, ["Forest"] * 9), "w") == (1, 1)
    # No graveyard listed: it is empty.
    assert pt(_board([card("w", "Werebear")]), "w") == (1, 1)


def test_delirium_counts_card_types_not_cards() -> None:
    drc = [card("d", "Dragon's Rage Channeler")]
    # Seven lands are one card type.
    b = _board(drc, ["Forest"] * 7)
    assert pt(b, "d") == (1, 1)
    assert "flying" not in View(b).objects["d"].keywords
    # Dryad Arbor is a land and a creature (two types), Lightning Bolt an instant, Sol Ring
    # an artifact: four card types among three cards.
    b = _board(drc, ["Dryad Arbor", "Lightning Bolt", "Sol Ring"])
    assert pt(b, "d") == (3, 3)
    assert "flying" in View(b).objects["d"].keywords
    assert pt(_board(drc, ["Dryad Arbor", "Lightning Bolt", "Shock"]), "d") == (1, 1)


def test_descend_counts_permanent_cards_only() -> None:
    capybara = [card("c", "Basking Capybara")]  # 1/3
    assert pt(_board(capybara, ["Forest", "Sol Ring", "Grizzly Bears", "Shock"]), "c") == (1, 3)
    assert pt(_board(capybara, ["Forest", "Sol Ring", "Grizzly Bears", "Pacifism"]),
              "c") == (4, 3)


def test_descend_4_and_8_akawalli() -> None:
    # Akawalli (3/3): "Descend 4 — ... gets +2/+2 and has trample. Descend 8 — ... gets an
    # additional +2/+2 and can't be blocked by more than one creature."
    akawalli = [card("a", "Akawalli, the Seething Tower")]
    four = ["Forest", "Sol Ring", "Grizzly Bears", "Pacifism"]
    assert pt(_board(akawalli, four[:3] + ["Shock"] * 5), "a") == (3, 3)
    # Eight cards, four of them permanent cards: descend 4 only.
    assert pt(_board(akawalli, four + ["Shock"] * 4), "a") == (5, 5)
    b = _board(akawalli, four * 2)
    assert pt(b, "a") == (7, 7)
    assert "trample" in View(b).objects["a"].keywords


def test_opponent_graveyard_counts_some_opponent() -> None:
    rogue = [card("r", "Blackbloom Rogue // Blackbloom Bog")]  # 2/3
    assert pt(_board(rogue, ["Forest"] * 8, ["Forest"] * 7), "r") == (2, 3)
    assert pt(_board(rogue, [], ["Forest"] * 8), "r") == (5, 3)


def test_graveyard_card_names_are_checked() -> None:
    refused(_data([], ["Forest", "Not A Real Card Name"]), "$.players[0].graveyard[1]",
            "Not A Real Card Name")
