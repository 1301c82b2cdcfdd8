"""Templates of the damage family: combat damage prevention (CR 615) and how a creature
assigns its combat damage (CR 510.1a, 510.1c).

Modelled: fogs ("Prevent all combat damage that would be dealt this turn", optionally only by
some creatures; "all damage" prevents their combat damage too, the only damage in combat the
engine deals), prevention shields on the ability's own permanent ("Prevent the next 1 damage
that would be dealt to ~ this turn") or on its target ("... to any target this turn", the
board recording the target) or on "you", preventing all damage dealt to creatures or to
"you" ("Prevent all damage that would be dealt to this creature", "... dealt to and dealt by
that creature this turn", optionally only by some sources), damage that can't be prevented
(CR 615.12), assigning combat damage by toughness (Doran, the Siege Tower) and as though
unblocked (Thorn Elemental). A spell's or activated ability's prevention needs "this turn"
(it lasts the turn it resolves); one without it is a static ability. A pronoun ("it", "that
creature", "him") names the one target of an earlier sentence of the ability, or the
ability's own permanent when nothing is targeted. "The next time a (red) source of your choice
would deal damage to you this turn" prevents the next combat damage of the source the
resolution names in its targets. Shields with an X, other "source of your choice" shapes and
redirection stay unmodelled.
"""

from __future__ import annotations

import re

from mtgcombat.rules.effects import (
    SELF,
    AssignsDamageByToughness,
    DamageCantBePrevented,
    MayAssignAsThoughUnblocked,
    PreventCombatDamage,
    PreventDamageTo,
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


_PRONOUNS = frozenset({"it", "him", "her", "that creature", "the creature", "those creatures"})


def _pronoun(word: str, ctx: Context) -> Selector | None:
    """What a pronoun names: the one target of the ability's earlier sentences (a creature or
    permanent, not a card), or with nothing targeted, the ability's own permanent ("it" only
    when no earlier sentence names anything else; "him"/"her": a planeswalker itself)."""
    before = " ".join(ctx.before).casefold()
    targets = re.findall(r"\btarget (?:[a-z]+ )*?(creatures?|permanents?)\b", before)
    if len(re.findall(r"\btarget\b", before)) == 1 and len(targets) == 1:
        plural = targets[0].endswith("s")
        if " card" in before or plural != (word == "those creatures"):
            return None
        return Selector(which="targets")
    if "target" in before or ctx.kind not in ("activated", "static", "triggered"):
        return None
    if word in ("him", "her"):
        return SELF if "Planeswalker" in ctx.types else None
    if word == "it" and all(b.casefold().startswith(("~ ", "until end of turn, ~ "))
                            for b in ctx.before):
        return SELF
    return None


def _recipient(who: str, ctx: Context) -> Selector | None:
    """The permanents a "dealt to ..." phrase names: a pronoun, ``~`` (a permanent's own
    ability), or creatures (targets only for a spell or an activated ability)."""
    if who in _PRONOUNS:
        return _pronoun(who, ctx)
    if who == "~" and ctx.kind == "spell":
        return None
    if re.search(r" and | or (?!less|greater)", who):
        return None
    sel = _creatures(who)
    if sel is None or (sel.which == "targets" and ctx.kind not in _RESOLVING):
        return None
    return sel


def _then(ctx: Context) -> bool:
    """Does a later sentence of the ability do something when damage is prevented this way
    (Phantom Centaur: "Remove a +1/+1 counter from ~.")?"""
    return any(re.search(r"prevented this way|^remove |^for each ", a) for a in ctx.after)


def _this_turn(m: re.Match[str], ctx: Context) -> bool:
    """Does the sentence's duration fit its ability: "this turn" for a spell or an activated
    ability, none for a static one?"""
    return ("this turn" in m.group(0)) == (ctx.kind in _RESOLVING)


@template("damage", r"prevent all (?:combat )?damage that would be dealt (?:this turn )?to "
                    r"(?P<who>(?!and dealt by ).+?)(?: this turn)?(?: by (?P<by>.+?))?"
                    r"(?: this turn)?",
          "Dawn Elemental: Prevent all damage that would be dealt to this creature.",
          kinds=_RESOLVING | {"static"})
def _prevent_to(m: re.Match[str], ctx: Context) -> Piece | None:
    if not _this_turn(m, ctx) or m.group(0).count("this turn") > 1 or _then(ctx):
        return None
    sources = None
    if m.group("by") is not None:
        sources = selector(m.group("by"))
        if sources is None or sources.which != "all":
            return None
    if m.group("who") == "you":
        return for_kind(ctx, PreventDamageTo(affects=None, you=True, sources=sources))
    sel = _recipient(m.group("who"), ctx)
    return None if sel is None else for_kind(ctx, PreventDamageTo(affects=sel, sources=sources))


@template("damage", r"prevent all combat damage that would be dealt to and dealt by "
                    r"(?P<who>.+?)(?: this turn)?",
          "Fog Bank: Prevent all combat damage that would be dealt to and dealt by this "
          "creature.", kinds=_RESOLVING | {"static"})
def _prevent_to_and_by(m: re.Match[str], ctx: Context) -> Piece | None:
    sel = _recipient(m.group("who"), ctx) if _this_turn(m, ctx) and not _then(ctx) else None
    if sel is None:
        return None
    return for_kind(ctx, PreventDamageTo(affects=sel), PreventCombatDamage(sources=sel))


@template("damage", r"(?:combat )?damage can't be prevented(?: this turn)?",
          "Skullcrack: Damage can't be prevented this turn.", kinds=_RESOLVING | {"static"})
def _unpreventable(m: re.Match[str], ctx: Context) -> Piece | None:
    return for_kind(ctx, DamageCantBePrevented()) if _this_turn(m, ctx) else None


@template("damage", r"(?:the|this) damage can't be prevented",
          "Combust: Combust deals 5 damage to target white or blue creature. The damage can't "
          "be prevented.", kinds=_RESOLVING | {"triggered"})
def _own_damage_unpreventable(m: re.Match[str], ctx: Context) -> Piece | None:
    """The damage the ability's previous sentence deals (not combat damage) can't be
    prevented: nothing for combat."""
    if not ctx.before or not re.search(r"\bdeals? \w+ damage\b", ctx.before[-1]):
        return None
    return Piece()


@template("damage", r"prevent the next (?P<n>\w+) (?:combat )?damage that would be dealt to "
                    r"you this turn",
          "Conservator: Prevent the next 2 damage that would be dealt to you this turn.",
          kinds=_RESOLVING)
def _shield_you(m: re.Match[str], ctx: Context) -> Piece | None:
    n = number(m.group("n"))
    if n is None or n < 1:
        return None
    return resolving(PreventNextDamage(amount=n, to_you=True))


@template("damage", r"the next time an? (?P<q>[a-z]+ )?source of your choice would deal damage "
                    r"to you this turn, prevent that damage",
          "Circle of Protection: Red: The next time a red source of your choice would deal "
          "damage to you this turn, prevent that damage.", kinds=_RESOLVING)
def _next_time_from_source(m: re.Match[str], ctx: Context) -> Piece | None:
    """The chosen source is named in the resolution's targets; a colour or type word
    restricts it."""
    q = (m.group("q") or "").strip()
    sources = selector(f"target {q} creature" if q else "target creature")
    if sources is None or sources.which != "targets" or ctx.after:
        return None
    chosen = Selector(which="targets", colors_any=sources.colors_any,
                      types=[t for t in sources.types if t != "Creature"])
    if q and not (chosen.colors_any or chosen.types):
        return None
    return resolving(PreventDamageTo(affects=None, you=True, sources=chosen, once=True))


TEMPLATES: tuple[Template, ...] = (
    _fog, _fog_by, _fog_would_deal, _shield_self, _shield_target, _by_toughness,
    _as_unblocked, _prevent_to_and_by, _prevent_to, _unpreventable,
    _own_damage_unpreventable, _shield_you, _next_time_from_source,
)
"""The templates of this module, in the order they are tried."""
