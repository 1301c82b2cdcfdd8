"""The attack engine (CR 508.1) on small boards whose answers follow from the rules by hand."""

from __future__ import annotations

import typing

import pytest

from mtgcombat import AttackEngine, Declaration, DeclarationError, check, legal_attacks
from mtgcombat.legality.attacks import had_to_attack, max_requirements

from .helpers import board, card, custom, decls

MUST = {"kind": "must_attack"}


def legal(b) -> set[Declaration]:
    out = list(legal_attacks(b, assume_payable=True))
    assert out == sorted(out, key=Declaration.sort_key), "not in canonical order"
    assert len(out) == len(set(out)), "duplicates"
    return set(out)


# -- restriction kinds, both sides ------------------------------------------------------------


def test_cant_attack_forbids_only_its_scope() -> None:
    b = board([custom("x", MUST),
               custom("ward", {"kind": "cant_attack", "affects": {"types": ["Creature"]},
                               "scope": "you"}, types=("Enchantment",), controller="opp")],
              players=("me", "opp", "bob"))
    assert legal(b) == decls({"x": "bob"})
    v = check(b, {"x": "opp"})
    assert not v.legal and v.kind == "restriction" and "ward" in v.reason


def test_defender_keyword_is_a_restriction() -> None:
    b = board([card("wall", "Wall of Roots"), card("cub", "Bear Cub")])
    assert legal(b) == decls({}, {"cub": "opp"})
    assert check(b, {"wall": "opp"}).kind == "restriction"


def test_cant_attack_alone_both_sides() -> None:
    b = board([card("fl", "Mogg Flunkies"), card("cub", "Bear Cub")])
    assert legal(b) == decls({}, {"cub": "opp"}, {"fl": "opp", "cub": "opp"})
    assert not check(b, {"fl": "opp"}).legal


def test_can_only_attack_alone_both_sides() -> None:
    b = board([custom("m", {"kind": "can_only_attack_alone"}), card("cub", "Bear Cub")])
    assert legal(b) == decls({}, {"cub": "opp"}, {"m": "opp"})
    v = check(b, {"m": "opp", "cub": "opp"})
    assert not v.legal and "alone" in v.reason


def test_cant_attack_unless_other_matching_attacks() -> None:
    puma = {"kind": "cant_attack_unless_other_attacks",
            "other": {"types": ["Creature"], "colors_any": ["B", "G"]}}
    b = board([custom("puma", puma, colors=["R"]), custom("red", colors=["R"]),
               custom("green", colors=["G"])])
    got = legal(b)
    assert Declaration({"puma": "opp", "green": "opp"}) in got
    assert Declaration({"puma": "opp", "red": "opp"}) not in got
    assert Declaration({"puma": "opp"}) not in got


def test_defending_player_condition() -> None:
    galleon = {"kind": "cant_attack_unless_defending_player_controls",
               "permanent": {"subtypes_any": ["Island"]}}
    b = board([custom("g", galleon),
               custom("isl", types=("Land",), subtypes=["Island"], controller="bob")],
              players=("me", "alice", "bob"))
    assert legal(b) == decls({}, {"g": "bob"})


def test_max_attackers_with_scope() -> None:
    crawl = {"kind": "max_attackers", "count": 1, "scope": "you"}
    b = board([custom("a"), custom("b"), custom("crawl", crawl, types=("Artifact",),
                                                   controller="alice")],
              players=("me", "alice", "bob"))
    got = legal(b)
    assert Declaration({"a": "alice", "b": "alice"}) not in got
    assert Declaration({"a": "alice", "b": "bob"}) in got
    assert len(got) == 8  # 3x3 minus both-into-alice


# -- requirements ----------------------------------------------------------------------------


def test_article_crawlspace_example() -> None:
    """Article Step 3: Crazed Goblin plus one of Avatar of Slaughter / Bear Cub."""
    b = board([card("goblin", "Crazed Goblin"), card("avatar", "Avatar of Slaughter"),
               card("cub", "Bear Cub"), card("wall", "Wall of Roots"),
               card("crawl", "Crawlspace", controller="opp")])
    assert legal(b) == decls({"goblin": "opp", "avatar": "opp"},
                             {"goblin": "opp", "cub": "opp"})
    v = check(b, {"avatar": "opp", "cub": "opp"})
    assert not v.legal and v.kind == "requirements"
    assert v.obeyed == 2 and v.maximum == 3
    assert v.witness is not None and "goblin" in v.witness


def test_group_requirement_into_scope() -> None:
    trove = {"kind": "must_attack_group", "players": "opponents",
             "scope": "you_and_planeswalkers"}
    b = board([custom("a"), custom("t", trove, types=("Enchantment",), controller="alice"),
               custom("pw", types=("Planeswalker",), controller="alice")],
              players=("me", "alice", "bob"))
    assert legal(b) == decls({"a": "alice"}, {"a": "pw"})


def test_ruhan_chosen_player_requirement() -> None:
    ruhan = {"kind": "must_attack", "scope": "chosen_player"}
    b = board([custom("r", ruhan, chosen_player="bob")], players=("me", "alice", "bob"))
    assert legal(b) == decls({"r": "bob"})


def test_requirements_of_other_players_creatures_play_no_part() -> None:
    b = board([card("cub", "Bear Cub"), card("goblin", "Crazed Goblin", controller="opp")])
    assert legal(b) == decls({}, {"cub": "opp"})


# -- goad (CR 701.15) -------------------------------------------------------------------------


def test_goad_by_one_player() -> None:
    b = board([card("cub", "Bear Cub", goaded_by=["alice"])], players=("me", "alice", "bob"))
    assert legal(b) == decls({"cub": "bob"})
    v = check(b, {"cub": "alice"})
    assert not v.legal and v.obeyed == 1 and v.maximum == 2


def test_goad_by_two_players_and_repeats() -> None:
    b = board([card("cub", "Bear Cub", goaded_by=["alice", "bob", "alice"])],
              players=("me", "alice", "bob"))
    # alice's goad: attacks (1) + a player other than alice; bob's likewise. Attacking either
    # obeys 3 of 4; not attacking obeys none. The repeated name adds nothing (701.15d).
    eng = AttackEngine(b)
    assert len(eng.inst.requirements) == 4
    assert legal(b) == decls({"cub": "alice"}, {"cub": "bob"})


def test_goad_planeswalker_satisfies_only_attack_part() -> None:
    b = board([card("cub", "Bear Cub", goaded_by=["alice"]),
               custom("pw", types=("Planeswalker",), controller="bob")],
              players=("me", "alice", "bob"))
    assert legal(b) == decls({"cub": "bob"})
    assert check(b, {"cub": "pw"}).obeyed == 1


def test_article_q22_goad_and_arbiter() -> None:
    b = board([card("goblin", "Crazed Goblin"),
               card("arbiter", "Silent Arbiter", goaded_by=["Alice"])],
              players=("you", "Alice", "Bob"))
    assert legal(b) == decls({"arbiter": "Bob"})


# -- costs (declined vs paid) -----------------------------------------------------------------


def test_cost_may_be_declined() -> None:
    """Article Q13's logic: a requirement never forces paying a cost."""
    tax = {"kind": "attack_cost", "affects": {"types": ["Creature"]}, "cost": {"mana": "{0}"}}
    b = board([card("goblin", "Crazed Goblin"), custom("tax", tax, types=("Enchantment",))])
    assert legal(b) == decls({}, {"goblin": "opp"})


def test_propaganda_in_multiplayer_does_not_excuse_juggernaut() -> None:
    """Article Step 5: one opponent's Propaganda doesn't let a must-attack creature stay home."""
    b = board([card("goblin", "Crazed Goblin"), card("prop", "Propaganda", controller="alice")],
              players=("me", "alice", "bob"))
    assert legal(b) == decls({"goblin": "alice"}, {"goblin": "bob"})
    v = check(b, {})
    assert not v.legal and v.witness == Declaration({"goblin": "bob"})


def test_paid_cost_changes_the_comparison() -> None:
    """Article Q2 shape: a goaded creature with a cost to attack: attack the other player, or
    decline the cost and stay home; never attack the goader."""
    cost = {"kind": "attack_cost", "cost": {"mana": "{1}"}}
    b = board([custom("beh", cost, goaded_by=["Alice"])], players=("you", "Alice", "Bob"))
    assert legal(b) == decls({}, {"beh": "Bob"})
    v = check(b, {"beh": "Alice"})
    assert not v.legal and v.witness == Declaration({"beh": "Bob"})
    assert v.costs and "{1}" in v.costs[0]


def test_article_q26_war_tax_vs_propaganda_remark() -> None:
    """Article Step 5: requirement to attack Alice; Propaganda on both players lets you pay
    Bob's and attack Bob, but War Tax's cost applies to every target: if paid, attack Alice."""
    must_alice = {"kind": "must_attack", "scope": "chosen_player"}
    props = [card("pa", "Propaganda", controller="Alice"),
             card("pb", "Propaganda", controller="Bob")]
    b = board([custom("c", must_alice, chosen_player="Alice"), *props],
              players=("you", "Alice", "Bob"))
    assert Declaration({"c": "Bob"}) in legal(b)
    tax = {"kind": "attack_cost", "affects": {"types": ["Creature"]}, "cost": {"mana": "{2}"}}
    b2 = board([custom("c", must_alice, chosen_player="Alice"),
                custom("tax", tax, types=("Enchantment",))], players=("you", "Alice", "Bob"))
    assert legal(b2) == decls({}, {"c": "Alice"})


# -- targets -----------------------------------------------------------------------------------


def test_planeswalkers_and_battles_are_targets() -> None:
    b = board([card("cub", "Bear Cub"),
               custom("pw", types=("Planeswalker",), controller="opp"),
               custom("my_pw", types=("Planeswalker",)),
               custom("siege", types=("Battle",), controller="me", protector="opp")],
              players=("me", "opp"))
    eng = AttackEngine(b)
    assert {t.id for t in eng.inst.targets} == {"opp", "pw", "siege"}
    assert check(b, {"cub": "siege"}).legal
    v = check(b, {"cub": "my_pw"})
    assert not v.legal and v.kind == "illegal_target"


def test_single_defending_player_option() -> None:
    b = board([card("cub", "Bear Cub"), custom("pw", types=("Planeswalker",), controller="c")],
              players=("me", "a", "b", "c"), attack_multiple_players=False,
              defending_player="b")
    assert legal(b) == decls({}, {"cub": "b"})


def test_candidates_tapped_sick_haste() -> None:
    b = board([card("t", "Bear Cub", tapped=True), card("s", "Bear Cub", summoning_sick=True),
               custom("h", summoning_sick=True, keywords=["haste"])])
    assert legal(b) == decls({}, {"h": "opp"})
    v = check(b, {"s": "opp"})
    assert v.kind == "not_a_candidate" and "summoning sick" in v.reason
    assert check(b, {"t": "opp"}).kind == "not_a_candidate"


def test_phased_out_creature_does_not_exist() -> None:
    b = board([card("goblin", "Crazed Goblin", phased_out=True), card("cub", "Bear Cub")])
    assert legal(b) == decls({}, {"cub": "opp"})


def test_unknown_ids_are_bad_input() -> None:
    b = board([card("cub", "Bear Cub")])
    with pytest.raises(DeclarationError):
        check(b, {"nobody": "opp"})
    with pytest.raises(DeclarationError):
        check(b, {"cub": "nowhere"})
    assert check(b, {"cub": "you"}).kind == "illegal_target"


# -- bands (CR 702.22) -------------------------------------------------------------------------


def test_bands() -> None:
    b = board([custom("b1", keywords=["banding"]), custom("b2", keywords=["banding"]),
               card("c1", "Bear Cub"), card("c2", "Bear Cub")], players=("me", "x", "y"))
    eng = AttackEngine(b)
    ok = Declaration({"b1": "x", "c1": "x"}, bands=[["b1", "c1"]])
    assert eng.check(ok).legal
    assert eng.check(Declaration({"b1": "x", "b2": "x", "c1": "x"},
                                 bands=[["b1", "b2", "c1"]])).legal
    two_plain = Declaration({"b1": "x", "c1": "x", "c2": "x"}, bands=[["b1", "c1", "c2"]])
    assert eng.check(two_plain).kind == "band"
    split = Declaration({"b1": "x", "c1": "y"}, bands=[["b1", "c1"]])
    v = eng.check(split)
    assert v.kind == "band" and "same" in v.reason
    assert eng.check(Declaration({"b1": "x"}, bands=[["b1", "c1"]])).kind == "band"


# -- other questions ---------------------------------------------------------------------------


def test_had_to_attack_and_max_requirements() -> None:
    b = board([card("goblin", "Crazed Goblin"), card("cub", "Bear Cub"),
               card("wall", "Wall of Roots"), card("arb", "Silent Arbiter")])
    assert had_to_attack(b, {"goblin": "opp"}) == {"goblin"}
    assert max_requirements(b) == 1
    b2 = board([card("avatar", "Avatar of Slaughter"), card("wall", "Wall of Roots"),
                card("theirs", "Bear Cub", controller="opp")])
    # CR 506.6: a creature had to attack if an effect required it, even if it couldn't.
    assert had_to_attack(b2, {}) == {"avatar", "wall"}
    assert max_requirements(b2) == 1


def test_check_agrees_with_legal_list() -> None:
    b = board([card("goblin", "Crazed Goblin"), card("fl", "Mogg Flunkies"),
               card("cub", "Bear Cub", goaded_by=["b"]),
               card("prop", "Propaganda", controller="a")], players=("me", "a", "b"))
    eng = AttackEngine(b)
    legal_set = set(eng.legal(assume_payable=True))
    targets = ["a", "b", None]
    import itertools
    for choice in itertools.product(targets, repeat=3):
        d = Declaration({c: t for c, t in zip(("goblin", "fl", "cub"), choice, strict=True) if t})
        assert eng.check(d, assume_payable=True).legal == (d in legal_set), d


# -- registries are exhaustive; the deadline is a value ----------------------------------------


def _classes_of(module: object) -> set[type]:
    """The classes defined in ``module`` itself (not imported into it)."""
    return {v for v in vars(module).values()
            if isinstance(v, type) and v.__module__ == getattr(module, "__name__", None)}


def test_every_constraint_type_has_a_cpsat_encoder() -> None:
    from mtgcombat.solver import cpsat, problem

    constraints = set(typing.get_args(problem.Constraint))
    assert constraints == _classes_of(problem) - {problem.Term, problem.Bound, problem.Problem}
    assert set(cpsat.ENCODERS) == constraints


def test_an_unknown_constraint_type_is_loud() -> None:
    from mtgcombat.solver import cpsat
    from mtgcombat.solver.problem import Bound, Problem

    with pytest.raises(NotImplementedError):
        cpsat.solve(Problem(n=1), [Bound(())])  # type: ignore[list-item]


def _instance_types(union: object) -> set[type]:
    from mtgcombat.compile import instances

    types = set(typing.get_args(union))
    assert types <= _classes_of(instances)
    return types


def test_every_requirement_type_has_an_encoder_and_an_evaluator() -> None:
    from mtgcombat.compile.instances import Requirement
    from mtgcombat.legality.encode import REQUIREMENT_ENCODERS
    from mtgcombat.legality.evaluate import REQUIREMENT_CHECKS

    types = _instance_types(Requirement)
    assert {t.__name__ for t in types} >= {"AttackRequirement", "GroupRequirement",
                                           "ExactlyOneRequirement"}
    assert set(REQUIREMENT_ENCODERS) == types
    assert set(REQUIREMENT_CHECKS) == types


def test_every_restriction_type_has_an_encoder_and_an_evaluator() -> None:
    from mtgcombat.compile.instances import RESTRICTION_KINDS, Restriction
    from mtgcombat.legality.encode import RESTRICTION_ENCODERS
    from mtgcombat.legality.evaluate import RESTRICTION_CHECKS

    types = _instance_types(Restriction)
    kinds = {t.__dataclass_fields__["kind"].default for t in types}  # type: ignore[attr-defined]
    assert kinds == set(RESTRICTION_KINDS) == set(RESTRICTION_ENCODERS)
    assert set(RESTRICTION_CHECKS) == types


def test_an_unknown_instance_type_is_loud() -> None:
    from mtgcombat.legality.encode import VarMap, requirement_term
    from mtgcombat.legality.evaluate import obeys_requirement, obeys_restriction

    class Odd:
        kind = "odd"

    vm = VarMap([], {}, {})
    with pytest.raises(NotImplementedError):
        requirement_term(Odd(), vm)  # type: ignore[arg-type]
    with pytest.raises(NotImplementedError):
        obeys_requirement(Odd(), {})  # type: ignore[arg-type]
    with pytest.raises(NotImplementedError):
        obeys_restriction(Odd(), {})  # type: ignore[arg-type]


def test_a_spent_deadline_stops_every_solve() -> None:
    from mtgcombat.errors import Deadline, TimeLimitReached

    b = board([card("goblin", "Crazed Goblin"), card("cub", "Bear Cub")])
    eng = AttackEngine(b, deadline=Deadline(0.0))
    with pytest.raises(TimeLimitReached):
        eng.check({"cub": "opp"})
    with pytest.raises(TimeLimitReached):
        list(eng.legal())
    assert AttackEngine(b, time_limit=30).check({"goblin": "opp"}).legal
    assert AttackEngine(b, deadline=Deadline.after(30)).check({"goblin": "opp"}).legal


class _NoBoard:
    """Stands for a board that must not be read."""

    def __getattr__(self, name: str) -> typing.NoReturn:
        raise AssertionError(f"structural read board.{name}")


def test_not_candidate_reasons_come_from_the_instances() -> None:
    b = board([card("cub", "Bear Cub"), card("goblin", "Crazed Goblin", phased_out=True),
               card("t", "Bear Cub", tapped=True), card("oc", "Bear Cub", controller="opp"),
               custom("rock", types=("Artifact",))])
    engine = AttackEngine(b)
    assert engine.inst.permanent_ids == {"cub", "goblin", "t", "oc", "rock"}
    assert engine.inst.player_names == {"you", "opp"}
    assert dict(engine.inst.not_declarable) == {
        "goblin": "phased out", "t": "tapped",
        "oc": "controlled by opp, not the active player",
        "rock": "not a creature the active player controls"}
    engine.board = _NoBoard()  # type: ignore[assignment]
    reasons = {cid: engine.check({cid: "opp"}).reason for cid in engine.inst.not_declarable}
    assert reasons == {cid: f"{cid} can't be declared as an attacker: {why} (CR 508.1a)"
                       for cid, why in engine.inst.not_declarable.items()}
    assert engine.check({"cub": "you"}).kind == "illegal_target"
    with pytest.raises(DeclarationError, match="no permanent with id 'ghost'"):
        engine.check({"ghost": "opp"})
    with pytest.raises(DeclarationError, match="no player or permanent called 'nowhere'"):
        engine.check({"cub": "nowhere"})
