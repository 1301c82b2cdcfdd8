"""Card search over every printed card: the corpus's name search and ``GET /v1/cards``."""

from __future__ import annotations

import warnings

import pytest

from mtgcombat.rules.corpus import search

pytest.importorskip("fastapi")
pytest.importorskip("httpx")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette: "install httpx2 instead"
    from fastapi.testclient import TestClient

from mtgcombat.server.app import create_app  # noqa: E402

pytestmark = [pytest.mark.filterwarnings("ignore::DeprecationWarning"),
              pytest.mark.filterwarnings("ignore:Using `httpx`")]


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), base_url="http://127.0.0.1")


def test_search_puts_prefix_matches_before_inner_matches() -> None:
    names, total = search("serra angel", 10)
    assert names[0] == "Serra Angel"
    assert total >= 2  # "Serra Angel Avatar" and the like also start with it
    inner, _ = search("angel of wrath", 10)
    assert "Akroma, Angel of Wrath" in inner


def test_search_ignores_case_and_punctuation() -> None:
    assert search("AKROMA ANGEL OF WRATH", 5)[0][0] == "Akroma, Angel of Wrath"
    assert "Fire // Ice" in search("fire ice", 5)[0]


def test_search_with_no_match_is_empty() -> None:
    assert search("zzqqxxnonsense", 5) == ([], 0)


def test_http_search_covers_the_corpus(client: TestClient) -> None:
    got = client.get("/v1/cards", params={"q": "air elemental"}).json()
    air = next(c for c in got["cards"] if c["name"] == "Air Elemental")
    # Air Elemental: a 4/4 Elemental with flying, not in the hand-written catalog.
    assert air["origin"] == "corpus"
    assert (air["power"], air["toughness"]) == (4, 4)
    assert air["keywords"] == ["flying"] and air["subtypes"] == ["Elemental"]
    assert air["unmodelled"] == []


def test_http_search_shows_unmodelled_text(client: TestClient) -> None:
    got = client.get("/v1/cards", params={"q": "ayumi, the last"}).json()
    ayumi = next(c for c in got["cards"] if c["name"] == "Ayumi, the Last Visitor")
    # "Legendary landwalk": unblockable while the defending player controls a legendary land;
    # the engine doesn't read supertypes, so the keyword is reported.
    assert any("legendary landwalk" in u["text"].casefold() for u in ayumi["unmodelled"])


def test_http_search_lists_catalog_cards_first(client: TestClient) -> None:
    got = client.get("/v1/cards", params={"q": "mogg flunkies"}).json()
    assert got["cards"][0]["name"] == "Mogg Flunkies"
    assert got["cards"][0]["origin"] == "catalog"


def test_http_search_shows_a_reversible_printing_once(client: TestClient) -> None:
    # The corpus also lists "Propaganda // Propaganda" (a printing with the same card on both
    # faces): it is the card Propaganda, shown once.
    names = [c["name"] for c in client.get("/v1/cards", params={"q": "propag"}).json()["cards"]]
    assert names.count("Propaganda") == 1


def test_http_search_shows_an_unusable_corpus_entry_with_its_error(client: TestClient) -> None:
    # "1996 World Champion" has the type line "Summon — Legend", which no card type matches.
    got = client.get("/v1/cards", params={"q": "1996 world champion"}).json()
    (entry,) = [c for c in got["cards"] if c["name"] == "1996 World Champion"]
    assert "Summon" in entry["error"]
