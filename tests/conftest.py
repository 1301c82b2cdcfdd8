"""Shared fixtures; ``--slow`` enables tests marked ``slow`` (exhaustive runs, not CI)."""

from __future__ import annotations

import os
import tempfile
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODELS = ROOT / "models"

# Tests never read or write the user's cache (an imported corpus, compiled cards): they get
# their own, shared by the test processes of one run.
os.environ.setdefault("MTGCOMBAT_CACHE_DIR", tempfile.mkdtemp(prefix="mtgcombat-tests-"))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--slow", action="store_true", default=False,
                     help="run tests marked slow (exhaustive differential runs)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--slow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """A test client on the HTTP app (30 s time limit); skipped without the web extra."""
    pytest.importorskip("fastapi")
    pytest.importorskip("httpx")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient
    from mtgcombat.server.app import create_app

    with TestClient(create_app(time_limit=30), base_url="http://localhost") as c:
        yield c
