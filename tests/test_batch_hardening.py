"""Batch hardening: repeated ids and ``--resume``, repeated input paths, an unusable ``--out``,
``--retry-unknown``, the ``--out`` lock, hostile input files (deep nesting, huge integers) and
a killed run finished by ``--resume``."""

from __future__ import annotations

import fcntl
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from mtgcombat.batch import report
from mtgcombat.batch.items import BatchItem, read_inputs
from mtgcombat.batch.output import distinct_ids
from mtgcombat.batch.run import check_many
from mtgcombat.cli.main import main
from tests.test_batch import BIG, CUB, lines

ROOT = Path(__file__).resolve().parents[1]


def _jsonl(path: Path, items: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(it) + "\n" for it in items))
    return path


def _ids(out: Path) -> list[Any]:
    return [r["id"] for r in lines(out)]


# -- 1. repeated ids ------------------------------------------------------------------------


def test_repeated_ids_get_distinct_names_and_resume_skips_none(tmp_path: Path) -> None:
    items = [{"id": i, "board": CUB, "declaration": {}} for i in ("a", "a", "b", "a#2", "a")]
    src = _jsonl(tmp_path / "dup.jsonl", items)
    out = tmp_path / "r.jsonl"
    assert main(["batch", str(src), "--jobs", "0", "--out", str(out)]) == 0
    want = ["a", "a#2", "b", "a#2#2", "a#3"]
    assert _ids(out) == want
    full = out.read_text().splitlines()
    out.write_text(full[0] + "\n" + full[1] + "\n")  # a run cut after two lines
    assert main(["batch", str(src), "--jobs", "0", "--out", str(out), "--resume"]) == 0
    assert _ids(out) == want  # nothing skipped, nothing twice


def test_distinct_ids_keeps_unique_ids() -> None:
    items = [BatchItem(id=i, board=CUB) for i in (1, "1", 2)]
    assert distinct_ids(items) == items  # 1 and "1" are different ids
    again = distinct_ids([BatchItem(id=7, board=CUB), BatchItem(id=7, board=CUB)])
    assert [it.id for it in again] == [7, "7#2"]


# -- 2. the same file twice -----------------------------------------------------------------


def test_same_file_by_two_paths_is_read_once(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    boards = tmp_path / "boards"
    boards.mkdir()
    (boards / "cub.json").write_text(json.dumps(CUB))
    _jsonl(boards / "x.jsonl", [{"id": "x", "board": CUB}])
    monkeypatch.chdir(tmp_path)
    given = ["boards/cub.json", str(boards / "cub.json"), "boards", "./boards/x.jsonl",
             str(boards / ".." / "boards" / "x.jsonl")]
    got = [it.id for it in read_inputs(given)]
    assert got == ["boards/cub.json", "x"]  # the id as first given
    out = tmp_path / "r.jsonl"
    assert main(["batch", *given, "--jobs", "0", "--out", str(out)]) == 0
    assert _ids(out) == ["boards/cub.json", "x"]


# -- 3. unusable --out ----------------------------------------------------------------------


@pytest.mark.parametrize("where", ["dir", "missing"])
def test_unwritable_out_is_a_one_line_usage_error(tmp_path: Path, where: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    src = _jsonl(tmp_path / "in.jsonl", [{"id": "x", "board": CUB}])
    out = tmp_path if where == "dir" else tmp_path / "nope" / "r.jsonl"
    assert main(["batch", str(src), "--jobs", "0", "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(out) in err[0] and "internal" not in err[0]


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_out_in_a_read_only_folder(tmp_path: Path) -> None:
    src = _jsonl(tmp_path / "in.jsonl", [{"id": "x", "board": CUB}])
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    try:
        assert main(["batch", str(src), "--jobs", "0", "--out", str(ro / "r.jsonl")]) == 2
    finally:
        ro.chmod(0o700)


def test_out_is_not_truncated_when_the_run_never_starts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src = _jsonl(tmp_path / "in.jsonl", [{"id": "x", "board": CUB}])
    out = tmp_path / "r.jsonl"
    out.write_text("precious\n")

    def broken(*_a: Any, **_k: Any) -> Any:
        raise RuntimeError("no backend")

    monkeypatch.setattr(report, "check_many", broken)
    assert main(["batch", str(src), "--jobs", "0", "--out", str(out)]) == 1
    assert out.read_text() == "precious\n"


# -- 4. --retry-unknown ---------------------------------------------------------------------


def test_retry_unknown_replaces_unknown_lines_in_place(tmp_path: Path) -> None:
    items = [{"id": i, "board": CUB, "declaration": {}} for i in range(5)]
    src = _jsonl(tmp_path / "in.jsonl", items)
    out = tmp_path / "r.jsonl"
    assert main(["batch", str(src), "--jobs", "0", "--out", str(out)]) == 0
    rs = lines(out)
    rs[1] = {"id": 1, "source": rs[1]["source"], "status": "unknown", "ms": 1.0,
             "reason": "time limit"}
    rs[3] = {"id": 3, "source": rs[3]["source"], "status": "unknown", "ms": 1.0,
             "reason": "internal error: the worker died"}
    out.write_text("".join(json.dumps(r) + "\n" for r in rs[:4]))  # item 4 not done yet
    assert main(["batch", str(src), "--jobs", "0", "--out", str(out), "--resume"]) == 0
    assert [r["status"] for r in lines(out)] == ["illegal", "unknown", "illegal", "unknown",
                                                 "illegal"]
    args = ["batch", str(src), "--jobs", "0", "--out", str(out), "--resume", "--retry-unknown"]
    assert main(args) == 0
    got = lines(out)
    assert [r["id"] for r in got] == [0, 1, 2, 3, 4]
    assert [r["status"] for r in got] == ["illegal"] * 5
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_retry_unknown_needs_resume(tmp_path: Path) -> None:
    src = _jsonl(tmp_path / "in.jsonl", [{"id": "x", "board": CUB}])
    assert main(["batch", str(src), "--out", str(tmp_path / "r"), "--retry-unknown"]) == 2


# -- 5. the lock ----------------------------------------------------------------------------


def test_second_run_on_one_out_is_refused(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    src = _jsonl(tmp_path / "in.jsonl", [{"id": "x", "board": CUB}])
    out = tmp_path / "r.jsonl"
    out.write_text("kept\n")
    lock = tmp_path / "r.jsonl.lock"
    with open(lock, "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        assert main(["batch", str(src), "--jobs", "0", "--out", str(out)]) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and str(lock) in err[0]
    assert out.read_text() == "kept\n"
    assert main(["batch", str(src), "--jobs", "0", "--out", str(out)]) == 0  # lock released
    assert _ids(out) == ["x"]


# -- 6. hostile input files -----------------------------------------------------------------


def _hostile(tmp_path: Path) -> list[str]:
    d = tmp_path / "in"
    d.mkdir()
    (d / "a_deep.json").write_text("[" * 100_000)
    (d / "b_deep_closed.json").write_text("[" * 500 + "]" * 500)
    big = json.loads(json.dumps(CUB))
    big["permanents"][0]["power"] = 0
    (d / "c_bigint.json").write_text(json.dumps(big).replace('"power": 0',
                                                             '"power": ' + "9" * 5000))
    (d / "d_ok.json").write_text(json.dumps(CUB))
    (d / "e_items.jsonl").write_text("\n".join([
        "[" * 100_000,
        '{"id": "bigint", "board": {"n": ' + "7" * 5000 + "}}",
        json.dumps({"id": "ok", "board": CUB, "declaration": {}}),
    ]) + "\n")
    return [str(d)]


@pytest.mark.parametrize("jobs", [0, 2])
def test_hostile_files_are_bad_input_lines(tmp_path: Path, jobs: int) -> None:
    out = tmp_path / "r.jsonl"
    assert main(["batch", *_hostile(tmp_path), "--jobs", str(jobs), "--out", str(out)]) == 0
    rs = lines(out)
    assert [r["status"] for r in rs] == ["bad_input"] * 3 + ["listed"] + ["bad_input"] * 2 + [
        "illegal"]
    assert "nested deeper" in rs[0]["error"]["message"]
    assert "nested deeper" in rs[1]["error"]["message"]
    assert "invalid JSON" in rs[2]["error"]["message"]
    assert rs[4]["error"]["line"] == 1 and rs[5]["error"]["line"] == 2


def test_deep_api_item_never_reaches_pickle() -> None:
    deep: list[Any] = []
    for _ in range(100_000):
        deep = [deep]
    got = list(check_many([{"id": "deep", "board": {"x": deep}},
                           {"id": "ok", "board": CUB, "declaration": {}}], jobs=1))
    assert [(r.id, r.status) for r in got] == [("deep", "bad_input"), ("ok", "illegal")]


# -- kill and --resume ----------------------------------------------------------------------


def test_killed_run_resumed_gives_one_line_per_item(tmp_path: Path) -> None:
    n = 24
    items = [{"id": f"i{k % 20}", "board": BIG if k % 3 == 0 else CUB} for k in range(n)]
    src = _jsonl(tmp_path / "in.jsonl", items)
    out = tmp_path / "r.jsonl"
    cmd = [sys.executable, "-m", "mtgcombat", "batch", str(src), "--jobs", "1",
           "--timeout", "0.3", "--out", str(out)]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if out.exists() and out.read_text().count("\n") >= 5:
                break
            time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait()
    first = out.read_text().count("\n")
    assert 0 < first < n
    assert subprocess.run([*cmd, "--resume"], cwd=ROOT, capture_output=True).returncode == 0
    ids = _ids(out)
    print(f"kill/resume: items in {n}, lines after kill {first}, lines out {len(ids)}")
    assert len(ids) == n and len(set(ids)) == n


def test_item_that_cannot_be_pickled_is_a_line_and_the_run_goes_on() -> None:
    from mtgcombat.batch.pool import run_local
    from mtgcombat.batch.run import Options

    items = [BatchItem(id="odd", board={"f": lambda: 0}),
             BatchItem(id="ok", board=CUB, declaration={})]
    got = list(run_local(items, Options(timeout=5), jobs=1))
    assert [(r.id, r.status) for r in got] == [("odd", "unknown"), ("ok", "illegal")]
    assert got[0].reason is not None and "can't send the item" in got[0].reason
