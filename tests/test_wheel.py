"""The built wheel stands alone: installed in a fresh virtual environment, its command line
answers a bundled board and reads the shipped card data and oracle corpus, from a directory
that is not the source tree.

How the environment is made: the wheel is built from a copy of the files the build reads (so
a stale ``build/`` directory or a concurrent edit of the work tree cannot leak into it), then
installed with its runtime dependencies resolved by pip from the configured package index into
a ``python -m venv --without-pip`` environment (this environment's pip drives it through
``--python``), which sees none of this environment's packages. It is the one approach that
proves the declared dependencies are enough: a module importing something undeclared, or
something only the web extra brings, fails here. Measured on the 2-core development machine:
4 s to build, 0.04 s for the venv (2.7 s with its own pip), 12.6 s to install ortools,
pydantic, click and rich; about 18 s for the whole module. The faster alternative measured,
``--no-deps`` (1 s) with this environment's site-packages borrowed, hides a missing
dependency, and ``--no-index`` needs wheels of every dependency, which an installed
environment does not keep. Building and installing need the package index; when it cannot be
reached the tests are skipped, saying so.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import MODELS, ROOT

MAX_WHEEL_BYTES = 15 * 1024 * 1024
BOARD = MODELS / "corpus" / "goblin_brigand_with_bonded_construct.json"
"""Goblin Brigand and Bonded Construct: both only in the oracle corpus, not the hand-written
catalog, so answering the board needs the shipped corpus and the combat-text compiler."""

BUILD_INPUTS = ("pyproject.toml", "README.md", "LICENSE", "mtgcombat")
_NETWORK_SIGNS = (
    "NewConnectionError", "Temporary failure in name resolution", "Name or service not known",
    "Network is unreachable", "ConnectTimeoutError", "ReadTimeoutError", "Connection refused",
)
_PIP_NET = {"PIP_DEFAULT_TIMEOUT": "20", "PIP_RETRIES": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
"""Settings in the environment, so the build-dependency install pip runs inside gets them too."""


@dataclass(frozen=True)
class Installed:
    """A wheel built from the source tree and the fresh environment it is installed in."""

    wheel: Path
    source: Path
    venv: Path
    workdir: Path
    env: dict[str, str]

    def run(self, *args: str) -> subprocess.CompletedProcess[str]:
        """Run the installed ``mtgcombat`` command from ``workdir``."""
        return subprocess.run([str(self.venv / "bin" / "mtgcombat"), *args], cwd=self.workdir,
                              env=self.env, capture_output=True, text=True, timeout=120)

    def python(self, code: str) -> str:
        """Run ``code`` with the environment's interpreter; its standard output."""
        done = subprocess.run([str(self.venv / "bin" / "python"), "-c", code], cwd=self.workdir,
                              env=self.env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        return done.stdout


def _pip(args: list[str], what: str, cwd: Path, timeout: float) -> None:
    """Run pip; skip when it could not reach the package index, fail on any other error."""
    try:
        done = subprocess.run([sys.executable, "-m", "pip", *args], cwd=cwd,
                              env={**os.environ, **_PIP_NET}, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        pytest.skip(f"{what}: the package index did not answer within {timeout:.0f} s")
    if done.returncode == 0:
        return
    output = done.stdout + done.stderr
    if any(sign in output for sign in _NETWORK_SIGNS):
        pytest.skip(f"{what}: the package index cannot be reached (network missing)")
    pytest.fail(f"{what} failed:\n{output[-4000:]}")


def _copy_build_inputs(dest: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in BUILD_INPUTS:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=ignore)
        else:
            shutil.copy2(src, dest / name)


def _clean_env(venv: Path, cache: Path) -> dict[str, str]:
    """This process's environment minus what points into it, with an empty mtgcombat cache
    (an imported corpus there would win over the shipped one)."""
    env = {k: v for k, v in os.environ.items()
           if k not in {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP"}}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["VIRTUAL_ENV"] = str(venv)
    env["MTGCOMBAT_CACHE_DIR"] = str(cache)
    env["COLUMNS"] = "200"  # tables are not wrapped
    return env


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    base = tmp_path_factory.mktemp("wheel")
    src, dist, venv, work = base / "src", base / "dist", base / "venv", base / "work"
    for d in (src, dist, work, base / "cache"):
        d.mkdir()
    _copy_build_inputs(src)
    _pip(["wheel", "--no-deps", "--wheel-dir", str(dist), str(src)], "building the wheel",
         base, timeout=240)
    (wheel,) = dist.glob("mtgcombat-*.whl")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True,
                   timeout=120)
    _pip(["--python", str(venv / "bin" / "python"), "install", "--no-cache-dir", str(wheel)],
         "installing the wheel", base, timeout=300)
    return Installed(wheel, src, venv, work, _clean_env(venv, base / "cache"))


def _pyproject_version() -> str:
    with (ROOT / "pyproject.toml").open("rb") as f:
        version = tomllib.load(f)["project"]["version"]
    assert isinstance(version, str)
    return version


def test_wheel_is_small(installed: Installed) -> None:
    size = installed.wheel.stat().st_size
    assert size < MAX_WHEEL_BYTES, f"{installed.wheel.name} is {size / 2**20:.1f} MB"


def test_wheel_holds_every_package_file(installed: Installed) -> None:
    with zipfile.ZipFile(installed.wheel) as z:
        names = set(z.namelist())
        dist_info = f"mtgcombat-{_pyproject_version()}.dist-info"
        metadata = z.read(f"{dist_info}/METADATA").decode()
    package = [p.relative_to(installed.source).as_posix()
               for p in (installed.source / "mtgcombat").rglob("*") if p.is_file()]
    assert sorted(set(package) - names) == []
    for data in ("mtgcombat/rules/data/oracle.sqlite3", "mtgcombat/rules/data/cards.json",
                 "mtgcombat/server/web/index.html", "mtgcombat/py.typed"):
        assert data in names
    assert f"{dist_info}/licenses/LICENSE" in names
    assert "License-Expression: MIT" in metadata.splitlines()


def test_environment_is_fresh(installed: Installed) -> None:
    where = installed.python(
        "import importlib.util, mtgcombat\n"
        "print(mtgcombat.__file__)\n"
        "print(*(importlib.util.find_spec(m) is None for m in ('pytest', 'fastapi')))"
    ).splitlines()
    assert Path(where[0]).is_relative_to(installed.venv)
    assert where[1] == "True True"


def test_version_is_the_pyprojects(installed: Installed) -> None:
    done = installed.run("--version")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"mtgcombat, version {_pyproject_version()}"


def _expected_legal() -> list[dict[str, str]]:
    """The board's legal declarations from its expected file (taken from the cards' text).

    No card on the board has a cost, so the set with every cost assumed payable is the set."""
    expected = json.loads(BOARD.with_name(BOARD.stem + ".expected.json").read_text("utf-8"))
    legal: list[dict[str, str]] = expected["legal_if_payable"]
    assert legal
    return legal


def test_legal_answers_a_bundled_board(installed: Installed) -> None:
    shutil.copy2(BOARD, installed.workdir / BOARD.name)
    done = installed.run("legal", "--json", "--strict", BOARD.name)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    got = {frozenset(d.items()) for d in answer["legal"]}
    assert got == {frozenset(d.items()) for d in _expected_legal()}
    assert answer["count"] == len(got)


def test_legal_tables_name_the_declarations(installed: Installed) -> None:
    shutil.copy2(BOARD, installed.workdir / BOARD.name)
    done = installed.run("legal", BOARD.name)
    assert done.returncode == 0, done.stderr
    legal = _expected_legal()
    assert f"{len(legal)} legal attack declarations." in done.stdout
    rows = [line.strip("│┃ ").split("│")[-1].strip() for line in done.stdout.splitlines()
            if line.startswith("│")]
    assert sorted(rows) == sorted(" ".join(f"{k}={v}" for k, v in sorted(d.items()))
                                  for d in legal)


@pytest.mark.parametrize(("name", "text"), [
    ("Serra Angel", "Flying\nVigilance"),
    ("Bonded Construct", "This creature can't attack alone."),
])
def test_cards_show_reads_the_shipped_corpus(installed: Installed, name: str, text: str) -> None:
    done = installed.run("cards", "show", name, "--json")
    assert done.returncode == 0, done.stderr
    (face,) = json.loads(done.stdout)["faces"]
    assert face["name"] == name
    assert face["text"].startswith(text)
