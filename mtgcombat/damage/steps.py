"""A regular combat damage step checked after a given first-strike step (CR 510.4): the first
step is played with the divisions given (a creature left out filled in when exactly one choice
is legal for it), and the regular step's assignment is checked on the result: creatures the
first step destroyed are gone, damage and -1/-1 counters stay, what shields prevented is used.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from mtgcombat.board.model import Board
from mtgcombat.damage.assignment import DamageVerdict, check_damage
from mtgcombat.damage.combat import Combat, combat_at
from mtgcombat.damage.results import after
from mtgcombat.errors import BoardError, Deadline
from mtgcombat.rules.catalog import Catalog


def check_after_first(board: Board | Combat, first: Mapping[str, Mapping[str, int]],
                      assignment: Mapping[str, Mapping[str, int]], *,
                      catalog: Catalog | None = None,
                      deadline: Deadline | None = None) -> DamageVerdict:
    """Play the first-strike step of ``board`` with ``first``, then check ``assignment`` for
    the regular step (510.4). The verdict's ``first`` is the first step as played.

    Bad input (:class:`BoardError`): no first-strike step on this board, or a first-step
    assignment that is illegal or leaves out a creature with a choice (the message names
    it). Assigning from or to a creature the first step destroyed is an illegal verdict."""
    c0 = board if isinstance(board, Combat) else combat_at(board, catalog)
    if not c0.first_step_exists():
        raise BoardError("no attacking or blocking creature has first strike or double "
                         "strike: there is no first combat damage step to play (702.7b)",
                         path="--first-assign")
    v1 = check_damage(c0, first, "first", deadline=deadline)
    if not v1.legal or v1.result is None:
        raise BoardError(f"the first-step assignment is not legal: {v1.reason}",
                         path="--first-assign")
    gone = set(v1.result.destroyed)
    for cid, split in assignment.items():
        dead = [r for r, n in split.items() if n and r in gone]
        if cid in gone and any(split.values()):
            why = (f"{c0.label(cid)} was destroyed in the first combat damage step and "
                   "assigns no damage in the regular step (510.4)")
        elif dead:
            why = (f"{c0.label(dead[0])} was destroyed in the first combat damage step: "
                   f"{c0.label(cid)} can't assign damage to it (510.4)")
        else:
            continue
        return DamageVerdict(False, why, "regular", {c: dict(s) for c, s in
                                                     assignment.items()}, first=v1)
    kept = {c: s for c, s in assignment.items() if c not in gone}
    c1 = after(c0, v1.result)
    return replace(check_damage(c1, kept, "regular", before=c0, deadline=deadline), first=v1)
