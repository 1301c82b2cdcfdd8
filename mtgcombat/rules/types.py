"""Card types, supertypes and subtypes (CR 205), matched case-insensitively.

Board files and the catalog may write a type in any case (``"planeswalker"``); loading turns it
into the canonical capitalised form (``"Planeswalker"``) and rejects unknown names with the
closest known ones.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from importlib import resources

CARD_TYPES: tuple[str, ...] = (
    "Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land",
    "Planeswalker", "Sorcery",
    "Conspiracy", "Dungeon", "Phenomenon", "Plane", "Scheme", "Vanguard",
)
"""Card types (CR 205.2a), the non-traditional ones last."""

SUPERTYPES: tuple[str, ...] = ("Basic", "Legendary", "Ongoing", "Snow", "World", "Elite",
                               "Host")
"""Supertypes (CR 205.4a)."""

ARTIFACT_TYPES: tuple[str, ...] = (
    "Attraction", "Blood", "Bobblehead", "Clue", "Contraption", "Equipment", "Food",
    "Fortification", "Gold", "Incubator", "Infinity", "Junk", "Lander", "Map", "Powerstone",
    "Spacecraft", "Stone", "Treasure", "Vehicle",
)
"""Artifact types (CR 205.3g)."""

ENCHANTMENT_TYPES: tuple[str, ...] = (
    "Aura", "Background", "Cartouche", "Case", "Class", "Curse", "Role", "Room", "Rune",
    "Saga", "Shard", "Shrine",
)
"""Enchantment types (CR 205.3h)."""

BASIC_LAND_TYPES: tuple[str, ...] = ("Plains", "Island", "Swamp", "Mountain", "Forest")
"""The basic land types (CR 205.3i)."""

LAND_TYPES: tuple[str, ...] = (
    *BASIC_LAND_TYPES, "Cave", "Desert", "Gate", "Lair", "Locus", "Mine", "Planet",
    "Power-Plant", "Sphere", "Tower", "Town", "Urza's",
)
"""Land types (CR 205.3i)."""

PLANESWALKER_TYPES: tuple[str, ...] = (
    "Ajani", "Aminatou", "Angrath", "Arlinn", "Ashiok", "Bahamut", "Basri", "Bolas", "Calix",
    "Chandra", "Comet", "Dack", "Dakkon", "Daretti", "Davriel", "Dihada", "Domri", "Dovin",
    "Ellywick", "Elminster", "Elspeth", "Estrid", "Freyalise", "Garruk", "Gideon", "Grist",
    "Guff", "Huatli", "Jace", "Jared", "Jaya", "Jeska", "Kaito", "Karn", "Kasmina", "Kaya",
    "Kiora", "Koth", "Liliana", "Lolth", "Lukka", "Minsc", "Mordenkainen", "Nahiri", "Narset",
    "Niko", "Nissa", "Nixilis", "Oko", "Quintorius", "Ral", "Rowan", "Saheeli", "Samut",
    "Sarkhan", "Serra", "Sivitri", "Sorin", "Szat", "Tamiyo", "Tasha", "Teferi", "Teyo",
    "Tezzeret", "Tibalt", "Tyvar", "Ugin", "Urza", "Venser", "Vivien", "Vraska", "Vronos",
    "Will", "Windgrace", "Wrenn", "Xenagos", "Yanggu", "Yanling", "Zariel",
)
"""Planeswalker types (CR 205.3j)."""

SPELL_TYPES: tuple[str, ...] = ("Adventure", "Arcane", "Chorus", "Lesson", "Omen", "Trap")
"""Instant and sorcery types (CR 205.3k)."""

BATTLE_TYPES: tuple[str, ...] = ("Siege",)
"""Battle types (CR 205.3q)."""

CREATURE_TYPES: tuple[str, ...] = tuple("""
Advisor Aetherborn Alien Ally Angel Antelope Ape Archer Archon Armadillo Army Artificer
Assassin Assembly-Worker Astartes Atog Aurochs Avatar Azra Badger Balloon Barbarian Bard
Basilisk Bat Bear Beast Beaver Beeble Beholder Berserker Bird Bison Blinkmoth Boar Bringer
Brushwagg Camarid Camel Capybara Caribou Carrier Cat Centaur Child Chimera Citizen Cleric
Clown Cockatrice Construct Coward Coyote Crab Crocodile C'tan Custodes Cyberman Cyclops
Dalek Dauthi Demigod Demon Deserter Detective Devil Dinosaur Djinn Doctor Dog Dragon Drake
Dreadnought Drone Druid Dryad Dwarf Efreet Egg Elder Eldrazi Elemental Elephant Elf Elk
Employee Eye Faerie Ferret Fish Flagbearer Fox Fractal Frog Fungus Gamer Gargoyle Germ
Giant Gith Glimmer Gnoll Gnome Goat Goblin God Golem Gorgon Graveborn Gremlin Griffin
Guest Hag Halfling Hamster Harpy Hellion Hippo Hippogriff Homarid Homunculus Horror Horse
Human Hydra Hyena Illusion Imp Incarnation Inkling Inquisitor Insect Jackal Jellyfish
Juggernaut Kavu Kirin Kithkin Knight Kobold Kor Kraken Llama Lamia Lammasu Leech Leviathan
Lhurgoyf Licid Lizard Manticore Masticore Mercenary Merfolk Metathran Minion Minotaur Mite
Mole Monger Mongoose Monk Monkey Moonfolk Mount Mouse Mutant Myr Mystic Nautilus Necron
Nephilim Nightmare Nightstalker Ninja Noble Noggle Nomad Nymph Octopus Ogre Ooze Orb Orc
Orgg Otter Ouphe Ox Oyster Pangolin Peasant Pegasus Pentavite Performer Pest Phelddagrif
Phoenix Phyrexian Pilot Pincher Pirate Plant Porcupine Possum Praetor Primarch Prism
Processor Rabbit Raccoon Ranger Rat Rebel Reflection Rhino Rigger Robot Rogue Sable
Salamander Samurai Sand Saproling Satyr Scarecrow Scientist Scion Scorpion Scout Sculpture
Serf Serpent Servo Shade Shaman Shapeshifter Shark Sheep Siren Skeleton Skunk Slith Sliver
Sloth Slug Snail Snake Soldier Soltari Spawn Specter Spellshaper Sphinx Spider Spike Spirit
Splinter Sponge Squid Squirrel Starfish Surrakar Survivor Synth Tentacle Tetravite Thalakos
Thopter Thrull Tiefling Time Lord Toy Treefolk Trilobite Triskelion Troll Turtle Tyranid
Unicorn Vampire Varmint Vedalken Viashino Volver Wall Walrus Warlock Warrior Weasel Weird
Werewolf Whale Wizard Wolf Wolverine Wombat Worm Wraith Wurm Yeti Zombie Zubera
""".replace("Time Lord", "Time_Lord").split())
"""Creature types (CR 205.3m); ``Time Lord`` is the one with a space."""



def _printed_subtypes() -> tuple[str, ...]:
    text = resources.files("mtgcombat.rules").joinpath("data", "subtypes_printed.txt")
    return tuple(line.strip() for line in text.read_text("utf-8").splitlines()
                 if line.strip() and not line.startswith("#"))


PRINTED_SUBTYPES: tuple[str, ...] = _printed_subtypes()
"""Subtypes printed on cards of the oracle corpus beyond the lists above (newer creature
types such as Hero and Villain, planar types), from ``data/subtypes_printed.txt``."""

SUBTYPES: tuple[str, ...] = (
    *ARTIFACT_TYPES, *ENCHANTMENT_TYPES, *LAND_TYPES, *PLANESWALKER_TYPES, *SPELL_TYPES,
    *BATTLE_TYPES, *(t.replace("_", " ") for t in CREATURE_TYPES), *PRINTED_SUBTYPES,
)
"""Every subtype (CR 205.3, and those printed since)."""


class UnknownName(ValueError):
    """A name that is not in a canonical list; the message suggests the closest ones."""


def _folded(names: Iterable[str]) -> dict[str, str]:
    return {n.casefold(): n for n in names}


_CARD_TYPES = _folded(CARD_TYPES)
_SUPERTYPES = _folded(SUPERTYPES)
_SUBTYPES = _folded(SUBTYPES)


def shown(text: str, limit: int = 60) -> str:
    """``repr(text)``, cut to ``limit`` characters plus "…" for messages echoing input."""
    return repr(text if len(text) <= limit else text[:limit] + "…")


def closest(word: str, choices: Iterable[str], n: int = 3) -> str:
    """``"; did you mean 'x', 'y'?"`` for the closest choices (case-insensitive), or ``""``."""
    by_fold = _folded(choices)
    close = difflib.get_close_matches(word.casefold()[:200], list(by_fold), n=n, cutoff=0.6)
    return f"; did you mean {', '.join(repr(by_fold[c]) for c in close)}?" if close else ""


def _canonical(name: str, table: dict[str, str], what: str) -> str:
    found = table.get(name.casefold())
    if found is None:
        raise UnknownName(f"unknown {what} {shown(name)}{closest(name, table.values())}")
    return found


def card_type(name: str) -> str:
    """The canonical card type for ``name`` (any case); :class:`UnknownName` otherwise."""
    return _canonical(name, _CARD_TYPES, "card type")


def supertype(name: str) -> str:
    """The canonical supertype for ``name`` (any case); :class:`UnknownName` otherwise."""
    return _canonical(name, _SUPERTYPES, "supertype")


def subtype(name: str) -> str:
    """The canonical subtype for ``name`` (any case); :class:`UnknownName` otherwise."""
    return _canonical(name, _SUBTYPES, "subtype")


def is_type_word(word: str) -> bool:
    """Is ``word`` (any case, singular or a plain plural) a card type, supertype or subtype?"""
    w = word.casefold()
    forms = {w, w[:-1], w[:-2], w[:-3] + "f", w[:-3] + "y"} if len(w) > 3 else {w}
    tables = (_CARD_TYPES, _SUPERTYPES, _SUBTYPES)
    return any(f in t for f in forms for t in tables)
