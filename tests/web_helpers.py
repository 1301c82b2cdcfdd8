"""Shared by the browser tests (tests/test_web_e2e*.py): headless Debian Chromium driven by
playwright's Python package against a real server on 127.0.0.1, and the clicks that build a
board on the page.

Importing this module skips the importing test module, with the reason, when Chromium
(/usr/bin/chromium, or ``MTGCOMBAT_CHROMIUM``), playwright or uvicorn is missing (never
``playwright install``)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from .live_server import live_server

CHROMIUM = os.environ.get("MTGCOMBAT_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

__all__ = ["ARGS", "CHROMIUM", "DOCS", "Page", "add_card", "add_player", "base_url", "expect",
           "page", "screenshot", "wait_ready"]

if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
    pytest.skip(f"Chromium not found at {CHROMIUM} (apt-get install -y chromium)",
                allow_module_level=True)
try:
    from playwright.sync_api import Page, expect, sync_playwright
except ImportError:
    pytest.skip("the playwright Python package is missing (pip install playwright)",
                allow_module_level=True)
try:
    import uvicorn  # noqa: F401
except ImportError:
    pytest.skip("uvicorn is missing (pip install 'mtgcombat[web]')", allow_module_level=True)


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    """A live server with the web page, for one test module."""
    from mtgcombat.server.app import create_app

    with live_server(create_app(time_limit=20)) as url:
        yield url


@pytest.fixture(scope="module")
def page(base_url: str) -> Iterator[Page]:
    """The page in headless Chromium; fails the module on any JavaScript error."""
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        pg = browser.new_page(viewport={"width": 1400, "height": 1100})
        errors: list[str] = []
        pg.on("pageerror", lambda exc: errors.append(str(exc)))
        pg.goto(base_url + "/")
        yield pg
        browser.close()
        assert not errors, f"JavaScript errors on the page: {errors}"


def add_player(page: Page, name: str) -> None:
    """Type a player's name and click Add player."""
    page.fill("#new-player", name)
    page.click("#add-player")
    expect(page.locator(f'#players li[data-player="{name}"]')).to_have_count(1)


def add_card(page: Page, card: str, controller: str) -> str:
    """Search the catalog, click the hit; returns the new permanent's id."""
    page.select_option("#card-controller", controller)
    before = page.locator("#permanents tbody tr").count()
    page.fill("#card-search", card[:6])
    page.locator(f'#card-results button.card-hit[data-name="{card}"]').click()
    rows = page.locator("#permanents tbody tr")
    expect(rows).to_have_count(before + 1)
    pid = rows.nth(before).get_attribute("data-id")
    assert pid
    return pid


def wait_ready(page: Page) -> None:
    """Wait until the page has the engine's answers for the current board."""
    expect(page.locator("#status")).to_have_text("ready", timeout=20_000)


def screenshot(page: Page, name: str) -> Path:
    """Save the whole page as docs/``name`` and return its path."""
    path = DOCS / name
    path.parent.mkdir(exist_ok=True)
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 10_000
    return path
