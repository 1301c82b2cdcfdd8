"""What a board's ``attack`` and ``blocks`` fields may name, judged on the derived
characteristics: attackers are the active player's creatures attacking an opponent, a
planeswalker or a battle (CR 508.1a-b); blockers are the defenders' creatures blocking
declared attackers (CR 509.1a)."""

from __future__ import annotations

from collections.abc import Callable
from typing import NoReturn

from mtgcombat.board.characteristics import Obj, View
from mtgcombat.board.model import Board
from mtgcombat.rules.catalog import Catalog
from mtgcombat.rules.types import shown

Fail = Callable[[str, str], NoReturn]
"""Raises a :class:`~mtgcombat.errors.BoardError` with a message and a JSON path."""


def check_combat_fields(board: Board, catalog: Catalog, fail: Fail) -> None:
    """The ``attack`` and ``blocks`` fields name creatures that can attack or block and
    targets that can be attacked; the ids they name are known to exist."""
    if board.attack is None and board.blocks is None:
        return
    view = View(board, catalog)
    for cid, target in (board.attack or {}).items():
        at = f"$.attack.{cid}"
        _check_creature(view.objects.get(cid), cid, "attack", at, fail)
        _check_target(board, view, cid, target, at, fail)
    for bid in board.blocks or {}:
        at = f"$.blocks.{bid}"
        blocker = _check_creature(view.objects.get(bid), bid, "block", at, fail)
        if blocker.controller == board.active_player:
            fail(f"{shown(bid)} is controlled by the attacking player "
                 f"{shown(board.active_player)}; expected a creature of a defending player "
                 "(CR 509.1a)", at)


def _check_creature(obj: Obj | None, pid: str, verb: str, at: str, fail: Fail) -> Obj:
    """``obj`` (the permanent ``pid``) is a creature on the battlefield; returns it."""
    if obj is None:
        fail(f"{shown(pid)} is phased out; expected a creature on the battlefield to {verb} with",
             at)
    if not obj.is_creature:
        kinds = "/".join(obj.types) or "no card type"
        fail(f"{shown(pid)} is not a creature ({kinds}); expected a creature to {verb} with", at)
    return obj


def _check_target(board: Board, view: View, cid: str, target: str, at: str,
                  fail: Fail) -> None:
    """``target`` is an opponent, a planeswalker the active player doesn't control or a
    battle the active player doesn't protect (CR 508.1b)."""
    expected = ("expected an opponent, a planeswalker or a battle not controlled or "
                "protected by the active player (CR 508.1b)")
    if target == cid:
        fail(f"{shown(cid)} can't attack itself; {expected}", at)
    if any(p.name == target for p in board.players):
        return  # the active player as a target is refused with the ids
    obj = view.objects.get(target)
    if obj is None:
        fail(f"{shown(target)} is phased out and can't be attacked; {expected}", at)
    if obj.is_planeswalker:
        if obj.controller == board.active_player:
            fail(f"{shown(target)} is a planeswalker the active player controls; {expected}", at)
    elif obj.is_battle:
        if obj.protector == board.active_player:
            fail(f"{shown(target)} is a battle the active player protects; {expected}", at)
    elif obj.is_creature:
        fail(f"{shown(target)} is a creature and can't be attacked; {expected}", at)
    else:
        kinds = "/".join(obj.types) or "no card type"
        fail(f"{shown(target)} ({kinds}) can't be attacked; {expected}", at)
