"""Command-line hardening: ``--timeout`` on every solving command (never a silent truncation),
control characters in board data escaped in human output, and ``--declaration FILE|-``."""

from __future__ import annotations

import io
import json
import time
from pathlib import Path
from typing import Any

import pytest

from mtgcombat.cli.main import main
from mtgcombat.views.text import safe

INCOMPLETE = "unknown (time limit): the list above is incomplete"
EVIL_ID = "\u001b[2J"
EVIL_NAME = "Evil\nName [bold]x[/bold]"


@pytest.fixture(autouse=True)
def _wide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "220")


def _bear(pid: str, controller: str) -> dict[str, Any]:
    return {"id": pid, "name": "Bear", "types": ["Creature"], "power": 2, "toughness": 2,
            "controller": controller}


def _write(tmp_path: Path, name: str, board: dict[str, Any]) -> str:
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(board))
    return str(path)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in out and "Traceback" not in err
    return code, out, err


@pytest.fixture
def huge(tmp_path: Path) -> str:
    """40 vanilla creatures, 2 opponents: 3^40 legal attack declarations."""
    return _write(tmp_path, "huge", {
        "active_player": "you", "players": [{"name": "you"}, {"name": "a"}, {"name": "b"}],
        "permanents": [_bear(f"c{i}", "you") for i in range(40)]})


@pytest.fixture
def huge_uncountable(tmp_path: Path) -> str:
    """40 vanilla creatures, 2 opponents, Ghostly Prison for one of them: a cost to attack, so
    the declarations are not counted by groups but enumerated (with the payment check)."""
    return _write(tmp_path, "huge_uncountable", {
        "active_player": "you", "players": [{"name": "you"}, {"name": "a"}, {"name": "b"}],
        "permanents": [*(_bear(f"c{i}", "you") for i in range(40)),
                       {"id": "prison", "card": "Ghostly Prison", "controller": "a"}]})


@pytest.fixture
def huge_blocks(tmp_path: Path) -> str:
    """20 attackers, 20 untapped blockers: 21^20 legal block declarations."""
    perms = [_bear(f"a{i}", "you") for i in range(20)] + [_bear(f"b{i}", "opp")
                                                          for i in range(20)]
    return _write(tmp_path, "huge_blocks", {
        "active_player": "you", "players": [{"name": "you"}, {"name": "opp"}],
        "permanents": perms, "attack": {f"a{i}": "opp" for i in range(20)}})


@pytest.fixture
def evil(tmp_path: Path) -> str:
    """A permanent whose id clears the terminal and whose name has a newline and markup."""
    return _write(tmp_path, "evil", {
        "active_player": "you", "players": [{"name": "you"}, {"name": "opp"}],
        "permanents": [
            {**_bear(EVIL_ID, "you"), "name": EVIL_NAME},
            {"id": "goblin", "card": "Crazed Goblin", "controller": "you"},
        ]})


# -- --timeout -----------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["legal", "blocks"])
def test_listing_cut_by_the_time_limit_says_it_is_incomplete(
        capsys: pytest.CaptureFixture[str], huge_uncountable: str, huge_blocks: str,
        command: str) -> None:
    board = huge_uncountable if command == "legal" else huge_blocks
    start = time.monotonic()
    code, out, _ = run(capsys, command, board, "--timeout", "0.5")
    assert time.monotonic() - start < 10
    assert code == 0
    assert out.rstrip().splitlines()[-1] == INCOMPLETE
    assert "At least" in out


def test_interchangeable_creatures_are_counted_within_the_time_limit(
        capsys: pytest.CaptureFixture[str], huge: str) -> None:
    """40 interchangeable vanilla creatures against 2 opponents: each attacks neither, one or
    the other (CR 508.1a), so 3^40 declarations, counted exactly and the first 100 listed."""
    code, out, _ = run(capsys, "legal", huge, "--timeout", "5")
    assert code == 0
    assert out.splitlines()[0] == f"{3 ** 40} legal attack declarations."
    assert f"first 100 of {3 ** 40}" in out
    assert INCOMPLETE not in out


@pytest.mark.parametrize("command", ["legal", "blocks"])
def test_json_listing_cut_by_the_time_limit(capsys: pytest.CaptureFixture[str], huge: str,
                                            huge_blocks: str, command: str) -> None:
    board = huge if command == "legal" else huge_blocks
    code, out, _ = run(capsys, command, board, "--timeout", "0.5", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["complete"] is False and data["reason"] == "time limit"
    assert data["count"] == len(data["legal"])


def test_json_listing_with_limit_stays_as_before(capsys: pytest.CaptureFixture[str],
                                                 huge: str) -> None:
    code, out, _ = run(capsys, "legal", huge, "--timeout", "60", "--json", "--limit", "2")
    assert code == 0
    assert json.loads(out) == {"legal": [{}, {"c0": "a"}], "count": 2, "complete": False}


@pytest.mark.parametrize("args", [
    ["check"], ["check", "--attack", "c0=a"], ["explain"], ["legal"], ["legal", "--json"],
])
def test_no_time_answers_unknown(capsys: pytest.CaptureFixture[str], huge: str,
                                 args: list[str]) -> None:
    code, out, _ = run(capsys, args[0], huge, *args[1:], "--timeout", "0")
    assert code == 0
    if "--json" in args:
        assert json.loads(out)["complete"] is False
    elif args[0] == "legal":
        assert out.rstrip().splitlines()[-1] == INCOMPLETE
    else:
        assert out.strip() == "unknown (time limit)"


def test_check_json_without_time(capsys: pytest.CaptureFixture[str], huge: str) -> None:
    code, out, _ = run(capsys, "check", huge, "--timeout", "0", "--json")
    assert code == 0
    assert json.loads(out) == {"status": "unknown", "reason": "time limit"}


def test_blocks_check_and_damage_without_time(capsys: pytest.CaptureFixture[str],
                                              huge_blocks: str) -> None:
    for args in (["blocks", huge_blocks, "--check"], ["damage", huge_blocks, "--resolve"]):
        code, out, _ = run(capsys, *args, "--timeout", "0")
        assert (code, out.strip()) == (0, "unknown (time limit)")


def test_generous_timeout_changes_nothing(capsys: pytest.CaptureFixture[str],
                                          evil: str) -> None:
    assert run(capsys, "legal", evil, "--json") == run(capsys, "legal", evil, "--json",
                                                       "--timeout", "60")


# -- control characters --------------------------------------------------------------------


def test_safe_escapes_every_control_character() -> None:
    assert safe("a\x1b[2Jb\nc\td\r\x00\x7f\x85\u2028") == \
        "a\\x1b[2Jb\\nc\\td\\r\\x00\\x7f\\x85\\u2028"
    assert safe("plain [bold] é → ok") == "plain [bold] é → ok"


@pytest.mark.parametrize("args", [["show"], ["legal"], ["check"], ["explain"],
                                  ["check", "--attack", f"{EVIL_ID}=opp"]])
def test_human_output_has_no_raw_control_characters(capsys: pytest.CaptureFixture[str],
                                                     evil: str, args: list[str]) -> None:
    code, out, err = run(capsys, args[0], evil, *args[1:])
    assert code == 0
    assert "\x1b" not in out + err
    assert "Evil\nName" not in out
    if args != ["check"] and args[0] != "explain":
        assert "\\x1b[2J" in out


def test_names_are_not_rich_markup(capsys: pytest.CaptureFixture[str], evil: str) -> None:
    _code, out, _ = run(capsys, "show", evil)
    assert "Evil\\nName [bold]x[/bold]" in out


def test_json_output_keeps_the_exact_values(capsys: pytest.CaptureFixture[str],
                                            evil: str) -> None:
    _code, out, _ = run(capsys, "legal", evil, "--json")
    assert {EVIL_ID: "opp", "goblin": "opp"} in json.loads(out)["legal"]


def test_bad_key_with_a_newline_is_a_one_line_error(capsys: pytest.CaptureFixture[str],
                                                    tmp_path: Path) -> None:
    bad = _write(tmp_path, "bad", {
        "active_player": "you", "players": [{"name": "you"}, {"name": "opp"}],
        "permanents": [{"id": "x", "card": "Crazed Goblin", "controller": "you",
                        "bad\nkey\u001b": 1}]})
    code, out, err = run(capsys, "show", bad)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.endswith("\n")
    assert "\x1b" not in err


def test_unknown_id_with_control_characters_is_one_line(capsys: pytest.CaptureFixture[str],
                                                        evil: str) -> None:
    code, _out, err = run(capsys, "check", evil, "--attack", "x\x1b[2J=opp")
    assert code == 2
    assert err.count("\n") == 1 and "\x1b" not in err


# -- --declaration -------------------------------------------------------------------------


def test_declaration_file_names_ids_attack_cannot(capsys: pytest.CaptureFixture[str],
                                                  evil: str, tmp_path: Path) -> None:
    decl = tmp_path / "decl.json"
    decl.write_text(json.dumps({EVIL_ID: "opp", "goblin": "opp"}))
    code, out, _ = run(capsys, "check", evil, "--declaration", str(decl), "--json")
    assert code == 0
    assert json.loads(out)["legal"] is True


def test_declaration_from_stdin(capsys: pytest.CaptureFixture[str], evil: str,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO('{"goblin": "opp"}'))
    code, out, _ = run(capsys, "check", evil, "--declaration", "-", "--json")
    assert code == 0
    assert json.loads(out)["legal"] is True


@pytest.mark.parametrize("args", [["check", "--attack", "goblin=opp"],
                                  ["blocks", "--block", "b0=a0"], ["blocks", "--check"]])
def test_declaration_and_flags_together_is_a_usage_error(
        capsys: pytest.CaptureFixture[str], huge_blocks: str, tmp_path: Path,
        args: list[str]) -> None:
    decl = tmp_path / "decl.json"
    decl.write_text("{}")
    code, _out, err = run(capsys, args[0], huge_blocks, *args[1:], "--declaration", str(decl))
    assert code == 2
    assert "not both" in err


@pytest.mark.parametrize("command", ["check", "blocks"])
@pytest.mark.parametrize("text", ['{"goblin":', "[1, 2", "\xff"])
def test_bad_declaration_json_is_one_line_naming_the_file(
        capsys: pytest.CaptureFixture[str], huge_blocks: str, tmp_path: Path,
        command: str, text: str) -> None:
    decl = tmp_path / "decl.json"
    decl.write_bytes(text.encode("latin-1"))
    code, out, err = run(capsys, command, huge_blocks, "--declaration", str(decl))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and str(decl) in err


def test_missing_declaration_file(capsys: pytest.CaptureFixture[str], evil: str,
                                  tmp_path: Path) -> None:
    missing = str(tmp_path / "nope.json")
    code, _out, err = run(capsys, "check", evil, "--declaration", missing)
    assert code == 2 and err.count("\n") == 1 and missing in err


def test_declaration_of_the_wrong_shape_names_the_file(capsys: pytest.CaptureFixture[str],
                                                       evil: str, tmp_path: Path) -> None:
    decl = tmp_path / "decl.json"
    decl.write_text('{"goblin": 3}')
    code, _out, err = run(capsys, "check", evil, "--declaration", str(decl))
    assert code == 2
    assert err.strip() == f"mtgcombat: {decl}: $.goblin: expected a target id (string), got 3"


def test_blocks_declaration_file(capsys: pytest.CaptureFixture[str], huge_blocks: str,
                                 tmp_path: Path) -> None:
    decl = tmp_path / "blocks.json"
    decl.write_text(json.dumps({"b0": "a0", "b1": "a1"}))
    code, out, _ = run(capsys, "blocks", huge_blocks, "--declaration", str(decl), "--json")
    flags = run(capsys, "blocks", huge_blocks, "--block", "b0=a0", "--block", "b1=a1",
                "--json")
    assert code == 0
    assert json.loads(out) == json.loads(flags[1])
    assert json.loads(out)["legal"] is True


def test_help_documents_the_new_options(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("legal", "check", "explain", "blocks", "damage"):
        code, out, _ = run(capsys, command, "--help")
        assert code == 0 and "--timeout" in out and "SPEC" not in out
    for command in ("check", "blocks"):
        _code, out, _ = run(capsys, command, "--help")
        assert "--declaration" in out and "FILE|-" in out


def test_payment_search_too_large_is_unknown_not_illegal(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A payment search over its size limit is no verdict: the API raises the Undecided, the
    command line answers "unknown (...)" (never "ILLEGAL"), exit 0."""
    from mtgcombat import Declaration, load_board
    from mtgcombat.errors import SearchTooLarge
    from mtgcombat.legality.attacks import AttackEngine
    from mtgcombat.payment import search

    monkeypatch.setattr(search, "MAX_STATES", 0)
    path = str(Path(__file__).resolve().parent.parent / "models" / "article"
               / "q16_pili_pala_norns_annex.json")
    with pytest.raises(SearchTooLarge):
        AttackEngine(load_board(path)).check(Declaration.from_json({"pili": "opp"}))
    code, out, _ = run(capsys, "check", path, "--attack", "pili=opp")
    assert code == 0 and out.startswith("unknown (") and "too large" in out and "ILLEGAL" not in out
    code, out, _ = run(capsys, "check", path, "--attack", "pili=opp", "--json")
    assert code == 0 and json.loads(out)["status"] == "unknown"


def test_declaration_file_over_the_size_limit_is_bad_input(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    """A declaration file has the board file's size limit, and a FIFO or directory is refused."""
    board = _write(tmp_path, "b.json", {"active_player": "you",
                                        "players": [{"name": "you"}, {"name": "opp"}],
                                        "permanents": [_bear("bear", "you")]})
    decl = tmp_path / "d.json"
    decl.write_text(json.dumps({"bear": "opp", "pad": "x" * 200}))
    monkeypatch.setenv("MTGCOMBAT_MAX_BOARD_BYTES", "100")
    code, _, err = run(capsys, "check", board, "--declaration", str(decl))
    assert code == 2 and "over the limit of 100" in err and len(err.strip().splitlines()) == 1
    monkeypatch.delenv("MTGCOMBAT_MAX_BOARD_BYTES")
    code, _, err = run(capsys, "check", board, "--declaration", str(tmp_path))
    assert code == 2 and "not a regular file" in err


def test_echoed_declaration_values_are_cut(capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    """A huge value in a declaration is echoed cut short, on one line."""
    board = _write(tmp_path, "b.json", {"active_player": "you",
                                        "players": [{"name": "you"}, {"name": "opp"}],
                                        "permanents": [_bear("bear", "you")]})
    decl = tmp_path / "d.json"
    decl.write_text(json.dumps({"bear": ["x" * 100_000]}))
    code, _, err = run(capsys, "check", board, "--declaration", str(decl))
    assert code == 2 and len(err) < 400 and "…" in err
