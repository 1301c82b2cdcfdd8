"""Losing all abilities (CR 613.1f): Frogify's "Enchanted creature loses all abilities",
Humble's "Until end of turn, target creature loses all abilities".

A permanent that loses all its abilities has no keywords and none of the effects of its own
text from that layer on (its ability-adding and -removing effects, characteristic-defining
power and toughness, +N/+N effects, combat restrictions and costs, mana abilities). What
earlier layers applied stays (CR 613.6). Its own effects in the same layer depend on the
effect removing them and don't apply (CR 613.8a-b); abilities other effects give it apply in
timestamp order with the removal (CR 613.7). Keyword counters (CR 122.1b) count as given
before the removal: the board doesn't record when a counter was put.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mtgcombat.board.conditions import effect_applies
from mtgcombat.rules.effects import LoseAllAbilities

if TYPE_CHECKING:
    from mtgcombat.board.characteristics import Applied, View


def lose_all_abilities(view: View, app: Applied) -> None:
    """The affected permanents lose their keywords and their own effects."""
    eff = app.effect
    assert isinstance(eff, LoseAllAbilities)
    for o in app.affected(view, eff.affects):
        o.keywords = frozenset()
        o.effects = ()


def without_removed(view: View, static: list[Applied], resolved: list[Applied]) -> list[Applied]:
    """``static`` (the permanents' own effects in the ability layer) without those of the
    permanents an effect of this layer makes lose all abilities (the removal applies first:
    they depend on it, CR 613.8a)."""
    losing: set[str] = set()
    for app in [*static, *resolved]:
        eff = app.effect
        if isinstance(eff, LoseAllAbilities) and effect_applies(view, eff, app.source,
                                                                app.controller):
            losing.update(o.id for o in app.affected(view, eff.affects))
    return [app for app in static
            if isinstance(app.effect, LoseAllAbilities) or app.source is None
            or app.source.id not in losing]
