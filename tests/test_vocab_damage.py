"""The combat damage vocabulary: infect, wither, toxic (CR 702.90, 702.80, 702.164), damage
prevention (fogs, shields, protection of creatures and players: CR 615, 702.16), Doran's and
Thorn Elemental's assignment rules (510.1a, 510.1c), the regular step after a given first
step (510.4), and the poison and loyalty/defense objectives.

Every expected value is worked out by hand from the rules and card text in the docstrings.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mtgcombat import BoardError
from mtgcombat.cli.main import main
from mtgcombat.damage import check_after_first, check_damage, combat_at, resolve_combat
from mtgcombat.rules.protection import qualities, quality_matches
from tests.helpers import combat_board as board
from tests.helpers import creature

MODELS = Path(__file__).resolve().parent.parent / "models" / "damage"


def effect(name: str, controller: str, *effects: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "controller": controller, "effects": list(effects)}


# -- infect, wither, toxic ------------------------------------------------------------------


def test_infect_to_a_player_is_poison_not_life_and_lifelink_still_gains() -> None:
    """702.90b: infect damage to a player gives that many poison counters (no life loss);
    702.15b: the damage is still dealt, so lifelink gains 3."""
    b = board([creature("a", 3, 3, "infect", "lifelink")], {"a": "opp"})
    r = check_damage(b, {"a": {"opp": 3}}).result
    assert r is not None
    assert r.life == {"you": 23, "opp": 20} and r.poison == {"opp": 3}
    assert r.player_damage == 3


def test_toxic_adds_to_infect_and_counts_once_per_event() -> None:
    """702.164c: a player dealt combat damage by a toxic 2 creature also gets 2 poison; with
    infect 1 damage is 1 more poison: 3. Its 1 damage causes no life loss (infect)."""
    b = board([creature("a", 1, 1, "infect", "toxic 2")], {"a": "opp"})
    r = resolve_combat(b, "poison")
    assert r.poison == {"opp": 3} and r.life["opp"] == 20


def test_toxic_without_damage_gives_no_poison() -> None:
    """Toxic needs combat damage dealt: all of it prevented by a fog, no poison."""
    b = board([creature("a", 2, 2, "toxic 1")], {"a": "opp"},
              effects=[effect("Fog", "opp", {"kind": "prevent_combat_damage"})])
    r = resolve_combat(b)
    assert r.poison == {} and r.life["opp"] == 20


def test_wither_counters_shrink_power_for_the_regular_step() -> None:
    """A first-striking wither 1/1 blocker puts a -1/-1 counter on the 2/2 attacker in the
    first step; in the regular step the attacker (now 1/1) assigns 1, not 2 (510.1a, 510.4)."""
    b = board([creature("a", 2, 2), creature("w", 1, 1, "wither", "first strike")],
              {"a": "opp"}, {"w": "a"})
    ok = check_after_first(b, {}, {"a": {"w": 1}})
    assert ok.legal, ok.reason
    assert ok.first is not None and ok.first.result is not None
    assert ok.first.result.minus_counters == {"a": 1}
    assert not check_after_first(b, {}, {"a": {"w": 2}}).legal
    assert check_damage(b, {"a": {"w": 2}}, "regular").legal  # the board as the step begins


def test_infect_counters_and_damage_add_up_to_lethal() -> None:
    """A 3/3 blocked by an infect 1/1 and a 2/2: 1 counter (toughness 2) plus 2 damage marked
    is lethal (704.5g); the counter alone or the damage alone is not."""
    b = board([creature("a", 1, 3), creature("i", 1, 1, "infect"), creature("n", 2, 2)],
              {"a": "opp"}, {"i": "a", "n": "a"})
    r = check_damage(b, {"a": {"i": 1}}).result
    assert r is not None and "a" in r.destroyed and "i" in r.destroyed
    only = board([creature("a", 1, 3), creature("i", 1, 1, "infect")], {"a": "opp"},
                 {"i": "a"})
    r2 = check_damage(only, {"a": {"i": 1}}).result
    assert r2 is not None and "a" not in r2.destroyed and r2.minus_counters == {"a": 1}


# -- prevention -----------------------------------------------------------------------------


def test_shield_takes_deathtouch_damage_first() -> None:
    """615.7: the shield's controller chooses which simultaneous damage it prevents; a 5/5
    attacker with a 1-damage shield blocked by a deathtouch 1/1 and a 2/2 has the deathtouch
    damage prevented and survives with 2 marked."""
    b = board([creature("a", 5, 5, effects=[{"kind": "prevent_next_damage", "amount": 1}]),
               creature("d", 1, 1, "deathtouch"), creature("n", 2, 2)],
              {"a": "opp"}, {"d": "a", "n": "a"})
    r = check_damage(b, {"a": {"d": 1, "n": 4}}).result
    assert r is not None
    assert "a" not in r.destroyed and r.marked["a"] == 2
    assert sorted(r.destroyed) == ["d", "n"]


def test_shield_does_not_change_trample_lethal() -> None:
    """702.19b: lethal damage is judged on what is assigned, not what prevention will let
    through: a 3/3 trampler may put 2 on a 2/2 with a 2-damage shield and 1 on opp; the
    blocker then survives."""
    b = board([creature("t", 3, 3, "trample"),
               creature("w", 0, 2, effects=[{"kind": "prevent_next_damage", "amount": 2}])],
              {"t": "opp"}, {"w": "t"})
    v = check_damage(b, {"t": {"w": 2, "opp": 1}})
    assert v.legal and v.result is not None
    assert v.result.destroyed == () and v.result.life["opp"] == 19


def test_partial_fog_only_for_matching_sources() -> None:
    """"Prevent all combat damage that would be dealt by attacking creatures": the blocker's
    damage still kills the 2/2 attacker; the attacker's damage to the 2/2 blocker is
    prevented."""
    fog = {"kind": "prevent_combat_damage", "sources": {"attacking": "any"}}
    b = board([creature("a", 2, 2), creature("b", 2, 2)], {"a": "opp"}, {"b": "a"},
              effects=[effect("Deflection", "opp", fog)])
    r = resolve_combat(b, "kills")
    assert r.destroyed == ("a",) and r.kills == 0


def test_shield_needs_a_recipient_on_the_board() -> None:
    eff = {"kind": "prevent_next_damage", "amount": 2, "to": "nobody"}
    b = board([creature("a", 2, 2)], {"a": "opp"}, effects=[effect("Salve", "opp", eff)])
    with pytest.raises(BoardError, match="nobody"):
        combat_at(b)


def test_protection_qualities() -> None:
    """702.16a: protection from a colour, a creature type (plural as printed), creatures,
    everything."""
    assert qualities(["protection from demons and from dragons"]) == ("demons", "dragons")
    dragon = (frozenset({"R"}), frozenset({"Creature"}), frozenset({"Dragon"}))
    assert quality_matches("dragons", *dragon)
    assert quality_matches("red", *dragon) and not quality_matches("white", *dragon)
    assert quality_matches("creatures", *dragon) and quality_matches("everything", *dragon)
    assert not quality_matches("goblins", *dragon)


def test_protection_of_a_planeswalker_prevents_damage_to_it() -> None:
    """702.16e applies to any permanent: a planeswalker with protection from green takes no
    combat damage from a green attacker."""
    pw = {"id": "pw", "name": "Walker", "types": ["Planeswalker"], "loyalty": 3,
          "keywords": ["protection from green"]}
    b = board([creature("g", 3, 3, colors=["G"]), pw], {"g": "pw"})
    r = resolve_combat(b, "permanents")
    assert r.object_damage == 0 and r.steps[0].counters == {"pw": 3}


# -- Doran and Thorn Elemental ----------------------------------------------------------------


def test_doran_only_changes_the_creatures_it_affects() -> None:
    """An effect worded "creatures you control assign combat damage equal to their toughness"
    (High Alert) leaves the opponent's 3/1 assigning 3."""
    alert = {"kind": "assigns_damage_by_toughness", "affects": {"controller": "you"}}
    b = board([creature("wall", 0, 4), creature("o", 3, 1)], {"wall": "opp"}, {"o": "wall"},
              effects=[effect("High Alert", "you", alert)])
    r = resolve_combat(b, "kills")
    assert r.steps[0].assignment == {"wall": {"o": 4}, "o": {"wall": 3}}
    assert r.destroyed == ("o",)


def test_doran_reason_names_toughness() -> None:
    """The 0/5 Doran unblocked must assign 5 (its toughness); 1 is refused, naming it."""
    b = board([{"id": "doran", "card": "Doran, the Siege Tower"}], {"doran": "opp"})
    v = check_damage(b, {"doran": {"opp": 1}})
    assert not v.legal and "equal to its toughness (5)" in v.reason
    assert check_damage(b, {"doran": {"opp": 5}}).legal


def test_thorn_elemental_with_its_blocker_gone() -> None:
    """Blocked, its blocker removed from combat: it may still assign all 7 to opp as though
    unblocked, or assign nothing (510.1c)."""
    b = board([{"id": "thorn", "card": "Thorn Elemental"}, creature("w", 1, 1)],
              {"thorn": "opp"}, {"w": "thorn"}, removed_from_combat=["w"])
    assert check_damage(b, {"thorn": {"opp": 7}}).legal
    assert check_damage(b, {"thorn": {}}).legal
    assert not check_damage(b, {"thorn": {"opp": 3}}).legal
    assert resolve_combat(b).life["opp"] == 13


def test_thorn_elemental_with_trample_may_also_trample_over() -> None:
    """With trample too it has both choices: lethal to the 1/1 and 6 over (702.19b), or all
    7 to opp as though unblocked; maximising kills takes the first and still deals 6."""
    b = board([{"id": "thorn", "card": "Thorn Elemental", "keywords": ["trample"]},
               creature("w", 1, 1)], {"thorn": "opp"}, {"w": "thorn"})
    assert check_damage(b, {"thorn": {"w": 1, "opp": 6}}).legal
    assert check_damage(b, {"thorn": {"opp": 7}}).legal
    r = resolve_combat(b, "kills")
    assert r.kills == 1 and r.player_damage == 6


# -- objectives -------------------------------------------------------------------------------


def test_maximize_poison_tramples_infect_over() -> None:
    """A 3/3 infect trampler blocked by a 1/1: lethal 1 to the blocker, 2 poison to opp."""
    b = board([creature("t", 3, 3, "infect", "trample"), creature("w", 1, 1)],
              {"t": "opp"}, {"w": "t"})
    r = resolve_combat(b, "poison")
    assert r.poison == {"opp": 2} and r.kills == 1


def test_maximize_permanents_counts_loyalty_once_over_two_steps() -> None:
    """A 2/2 double striker attacking a 3-loyalty planeswalker: 2 then 1 loyalty removed
    (the second hit of 2 finds 1 loyalty left): 3 in all, not 4."""
    pw = {"id": "pw", "name": "Walker", "types": ["Planeswalker"], "loyalty": 3}
    b = board([creature("ds", 2, 2, "double strike"), pw], {"ds": "pw"})
    r = resolve_combat(b, "permanents")
    assert r.object_damage == 3


def test_maximize_permanents_prefers_the_planeswalker() -> None:
    """A 4/4 trampler attacking a 3-loyalty planeswalker, blocked by a 1/1: 1 to the blocker,
    3 to the planeswalker."""
    pw = {"id": "pw", "name": "Walker", "types": ["Planeswalker"], "loyalty": 3}
    b = board([creature("t", 4, 4, "trample"), creature("w", 1, 1), pw], {"t": "pw"},
              {"w": "t"})
    r = resolve_combat(b, "permanents")
    assert r.object_damage == 3 and r.steps[0].assignment["t"] == {"w": 1, "pw": 3}


def test_maximize_permanents_counts_battle_defense() -> None:
    """A 3/3 attacking a battle with defense 2 removes 2 defense (120.3h), not 3."""
    battle = {"id": "siege", "name": "Siege", "types": ["Battle"], "subtypes": ["Siege"],
              "defense": 2, "controller": "you", "protector": "opp"}
    b = board([creature("a", 3, 3), battle], {"a": "siege"})
    r = resolve_combat(b, "permanents")
    assert r.object_damage == 2 and r.steps[0].counters == {"siege": 0}


def test_player_protection_from_creatures() -> None:
    """A player with protection from creatures: combat damage from creatures to that player is
    prevented (702.16j); the blocked attacker's damage to the blocker is not."""
    prot = {"kind": "player_protection", "quality": "creatures"}
    b = board([creature("a", 2, 2), creature("c", 3, 3), creature("w", 0, 1)],
              {"a": "opp", "c": "opp"}, {"w": "c"},
              effects=[effect("Shelter", "opp", prot)])
    r = resolve_combat(b)
    assert r.player_damage == 0 and r.life["opp"] == 20 and r.destroyed == ("w",)


# -- trample over planeswalkers ---------------------------------------------------------------

JACE = {"id": "jace", "name": "Jace", "types": ["Planeswalker"], "loyalty": 3,
        "controller": "opp"}
TOP = "trample over planeswalkers"


def test_trample_over_planeswalkers_unblocked() -> None:
    """702.19c: an unblocked 7/7 attacking a 3-loyalty planeswalker may send 4 past it to its
    controller once 3 are on it; 2 on it is not enough; all 7 on it is allowed."""
    b = board([creature("t", 7, 7, TOP), dict(JACE)], {"t": "jace"})
    assert check_damage(b, {"t": {"jace": 3, "opp": 4}}).legal
    v = check_damage(b, {"t": {"jace": 2, "opp": 5}})
    assert not v.legal and "702.19c" in v.reason
    assert check_damage(b, {"t": {"jace": 7}}).legal
    r = resolve_combat(b)
    assert r.life["opp"] == 16 and r.object_damage == 3


def test_plain_trample_does_not_reach_the_controller() -> None:
    """702.19f: plain trample attacking a planeswalker assigns nothing to its controller."""
    b = board([creature("t", 9, 5, "trample"), dict(JACE)], {"t": "jace"})
    assert not check_damage(b, {"t": {"jace": 3, "opp": 6}}).legal
    assert resolve_combat(b).life["opp"] == 20


def test_trample_over_planeswalkers_blocked_needs_lethal_first() -> None:
    """702.19c: lethal to the 1/2 blocker first (2), then Jace's 3, then 2 to opp."""
    b = board([creature("t", 7, 7, TOP), creature("w", 1, 2), dict(JACE)], {"t": "jace"},
              {"w": "t"})
    assert check_damage(b, {"t": {"w": 2, "jace": 3, "opp": 2}}).legal
    assert not check_damage(b, {"t": {"w": 1, "jace": 3, "opp": 3}}).legal
    assert resolve_combat(b).life["opp"] == 18


def test_trample_over_planeswalkers_after_the_walker_is_gone() -> None:
    """702.19e: two 2/1 first strikers remove Jace's 3 loyalty in the first step; in the
    regular step the 7/7 assigns its 7 to Jace's controller."""
    b = board([creature("t", 7, 7, TOP), creature("f", 2, 1, "first strike"),
               creature("g", 2, 1, "first strike"), dict(JACE)],
              {"t": "jace", "f": "jace", "g": "jace"})
    r = resolve_combat(b)
    assert r.life["opp"] == 13 and r.steps[1].assignment == {"t": {"opp": 7}}
    assert check_after_first(b, {}, {"t": {"opp": 7}}).legal


# -- the regular step after a given first step ------------------------------------------------


def test_after_first_needs_a_first_step() -> None:
    b = board([creature("a", 2, 2)], {"a": "opp"})
    with pytest.raises(BoardError, match="no first combat damage step"):
        check_after_first(b, {}, {})


def test_after_first_destroyed_creature_assigns_nothing() -> None:
    """510.4: a creature destroyed in the first step deals no damage in the regular step."""
    b = board([creature("fs", 2, 2, "first strike"), creature("b", 3, 2)], {"fs": "opp"},
              {"b": "fs"})
    v = check_after_first(b, {}, {"b": {"fs": 3}})
    assert not v.legal and "destroyed in the first combat damage step" in v.reason
    assert check_after_first(b, {}, {}).legal


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_after_first(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(MODELS / "double_strike_after_first.json")
    code, out, _ = run(capsys, "damage", path, "--step", "regular", "--after-first",
                       "--first-assign", "ds2=wall2:2,opp:1", "--assign", "ds=wall:1,opp:2",
                       "--assign", "ds2=opp:3", "--json")
    data = json.loads(out)
    assert code == 0 and data["legal"] is True
    assert data["first_step"]["result"]["destroyed"] == ["wall2"]
    assert data["result"]["player_damage"] == 5
    code, _, err = run(capsys, "damage", path, "--step", "regular", "--after-first")
    assert code == 2 and "Twin Edge (ds2)" in err and "give its division" in err
    code, _, err = run(capsys, "damage", path, "--first-assign", "ds2=wall2:3")
    assert code == 2 and "--after-first" in err
    code, _, err = run(capsys, "damage", path, "--after-first")
    assert code == 2 and "--step regular" in err


def test_cli_maximize_poison(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(MODELS / "glistener_elf_infect_toxic.json")
    code, out, _ = run(capsys, "damage", path, "--resolve", "--maximize", "poison", "--json")
    data = json.loads(out)
    assert code == 0 and data["poison"] == {"opp": 1}
    code, out, _ = run(capsys, "damage", path, "--resolve", "--maximize", "poison")
    assert code == 0 and "1 poison counter(s)" in out and "-1/-1" in out


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.filterwarnings("ignore:Using `httpx`")
def test_http_after_first() -> None:
    """The HTTP check takes after_first and first_assignment like the CLI."""
    pytest.importorskip("httpx")
    from fastapi.testclient import TestClient

    from mtgcombat.server.app import create_app

    raw = json.loads((MODELS / "double_strike_after_first.json").read_text())
    with TestClient(create_app(time_limit=30), base_url="http://localhost") as c:
        r = c.post("/v1/damage/check", json={
            "board": raw, "step": "regular", "after_first": True,
            "first_assignment": {"ds2": {"wall2": 3}},
            "assignment": {"ds": {"wall": 1, "opp": 2}, "ds2": {"opp": 3}}})
        assert r.status_code == 200, r.text
        assert r.json()["legal"] is True and r.json()["first_step"]["legal"] is True
        r = c.post("/v1/damage/check", json={"board": raw, "step": "regular",
                                              "after_first": True})
        assert r.status_code == 422 and "ds2" in r.text
        r = c.post("/v1/damage/check", json={"board": raw, "first_assignment": {"ds": {}}})
        assert r.status_code == 422 and "after_first" in r.text


# -- flanking (CR 702.25) ----------------------------------------------------------------------


def test_flanking_shrinks_a_blocker_without_flanking() -> None:
    """702.25a: Bear Cub (2/2) blocking a 2/2 flanker becomes 1/1 before damage: the flanker
    takes 1 and survives, the Cub dies; a blocker with flanking is not shrunk."""
    b = board([creature("k", 2, 2, "flanking"), {"id": "cub", "card": "Bear Cub"}],
              {"k": "opp"}, {"cub": "k"})
    r = resolve_combat(b)
    assert tuple(r.destroyed) == ("cub",)
    b2 = board([creature("k", 2, 2, "flanking"), creature("f", 2, 2, "flanking")],
               {"k": "opp"}, {"f": "k"})
    assert sorted(resolve_combat(b2).destroyed) == ["f", "k"]  # 2 damage each way


def test_flanking_kills_a_one_toughness_blocker_and_the_attacker_stays_blocked() -> None:
    """A 1/1 blocker (a custom 0/0 with a +1/+1 counter: derived values) dies to the -1/-1
    before damage (704.5f), so combat damage destroys nothing; the flanker stays blocked
    (509.1h) and, without trample, deals no damage to the player."""
    b = board([creature("k", 3, 3, "flanking"),
               {"id": "g", "name": "g", "types": ["Creature"], "counters": {"+1/+1": 1}}],
              {"k": "opp"}, {"g": "k"})
    r = resolve_combat(b)
    assert r.life["opp"] == 20 and tuple(r.destroyed) == ()
