"""Hypothesis strategies: random valid attack boards as dicts, and as loaded boards.

Cards come from the catalog at run time (``default_catalog()``): creatures, Auras and
Equipment (attached to a creature, or to a land for an Aura that changes land types), other
non-creature permanents, lands. Custom permanents carry custom effects drawn from the effect
vocabulary; planeswalkers and battles are custom permanents. The active player's candidate
attackers are kept to at most ``max_candidates`` so the brute-force oracle stays fast.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from mtgcombat import Board, load_board
from mtgcombat.rules.catalog import Card, default_catalog

ACTIVE = "you"
OPPONENTS = ("Alice", "Bob", "Carol")
SCOPES = ("any", "you", "you_and_planeswalkers", "you_and_permanents", "chosen_player",
          "players", "players_other_than_you", "self", "planeswalkers", "battles",
          "its_owner")
COLORS = ("W", "U", "B", "R", "G")

Draw = Any  # hypothesis' draw function


def _cards() -> tuple[list[Card], list[Card], list[Card], list[Card]]:
    """Catalog cards split into creatures, attachables, other non-lands and lands."""
    catalog = default_catalog()
    creatures: list[Card] = []
    attachables: list[Card] = []
    others: list[Card] = []
    lands: list[Card] = []
    for name in catalog.names():
        card = catalog.get(name)
        if "Battle" in card.types or "Planeswalker" in card.types:
            continue  # battles need a protector; planeswalkers come as custom permanents
        if {"Instant", "Sorcery", "Scheme"} & set(card.types):
            continue  # spells: top-level resolved effects (_AttackBoard.add_resolved)
        if "Creature" in card.types:
            creatures.append(card)
        elif {"Aura", "Equipment"} & set(card.subtypes):
            attachables.append(card)
        elif "Land" in card.types:
            lands.append(card)
        else:
            others.append(card)
    return creatures, attachables, others, lands


def _needs_activations(card: Card) -> bool:
    return any(getattr(e, "x", None) == "activation" for e in card.effects)


def _needs_chosen_player(card: Card) -> bool:
    return any(getattr(e, "scope", None) == "chosen_player" for e in card.effects)


def _conditional(card: Card) -> bool:
    return any(e.kind == "conditional_must_attack" for e in card.effects)


def _caps(card: Card) -> bool:
    return any(e.kind == "max_attackers" for e in card.effects)


def _enchants_land(card: Card) -> bool:
    return any(e.kind == "set_subtypes" for e in card.effects)


@st.composite
def selectors(draw: Draw, *, self_ok: bool = True) -> dict[str, Any]:
    """A selector over creatures: the source itself, or creatures with a filter."""
    if self_ok and draw(st.booleans()):
        return {"which": "self"}
    sel: dict[str, Any] = {"types": ["Creature"]}
    filt = draw(st.sampled_from(["none", "you", "opponents", "color", "counter", "others",
                                 "negated", "power", "targeted_player"]))
    if filt == "you" or filt == "opponents":
        sel["controller"] = filt
    elif filt == "targeted_player":  # "creatures that player controls" (Gideon Jura's +2)
        sel["controller"] = filt
    elif filt == "color":
        sel["colors_any"] = draw(st.lists(st.sampled_from(COLORS), min_size=1, max_size=2,
                                          unique=True))
    elif filt == "counter":
        sel["counter"] = "magnet"
    elif filt == "others":
        sel["which"] = "others"
    elif filt == "negated":
        sel.update(draw(negated_filters()))
    elif filt == "power":
        sel.update(draw(power_filters()))
    return sel


@st.composite
def negated_filters(draw: Draw) -> dict[str, Any]:
    """One "non-" filter: nonartifact, non-Wall, nonblack, without flying, not named."""
    field = draw(st.sampled_from(["types_none", "subtypes_none", "colors_none",
                                  "keywords_none", "names_none"]))
    values = {"types_none": ["Artifact", "Enchantment"], "subtypes_none": ["Wall", "Bear"],
              "colors_none": list(COLORS), "keywords_none": ["flying", "haste", "vigilance"],
              "names_none": ["custom creature", "Grizzly Bears", "CRAZED GOBLIN"]}[field]
    return {field: draw(st.lists(st.sampled_from(values), min_size=1, max_size=2,
                                 unique=True))}


@st.composite
def power_filters(draw: Draw) -> dict[str, Any]:
    """A power comparison with an integer, the source's power or the hand size."""
    field = draw(st.sampled_from(["power_greater_than", "power_less_than"]))
    words: list[Any] = ["source", 1, 3]
    if field == "power_greater_than":
        words.append("your_hand_size")
    return {field: draw(st.sampled_from(words))}


@st.composite
def x_sources(draw: Draw) -> Any:
    """Where {X} comes from: a word, or a count of matching permanents."""
    word = draw(st.sampled_from(["activation", "your_enchantments", "your_basic_land_types",
                                 "your_hand_size", "count"]))
    if word != "count":
        return word
    return {"count": draw(st.sampled_from([{"types": ["Land"]}, {"subtypes_any": ["Island"]},
                                           {"types": ["Creature"], "controller": "you"}]))}


@st.composite
def costs(draw: Draw) -> dict[str, Any]:
    """A cost to attack: mana, life or tapping a creature."""
    kind = draw(st.sampled_from(["mana", "mana", "life", "tap"]))
    if kind == "mana":
        return {"mana": draw(st.sampled_from(["{1}", "{2}", "{X}", "{X}", "{W/P}"]))}
    if kind == "life":
        return {"life": draw(st.integers(1, 3))}
    return {"tap_untapped_creatures": 1}


@st.composite
def custom_effects(draw: Draw, *, on_creature: bool) -> dict[str, Any]:
    """One effect of the vocabulary that bears on attack legality."""
    kind = draw(st.sampled_from([
        "cant_attack", "cant_attack_alone", "can_only_attack_alone",
        "cant_attack_unless_other_attacks", "cant_attack_unless_defending_player_controls",
        "cant_attack_unless_permanents", "max_attackers", "must_attack", "must_attack",
        "must_attack_group",
        "conditional_must_attack", "attack_cost", "attack_cost"]))
    affects = draw(selectors(self_ok=on_creature))
    eff: dict[str, Any] = {"kind": kind}
    if kind in ("cant_attack", "must_attack", "attack_cost"):
        eff["affects"] = affects
        eff["scope"] = draw(st.sampled_from(SCOPES))
    elif kind in ("cant_attack_alone", "can_only_attack_alone"):
        eff["affects"] = affects
    elif kind == "cant_attack_unless_other_attacks":
        eff["affects"] = affects
        eff["other"] = draw(selectors(self_ok=False))
        eff["count"] = draw(st.sampled_from([1, 1, 2]))
    elif kind == "cant_attack_unless_permanents":
        eff["affects"] = affects
        eff["permanent"] = draw(st.sampled_from([
            {"subtypes_any": ["Island"]}, {"types": ["Land"], "controller": "you"},
            {"types": ["Creature"], "controller": "you", "power_greater_than": 2},
            {"types": ["Creature"], "keywords_none": ["flying"]}]))
        eff["count"] = draw(st.integers(1, 3))
    elif kind == "cant_attack_unless_defending_player_controls":
        eff["affects"] = affects
        eff["permanent"] = {"subtypes_any": [draw(st.sampled_from(["Island", "Forest"]))]}
    elif kind == "max_attackers":
        eff["count"] = draw(st.integers(0, 3))
        eff["scope"] = draw(st.sampled_from(SCOPES))
    elif kind == "must_attack_group":
        eff["players"] = draw(st.sampled_from(["any", "you", "opponents"]))
        eff["scope"] = draw(st.sampled_from(SCOPES))
    elif kind == "conditional_must_attack":
        eff["trigger"] = draw(selectors(self_ok=on_creature))
        eff["affects"] = affects
    if kind == "attack_cost":
        eff["cost"] = draw(costs())
        if "{X}" in eff["cost"].get("mana", ""):
            eff["x"] = draw(x_sources())
    return eff


def _most_creatures(targets: int, max_candidates: int, max_declarations: int) -> int:
    """The most creatures with (targets + 1) ** n <= max_declarations, at most max_candidates."""
    n = 0
    while n < max_candidates and (targets + 1) ** (n + 1) <= max_declarations:
        n += 1
    return n


class _AttackBoard:
    """A board being drawn: its players and permanents, one ``add_*`` per kind of permanent
    (called in a fixed order, so the draws come in a fixed order)."""

    def __init__(self, draw: Draw, opponents: list[str]) -> None:
        self.draw = draw
        self.opponents = opponents
        self.players = [ACTIVE, *opponents]
        self.perms: list[dict[str, Any]] = []
        self.creatures, self.attachables, self.others, self.lands = _cards()
        self._counter = iter(range(1000))

    def new_id(self, prefix: str) -> str:
        return f"{prefix}{next(self._counter)}"

    def ids(self, prefix: str) -> list[str]:
        return [p["id"] for p in self.perms if p["id"].startswith(prefix)]

    def state(self, perm: dict[str, Any], creature_of_active: bool) -> dict[str, Any]:
        """Tapped, summoning sick, phased out, goaded, counters, colours (each sometimes)."""
        draw = self.draw
        if draw(st.integers(0, 9)) == 0:
            perm["tapped"] = True
        if draw(st.integers(0, 6)) == 0:
            perm["summoning_sick"] = True
            if draw(st.booleans()):
                perm["keywords"] = ["haste"]
        if draw(st.integers(0, 25)) == 0:
            perm["phased_out"] = True
        if creature_of_active and draw(st.integers(0, 4)) == 0:
            perm["goaded_by"] = draw(st.lists(st.sampled_from(self.opponents), min_size=1,
                                              max_size=2))
        if creature_of_active and draw(st.integers(0, 5)) == 0:
            perm["owner"] = draw(st.sampled_from(self.opponents))
        if draw(st.integers(0, 3)) == 0:
            perm["counters"] = {draw(st.sampled_from(["magnet", "+1/+1"])): 1}
        if draw(st.integers(0, 5)) == 0:
            perm["colors"] = draw(st.lists(st.sampled_from(COLORS), max_size=2, unique=True))
        return perm

    def add_active_creatures(self, most: int, conditional: bool) -> None:
        """The active player's creatures: catalog cards or custom creatures with effects."""
        draw = self.draw
        conditional_creatures = [c for c in self.creatures if _conditional(c)]
        perm: dict[str, Any]
        for _ in range(max(draw(st.integers(0, most)), draw(st.integers(0, most)))):
            if conditional and conditional_creatures and draw(st.integers(0, 2)) == 0:
                card = draw(st.sampled_from(conditional_creatures))
                perm = {"id": self.new_id("c"), "card": card.name, "controller": ACTIVE}
            elif draw(st.booleans()):
                card = draw(st.sampled_from(self.creatures))
                perm = {"id": self.new_id("c"), "card": card.name, "controller": ACTIVE}
                if _needs_chosen_player(card):
                    perm["chosen_player"] = draw(st.sampled_from(self.opponents))
            else:
                perm = {"id": self.new_id("c"), "name": "custom creature",
                        "types": ["Creature"], "controller": ACTIVE,
                        "power": draw(st.integers(0, 4)),
                        "effects": draw(st.lists(custom_effects(on_creature=True),
                                                 max_size=2))}
                if any(e.get("scope") == "chosen_player" for e in perm["effects"]):
                    perm["chosen_player"] = draw(st.sampled_from(self.opponents))
            self.perms.append(self.state(perm, True))

    def add_opponent_creatures(self) -> None:
        """Opponents' creatures (effects like Silent Arbiter's apply to everyone)."""
        for _ in range(self.draw(st.integers(0, 2))):
            card = self.draw(st.sampled_from(self.creatures))
            self.perms.append({"id": self.new_id("o"), "card": card.name,
                               "controller": self.draw(st.sampled_from(self.opponents))})

    def add_lands(self) -> None:
        """Lands (Armored Galleon, Spreading Seas, costs that sacrifice a land)."""
        for _ in range(self.draw(st.integers(0, 2))):
            card = self.draw(st.sampled_from(self.lands))
            self.perms.append({"id": self.new_id("l"), "card": card.name,
                               "controller": self.draw(st.sampled_from(self.players))})

    def add_others(self, creature_ids: list[str], land_ids: list[str]) -> None:
        """Non-creature catalog permanents and Auras / Equipment."""
        draw = self.draw
        for _ in range(draw(st.integers(0, 3))):
            pool = (self.others + self.attachables if (creature_ids or land_ids)
                    else self.others)
            card = draw(st.sampled_from(pool))
            perm = {"id": self.new_id("n"), "card": card.name,
                    "controller": draw(st.sampled_from(self.players))}
            if card.enchant == "player":  # a Curse: on a player
                perm["attached_to"] = draw(st.sampled_from(self.players))
            elif card in self.attachables:
                hosts = land_ids if _enchants_land(card) else creature_ids
                if not hosts:
                    continue
                perm["attached_to"] = draw(st.sampled_from(hosts))
            if _needs_activations(card):
                perm["activations"] = draw(st.lists(st.integers(0, 2), max_size=2))
            if _needs_chosen_player(card):
                perm["chosen_player"] = draw(st.sampled_from(self.opponents))
            self.perms.append(perm)

    def add_conditional(self) -> None:
        """Conditional requirements with a cap on the attack (they make the process branch)."""
        draw = self.draw
        pool = [c for c in self.others if _conditional(c) or _caps(c)]
        for card in draw(st.lists(st.sampled_from(pool), min_size=1, max_size=3)):
            self.perms.append({"id": self.new_id("n"), "card": card.name,
                               "controller": draw(st.sampled_from(self.players))})
        for perm in self.perms:
            if perm["id"].startswith("c") and draw(st.booleans()):
                perm["counters"] = {"magnet": 1}

    def add_custom_effects(self) -> None:
        """Custom non-creature permanents with effects."""
        draw = self.draw
        for _ in range(draw(st.integers(0, 2))):
            perm = {"id": self.new_id("e"), "name": "custom effect", "types": ["Enchantment"],
                    "controller": draw(st.sampled_from(self.players)),
                    "effects": draw(st.lists(custom_effects(on_creature=False), min_size=1,
                                             max_size=2))}
            if any(e.get("scope") == "chosen_player" for e in perm["effects"]):
                perm["chosen_player"] = draw(st.sampled_from(self.opponents))
            if any(e.get("x") == "activation" for e in perm["effects"]):
                perm["activations"] = draw(st.lists(st.integers(0, 2), max_size=2))
            self.perms.append(perm)

    def add_resolved(self, top: dict[str, Any]) -> None:
        """Resolved spells and abilities with targets: activations of permanents whose card
        has ``resolved`` effects, top-level card entries and named effects with targets, and
        sometimes spells cast this turn (``this_turn``)."""
        draw = self.draw
        catalog = default_catalog()
        pool = [p["id"] for p in self.perms] + self.players
        targets = st.lists(st.sampled_from(pool), max_size=2, unique=True)
        for perm in self.perms:
            card = catalog.get(perm["card"]) if "card" in perm else None
            if card is not None and card.resolved and draw(st.booleans()):
                perm["activations"] = draw(st.lists(st.fixed_dictionaries(
                    {"targets": targets}), min_size=1, max_size=2))
        spells = [n for n in catalog.names() if catalog.get(n).resolved]
        effects: list[dict[str, Any]] = draw(st.lists(st.fixed_dictionaries({
            "card": st.sampled_from(spells), "controller": st.sampled_from(self.players),
            "targets": targets}), max_size=2))
        if draw(st.integers(0, 3)) == 0:
            eff = draw(custom_effects(on_creature=False))
            if "affects" in eff:  # the targets, or the targeted player's creatures
                eff["affects"] = draw(st.sampled_from([
                    {"which": "targets"},
                    {"controller": "targeted_player", "types": ["Creature"]}]))
            effects.append({"name": "targeted effect", "effects": [eff],
                            "controller": draw(st.sampled_from(self.players)),
                            "chosen_player": draw(st.sampled_from(self.opponents)),
                            "targets": draw(targets)})
        if effects:
            top["effects"] = effects
        if draw(st.integers(0, 2)) == 0:
            top["this_turn"] = {"spells_cast": {p: {"Creature": draw(st.integers(0, 1))}
                                                for p in draw(st.lists(
                                                    st.sampled_from(self.players),
                                                    unique=True, max_size=2))}}

    def add_targets(self, n_pw: int, n_battle: int) -> None:
        """Planeswalkers and battles."""
        draw = self.draw
        for _ in range(n_pw):
            self.perms.append(self.with_effects({
                "id": self.new_id("pw"), "name": "planeswalker", "types": ["Planeswalker"],
                "controller": draw(st.sampled_from(self.players))}))
        for _ in range(n_battle):
            self.perms.append(self.with_effects({
                "id": self.new_id("b"), "name": "battle", "types": ["Battle"],
                "controller": draw(st.sampled_from(self.players)),
                "protector": draw(st.sampled_from(self.opponents))}))

    def with_effects(self, perm: dict[str, Any]) -> dict[str, Any]:
        """Sometimes give a planeswalker or battle an effect ("attack Gideon Jura if able")."""
        draw = self.draw
        if draw(st.integers(0, 2)) == 0:
            perm["effects"] = [draw(custom_effects(on_creature=False))]
            if any(e.get("scope") == "chosen_player" for e in perm["effects"]):
                perm["chosen_player"] = draw(st.sampled_from(self.opponents))
            if any(e.get("x") == "activation" for e in perm["effects"]):
                perm["activations"] = draw(st.lists(st.integers(0, 2), max_size=2))
        return perm


@st.composite
def board_dicts(draw: Draw, *, max_candidates: int = 6, max_declarations: int = 4096,
                conditional: bool = False) -> dict[str, Any]:
    """A random valid board as a JSON-like dict, with at most ``max_candidates``
    creatures of the active player and at most ``max_declarations`` declarations.
    ``conditional``: always some conditional requirement (CR 508.1d) and often a cap."""
    n_opp = draw(st.integers(1, 3))
    b = _AttackBoard(draw, list(OPPONENTS[:n_opp]))
    top: dict[str, Any] = {"active_player": ACTIVE,
                           "players": [{"name": p, "hand_size": draw(st.integers(0, 3))}
                                       for p in b.players]}
    if draw(st.integers(0, 4)) == 0:
        top["attack_multiple_players"] = False
        if n_opp > 1 or draw(st.booleans()):
            top["defending_player"] = draw(st.sampled_from(b.opponents))
    n_pw = draw(st.integers(0, 2))
    n_battle = draw(st.integers(0, 1))
    b.add_active_creatures(_most_creatures(n_opp + n_pw + n_battle, max_candidates,
                                           max_declarations), conditional)
    b.add_opponent_creatures()
    creature_ids = [p["id"] for p in b.perms]
    b.add_lands()
    b.add_others(creature_ids, b.ids("l"))
    if conditional:
        b.add_conditional()
    b.add_custom_effects()
    b.add_targets(n_pw, n_battle)
    b.add_resolved(top)
    top["permanents"] = b.perms
    return top


@st.composite
def boards(draw: Draw, *, max_candidates: int = 6, max_declarations: int = 4096,
           conditional: bool = False) -> tuple[dict[str, Any], Board]:
    """A random valid board: the dict (for saving a counterexample) and the loaded board."""
    data = draw(board_dicts(max_candidates=max_candidates, max_declarations=max_declarations,
                            conditional=conditional))
    return data, load_board(data)
