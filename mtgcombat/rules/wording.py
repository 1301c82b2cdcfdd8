"""How the vocabulary's picks are worded for people: the one place that words a pick of
permanents (sacrifice, return, tap) from its filter."""

from __future__ import annotations

from mtgcombat.rules.effects import Selector


def pick_words(sel: Selector) -> str:
    """What a pick takes, from its filter: ``land``, ``Island``, ``enchantment``,
    ``Forest/land``, or ``permanent`` when the filter names no type."""
    words = [*sel.subtypes_any, *[t.lower() for t in sel.types]]
    return "/".join(words) if words else "permanent"
