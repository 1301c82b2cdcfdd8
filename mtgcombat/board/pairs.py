"""Soulbond pairs (CR 702.95): a permanent's ``paired_with`` names the creature it is paired
with. Pairing is symmetric, so one of the two naming the other is enough; both naming each
other is the same pair.

A pair is two different creatures controlled by the same player (CR 702.95a, 702.95e: a pair
ends when either stops being a creature or another player gains control of one); a board that
gives anything else is refused. A phased-out creature is treated as though it doesn't exist
(CR 702.26b), so what it gives its pair doesn't apply and it gets nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NoReturn

from mtgcombat.rules.types import shown

if TYPE_CHECKING:
    from mtgcombat.board.model import Board
    from mtgcombat.rules.catalog import Catalog

Fail = Callable[[str, str], NoReturn]
"""Raises a :class:`~mtgcombat.errors.BoardError` with a message and a JSON path."""


def partner(board: Board, pid: str) -> str | None:
    """The id of the creature ``pid`` is paired with, or None."""
    for perm in board.permanents:
        if perm.id == pid and perm.paired_with is not None:
            return perm.paired_with
    for perm in board.permanents:
        if perm.paired_with == pid:
            return perm.id
    return None


def in_pair(board: Board, source: str | None, obj: str) -> bool:
    """Is ``obj`` the permanent ``source`` or the creature ``source`` is paired with, while
    ``source`` is paired ("both creatures", "each of those creatures")?"""
    if source is None:
        return False
    other = partner(board, source)
    return other is not None and obj in (source, other)


def check_pairs(board: Board, catalog: Catalog, fail: Fail) -> None:
    """Every ``paired_with`` names another creature of the same controller, and no creature is
    paired with two."""
    if all(perm.paired_with is None for perm in board.permanents):
        return
    from mtgcombat.board.characteristics import View  # built from the checked board
    from mtgcombat.board.model import did_you_mean

    view = View(board, catalog)
    ids = {perm.id: i for i, perm in enumerate(board.permanents)}
    taken: dict[str, str] = {}
    for i, perm in enumerate(board.permanents):
        other = perm.paired_with
        if other is None:
            continue
        at = f"$.permanents[{i}].paired_with"
        if other not in ids:
            fail(f"{shown(other)} is not a permanent of the board; expected the id of the "
                 f"creature it is paired with{did_you_mean(other, ids)}", at)
        if other == perm.id:
            fail(f"{shown(perm.id)} can't be paired with itself (CR 702.95a)", at)
        mate = board.permanents[ids[other]]
        if mate.controller != perm.controller:
            fail(f"{shown(perm.id)} and {shown(other)} have different controllers; paired "
                 "creatures are controlled by one player (CR 702.95e)", at)
        for pid in (perm.id, other):
            obj = view.objects.get(pid)
            if obj is not None and not obj.is_creature:
                fail(f"{shown(pid)} is not a creature; only creatures are paired "
                     "(CR 702.95e)", at)
        for a, b in ((perm.id, other), (other, perm.id)):
            if taken.setdefault(a, b) != b:
                fail(f"{shown(a)} is paired with both {shown(taken[a])} and {shown(b)}; a "
                     "creature is paired with one creature (CR 702.95a)", at)
