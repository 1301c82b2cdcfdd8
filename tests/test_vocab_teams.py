"""Teams (Two-Headed Giant, CR 810; shared team turns, CR 805): the attack side.

Expected answers come from the rules, worked out by hand: the active team declares one combined
attack with both teammates' creatures, each attacking one defending player (a player of the
other team), planeswalker or battle (CR 805.10a-b); a player's opponents are the players not on
their team (CR 102.3); teammates share life and poison (CR 810.4, 810.9a, 810.10) but not mana
(CR 810.5). What isn't modelled (the combined block, shared-life damage, a teammate's cost to
attack) is refused, never answered.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from mtgcombat import BoardError, Declaration, load_board
from mtgcombat.board.model import Board
from mtgcombat.legality.attacks import check, legal_attacks
from mtgcombat.oracle.attacks import reference_legal
from tests.helpers import card, decls
from tests.strategies import board_dicts
from tests.test_differential import differential

TEAMS = [["you", "ally"], ["Alice", "Bob"]]
DEFENDERS = ("Alice", "Bob")


def _data(perms: list[dict[str, Any]], life: int = 30, **top: Any) -> dict[str, Any]:
    """A Two-Headed Giant board, ``you`` active; permanents default to ``you``."""
    for p in perms:
        p.setdefault("controller", "you")
    return {"active_player": "you", "teams": TEAMS,
            "players": [{"name": n, "life": life} for n in ("you", "ally", "Alice", "Bob")],
            "permanents": perms, **top}


def _board(perms: list[dict[str, Any]], **top: Any) -> Board:
    return load_board(_data(perms, **top))


def _legal(board: Board, *, assume_payable: bool = True) -> set[Declaration]:
    got = set(legal_attacks(board, assume_payable=assume_payable))
    if assume_payable:
        assert got == reference_legal(board)  # the brute-force oracle agrees
    return got


def _all(creatures: tuple[str, ...], targets: tuple[str | None, ...] = (None, *DEFENDERS),
         ok: Any = lambda d: True) -> set[Declaration]:
    """Every declaration of ``creatures`` over ``targets`` (None: doesn't attack) passing ok."""
    out = set()
    for choice in itertools.product(targets, repeat=len(creatures)):
        d = {c: t for c, t in zip(creatures, choice, strict=True) if t is not None}
        if ok(d):
            out.add(Declaration(d))
    return out


def test_team_of_and_opponents() -> None:
    """CR 102.3: the active player's opponents are the other team's players."""
    b = _board([])
    assert b.team_of("ally") == frozenset({"you", "ally"})
    assert b.team_of("Bob") == frozenset({"Alice", "Bob"})
    assert b.opponents() == ["Alice", "Bob"]
    plain = load_board({"active_player": "you", "players": [{"name": "you"}, {"name": "opp"}]})
    assert plain.team_of("you") == frozenset({"you"})


def test_both_teammates_creatures_attack_together() -> None:
    """CR 805.10b: one combined attack of the active team; each creature attacks Alice or Bob,
    never a teammate; the nonactive team's creatures don't attack."""
    b = _board([card("bears", "Grizzly Bears"),
                card("ally_bears", "Grizzly Bears", controller="ally"),
                card("alice_bears", "Grizzly Bears", controller="Alice")])
    assert _legal(b) == _all(("bears", "ally_bears"))
    assert not check(b, {"ally_bears": "you"}, assume_payable=True).legal
    verdict = check(b, {"alice_bears": "you"}, assume_payable=True)
    assert not verdict.legal
    assert "not on the active team" in str(verdict)


def test_teammates_requirement_counts_in_the_combined_attack() -> None:
    """Juggernaut of the teammate attacks each combat if able (CR 508.1d on the whole attack)."""
    b = _board([card("bears", "Grizzly Bears"), card("jugg", "Juggernaut", controller="ally")])
    assert _legal(b) == _all(("bears", "jugg"), ok=lambda d: "jugg" in d)
    assert not check(b, {"bears": "Alice"}, assume_payable=True).legal


def test_attack_you_names_one_defending_player() -> None:
    """Crawlspace (Alice's): no more than two creatures can attack Alice; each creature attacks
    one defending player (CR 805.10b), so attacking Bob is unrestricted."""
    b = _board([card("b1", "Grizzly Bears"), card("b2", "Grizzly Bears"),
                card("b3", "Grizzly Bears", controller="ally"),
                card("crawl", "Crawlspace", controller="Alice")])
    expected = _all(("b1", "b2", "b3"), ok=lambda d: list(d.values()).count("Alice") <= 2)
    assert len(expected) == 26
    assert _legal(b) == expected


@pytest.mark.parametrize("owner, bound", [("Alice", True), ("ally", False)])
def test_wars_toll_opponents_are_the_other_team(owner: str, bound: bool) -> None:
    """War's Toll: "If a creature an opponent controls attacks, all creatures that opponent
    controls attack if able." Alice's binds you and ally each on their own; ally's binds
    nobody: a teammate is no opponent (CR 102.3)."""
    b = _board([card("b1", "Grizzly Bears"), card("b2", "Grizzly Bears"),
                card("b3", "Grizzly Bears", controller="ally"),
                card("toll", "War's Toll", controller=owner)])

    def ok(d: dict[str, str]) -> bool:
        return not bound or ("b1" in d) == ("b2" in d)

    assert _legal(b) == _all(("b1", "b2", "b3"), ok=ok)


def test_goad_by_a_defending_player() -> None:
    """Goaded by Alice (CR 701.15b): the teammate's creature attacks a player other than
    Alice if able, and Bob is attackable: it must attack Bob."""
    b = _board([card("g", "Grizzly Bears", controller="ally", goaded_by=["Alice"])])
    assert _legal(b) == decls({"g": "Bob"})


@pytest.mark.parametrize("forests, mine, legal", [
    (2, True, True), (1, True, False), (2, False, False)])
def test_ghostly_prison_paid_by_the_attacking_creatures_controller(
        forests: int, mine: bool, legal: bool) -> None:
    """Ghostly Prison (Alice's) costs {2} per creature attacking Alice, not Bob; the active
    player pays with their own mana: a teammate's Forests can't pay (CR 810.5)."""
    lands = [card(f"f{i}", "Forest", controller="you" if mine else "ally")
             for i in range(forests)]
    b = _board([card("bears", "Grizzly Bears"), card("gp", "Ghostly Prison", controller="Alice"),
                *lands])
    got = _legal(b, assume_payable=False)
    assert Declaration({"bears": "Bob"}) in got and Declaration({}) in got
    assert (Declaration({"bears": "Alice"}) in got) is legal
    assert _legal(b) == _all(("bears",))


def test_teammates_cost_to_attack_is_refused() -> None:
    """A cost on the teammate's creature would be paid with the teammate's resources, which
    the payment model doesn't hold apart: refused, not answered."""
    b = _board([card("ally_bears", "Grizzly Bears", controller="ally"),
                card("gp", "Ghostly Prison", controller="Alice")])
    with pytest.raises(BoardError, match="teammate") as info:
        list(legal_attacks(b, assume_payable=True))
    assert info.value.path == "$.teams"


@pytest.mark.parametrize("owner", ["Alice", "ally"])
def test_trove_of_temptation_asks_each_opponent(owner: str) -> None:
    """Trove of Temptation: "Each opponent must attack you or a planeswalker you control with
    at least one creature each combat if able." Alice's asks you and ally each for one of
    their own creatures (CR 102.3, 508.1d); the teammate's asks nothing of its own team."""
    b = _board([card("b1", "Grizzly Bears"), card("b2", "Grizzly Bears"),
                card("b3", "Grizzly Bears", controller="ally"),
                card("trove", "Trove of Temptation", controller=owner)])

    def ok(d: dict[str, str]) -> bool:
        return owner == "ally" or ("Alice" in (d.get("b1"), d.get("b2"))
                                   and d.get("b3") == "Alice")

    expected = _all(("b1", "b2", "b3"), ok=ok)
    assert len(expected) == (27 if owner == "ally" else 5)
    assert _legal(b) == expected
    if owner == "Alice":
        verdict = check(b, {"b1": "Alice", "b2": "Alice", "b3": "Bob"}, assume_payable=True)
        assert not verdict.legal
        assert "ally controls" in str(verdict)


@pytest.mark.parametrize("top, path", [
    ({"attack": {"bears": "Alice"}}, "$.attack"),
    ({"removed_from_combat": ["bears"]}, "$.removed_from_combat"),
    ({"attack_multiple_players": False}, "$.attack_multiple_players"),
])
def test_unmodelled_options_are_refused(top: dict[str, Any], path: str) -> None:
    """The combined block, shared-life combat damage (CR 805.10d, 810.9) and the single
    defending player option are refused on a board with teams."""
    with pytest.raises(BoardError) as info:
        load_board(_data([card("bears", "Grizzly Bears")], **top))
    assert info.value.path == path


def test_left_game_and_poison_with_teams() -> None:
    """A player who left (a team leaves together, CR 810.8a-b) and unshared poison counters
    (CR 810.10) are refused."""
    data = _data([])
    data["players"][3]["left_game"] = True
    with pytest.raises(BoardError) as info:
        load_board(data)
    assert info.value.path == "$.players[3].left_game"
    data = _data([])
    data["players"][1]["poison"] = 3
    with pytest.raises(BoardError, match="poison") as info:
        load_board(data)
    assert info.value.path == "$.players[1].poison"


# -- differential: the engine against the brute-force oracle on team boards ---------------------


def _as_teams(data: dict[str, Any], moved: list[bool]) -> dict[str, Any]:
    """A generated two-opponent board made a Two-Headed Giant board: ``ally`` joins ``you``,
    taking the active player's permanents flagged in ``moved``."""
    data = dict(data)
    data.pop("attack_multiple_players", None)
    data.pop("defending_player", None)
    data["players"] = [{k: v for k, v in p.items() if k != "hand_size"}
                       for p in data["players"]] + [{"name": "ally"}]
    data["teams"] = [["you", "ally"], ["Alice", "Bob"]]
    perms = []
    for p, move in zip(data["permanents"], itertools.cycle(moved or [False]), strict=False):
        perms.append(p | {"controller": "ally"} if move and p["controller"] == "you" else p)
    data["permanents"] = perms
    return data


_HEALTH = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]


def _team_differential(data: st.DataObject) -> None:
    """A generated board with two opponents, some of the active player's permanents moved to
    a teammate: engine and oracle agree (or both refuse what teams don't model)."""
    raw = data.draw(board_dicts(max_candidates=5, max_declarations=1024))
    assume({p["name"] for p in raw["players"]} == {"you", "Alice", "Bob"})
    moved = data.draw(st.lists(st.booleans(), min_size=1, max_size=8))
    team_data = _as_teams(raw, moved)
    try:
        board = load_board(team_data)
        differential(team_data, board)
    except BoardError as exc:
        assert "teams" in exc.message, exc.message


@settings(max_examples=300, deadline=None, derandomize=True, database=None,
          suppress_health_check=_HEALTH)
@given(st.data())
def test_engine_agrees_with_oracle_on_team_boards(data: st.DataObject) -> None:
    _team_differential(data)


@pytest.mark.slow
@settings(max_examples=10_000, deadline=None, database=None, suppress_health_check=_HEALTH)
@given(st.data())
def test_engine_agrees_with_oracle_on_team_boards_exhaustive(data: st.DataObject) -> None:
    _team_differential(data)
