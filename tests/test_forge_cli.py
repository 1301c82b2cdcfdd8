"""``mtgcombat import forge`` and ``.pzl`` inputs to ``mtgcombat batch`` (issue 21)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgcombat.batch.items import Options, read_inputs
from mtgcombat.batch.worker import run_item
from mtgcombat.board.model import load_board
from mtgcombat.cli.main import main
from tests.conftest import MODELS

FORGE = MODELS / "forge"
PP05 = str(FORGE / "PP05.pzl")


def test_import_writes_the_board_and_prints_question_and_notes(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", "forge", str(FORGE / "PS_IKO1.pzl")]) == 0
    out, err = capsys.readouterr()
    board = json.loads(out)
    assert load_board(board).active_player == "human"
    assert "question: attacks" in err
    assert "! chittering_harvester: option 'mergedcards:Necropanther'" in err
    assert "- human library: 30 card(s) not imported" in err
    # notes that may change the answer come first
    lines = [ln.strip() for ln in err.splitlines()[1:]]
    assert lines[0].startswith("!") and lines[-1].startswith("-")


def test_import_to_a_file_and_as_json(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "pp05.json"
    assert main(["import", "forge", PP05, "-o", str(target)]) == 0
    out, _ = capsys.readouterr()
    assert out == ""
    board = json.loads(target.read_text("utf-8"))
    assert set(board["attack"]) == {"id18", "goblin_bushwhacker", "perilous_myr",
                                    "perilous_myr_2"}
    assert main(["import", "forge", PP05, "--json"]) == 0
    whole = json.loads(capsys.readouterr()[0])
    assert whole["question"] == "blocks" and whole["board"] == board
    assert whole["name"].startswith("Pauper Puzzles #05")
    assert whole["notes"] == [{"kind": "zone", "where": "human library",
                               "message": "6 card(s) not imported", "matters": False}]


def test_strict_fails_only_when_a_note_matters(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", "forge", PP05, "--strict"]) == 0
    assert main(["import", "forge", str(FORGE / "PC_122915.pzl"), "--strict"]) == 2
    out, _ = capsys.readouterr()
    assert out  # the board is still written


def test_a_file_that_is_no_puzzle_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", "forge", str(FORGE / "README.md")]) == 2
    assert "no [state] section" in capsys.readouterr()[1]
    assert main(["import", "forge", str(FORGE / "missing.pzl")]) == 2
    assert "no such file" in capsys.readouterr()[1]


def test_batch_reads_puzzle_folders_and_reports_question_notes_and_summary() -> None:
    """A folder stands for its ``.pzl`` files (its README is not an input); a puzzle's line
    has the question, the notes and the judge's summary of its legal declarations. PP05's
    answer is derived in test_forge_puzzles: 125 blocks, no blocker forced or excluded."""
    items = list(read_inputs([FORGE]))
    assert len(items) == 40 and all(i.puzzle is not None for i in items)
    pp05 = next(i for i in items if str(i.id).endswith("PP05.pzl"))
    result = run_item(pp05, Options(timeout=60)).to_json()
    assert result["status"] == "listed" and result["question"] == "blocks"
    assert result["count"] == 125
    assert result["summary"] == {"count": 125, "in_every": [],
                                 "in_none": []}
    assert result["notes"][0]["where"] == "human library"
    # Nivix Cyclops's cast trigger ("gets +3/+0 until end of turn and can attack this turn as
    # though it didn't have defender") is modelled: nothing of the puzzle's text is ignored.
    assert "unmodelled" not in result
