"""Changes by X until end of turn ("Target creature gets -X/-X until end of turn."), applied
with the X the board records for the resolution (an activation's or a top-level entry's
``x``)."""

from __future__ import annotations

from typing import Any

import pytest

from mtgcombat import BoardError
from mtgcombat.board.characteristics import View
from mtgcombat.board.model import load_board
from mtgcombat.rules.effects import GrantKeywords, ModifyPowerToughness, Selector
from tests.helpers import board_data, card
from tests.text_golden import resolved, unmodelled

TARGET = Selector(which="targets", types=["Creature"])


def test_spell_x_pumps() -> None:
    # Untamed Might: "Target creature gets +X/+X until end of turn."
    assert resolved("Untamed Might") == [
        ModifyPowerToughness(affects=TARGET, power=1, toughness=1, times_x=True)]
    # Death Wind: "Target creature gets -X/-X until end of turn."
    assert resolved("Death Wind") == [
        ModifyPowerToughness(affects=TARGET, power=-1, toughness=-1, times_x=True)]
    # Toxic Deluge: "As an additional cost to cast this spell, pay X life. All creatures get
    # -X/-X until end of turn."
    assert resolved("Toxic Deluge") == [ModifyPowerToughness(
        affects=Selector(types=["Creature"]), power=-1, toughness=-1, times_x=True)]


def test_activated_x_with_a_keyword_and_mixed_signs() -> None:
    # Kessig Wolf Run: "{X}{R}{G}, {T}: Target creature gets +X/+0 and gains trample until end
    # of turn."
    assert resolved("Kessig Wolf Run") == [
        ModifyPowerToughness(affects=TARGET, power=1, toughness=0, times_x=True),
        GrantKeywords(affects=TARGET, keywords=["trample"])]
    # Chatterfang, Squirrel General: "{B}, Sacrifice X Squirrels: Target creature gets +X/-X
    # until end of turn." (X from the cost)
    assert ModifyPowerToughness(affects=TARGET, power=1, toughness=-1, times_x=True) in resolved(
        "Chatterfang, Squirrel General")


NEAR_MISSES: list[tuple[str, str]] = [
    # X defined by the sentence itself: not the resolution's X.
    ("Elder of Laurels", "where X is the number of creatures you control"),
    ("Kry Shield", "gets +0/+X until end of turn, where X is its mana value"),
    # The X of a trigger isn't recorded.
    ("Nightshade Assassin", "If you do, target creature gets -X/-X until end of turn."),
]


@pytest.mark.parametrize(("name", "part"), NEAR_MISSES, ids=[c[0] for c in NEAR_MISSES])
def test_near_miss_stays_unmodelled(name: str, part: str) -> None:
    assert any(part in u for u in unmodelled(name)), unmodelled(name)


def _pt(data: dict[str, Any], pid: str) -> tuple[int | None, int | None]:
    obj = View(load_board(data)).objects[pid]
    return obj.power, obj.toughness


def test_recorded_x_scales_the_change() -> None:
    # Grizzly Bears (2/2) after Untamed Might with X=3: 5/5; Death Wind with X=1: 1/1.
    bears = card("bears", "Grizzly Bears")
    might = {"card": "Untamed Might", "controller": "you", "targets": ["bears"], "x": 3}
    assert _pt(board_data([dict(bears)], effects=[might]), "bears") == (5, 5)
    wind = {"card": "Death Wind", "controller": "opp", "targets": ["bears"], "x": 1}
    assert _pt(board_data([dict(bears)], effects=[wind]), "bears") == (1, 1)
    # Kessig Wolf Run activated twice, X=2 and X=1: +3/+0 and trample.
    run = card("run", "Kessig Wolf Run",
               activations=[{"x": 2, "targets": ["bears"]}, {"x": 1, "targets": ["bears"]}])
    view = View(load_board(board_data([dict(bears), run]))).objects["bears"]
    assert (view.power, view.toughness, "trample" in view.keywords) == (5, 2, True)


def test_an_x_change_needs_the_recorded_x() -> None:
    bears = card("bears", "Grizzly Bears")
    with pytest.raises(BoardError) as info:
        load_board(board_data([bears], effects=[
            {"card": "Untamed Might", "controller": "you", "targets": ["bears"]}]))
    assert info.value.path == "$.effects[0]" and '"x"' in info.value.message
    run = card("run", "Kessig Wolf Run", activations=[{"targets": ["bears"]}])
    with pytest.raises(BoardError) as info:
        load_board(board_data([card("bears", "Grizzly Bears"), run]))
    assert info.value.path == "$.permanents[1].activations[0]"
