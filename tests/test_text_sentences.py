"""Oracle text → sentences, and noun phrases → selectors (the compiler's front end)."""

from __future__ import annotations

from mtgcombat.rules.effects import SELF, Selector
from mtgcombat.rules.text.phrases import keyword_list, number, selector, singular
from mtgcombat.rules.text.sentences import normalise, self_names, sentences
from tests.text_golden import compiled


def test_self_references_become_tilde() -> None:
    names = self_names("Akroma, Angel of Wrath")
    assert names == ["Akroma, Angel of Wrath", "Akroma"]
    assert normalise("Akroma can't block. Akroma, Angel of Wrath attacks.", names) == \
        "~ can't block. ~ attacks."
    assert normalise("This creature can't block.", []) == "~ can't block."
    assert normalise("Enchanted creature gets +1/+1 as long as this Aura is untapped.", []) \
        == "Enchanted creature gets +1/+1 as long as ~ is untapped."


def test_a_name_inside_another_word_is_not_a_self_reference() -> None:
    assert normalise("Goblins you control get +1/+1.", self_names("Goblin")) == \
        "Goblins you control get +1/+1."


def test_reminder_text_is_dropped_and_sentences_split() -> None:
    got = sentences("Vigilance (Attacking doesn't cause this creature to tap.)\n"
                    "This creature can't block. It attacks each combat if able.", "X",
                    keyword_lines=frozenset({0}))
    assert [(s.norm, s.kind) for s in got] == [
        ("Vigilance", "keywords"), ("~ can't block.", "static"),
        ("It attacks each combat if able.", "static")]


def test_activated_abilities_keep_their_cost_apart() -> None:
    (s,) = sentences("{R}: This creature gets +1/+0 until end of turn.", "Shivan Dragon")
    assert (s.kind, s.cost, s.norm) == ("activated", "{R}", "~ gets +1/+0 until end of turn.")


def test_activation_limits_stay_with_their_ability() -> None:
    (s,) = sentences("{T}: Add {G}. Activate only once each turn.", "X")
    assert (s.norm, s.limit) == ("Add {G}.", "Activate only once each turn.")


def test_triggers_spells_and_modes() -> None:
    (t,) = sentences("Whenever this creature attacks, it gets +1/+0 until end of turn.", "X")
    assert t.kind == "triggered"
    (sp,) = sentences("Target creature gets +3/+3 until end of turn.", "Giant Growth",
                      spell=True)
    assert sp.kind == "spell"
    modes = sentences("Choose one —\n• Target creature can't block this turn.\n"
                      "• Draw a card.", "X", spell=True)
    assert [m.mode for m in modes] == [False, True, True]


def test_quoted_abilities_are_not_split() -> None:
    (s,) = sentences('Creatures you control have "{T}: Add {G}. Activate only once each '
                     'turn."', "X")
    assert s.norm.startswith("Creatures you control have")


def test_selectors_of_common_phrases() -> None:
    assert selector("~") == SELF
    assert selector("enchanted creature") == Selector(which="attached")
    assert selector("Creatures you control") == Selector(types=["Creature"], controller="you")
    assert selector("other Goblins you control") == Selector(
        which="others", subtypes_any=["Goblin"], controller="you")
    assert selector("nonblack creatures") == Selector(types=["Creature"], colors_none=["B"])
    assert selector("creatures with flying") == Selector(types=["Creature"],
                                                         keywords_any=["flying"])
    assert selector("creatures without flying your opponents control") == Selector(
        types=["Creature"], keywords_none=["flying"], controller="opponents")
    assert selector("creatures your opponents control with flying") == Selector(
        types=["Creature"], keywords_any=["flying"], controller="opponents")
    assert selector("each creature with power 2 or less") == Selector(
        types=["Creature"], power_less_than=3)
    assert selector("target creature") == Selector(which="targets", types=["Creature"])
    assert selector("Walls") == Selector(subtypes_any=["Wall"])


def test_phrases_not_understood_give_none() -> None:
    assert selector("creatures named Hornet Queen") is None
    assert selector("the creature with the greatest power") is None


def test_words() -> None:
    assert number("two") == 2 and number("3") == 3 and number("many") is None
    assert singular("Elves") == "elf" and singular("Goblins") == "goblin"
    assert keyword_list("flying, vigilance, and haste") == ["flying", "vigilance", "haste"]
    assert keyword_list("flying and a card") is None


def test_pronouns_after_a_target_mean_the_target() -> None:
    got = sentences("Target creature gets +2/+0 until end of turn. It gains first strike until "
                    "end of turn.", "Brute", spell=True)
    assert got[1].norm == "Target creature gains first strike until end of turn."
    # Act of Treason: the antecedent is two sentences back; "Untap that creature." names no
    # other object.
    got = sentences("Gain control of target creature until end of turn. Untap that creature. "
                    "It gains haste until end of turn.", "Act of Treason", spell=True)
    assert got[2].norm == "Target creature gains haste until end of turn."
    got = sentences("Up to two target creatures each get +1/+0. They gain haste until end of "
                    "turn.", "X", spell=True)
    assert got[1].norm == "Target creatures gain haste until end of turn."


def test_pronouns_after_a_new_object_are_left_alone() -> None:
    got = sentences("Create a 1/1 red Goblin creature token. It gains haste until end of turn.",
                    "X", spell=True)
    assert got[1].norm == "It gains haste until end of turn."
    got = sentences("Return target creature card from your graveyard to the battlefield. It "
                    "gains haste.", "X", spell=True)
    assert got[1].norm == "It gains haste."
    # "It" can't mean two targets, and "They" can't mean one.
    got = sentences("Target creature gets +1/+1. They gain flying.", "X", spell=True)
    assert got[1].norm == "They gain flying."


def test_leveler_and_class_abilities_apply_only_at_their_level() -> None:
    # Kabira Vindicator: "LEVEL 2-4 / 3/6 / Other creatures you control get +1/+1." — the board
    # doesn't record the level, so neither the P/T nor the anthem may apply unconditionally.
    c = compiled("Kabira Vindicator")
    assert c.effects == ()
    assert [u.text for u in c.unmodelled] == [
        "3/6", "Other creatures you control get +1/+1.", "4/8",
        "Other creatures you control get +2/+2."]
    assert all("LEVEL" in u.reason for u in c.unmodelled)
    # Paladin Class: level 1 has no combat text; "Creatures you control get +1/+1." is level 2.
    paladin = compiled("Paladin Class")
    assert paladin.effects == ()
    assert "Creatures you control get +1/+1." in [u.text for u in paladin.unmodelled]
