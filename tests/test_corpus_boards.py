"""Boards naming only printed cards of the oracle corpus (``models/corpus/``): attacks in the
folder itself, blocks in ``blocks/`` and combat damage in ``damage/``, each in the expected-
answer format of the matching hand-written folder (``models/cards``, ``models/blocks``,
``models/damage``) and checked by the same helpers.

Every answer was derived by hand from the cards' printed text and the Comprehensive Rules
(each expected file cites both); each file's ``notes`` name the card sentences the board
depends on. A board that fails only because one of those sentences is not compiled yet is
listed in :data:`NOT_YET_MODELLED` (strict xfail: the mark must go once the text compiles).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mtgcombat import default_catalog
from mtgcombat.rules.corpus import lookup
from tests.conftest import MODELS
from tests.expected import Expected, board_files, expected_path, load_pairs
from tests.test_article import HAVE_PAYMENT, PAYMENT_MISSING
from tests.test_article import test_expectations_if_payable as check_attacks_if_payable
from tests.test_article import test_payment_expectations as check_attacks_with_payment
from tests.test_blocks import check_block_board
from tests.test_damage import check_damage_board, check_damage_resolve
from tests.text_golden import unmodelled

CORPUS = MODELS / "corpus"
ATTACKS = load_pairs(CORPUS)
BLOCKS = board_files(CORPUS / "blocks")
DAMAGE = board_files(CORPUS / "damage")

BASIC_LANDS = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest"})
"""Hand-written catalog cards the boards may use: basic lands have no rules text to compile
(their mana abilities are intrinsic, CR 305.6)."""

NOT_YET_MODELLED: dict[str, tuple[str, str]] = {}
"""``test[folder/board]`` → the card and its sentence the board needs that does not compile
yet (strict xfail)."""


def _key(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


def _marks(test: str, path: Path) -> list[pytest.MarkDecorator]:
    missing = NOT_YET_MODELLED.get(f"{test}[{_key(path)}]")
    if missing is None:
        return []
    return [pytest.mark.xfail(strict=True, reason=f"not modelled yet: {missing[0]} "
                                                  f"{missing[1]!r}")]


def _params(test: str, paths: list[Path]) -> list[Any]:
    return [pytest.param(p, id=_key(p), marks=_marks(test, p)) for p in paths]


def _attack_params(test: str, pairs: list[tuple[Path, Expected]]) -> list[Any]:
    return [pytest.param(b, e, id=_key(b), marks=_marks(test, b)) for b, e in pairs]


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("board_path, expected",
                         _attack_params("test_attacks_if_payable", ATTACKS))
def test_attacks_if_payable(board_path: Path, expected: Expected) -> None:
    """Attack boards, every cost assumed payable (as for ``models/cards``)."""
    check_attacks_if_payable(board_path, expected)


@pytest.mark.skipif(not HAVE_PAYMENT, reason=PAYMENT_MISSING)
@pytest.mark.parametrize("board_path, expected",
                         _attack_params("test_attacks_with_payment",
                                        [(b, e) for b, e in ATTACKS if e.needs_payment]))
def test_attacks_with_payment(board_path: Path, expected: Expected) -> None:
    """Attack boards with payment checked (as for ``models/cards``)."""
    check_attacks_with_payment(board_path, expected)


@pytest.mark.parametrize("path", _params("test_blocks", BLOCKS))
def test_blocks(path: Path) -> None:
    """Block boards (as for ``models/blocks``)."""
    check_block_board(path, _load(expected_path(path)))


@pytest.mark.parametrize("path", _params("test_damage_checks", DAMAGE))
def test_damage_checks(path: Path) -> None:
    """Damage boards: single assignments (as for ``models/damage``)."""
    check_damage_board(path, _load(expected_path(path)))


@pytest.mark.parametrize("path", _params("test_damage_resolve", DAMAGE))
def test_damage_resolve(path: Path) -> None:
    """Damage boards: the resolved combat (as for ``models/damage``)."""
    check_damage_resolve(path, _load(expected_path(path))["resolve"])


def _all_boards() -> list[Path]:
    return [b for b, _ in ATTACKS] + BLOCKS + DAMAGE


def test_corpus_boards_cover_attacks_blocks_and_damage() -> None:
    """At least 24 boards: about ten attack, eight block and six damage boards; every block
    and damage board has its expected file."""
    assert len(ATTACKS) >= 10 and len(BLOCKS) >= 8 and len(DAMAGE) >= 6
    assert len(_all_boards()) >= 24
    for path in BLOCKS + DAMAGE:
        assert expected_path(path).is_file(), path
    stems = {p.stem for p in BLOCKS + DAMAGE}
    for folder in ("blocks", "damage"):
        for exp in (CORPUS / folder).glob("*.expected.json"):
            assert exp.name.removesuffix(".expected.json") in stems, exp


@pytest.mark.parametrize("path", _all_boards(), ids=_key)
def test_boards_name_only_printed_cards(path: Path) -> None:
    """Every permanent, and every spell that resolved this turn, is a printed card looked up
    in the oracle corpus (basic lands aside): no custom permanents or effects, no overridden
    characteristics, no hand-written catalog card."""
    data = _load(path)
    hand_written = {n.casefold() for n in default_catalog().names()}
    for entry in data.get("effects", []):
        assert set(entry) <= {"card", "controller", "targets"}, entry
    for perm in data["permanents"]:
        assert set(perm) <= {"id", "card", "controller", "tapped", "summoning_sick",
                             "attached_to", "activations"}, perm
    for name in _card_names(data):
        assert lookup(name) is not None, name
        assert name in BASIC_LANDS or name.casefold() not in hand_written, name


def _card_names(data: dict[str, Any]) -> list[str]:
    return [e["card"] for e in [*data["permanents"], *data.get("effects", [])]]


def _printed_text(name: str) -> str:
    card = lookup(name)
    assert card is not None, name
    return card.face.text


@pytest.mark.parametrize("path", _all_boards(), ids=_key)
def test_expected_files_cite_cards_and_rules(path: Path) -> None:
    """Each expected file cites the Comprehensive Rules and quotes a card's printed text, and
    its notes name the sentences the board depends on."""
    exp = _load(expected_path(path))
    assert "CR " in exp["source"] and exp["quote"]
    assert exp["notes"].startswith("Depends on: ")
    printed = {_printed_text(name) for name in _card_names(_load(path))}
    for part in exp["quote"].split(" / "):
        assert any(part in text for text in printed), part


def test_not_yet_modelled_names_real_boards() -> None:
    """Every xfail entry names a test and board of this module (a renamed board can't keep
    its mark)."""
    tests = ("test_attacks_if_payable", "test_attacks_with_payment", "test_blocks",
             "test_damage_checks", "test_damage_resolve")
    assert set(NOT_YET_MODELLED) <= {f"{t}[{_key(p)}]" for t in tests for p in _all_boards()}


@pytest.mark.parametrize("card, sentence", sorted(set(NOT_YET_MODELLED.values())))
def test_xfail_boards_wait_only_for_unmodelled_text(card: str, sentence: str) -> None:
    """A board is marked only while its card reports the sentence as unmodelled: once the
    sentence compiles, this fails together with the board's XPASS and the mark goes."""
    assert sentence in unmodelled(card)
