"""Pronouns in resolving abilities: "It gains haste until end of turn." after the sentence that
made, chose or targeted the object, applied to what the board's record of the resolution lists
in ``targets`` (or to the source itself), and later sentences of recorded triggers."""

from __future__ import annotations

import pytest

from mtgcombat.board.characteristics import View
from mtgcombat.board.model import load_board
from mtgcombat.legality.attacks import legal_attacks
from mtgcombat.rules.effects import SELF, GrantKeywords, ModifyPowerToughness, Selector
from tests.helpers import board_data, card, decls
from tests.text_golden import compiled, resolved, unmodelled

REFERRED = Selector(which="targets")
"""The objects the record of the resolution lists in ``targets``."""


def test_card_put_onto_the_battlefield_gains_haste_for_good() -> None:
    # Sneak Attack: "{R}: You may put a creature card from your hand onto the battlefield.
    # That creature gains haste. Sacrifice the creature at the beginning of the next end step."
    assert resolved("Sneak Attack") == [GrantKeywords(affects=REFERRED, keywords=["haste"])]


def test_tokens_created_gain_keywords_until_end_of_turn() -> None:
    # Mardu Monument: "{2}{R}{W}{B}, {T}, Sacrifice this artifact: Create three 1/1 red
    # Warrior creature tokens. They gain menace and haste until end of turn. Activate only as
    # a sorcery."
    assert resolved("Mardu Monument") == [
        GrantKeywords(affects=REFERRED, keywords=["menace", "haste"])]


def test_pronoun_after_a_counter_on_the_target_is_the_target() -> None:
    # Essence Infusion: "Put two +1/+1 counters on target creature. It gains lifelink until end
    # of turn." (the counters are board state)
    assert resolved("Essence Infusion") == [
        GrantKeywords(affects=REFERRED, keywords=["lifelink"])]
    # Bond of Revival: "Return target creature card from your graveyard to the battlefield. It
    # gains haste until your next turn."
    assert resolved("Bond of Revival") == [GrantKeywords(affects=REFERRED, keywords=["haste"])]


def test_pronoun_after_acting_on_the_source_is_the_source() -> None:
    # Vito's Inquisitor: "{B}, Sacrifice another creature or artifact: Put a +1/+1 counter on
    # this creature. It gains menace until end of turn."
    assert resolved("Vito's Inquisitor") == [GrantKeywords(affects=SELF, keywords=["menace"])]
    # Benthicore: "Tap two untapped Merfolk you control: Untap this creature. It gains shroud
    # until end of turn."
    assert resolved("Benthicore") == [GrantKeywords(affects=SELF, keywords=["shroud"])]


def test_activated_ability_whose_cost_names_the_source() -> None:
    # Darwin, Adaptive Mutant: "Remove two +1/+1 counters from Darwin: He gains indestructible
    # until end of turn."
    assert resolved("Darwin, Adaptive Mutant") == [
        GrantKeywords(affects=SELF, keywords=["indestructible"])]
    # Migloz, Maze Crusher's two abilities: "{1}, Remove an oil counter from Migloz: It gains
    # vigilance and menace until end of turn." and "{2}, Remove two oil counters from Migloz:
    # It gets +2/+2 until end of turn."
    got = compiled("Migloz, Maze Crusher")
    assert not got.unmodelled
    assert [a.resolved for a in got.abilities] == [
        (GrantKeywords(affects=SELF, keywords=["vigilance", "menace"]),),
        (ModifyPowerToughness(affects=SELF, power=2, toughness=2),)]


def test_triggered_ability_token_and_later_sentences() -> None:
    # Krenko, Baron of Tin Street: "Whenever an artifact is put into a graveyard from the
    # battlefield, you may pay {R}. If you do, create a 1/1 red Goblin creature token. It gains
    # haste until end of turn."
    assert GrantKeywords(affects=REFERRED, keywords=["haste"]) in resolved(
        "Krenko, Baron of Tin Street")
    # Ashling, the Limitless: "Whenever you sacrifice a nontoken Elemental, create a token
    # that's a copy of it. The token gains haste until end of turn." — that token, not every
    # token.
    assert GrantKeywords(affects=REFERRED, keywords=["haste"]) in resolved(
        "Ashling, the Limitless")
    # Coral Sword: "When this Equipment enters, attach it to target creature you control. That
    # creature gains first strike until end of turn." (a later sentence of a recorded trigger;
    # "that creature" is the target, whoever controls it by now)
    assert resolved("Coral Sword") == [GrantKeywords(
        affects=Selector(which="targets", types=["Creature"]),
        keywords=["first strike"])]
    # Conquering Manticore: "When this creature enters, gain control of target creature an
    # opponent controls until end of turn. Untap that creature. It gains haste until end of
    # turn."
    assert resolved("Conquering Manticore") == [GrantKeywords(
        affects=Selector(which="targets", types=["Creature"]),
        keywords=["haste"])]


NEAR_MISSES: list[tuple[str, str]] = [
    # A token copy of a target: "it" is the token, not the target the record lists.
    ("Cabaretti Confluence", "It gains haste."),
    ("Echo Chamber", "That token gains haste until end of turn."),
    ("Hate Mirage", "Those tokens gain haste."),
    # Triggers met in combat, and a reflexive trigger, aren't recorded resolutions.
    ("Case of the Trampled Garden", "It gains trample until end of turn."),
    ("Captain America, Steve Rogers", "That creature gains indestructible until end of turn."),
    ("Inti, Seneschal of the Sun", "It gains trample until end of turn."),
    # A choice before the target: whether the ability untapped and took it isn't recorded.
    ("Bringer of the Red Dawn", "That creature gains haste until end of turn."),
    ("Neyith of the Dire Hunt", "That creature must be blocked this combat if able."),
    # Nothing before the pronoun in its mode: "it" is the source of another line.
    ("Kogla and Yidaro", "It gains trample and haste until end of turn."),
    # A predicate outside the vocabulary, and "instead" / "an additional" amounts.
    ("Act of Heroism", "can block an additional creature this turn"),
    ("Growth Cycle", "It gets an additional +2/+2"),
    ("Festering Newt", "That creature gets -4/-4 instead"),
]


@pytest.mark.parametrize(("name", "part"), NEAR_MISSES, ids=[c[0] for c in NEAR_MISSES])
def test_near_miss_stays_unmodelled(name: str, part: str) -> None:
    assert any(part in u for u in unmodelled(name)), unmodelled(name)


def test_sneak_attack_record_names_the_creature_it_put_onto_the_battlefield() -> None:
    # A creature that came under your control this turn can't attack (CR 302.6) unless it has
    # haste; Sneak Attack's record lists the creature it put onto the battlefield.
    ogre = card("ogre", "Gray Ogre", summoning_sick=True)
    without = load_board(board_data([card("sa", "Sneak Attack"), dict(ogre)]))
    assert set(legal_attacks(without)) == decls({})
    sneak = card("sa", "Sneak Attack", activations=[{"targets": ["ogre"]}])
    recorded = load_board(board_data([sneak, dict(ogre)]))
    assert set(legal_attacks(recorded)) == decls({}, {"ogre": "opp"})


def test_tokens_listed_in_a_top_level_entry_gain_the_keywords() -> None:
    # Mardu Monument was sacrificed: its resolution is a top-level entry listing the tokens.
    tokens = [{"id": f"w{k}", "name": "Warrior", "types": ["Creature"], "power": 1,
               "toughness": 1, "controller": "you"} for k in (1, 2, 3)]
    board = load_board(board_data(
        [*tokens, card("bears", "Grizzly Bears")],
        effects=[{"card": "Mardu Monument", "controller": "you", "targets": ["w1", "w2", "w3"]}]))
    view = View(board).objects
    assert all({"menace", "haste"} <= view[f"w{k}"].keywords for k in (1, 2, 3))
    assert "haste" not in view["bears"].keywords


def test_self_pump_needs_no_targets() -> None:
    # Migloz, Maze Crusher (a 4/4): "{2}, Remove two oil counters from Migloz: It gets +2/+2
    # until end of turn." — its second ability, recorded once.
    migloz_card = card("m", "Migloz, Maze Crusher", activations=[{"ability": 2}])
    board = load_board(board_data([migloz_card]))
    migloz = View(board).objects["m"]
    assert (migloz.power, migloz.toughness) == (6, 6)
