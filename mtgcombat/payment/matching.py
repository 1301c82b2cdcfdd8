"""Bipartite b-matching by augmenting paths: give every slot its own resource, each resource
taking at most its capacity of slots.

Used for the mana of a cost (slots: pips and generic mana; resources: kinds of unit in the pool)
and for the sacrifice / return picks of a total (slots: picks; resources: permanents, one each).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TypeVar

R = TypeVar("R", bound=Hashable)


def match(options: Sequence[Sequence[R]], capacity: Callable[[R], int],
          order: Iterable[int] | None = None) -> dict[R, list[int]] | None:
    """Give every slot ``k`` one resource of ``options[k]``, no resource ``r`` taking more than
    ``capacity(r)`` slots; ``None`` if that's impossible. Slots are placed in ``order`` (all,
    by index, if not given) and each tries its options in their order, so the order decides
    which of several matchings is found. The result maps each used resource to the slots it
    takes, in the order they were placed."""
    owner: dict[R, list[int]] = {}

    def augment(slot: int, seen: set[R]) -> bool:
        for r in options[slot]:
            if r in seen:
                continue
            seen.add(r)
            taken = owner.setdefault(r, [])
            if len(taken) < capacity(r):
                taken.append(slot)
                return True
            for n, other in enumerate(taken):
                if augment(other, seen):
                    taken[n] = slot
                    return True
        return False

    for slot in range(len(options)) if order is None else order:
        if not augment(slot, set()):
            return None
    return owner
