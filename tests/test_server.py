"""The HTTP API in-process (FastAPI's TestClient): answers on the article's and the rules'
boards (expected answers from models/*/X.expected.json), error shapes with JSON paths, the
body limit, the time limit, the catch-all handler, the catalog and the shipped examples."""

from __future__ import annotations

import asyncio
import json
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette: "install httpx2 instead"
    from fastapi.testclient import TestClient

from mtgcombat.server.app import MAX_BODY, create_app

pytestmark = [pytest.mark.filterwarnings("ignore::DeprecationWarning"),
              pytest.mark.filterwarnings("ignore:Using `httpx`")]

ROOT = Path(__file__).resolve().parent.parent
MODELS = ROOT / "models"
EXAMPLES = ROOT / "mtgcombat" / "server" / "web" / "examples"


def _boards(folder: str) -> list[Path]:
    return sorted(p for p in (MODELS / folder).glob("*.json")
                  if not p.name.endswith(".expected.json"))


def _load(path: Path) -> Any:
    return json.loads(path.read_text("utf-8"))


def _expected(path: Path) -> dict[str, Any]:
    result: dict[str, Any] = _load(path.with_name(path.stem + ".expected.json"))
    return result


def _key(decl: dict[str, Any]) -> str:
    return json.dumps(decl, sort_keys=True)


LOCAL = "http://localhost"
"""The base URL of the in-process clients (the server answers only loopback host names)."""
Q26 = MODELS / "article" / "q26_goad_wars_toll_propaganda_brainwash.json"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(time_limit=30), base_url=LOCAL) as c:
        yield c


@pytest.fixture
def q26() -> dict[str, Any]:
    result: dict[str, Any] = _load(Q26)
    return result


# -- answers -------------------------------------------------------------------------------


@pytest.mark.parametrize("path", _boards("article"), ids=lambda p: p.stem)
def test_legal_matches_the_article(client: TestClient, path: Path) -> None:
    exp = _expected(path)
    board = _load(path)
    for key, assume in (("legal_if_payable", True), ("legal", False)):
        if key not in exp:
            continue
        r = client.post("/v1/legal", json={"board": board, "assume_payable": assume})
        assert r.status_code == 200, r.text
        got = r.json()
        assert got["count"] == len(got["legal"])
        assert sorted(map(_key, got["legal"])) == sorted(map(_key, exp[key])), key


@pytest.mark.parametrize("path", _boards("article"), ids=lambda p: p.stem)
def test_check_matches_the_article(client: TestClient, path: Path) -> None:
    board = _load(path)
    for chk in _expected(path).get("checks", []):
        r = client.post("/v1/check", json={"board": board, "declaration": chk["declaration"],
                                           "assume_payable": chk.get("assume_payable", False)})
        assert r.status_code == 200, r.text
        v = r.json()
        assert v["legal"] is chk["legal"], (chk, v)
        assert set(v) >= {"legal", "reason", "witness", "details"}
        assert isinstance(v["reason"], str) and v["reason"]


def test_q26_check_illegal_option_names_a_witness(client: TestClient,
                                                  q26: dict[str, Any]) -> None:
    # Article Q26: option 4 (both attack Alice) is not among the legal options 1, 5 and 7.
    r = client.post("/v1/check", json={"board": q26, "assume_payable": True,
                                       "declaration": {"flunkies": "Alice", "cub": "Alice"}})
    v = r.json()
    assert v["legal"] is False
    legal = {_key(d) for d in _expected(Q26)["legal_if_payable"]}
    assert _key(v["witness"]) in legal


def test_legal_limit_and_summary(client: TestClient, q26: dict[str, Any]) -> None:
    r = client.post("/v1/legal", json={"board": q26, "assume_payable": True, "limit": 1,
                                       "summary": True})
    got = r.json()
    assert got["count"] == 1 and len(got["legal"]) == 1 and got["complete"] is False
    # Q26: three legal options; the empty one means no creature attacks in every one, and
    # each creature attacks in some.
    assert got["summary"] == {"count": 3, "in_every": [], "in_none": []}
    r = client.post("/v1/legal", json={"board": q26, "assume_payable": True, "limit": 3})
    assert "complete" not in r.json()


def test_explain_terminals_are_the_legal_options(client: TestClient,
                                                 q26: dict[str, Any]) -> None:
    r = client.post("/v1/explain", json={"board": q26})
    assert r.status_code == 200
    terminals = {_key(d) for cm in r.json()["commitments"] for st in cm["states"]
                 for d in st["terminals"]}
    assert terminals == {_key(d) for d in _expected(Q26)["legal_if_payable"]}


def test_show_reads_the_board(client: TestClient, q26: dict[str, Any]) -> None:
    s = client.post("/v1/show", json={"board": q26}).json()
    roles = {p["name"]: p["role"] for p in s["players"]}
    assert roles == {"you": "active", "Alice": "defending", "Bob": "defending"}
    a = s["attack"]
    assert {c["id"] for c in a["candidates"]} == {"flunkies", "cub"}
    assert {t["id"] for t in a["targets"]} == {"Alice", "Bob"}
    sources = {r["source"]["permanent"] for r in a["requirements"]}
    assert {"flunkies", "wars_toll"} <= sources  # goad and War's Toll
    assert any(r["condition"] is not None for r in a["requirements"])  # War's Toll
    cost_sources = {c["source"]["permanent"] for c in a["costs"]}
    assert cost_sources == {"propaganda", "brainwash"}
    assert s["blocks"] is None


@pytest.mark.parametrize("path", _boards("blocks"), ids=lambda p: p.stem)
def test_blocks_match_the_rules(client: TestClient, path: Path) -> None:
    exp = _expected(path)
    board = _load(path)
    r = client.post("/v1/blocks", json={"board": board})
    assert r.status_code == 200, r.text
    assert sorted(map(_key, r.json()["legal"])) == sorted(map(_key, exp["legal"]))
    for chk in exp.get("checks", []):
        r = client.post("/v1/blocks/check", json={
            "board": board, "declaration": chk["declaration"],
            "assume_payable": chk.get("assume_payable", False)})
        assert r.json()["legal"] is chk["legal"], chk
    assert client.post("/v1/show", json={"board": board}).json()["blocks"] is not None


@pytest.mark.parametrize("path", _boards("damage"), ids=lambda p: p.stem)
def test_damage_matches_the_rules(client: TestClient, path: Path) -> None:
    exp = _expected(path)
    board = _load(path)
    for chk in exp["checks"]:
        r = client.post("/v1/damage/check", json={
            "board": board, "assignment": chk["assign"], "step": chk["step"],
            "after_first": chk.get("after_first", False),
            "first_assignment": chk.get("first_assign", {})})
        assert r.status_code == 200, r.text
        assert r.json()["legal"] is chk["legal"], chk
    want = exp["resolve"]
    r = client.post("/v1/damage/resolve", json={"board": board, "maximize": want["maximize"]})
    got = r.json()
    for key in ("player_damage", "kills", "life"):
        assert got[key] == want[key], key
    assert sorted(got["destroyed"]) == sorted(want["destroyed"])


# -- bad input -----------------------------------------------------------------------------


def _error(r: Any, status: int = 422) -> dict[str, Any]:
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) == {"error"}
    assert "Traceback" not in r.text
    err: dict[str, Any] = body["error"]
    return err


def test_bad_board_value_names_its_path(client: TestClient, q26: dict[str, Any]) -> None:
    q26["permanents"][0]["tapped"] = "yes"
    err = _error(client.post("/v1/check", json={"board": q26}))
    assert err["path"] == "$.board.permanents[0].tapped"
    assert "boolean" in err["message"]


def test_unknown_card_suggests_names(client: TestClient, q26: dict[str, Any]) -> None:
    q26["permanents"][1]["card"] = "Bear Cubb"
    err = _error(client.post("/v1/legal", json={"board": q26}))
    assert err["path"] == "$.board.permanents[1].card"
    assert "Bear Cub" in err["message"]


def test_board_must_be_an_object(client: TestClient) -> None:
    bad: object
    for bad in ("models/article/q26.json", [], 3):
        err = _error(client.post("/v1/show", json={"board": bad}))
        assert err["path"] == "$.board"


def test_declaration_errors_name_their_path(client: TestClient, q26: dict[str, Any]) -> None:
    err = _error(client.post("/v1/check", json={"board": q26, "declaration": {"nope": "Bob"}}))
    assert err["path"] == "$.declaration.nope"
    err = _error(client.post("/v1/check", json={"board": q26, "declaration": {"cub": 3}}))
    assert err["path"] == "$.declaration.cub"


def test_request_shape_errors(client: TestClient, q26: dict[str, Any]) -> None:
    err = _error(client.post("/v1/legal", json={"board": q26, "limit": -1}))
    assert err["path"] == "$.limit"
    err = _error(client.post("/v1/legal", json={"board": q26, "limt": 3}))
    assert err["path"] == "$.limt" and "unknown key" in err["message"]
    err = _error(client.post("/v1/legal", json={}))
    assert err["path"] == "$.board"
    err = _error(client.post("/v1/legal", content=b"{not json",
                             headers={"Content-Type": "application/json"}))
    assert err["path"] == "$"
    err = _error(client.post("/v1/damage/check", json={"board": q26, "step": "third"}))
    assert err["path"] == "$.step"


def test_not_found_is_json(client: TestClient) -> None:
    _error(client.get("/v1/nothing"), 404)
    _error(client.get("/v1/examples/..%2F..%2Fpyproject"), 404)
    _error(client.get("/web/../pyproject.toml"), 404)


def test_body_limit(client: TestClient, q26: dict[str, Any]) -> None:
    big = {"board": q26, "pad": "x" * MAX_BODY}
    err = _error(client.post("/v1/legal", json=big), 413)
    assert "too large" in err["message"]

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it streams
        yield b'{"board": {"pad": "'
        for _ in range(MAX_BODY // 65536 + 2):
            yield b"y" * 65536
        yield b'"}}'

    _error(client.post("/v1/legal", content=chunks()), 413)


def test_time_limit_answers_unknown(q26: dict[str, Any]) -> None:
    with TestClient(create_app(time_limit=1e-9), base_url=LOCAL) as c:
        for path, body in (("/v1/legal", {"board": q26}),
                           ("/v1/check", {"board": q26, "declaration": {"cub": "Bob"}}),
                           ("/v1/explain", {"board": q26})):
            r = c.post(path, json=body)
            assert r.status_code == 200
            assert r.json() == {"status": "unknown", "reason": "time limit"}


def test_internal_error_is_generic(monkeypatch: pytest.MonkeyPatch,
                                   q26: dict[str, Any]) -> None:
    import mtgcombat.server.app as server

    def boom(*_a: object, **_k: object) -> None:
        raise RuntimeError("secret detail /etc/passwd")

    monkeypatch.setattr(server, "_attack_engine", boom)
    with TestClient(create_app(), base_url=LOCAL, raise_server_exceptions=False) as c:
        r = c.post("/v1/legal", json={"board": q26})
    err = _error(r, 500)
    assert err["message"] == "internal error"
    assert "secret" not in r.text


# -- concurrency ---------------------------------------------------------------------------


def test_concurrent_requests_get_their_own_answers() -> None:
    import httpx

    boards = _boards("article")[:8]

    async def run() -> list[Any]:
        transport = httpx.ASGITransport(app=create_app(time_limit=30))
        async with httpx.AsyncClient(transport=transport, base_url=LOCAL) as ac:
            tasks = [ac.post("/v1/legal", json={"board": _load(p), "assume_payable": True})
                     for p in boards for _ in range(2)]
            return list(await asyncio.gather(*tasks))

    answers = asyncio.run(run())
    for i, r in enumerate(answers):
        want = _expected(boards[i // 2])["legal_if_payable"]
        assert sorted(map(_key, r.json()["legal"])) == sorted(map(_key, want))


# -- catalog, examples, page, schema ---------------------------------------------------------


def test_cards_search(client: TestClient) -> None:
    got = client.get("/v1/cards", params={"q": "mogg"}).json()
    assert "Mogg Flunkies" in [c["name"] for c in got["cards"]]
    flunkies = next(c for c in got["cards"] if c["name"] == "Mogg Flunkies")
    assert flunkies["power"] == 3 and flunkies["toughness"] == 3  # Mogg Flunkies is a 3/3
    inner = client.get("/v1/cards", params={"q": "toll"}).json()
    assert "War's Toll" in [c["name"] for c in inner["cards"]]
    assert client.get("/v1/cards", params={"q": "zzzzqqq"}).json()["count"] == 0
    assert client.get("/v1/cards", params={"limit": 2}).json()["count"] == 2
    _error(client.get("/v1/cards", params={"limit": 0}))


def test_examples_are_the_article_boards(client: TestClient) -> None:
    listed = client.get("/v1/examples").json()["examples"]
    assert [e["id"] for e in listed] == [p.stem for p in _boards("article")]
    q26 = next(e for e in listed if e["id"] == Q26.stem)
    assert "Question #26" in q26["title"]
    got = client.get(f"/v1/examples/{Q26.stem}").json()
    assert got["board"] == _load(Q26)


def test_shipped_copies_equal_models_article() -> None:
    """mtgcombat/web/examples/ must be refreshed (python -m mtgcombat.server.examples) when a
    board in models/article changes."""
    sources = {p.name: p.read_bytes() for p in _boards("article")}
    copies = {p.name: p.read_bytes() for p in EXAMPLES.glob("*.json") if p.name != "index.json"}
    assert copies == sources


def test_page_and_static_files(client: TestClient) -> None:
    r = client.get("/")
    assert r.status_code == 200 and "text/html" in r.headers["content-type"]
    assert 'src="app.js"' in r.text
    scripts = ("app.js", "verdict.js", "steps.js")
    for name, kind in (*((js, "javascript") for js in scripts), ("style.css", "css")):
        assert f'src="{name}"' in r.text or name == "style.css", name
        got = client.get(f"/{name}")
        assert got.status_code == 200 and kind in got.headers["content-type"]
    assert "CompressionStream" in client.get("/app.js").text
    # No CDN: the page loads nothing from another host.
    page = client.get("/").text + "".join(client.get(f"/{js}").text for js in scripts)
    assert "http://" not in page and "https://" not in page


def test_openapi_describes_boards(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    for path in ("/v1/legal", "/v1/check", "/v1/explain", "/v1/show", "/v1/blocks",
                 "/v1/blocks/check", "/v1/damage/check", "/v1/damage/resolve", "/v1/cards",
                 "/v1/examples"):
        assert path in schema["paths"], path
    assert "Board" in schema["components"]["schemas"]
    assert "Permanent" in schema["components"]["schemas"]


def test_serve_binds_loopback_by_default() -> None:
    from click.testing import CliRunner

    from mtgcombat.cli.main import cli
    from mtgcombat.server import app as server

    assert server.DEFAULT_HOST == "127.0.0.1"
    help_text = CliRunner().invoke(cli, ["serve", "--help"]).output
    assert "127.0.0.1" in help_text


def test_undecided_answers_unknown(monkeypatch: pytest.MonkeyPatch,
                                   q26: dict[str, Any]) -> None:
    """Any no-verdict (here a search over its size limit) is HTTP 200 "unknown" with its
    reason, the same shape as the time limit's."""
    import mtgcombat.server.app as server
    from mtgcombat.errors import SearchTooLarge

    def too_large(*_a: object, **_k: object) -> None:
        raise SearchTooLarge("too many states")

    monkeypatch.setattr(server, "_attack_engine", too_large)
    with TestClient(create_app(), base_url=LOCAL) as c:
        r = c.post("/v1/check", json={"board": q26, "declaration": {"cub": "Bob"}})
    assert r.status_code == 200
    assert r.json() == {"status": "unknown", "reason": "search too large (too many states)"}


def test_only_the_page_files_are_served(client: TestClient) -> None:
    """The web folder is served through StaticFiles, but only its three page paths."""
    for path in ("/", "/app.js", "/style.css"):
        assert client.get(path).headers["cache-control"] == "no-cache"
    for path in ("/index.html", "/examples/index.json", "/../pyproject.toml", "/nope"):
        _error(client.get(path), 404)
