"""The board corpus with expected answers: the article's questions and examples
(``models/article/``) and card-by-card boards (``models/cards/``).

Every expectation was derived by hand from the article, the SPEC or the Oracle text (see each
``*.expected.json``), never from the solver's output.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgcombat import default_catalog, load_board
from mtgcombat.board.declaration import Declaration
from mtgcombat.legality.attacks import check, legal_attacks
from tests.conftest import MODELS
from tests.expected import Expected, ExpectedError, board_files, load_pairs

try:
    import mtgcombat.payment.search  # noqa: F401
    HAVE_PAYMENT = True
except ModuleNotFoundError as exc:
    if exc.name != "mtgcombat.payment.search":
        raise
    HAVE_PAYMENT = False

PAYMENT_MISSING = "payment (CR 508.1h-j) not implemented yet"

FOLDERS = ("article", "cards")
PAIRS = [pair for folder in FOLDERS for pair in load_pairs(MODELS / folder)]
PAYMENT_PAIRS = [(b, e) for b, e in PAIRS if e.needs_payment]

IN_SCOPE_QUESTIONS = frozenset({1, 2, 3, 6, 7, 8, 9, 10, 12, 13, 16, 18, 19, 20, 21, 22, 24, 26})
"""scope: the article questions a frozen board can express."""

UNNUMBERED_EXAMPLES = (
    "ex_crawlspace",  # Crazed Goblin, Avatar of Slaughter, Bear Cub, Wall of Roots vs Crawlspace
    "ex_bear_cub_crazed_goblin",  # the process without conditional requirements
    "ex_viashino_bey",  # the lone Viashino Bey
    "ex_magnetic_web",  # Complication #3's tree (the conditional process)
    "ex_juggernaut_one_propaganda",  # step 5: Juggernaut in multiplayer, one Propaganda
    "ex_alice_bob_propagandas",  # step 5: pay for Bob's Propaganda, attack Bob
    "ex_alice_bob_war_tax",  # step 5: War Tax instead: paying means attacking Alice
)


def _id(pair: tuple[Path, Expected]) -> str:
    return f"{pair[0].parent.name}/{pair[0].stem}"


def _show(decls: set[Declaration] | frozenset[Declaration]) -> list[str]:
    return sorted(repr(d) for d in decls)


@pytest.mark.parametrize("board_path, expected", PAIRS, ids=[_id(p) for p in PAIRS])
def test_expectations_if_payable(board_path: Path, expected: Expected) -> None:
    """With every cost assumed payable, the legal set and the single checks are as expected."""
    board = load_board(board_path)
    if expected.legal_if_payable is not None:
        listed = list(legal_attacks(board, assume_payable=True))
        assert listed == sorted(listed, key=Declaration.sort_key), "not in canonical order"
        got = set(listed)
        assert len(got) == len(listed), "a declaration is listed twice"
        assert got == expected.legal_if_payable, (
            f"missing {_show(expected.legal_if_payable - got)}, "
            f"unexpected {_show(got - expected.legal_if_payable)}")
        for decl in sorted(expected.legal_if_payable, key=Declaration.sort_key):
            verdict = check(board, decl, assume_payable=True)
            assert verdict.legal, f"{decl!r}: {verdict.reason}"
    for c in expected.payable_checks():
        verdict = check(board, c.declaration, assume_payable=True)
        assert verdict.legal is c.legal, f"{c.declaration!r}: {verdict.reason}"


@pytest.mark.skipif(not HAVE_PAYMENT, reason=PAYMENT_MISSING)
@pytest.mark.parametrize("board_path, expected", PAYMENT_PAIRS,
                         ids=[_id(p) for p in PAYMENT_PAIRS])
def test_payment_expectations(board_path: Path, expected: Expected) -> None:
    """With payment checked (payment), the legal set and the single checks are as expected."""
    board = load_board(board_path)
    if expected.legal is not None:
        got = set(legal_attacks(board))
        assert got == expected.legal, (
            f"missing {_show(expected.legal - got)}, unexpected {_show(got - expected.legal)}")
        for decl in sorted(expected.legal, key=Declaration.sort_key):
            verdict = check(board, decl)
            assert verdict.legal, f"{decl!r}: {verdict.reason}"
    for c in expected.payment_checks():
        verdict = check(board, c.declaration)
        assert verdict.legal is c.legal, f"{c.declaration!r}: {verdict.reason}"


@pytest.mark.skipif(not HAVE_PAYMENT, reason=PAYMENT_MISSING)
@pytest.mark.parametrize("name, declaration, attacking", [
    # Q21: no mana in the total, so step 6 is skipped: nothing is sacrificed to Phyrexian
    # Tower and Takenuma Bleeder becomes an attacking creature ("you'll lose 1 life").
    ("q21_phyrexian_tower_takenuma_bleeder", {"flunkies": "opp", "bleeder": "opp"},
     {frozenset({"flunkies", "bleeder"})}),
    # Q24: "In step 6 you sacrifice one of the Mogg Flunkies": exactly one becomes attacking.
    ("q24_two_flunkies_phyrexian_tower", {"flunkies1": "opp", "flunkies2": "opp"},
     {frozenset({"flunkies1"}), frozenset({"flunkies2"})}),
])
def test_payment_plan_names_the_creatures_that_become_attacking(
        name: str, declaration: dict[str, str], attacking: set[frozenset[str]]) -> None:
    """payment: the verdict's payment plan names the creatures that actually attack."""
    verdict = check(load_board(MODELS / "article" / f"{name}.json"), declaration)
    assert verdict.legal, verdict.reason
    assert verdict.payment is not None, "a legal verdict with costs checked carries its plan"
    assert frozenset(verdict.payment["attackers"]) in attacking, verdict.payment


def test_every_in_scope_question_has_a_board() -> None:
    """scope: each in-scope article question has a board in ``models/article/``."""
    covered = {e.question for b, e in PAIRS if b.parent.name == "article"}
    assert IN_SCOPE_QUESTIONS - covered == set()


def test_every_unnumbered_example_has_a_board() -> None:
    """The article's unnumbered examples each have a board."""
    stems = {p.stem for p in board_files(MODELS / "article")}
    assert set(UNNUMBERED_EXAMPLES) - stems == set()


def test_article_boards_are_named_after_their_question() -> None:
    """``qN_*`` boards cite Question #N, so the coverage test can't be fooled by a typo."""
    for board, exp in PAIRS:
        if board.parent.name == "article" and board.stem.startswith("q"):
            number = int(board.stem[1:].split("_")[0])
            assert exp.question == number, board


def _cards_named(board_path: Path) -> set[str]:
    data = json.loads(board_path.read_text(encoding="utf-8"))
    names = {p["card"] for p in data.get("permanents", []) if "card" in p}
    names.update(e["card"] for e in data.get("effects", []) if "card" in e)
    for player in data.get("players", []):
        names.update(player.get("hand", []))
        names.update(player.get("graveyard", []))
    return names


def test_every_catalog_card_appears_in_some_board() -> None:
    """Each catalog card is exercised by at least one board of the corpus."""
    used: set[str] = set()
    for board, _ in PAIRS:
        used |= {n.casefold() for n in _cards_named(board)}
    for folder in ("blocks", "damage"):  # their own expected-answer formats, same board format
        for path in board_files(MODELS / folder):
            used |= {n.casefold() for n in _cards_named(path)}
    missing = [n for n in default_catalog().names() if n.casefold() not in used]
    assert missing == []


def test_corpus_is_not_empty() -> None:
    """Both folders hold boards (an empty glob would make every test above vacuous)."""
    for folder in FOLDERS:
        assert board_files(MODELS / folder), folder
    assert len([b for b, _ in PAIRS if b.parent.name == "cards"]) >= 10


def test_loader_rejects_a_board_without_expected_file(tmp_path: Path) -> None:
    """A board with no ``.expected.json`` beside it is an error, not silently skipped."""
    (tmp_path / "lonely.json").write_text("{}")
    with pytest.raises(ExpectedError, match="no expected file"):
        load_pairs(tmp_path)


def test_loader_rejects_an_orphan_expected_file(tmp_path: Path) -> None:
    """An expected file whose board is missing (a renamed board) is an error."""
    (tmp_path / "gone.expected.json").write_text(
        json.dumps({"source": "s", "quote": "q", "stage": "requirements", "checks": []}))
    with pytest.raises(ExpectedError, match="has no board"):
        load_pairs(tmp_path)


@pytest.mark.parametrize("bad, message", [
    ({"source": "s", "quote": "q", "stage": "combat", "legal": []}, "stage"),
    ({"source": "s", "quote": "q", "stage": "payment", "legal": [], "extra": 1}, "unknown key"),
    ({"source": "s", "quote": "q", "stage": "payment"}, "no expectation"),
    ({"source": "s", "quote": "q", "stage": "payment", "legal": [{}, {}]}, "listed twice"),
    ({"source": "s", "quote": "q", "stage": "payment",
      "checks": [{"declaration": {}, "legal": "yes", "assume_payable": True}]}, "booleans"),
])
def test_loader_rejects_malformed_expected_files(tmp_path: Path, bad: dict[str, object],
                                                 message: str) -> None:
    """Malformed expected files fail loudly, naming the problem."""
    (tmp_path / "b.json").write_text("{}")
    (tmp_path / "b.expected.json").write_text(json.dumps(bad))
    with pytest.raises(ExpectedError, match=message):
        load_pairs(tmp_path)
