"""Checks on what is attached to what: no cycles, and every Aura, Equipment and Fortification
on a permanent (or, for an Aura with "Enchant player", a player) it may legally be attached
to (CR 301.5c, 301.6, 303.4a)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, NoReturn

from mtgcombat.rules.catalog import ENCHANT_TYPES, Catalog
from mtgcombat.rules.types import shown

if TYPE_CHECKING:
    from mtgcombat.board.model import Permanent

Fail = Callable[[str, str], NoReturn]


def _types(perm: Permanent, catalog: Catalog) -> tuple[frozenset[str], frozenset[str]]:
    """A permanent's card types and subtypes before effects (overrides, else its card)."""
    if perm.face_down:
        return frozenset({"Creature"}), frozenset()
    card = catalog.get(perm.card) if perm.card is not None else None
    types = perm.types if perm.types is not None else (card.types if card else [])
    subtypes = perm.subtypes if perm.subtypes is not None else (card.subtypes if card else [])
    return frozenset(types), frozenset(subtypes)


def _enchant(perm: Permanent, catalog: Catalog) -> str | None:
    """What an Aura can enchant: its catalog card's ``enchant``, else an ``enchant X``
    keyword."""
    if perm.card is not None and not perm.face_down:
        card = catalog.get(perm.card)
        if card.enchant is not None:
            return card.enchant
    for k in perm.keywords or ():
        if k.startswith("enchant "):
            return k[len("enchant "):]
    return None


def _check_cycles(perms: Sequence[Permanent], fail: Fail) -> None:
    """Following ``attached_to`` from any permanent never comes back to it."""
    host = {p.id: p.attached_to for p in perms}
    for i, p in enumerate(perms):
        chain = [p.id]
        nxt = host.get(p.id)
        while nxt is not None and nxt not in chain:
            chain.append(nxt)
            nxt = host.get(nxt)
        if nxt == p.id:
            loop = " → ".join(shown(c, 40) for c in [*chain, p.id])
            fail(f"attachments form a cycle: {loop[:200]}", f"$.permanents[{i}].attached_to")


def _check_on_player(p: Permanent, catalog: Catalog, at: str, fail: Fail) -> None:
    """Only an Aura with "Enchant player" can be attached to a player (CR 303.4, 702.5)."""
    _, own_subtypes = _types(p, catalog)
    restriction = _enchant(p, catalog) if "Aura" in own_subtypes else None
    if restriction is None:
        fail(f"only an Aura with 'enchant player' can be attached to a player; "
             f"{p.attached_to!r} is a player (CR 303.4)", at)
    if restriction != "player":
        fail(f"this Aura has 'enchant {restriction}' but {p.attached_to!r} is a player, "
             "not a permanent", at)


def check_attachments(perms: Sequence[Permanent], catalog: Catalog, fail: Fail, *,
                      players: Collection[str] = frozenset()) -> None:
    """No attachment cycle; each attached permanent fits what its host may be (a permanent,
    or one of ``players`` for an Aura with "Enchant player")."""
    _check_cycles(perms, fail)
    by_id = {p.id: p for p in perms}
    for i, p in enumerate(perms):
        at = f"$.permanents[{i}].attached_to"
        if p.attached_to is not None and p.attached_to in players:
            _check_on_player(p, catalog, at, fail)
        if p.attached_to is None or p.attached_to not in by_id:
            continue
        host_types, _ = _types(by_id[p.attached_to], catalog)
        _, own_subtypes = _types(p, catalog)
        restriction = _enchant(p, catalog) if "Aura" in own_subtypes else None
        if restriction is not None:
            needed = ENCHANT_TYPES.get(restriction, "player")
            if needed == "player":
                fail(f"this Aura enchants a {restriction}, not a permanent", at)
            if needed is not None and needed not in host_types:
                fail(f"this Aura has 'enchant {restriction}' but {p.attached_to!r} is not a "
                     f"{restriction} (types: {', '.join(sorted(host_types)) or 'none'})", at)
        if "Equipment" in own_subtypes and "Creature" not in host_types:
            fail(f"Equipment can only be attached to a creature; {p.attached_to!r} is not one"
                 " (CR 301.5c)", at)
        if "Fortification" in own_subtypes and "Land" not in host_types:
            fail(f"a Fortification can only be attached to a land; {p.attached_to!r} is not "
                 "one (CR 301.6)", at)
