"""Characteristic-defining power and toughness from cards in hands and graveyards and from a
life total (CR 604.3, 613.4a). Expected effects are written from the cards' printed text,
expected boards from the rules: Tarmogoyf counts card types among cards in all graveyards
(CR 205.2a: an artifact creature card is two card types), Lhurgoyf creature cards in all
graveyards, Maro the cards in its controller's hand."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from mtgcombat import Board, load_board
from mtgcombat.damage.resolve import resolve_combat
from mtgcombat.rules.effects import Devotion, GraveyardCount, PowerToughnessFromCount, Selector
from tests.helpers import board, board_data, card, combat_board, creature, pt
from tests.text_golden import effects, unmodelled

_TYPES_ALL = GraveyardCount(graveyard="all", count="card_types")
_TYPES_YOURS = GraveyardCount(graveyard="you", count="card_types")
_INSTANT_SORCERY = GraveyardCount(graveyard="you", types_any=["Instant", "Sorcery"])


@pytest.mark.parametrize(("name", "expected"), [
    # "~'s power and toughness are each equal to the number of cards in your hand."
    ("Maro", PowerToughnessFromCount(amount="your_hand_size")),
    ("Body of Knowledge", PowerToughnessFromCount(amount="your_hand_size")),
    ("Psychosis Crawler", PowerToughnessFromCount(amount="your_hand_size")),
    # "~'s power is equal to the number of cards in your hand." (a */4)
    ("Sylvan Yeti", PowerToughnessFromCount(amount="your_hand_size", toughness=False)),
    # "... each equal to the total number of cards in all players' hands."
    ("Multani, Maro-Sorcerer", PowerToughnessFromCount(amount="all_hand_sizes")),
    # "~'s power and toughness are each equal to your life total."
    ("Serra Avatar", PowerToughnessFromCount(amount="your_life")),
    ("Soul of Eternity", PowerToughnessFromCount(amount="your_life")),
    # "~'s power is equal to the number of card types among cards in all graveyards and its
    # toughness is equal to that number plus 1."
    ("Tarmogoyf", PowerToughnessFromCount(amount=_TYPES_ALL, toughness_plus=1)),
    ("Barrowgoyf", PowerToughnessFromCount(amount=_TYPES_ALL, toughness_plus=1)),
    # "... card types among cards in your graveyard and ... that number plus 1."
    ("Nethergoyf", PowerToughnessFromCount(amount=_TYPES_YOURS, toughness_plus=1)),
    # "~'s power is equal to the number of creature cards in all graveyards and its
    # toughness is equal to that number plus 1."
    ("Lhurgoyf", PowerToughnessFromCount(
        amount=GraveyardCount(graveyard="all", types_any=["Creature"]), toughness_plus=1)),
    # "... each equal to the number of creature cards in your graveyard."
    ("Boneyard Wurm", PowerToughnessFromCount(
        amount=GraveyardCount(graveyard="you", types_any=["Creature"]))),
    ("Revenant", PowerToughnessFromCount(
        amount=GraveyardCount(graveyard="you", types_any=["Creature"]))),
    # "... each equal to the number of instant cards in all graveyards."
    ("Cognivore", PowerToughnessFromCount(
        amount=GraveyardCount(graveyard="all", types_any=["Instant"]))),
    ("Terravore", PowerToughnessFromCount(
        amount=GraveyardCount(graveyard="all", types_any=["Land"]))),
    # "~'s power is equal to the number of instant and sorcery cards in your graveyard."
    ("Enigma Drake", PowerToughnessFromCount(amount=_INSTANT_SORCERY, toughness=False)),
    ("Haughty Djinn", PowerToughnessFromCount(amount=_INSTANT_SORCERY, toughness=False)),
    # "... each equal to the number of cards in all graveyards."
    ("Lord of Extinction", PowerToughnessFromCount(amount=GraveyardCount(graveyard="all"))),
    # "Fathomless descent — ~'s power is equal to the number of permanent cards in your
    # graveyard and its toughness is equal to that number plus 1."
    ("Souls of the Lost", PowerToughnessFromCount(amount=GraveyardCount(
        graveyard="you", types_any=["Artifact", "Battle", "Creature", "Enchantment", "Land",
                                    "Planeswalker"]), toughness_plus=1)),
])
def test_defined_power_and_toughness(name: str, expected: PowerToughnessFromCount) -> None:
    assert expected in effects(name)
    assert not [u for u in unmodelled(name) if "equal to" in u]


@pytest.mark.parametrize(("name", "text"), [
    # Cards in exile, drawn this turn, the chosen player's hand, "other" cards, subtypes
    # among cards: counts the board doesn't hold or the grammar doesn't read.
    ("Cosmogoyf", "Cosmogoyf's power is equal to the number of cards you own in exile and its "
                  "toughness is equal to that number plus 1."),
    ("Duelist of the Mind", "Duelist of the Mind's power is equal to the number of cards "
                            "you've drawn this turn."),
    ("Entropic Specter", "Entropic Specter's power and toughness are each equal to the number "
                         "of cards in the chosen player's hand."),
    ("Boneyard Mycodrax", "Boneyard Mycodrax's power and toughness are each equal to the "
                          "number of other creature cards in your graveyard."),
    ("Subgoyf", "Subgoyf's power and toughness are each equal to the number of different "
                "subtypes other than creature types among cards in all graveyards and its "
                "toughness is equal to that number plus 1."),
    ("Consuming Aberration", "Consuming Aberration's power and toughness are each equal to "
                             "the number of cards in your opponents' graveyards."),
    ("Roiling Horror", "Roiling Horror's power and toughness are each equal to your life "
                       "total minus the life total of an opponent with the most life."),
])
def test_counts_the_board_does_not_hold_stay_unmodelled(name: str, text: str) -> None:
    assert text in unmodelled(name)


def test_one_number_is_required() -> None:
    with pytest.raises(ValidationError, match="exactly one"):
        PowerToughnessFromCount()
    with pytest.raises(ValidationError, match="exactly one"):
        PowerToughnessFromCount(count=Selector(types=["Creature"]), amount="your_life")


# -- boards ----------------------------------------------------------------------------------


def _players(you: dict[str, Any], opp: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"name": "you", **you}, {"name": "opp", **opp}]


def _board(perms: list[dict[str, Any]], players: list[dict[str, Any]]) -> Board:
    """A board of ``perms`` (yours) with these players' hands, graveyards and life."""
    return load_board({**board_data(perms), "players": players})


def test_tarmogoyf_counts_card_types_in_all_graveyards() -> None:
    # Yours: Ornithopter (artifact creature: 2 types), Grizzly Bears (creature); opp's:
    # Lightning Bolt (instant), Forest (land): artifact, creature, instant, land = 4: a 4/5.
    b = _board([card("g", "Tarmogoyf")], _players(
        {"graveyard": ["Ornithopter", "Grizzly Bears"]},
        {"graveyard": ["Lightning Bolt", "Forest"]}))
    assert pt(b, "g") == (4, 5)


def test_empty_graveyards_leave_a_goyf_0_1() -> None:
    assert pt(board([card("g", "Tarmogoyf")]), "g") == (0, 1)


def test_nethergoyf_counts_only_its_controllers_graveyard() -> None:
    # Yours: Forest (land); opp's: Lightning Bolt: one card type: a 1/2.
    b = _board([card("n", "Nethergoyf")], _players(
        {"graveyard": ["Forest"]}, {"graveyard": ["Lightning Bolt"]}))
    assert pt(b, "n") == (1, 2)


def test_cards_of_a_type_in_all_graveyards() -> None:
    # Lhurgoyf: creature cards in all graveyards (2) / plus 1; Cognivore: instant cards (1).
    players = _players({"graveyard": ["Grizzly Bears", "Lightning Bolt"]},
                       {"graveyard": ["Ornithopter", "Forest"]})
    b = _board([card("l", "Lhurgoyf"), card("c", "Cognivore")], players)
    assert pt(b, "l") == (2, 3)
    assert pt(b, "c") == (1, 1)


def test_hand_and_life() -> None:
    # Maro: 3 cards in its controller's hand; Sylvan Yeti (*/4): power 3; Multani: 3 + 5;
    # Serra Avatar: its controller's life, 13.
    players = _players({"hand_size": 3, "life": 13}, {"hand_size": 5})
    b = _board([card("m", "Maro"), card("y", "Sylvan Yeti"),
                card("u", "Multani, Maro-Sorcerer"), card("s", "Serra Avatar")], players)
    assert pt(b, "m") == (3, 3)
    assert pt(b, "y") == (3, 4)
    assert pt(b, "u") == (8, 8)
    assert pt(b, "s") == (13, 13)


def test_counters_apply_on_top_of_the_defined_value() -> None:
    # CR 613.4c after 613.4a: Maro with 2 cards in hand and a +1/+1 counter is a 3/3.
    b = _board([card("m", "Maro", counters={"+1/+1": 1})], _players({"hand_size": 2}, {}))
    assert pt(b, "m") == (3, 3)


def test_a_goyf_deals_damage_from_the_graveyards() -> None:
    # Tarmogoyf attacks unblocked; graveyards hold creature, instant and sorcery cards: it is
    # a 3/4 and deals 3 (opp 20 -> 17).
    b = combat_board([card("g", "Tarmogoyf")], {"g": "opp"}, players=_players(
        {"graveyard": ["Grizzly Bears", "Lightning Bolt"]}, {"graveyard": ["Duress"]}))
    assert resolve_combat(b).life["opp"] == 17


def test_maro_blocks_as_big_as_its_controllers_hand() -> None:
    # Opp's Maro with 4 cards in opp's hand is a 4/4: it blocks a 3/3, takes 3 and survives,
    # and its 4 destroys the 3/3; with 2 cards it is a 2/2: it dies and the 3/3 survives.
    for hand, destroyed in ((4, ("a",)), (2, ("m",))):
        b = combat_board([creature("a", 3, 3), card("m", "Maro")], {"a": "opp"}, {"m": "a"},
                         players=_players({}, {"hand_size": hand}))
        assert resolve_combat(b).steps[-1].destroyed == destroyed


# -- devotion (CR 700.5) ---------------------------------------------------------------------


@pytest.mark.parametrize(("name", "expected"), [
    # "~'s power is equal to your devotion to red." (a */3)
    ("Anax, Hardened in the Forge", PowerToughnessFromCount(amount=Devotion(devotion="R"),
                                                            toughness=False)),
    ("Callaphe, Beloved of the Sea", PowerToughnessFromCount(amount=Devotion(devotion="U"),
                                                             toughness=False)),
    ("Renata, Called to the Hunt", PowerToughnessFromCount(amount=Devotion(devotion="G"),
                                                           toughness=False)),
    # "~'s toughness is equal to your devotion to white." (a 2/*)
    ("Daxos, Blessed by the Sun", PowerToughnessFromCount(amount=Devotion(devotion="W"),
                                                          power=False)),
    ("Tymaret, Chosen from Death", PowerToughnessFromCount(amount=Devotion(devotion="B"),
                                                           power=False)),
])
def test_devotion(name: str, expected: PowerToughnessFromCount) -> None:
    assert effects(name) == [expected]


def test_devotion_counts_hybrid_and_phyrexian_symbols_you_control() -> None:
    # Anax {1}{R}{R}: 2; Boros Reckoner {R/W}{R/W}{R/W}: 3; Rage Extractor {4}{R/P}: 1; opp's
    # Goblin Piker {1}{R} is not yours: devotion to red 6, Anax a 6/3. Daxos {W}{W} counts
    # the Reckoner's hybrid symbols too: 2 + 3, a 2/5.
    b = board([card("anax", "Anax, Hardened in the Forge"), card("r", "Boros Reckoner"),
               card("x", "Rage Extractor"), card("d", "Daxos, Blessed by the Sun"),
               card("g", "Goblin Piker", controller="opp")])
    assert pt(b, "anax") == (6, 3)
    assert pt(b, "d") == (2, 5)


def test_a_face_down_permanent_has_no_mana_cost() -> None:
    # CR 708.2: face down, Boros Reckoner has no mana cost: Anax counts only itself.
    b = board([card("anax", "Anax, Hardened in the Forge"),
               card("r", "Boros Reckoner", face_down=True)])
    assert pt(b, "anax") == (2, 3)
