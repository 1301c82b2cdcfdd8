"""The card catalog: coverage, validity, lookup, and what each card compiles to.

Expected instances come from the cards' Oracle text and the article's questions, never from
running the engine and pasting its output.
"""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Any

import pytest

from mtgcombat.board.characteristics import View
from mtgcombat.board.model import Board, load_board
from mtgcombat.compile.attacks import compile_board
from mtgcombat.compile.instances import (
    AttackRequirement,
    CostInstance,
    Forbid,
    GroupRequirement,
    Instances,
    MaxAttackers,
    NeedsCompanion,
    NotAlone,
    OnlyAlone,
)
from mtgcombat.errors import BoardError
from mtgcombat.rules.catalog import Card, default_catalog
from mtgcombat.rules.effects import EFFECT_KINDS, KEYWORDS, ManaAbility
from mtgcombat.rules.protection import qualities, quality_matches

BASICS = ["Plains", "Island", "Swamp", "Mountain", "Forest"]
SHOCKS = ["Hallowed Fountain", "Watery Grave", "Blood Crypt", "Stomping Ground",
          "Temple Garden", "Godless Shrine", "Steam Vents", "Overgrown Tomb", "Sacred Foundry",
          "Breeding Pool"]
SPEC_9 = [
    "Crazed Goblin", "Avatar of Slaughter", "Bear Cub", "Grizzly Bears", "Glory Seeker",
    "Wall of Roots", "Crawlspace", "Silent Arbiter", "Master of Cruelties", "Scarred Puma",
    "Viashino Bey", "War's Toll", "Ekundu Cyclops", "Magnetic Web", "Juggernaut",
    "Mogg Flunkies", "Bloodshed Fever", "Propaganda", "Ghostly Prison", "Sphere of Safety",
    "Norn's Annex", "Archon of Absolution", "War Tax", "Brainwash", "Qal Sisma Behemoth",
    "Floodtide Serpent", "Hollow Warrior", "Leviathan", "Flooded Woodlands", "Armored Galleon",
    "Ensnaring Bridge", "Ruhan of the Fomori", "Trove of Temptation", "Phyrexian Tower",
    "Vhal, Candlekeep Researcher", "Pili-Pala", "Deathrite Shaman", "Takenuma Bleeder",
    "Simian Spirit Guide", *BASICS, *SHOCKS,
]
"""The specified card list, with the basic lands and the shock lands spelled out."""

ARTICLE_OTHERS = ["Spreading Seas", "Sword of the Paruns", "Gaea's Liege", "The Gitrog Monster"]
"""Further cards the article's in-scope questions use (1, 8, 18, 20)."""

BLOCKS_AND_MANA = ["Lure", "Nacatl War-Pride", "Watchdog", "War Cadence", "Serra Angel",
                   "Giant Spider", "Boggart Brute", "Llanowar Elves", "Birds of Paradise"]
"""The block catalog additions and two mana creatures for payment tests."""

ALL_NAMES = default_catalog().names()


def _raw_cards() -> list[dict[str, Any]]:
    data = resources.files("mtgcombat.rules").joinpath("data")
    raw: list[dict[str, Any]] = []
    for f in data.iterdir():
        if f.name.startswith("cards") and f.name.endswith(".json"):
            part = json.loads(f.read_text("utf-8"))
            assert isinstance(part, list), f.name
            raw += part
    return raw


def test_a_card_described_in_two_catalog_files_is_refused() -> None:
    from mtgcombat.rules.catalog import _join, _validate_cards

    one = _validate_cards([{"name": "Grizzly Bears", "types": ["Creature"]}], "cards.json")
    two = _validate_cards([{"name": "grizzly bears", "types": ["Creature"]}], "cards_more.json")
    with pytest.raises(BoardError, match="also described in cards.json") as err:
        _join([("cards.json", one), ("cards_more.json", two)])
    assert err.value.file == "cards_more.json"


def _card(name: str) -> Card:
    return default_catalog().get(name)


# --- coverage and validity ------------------------------------------------------------------


@pytest.mark.parametrize("name", SPEC_9 + ARTICLE_OTHERS + BLOCKS_AND_MANA)
def test_required_card_is_in_catalog(name: str) -> None:
    assert name in default_catalog()
    assert default_catalog().get(name).name == name


def test_raw_entries_validate_and_names_are_unique() -> None:
    raw = _raw_cards()
    names = [c["name"] for c in raw]
    assert len(names) == len(set(names))
    assert len({n.casefold() for n in names}) == len(names)
    for item in raw:
        Card.model_validate(item, strict=True)
    assert len(default_catalog()) == len(raw)


@pytest.mark.parametrize("name", ALL_NAMES)
def test_card_is_well_formed(name: str) -> None:
    card = _card(name)
    for k in card.keywords:
        if k.startswith("protection from "):
            for quality in qualities([k]):  # a BoardError if the quality is not modelled
                quality_matches(quality, frozenset(), frozenset(), frozenset())
        else:
            assert k in KEYWORDS or re.fullmatch(r"toxic [1-9][0-9]*", k), k
    assert all(e.kind in EFFECT_KINDS for e in card.effects)
    assert set(card.colors) <= {"W", "U", "B", "R", "G"}
    if not card.text:   # only vanilla creatures have no Oracle text
        assert card.effects == [] and card.keywords == [] and "Creature" in card.types
    if "Creature" in card.types:
        assert card.power is not None and card.toughness is not None
    else:
        assert card.power is None and card.toughness is None
    if "Land" in card.types:
        assert card.mana_cost is None and card.colors == []
    elif "Scheme" not in card.types:  # a scheme has no mana cost (CR 314)
        assert card.mana_cost is not None


def test_keywords_match_text() -> None:
    """A keyword listed on a card is printed in its Oracle text (first letter capitalised)."""
    for name in ALL_NAMES:
        card = _card(name)
        for kw in card.keywords:
            assert kw.capitalize() in card.text or kw in card.text.lower(), (name, kw)


# --- lookup ---------------------------------------------------------------------------------


def test_unknown_name_suggests_closest() -> None:
    with pytest.raises(BoardError) as err:
        default_catalog().get("Crazed Gobln")
    assert "'Crazed Goblin'" in err.value.message
    assert "did you mean" in err.value.message


def test_name_in_other_case_without_punctuation_is_the_hand_written_card() -> None:
    card = default_catalog().get("vhal candlekeep researcher")
    assert (card.name, card.origin) == ("Vhal, Candlekeep Researcher", "catalog")


def test_misspelt_name_suggests_closest() -> None:
    with pytest.raises(BoardError) as err:
        default_catalog().get("vhal candlekep researcer")
    assert "'Vhal, Candlekeep Researcher'" in err.value.message


def test_unknown_name_in_board_names_the_path() -> None:
    with pytest.raises(BoardError) as err:
        load_board({"active_player": "you", "players": [{"name": "you"}, {"name": "opp"}],
                    "permanents": [{"id": "a", "card": "Propoganda", "controller": "opp"}]})
    assert err.value.path == "$.permanents[0].card"
    assert "'Propaganda'" in err.value.message


def test_hopeless_name_has_no_suggestion() -> None:
    with pytest.raises(BoardError) as err:
        default_catalog().get("zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz")
    assert "did you mean" not in err.value.message


@pytest.mark.parametrize("spelling", ["crazed goblin", "CRAZED GOBLIN", "cRaZeD gObLiN"])
def test_lookup_is_case_insensitive(spelling: str) -> None:
    assert default_catalog().get(spelling).name == "Crazed Goblin"
    assert spelling in default_catalog()


def test_lookup_of_punctuated_names() -> None:
    assert default_catalog().get("norn's annex").name == "Norn's Annex"
    assert default_catalog().get("PILI-PALA").name == "Pili-Pala"
    assert default_catalog().get("war's toll").name == "War's Toll"


# --- every card loads and compiles, on either side ------------------------------------------


def _one_card_board(name: str, controller: str) -> dict[str, Any]:
    """A two-player board ("you" active, "opp") with ``name`` controlled by ``controller``,
    each player's Bear Cub and Forest, Auras and Equipment attached where they matter."""
    other = "opp" if controller == "you" else "you"
    card = _card(name)
    perm: dict[str, Any] = {"id": "x", "card": name, "controller": controller}
    if "Aura" in card.subtypes:
        # Enchant land: a land of the other player; enchant creature: the attacker's creature.
        perm["attached_to"] = "forest_" + other if "Enchant land" in card.text else "cub_you"
        if card.enchant == "player":
            perm["attached_to"] = "you"
    elif "Equipment" in card.subtypes:
        perm["attached_to"] = "cub_" + controller
    if name in ("War Tax", "War Cadence"):
        perm["activations"] = [1]
    if name == "Ruhan of the Fomori":
        perm["chosen_player"] = other
    return {
        "active_player": "you",
        "players": [{"name": "you", "hand_size": 1}, {"name": "opp", "hand_size": 1}],
        "permanents": [
            {"id": "cub_you", "card": "Bear Cub", "controller": "you"},
            {"id": "cub_opp", "card": "Bear Cub", "controller": "opp"},
            {"id": "forest_you", "card": "Forest", "controller": "you"},
            {"id": "forest_opp", "card": "Forest", "controller": "opp"},
            perm,
        ],
    }


@pytest.mark.parametrize("controller", ["you", "opp"])
@pytest.mark.parametrize("name", ALL_NAMES)
def test_every_card_loads_and_compiles(name: str, controller: str) -> None:
    board = load_board(_one_card_board(name, controller))
    inst = compile_board(board)
    assert inst.active_player == "you"
    attackable = controller == "opp" and "Planeswalker" in _card(name).types
    assert inst.target_ids == (("opp", "x") if attackable else ("opp",))
    creatures = set(inst.creatures)
    assert "cub_you" in creatures and "cub_opp" not in creatures
    if "Creature" in _card(name).types:
        assert ("x" in creatures) == (controller == "you")
    for item in (*inst.restrictions, *inst.requirements, *inst.costs, *inst.conditions):
        assert item.source.name, item
        assert item.describe()


# --- spot checks from the Oracle text -------------------------------------------------------


def _board(perms: list[dict[str, Any]], players: tuple[str, ...] = ("you", "opp"),
           hands: dict[str, int] | None = None) -> Board:
    hands = hands or {}
    return load_board({
        "active_player": players[0],
        "players": [{"name": n, "hand_size": hands.get(n, 0)} for n in players],
        "permanents": [{"controller": players[0], **p} for p in perms],
    })


def _pw(pid: str, controller: str) -> dict[str, Any]:
    """A custom planeswalker (the catalog has none)."""
    return {"id": pid, "name": pid, "types": ["Planeswalker"], "controller": controller}


def _costs(inst: Instances, creature: str) -> list[CostInstance]:
    return [c for c in inst.costs if c.creature == creature]


def _forbids(inst: Instances, creature: str) -> set[str]:
    out: set[str] = set()
    for r in inst.restrictions:
        if isinstance(r, Forbid) and r.creature == creature:
            out |= r.targets
    return out


def _reqs(inst: Instances, creature: str) -> list[AttackRequirement]:
    return [r for r in inst.requirements
            if isinstance(r, AttackRequirement) and r.creature == creature]


def test_opponents_propaganda_costs_two_per_creature_into_that_opponent() -> None:
    inst = compile_board(_board([
        {"id": "a", "card": "Bear Cub"}, {"id": "b", "card": "Glory Seeker"},
        {"id": "w", "card": "Wall of Roots"},
        {"id": "prop", "card": "Propaganda", "controller": "Alice"},
    ], players=("you", "Alice", "Bob")))
    props = [c for c in inst.costs if c.source.permanent == "prop"]
    assert sorted(c.creature for c in props) == ["a", "b", "w"]
    for c in props:
        assert c.targets == frozenset({"Alice"})
        assert c.cost.mana == "{2}"


def test_your_own_propaganda_costs_nothing() -> None:
    inst = compile_board(_board([{"id": "a", "card": "Bear Cub"},
                                 {"id": "prop", "card": "Propaganda"},
                                 {"id": "gp", "card": "Ghostly Prison"}]))
    assert all(not c.targets for c in inst.costs)


def test_ghostly_prison_is_propaganda_in_white() -> None:
    inst = compile_board(_board([{"id": "a", "card": "Bear Cub"},
                                 {"id": "gp", "card": "Ghostly Prison", "controller": "opp"}]))
    [cost] = inst.costs
    assert (cost.creature, cost.targets, cost.cost.mana) == ("a", frozenset({"opp"}), "{2}")
    assert _card("Ghostly Prison").colors == ["W"]


def test_ensnaring_bridge_compares_power_with_its_controllers_hand() -> None:
    perms = [{"id": "cub", "card": "Bear Cub"}, {"id": "gob", "card": "Crazed Goblin"},
             {"id": "bridge", "card": "Ensnaring Bridge"}]
    inst = compile_board(_board(perms, hands={"you": 1, "opp": 7}))
    assert _forbids(inst, "cub") == {"opp"}      # power 2 > 1 card
    assert _forbids(inst, "gob") == set()        # power 1 is not greater than 1
    inst = compile_board(_board(perms, hands={"you": 2}))
    assert _forbids(inst, "cub") == set()


def test_opponents_bridge_uses_the_opponents_hand() -> None:
    """Article question 8: Bear Cub with Sword of the Paruns vs. Bridge with 3 cards."""
    inst = compile_board(_board([
        {"id": "cub", "card": "Bear Cub"},
        {"id": "sword", "card": "Sword of the Paruns", "attached_to": "cub"},
        {"id": "bridge", "card": "Ensnaring Bridge", "controller": "opp"},
    ], hands={"you": 0, "opp": 3}))
    assert _forbids(inst, "cub") == set()
    assert "cub" in {c.id for c in inst.candidates}


def test_wall_of_roots_has_a_defender_restriction() -> None:
    inst = compile_board(_board([{"id": "w", "card": "Wall of Roots"}]))
    [r] = [r for r in inst.restrictions if isinstance(r, Forbid)]
    assert r.creature == "w" and r.targets == frozenset({"opp"})
    assert "defender" in r.source.detail


def test_juggernaut_and_crazed_goblin_must_attack() -> None:
    inst = compile_board(_board([{"id": "j", "card": "Juggernaut"},
                                 {"id": "g", "card": "Crazed Goblin"},
                                 {"id": "cub", "card": "Bear Cub"}]))
    for cid in ("j", "g"):
        [req] = _reqs(inst, cid)
        assert req.targets == frozenset({"opp"}) and req.condition is None
    assert _reqs(inst, "cub") == []


def test_opponents_juggernaut_makes_no_requirement() -> None:
    inst = compile_board(_board([{"id": "j", "card": "Juggernaut", "controller": "opp"}]))
    assert inst.requirements == ()


def test_avatar_of_slaughter_affects_every_creature_of_the_active_player() -> None:
    board = _board([{"id": "cub", "card": "Bear Cub"},
                    {"id": "avatar", "card": "Avatar of Slaughter", "controller": "opp"},
                    {"id": "their_cub", "card": "Bear Cub", "controller": "opp"}])
    inst = compile_board(board)
    assert [r.creature for r in inst.requirements] == ["cub"]
    view = View(board)
    assert "double strike" in view.objects["cub"].keywords
    assert "double strike" in view.objects["their_cub"].keywords
    assert "double strike" in view.objects["avatar"].keywords


def test_bloodshed_fever_requires_the_enchanted_creature() -> None:
    """Article question 9."""
    inst = compile_board(_board([
        {"id": "flunk", "card": "Mogg Flunkies"}, {"id": "seek", "card": "Glory Seeker"},
        {"id": "fever", "card": "Bloodshed Fever", "attached_to": "flunk"},
    ]))
    assert len(_reqs(inst, "flunk")) == 1 and _reqs(inst, "seek") == []
    assert [r.creature for r in inst.restrictions if isinstance(r, NotAlone)] == ["flunk"]


def test_master_of_cruelties_can_only_attack_alone() -> None:
    inst = compile_board(_board([{"id": "m", "card": "Master of Cruelties"}]))
    assert [r.creature for r in inst.restrictions if isinstance(r, OnlyAlone)] == ["m"]
    assert set(_card("Master of Cruelties").keywords) == {"first strike", "deathtouch"}


def test_scarred_puma_needs_another_black_or_green_attacker() -> None:
    inst = compile_board(_board([
        {"id": "puma", "card": "Scarred Puma"}, {"id": "cub", "card": "Bear Cub"},
        {"id": "seek", "card": "Glory Seeker"}, {"id": "puma2", "card": "Scarred Puma"},
        {"id": "theirs", "card": "Grizzly Bears", "controller": "opp"},
    ]))
    [r] = [r for r in inst.restrictions
           if isinstance(r, NeedsCompanion) and r.creature == "puma"]
    assert r.companions == frozenset({"cub"})


def test_silent_arbiter_and_crawlspace_caps() -> None:
    inst = compile_board(_board([
        {"id": "cub", "card": "Bear Cub"},
        {"id": "arb", "card": "Silent Arbiter", "controller": "Alice"},
        {"id": "crawl", "card": "Crawlspace", "controller": "Bob"},
        _pw("bobpw", "Bob"),
    ], players=("you", "Alice", "Bob")))
    caps = {(r.count, r.targets) for r in inst.restrictions if isinstance(r, MaxAttackers)}
    assert caps == {(1, frozenset({"Alice", "Bob", "bobpw"})), (2, frozenset({"Bob"}))}


def test_mogg_flunkies_cant_attack_alone() -> None:
    inst = compile_board(_board([{"id": "f", "card": "Mogg Flunkies"}]))
    assert [r.creature for r in inst.restrictions if isinstance(r, NotAlone)] == ["f"]


def test_scopes_you_and_planeswalkers() -> None:
    """Sphere of Safety, Norn's Annex and Archon of Absolution cover the player and their
    planeswalkers; Propaganda only the player."""
    perms = [{"id": "cub", "card": "Bear Cub"}, _pw("opw", "opp"),
             {"id": "sphere", "card": "Sphere of Safety", "controller": "opp"},
             {"id": "annex", "card": "Norn's Annex", "controller": "opp"},
             {"id": "archon", "card": "Archon of Absolution", "controller": "opp"},
             {"id": "prop", "card": "Propaganda", "controller": "opp"}]
    inst = compile_board(_board(perms))
    by_src = {c.source.permanent: c for c in _costs(inst, "cub")}
    assert set(by_src) == {"sphere", "annex", "archon", "prop"}
    for src in ("sphere", "annex", "archon"):
        assert by_src[src].targets == frozenset({"opp", "opw"})
    assert by_src["prop"].targets == frozenset({"opp"})
    assert by_src["sphere"].cost.mana == "{2}"   # X = enchantments: Sphere and Propaganda
    assert by_src["annex"].cost.mana == "{W/P}"
    assert by_src["archon"].cost.mana == "{1}"
    assert set(_card("Archon of Absolution").keywords) == {"flying", "protection from white"}


def test_sphere_of_safety_counts_only_its_controllers_enchantments() -> None:
    inst = compile_board(_board([
        {"id": "cub", "card": "Bear Cub"}, {"id": "mine", "card": "Propaganda"},
        {"id": "sphere", "card": "Sphere of Safety", "controller": "opp"},
    ]))
    [cost] = [c for c in inst.costs if c.source.permanent == "sphere"]
    assert cost.cost.mana == "{1}"


def test_war_tax_one_cost_per_activation_and_creature() -> None:
    perms: list[dict[str, Any]] = [
        {"id": "cub", "card": "Bear Cub"}, {"id": "gob", "card": "Crazed Goblin"},
        {"id": "tax", "card": "War Tax", "activations": [0, 3]}]
    inst = compile_board(_board(perms))
    taxes = sorted((c.creature, c.cost.mana or "") for c in inst.costs)
    assert taxes == [("cub", "{0}"), ("cub", "{3}"), ("gob", "{0}"), ("gob", "{3}")]
    assert all(c.targets == frozenset({"opp"}) for c in inst.costs)
    inst = compile_board(_board([perms[0], {"id": "tax", "card": "War Tax"}]))
    assert inst.costs == ()


def test_brainwash_costs_three_for_the_enchanted_creature_only() -> None:
    inst = compile_board(_board([
        {"id": "cub", "card": "Bear Cub"}, {"id": "gob", "card": "Crazed Goblin"},
        {"id": "bw", "card": "Brainwash", "controller": "opp", "attached_to": "cub"},
    ]))
    [cost] = inst.costs
    assert (cost.creature, cost.cost.mana, cost.targets) == ("cub", "{3}", frozenset({"opp"}))


def test_self_costs_to_attack() -> None:
    inst = compile_board(_board([
        {"id": "qal", "card": "Qal Sisma Behemoth"},
        {"id": "serp", "card": "Floodtide Serpent"},
        {"id": "hollow", "card": "Hollow Warrior"},
        {"id": "lev", "card": "Leviathan"},
    ]))
    [qal] = _costs(inst, "qal")
    assert qal.cost.mana == "{2}"
    [serp] = _costs(inst, "serp")
    [pick] = serp.cost.return_to_hand
    assert (pick.count, pick.filter.types) == (1, ["Enchantment"])
    [hollow] = _costs(inst, "hollow")
    assert hollow.cost.tap_untapped_creatures == 1 and hollow.cost.mana is None
    [lev] = _costs(inst, "lev")
    [sac] = lev.cost.sacrifice
    assert (sac.count, sac.filter.subtypes_any) == (2, ["Island"])
    assert "trample" in _card("Leviathan").keywords


def test_flooded_woodlands_taxes_green_creatures_only() -> None:
    inst = compile_board(_board([
        {"id": "cub", "card": "Bear Cub"}, {"id": "seek", "card": "Glory Seeker"},
        {"id": "gitrog", "card": "The Gitrog Monster"},
        {"id": "fw", "card": "Flooded Woodlands"},
    ]))
    assert sorted(c.creature for c in inst.costs) == ["cub", "gitrog"]
    for c in inst.costs:
        [sac] = c.cost.sacrifice
        assert (sac.count, sac.filter.types) == (1, ["Land"])


def test_armored_galleon_needs_an_island_of_the_defending_player() -> None:
    perms: list[dict[str, Any]] = [
        {"id": "galleon", "card": "Armored Galleon"}, {"id": "myisland", "card": "Island"},
        {"id": "aforest", "card": "Forest", "controller": "Alice"},
        {"id": "bpool", "card": "Breeding Pool", "controller": "Bob"},
        _pw("carolpw", "Carol"),
    ]
    inst = compile_board(_board(perms, players=("you", "Alice", "Bob", "Carol")))
    assert _forbids(inst, "galleon") == {"Alice", "Carol", "carolpw"}
    seas = {"id": "seas", "card": "Spreading Seas", "attached_to": "aforest"}
    inst = compile_board(_board([*perms, seas], players=("you", "Alice", "Bob", "Carol")))
    assert _forbids(inst, "galleon") == {"Carol", "carolpw"}


def test_ruhan_attacks_the_chosen_player() -> None:
    inst = compile_board(_board([{"id": "ruhan", "card": "Ruhan of the Fomori",
                                  "chosen_player": "Alice"}],
                                players=("you", "Alice", "Bob", "Carol")))
    [req] = _reqs(inst, "ruhan")
    assert req.targets == frozenset({"Alice"})


def test_trove_of_temptation_binds_its_controllers_opponents() -> None:
    perms = [{"id": "cub", "card": "Bear Cub"}, _pw("apw", "Alice"),
             {"id": "trove", "card": "Trove of Temptation", "controller": "Alice"}]
    inst = compile_board(_board(perms, players=("you", "Alice", "Bob")))
    [req] = inst.requirements
    assert isinstance(req, GroupRequirement)
    assert req.targets == frozenset({"Alice", "apw"})
    inst = compile_board(_board([perms[0], {"id": "trove", "card": "Trove of Temptation"}]))
    assert inst.requirements == ()


def test_conditional_requirements() -> None:
    """Viashino Bey, Ekundu Cyclops, War's Toll and Magnetic Web (conditional requirements)."""
    inst = compile_board(_board([
        {"id": "bey", "card": "Viashino Bey"}, {"id": "cyc", "card": "Ekundu Cyclops"},
        {"id": "cub", "card": "Bear Cub", "counters": {"magnet": 1}},
        {"id": "gob", "card": "Crazed Goblin"},
        {"id": "web", "card": "Magnetic Web", "controller": "opp"},
        {"id": "toll", "card": "War's Toll", "controller": "opp"},
        {"id": "theirs", "card": "Grizzly Bears", "controller": "opp",
         "counters": {"magnet": 1}},
    ]))
    conds = {c.source.permanent: c for c in inst.conditions}
    assert set(conds) == {"bey", "cyc", "web", "toll"}
    assert conds["bey"].creatures == frozenset({"bey"})
    assert conds["cyc"].creatures == frozenset({"bey", "cyc", "cub", "gob"})
    assert conds["web"].creatures == frozenset({"cub"})
    assert conds["toll"].creatures == frozenset({"bey", "cyc", "cub", "gob"})

    def under(src: str) -> set[str]:
        idx = conds[src].index
        return {r.creature for r in inst.requirements
                if isinstance(r, AttackRequirement) and r.condition == idx}

    assert under("bey") == {"bey", "cyc", "cub", "gob"}
    assert under("cyc") == {"cyc"}
    assert under("web") == {"cub"}
    assert under("toll") == {"bey", "cyc", "cub", "gob"}


def test_your_own_wars_toll_binds_none_of_your_creatures() -> None:
    inst = compile_board(_board([{"id": "cub", "card": "Bear Cub"},
                                 {"id": "toll", "card": "War's Toll"}]))
    assert inst.requirements == ()


def test_gaeas_liege_counts_forests_you_control() -> None:
    """Article question 18: 3 Forests of yours, 6 of the opponent's."""
    perms: list[dict[str, Any]] = [{"id": "liege", "card": "Gaea's Liege"}]
    perms += [{"id": f"f{i}", "card": "Forest"} for i in range(3)]
    perms += [{"id": f"of{i}", "card": "Forest", "controller": "opp"} for i in range(6)]
    perms += [{"id": "sg", "card": "Stomping Ground"}]
    liege = View(_board(perms)).objects["liege"]
    assert (liege.power, liege.toughness) == (4, 4)   # Stomping Ground is a Forest too


def test_sword_of_the_paruns_follows_the_equipped_creatures_tapped_state() -> None:
    perms: list[dict[str, Any]] = [
        {"id": "cub", "card": "Bear Cub"}, {"id": "gob", "card": "Crazed Goblin", "tapped": True},
        {"id": "theirs", "card": "Grizzly Bears", "controller": "opp"},
        {"id": "sword", "card": "Sword of the Paruns", "attached_to": "cub"},
    ]
    view = View(_board(perms))
    pt = {k: (view.objects[k].power, view.objects[k].toughness) for k in ("cub", "gob", "theirs")}
    assert pt == {"cub": (2, 4), "gob": (1, 1), "theirs": (2, 2)}
    perms[0] = {"id": "cub", "card": "Bear Cub", "tapped": True}
    view = View(_board(perms))
    pt = {k: (view.objects[k].power, view.objects[k].toughness) for k in ("cub", "gob", "theirs")}
    assert pt == {"cub": (4, 2), "gob": (3, 1), "theirs": (2, 2)}


def test_spreading_seas_makes_the_land_an_island() -> None:
    view = View(_board([{"id": "sg", "card": "Stomping Ground", "controller": "opp"},
                        {"id": "seas", "card": "Spreading Seas", "attached_to": "sg"}]))
    assert view.objects["sg"].subtypes == frozenset({"Island"})


def _mana(name: str) -> list[ManaAbility]:
    return [e for e in _card(name).effects if isinstance(e, ManaAbility)]


@pytest.mark.parametrize("land,symbol", [("Plains", "{W}"), ("Island", "{U}"),
                                         ("Swamp", "{B}"), ("Mountain", "{R}"),
                                         ("Forest", "{G}")])
def test_basic_lands(land: str, symbol: str) -> None:
    card = _card(land)
    assert card.supertypes == ["Basic"] and card.subtypes == [land]
    [ab] = _mana(land)
    assert ab.tap and ab.produces == [symbol] and ab.amount == 1


@pytest.mark.parametrize("land", SHOCKS)
def test_shock_lands_have_two_basic_land_types_and_matching_mana(land: str) -> None:
    color_of = {"Plains": "{W}", "Island": "{U}", "Swamp": "{B}", "Mountain": "{R}",
                "Forest": "{G}"}
    card = _card(land)
    assert card.supertypes == [] and len(card.subtypes) == 2
    [ab] = _mana(land)
    assert ab.tap and sorted(ab.produces) == sorted(color_of[t] for t in card.subtypes)


def test_all_ten_shock_lands_are_distinct_pairs() -> None:
    pairs = {frozenset(_card(n).subtypes) for n in SHOCKS}
    assert len(pairs) == 10


def test_mana_abilities_of_article_cards() -> None:
    tower = _mana("Phyrexian Tower")
    assert sorted(tuple(a.produces) for a in tower) == [("{B}{B}",), ("{C}",)]
    [bb] = [a for a in tower if a.produces == ["{B}{B}"]]
    assert bb.tap and bb.sacrifice is not None and bb.sacrifice.filter.types == ["Creature"]
    [pili] = _mana("Pili-Pala")
    assert pili.untap and not pili.tap and pili.mana_cost == "{2}"
    assert pili.produces == ["{any}"]
    [ssg] = _mana("Simian Spirit Guide")
    assert ssg.from_hand and not ssg.tap and ssg.produces == ["{R}"]
    [vhal] = _mana("Vhal, Candlekeep Researcher")
    assert vhal.tap and vhal.produces == ["{C}"] and vhal.amount == "toughness"
    assert "vigilance" in _card("Vhal, Candlekeep Researcher").keywords
    assert _mana("Deathrite Shaman") == []   # article question 6: not a mana ability
    assert "not a mana ability" in _card("Deathrite Shaman").notes
    [birds] = _mana("Birds of Paradise")
    assert birds.tap and birds.produces == ["{any}"]
    [elves] = _mana("Llanowar Elves")
    assert elves.tap and elves.produces == ["{G}"]


def test_block_cards_carry_their_block_effects() -> None:
    """The Oracle text of each block card, in the block vocabulary."""
    kinds = {name: [e.kind for e in _card(name).effects] for name in
             ["Lure", "Nacatl War-Pride", "Watchdog", "War Cadence", "Silent Arbiter",
              "Mogg Flunkies", "Juggernaut", "Hollow Warrior", "Qal Sisma Behemoth"]}
    assert kinds["Lure"] == ["must_block_attackers"]
    assert kinds["Nacatl War-Pride"] == ["must_be_blocked_by_exactly_one"]
    assert kinds["Watchdog"] == ["must_block", "modify_pt"]
    assert kinds["War Cadence"] == ["block_cost"]
    assert "max_blockers" in kinds["Silent Arbiter"]
    assert "cant_block_alone" in kinds["Mogg Flunkies"]
    assert "cant_be_blocked" in kinds["Juggernaut"]
    assert "block_cost" in kinds["Hollow Warrior"] and "attack_cost" in kinds["Hollow Warrior"]
    assert "block_cost" in kinds["Qal Sisma Behemoth"]
    for name in ["Serra Angel", "Giant Spider", "Boggart Brute", "Takenuma Bleeder",
                 "Glory Seeker", "Grizzly Bears", "Bear Cub"]:
        assert _card(name).effects == [], name
    assert set(_card("Serra Angel").keywords) == {"flying", "vigilance"}
    assert _card("Giant Spider").keywords == ["reach"]
    assert _card("Boggart Brute").keywords == ["menace"]


def test_legendary_supertypes() -> None:
    for name in ["Ruhan of the Fomori", "Vhal, Candlekeep Researcher", "The Gitrog Monster",
                 "Phyrexian Tower"]:
        assert _card(name).supertypes == ["Legendary"], name
