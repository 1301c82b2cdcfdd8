"""The public API surface: ``__all__`` is complete and importable, and the vocabulary's
registries cover every kind (nothing silently skipped)."""

from __future__ import annotations

import typing

import mtgcombat
from mtgcombat.compile.attacks import EFFECT_COMPILERS
from mtgcombat.compile.instances import RESTRICTION_KINDS
from mtgcombat.legality.encode import RESTRICTION_ENCODERS
from mtgcombat.rules.effects import EFFECT_KINDS, Effect


def test_all_is_complete() -> None:
    public = {name for name in dir(mtgcombat)
              if not name.startswith("_") and name != "annotations"
              and not isinstance(getattr(mtgcombat, name),
                                                              type(typing))}
    assert set(mtgcombat.__all__) == public
    for name in mtgcombat.__all__:
        assert getattr(mtgcombat, name) is not None


def test_every_effect_kind_has_a_compiler() -> None:
    union = typing.get_args(typing.get_args(Effect)[0])
    kinds = {m.model_fields["kind"].default for m in union}
    assert kinds == set(EFFECT_KINDS) == set(EFFECT_COMPILERS)


def test_every_restriction_kind_has_an_encoder() -> None:
    assert set(RESTRICTION_KINDS) == set(RESTRICTION_ENCODERS)
