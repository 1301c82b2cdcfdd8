"""Deterministic benchmark boards: token armies mixing restrictions, goad, caps and costs.

Every generator is a pure function of its arguments (no randomness), so two runs time the
same boards.
"""

from __future__ import annotations

from typing import Any

ACTIVE = "you"
OPPONENTS = ("Alice", "Bob", "Carol")


def token(pid: str, **state: Any) -> dict[str, Any]:
    """A vanilla 1/1 creature token the active player controls."""
    return {"id": pid, "name": "Soldier token", "types": ["Creature"], "subtypes": ["Soldier"],
            "power": 1, "toughness": 1, "controller": ACTIVE, **state}


def card(pid: str, name: str, controller: str = ACTIVE, **state: Any) -> dict[str, Any]:
    """A catalog card."""
    return {"id": pid, "card": name, "controller": controller, **state}


def planeswalker(pid: str, controller: str) -> dict[str, Any]:
    """A planeswalker (a target, CR 508.1b)."""
    return {"id": pid, "name": "planeswalker", "types": ["Planeswalker"],
            "controller": controller, "loyalty": 3}


def board(perms: list[dict[str, Any]], opponents: tuple[str, ...]) -> dict[str, Any]:
    """A board mapping where the active player attacks ``opponents``."""
    return {"active_player": ACTIVE,
            "players": [{"name": n} for n in (ACTIVE, *opponents)],
            "permanents": perms}


def targets_layout(targets: int) -> tuple[tuple[str, ...], list[dict[str, Any]]]:
    """Opponents and planeswalkers giving ``targets`` targets: 2 = Alice, Bob; 3 = Alice, Bob,
    Carol; 4 = Alice, Bob and one planeswalker each; 5 = Alice, Bob, Carol and a planeswalker
    each for Alice and Bob."""
    if targets == 2:
        return OPPONENTS[:2], []
    if targets == 3:
        return OPPONENTS, []
    if targets == 4:
        return OPPONENTS[:2], [planeswalker("pwA", "Alice"), planeswalker("pwB", "Bob")]
    if targets == 5:
        return OPPONENTS, [planeswalker("pwA", "Alice"), planeswalker("pwB", "Bob")]
    raise ValueError(f"no layout for {targets} targets")


def army(n: int, targets: int = 2, *, propaganda: bool = True,
         cost_creatures: int | None = None) -> dict[str, Any]:
    """``n`` candidate attackers under Crawlspace (Bob's: at most two attack Bob), Propaganda
    (Alice's: {2} per creature attacking Alice) and goad (Alice goaded every 8th creature):
    one Crazed Goblin per 8 creatures, one Mogg Flunkies per 16, the rest Soldier tokens.

    With ``cost_creatures`` set, Propaganda is replaced by an attack cost ({1} per creature
    attacking Alice) that only the first ``cost_creatures`` tokens pay (the subtype Cleric):
    this keeps the number of cost commitments at 2**cost_creatures for ``legal()``.
    """
    opponents, perms = targets_layout(targets)
    perms = [*perms, card("crawl", "Crawlspace", "Bob")]
    if cost_creatures is None:
        if propaganda:
            perms.append(card("prop", "Propaganda", "Alice"))
    else:
        perms.append({"id": "tax", "name": "Clerical tax", "types": ["Enchantment"],
                      "controller": "Alice",
                      "effects": [{"kind": "attack_cost",
                                   "affects": {"types": ["Creature"],
                                               "subtypes_any": ["Cleric"]},
                                   "scope": "you", "cost": {"mana": "{1}"}}]})
    paid = 0
    for i in range(n):
        pid = f"c{i:03d}"
        if i % 8 == 1:
            perms.append(card(pid, "Crazed Goblin"))
        elif i % 16 == 3:
            perms.append(card(pid, "Mogg Flunkies"))
        elif i % 8 == 5:
            perms.append(token(pid, goaded_by=["Alice"]))
        elif cost_creatures is not None and paid < cost_creatures:
            paid += 1
            perms.append(token(pid, subtypes=["Cleric"]))
        else:
            perms.append(token(pid))
    return board(perms, opponents)


def conditional_army(n: int) -> dict[str, Any]:
    """``n`` candidate attackers against three opponents with all four conditional cards:
    Viashino Bey, Ekundu Cyclops, War's Toll (Carol's) and Magnetic Web with magnet counters on
    every 4th creature; Crawlspace (Bob's cap of two) makes the process branch; a Crazed Goblin
    and a Mogg Flunkies per 8 creatures add an unconditional requirement and a restriction."""
    opponents, perms = targets_layout(3)
    perms = [*perms, card("crawl", "Crawlspace", "Bob"), card("toll", "War's Toll", "Carol"),
             card("web", "Magnetic Web")]
    for i in range(n):
        pid = f"c{i:03d}"
        magnet: dict[str, Any] = {"counters": {"magnet": 1}} if i % 4 == 2 else {}
        if i == 0:
            perms.append(card(pid, "Viashino Bey", **magnet))
        elif i == 1:
            perms.append(card(pid, "Ekundu Cyclops", **magnet))
        elif i % 8 == 3:
            perms.append(card(pid, "Crazed Goblin", **magnet))
        elif i % 8 == 7:
            perms.append(card(pid, "Mogg Flunkies", **magnet))
        else:
            perms.append(token(pid, **magnet))
    return board(perms, opponents)


def vanilla(n: int, targets: int = 2) -> dict[str, Any]:
    """``n`` Soldier tokens and nothing else: every one of (targets+1)**n declarations is
    legal."""
    opponents, perms = targets_layout(targets)
    return board([*perms, *(token(f"c{i:03d}") for i in range(n))], opponents)
