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
resolution names in its targets, as do "prevent all damage a source of your choice would
deal this turn" and "... dealt to you this turn by a source of your choice" (when nothing
else of the ability is targeted). Also: combat damage prevented to players, "If damage would
be dealt to ~, prevent that damage. Remove a +1/+1 counter from ~." (the Phantoms, Protean
Hydra's "that many", Undergrowth Champion's "while it has a +1/+1 counter on it") and "If a
red source would deal damage to you, prevent 2 of that damage" (to you, to an equipped or
enchanted creature, or to a planeswalker you control: recipients a source deals combat
damage to once a step at most); assigning by toughness only while it is greater than power
(Ancient Lumberknot, Bark of Doran), with a toughness bonus (Treefolk Umbra) or for a
resolution's target (Bill the Pony); "If you do, ~ assigns no combat damage this turn" after
the permanent's own combat trigger with a choice (Ophidian: the board records the
resolution only when the choice was made); "During your turn, ..." (a condition on the
effect); shields of the resolution's X; prevention of noncombat damage or of a spell's
damage (nothing for combat). Shields with an X another sentence defines, other "source of
your choice" shapes, a later sentence using the damage prevented (life gained, damage dealt
back) and redirection stay unmodelled.
"""

from __future__ import annotations

import re

from mtgcombat.rules.effects import (
    SELF,
    AssignsDamageByToughness,
    DamageCantBePrevented,
    Effect,
    MayAssignAsThoughUnblocked,
    ModifyPowerToughness,
    PreventCombatDamage,
    PreventDamageTo,
    PreventNextDamage,
    Selector,
    YourTurn,
)
from mtgcombat.rules.text.families import damage_rules
from mtgcombat.rules.text.phrases import number, selector
from mtgcombat.rules.text.templates import RESOLVING as _RESOLVING
from mtgcombat.rules.text.templates import (
    Context,
    Piece,
    Template,
    first_match,
    for_kind,
    resolving,
    static,
    template,
)


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


@template("damage", r"prevent all damage (?P<who>an? (?:[a-z]+ )?source of your choice) would "
                    r"deal to you this turn",
          "Auriok Replica: Prevent all damage a source of your choice would deal to you this "
          "turn.", kinds=_RESOLVING)
def _chosen_to_you(m: re.Match[str], ctx: Context) -> Piece | None:
    chosen = _chosen(m.group("who"), ctx)
    if chosen is None or _then(ctx):
        return None
    return resolving(PreventDamageTo(affects=None, you=True, sources=chosen))


@template("damage", r"prevent all (?:combat )?damage (?P<who>[^,]+?) would deal this turn",
          "Azorius Ploy: Prevent all combat damage target creature would deal this turn.",
          kinds=_RESOLVING)
def _fog_would_deal(m: re.Match[str], ctx: Context) -> Piece | None:
    return _prevent_by(m.group("who"), True, ctx)


def _chosen(phrase: str, ctx: Context) -> Selector | None:
    """The source a "source of your choice" phrase names ("a red source of your choice", "a
    creature of your choice"): the one the resolution names in its targets, for a spell or
    an activated ability none of whose other sentences targets anything."""
    m = re.fullmatch(r"an? (?:(?P<q>[a-z]+) )?(?P<what>source|creature) of your choice", phrase)
    if m is None or ctx.kind not in _RESOLVING:
        return None
    if any("target" in s for s in (*ctx.before, *ctx.after)):
        return None  # two things in the resolution's targets
    q = m.group("q")
    if q is not None and m.group("what") == "creature":
        return None
    sel = selector(f"target {q} creature" if q else "target creature")
    if sel is None:
        return None
    types = [t for t in sel.types if t != "Creature" or m.group("what") == "creature"]
    if q is not None and not (sel.colors_any or types):
        return None
    return Selector(which="targets", colors_any=sel.colors_any, types=types)


def _prevent_by(who: str, this_turn: bool, ctx: Context) -> Piece | None:
    """A fog of the creatures ``who`` names: resolved for a spell or an activated ability
    (which must say "this turn"), static for a static ability (which must not)."""
    if this_turn != (ctx.kind in _RESOLVING):
        return None
    chosen = _chosen(who, ctx)
    if chosen is not None:
        return resolving(PreventCombatDamage(sources=chosen))
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
    n = _shield_amount(m.group("n"), ctx)
    return None if n is None else resolving(PreventNextDamage(amount=n[0], times_x=n[1]))


_DEFINES_X = re.compile(r"\bwhere x\b|\bx (?:is|was|equals?|can't)\b", re.I)


def _shield_amount(word: str, ctx: Context) -> tuple[int, bool] | None:
    """A shield's amount and whether it is the resolution's X: the spell's or activated
    ability's own (its cost's ``{X}``), which no sentence of the ability defines. None
    when a later sentence uses the damage prevented (Temper's +1/+1 counters)."""
    if _then(ctx):
        return None
    if word.casefold() == "x":
        if any(_DEFINES_X.search(t) for t in (*ctx.before, *ctx.after)) or (
                ctx.kind == "activated" and "{X}" not in ctx.cost):
            return None
        return 1, True
    n = number(word)
    return None if n is None or n < 1 else (n, False)


@template("damage", r"prevent the next (?P<n>\w+) damage that would be dealt to (?:any target|"
                    r"target (?:[a-z]+ )?(?:creature|player|permanent|planeswalker)"
                    r"(?: or (?:player|planeswalker))?(?: you control)?) this turn",
          "Samite Healer: Prevent the next 1 damage that would be dealt to any target this "
          "turn.", kinds=_RESOLVING)
def _shield_target(m: re.Match[str], ctx: Context) -> Piece | None:
    n = _shield_amount(m.group("n"), ctx)
    if n is None:
        return None
    return resolving(PreventNextDamage(amount=n[0], times_x=n[1], to_targets=True))


@template("damage", r"(?:as long as (?P<whose>equipped|enchanted) creature's toughness is "
                    r"greater than its power, it|(?P<who>~|each creature(?: you control)?|"
                    r"(?:equipped|enchanted) creature)(?P<greater> with toughness greater than "
                    r"its power)?(?: gets \+0/\+(?P<t>\d) and)?) assigns combat damage equal to "
                    r"its toughness rather than its power",
          "Doran, the Siege Tower: Each creature assigns combat damage equal to its toughness "
          "rather than its power.", kinds=frozenset({"static"}))
def _by_toughness(m: re.Match[str], ctx: Context) -> Piece | None:
    """Doran, Ancient Lumberknot ("with toughness greater than its power"), Bark of Doran
    ("As long as equipped creature's toughness is greater than its power, it ..."), Treefolk
    Umbra ("Enchanted creature gets +0/+2 and assigns ...")."""
    whose = m.group("whose")
    sel = _creatures((f"{whose} creature" if whose else m.group("who")).casefold())
    if sel is None:
        return None
    greater = whose is not None or m.group("greater") is not None
    out: list[Effect] = []
    if m.group("t") is not None:
        if sel.which != "attached":
            return None
        out.append(ModifyPowerToughness(affects=sel, toughness=int(m.group("t"))))
    return static(*out, AssignsDamageByToughness(affects=sel, only_if_greater=greater))


@template("damage", r"(?P<until>until end of turn, )?target creature you control assigns combat "
                    r"damage equal to its toughness rather than its power(?P<turn> this turn)?",
          "Bill the Pony: Until end of turn, target creature you control assigns combat damage "
          "equal to its toughness rather than its power.", kinds=_RESOLVING)
def _by_toughness_target(m: re.Match[str], ctx: Context) -> Piece | None:
    """The creature the resolution targeted, this turn."""
    if (m.group("until") is None) == (m.group("turn") is None) or ctx.before or ctx.after:
        return None
    return resolving(AssignsDamageByToughness(
        affects=Selector(which="targets", controller="you", types=["Creature"])))


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
        sources = _chosen(m.group("by"), ctx)
        if sources is None:
            sources = selector(m.group("by"))
            if sources is None or sources.which != "all":
                return None
        elif m.group("who") not in ("you", "~"):
            return None  # the recipient may be a target too
    if m.group("who") == "players":
        return for_kind(ctx, PreventDamageTo(affects=None, players=True, sources=sources))
    if m.group("who") == "you":
        return for_kind(ctx, PreventDamageTo(affects=None, you=True, sources=sources))
    sel = _recipient(m.group("who"), ctx)
    return None if sel is None else for_kind(ctx, PreventDamageTo(affects=sel, sources=sources))


@template("damage", r"prevent all (?:combat )?damage that (?P<by>creatures|attacking creatures) "
                    r"would deal to players this turn",
          "Chameleon Blur: Prevent all damage that creatures would deal to players this turn.",
          kinds=_RESOLVING)
def _prevent_to_players_by(m: re.Match[str], ctx: Context) -> Piece | None:
    sources = selector(m.group("by"))
    if sources is None or _then(ctx):
        return None
    return resolving(PreventDamageTo(affects=None, players=True, sources=sources))


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


@template("damage", r"(?:combat )?damage that would be dealt by (?P<who>~|creatures you control) "
                    r"can't be prevented",
          "Excruciator: Damage that would be dealt by this creature can't be prevented.",
          kinds=frozenset({"static"}))
def _unpreventable_by(m: re.Match[str], ctx: Context) -> Piece | None:
    sel = _creatures(m.group("who"))
    return None if sel is None else static(DamageCantBePrevented(sources=sel))


@template("damage", r"(?:the|this) damage can't be prevented",
          "Combust: Combust deals 5 damage to target white or blue creature. The damage can't "
          "be prevented.", kinds=_RESOLVING | {"triggered"})
def _own_damage_unpreventable(m: re.Match[str], ctx: Context) -> Piece | None:
    """The damage the ability's previous sentence deals (not combat damage) can't be
    prevented: nothing for combat."""
    if not ctx.before or not re.search(r"\bdeals? \w+ damage\b", ctx.before[-1]):
        return None
    return Piece()


@template("damage", r"prevent all noncombat damage that would be dealt to [^,]+|if noncombat "
                    r"damage would be dealt to [^,]+, prevent that damage|prevent all damage "
                    r"(?:that would be dealt by )?target (?:[a-z]+ )*?spell (?:would deal )?"
                    r"this turn|prevent all damage that would be dealt by [a-z]+(?: and [a-z]+)? "
                    r"spells",
          "Tajic, Legion's Edge: Prevent all noncombat damage that would be dealt to other "
          "creatures you control.", kinds=_RESOLVING | {"static"})
def _not_combat_damage(m: re.Match[str], ctx: Context) -> Piece | None:
    """Prevention of noncombat damage or of a spell's damage (never combat damage, the only
    damage the engine deals): modelled, with nothing for combat."""
    return Piece()


@template("damage", r"(?:enchanted|equipped) creature (?:has|gains) \"whenever (?:~|this creature) "
                    r"deals combat damage to a player, (?:you may )?draw a card\.?\"",
          "Sixth Sense: Enchanted creature has \"Whenever this creature deals combat damage to "
          "a player, you may draw a card.\"", kinds=frozenset({"static"}))
def _draws_on_damage(m: re.Match[str], ctx: Context) -> Piece | None:
    """A granted trigger that draws a card after combat damage: nothing for combat."""
    return Piece()


@template("damage", r"prevent the next (?P<n>\w+) (?:combat )?damage that would be dealt to "
                    r"you this turn",
          "Conservator: Prevent the next 2 damage that would be dealt to you this turn.",
          kinds=_RESOLVING)
def _shield_you(m: re.Match[str], ctx: Context) -> Piece | None:
    n = _shield_amount(m.group("n"), ctx)
    if n is None:
        return None
    return resolving(PreventNextDamage(amount=n[0], times_x=n[1], to_you=True))


@template("damage", r"during (?P<whose>your|each opponent's) turn, (?P<rest>.+)",
          "Guardian Naga: During your turn, prevent all damage that would be dealt to this "
          "creature.", kinds=frozenset({"static"}))
def _during_turn(m: re.Match[str], ctx: Context) -> Piece | None:
    """A static damage rule only during its controller's turns (or only during the others')."""
    found = first_match([t for t in TEMPLATES if t is not _during_turn], m.group("rest"), ctx)
    if found is None or found[1].resolved or found[1].keywords or not found[1].effects:
        return None
    cond = YourTurn(yours=m.group("whose") == "your")
    out = [e.model_copy(update={"condition": cond}) for e in found[1].effects
           if "condition" in type(e).model_fields and getattr(e, "condition", None) is None]
    return static(*out) if len(out) == len(found[1].effects) else None


_HARMLESS = r"exile cards from the top of your library equal to the damage prevented this way\."
"""What a later sentence may do with the damage prevented that can't change the combat (Bone
Mask)."""


@template("damage", r"the next time an? (?P<q>[a-z]+ (?:or [a-z]+ )?)?source of your choice would "
                    r"deal damage to you this turn, prevent that damage",
          "Circle of Protection: Red: The next time a red source of your choice would deal "
          "damage to you this turn, prevent that damage.", kinds=_RESOLVING)
def _next_time_from_source(m: re.Match[str], ctx: Context) -> Piece | None:
    """The chosen source is named in the resolution's targets; a colour or type word
    restricts it."""
    q = (m.group("q") or "").strip()
    sources = selector(f"target {q} creature" if q else "target creature")
    if sources is None or sources.which != "targets" or not all(
            re.fullmatch(_HARMLESS, a.casefold()) for a in ctx.after):
        return None
    chosen = Selector(which="targets", colors_any=sources.colors_any,
                      types=[t for t in sources.types if t != "Creature"])
    if q and not (chosen.colors_any or chosen.types):
        return None
    return resolving(PreventDamageTo(affects=None, you=True, sources=chosen, once=True))


TEMPLATES: tuple[Template, ...] = (
    _fog, _fog_by, _chosen_to_you, _fog_would_deal, _shield_self, _shield_target, _by_toughness,
    _by_toughness_target,
    _as_unblocked, _prevent_to_and_by, _prevent_to, _prevent_to_players_by, _unpreventable,
    _unpreventable_by,
    _own_damage_unpreventable, _shield_you, _next_time_from_source,
    *damage_rules.TEMPLATES, _during_turn, _not_combat_damage, _draws_on_damage,
)
"""The templates of this module, in the order they are tried."""
