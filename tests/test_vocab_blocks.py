"""The block vocabulary of issue 16 (CR 509.1b): per-attacker caps on blockers ("can't be
blocked by more than one creature", with menace: unblockable), "can block only creatures with
flying", blockers filtered by power, "can't block unless a creature with greater power / at
least two other creatures also block" and "can't be blocked unless all creatures defending
player controls block it". Expected answers are worked out from the card text in each test."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import TypeAdapter, ValidationError

from mtgcombat.board.declaration import BlockDeclaration
from mtgcombat.board.model import load_board
from mtgcombat.compile.blocks import compile_blocks
from mtgcombat.compile.instances import AllOrNone, MaxAttackers, NeedsCompanion, Source
from mtgcombat.legality.blocks import BlockEngine, check_blocks
from mtgcombat.legality.evaluate import obeys_restriction
from mtgcombat.oracle.blocks import obeys, reference_legal_blocks
from mtgcombat.rules.effects import Effect

EFFECT: TypeAdapter[Any] = TypeAdapter(Effect)
Decl = dict[str, str | list[str]]


def _perm(pid: str, card: str, controller: str = "opp", **kw: Any) -> dict[str, Any]:
    return {"id": pid, "card": card, "controller": controller, **kw}


def _custom(pid: str, power: int, controller: str = "you", **kw: Any) -> dict[str, Any]:
    return {"id": pid, "name": pid, "types": ["Creature"], "power": power, "toughness": 4,
            "controller": controller, **kw}


def _board(perms: list[dict[str, Any]], attack: dict[str, str]) -> dict[str, Any]:
    return {"active_player": "you", "players": [{"name": "you"}, {"name": "opp"}],
            "permanents": perms, "attack": attack}


def _legal(board: dict[str, Any]) -> set[BlockDeclaration]:
    """The engine's legal blocks, after checking the brute-force oracle agrees."""
    got = set(BlockEngine(board).legal())
    assert reference_legal_blocks(load_board(board)) == got
    return got


def _decls(*maps: Decl) -> set[BlockDeclaration]:
    return {BlockDeclaration.from_json(m) for m in maps}


CUBS = [_perm("c1", "Bear Cub"), _perm("c2", "Bear Cub")]


# --- the models -------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [
    {"kind": "cant_be_blocked_by_more_than", "count": 0},
    {"kind": "cant_be_blocked_by_more_than", "by": {}},
    {"kind": "can_block_only"},
    {"kind": "cant_block_unless_other_blocks", "count": 0},
    {"kind": "cant_be_blocked_unless_all_block", "count": 2},
])
def test_new_kinds_are_strict(bad: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        EFFECT.validate_python(bad)


def test_new_kinds_defaults() -> None:
    eff = EFFECT.validate_python({"kind": "cant_be_blocked_by_more_than"})
    assert eff.count == 1 and eff.affects.which == "self"
    other = EFFECT.validate_python({"kind": "cant_block_unless_other_blocks"})
    assert other.count == 1 and other.other.which == "all"


# --- gap 9: can't be blocked by more than N creatures -----------------------------------------


def test_rhino_takes_one_blocker_and_others_are_free() -> None:
    board = _board([_perm("rhino", "Charging Rhino", "you"), _perm("bears", "Grizzly Bears",
                                                                     "you"), *CUBS],
                   {"rhino": "opp", "bears": "opp"})
    legal = _legal(board)
    assert BlockDeclaration.from_json({"c1": "rhino", "c2": "bears"}) in legal
    assert BlockDeclaration.from_json({"c1": "bears", "c2": "bears"}) in legal
    v = check_blocks(board, {"c1": "rhino", "c2": "rhino"})
    assert not v.legal and v.kind == "restriction" and "Charging Rhino" in v.reason
    assert "can block [rhino]" in v.reason


def test_menace_with_a_one_blocker_cap_is_unblockable() -> None:
    # CR 702.111b: menace needs two or more blockers; the Rhino allows at most one.
    board = _board([_perm("rhino", "Charging Rhino", "you", keywords=["menace"]), *CUBS],
                   {"rhino": "opp"})
    assert _legal(board) == _decls({})


def test_menace_with_a_two_blocker_cap_needs_exactly_two() -> None:
    cap = {"kind": "cant_be_blocked_by_more_than", "count": 2}
    board = _board([_custom("brute", 3, keywords=["menace"], effects=[cap]), *CUBS,
                    _perm("c3", "Bear Cub")], {"brute": "opp"})
    assert _legal(board) == _decls({}, {"c1": "brute", "c2": "brute"},
                                   {"c1": "brute", "c3": "brute"},
                                   {"c2": "brute", "c3": "brute"})


def test_challenger_troll_counts_power_four_not_three() -> None:
    board = _board([_perm("troll", "Challenger Troll", "you"), _custom("four", 4),
                    _custom("three", 3), *CUBS], {"four": "opp", "three": "opp"})
    assert not check_blocks(board, {"c1": "four", "c2": "four"}).legal
    assert check_blocks(board, {"c1": "three", "c2": "three"}).legal


def test_challenger_troll_covers_only_its_controllers_creatures() -> None:
    # The blocking player's Troll says nothing about the attacker.
    board = _board([_perm("troll", "Challenger Troll", "opp"), _custom("big", 5), *CUBS],
                   {"big": "opp"})
    assert check_blocks(board, {"c1": "big", "c2": "big"}).legal


def test_saddle_pumps_and_caps_only_the_equipped_creature() -> None:
    board = _board([_perm("wolf", "Grizzly Bears", "you"), _perm("bears", "Grizzly Bears", "you"),
                    _perm("saddle", "Wolfrider's Saddle", "you", attached_to="wolf"), *CUBS],
                   {"wolf": "opp", "bears": "opp"})
    inst = compile_blocks(load_board(board))
    caps = [r for r in inst.restrictions if isinstance(r, MaxAttackers)]
    assert [(r.count, r.targets, r.verb) for r in caps] == [(1, frozenset({"wolf"}), "block")]
    assert not check_blocks(board, {"c1": "wolf", "c2": "wolf"}).legal
    assert check_blocks(board, {"c1": "bears", "c2": "bears"}).legal


# --- gap 10: can block only; power filters; companions; all or none ---------------------------


def test_vaporkin_blocks_fliers_only_not_reach() -> None:
    board = _board([_perm("pili", "Pili-Pala", "you"), _perm("spider", "Giant Spider", "you"),
                    _perm("vaporkin", "Vaporkin")], {"pili": "opp", "spider": "opp"})
    assert _legal(board) == _decls({}, {"vaporkin": "pili"})
    v = check_blocks(board, {"vaporkin": "spider"})
    assert not v.legal and "Vaporkin" in v.reason and "with flying" in v.reason


def test_ceratok_power_is_read_with_counters() -> None:
    board = _board([_perm("ceratok", "Enraged Ceratok", "you"), _perm("c1", "Bear Cub"),
                    _perm("c2", "Bear Cub", counters={"+1/+1": 1})], {"ceratok": "opp"})
    assert _legal(board) == _decls({}, {"c2": "ceratok"})


def test_okk_equal_power_is_not_greater() -> None:
    board = _board([_perm("bears", "Grizzly Bears", "you"), _perm("o1", "Okk"),
                    _perm("o2", "Okk")], {"bears": "opp"})
    assert _legal(board) == _decls({})


def test_okk_companion_may_block_another_attacker() -> None:
    board = _board([_perm("a1", "Grizzly Bears", "you"), _perm("a2", "Grizzly Bears", "you"),
                    _perm("okk", "Okk"), _perm("wurm", "Craw Wurm")], {"a1": "opp", "a2": "opp"})
    assert check_blocks(board, {"okk": "a1", "wurm": "a2"}).legal
    v = check_blocks(board, {"okk": "a1"})
    assert not v.legal and "Okk" in v.reason and "greater power" in v.reason


def test_okk_pumped_past_the_wurm_cant_block() -> None:
    board = _board([_perm("bears", "Grizzly Bears", "you"),
                    _perm("okk", "Okk", counters={"+1/+1": 3}), _perm("wurm", "Craw Wurm")],
                   {"bears": "opp"})
    assert _legal(board) == _decls({}, {"wurm": "bears"})


def test_two_conscripts_and_a_cub_block_together_or_the_cub_alone() -> None:
    # Each Conscripts needs two other blockers: with three creatures, all three or none of
    # the Conscripts.
    board = _board([_perm("bears", "Grizzly Bears", "you"), _perm("o1", "Orcish Conscripts"),
                    _perm("o2", "Orcish Conscripts"), _perm("cub", "Bear Cub")],
                   {"bears": "opp"})
    assert _legal(board) == _decls({}, {"cub": "bears"},
                                   {"o1": "bears", "o2": "bears", "cub": "bears"})


def test_tromokratis_unblockable_when_one_creature_cant_block_it() -> None:
    # Vaporkin can block only creatures with flying, so not all of them can block.
    board = _board([_perm("trom", "Tromokratis", "you"), _perm("c1", "Bear Cub"),
                    _perm("vaporkin", "Vaporkin")], {"trom": "opp"})
    assert _legal(board) == _decls({})
    v = check_blocks(board, {"c1": "trom"})
    assert not v.legal and "Tromokratis" in v.reason


def test_tromokratis_counts_removed_but_not_phased_out_creatures() -> None:
    # A creature removed from combat still is one the defending player controls, and it
    # can't block; a phased-out one is treated as though it doesn't exist (CR 702.26b).
    perms = [_perm("trom", "Tromokratis", "you"), *CUBS]
    removed = {**_board(perms, {"trom": "opp"}), "removed_from_combat": ["c2"]}
    assert _legal(removed) == _decls({})
    phased = _board([perms[0], CUBS[0], {**CUBS[1], "phased_out": True}], {"trom": "opp"})
    assert _legal(phased) == _decls({}, {"c1": "trom"})


def test_tromokratis_with_lure_is_blocked_by_all() -> None:
    board = _board([_perm("trom", "Tromokratis", "you"),
                    _perm("lure", "Lure", "you", attached_to="trom"), *CUBS], {"trom": "opp"})
    assert _legal(board) == _decls({"c1": "trom", "c2": "trom"})


def test_tromokratis_and_a_blocker_of_two_attackers() -> None:
    extra = {"kind": "can_block_additional", "count": 1}
    board = _board([_perm("trom", "Tromokratis", "you"), _perm("bears", "Grizzly Bears", "you"),
                    _custom("guard", 2, "opp", effects=[extra]), _perm("c1", "Bear Cub")],
                   {"trom": "opp", "bears": "opp"})
    legal = _legal(board)
    assert BlockDeclaration.from_json({"guard": ["trom", "bears"], "c1": "trom"}) in legal
    assert BlockDeclaration.from_json({"guard": ["trom", "bears"]}) not in legal


# --- the instances, by their own definitions --------------------------------------------------

SRC = Source("test", None, "CR 509.1b")


@pytest.mark.parametrize(("pairs", "ok"), [
    (set(), True),
    ({("b1", "t")}, False),
    ({("b1", "t"), ("b2", "t")}, True),
    ({("b1", "t"), ("b2", "x")}, False),
    ({("b1", "x"), ("b2", "x")}, True),
])
def test_all_or_none_definition(pairs: set[tuple[str, str]], ok: bool) -> None:
    r = AllOrNone("t", frozenset({"b1", "b2"}), SRC)
    assert obeys(r, frozenset(pairs)) is ok
    assert obeys_restriction(r, frozenset(pairs)) is ok


def test_companion_count_definition() -> None:
    r = NeedsCompanion("o", frozenset({"a", "b", "c"}), SRC, count=2, verb="block")
    assert obeys(r, frozenset({("o", "t"), ("a", "t"), ("b", "u")}))
    assert not obeys(r, frozenset({("o", "t"), ("a", "t")}))
    assert "can't block unless 2 of" in r.describe()
