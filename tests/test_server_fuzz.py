"""Property-based fuzzing of the HTTP API against its own OpenAPI schema (schemathesis): for
random requests, random boards included, the server answers 2xx or 4xx, never 5xx, and every
4xx carries ``{"error": {"path", "message"}}``."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

pytest.importorskip("fastapi")
schemathesis = pytest.importorskip("schemathesis")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette: "install httpx2 instead"
    import starlette.testclient  # noqa: F401

from hypothesis import HealthCheck, settings  # noqa: E402

from mtgcombat.server.app import create_app  # noqa: E402

pytestmark = [pytest.mark.filterwarnings("ignore::DeprecationWarning"),
              pytest.mark.filterwarnings("ignore:Using `httpx`")]

EXAMPLES = 60
"""Examples per operation (12 operations): about 25 s on 2 cores."""

schema = schemathesis.openapi.from_asgi("/openapi.json", create_app(time_limit=2,
                                                                allowed_hosts=["testserver"]))
schema.config.phases.coverage.enabled = False  # its boundary cases of the board schema: slow


@schema.parametrize()  # type: ignore[untyped-decorator]
@settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_no_server_errors(case: Any) -> None:
    response = case.call()
    assert response.status_code < 500, (case.path, case.body, response.text)
    if 400 <= response.status_code < 500:
        body = response.json()
        assert set(body) == {"error"}, body
        assert set(body["error"]) == {"path", "message"}
        assert "Traceback" not in response.text
