"""The optional CORS allow-list of the HTTP API: off by default (no CORS header at all, so no
page on another origin can read an answer); on, only the listed origins get
``Access-Control-Allow-Origin``, preflights are answered, and every answer, preflights
included, keeps the security headers."""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

pytest.importorskip("fastapi")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette: "install httpx2 instead"
    from fastapi.testclient import TestClient

from mtgcombat.cli.main import cli  # noqa: E402
from mtgcombat.server.app import create_app  # noqa: E402
from mtgcombat.server.guard import SECURITY_HEADERS, cors_origin  # noqa: E402

pytestmark = [pytest.mark.filterwarnings("ignore::DeprecationWarning"),
              pytest.mark.filterwarnings("ignore:Using `httpx`")]

LOCAL = "http://localhost"
ALLOWED = "https://calc.example"
OTHER = "https://evil.example"
ACAO = "access-control-allow-origin"
BOARD = Path(__file__).resolve().parent.parent / "models" / "article" / \
    "ex_bear_cub_crazed_goblin.json"


def _board() -> Any:
    return json.loads(BOARD.read_text("utf-8"))


def _preflight(origin: str, method: str = "POST") -> dict[str, str]:
    return {"origin": origin, "access-control-request-method": method,
            "access-control-request-headers": "content-type"}


def _has_security_headers(headers: Any) -> bool:
    return all(headers.get(name) == value for name, value in SECURITY_HEADERS.items())


@pytest.fixture(scope="module")
def allowing() -> Iterator[TestClient]:
    with TestClient(create_app(cors_origins=[ALLOWED, "http://localhost:3000/"]),
                    base_url=LOCAL) as c:
        yield c


def test_off_by_default_no_cors_headers() -> None:
    with TestClient(create_app(), base_url=LOCAL) as c:
        r = c.post("/v1/legal", json={"board": _board()}, headers={"origin": OTHER})
        assert r.status_code == 200
        assert not [h for h in r.headers if h.startswith("access-control-")]
        r = c.options("/v1/legal", headers=_preflight(OTHER))
        assert not [h for h in r.headers if h.startswith("access-control-")]
        assert 400 <= r.status_code < 500 and set(r.json()) == {"error"}  # no route answers
        assert _has_security_headers(r.headers)


def test_listed_origin_may_read_answers(allowing: TestClient) -> None:
    r = allowing.post("/v1/legal", json={"board": _board()}, headers={"origin": ALLOWED})
    assert r.status_code == 200 and r.headers[ACAO] == ALLOWED
    assert "origin" in r.headers.get("vary", "").lower()
    assert _has_security_headers(r.headers)
    r = allowing.get("/v1/health", headers={"origin": "http://localhost:3000"})
    assert r.headers[ACAO] == "http://localhost:3000"  # listed with a trailing slash
    assert "access-control-allow-credentials" not in r.headers


def test_other_origins_get_no_cors_header(allowing: TestClient) -> None:
    for origin in (OTHER, "http://calc.example", "https://calc.example:8443"):
        r = allowing.post("/v1/legal", json={"board": _board()}, headers={"origin": origin})
        assert r.status_code == 200 and ACAO not in r.headers, origin
        assert _has_security_headers(r.headers)


def test_preflight_of_a_listed_origin(allowing: TestClient) -> None:
    r = allowing.options("/v1/legal", headers=_preflight(ALLOWED))
    assert r.status_code == 200
    assert r.headers[ACAO] == ALLOWED
    assert "POST" in r.headers["access-control-allow-methods"]
    assert "content-type" in r.headers["access-control-allow-headers"].lower()
    assert _has_security_headers(r.headers)


def test_preflight_refused_for_other_origins_and_methods(allowing: TestClient) -> None:
    r = allowing.options("/v1/legal", headers=_preflight(OTHER))
    assert r.status_code == 400 and ACAO not in r.headers
    assert _has_security_headers(r.headers)
    r = allowing.options("/v1/legal", headers=_preflight(ALLOWED, "DELETE"))
    assert r.status_code == 400
    assert _has_security_headers(r.headers)


def test_errors_carry_the_cors_header(allowing: TestClient) -> None:
    r = allowing.post("/v1/legal", json={"board": {"players": []}}, headers={"origin": ALLOWED})
    assert r.status_code == 422 and r.headers[ACAO] == ALLOWED  # the page can show the error


def test_host_guard_still_applies(allowing: TestClient) -> None:
    r = allowing.get("/v1/health", headers={"origin": ALLOWED, "host": "calc.example"})
    assert r.status_code == 400 and _has_security_headers(r.headers)


def test_any_origin() -> None:
    with TestClient(create_app(cors_origins=["*"]), base_url=LOCAL) as c:
        assert c.get("/v1/health", headers={"origin": OTHER}).headers[ACAO] == "*"


@pytest.mark.parametrize(("given", "origin"), [
    ("https://Calc.Example", "https://calc.example"),
    ("http://localhost:3000/", "http://localhost:3000"),
    ("http://[::1]:8000", "http://[::1]:8000"),
    (" * ", "*"),
])
def test_origins_are_normalised(given: str, origin: str) -> None:
    assert cors_origin(given) == origin


@pytest.mark.parametrize("bad", ["calc.example", "ftp://calc.example", "https://calc.example/x",
                                 "https://calc.example?q", "https://", "null",
                                 "https://u:p@calc.example", "https://calc.example:99999"])
def test_bad_origins_are_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        cors_origin(bad)
    with pytest.raises(ValueError):
        create_app(cors_origins=[bad])
    result = CliRunner().invoke(cli, ["serve", "--cors-origin", bad])
    assert result.exit_code == 2 and "--cors-origin" in result.output


def test_serve_passes_the_origins(monkeypatch: pytest.MonkeyPatch) -> None:
    import mtgcombat.server.app as server

    seen: dict[str, Any] = {}
    monkeypatch.setattr(server, "serve", lambda *a, **k: seen.update(k))
    result = CliRunner().invoke(cli, ["serve", "--cors-origin", ALLOWED,
                                      "--cors-origin", "http://localhost:3000"])
    assert result.exit_code == 0, result.output
    assert seen["cors_origins"] == (ALLOWED, "http://localhost:3000")
    result = CliRunner().invoke(cli, ["serve"],
                                env={"MTGCOMBAT_CORS_ORIGINS": f"{ALLOWED} http://a.example"})
    assert result.exit_code == 0, result.output
    assert seen["cors_origins"] == (ALLOWED, "http://a.example")
    result = CliRunner().invoke(cli, ["serve"], env={"MTGCOMBAT_CORS_ORIGINS": ""})
    assert seen["cors_origins"] == ()


def test_internal_errors_carry_the_headers(monkeypatch: pytest.MonkeyPatch) -> None:
    import mtgcombat.server.app as server

    def boom(*_a: object, **_k: object) -> None:
        raise RuntimeError("secret")

    monkeypatch.setattr(server, "_attack_engine", boom)
    with TestClient(create_app(cors_origins=[ALLOWED]), base_url=LOCAL,
                    raise_server_exceptions=False) as c:
        r = c.post("/v1/legal", json={"board": _board()}, headers={"origin": ALLOWED})
    assert r.status_code == 500 and r.json()["error"]["message"] == "internal error"
    assert "secret" not in r.text
    assert r.headers[ACAO] == ALLOWED and _has_security_headers(r.headers)
