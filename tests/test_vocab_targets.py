"""Targeted effects from resolved spells and activated abilities, Curses on players, "attack a
player other than you", and what happened earlier this turn (``this_turn``).

Every expected answer comes from the card's Oracle text and CR 508.1c-d (a declaration must
obey the most requirements it can without breaking a restriction), worked out by hand.
"""

from __future__ import annotations

from typing import Any

import pytest

from mtgcombat import BoardError, default_catalog, load_board
from mtgcombat.board.model import Board
from mtgcombat.legality.attacks import check, legal_attacks
from mtgcombat.legality.blocks import check_blocks
from mtgcombat.rules.effects import EFFECT_ROLES
from tests.helpers import card, custom, decls


def _board(perms: list[dict[str, Any]], players: tuple[str, ...] = ("you", "opp"),
           **top: Any) -> Board:
    """A board where ``players[0]`` is active; permanents default to that player."""
    for p in perms:
        p.setdefault("controller", players[0])
    return load_board({"active_player": players[0],
                       "players": [{"name": n} for n in players],
                       "permanents": perms, **top})


def _legal(board: Board) -> set[Any]:
    return set(legal_attacks(board, assume_payable=True))


def _refused(data: dict[str, Any], path: str, *words: str) -> None:
    with pytest.raises(BoardError) as info:
        load_board(data)
    assert info.value.path == path, info.value
    for w in words:
        assert w.lower() in info.value.message.lower(), (w, info.value.message)


def _data(perms: list[dict[str, Any]], **top: Any) -> dict[str, Any]:
    for p in perms:
        p.setdefault("controller", "you")
    return {"active_player": "you", "players": [{"name": "you"}, {"name": "opp"}],
            "permanents": perms, **top}


# -- gap 1: targets -----------------------------------------------------------------------------


def test_resolved_effects_are_combat_effects() -> None:
    """What a spell or ability leaves behind is compiled, never applied by the characteristics
    view: only attack and block effects may be ``resolved``."""
    catalog = default_catalog()
    with_resolved = [catalog.get(n) for n in catalog.names() if catalog.get(n).resolved]
    assert len(with_resolved) >= 7
    for c in with_resolved:
        assert {EFFECT_ROLES[e.kind] for e in c.resolved} <= {"attack", "block"}, c.name


def test_incite_makes_only_its_target_attack() -> None:
    """Incite: "Target creature ... attacks this turn if able." The other creature may stay."""
    board = _board([card("a", "Grizzly Bears"), card("b", "Bear Cub")],
                   effects=[{"card": "Incite", "controller": "opp", "targets": ["a"]}])
    assert _legal(board) == decls({"a": "opp"}, {"a": "opp", "b": "opp"})
    verdict = check(board, {})
    assert not verdict.legal and any("Incite" in w for w in verdict.witness_obeys)


def test_alluring_siren_activation_attacks_the_sirens_controller() -> None:
    """Alluring Siren: "attacks you": with two opponents, only attacking the Siren's controller
    obeys the requirement."""
    siren = card("s", "Alluring Siren", controller="opp", tapped=True,
                 activations=[{"targets": ["a"]}])
    board = _board([card("a", "Grizzly Bears"), siren], players=("you", "opp", "carol"))
    assert _legal(board) == decls({"a": "opp"})
    assert not check(board, {"a": "carol"}).legal


def test_siren_ability_recorded_after_the_siren_left() -> None:
    """The ability lasts the turn even if the Siren is gone: a top-level card entry."""
    board = _board([card("a", "Grizzly Bears")], players=("you", "opp", "carol"),
                   effects=[{"card": "Alluring Siren", "controller": "carol",
                             "targets": ["a"]}])
    assert _legal(board) == decls({"a": "carol"})


def test_two_activations_each_bring_their_own_target() -> None:
    """Two resolved activations (the Siren untapped in between) require both targets."""
    siren = card("s", "Alluring Siren", controller="opp",
                 activations=[{"targets": ["a"]}, {"targets": ["b"]}])
    board = _board([card("a", "Grizzly Bears"), card("b", "Bear Cub"), siren])
    assert _legal(board) == decls({"a": "opp", "b": "opp"})


def test_bullwhip_damage_is_state_and_the_requirement_holds() -> None:
    whip = card("w", "Bullwhip", controller="opp", tapped=True,
                activations=[{"x": 0, "targets": ["a"]}])
    board = _board([card("a", "Grizzly Bears", damage=1), whip])
    assert _legal(board) == decls({"a": "opp"})


def test_goblin_diplomats_each_creature_only_when_activated() -> None:
    """"{T}: Each creature attacks this turn if able." The Diplomats are tapped by the cost,
    so they can't attack; every other creature of the active player must."""
    perms = [card("d", "Goblin Diplomats", tapped=True, activations=[0]),
             card("a", "Grizzly Bears"), card("b", "Bear Cub")]
    assert _legal(_board(perms)) == decls({"a": "opp", "b": "opp"})
    quiet = [card("d", "Goblin Diplomats"), card("a", "Grizzly Bears")]
    assert decls({}) <= _legal(_board(quiet))


def test_endbringer_target_cant_attack_or_block() -> None:
    """"Target creature can't attack or block this turn.": the target can't attack..."""
    end = card("e", "Endbringer", controller="opp", tapped=True, activations=[{"targets": ["a"]}])
    board = _board([card("a", "Grizzly Bears"), card("b", "Bear Cub"), end])
    assert _legal(board) == decls({}, {"b": "opp"})
    # ... and can't block: opp attacks with the Endbringer's other target's controller's view.
    blocker = card("h", "Grizzly Bears", controller="opp")
    end2 = card("e", "Endbringer", activations=[{"targets": ["h"]}])
    attack_board = _board([card("g", "Bear Cub"), end2, blocker], attack={"g": "opp"})
    assert not check_blocks(attack_board, {"h": "g"}).legal
    assert check_blocks(attack_board, {}).legal


def test_board_effect_with_targets_and_custom_selector() -> None:
    """A named top-level effect may carry targets for ``which: "targets"``."""
    eff = {"name": "Resolved: target creature can't attack", "controller": "opp",
           "targets": ["b"], "effects": [{"kind": "cant_attack",
                                           "affects": {"which": "targets"}}]}
    board = _board([card("a", "Grizzly Bears"), card("b", "Bear Cub")], effects=[eff])
    assert _legal(board) == decls({}, {"a": "opp"})


def test_activation_x_objects_keep_war_tax_working() -> None:
    """War Tax activations as objects: {"x": 1} costs {1} per creature as the integer did."""
    tax = card("t", "War Tax", controller="opp", activations=[{"x": 1}, 2])
    board = _board([card("a", "Grizzly Bears"), tax])
    from mtgcombat.compile.attacks import compile_board
    costs = compile_board(board).costs
    assert sorted(str(c.cost.mana) for c in costs) == ["{1}", "{2}"]


def test_targets_must_name_something() -> None:
    siren = card("s", "Alluring Siren", controller="opp", activations=[{"targets": ["ghost"]}])
    _refused(_data([card("a", "Grizzly Bears"), siren]),
             "$.permanents[1].activations[0].targets[0]", "ghost", "no permanent or player")
    _refused(_data([card("a", "Grizzly Bears")],
                   effects=[{"card": "Incite", "controller": "opp", "targets": ["nope"]}]),
             "$.effects[0].targets[0]", "nope")


def test_targets_need_a_card_with_resolved_effects() -> None:
    tax = card("t", "War Tax", controller="opp", activations=[{"x": 1, "targets": ["a"]}])
    _refused(_data([card("a", "Grizzly Bears"), tax]), "$.permanents[1].activations[0].targets",
             "resolved")
    _refused(_data([card("a", "Grizzly Bears")],
                   effects=[{"card": "Grizzly Bears", "controller": "opp"}]),
             "$.effects[0].card", "resolved")
    _refused(_data([], effects=[{"card": "Incit", "controller": "opp"}]), "$.effects[0].card",
             "did you mean")


def test_card_entries_are_strict() -> None:
    _refused(_data([], effects=[{"card": "Incite", "controller": "opp", "tagets": []}]),
             "$.effects[0].tagets", "unknown key", "targets")
    _refused(_data([], effects=[{"card": "Incite", "controller": "zed"}]),
             "$.effects[0].controller", "unknown player")
    _refused(_data([card("s", "Alluring Siren", activations=[{"x": 1, "target": []}])]),
             "$.permanents[0].activations[0].target", "unknown key", "targets")
    _refused(_data([card("s", "Alluring Siren", activations=["1"])]),
             "$.permanents[0].activations[0]", "integer")


# -- gap 6: Curses, owners, "a player other than you" ----------------------------------------


def test_curse_of_the_nightly_hunt_on_the_active_player() -> None:
    curse = card("c", "Curse of the Nightly Hunt", controller="opp", attached_to="you")
    board = _board([card("a", "Grizzly Bears"), card("b", "Bear Cub"), curse])
    assert _legal(board) == decls({"a": "opp", "b": "opp"})


def test_curse_on_another_player_changes_nothing_here() -> None:
    curse = card("c", "Curse of the Nightly Hunt", controller="you", attached_to="opp")
    board = _board([card("a", "Grizzly Bears"), curse])
    assert _legal(board) == decls({}, {"a": "opp"})


def test_enchant_player_and_enchant_creature_are_checked() -> None:
    curse = card("c", "Curse of the Nightly Hunt", controller="opp", attached_to="a")
    _refused(_data([card("a", "Grizzly Bears"), curse]), "$.permanents[1].attached_to",
             "player", "not a permanent")
    aura = custom("aura", types=("Enchantment",), subtypes=["Aura"],
                  keywords=["enchant creature"], attached_to="opp")
    _refused(_data([aura]), "$.permanents[0].attached_to", "enchant creature", "player")
    bears = card("b", "Grizzly Bears", attached_to="opp")
    _refused(_data([bears]), "$.permanents[0].attached_to", "only an aura")
    _refused(_data([card("b", "Grizzly Bears", attached_to="nobody")]),
             "$.permanents[0].attached_to", "no permanent or player")


def test_owner_is_a_known_player() -> None:
    board = _board([card("a", "Grizzly Bears", owner="opp")])
    assert board.permanent("a").owner == "opp"
    _refused(_data([card("a", "Grizzly Bears", owner="zed")]), "$.permanents[0].owner",
             "unknown player")


def _kardur(players: tuple[str, ...], perms: list[dict[str, Any]]) -> Board:
    return _board(perms, players=players,
                  effects=[{"card": "Kardur, Doomscourge", "controller": "opp"}])


def test_kardur_attack_a_player_other_than_you() -> None:
    """Two requirements: attack, and attack a player other than Kardur's controller. Only
    attacking carol obeys both; a planeswalker of carol's obeys one."""
    walker = {"id": "pw", "name": "Walker", "types": ["Planeswalker"], "controller": "carol",
              "loyalty": 3}
    board = _kardur(("you", "opp", "carol"), [card("a", "Grizzly Bears"), walker])
    assert _legal(board) == decls({"a": "carol"})
    assert not check(board, {"a": "pw"}).legal
    assert not check(board, {"a": "opp"}).legal


def test_kardur_with_one_opponent_still_attacks() -> None:
    """Two players: the second requirement can't be obeyed; the first still must."""
    board = _kardur(("you", "opp"), [card("a", "Grizzly Bears")])
    assert _legal(board) == decls({"a": "opp"})


def test_kardur_leaves_its_controllers_creatures_alone() -> None:
    """"creatures your opponents control": on its controller's own turn, nothing."""
    board = _board([card("a", "Grizzly Bears")],
                   effects=[{"card": "Kardur, Doomscourge", "controller": "you"}])
    assert _legal(board) == decls({}, {"a": "opp"})


def test_my_crushing_masterstroke_each_attacks_its_owner() -> None:
    """"Each of them attacks its owner this turn if able": per creature, its owner."""
    perms = [card("a", "Grizzly Bears", owner="alice"), card("b", "Bear Cub", owner="bob"),
             card("c", "Grizzly Bears")]
    board = _board(perms, players=("you", "alice", "bob"),
                   effects=[{"card": "My Crushing Masterstroke", "controller": "you"}])
    assert _legal(board) == decls({"a": "alice", "b": "bob"},
                                  {"a": "alice", "b": "bob", "c": "alice"},
                                  {"a": "alice", "b": "bob", "c": "bob"})


def test_its_owner_scope_on_restrictions_and_costs() -> None:
    """A custom "can't attack its owner": the owner only; a cost to attack its owner: paid
    only for attacking the owner."""
    eff = {"name": "can't attack its owner", "controller": "carol", "effects": [
        {"kind": "cant_attack", "affects": {"types": ["Creature"]}, "scope": "its_owner"}]}
    board = _board([card("a", "Grizzly Bears", owner="opp")], players=("you", "opp", "carol"),
                   effects=[eff])
    assert _legal(board) == decls({}, {"a": "carol"})
    cost = {"name": "tax on owners", "controller": "carol", "effects": [
        {"kind": "attack_cost", "affects": {"types": ["Creature"]}, "scope": "its_owner",
         "cost": {"mana": "{1}"}}]}
    board = _board([card("a", "Grizzly Bears", owner="opp")], players=("you", "opp", "carol"),
                   effects=[cost])
    from mtgcombat.compile.attacks import compile_board
    (inst,) = compile_board(board).costs
    assert inst.targets == frozenset({"opp"})


# -- gap 7: this_turn ---------------------------------------------------------------------------


def test_goblin_cohort_needs_a_creature_spell_this_turn() -> None:
    perms = [card("g", "Goblin Cohort")]
    assert _legal(_board(perms)) == decls({})
    verdict = check(_board([card("g", "Goblin Cohort")]), {"g": "opp"})
    assert not verdict.legal and any("Goblin Cohort" in v for v in verdict.violated)
    cast = {"spells_cast": {"you": {"Creature": 1}}}
    assert _legal(_board([card("g", "Goblin Cohort")], this_turn=cast)) == decls({}, {"g": "opp"})


def test_goblin_cohort_counts_its_controllers_spells_only() -> None:
    other = {"spells_cast": {"opp": {"Creature": 2}, "you": {"Instant": 1}}}
    assert _legal(_board([card("g", "Goblin Cohort")], this_turn=other)) == decls({})
    both = {"spells_cast": {"you": {"artifact": 1, "creature": 1}}}
    assert _legal(_board([card("g", "Goblin Cohort")], this_turn=both)) == decls({}, {"g": "opp"})


def test_this_turn_is_strict() -> None:
    _refused(_data([], this_turn={"spells_cast": {"zed": {"Creature": 1}}}),
             "$.this_turn.spells_cast.zed", "unknown player")
    _refused(_data([], this_turn={"spells_cast": {"you": {"Creature": -1}}}),
             "$.this_turn.spells_cast.you.Creature", ">= 0")
    _refused(_data([], this_turn={"spells": {}}), "$.this_turn.spells", "unknown key",
             "spells_cast")


# -- gap 8 (part): players who left the game ------------------------------------------------


def _left(perms: list[dict[str, Any]], **top: Any) -> dict[str, Any]:
    for p in perms:
        p.setdefault("controller", "you")
    return {"active_player": "you",
            "players": [{"name": "you"}, {"name": "opp"}, {"name": "carol", "left_game": True}],
            "permanents": perms, **top}


def test_a_player_who_left_is_not_attacked() -> None:
    board = load_board(_left([card("a", "Grizzly Bears")]))
    assert board.opponents() == ["opp"]
    assert _legal(board) == decls({}, {"a": "opp"})


def test_lasting_effects_of_a_player_who_left_still_apply() -> None:
    """CR 800.4a ends only the effects that give the departed player control; the Siren's
    "attacks you" stays but names no player in the game, so it can't be obeyed."""
    siren = {"card": "Alluring Siren", "controller": "carol", "targets": ["a"]}
    board = load_board(_left([card("a", "Grizzly Bears")], effects=[siren]))
    assert _legal(board) == decls({}, {"a": "opp"})


def test_a_player_who_left_owns_and_controls_nothing() -> None:
    _refused(_left([card("a", "Grizzly Bears", controller="carol")]),
             "$.permanents[0].controller", "left the game")
    _refused(_left([card("a", "Grizzly Bears", owner="carol")]), "$.permanents[0].owner",
             "left the game")
    curse = card("c", "Curse of the Nightly Hunt", controller="opp", attached_to="carol")
    _refused(_left([curse]), "$.permanents[0].attached_to", "left the game")
    _refused(_left([card("a", "Grizzly Bears", goaded_by=["carol"])]),
             "$.permanents[0].goaded_by[0]", "not modelled")
    _refused(_left([card("a", "Grizzly Bears")], attack={"a": "carol"}), "$.attack.a",
             "left the game")
    data = _left([])
    data["active_player"] = "carol"
    _refused(data, "$.active_player", "left the game")
    data = _left([])
    data["players"][1]["left_game"] = True
    _refused(data, "$.players", "every opponent")
