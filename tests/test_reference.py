"""The reference oracle on the article's boards, its refusal of large boards, and its two
readings of legality (comparison and conditional readings) agreeing where nothing is conditional.

Expected answers come from the article (seeds/001), written here by hand.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from mtgcombat import Board, Declaration, load_board
from mtgcombat.oracle.attacks import (
    ReferenceOracle,
    reference_check,
    reference_legal,
    reference_legal_plain,
)
from tests.strategies import boards


def _board(perms: list[dict[str, Any]], players: tuple[str, ...] = ("you", "opp")) -> Board:
    for p in perms:
        p.setdefault("controller", players[0])
    return load_board({"active_player": players[0],
                       "players": [{"name": n} for n in players], "permanents": perms})


def _decls(*maps: dict[str, str]) -> set[Declaration]:
    return {Declaration(m) for m in maps}


def crawlspace_example() -> Board:
    """Article, "Let's look at an example": Crazed Goblin, Avatar of Slaughter, Bear Cub,
    Wall of Roots; the opponent's Crawlspace."""
    return _board([
        {"id": "goblin", "card": "Crazed Goblin"},
        {"id": "avatar", "card": "Avatar of Slaughter"},
        {"id": "cub", "card": "Bear Cub"},
        {"id": "wall", "card": "Wall of Roots"},
        {"id": "crawl", "card": "Crawlspace", "controller": "opp"},
    ])


def magnetic_web_example() -> Board:
    """Article, Complication #3 (the conditional process: the opponent controls Crawlspace)."""
    return _board([
        {"id": "goblin", "card": "Crazed Goblin"},
        {"id": "web", "card": "Magnetic Web"},
        {"id": "cyclops", "card": "Ekundu Cyclops", "counters": {"magnet": 1}},
        {"id": "cub", "card": "Bear Cub", "counters": {"magnet": 1}},
        {"id": "crawl", "card": "Crawlspace", "controller": "opp"},
    ])


def question_26() -> Board:
    """Alice: Propaganda; Bob: War's Toll; you: Mogg Flunkies goaded by Alice, Bear Cub
    enchanted by Brainwash."""
    return _board([
        {"id": "prop", "card": "Propaganda", "controller": "Alice"},
        {"id": "toll", "card": "War's Toll", "controller": "Bob"},
        {"id": "flunkies", "card": "Mogg Flunkies", "goaded_by": ["Alice"]},
        {"id": "cub", "card": "Bear Cub"},
        {"id": "brainwash", "card": "Brainwash", "controller": "Alice", "attached_to": "cub"},
    ], players=("you", "Alice", "Bob"))


def test_crawlspace_example() -> None:
    # "We must attack with Crazed Goblin and 1 other creature; either Avatar or Bear Cub."
    expected = _decls({"goblin": "opp", "avatar": "opp"}, {"goblin": "opp", "cub": "opp"})
    assert reference_legal(crawlspace_example()) == expected
    assert reference_legal_plain(crawlspace_example()) == expected


def test_magnetic_web_example() -> None:
    # "It is legal to attack with Crazed Goblin and Ekundu Cyclops" — all roads lead there.
    assert reference_legal(magnetic_web_example()) == _decls({"goblin": "opp",
                                                              "cyclops": "opp"})


def test_magnetic_web_needs_the_process() -> None:
    # Without the history constraint, Cyclops + Bear Cub would also maximise check #3's four
    # requirements ("But wait! back in check #2 ..."): the plain reading gets it wrong.
    plain = reference_legal_plain(magnetic_web_example())
    assert Declaration({"cyclops": "opp", "cub": "opp"}) in plain
    assert not reference_check(magnetic_web_example(), {"cyclops": "opp", "cub": "opp"})


def test_lone_viashino_bey() -> None:
    # Complication #3: attacking or not attacking with a lone Bey are both legal.
    bey = _board([{"id": "bey", "card": "Viashino Bey"}])
    assert reference_legal(bey) == _decls({}, {"bey": "opp"})


def test_question_22() -> None:
    # "You must attack Bob with Silent Arbiter."
    b = _board([{"id": "goblin", "card": "Crazed Goblin"},
                {"id": "arbiter", "card": "Silent Arbiter", "goaded_by": ["Alice"]}],
               players=("you", "Alice", "Bob"))
    assert reference_legal(b) == _decls({"arbiter": "Bob"})


def test_question_26() -> None:
    # "our legal options are options 1, 5, and 7."
    option_1: dict[str, str] = {}
    option_5 = {"flunkies": "Bob", "cub": "Bob"}
    option_7 = {"flunkies": "Bob", "cub": "Alice"}
    expected = _decls(option_1, option_5, option_7)
    assert reference_legal(question_26()) == expected
    # The article's own wording for this question is the plain comparison on R(A).
    assert reference_legal_plain(question_26()) == expected
    for option in ({"cub": "Alice"}, {"cub": "Bob"}, {"flunkies": "Alice", "cub": "Alice"},
                   {"flunkies": "Alice", "cub": "Bob"}):  # options 2, 3, 4, 6
        assert not reference_check(question_26(), option)
    assert reference_check(question_26(), option_7)


def test_check_rejects_what_is_not_declarable() -> None:
    b = _board([{"id": "goblin", "card": "Crazed Goblin"},
                {"id": "tapped", "card": "Bear Cub", "tapped": True},
                {"id": "wall", "card": "Wall of Roots"}])
    assert reference_check(b, {"goblin": "opp"})
    assert not reference_check(b, {})  # the goblin's requirement can be obeyed
    assert not reference_check(b, {"goblin": "opp", "tapped": "opp"})  # not a candidate
    assert not reference_check(b, {"goblin": "opp", "wall": "opp"})  # defender
    assert not reference_check(b, {"goblin": "nobody"})  # not a target


def test_refuses_more_than_max_candidates() -> None:
    nine = _board([{"id": f"bear{i}", "card": "Grizzly Bears"} for i in range(9)])
    with pytest.raises(ValueError, match="9 candidate"):
        reference_legal(nine)
    with pytest.raises(ValueError, match="9 candidate"):
        reference_check(nine, {})
    # Non-candidates don't count: tapped creatures are not enumerated.
    tapped = _board([{"id": f"bear{i}", "card": "Grizzly Bears", "tapped": i == 8}
                     for i in range(9)])
    assert len(reference_legal(tapped)) == 2 ** 8
    assert len(reference_legal(nine, max_candidates=9)) == 2 ** 9


def test_eight_candidates_three_targets_is_fast() -> None:
    # 4^8 declarations, 2^8 cost commitments (Propaganda), conditional requirements.
    perms: list[dict[str, Any]] = [{"id": f"bear{i}", "card": "Grizzly Bears"}
                                   for i in range(6)]
    perms += [{"id": "goblin", "card": "Crazed Goblin"}, {"id": "bey", "card": "Viashino Bey"},
              {"id": "prop", "card": "Propaganda", "controller": "Alice"},
              {"id": "toll", "card": "War's Toll", "controller": "Bob"},
              {"id": "pw", "name": "Jace", "types": ["Planeswalker"], "controller": "Bob"}]
    legal = reference_legal(_board(perms, players=("you", "Alice", "Bob")))
    # War's Toll and Viashino Bey: once anything attacks, everything must; the goblin must.
    assert len(legal) == 3 ** 8
    assert all(len(d) == 8 for d in legal)


@settings(max_examples=150, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(boards())
def test_process_is_plain_maximality_without_conditionals(drawn: tuple[Any, Board]) -> None:
    oracle = ReferenceOracle(drawn[1])
    if oracle.inst.conditions:
        # Only boards with no conditional card: the process is then §4.3.
        return
    assert oracle.legal() == oracle.legal_plain()


@settings(max_examples=150, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(boards(max_candidates=3, max_declarations=9))
def test_graph_walk_equals_branch_by_branch_walk(drawn: tuple[Any, Board]) -> None:
    # The oracle's memoised walk over (history, declaration) finds exactly the terminals of
    # the tree walked branch by branch as the conditional process writes it.
    oracle = ReferenceOracle(drawn[1])
    legal = oracle.legal()
    assert legal == oracle.literal_legal(max_universe=9)
    # Whether the starting empty declaration counts as chosen makes no difference.
    assert legal == oracle.literal_legal(max_universe=9, start_chosen=False)


def test_literal_walk_on_the_article_boards() -> None:
    for board in (magnetic_web_example(), crawlspace_example(), question_26()):
        oracle = ReferenceOracle(board)
        assert oracle.literal_legal(max_universe=20) == oracle.legal()
