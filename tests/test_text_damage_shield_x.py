"""Prevention shields of X ("Prevent the next X damage that would be dealt to any target this
turn."): X is the spell's or activated ability's own, the one the board records for the
resolution (CR 615.7, 107.3). Expected effects are written from the cards' printed text."""

from __future__ import annotations

import pytest

from mtgcombat.damage.combat import combat_at
from mtgcombat.damage.resolve import resolve_combat
from mtgcombat.errors import BoardError
from mtgcombat.rules.effects import PreventNextDamage
from tests.helpers import combat_board as board
from tests.helpers import creature
from tests.text_golden import compiled, resolved, unmodelled

TARGETS_X = PreventNextDamage(amount=1, times_x=True, to_targets=True)


def test_panacea() -> None:
    """"{X}{X}, {T}: Prevent the next X damage that would be dealt to any target this turn.\""""
    assert resolved("Panacea") == [TARGETS_X]


def test_festival_of_the_guildpact() -> None:
    """"Prevent the next X damage that would be dealt to you this turn. Draw a card.\""""
    assert resolved("Festival of the Guildpact") == [
        PreventNextDamage(amount=1, times_x=True, to_you=True)]


def test_modes() -> None:
    """Alabaster Potion's second mode and Atalya, Samite Master's first ("{X}, {T}: Choose
    one — • Prevent the next X damage that would be dealt to target creature this turn.")."""
    (potion,) = compiled("Alabaster Potion").abilities
    assert list(potion.modes[1].resolved) == [TARGETS_X]
    (atalya,) = compiled("Atalya, Samite Master").abilities
    assert list(atalya.modes[0].resolved) == [TARGETS_X]


def test_guardian_angel_first_sentence() -> None:
    """Guardian Angel's first sentence compiles; its "If you do, prevent the next 1 damage
    that would be dealt to that permanent or player this turn." (paid for later, any number
    of times) stays reported."""
    c = compiled("Guardian Angel")
    assert list(c.resolved) == [TARGETS_X]
    assert len(c.unmodelled) == 1


@pytest.mark.parametrize(("name", "text"), [
    # +1/+1 counters for each 1 damage prevented: they change the creature mid-combat.
    ("Temper", "Prevent the next X damage that would be dealt to target creature this turn."),
    # Damage dealt to a player for the damage prevented.
    ("Vengeful Archon", "Prevent the next X damage that would be dealt to you this turn."),
    # Life gained for the damage prevented.
    ("Candles' Glow", "Prevent the next 3 damage that would be dealt to any target this turn."),
    # An X the sentence defines.
    ("Battlefield Medic", "Prevent the next X damage that would be dealt to target creature "
                          "this turn, where X is the number of Clerics on the battlefield."),
])
def test_near_misses(name: str, text: str) -> None:
    assert text in unmodelled(name)


def test_panacea_shield_of_its_x() -> None:
    """Panacea activated (opp's) with X = 3 targeting opp: an unblocked 5/5 deals 2."""
    b = board([creature("a", 5, 5),
               {"id": "p", "card": "Panacea", "controller": "opp", "tapped": True,
                "activations": [{"x": 3, "targets": ["opp"]}]}], {"a": "opp"})
    assert combat_at(b).prevention.shields == {"opp": 3}
    assert resolve_combat(b).life["opp"] == 18


def test_festival_top_level_entry() -> None:
    """Festival of the Guildpact cast by opp with X = 2: a 3/3 deals 1."""
    b = board([creature("a", 3, 3)], {"a": "opp"},
              effects=[{"card": "Festival of the Guildpact", "controller": "opp", "x": 2}])
    assert resolve_combat(b).life["opp"] == 19


def test_the_x_must_be_given() -> None:
    with pytest.raises(BoardError, match='"x"'):
        board([creature("a", 3, 3)], {"a": "opp"},
              effects=[{"card": "Festival of the Guildpact", "controller": "opp"}])
