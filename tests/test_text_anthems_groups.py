"""Static anthems of groups chosen by their state: tokens ("Creature tokens you control get
+1/+1", the board's ``token``), creatures with an Equipment or an Aura attached ("Equipped
creatures you control", "Creatures you control that are enchanted"), colourless creatures and
creatures with counters of a kind. Expected effects are written from the cards' printed text,
expected boards from the rules (CR 111.1: a token is not a card; CR 105.2c: a colourless
object has no colour)."""

from __future__ import annotations

from typing import Any

import pytest

from mtgcombat.board.characteristics import View
from mtgcombat.rules.effects import (
    Color,
    Effect,
    GrantKeywords,
    ModifyPowerToughness,
    Selector,
)
from mtgcombat.rules.text.phrases import selector

from .helpers import board, board_data, card, pt, refused
from .text_golden import effects, resolved, unmodelled

YOUR_TOKENS = Selector(controller="you", types=["Creature"], token=True)
WUBRG: list[Color] = ["B", "G", "R", "U", "W"]


def _bears(pid: str, **state: Any) -> dict[str, Any]:
    return card(pid, "Grizzly Bears", **state)  # a 2/2


# -- the compiler ----------------------------------------------------------------------------


@pytest.mark.parametrize(("phrase", "expected"), [
    ("creature tokens you control", YOUR_TOKENS),
    ("creature tokens", Selector(types=["Creature"], token=True)),
    ("nontoken creatures you control", Selector(controller="you", types=["Creature"],
                                                token=False)),
    ("equipped creatures you control", Selector(controller="you", types=["Creature"],
                                                has_attached="Equipment")),
    ("creatures you control that are enchanted", Selector(
        controller="you", types=["Creature"], has_attached="Aura")),
    ("other colorless creatures you control", Selector(
        which="others", controller="you", types=["Creature"], colors_none=WUBRG)),
    ("creatures you control with +1/+1 counters on them", Selector(
        controller="you", types=["Creature"], counter="+1/+1")),
])
def test_group_phrases(phrase: str, expected: Selector) -> None:
    assert selector(phrase) == expected


@pytest.mark.parametrize("phrase", ["the token", "the creature", "the Goblin"])
def test_the_with_a_singular_noun_is_a_back_reference_not_a_group(phrase: str) -> None:
    # "The token gains haste" means the one token just created, never every token.
    assert selector(phrase) is None


def test_singular_enchanted_creature_keeps_its_meaning() -> None:
    assert selector("enchanted creature") == Selector(which="attached")
    # "Enchanted creature you control" is no group of enchanted creatures.
    assert selector("enchanted creature you control") is None


@pytest.mark.parametrize(("name", "expected"), [
    # "Creature tokens you control get +1/+1 and have vigilance."
    ("Intangible Virtue", [ModifyPowerToughness(affects=YOUR_TOKENS, power=1, toughness=1),
                           GrantKeywords(affects=YOUR_TOKENS, keywords=["vigilance"])]),
    # "Creature tokens get -1/-1."
    ("Illness in the Ranks", [ModifyPowerToughness(
        affects=Selector(types=["Creature"], token=True), power=-1, toughness=-1)]),
    # "Nontoken creatures you control get +1/+1 and have vigilance."
    ("Always Watching", [
        ModifyPowerToughness(affects=Selector(controller="you", types=["Creature"],
                                              token=False), power=1, toughness=1),
        GrantKeywords(affects=Selector(controller="you", types=["Creature"], token=False),
                      keywords=["vigilance"])]),
    # "Enchanted creatures you control get +2/+2."
    ("A Tale for the Ages", [ModifyPowerToughness(
        affects=Selector(controller="you", types=["Creature"], has_attached="Aura"),
        power=2, toughness=2)]),
    # "Other colorless creatures you control get +1/+1."
    ("It That Heralds the End", [ModifyPowerToughness(
        affects=Selector(which="others", controller="you", types=["Creature"],
                         colors_none=WUBRG), power=1, toughness=1)]),
    # "Creatures you control with +1/+1 counters on them have trample."
    ("Training Regimen", [GrantKeywords(
        affects=Selector(controller="you", types=["Creature"], counter="+1/+1"),
        keywords=["trample"])]),
])
def test_group_anthems(name: str, expected: list[Any]) -> None:
    assert [e for e in effects(name) if e.kind in ("modify_pt", "grant_keywords")] == expected


def test_equipped_creatures_you_control_kemba() -> None:
    # "Equipped creatures you control get +1/+1."
    assert ModifyPowerToughness(
        affects=Selector(controller="you", types=["Creature"], has_attached="Equipment"),
        power=1, toughness=1) in effects("Kemba, Kha Enduring")


@pytest.mark.parametrize(("name", "part"), [
    ("Koll, the Forgemaster", "that are enchanted or equipped"),
    ("The Brewing Chef", "differently named token"),
    ("Runadi, Behemoth Caller", "three or more +1/+1 counters"),
    ("Nev, the Practical Dean", "with counters on them"),  # counters of any kind
])
def test_group_near_misses_stay_unmodelled(name: str, part: str) -> None:
    assert any(part in u for u in unmodelled(name)), unmodelled(name)


# -- boards ----------------------------------------------------------------------------------


def test_intangible_virtue_pumps_your_tokens_only() -> None:
    b = board([card("v", "Intangible Virtue"), _bears("t", token=True), _bears("c"),
               _bears("ot", token=True, controller="opp")])
    assert (pt(b, "t"), pt(b, "c"), pt(b, "ot")) == ((3, 3), (2, 2), (2, 2))
    assert "vigilance" in View(b).objects["t"].keywords
    assert "vigilance" not in View(b).objects["c"].keywords


def test_always_watching_skips_tokens() -> None:
    b = board([card("w", "Always Watching"), _bears("t", token=True), _bears("c")])
    assert (pt(b, "t"), pt(b, "c")) == ((2, 2), (3, 3))


def test_equipped_and_enchanted_creatures() -> None:
    # Kemba (2/2): equipped creatures you control get +1/+1; Bonesplitter gives +2/+0 too.
    b = board([card("k", "Kemba, Kha Enduring"), _bears("e"), _bears("n"),
               card("s", "Bonesplitter", attached_to="e")])
    assert (pt(b, "e"), pt(b, "n"), pt(b, "k")) == ((5, 3), (2, 2), (2, 2))
    # A Tale for the Ages: an Aura (anyone's) on your creature makes it enchanted.
    b = board([card("t", "A Tale for the Ages"), _bears("e"), _bears("n"),
               card("a", "Pacifism", attached_to="e", controller="opp")])
    assert (pt(b, "e"), pt(b, "n")) == ((4, 4), (2, 2))


def test_colorless_creatures() -> None:
    # It That Heralds the End: other colourless creatures you control get +1/+1.
    b = board([card("i", "It That Heralds the End"), card("o", "Ornithopter"), _bears("g")])
    assert (pt(b, "o"), pt(b, "g")) == ((1, 3), (2, 2))


def test_token_is_a_board_field() -> None:
    refused(board_data([_bears("t", token="yes")]), "$.permanents[0].token", "boolean")


# -- "an additional +N/+N", "also get": a change on top of another one ------------------------


def test_an_additional_change_adds_to_the_other() -> None:
    # Heavy Mattock: "Equipped creature gets +1/+1. As long as equipped creature is a Human, it
    # gets an additional +1/+1."
    attached = Selector(which="attached")
    assert effects("Heavy Mattock") == [
        ModifyPowerToughness(affects=attached, power=1, toughness=1),
        ModifyPowerToughness(affects=attached.model_copy(update={"subtypes_any": ["Human"]}),
                             power=1, toughness=1)]
    human = board([card("h", "Elite Vanguard"), card("m", "Heavy Mattock", attached_to="h")])
    bear = board([_bears("b"), card("m", "Heavy Mattock", attached_to="b")])
    assert (pt(human, "h"), pt(bear, "b")) == ((4, 3), (3, 3))  # Elite Vanguard: 2/1 Human


def test_also_get_is_one_more_change() -> None:
    # Jetmir: "Creatures you control get +1/+0 and have vigilance as long as you control three
    # or more creatures. Creatures you control also get +1/+0 and have trample as long as you
    # control six or more creatures. ..."
    b = board([card("j", "Jetmir, Nexus of Revels"), *(_bears(f"b{i}") for i in range(5))])
    v = View(b)
    assert pt(b, "b0") == (4, 2)
    assert {"vigilance", "trample"} <= v.objects["b0"].keywords
    assert "double strike" not in v.objects["b0"].keywords
    b = board([card("j", "Jetmir, Nexus of Revels"), *(_bears(f"b{i}") for i in range(4))])
    assert pt(b, "b0") == (3, 2)
    assert "trample" not in View(b).objects["b0"].keywords


# -- blocking creatures, either of two colours, multicolored ---------------------------------


BLOCKING_TARGET = Selector(which="targets", types=["Creature"], blocking=True)


@pytest.mark.parametrize(("phrase", "expected"), [
    ("target blocking creature", BLOCKING_TARGET),
    ("blocking creatures", Selector(types=["Creature"], blocking=True)),
    ("target blue or red creature", Selector(which="targets", types=["Creature"],
                                             colors_any=["R", "U"])),
    ("multicolored creatures you control", Selector(controller="you", types=["Creature"],
                                                    multicolored=True)),
])
def test_more_group_phrases(phrase: str, expected: Selector) -> None:
    assert selector(phrase) == expected


@pytest.mark.parametrize("phrase", [
    "target artifact or creature",  # card types: "or" isn't read (types are all of them)
    "target blue or Goblin creature",  # "or" between a colour and a subtype
])
def test_or_between_other_words_stays_unread(phrase: str) -> None:
    assert selector(phrase) is None


@pytest.mark.parametrize(("name", "expected"), [
    # Aliban's Tower: "{1}{R}, {T}, Sacrifice this artifact: Target blocking creature gets
    # +3/+1 until end of turn."
    ("Aliban's Tower", [ModifyPowerToughness(affects=BLOCKING_TARGET, power=3, toughness=1)]),
    # Righteousness: "Target blocking creature gets +7/+7 until end of turn."
    ("Righteousness", [ModifyPowerToughness(affects=BLOCKING_TARGET, power=7, toughness=7)]),
    # Rally: "Blocking creatures get +1/+1 until end of turn."
    ("Rally", [ModifyPowerToughness(affects=Selector(types=["Creature"], blocking=True),
                                    power=1, toughness=1)]),
    # Ambush: "Blocking creatures gain first strike until end of turn."
    ("Ambush", [GrantKeywords(affects=Selector(types=["Creature"], blocking=True),
                              keywords=["first strike"])]),
    # Hate Weaver: "{2}: Target blue or red creature gets +1/+0 until end of turn."
    ("Hate Weaver", [ModifyPowerToughness(affects=Selector(
        which="targets", types=["Creature"], colors_any=["R", "U"]), power=1, toughness=0)]),
    # Might Weaver: "{2}: Target red or white creature gains trample until end of turn."
    ("Might Weaver", [GrantKeywords(affects=Selector(
        which="targets", types=["Creature"], colors_any=["R", "W"]), keywords=["trample"])]),
    # Psychotic Fury: "Target multicolored creature gains double strike until end of turn.
    # Draw a card."
    ("Psychotic Fury", [GrantKeywords(affects=Selector(
        which="targets", types=["Creature"], multicolored=True), keywords=["double strike"])]),
])
def test_blocking_colour_and_multicolored_pumps(name: str, expected: list[Effect]) -> None:
    assert resolved(name) == expected


@pytest.mark.parametrize(("name", "expected"), [
    # Glass of the Guildpact: "Multicolored creatures you control get +1/+1."
    ("Glass of the Guildpact", [ModifyPowerToughness(affects=Selector(
        controller="you", types=["Creature"], multicolored=True), power=1, toughness=1)]),
    # Maze Glider: "Multicolored creatures you control have flying."
    ("Maze Glider", [GrantKeywords(affects=Selector(
        controller="you", types=["Creature"], multicolored=True), keywords=["flying"])]),
])
def test_multicolored_anthems(name: str, expected: list[Effect]) -> None:
    assert effects(name) == expected


def test_multicolored_anthem_on_the_board() -> None:
    # Glass of the Guildpact: Watchwolf (green and white, 3/3) gets +1/+1 (CR 105.4: two or
    # more colours); Grizzly Bears (green) doesn't.
    b = board([card("glass", "Glass of the Guildpact"), card("wolf", "Watchwolf"),
               _bears("bears")])
    assert (pt(b, "wolf"), pt(b, "bears")) == ((4, 4), (2, 2))


def test_rally_pumps_only_the_blockers() -> None:
    # Rally resolved during the declare-blockers step: the blocking bear is 3/3, the bear that
    # didn't block stays 2/2.
    b = board([card("att", "Grizzly Bears"), _bears("blocker", controller="opp"),
               _bears("idle", controller="opp")],
              attack={"att": "opp"}, blocks={"blocker": "att"},
              effects=[{"card": "Rally", "controller": "opp"}])
    assert (pt(b, "blocker"), pt(b, "idle"), pt(b, "att")) == ((3, 3), (2, 2), (2, 2))
