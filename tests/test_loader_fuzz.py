"""Loader fuzz: whatever a board file or a declaration holds, loading it either succeeds or
raises :class:`BoardError` (:class:`DeclarationError` for declarations), naming the file and
a one-line message; and a board that loads compiles and answers a cheap question (the empty
attack, the empty block) or says :class:`Undecided`, never crashing.

Inputs (``tests/fuzz_inputs.py``): boards drawn from the board schema, structural mutations of
the boards in ``models/``, byte mutations of their files, and random declarations against
them. CI runs a short pass of each; ``--slow`` runs them for ``$MTGCOMBAT_FUZZ_SECONDS``
(default 1800) in total, printing how many inputs each strategy tried (``-s`` shows it).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgcombat import (
    AttackEngine,
    BlockDeclaration,
    BlockEngine,
    Board,
    BoardError,
    Declaration,
    DeclarationError,
    load_board,
)
from mtgcombat.cli.common import error_line
from mtgcombat.cli.inputs import read_json
from mtgcombat.errors import Undecided
from tests import fuzz_inputs as fi

EXAMPLES = 120
"""Examples per strategy in CI (the whole file: about 15 s on 2 cores)."""
SLOW_SECONDS_ENV = "MTGCOMBAT_FUZZ_SECONDS"
HANG_SECONDS = 15.0
"""One input taking longer than this (load, compile and the cheap check) counts as a hang."""
TIME_LIMIT = 2.0
"""The engines' time limit for the cheap check."""

TRIED: Counter[str] = Counter()
"""Inputs tried per strategy (printed by the slow run)."""
LOADED: Counter[str] = Counter()
"""Decoded board values that loaded, per strategy."""


def _ci(**kw: Any) -> settings:
    return settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
                    suppress_health_check=list(HealthCheck), **kw)


@lru_cache(maxsize=1)
def _scratch() -> Path:
    """A file the byte inputs are written to (one per process)."""
    return Path(tempfile.mkdtemp(prefix="mtgcombat-fuzz-")) / "board.json"


def _refused(err: BoardError, file: str | None) -> None:
    """A refusal names the file it came from, says what is wrong, and the command line
    reports it on one line (control characters in echoed input escaped)."""
    assert err.file == file, (err.file, file, err)
    assert err.message
    line = error_line(err)
    assert "\n" not in line and "\r" not in line, repr(line)


def load_bytes(data: bytes) -> Board | None:
    """Load ``data`` as a board file: the board, or ``None`` when it is refused."""
    path = _scratch()
    path.write_bytes(data)
    try:
        return load_board(path)
    except BoardError as err:
        _refused(err, str(path))
        return None


def load_value(value: Any) -> tuple[Board | None, str | None]:
    """Load a decoded JSON value: the board (or ``None``) and the refusal's JSON path."""
    try:
        if isinstance(value, dict):
            return load_board(value), None
        from mtgcombat.board.model import parse_board
        return parse_board(value), None
    except BoardError as err:
        _refused(err, None)
        return None, err.path


def exercise(board: Board) -> None:
    """Compile ``board`` and check the empty attack (and the empty block once there is an
    attack): a verdict, or bad input, or no verdict -- nothing else."""
    try:
        verdict = AttackEngine(board, time_limit=TIME_LIMIT).check(Declaration())
        assert isinstance(verdict.legal, bool)
    except (BoardError, Undecided):
        pass
    if board.attack is not None:
        try:
            verdict = BlockEngine(board, time_limit=TIME_LIMIT).check(BlockDeclaration())
            assert isinstance(verdict.legal, bool)
        except (BoardError, Undecided):
            pass


class Hang(BaseException):
    """One input ran over :data:`HANG_SECONDS` (a ``BaseException``: no ``except Exception``
    in the code under test swallows it)."""


def _timed(name: str, work: Callable[[], None]) -> None:
    """Run ``work`` for one input of strategy ``name``; :class:`Hang` if it runs too long."""
    TRIED[name] += 1

    def hang(_signum: int, _frame: object) -> None:
        raise Hang(f"{name}: one input ran over {HANG_SECONDS} s")

    old = signal.signal(signal.SIGALRM, hang)
    signal.setitimer(signal.ITIMER_REAL, HANG_SECONDS)
    try:
        work()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


# -- the properties ---------------------------------------------------------------------------


def value_property(name: str) -> Callable[[Any], None]:
    """A decoded board value: the mapping and its JSON file load alike; a loaded board
    compiles."""

    def prop(value: Any) -> None:
        def work() -> None:
            board, path = load_value(value)
            text = json.dumps(value).encode()
            from_file = load_bytes(text)
            assert (board is None) == (from_file is None), (path, value)
            if board is None:
                return
            LOADED[name] += 1
            assert from_file == board
            exercise(board)

        _timed(name, work)

    return prop


def bytes_property(data: bytes) -> None:
    """Any bytes: refused with a :class:`BoardError`, or a board that compiles."""

    def work() -> None:
        board = load_bytes(data)
        if board is not None:
            exercise(board)

    _timed("bytes", work)


@cache
def _good_board(index: int) -> Board | None:
    try:
        return load_board(fi.model_files()[index])
    except BoardError:
        return None


@cache
def _engines(index: int) -> tuple[AttackEngine | None, BlockEngine | None]:
    board = _good_board(index)
    if board is None:
        return None, None
    attack = AttackEngine(board, time_limit=TIME_LIMIT)
    block = BlockEngine(board, time_limit=TIME_LIMIT) if board.attack is not None else None
    return attack, block


def _board_ids(index: int) -> tuple[str, ...]:
    board = _good_board(index)
    if board is None:
        return ()
    return tuple(p.id for p in board.permanents) + tuple(p.name for p in board.players)


@st.composite
def declaration_cases(draw: fi.Draw) -> tuple[int, Any, list[str]]:
    """A board of ``models/`` (by index), a declaration's JSON and command-line strings."""
    index = draw(st.integers(0, len(fi.model_files()) - 1))
    ids = _board_ids(index)
    return index, draw(fi.declaration_values(ids)), draw(fi.declaration_specs(ids))


def _parsed(make: Callable[[], Any]) -> Any:
    try:
        return make()
    except DeclarationError as err:
        _refused(err, None)
        return None


def _checked(engine: AttackEngine | BlockEngine | None, decl: Any) -> None:
    if engine is None or decl is None:
        return
    try:
        assert isinstance(engine.check(decl).legal, bool)
    except DeclarationError as err:
        _refused(err, None)
    except Undecided:
        pass


def declaration_property(case: tuple[int, Any, list[str]]) -> None:
    """A declaration (JSON or command line) parses or raises :class:`DeclarationError`;
    checked against a board it is a verdict, a :class:`DeclarationError` or no verdict."""
    index, value, specs = case

    def work() -> None:
        attack, block = _engines(index)
        _checked(attack, _parsed(lambda: Declaration.from_json(value)))
        _checked(attack, _parsed(lambda: Declaration.parse(specs, specs[:1])))
        _checked(block, _parsed(lambda: BlockDeclaration.from_json(value)))
        _checked(block, _parsed(lambda: BlockDeclaration.parse(specs)))

    _timed("declarations", work)


def declaration_file_property(data: bytes) -> None:
    """A declaration file's bytes: a JSON value, or a :class:`DeclarationError` naming it."""

    def work() -> None:
        path = _scratch().with_name("declaration.json")
        path.write_bytes(data)
        try:
            value = read_json(str(path))
        except DeclarationError as err:
            _refused(err, str(path))
            return
        _parsed(lambda: Declaration.from_json(value))
        _parsed(lambda: BlockDeclaration.from_json(value))

    _timed("declaration files", work)


STRATEGIES: dict[str, tuple[st.SearchStrategy[Any], Callable[[Any], None]]] = {
    "structured": (fi.structured_boards(), value_property("structured")),
    "mutated models": (fi.mutated_models(), value_property("mutated models")),
    "bytes": (fi.mutated_bytes(), bytes_property),
    "declarations": (declaration_cases(), declaration_property),
    "declaration files": (fi.mutated_declaration_bytes(), declaration_file_property),
}
"""Strategy name → (inputs, property)."""


# -- CI: a short pass of each ---------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_loader_fuzz(name: str) -> None:
    strategy, prop = STRATEGIES[name]
    LOADED[name] = 0
    _ci()(given(strategy)(prop))()
    if name in ("structured", "mutated models"):
        # Control: some boards get past validation, so compiling them is fuzzed too.
        assert LOADED[name] >= 5, LOADED[name]


# -- what the fuzz found ---------------------------------------------------------------------


@pytest.mark.parametrize("text, words", [
    ('{"a": ' + "9" * 5000 + "}", ("4300 digits",)),
    ("[" * 100_000 + "]" * 100_000, ("nested too deeply",)),
])
def test_declaration_file_python_cannot_decode_is_bad_input(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str,
        words: tuple[str, ...]) -> None:
    """A declaration file ``json.loads`` refuses with ``ValueError`` (an integer over the
    int-parsing limit) or ``RecursionError`` (deep nesting) is bad input naming the file
    (exit status 2, one line), not a traceback."""
    from mtgcombat.cli.main import main

    decl = tmp_path / "decl.json"
    decl.write_text(text)
    with pytest.raises(DeclarationError) as info:
        read_json(str(decl))
    assert info.value.file == str(decl)
    assert all(w in info.value.message for w in words), info.value.message
    board = fi.MODELS / "article" / "ex_bear_cub_crazed_goblin.json"
    code = main(["check", str(board), "--declaration", str(decl)])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and str(decl) in err, err


# -- --slow: a long, randomised run -----------------------------------------------------------


def _run_for(name: str, seconds: float) -> None:
    """Hypothesis runs of one strategy, fresh seeds each, until ``seconds`` have passed."""
    strategy, prop = STRATEGIES[name]
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        settings(max_examples=200, deadline=None, database=None,
                 suppress_health_check=list(HealthCheck))(given(strategy)(prop))()


@pytest.mark.slow
def test_loader_fuzz_long() -> None:
    """Every strategy for its share of ``$MTGCOMBAT_FUZZ_SECONDS``; a strategy that finds a
    crash stops, the others still run, and the first crash fails the test."""
    total = float(os.environ.get(SLOW_SECONDS_ENV, "1800"))
    share = total / len(STRATEGIES)
    TRIED.clear()
    crashes: list[tuple[str, BaseException]] = []
    for name in STRATEGIES:
        try:
            _run_for(name, share)
        except (Exception, Hang) as exc:  # reported below, after the other strategies
            crashes.append((name, exc))
        print(f"loader fuzz: {name}: {TRIED[name]} inputs")
    print(f"loader fuzz: {sum(TRIED.values())} inputs in {total:.0f} s, "
          f"{len(crashes)} crash(es) {[n for n, _ in crashes]}")
    if crashes:
        raise crashes[0][1]


ATHERIS_HARNESS = """
import sys, tempfile
from pathlib import Path

import atheris

with atheris.instrument_imports(include=["mtgcombat"]):
    from mtgcombat.board.model import load_board
    from mtgcombat.errors import BoardError, Undecided
    from mtgcombat.legality.attacks import AttackEngine

path = Path(tempfile.mkdtemp(prefix="mtgcombat-atheris-")) / "board.json"


def one(data: bytes) -> None:
    path.write_bytes(data)
    try:
        AttackEngine(load_board(path), time_limit=2).check({})
    except (BoardError, Undecided):
        pass


atheris.Setup(sys.argv, one)
atheris.Fuzz()
"""
"""Coverage-guided fuzzing of the board loader (mtgcombat instrumented): any exception but
``BoardError``/``Undecided`` is a crash; libFuzzer's arguments come on the command line."""


@pytest.mark.slow
def test_loader_fuzz_atheris(tmp_path: Path) -> None:
    """Coverage-guided byte fuzzing of the board loader (atheris, when installed), for a
    tenth of the slow budget, seeded with the files of ``models/``."""
    pytest.importorskip("atheris")
    seconds = int(float(os.environ.get(SLOW_SECONDS_ENV, "1800")) / 10) or 1
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for i, text in enumerate(fi.model_texts()):
        (corpus / f"seed{i}").write_bytes(text)
    harness = tmp_path / "harness.py"
    harness.write_text(ATHERIS_HARNESS)
    run = subprocess.run(
        [sys.executable, str(harness), f"-max_total_time={seconds}", "-timeout=20",
         "-rss_limit_mb=4096", f"-artifact_prefix={tmp_path}/", str(corpus)],
        cwd=fi.MODELS.parent, capture_output=True, text=True, timeout=seconds + 300)
    done = [line for line in run.stderr.splitlines() if line.startswith("Done ")]
    print(f"loader fuzz: atheris: {done[-1] if done else run.stderr[-3000:]}")
    assert run.returncode == 0 and done, run.stderr[-3000:]
