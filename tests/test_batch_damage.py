"""Batch over combat damage boards (CR 510): a board that declares ``blocks`` (or any board
with ``--kind damage``) has its combat played out, and its ``resolved`` line carries what
``mtgcombat damage --resolve --json`` reports.

Expected outcomes come from the hand-worked ``resolve`` sections of ``models/damage`` (each
note adds up the damage by the card text and the rules), not from a run of the solver."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mtgcombat.batch import items as batch_items
from mtgcombat.batch.report import Summary
from mtgcombat.batch.run import BatchResult, check_many, input_files, read_inputs
from mtgcombat.cli.main import main
from tests.conftest import MODELS

DAMAGE = MODELS / "damage"
PLAYER = sorted(p.name.removesuffix(".expected.json") for p in DAMAGE.glob("*.expected.json")
                if json.loads(p.read_text())["resolve"]["maximize"] == "player")
"""The boards whose expected outcome is the attacking player's most damage to players, the
goal batch plays for."""
BEARS = {"id": "bears", "card": "Grizzly Bears", "controller": "B"}
HAND = {"id": "hand", "card": "Ayumi, the Last Visitor", "controller": "A"}
"""A 7/3 with legendary landwalk, a keyword the engine does not model."""


def board(permanents: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """A two-player board (A attacks B)."""
    return {"active_player": "A", "players": [{"name": "A"}, {"name": "B"}],
            "permanents": permanents, **extra}


def resolve_want(name: str) -> dict[str, Any]:
    want: dict[str, Any] = json.loads((DAMAGE / f"{name}.expected.json").read_text())["resolve"]
    return want


def assert_outcome(got: dict[str, Any], want: dict[str, Any]) -> None:
    """A ``resolved`` line's ``damage`` object has the hand-worked totals ``want``."""
    assert got["player_damage"] == want["player_damage"]
    assert got["kills"] == want["kills"]
    assert sorted(got["destroyed"]) == sorted(want["destroyed"])
    assert got["life"] == want["life"]
    assert got["poison"] == want.get("poison", {})
    if "object_damage" in want:
        assert got["object_damage"] == want["object_damage"]
    if "steps" in want:
        assert [(s["player_damage"], sorted(s["destroyed"])) for s in got["steps"]] == [
            (s["player_damage"], sorted(s["destroyed"])) for s in want["steps"]]


@pytest.mark.parametrize("jobs", [0, 1])
def test_damage_boards_are_played_out_as_the_rules_say(jobs: int) -> None:
    paths = [DAMAGE / f"{n}.json" for n in PLAYER]
    got = list(check_many(read_inputs(paths), jobs=jobs, kind="damage"))
    assert [r.id for r in got] == [str(p) for p in paths]
    for name, r in zip(PLAYER, got, strict=True):
        assert r.status == "resolved", (name, r.error, r.reason)
        assert r.damage is not None and r.legal is None
        assert_outcome(r.damage, resolve_want(name))
        assert [s["step"] for s in r.damage["steps"]] in (["first"], ["first", "regular"])


def test_auto_detects_damage_boards_by_their_blocks() -> None:
    blocked = board([HAND | {"card": "Grizzly Bears", "id": "a"}, BEARS],
                    attack={"a": "B"}, blocks={"bears": "a"})
    attacking = board([HAND | {"card": "Grizzly Bears", "id": "a"}, BEARS], attack={"a": "B"})
    got = list(check_many([{"id": "dmg", "board": blocked}, {"id": "blk", "board": attacking},
                           {"id": "att", "board": board([BEARS | {"controller": "A"}])}],
                          jobs=0))
    assert [r.status for r in got] == ["resolved", "listed", "listed"]
    # two 2/2s trade (CR 510.2, 704.5g); the unblocked-attack board lists blocks: none or bears
    assert got[0].damage is not None and sorted(got[0].damage["destroyed"]) == ["a", "bears"]
    assert got[1].legal == [{}, {"bears": "a"}]
    assert got[2].legal == [{}, {"bears": "B"}]


def test_kind_damage_plays_an_unblocked_attack_and_refuses_a_board_without_one() -> None:
    unblocked = board([HAND], attack={"hand": "B"})
    got = list(check_many([{"id": "u", "board": unblocked},
                           {"id": "none", "board": board([HAND])}], jobs=0, kind="damage"))
    assert got[0].status == "resolved" and got[0].damage is not None
    assert got[0].damage["life"] == {"A": 20, "B": 13}  # 7 combat damage from a 7/3
    assert got[1].status == "bad_input" and got[1].error is not None
    assert got[1].error.path == "$.board.attack"


def test_damage_line_carries_the_unmodelled_text_and_strict_refuses_it() -> None:
    b = board([HAND, BEARS], attack={"hand": "B"}, blocks={"bears": "hand"})
    r = next(check_many([{"id": "h", "board": b}], jobs=0))
    assert r.status == "resolved" and r.damage is not None
    assert r.damage["destroyed"] == ["bears"] and r.damage["life"] == {"A": 20, "B": 20}
    assert r.unmodelled is not None
    assert [(u["permanent"], u["text"].casefold()) for u in r.unmodelled] == [
        ("hand", "legendary landwalk")]
    strict = next(check_many([{"id": "h", "board": b}], jobs=0, strict=True))
    assert strict.status == "bad_input" and strict.error is not None
    assert strict.error.path == "$.board.permanents[0].card"


def test_a_declaration_for_a_damage_item_is_bad_input() -> None:
    b = board([HAND, BEARS], attack={"hand": "B"}, blocks={"bears": "hand"})
    r = next(check_many([{"id": "h", "board": b, "declaration": {"hand": "B"}}], jobs=0))
    assert r.status == "bad_input" and r.error is not None
    assert r.error.path == "$.declaration" and "no declaration" in r.error.message


def test_damage_item_over_its_time_limit_is_unknown() -> None:
    b = board([HAND, BEARS], attack={"hand": "B"}, blocks={"bears": "hand"})
    r = next(check_many([{"id": "h", "board": b}], jobs=0, timeout=1e-6))
    assert (r.status, r.reason, r.damage) == ("unknown", "time limit", None)


def test_batch_command_over_a_damage_folder(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    code = main(["batch", str(DAMAGE), "--jobs", "0", "--kind", "damage", "--out", str(out)])
    printed = capsys.readouterr().out
    rows = [BatchResult.model_validate_json(raw) for raw in out.read_text().splitlines()]
    assert code == 0 and len(rows) == len(list(DAMAGE.glob("*.expected.json")))
    assert {r.status for r in rows} == {"resolved"}
    by_name = {Path(str(r.id)).name.removesuffix(".json"): r for r in rows}
    for name in PLAYER:
        damage = by_name[name].damage
        assert damage is not None
        assert_outcome(damage, resolve_want(name))
    assert "damage resolved" in printed and str(len(rows)) in printed


def test_summary_counts_resolved_lines() -> None:
    s = Summary()
    s.add(BatchResult(id="a", source="a", status="resolved", ms=1.0, damage={}))
    s.add(BatchResult(id="b", source="b", status="listed", ms=1.0, legal=[], count=0))
    assert (s.checked, s.resolved, s.listed) == (2, 1, 1)


def test_a_new_suffix_reader_is_picked_up_in_folders(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a.json").write_text(json.dumps(board([HAND])))
    (tmp_path / "b.txt").write_text("not an input")
    assert [p.name for p in input_files([tmp_path])] == ["a.json"]
    monkeypatch.setitem(batch_items.READERS, ".txt", batch_items.read_jsonl)
    assert [p.name for p in input_files([tmp_path])] == ["a.json", "b.txt"]
    got = list(read_inputs([tmp_path]))
    assert [it.error is not None for it in got] == [False, True]  # b.txt: not JSON Lines
