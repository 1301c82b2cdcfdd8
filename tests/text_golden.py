"""Helpers for golden tests of the combat-text compiler: compile a real card of the shipped
oracle corpus. Expected effects in the tests are written from the card's printed text."""

from __future__ import annotations

from mtgcombat.rules.corpus import lookup
from mtgcombat.rules.effects import Effect
from mtgcombat.rules.text.compile import CompiledText, compile_face


def compiled(name: str) -> CompiledText:
    """The compiled text of the corpus card called ``name`` (the face the name names)."""
    card = lookup(name)
    assert card is not None, f"{name!r} is not in the corpus"
    return compile_face(card.face, card.name)


def effects(name: str) -> list[Effect]:
    """The static effects the card's text compiles to; fails if any combat text of the card
    is unmodelled."""
    c = compiled(name)
    assert not c.unmodelled, f"{name}: unmodelled {[u.text for u in c.unmodelled]}"
    return list(c.effects)


def resolved(name: str) -> list[Effect]:
    """What the card's spell or ability does on resolution; fails on unmodelled text."""
    c = compiled(name)
    assert not c.unmodelled, f"{name}: unmodelled {[u.text for u in c.unmodelled]}"
    return list(c.resolved)


def unmodelled(name: str) -> list[str]:
    """The card's unmodelled combat sentences (and keywords)."""
    return [u.text for u in compiled(name).unmodelled]
