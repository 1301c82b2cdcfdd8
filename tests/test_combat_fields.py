"""The ``attack`` and ``blocks`` fields of a board are judged on derived characteristics:
attackers and blockers must be creatures on the battlefield on the right side, and attack
targets must be opponents, their planeswalkers or battles they protect (CR 508.1, 509.1)."""

from __future__ import annotations

from typing import Any

import pytest

from mtgcombat import BoardError, load_board


def _board(perms: list[dict[str, Any]], attack: dict[str, str],
           blocks: dict[str, Any] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"active_player": "you", "players": [{"name": "you"}, {"name": "opp"}],
                           "permanents": perms, "attack": attack}
    if blocks is not None:
        out["blocks"] = blocks
    return out


def _gob(pid: str, controller: str, **extra: Any) -> dict[str, Any]:
    return {"id": pid, "card": "Crazed Goblin", "controller": controller, **extra}


def _error(data: dict[str, Any]) -> BoardError:
    with pytest.raises(BoardError) as info:
        load_board(data)
    return info.value


def test_legal_attack_and_blocks_load() -> None:
    board = load_board(_board([_gob("g", "you"), _gob("h", "opp")], {"g": "opp"}, {"h": "g"}))
    assert board.attack == {"g": "opp"}


def test_a_land_turned_creature_by_types_may_attack() -> None:
    land = {"id": "dryad", "card": "Forest", "controller": "you", "types": ["Land", "Creature"],
            "power": 1, "toughness": 1}
    assert load_board(_board([land], {"dryad": "opp"})).attack == {"dryad": "opp"}


def test_a_custom_creature_may_attack() -> None:
    bear = {"id": "bear", "name": "Bear", "types": ["Creature"], "power": 2, "toughness": 2,
            "controller": "you"}
    load_board(_board([bear], {"bear": "opp"}))


def test_a_creature_planeswalker_can_be_attacked() -> None:
    walker = {"id": "gid", "name": "Gideon", "types": ["Creature", "Planeswalker"],
              "power": 5, "toughness": 5, "controller": "opp"}
    load_board(_board([_gob("g", "you"), walker], {"g": "gid"}))


def test_an_opponents_planeswalker_and_battle_can_be_attacked() -> None:
    walker = {"id": "pw", "name": "Walker", "types": ["Planeswalker"], "controller": "opp"}
    battle = {"id": "bt", "name": "Siege", "types": ["Battle"], "controller": "you",
              "protector": "opp"}
    load_board(_board([_gob("g", "you"), _gob("g2", "you"), walker, battle],
                      {"g": "pw", "g2": "bt"}))


def test_a_phased_out_attacker_is_refused() -> None:
    err = _error(_board([_gob("g", "you", phased_out=True)], {"g": "opp"}))
    assert err.path == "$.attack.g"
    assert "phased out" in err.message


def test_a_phased_out_target_is_refused() -> None:
    walker = {"id": "pw", "name": "Walker", "types": ["Planeswalker"], "controller": "opp",
              "phased_out": True}
    err = _error(_board([_gob("g", "you"), walker], {"g": "pw"}))
    assert err.path == "$.attack.g"
    assert "phased out" in err.message


def test_a_non_creature_non_attackable_target_is_refused() -> None:
    land = {"id": "land1", "card": "Forest", "controller": "opp"}
    err = _error(_board([_gob("g", "you"), land], {"g": "land1"}))
    assert err.path == "$.attack.g"
    assert "can't be attacked" in err.message and "Land" in err.message


def test_a_phased_out_blocker_is_refused() -> None:
    err = _error(_board([_gob("g", "you"), _gob("h", "opp", phased_out=True)], {"g": "opp"},
                        {"h": "g"}))
    assert err.path == "$.blocks.h"
    assert "phased out" in err.message


def test_a_blocker_of_the_attacking_player_is_refused() -> None:
    err = _error(_board([_gob("g", "you"), _gob("h", "you")], {"g": "opp"}, {"h": ["g"]}))
    assert err.path == "$.blocks.h"
    assert "attacking player" in err.message
