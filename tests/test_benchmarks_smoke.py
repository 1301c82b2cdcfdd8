"""The benchmark scripts still run: every section in ``--quick`` mode prints its table and
writes its CSV with the git revision in each row."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from rich.console import Console

from benchmarks import boards
from benchmarks.common import git_revision
from benchmarks.run import SECTIONS, main
from mtgcombat import AttackEngine, load_board


@pytest.fixture(scope="module")
def quick_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[Path], str, Path]:
    out = tmp_path_factory.mktemp("bench")
    buf = io.StringIO()
    written = main(["--quick", "--out", str(out)],
                   console=Console(file=buf, width=250, color_system=None))
    return written, buf.getvalue(), out


def test_every_section_writes_a_csv_named_by_revision(quick_run):
    written, _, out = quick_run
    rev = git_revision().short
    assert sorted(p.name for p in written) == sorted(f"{s}-{rev}.csv" for s in SECTIONS)
    for path in written:
        assert path.parent == out
        with path.open() as fh:
            rows = list(csv.DictReader(fh))
        assert rows, f"{path.name} has no rows"
        assert {r["rev"] for r in rows} == {rev}
        assert {r["quick"] for r in rows} == {"True"}


def test_every_section_prints_its_table(quick_run):
    _, printed, _ = quick_run
    for title in ("Floor:", "Scaling:", "Brute force:", "Conditional requirements:",
                  "Enumeration:"):
        assert title in printed
    assert "total" in printed


def test_csv_cells_are_measurements(quick_run):
    written, _, _ = quick_run
    by_name = {p.name.split("-")[0]: p for p in written}
    with by_name["floor"].open() as fh:
        floor = list(csv.DictReader(fh))
    assert float(floor[0]["check_ms"]) > 0  # the empty-model floor
    assert all(r["agrees"] == "True" for r in floor[1:])
    with by_name["brute"].open() as fh:
        brute = list(csv.DictReader(fh))
    assert all(r["agree"] == "True" for r in brute)
    with by_name["enumeration"].open() as fh:
        enum = list(csv.DictReader(fh))
    assert any(r["complete_count_ok"] == "True" for r in enum)


def test_only_runs_the_chosen_section(tmp_path):
    buf = io.StringIO()
    written = main(["--quick", "--only", "floor", "--out", str(tmp_path)],
                   console=Console(file=buf, width=250, color_system=None))
    assert [p.name.split("-")[0] for p in written] == ["floor"]
    assert "Scaling:" not in buf.getvalue()


def test_unknown_section_is_refused(tmp_path):
    with pytest.raises(SystemExit, match="unknown section"):
        main(["--quick", "--only", "flor", "--out", str(tmp_path)])


def test_army_boards_scale_as_described():
    # N candidate attackers, T targets each: N*T (creature, target) variables.
    for n, t in ((10, 2), (24, 4)):
        engine = AttackEngine(load_board(boards.army(n, t)))
        assert len(engine.inst.candidates) == n
        assert len(engine.enc.vm.pairs) == n * t


def test_vanilla_board_has_every_declaration_legal():
    # No restriction, requirement or cost: all (T+1)**N declarations are legal (CR 508.1).
    assert sum(1 for _ in AttackEngine(load_board(boards.vanilla(4))).legal()) == 3 ** 4
