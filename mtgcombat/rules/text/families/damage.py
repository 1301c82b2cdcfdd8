"""Templates of the damage family: combat damage prevention (CR 615) and how a creature
assigns its combat damage (CR 510.1a, 510.1c).

Modelled: fogs ("Prevent all combat damage that would be dealt this turn", optionally only by
some creatures; "all damage" prevents their combat damage too, the only damage in combat the
engine deals), prevention shields on the ability's own permanent ("Prevent the next 1 damage
that would be dealt to ~ this turn") or on its target ("... to any target this turn", the
board recording the target), assigning combat damage by toughness (Doran, the Siege
Tower) and as though unblocked (Thorn Elemental). A fog of a spell or activated ability needs
"this turn" (it lasts the turn it resolves); a fog without it is a static ability. Preventing
all damage dealt *to* a creature or player ("dealt to and dealt by", "dealt to you") and
shields on "you" or with an X are outside the vocabulary and stay unmodelled.
"""

from __future__ import annotations

import re

from mtgcombat.rules.effects import (
    SELF,
    AssignsDamageByToughness,
    MayAssignAsThoughUnblocked,
    PreventCombatDamage,
    PreventNextDamage,
    Selector,
)
from mtgcombat.rules.text.phrases import number, selector
from mtgcombat.rules.text.sentences import AbilityKind
from mtgcombat.rules.text.templates import (
    Context,
    Piece,
    Template,
    for_kind,
    resolving,
    static,
    template,
)

_RESOLVING: frozenset[AbilityKind] = frozenset({"spell", "activated"})


def _creatures(phrase: str) -> Selector | None:
    """The selector of a noun phrase naming creatures (not other permanents): ``~``, the
    enchanted or equipped creature, or creatures matching filters."""
    sel = selector(phrase)
    if sel is None:
        return None
    if sel.which == "attached" and not re.search(r"\b(?:enchanted|equipped) creature$", phrase):
        return None
    if sel.which not in ("self", "attached") and "Creature" not in sel.types:
        return None
    return sel


@template("damage", r"prevent all (?:combat )?damage that would be dealt this turn",
          "Fog: Prevent all combat damage that would be dealt this turn.", kinds=_RESOLVING)
def _fog(m: re.Match[str], ctx: Context) -> Piece | None:
    return resolving(PreventCombatDamage())


@template("damage", r"prevent all (?:combat )?damage that would be dealt (?:this turn )?by "
                    r"(?P<who>[^,]+?)(?P<turn> this turn)?",
          "Fog of War: Prevent all combat damage that would be dealt this turn by creatures "
          "with power 3 or less.", kinds=_RESOLVING | {"static"})
def _fog_by(m: re.Match[str], ctx: Context) -> Piece | None:
    return _prevent_by(m.group("who"), "this turn" in m.group(0), ctx)


@template("damage", r"prevent all (?:combat )?damage (?P<who>[^,]+?) would deal this turn",
          "Azorius Ploy: Prevent all combat damage target creature would deal this turn.",
          kinds=_RESOLVING)
def _fog_would_deal(m: re.Match[str], ctx: Context) -> Piece | None:
    return _prevent_by(m.group("who"), True, ctx)


def _prevent_by(who: str, this_turn: bool, ctx: Context) -> Piece | None:
    """A fog of the creatures ``who`` names: resolved for a spell or an activated ability
    (which must say "this turn"), static for a static ability (which must not)."""
    if this_turn != (ctx.kind in _RESOLVING):
        return None
    if re.search(r" and | or (?!less|greater)", who):
        return None  # "target attacking or blocking creature": outside the phrase reader
    sel = _creatures(who)
    if sel is None or (sel.which == "targets" and ctx.kind == "static"):
        return None
    return for_kind(ctx, PreventCombatDamage(sources=sel))


@template("damage", r"prevent the next (?P<n>\w+) damage that would be dealt to (?:~|it) "
                    r"this turn",
          "Balduvian Hydra: Prevent the next 1 damage that would be dealt to it this turn.",
          kinds=frozenset({"activated"}))
def _shield_self(m: re.Match[str], ctx: Context) -> Piece | None:
    n = number(m.group("n"))
    if n is None or n < 1:
        return None
    return resolving(PreventNextDamage(amount=n))


@template("damage", r"prevent the next (?P<n>\w+) damage that would be dealt to (?:any target|"
                    r"target (?:[a-z]+ )?(?:creature|player|permanent|planeswalker)"
                    r"(?: or (?:player|planeswalker))?(?: you control)?) this turn",
          "Samite Healer: Prevent the next 1 damage that would be dealt to any target this "
          "turn.", kinds=_RESOLVING)
def _shield_target(m: re.Match[str], ctx: Context) -> Piece | None:
    n = number(m.group("n"))
    if n is None or n < 1:
        return None
    return resolving(PreventNextDamage(amount=n, to_targets=True))


@template("damage", r"(?P<who>~|each creature(?: you control)?) assigns combat damage equal "
                    r"to its toughness rather than its power",
          "Doran, the Siege Tower: Each creature assigns combat damage equal to its toughness "
          "rather than its power.")
def _by_toughness(m: re.Match[str], ctx: Context) -> Piece | None:
    sel = _creatures(m.group("who"))
    return None if sel is None else static(AssignsDamageByToughness(affects=sel))


@template("damage", r"you may have ~ assign its combat damage(?P<turn> this turn)? as though "
                    r"it weren't blocked",
          "Thorn Elemental: You may have this creature assign its combat damage as though it "
          "weren't blocked.", kinds=frozenset({"static", "activated"}))
def _as_unblocked(m: re.Match[str], ctx: Context) -> Piece | None:
    if (m.group("turn") is not None) != (ctx.kind == "activated"):
        return None
    return for_kind(ctx, MayAssignAsThoughUnblocked(affects=SELF))


TEMPLATES: tuple[Template, ...] = (
    _fog, _fog_by, _fog_would_deal, _shield_self, _shield_target, _by_toughness,
    _as_unblocked,
)
"""The templates of this module, in the order they are tried."""
