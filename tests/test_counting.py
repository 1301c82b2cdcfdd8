"""Counting legal attack declarations by groups of interchangeable creatures, against the
closed forms (CR 508.1: each token attacks one defending player or doesn't) and the
brute-force oracle."""

from __future__ import annotations

from typing import Any

import pytest

from benchmarks.boards import OPPONENTS, board, card, token
from mtgcombat import load_board
from mtgcombat.compile.attacks import compile_board
from mtgcombat.legality.counting import count_groups
from mtgcombat.oracle.attacks import ReferenceOracle


def _army(n: int, k: int, extra: tuple[dict[str, Any], ...] = (),
          **state: object) -> dict[str, Any]:
    return board([*extra, *(token(f"t{i:03d}", **state) for i in range(n))], OPPONENTS[:k])


@pytest.mark.parametrize(("n", "k"), [(1, 1), (5, 2), (200, 3)])
def test_vanilla_tokens_have_k_plus_one_to_the_n(n: int, k: int) -> None:
    got = count_groups(compile_board(load_board(_army(n, k))))
    assert got is not None and got.count == (k + 1) ** n


def test_goaded_tokens_must_attack_a_player_other_than_the_goader() -> None:
    # CR 701.15b: attacks each combat if able, and a player other than the goader if able.
    got = count_groups(compile_board(load_board(_army(200, 3, goaded_by=["Alice"]))))
    assert got is not None and got.count == 2 ** 200


@pytest.mark.parametrize("extra", [(), (card("crawl", "Crawlspace", "Bob"),),
                                   (card("m", "Mogg Flunkies"),), (card("g", "Crazed Goblin"),)])
@pytest.mark.parametrize(("n", "k"), [(2, 2), (3, 2), (4, 3)])
def test_count_equals_the_oracle(extra: tuple[dict[str, Any], ...], n: int, k: int) -> None:
    b = load_board(_army(n, k, extra))
    got = count_groups(compile_board(b))
    assert got is not None and got.count == len(ReferenceOracle(b).legal())
