"""Blocks (CR 509.1): models/blocks boards with answers derived from the rules, the
CLI, and the block vocabulary's registry."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mtgcombat.board.declaration import BlockDeclaration
from mtgcombat.board.model import load_board
from mtgcombat.cli.main import main
from mtgcombat.compile.attacks import BLOCK_KINDS
from mtgcombat.compile.blocks import BLOCK_COMPILERS
from mtgcombat.errors import BoardError, DeclarationError
from mtgcombat.legality.blocks import BlockEngine, check_blocks, legal_blocks

BLOCKS = Path(__file__).resolve().parent.parent / "models" / "blocks"
CASES = sorted(p.name.removesuffix(".json") for p in BLOCKS.glob("*.json")
               if not p.name.endswith(".expected.json"))


def _expected(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((BLOCKS / f"{name}.expected.json").read_text())
    return data


def _set(maps: list[dict[str, Any]]) -> set[BlockDeclaration]:
    return {BlockDeclaration.from_json(m) for m in maps}


def test_corpus_has_the_issue_boards() -> None:
    assert {"cr509_1c_menace_must_block", "lure_flier", "menace_silent_arbiter",
            "nacatl_three_blockers", "war_cadence_declined"} <= set(CASES)


@pytest.mark.parametrize("name", CASES)
def test_block_board(name: str) -> None:
    check_block_board(BLOCKS / f"{name}.json", _expected(name))


def check_block_board(path: Path, exp: dict[str, Any]) -> None:
    """The board's legal block declarations and single checks are those of ``exp``."""
    board = load_board(path)
    engine = BlockEngine(board)
    if "legal" in exp:
        got = list(engine.legal())
        assert got == sorted(got, key=BlockDeclaration.sort_key)
        assert set(got) == _set(exp["legal"])
        for d in got:
            assert engine.check(d).legal
    if "legal_if_payable" in exp:
        assert set(engine.legal(assume_payable=True)) == _set(exp["legal_if_payable"])
    for chk in exp.get("checks", []):
        v = engine.check(BlockDeclaration.from_json(chk["declaration"]),
                         assume_payable=chk.get("assume_payable", False))
        assert v.legal == chk["legal"], (chk, v.reason)
        if "kind" in chk:
            assert v.kind == chk["kind"], (chk, v.reason)


def test_every_block_kind_has_a_compiler() -> None:
    assert set(BLOCK_KINDS) == set(BLOCK_COMPILERS)


def test_witness_names_the_better_block() -> None:
    board = load_board(BLOCKS / "cr509_1c_menace_must_block.json")
    v = check_blocks(board, {})
    assert not v.legal and v.witness == BlockDeclaration([("dog", "brute"), ("cub", "brute")])
    assert v.witness_obeys and "dog" in v.witness_obeys[0]


def test_multi_block_json_shape() -> None:
    board = load_board(BLOCKS / "block_additional_creature.json")
    shapes = [d.to_json() for d in legal_blocks(board)]
    assert shapes == [{"guard": "a1"}, {"guard": "a2"}, {"guard": ["a1", "a2"]}]


def test_unknown_ids_and_non_candidates() -> None:
    board = load_board(BLOCKS / "lure_flier.json")
    with pytest.raises(DeclarationError):
        check_blocks(board, {"ghost": "angel"})
    v = check_blocks(board, {"cub": "angel"})
    assert v.kind == "not_a_candidate"
    v = check_blocks(board, {"spider": "lure"})
    assert v.kind == "illegal_target"


def test_blocking_player_needed_in_multiplayer() -> None:
    data: dict[str, Any] = {
        "active_player": "you", "players": [{"name": "you"}, {"name": "a"}, {"name": "b"}],
        "permanents": [{"id": "x", "card": "Bear Cub", "controller": "you"},
                       {"id": "y", "card": "Bear Cub", "controller": "you"},
                       {"id": "w", "card": "Bear Cub", "controller": "a"}],
        "attack": {"x": "a", "y": "b"}}
    with pytest.raises(BoardError, match="blocking_player"):
        BlockEngine(load_board(data))
    data["blocking_player"] = "a"
    engine = BlockEngine(load_board(data))
    assert [t.id for t in engine.inst.targets] == ["x"]
    assert set(engine.legal()) == {BlockDeclaration(), BlockDeclaration([("w", "x")])}


def test_hollow_warrior_block_cost_taps_a_non_blocker() -> None:
    data: dict[str, Any] = {
        "active_player": "you", "players": [{"name": "you"}, {"name": "opp"}],
        "permanents": [{"id": "a", "card": "Bear Cub", "controller": "you"},
                       {"id": "hw", "card": "Hollow Warrior", "controller": "opp"},
                       {"id": "cub", "card": "Bear Cub", "controller": "opp"}],
        "attack": {"a": "opp"}}
    board = load_board(data)
    assert check_blocks(board, {"hw": "a"}).legal  # taps the Bear Cub
    v = check_blocks(board, {"hw": "a", "cub": "a"})  # the cub blocks: nothing left to tap
    assert not v.legal and v.kind == "payment"


def test_cli_blocks(capsys: pytest.CaptureFixture[str]) -> None:
    board = str(BLOCKS / "nacatl_three_blockers.json")
    assert main(["blocks", board, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == {"legal": [{"c1": "nacatl"}, {"c2": "nacatl"}, {"c3": "nacatl"}], "count": 3}
    assert main(["blocks", board, "--block", "c1=nacatl", "--block", "c2=nacatl",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["legal"] is False and out["witness"] is not None
    assert main(["blocks", board]) == 0
    text = capsys.readouterr().out
    assert text.startswith("3 legal block declarations")
    assert main(["blocks", board, "--block", "c9=nacatl"]) == 2
    assert main(["show", board]) == 0
    shown = capsys.readouterr().out
    assert "Declared attack" in shown and "exactly one creature blocks nacatl" in shown


def test_watchdog_shrinks_only_creatures_attacking_its_controller() -> None:
    """Watchdog: "As long as this creature is untapped, all creatures attacking you get
    -1/-0" — not creatures attacking a planeswalker, not while Watchdog is tapped."""
    from mtgcombat.board.characteristics import View

    def powers(dog_tapped: bool) -> dict[str, int | None]:
        board = load_board({
            "active_player": "you", "players": [{"name": "you"}, {"name": "opp"}],
            "permanents": [
                {"id": "a", "card": "Grizzly Bears", "controller": "you"},
                {"id": "b", "card": "Grizzly Bears", "controller": "you"},
                {"id": "c", "card": "Grizzly Bears", "controller": "you"},
                {"id": "pw", "name": "PW", "types": ["Planeswalker"], "controller": "opp"},
                {"id": "dog", "card": "Watchdog", "controller": "opp", "tapped": dog_tapped}],
            "attack": {"a": "opp", "b": "pw"}})
        view = View(board)
        return {k: view.objects[k].power for k in ("a", "b", "c")}

    assert powers(False) == {"a": 1, "b": 2, "c": 2}
    assert powers(True) == {"a": 2, "b": 2, "c": 2}


def test_show_says_why_blocks_cant_be_shown(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    """A multiplayer attack without blocking_player: show keeps the attack part and names the
    missing field instead of failing (blocking_player is required there)."""
    data = {"active_player": "you", "players": [{"name": "you"}, {"name": "a"}, {"name": "b"}],
            "permanents": [{"id": "x", "card": "Bear Cub", "controller": "you"},
                           {"id": "y", "card": "Bear Cub", "controller": "you"}],
            "attack": {"x": "a", "y": "b"}}
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data))
    assert main(["show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Targets" in out and "blocking_player is required" in out
    assert main(["blocks", str(path)]) == 2


def test_not_candidate_reasons_come_from_the_instances() -> None:
    board = load_board(BLOCKS / "lure_flier.json")
    engine = BlockEngine(board)
    assert engine.inst.permanent_ids == {"angel", "lure", "cub", "bears", "spider"}
    assert dict(engine.inst.not_declarable) == {
        pid: "not a creature opp controls" for pid in ("angel", "lure", "cub")}
    engine.board = None  # type: ignore[assignment]
    v = engine.check({"cub": "angel"})
    assert v.reason == "cub can't be declared as a blocker: not a creature opp controls (CR 509.1a)"
    with pytest.raises(DeclarationError, match="no permanent with id 'ghost'"):
        engine.check({"spider": "ghost"})
