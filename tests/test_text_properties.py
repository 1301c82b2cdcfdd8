"""Properties of the combat-text compiler over the whole oracle corpus (hypothesis, derandomized):
compiling is deterministic and independent of what was compiled before, and everything it
produces is valid in the effect vocabulary and the catalog."""

from __future__ import annotations

import dataclasses
import re
from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter

from mtgcombat.errors import BoardError
from mtgcombat.rules.catalog import Card
from mtgcombat.rules.corpus import CorpusCard, corpus
from mtgcombat.rules.effects import Effect
from mtgcombat.rules.text.card import card_from_corpus
from mtgcombat.rules.text.compile import CompiledText, compile_face

EFFECT = TypeAdapter(Effect)
PROPERTY = settings(max_examples=100, derandomize=True, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@cache
def _names() -> tuple[str, ...]:
    return tuple(corpus().names())


def _card(name: str) -> CorpusCard:
    card = corpus().lookup(name)
    assert card is not None
    return card


def _compile_faces(card: CorpusCard) -> list[CompiledText]:
    return [compile_face(f, card.name) for f in card.faces if not f.missing]


names = st.integers(min_value=0, max_value=len(_names()) - 1).map(lambda i: _names()[i])


@PROPERTY
@given(names)
def test_compiling_is_deterministic(name: str) -> None:
    card = _card(name)
    assert _compile_faces(card) == _compile_faces(card)


@PROPERTY
@given(st.lists(names, min_size=2, max_size=4, unique=True))
def test_compiling_does_not_depend_on_order(batch: list[str]) -> None:
    forward = {n: _compile_faces(_card(n)) for n in batch}
    backward = {n: _compile_faces(_card(n)) for n in reversed(batch)}
    assert forward == backward


@PROPERTY
@given(names)
def test_compiled_effects_revalidate(name: str) -> None:
    for compiled in _compile_faces(_card(name)):
        for effect in (*compiled.effects, *compiled.resolved):
            assert EFFECT.validate_python(effect.model_dump()) == effect
            assert EFFECT.validate_json(EFFECT.dump_json(effect)) == effect
        assert len(set(compiled.keywords)) == len(compiled.keywords)


@PROPERTY
@given(names, st.integers(min_value=0, max_value=3))
def test_corpus_cards_revalidate_as_catalog_cards(name: str, face: int) -> None:
    card = _card(name)
    card = dataclasses.replace(card, face_index=face % len(card.faces))
    try:
        built = card_from_corpus(card)
    except BoardError as err:
        # only what the corpus itself lacks or misprints may refuse a card: a face without
        # characteristics, or a joke card's type line (Un-sets: "Summon", "Stickers")
        assert card.face.missing or re.search(r"is not usable: unknown (?:card type|subtype)",
                                              str(err)), str(err)
        return
    assert Card.model_validate(built.model_dump()) == built
    assert built.origin == "corpus"
    assert built.name == card.face.name
    assert all(u.text for u in built.unmodelled)
