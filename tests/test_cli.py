"""The command line, run in-process through ``main([...])``.

Expected answers come from the article (Question #3, the Magnetic Web example, Question #6's
"you can just choose to not pay") and from CR 508.1 (every declaration is legal when nothing
restricts or requires; canonical order).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mtgcombat.cli.main import main

YOU_OPP = [{"name": "you"}, {"name": "opp"}]


@pytest.fixture(autouse=True)
def _wide(monkeypatch: pytest.MonkeyPatch) -> None:
    """Wide tables, so a cell's text stays on one line."""
    monkeypatch.setenv("COLUMNS", "220")


def write(tmp_path: Path, name: str, permanents: list[dict[str, Any]],
          players: list[dict[str, Any]] | None = None) -> str:
    board = {"active_player": "you", "players": players or YOU_OPP, "permanents": permanents}
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(board))
    return str(path)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Exit status, stdout, stderr; never a traceback."""
    code = main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in out and "Traceback" not in err
    return code, out, err


@pytest.fixture
def q3(tmp_path: Path) -> str:
    """Article, Question #3: Silent Arbiter, Avatar of Slaughter and Crazed Goblin."""
    return write(tmp_path, "q3", [
        {"id": "goblin", "card": "Crazed Goblin", "controller": "you"},
        {"id": "arbiter", "card": "Silent Arbiter", "controller": "you"},
        {"id": "avatar", "card": "Avatar of Slaughter", "controller": "you"},
    ])


@pytest.fixture
def web(tmp_path: Path) -> str:
    """Article, Complication #3: the opponent's Crawlspace; Crazed Goblin, Magnetic Web, Ekundu
    Cyclops and Bear Cub with magnet counters (the conditional-requirement process)."""
    return write(tmp_path, "web", [
        {"id": "crawl", "card": "Crawlspace", "controller": "opp"},
        {"id": "goblin", "card": "Crazed Goblin", "controller": "you"},
        {"id": "web", "card": "Magnetic Web", "controller": "you"},
        {"id": "cyclops", "card": "Ekundu Cyclops", "controller": "you",
         "counters": {"magnet": 1}},
        {"id": "cub", "card": "Bear Cub", "controller": "you", "counters": {"magnet": 1}},
    ])


@pytest.fixture
def two_cubs(tmp_path: Path) -> str:
    """Nothing restricts or requires: every declaration is legal."""
    return write(tmp_path, "cubs", [
        {"id": "a", "card": "Bear Cub", "controller": "you"},
        {"id": "b", "card": "Bear Cub", "controller": "you"},
    ])


# -- legal ---------------------------------------------------------------------------------


def test_legal_json_question_3(capsys: pytest.CaptureFixture[str], q3: str) -> None:
    code, out, _ = run(capsys, "legal", q3, "--json")
    assert code == 0
    assert json.loads(out) == {"legal": [{"goblin": "opp"}], "count": 1}


def test_legal_json_is_canonical_and_complete(capsys: pytest.CaptureFixture[str],
                                              two_cubs: str) -> None:
    code, out, _ = run(capsys, "legal", two_cubs, "--json")
    assert code == 0
    assert json.loads(out) == {
        "legal": [{}, {"a": "opp"}, {"b": "opp"}, {"a": "opp", "b": "opp"}], "count": 4}


@pytest.mark.parametrize(("limit", "expected"), [
    (0, {"legal": [], "count": 0, "complete": False}),
    (2, {"legal": [{}, {"a": "opp"}], "count": 2, "complete": False}),
    (4, {"legal": [{}, {"a": "opp"}, {"b": "opp"}, {"a": "opp", "b": "opp"}], "count": 4}),
    (9, {"legal": [{}, {"a": "opp"}, {"b": "opp"}, {"a": "opp", "b": "opp"}], "count": 4}),
])
def test_legal_limit(capsys: pytest.CaptureFixture[str], two_cubs: str, limit: int,
                     expected: dict[str, Any]) -> None:
    code, out, _ = run(capsys, "legal", two_cubs, "--json", "--limit", str(limit))
    assert code == 0
    assert json.loads(out) == expected


def test_legal_human_summary_names_must_attack(capsys: pytest.CaptureFixture[str],
                                               q3: str) -> None:
    code, out, _ = run(capsys, "legal", q3)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("1 legal attack declaration")
    must = next(s for s in lines if s.startswith("Must attack"))
    never = next(s for s in lines if s.startswith("Can't attack"))
    assert "goblin" in must and "arbiter" not in must and "avatar" not in must
    assert "arbiter" in never and "avatar" in never and "goblin" not in never
    assert "goblin=opp" in out


def test_legal_human_limit_shows_first_rows_but_counts_all(
        capsys: pytest.CaptureFixture[str], two_cubs: str) -> None:
    code, out, _ = run(capsys, "legal", two_cubs, "--limit", "1")
    assert code == 0
    assert out.startswith("4 legal attack declarations")
    assert "first 1 of 4" in out
    must = next(s for s in out.splitlines() if s.startswith("Must attack"))
    assert must.endswith("none")


def test_legal_payment_checked_unless_assumed(capsys: pytest.CaptureFixture[str],
                                       tmp_path: Path) -> None:
    """Article Question #6's point: you may decline Propaganda's cost and not attack."""
    board = write(tmp_path, "prop", [
        {"id": "goblin", "card": "Crazed Goblin", "controller": "you"},
        {"id": "prop", "card": "Propaganda", "controller": "opp"},
    ])
    code, out, _ = run(capsys, "legal", board, "--json", "--assume-payable")
    assert code == 0
    assert json.loads(out) == {"legal": [{}, {"goblin": "opp"}], "count": 2}
    # With payment checked (CR 508.1g-j) the player has no mana: only not attacking is legal.
    code, out, _ = run(capsys, "legal", board, "--json")
    assert code == 0
    assert json.loads(out) == {"legal": [{}], "count": 1}
    code, out, _ = run(capsys, "legal", board)
    assert "assumed payable" not in out
    code, out, _ = run(capsys, "legal", board, "--assume-payable")
    assert "assumed payable" in out


def test_legal_conditional_magnetic_web(capsys: pytest.CaptureFixture[str], web: str) -> None:
    code, out, _ = run(capsys, "legal", web, "--json")
    assert code == 0
    assert json.loads(out) == {"legal": [{"cyclops": "opp", "goblin": "opp"}], "count": 1}


# -- check ---------------------------------------------------------------------------------


def test_check_legal_declaration(capsys: pytest.CaptureFixture[str], q3: str) -> None:
    code, out, _ = run(capsys, "check", q3, "--attack", "goblin=opp", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["legal"] is True
    assert data["witness"] is None
    assert isinstance(data["reason"], str) and data["reason"]
    code, out, _ = run(capsys, "check", q3, "--attack", "goblin=opp")
    assert code == 0
    assert out.startswith("LEGAL")


def test_check_empty_declaration_prints_witness(capsys: pytest.CaptureFixture[str],
                                                q3: str) -> None:
    """Question #3: not attacking obeys 0 requirements; Crazed Goblin alone obeys 2."""
    code, out, _ = run(capsys, "check", q3, "--json")
    assert code == 0
    data = json.loads(out)
    assert data["legal"] is False
    assert data["witness"] == {"goblin": "opp"}
    code, out, _ = run(capsys, "check", q3)
    assert code == 0
    assert out.startswith("ILLEGAL")
    assert "A better declaration" in out and "--attack goblin=opp" in out
    assert "Crazed Goblin" in out  # a requirement the better declaration obeys


def test_check_other_creature_is_illegal(capsys: pytest.CaptureFixture[str], q3: str) -> None:
    """Question #3: attacking with either other creature only satisfies 1 requirement."""
    for creature in ("arbiter", "avatar"):
        code, out, _ = run(capsys, "check", q3, "--attack", f"{creature}=opp", "--json")
        assert code == 0
        data = json.loads(out)
        assert data["legal"] is False
        assert data["witness"] == {"goblin": "opp"}


def test_check_violated_restriction(capsys: pytest.CaptureFixture[str], q3: str) -> None:
    code, out, _ = run(capsys, "check", q3, "--attack", "goblin=opp", "--attack", "avatar=opp")
    assert code == 0
    assert out.startswith("ILLEGAL")
    assert "Violated restrictions" in out and "Silent Arbiter" in out


def test_check_conditional_shows_branch(capsys: pytest.CaptureFixture[str], web: str) -> None:
    code, out, _ = run(capsys, "check", web, "--attack", "goblin=opp", "--attack",
                       "cyclops=opp")
    assert code == 0
    assert out.startswith("LEGAL")
    assert "the stages of re-checking them" in out
    code, out, _ = run(capsys, "check", web, "--attack", "cyclops=opp", "--attack", "cub=opp",
                       "--json")
    assert json.loads(out)["legal"] is False


@pytest.mark.parametrize("args", [
    ["--attack", "nobody=opp"],
    ["--attack", "goblin=nowhere"],
    ["--attack", "goblin"],
    ["--attack", "goblin=opp", "--attack", "goblin=you2"],
])
def test_check_bad_declaration_exits_2(capsys: pytest.CaptureFixture[str], q3: str,
                                       args: list[str]) -> None:
    code, out, err = run(capsys, "check", q3, *args)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert "declaration" in err


def test_check_bad_board_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"active_player": "you", "players": YOU_OPP, "permanents": [
        {"id": "goblin", "card": "Crazed Goblin", "controller": "you", "tapped": "yes"}]}))
    code, out, err = run(capsys, "check", str(path), "--attack", "goblin=opp")
    assert code == 2
    assert err.strip() == (f"mtgcombat: {path}: $.permanents[0].tapped: "
                           'expected a JSON boolean (true or false), got "yes"')


def test_missing_file_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for command in ("show", "legal", "check", "explain"):
        code, out, err = run(capsys, command, str(tmp_path / "missing.json"))
        assert code == 2
        assert out == ""
        assert err.strip().splitlines() == [f"mtgcombat: {tmp_path / 'missing.json'}: "
                                            "no such file"]


def test_internal_error_exits_1(capsys: pytest.CaptureFixture[str], q3: str,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    from mtgcombat.legality.attacks import AttackEngine

    def boom(self: AttackEngine, **_: object) -> None:
        raise RuntimeError("solver on fire")

    monkeypatch.delenv("MTGCOMBAT_DEBUG", raising=False)
    monkeypatch.setattr(AttackEngine, "legal", boom)
    code, _, err = run(capsys, "legal", q3)
    assert code == 1
    assert len(err.strip().splitlines()) == 1
    assert "internal error" in err and "solver on fire" in err


# -- show ----------------------------------------------------------------------------------


def test_show_lists_goad_as_two_instances(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    """CR 701.15b: a goaded creature gets "attacks" and "attacks a player other than" the
    goader; tapped and summoning-sick creatures are listed with why they can't attack."""
    board = write(tmp_path, "goad", [
        {"id": "cub", "card": "Bear Cub", "controller": "you", "goaded_by": ["Alice"]},
        {"id": "tired", "card": "Bear Cub", "controller": "you", "tapped": True},
        {"id": "new", "card": "Bear Cub", "controller": "you", "summoning_sick": True},
    ], players=[{"name": "you"}, {"name": "Alice"}, {"name": "Bob"}])
    code, out, _ = run(capsys, "show", board)
    assert code == 0
    goad_rows = [s for s in out.splitlines() if "goaded by Alice" in s]
    assert len(goad_rows) == 2
    assert sum("other than Alice" in s for s in goad_rows) == 1
    assert any("tired" in s and "tapped" in s for s in out.splitlines())
    assert any("new" in s and "summoning sick" in s for s in out.splitlines())
    assert "defending player" in out


def test_show_conditional_requirements_name_their_condition(
        capsys: pytest.CaptureFixture[str], web: str) -> None:
    code, out, _ = run(capsys, "show", web)
    assert code == 0
    rows = [s for s in out.splitlines() if "Magnetic Web" in s and "attacks into" in s]
    assert len(rows) == 2  # Ekundu Cyclops and Bear Cub have magnet counters
    assert all("only if any of" in s for s in rows)
    assert any("Crawlspace" in s for s in out.splitlines())


def _no_ortools(*args: str) -> None:
    code = ("import sys\nfrom mtgcombat.cli.main import main\n"
            f"rc = main({list(args)!r})\n"
            "assert 'ortools' not in sys.modules, 'ortools imported'\nsys.exit(rc)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr


def test_show_and_help_do_not_import_ortools(q3: str) -> None:
    _no_ortools("show", q3)
    _no_ortools("--help")


# -- explain -------------------------------------------------------------------------------


def test_explain_magnetic_web_json(capsys: pytest.CaptureFixture[str], web: str) -> None:
    """The article's checks: #1 one requirement (Crazed Goblin's), satisfiable; #2 two, both
    satisfiable; #3 four, at most three; every branch ends in Goblin + Cyclops."""
    code, out, _ = run(capsys, "explain", web, "--json")
    assert code == 0
    data = json.loads(out)
    [commitment] = data["commitments"]
    assert commitment["costs"] == []
    states = commitment["states"]
    root = next(s for s in states if s["parent"] is None)
    assert root["conditions_on"] == []
    assert len(root["requirements"]) == 1 and "Crazed Goblin" in root["requirements"][0]
    assert root["maximum"] == 1
    assert root["history"] == []
    shapes = {(len(s["requirements"]), s["maximum"]) for s in states}
    assert {(1, 1), (2, 2), (4, 3)} <= shapes
    terminals = [t for s in states for t in s["terminals"]]
    assert terminals and all(t == {"cyclops": "opp", "goblin": "opp"} for t in terminals)


def test_explain_magnetic_web_human(capsys: pytest.CaptureFixture[str], web: str) -> None:
    code, out, _ = run(capsys, "explain", web)
    assert code == 0
    assert "Choice 1 of 1 of which costs to pay" in out
    assert "stage 0" in out and "from earlier stages" in out and "legal at this point" in out
    assert "cyclops → opp, goblin → opp" in out


def test_explain_lists_cost_commitments(capsys: pytest.CaptureFixture[str],
                                        tmp_path: Path) -> None:
    board = write(tmp_path, "prop", [
        {"id": "goblin", "card": "Crazed Goblin", "controller": "you"},
        {"id": "prop", "card": "Propaganda", "controller": "opp"},
    ])
    code, out, _ = run(capsys, "explain", board, "--json")
    assert code == 0
    views = json.loads(out)["commitments"]
    assert sorted(len(v["costs"]) for v in views) == [0, 1]
    by_costs = {len(v["costs"]): [t for s in v["states"] for t in s["terminals"]]
                for v in views}
    assert by_costs == {0: [{}], 1: [{"goblin": "opp"}]}


# -- help and version ----------------------------------------------------------------------


@pytest.mark.parametrize("command", [[], ["show"], ["legal"], ["check"], ["explain"]])
def test_help(capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    code, out, _ = run(capsys, *command, "--help")
    assert code == 0
    assert "Usage: mtgcombat" in out
    assert "Examples:" in out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    from mtgcombat import __version__

    code, out, _ = run(capsys, "--version")
    assert code == 0
    assert __version__ in out


def test_unknown_command_and_option_exit_2(capsys: pytest.CaptureFixture[str], q3: str) -> None:
    assert run(capsys, "frobnicate")[0] == 2
    assert run(capsys, "legal", q3, "--bogus")[0] == 2
    assert run(capsys, "legal", q3, "--limit", "-1")[0] == 2


def test_check_prints_q24_payment_plan(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 6 / article Q24: one Mogg Flunkies is sacrificed to Phyrexian Tower, {4} paid."""
    board = str(Path(__file__).resolve().parent.parent / "models" / "article"
                / "q24_two_flunkies_phyrexian_tower.json")
    code, out, _ = run(capsys, "check", board, "--attack", "flunkies1=opp",
                       "--attack", "flunkies2=opp")
    assert code == 0
    assert out.startswith("LEGAL")
    assert "total {4}" in out
    tower = next(line for line in out.splitlines() if "activate tower" in line)
    assert "Sacrifice a creature" in tower and "sacrificing flunkies" in tower
    attacking = next(line for line in out.splitlines() if "become attacking" in line)
    assert attacking.count("flunkies") == 1


MODEL_BOARDS = sorted(
    p for p in (Path(__file__).resolve().parent.parent / "models").rglob("*.json")
    if not p.name.endswith(".expected.json") and p.parent.name != "bad")


@pytest.mark.parametrize("path", MODEL_BOARDS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_show_renders_every_model_board(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 2: every board in models/ validates and `show` renders it."""
    assert main(["show", str(path)]) == 0
    out, err = capsys.readouterr()
    assert "Targets" in out and err == ""


# -- no verdict ------------------------------------------------------------------------------


class _Undecided:
    """An engine stand-in whose every question ends without a verdict."""

    def __init__(self, exc: Exception) -> None:
        self.exc = exc

    def check(self, *_a: object, **_k: object) -> None:
        raise self.exc

    legal = check


@pytest.mark.parametrize("as_json", [False, True])
def test_undecided_is_the_answer_unknown(capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch, q3: str,
                                         as_json: bool) -> None:
    from mtgcombat.cli import main as cli_main
    from mtgcombat.errors import TimeLimitReached

    monkeypatch.setattr(cli_main, "_engine", lambda *_a: _Undecided(TimeLimitReached("late")))
    flags = ["--json"] if as_json else []
    code, out, _err = run(capsys, "check", q3, *flags)
    assert code == 0
    if as_json:
        assert json.loads(out) == {"status": "unknown", "reason": "time limit"}
    else:
        assert out.strip() == "unknown (time limit)"
