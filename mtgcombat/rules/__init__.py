"""The rules vocabulary, as data: the effect vocabulary (:mod:`~mtgcombat.rules.effects`:
every effect kind, its selector and its role), keywords, card types, colours
(:mod:`~mtgcombat.rules.colors`), how picks are worded (:mod:`~mtgcombat.rules.wording`), and
the card catalog (:mod:`~mtgcombat.rules.catalog`) with its data (``data/cards*.json``)."""
