"""The on-disk cache of compiled corpus cards: same cards, compiled once per compiler."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from mtgcombat.errors import BoardError
from mtgcombat.rules import corpus as oracle
from mtgcombat.rules.text import cache
from mtgcombat.rules.text.card import card_from_corpus


@pytest.fixture
def fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MTGCOMBAT_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("MTGCOMBAT_COMPILE_CACHE", "1")
    return tmp_path


def _card(name: str) -> oracle.CorpusCard:
    found = oracle.lookup(name)
    assert found is not None
    return found


def test_a_compiled_card_is_read_back_equal(fresh: Path) -> None:
    lynx = _card("Steppe Lynx")
    assert cache.get(lynx) is None
    first = cache.cached_card(lynx)
    assert (fresh / cache.CACHE_FILE).is_file()
    assert cache.get(lynx) == first == card_from_corpus(lynx)


def test_cached_cards_equal_compiled_ones_across_the_corpus(fresh: Path) -> None:
    names = random.Random(17).sample(oracle.corpus().names(), 300)
    for name in names:
        card = _card(name)
        try:
            compiled = card_from_corpus(card)
        except BoardError:  # an entry the catalog can't use is never cached
            continue
        cache.put(card, compiled)
        assert cache.get(card) == compiled, name


def test_another_compiler_does_not_see_old_entries(fresh: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    lynx = _card("Steppe Lynx")
    cache.cached_card(lynx)
    monkeypatch.setattr(cache, "fingerprint", lambda: "another compiler")
    assert cache.get(lynx) is None


def test_the_cache_can_be_turned_off(fresh: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MTGCOMBAT_COMPILE_CACHE", "0")
    lynx = _card("Steppe Lynx")
    assert cache.cached_card(lynx) == card_from_corpus(lynx)
    assert not (fresh / cache.CACHE_FILE).exists()


def test_an_unusable_cache_only_costs_time(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the cache directory should be")
    monkeypatch.setenv("MTGCOMBAT_CACHE_DIR", str(blocker))
    lynx = _card("Steppe Lynx")
    assert cache.cached_card(lynx) == card_from_corpus(lynx)


def test_the_fingerprint_covers_the_compiler_source() -> None:
    assert len(cache.fingerprint()) == 32
    assert cache.fingerprint() == cache.fingerprint()
