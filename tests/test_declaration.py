"""Declarations round-trip between their JSON, command-line and Python forms."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mtgcombat import BlockDeclaration, Declaration, DeclarationError

ids = st.text(alphabet="abcxyz_019", min_size=1, max_size=6)


@given(st.dictionaries(ids, ids, max_size=5))
def test_attack_declaration_round_trips(pairs: dict[str, str]) -> None:
    d = Declaration.from_json(pairs)
    assert d.to_json() == pairs
    assert Declaration.parse(d.to_cli()) == d
    assert d == Declaration(pairs) and hash(d) == hash(Declaration(dict(pairs)))


@given(st.lists(st.tuples(ids, ids), max_size=6))
def test_block_declaration_round_trips(pairs: list[tuple[str, str]]) -> None:
    d = BlockDeclaration(pairs)
    assert BlockDeclaration.from_json(d.to_json()) == d
    assert BlockDeclaration.parse(d.to_cli()) == d
    for blocker, blocked in d.to_json().items():
        assert isinstance(blocked, str) or (len(blocked) > 1 and blocked == sorted(blocked)), (
            blocker)


def test_canonical_order() -> None:
    decls = [Declaration({"b": "x", "a": "y"}), Declaration({}), Declaration({"z": "x"}),
             Declaration({"a": "x", "b": "x"})]
    got = [d.to_json() for d in sorted(decls, key=Declaration.sort_key)]
    assert got == [{}, {"z": "x"}, {"a": "x", "b": "x"}, {"a": "y", "b": "x"}]


@pytest.mark.parametrize("bad", ["goblin", "=Bob", "goblin=", ""])
def test_bad_cli_forms(bad: str) -> None:
    with pytest.raises(DeclarationError):
        Declaration.parse([bad])


def test_conflicting_targets_and_bad_json() -> None:
    with pytest.raises(DeclarationError, match="twice"):
        Declaration.parse(["a=x", "a=y"])
    with pytest.raises(DeclarationError):
        Declaration.from_json({"a": 3})
    with pytest.raises(DeclarationError):
        Declaration.from_json(["a", "x"])
    with pytest.raises(DeclarationError):
        BlockDeclaration.from_json({"w": []})


def test_bands_parse() -> None:
    d = Declaration.parse(["a=x", "b=x"], bands=["a, b"])
    assert d.bands == (frozenset({"a", "b"}),)
