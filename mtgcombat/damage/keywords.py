"""Combat keywords whose triggers change power and toughness (or life) for the combat, fixed
by the declaration: exalted (CR 702.83), battle cry (702.91), melee (702.121), bushido
(702.45), rampage (702.23) and frenzy (702.68); afflict (702.130) makes the defending player
lose life.

Each triggers on declaring attackers or blockers and resolves before combat damage with no
choice, so its bonus follows from the board's ``attack`` and ``blocks`` (the declared combat:
a creature later removed from combat still counted for it). A creature whose power and
toughness the board gives is taken as already including its bonus (as for flanking); the
board's life totals are taken as before afflict's trigger resolved, as before Master of
Cruelties' (both in the declare blockers step). Limits: a permanent with two instances of
exalted (one printed, one granted) counts once, since keywords are a set; creatures put onto
the battlefield attacking are taken as declared.
"""

from __future__ import annotations

from collections.abc import Mapping

from mtgcombat.board.characteristics import Obj, View
from mtgcombat.board.model import Board
from mtgcombat.errors import BoardError

Bonuses = dict[str, tuple[int, int]]
"""Creature id -> the +power/+toughness its combat keywords' triggers give it."""


def _amount(obj: Obj, name: str) -> int:
    """The total N of ``obj``'s ``name N`` keywords (instances add up: 702.45b, 702.23c)."""
    total = 0
    for k in obj.keywords:
        head, _, n = k.partition(" ")
        if head == name and n.isdigit():
            total += int(n)
    return total


def _declared_blocks(board: Board) -> dict[str, tuple[str, ...]]:
    """Declared blocker -> the attackers it blocks (the board's ``blocks``)."""
    return {b: (v,) if isinstance(v, str) else tuple(v) for b, v in (board.blocks or {}).items()}


def keyword_bonuses(board: Board, view: View) -> Bonuses:
    """The bonus each attacking or blocking creature of ``board`` gets from exalted, battle
    cry, bushido, rampage and frenzy triggers."""
    attack = [a for a in (board.attack or {}) if a in view.objects]
    blocks = _declared_blocks(board)
    blockers_of: dict[str, int] = {}
    for atts in blocks.values():
        for a in atts:
            blockers_of[a] = blockers_of.get(a, 0) + 1
    out: Bonuses = {}

    def add(cid: str, power: int, toughness: int) -> None:
        p, t = out.get(cid, (0, 0))
        out[cid] = (p + power, t + toughness)

    if len(board.attack or {}) == 1 and attack:
        alone = view.objects[attack[0]]  # 702.83a: "attacks alone" (506.5)
        n = sum(1 for o in view.objects.values()
                if o.controller == alone.controller and "exalted" in o.keywords)
        add(alone.id, n, n)
    criers = [a for a in attack if "battle cry" in view.objects[a].keywords]
    attacked = _opponents_attacked(board)
    for a in attack:
        obj = view.objects[a]
        add(a, sum(1 for c in criers if c != a), 0)  # 702.91a: each other attacker
        if "melee" in obj.keywords:  # 702.121a: each opponent attacked, not planeswalkers
            add(a, attacked, attacked)
        k = blockers_of.get(a, 0)
        if k:
            add(a, _amount(obj, "bushido"), _amount(obj, "bushido"))
            bonus = _amount(obj, "rampage") * (k - 1)  # 702.23a: each blocker beyond the first
            add(a, bonus, bonus)
        else:
            add(a, _amount(obj, "frenzy"), 0)  # 702.68a: attacks and isn't blocked
    for b in blocks:
        if b in view.objects and b not in (board.attack or {}):
            n = _amount(view.objects[b], "bushido")
            add(b, n, n)
    return {c: pt for c, pt in out.items() if pt != (0, 0)}


def _opponents_attacked(board: Board) -> int:
    """How many players the active player attacked with a creature (melee, CR 702.121a:
    planeswalkers and battles attacked don't count; a creature that has left combat since
    still does)."""
    players = {p.name for p in board.players}
    return len({t for t in (board.attack or {}).values() if t in players})


def afflict_losses(board: Board, view: View) -> dict[str, int]:
    """Defending player → the life they lose to afflict triggers (CR 702.130a: "whenever this
    creature becomes blocked, defending player loses N life"), from the declared blocks. The
    defending player is the one it attacks, or who controls or protects what it attacks."""
    blocked = {a for atts in _declared_blocks(board).values() for a in atts}
    perms = {p.id: p for p in board.permanents}
    out: dict[str, int] = {}
    for a, target in (board.attack or {}).items():
        obj = view.objects.get(a)
        n = _amount(obj, "afflict") if obj is not None and a in blocked else 0
        if n:
            attacked = perms.get(target)
            who = target if attacked is None else attacked.protector or attacked.controller
            out[who] = out.get(who, 0) + n
    return out


def after_afflict(board: Board, view: View, life_one: set[str]) -> Board:
    """``board`` with its afflict life losses taken (:func:`afflict_losses`; with teams, from
    the team's shared life total, CR 810.9a). ``life_one``: players whose life total becomes 1
    in the same step (Master of Cruelties): the active player orders those triggers, which
    the board doesn't record, so the two on one team are refused."""
    losses = afflict_losses(board, view)
    if not losses:
        return board
    hit = {m: sum(n for p, n in losses.items() if m in board.team_of(p))
           for p in losses for m in board.team_of(p)}
    if hit.keys() & {m for p in life_one for m in board.team_of(p)}:
        raise BoardError("afflict and a trigger setting a life total to 1 both affect "
                         f"{', '.join(sorted(hit))} in the declare blockers step: the order "
                         "the active player put them on the stack is not recorded")
    players = [p.model_copy(update={"life": p.life - hit[p.name]}) if p.name in hit else p
               for p in board.players]
    return board.model_copy(update={"players": players})


def with_bonus(power: int, toughness: int, bonus: tuple[int, int],
               by_toughness: bool) -> tuple[int, int]:
    """A fighter's (combat damage it assigns, toughness) after ``bonus``; under
    ``by_toughness`` it assigns damage equal to its new toughness (510.1a)."""
    t = toughness + bonus[1]
    return (t if by_toughness else power + bonus[0]), t


def bonuses_for(bonuses: Mapping[str, tuple[int, int]], view: View,
                ids: list[str]) -> Bonuses:
    """The bonuses of ``ids`` that apply: not to a creature whose power and toughness the
    board gives (those are final)."""
    return {c: bonuses[c] for c in ids
            if c in bonuses and c in view.objects and not view.objects[c].pt_fixed}
