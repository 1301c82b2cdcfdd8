"""Golden tests of the combat_trigger family: a creature's own attack or block triggers that
change it until end of turn, compiled to static effects that hold while it is attacking,
blocking or blocked (the selector's ``attacking``, ``blocking`` and ``blocked`` filters).
Expected effects are written from the printed text."""

from __future__ import annotations

from typing import Any

import pytest

from mtgcombat.board.characteristics import View
from mtgcombat.board.model import load_board
from mtgcombat.damage.combat import combat_at
from mtgcombat.damage.resolve import resolve_combat
from mtgcombat.legality.blocks import check_blocks
from mtgcombat.rules.effects import GrantKeywords, ModifyPowerToughness, Selector
from tests.helpers import combat_board as board
from tests.text_golden import compiled, effects, unmodelled

ATTACKING = Selector(which="self", attacking="any")
BLOCKING = Selector(which="self", blocking=True)
BLOCKED = Selector(which="self", blocked=True)


def pump(sel: Selector, power: int, toughness: int) -> ModifyPowerToughness:
    return ModifyPowerToughness(affects=sel, power=power, toughness=toughness)


@pytest.mark.parametrize(("name", "power", "toughness"), [
    ("Benalish Veteran", 1, 1),
    ("Borderland Marauder", 2, 0),
    ("Bramble Creeper", 5, 0),
    ("Cave People", 1, -2),
    ("Flowstone Charger", 3, -3),
])
def test_attacks_it_gets(name: str, power: int, toughness: int) -> None:
    """Text: "Whenever this creature attacks, it gets +N/+N until end of turn"."""
    assert pump(ATTACKING, power, toughness) in effects(name)


@pytest.mark.parametrize(("name", "power", "toughness"), [
    ("Folk of An-Havva", 2, 0),
    ("Fortress Cyclops", 0, 3),
    ("Giant Badger", 2, 2),
])
def test_blocks_it_gets(name: str, power: int, toughness: int) -> None:
    """Text: "Whenever this creature blocks, it gets +N/+N until end of turn"."""
    assert pump(BLOCKING, power, toughness) in effects(name)


@pytest.mark.parametrize(("name", "power", "toughness"), [
    ("Deeproot Warrior", 1, 1),
    ("Deepwood Wolverine", 2, 0),
    ("Ichorclaw Myr", 2, 2),
])
def test_becomes_blocked_it_gets(name: str, power: int, toughness: int) -> None:
    """Text: "Whenever this creature becomes blocked, it gets +N/+N until end of turn"."""
    assert pump(BLOCKED, power, toughness) in effects(name)


@pytest.mark.parametrize(("name", "power", "toughness"), [
    ("Chub Toad", 2, 2),
    ("Brushwagg", -2, 2),
    ("Dromosaur", 2, -2),
    ("Goblin Elite Infantry", -1, -1),
    ("Escaped Null", 5, 0),
    ("Jukai Trainee", 1, 1),
    ("Raging Gorilla", 2, -2),
    ("Slinking Giant", -3, 0),
])
def test_blocks_or_becomes_blocked(name: str, power: int, toughness: int) -> None:
    """"Whenever this creature blocks or becomes blocked, it gets ...": both events."""
    got = effects(name)
    assert pump(BLOCKING, power, toughness) in got and pump(BLOCKED, power, toughness) in got


def test_gets_and_gains() -> None:
    """Dwarven Berserker: "becomes blocked, it gets +3/+0 and gains trample"; Root Spider:
    "blocks, it gets +1/+0 and gains first strike"; Renegade Freighter: "attacks, it gets
    +1/+1 and gains trample"."""
    assert effects("Dwarven Berserker") == [
        pump(BLOCKED, 3, 0), GrantKeywords(affects=BLOCKED, keywords=["trample"])]
    assert effects("Root Spider") == [
        pump(BLOCKING, 1, 0), GrantKeywords(affects=BLOCKING, keywords=["first strike"])]
    assert pump(ATTACKING, 1, 1) in effects("Renegade Freighter")
    assert GrantKeywords(affects=ATTACKING, keywords=["trample"]) in effects("Renegade Freighter")


def test_gains_only() -> None:
    """Kagha, Shadow Archdruid: "Whenever Kagha attacks, it gains deathtouch until end of
    turn." (the short name before the comma is the card itself)."""
    assert GrantKeywords(affects=ATTACKING, keywords=["deathtouch"]) in effects(
        "Kagha, Shadow Archdruid")


def test_static_while_attacking() -> None:
    """"This creature has first strike / flying as long as it's attacking", "gets +1/+0 as long
    as it's attacking", "As long as this creature is attacking, it gets +2/+0"."""
    assert effects("Blood Petal Celebrant") == [
        GrantKeywords(affects=ATTACKING, keywords=["first strike"])]
    assert effects("Kitesail Corsair") == [GrantKeywords(affects=ATTACKING, keywords=["flying"])]
    assert effects("Grasping Scoundrel") == [pump(ATTACKING, 1, 0)]
    assert pump(ATTACKING, 2, 0) in effects("Adanto Vanguard")


def test_aura_while_attacking() -> None:
    """Tahngarth's Rage: "Enchanted creature gets +3/+0 as long as it's attacking." is
    modelled; its "Otherwise, it gets -2/-1." is not (so the card is reported)."""
    c = compiled("Tahngarth's Rage")
    attached_attacking = Selector(which="attached", attacking="any")
    assert pump(attached_attacking, 3, 0) in c.effects
    assert [u.text for u in c.unmodelled] == ["Otherwise, it gets -2/-1."]


@pytest.mark.parametrize(("name", "sentence"), [
    ("Johtull Wurm", "Whenever this creature becomes blocked, it gets -2/-1 until end of "
                     "turn for each creature blocking it beyond the first."),
    ("Plague Wight", "Whenever this creature becomes blocked, each creature blocking it gets "
                     "-1/-1 until end of turn."),
    ("Angelic Exaltation", "Whenever a creature you control attacks alone, it gets +X/+X "
                           "until end of turn, where X is the number of creatures you control."),
    ("Attack-in-the-Box", "Whenever this creature attacks, you may have it get +4/+0 until end "
                          "of turn."),
    ("Crimson Roc", "Whenever this creature blocks a creature without flying, this creature "
                    "gets +1/+0 and gains first strike until end of turn."),
    ("Lavakin Brawler", "Whenever this creature attacks, it gets +1/+0 until end of turn for "
                        "each Elemental you control."),
    ("Goring Ceratops", "Whenever this creature attacks, other creatures you control gain "
                        "double strike until end of turn."),
    ("Snow Devil", "Enchanted creature has first strike as long as it's blocking and you "
                   "control a snow land."),
    ("Elturel Survivors", "As long as this creature is attacking, it gets +X/+0, where X is "
                          "the number of lands defending player controls."),
    ("Talruum Champion", "Whenever this creature blocks or becomes blocked by a creature, "
                         "that creature loses first strike until end of turn."),
])
def test_near_misses_stay_unmodelled(name: str, sentence: str) -> None:
    """A count the board doesn't fix or beyond the first, a toughness lowered before damage,
    a count with a keyword, a removed ability, a condition, a choice, a target, or others
    affected: not modelled."""
    assert sentence in unmodelled(name)


# -- the filters, read from the board's attack and blocks ------------------------------------


def _card(pid: str, name: str, **state: Any) -> dict[str, Any]:
    return {"id": pid, "card": name, **state}


def test_attack_trigger_applies_once_attackers_are_declared() -> None:
    """Benalish Veteran (2/2) is 3/3 attacking, 2/2 otherwise (no ``attack`` yet)."""
    b = board([_card("v", "Benalish Veteran")], {"v": "opp"})
    o = View(b).objects["v"]
    assert (o.power, o.toughness) == (3, 3)
    before = View(b.model_copy(update={"attack": None, "blocks": None})).objects["v"]
    assert (before.power, before.toughness) == (2, 2)


def test_becomes_blocked_trigger_wins_the_fight() -> None:
    """Deeproot Warrior (2/2) blocked by the Bears is 3/3: it survives and kills them; not
    blocked it deals 2."""
    b = board([_card("d", "Deeproot Warrior"), _card("bears", "Grizzly Bears")],
              {"d": "opp"}, {"bears": "d"})
    assert resolve_combat(b).destroyed == ("bears",)
    unblocked = board([_card("d", "Deeproot Warrior")], {"d": "opp"})
    assert combat_at(unblocked).fighters["d"].power == 2


def test_block_trigger_only_for_the_blocker() -> None:
    """Folk of An-Havva (1/1) blocking is 3/1 and kills the Bears (both die); an attacking
    Folk of An-Havva is 1/1."""
    b = board([_card("bears", "Grizzly Bears"), _card("f", "Folk of An-Havva")],
              {"bears": "opp"}, {"f": "bears"})
    assert combat_at(b).fighters["f"].power == 3
    assert sorted(resolve_combat(b).destroyed) == ["bears", "f"]
    attacking = board([_card("f", "Folk of An-Havva"), _card("bears", "Grizzly Bears")],
                      {"f": "opp"}, {"bears": "f"})
    assert combat_at(attacking).fighters["f"].power == 1


def test_flying_while_attacking_restricts_blockers() -> None:
    """Kitesail Corsair has flying as it attacks, so the Bears can't block it (CR 702.9b)."""
    b = load_board({"active_player": "you", "players": [{"name": "you"}, {"name": "opp"}],
                    "permanents": [_card("k", "Kitesail Corsair", controller="you"),
                                   _card("bears", "Grizzly Bears", controller="opp")],
                    "attack": {"k": "opp"}})
    assert not check_blocks(b, {"bears": "k"}).legal
    assert check_blocks(b, {}).legal


def test_blocking_and_blocked_filters() -> None:
    """``blocking``: a blocker of the board's ``blocks``; ``blocked``: an attacker it names."""
    b = board([_card("a", "Grizzly Bears"), _card("u", "Grizzly Bears"),
               _card("x", "Grizzly Bears"), _card("idle", "Grizzly Bears")],
              {"a": "opp", "u": "opp"}, {"x": "a"})
    view = View(b)
    pick = {k: {o.id for o in view.select(s, None, "you")} for k, s in {
        "blocking": Selector(blocking=True), "not_blocking": Selector(blocking=False),
        "blocked": Selector(blocked=True), "not_blocked": Selector(blocked=False)}.items()}
    assert pick == {"blocking": {"x"}, "not_blocking": {"a", "u", "idle"},
                    "blocked": {"a"}, "not_blocked": {"u", "x", "idle"}}
