"""Templates of the combat_trigger family: attack and block triggers that count creatures
in combat, or change other creatures, until end of turn.

"Whenever ~ attacks, it gets +1/+0 until end of turn for each other attacking Aurochs" and
"whenever ~ attacks, other creatures you control get +1/+0 until end of turn" resolve in the
declare attackers step, before blockers are declared; "whenever ~ becomes blocked, it gets
+1/+1 until end of turn for each creature blocking it", "whenever ~ blocks a creature with
flying" (once for each such creature it blocks, CR 509.3b; "becomes blocked by a creature":
once for each creature blocking it, 509.3d) and "that creature gets +1/+1" resolve in the
declare blockers step, before combat damage. None has a choice, so each is a
:class:`~mtgcombat.rules.effects.ModifyPowerToughness` holding while its source is attacking
or blocking (or while the changed creature itself is), counting the creatures of the board's
``attack`` / ``blocks`` that match ``per`` (the selector's ``blocking_source`` and
``blocked_by_source``: blocking it, blocked by it). ``from_trigger``: the count, and the change
itself, are the ones as the first combat damage step began, so a counted creature or the
source destroyed by first-strike damage still counts or still gives it in the regular step
(CR 608.2h, 611.2c). "Whenever a creature you control becomes blocked, it gets +1/+1" holds
for each of them once blocked; "whenever ~ / a creature you control attacks alone" (CR
506.5) for the only creature of the board's ``attack`` (the selector's ``attacking_alone``).
As for battle cry and exalted, creatures put onto the battlefield attacking are taken as
declared, and as there when the trigger resolved.

Left unmodelled: a change lowering toughness of others or by a count (a creature it makes 0
toughness dies before combat damage, which the damage engine applies only to flanking), "one
or more" and "beyond the first" triggers, counts of creatures not in combat ("for each
Elemental you control": those may change between the trigger's resolution and the board),
keywords granted to others (they would end with a source destroyed by first-strike damage;
"attacks alone" grants them, its source being the lone attacker or out of combat),
a count with a keyword grant ("gets +1/+0 and gains first strike"), counts relative to
another creature ("whenever a creature you control becomes blocked, it gets +1/+1 for each
creature blocking it"), a keyword or power checked as another creature's trigger triggered
("a creature you control with power 2 or less"), and another creature's attack trigger (a
creature put onto the battlefield attacking never attacked, CR 508.3a, and the board doesn't
tell which did).
"""

from __future__ import annotations

import re

from mtgcombat.rules.effects import (
    Effect,
    GrantKeywords,
    ModifyPowerToughness,
    Selector,
    SourceState,
)
from mtgcombat.rules.text.phrases import PT_CHANGE, keyword_list, selector, signed, subtype_word
from mtgcombat.rules.text.templates import Context, Piece, Template, static, template

_PTX = r"(?P<p>\+X|\+\d+)/(?P<t>\+X|\+\d+)"
_SELF = r"(?:it|~)"

_ATTACKING = Selector(which="self", attacking="any")
_BLOCKING = Selector(which="self", blocking=True)
_BLOCKED = Selector(which="self", blocked=True)
BLOCKERS = Selector(types=["Creature"], blocking_source=True)
BLOCKED_BY_IT = Selector(types=["Creature"], blocked_by_source=True)


def _noun(phrase: str) -> Selector | None:
    """The selector of "a creature with flying" / "an artifact creature" (article dropped)."""
    return selector(re.sub(r"^an? ", "", phrase))


def _counted(affects: Selector, p: int, t: int, per: Selector) -> Piece | None:
    """``affects`` gets +p/+t for each creature matching ``per`` as the trigger resolved."""
    if t < 0:
        return None
    return static(ModifyPowerToughness(affects=affects, power=p, toughness=t, per=per,
                                       from_trigger=True))


@template("combat_trigger", rf"whenever ~ attacks, {_SELF} gets {PT_CHANGE} until end of turn for "
                            r"each (?P<what>other attacking .+)",
          "Aurochs Herd: Whenever this creature attacks, it gets +1/+0 until end of turn for "
          "each other attacking Aurochs.", kinds=frozenset({"triggered"}))
def _per_attacker(m: re.Match[str], ctx: Context) -> Piece | None:
    what = m.group("what")
    if "~" in what:  # Aurochs: "each other attacking Aurochs", its own creature type
        if subtype_word(ctx.name) is None or ctx.name not in ctx.subtypes:
            return None
        what = what.replace("~", ctx.name)
    per = selector(what)
    if per is None or per.attacking != "any" or per.which != "others":
        return None
    return _counted(_ATTACKING, signed(m.group("p")), signed(m.group("t")), per)


@template("combat_trigger", rf"whenever ~ attacks, {_SELF} gets {_PTX} until end of turn, "
                            r"where x is the number of (?P<what>(?:other )?attacking "
                            r"creatures(?: you control)?)",
          "Akroan Hoplite: Whenever this creature attacks, it gets +X/+0 until end of turn, "
          "where X is the number of attacking creatures you control.",
          kinds=frozenset({"triggered"}))
def _x_attackers(m: re.Match[str], ctx: Context) -> Piece | None:
    per = selector(m.group("what"))
    p, t = m.group("p"), m.group("t")
    if per is None or "X" not in (p + t):
        return None
    if "X" not in p and p != "+0" or "X" not in t and t != "+0":
        return None  # "+X/+1": a fixed part too
    return _counted(_ATTACKING, int("X" in p), int("X" in t), per)


@template("combat_trigger", rf"whenever ~ (?P<ev>becomes blocked|blocks), {_SELF} gets {PT_CHANGE} "
                            r"until end of turn for each creature (?P<by>blocking it|it's "
                            r"blocking)",
          "Elvish Berserker: Whenever this creature becomes blocked, it gets +1/+1 until end "
          "of turn for each creature blocking it.", kinds=frozenset({"triggered"}))
def _per_blocker(m: re.Match[str], ctx: Context) -> Piece | None:
    blocked = m.group("ev").casefold() == "becomes blocked"
    if blocked != (m.group("by").casefold() == "blocking it"):
        return None
    return _counted(_BLOCKED if blocked else _BLOCKING, signed(m.group("p")), signed(m.group("t")),
                    BLOCKERS if blocked else BLOCKED_BY_IT)


@template("combat_trigger", rf"whenever ~ becomes blocked by (?P<what>an? [^,]+), {_SELF} gets "
                            rf"{PT_CHANGE} until end of turn",
          "Cave Tiger: Whenever this creature becomes blocked by a creature, this creature "
          "gets +1/+1 until end of turn.", kinds=frozenset({"triggered"}))
def _blocked_by(m: re.Match[str], ctx: Context) -> Piece | None:
    return _per_creature(m, _BLOCKED, "blocking_source")


@template("combat_trigger", rf"whenever ~ blocks (?P<what>an? [^,]+), {_SELF} gets {PT_CHANGE} "
                            r"until end of turn",
          "Ezuri's Archers: Whenever this creature blocks a creature with flying, this "
          "creature gets +3/+0 until end of turn.", kinds=frozenset({"triggered"}))
def _blocks_a(m: re.Match[str], ctx: Context) -> Piece | None:
    return _per_creature(m, _BLOCKING, "blocked_by_source")


def _per_creature(m: re.Match[str], event: Selector, relation: str) -> Piece | None:
    """The trigger's change on ``event``, once for each creature the match's ``what`` names
    that is in ``relation`` (a Selector field) to the source; None when ``what`` names more
    than a kind of creature (a controller or "other")."""
    per = _noun(m.group("what"))
    if per is None or per != per.model_copy(update={"which": "all", "controller": "any"}):
        return None
    per = per.model_copy(update={relation: True})
    return _counted(event, signed(m.group("p")), signed(m.group("t")), per)


_FOES: dict[str, tuple[Selector, ...]] = {
    "becomes blocked, each creature blocking it": (BLOCKERS,),
    "becomes blocked by a creature, the blocking creature": (BLOCKERS,),
    "becomes blocked by a creature, that creature": (BLOCKERS,),
    "blocks a creature, that creature": (BLOCKED_BY_IT,),
    "blocks or becomes blocked by a creature, that creature": (BLOCKERS, BLOCKED_BY_IT),
}
"""A trigger's event and the creatures it changes: those blocking the source or blocked by
it as it resolved (one trigger for each with "by a creature", 509.3b, d)."""
_FOE = "|".join(re.escape(k) for k in sorted(_FOES, key=len, reverse=True))


@template("combat_trigger", rf"whenever ~ (?P<ev>{_FOE}) gets {PT_CHANGE} until end of turn",
          "Flailing Drake: Whenever this creature blocks or becomes blocked by a creature, that "
          "creature gets +1/+1 until end of turn.", kinds=frozenset({"triggered"}))
def _foes(m: re.Match[str], ctx: Context) -> Piece | None:
    p, t = signed(m.group("p")), signed(m.group("t"))
    if t < 0:
        return None
    return static(*(ModifyPowerToughness(affects=sel, power=p, toughness=t, from_trigger=True)
                    for sel in _FOES[m.group("ev").casefold()]))


_STATES: dict[str, tuple[SourceState, ...]] = {
    "attacks": (SourceState(state="attacking"),),
    "blocks": (SourceState(state="blocking"),),
    "attacks or blocks": (SourceState(state="attacking"), SourceState(state="blocking")),
}
"""A trigger's event → the source's combat state from which its change holds."""


@template("combat_trigger", r"whenever ~ (?P<ev>attacks or blocks|attacks|blocks), (?:each )?"
                            rf"(?P<who>[^,]+?) gets? {PT_CHANGE} until end of turn",
          "Bolt Hound: Whenever this creature attacks, other creatures you control get +1/+0 "
          "until end of turn.", kinds=frozenset({"triggered"}))
def _group(m: re.Match[str], ctx: Context) -> Piece | None:
    who = selector(m.group("who"))
    p, t = signed(m.group("p")), signed(m.group("t"))
    if who is None or who.which not in ("all", "others") or t < 0:
        return None
    return static(*(ModifyPowerToughness(affects=who, power=p, toughness=t, condition=cond,
                                         from_trigger=True)
                    for cond in _STATES[m.group("ev").casefold()]))


_WHEN: dict[str, dict[str, object]] = {"becomes blocked": {"blocked": True},
                                       "blocks": {"blocking": True}}
"""Another creature's block trigger event → the filter on it from which its change holds."""


@template("combat_trigger", r"whenever (?P<who>an? [^,~]+?) (?P<ev>becomes blocked|blocks), "
                            rf"(?:it|that creature) gets {PT_CHANGE} until end of turn",
          "Somberwald Alpha: Whenever a creature you control becomes blocked, it gets +1/+1 "
          "until end of turn.", kinds=frozenset({"triggered"}))
def _each_blocked(m: re.Match[str], ctx: Context) -> Piece | None:
    sel = _noun(m.group("who"))
    p, t = signed(m.group("p")), signed(m.group("t"))
    if (sel is None or sel.which != "all" or t < 0 or sel.keywords_any or sel.keywords_none
            or sel.power_greater_than is not None or sel.power_less_than is not None):
        return None  # a keyword or power checked as it triggered may change since
    sel = sel.model_copy(update=_WHEN[m.group("ev").casefold()])
    return static(ModifyPowerToughness(affects=sel, power=p, toughness=t, from_trigger=True))


def _alone_who(who: str) -> Selector | None:
    """The creatures of "whenever <who> attacks alone" ("~", "a creature you control", "a
    Samurai or Warrior you control")."""
    if who == "~":
        return Selector(which="self", attacking_alone=True)
    two = re.fullmatch(r"an? (\w+) or (\w+) you control", who)
    sel: Selector | None
    if two is not None:
        subtypes = [subtype_word(w) for w in two.groups()]
        if None in subtypes:
            return None
        sel = Selector(controller="you", subtypes_any=[s for s in subtypes if s is not None])
    else:
        sel = _noun(who)
    if sel is None or sel.which != "all":
        return None
    return sel.model_copy(update={"attacking": "any", "attacking_alone": True})


_ALONE_WHO = r"(?P<who>~|an? [a-z]+ or [a-z]+ you control|an? [a-z ]+?)"


@template("combat_trigger", rf"whenever {_ALONE_WHO} attacks alone, (?:it|that creature) "
                            rf"(?:gets {PT_CHANGE}(?: and gains (?P<kws>[a-z ,]+?))?|gains "
                            r"(?P<kws2>[a-z ,]+?)) until end of turn",
          "Reckless Ogre: Whenever this creature attacks alone, it gets +3/+0 until end of "
          "turn.", kinds=frozenset({"triggered"}))
def _alone(m: re.Match[str], ctx: Context) -> Piece | None:
    sel = _alone_who(m.group("who"))
    if sel is None:
        return None
    out: list[Effect] = []
    if m.group("p") is not None:
        out.append(ModifyPowerToughness(affects=sel, power=signed(m.group("p")),
                                        toughness=signed(m.group("t"))))
    kws = m.group("kws") or m.group("kws2")
    if kws is not None:
        keywords = keyword_list(kws)
        if keywords is None:
            return None
        out.append(GrantKeywords(affects=sel, keywords=keywords))
    return static(*out)


TEMPLATES: tuple[Template, ...] = (_per_attacker, _x_attackers, _per_blocker, _blocked_by,
                                   _blocks_a, _foes, _group, _alone,
                                   _each_blocked)
"""The templates of this module, in the order they are tried."""
