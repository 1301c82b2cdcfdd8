"""Paying the costs of a declaration (CR 508.1g-j for attackers, 509.1d-g for blockers).

This package owns what happens once a declaration is chosen: locking in its total cost — the
sum of every incurred cost instance (CR 508.1h / 509.1e; :mod:`.total`); activating mana
abilities, only when that total includes mana (CR 508.1i / 509.1f; ``{0}`` doesn't), from the
permanents the declaring player controls and the cards in their hand (:mod:`.resources`); and
paying the whole total at once, in any order (CR 508.1j / 509.1g): mana (generic, coloured,
hybrid, Phyrexian paid with mana or 2 life; :mod:`.mana`), life (never more than the life
total, CR 119.4), and the picks of permanents to sacrifice, return to hand or tap
(:mod:`.matching`). :mod:`.search` decides exactly whether the total can be paid and returns
one typed plan (:mod:`.plan`) or the part that can't be paid.
"""
