"""Cards with several abilities that resolve with lasting effects: the compiler lists each one
(printed order), a board's activation or top-level ``effects`` entry says which resolved
(``"ability": N``, from 1), and only that ability's effects apply.

Expected answers come from the cards' printed text and the combat damage rules (CR 510, first
strike 702.7), worked out by hand.
"""

from __future__ import annotations

import warnings
from typing import Any

import pytest
from pydantic import ValidationError

from mtgcombat.cli.schema import board_schema
from mtgcombat.damage import combat_at, resolve_combat
from mtgcombat.legality.attacks import legal_attacks
from mtgcombat.rules.catalog import Card, CardAbility, default_catalog, resolved_effects
from mtgcombat.rules.effects import GrantKeywords, ModifyPowerToughness, Selector
from mtgcombat.rules.text.compile import SPELL_LINES
from tests.helpers import board, board_data, card, combat_board, decls, pt, refused
from tests.text_golden import compiled

SELF = Selector(which="self")
TARGET_CREATURE = Selector(which="targets", types=["Creature"])
MINE = Selector(which="all", controller="you", types=["Creature"])








# -- the compiler -------------------------------------------------------------------------------


def test_order_of_leitbur_has_two_abilities_in_printed_order() -> None:
    """"{W}: This creature gains first strike until end of turn." then "{W}{W}: This creature
    gets +1/+0 until end of turn.": two abilities, nothing unmodelled, no single ``resolved``."""
    c = compiled("Order of Leitbur")
    assert not c.unmodelled and c.resolved == ()
    assert [(a.text, a.resolved) for a in c.abilities] == [
        ("{W}: This creature gains first strike until end of turn.",
         (GrantKeywords(affects=SELF, keywords=["first strike"]),)),
        ("{W}{W}: This creature gets +1/+0 until end of turn.",
         (ModifyPowerToughness(affects=SELF, power=1, toughness=0),)),
    ]


def test_morphling_keeps_each_of_its_four_lasting_abilities() -> None:
    """Morphling's untap ability has no lasting effect; flying, shroud, +1/-1 and -1/+1 do."""
    c = compiled("Morphling")
    assert not c.unmodelled
    assert [a.resolved for a in c.abilities] == [
        (GrantKeywords(affects=SELF, keywords=["flying"]),),
        (GrantKeywords(affects=SELF, keywords=["shroud"]),),
        (ModifyPowerToughness(affects=SELF, power=1, toughness=-1),),
        (ModifyPowerToughness(affects=SELF, power=-1, toughness=1),),
    ]


def test_steeling_stance_spell_and_forecast_are_two_abilities() -> None:
    """The spell ("Creatures you control get +1/+1") and its Forecast ability ("Target creature
    gets +1/+1") resolve separately; the ability's text drops its parenthesised reminder."""
    c = compiled("Steeling Stance")
    assert not c.unmodelled
    assert [(a.text, a.resolved) for a in c.abilities] == [
        ("Creatures you control get +1/+1 until end of turn.",
         (ModifyPowerToughness(affects=MINE, power=1, toughness=1),)),
        ("Forecast — {W}, Reveal this card from your hand: Target creature gets +1/+1 until end "
         "of turn.", (ModifyPowerToughness(affects=TARGET_CREATURE, power=1, toughness=1),)),
    ]


def test_a_spell_with_two_targeted_lines_stays_unmodelled() -> None:
    """Martial Glory: "Target creature gets +3/+0 ..." and "Target creature gets +0/+3 ..." are
    one spell with two targets; one ``targets`` list can't say which line took which, so both
    lines are reported, and neither becomes an ability to choose."""
    c = compiled("Martial Glory")
    assert c.abilities == () and c.resolved == ()
    assert [(u.text, u.reason) for u in c.unmodelled] == [
        ("Target creature gets +3/+0 until end of turn.", SPELL_LINES),
        ("Target creature gets +0/+3 until end of turn.", SPELL_LINES),
    ]


def test_a_card_with_one_lasting_ability_keeps_resolved() -> None:
    """Alluring Siren has one such ability: ``resolved``, no ``abilities``."""
    siren = default_catalog().get("Alluring Siren")
    assert siren.resolved and siren.abilities == []
    assert resolved_effects(siren, None) == siren.resolved == resolved_effects(siren, 1)


def test_corpus_card_carries_the_abilities() -> None:
    leitbur = default_catalog().get("Order of Leitbur")
    assert leitbur.origin == "corpus" and leitbur.resolved == [] and not leitbur.unmodelled
    assert [a.text[:4] for a in leitbur.abilities] == ["{W}:", "{W}{"]
    assert resolved_effects(leitbur, 2) == [ModifyPowerToughness(affects=SELF, power=1,
                                                                 toughness=0)]


def test_a_catalog_card_has_resolved_or_abilities_never_both() -> None:
    one = CardAbility(text="{R}: +1/+0.",
                      resolved=[ModifyPowerToughness(affects=SELF, power=1, toughness=0)])
    two = CardAbility(text="{W}: first strike.",
                      resolved=[GrantKeywords(affects=SELF, keywords=["first strike"])])
    assert len(Card(name="X", types=["Creature"], abilities=[one, two]).abilities) == 2
    with pytest.raises(ValidationError, match="not both"):
        Card(name="X", types=["Creature"], abilities=[one, two], resolved=one.resolved)
    with pytest.raises(ValidationError, match="written as 'resolved'"):
        Card(name="X", types=["Creature"], abilities=[one])
    with pytest.raises(ValidationError):
        CardAbility(text="{T}: nothing.", resolved=[])


# -- boards: which ability resolved ------------------------------------------------------------


def test_first_strike_from_the_first_ability_wins_the_fight() -> None:
    """Order of Leitbur (2/1) blocked by Grizzly Bears (2/2): with first strike (ability 1) it
    deals its 2 first, the Bears die before dealing damage (702.7b); without, both die."""
    def fight(*acts: dict[str, Any]) -> tuple[str, ...]:
        b = combat_board([card("o", "Order of Leitbur", activations=list(acts)),
                          card("bears", "Grizzly Bears")], {"o": "opp"}, {"bears": "o"})
        return tuple(sorted(resolve_combat(b).destroyed))

    assert fight({"ability": 1}) == ("bears",)
    assert fight({"ability": 2}) == ("bears", "o")  # 3/1: no first strike, trades
    assert fight() == ("bears", "o")


def test_each_activation_applies_its_own_ability() -> None:
    """Kjeldoran Knight (1/1): "{1}{W}: +1/+0" once and "{W}{W}: +0/+2" twice → 2/5."""
    acts = [{"ability": 1}, {"ability": 2}, {"ability": 2}]
    b = board([card("k", "Kjeldoran Knight", activations=acts)])
    assert pt(b, "k") == (2, 5)
    assert combat_at(combat_board([card("k", "Kjeldoran Knight", activations=acts)],
                                  {"k": "opp"})).fighters["k"].power == 2


def test_targeted_ability_gives_only_its_keyword() -> None:
    """Boros Guildmage: ability 1 gives a summoning-sick Grizzly Bears haste, so it may attack
    (CR 302.6); ability 2 gives first strike, which doesn't let it attack."""
    def attacks(ability: int) -> set[Any]:
        g = card("g", "Boros Guildmage", summoning_sick=True,
                 activations=[{"ability": ability, "targets": ["bears"]}])
        b = board([g, card("bears", "Grizzly Bears", summoning_sick=True)])
        return set(legal_attacks(b, assume_payable=True))

    assert attacks(1) == decls({}, {"bears": "opp"})
    assert attacks(2) == decls({})


def test_top_level_entry_says_which_ability_of_the_card_resolved() -> None:
    """Steeling Stance cast (ability 1): every creature you control gets +1/+1; its Forecast
    ability (ability 2) gives only its target +1/+1."""
    perms = [card("a", "Grizzly Bears"), card("b", "Grizzly Bears"),
             card("z", "Grizzly Bears", controller="opp")]
    spell = board([dict(p) for p in perms],
                  effects=[{"card": "Steeling Stance", "controller": "you", "ability": 1}])
    assert [pt(spell, i) for i in "abz"] == [(3, 3), (3, 3), (2, 2)]
    forecast = board([dict(p) for p in perms],
                     effects=[{"card": "Steeling Stance", "controller": "you", "ability": 2,
                               "targets": ["b"]}])
    assert [pt(forecast, i) for i in "abz"] == [(2, 2), (3, 3), (2, 2)]


def test_single_ability_card_accepts_ability_one() -> None:
    """Alluring Siren's one ability: ``"ability": 1`` means the same as no ``ability``."""
    def legal(act: dict[str, Any]) -> set[Any]:
        siren = card("s", "Alluring Siren", controller="opp", tapped=True, activations=[act])
        return set(legal_attacks(board([card("a", "Grizzly Bears"), siren]),
                                 assume_payable=True))

    assert legal({"targets": ["a"], "ability": 1}) == legal({"targets": ["a"]}) \
        == decls({"a": "opp"})


# -- boards: refused ----------------------------------------------------------------------------


def test_missing_ability_names_the_choices() -> None:
    msg = refused(board_data([card("o", "Order of Leitbur", activations=[{"x": 0}])]),
                   "$.permanents[0].activations[0]", "say which ability resolved")
    assert ('"ability": 1 ("{W}: This creature gains first strike until end of turn."), '
            '2 ("{W}{W}: This creature gets +1/+0 until end of turn.")') in msg


def test_an_integer_entry_cannot_say_which_ability() -> None:
    refused(board_data([card("o", "Order of Leitbur", activations=[{"ability": 1}, 0])]),
             "$.permanents[0].activations[1]", "an integer entry", '"ability": 1')


def test_out_of_range_ability_is_refused() -> None:
    refused(board_data([card("o", "Order of Leitbur", activations=[{"ability": 3}])]),
             "$.permanents[0].activations[0].ability", "2 abilities", "not 3")
    refused(board_data([card("o", "Order of Leitbur", activations=[{"ability": 0}])]),
             "$.permanents[0].activations[0].ability")


def test_ability_beyond_one_on_a_single_ability_card_is_refused() -> None:
    refused(board_data([card("s", "Alluring Siren", activations=[{"ability": 2}])]),
             "$.permanents[0].activations[0].ability", "must be 1 or absent")


def test_top_level_entry_without_ability_is_refused() -> None:
    refused(board_data([card("a", "Grizzly Bears")],
                   effects=[{"card": "Steeling Stance", "controller": "you"}]),
             "$.effects[0]", "say which ability resolved", '2 ("Forecast')
    refused(board_data([card("a", "Grizzly Bears")],
                   effects=[{"card": "Steeling Stance", "controller": "you", "ability": 5}]),
             "$.effects[0].ability", "not 5")
    refused(board_data([card("a", "Grizzly Bears")],
                   effects=[{"card": "Incite", "controller": "you", "ability": 2,
                             "targets": ["a"]}]),
             "$.effects[0].ability", "must be 1 or absent")


def test_the_schema_documents_ability() -> None:
    defs = board_schema()["$defs"]
    for model in ("Activation", "CardEffect"):
        assert {"maximum": 1000000, "minimum": 1, "type": "integer"} in \
            defs[model]["properties"]["ability"]["anyOf"], model
        described = " ".join(defs[model]["description"].split())
        assert "``ability``" in described and "from 1 in printed order" in described, model


@pytest.mark.filterwarnings("ignore::DeprecationWarning",
                            "ignore:Using `httpx`")
def test_card_search_shows_the_numbered_abilities() -> None:
    """``GET /v1/cards`` lists the abilities a board chooses between, in printed order."""
    pytest.importorskip("httpx")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # starlette: "install httpx2 instead"
        from fastapi.testclient import TestClient

    from mtgcombat.server.app import create_app

    client = TestClient(create_app(), base_url="http://127.0.0.1")
    got = client.get("/v1/cards", params={"q": "order of leitbur"}).json()
    leitbur = next(c for c in got["cards"] if c["name"] == "Order of Leitbur")
    assert leitbur["resolved"] == []
    assert [a["text"] for a in leitbur["abilities"]] == [
        "{W}: This creature gains first strike until end of turn.",
        "{W}{W}: This creature gets +1/+0 until end of turn."]
