"""Every restriction encoding grows linearly with the board: doubling the creatures that carry
an "alone" or "unless others attack" restriction (and the rest of the army with them) doubles
the CP-SAT model, it does not quadruple it; and the answers stay the brute-force oracle's."""

from __future__ import annotations

from typing import Any

import pytest

from benchmarks.boards import board, card, token
from mtgcombat import AttackEngine, load_board
from mtgcombat.solver.build import ProtoBuild
from tests.test_differential import differential

RESTRICTED = ("Mogg Flunkies", "Master of Cruelties", "Orcish Conscripts", "Scarred Puma")
"""Can't attack alone; can only attack alone; can't attack unless at least two other creatures
attack; can't attack unless a black or green creature also attacks (their printed text)."""


def _army(name: str, restricted: int, tokens: int) -> dict[str, Any]:
    perms = [card(f"r{i:03d}", name) for i in range(restricted)]
    perms += [token(f"t{i:03d}") for i in range(tokens)]
    return board(perms, ("Alice", "Bob"))


def _size(data: dict[str, Any]) -> tuple[int, int]:
    engine = AttackEngine(load_board(data))
    return ProtoBuild(engine.enc.problem).model_size()


@pytest.mark.parametrize("name", RESTRICTED)
def test_doubling_the_restricted_creatures_doubles_the_model(name: str) -> None:
    # Half the board carries the restriction: a per-creature sum over every other creature
    # would make the terms grow 4x per doubling.
    sizes = [_size(_army(name, n, n)) for n in (16, 32, 64)]
    for (c1, t1), (c2, t2) in zip(sizes, sizes[1:], strict=False):
        assert c2 <= 2.2 * c1, f"{name}: constraints {c1} -> {c2}"
        assert t2 <= 2.2 * t1, f"{name}: terms {t1} -> {t2}"


def test_one_shared_count_serves_every_alone_restriction() -> None:
    # 40 Mogg Flunkies and 40 tokens: the restriction adds a constant number of terms per
    # Flunkies on top of the one count of declared creatures.
    small = _size(_army("Mogg Flunkies", 40, 40))[1]
    more = _size(_army("Mogg Flunkies", 41, 40))[1]
    assert more - small <= 12


@pytest.mark.parametrize("name", RESTRICTED)
def test_answers_are_the_oracles(name: str) -> None:
    # Three restricted creatures and two tokens against two players: small enough for the
    # brute-force oracle (3**5 declarations).
    data = _army(name, 3, 2)
    differential(data, load_board(data), in_hypothesis=False)


def test_mixed_restrictions_agree_with_the_oracle() -> None:
    perms = [card("f1", "Mogg Flunkies"), card("f2", "Mogg Flunkies"),
             card("m1", "Master of Cruelties"), card("o1", "Orcish Conscripts"),
             card("p1", "Scarred Puma"), token("t1"), token("t2")]
    data = board(perms, ("Alice", "Bob"))
    differential(data, load_board(data), in_hypothesis=False)
