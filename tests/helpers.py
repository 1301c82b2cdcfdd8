"""Small builders for boards written inside tests."""

from __future__ import annotations

from typing import Any

import pytest

from mtgcombat import Board, Declaration, load_board
from mtgcombat.board.characteristics import View
from mtgcombat.errors import BoardError


def board_data(perms: list[dict[str, Any]], players: tuple[str, ...] = ("you", "opp"),
               **top: Any) -> dict[str, Any]:
    """Board JSON where ``players[0]`` is the active player; ``perms`` may omit the controller
    (defaults to the active player)."""
    for p in perms:
        p.setdefault("controller", players[0])
    return {"active_player": players[0], "players": [{"name": n} for n in players],
            "permanents": perms, **top}


def board(perms: list[dict[str, Any]], players: tuple[str, ...] = ("you", "opp"),
          **top: Any) -> Board:
    """The loaded board of :func:`board_data`."""
    return load_board(board_data(perms, players, **top))


def pt(b: Board, pid: str) -> tuple[int | None, int | None]:
    """A permanent's derived power and toughness."""
    o = View(b).objects[pid]
    return o.power, o.toughness


def refused(data: dict[str, Any], path: str, *words: str) -> str:
    """The message of the board error ``data`` is refused with, at ``path``, naming each of
    ``words``."""
    with pytest.raises(BoardError) as info:
        load_board(data)
    assert info.value.path == path, info.value
    for w in words:
        assert w in info.value.message, (w, info.value.message)
    return info.value.message


def custom(pid: str, *effects: dict[str, Any], types: tuple[str, ...] = ("Creature",),
           **state: Any) -> dict[str, Any]:
    """A custom permanent with its own effects."""
    return {"id": pid, "name": pid, "types": list(types), "effects": list(effects), **state}


def card(pid: str, name: str, **state: Any) -> dict[str, Any]:
    """A catalog card."""
    return {"id": pid, "card": name, **state}


def decls(*maps: dict[str, str]) -> set[Declaration]:
    """A set of declarations from maps."""
    return {Declaration(m) for m in maps}


def combat_board(perms: list[dict[str, Any]], attack: dict[str, str],
                 blocks: dict[str, Any] | None = None, **top: Any) -> Board:
    """A two-player combat board (``you`` attacks ``opp``): a permanent without a controller
    is yours when it attacks, the opponent's otherwise."""
    for p in perms:
        p.setdefault("controller", "you" if p["id"] in attack else "opp")
    return load_board({"active_player": "you", "players": [{"name": "you"}, {"name": "opp"}],
                       "permanents": perms, "attack": attack, "blocks": blocks or {}, **top})


def creature(pid: str, power: int, toughness: int, *kw: str, **state: Any) -> dict[str, Any]:
    """A custom creature with fixed power and toughness and ``kw`` keywords."""
    return {"id": pid, "name": pid, "types": ["Creature"], "power": power,
            "toughness": toughness, "keywords": list(kw), **state}
