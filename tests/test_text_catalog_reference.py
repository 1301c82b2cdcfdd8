"""The hand-written catalog as the compiler's checked reference.

Each hand-written card that is also a printed card is compiled from its oracle text. Either
the compiler reports some of its combat text as unmodelled, or the compiled card must act
exactly like the hand-written one: on every board of ``models/`` that names it, the
declare-attackers and declare-blockers instances and every permanent's derived
characteristics are the same with either card.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgcombat.board.characteristics import View
from mtgcombat.board.model import Board, load_board
from mtgcombat.compile.attacks import compile_board
from mtgcombat.compile.blocks import compile_blocks
from mtgcombat.errors import BoardError
from mtgcombat.rules.catalog import Card, Catalog, default_catalog
from mtgcombat.rules.corpus import lookup
from mtgcombat.rules.text.card import card_from_corpus
from mtgcombat.rules.text.families.keywords import keyword_status

MODELS = Path(__file__).resolve().parent.parent / "models"


def _boards() -> dict[str, list[Board]]:
    """Card name (case-folded) → the loadable ``models/`` boards naming it."""
    by_card: dict[str, list[Board]] = {}
    for path in sorted(MODELS.rglob("*.json")):
        if path.name.endswith(".expected.json") or "bad" in path.parts:
            continue
        try:
            board = load_board(path)
        except (BoardError, ValueError, TypeError):
            continue  # not a board file (declarations, batch lists, ...)
        for name in {p.card.casefold() for p in board.permanents if p.card}:
            by_card.setdefault(name, []).append(board)
    return by_card


BOARDS = _boards()
HAND = [default_catalog().get(n) for n in default_catalog().names()]
PRINTED = [c for c in HAND if lookup(c.name) is not None]


def _outcome(board: Board, catalog: Catalog) -> tuple[object, ...]:
    """What a card's effects decide on a board: instances of both steps, characteristics."""
    out: list[object] = []
    for step in (compile_board, compile_blocks):
        try:
            out.append(step(board, catalog))
        except BoardError as exc:
            out.append(("error", str(exc)))
    view = View(board, catalog)
    out.append(sorted((o.id, o.power, o.toughness, _combat_keywords(o.keywords),
                       sorted(o.subtypes)) for o in view.objects.values()))
    return tuple(out)


def _combat_keywords(keywords: frozenset[str]) -> list[str]:
    """Keywords with combat rules (hand-written cards may omit others, like "enchant land")."""
    return sorted(k for k in keywords if keyword_status(k) != "not_combat")


def _compiled(hand: Card) -> Card:
    found = lookup(hand.name)
    assert found is not None
    return card_from_corpus(found)


def test_most_hand_written_cards_are_printed_cards() -> None:
    assert len(PRINTED) >= 60, [c.name for c in HAND if c not in PRINTED]


@pytest.mark.parametrize("hand", PRINTED, ids=lambda c: c.name)
def test_compiled_card_acts_like_the_hand_written_one(hand: Card) -> None:
    compiled = _compiled(hand)
    if compiled.unmodelled:
        return  # reported as unmodelled: the board says so instead of being silently wrong
    assert (compiled.types, compiled.subtypes, compiled.power, compiled.toughness) == \
        (hand.types, hand.subtypes, hand.power, hand.toughness)
    boards = BOARDS.get(hand.name.casefold(), [])
    if not boards:
        assert set(map(repr, compiled.effects)) == set(map(repr, hand.effects))
        return
    reference = default_catalog()
    patched = reference.replaced(compiled)
    for board in boards:
        assert _outcome(board, patched) == _outcome(board, reference)
