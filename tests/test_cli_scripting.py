"""The command line as scripts use it: ``-`` for stdin, ``--exit-code``, ``show --json``,
"did you mean", plain cluster errors, batch over block boards, ``python -m mtgcombat``, help.

Expected answers come from the cards' rules text: Silent Arbiter ("No more than one creature
can attack each combat", so two attackers are illegal), Vampire Nighthawk's flying (CR
702.9b: Bear Cub, no flying or reach, can't block it), CR 509.1 (a creature may block an
attacker it is able to block, or not block), CR 510.1c (a blocked creature without trample
assigns its damage among its blockers only) and CR 508.1 (with nothing restricting, every
set of attackers is legal).
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mtgcombat.cli.main import main
from mtgcombat.cli.scripting import EXIT_ILLEGAL, EXIT_UNKNOWN

PLAYERS = [{"name": "you"}, {"name": "opp"}]
Q3 = {"active_player": "you", "players": PLAYERS, "permanents": [
    {"id": "goblin", "card": "Crazed Goblin", "controller": "you"},
    {"id": "arbiter", "card": "Silent Arbiter", "controller": "you"},
    {"id": "avatar", "card": "Avatar of Slaughter", "controller": "you"},
]}
"""Article, Question #3: at most one of the two must-attack creatures may attack."""
BEARS = {"active_player": "you", "players": PLAYERS, "permanents": [
    {"id": "bears", "card": "Grizzly Bears", "controller": "you"}]}
"""A vanilla creature: it attacks opp or doesn't (two legal declarations)."""
BLOCKS = {"active_player": "you", "players": PLAYERS, "permanents": [
    {"id": "bears", "card": "Grizzly Bears", "controller": "you"},
    {"id": "hawk", "card": "Vampire Nighthawk", "controller": "you"},
    {"id": "cub", "card": "Bear Cub", "controller": "opp"},
], "attack": {"bears": "opp", "hawk": "opp"}}
"""Bear Cub can block Grizzly Bears but not the flying Nighthawk: {} and {cub: bears}."""
DAMAGE = {"active_player": "you", "players": PLAYERS, "permanents": [
    {"id": "bears", "card": "Grizzly Bears", "controller": "you"},
    {"id": "cub", "card": "Bear Cub", "controller": "opp"},
], "attack": {"bears": "opp"}, "blocks": {"cub": "bears"}}


@pytest.fixture(autouse=True)
def _wide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "220")


def write(tmp_path: Path, name: str, board: dict[str, Any]) -> str:
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(board))
    return str(path)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def stdin(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))


# -- '-': the board from standard input ------------------------------------------------------


def test_board_from_stdin(capsys: pytest.CaptureFixture[str],
                          monkeypatch: pytest.MonkeyPatch) -> None:
    stdin(monkeypatch, json.dumps(BEARS))
    code, out, _ = run(capsys, "legal", "-", "--json")
    assert code == 0
    assert json.loads(out)["legal"] == [{}, {"bears": "opp"}]


def test_bad_board_from_stdin_is_named_stdin(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    stdin(monkeypatch, '{"active_player": "you", "players": []')
    code, _, err = run(capsys, "show", "-")
    assert code == 2 and err.startswith("mtgcombat: <stdin>: ")


def test_stdin_board_is_bounded(capsys: pytest.CaptureFixture[str],
                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MTGCOMBAT_MAX_BOARD_BYTES", "50")
    stdin(monkeypatch, json.dumps(Q3))
    code, _, err = run(capsys, "legal", "-")
    assert code == 2 and "over the limit of 50" in err


def test_board_and_declaration_cannot_both_be_stdin(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    stdin(monkeypatch, json.dumps(BEARS))
    code, _, err = run(capsys, "check", "-", "--declaration", "-")
    assert code == 2 and "both be '-'" in err


@pytest.mark.parametrize(("text", "message"), [
    ("", "the file is empty"),
    ("  \n\n", "the file is empty"),
    ("active_player: you\nplayers:\n  - name: you\n", "this looks like YAML; boards are JSON"),
    ("---\nactive_player: you\n", "this looks like YAML; boards are JSON"),
])
def test_empty_or_yaml_board_says_so(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                     text: str, message: str) -> None:
    path = tmp_path / "board.json"
    path.write_text(text)
    code, _, err = run(capsys, "show", str(path))
    assert code == 2 and f"{path}: {message}" in err


def test_broken_json_is_still_invalid_json(capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    path = tmp_path / "board.json"
    path.write_text('{"active_player": "you",,}')
    code, _, err = run(capsys, "show", str(path))
    assert code == 2 and "invalid JSON at line 1" in err and "YAML" not in err


# -- --exit-code -------------------------------------------------------------------------------


def test_check_exit_code(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    q3 = write(tmp_path, "q3", Q3)
    both = ("--attack", "goblin=opp", "--attack", "avatar=opp")
    assert run(capsys, "check", q3, *both)[0] == 0  # the verdict alone does not fail
    assert run(capsys, "check", q3, *both, "--exit-code")[0] == EXIT_ILLEGAL
    assert run(capsys, "check", q3, "--attack", "goblin=opp", "--exit-code")[0] == 0
    assert run(capsys, "check", q3, "--attack", "nobody=opp", "--exit-code")[0] == 2


def test_unknown_exit_code(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    q3 = write(tmp_path, "q3", Q3)
    code, out, _ = run(capsys, "check", q3, "--timeout", "0", "--exit-code", "--json")
    assert code == EXIT_UNKNOWN and json.loads(out)["status"] == "unknown"
    assert run(capsys, "check", q3, "--timeout", "0")[0] == 0
    code, out, _ = run(capsys, "legal", q3, "--timeout", "0", "--exit-code", "--json")
    assert code == EXIT_UNKNOWN and json.loads(out)["complete"] is False
    assert run(capsys, "legal", q3, "--timeout", "0", "--exit-code")[0] == EXIT_UNKNOWN
    assert run(capsys, "legal", q3, "--exit-code")[0] == 0


def test_blocks_exit_code(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    board = write(tmp_path, "blocks", BLOCKS)
    assert run(capsys, "blocks", board, "--block", "cub=hawk", "--exit-code")[0] == EXIT_ILLEGAL
    assert run(capsys, "blocks", board, "--block", "cub=bears", "--exit-code")[0] == 0
    assert run(capsys, "blocks", board, "--check", "--exit-code")[0] == 0
    code, out, _ = run(capsys, "blocks", board, "--json", "--exit-code")
    assert code == 0 and json.loads(out)["legal"] == [{}, {"cub": "bears"}]


def test_damage_exit_code(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    board = write(tmp_path, "damage", DAMAGE)
    args = ("damage", board, "--step", "regular", "--exit-code")
    assert run(capsys, *args, "--assign", "bears=opp:2")[0] == EXIT_ILLEGAL
    assert run(capsys, *args, "--assign", "bears=cub:2")[0] == 0


# -- show --json -------------------------------------------------------------------------------


def test_show_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "show", write(tmp_path, "q3", Q3), "--json")
    data = json.loads(out)
    assert code == 0 and data["blocks"] is None
    assert [p["name"] for p in data["players"]] == ["you", "opp"]
    code, out, _ = run(capsys, "show", write(tmp_path, "blocks", BLOCKS), "--json")
    data = json.loads(out)
    assert data["blocks"]["declared_attack"] == {"bears": "opp", "hawk": "opp"}


def test_show_json_says_why_blocks_are_missing(capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path) -> None:
    """Two defending players attacked and no blocking_player: blocks can't be compiled
    (CR 509.1: the defending player declares blockers), the attack part still shows."""
    board = {**BLOCKS, "players": [*PLAYERS, {"name": "third"}],
             "attack": {"bears": "opp", "hawk": "third"}}
    code, out, _ = run(capsys, "show", write(tmp_path, "two", board), "--json")
    data = json.loads(out)
    assert code == 0 and data["blocks"] is None and "blocking_player" in data["blocks_error"]
    assert data["attack"] is not None


# -- did you mean; errors name the file ------------------------------------------------------


@pytest.mark.parametrize(("args", "hint"), [
    (("check", "Q3", "--attack", "gobln=opp"), "did you mean 'goblin'?"),
    (("check", "Q3", "--attack", "goblin=op"), "did you mean 'opp'?"),
    (("blocks", "BLOCKS", "--block", "cub=bear"), "did you mean 'bears'?"),
    (("blocks", "BLOCKS", "--block", "cubb=bears"), "did you mean 'cub'?"),
])
def test_did_you_mean(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                      args: tuple[str, ...], hint: str) -> None:
    boards = {"Q3": write(tmp_path, "q3", Q3), "BLOCKS": write(tmp_path, "blocks", BLOCKS)}
    code, _, err = run(capsys, *[boards.get(a, a) for a in args])
    assert code == 2 and hint in err


def test_no_suggestion_when_nothing_is_close(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    code, _, err = run(capsys, "check", write(tmp_path, "q3", Q3), "--attack", "zzz=opp")
    assert code == 2 and "no permanent with id 'zzz'" in err and "did you mean" not in err


@pytest.mark.parametrize("command", [["blocks"], ["damage", "--resolve"]])
def test_blocks_and_damage_errors_name_the_file(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path, command: list[str]) -> None:
    """A board without a declared attack can't be blocked or deal combat damage."""
    path = write(tmp_path, "noattack", BEARS)
    code, _, err = run(capsys, command[0], path, *command[1:])
    assert code == 2 and err.startswith(f"mtgcombat: {path}: $.")


# -- batch -------------------------------------------------------------------------------------


def lines(out: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def test_missing_batch_input_is_bad_input(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    good = write(tmp_path, "bears", BEARS)
    missing = str(tmp_path / "nope.json")
    code, out, err = run(capsys, "batch", good, missing, "--jobs", "0")
    assert code == 2 and f"{missing}: no such file" in err and not lines(out)


def test_batch_detects_block_boards(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    blocks, bears = write(tmp_path, "blocks", BLOCKS), write(tmp_path, "bears", BEARS)
    code, out, _ = run(capsys, "batch", blocks, bears, "--jobs", "0")
    got = {r["id"]: r for r in lines(out)}
    assert code == 0
    assert got[blocks]["legal"] == [{}, {"cub": "bears"}]
    assert got[bears]["legal"] == [{}, {"bears": "opp"}]
    code, out, _ = run(capsys, "batch", blocks, "--jobs", "0", "--kind", "attacks")
    assert lines(out)[0]["count"] == 4  # bears and hawk each attack opp or not
    code, out, _ = run(capsys, "batch", bears, "--jobs", "0", "--kind", "blocks")
    assert lines(out)[0]["status"] == "bad_input"  # no attack to block


def test_batch_block_checks_from_stdin(capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    items = [{"id": "hawk", "board": BLOCKS, "declaration": {"cub": "hawk"}},
             {"id": "bears", "board": BLOCKS, "declaration": {"cub": "bears"}},
             {"id": "attack", "board": BEARS, "declaration": {"bears": "opp"}}]
    stdin(monkeypatch, "\n".join(json.dumps(i) for i in items) + "\n")
    code, out, _ = run(capsys, "batch", "-", "--jobs", "0")
    got = {r["id"]: r for r in lines(out)}
    assert code == 0
    assert got["hawk"]["status"] == "illegal" and got["bears"]["status"] == "legal"
    assert got["attack"]["status"] == "legal"
    assert got["hawk"]["source"] == "<stdin>:1"


def test_batch_stdin_bad_line_is_bad_input(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    stdin(monkeypatch, "not json\n")
    code, out, _ = run(capsys, "batch", "-", "--jobs", "0")
    assert code == 0 and lines(out)[0]["status"] == "bad_input"


def test_missing_cluster_extra(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import fails: not installed
    code, _, err = run(capsys, "batch", write(tmp_path, "b", BEARS),
                       "--scheduler", "tcp://127.0.0.1:8786")
    assert code == 1 and "pip install 'mtgcombat[cluster]'" in err
    assert "internal error" not in err and "ModuleNotFoundError" not in err


def test_unreachable_scheduler(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    import distributed

    def refuse(address: str) -> None:
        raise OSError(f"Timed out trying to connect to {address} after 30 s")

    monkeypatch.setattr(distributed, "Client", refuse)
    out_file = tmp_path / "out.jsonl"
    code, _, err = run(capsys, "batch", write(tmp_path, "b", BEARS), "--out", str(out_file),
                       "--scheduler", "tcp://10.9.9.9:8786")
    assert code == 1 and "can't reach the Dask scheduler at tcp://10.9.9.9:8786" in err
    assert "internal error" not in err and "OSError:" not in err
    assert not out_file.exists() or out_file.read_text() == ""


# -- python -m, help ---------------------------------------------------------------------------


def test_python_dash_m(tmp_path: Path) -> None:
    both = ["--attack", "goblin=opp", "--attack", "avatar=opp", "--exit-code"]
    proc = subprocess.run([sys.executable, "-m", "mtgcombat", "check", "-", *both],
                          input=json.dumps(Q3), capture_output=True, text=True, timeout=120)
    assert proc.returncode == EXIT_ILLEGAL, proc.stderr
    assert proc.stdout.startswith("ILLEGAL")


def test_completion_script_as_documented() -> None:
    env = {**__import__("os").environ, "_MTGCOMBAT_COMPLETE": "bash_source"}
    proc = subprocess.run([sys.executable, "-m", "mtgcombat"], capture_output=True, text=True,
                          env=env, timeout=120)
    assert proc.returncode == 0 and "_mtgcombat_completion" in proc.stdout


def test_help_texts(capsys: pytest.CaptureFixture[str]) -> None:
    _, top, _ = run(capsys, "--help")
    for word in ("blocks", "damage", "CR 509.1", "CR 510", "--exit-code",
                 "_MTGCOMBAT_COMPLETE=bash_source mtgcombat", "standard input"):
        assert word in top, word
    _, blocks, _ = run(capsys, "blocks", "--help")
    assert "--list-only" not in blocks and "List every legal block declaration" in blocks
    assert "--exit-code" in blocks
    _, serve, _ = run(capsys, "serve", "--help")
    port = serve[serve.index("--port"):].split("\n")[0]
    assert "TCP port" in port
    _, batch, _ = run(capsys, "batch", "--help")
    assert "--kind" in batch and "standard input" in batch
