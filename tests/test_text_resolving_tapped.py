"""Changes that last "for as long as this artifact remains tapped": applied while the source of
the recorded activation is still tapped."""

from __future__ import annotations

from typing import Any

from mtgcombat.board.characteristics import View
from mtgcombat.board.model import load_board
from mtgcombat.rules.effects import ModifyPowerToughness, Selector, SourceState
from tests.helpers import card
from tests.text_golden import resolved


def test_tawnos_weaponry_compiles_to_a_change_while_tapped() -> None:
    # Tawnos's Weaponry: "{2}, {T}: Target creature gets +1/+1 for as long as this artifact
    # remains tapped."
    assert resolved("Tawnos's Weaponry") == [ModifyPowerToughness(
        affects=Selector(which="targets", types=["Creature"]), power=1, toughness=1,
        condition=SourceState(state="tapped"))]
    # Flowstone Armor: "{3}, {T}: Target creature gets +1/-1 for as long as this artifact
    # remains tapped."
    assert resolved("Flowstone Armor") == [ModifyPowerToughness(
        affects=Selector(which="targets", types=["Creature"]), power=1, toughness=-1,
        condition=SourceState(state="tapped"))]


def _bears(tapped: bool) -> tuple[int | None, int | None]:
    data: dict[str, Any] = {
        "active_player": "you", "players": [{"name": "you"}, {"name": "opp"}],
        "permanents": [card("bears", "Grizzly Bears", controller="you"),
                       card("w", "Tawnos's Weaponry", controller="you", tapped=tapped,
                            activations=[{"targets": ["bears"]}])]}
    bears = View(load_board(data)).objects["bears"]
    return bears.power, bears.toughness


def test_the_change_ends_when_the_artifact_untaps() -> None:
    # Grizzly Bears is a 2/2: +1/+1 while the Weaponry stays tapped, nothing once it untapped.
    assert _bears(tapped=True) == (3, 3)
    assert _bears(tapped=False) == (2, 2)
