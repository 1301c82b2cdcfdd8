"""Whether an effect's condition ("as long as ...") holds on a board, and the amounts "for each"
changes count.

A condition is checked against the permanents as the :class:`~mtgcombat.board.characteristics.View`
sees them when the effect applies (CR 611.3a: continuously); an effect whose condition is false
does nothing. Relative words are relative to the effect's source and its controller.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from mtgcombat.rules.effects import (
    Condition,
    Controls,
    CounterCount,
    Devotion,
    Graveyard,
    GraveyardCount,
    HandSize,
    Life,
    SourceCounters,
    SourceState,
    YourTurn,
)

if TYPE_CHECKING:
    from mtgcombat.board.characteristics import Obj, View


def _within(n: int, at_least: int | None, at_most: int | None) -> bool:
    return (at_least is None or n >= at_least) and (at_most is None or n <= at_most)


def _players(view: View, rel: str, controller: str) -> list[str]:
    """``you``: the controller; ``opponent``: every player still in the game outside the
    controller's team (CR 102.3)."""
    if rel == "you":
        return [controller]
    team = view.board.team_of(controller)
    return [p.name for p in view.board.players if p.name not in team and not p.left_game]


def _state(view: View, cond: SourceState, source: Obj | None) -> bool:
    obj = source
    if cond.of == "attached" and source is not None:
        obj = view.objects.get(source.attached_to or "")
    if obj is None:
        return False
    if cond.state in ("tapped", "untapped"):
        return obj.tapped == (cond.state == "tapped")
    if cond.state == "attacking":
        return obj.id in (view.board.attack or {})
    if cond.state == "blocking":
        return obj.id in (view.board.blocks or {})
    subtype = "Equipment" if cond.state == "equipped" else "Aura"
    return any(o.attached_to == obj.id and subtype in o.subtypes for o in view.objects.values())


def _graveyard(view: View, cond: Graveyard | GraveyardCount, player: str) -> int:
    """The cards in ``player``'s graveyard (every player's: a count of ``all`` graveyards)
    that ``cond`` counts, or the number of card types among them (``card_types``); card
    names are the catalog's (checked as the board loads)."""
    if isinstance(cond, GraveyardCount) and cond.graveyard == "all":
        names = [n for p in view.board.players if not p.left_game for n in p.graveyard or []]
    else:
        names = view.board.player(player).graveyard or []
    count = cond.count
    if not cond.types_any and not cond.subtypes_any and count == "cards":
        return len(names)
    cards = [view.catalog.get(n) for n in names]
    cards = [c for c in cards
             if (not cond.types_any or set(c.types).intersection(cond.types_any))
             and (not cond.subtypes_any or set(c.subtypes).intersection(cond.subtypes_any))]
    if count == "card_types":
        return len({t for c in cards for t in c.types})
    return len(cards)


def condition_holds(view: View, cond: Condition, source: Obj | None, controller: str) -> bool:
    """Does ``cond`` hold for an effect of ``source`` (None: no source permanent) controlled
    by ``controller``?"""
    if isinstance(cond, Controls):
        return any(_within(sum(1 for o in view.objects.values() if o.controller == p
                               and view.matches(cond.permanent, o, source, controller)),
                           cond.at_least, cond.at_most)
                   for p in _players(view, cond.player, controller))
    if isinstance(cond, YourTurn):
        mine = view.board.active_player in view.board.team_of(controller)
        return mine == cond.yours
    if isinstance(cond, Life):
        return any(_within(view.board.player(p).life, cond.at_least, cond.at_most)
                   for p in _players(view, cond.player, controller))
    if isinstance(cond, HandSize):
        return _within(view.hand_size(controller), cond.at_least, cond.at_most)
    if isinstance(cond, Graveyard):
        return any(_within(_graveyard(view, cond, p), cond.at_least, cond.at_most)
                   for p in _players(view, cond.player, controller))
    if isinstance(cond, SourceState):
        return _state(view, cond, source)
    if isinstance(cond, SourceCounters):
        if source is None:
            return False
        counters = source.counters
        n = (sum(counters.values()) if cond.counter is None
             else counters.get(cond.counter, 0))
        return n >= cond.at_least
    raise NotImplementedError(f"no rule for condition {cond!r}")


def effect_applies(view: View, effect: object, source: Obj | None, controller: str) -> bool:
    """Is ``effect`` in force: it has no ``condition``, or its condition holds?"""
    cond = getattr(effect, "condition", None)
    return cond is None or condition_holds(view, cond, source, controller)


def _devotion(view: View, color: str, controller: str) -> int:
    """The mana symbols of ``color`` among the mana costs of ``controller``'s permanents (a
    hybrid or Phyrexian symbol counts; a face-down or custom permanent has no mana cost)."""
    costs = [view.catalog.get(o.card).mana_cost or "" for o in view.objects.values()
             if o.controller == controller and o.card is not None]
    return sum(1 for cost in costs for sym in re.findall(r"\{([^}]*)\}", cost)
               if color in sym.split("/"))


def amount(view: View, per: CounterCount | GraveyardCount | Devotion | str | None,
           source: Obj | None, controller: str) -> int:
    """How many times a "for each" change of ``source`` applies: once without ``per``; the
    counters of a kind on the source; the cards in ``controller``'s hand or graveyard, in all
    hands or graveyards; ``controller``'s life total or devotion to a colour."""
    if per is None:
        return 1
    if isinstance(per, GraveyardCount):
        return _graveyard(view, per, controller)
    if isinstance(per, CounterCount):
        return source.counters.get(per.counter, 0) if source is not None else 0
    if isinstance(per, Devotion):
        return _devotion(view, per.devotion, controller)
    if per == "your_hand_size":
        return view.hand_size(controller)
    if per == "all_hand_sizes":
        return sum(view.hand_size(p.name) for p in view.board.players if not p.left_game)
    if per == "your_life":
        return view.board.player(controller).life
    raise NotImplementedError(f"no rule for the amount {per!r}")
