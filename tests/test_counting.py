"""Counting legal attack declarations by groups of interchangeable creatures, against the
closed forms (CR 508.1: each token attacks one defending player or doesn't) and the
brute-force oracle."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

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


_EXTRAS: dict[str, dict[str, Any]] = {
    "Crawlspace": card("crawl", "Crawlspace", OPPONENTS[0]),  # at most 2 attack its controller
    "Silent Arbiter": card("arbiter", "Silent Arbiter", OPPONENTS[0]),  # at most 1 attacks
    "Mogg Flunkies": card("flunkies", "Mogg Flunkies"),  # can't attack alone
    "Crazed Goblin": card("goblin", "Crazed Goblin"),  # attacks each combat if able
}


@settings(max_examples=60, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(plain=st.integers(0, 3), goaded=st.integers(0, 2), k=st.integers(1, 3),
       extras=st.sets(st.sampled_from(sorted(_EXTRAS)), max_size=2))
def test_random_token_armies_count_as_the_oracle_enumerates(
        plain: int, goaded: int, k: int, extras: set[str]) -> None:
    """Two groups of tokens (plain, and goaded by the first opponent: CR 701.15b) with up to
    two cards that cap, require or restrict attacks: the grouped count is the number of
    declarations the brute-force oracle finds legal (CR 508.1c-d: restrictions obeyed, the
    most requirements obeyed)."""
    perms = [*(_EXTRAS[name] for name in sorted(extras)),
             *(token(f"p{i}") for i in range(plain)),
             *(token(f"g{i}", goaded_by=[OPPONENTS[0]]) for i in range(goaded))]
    b = load_board(board(perms, OPPONENTS[:k]))
    got = count_groups(compile_board(b))
    assert got is not None, "these boards are within what counting supports"
    assert got.count == len(ReferenceOracle(b).legal())
