"""Every effect kind of the vocabulary has exactly one home in each dispatch: the derived
characteristics (a layer applier, or "not a characteristic effect") and the compilers (the
attack compiler, the block compiler, or neither); unknown kinds raise. The kinds are derived
from the vocabulary's discriminated union, never from a hand list."""

from __future__ import annotations

import dataclasses
import typing
from types import SimpleNamespace
from typing import Any

import pytest

from mtgcombat.board.characteristics import (
    CHARACTERISTIC_APPLIERS,
    LAYERS,
    NOT_CHARACTERISTIC_KINDS,
    View,
    characteristic_applier,
)
from mtgcombat.board.model import Board, load_board
from mtgcombat.compile.attacks import (
    ATTACK_COMPILERS,
    BLOCK_KINDS,
    EFFECT_COMPILERS,
    _Compiler,
    compile_board,
)
from mtgcombat.compile.base import NOT_COMPILED_KINDS, EffectSource, effect_sources
from mtgcombat.compile.blocks import BLOCK_COMPILERS, _BlockCompiler
from mtgcombat.compile.instances import AttackRequirement
from mtgcombat.rules.effects import EFFECT_KINDS, Effect, Selector
from mtgcombat.rules.wording import pick_words


def _union_kinds() -> list[str]:
    """Each model of the ``Effect`` union, by the one value its ``kind`` Literal admits."""
    kinds = []
    for model in typing.get_args(typing.get_args(Effect)[0]):
        (kind,) = typing.get_args(model.model_fields["kind"].annotation)
        kinds.append(kind)
    return kinds


ALL_KINDS = _union_kinds()


def test_effect_kinds_are_the_unions() -> None:
    assert list(EFFECT_KINDS) == ALL_KINDS
    assert len(set(ALL_KINDS)) == len(ALL_KINDS)


@pytest.mark.parametrize("kind", ALL_KINDS)
def test_every_kind_is_characteristic_or_listed_as_not(kind: str) -> None:
    assert (kind in CHARACTERISTIC_APPLIERS) != (kind in NOT_CHARACTERISTIC_KINDS)


def test_characteristic_registry_is_the_layers() -> None:
    layered = [k for layer in LAYERS for k in layer.appliers]
    assert sorted(layered) == sorted(CHARACTERISTIC_APPLIERS)
    assert set(CHARACTERISTIC_APPLIERS) | NOT_CHARACTERISTIC_KINDS == set(ALL_KINDS)


def test_unknown_kind_raises_in_characteristics() -> None:
    with pytest.raises(NotImplementedError):
        characteristic_applier("no_such_kind")
    assert characteristic_applier("must_attack") is None


@pytest.mark.parametrize("kind", ALL_KINDS)
def test_every_kind_has_exactly_one_compile_home(kind: str) -> None:
    homes = [kind in ATTACK_COMPILERS, kind in BLOCK_COMPILERS, kind in NOT_COMPILED_KINDS]
    assert homes.count(True) == 1, kind


def test_compiler_registries_cover_the_vocabulary() -> None:
    assert set(ATTACK_COMPILERS) | set(BLOCK_COMPILERS) | NOT_COMPILED_KINDS == set(ALL_KINDS)
    assert set(EFFECT_COMPILERS) == set(ALL_KINDS)
    assert set(BLOCK_KINDS) == set(BLOCK_COMPILERS)


def _board(perms: list[dict[str, Any]], attack: dict[str, str] | None = None) -> Board:
    return load_board({
        "active_player": "you",
        "players": [{"name": "you"}, {"name": "opp"}],
        "permanents": [{"controller": "you", **p} for p in perms],
        **({"attack": attack} if attack is not None else {}),
    })


def _bogus() -> EffectSource:
    effect: Any = SimpleNamespace(kind="no_such_kind")
    return EffectSource(None, "bogus", "you", None, None, effect)


def test_unknown_kind_raises_in_both_compilers() -> None:
    board = _board([{"id": "cub", "card": "Bear Cub"},
                    {"id": "bears", "card": "Grizzly Bears", "controller": "opp"}],
                   attack={"cub": "opp"})
    view = View(board)
    es = _bogus()
    with pytest.raises(NotImplementedError):
        _Compiler(board, view).dispatch(es, EFFECT_COMPILERS)
    with pytest.raises(NotImplementedError):
        _BlockCompiler(board, view).dispatch(es, BLOCK_COMPILERS)


def test_block_compiler_ignores_attack_effects_explicitly() -> None:
    """An attack effect on a blocks board compiles to nothing, without error."""
    board = _board([{"id": "cub", "card": "Bear Cub"},
                    {"id": "bridge", "card": "Ensnaring Bridge", "controller": "opp"},
                    {"id": "bears", "card": "Grizzly Bears", "controller": "opp"}],
                   attack={"cub": "opp"})
    view = View(board)
    c = _BlockCompiler(board, view)
    for es in effect_sources(board, view):
        c.dispatch(es, BLOCK_COMPILERS)
    assert c.restrictions == [] and c.requirements == []


def test_wars_toll_same_controller_groups_by_controller() -> None:
    """War's Toll: "all creatures *that opponent* controls" — with ``same_controller`` the
    condition and its requirements are per controller of the triggering creature."""
    board = _board([{"id": "cub", "card": "Bear Cub"},
                    {"id": "toll", "card": "War's Toll", "controller": "opp"},
                    {"id": "bears", "card": "Grizzly Bears", "controller": "opp"}])
    view = View(board)
    c = _Compiler(board, view)
    stranger = dataclasses.replace(view.objects["bears"], id="stranger", controller="third")
    c.creatures.append(stranger)
    toll = next(es for es in effect_sources(board, view) if es.name == "War's Toll")
    ATTACK_COMPILERS["conditional_must_attack"](c, toll)
    assert [cond.creatures for cond in c.conditions] == [frozenset({"cub"}),
                                                         frozenset({"stranger"})]
    by_cond = {(r.creature, r.condition) for r in c.requirements
               if isinstance(r, AttackRequirement)}
    assert by_cond == {("cub", 0), ("stranger", 1)}
    without = toll.effect.model_copy(update={"same_controller": False})
    c.conditions.clear()
    c.requirements.clear()
    ATTACK_COMPILERS["conditional_must_attack"](c, dataclasses.replace(toll, effect=without))
    assert [cond.creatures for cond in c.conditions] == [frozenset({"cub", "stranger"})]


def test_wars_toll_two_player_instances_unchanged() -> None:
    inst = compile_board(_board([{"id": "cub", "card": "Bear Cub"},
                                 {"id": "gob", "card": "Crazed Goblin"},
                                 {"id": "toll", "card": "War's Toll", "controller": "opp"}]))
    assert [c.creatures for c in inst.conditions] == [frozenset({"cub", "gob"})]
    assert {r.creature for r in inst.requirements} == {"cub", "gob"}


def test_pick_words() -> None:
    assert pick_words(Selector()) == "permanent"
    assert pick_words(Selector(types=["Land"])) == "land"
    assert pick_words(Selector(types=["Land"], subtypes_any=["Forest"])) == "Forest/land"
