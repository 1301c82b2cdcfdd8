"""The documentation stands alone: the mkdocs site builds strictly, the README is short and its
links resolve, and the reference pages cover every effect kind, endpoint and command."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
README = ROOT / "README.md"
README_MAX_LINES = 150
FORBIDDEN = ("SPEC §", "../shared")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built by ``mkdocs build --strict`` (any warning fails the build)."""
    out = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet",
         "-f", str(ROOT / "mkdocs.yml"), "-d", str(out)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return out


def _text(page: Path) -> str:
    """A built page's text without its tags, entities decoded."""
    import html

    return html.unescape(re.sub(r"<[^>]+>", "", page.read_text("utf-8")))


def test_every_nav_page_is_built(site: Path) -> None:
    nav = re.findall(r":\s*([\w-]+)\.md\s*$", (ROOT / "mkdocs.yml").read_text("utf-8"), re.M)
    assert "board-format" in nav and "python-api" in nav
    for name in nav:
        page = site / "index.html" if name == "index" else site / name / "index.html"
        assert page.is_file(), name


def test_board_format_page_has_every_schema_definition(site: Path) -> None:
    from mtgcombat.cli.schema import board_schema

    text = _text(site / "board-format" / "index.html")
    defs = board_schema()["$defs"]
    assert len(defs) > 20
    missing = [name for name in defs if f"{name}¶" not in text.replace(" ", "")]
    assert not missing, missing
    assert "active_player" in text and "goaded_by" in text


def test_cli_page_has_every_command_help(site: Path) -> None:
    import click

    from mtgcombat.cli.main import cli

    text = _text(site / "cli" / "index.html")
    assert isinstance(cli, click.Group)
    for name, command in cli.commands.items():
        assert f"Usage: mtgcombat {name}" in text, name
        if isinstance(command, click.Group):
            for sub in command.commands:
                assert f"Usage: mtgcombat {name} {sub}" in text, (name, sub)


def test_python_api_page_documents_the_public_names(site: Path) -> None:
    import mtgcombat

    text = _text(site / "python-api" / "index.html")
    for name in ("AttackEngine", "load_board", "legal_attacks", "check", "BoardError",
                 "Verdict", "Undecided", "Deadline"):
        assert name in text, name
    undocumented = [name for name in mtgcombat.__all__ if name not in text]
    assert not undocumented, undocumented


def test_readme_is_short() -> None:
    lines = README.read_text("utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES, len(lines)


def test_readme_test_line_is_what_ci_runs() -> None:
    """The README's second command line is the one ``.ci/run`` runs."""
    readme = README.read_text("utf-8").splitlines()
    assert readme[0] == "# mtgcombat" and readme[2] == "```sh"
    assert readme[3].startswith("python3 -m venv .venv && . .venv/bin/activate && pip install -e .")
    ci = (ROOT / ".ci" / "run").read_text("utf-8").splitlines()
    assert readme[4] in ci


def test_readme_relative_links_resolve() -> None:
    text = README.read_text("utf-8")
    links = re.findall(r"\]\(([^)\s]+)\)", text)
    relative = [link for link in links if not re.match(r"[a-z]+://|#|mailto:", link)]
    assert len(relative) >= 10
    broken = [link for link in relative if not (ROOT / link.split("#")[0]).exists()]
    assert not broken, broken


def _user_facing_files() -> list[Path]:
    files = [README, ROOT / "mkdocs.yml", *sorted(p for p in DOCS.rglob("*") if p.is_file()
                                                   and p.suffix in {".md", ".py", ".yml"})]
    files += sorted(p for p in (ROOT / "mtgcombat").rglob("*")
                    if p.is_file() and p.suffix in {".py", ".js", ".html", ".md"})
    return files


def test_user_facing_text_cites_no_internal_spec() -> None:
    """Users have the clone only: text cites doc pages or CR rule numbers, never a spec."""
    bad = [str(p.relative_to(ROOT)) for p in _user_facing_files()
           if any(s in p.read_text("utf-8") for s in FORBIDDEN)]
    assert not bad, bad


def test_forbidden_text_check_sees_the_docs() -> None:
    names = {p.name for p in _user_facing_files()}
    assert {"README.md", "concepts.md", "mkdocs.yml", "app.js", "index.html"} <= names


def _effect_rows() -> dict[str, str]:
    """``kind`` → its example cell in the effect page's table."""
    rows: dict[str, str] = {}
    for line in (DOCS / "effects.md").read_text("utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and re.fullmatch(r"`[a-z_]+`", cells[0]):
            rows[cells[0].strip("`")] = cells[2]
    return rows


def test_every_effect_kind_has_a_card_example() -> None:
    from mtgcombat.rules.effects import EFFECT_KINDS

    rows = _effect_rows()
    missing = [k for k in EFFECT_KINDS if k not in rows]
    assert not missing, missing
    no_example = [k for k in EFFECT_KINDS if not re.search(r"[A-Z][a-z]", rows[k])]
    assert not no_example, no_example
    assert not set(rows) - set(EFFECT_KINDS), set(rows) - set(EFFECT_KINDS)


def test_http_page_lists_every_endpoint() -> None:
    pytest.importorskip("fastapi")
    from mtgcombat.server.app import create_app

    text = (DOCS / "http-api.md").read_text("utf-8")
    paths = create_app().openapi()["paths"]
    missing = [f"{method.upper()} {path}" for path, ops in paths.items() for method in ops
               if f"{method.upper()} {path}" not in text]
    assert not missing, missing
