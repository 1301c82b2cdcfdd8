"""The combat-text classifier on real cards: which sentences can matter to combat (reported
when no template models them) and which can't (never reported)."""

from __future__ import annotations

import re

import pytest

from mtgcombat.rules.corpus import lookup
from mtgcombat.rules.text.classify import combat_family
from mtgcombat.rules.text.families.keywords import parse_keyword_line
from mtgcombat.rules.text.sentences import REMINDER, Sentence, normalise, self_names, sentences
from tests.text_golden import compiled


def _card_sentences(name: str) -> list[Sentence]:
    card = lookup(name)
    assert card is not None, f"{name!r} is not in the corpus"
    out: list[Sentence] = []
    for face in card.faces:
        if face.missing:
            continue
        lines = face.text.split("\n")
        keyword_lines = frozenset(
            i for i, line in enumerate(lines)
            if parse_keyword_line(" ".join(REMINDER.sub("", line).split())) is not None)
        spell = bool({"Instant", "Sorcery"} & set(face.types))
        out += sentences(face.text, card.name, spell=spell, keyword_lines=keyword_lines)
    return out


def _sentence(name: str, text: str) -> tuple[Sentence, list[Sentence]]:
    """The card's sentence printed as ``text`` (or normalised to it, the card as ``~``)."""
    every = _card_sentences(name)
    card = lookup(name)
    assert card is not None
    norm = normalise(text, self_names(card.name))
    bare = re.sub(r"^[A-Z][\w' ]+ — ", "", norm)  # an ability word is read without it
    found = [s for s in every if text == s.text or s.norm in (norm, bare)]
    assert found, f"{name}: no sentence {text!r} in {[s.norm for s in every]}"
    return found[0], every


COMBAT: list[tuple[str, str, str]] = [
    # can't attack / can't block
    ("Calming Licid", "Enchanted creature can't attack.", "attack_restriction"),
    ("Bound in Silence", "Enchanted creature can't attack or block.", "attack_restriction"),
    ("Bonded Construct", "Bonded Construct can't attack alone.", "attack_restriction"),
    ("Master of Cruelties", "Master of Cruelties can only attack alone.", "attack_restriction"),
    ("Medomai the Ageless", "Medomai can't attack during extra turns.", "attack_restriction"),
    ("Aesthir Glider", "Aesthir Glider can't block.", "block_restriction"),
    ("Felhide Brawler", "Felhide Brawler can't block unless you control another Minotaur.",
     "block_restriction"),
    ("Ascending Aven", "Ascending Aven can block only creatures with flying.",
     "block_restriction"),
    # requirements and lures
    ("Akoum Firebird", "Akoum Firebird attacks each combat if able.", "attack_requirement"),
    ("Iron Golem", "Iron Golem attacks or blocks each combat if able.", "attack_requirement"),
    ("Razorgrass Screen", "Razorgrass Screen blocks each combat if able.", "block_requirement"),
    ("Lure", "All creatures able to block enchanted creature do so.", "block_requirement"),
    ("Breaker of Armies", "All creatures able to block Breaker of Armies do so.",
     "block_requirement"),
    ("Anzrag, the Quake-Mole", "Anzrag must be blocked each combat this turn if able.",
     "block_requirement"),
    ("Tahngarth's Rage", "Enchanted creature gets +3/+0 as long as it's attacking.",
     "combat_trigger"),
    # evasion and blocking more
    ("Aether Figment", "Aether Figment can't be blocked.", "evasion"),
    ("Battlefront Krushok", "Battlefront Krushok can't be blocked by more than one creature.",
     "evasion"),
    ("Alpha Authority",
     "Enchanted creature has hexproof and can't be blocked by more than one creature.",
     "evasion"),
    ("Anurid Swarmsnapper", "Anurid Swarmsnapper can block an additional creature this turn.",
     "block_capacity"),
    ("Avatar of Hope", "Avatar of Hope can block any number of creatures.", "block_capacity"),
    # costs to attack or block
    ("Ghostly Prison", "Creatures can't attack you unless their controller pays {2} for each "
     "creature they control that's attacking you.", "attack_cost"),
    ("Archon of Absolution", "Creatures can't attack you or planeswalkers you control unless "
     "their controller pays {1} for each of those creatures.", "attack_cost"),
    ("War Cadence", "This turn, creatures can't block unless their controller pays {X} for "
     "each blocking creature they control.", "block_cost"),
    ("Llanowar Elves", "Add {G}.", "mana"),
    # anthems and pumps
    ("Glorious Anthem", "Creatures you control get +1/+1.", "pump"),
    ("Crusade", "White creatures get +1/+1.", "pump"),
    ("Elvish Champion", "Other Elf creatures get +1/+1 and have forestwalk.", "pump"),
    ("Kird Ape", "Kird Ape gets +1/+2 as long as you control a Forest.", "pump"),
    ("Accorder's Shield", "Equipped creature gets +0/+3 and has vigilance.", "pump"),
    ("Giant Growth", "Target creature gets +3/+3 until end of turn.", "pump"),
    ("Almighty Brushwagg", "Almighty Brushwagg gets +3/+3 until end of turn.", "pump"),
    ("Clockwork Avian", "Clockwork Avian enters with four +1/+0 counters on it.", "pump"),
    ("Brave the Sands", "Creatures you control have vigilance.", "anthem"),
    ("Jump", "Target creature gains flying until end of turn.", "anthem"),
    ("Canopy Claws", "Target creature loses flying until end of turn.", "anthem"),
    ("Heightened Reflexes", "Put a first strike counter on it.", "keywords"),
    # attack and block triggers that change the combat
    ("Giant Badger", "Whenever Giant Badger blocks, it gets +2/+2 until end of turn.", "pump"),
    ("Akroan Hoplite", "Whenever Akroan Hoplite attacks, it gets +X/+0 until end of turn, "
     "where X is the number of attacking creatures you control.", "combat_trigger"),
    ("Steppe Lynx",
     "Landfall — Whenever a land you control enters, Steppe Lynx gets +2/+2 until end of "
     "turn.", "pump"),
    ("Gustcloak Cavalier", "Whenever Gustcloak Cavalier becomes blocked, you may untap "
     "Gustcloak Cavalier and remove it from combat.", "combat_trigger"),
    ("Adeline, Resplendent Cathar", "Whenever you attack, for each opponent, create a 1/1 "
     "white Human creature token that's tapped and attacking that player or a planeswalker "
     "they control.", "combat_trigger"),
    ("Blood Petal Celebrant", "Blood Petal Celebrant has first strike as long as it's "
     "attacking.", "combat_trigger"),
    # combat damage: prevention, replacement
    ("Holy Day", "Prevent all combat damage that would be dealt this turn.", "damage"),
    ("Ancient Adamantoise", "All damage that would be dealt to you and other permanents you "
     "control is dealt to Ancient Adamantoise instead.", "damage"),
    # characteristics
    ("Abominable Treefolk", "Abominable Treefolk's power and toughness are each equal to the "
     "number of snow permanents you control.", "characteristic"),
    ("Barrowgoyf", "Barrowgoyf's power is equal to the number of card types among cards in "
     "all graveyards and its toughness is equal to that number plus 1.", "characteristic"),
    ("Anavolver", "If Anavolver was kicked with its {1}{U} kicker, it enters with two +1/+1 "
     "counters on it and with flying.", "keywords"),
]


@pytest.mark.parametrize(("name", "text", "family"), COMBAT, ids=[c[0] for c in COMBAT])
def test_combat_text_is_caught(name: str, text: str, family: str) -> None:
    sentence, every = _sentence(name, text)
    assert combat_family(sentence, every) == family
    c = compiled(name)
    assert sentence.text in [m[1] for m in c.modelled] + [u.text for u in c.unmodelled]


NOT_COMBAT: list[tuple[str, str]] = [
    # card draw, scry, surveil, discard, mill
    ("Divination", "Draw two cards."),
    ("Abundant Growth", "When Abundant Growth enters, draw a card."),
    ("Ant-Man, Reformed Rogue", "Whenever Ant-Man deals combat damage to a player, draw a card."),
    ("Abomination of Gudul", "Whenever Abomination of Gudul deals combat damage to a player, "
     "you may draw a card."),
    ("Enduring Curiosity", "Whenever a creature you control deals combat damage to a player, "
     "draw a card."),
    ("Blazing Specter", "Whenever Blazing Specter deals combat damage to a player, that player "
     "discards a card."),
    ("Adventurer's Airship", "Whenever ~ attacks, draw a card, then discard a card."),
    ("Chambered Nautilus", "Whenever Chambered Nautilus becomes blocked, you may draw a card."),
    ("Nemesis of Reason", "Whenever Nemesis of Reason attacks, defending player mills ten "
     "cards."),
    ("Aether Theorist", "Scry 1."),
    ("Banishing Betrayal", "Surveil 1."),
    ("Aggressive Sabotage", "Target player discards two cards."),
    # tokens that don't enter attacking
    ("Argivian Cavalier", "When Argivian Cavalier enters, create a 1/1 white Soldier creature "
     "token."),
    ("Ancestral Blade", "When Ancestral Blade enters, create a 1/1 white Soldier creature "
     "token, then attach Ancestral Blade to it."),
    ("Captain Lannery Storm", "Whenever Captain Lannery Storm attacks, create a Treasure "
     "token."),
    ("Aatchik, Emerald Radian", "When Aatchik enters, create a 1/1 green Insect creature token "
     "for each artifact and/or creature card in your graveyard."),
    # life
    ("Adventurer's Inn", "When Adventurer's Inn enters, you gain 2 life."),
    ("Blossoming Bogbeast", "Whenever Blossoming Bogbeast attacks, you gain 2 life."),
    ("Pride Guardian", "Whenever Pride Guardian blocks, you gain 3 life."),
    ("Ancestor Dragon", "Whenever one or more creatures you control attack, you gain 1 life "
     "for each attacking creature."),
    ("Courser of Kruphix", "Landfall — Whenever a land you control enters, you gain 1 life."),
    ("Awe Strike", "You gain life equal to the damage prevented this way."),
    # counters the board records
    ("Additive Evolution", "At the beginning of combat on your turn, put a +1/+1 counter on "
     "target creature you control."),
    ("Agonasaur Rex", "When you cycle Agonasaur Rex, put two +1/+1 counters on up to one "
     "target creature or Vehicle."),
    ("Adaptive Sporesinger", "Proliferate."),
    # mana only for spells
    ("Ancient Ziggurat", "Add one mana of any color."),
    ("Clement, the Worrywort", "Frogs you control have \"{T}: Add {G} or {U}. Spend this mana "
     "only to cast a creature spell.\""),
    # tapping, goad, removal, noncombat damage: the board records the result
    ("Abyssal Hunter", "Tap target creature."),
    ("Act of Heroism", "Untap target creature."),
    ("Constrictor Sage", "Tap target creature an opponent controls and put a stun counter on "
     "it."),
    ("Bloodboil Sorcerer", "Goad target creature."),
    ("Bright Reprisal", "Destroy target attacking creature."),
    ("AWOL", "Exile target attacking creature."),
    ("Arrows of Justice", "Arrows of Justice deals 4 damage to target attacking or blocking "
     "creature."),
    ("Absorb Identity", "Return target creature to its owner's hand."),
    # timing riders and costs of spells
    ("Angelic Favor", "Cast this spell only during combat."),
    ("Aleatory", "Cast this spell only during combat after blockers are declared."),
    ("Heroic Return", "This spell costs {2} less to cast if a creature is attacking you."),
    ("Abjure", "Counter target spell."),
    ("Aang's Journey", "Search your library for a basic land card."),
    ("Abandoned Air Temple", "Abandoned Air Temple enters tapped unless you control a basic "
     "land."),
]


@pytest.mark.parametrize(("name", "text"), NOT_COMBAT, ids=[c[0] for c in NOT_COMBAT])
def test_other_text_is_not_flagged(name: str, text: str) -> None:
    sentence, every = _sentence(name, text)
    assert combat_family(sentence, every) is None
    assert sentence.text not in [u.text for u in compiled(name).unmodelled]


def test_mana_for_spells_only_is_not_a_cost_source() -> None:
    """The same "Add" sentence is combat text on Llanowar Elves, not on Pillar of the Paruns
    (its mana only casts spells, so it can't pay a cost to attack)."""
    elves, elves_all = _sentence("Llanowar Elves", "Add {G}.")
    pillar, pillar_all = _sentence("Pillar of the Paruns", "Add one mana of any color.")
    assert combat_family(elves, elves_all) == "mana"
    assert combat_family(pillar, pillar_all) is None


def test_keyword_counter_is_combat_text_but_plus_one_counter_is_not() -> None:
    """CR 122.1b: a flying counter grants flying (combat text, reported when unmodelled);
    a +1/+1 counter is recorded on the board and applied (CR 613.4c)."""
    flying, every = _sentence("Acrobatic Cheerleader", "Survival — At the beginning of your "
                              "second main phase, if Acrobatic Cheerleader is tapped, put a "
                              "flying counter on it.")
    assert combat_family(flying, every) == "keywords"
    plus, every = _sentence("Additive Evolution", "At the beginning of combat on your turn, "
                            "put a +1/+1 counter on target creature you control.")
    assert combat_family(plus, every) is None
