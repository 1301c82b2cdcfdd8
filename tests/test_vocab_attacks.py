"""The attack vocabulary of issue 16: negated and relative selector filters, scopes that name
planeswalkers and battles, "can't attack unless" with counts, and X from counts.

Every expectation comes from the card text or the CR (cited), never from the solver.
"""

from __future__ import annotations

from typing import Any, cast, get_args

import pytest

from mtgcombat import BoardError, Declaration, load_board
from mtgcombat.board.characteristics import View
from mtgcombat.compile.attacks import _SCOPES, _Compiler, compile_board
from mtgcombat.compile.base import cost_instances_of, effect_sources
from mtgcombat.compile.blocks import compile_blocks
from mtgcombat.compile.instances import Forbid, NeedsCompanion, Source
from mtgcombat.legality.attacks import check, legal_attacks
from mtgcombat.legality.evaluate import obeys_restriction
from mtgcombat.oracle.attacks import obeys as oracle_obeys
from mtgcombat.oracle.attacks import reference_legal
from mtgcombat.oracle.blocks import obeys as oracle_obeys_blocks
from mtgcombat.rules.effects import ScopeKind, Selector

from .helpers import board, card, custom, decls

ANY_CREATURE: dict[str, Any] = {"types": ["Creature"]}


def _legal(b: Any) -> set[Declaration]:
    got = set(legal_attacks(b, assume_payable=True))
    assert got == reference_legal(b), "engine and brute-force oracle disagree"
    return got


def _matching(b: Any, sel: dict[str, Any], source: str | None = None) -> set[str]:
    view = View(b)
    src = view.objects[source] if source else None
    return {o.id for o in view.select(Selector.model_validate(sel), src, "you")}


# --- gap 2: negated and relative filters ---------------------------------------------------


def test_negated_filters_exclude_what_they_name() -> None:
    b = board([card("bears", "Grizzly Bears"), card("myr", "Darksteel Myr"),
               card("angel", "Serra Angel"), card("roots", "Wall of Roots"),
               card("rats", "Typhoid Rats")])
    creatures = {"bears", "myr", "angel", "roots", "rats"}
    assert _matching(b, {**ANY_CREATURE, "types_none": ["Artifact"]}) == creatures - {"myr"}
    assert _matching(b, {**ANY_CREATURE, "subtypes_none": ["Wall"]}) == creatures - {"roots"}
    assert _matching(b, {**ANY_CREATURE, "keywords_none": ["flying"]}) == creatures - {"angel"}
    assert _matching(b, {**ANY_CREATURE, "colors_none": ["B"]}) == creatures - {"rats"}
    # "Except for creatures named ...": names compare case-insensitively.
    assert _matching(b, {**ANY_CREATURE, "names_none": ["grizzly BEARS"]}) == creatures - {"bears"}


def test_power_relative_to_the_source() -> None:
    b = board([card("okk", "Okk"), card("bears", "Grizzly Bears", counters={"+1/+1": 2}),
               card("dreadmaw", "Colossal Dreadmaw"), card("cub", "Bear Cub")])
    assert _matching(b, {**ANY_CREATURE, "power_greater_than": "source"}, "okk") == {"dreadmaw"}
    assert _matching(b, {**ANY_CREATURE, "power_less_than": "source"}, "okk") == {"cub"}
    assert _matching(b, {**ANY_CREATURE, "power_less_than": 4}) == {"cub"}
    # Without a source permanent (a board-level effect) "source" has no power: nothing matches.
    assert _matching(b, {**ANY_CREATURE, "power_greater_than": "source"}) == set()


def test_akron_legionnaire_spares_namesakes_and_artifacts() -> None:
    b = board([card("akron", "Akron Legionnaire"), card("bears", "Grizzly Bears"),
               card("myr", "Darksteel Myr"),
               custom("renamed", name="AKRON LEGIONNAIRE", power=1)])
    got = _legal(b)
    assert all("bears" not in d for d in got)
    assert Declaration({"akron": "opp", "myr": "opp", "renamed": "opp"}) in got
    verdict = check(b, {"bears": "opp"})
    assert not verdict.legal and "Akron Legionnaire" in verdict.reason


def test_okk_needs_a_bigger_companion() -> None:
    b = board([card("okk", "Okk"), card("bears", "Grizzly Bears")])
    assert _legal(b) == decls({}, {"bears": "opp"})
    b2 = board([card("okk", "Okk"), card("wurm", "Craw Wurm")])
    assert _legal(b2) == decls({}, {"wurm": "opp"}, {"okk": "opp", "wurm": "opp"})


def test_island_sanctuary_player_only() -> None:
    effect = {"kind": "cant_attack", "scope": "you",
              "affects": {**ANY_CREATURE, "keywords_none": ["flying", "islandwalk"]}}
    b = board([card("bears", "Grizzly Bears"), card("angel", "Serra Angel")],
              effects=[{"name": "Island Sanctuary", "controller": "opp", "effects": [effect]}])
    assert _legal(b) == decls({}, {"angel": "opp"})


def test_champion_of_lambholt_blockers_with_less_power() -> None:
    """CR 509.1b: power compared with the Champion's power as it is now."""
    b = board([card("champion", "Champion of Lambholt", counters={"+1/+1": 2}),
               card("cub", "Bear Cub", controller="opp"),
               card("wurm", "Craw Wurm", controller="opp")],
              attack={"champion": "opp"})
    inst = compile_blocks(b)
    forbidden = {(r.creature, t) for r in inst.restrictions if isinstance(r, Forbid)
                 for t in r.targets}
    assert ("cub", "champion") in forbidden
    assert ("wurm", "champion") not in forbidden


# --- gap 3: scopes naming planeswalkers and battles ----------------------------------------


def _scope_board() -> Any:
    return board([card("bears", "Grizzly Bears"),
                  custom("pw", types=("Planeswalker",), controller="opp"),
                  custom("battle", types=("Battle",), controller="you", protector="opp")])


@pytest.mark.parametrize("scope, allowed", [
    ("planeswalkers", {"opp", "battle"}),
    ("battles", {"opp", "pw"}),
    ("players", {"pw", "battle"}),
])
def test_cant_attack_scope(scope: str, allowed: set[str]) -> None:
    b = _scope_board()
    enchant = custom("rule", {"kind": "cant_attack", "affects": ANY_CREATURE, "scope": scope},
                     types=("Enchantment",), controller="opp")
    b = board([*[p.model_dump(exclude_defaults=True) for p in b.permanents], enchant])
    got = _legal(b)
    assert got == decls({}, *({"bears": t} for t in allowed))


def test_gideon_jura_attack_him_if_able() -> None:
    gideon = card("gideon", "Gideon Jura", controller="opp", effects=[{
        "kind": "must_attack", "affects": {"controller": "opponents", **ANY_CREATURE},
        "scope": "self"}])
    b = board([card("bears", "Grizzly Bears"), card("seeker", "Glory Seeker"), gideon,
               custom("pw", types=("Planeswalker",), controller="opp")])
    assert _legal(b) == decls({"bears": "gideon", "seeker": "gideon"})
    verdict = check(b, {"bears": "gideon", "seeker": "opp"})
    assert not verdict.legal and verdict.kind == "requirements"
    assert any("Gideon Jura" in r for r in verdict.witness_obeys)


@pytest.mark.parametrize("target, expected", [
    ("you", [{"bears": "gideon"}]),
    ("carol", [{}, {"bears": "opp"}, {"bears": "gideon"}]),
])
def test_gideon_jura_plus_two_binds_only_the_targeted_player(
        target: str, expected: list[dict[str, str]]) -> None:
    """"creatures that player controls": the +2 recorded as an activation with its target."""
    b = board([card("bears", "Grizzly Bears"),
               card("gideon", "Gideon Jura", controller="opp",
                    activations=[{"targets": [target]}])],
              players=("you", "opp", "carol"), defending_player="opp",
              attack_multiple_players=False)
    assert _legal(b) == decls(*expected)


def test_whipgrass_entangler_activation_grants_the_cost_to_its_target() -> None:
    b = board([card("bears", "Grizzly Bears"), card("seeker", "Glory Seeker"),
               card("entangler", "Whipgrass Entangler", controller="opp",
                    activations=[{"targets": ["bears"]}])])
    inst = compile_board(b)
    # One Cleric on the battlefield (the Entangler): {1} for the targeted Bears only.
    assert [(c.creature, c.cost.mana) for c in inst.costs] == [("bears", "{1}")]


def test_self_scope_of_a_source_that_is_not_a_target_is_empty() -> None:
    """A must_attack into "self" on a creature names nothing: it can't be obeyed, so it
    forces nothing (CR 508.1d)."""
    b = board([custom("c", {"kind": "must_attack", "scope": "self"}, power=1)])
    assert _legal(b) == decls({}, {"c": "opp"})


def test_every_scope_word_has_a_rule_and_unknown_words_raise() -> None:
    assert set(_SCOPES) == set(get_args(ScopeKind))
    b = board([custom("x", {"kind": "cant_attack"})])
    view = View(b)
    (es,) = effect_sources(b, view)
    with pytest.raises(NotImplementedError):
        _Compiler(b, view).scope(cast(ScopeKind, "teams"), es)


# --- gap 4: can't attack unless ... ----------------------------------------------------------


def test_lambholt_pacifist_counts_itself_and_only_your_creatures() -> None:
    small = board([card("p", "Lambholt Pacifist"), card("d", "Colossal Dreadmaw",
                                                         controller="opp")])
    assert _legal(small) == decls({})
    big = board([card("p", "Lambholt Pacifist", power=4)])
    assert _legal(big) == decls({}, {"p": "opp"})
    helper = board([card("p", "Lambholt Pacifist"), card("d", "Colossal Dreadmaw",
                                                          tapped=True)])
    # The big creature needn't attack or even be untapped: "you control" is enough.
    assert _legal(helper) == decls({}, {"p": "opp"})


def test_harbor_serpent_counts_every_players_islands() -> None:
    islands = [card(f"i{n}", "Island", controller="you" if n % 2 else "opp") for n in range(5)]
    assert _legal(board([card("s", "Harbor Serpent"), *islands])) == decls({}, {"s": "opp"})
    assert _legal(board([card("s", "Harbor Serpent"), *islands[:4]])) == decls({})


def test_orcish_conscripts_needs_two_others() -> None:
    b = board([card("oc", "Orcish Conscripts"), card("a", "Grizzly Bears"),
               card("b", "Glory Seeker")])
    got = _legal(b)
    assert Declaration({"oc": "opp", "a": "opp"}) not in got
    assert Declaration({"oc": "opp", "a": "opp", "b": "opp"}) in got
    verdict = check(b, {"oc": "opp", "b": "opp"})
    assert not verdict.legal and "Orcish Conscripts" in verdict.reason


@pytest.mark.parametrize("attackers, ok", [
    ({"x": "p"}, False), ({"x": "p", "a": "p"}, False), ({"x": "p", "a": "p", "b": "p"}, True),
    ({"a": "p"}, True), ({"x": "p", "a": "p", "z": "p"}, False),
])
def test_needs_companion_count_everywhere(attackers: dict[str, str], ok: bool) -> None:
    """The engine's evaluator, the attack oracle and the block oracle agree with the
    definition: if x is declared, at least two of its companions (not itself) are too."""
    r = NeedsCompanion("x", frozenset({"x", "a", "b"}), Source("t", None, "CR 508.1c"), count=2)
    assert obeys_restriction(r, attackers) is ok
    assert oracle_obeys(r, attackers) is ok
    assert oracle_obeys_blocks(r, frozenset(attackers.items())) is ok


# --- gap 5: X from counts --------------------------------------------------------------------


def _x_of(b: Any, pid: str) -> list[str]:
    view = View(b)
    out = []
    for es in effect_sources(b, view):
        if es.obj is not None and es.obj.id == pid and es.effect.kind in ("attack_cost",
                                                                          "block_cost"):
            out += [str(cost.mana) for cost, _ in cost_instances_of(es, view, "attack")]
    return out


def test_domain_counts_basic_land_types_of_the_controller() -> None:
    """Collective Restraint: Hallowed Fountain is a Plains and an Island; two Islands count
    once; the attacker's lands don't count."""
    b = board([card("cr", "Collective Restraint", controller="opp"),
               card("f", "Hallowed Fountain", controller="opp"),
               card("i", "Island", controller="opp"), card("i2", "Island", controller="opp"),
               card("m", "Mountain"), card("bears", "Grizzly Bears")])
    assert _x_of(b, "cr") == ["{2}"]


def test_cowed_by_wisdom_counts_the_aura_controllers_hand_for_attack_and_block() -> None:
    b = load_board({"active_player": "you",
                    "players": [{"name": "you", "hand_size": 5}, {"name": "opp", "hand_size": 3}],
                    "permanents": [card("bears", "Grizzly Bears", controller="you"),
                                   card("cow", "Cowed by Wisdom", controller="opp",
                                        attached_to="bears")]})
    assert _x_of(b, "cow") == ["{3}", "{3}"]


def test_block_cost_x_from_hand_size() -> None:
    b = load_board({"active_player": "you",
                    "players": [{"name": "you", "hand_size": 0}, {"name": "opp", "hand_size": 1}],
                    "permanents": [card("bears", "Grizzly Bears", controller="you"),
                                   card("cub", "Bear Cub", controller="opp"),
                                   card("cow", "Cowed by Wisdom", controller="you",
                                        attached_to="cub")],
                    "attack": {"bears": "opp"}})
    inst = compile_blocks(b)
    assert [(c.creature, c.cost.mana) for c in inst.costs] == [("cub", "{0}")]


def test_x_counts_matching_permanents_on_the_battlefield() -> None:
    cost = {"kind": "attack_cost", "cost": {"mana": "{X}"},
            "x": {"count": {"subtypes_any": ["Cleric"]}}}
    b = board([custom("c", cost, power=1),
               custom("cleric1", subtypes=["Cleric"], controller="opp"),
               custom("cleric2", subtypes=["Cleric"])])
    assert _x_of(b, "c") == ["{2}"]
    inst = compile_board(b)
    assert [c.cost.mana for c in inst.costs] == ["{2}"]


def test_x_count_is_strict() -> None:
    bad = {"kind": "attack_cost", "cost": {"mana": "{X}"}, "x": {"count": {}, "extra": 1}}
    with pytest.raises(BoardError):
        board([custom("c", bad)])
    with pytest.raises(BoardError):
        board([custom("c", {**bad, "x": "your_graveyard"})])
