"""Keywords and counter sentences whose effects are board state (tokens, counters, sacrificed
permanents), printed provoke as a recorded resolution, landwalk of any land type, and keyword
counters (CR 122.1b) on boards. Expected values are read off the printed cards and the rules."""

from __future__ import annotations

from typing import Any

import pytest

from mtgcombat.board.characteristics import View
from mtgcombat.board.model import load_board
from mtgcombat.legality.blocks import check_blocks
from mtgcombat.rules.catalog import default_catalog
from mtgcombat.rules.effects import SELF, MustBlockAttackers, Selector
from mtgcombat.rules.text.compile import compile_text
from mtgcombat.rules.text.families.counters import NOTE
from tests.text_golden import compiled, resolved, unmodelled

# -- keywords whose every effect the board records -----------------------------------------------


@pytest.mark.parametrize(("name", "keyword", "words"), [
    ("Caller of the Pack", "myriad", "tokens"),  # Trample, myriad (an 8/6)
    ("Dalkovan Packbeasts", "mobilize 3", "tokens"),
    ("Eldrazi Ravager", "annihilator 1", "sacrificed"),
    ("Barging Sergeant", "mentor", "+1/+1 counter"),
    ("Hopeful Initiate", "training", "+1/+1 counter"),
    ("Enraged Revolutionary", "dethrone", "+1/+1 counter"),
])
def test_recorded_keywords_are_modelled_with_a_note(name: str, keyword: str, words: str) -> None:
    c = compiled(name)
    assert keyword in c.keywords and c.unmodelled == ()
    assert c.effects == ()  # nothing for the engine to apply: the board shows the result
    notes = dict(c.recorded)
    assert words in notes[keyword]
    assert keyword in default_catalog().get(name).notes


def test_a_keyword_granted_by_an_anthem_carries_its_note() -> None:
    """Eldrazi Conscription: "Enchanted creature gets +10/+10 and has trample and annihilator
    2." The granted annihilator's sacrifices are board state too."""
    c = compiled("Eldrazi Conscription")
    assert c.unmodelled == ()
    assert [note.split(":")[0] for _, note in c.recorded] == ["annihilator 2"]


def test_mobilize_x_stays_unmodelled() -> None:
    """A number the board doesn't give isn't read as recorded."""
    c = compile_text("Mobilize X", "Test Lancer", types=frozenset({"Creature"}))
    assert c.keywords == ("mobilize X",)
    assert [u.text for u in c.unmodelled] == ["mobilize X"] and c.recorded == ()


# -- provoke (702.39) -----------------------------------------------------------------------------

PROVOKED = MustBlockAttackers(blockers=Selector(which="targets"), attackers=SELF)


def test_provoke_is_an_ability_whose_target_blocks_it_if_able() -> None:
    """Goblin Grappler: "Provoke (Whenever this creature attacks, you may have target creature
    defending player controls untap and block it if able.)"."""
    assert resolved("Goblin Grappler") == [PROVOKED]
    assert compiled("Brontotherium").keywords == ("trample", "provoke")
    assert resolved("Brontotherium") == [PROVOKED]


def _provoke_board(activations: list[Any]) -> dict[str, Any]:
    return {"active_player": "you", "players": [{"name": "you"}, {"name": "opp"}],
            "permanents": [
                {"id": "gg", "card": "Goblin Grappler", "controller": "you",
                 "activations": activations},
                {"id": "ally", "card": "Grizzly Bears", "controller": "you"},
                {"id": "b1", "card": "Grizzly Bears", "controller": "opp"},
                {"id": "b2", "card": "Grizzly Bears", "controller": "opp"}],
            "attack": {"gg": "opp", "ally": "opp"}}


def test_a_recorded_provoke_makes_its_target_block_the_grappler() -> None:
    plain = load_board(_provoke_board([]))
    assert check_blocks(plain, {}).legal
    provoked = load_board(_provoke_board([{"x": 0, "targets": ["b1"]}]))
    assert not check_blocks(provoked, {}).legal
    assert not check_blocks(provoked, {"b1": "ally"}).legal
    assert check_blocks(provoked, {"b1": "gg"}).legal
    assert check_blocks(provoked, {"b1": "gg", "b2": "ally"}).legal
    # b2 blocking the Grappler instead doesn't obey b1's requirement
    assert not check_blocks(provoked, {"b2": "gg"}).legal


def test_a_tapped_provoked_creature_cant_block() -> None:
    """The requirement holds only "if able": a target the board shows tapped (it didn't
    untap) can't block, so not blocking is legal."""
    data = _provoke_board([{"x": 0, "targets": ["b1"]}])
    data["permanents"][2]["tapped"] = True
    assert check_blocks(load_board(data), {}).legal


# -- landwalk of any land type (702.14) -----------------------------------------------------------


def _walk_board(lands: list[str]) -> dict[str, Any]:
    perms: list[dict[str, Any]] = [
        {"id": "dn", "card": "Desert Nomads", "controller": "you"},
        {"id": "bears", "card": "Grizzly Bears", "controller": "opp"}]
    perms += [{"id": f"l{i}", "name": f"l{i}", "types": ["Land"], "subtypes": [t],
               "controller": "opp"} for i, t in enumerate(lands)]
    return {"active_player": "you", "players": [{"name": "you"}, {"name": "opp"}],
            "permanents": perms, "attack": {"dn": "opp"}}


def test_desertwalk() -> None:
    """Desert Nomads (desertwalk) can't be blocked while the defending player controls a
    Desert; a Mountain doesn't matter."""
    assert compiled("Desert Nomads").keywords == ("desertwalk",)
    assert "desertwalk" not in unmodelled("Desert Nomads")
    assert check_blocks(load_board(_walk_board(["Mountain"])), {"bears": "dn"}).legal
    assert not check_blocks(load_board(_walk_board(["Desert"])), {"bears": "dn"}).legal


# -- counter sentences ----------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "sentence"), [
    ("Call a Surprise Witness", "Put a flying counter on it."),  # a sorcery
    ("Blood Curdle", "Put a menace counter on a creature you control."),  # an instant
    ("Alchemist's Assistant", "Put a lifelink counter on target creature."),  # activated
    ("Champion of Dusan", "Put a +1/+1 counter and a trample counter on target creature."),
    ("Biting-Palm Ninja", "This creature enters with a menace counter on it."),
    ("Boot Nipper", "This creature enters with your choice of a deathtouch counter or a "
                    "lifelink counter on it."),
    ("Denry Klin, Editor in Chief", "Denry Klin enters with your choice of a +1/+1, first "
                                    "strike, or vigilance counter on it."),
    ("Avenging Huntbonder", "Whenever this creature attacks, put a double strike counter on "
                            "another target attacking creature."),  # resolves before blocks
    ("A-Nezumi Prowler", "When Nezumi Prowler enters, put a deathtouch counter and a lifelink "
                         "counter on target creature you control."),
])
def test_counter_sentences_are_recorded_by_the_board(name: str, sentence: str) -> None:
    c = compiled(name)
    assert sentence not in [u.text for u in c.unmodelled]
    assert (sentence, NOTE) in c.recorded
    assert c.effects == () and c.resolved == ()


@pytest.mark.parametrize(("name", "sentence"), [
    # a trigger met during combat damage: a counter between two damage steps matters
    ("Biting-Palm Ninja", "Whenever this creature deals combat damage to a player, you may "
                          "remove a menace counter from it."),
    # reflexive: its timing is the ability it follows
    ("A-Guide of Souls", "When you do, put two +1/+1 counters and a flying counter on target "
                         "attacking creature."),
    # the trigger condition is in another sentence
    ("Abigale, Eloquent First-Year", "Put a flying counter, a first strike counter, and a "
                                     "lifelink counter on that creature."),
    # another effect in the same sentence
    ("Arwen, Mortal Queen", "Put a +1/+1 counter and a lifelink counter on that creature and a "
                            "+1/+1 counter and a lifelink counter on Arwen."),
    ("Benalish Lancer", "If this creature was kicked, it enters with two +1/+1 counters on it "
                        "and with first strike."),
])
def test_near_miss_counter_sentences_stay_unmodelled(name: str, sentence: str) -> None:
    assert sentence in unmodelled(name)


def test_shield_counters_are_not_recorded() -> None:
    text = "This artifact enters with a +1/+1 counter, a flying counter, a deathtouch counter, " \
           "and a shield counter on it."
    c = compile_text(text, "Test Construct", types=frozenset({"Artifact", "Creature"}))
    assert [u.text for u in c.unmodelled] == [text] and c.recorded == ()


def test_x_counters_are_not_recorded() -> None:
    text = "Put X flying counters on target creature."
    c = compile_text(text, "Test Sorcery", types=frozenset({"Sorcery"}))
    assert c.recorded == ()


# -- keyword counters on a board (122.1b) ---------------------------------------------------------


def _counter_board(counters: dict[str, int]) -> dict[str, Any]:
    return {"active_player": "you", "players": [{"name": "you"}, {"name": "opp"}],
            "permanents": [
                {"id": "a", "card": "Grizzly Bears", "controller": "you", "counters": counters},
                {"id": "b1", "card": "Grizzly Bears", "controller": "opp"},
                {"id": "b2", "card": "Grizzly Bears", "controller": "opp"}],
            "attack": {"a": "opp"}}


def test_a_flying_counter_gives_flying_once_on_the_board() -> None:
    """Before Call a Surprise Witness resolves the Bears have no counter and can be blocked;
    with the flying counter the board records after it resolved, ground creatures can't."""
    assert check_blocks(load_board(_counter_board({})), {"b1": "a"}).legal
    flying = load_board(_counter_board({"flying": 1}))
    assert "flying" in View(flying).objects["a"].keywords
    assert not check_blocks(flying, {"b1": "a"}).legal
    assert check_blocks(load_board(_counter_board({"flying": 0})), {"b1": "a"}).legal


def test_a_menace_counter_needs_two_blockers() -> None:
    menace = load_board(_counter_board({"menace": 1}))
    assert not check_blocks(menace, {"b1": "a"}).legal
    assert check_blocks(menace, {"b1": "a", "b2": "a"}).legal


def test_keyword_counters_and_plus_one_counters_together() -> None:
    """Champion of Dusan's renew puts a +1/+1 counter and a trample counter: a 3/3 trampler."""
    obj = View(load_board(_counter_board({"+1/+1": 1, "trample": 1}))).objects["a"]
    assert (obj.power, obj.toughness) == (3, 3) and "trample" in obj.keywords


def test_other_counters_give_no_keyword() -> None:
    obj = View(load_board(_counter_board({"shield": 1, "stun": 1}))).objects["a"]
    assert obj.keywords == frozenset()
