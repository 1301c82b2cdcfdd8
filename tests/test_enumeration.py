"""legal() streams in canonical order even when one cost commitment has more declarations than
one enumeration collects (the lexicographic split)."""

from __future__ import annotations

import itertools

import pytest

from mtgcombat import Declaration
from mtgcombat.legality import enumeration
from mtgcombat.legality.attacks import AttackEngine

from .helpers import board, custom


@pytest.mark.parametrize("cap", [1, 3, 7])
def test_split_enumeration_is_complete_and_canonical(cap: int,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Four vanilla creatures, two opponents: every one of the 3**4 declarations is legal (no
    restriction, requirement or cost), in canonical order, whatever the enumeration cap."""
    monkeypatch.setattr(enumeration, "ENUMERATION_CAP", cap)
    monkeypatch.setattr(enumeration, "LEVEL_CAP", cap)
    b = board([custom(f"c{i}") for i in range(4)], players=("me", "a", "b"))
    got = list(AttackEngine(b).legal())
    expected = sorted(
        (Declaration({f"c{i}": t for i, t in enumerate(choice) if t})
         for choice in itertools.product([None, "a", "b"], repeat=4)),
        key=Declaration.sort_key)
    assert got == expected


def test_split_enumeration_with_requirements(monkeypatch: pytest.MonkeyPatch) -> None:
    """A goaded creature must attack the other player; the rest are free: 1 x 3**3."""
    monkeypatch.setattr(enumeration, "ENUMERATION_CAP", 2)
    monkeypatch.setattr(enumeration, "LEVEL_CAP", 2)
    b = board([custom("g", goaded_by=["a"]), *(custom(f"c{i}") for i in range(3))],
              players=("me", "a", "b"))
    got = list(AttackEngine(b).legal())
    assert len(got) == 27 and len(set(got)) == 27
    assert all(d["g"] == "b" for d in got)
    assert got == sorted(got, key=Declaration.sort_key)


def test_split_enumeration_of_blocks_with_multi_blockers(monkeypatch: pytest.MonkeyPatch) -> None:
    """A blocker that may block any number of attackers splits pair by pair; the split list
    equals the unsplit one (same declarations, same canonical order)."""
    from mtgcombat import BlockEngine, load_board

    data = {"active_player": "me", "players": [{"name": "me"}, {"name": "opp"}],
            "permanents": [
                *({"id": f"a{i}", "name": "A", "types": ["Creature"], "controller": "me"}
                  for i in range(3)),
                {"id": "wall", "name": "Wall", "types": ["Creature"], "controller": "opp",
                 "effects": [{"kind": "can_block_additional", "count": None}]},
                {"id": "cub", "card": "Bear Cub", "controller": "opp"}],
            "attack": {"a0": "opp", "a1": "opp", "a2": "opp"}}
    whole = list(BlockEngine(load_board(data)).legal())
    assert len(whole) == 2 ** 3 * 4  # wall: any subset of 3 attackers; cub: none or one of 3
    monkeypatch.setattr(enumeration, "ENUMERATION_CAP", 1)
    monkeypatch.setattr(enumeration, "LEVEL_CAP", 1)
    assert list(BlockEngine(load_board(data)).legal()) == whole
