"""Teams (Two-Headed Giant, CR 810; shared team turns, CR 805): attacks, blocks and damage.

Expected answers come from the rules, worked out by hand: the active team declares one combined
attack with both teammates' creatures, each attacking one defending player (a player of the
other team), planeswalker or battle (CR 805.10a-b); the defending team declares one combined
block, any of its creatures blocking any creature attacking the team (CR 805.10d), and "the
defending player" of an attacker is the one it attacks (CR 805.10e); a player's opponents are
the players not on their team (CR 102.3); teammates share life and poison (CR 810.4, 810.9a,
810.10) but not mana (CR 810.5). What isn't modelled (a teammate's cost to attack or to block
other than the first listed defending player's, a chosen blocking player) is refused, never
answered.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from mtgcombat import BoardError, Declaration, load_board
from mtgcombat.board.declaration import BlockDeclaration
from mtgcombat.board.model import Board
from mtgcombat.compile.blocks import compile_blocks
from mtgcombat.damage.assignment import check_damage
from mtgcombat.damage.combat import combat_at
from mtgcombat.damage.resolve import resolve_combat
from mtgcombat.damage.results import after
from mtgcombat.legality.attacks import check, legal_attacks
from mtgcombat.legality.blocks import check_blocks, legal_blocks
from mtgcombat.oracle.attacks import reference_legal
from mtgcombat.oracle.blocks import blocking_setup, compiled_evasion, reference_legal_blocks
from tests.block_strategies import block_board_dicts, declaration_count
from tests.helpers import card, decls
from tests.strategies import board_dicts
from tests.test_blocks_differential import differential as block_differential
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
    ({"attack": {"bears": "Alice"}, "blocking_player": "Alice"}, "$.blocking_player"),
    ({"attack_multiple_players": False}, "$.attack_multiple_players"),
])
def test_unmodelled_options_are_refused(top: dict[str, Any], path: str) -> None:
    """A chosen blocking player (the whole defending team blocks, CR 805.10d) and the single
    defending player option (CR 805.10a) are refused on a board with teams."""
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


# --- the combined block (CR 805.10d-e) ------------------------------------------------------

_BEARS = [card("g1", "Grizzly Bears"), card("g2", "Grizzly Bears", controller="ally")]
_TEAM_ATTACK = {"g1": "Alice", "g2": "Bob"}


def _blocks(board: Board, *, assume_payable: bool = True) -> set[BlockDeclaration]:
    got = set(legal_blocks(board, assume_payable=assume_payable))
    if assume_payable:
        assert got == reference_legal_blocks(board)  # the brute-force oracle agrees
    return got


def _all_blocks(blockers: tuple[str, ...], attackers: tuple[str, ...],
                ok: Any = lambda d: True) -> set[BlockDeclaration]:
    """Every declaration of ``blockers`` each blocking one of ``attackers`` or nothing."""
    out = set()
    for choice in itertools.product((None, *attackers), repeat=len(blockers)):
        d = {b: a for b, a in zip(blockers, choice, strict=True) if a is not None}
        if ok(d):
            out.add(BlockDeclaration.from_json(d))
    return out


def test_defending_team_blocks_together() -> None:
    """CR 805.10d: either defending player's creature may block a creature attacking their
    teammate; one combined block."""
    b = _board([*_BEARS, card("a1", "Grizzly Bears", controller="Alice"),
                card("b1", "Grizzly Bears", controller="Bob")], attack=_TEAM_ATTACK)
    expected = _all_blocks(("a1", "b1"), ("g1", "g2"))
    assert len(expected) == 9
    assert _blocks(b) == expected
    assert blocking_setup(b).blocking_players == frozenset(DEFENDERS)
    assert check_blocks(b, {"b1": "g1", "a1": "g2"}).legal
    verdict = check_blocks(b, {"g1": "g2"})
    assert not verdict.legal and "defending team" in verdict.reason


def test_cant_block_alone_is_satisfied_by_a_teammates_blocker() -> None:
    """Mogg Flunkies (Alice's) "can't block alone": Bob's creature blocking too is enough,
    the block being the team's (CR 805.10d, 509.1b)."""
    b = _board([*_BEARS, card("flunk", "Mogg Flunkies", controller="Alice"),
                card("b1", "Grizzly Bears", controller="Bob")], attack=_TEAM_ATTACK)
    expected = _all_blocks(("flunk", "b1"), ("g1", "g2"),
                           ok=lambda d: "flunk" not in d or "b1" in d)
    assert len(expected) == 7
    assert _blocks(b) == expected


def test_silent_arbiter_caps_the_combined_block() -> None:
    """Bob's Silent Arbiter: "no more than one creature can block each combat" counts both
    defending players' blockers."""
    b = _board([card("g1", "Grizzly Bears"), card("a1", "Grizzly Bears", controller="Alice"),
                card("arb", "Silent Arbiter", controller="Bob")], attack={"g1": "Alice"})
    assert _blocks(b) == _all_blocks(("a1", "arb"), ("g1",), ok=lambda d: len(d) <= 1)


def test_landwalk_looks_at_the_player_it_attacks() -> None:
    """CR 805.10e: forestwalk asks whether the attacker's defending player (the one it
    attacks) controls a Forest: Bob does, Alice doesn't."""
    walk = {"types": ["Creature"], "power": 2, "toughness": 2, "keywords": ["forestwalk"]}
    b = _board([{"id": "w1", "name": "w1", **walk}, {"id": "w2", "name": "w2", **walk},
                card("a1", "Grizzly Bears", controller="Alice"),
                card("b1", "Grizzly Bears", controller="Bob"),
                card("forest", "Forest", controller="Bob")], attack={"w1": "Alice", "w2": "Bob"})
    assert _blocks(b) == _all_blocks(("a1", "b1"), ("w1",))
    pairs = {("a1", "w2"), ("b1", "w2")}
    assert blocking_setup(b).evasion == pairs == compiled_evasion(compile_blocks(b))


@pytest.mark.parametrize("mountains_of, legal", [("Alice", True), ("Bob", False)])
def test_block_cost_is_paid_by_the_blockers_controller(mountains_of: str, legal: bool) -> None:
    """Alice's Qal Sisma Behemoth blocks only if Alice pays {2}: Bob's Mountains don't help
    (teammates don't share mana, CR 810.5)."""
    b = _board([card("g1", "Grizzly Bears"), card("qal", "Qal Sisma Behemoth", controller="Alice"),
                card("m1", "Mountain", controller=mountains_of),
                card("m2", "Mountain", controller=mountains_of)], attack={"g1": "Alice"})
    assert _blocks(b) == _all_blocks(("qal",), ("g1",))
    want = _all_blocks(("qal",), ("g1",)) if legal else {BlockDeclaration.from_json({})}
    assert _blocks(b, assume_payable=False) == want
    assert check_blocks(b, {"qal": "g1"}).legal is legal


def test_teammates_cost_to_block_is_refused() -> None:
    """Only the first listed defending player's costs to block are modelled: Bob's Behemoth's
    {2} is refused, never answered."""
    b = _board([card("g1", "Grizzly Bears"), card("qal", "Qal Sisma Behemoth", controller="Bob")],
               attack={"g1": "Alice"})
    with pytest.raises(BoardError, match="CR 810.5") as info:
        legal_blocks(b)
    assert info.value.path == "$.teams"


# --- combat damage to shared life totals (CR 810.9a, 810.10) --------------------------------


def test_combat_damage_and_lifelink_change_team_life() -> None:
    """Unblocked Bears on Alice (2) and Nighthawk on Bob (2, lifelink for ally's team); ally's
    Bears and Alice's trade. The defending team loses 4 from 30, the active team gains 2:
    each teammate shows the team's total."""
    b = _board([*_BEARS, card("hawk", "Vampire Nighthawk", controller="ally"),
                card("a1", "Grizzly Bears", controller="Alice")],
               attack={"g1": "Alice", "hawk": "Bob", "g2": "Bob"}, blocks={"a1": "g2"})
    got = resolve_combat(b, "player")
    assert got.life == {"you": 32, "ally": 32, "Alice": 26, "Bob": 26}
    assert got.player_damage == 4
    assert sorted(got.destroyed) == ["a1", "g2"]


def test_poison_counters_are_the_teams() -> None:
    """Infect 2/2 on Alice and infect 1/1 on Bob, unblocked: Alice is given 2 poison counters
    and Bob 1, the team's 3 (CR 810.10); after the step both show 1 + 3; no life is lost."""
    inf = {"types": ["Creature"], "keywords": ["infect"], "toughness": 2}
    data = _data([{"id": "i2", "name": "i2", "power": 2, **inf},
                  {"id": "i1", "name": "i1", "power": 1, "controller": "ally", **inf}],
                 attack={"i2": "Alice", "i1": "Bob"})
    for p in data["players"]:
        p["poison"] = 1
    b = load_board(data)
    got = resolve_combat(b, "poison")
    assert got.poison == {"Alice": 2, "Bob": 1}
    assert got.life == {n: 30 for n in ("you", "ally", "Alice", "Bob")}
    later = after(combat_at(b), got.steps[0]).board
    assert [p.poison for p in later.players] == [1, 1, 4, 4]


def test_master_of_cruelties_sets_the_team_life_to_one() -> None:
    """Unblocked Master of Cruelties attacking Alice: "that player's life total becomes 1" is
    the team's life total (CR 810.9a), so Bob shows 1 too; it deals no combat damage."""
    b = _board([card("moc", "Master of Cruelties")], attack={"moc": "Alice"}, blocks={})
    got = resolve_combat(b, "player")
    assert got.life == {"you": 30, "ally": 30, "Alice": 1, "Bob": 1}
    assert got.player_damage == 0


def _block_team_differential(data: st.DataObject) -> None:
    """A generated declare-blockers board against Alice and Bob made a Two-Headed Giant board
    (ally takes some attackers, the blocking player's teammate some potential blockers; the
    defending team, listed either way round, blocks): engine and oracle agree, and the
    compiler's setup is the rules' (or both refuse what teams don't model)."""
    raw = data.draw(block_board_dicts())
    assume(len(raw["players"]) == 3)
    moved = data.draw(st.lists(st.booleans(), min_size=1, max_size=4))
    team_data = dict(raw)
    blocker = team_data.pop("blocking_player")
    mate = "Bob" if blocker == "Alice" else "Alice"
    team_data["players"] = [*raw["players"], {"name": "ally"}]
    team_data["teams"] = [["you", "ally"], data.draw(st.permutations(["Alice", "Bob"]))]
    attackers = set(raw["attack"])

    def moved_to(p: dict[str, Any]) -> str:
        return "ally" if p["id"] in attackers else mate if p["controller"] == blocker else ""

    team_data["permanents"] = [
        p | {"controller": moved_to(p)} if move and moved_to(p) else p
        for p, move in zip(raw["permanents"], itertools.cycle(moved), strict=False)]
    try:
        board = load_board(team_data)
        assume(declaration_count(board) <= 1024)
        block_differential(team_data, board)
    except BoardError as exc:
        assert "teams" in exc.message, exc.message


@settings(max_examples=300, deadline=None, derandomize=True, database=None,
          suppress_health_check=_HEALTH)
@given(st.data())
def test_block_engine_agrees_with_oracle_on_team_boards(data: st.DataObject) -> None:
    _block_team_differential(data)


@pytest.mark.slow
@settings(max_examples=5_000, deadline=None, database=None, suppress_health_check=_HEALTH)
@given(st.data())
def test_block_engine_agrees_with_oracle_on_team_boards_exhaustive(data: st.DataObject) -> None:
    _block_team_differential(data)


def test_tromokratis_asks_all_of_its_defending_players_creatures() -> None:
    """Tromokratis attacking Alice "can't be blocked unless all creatures defending player
    controls block it": Alice's (CR 805.10e). Blocked by both of hers it may be, Bob's joining
    or not; never by Bob's alone or by one of hers."""
    b = _board([card("trom", "Tromokratis"), card("a1", "Grizzly Bears", controller="Alice"),
                card("a2", "Grizzly Bears", controller="Alice"),
                card("b1", "Grizzly Bears", controller="Bob")], attack={"trom": "Alice"})
    expected = _all_blocks(("a1", "a2", "b1"), ("trom",),
                           ok=lambda d: not d or {"a1", "a2"} <= set(d))
    assert len(expected) == 3
    assert _blocks(b) == expected


def test_trample_over_a_teammates_blocker_goes_to_the_attacked_player() -> None:
    """A 4/4 trampler attacking Alice, blocked by Bob's 2/2: the excess goes to the player it
    attacks (CR 702.19b), Alice, not to the blocker's controller; the team loses it."""
    tr = {"id": "tr", "name": "tr", "types": ["Creature"], "power": 4, "toughness": 4,
          "keywords": ["trample"]}
    b = _board([tr, card("b1", "Grizzly Bears", controller="Bob")], attack={"tr": "Alice"},
               blocks={"b1": "tr"})
    good = check_damage(b, {"tr": {"b1": 2, "Alice": 2}}, "regular")
    assert good.legal and good.result is not None
    assert good.result.life["Bob"] == good.result.life["Alice"] == 28
    assert not check_damage(b, {"tr": {"b1": 2, "Bob": 2}}, "regular").legal
