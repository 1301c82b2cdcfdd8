"""Modal spells and abilities (CR 700.2): the compiler keeps each mode of a "Choose ..." line
in printed order with how many may be chosen, a board's activation or top-level ``effects``
entry says which modes were chosen (``"modes": [N, ...]``, from 1), and only those modes'
effects apply.

Expected answers come from the cards' printed text and the rules (modes CR 700.2, double
strike 702.4, first strike 702.7, reach 702.17, flying 702.9), worked out by hand.
"""

from __future__ import annotations

import warnings
from typing import Any

import pytest
from pydantic import ValidationError

from mtgcombat.board.characteristics import View
from mtgcombat.board.unmodelled import board_unmodelled
from mtgcombat.cli.schema import board_schema
from mtgcombat.damage import resolve_combat
from mtgcombat.legality.blocks import legal_blocks
from mtgcombat.rules.catalog import (
    Card,
    CardAbility,
    CardMode,
    ModeChoice,
    default_catalog,
    resolved_effects,
)
from mtgcombat.rules.effects import Effect, GrantKeywords, ModifyPowerToughness, Selector
from mtgcombat.rules.text.compile import MODAL
from mtgcombat.rules.text.modes import Choice, choice
from tests.helpers import board, board_data, card, combat_board, pt, refused
from tests.text_golden import compiled

TARGET_CREATURE = Selector(which="targets", types=["Creature"])
MINE = Selector(which="all", controller="you", types=["Creature"])








def _spell(name: str, **entry: Any) -> dict[str, Any]:
    return {"card": name, "controller": "you", **entry}


# -- the compiler -------------------------------------------------------------------------------


def test_boros_charm_keeps_its_three_modes_in_printed_order() -> None:
    """"Choose one —": 4 damage to a player (nothing lasting), "Permanents you control gain
    indestructible until end of turn", "Target creature gains double strike until end of
    turn"."""
    c = compiled("Boros Charm")
    assert c.resolved == () and len(c.abilities) == 1
    (charm,) = c.abilities
    assert charm.text == "Choose one —" and charm.choice == Choice(1, 1)
    assert [(m.text, m.resolved) for m in charm.modes] == [
        ("Boros Charm deals 4 damage to target player or planeswalker.", ()),
        ("Permanents you control gain indestructible until end of turn.",
         (GrantKeywords(affects=Selector(controller="you"), keywords=["indestructible"]),)),
        ("Target creature gains double strike until end of turn.",
         (GrantKeywords(affects=TARGET_CREATURE, keywords=["double strike"]),)),
    ]
    assert c.unmodelled == ()


def test_choose_one_or_both_with_escalate() -> None:
    """Borrowed Hostility: "Escalate {3} ... Choose one or both — • Target creature gets +3/+0
    until end of turn. • Target creature gains first strike until end of turn.\""""
    c = compiled("Borrowed Hostility")
    assert not c.unmodelled and c.resolved == ()
    (ability,) = c.abilities
    assert ability.choice == Choice(1, 2)
    assert [m.resolved for m in ability.modes] == [
        (ModifyPowerToughness(affects=TARGET_CREATURE, power=3, toughness=0),),
        (GrantKeywords(affects=TARGET_CREATURE, keywords=["first strike"]),),
    ]


def test_choose_two_command() -> None:
    """Atarka's Command: "Choose two —" of four; only the fourth ("Creatures you control get
    +1/+1 and gain reach until end of turn") lasts."""
    (ability,) = compiled("Atarka's Command").abilities
    assert ability.choice == Choice(2, 2) and len(ability.modes) == 4
    assert [m.resolved for m in ability.modes[:3]] == [(), (), ()]
    assert ability.modes[3].resolved == (
        ModifyPowerToughness(affects=MINE, power=1, toughness=1),
        GrantKeywords(affects=MINE, keywords=["reach"]))


def test_the_same_mode_more_than_once() -> None:
    """Cabaretti Confluence: "Choose three. You may choose the same mode more than once."."""
    (ability,) = compiled("Cabaretti Confluence").abilities
    assert ability.choice == Choice(3, 3, repeat=True) and len(ability.modes) == 3
    player = Selector(which="all", controller="targeted_player", types=["Creature"])
    assert ability.modes[2].resolved == (
        ModifyPowerToughness(affects=player, power=1, toughness=1),
        GrantKeywords(affects=player, keywords=["first strike"]))


def test_modal_triggered_and_activated_abilities() -> None:
    """Glissa's "At the beginning of combat on your turn, choose one —" and Umezawa's Jitte's
    "Remove a charge counter from Umezawa's Jitte: Choose one —" are modal abilities too."""
    (glissa,) = compiled("Glissa, Herald of Predation").abilities
    assert glissa.text == "At the beginning of combat on your turn, choose one —"
    phyrexians = Selector(which="all", controller="you", subtypes_any=["Phyrexian"])
    assert [m.resolved for m in glissa.modes] == [
        (), (), (GrantKeywords(affects=phyrexians, keywords=["first strike", "deathtouch"]),)]
    jitte = compiled("Umezawa's Jitte")
    (ability,) = jitte.abilities
    assert ability.text.startswith("Remove a charge counter") and ability.choice == Choice(1, 1)
    assert ability.modes[1].resolved == (
        ModifyPowerToughness(affects=TARGET_CREATURE, power=-1, toughness=-1),)


def test_a_condition_that_allows_both() -> None:
    """Akroma's Will: "Choose one. If you control a commander as you cast this spell, you may
    choose both instead." -- one or both."""
    (ability,) = compiled("Akroma's Will").abilities
    assert ability.choice == Choice(1, 2)


def test_spree_modes_are_its_plus_lines() -> None:
    """Rustler Rampage: "Spree (Choose one or more additional costs.)", then "+ {1} — Untap all
    creatures target player controls." and "+ {1} — Target creature gains double strike until
    end of turn.": one or both modes; the mode keeps its cost in its text."""
    c = compiled("Rustler Rampage")
    assert not c.unmodelled and c.resolved == ()
    (spree,) = c.abilities
    assert spree.text == "Spree" and spree.choice == Choice(1, 2)
    assert [(m.text, m.resolved) for m in spree.modes] == [
        ("+ {1} — Untap all creatures target player controls.", ()),
        ("+ {1} — Target creature gains double strike until end of turn.",
         (GrantKeywords(affects=TARGET_CREATURE, keywords=["double strike"]),)),
    ]


@pytest.mark.parametrize(("head", "modes", "expected"), [
    ("Choose one —", 3, Choice(1, 1)),
    ("When this creature enters, choose up to one —", 2, Choice(0, 1)),
    ("Choose one or more —", 4, Choice(1, 4)),
    ("{2}, {T}: Choose one. Activate only as a sorcery.", 2, Choice(1, 1)),
    ("Choose one. If this spell was kicked, choose any number instead.", 3, None),
    ("Choose X. You may choose the same mode more than once.", 3, None),
    ("Whenever you scry, choose one and this creature gets +1/+1 until end of turn.", 2, None),
    ("Choose two —", 1, None),
])
def test_how_many_modes_may_be_chosen(head: str, modes: int, expected: Choice | None) -> None:
    assert choice(head, modes) == expected


def test_a_count_the_board_cannot_say_stays_unmodelled() -> None:
    """Hawkeye's "you may pay {1} up to three times. When you do, choose up to that many.":
    how many modes is a payment the board doesn't record, so its modes stay reported."""
    c = compiled("Hawkeye, Master Marksman")
    assert c.abilities == ()
    assert [(u.text, u.reason) for u in c.unmodelled] == [
        ("Net — Target creature can't block this turn.", MODAL)]


def test_a_sieges_choice_is_not_a_mode_list() -> None:
    """Citadel Siege's "choose Khans or Dragons" picks a static ability, not modes that
    resolve: no modal ability."""
    assert compiled("Citadel Siege").abilities == ()


# -- the catalog ---------------------------------------------------------------------------------


def test_the_catalog_card_carries_modes_and_choice() -> None:
    charm = default_catalog().get("Boros Charm")
    assert charm.resolves and charm.resolved == []
    (ability,) = charm.abilities
    assert ability.choose == ModeChoice(min=1, max=1) and len(ability.modes) == 3
    assert resolved_effects(charm, None, [3]) == resolved_effects(charm, 1, [3]) == [
        GrantKeywords(affects=TARGET_CREATURE, keywords=["double strike"])]
    assert resolved_effects(charm, None, [1]) == []


def test_chosen_modes_apply_in_printed_order() -> None:
    """The chosen modes are followed in printed order, a mode chosen twice twice (CR 700.2d)."""
    one: list[Effect] = [ModifyPowerToughness(affects=MINE, power=1, toughness=0)]
    two: list[Effect] = [GrantKeywords(affects=MINE, keywords=["reach"])]
    c = Card(name="X", types=["Sorcery"], abilities=[CardAbility(
        text="Choose three. You may choose the same mode more than once.",
        modes=[CardMode(text="a", resolved=one), CardMode(text="b", resolved=two)],
        choose=ModeChoice(min=3, max=3, repeat=True))])
    assert resolved_effects(c, None, [2, 1, 2]) == [*one, *two, *two]


def test_catalog_validation_of_modes() -> None:
    reach: list[Effect] = [GrantKeywords(affects=MINE, keywords=["reach"])]
    mode = CardMode(text="a", resolved=reach)
    assert CardAbility(text="Choose one —", modes=[mode, mode],
                       choose=ModeChoice(min=1, max=1)).modes
    with pytest.raises(ValidationError, match="both 'modes' and 'choose'"):
        CardAbility(text="Choose one —", modes=[mode, mode])
    with pytest.raises(ValidationError, match="doesn't fit 2 modes"):
        CardAbility(text="Choose three —", modes=[mode, mode], choose=ModeChoice(min=3, max=3))
    with pytest.raises(ValidationError, match="doesn't fit 1 modes"):
        CardAbility(text="Choose one —", modes=[mode], choose=ModeChoice(min=1, max=1))
    with pytest.raises(ValidationError, match="'resolved' effects or its 'modes'"):
        CardAbility(text="Choose one —")
    plain = CardAbility(text="{R}: +1/+0.", resolved=mode.resolved)
    with pytest.raises(ValidationError, match="written as 'resolved'"):
        Card(name="X", types=["Creature"], abilities=[plain])


# -- boards: the chosen mode decides ------------------------------------------------------------


def test_boros_charm_double_strike_doubles_the_damage() -> None:
    """An unblocked Grizzly Bears (2/2): with mode 3 it has double strike and deals combat
    damage in both steps, 4 in all (CR 702.4b); mode 1's 4 damage to a player is not combat
    damage and doesn't last, so the Bears deal 2."""
    def damage(**entry: Any) -> int:
        b = combat_board([card("bears", "Grizzly Bears")], {"bears": "opp"},
                         effects=[_spell("Boros Charm", **entry)])
        return resolve_combat(b).player_damage

    assert damage(modes=[3], targets=["bears"]) == 4
    assert damage(modes=[1], targets=["opp"]) == 2


def test_breeches_mode_decides_whether_the_bears_can_block() -> None:
    """Breeches attacks; its trigger's second mode ("Target creature can't block this turn")
    on the opponent's Grizzly Bears leaves no block; the first (a Treasure) leaves it free."""
    def blocks(mode: int) -> list[dict[str, Any]]:
        breeches = card("br", "Breeches, Eager Pillager",
                        activations=[{"modes": [mode], "targets": ["bears"]}])
        b = combat_board([breeches, card("bears", "Grizzly Bears")], {"br": "opp"})
        return [d.to_json() for d in legal_blocks(b)]

    assert blocks(2) == [{}]
    assert blocks(1) == [{}, {"bears": "br"}]


def test_atarkas_command_reach_lets_the_bears_block_a_flier() -> None:
    """Serra Angel (flying) attacks; the defender's Atarka's Command with mode 4 gives their
    Grizzly Bears +1/+1 and reach, so they may block it (702.9b, 702.17b); modes 1 and 2
    don't."""
    def blocks(modes: list[int]) -> list[dict[str, Any]]:
        b = combat_board([card("angel", "Serra Angel"), card("bears", "Grizzly Bears")],
                         {"angel": "opp"},
                         effects=[{"card": "Atarka's Command", "controller": "opp",
                                   "modes": modes}])
        return [d.to_json() for d in legal_blocks(b)]

    assert blocks([1, 4]) == [{}, {"bears": "angel"}]
    assert blocks([1, 2]) == [{}]


def test_borrowed_hostility_one_or_both_modes() -> None:
    """Grizzly Bears (2/2) blocked by Hill Giant (3/3): +3/+0 alone trades (5 and 3 damage);
    first strike alone deals 2 first and the Bears die; both: 5 first-strike damage kills the
    Giant before it deals damage (702.7b)."""
    def destroyed(modes: list[int]) -> tuple[str, ...]:
        b = combat_board([card("bears", "Grizzly Bears"), card("giant", "Hill Giant")],
                         {"bears": "opp"}, {"giant": "bears"},
                         effects=[_spell("Borrowed Hostility", modes=modes,
                                         targets=["bears"])])
        return tuple(sorted(resolve_combat(b).destroyed))

    assert destroyed([1]) == ("bears", "giant")
    assert destroyed([2]) == ("bears",)
    assert destroyed([1, 2]) == ("giant",)


def test_a_mode_chosen_three_times_applies_three_times() -> None:
    """Cabaretti Confluence, mode 3 three times on you: your Bears get +3/+3 and first strike;
    the opponent's are unchanged."""
    b = board([card("a", "Grizzly Bears"), card("z", "Grizzly Bears", controller="opp")],
              effects=[_spell("Cabaretti Confluence", modes=[3, 3, 3], targets=["you"])])
    assert pt(b, "a") == (5, 5) and pt(b, "z") == (2, 2)
    assert "first strike" in View(b).objects["a"].keywords


def test_modal_activation_and_trigger_on_a_permanent() -> None:
    """Umezawa's Jitte's mode 2 gives its target -1/-1; Glissa's trigger with mode 3 gives
    Phyrexians you control (Glissa itself) first strike and deathtouch."""
    b = board([card("j", "Umezawa's Jitte", activations=[{"modes": [2], "targets": ["z"]}]),
               card("z", "Grizzly Bears", controller="opp"),
               card("g", "Glissa, Herald of Predation", activations=[{"modes": [3]}])])
    assert pt(b, "z") == (1, 1)
    assert {"first strike", "deathtouch"} <= View(b).objects["g"].keywords
    unchosen = board([card("g", "Glissa, Herald of Predation", activations=[{"modes": [1]}])])
    assert "first strike" not in View(unchosen).objects["g"].keywords


def test_only_the_chosen_modes_unmodelled_text_is_reported() -> None:
    """Azorius Charm's mode 3 ("Put target attacking or blocking creature on top of its owner's
    library.") is not modelled: a board that chose mode 1 ignores nothing; one that chose mode
    3 says what it ignores."""
    def ignored(mode: int) -> list[str]:
        b = board([card("a", "Grizzly Bears")],
                  effects=[_spell("Azorius Charm", modes=[mode], targets=["a"])])
        return [u.text for u in board_unmodelled(b)]

    assert ignored(1) == []
    assert ignored(3) == [
        "Put target attacking or blocking creature on top of its owner's library."]


# -- boards: refused ----------------------------------------------------------------------------


def test_missing_modes_names_the_choices() -> None:
    msg = refused(board_data([card("a", "Grizzly Bears")], effects=[_spell("Boros Charm")]),
                   "$.effects[0]", "say which modes were chosen", "exactly 1")
    assert '3 ("Target creature gains double strike until end of turn.")' in msg
    refused(board_data([card("j", "Umezawa's Jitte", activations=[{"x": 0}])]),
             "$.permanents[0].activations[0]", "say which modes", '2 ("Target creature gets')


def test_an_integer_activation_cannot_say_modes() -> None:
    refused(board_data([card("j", "Umezawa's Jitte", activations=[0])]),
             "$.permanents[0].activations[0]", "an integer entry", '"modes": [1]')


def test_too_many_or_too_few_modes() -> None:
    refused(board_data([], effects=[_spell("Boros Charm", modes=[1, 3])]),
             "$.effects[0].modes", "exactly 1, not 2")
    refused(board_data([], effects=[_spell("Boros Charm", modes=[])]),
             "$.effects[0].modes", "exactly 1, not 0")
    refused(board_data([], effects=[_spell("Atarka's Command", modes=[4])]),
             "$.effects[0].modes", "exactly 2, not 1")
    refused(board_data([], effects=[_spell("Cabaretti Confluence", modes=[3, 3],
                                       targets=["you"])]),
             "$.effects[0].modes", "exactly 3", "more than once if you like")


def test_out_of_range_and_duplicate_modes() -> None:
    refused(board_data([], effects=[_spell("Boros Charm", modes=[4])]),
             "$.effects[0].modes[0]", "3 modes, not 4")
    refused(board_data([], effects=[_spell("Boros Charm", modes=[0])]),
             "$.effects[0].modes[0]")
    refused(board_data([], effects=[_spell("Atarka's Command", modes=[4, 4])]),
             "$.effects[0].modes[1]", "mode 4 is chosen twice", "CR 700.2d")


def test_modes_on_an_ability_that_has_none() -> None:
    refused(board_data([card("a", "Grizzly Bears")],
                   effects=[_spell("Incite", modes=[1], targets=["a"])]),
             "$.effects[0].modes", "has no modes")


def test_two_targeted_modes_cannot_share_several_targets() -> None:
    """Borrowed Hostility with both modes and two targets: which creature got +3/+0 and which
    first strike is not recorded, so the board is refused; with one target both modes apply to
    it."""
    perms = [card("a", "Grizzly Bears"), card("b", "Grizzly Bears")]
    refused(board_data([dict(p) for p in perms],
                   effects=[_spell("Borrowed Hostility", modes=[1, 2], targets=["a", "b"])]),
             "$.effects[0].modes", "modes 1, 2", "which mode took which target")
    b = board([dict(p) for p in perms],
              effects=[_spell("Borrowed Hostility", modes=[1, 2], targets=["a"])])
    assert pt(b, "a") == (5, 2) and "first strike" in View(b).objects["a"].keywords


# -- the schema and the card search -------------------------------------------------------------


def test_the_schema_documents_modes() -> None:
    defs = board_schema()["$defs"]
    for model in ("Activation", "CardEffect"):
        assert "modes" in defs[model]["properties"], model
        described = " ".join(defs[model]["description"].split())
        assert "``modes``" in described, model


@pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore:Using `httpx`")
def test_card_search_shows_the_modes() -> None:
    pytest.importorskip("httpx")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient

    from mtgcombat.server.app import create_app

    client = TestClient(create_app(), base_url="http://127.0.0.1")
    got = client.get("/v1/cards", params={"q": "boros charm"}).json()
    charm = next(c for c in got["cards"] if c["name"] == "Boros Charm")
    (ability,) = charm["abilities"]
    assert ability["choose"] == {"min": 1, "max": 1}
    assert [m["text"][:6] for m in ability["modes"]] == ["Boros ", "Perman", "Target"]
