"""Hypothesis strategies: random valid declare-blockers boards (CR 509.1) as dicts, and as
loaded boards.

The active player ("you") attacks with 1-4 creatures; the blocking player is one of 1-2
opponents (named in ``blocking_player`` when there are three players) and has 1-5 potential
blockers, some tapped. Attackers go at the blocking player, a planeswalker they control, a
battle they protect, or sometimes the other opponent. Creatures carry random evasion keywords,
colours, the Artifact type and varied power; catalog cards (Lure, Nacatl War-Pride, Watchdog,
Silent Arbiter, Mogg Flunkies, Juggernaut and a Wall, Hollow Warrior, Qal Sisma Behemoth, War
Cadence, Magnetic Web, Serra Angel, Giant Spider, Boggart Brute, Charging Rhino, Challenger
Troll, Wolfrider's Saddle, Enraged Ceratok, Tromokratis, Vaporkin, Skywinder Drake, Okk,
Orcish Conscripts) and custom effects from the
block vocabulary of :mod:`mtgcombat.rules.effects` add restrictions, requirements and costs.
Sometimes an attacker or a potential blocker has been removed from combat.
"""

from __future__ import annotations

from typing import Any

from hypothesis import assume
from hypothesis import strategies as st

from mtgcombat import Board, load_board
from mtgcombat.compile.attacks import BLOCK_KINDS
from mtgcombat.compile.blocks import compile_blocks

ACTIVE = "you"
OPPONENTS = ("Alice", "Bob")
COLORS = ("W", "U", "B", "R", "G")
EVASION = ("flying", "reach", "menace", "shadow", "horsemanship", "fear", "intimidate",
           "islandwalk", "forestwalk", "skulk", "protection from white",
           "protection from green", "protection from black")
ATTACKER_CARDS = ("Nacatl War-Pride", "Juggernaut", "Boggart Brute", "Serra Angel",
                  "Bear Cub", "Grizzly Bears", "Giant Spider", "Crazed Goblin",
                  "Charging Rhino", "Challenger Troll", "Enraged Ceratok", "Tromokratis")
BLOCKER_CARDS = ("Watchdog", "Silent Arbiter", "Mogg Flunkies", "Wall of Roots",
                 "Hollow Warrior", "Qal Sisma Behemoth", "Serra Angel", "Giant Spider",
                 "Grizzly Bears", "Boggart Brute", "Vaporkin", "Skywinder Drake", "Okk",
                 "Orcish Conscripts")
ATTACKER_EFFECTS = ("cant_be_blocked", "cant_be_blocked_except_by", "must_be_blocked",
                    "must_be_blocked_by_exactly_one", "cant_be_blocked_by_more_than",
                    "cant_be_blocked_unless_all_block")
BLOCKER_EFFECTS = ("cant_block", "cant_block_alone", "can_block_additional", "must_block",
                   "block_cost", "can_block_only", "cant_block_unless_other_blocks")
MAX_DECLARATIONS = 4096
"""Boards with more block declarations than this are rejected (the oracle enumerates them)."""

Draw = Any  # hypothesis' draw function


@st.composite
def creature_selectors(draw: Draw) -> dict[str, Any]:
    """A selector over creatures with one random filter."""
    sel: dict[str, Any] = {"types": ["Creature"]}
    filt = draw(st.sampled_from(["none", "controller", "color", "counter", "keyword", "wall",
                                 "power", "untapped", "power_less", "without_keyword"]))
    if filt == "controller":
        sel["controller"] = draw(st.sampled_from(["you", "opponents"]))
    elif filt == "color":
        sel["colors_any"] = draw(st.lists(st.sampled_from(COLORS), min_size=1, max_size=2,
                                          unique=True))
    elif filt == "counter":
        sel["counter"] = "magnet"
    elif filt == "keyword":
        sel["keywords_any"] = [draw(st.sampled_from(["flying", "menace", "reach"]))]
    elif filt == "wall":
        sel["subtypes_any"] = ["Wall"]
    elif filt == "power":
        sel["power_greater_than"] = draw(st.sampled_from([0, 1, 2, 3, "source"]))
    elif filt == "power_less":
        sel["power_less_than"] = draw(st.sampled_from([1, 2, 3, 4, "source"]))
    elif filt == "without_keyword":
        sel["keywords_none"] = [draw(st.sampled_from(["flying", "menace", "reach"]))]
    elif filt == "untapped":
        sel["tapped"] = False
    return sel


@st.composite
def block_costs(draw: Draw) -> dict[str, Any]:
    """A cost to block: mana, life or tapping an untapped creature."""
    kind = draw(st.sampled_from(["mana", "mana", "life", "tap"]))
    if kind == "mana":
        return {"mana": draw(st.sampled_from(["{1}", "{2}", "{X}"]))}
    if kind == "life":
        return {"life": draw(st.integers(1, 3))}
    return {"tap_untapped_creatures": 1}


@st.composite
def block_effects(draw: Draw, *, kinds: tuple[str, ...] = BLOCK_KINDS,
                  on_self: bool = False) -> dict[str, Any]:
    """One effect of the block vocabulary. ``on_self``: the effect sits on the creature it
    affects (``affects`` is the source itself)."""
    kind = draw(st.sampled_from(kinds))
    eff: dict[str, Any] = {"kind": kind}
    affects = {"which": "self"} if on_self else draw(creature_selectors())
    if kind == "cant_block":
        eff["affects"] = affects
        if draw(st.booleans()):
            eff["attackers"] = draw(creature_selectors())
    elif kind in ("cant_block_alone", "must_block", "must_be_blocked",
                  "must_be_blocked_by_exactly_one"):
        eff["affects"] = affects
    elif kind == "max_blockers":
        eff["count"] = draw(st.integers(0, 3))
    elif kind == "cant_be_blocked":
        eff["affects"] = affects
        if not on_self or draw(st.booleans()):  # "all creatures can't be blocked" is dull
            eff["by"] = draw(creature_selectors())
    elif kind == "cant_be_blocked_except_by":
        eff["affects"] = affects
        eff["count"] = draw(st.integers(2, 3))
    elif kind == "can_block_additional":
        # "any number" on every creature would make the enumeration explode: keep it on self
        eff["affects"] = affects if on_self or draw(st.integers(0, 3)) == 0 else {
            "which": "self"}
        eff["count"] = draw(st.sampled_from([1, 1, 2, None]))
    elif kind == "must_block_attackers":
        eff["blockers"] = {"which": "self"} if on_self else draw(creature_selectors())
        eff["attackers"] = draw(creature_selectors())
    elif kind in ("cant_be_blocked_by_more_than", "cant_be_blocked_unless_all_block"):
        eff["affects"] = affects
        if kind == "cant_be_blocked_by_more_than":
            eff["count"] = draw(st.integers(1, 2))
    elif kind == "can_block_only":
        eff["affects"] = affects
        eff["attackers"] = draw(creature_selectors())
    elif kind == "cant_block_unless_other_blocks":
        eff["affects"] = affects
        eff["other"] = draw(creature_selectors())
        eff["count"] = draw(st.sampled_from([1, 1, 2]))
    elif kind == "block_cost":
        eff["affects"] = affects
        eff["cost"] = draw(block_costs())
        if eff["cost"].get("mana") == "{X}":
            eff["x"] = "activation"
    else:
        raise NotImplementedError(kind)
    return eff


def _keywords(draw: Draw, pool: tuple[str, ...] = EVASION) -> list[str]:
    """None half the time (so that most boards have some legal block), else one or two."""
    if draw(st.booleans()):
        return []
    chosen: list[str] = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=2,
                                      unique=True))
    return chosen


class _BlockBoard:
    """A declare-blockers board being drawn: its players and permanents, one ``add_*`` per
    kind of permanent (called in a fixed order, so the draws come in a fixed order)."""

    def __init__(self, draw: Draw, opponents: list[str], blocker: str) -> None:
        self.draw = draw
        self.opponents = opponents
        self.players = [ACTIVE, *opponents]
        self.blocker = blocker
        self.others = [p for p in opponents if p != blocker]
        self.perms: list[dict[str, Any]] = []
        self._counter = iter(range(1000))

    def new_id(self, prefix: str) -> str:
        return f"{prefix}{next(self._counter)}"

    def looks(self, perm: dict[str, Any]) -> None:
        """Random colours, Artifact type and power on a custom creature."""
        draw = self.draw
        perm["colors"] = draw(st.lists(st.sampled_from(COLORS), max_size=2, unique=True))
        perm["types"] = ["Artifact", "Creature"] if draw(st.integers(0, 3)) == 0 else [
            "Creature"]
        perm["power"] = draw(st.integers(0, 4))
        perm["toughness"] = draw(st.integers(1, 4))

    def add_targets(self) -> list[str]:
        """What can be attacked besides the blocking player; returns the attack targets (the
        blocking player weighted three times)."""
        draw = self.draw
        walkers = []
        for _ in range(draw(st.integers(0, 1))):
            pw = {"id": self.new_id("pw"), "name": "planeswalker", "types": ["Planeswalker"],
                  "controller": draw(st.sampled_from([self.blocker, *self.others]))}
            self.perms.append(pw)
            walkers.append(pw["id"])
        if draw(st.integers(0, 4)) == 0:
            bt = {"id": self.new_id("bt"), "name": "battle", "types": ["Battle"],
                  "controller": draw(st.sampled_from(self.players)),
                  "protector": draw(st.sampled_from(self.opponents))}
            self.perms.append(bt)
            walkers.append(bt["id"])
        return [self.blocker, self.blocker, self.blocker, *self.others, *walkers]

    def add_attackers(self, targets: list[str]) -> dict[str, str]:
        """The attackers; returns the attack (attacker → what it attacks)."""
        draw = self.draw
        attack: dict[str, str] = {}
        for _ in range(draw(st.integers(1, 4))):
            perm: dict[str, Any] = {"id": self.new_id("a"), "controller": ACTIVE}
            if draw(st.integers(0, 2)) == 0:
                perm["card"] = draw(st.sampled_from(ATTACKER_CARDS))
                if draw(st.integers(0, 3)) == 0:
                    perm["keywords"] = _keywords(draw)
            else:
                perm["name"] = "attacker"
                self.looks(perm)
                perm["keywords"] = _keywords(draw)
                perm["effects"] = draw(st.lists(
                    block_effects(kinds=ATTACKER_EFFECTS, on_self=True), max_size=1))
            if draw(st.integers(0, 4)) == 0:
                perm["counters"] = {"magnet": 1}
            if draw(st.integers(0, 5)) == 0:
                perm["tapped"] = True  # attacking without vigilance (CR 508.1f): not re-checked
            self.perms.append(perm)
            attack[perm["id"]] = draw(st.sampled_from(targets))
        return attack

    def add_blockers(self) -> None:
        """The potential blockers: catalog cards or custom creatures with block effects."""
        draw = self.draw
        for _ in range(max(draw(st.integers(1, 5)), draw(st.integers(1, 5)))):
            perm: dict[str, Any] = {"id": self.new_id("b"), "controller": self.blocker}
            if draw(st.integers(0, 2)) == 0:
                perm["card"] = draw(st.sampled_from(BLOCKER_CARDS))
            else:
                perm["name"] = "blocker"
                self.looks(perm)
                perm["keywords"] = _keywords(draw, ("flying", "reach", "shadow",
                                                    "horsemanship"))
                if draw(st.integers(0, 4)) == 0:
                    perm["subtypes"] = ["Wall"]
                perm["effects"] = draw(st.lists(
                    block_effects(kinds=BLOCKER_EFFECTS, on_self=True), max_size=1))
                if any(e.get("x") == "activation" for e in perm["effects"]):
                    perm["activations"] = draw(st.lists(st.integers(0, 2), max_size=2))
            if draw(st.integers(0, 7)) == 0:
                perm["tapped"] = True
            if draw(st.integers(0, 4)) == 0:
                perm["counters"] = {"magnet": 1}
            self.perms.append(perm)

    def add_bystanders(self) -> None:
        """Someone else's creature (not a candidate blocker; its effects still apply) and
        lands for landwalk."""
        draw = self.draw
        if draw(st.integers(0, 3)) == 0:
            self.perms.append({"id": self.new_id("x"),
                               "card": draw(st.sampled_from(BLOCKER_CARDS)),
                               "controller": draw(st.sampled_from([ACTIVE, *self.others]))})
        for _ in range(draw(st.integers(0, 2))):
            self.perms.append({
                "id": self.new_id("l"), "card": draw(st.sampled_from(["Island", "Forest"])),
                "controller": draw(st.sampled_from([self.blocker, self.blocker, ACTIVE,
                                                    *self.others]))})

    def add_effects(self, attacker_ids: list[str]) -> None:
        """Catalog non-creatures (Lure, War Cadence, Magnetic Web, Wolfrider's Saddle) and
        custom permanents with block effects over groups of creatures."""
        draw, players = self.draw, self.players
        if draw(st.integers(0, 3)) == 0:
            self.perms.append({"id": self.new_id("n"), "card": "Lure",
                               "controller": draw(st.sampled_from(players)),
                               "attached_to": draw(st.sampled_from(attacker_ids))})
        if draw(st.integers(0, 4)) == 0:
            self.perms.append({"id": self.new_id("n"), "card": "War Cadence",
                               "controller": draw(st.sampled_from(players)),
                               "activations": draw(st.lists(st.integers(0, 2), max_size=2))})
        if draw(st.integers(0, 4)) == 0:
            self.perms.append({"id": self.new_id("n"), "card": "Magnetic Web",
                               "controller": draw(st.sampled_from(players))})
        if draw(st.integers(0, 5)) == 0:
            self.perms.append({"id": self.new_id("n"), "card": "Wolfrider's Saddle",
                               "controller": ACTIVE,
                               "attached_to": draw(st.sampled_from(attacker_ids))})
        for _ in range(draw(st.integers(0, 2))):
            perm = {"id": self.new_id("e"), "name": "custom effect", "types": ["Enchantment"],
                    "controller": draw(st.sampled_from(players)),
                    "effects": draw(st.lists(block_effects(), min_size=1, max_size=2))}
            if any(e.get("x") == "activation" for e in perm["effects"]):
                perm["activations"] = draw(st.lists(st.integers(0, 2), max_size=2))
            self.perms.append(perm)


@st.composite
def block_board_dicts(draw: Draw) -> dict[str, Any]:
    """A random valid declare-blockers board as a JSON-like dict (not size-checked)."""
    n_opp = draw(st.integers(1, 2))
    opponents = list(OPPONENTS[:n_opp])
    b = _BlockBoard(draw, opponents, draw(st.sampled_from(opponents)))
    top: dict[str, Any] = {"active_player": ACTIVE,
                           "players": [{"name": p} for p in b.players]}
    if n_opp > 1:
        top["blocking_player"] = b.blocker
    attack = b.add_attackers(b.add_targets())
    b.add_blockers()
    b.add_bystanders()
    b.add_effects(list(attack))
    top["permanents"] = b.perms
    top["attack"] = attack
    if draw(st.integers(0, 7)) == 0:
        creatures = [p["id"] for p in b.perms if p["id"][0] in "ab"]
        top["removed_from_combat"] = [draw(st.sampled_from(creatures))]
    return top


def declaration_count(board: Board) -> int:
    """How many block declarations the board has (what the oracle enumerates)."""
    from math import comb

    count = 1
    for c in compile_blocks(board).candidates:
        n = len(c.targets)
        most = n if c.capacity is None else min(c.capacity, n)
        count *= sum(comb(n, k) for k in range(most + 1))
    return count


@st.composite
def block_boards(draw: Draw, *, max_declarations: int = MAX_DECLARATIONS
                 ) -> tuple[dict[str, Any], Board]:
    """A random valid declare-blockers board: the dict (for saving a counterexample) and the
    loaded board, with at most ``max_declarations`` block declarations."""
    data = draw(block_board_dicts())
    board = load_board(data)
    assume(declaration_count(board) <= max_declarations)
    return data, board
