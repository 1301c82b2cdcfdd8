"""Batch checks (issue 8): input format, result lines, order, bad input, time limits, resume,
the local process pool and the Dask backend.

Expected verdicts come from the article (Complication #3: Crazed Goblin must attack, Bear Cub
may; Question #13: not attacking under War Tax X=0 is legal) via the boards in models/."""

from __future__ import annotations

import json
import signal
import time
from pathlib import Path
from typing import Any

import pytest

from mtgcombat.batch import run as batch
from mtgcombat.batch.run import BatchItem, BatchResult, Options, check_many, read_inputs
from mtgcombat.cli.main import main
from tests.conftest import MODELS

CUB = json.loads((MODELS / "article" / "ex_bear_cub_crazed_goblin.json").read_text())
WAR_TAX = json.loads((MODELS / "article" / "q13_war_tax_x0.json").read_text())
EXAMPLE = MODELS / "batch" / "example.jsonl"

# Ten vanilla creatures, three opponents: 4**10 legal declarations, far too many to list
# within a fraction of a second.
BIG = {"active_player": "you", "players": [{"name": n} for n in ("you", "a", "b", "c")],
       "permanents": [{"id": f"g{i}", "card": "Glory Seeker", "controller": "you"}
                      for i in range(10)]}


def lines(path: Path) -> list[dict[str, Any]]:
    """Every line of a result file, each validated by the pydantic model."""
    out = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        BatchResult.model_validate_json(raw)  # extra="forbid": no stray fields
        out.append(json.loads(raw))
    return out


def mixed_inputs(tmp_path: Path) -> list[str]:
    """A JSONL file (good, bad JSON, bad board, unknown id in declaration) and a board file."""
    bad_board = json.loads(json.dumps(CUB))
    bad_board["permanents"][0]["tapped"] = "yes"
    jl = tmp_path / "items.jsonl"
    jl.write_text("\n".join([
        json.dumps({"id": "must-attack", "board": CUB, "declaration": {}}),
        '{"id": "broken", "board": {',
        json.dumps({"id": "bad-board", "board": bad_board, "declaration": None}),
        "",
        json.dumps({"id": 7, "board": CUB, "declaration": {"nobody": "opp"}}),
        json.dumps({"id": "both", "board": CUB, "declaration": {"cub": "opp", "goblin": "opp"}}),
    ]) + "\n")
    boards = tmp_path / "boards"
    boards.mkdir()
    (boards / "cub.json").write_text(json.dumps(CUB))
    (boards / "cub.expected.json").write_text("{}")  # never an input
    return [str(jl), str(boards)]


# -- input format ----------------------------------------------------------------------------


def test_directory_skips_expected_files_and_reads_jsonl(tmp_path: Path) -> None:
    mixed_inputs(tmp_path)
    items = list(read_inputs([str(tmp_path)]))
    assert [it.source.split(":")[0] for it in items] == (
        [str(tmp_path / "boards" / "cub.json")] + [str(tmp_path / "items.jsonl")] * 5)
    assert items[0].id == str(tmp_path / "boards" / "cub.json")
    assert items[0].declaration is None and items[0].line is None
    assert [it.line for it in items[1:]] == [1, 2, 3, 5, 6]  # line 4 is blank


def test_example_file_answers_from_the_article(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    assert main(["batch", str(EXAMPLE), "--jobs", "0", "--out", str(out)]) == 0
    got = {r["id"]: r for r in lines(out)}
    assert got["cub-and-goblin"]["status"] == "legal"
    assert got["goblin-stays-home"]["status"] == "illegal"
    assert got["goblin-stays-home"]["witness"] == {"goblin": "opp"}
    assert got["list-cub-goblin"]["legal"] == [{"goblin": "opp"},
                                               {"cub": "opp", "goblin": "opp"}]
    assert got["list-cub-goblin"]["count"] == 2
    assert got["war-tax-x0-no-attack"]["status"] == "legal"
    err = got["typo-in-card-name"]["error"]
    assert err["line"] == 5 and err["path"] == "$.board.permanents[1].card"


# -- mixed good and bad input, order -------------------------------------------------------------


@pytest.mark.parametrize("jobs", [0, 2])
def test_mixed_inputs_in_order_and_bad_input_never_stops(tmp_path: Path, jobs: int) -> None:
    out = tmp_path / "r.jsonl"
    rc = main(["batch", *mixed_inputs(tmp_path), "--jobs", str(jobs), "--out", str(out)])
    assert rc == 0
    rs = lines(out)
    assert [r["id"] for r in rs] == [
        "must-attack", f"{tmp_path / 'items.jsonl'}:2", "bad-board", 7, "both",
        str(tmp_path / "boards" / "cub.json")]
    assert [r["status"] for r in rs] == [
        "illegal", "bad_input", "bad_input", "bad_input", "legal", "listed"]
    assert rs[1]["error"]["line"] == 2 and rs[1]["source"].endswith("items.jsonl:2")
    assert rs[2]["error"] == {"file": str(tmp_path / "items.jsonl"), "line": 3,
                              "path": "$.board.permanents[0].tapped",
                              "message": rs[2]["error"]["message"]}
    assert rs[3]["error"]["path"] == "$.declaration.nobody"
    assert rs[5]["legal"] == [{"goblin": "opp"}, {"cub": "opp", "goblin": "opp"}]


def test_api_yields_in_input_order_with_many_jobs() -> None:
    items: list[dict[str, Any]] = []
    for i in range(30):
        decl = [{}, {"goblin": "opp"}, {"cub": "opp"}][i % 3]
        items.append({"id": i, "board": BIG if i == 4 else CUB, "declaration": decl})
    got = list(check_many(items, jobs=2, timeout=5))
    assert [r.id for r in got] == list(range(30))
    want = {0: "illegal", 1: "legal", 2: "illegal"}
    assert all(r.status == want[int(r.id) % 3] for r in got if r.id != 4)


def test_limit_cuts_lists() -> None:
    got = list(check_many([{"id": "x", "board": CUB}], jobs=0, limit=1))
    assert got[0].legal == [{"goblin": "opp"}] and got[0].count == 1
    assert got[0].complete is False


# -- time limit ----------------------------------------------------------------------------------


@pytest.mark.parametrize("jobs", [0, 1])
def test_board_over_the_time_limit_is_unknown_and_the_run_goes_on(jobs: int) -> None:
    items = [{"id": "big", "board": BIG}, {"id": "after", "board": CUB, "declaration": {}}]
    start = time.monotonic()
    got = list(check_many(items, jobs=jobs, timeout=0.3))
    assert [r.status for r in got] == ["unknown", "illegal"]
    assert got[0].reason == "time limit" and got[0].legal is None
    assert got[0].ms < 300 + batch.KILL_GRACE * 1000
    assert time.monotonic() - start < 10


def _hang(item: BatchItem, opts: Options) -> BatchResult:
    """A task stuck where no alarm reaches it (SIGALRM blocked): only a kill ends it."""
    if item.id == "hang":
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
        time.sleep(60)
    return batch.run_item(item, opts)


def test_stuck_worker_is_killed_and_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch, "KILL_GRACE", 0.5)
    items = [BatchItem(id="hang", board=CUB), BatchItem(id="ok", board=CUB, declaration={})]
    start = time.monotonic()
    got = list(batch.run_local(items, Options(timeout=0.2), jobs=1, task=_hang))
    assert [(r.id, r.status, r.reason) for r in got] == [
        ("hang", "unknown", "time limit"), ("ok", "illegal", got[1].reason)]
    assert time.monotonic() - start < 20


# -- resume --------------------------------------------------------------------------------------


def test_resume_after_interrupted_run(tmp_path: Path) -> None:
    inputs = mixed_inputs(tmp_path)
    full = tmp_path / "full.jsonl"
    assert main(["batch", *inputs, "--jobs", "0", "--out", str(full)]) == 0
    done = full.read_text().splitlines()
    part = tmp_path / "part.jsonl"
    # An interrupted run: two complete lines and a torn third one.
    part.write_text(done[0] + "\n" + done[1] + "\n" + done[2][:25])
    assert main(["batch", *inputs, "--jobs", "0", "--out", str(part), "--resume"]) == 0
    rs = lines(part)
    assert [r["id"] for r in rs] == [json.loads(d)["id"] for d in done]
    assert [r["status"] for r in rs] == [json.loads(d)["status"] for d in done]
    assert rs[0]["ms"] == json.loads(done[0])["ms"]  # kept, not redone


def test_resume_needs_out(tmp_path: Path) -> None:
    assert main(["batch", str(EXAMPLE), "--resume"]) == 2


# -- output schema -------------------------------------------------------------------------------


def test_schema_forbids_extra_fields() -> None:
    with pytest.raises(ValueError):
        BatchResult.model_validate({"id": 1, "source": "s", "status": "legal", "ms": 1.0,
                                    "surprise": True})
    with pytest.raises(ValueError):
        BatchResult.model_validate({"id": 1, "source": "s", "status": "maybe", "ms": 1.0})


# -- Dask ----------------------------------------------------------------------------------------


def test_dask_local_cluster_equals_local_backend(tmp_path: Path) -> None:
    distributed = pytest.importorskip(
        "distributed", reason="dask.distributed is not installed (pip install '.[cluster]')")
    inputs = mixed_inputs(tmp_path)
    local = tmp_path / "local.jsonl"
    assert main(["batch", *inputs, str(EXAMPLE), "--jobs", "2", "--out", str(local)]) == 0
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  host="127.0.0.1", protocol="tcp",
                                  dashboard_address=None) as cluster:
        assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
        dask_out = tmp_path / "dask.jsonl"
        rc = main(["batch", *inputs, str(EXAMPLE), "--scheduler", cluster.scheduler_address,
                   "--out", str(dask_out)])
        assert rc == 0
        with distributed.Client(cluster) as client:
            from mtgcombat.batch.cluster import check_many_dask

            api = list(check_many_dask([{"id": "a", "board": CUB, "declaration": {}},
                                        {"id": "b", "board": BIG}], client, timeout=0.3))

    def strip(rs: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{k: v for k, v in r.items() if k != "ms"} for r in rs]

    assert strip(lines(dask_out)) == strip(lines(local))
    assert len(lines(local)) == 11
    assert [(r.id, r.status, r.reason) for r in api] == [
        ("a", "illegal", api[0].reason), ("b", "unknown", "time limit")]


def test_undecided_is_an_unknown_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every kind of no-verdict is an ``unknown`` line with the shared reason."""
    from mtgcombat.batch import worker
    from mtgcombat.errors import SearchTooLarge

    def too_large(_item: BatchItem, _opts: Options, _found: object) -> dict[str, Any]:
        raise SearchTooLarge("too many states")

    monkeypatch.setattr(worker, "_solve_item", too_large)
    got = batch.run_item(BatchItem(id="x", board=CUB, source="x"), Options(timeout=5))
    assert (got.status, got.reason) == ("unknown", "search too large (too many states)")
