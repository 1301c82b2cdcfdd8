"""Paying the costs to attack (CR 508.1g-j): mana parsing, totals, and the article's
questions 1, 6, 10, 16, 19, 20, 21, 24 plus Hollow Warrior, War Tax X=0 and Leviathan.

Expected answers come from the article (seeds/001) and the rules text, not from the solver.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from mtgcombat.board.model import load_board
from mtgcombat.compile.attacks import compile_board
from mtgcombat.legality.evaluate import commitment
from mtgcombat.payment.mana import (
    ANY,
    ManaCost,
    ManaError,
    Pip,
    parse_cost,
    parse_produced,
    total_cost,
)
from mtgcombat.payment.mana import pay as pay_mana
from mtgcombat.payment.plan import (
    Activate,
    PayLife,
    PayMana,
    PlanStep,
    ReturnToHand,
    Sacrifice,
    Tap,
    step_from_json,
)
from mtgcombat.payment.search import PaymentResult, pay

G = frozenset({"G"})
W = frozenset({"W"})
C = frozenset({"C"})


def perm(pid: str, card: str, controller: str = "you", **state: Any) -> dict[str, Any]:
    return {"id": pid, "card": card, "controller": controller, **state}


def board(*perms: dict[str, Any], life: int = 20, hand: list[str] | None = None,
          graveyard: list[str] | None = None) -> dict[str, Any]:
    you: dict[str, Any] = {"name": "you", "life": life}
    if hand is not None:
        you["hand"] = hand
    if graveyard is not None:
        you["graveyard"] = graveyard
    return {"active_player": "you", "players": [you, {"name": "opp"}],
            "permanents": list(perms)}


def run(data: dict[str, Any], *attackers: str) -> PaymentResult:
    b = load_board(data)
    inst = compile_board(b)
    decl = {a: "opp" for a in attackers}
    return pay(b, inst, decl, commitment(inst, decl))


def activations(r: PaymentResult) -> list[dict[str, Any]]:
    return steps(r, "activate")


def steps(r: PaymentResult, action: str) -> list[dict[str, Any]]:
    """The plan's steps of one action, in their JSON form."""
    return [js for js in (s.to_json() for s in r.plan) if js["action"] == action]


# --- mana costs -----------------------------------------------------------------------------


def test_parse_generic_colored_hybrid_phyrexian_colorless() -> None:
    assert parse_cost("{2}") == ManaCost(2, (), True)
    assert parse_cost("{W}").pips == (Pip(("W",)),)
    assert parse_cost("{R/G}").pips[0].allowed == frozenset({"R", "G"})
    phyrexian = parse_cost("{W/P}").pips[0]
    assert phyrexian.life and phyrexian.allowed == W
    assert parse_cost("{C}").pips[0].allowed == C
    assert parse_cost("{1}{G}{G}").generic == 1 and len(parse_cost("{1}{G}{G}").pips) == 2


def test_zero_is_written_but_includes_no_mana() -> None:
    zero = parse_cost("{0}")
    assert str(zero) == "{0}" and not zero.includes_mana
    assert not parse_cost(None).includes_mana and str(parse_cost(None)) == ""
    assert parse_cost("{W/P}").includes_mana


def test_sums_of_costs() -> None:
    assert str(total_cost(["{2}", "{2}"])) == "{4}"
    assert str(total_cost(["{2}", "{W/P}", "{0}"])) == "{2}{W/P}"
    assert str(total_cost(["{0}", "{0}"])) == "{0}"
    assert parse_cost("{3}").mana_value == 3


@pytest.mark.parametrize("bad", ["{X}", "2", "{Q}", "{W/U/Z}", "{C/P}"])
def test_bad_costs_are_errors(bad: str) -> None:
    with pytest.raises(ManaError):
        parse_cost(bad)


def test_produced_mana() -> None:
    assert parse_produced("{any}") == [ANY]
    assert parse_produced("{B}{B}") == [frozenset({"B"})] * 2
    assert parse_produced("{C}") == [C]
    with pytest.raises(ManaError):
        parse_produced("B")


def test_paying_from_a_pool() -> None:
    assert pay_mana(parse_cost("{R/G}"), Counter({G: 1}), 0) is not None
    assert pay_mana(parse_cost("{C}"), Counter({W: 1}), 0) is None
    assert pay_mana(parse_cost("{2}"), Counter({W: 1}), 0) is None
    assert pay_mana(parse_cost("{W}"), Counter({ANY: 1}), 0) is not None
    # Phyrexian: W, or 2 life — but never more life than you have (CR 119.4).
    by_mana = pay_mana(parse_cost("{W/P}"), Counter({ANY: 1}), 20)
    assert by_mana is not None and by_mana.life == 0
    by_life = pay_mana(parse_cost("{W/P}"), Counter({G: 1}), 2)
    assert by_life is not None and by_life.life == 2
    assert pay_mana(parse_cost("{W/P}"), Counter({G: 1}), 1) is None
    # {2/W}: W or two generic.
    assert pay_mana(parse_cost("{2/W}"), Counter({G: 2}), 0) is not None
    assert pay_mana(parse_cost("{2/W}"), Counter({G: 1}), 0) is None


# --- totals ---------------------------------------------------------------------------------


def test_total_adds_incurred_instances() -> None:
    data = board(perm("a", "Grizzly Bears"), perm("b", "Glory Seeker"),
                 perm("prop", "Propaganda", "opp"), perm("annex", "Norn's Annex", "opp"))
    assert run(data, "a", "b").total == "{4}{W/P}{W/P}"
    assert run(data, "a").total == "{2}{W/P}"
    nothing = run(data)
    assert nothing.payable and nothing.total == "no cost" and nothing.plan == []


# --- article questions ------------------------------------------------------------------------


def test_q1_floodtide_serpent_returns_spreading_seas() -> None:
    """Q1: Armored Galleon and Floodtide Serpent attack; the Serpent's cost returns the
    Spreading Seas you control (on the opponent's land)."""
    data = board(perm("galleon", "Armored Galleon"), perm("serpent", "Floodtide Serpent"),
                 perm("land", "Forest", "opp"),
                 perm("seas", "Spreading Seas", attached_to="land"))
    r = run(data, "galleon", "serpent")
    assert r.payable
    assert steps(r, "return") == [
        {"action": "return", "permanent": "seas", "for": steps(r, "return")[0]["for"]}]
    assert set(r.attackers) == {"galleon", "serpent"}


def test_floodtide_serpent_without_an_enchantment_cannot_pay() -> None:
    r = run(board(perm("serpent", "Floodtide Serpent")), "serpent")
    assert not r.payable and r.unpaid is not None and "return" in r.unpaid


def _q6() -> dict[str, Any]:
    return board(perm("g1", "Crazed Goblin"), perm("g2", "Crazed Goblin"),
                 perm("s1", "Stomping Ground"), perm("s2", "Stomping Ground"),
                 perm("d1", "Deathrite Shaman"), perm("d2", "Deathrite Shaman"),
                 perm("prop", "Propaganda", "opp"), graveyard=["Forest", "Forest"])


def test_q6_deathrite_shaman_is_not_a_mana_ability() -> None:
    """Q6: only the 2 Stomping Ground make mana: one Crazed Goblin can attack, not both."""
    one = run(_q6(), "g1")
    assert one.payable and one.total == "{2}"
    assert {s["permanent"] for s in activations(one)} == {"s1", "s2"}
    both = run(_q6(), "g1", "g2")
    assert not both.payable and both.total == "{4}"
    assert both.unpaid is not None and both.unpaid.startswith("{4}")


def test_q10_vhal_pays_for_itself() -> None:
    """Q10: Vhal has vigilance, so it isn't tapped by attacking and taps for mana."""
    data = board(perm("vhal", "Vhal, Candlekeep Researcher"), perm("prop", "Propaganda", "opp"))
    r = run(data, "vhal")
    assert r.payable
    assert [s["permanent"] for s in activations(r)] == ["vhal"]


def test_vhal_without_vigilance_is_tapped_by_attacking() -> None:
    data = board(perm("vhal", "Vhal, Candlekeep Researcher", keywords=[]),
                 perm("prop", "Propaganda", "opp"))
    assert not run(data, "vhal").payable


def _q16(*lands: str) -> dict[str, Any]:
    return board(perm("pili", "Pili-Pala"), *(perm(x, "Forest") for x in lands),
                 perm("annex", "Norn's Annex", "opp"), life=1)


def test_q16_pili_pala_untaps_for_white() -> None:
    """Q16: Pili-Pala is tapped by attacking, then {2},{Q} (paid by the Forests) makes W;
    2 life for {W/P} is more than the 1 life you have."""
    r = run(_q16("fa", "fb"), "pili")
    assert r.payable
    acts = activations(r)
    assert acts[-1]["permanent"] == "pili" and acts[-1]["paid"] == "{G}{G}"
    assert acts[-1]["produced"] == "{W}"
    assert steps(r, "pay_mana") == [{"action": "pay_mana", "mana": "{W}"}]
    assert not steps(r, "pay_life")


def test_q16_without_forests_is_not_payable() -> None:
    r = run(_q16(), "pili")
    assert not r.payable and r.total == "{W/P}"


def test_q_needs_a_tapped_permanent() -> None:
    """An untapped, non-attacking Pili-Pala can't activate {Q}."""
    data = board(perm("bears", "Grizzly Bears"), perm("pili", "Pili-Pala"),
                 perm("fa", "Forest"), perm("fb", "Forest"),
                 perm("annex", "Norn's Annex", "opp"), life=1)
    assert not run(data, "bears").payable


def _q19(guides: int) -> dict[str, Any]:
    return board(perm("bears", "Grizzly Bears"), perm("bridge", "Ensnaring Bridge"),
                 perm("prop", "Propaganda", "opp"), hand=["Simian Spirit Guide"] * guides)


def test_q19_simian_spirit_guides_pay_propaganda() -> None:
    """Q19: two Simian Spirit Guides exiled from hand pay {2}."""
    r = run(_q19(2), "bears")
    assert r.payable
    acts = activations(r)
    assert len(acts) == 2
    assert all(a["card"] == "Simian Spirit Guide" and a["from"] == "hand" for a in acts)
    assert steps(r, "pay_mana") == [{"action": "pay_mana", "mana": "{R}{R}"}]


def test_q19_one_guide_is_not_enough() -> None:
    assert not run(_q19(1), "bears").payable


def _q20(*lands: str) -> dict[str, Any]:
    return board(perm("woods", "Flooded Woodlands"), perm("cub", "Bear Cub"),
                 perm("gitrog", "The Gitrog Monster"), *(perm(x, "Swamp") for x in lands),
                 perm("avatar", "Avatar of Slaughter", "opp"))


def test_q20_one_land_per_green_attacker() -> None:
    """Q20: Flooded Woodlands is one cost per green creature, paid all at once."""
    both = run(_q20("l1", "l2"), "cub", "gitrog")
    assert both.payable
    assert sorted(s["permanent"] for s in steps(both, "sacrifice")) == ["l1", "l2"]
    assert not run(_q20("l1"), "cub", "gitrog").payable
    assert run(_q20("l1"), "cub").payable
    assert run(_q20("l1"), "gitrog").payable


def test_q21_no_mana_in_the_total_means_no_mana_abilities() -> None:
    """Q21: no cost includes mana, so Phyrexian Tower can't sacrifice Takenuma Bleeder:
    both creatures become attacking."""
    data = board(perm("tower", "Phyrexian Tower"), perm("flunkies", "Mogg Flunkies"),
                 perm("bleeder", "Takenuma Bleeder"), life=1)
    r = run(data, "flunkies", "bleeder")
    assert r.payable and activations(r) == []
    assert set(r.attackers) == {"flunkies", "bleeder"}


def test_q24_tower_sacrifices_a_declared_attacker() -> None:
    """Q24: total {4}; the Tower sacrifices one Mogg Flunkies for {B}{B}, the Mountains add
    {R}{R}; the sacrificed Flunkies never becomes attacking."""
    data = board(perm("f1", "Mogg Flunkies"), perm("f2", "Mogg Flunkies"),
                 perm("tower", "Phyrexian Tower"), perm("m1", "Mountain"),
                 perm("m2", "Mountain"), perm("prop", "Propaganda", "opp"))
    r = run(data, "f1", "f2")
    assert r.payable and r.total == "{4}"
    tower = [a for a in activations(r) if a["permanent"] == "tower"]
    assert len(tower) == 1 and tower[0]["sacrificed"] in ("f1", "f2")
    assert tower[0]["produced"] == "{B}{B}"
    paid = steps(r, "pay_mana")
    assert len(paid) == 1 and sorted(paid[0]["mana"]) == sorted("{B}{B}{R}{R}")
    assert r.attackers == tuple(f for f in ("f1", "f2") if f != tower[0]["sacrificed"])


def test_q24_without_the_tower_is_not_payable() -> None:
    data = board(perm("f1", "Mogg Flunkies"), perm("f2", "Mogg Flunkies"),
                 perm("m1", "Mountain"), perm("m2", "Mountain"),
                 perm("prop", "Propaganda", "opp"))
    assert not run(data, "f1", "f2").payable


# --- other costs ------------------------------------------------------------------------------


def test_hollow_warrior_taps_another_untapped_creature() -> None:
    data = board(perm("hw", "Hollow Warrior"), perm("bears", "Grizzly Bears"))
    r = run(data, "hw")
    assert r.payable
    assert [s["permanent"] for s in steps(r, "tap")] == ["bears"]


def test_hollow_warrior_alone_cannot_pay() -> None:
    r = run(board(perm("hw", "Hollow Warrior")), "hw")
    assert not r.payable and r.unpaid is not None and r.unpaid.startswith("tap 1")


def test_hollow_warrior_cannot_tap_a_vigilant_attacker() -> None:
    data = board(perm("hw", "Hollow Warrior"), perm("vhal", "Vhal, Candlekeep Researcher"))
    assert not run(data, "hw", "vhal").payable


def test_hollow_warrior_may_tap_a_summoning_sick_creature() -> None:
    data = board(perm("hw", "Hollow Warrior"), perm("bears", "Grizzly Bears",
                                                      summoning_sick=True))
    assert run(data, "hw").payable


def test_war_tax_zero_needs_no_mana_and_allows_no_activation() -> None:
    """Q13: War Tax for X=0 is a cost of {0}; {0} requires no mana (CR 508.1i)."""
    data = board(perm("goblin", "Crazed Goblin"), perm("tax", "War Tax", activations=[0]),
                 perm("tower", "Phyrexian Tower"))
    r = run(data, "goblin")
    assert r.payable and r.total == "{0}" and activations(r) == []
    assert r.attackers == ("goblin",)


def test_leviathan_sacrifices_two_islands() -> None:
    one = board(perm("lev", "Leviathan"), perm("i1", "Island"))
    r = run(one, "lev")
    assert not r.payable and r.unpaid is not None and "Island" in r.unpaid
    two = board(perm("lev", "Leviathan"), perm("i1", "Island"), perm("i2", "Island"))
    r2 = run(two, "lev")
    assert r2.payable
    assert sorted(s["permanent"] for s in steps(r2, "sacrifice")) == ["i1", "i2"]


def test_life_up_to_the_whole_life_total() -> None:
    """CR 119.4: at 2 life {W/P} can be paid with life; at 1 it can't."""
    data2 = board(perm("bears", "Grizzly Bears"), perm("annex", "Norn's Annex", "opp"), life=2)
    r = run(data2, "bears")
    assert r.payable and steps(r, "pay_life") == [{"action": "pay_life", "amount": 2}]
    data1 = board(perm("bears", "Grizzly Bears"), perm("annex", "Norn's Annex", "opp"), life=1)
    assert not run(data1, "bears").payable


def test_a_land_taps_for_mana_then_is_sacrificed() -> None:
    """CR 508.1i-j: tap for mana, then sacrifice — {2} and a land from two Forests."""
    data = board(perm("cub", "Bear Cub"), perm("woods", "Flooded Woodlands"),
                 perm("fa", "Forest"), perm("fb", "Forest"),
                 perm("prop", "Propaganda", "opp"))
    r = run(data, "cub")
    assert r.payable and r.total == "{2} + sacrifice 1 land"
    assert len(activations(r)) == 2 and len(steps(r, "sacrifice")) == 1


def test_tower_sacrifices_a_creature_that_already_tapped_for_mana() -> None:
    """{3}: Llanowar Elves adds {G}, then the Tower sacrifices it for {B}{B}."""
    data = board(perm("bears", "Grizzly Bears"), perm("elves", "Llanowar Elves"),
                 perm("tower", "Phyrexian Tower"),
                 {"id": "tax", "name": "Tax", "types": ["Enchantment"], "controller": "opp",
                  "effects": [{"kind": "attack_cost", "affects": {"types": ["Creature"]},
                               "scope": "you", "cost": {"mana": "{3}"}}]})
    r = run(data, "bears")
    assert r.payable
    acts = activations(r)
    assert [a["permanent"] for a in acts] == ["elves", "tower"]
    assert acts[1]["sacrificed"] == "elves"


def test_summoning_sick_creature_cannot_tap_for_mana() -> None:
    def data(sick: bool) -> dict[str, Any]:
        return board(perm("bears", "Grizzly Bears"),
                     perm("elves", "Llanowar Elves", summoning_sick=sick),
                     perm("fa", "Forest"), perm("prop", "Propaganda", "opp"))
    assert run(data(False), "bears").payable
    assert not run(data(True), "bears").payable


def test_birds_make_any_colour() -> None:
    data = board(perm("bears", "Grizzly Bears"), perm("birds", "Birds of Paradise"),
                 perm("annex", "Norn's Annex", "opp"), life=1)
    r = run(data, "bears")
    assert r.payable and steps(r, "pay_mana") == [{"action": "pay_mana", "mana": "{W}"}]


def test_to_json_shape() -> None:
    r = run(_q19(2), "bears")
    js = r.to_json()
    assert set(js) == {"payable", "total", "plan", "unpaid", "attackers"}
    assert js["attackers"] == ["bears"] and js["unpaid"] is None


def test_a_creature_taps_for_mana_or_for_hollow_warrior_not_both() -> None:
    """{2} (Propaganda) + tap an untapped creature: Llanowar Elves can do one of the two."""
    def data(forests: int) -> dict[str, Any]:
        return board(perm("hw", "Hollow Warrior"), perm("elves", "Llanowar Elves"),
                     *(perm(f"f{i}", "Forest") for i in range(forests)),
                     perm("prop", "Propaganda", "opp"))
    assert not run(data(1), "hw").payable
    r = run(data(2), "hw")
    assert r.payable
    assert [s["permanent"] for s in steps(r, "tap")] == ["elves"]
    assert {a["permanent"] for a in activations(r)} == {"f0", "f1"}


def test_plan_uses_only_the_mana_it_needs() -> None:
    data = board(perm("bears", "Grizzly Bears"), *(perm(f"f{i}", "Forest") for i in range(5)),
                 perm("prop", "Propaganda", "opp"))
    r = run(data, "bears")
    assert r.payable and len(activations(r)) == 2
    assert steps(r, "pay_mana") == [{"action": "pay_mana", "mana": "{G}{G}"}]


def test_two_pili_palas_each_paid_by_other_mana() -> None:
    """Each {2},{Q} is paid with Forest mana; the two W pay Norn's Annex twice at 1 life."""
    def data(forests: int) -> dict[str, Any]:
        return board(perm("p1", "Pili-Pala"), perm("p2", "Pili-Pala"),
                     *(perm(f"f{i}", "Forest") for i in range(forests)),
                     perm("annex", "Norn's Annex", "opp"), life=1)
    assert run(data(4), "p1", "p2").payable
    assert not run(data(3), "p1", "p2").payable


def test_wall_of_roots_makes_mana_once_each_turn() -> None:
    """Wall of Roots: "Put a -0/-1 counter on this creature: Add {G}. Activate only once each
    turn." Untapped or not, it adds one {G} at most: with a Forest, {2} but not {4}."""
    data = board(perm("wall", "Wall of Roots"), perm("c1", "Bear Cub"), perm("c2", "Bear Cub"),
                 perm("forest", "Forest"), perm("prison", "Ghostly Prison", "opp"))
    assert run(data, "c1").payable
    assert not run(data, "c1", "c2").payable
    two_walls = board(perm("w1", "Wall of Roots"), perm("w2", "Wall of Roots"),
                      perm("c1", "Bear Cub"), perm("prison", "Ghostly Prison", "opp"))
    assert run(two_walls, "c1").payable  # one {G} from each Wall


def test_spreading_seas_land_taps_only_for_blue() -> None:
    """CR 305.7: Spreading Seas makes the enchanted land an Island: it loses its other
    abilities and taps for {U} only — still one mana; Phyrexian Tower loses its sacrifice
    ability."""
    from mtgcombat.board.characteristics import View

    data = board(perm("tower", "Phyrexian Tower"), perm("seas", "Spreading Seas",
                                                        attached_to="tower"))
    tower = View(load_board(data)).objects["tower"]
    assert tower.subtypes == {"Island"}
    assert [e.produces for e in tower.effects if e.kind == "mana_ability"] == [["{U}"]]


# --- the typed plan and its rendering ---------------------------------------------------------


def rendered(r: PaymentResult) -> list[str]:
    """The plan lines ``mtgcombat check`` prints, read back from the JSON plan."""
    from mtgcombat.cli.render import plan_step

    return [plan_step(step_from_json(js)) for js in r.to_json()["plan"]]


def test_phyrexian_mana_paid_with_life_has_no_pay_zero_line() -> None:
    """{W/P} paid with 2 life: the plan pays life, and no ``pay {0}`` line comes first."""
    data = board(perm("bears", "Grizzly Bears"), perm("annex", "Norn's Annex", "opp"), life=2)
    r = run(data, "bears")
    assert r.payable and r.plan == [PayLife(2)]
    assert rendered(r) == ["pay 2 life"]
    assert not any("{0}" in line for line in rendered(r))


def test_war_tax_zero_still_pays_zero() -> None:
    data = board(perm("goblin", "Crazed Goblin"), perm("tax", "War Tax", activations=[0]))
    r = run(data, "goblin")
    assert r.plan == [PayMana("{0}")] and rendered(r) == ["pay {0}"]


def test_activation_lines_name_the_permanent_or_card() -> None:
    """An activated mana ability's line names its permanent (or card in hand), never None."""
    lands = run(_q6(), "g1")
    assert {line.split(":")[0] for line in rendered(lands) if line.startswith("activate")} == {
        "activate s1", "activate s2"}
    guides = rendered(run(_q19(2), "bears"))
    acts = [line for line in guides if line.startswith("activate")]
    assert len(acts) == 2
    assert all(line.startswith("activate Simian Spirit Guide (from hand): ") for line in acts)
    assert not any("None" in line for line in guides)


def test_plan_steps_round_trip_through_json() -> None:
    steps_: list[PlanStep] = [
        Activate("tower", False, "{T}, Sacrifice a creature: Add {B}{B}", "{B}{B}",
                 sacrificed=("f1",)),
        Activate("Simian Spirit Guide", True, "Exile: Add {R}", "{R}", paid="{G}",
                 paid_life=2, life=1, sacrificed=("a", "b")),
        PayMana("{R}"), PayLife(2), Tap("bears", "x"), Sacrifice("l1", "y"),
        ReturnToHand("seas", "z")]
    assert [step_from_json(s.to_json()) for s in steps_] == steps_
    with pytest.raises(NotImplementedError):
        step_from_json({"action": "frobnicate"})
