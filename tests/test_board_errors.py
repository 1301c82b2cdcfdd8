"""Malformed board files (``models/bad/``): each one is a :class:`BoardError` naming the JSON
path and saying what was expected, and ``mtgcombat show`` reports it as one line on
stderr with exit status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgcombat import BoardError, load_board
from mtgcombat.cli.main import main

BAD = Path(__file__).resolve().parent.parent / "models" / "bad"

# file stem -> (expected JSON path(s), words the message must contain (case-insensitive))
CASES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "unknown_top_key": (("$.permanets",), ("unknown key",)),
    "unknown_permanent_key": (("$.permanents[0].tapd",), ("unknown key",)),
    "tapped_string": (("$.permanents[0].tapped",), ("boolean", '"yes"')),
    "power_string": (("$.permanents[0].power",), ("integer", '"3"')),
    "power_float": (("$.permanents[0].power",), ("integer", "3.5")),
    "negative_counter": (("$.permanents[0].counters.magnet",), (">= 0", "-1")),
    "duplicate_permanent_id": (("$.permanents[1].id",), ("duplicate", "goblin")),
    "permanent_id_is_player": (("$.permanents[0].id",), ("opp", "player name")),
    "dangling_attached_to": (("$.permanents[1].attached_to",), ("nowhere",)),
    "attached_to_itself": (("$.permanents[1].attached_to",), ("itself",)),
    "unknown_controller": (("$.permanents[0].controller",), ("unknown player", "Carol")),
    "missing_controller": (("$.permanents[0].controller",), ("missing",)),
    "unknown_goader": (("$.permanents[0].goaded_by[0]",), ("unknown player", "Carol")),
    "unknown_chosen_player": (("$.permanents[0].chosen_player",), ("unknown player", "Carol")),
    "missing_chosen_type": (("$.permanents[1].chosen",), ("Patchwork Banner", "creature type")),
    "unknown_graveyard_card": (("$.players[0].graveyard[1]",), ("Lightning Blot",)),
    "battle_without_protector": (("$.permanents[1].protector",), ("battle", "protector")),
    "protector_on_non_battle": (("$.permanents[0].protector",), ("battle",)),
    "active_player_not_in_players": (("$.active_player",), ("me", "players")),
    "duplicate_player_name": (("$.players[2].name",), ("duplicate", "opp")),
    "fewer_than_two_players": (("$.players",), ("2",)),
    "life_string": (("$.players[0].life",), ("integer", '"20"')),
    "unknown_card": (("$.permanents[0].card",), ("Crazed Goblen", "did you mean",
                                                 "Crazed Goblin")),
    "unknown_keyword": (("$.permanents[0].keywords[0]",), ("unknown keyword", "Flying",
                                                           "lower case")),
    "unknown_color": (("$.permanents[0].colors[0]",), ("reed", "did you mean 'red'", "'R'")),
    "custom_without_types": (("$.permanents[1].types",), ("custom", "types")),
    "unknown_effect_kind": (("$.permanents[1].effects[0]",), ("unknown effect kind",
                                                              "must_atack", "must_attack")),
    "defending_player_with_multiple": (("$.defending_player",), ("attack_multiple_players",)),
    "defending_player_is_active": (("$.defending_player",), ("opponent",)),
    # The missing key's own path would be more precise; board.py reports the top level.
    "missing_defending_player": (("$", "$.defending_player"), ("defending_player", "required",
                                                               "three or more")),
    "top_level_list": (("$",), ("JSON object",)),
    "attachment_cycle": (("$.permanents[1].attached_to",), ("cycle", "'a' → 'b' → 'a'")),
    "empty_permanent_id": (("$.permanents[0].id",), ("empty",)),
    "empty_player_name": (("$.players[1].name",), ("empty",)),
    "empty_card_name": (("$.permanents[0].card",), ("empty",)),
    "aura_on_land": (("$.permanents[2].attached_to",), ("enchant creature", "forest")),
    "equipment_on_land": (("$.permanents[1].attached_to",), ("equipment", "creature")),
    "unknown_type": (("$.permanents[0].types[0]",), ("unknown card type",
                                                     "did you mean 'Creature'")),
    "unknown_subtype": (("$.permanents[0].subtypes[0]",), ("unknown subtype", "'Goblin'")),
    "power_too_large": (("$.permanents[0].power",), ("<= 1000000",)),
    "life_too_large": (("$.players[0].life",), ("<= 1000000000",)),
    "bad_mana_cost": (("$.permanents[0].effects[0].cost.mana",), ("not a mana cost", "{2")),
    "unknown_mana_symbol": (("$.permanents[0].effects[0].cost.mana",), ("{Z}",)),
    "x_cost_without_x": (("$.permanents[0].effects[0]",), ("{X}", "'x'")),
    "bad_produced_mana": (("$.permanents[0].effects[0].produces[0]",), ("produced mana",
                                                                        "lots")),
    "bad_keyword_parameter": (("$.permanents[0].keywords[0]",), ("toxic", "number")),
    "name_too_long": (("$.permanents[0].id",), ("at most 200 characters", "…")),
    "duplicate_key": (("$.permanents[0].tapped",), ("duplicate key", "'tapped'")),
    "huge_integer": (("$",), ("4300 digits",)),
    "nested_too_deeply": (("$.permanents[0].counters[0]",), ("nested too deeply",)),
    "attack_with_land": (("$.attack.land1",), ("not a creature", "land", "expected")),
    "attack_with_retyped_creature": (("$.attack.g",), ("not a creature", "artifact")),
    "attack_with_opponent_creature": (("$.attack.h",), ("not controlled by the active player",)),
    "attack_itself": (("$.attack.g",), ("itself", "expected")),
    "attack_creature": (("$.attack.g",), ("'h' is a creature", "expected")),
    "attack_active_player": (("$.attack.g",), ("own controller",)),
    "attack_own_planeswalker": (("$.attack.g",), ("planeswalker the active player controls",)),
    "attack_own_battle": (("$.attack.g",), ("battle the active player protects",)),
    "block_with_attacking_player_creature": (("$.blocks.h",), ("attacking player",
                                                               "defending player")),
    "block_with_land": (("$.blocks.land1",), ("not a creature", "block")),
    "block_unattacking": (("$.blocks.h[1]",), ("'g2'", "not in 'attack'")),
    "target_names_nothing": (("$.permanents[1].activations[0].targets[0]",),
                             ("'ghost'", "no permanent or player")),
    "card_effect_target_names_nothing": (("$.effects[0].targets[0]",), ("'nope'",)),
    "card_effect_without_resolved": (("$.effects[0].card",), ("grizzly bears", "resolved")),
    "card_effect_unknown_key": (("$.effects[0].tagets",), ("unknown key",
                                                          "did you mean 'targets'")),
    "targets_on_untargeted_activation": (("$.permanents[1].activations[0].targets",),
                                         ("war tax", "resolved")),
    "curse_on_permanent": (("$.permanents[1].attached_to",), ("enchants a player",
                                                              "not a permanent")),
    "aura_on_player": (("$.permanents[0].attached_to",), ("enchant creature", "'you' is a player")),
    "this_turn_unknown_player": (("$.this_turn.spells_cast.zed",), ("unknown player", "zed")),
    "permanent_of_player_who_left": (("$.permanents[1].controller",), ("'carol'",
                                                                       "left the game")),
    "teams_player_on_two_teams": (("$.teams[1][1]",), ("'ally'", "exactly one team")),
    "teams_unknown_player": (("$.teams[1][1]",), ("unknown player", "'carol'")),
    "teams_player_on_no_team": (("$.players[4].name",), ("'dan'", "no team")),
    "teams_three_teams": (("$.teams",), ("two teams", "CR 810.1", "got 3")),
    "teams_one_player_team": (("$.teams[1]",), ("two or more players", "got 1")),
    "teams_unshared_life": (("$.players[3].life",), ("shared life", "'bob'", "25", "30")),
    "teams_with_blocking_player": (("$.blocking_player",), ("defending team", "CR 805.10d")),
    "teams_with_defending_player": (("$.defending_player",), ("nonactive team", "CR 805.10a")),
}

FILE_ONLY = frozenset({"duplicate_key", "huge_integer"})
"""Mistakes that only exist in the file's text: decoding it with ``json.loads`` loses them."""


def test_every_bad_file_is_covered() -> None:
    stems = {p.stem for p in BAD.glob("*.json")}
    assert stems == set(CASES) | {"invalid_json"}
    assert len(stems) >= 20


@pytest.mark.parametrize("stem", sorted(CASES))
def test_load_board_names_path_and_problem(stem: str) -> None:
    paths, words = CASES[stem]
    file = BAD / f"{stem}.json"
    with pytest.raises(BoardError) as info:
        load_board(file)
    err = info.value
    assert err.path in paths
    assert err.file == str(file)
    for word in words:
        assert word.lower() in err.message.lower(), (word, err.message)


@pytest.mark.parametrize("stem", sorted(set(CASES) - FILE_ONLY))
def test_load_board_from_mapping_gives_the_same_path(stem: str) -> None:
    data = json.loads((BAD / f"{stem}.json").read_text())
    with pytest.raises(BoardError) as info:
        load_board(data) if isinstance(data, dict) else load_board_value(data)
    assert info.value.path in CASES[stem][0]
    assert info.value.file is None


def load_board_value(data: object) -> None:
    """A decoded JSON value that is not an object goes through ``parse_board``."""
    from mtgcombat.board.model import parse_board

    parse_board(data)


def test_invalid_json_names_line_and_column() -> None:
    file = BAD / "invalid_json.json"
    text = file.read_text()
    line_no, line = next((i, s) for i, s in enumerate(text.splitlines(), 1) if ",]" in s)
    column = line.index(",]") + 2  # the "]" after a trailing comma (1-based)
    with pytest.raises(BoardError) as info:
        load_board(file)
    assert info.value.path == "$"
    assert f"line {line_no} column {column}" in info.value.message


@pytest.mark.parametrize("stem", [*sorted(CASES), "invalid_json"])
def test_cli_reports_one_line_and_exits_2(stem: str, capsys: pytest.CaptureFixture[str]) -> None:
    file = BAD / f"{stem}.json"
    code = main(["show", str(file)])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert f"{stem}.json" in lines[0]
    expected = CASES[stem][0] if stem in CASES else ("$",)
    assert any(f": {p}: " in lines[0] for p in expected), lines[0]
    assert "Traceback" not in err


def test_missing_file_is_one_line_exit_2(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "nope.json"
    with pytest.raises(BoardError, match="no such file"):
        load_board(file)
    assert main(["legal", str(file)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.strip().splitlines() == [f"mtgcombat: {file}: no such file"]


def test_a_good_board_loads(tmp_path: Path) -> None:
    """Control: the bad files differ from this good board by one mistake each."""
    good = {"active_player": "you", "players": [{"name": "you"}, {"name": "opp"}],
            "permanents": [{"id": "goblin", "card": "Crazed Goblin", "controller": "you"}]}
    assert load_board(good).permanents[0].id == "goblin"


def _bad(data: dict[str, object]) -> BoardError:
    with pytest.raises(BoardError) as info:
        load_board(data)
    return info.value


def test_suggestions_for_misspelt_keys_kinds_and_keywords() -> None:
    base: dict[str, object] = {"active_player": "you", "players": [{"name": "you"},
                                                                    {"name": "opp"}]}
    err = _bad({**base, "permanents": [{"id": "c", "card": "Bear Cub", "controller": "you",
                                         "tapd": True}]})
    assert err.path == "$.permanents[0].tapd" and "did you mean 'tapped'" in err.message
    err = _bad({**base, "permanents": [{"id": "c", "name": "c", "types": ["Creature"],
                                         "controller": "you",
                                         "effects": [{"kind": "must_atack"}]}]})
    assert err.path == "$.permanents[0].effects[0]"
    assert "'must_atack'" in err.message and "did you mean 'must_attack'" in err.message
    err = _bad({**base, "permanents": [{"id": "c", "card": "Bear Cub", "controller": "you",
                                         "keywords": ["Flyng"]}]})
    assert "did you mean 'flying'" in err.message
    err = _bad({"active_player": "you", "players": [{"name": "you"}]})
    assert err.path == "$.players" and "at least 2 players" in err.message
