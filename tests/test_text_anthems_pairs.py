"""Soulbond (CR 702.95): "As long as this creature is paired with another creature, both
creatures have flying." — the selector's ``paired`` and the board's ``paired_with``. Expected
effects are written from the cards' printed text, expected boards from the rules (CR 702.95a:
two creatures are paired; CR 702.95e: they stay paired while one player controls both and
both are creatures; CR 702.26b: a phased-out permanent is treated as though it doesn't
exist)."""

from __future__ import annotations

from typing import Any

import pytest

from mtgcombat.board.characteristics import View
from mtgcombat.legality.blocks import legal_blocks
from mtgcombat.rules.effects import GrantKeywords, ModifyPowerToughness, Selector

from .helpers import board, board_data, card, refused
from .text_golden import effects, unmodelled

PAIR = Selector(types=["Creature"], paired=True)


@pytest.mark.parametrize(("name", "expected"), [
    ("Wingcrafter", GrantKeywords(affects=PAIR, keywords=["flying"])),  # both ... flying
    ("Silverblade Paladin", GrantKeywords(affects=PAIR, keywords=["double strike"])),
    ("Geist Trappers", GrantKeywords(affects=PAIR, keywords=["reach"])),
    ("Hanweir Lancer", GrantKeywords(affects=PAIR, keywords=["first strike"])),
    ("Lightning Mauler", GrantKeywords(affects=PAIR, keywords=["haste"])),
    ("Nearheath Pilgrim", GrantKeywords(affects=PAIR, keywords=["lifelink"])),
    ("Nightshade Peddler", GrantKeywords(affects=PAIR, keywords=["deathtouch"])),
    ("Pathbreaker Wurm", GrantKeywords(affects=PAIR, keywords=["trample"])),
    ("Spectral Gateguards", GrantKeywords(affects=PAIR, keywords=["vigilance"])),
    ("Diregraf Escort", GrantKeywords(affects=PAIR, keywords=["protection from zombies"])),
    # "... each of those creatures gets +4/+4." (Wolfir Silverheart), +2/+2 (Druid's
    # Familiar), +1/+1 (Trusted Forcemage)
    ("Wolfir Silverheart", ModifyPowerToughness(affects=PAIR, power=4, toughness=4)),
    ("Druid's Familiar", ModifyPowerToughness(affects=PAIR, power=2, toughness=2)),
    ("Trusted Forcemage", ModifyPowerToughness(affects=PAIR, power=1, toughness=1)),
])
def test_soulbond_pair_effects(name: str, expected: object) -> None:
    assert effects(name) == [expected]


@pytest.mark.parametrize(("name", "part"), [
    # A granted activated ability: the board records activations of a permanent's own.
    ("Stonewright", 'each of those creatures has "{R}: This creature gets +1/+0'),
    # "unless it's paired": a restriction whose condition is the pairing.
    ("Flowering Lumberknot", "unless it's paired with a creature with soulbond"),
])
def test_soulbond_near_misses(name: str, part: str) -> None:
    assert any(part in u for u in unmodelled(name)), unmodelled(name)


def _wolfir(**state: Any) -> list[dict[str, Any]]:
    # Wolfir Silverheart (4/4) paired with Grizzly Bears (2/2), and another Bears.
    return [card("wolf", "Wolfir Silverheart", **state), card("bear", "Grizzly Bears"),
            card("other", "Grizzly Bears")]


def _pt(b: Any, pid: str) -> tuple[int | None, int | None]:
    o = View(b).objects[pid]
    return o.power, o.toughness


def test_both_creatures_of_the_pair_get_the_bonus() -> None:
    paired = board(_wolfir(paired_with="bear"))
    assert (_pt(paired, "wolf"), _pt(paired, "bear"), _pt(paired, "other")) == (
        (8, 8), (6, 6), (2, 2))
    unpaired = board(_wolfir())
    assert (_pt(unpaired, "wolf"), _pt(unpaired, "bear")) == ((4, 4), (2, 2))


def test_either_creature_may_name_the_pair() -> None:
    perms = _wolfir()
    perms[1]["paired_with"] = "wolf"  # the Bears names the Wolfir
    b = board(perms)
    assert (_pt(b, "wolf"), _pt(b, "bear")) == ((8, 8), (6, 6))


def test_phased_out_partner_gives_nothing() -> None:
    perms = _wolfir(paired_with="bear", phased_out=True)
    b = board(perms)
    assert _pt(b, "bear") == (2, 2)


def test_paired_flier_blocks_a_flier() -> None:
    # The defending player's Grizzly Bears, paired with their Wingcrafter, has flying and can
    # block a flier (CR 702.9b); their unpaired one can't.
    perms = [card("drake", "Wind Drake"),
             card("wing", "Wingcrafter", controller="opp", paired_with="bear"),
             card("bear", "Grizzly Bears", controller="opp"),
             card("lone", "Grizzly Bears", controller="opp")]
    blocks = [d.to_json() for d in legal_blocks(board(perms, attack={"drake": "opp"}),
                                                assume_payable=True)]
    assert {"bear": "drake"} in blocks and {"wing": "drake"} in blocks
    assert {"lone": "drake"} not in blocks


@pytest.mark.parametrize(("perms", "at", "words"), [
    ([card("w", "Wingcrafter", paired_with="w")], 0, ("itself",)),
    ([card("w", "Wingcrafter", paired_with="ghost")], 0, ("'ghost'", "not a permanent")),
    ([card("w", "Wingcrafter", paired_with="bearz"), card("bears", "Grizzly Bears")], 0,
     ("'bearz'", "not a permanent", "did you mean 'bears'")),
    ([card("w", "Wingcrafter", paired_with="b"), card("b", "Grizzly Bears", controller="opp")],
     0, ("different controllers",)),
    ([card("w", "Wingcrafter", paired_with="b"), card("b", "Grizzly Bears"),
      card("c", "Grizzly Bears", paired_with="w")], 2, ("paired with both",)),
    ([card("w", "Wingcrafter", paired_with="l"), card("l", "Forest")], 0, ("not a creature",)),
])
def test_bad_pairs_are_refused(perms: list[dict[str, Any]], at: int,
                               words: tuple[str, ...]) -> None:
    refused(board_data(perms), f"$.permanents[{at}].paired_with", *words)
