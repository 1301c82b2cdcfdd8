"""``mtgcombat cards coverage``: how much of the printed cards' combat text is modelled, and
the shapes of unmodelled sentences."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mtgcombat.cli.main import cli
from mtgcombat.rules import corpus as oracle
from mtgcombat.rules.text.compile import CompiledText, Unmodelled
from mtgcombat.rules.text.coverage import Coverage, coverage, shape
from mtgcombat.rules.text.templates import FAMILIES


@pytest.mark.parametrize(("norm", "expected"), [
    ("~ gets +2/+0 until end of turn.", "~ gets +N/+N until end of turn"),
    ("~ gets +1/+1 until end of turn.", "~ gets +N/+N until end of turn"),
    ("Target creature gets -X/-X until end of turn.", "Target creature gets -N/-N until end of "
     "turn"),
    ("Target creature gets +4/-4 until end of turn.", "Target creature gets +N/-N until end of "
     "turn"),
    ("Other Goblin creatures you control get +1/+1.", "Other SUBTYPE creatures you control get "
     "+N/+N"),
    ("Other Elves you control get +1/+1.", "Other SUBTYPE you control get +N/+N"),
    ("Non-Human creatures can't block.", "nonSUBTYPE creatures can't block"),
    ("~ can't attack unless defending player controls an Island.",
     "~ can't attack unless defending player controls an SUBTYPE"),
    ("Creatures can't attack you unless their controller pays {2}{W} for each creature they "
     "control that's attacking you.", "Creatures can't attack you unless their controller pays "
     "{M} for each creature they control that's attacking you"),
    ("{T}: Add {G}.", "{T}: Add {M}"),
    ("Artifact creatures you control get +1/+0.", "TYPE creatures you control get +N/+N"),
    ("~ deals 3 damage to target nonblack creature.", "~ deals N damage to target nonCOLOR "
     "creature"),
    ("No more than two creatures can attack each combat.",
     "No more than N creatures can attack each combat"),
    ("Prevent the next 2 damage that would be dealt to any target this turn.",
     "Prevent the next N damage that would be dealt to any target this turn"),
    ("bushido 2", "bushido N"),
])
def test_shape_abstracts_numbers_mana_pt_types_and_colours(norm: str, expected: str) -> None:
    assert shape(norm) == expected


def _compiled(modelled: tuple[tuple[str, str], ...] = (),
              unmodelled: tuple[Unmodelled, ...] = ()) -> CompiledText:
    return CompiledText((), (), (), modelled, unmodelled)


def test_tallies_fully_partly_not_and_keyword_only() -> None:
    report = Coverage()
    report.add("Plain", [_compiled()])
    report.add("Flier", [_compiled((("keywords", "flying"),))])
    report.add("Walker", [_compiled(unmodelled=(Unmodelled("nonbasic landwalk", "keywords"),))])
    report.add("Half", [_compiled((("keywords", "flying"),)),
                        _compiled(unmodelled=(Unmodelled("Half gets +2/+0 until end of turn.",
                                                         "pump"),))])
    report.add("Wall", [_compiled(unmodelled=(Unmodelled("Wall can't attack.",
                                                         "attack_restriction"),))])
    assert (report.cards, report.combat_cards) == (5, 4)
    assert (report.fully_modelled, report.partly_modelled, report.not_modelled) == (1, 1, 2)
    assert (report.keyword_only_cards, report.keyword_only_fully_modelled) == (2, 1)
    assert report.families["keywords"] == {"modelled": 2, "unmodelled": 1}
    assert report.families["pump"] == {"modelled": 0, "unmodelled": 1}
    data = report.as_dict()
    shapes = {s["shape"]: s for s in data["top_unmodelled_shapes"]}
    assert shapes["~ gets +N/+N until end of turn"]["card"] == "Half"
    assert shapes["~ can't attack"]["count"] == 1
    assert set(FAMILIES) <= set(data["families"])


def test_real_cards_every_face_counted() -> None:
    """Serra Angel's combat text is keywords the engine applies; Dryad Sophisticate's is
    nonbasic landwalk, which it doesn't; Divination has none; Delver of Secrets has it only on
    its back face (Insectile Aberration: flying)."""
    report = coverage(["Serra Angel", "Dryad Sophisticate", "Divination", "Delver of Secrets"])
    assert (report.cards, report.faces, report.combat_cards) == (4, 5, 3)
    assert (report.fully_modelled, report.partly_modelled, report.not_modelled) == (2, 0, 1)
    assert (report.keyword_only_cards, report.keyword_only_fully_modelled) == (3, 2)
    assert report.shapes == {"nonbasic landwalk": 1}


def _invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["cards", "coverage", *args])
    return result.exit_code, result.output


def test_cli_json_on_named_cards() -> None:
    code, out = _invoke("--name", "Serra Angel", "--name", "Dryad Sophisticate",
                        "--name", "Divination", "--json")
    assert code == 0
    data = json.loads(out)
    assert {"cards", "combat_cards", "fully_modelled", "partly_modelled", "not_modelled",
            "keyword_only_cards", "keyword_only_fully_modelled", "families",
            "top_unmodelled_shapes"} <= set(data)
    assert (data["cards"], data["combat_cards"], data["fully_modelled"]) == (3, 2, 1)
    assert data["top_unmodelled_shapes"] == [
        {"shape": "nonbasic landwalk", "count": 1, "example": "nonbasic landwalk",
         "card": "Dryad Sophisticate"}]


def test_cli_table_on_a_slice() -> None:
    code, out = _invoke("--limit", "150", "--top", "5")
    assert code == 0
    assert "cards: 150 " in out
    assert "cards with combat text:" in out and "fully modelled:" in out
    for family in FAMILIES:
        assert family in out
    listed = out.split("most common unmodelled sentence shapes:\n")
    assert len(listed) == 2 and 1 <= len(listed[1].strip().splitlines()) <= 5


def test_cli_slice_adds_up() -> None:
    code, out = _invoke("--limit", "300", "--json", "--top", "1000")
    assert code == 0
    data = json.loads(out)
    assert data["cards"] == 300
    assert data["fully_modelled"] + data["partly_modelled"] + data["not_modelled"] == \
        data["combat_cards"] <= data["cards"]
    assert data["keyword_only_fully_modelled"] <= data["keyword_only_cards"] <= \
        data["combat_cards"]
    unmodelled = sum(f["unmodelled"] for f in data["families"].values())
    assert unmodelled == sum(s["count"] for s in data["top_unmodelled_shapes"])


def test_cli_unknown_name_exits_2() -> None:
    code, out = _invoke("--name", "Sera Angle")
    assert code == 2 and "Serra Angel" in out


@pytest.mark.slow
def test_whole_corpus() -> None:
    code, out = _invoke("--json")
    assert code == 0
    data = json.loads(out)
    assert data["cards"] == len(oracle.corpus())
    assert data["combat_cards"] > 10_000
    assert data["fully_modelled"] + data["partly_modelled"] + data["not_modelled"] == \
        data["combat_cards"]
    assert len(data["top_unmodelled_shapes"]) == 30
