"""Combat damage (CR 510): step structure, assignment legality, resolution, the CLI.

Expected answers come from the rules text (CR 510.1-510.4, 702.2c, 702.4b, 702.7b, 702.15b,
702.19b-d, 506.4c, 704.5g-h) and are written by hand in ``models/damage/*.expected.json``
and below; the brute-force check enumerates every split on small boards.
"""

from __future__ import annotations

import json
import time
from itertools import product
from pathlib import Path
from typing import Any

import pytest

from mtgcombat import BoardError, default_catalog, load_board
from mtgcombat.cli.main import main
from mtgcombat.damage.assignment import check_damage, parse_assign
from mtgcombat.damage.combat import combat_at
from mtgcombat.damage.resolve import BLOCKER_LIMIT, ENUMERATION_LIMIT, resolve_combat
from mtgcombat.damage.steps import check_after_first
from mtgcombat.errors import Deadline, SearchTooLarge, SolverFailure, TimeLimitReached
from mtgcombat.solver import integer
from tests.helpers import combat_board as board
from tests.helpers import creature

MODELS = Path(__file__).resolve().parent.parent / "models" / "damage"
CASES = sorted(p.name.removesuffix(".expected.json") for p in MODELS.glob("*.expected.json"))


# -- the model boards ---------------------------------------------------------------------


@pytest.mark.parametrize("name", CASES)
def test_model_checks(name: str) -> None:
    check_damage_board(MODELS / f"{name}.json",
                       json.loads((MODELS / f"{name}.expected.json").read_text()))


def check_damage_board(path: Path, expected: dict[str, Any]) -> None:
    """The board's single damage assignment checks are those of ``expected``."""
    b = load_board(path)
    assert expected["source"].startswith("CR ")
    for case in expected["checks"]:
        if case.get("after_first"):
            v = check_after_first(b, case.get("first_assign", {}), case["assign"])
        else:
            v = check_damage(b, case["assign"], case["step"])
        assert v.legal == case["legal"], (case, v.reason)
    if "first_choice_error" in expected:
        with pytest.raises(BoardError, match=expected["first_choice_error"]):
            check_after_first(b, {}, {})


@pytest.mark.parametrize("name", CASES)
def test_model_resolve(name: str) -> None:
    check_damage_resolve(MODELS / f"{name}.json",
                         json.loads((MODELS / f"{name}.expected.json").read_text())["resolve"])


def check_damage_resolve(path: Path, want: dict[str, Any]) -> None:
    """Resolving the board's combat gives the outcome ``want``."""
    b = load_board(path)
    got = resolve_combat(b, want["maximize"])
    assert got.player_damage == want["player_damage"]
    assert got.kills == want["kills"]
    assert sorted(got.destroyed) == sorted(want["destroyed"])
    assert got.life == want["life"]
    assert got.poison == want.get("poison", {})
    minus: dict[str, int] = {}
    for s in got.steps:
        for c, n in s.minus_counters.items():
            minus[c] = minus.get(c, 0) + n
    assert minus == want.get("minus_counters", {})
    if "object_damage" in want:
        assert got.object_damage == want["object_damage"]
    if "steps" in want:
        assert [(s.player_damage, sorted(s.destroyed)) for s in got.steps] == [
            (s["player_damage"], sorted(s["destroyed"])) for s in want["steps"]]


# -- step structure -----------------------------------------------------------------------


def test_no_first_strike_one_step_everyone_assigns() -> None:
    b = board([creature("a", 2, 2), creature("b", 2, 2)], {"a": "opp"}, {"b": "a"})
    c = combat_at(b)
    assert not c.first_step_exists()
    assert set(c.assigners("first")) == {"a", "b"}
    r = resolve_combat(b)
    assert len(r.steps) == 1 and sorted(r.destroyed) == ["a", "b"]


def test_removed_first_striker_does_not_make_a_first_step() -> None:
    """702.7b counts attacking or blocking creatures only; 506.4: removed from combat."""
    b = board([creature("a", 2, 2), creature("k", 2, 1, "first strike")],
              {"a": "opp", "k": "opp"}, removed_from_combat=["k"])
    assert not combat_at(b).first_step_exists()


def test_granted_double_strike_lost_when_the_granter_dies() -> None:
    """510.4 / 702.4b: who assigns in the second step is judged then. Avatar of Slaughter
    (granting double strike) blocks a first striker and dies in the first step; the Bears
    attacking unblocked had double strike only from the Avatar, so deal damage once."""
    b = board([{"id": "bears", "card": "Grizzly Bears"},
               creature("fs", 9, 9, "first strike"),
               {"id": "avatar", "card": "Avatar of Slaughter", "controller": "opp",
                "damage": 7}],
              {"bears": "opp", "fs": "opp"}, {"avatar": "fs"})
    r = resolve_combat(b)
    assert "avatar" in r.steps[0].destroyed
    assert [s.player_damage for s in r.steps] == [2, 0]


# -- legality -----------------------------------------------------------------------------


def test_trample_lethal_counts_marked_damage() -> None:
    """702.19b: lethal = toughness minus damage already marked."""
    b = board([creature("t", 4, 4, "trample"), creature("w", 0, 3, damage=2)],
              {"t": "opp"}, {"w": "t"})
    assert check_damage(b, {"t": {"w": 1, "opp": 3}}).legal
    assert not check_damage(b, {"t": {"opp": 4}}).legal


def test_trample_lethal_counts_other_attackers_damage() -> None:
    """510.1c-d: damage other creatures assign in the same step counts toward lethal."""
    b = board([creature("t", 3, 3, "trample"), creature("x", 2, 2), creature("w", 0, 2)],
              {"t": "opp", "x": "opp"}, {"w": ["t", "x"]})
    assert check_damage(b, {"t": {"opp": 3}, "x": {"w": 2}}).legal
    v = check_damage(b, {"t": {"opp": 3}, "x": {"w": 1}})
    assert not v.legal and "702.19b" in v.reason


def test_deathtouch_from_another_creature_is_lethal() -> None:
    b = board([creature("t", 3, 3, "trample"), creature("d", 1, 1, "deathtouch"),
               creature("w", 0, 5)], {"t": "opp", "d": "opp"}, {"w": ["t", "d"]})
    assert check_damage(b, {"t": {"opp": 3}, "d": {"w": 1}}).legal


def test_blocked_without_blockers() -> None:
    """510.1c: none; 702.19d: a trampler assigns all to the player."""
    b = board([creature("a", 3, 3), creature("t", 3, 3, "trample"), creature("w", 1, 1)],
              {"a": "opp", "t": "opp"}, {"w": ["a", "t"]}, removed_from_combat=["w"])
    v = check_damage(b, {})
    assert v.legal and v.assignment == {"a": {}, "t": {"opp": 3}}
    assert not check_damage(b, {"a": {"opp": 3}}).legal


def test_planeswalker_that_left_combat_receives_nothing() -> None:
    """506.4c: the unblocked attacker assigns none; a blocked trampler only to its blockers."""
    pw = {"id": "jace", "name": "Jace", "types": ["Planeswalker"], "controller": "opp",
          "loyalty": 3}
    b = board([pw, creature("a", 2, 2), creature("t", 4, 4, "trample"), creature("w", 0, 1)],
              {"a": "jace", "t": "jace"}, {"w": "t"}, removed_from_combat=["jace"])
    assert check_damage(b, {"a": {}, "t": {"w": 4}}).legal
    assert not check_damage(b, {"a": {"jace": 2}, "t": {"w": 4}}).legal
    assert not check_damage(b, {"a": {}, "t": {"w": 1, "jace": 3}}).legal


def test_loyalty_loss_and_zero_loyalty_leaves_combat() -> None:
    pw = {"id": "jace", "name": "Jace", "types": ["Planeswalker"], "controller": "opp",
          "loyalty": 2}
    b = board([pw, creature("f", 2, 2, "double strike")], {"f": "jace"})
    r = resolve_combat(b)
    assert r.steps[0].counters == {"jace": 0}
    assert r.steps[1].events == ()


def test_first_striker_does_not_assign_in_regular_step() -> None:
    b = board([creature("k", 2, 1, "first strike")], {"k": "opp"})
    v = check_damage(b, {"k": {"opp": 2}}, "regular")
    assert not v.legal and "702.7b" in v.reason


def test_left_out_creature_filled_only_when_forced() -> None:
    b = board([creature("a", 2, 2), creature("w1", 1, 1), creature("w2", 1, 1)],
              {"a": "opp"}, {"w1": "a", "w2": "a"})
    v = check_damage(b, {})
    assert not v.legal and "more than one choice" in v.reason
    v = check_damage(b, {"a": {"w1": 2}})
    assert v.legal and v.assignment["w1"] == {"a": 1}


def test_trampler_left_out_filled_when_only_one_split_is_legal() -> None:
    """A 2/2 trampler blocked by a 3/3: sending any damage over is illegal (702.19b)."""
    b = board([creature("t", 2, 2, "trample"), creature("w", 3, 3)], {"t": "opp"}, {"w": "t"})
    v = check_damage(b, {})
    assert v.legal and v.assignment["t"] == {"w": 2}


def test_blocker_divides_among_attackers() -> None:
    b = board([creature("a", 1, 1), creature("c", 1, 1), creature("w", 3, 3)],
              {"a": "opp", "c": "opp"}, {"w": ["a", "c"]})
    assert check_damage(b, {"w": {"a": 2, "c": 1}, "a": {"w": 1}, "c": {"w": 1}}).legal
    assert not check_damage(b, {"w": {"a": 2, "opp": 1}}).legal


def test_unknown_id_is_bad_input() -> None:
    b = board([creature("a", 1, 1)], {"a": "opp"})
    with pytest.raises(BoardError):
        check_damage(b, {"zz": {"opp": 1}})


# -- resolution ---------------------------------------------------------------------------


def test_protection_prevents_but_counts_toward_lethal() -> None:
    """702.16: prevented damage kills nothing and gains no life; the assignment is still
    lethal for trample."""
    b = board([creature("t", 4, 4, "trample", "deathtouch", "lifelink", colors=["R"]),
               creature("w", 0, 2, "protection from red")], {"t": "opp"}, {"w": "t"})
    v = check_damage(b, {"t": {"w": 1, "opp": 3}})
    assert v.legal and v.result is not None
    assert v.result.destroyed == () and v.result.life == {"you": 23, "opp": 17}


def test_indestructible_survives_lethal_and_deathtouch() -> None:
    b = board([{"id": "rats", "card": "Typhoid Rats"}, {"id": "myr", "card": "Darksteel Myr"}],
              {"rats": "opp"}, {"myr": "rats"})
    r = resolve_combat(b)
    assert r.destroyed == ()


def test_multi_blocker_kills_as_many_as_it_can() -> None:
    """A 3/3 blocking a 2/2 and a 1/1 divides 2+1 to destroy both."""
    b = board([creature("a", 0, 2), creature("c", 0, 1), creature("w", 3, 3)],
              {"a": "opp", "c": "opp"}, {"w": ["a", "c"]})
    r = resolve_combat(b)
    assert sorted(r.destroyed) == ["a", "c"]


def test_two_step_plan_is_not_greedy() -> None:
    """A 3-power double strike trampler blocked by two 2/2s: the first step can kill one and
    put 1 on the other, so the second step tramples 2 over (no first step sends any over)."""
    b = board([creature("t", 3, 3, "double strike", "trample"),
               creature("w1", 0, 2), creature("w2", 0, 2)], {"t": "opp"},
              {"w1": "t", "w2": "t"})
    r = resolve_combat(b, "player")
    assert [s.player_damage for s in r.steps] == [0, 2]


def test_kills_objective() -> None:
    b = board([creature("t", 4, 4, "trample"), creature("w", 0, 4)], {"t": "opp"}, {"w": "t"})
    assert resolve_combat(b, "kills").kills == 1
    assert resolve_combat(b, "player").player_damage == 0


# -- brute force: every split on small boards ----------------------------------------------


def every_split(power: int, recipients: list[str]) -> list[dict[str, int]]:
    return [dict(zip(recipients, c, strict=True))
            for c in product(range(power + 1), repeat=len(recipients)) if sum(c) == power]


def test_every_split_of_4_between_two_blockers_is_legal() -> None:
    """510.1c: no damage assignment order; any division of the 4 among the 2/3 and 1/1."""
    b = load_board(MODELS / "split_4_3_two_blockers.json")
    splits = every_split(4, ["wall", "elf", "opp"])
    legal = [s for s in splits if check_damage(b, {"big": s}).legal]
    assert legal == [s for s in splits if s["opp"] == 0]
    assert len(legal) == 5


def test_brute_force_trample_deathtouch() -> None:
    """Every split of 6 over three blockers and the player: legal iff each blocker gets at
    least 1 or the player gets nothing (702.19b, 702.2c)."""
    b = load_board(MODELS / "trample_deathtouch_three_blockers.json")
    for s in every_split(6, ["b1", "b2", "b3", "opp"]):
        want = s["opp"] == 0 or all(s[x] >= 1 for x in ("b1", "b2", "b3"))
        assert check_damage(b, {"maw": s}).legal == want, s


def test_brute_force_trample_marked_damage() -> None:
    """A 5/5 trampler blocked by a 3/3 with 1 damage and a 2/2: lethal is 2 and 2."""
    b = board([creature("t", 5, 5, "trample"), creature("x", 0, 3, damage=1),
               creature("y", 0, 2)], {"t": "opp"}, {"x": "t", "y": "t"})
    for s in every_split(5, ["x", "y", "opp"]):
        want = s["opp"] == 0 or (s["x"] >= 2 and s["y"] >= 2)
        assert check_damage(b, {"t": s}).legal == want, s


# -- CLI ----------------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_assign_json(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(MODELS / "double_strike_trample_chump.json")
    code, out, _ = run(capsys, "damage", path, "--assign", "maw=chump:1,opp:5", "--json")
    data = json.loads(out)
    assert code == 0 and data["legal"] is True and data["result"]["player_damage"] == 5
    code, out, _ = run(capsys, "damage", path, "--assign", "maw=opp:6", "--json")
    data = json.loads(out)
    assert code == 0 and data["legal"] is False and "702.19b" in data["reason"]
    assert data["result"] is None


def test_cli_resolve(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(MODELS / "all_keywords.json")
    code, out, _ = run(capsys, "damage", path, "--resolve", "--json")
    assert code == 0 and json.loads(out)["player_damage"] == 9
    code, out, _ = run(capsys, "damage", path, "--resolve")
    assert code == 0 and "Regular combat damage step" in out and "Destroyed: knight" in out


def test_cli_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(MODELS / "all_keywords.json")
    assert run(capsys, "damage", path, "--assign", "reaper=opp")[0] == 2
    assert run(capsys, "damage", path, "--assign", "nobody=opp:1")[0] == 2
    assert run(capsys, "damage", str(MODELS / "missing.json"), "--resolve")[0] == 2


def test_parse_assign() -> None:
    assert parse_assign(["a=b:1,opp:2", "c="]) == {"a": {"b": 1, "opp": 2}, "c": {}}
    with pytest.raises(BoardError):
        parse_assign(["a=b:x"])


# -- no verdict: solver statuses, time limits, size limits ------------------------------------


def _simple_board() -> Any:
    return board([creature("a", 2, 2), creature("b", 2, 2)], {"a": "opp"}, {"b": "a"})


@pytest.mark.parametrize("status", ["MODEL_INVALID", "UNKNOWN"])
def test_unexpected_solver_status_is_a_solver_failure(
        monkeypatch: pytest.MonkeyPatch, status: str) -> None:
    """A status other than optimal, feasible or infeasible is never read as infeasible."""
    monkeypatch.setattr(integer, "_run", lambda solver, model: status)
    with pytest.raises(SolverFailure, match=status):
        resolve_combat(_simple_board())


def test_unknown_status_with_a_deadline_is_a_time_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(integer, "_run", lambda solver, model: "UNKNOWN")
    with pytest.raises(TimeLimitReached):
        resolve_combat(_simple_board(), deadline=Deadline.after(60))


def test_expired_deadline_raises_time_limit_reached() -> None:
    with pytest.raises(TimeLimitReached):
        resolve_combat(_simple_board(), deadline=Deadline(time.monotonic() - 1))


def test_deadline_not_reached_changes_nothing() -> None:
    b = _simple_board()
    assert (resolve_combat(b, deadline=Deadline.after(60)).to_json()
            == resolve_combat(b).to_json())


def test_too_many_first_step_outcomes_is_search_too_large() -> None:
    n = ENUMERATION_LIMIT + 1
    blockers = [creature(f"b{i}", 0, 1) for i in range(n)]
    b = board([creature("a", n, n, "first strike"), *blockers], {"a": "opp"},
              {f"b{i}": "a" for i in range(n)})
    with pytest.raises(SearchTooLarge, match="plan both steps"):
        resolve_combat(b)


def test_too_many_blocker_divisions_is_search_too_large() -> None:
    attackers = [creature(f"a{i}", 1, 1) for i in range(6)]
    b = board([*attackers, creature("w", 20, 20)], {f"a{i}": "opp" for i in range(6)},
              {"w": [f"a{i}" for i in range(6)]})
    with pytest.raises(SearchTooLarge, match=str(BLOCKER_LIMIT)):
        resolve_combat(b)


def test_catalog_is_passed_down() -> None:
    b = _simple_board()
    cat = default_catalog()
    assert combat_at(b, cat).catalog is cat
    assert check_damage(b, {"a": {"b": 2}, "b": {"a": 2}}, catalog=cat).legal
    assert resolve_combat(b, catalog=cat).to_json() == resolve_combat(b).to_json()


# -- Master of Cruelties ------------------------------------------------------------------


def _master() -> list[dict[str, Any]]:
    return [{"id": "master", "card": "Master of Cruelties", "controller": "you"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "opp"}]


def test_master_unblocked_assigns_nothing_and_life_becomes_one() -> None:
    b = board(_master(), {"master": "opp"})
    c = combat_at(b)
    assert c.silenced == frozenset({"master"})
    assert {p.name: p.life for p in c.board.players} == {"you": 20, "opp": 1}
    assert check_damage(b, {}).legal
    assert not check_damage(b, {"master": {"opp": 1}}).legal
    r = resolve_combat(b)
    assert r.player_damage == 0 and r.life == {"you": 20, "opp": 1}


def test_master_unblocked_keeps_lower_life() -> None:
    b = load_board({"active_player": "you", "players": [{"name": "you"},
                                                        {"name": "opp", "life": 1}],
                    "permanents": _master(), "attack": {"master": "opp"}})
    assert resolve_combat(b).life == {"you": 20, "opp": 1}
    b0 = load_board({"active_player": "you", "players": [{"name": "you"},
                                                         {"name": "opp", "life": 0}],
                     "permanents": _master(), "attack": {"master": "opp"}})
    assert combat_at(b0).board.players[1].life == 0


def test_master_blocked_assigns_normally() -> None:
    b = board(_master(), {"master": "opp"}, {"bears": "master"})
    assert combat_at(b).silenced == frozenset()
    assert check_damage(b, {"master": {"bears": 1}}).legal
    r = resolve_combat(b)
    assert r.destroyed == ("bears",) and r.life == {"you": 20, "opp": 20}


def test_master_attacking_planeswalker_assigns_normally() -> None:
    perms = [*_master(), {"id": "pw", "name": "pw", "types": ["Planeswalker"],
                          "controller": "opp", "loyalty": 3}]
    b = board(perms, {"master": "pw"})
    assert combat_at(b).silenced == frozenset()
    r = resolve_combat(b)
    assert r.life == {"you": 20, "opp": 20}
    assert r.steps[0].counters == {"pw": 2}
