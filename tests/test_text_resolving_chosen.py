"""Protection from the colour chosen as a spell or ability resolves ("gains protection from the
color of your choice until end of turn"): the record of the resolution names the colour
(``chosen_color``)."""

from __future__ import annotations

from typing import Any

import pytest

from mtgcombat import BoardError
from mtgcombat.board.characteristics import View
from mtgcombat.board.model import load_board
from mtgcombat.rules.effects import GrantKeywords, Selector
from tests.helpers import board_data, card
from tests.text_golden import resolved, unmodelled

YOURS = Selector(which="targets", controller="you", types=["Creature"])


def test_color_of_your_choice_compiles_to_a_chosen_protection() -> None:
    # Gods Willing: "Target creature you control gains protection from the color of your
    # choice until end of turn. Scry 1."
    assert resolved("Gods Willing") == [
        GrantKeywords(affects=YOURS, keywords=[], chosen_color_protection=True)]
    # Feat of Resistance: "Put a +1/+1 counter on target creature you control. It gains
    # protection from the color of your choice until end of turn." ("it": the target)
    assert resolved("Feat of Resistance") == [GrantKeywords(
        affects=Selector(which="targets"), keywords=[], chosen_color_protection=True)]
    # Brave the Elements: "Choose a color. White creatures you control gain protection from
    # the chosen color until end of turn."
    assert resolved("Brave the Elements") == [GrantKeywords(
        affects=Selector(controller="you", types=["Creature"], colors_any=["W"]), keywords=[],
        chosen_color_protection=True)]


def test_protection_from_a_choice_among_qualities_stays_unmodelled() -> None:
    # Apostle's Blessing: "... gains protection from artifacts or from the color of your
    # choice until end of turn." — which quality was chosen isn't one colour.
    assert any("protection from artifacts or from the color of your choice" in u
               for u in unmodelled("Apostle's Blessing"))


def test_the_recorded_colour_is_the_protection() -> None:
    willing = {"card": "Gods Willing", "controller": "you", "targets": ["bears"],
               "chosen_color": "red"}
    view = View(load_board(board_data([card("bears", "Grizzly Bears")], effects=[willing])))
    assert "protection from red" in view.objects["bears"].keywords
    assert "protection from blue" not in view.objects["bears"].keywords
    # Mother of Runes: "{T}: Target creature you control gains protection from the color of
    # your choice until end of turn." — an activation names its colour too.
    mother = card("mom", "Mother of Runes",
                  activations=[{"targets": ["bears"], "chosen_color": "G"}])
    view = View(load_board(board_data([card("bears", "Grizzly Bears"), mother])))
    assert "protection from green" in view.objects["bears"].keywords
    assert not any(k.startswith("protection") for k in view.objects["mom"].keywords)


@pytest.mark.parametrize(("entry", "path"), [
    ({"effects": [{"card": "Gods Willing", "controller": "you", "targets": ["bears"]}]},
     "$.effects[0]"),
    ({"permanents": [card("bears", "Grizzly Bears", controller="you"),
                     card("mom", "Mother of Runes", controller="you", activations=[0])]},
     "$.permanents[1].activations[0]"),
])
def test_the_colour_must_be_recorded(entry: dict[str, Any], path: str) -> None:
    data = board_data([card("bears", "Grizzly Bears")])
    data.update(entry)
    with pytest.raises(BoardError) as info:
        load_board(data)
    assert info.value.path == path and "chosen_color" in info.value.message
