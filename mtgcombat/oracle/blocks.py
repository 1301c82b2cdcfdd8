"""A deliberately naive reference oracle for block legality (CR 509.1), for testing.

It enumerates every block declaration explicitly (each candidate blocker blocks any subset of
its blockable attackers up to its capacity), evaluates every restriction, requirement and cost
instance from its own definition (never through the engine's evaluator, the encoder or the
solver) and applies the attack legality rule with "block" for "attack": A is legal iff it
obeys every restriction and no B that obeys every restriction and incurs no cost outside
costs(A) obeys more requirement instances. Blocks have no conditional requirements. Payment
is out of scope: the oracle's answer is "legal if payable".

Only :func:`~mtgcombat.compile.blocks.compile_blocks` and the instance types are shared with the
engine. To check the compiler too, :func:`evasion_reason` reads the evasion rules of the
Comprehensive Rules directly off the board's characteristics, and :func:`blocking_setup`
works out the blocking player, the candidate blockers and the blockable attackers from
CR 509.1's words.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass

from mtgcombat.board.characteristics import Obj, View
from mtgcombat.board.declaration import BlockDeclaration
from mtgcombat.board.model import Board
from mtgcombat.compile.blocks import compile_blocks
from mtgcombat.compile.instances import (
    AllOrNone,
    AttackRequirement,
    CostInstance,
    ExactlyOneRequirement,
    Forbid,
    GroupRequirement,
    Instances,
    MaxAttackers,
    MaxCreatures,
    MinBlockers,
    NeedsCompanion,
    NotAlone,
    OnlyAlone,
    Requirement,
    Restriction,
)
from mtgcombat.rules.protection import qualities, quality_matches

Pairs = frozenset[tuple[str, str]]
"""A block declaration as its set of (blocker, attacker) pairs."""

MAX_PAIRS = 24
"""Default cap on the (candidate blocker, blockable attacker) pairs the oracle accepts."""
MAX_DECLARATIONS = 50_000
"""Default cap on the number of block declarations the oracle enumerates."""


# --- definitions, one per instance kind --------------------------------------------------------


def blockers_of(decl: Pairs) -> set[str]:
    """The creatures declared as blockers."""
    return {b for b, _a in decl}


def blockers_against(decl: Pairs, attackers: Iterable[str]) -> set[str]:
    """The creatures blocking at least one of ``attackers``."""
    wanted = set(attackers)
    return {b for b, a in decl if a in wanted}


def obeys(restriction: Restriction, decl: Pairs) -> bool:
    """Does the block declaration ``decl`` obey ``restriction`` (CR 509.1, "block" for
    "attack")?"""
    declared = blockers_of(decl)
    if isinstance(restriction, Forbid):
        return not any(b == restriction.creature and a in restriction.targets for b, a in decl)
    if isinstance(restriction, NotAlone):
        return restriction.creature not in declared or len(declared) >= 2
    if isinstance(restriction, OnlyAlone):
        return restriction.creature not in declared or declared == {restriction.creature}
    if isinstance(restriction, NeedsCompanion):
        others = restriction.companions - {restriction.creature}
        return restriction.creature not in declared or len(others & declared) >= restriction.count
    if isinstance(restriction, MaxAttackers):
        return len(blockers_against(decl, restriction.targets)) <= restriction.count
    if isinstance(restriction, MaxCreatures):
        return len(declared) <= restriction.count
    if isinstance(restriction, MinBlockers):
        n = len(blockers_against(decl, [restriction.target]))
        return n == 0 or n >= restriction.count
    if isinstance(restriction, AllOrNone):
        # Tromokratis: blocked by no creature, or by every one of the listed creatures (the
        # defending player's; with teams, their teammate's creatures may block it too).
        against = blockers_against(decl, [restriction.target])
        return not against or against >= set(restriction.creatures)
    raise ValueError(f"unknown restriction kind {restriction.kind!r}")


def satisfies(requirement: Requirement, decl: Pairs) -> bool:
    """Does ``decl`` do what ``requirement`` asks?"""
    if isinstance(requirement, AttackRequirement):
        return any(b == requirement.creature and a in requirement.targets for b, a in decl)
    if isinstance(requirement, GroupRequirement):
        return bool(blockers_against(decl, requirement.targets))
    if isinstance(requirement, ExactlyOneRequirement):
        return len(blockers_against(decl, [requirement.target])) == 1
    raise ValueError(f"unknown requirement kind {requirement!r}")


def incurred(cost: CostInstance, decl: Pairs) -> bool:
    """Does ``decl`` incur ``cost`` (its creature blocks an attacker in the cost's scope)?"""
    return any(b == cost.creature and a in cost.targets for b, a in decl)


# --- evasion, straight from the Comprehensive Rules ------------------------------------------

_PROTECTION = {"protection from white": "W", "protection from blue": "U",
               "protection from black": "B", "protection from red": "R",
               "protection from green": "G"}
_COLOR_QUALITIES = frozenset(k.removeprefix("protection from ") for k in _PROTECTION)
_LANDWALK = {"plainswalk": "Plains", "islandwalk": "Island", "swampwalk": "Swamp",
             "mountainwalk": "Mountain", "forestwalk": "Forest", "desertwalk": "Desert"}


def evasion_reason(attacker: Obj, blocker: Obj, defender_land_types: frozenset[str],
                   attacker_power: int | None = None) -> str | None:
    """The CR rule by which ``blocker`` can't block ``attacker``, or None if no evasion rule
    forbids it. ``defender_land_types``: the land subtypes among lands the defending (blocking)
    player controls; ``attacker_power``: the attacker's power as it attacks, if not its
    derived power (Watchdog's -1/-0)."""
    a, b = attacker.keywords, blocker.keywords
    if "flying" in a and "flying" not in b and "reach" not in b:
        return "702.9b"  # and 702.17b: reach
    if "shadow" in a and "shadow" not in b:
        return "702.28b"
    if "shadow" in b and "shadow" not in a:
        return "702.28b"
    if "horsemanship" in a and "horsemanship" not in b:
        return "702.31b"
    is_artifact = "Artifact" in blocker.types
    if "fear" in a and not is_artifact and "B" not in blocker.colors:
        return "702.36b"
    if "intimidate" in a and not is_artifact and not attacker.colors & blocker.colors:
        return "702.13b"
    for walk, land_type in _LANDWALK.items():
        if walk in a and land_type in defender_land_types:
            return "702.14c"
    if "skulk" in a:
        blocker_power = blocker.power if blocker.power is not None else 0
        if attacker_power is None:
            attacker_power = attacker.power if attacker.power is not None else 0
        if blocker_power > attacker_power:
            return "702.118b"
    for prot, color in _PROTECTION.items():
        if prot in a and color in blocker.colors:
            return "702.16f"
    # other qualities (creatures, everything, types): the shared CR 702.16a reading
    for quality in qualities(a):
        if quality not in _COLOR_QUALITIES and quality_matches(
                quality, blocker.colors, blocker.types, blocker.subtypes):
            return "702.16f"
    return None


@dataclass(frozen=True)
class BlockingSetup:
    """Who blocks, with what, against what (CR 509.1), worked out from the board alone."""

    blocking_player: str
    """With teams, the defending team's first listed player."""
    candidates: frozenset[str]
    attackers: frozenset[str]
    creatures: frozenset[str]
    evasion: frozenset[tuple[str, str]]
    """(blocker, attacker) pairs of the blocking player's creatures that an evasion rule
    forbids, whether or not the blocker is a candidate."""
    blocking_players: frozenset[str] = frozenset()
    """Every player whose creatures block: with teams, the whole defending team (CR 805.10d)."""


def blocking_setup(board: Board) -> BlockingSetup:
    """CR 509.1 read directly: the blocking player (given, or the only player attacked or
    controlling / protecting an attacked permanent), candidate blockers (untapped creatures
    they control, not removed from combat), blockable attackers (attacking them, a
    planeswalker they control or a battle they protect) and the evasion-forbidden pairs."""
    view = View(board)
    objs = view.objects
    attack = board.attack or {}

    def player_of(target: str) -> str:
        if target in objs:
            o = objs[target]
            return o.protector if o.is_battle and o.protector is not None else o.controller
        return target

    player, players = _blockers_of(board, {player_of(t) for t in attack.values()})
    removed = set(board.removed_from_combat)
    creatures = [o for o in objs.values() if "Creature" in o.types and o.controller in players]
    attackers = [objs[a] for a, t in attack.items()
                 if a in objs and a not in removed and player_of(t) in players]
    # Landwalk looks at the attacker's defending player: with teams, the one it attacks or
    # who controls / protects what it attacks (CR 805.10e).
    lands = {who: frozenset(st for o in objs.values()
                            if "Land" in o.types and o.controller == who for st in o.subtypes)
             for who in players}
    evasion = frozenset(
        (b.id, a.id) for b in creatures for a in attackers
        if evasion_reason(a, b, lands[player_of(attack[a.id])],
                          attacking_power(board, view, a)) is not None)
    return BlockingSetup(
        blocking_player=player,
        candidates=frozenset(o.id for o in creatures if not o.tapped and o.id not in removed),
        attackers=frozenset(a.id for a in attackers),
        creatures=frozenset(o.id for o in creatures),
        evasion=evasion, blocking_players=players)


def _blockers_of(board: Board, attacked: set[str]) -> tuple[str, frozenset[str]]:
    """The blocking player and every player whose creatures block: with teams the nonactive
    team, which defends and blocks together (CR 805.10a, d), its first listed player first;
    otherwise the given blocking player, the only opponent or the only player attacked."""
    if board.teams is not None:
        team = next(t for t in board.teams if board.active_player not in t)
        return team[0], frozenset(team)
    if board.blocking_player is not None:
        player = board.blocking_player
    elif len(board.players) == 2:
        player = next(p.name for p in board.players if p.name != board.active_player)
    elif len(attacked) == 1:
        player = next(iter(attacked))
    else:
        raise ValueError("the blocking player is ambiguous")
    return player, frozenset({player})


def attacking_power(board: Board, view: View, attacker: Obj) -> int:
    """``attacker``'s power as it attacks: its derived power, minus 1 for each untapped
    Watchdog controlled by the player it attacks ("As long as Watchdog is untapped, all
    creatures attacking you get -1/-0"; CR 509.1), unless the board fixes its power
    (board format: an explicit ``power`` is final)."""
    if attacker.pt_fixed:
        return attacker.power if attacker.power is not None else 0
    # The power before combat (a view of the board without its attack), then Watchdog's
    # -1/-0 applied here, independently of the engine's own modelling of it.
    before = View(board.model_copy(update={"attack": None})).objects[attacker.id]
    power = before.power if before.power is not None else 0
    target = (board.attack or {}).get(attacker.id)
    dogs = [o for o in view.objects.values()
            if o.card == "Watchdog" and not o.tapped and o.controller == target]
    return power - len(dogs)


def compiled_evasion(inst: Instances) -> frozenset[tuple[str, str]]:
    """The (blocker, attacker) pairs the compiled instances forbid for evasion keywords."""
    return frozenset((r.creature, a) for r in inst.restrictions
                     if isinstance(r, Forbid) and r.source.name == "evasion"
                     for a in r.targets)


# --- the oracle ------------------------------------------------------------------------------


def _mask(bits: Iterable[bool]) -> int:
    return sum(1 << i for i, b in enumerate(bits) if b)


@dataclass(frozen=True)
class _Row:
    """One restriction-obeying block declaration: its pairs, cost mask and obeyed count."""

    decl: Pairs
    costs: int
    obeyed: int


def _subsets(targets: tuple[str, ...], capacity: int | None) -> list[tuple[str, ...]]:
    """Every set of attackers one blocker may block: none, or up to ``capacity`` of them."""
    most = len(targets) if capacity is None else min(capacity, len(targets))
    return [s for k in range(most + 1) for s in itertools.combinations(targets, k)]


class BlockOracle:
    """Every block declaration of one board, enumerated, with CR 509.1 legality read
    literally (costs assumed payable)."""

    def __init__(self, board: Board, *, max_pairs: int = MAX_PAIRS,
                 max_declarations: int = MAX_DECLARATIONS) -> None:
        self.inst = compile_blocks(board)
        if self.inst.conditions or any(r.condition is not None for r in self.inst.requirements):
            raise ValueError("blocks have no conditional requirements; the oracle has no "
                             "conditional-requirement process")
        n_pairs = sum(len(c.targets) for c in self.inst.candidates)
        if n_pairs > max_pairs:
            raise ValueError(f"the block oracle enumerates every declaration: {n_pairs} "
                             f"(blocker, attacker) pairs is more than max_pairs={max_pairs}")
        count = 1
        for c in self.inst.candidates:
            count *= len(_subsets(c.targets, c.capacity))
        if count > max_declarations:
            raise ValueError(f"the block oracle would enumerate {count} declarations, more "
                             f"than max_declarations={max_declarations}")
        self.rows = [self._row(d) for d in self.declarations()
                     if all(obeys(r, d) for r in self.inst.restrictions)]
        self._legal: set[Pairs] | None = None

    def declarations(self) -> list[Pairs]:
        """Every block declaration: each candidate blocks a subset of its attackers no larger
        than its capacity."""
        cands = self.inst.candidates
        choices = [[frozenset((c.id, a) for a in s) for s in _subsets(c.targets, c.capacity)]
                   for c in cands]
        return [frozenset().union(*picks) for picks in itertools.product(*choices)]

    def _row(self, decl: Pairs) -> _Row:
        inst = self.inst
        return _Row(decl, costs=_mask(incurred(c, decl) for c in inst.costs),
                    obeyed=sum(satisfies(r, decl) for r in inst.requirements))

    def best_within(self, costs: int) -> int:
        """The most requirement instances obeyed by a restriction-obeying declaration
        incurring no cost outside ``costs``."""
        return max(row.obeyed for row in self.rows if row.costs & ~costs == 0)

    def legal_pairs(self) -> set[Pairs]:
        """Restrictions and maximality for blocks: restriction-obeying and maximal among
        declarations whose costs are within its own."""
        if self._legal is None:
            best: dict[int, int] = {}
            out: set[Pairs] = set()
            for row in self.rows:
                if row.costs not in best:
                    best[row.costs] = self.best_within(row.costs)
                if row.obeyed >= best[row.costs]:
                    out.add(row.decl)
            self._legal = out
        return self._legal

    def legal(self) -> set[BlockDeclaration]:
        """Every legal block declaration (costs assumed payable)."""
        return {BlockDeclaration(d) for d in self.legal_pairs()}

    def check(self, decl: BlockDeclaration) -> bool:
        """Is ``decl`` legal (costs assumed payable)?"""
        return frozenset(decl.pairs()) in self.legal_pairs()


def reference_legal_blocks(board: Board, *, max_pairs: int = MAX_PAIRS,
                           max_declarations: int = MAX_DECLARATIONS) -> set[BlockDeclaration]:
    """Every legal block declaration (costs assumed payable), by brute force. Raises
    ValueError when the board has more than ``max_pairs`` (candidate blocker, blockable
    attacker) pairs or more than ``max_declarations`` declarations."""
    return BlockOracle(board, max_pairs=max_pairs, max_declarations=max_declarations).legal()
