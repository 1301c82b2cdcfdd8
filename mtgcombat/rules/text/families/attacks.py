"""Templates of the attack families: restrictions (CR 508.1c) and requirements (CR 508.1d).

Restrictions: "~ can't attack (or block)", "can't attack you (or planeswalkers you control)",
"can't attack (or block) alone", "can only attack alone", "can't attack unless defending
player controls ...", "... unless you control ...", "... unless ... also attacks", "no more
than N creatures can attack (you) each combat". Requirements: "attacks (you) each combat if
able", "attacks this turn if able", "if ... attacks, ... attacks if able", "each opponent
must attack ... with at least one creature", goad (CR 701.15).

A sentence with a duration ("this turn", "until your next turn") is what a spell or ability
does when it resolves; without one it is a static ability. The subject of a resolved effect
that targets ("target creature") is the permanents targeted, whatever they have become since
(CR 608.2b checks the target's qualities only as the spell or ability resolves).
"""

from __future__ import annotations

import re

from mtgcombat.rules.effects import (
    SELF,
    CanOnlyAttackAlone,
    CantAttack,
    CantAttackAlone,
    CantAttackUnlessCastThisTurn,
    CantAttackUnlessDefendingPlayerControls,
    CantAttackUnlessOtherAttacks,
    CantAttackUnlessPermanents,
    CantBlock,
    CantBlockAlone,
    ConditionalMustAttack,
    Effect,
    GrantKeywords,
    MaxAttackers,
    ModifyPowerToughness,
    MustAttack,
    MustAttackGroup,
    MustBlock,
    Selector,
)
from mtgcombat.rules.effects.common import ScopeKind
from mtgcombat.rules.text.phrases import keyword_list, number, selector, type_word
from mtgcombat.rules.text.templates import ALL_KINDS, Context, Piece, Template, static, template

NOT_KEYWORDS = ALL_KINDS - {"keywords"}
"""Every ability kind but a keyword line."""

PRE = (r"(?:(?!(?:[ivx]+(?:, )?)+ —|max speed —|solved —)[^—.,]{1,40} — )?"  # CR 207.2c
       r"(?:(?P<head>\[[+−\-]?(?:\d+|x)\]:|(?:when|whenever|at) [^,]+|(?:[ivx]+(?:, )?)+ —),? )?"
       r"(?:(?P<dur0>this turn|until your next turn|until end of turn),? )?")
"""What may precede a sentence's effect: an ability word or flavor word (no rules meaning;
not "Max speed —" or a Case's "Solved —", which make the ability conditional), a trigger
condition, Saga chapter numbers or a loyalty cost (the effect resolves), and a leading
duration."""

DUR = r" (?P<dur>this turn|this combat|until your next turn|until end of turn)"
"""A trailing duration: the effect is a spell's or ability's, applied as it resolves."""

SCOPES: dict[str, ScopeKind] = {
    "": "any", " you": "you",
    " you or planeswalkers you control": "you_and_planeswalkers",
    " you or a planeswalker you control": "you_and_planeswalkers",
}
"""What a creature can't attack (or must attack) → the attack scope."""

SCOPE = r"(?P<scope> you or planeswalkers you control| you or a planeswalker you control| you)?"

_NOT_SUBJECTS = frozenset({"it", "they", "them", "that creature", "those creatures",
                           "each of them", "each of those creatures"})


_BRIDGE = " with power greater than the number of cards in your hand"


def _own_name(phrase: str, name: str) -> bool:
    """Is ``phrase`` the first words of the card's own name (``Haktos`` for ``Haktos the
    Unscarred``), which the card's text uses to name itself?"""
    return bool(phrase[:1].isupper()) and any(
        face.startswith(phrase + " ") for face in name.split(" // "))


def subject(phrase: str, name: str = "") -> Selector | None:
    """The selector of a sentence's subject: ``target creature`` (and ``up to one target
    ...``) means the permanents targeted; the first words of the card's ``name`` are the card
    itself; pronouns (what they refer to is in another sentence) are not understood."""
    p = phrase.strip()
    low = p.casefold()
    if low in _NOT_SUBJECTS:
        return None
    if low.endswith(_BRIDGE):  # Ensnaring Bridge
        sel = selector(p[: -len(_BRIDGE)])
        return (sel.model_copy(update={"power_greater_than": "your_hand_size"})
                if sel is not None and sel.power_greater_than is None else None)
    up_to = re.match(r"up to (?:one|two|three|x) (target .+)$", low)
    if up_to:
        low = up_to.group(1)
    if low.startswith("target "):
        return Selector(which="targets") if selector(low) is not None else None
    sel = selector(re.sub(r" with (\w+) counters on them",
                          r" with one or more \1 counters on them", p, flags=re.I))
    if sel is None and name and _own_name(p, name):
        return SELF
    return sel


def duration(m: re.Match[str]) -> bool:
    """Does the matched sentence say the effect lasts for a while (it is one that resolves)?"""
    d = m.groupdict()
    return bool(d.get("head") or d.get("dur0") or d.get("dur"))


def piece(m: re.Match[str], ctx: Context, *effects: Effect) -> Piece | None:
    """``effects`` as the piece their sentence compiles to: what resolves (a spell's or an
    ability's with a duration) or a static ability's effects; None when the sentence's kind
    and duration don't agree (a static ability with a duration, a spell without one)."""
    if ctx.kind == "spell" and any(getattr(e, "affects", SELF).which == "others"
                                   for e in effects):
        return None  # "other creatures" on a spell: other than a creature another part names
    timed = duration(m)
    # a Saga chapter (CR 714.2b) or a loyalty ability written "[+1]:" resolves, whatever the
    # sentence's kind says
    resolves = bool(re.fullmatch(r"[ivx, ]+—|\[.+\]:", m.groupdict().get("head") or "", re.I))
    if timed:
        return Piece(resolved=tuple(effects)) if ctx.kind != "static" or resolves else None
    if ctx.kind != "static":
        return None
    if any(getattr(e, "affects", SELF).which == "targets" for e in effects):
        return None
    return static(*effects)


def counted(phrase: str, suffix: str = "") -> tuple[int, Selector] | None:
    """``two Islands`` / ``five or more Islands`` / ``an artifact`` → (count, selector of the
    phrase with ``suffix`` appended, e.g. `` you control``)."""
    if phrase.casefold().startswith("another "):
        other = selector(phrase + suffix)
        return (1, other) if other is not None else None
    m = re.fullmatch(r"(?:at least )?(\w+)(?: or more)? (.+)", phrase.strip(), re.I)
    if m is None:
        return None
    n = number(m.group(1))
    if n is None or n < 1:
        return None
    sel = selector(m.group(2) + suffix)
    return (n, sel) if sel is not None else None


def colours_or(phrase: str) -> Selector | None:
    """``a black or green creature`` → a creature of either colour; else :func:`selector`."""
    m = re.fullmatch(r"(?:an? )?(\w+) or (\w+) (creature)", phrase.strip(), re.I)
    if m is None:
        return selector(phrase)
    one, two = selector(m.group(1) + " creature"), selector(m.group(2) + " creature")
    if one is None or two is None or len(one.colors_any) != 1 or len(two.colors_any) != 1:
        return None
    return Selector(types=["Creature"], colors_any=sorted({*one.colors_any, *two.colors_any}))


# --- restrictions -----------------------------------------------------------------------------

_BLOCK_TOO = r"(?P<block> or block|, block, or (?:crew vehicles|transform))?"
_MANA_OK = r"(?:, and its activated abilities can't be activated unless they're mana abilities)?"


@template("attack_restriction",
          PRE + r"(?P<subj>.+?) can(?:'t|not) attack" + SCOPE + _BLOCK_TOO + _MANA_OK
          + r"(?:" + DUR + r")?",
          "Pacifism: Enchanted creature can't attack or block.", NOT_KEYWORDS)
def _cant_attack(m: re.Match[str], ctx: Context) -> Piece | None:
    sel = subject(m.group("subj"), ctx.name)
    if sel is None:
        return None
    out: list[Effect] = [CantAttack(affects=sel, scope=SCOPES[m.group("scope") or ""])]
    if m.group("block"):
        if m.group("scope"):
            return None
        out.append(CantBlock(affects=sel))
    return piece(m, ctx, *out)


@template("attack_restriction",
          r"except for creatures named ~ and artifact creatures, (?P<subj>.+?) can't attack",
          "Akron Legionnaire: Except for creatures named Akron Legionnaire and artifact "
          "creatures, creatures you control can't attack.")
def _except_named(m: re.Match[str], ctx: Context) -> Piece | None:
    sel = subject(m.group("subj"), ctx.name)
    if sel is None or sel.which != "all" or sel.types_none or sel.names_none:
        return None
    sel = sel.model_copy(update={"types_none": ["Artifact"], "names_none": [ctx.name]})
    return piece(m, ctx, CantAttack(affects=sel))


@template("attack_restriction",
          PRE + r"(?P<subj>.+?) (?P<verb>can't attack or block alone|can't attack alone|"
          r"can only attack alone)(?:" + DUR + r")?",
          "Mogg Flunkies: This creature can't attack or block alone.", NOT_KEYWORDS)
def _alone(m: re.Match[str], ctx: Context) -> Piece | None:
    sel = subject(m.group("subj"), ctx.name)
    if sel is None:
        return None
    verb = m.group("verb").casefold()
    if verb.startswith("can only"):
        return piece(m, ctx, CanOnlyAttackAlone(affects=sel))
    out: list[Effect] = [CantAttackAlone(affects=sel)]
    if "block" in verb:
        out.append(CantBlockAlone(affects=sel))
    return piece(m, ctx, *out)


@template("attack_restriction",
          r"(?P<subj>.+?) can't attack unless defending player controls (?P<what>.+)",
          "Armored Galleon: This creature can't attack unless defending player controls an "
          "Island.")
def _unless_defender(m: re.Match[str], ctx: Context) -> Piece | None:
    sel, what = subject(m.group("subj"), ctx.name), selector(m.group("what"))
    if sel is None or what is None or what.which != "all" or what.controller != "any":
        return None
    if not re.match(r"an? ", m.group("what"), re.I):
        return None
    return piece(m, ctx, CantAttackUnlessDefendingPlayerControls(affects=sel, permanent=what))


@template("attack_restriction",
          r"(?P<subj>.+?) can't attack unless (?:you control (?P<yours>.+)|there (?:is|are) "
          r"(?P<any>.+) on the battlefield)",
          "Lambholt Pacifist: This creature can't attack unless you control a creature with "
          "power 4 or greater.")
def _unless_permanents(m: re.Match[str], ctx: Context) -> Piece | None:
    sel = subject(m.group("subj"), ctx.name)
    found = (counted(m.group("yours"), " you control") if m.group("yours")
             else counted(m.group("any")))
    if sel is None or found is None:
        return None
    n, what = found
    if what.which == "others" and sel != SELF:
        return None  # "another": other than the source, which is the creature itself
    return piece(m, ctx, CantAttackUnlessPermanents(affects=sel, permanent=what, count=n))


@template("attack_restriction",
          r"(?P<subj>.+?) can't attack unless (?:(?P<n>at least \w+) other creatures attack|"
          r"(?P<what>an? .+?) also attacks)",
          "Scarred Puma: This creature can't attack unless a black or green creature also "
          "attacks.")
def _unless_other(m: re.Match[str], ctx: Context) -> Piece | None:
    sel = subject(m.group("subj"), ctx.name)
    if sel is None:
        return None
    if m.group("n"):
        n = number(m.group("n").split()[-1])
        if n is None or n < 1:
            return None
        return piece(m, ctx, CantAttackUnlessOtherAttacks(
            affects=sel, other=Selector(types=["Creature"]), count=n))
    other = colours_or(m.group("what"))
    if other is None or other.which != "all" or "Creature" not in other.types:
        return None
    return piece(m, ctx, CantAttackUnlessOtherAttacks(affects=sel, other=other))


@template("attack_restriction",
          r"(?P<subj>.+?) can't attack unless you've cast an? (?P<type>\w+) spell this turn",
          "Goblin Cohort: This creature can't attack unless you've cast a creature spell this "
          "turn.")
def _unless_cast(m: re.Match[str], ctx: Context) -> Piece | None:
    sel, kind = subject(m.group("subj"), ctx.name), type_word(m.group("type"))
    if sel is None or kind is None or m.group("type").casefold() != kind.casefold():
        return None
    return piece(m, ctx, CantAttackUnlessCastThisTurn(affects=sel, spell_type=kind))


@template("attack_restriction",
          r"no more than (?P<n>\w+) creatures? can attack(?P<scope> you| ~)? each combat",
          "Crawlspace: No more than two creatures can attack you each combat.")
def _max_attackers(m: re.Match[str], ctx: Context) -> Piece | None:
    n = number(m.group("n"))
    scope = (m.group("scope") or "").strip()
    if n is None or (scope == "~" and not ctx.types & {"Planeswalker", "Battle"}):
        return None
    return static(MaxAttackers(count=n, scope="you" if scope == "you" else
                               "self" if scope == "~" else "any"))


# --- requirements -----------------------------------------------------------------------------

@template("attack_requirement",
          PRE + r"(?P<subj>.+?) (?:attacks?|must attack)" + SCOPE + r"(?P<block> or blocks?)?"
          r"(?: each combat|" + DUR + r") if able"
          r"(?P<other> and attacks? a player other than you if able)?",
          "Juggernaut: This creature attacks each combat if able.", NOT_KEYWORDS)
def _must_attack(m: re.Match[str], ctx: Context) -> Piece | None:
    sel = subject(m.group("subj"), ctx.name)
    if sel is None:
        return None
    out: list[Effect] = [MustAttack(affects=sel, scope=SCOPES[m.group("scope") or ""])]
    if m.group("block"):
        if m.group("scope"):
            return None
        out.append(MustBlock(affects=sel))
    if m.group("other"):
        out.append(MustAttack(affects=sel, scope="players_other_than_you"))
    return piece(m, ctx, *out)


@template("attack_requirement",
          r"(?P<subj>.+?) have (?P<kw>[^.]+?) and attack each combat if able",
          "Avatar of Slaughter: All creatures have double strike and attack each combat if "
          "able.")
def _keywords_and_attack(m: re.Match[str], ctx: Context) -> Piece | None:
    sel, kws = subject(m.group("subj"), ctx.name), keyword_list(m.group("kw"))
    if sel is None or kws is None or sel.which == "targets":
        return None
    return piece(m, ctx, GrantKeywords(affects=sel, keywords=kws), MustAttack(affects=sel))


_THAT_PLAYER = re.compile(r"^(?:all )?creatures (?:that opponent|that player) controls$", re.I)


@template("attack_requirement",
          r"if (?P<trig>.+?) attacks, (?P<aff>.+?) (?:also )?attacks? if able",
          "Ekundu Cyclops: If a creature you control attacks, this creature also attacks if "
          "able.")
def _conditional(m: re.Match[str], ctx: Context) -> Piece | None:
    trig = subject(m.group("trig"), ctx.name)
    same = bool(_THAT_PLAYER.match(m.group("aff")))
    aff = Selector(types=["Creature"]) if same else subject(m.group("aff"), ctx.name)
    if trig is None or aff is None or "targets" in (trig.which, aff.which):
        return None
    if same:
        if trig.controller == "any":
            return None
        aff = aff.model_copy(update={"controller": trig.controller})
    return piece(m, ctx, ConditionalMustAttack(trigger=trig, affects=aff, same_controller=same))


@template("attack_requirement",
          PRE + r"each opponent must attack (?:(?P<scope>you or a planeswalker you control) )?"
          r"with at least one creature each combat if able",
          "Trove of Temptation: Each opponent must attack you or a planeswalker you control "
          "with at least one creature each combat if able.")
def _group(m: re.Match[str], ctx: Context) -> Piece | None:
    scope: ScopeKind = "you_and_planeswalkers" if m.group("scope") else "any"
    return piece(m, ctx, MustAttackGroup(players="opponents", scope=scope))


_GOAD_WHAT = (r"(?:up to (?:one|two|three|x) )?target creatures?(?: [^,]*?)?|it|them|"
              r"that creature|those creatures|(?:each|all) creatures? [^,]*?")


@template("attack_requirement",
          r"(?:(?:when|whenever|at) [^,]+, )?(?:you may )?goad (?:" + _GOAD_WHAT + r")",
          "Disrupt Decorum: Goad all creatures you don't control.",
          frozenset({"spell", "activated", "triggered"}))
def _goad_once(m: re.Match[str], ctx: Context) -> Piece | None:
    """Goading is a one-shot action (CR 701.15a): its result, who goaded the creature, is
    board state (``goaded_by``); nothing more applies."""
    if " and " in m.group(0).replace("and/or", ""):
        return None
    return Piece()


@template("attack_requirement", r"(?P<subj>.+?) (?:is|are) goaded",
          "The Sound of Drums: Enchanted creature is goaded.")
def _goaded(m: re.Match[str], ctx: Context) -> Piece | None:
    """A static goad (CR 701.15b): it attacks each combat if able and attacks a player other
    than the goading player (the source's controller) if able."""
    sel = subject(m.group("subj"), ctx.name)
    if sel is None or sel.which == "targets":
        return None
    return piece(m, ctx, MustAttack(affects=sel),
                 MustAttack(affects=sel, scope="players_other_than_you"))


# --- Auras and Equipment: a bonus and an attack rule in one sentence -------------------------

_PREDICATES: dict[str, tuple[type[Effect], ...]] = {
    "is goaded": (MustAttack, MustAttack),
    "attacks each combat if able": (MustAttack,),
    "can't attack": (CantAttack,),
    "can't attack or block": (CantAttack, CantBlock),
    "can't attack alone": (CantAttackAlone,),
    "can only attack alone": (CanOnlyAttackAlone,),
    "can't attack you or planeswalkers you control": (CantAttack,),
}
"""The attack rules an Aura's or Equipment's bonus sentence may end with."""


def _predicate(pred: str, sel: Selector) -> list[Effect]:
    """The effects of one of :data:`_PREDICATES` on the creatures ``sel`` selects (goad: CR
    701.15b, attacks each combat and attacks a player other than the goading player)."""
    p = pred.casefold()
    if p == "is goaded":
        return [MustAttack(affects=sel), MustAttack(affects=sel, scope="players_other_than_you")]
    if p.startswith("can't attack you"):
        return [CantAttack(affects=sel, scope="you_and_planeswalkers")]
    return [kind(affects=sel) for kind in _PREDICATES[p]]  # type: ignore[call-arg]


@template("attack_requirement",
          r"(?P<subj>enchanted creature|equipped creature) (?:gets (?P<p>[+-]\d+)/(?P<t>[+-]\d+))?"
          r"(?:(?:, | and |^)?has (?P<kw>[^,]+?))?,?(?: and)? (?P<pred>"
          + "|".join(sorted((re.escape(k) for k in _PREDICATES), key=len, reverse=True)) + ")",
          "Acquired Mutation: Enchanted creature gets +2/+2 and is goaded.")
def _bonus_and(m: re.Match[str], ctx: Context) -> Piece | None:
    """An Aura's or Equipment's P/T bonus or keywords and an attack rule, for the creature it
    is attached to."""
    if m.group("p") is None and m.group("kw") is None:
        return None
    sel = Selector(which="attached")
    out: list[Effect] = []
    if m.group("p") is not None:
        out.append(ModifyPowerToughness(affects=sel, power=int(m.group("p")),
                                        toughness=int(m.group("t"))))
    if m.group("kw") is not None:
        kws = keyword_list(m.group("kw"))
        if kws is None:
            return None
        out.append(GrantKeywords(affects=sel, keywords=kws))
    return piece(m, ctx, *out, *_predicate(m.group("pred"), sel))


@template("attack_restriction",
          r"(?P<subj>enchanted creature|equipped creature|~) attacks each combat if able and "
          r"can't attack" + SCOPE,
          "Fealty to the Realm: Enchanted creature attacks each combat if able and can't attack "
          "you.")
def _must_but_not(m: re.Match[str], ctx: Context) -> Piece | None:
    """A requirement to attack and a restriction on what it attacks, on one creature."""
    if not m.group("scope"):
        return None
    sel = subject(m.group("subj"), ctx.name)
    if sel is None:
        return None
    return piece(m, ctx, MustAttack(affects=sel),
                 CantAttack(affects=sel, scope=SCOPES[m.group("scope")]))


TEMPLATES: tuple[Template, ...] = (
    _except_named, _alone, _unless_defender, _unless_permanents, _unless_other, _unless_cast,
    _cant_attack, _max_attackers, _conditional, _group, _keywords_and_attack, _must_attack,
    _goad_once, _goaded, _bonus_and, _must_but_not,
)
"""The templates of this module, in the order they are tried."""
