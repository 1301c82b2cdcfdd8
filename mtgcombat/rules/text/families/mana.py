"""Mana abilities (CR 605) that can pay costs to attack or block, and what stops them.

``{T}: Add {G}.``, ``{T}: Add {R} or {G}.``, ``{U/R}, {T}: Add {U}{U}, {U}{R}, or {R}{R}.``,
``{1}, {T}: Add one mana of any color.``, ``Sacrifice a Forest: Add {G}{G}.``, ``{2}, {T}: Add
{B} for each Swamp you control.`` become :class:`ManaAbility` effects when every part of the
cost is one the payment search models (tap, untap, mana, life, sacrificing the source or a
permanent, tapping untapped permanents, exiling the card from hand, removing counters nothing
in combat reads from the source) and the amount is a number, the source's power or
toughness, its counters of one kind (or those a "remove X" cost removes, plus "an
additional" one), or a count of permanents; "activate only if you control
..." is kept as a condition. Mana that can only be spent on spells or abilities can't pay a
cost to attack (mana that only some spells refuse still can), and mana added any other way
than by a mana ability activated while paying (a spell, a loyalty ability, a triggered
ability that isn't a mana ability, an ability activated only as a sorcery) is gone before the
next declaration (CR 500.4, 508.1i, 605.1), so such text is modelled as having no effect
there; other costs, amounts or limits stay unmodelled. "Its activated abilities can't be
activated" (Arrest) is :class:`NoActivatedAbilities`: those mana abilities can't be activated
to pay (CR 602.5).
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from mtgcombat.rules.effects import (
    CantAttack,
    CantBlock,
    Controls,
    CostPick,
    CounterCount,
    Effect,
    ManaAbility,
    ModifyPowerToughness,
    NoActivatedAbilities,
    RemoveCounters,
    Selector,
    XCount,
)
from mtgcombat.rules.mana_syntax import check_cost
from mtgcombat.rules.text.phrases import number, selector
from mtgcombat.rules.text.templates import Context, Piece, Template, static, template

_MANA = r"(?:\{[WUBRGC]\})+"
_ONLY_SPELLS = re.compile(r"^spend this mana only (?!.*\b(?:costs? that contains?|un-costs)\b)",
                          re.I)
"""Mana that may be spent only on spells, abilities and other named costs: never on a cost to
attack or block, which is neither."""
_NOT_ON_SPELLS = re.compile(r"this mana can't be spent to cast [^.]+\.", re.I)
"""Mana that can't be spent on some spells: it still pays costs to attack or block."""
_REMOVE = re.compile(r"Remove (?P<n>an?|one|two|three|four|five|X|any number of) "
                     r"(?P<counter>charge|storage|depletion|mining|book|ice|dream|ki) "
                     r"counters? from ~")
"""A cost removing counters from the source. Only counters that nothing in combat reads (not
+1/+1 or -1/-1 counters, which change power and toughness)."""
_LOYALTY = re.compile(r"\[[+−\-]?(?:\d+|X)\]")
_COLOURS = ("W", "U", "B", "R", "G")
_ATTACHED = Selector(which="attached")
_NEVER = "never"
"""A limit under which the ability can't be activated while costs to attack or block are
paid."""


def _sacrifice(phrase: str) -> CostPick | None:
    """``a Forest``, ``an artifact``, ``another creature`` → what a sacrifice cost picks (a
    permanent of the ability's controller), or None."""
    if not re.match(r"(?:an?|another) ", phrase, re.I):
        return None
    sel = selector(phrase)
    if (sel is None or sel.which not in ("all", "others") or sel.controller != "any"
            or sel.attacking is not None or sel.blocking is not None or sel.blocked is not None
            or sel.your_turn is not None):
        return None
    return CostPick(filter=sel)


def _tap_untapped(count: str, phrase: str) -> CostPick | None:
    """``an`` + ``creature you control``, ``two`` + ``Elves you control`` → what a "tap N
    untapped ..." cost picks, or None."""
    n = 1 if count == "an" else number(count)
    sel = selector(phrase)
    if (n is None or sel is None or sel.which != "all" or sel.controller != "you"
            or sel.tapped is not None or sel.attacking is not None or sel.blocking is not None
            or sel.blocked is not None or sel.your_turn is not None):
        return None
    return CostPick(count=n, filter=sel)


def _cost(cost: str) -> dict[str, Any] | None:
    """The :class:`ManaAbility` cost fields of an activated ability's cost, or None."""
    fields: dict[str, Any] = {}
    cost = re.sub(r"^Metalcraft — ", "", cost)  # an ability word (CR 207.2c)
    for part in (p.strip() for p in cost.split(",")):
        if part == "{T}":
            fields["tap"] = True
        elif part == "{Q}":
            fields["untap"] = True
        elif re.fullmatch(r"(?:\{(?:\d+|[WUBRGC]|[WUBRG]/[WUBRG])\})+", part):
            check_cost(part)
            fields["mana_cost"] = part
        elif m := re.fullmatch(r"Pay (\d+) life", part):
            fields["life"] = int(m.group(1))
        elif part == "Sacrifice ~":
            fields["sacrifice_self"] = True
        elif part == "Exile ~ from your hand":
            fields["from_hand"] = True  # Simian Spirit Guide: the card in hand
        elif part.startswith("Sacrifice ") and "sacrifice" not in fields:
            pick = _sacrifice(part[len("Sacrifice "):])
            if pick is None:
                return None
            fields["sacrifice"] = pick
        elif m := _REMOVE.fullmatch(part):
            if "remove_counters" in fields:
                return None
            n = None if m.group("n") in ("X", "any number of") else number(m.group("n"))
            if n is None and m.group("n") not in ("X", "any number of"):
                return None
            fields["remove_counters"] = RemoveCounters(counter=m.group("counter"), count=n)
        elif m := re.fullmatch(r"Tap (an|two|three|four|five) untapped (.+)", part):
            tap = _tap_untapped(m.group(1), m.group(2))
            if tap is None or "tap_untapped" in fields:
                return None
            fields["tap_untapped"] = tap
        else:
            return None
    if fields.get("from_hand") and set(fields) != {"from_hand"}:
        return None  # other costs of a card in hand are not the payment search's
    return fields


def _limit(ctx: Context) -> dict[str, Any] | str | None:
    """Fields for the ability's limits, :data:`_NEVER` when it can't be activated while
    costs are paid in combat, None when a limit isn't modelled."""
    limit = ctx.limit.strip().casefold()
    if not limit or _NOT_ON_SPELLS.fullmatch(limit):
        return {}
    if limit == "activate only once each turn.":
        return {"once_per_turn": True}
    if limit == "activate only as a sorcery.":
        return _NEVER  # only in a main phase with an empty stack (CR 307.1)
    if m := re.fullmatch(r"activate only if you control (.+)\.", limit):
        cond = _you_control(m.group(1))
        return {"only_if": cond} if cond is not None else None
    return None


def _you_control(phrase: str) -> Controls | None:
    """``a swamp or a mountain``, ``an island``, ``three or more artifacts`` → the condition
    "you control ..." of an activation, or None. Only card types and subtypes: what else a
    permanent is could change while costs are paid."""
    at_least = 1
    if m := re.fullmatch(r"(\w+) or more (.+)", phrase):
        n = number(m.group(1))
        if n is None:
            return None
        at_least, words = n, [m.group(2)]
    else:
        words = re.split(r" or (?=an? )", phrase)
        if not all(re.match(r"an? ", w) for w in words):
            return None
    sels = [selector(w) for w in words]
    plain = [s for s in sels if s is not None and s == Selector(types=s.types,
                                                                subtypes_any=s.subtypes_any)]
    if len(plain) != len(words):
        return None
    if len(plain) == 1:
        return Controls(permanent=plain[0], at_least=at_least)
    if any(s.types or len(s.subtypes_any) != 1 for s in plain):
        return None
    return Controls(permanent=Selector(subtypes_any=[s.subtypes_any[0] for s in plain]))


def _no_effect(ctx: Context) -> bool:
    """Is the sentence's mana added other than by a mana ability activated while paying a
    cost (a loyalty ability, CR 605.1a)?"""
    return ctx.kind == "activated" and bool(_LOYALTY.fullmatch(ctx.cost.strip()))


def _ability(ctx: Context, produces: list[str], amount: Any = 1,
             additional: int = 0) -> Piece | None:
    if _no_effect(ctx) or _ONLY_SPELLS.match(ctx.limit):
        return static()  # mana only for spells never pays a cost to attack or block
    cost, limit = _cost(ctx.cost), _limit(ctx)
    if limit == _NEVER:
        return static()
    if cost is None or not isinstance(limit, dict) or ctx.kind != "activated":
        return None
    if (rc := cost.get("remove_counters")) is not None:
        counted = isinstance(amount, CounterCount) and amount.counter == rc.counter
        if (rc.count is None) != counted:
            return None  # "remove X": the amount is X; a fixed number: not counted again
        if _EMPTIED.format(rc.counter) in (a.casefold() for a in ctx.after):
            cost["sacrifice_when_empty"] = True
    return static(ManaAbility(produces=produces, amount=amount, additional=additional,
                              **cost, **limit))


_EMPTIED = "if there are no {} counters on ~, sacrifice it."
"""The depletion lands' sentence after their mana (Peat Bog)."""


def _removed_x(ctx: Context) -> CounterCount | None:
    """The counters an ability's "Remove X ... counters from ~" cost removes, as its amount
    X, or None."""
    m = re.search(r"Remove X (\w+) counters from ~", ctx.cost)
    return CounterCount(counter=m.group(1)) if m else None


def _count(phrase: str) -> XCount | CounterCount | None:
    """``Swamp you control``, ``Locus on the battlefield``, ``charge counter on ~`` → what
    an amount counts, or None. Counts whose answer could change while costs are paid other
    than by permanents leaving (power, combat state) are not modelled."""
    if m := re.fullmatch(r"(\+1/\+1|-1/-1|[a-z]+) counters? on ~", phrase, re.I):
        return CounterCount(counter=m.group(1).lower())
    battlefield = phrase.endswith(" on the battlefield")
    sel = selector(phrase.removesuffix(" on the battlefield"))
    if sel is None or sel.which not in ("all", "others") or (battlefield
                                                            and sel.controller != "any"):
        return None
    if (sel.power_greater_than is not None or sel.power_less_than is not None
            or sel.attacking is not None or sel.blocking is not None or sel.blocked is not None
            or sel.your_turn is not None or sel.controller in ("enchanted_player",
                                                               "targeted_player")):
        return None
    return XCount(count=sel)


@template("mana", rf"add ({_MANA})", "Llanowar Elves: {T}: Add {G}.",
          frozenset({"activated"}))
def _add(m: re.Match[str], ctx: Context) -> Piece | None:
    return _ability(ctx, [m.group(1).upper()])


@template("mana", rf"add ({_MANA})(?:,? or |, )({_MANA})(?:(?:,? or |, )({_MANA}))?"
          rf"(?:(?:,? or |, )({_MANA}))?(?:,? or ({_MANA}))?",
          "Shivan Oasis: {T}: Add {R} or {G}.",
          frozenset({"activated"}))
def _add_either(m: re.Match[str], ctx: Context) -> Piece | None:
    return _ability(ctx, [g.upper() for g in m.groups() if g])


@template("mana", r"add one mana of any colou?r", "Birds of Paradise: {T}: Add one mana of "
          "any color.", frozenset({"activated"}))
def _add_any(m: re.Match[str], ctx: Context) -> Piece | None:
    return _ability(ctx, ["{any}"])


@template("mana", rf"add (?:({_MANA}) or )?one mana of the chosen colou?r",
          "Heraldic Banner: {T}: Add one mana of the chosen color.", frozenset({"activated"}))
def _add_chosen(m: re.Match[str], ctx: Context) -> Piece | None:
    """The colour chosen as the permanent entered (the board's ``chosen.color``)."""
    return _ability(ctx, [*([m.group(1).upper()] if m.group(1) else []), "{chosen}"])


@template("mana", r"add (?P<n>two|three|four|five|x|\d+) mana of any one colou?r",
          "Gilded Lotus: {T}: Add three mana of any one color.", frozenset({"activated"}))
def _add_n_one_colour(m: re.Match[str], ctx: Context) -> Piece | None:
    if m.group("n").casefold() == "x":
        x = _removed_x(ctx)
        return _ability(ctx, [f"{{{c}}}" for c in _COLOURS], x) if x is not None else None
    n = number(m.group("n"))
    if n is None or n > 20:
        return None
    return _ability(ctx, ["".join(f"{{{c}}}" for _ in range(n)) for c in _COLOURS])


@template("mana", r"add (?P<n>one|two|three|four|five|\d+) mana in any combination of colou?rs",
          "Lotus Bloom: Add three mana in any combination of colors.", frozenset({"activated"}))
def _add_n_any(m: re.Match[str], ctx: Context) -> Piece | None:
    n = number(m.group("n"))
    if n is None or n > 20:
        return None
    return _ability(ctx, ["{any}" * n])


@template("mana", r"add (?P<n>two|three|four|five|x|\d+) mana in any combination of "
          r"\{(?P<a>[WUBRG])\} and/or \{(?P<b>[WUBRG])\}",
          "Goblin Clearcutter: {T}, Sacrifice a Forest: Add three mana in any combination of "
          "{R} and/or {G}.", frozenset({"activated"}))
def _add_n_two_colours(m: re.Match[str], ctx: Context) -> Piece | None:
    pair = (m.group("a").upper(), m.group("b").upper())
    if m.group("n").casefold() == "x":  # each of the X mana is either colour
        x = _removed_x(ctx)
        return _ability(ctx, [f"{{{pair[0]}/{pair[1]}}}"], x) if x is not None else None
    n = number(m.group("n"))
    if n is None or n > 20:
        return None
    combos = itertools.combinations_with_replacement(pair, n)
    return _ability(ctx, ["".join(f"{{{c}}}" for c in combo) for combo in combos])


@template("mana", rf"add ({_MANA}) for each (?P<what>.+)",
          "Cabal Coffers: {2}, {T}: Add {B} for each Swamp you control.",
          frozenset({"activated"}))
def _add_for_each(m: re.Match[str], ctx: Context) -> Piece | None:
    if removed := re.fullmatch(r"(\w+) counter removed this way", m.group("what")):
        return _storage(ctx, m.group(1).upper(), removed.group(1))
    count = _count(m.group("what"))
    if count is None:
        return None if not _no_effect(ctx) else static()
    return _ability(ctx, [m.group(1).upper()], count)


def _storage(ctx: Context, produces: str, counter: str, additional: int = 0) -> Piece | None:
    """``{T}, Remove any number of storage counters from ~: Add {B} for each storage counter
    removed this way.`` Removing every counter gives the most mana, which is never worse than
    less (nothing else in combat reads these counters): the amount is all of them."""
    if f"Remove any number of {counter} counters from ~" not in ctx.cost:
        return None
    return _ability(ctx, [produces], CounterCount(counter=counter), additional)


@template("mana", rf"add (?P<m>{_MANA}), (?:then add|plus) an additional (?P=m) for each "
          r"(?P<counter>[a-z]+) counter (?P<where>removed this way|on ~)",
          "Black Mana Battery: {T}, Remove any number of charge counters from ~: Add {B}, "
          "then add an additional {B} for each charge counter removed this way.",
          frozenset({"activated"}))
def _add_plus_each(m: re.Match[str], ctx: Context) -> Piece | None:
    """One mana more than the counters removed (or on it: Famous Museum)."""
    mana, counter = m.group("m").upper(), m.group("counter").lower()
    if m.group("where") == "removed this way":
        return _storage(ctx, mana, counter, additional=1)
    return _ability(ctx, [mana], CounterCount(counter=counter), additional=1)


_OF_SELF = r"(?P<what>~'s (?P<pt>power|toughness)|the number of (?P<count>.+))"


@template("mana", r"add (?:an amount of (?P<mana>\{[WUBRGC]\}) equal to|"
          r"x mana of any one colou?r, where x is) " + _OF_SELF,
          "Cradle Clearcutter: {T}: Add an amount of {G} equal to ~'s power.",
          frozenset({"activated"}))
def _add_amount(m: re.Match[str], ctx: Context) -> Piece | None:
    amount: Any = m.group("pt")
    if amount is None:
        amount = _count(m.group("count"))
        if amount is None:
            return None if not _no_effect(ctx) else static()
    mana = m.group("mana")
    produces = [mana.upper()] if mana else [f"{{{c}}}" for c in _COLOURS]
    return _ability(ctx, produces, amount)


# --- mana that can't pay in combat -------------------------------------------------------------

_ADDS = (r"add (?!.*\b(?:and (?!/or)|then|draws?|loses?|gains?|deals?|creates?|puts?|returns?|"
         r"destroy|exile|untap|sacrifice|gets?|target creature|can't|until)\b)[^.;]+")
"""An effect that only adds mana."""
_CHAPTERS = r"(?:[ivx]+(?:, [ivx]+)* — )"
_WHEN_NOT_PAYING = re.compile(
    r"when ~ (?:enters|dies|is turned face up)|whenever (?:~|~ or equipped creature) attacks|"
    r"whenever one or more .+ attack|whenever a player attacks|at the beginning of .+|"
    r"whenever (?:~|a creature you control) deals combat damage to a player|"
    r"whenever ~ is dealt damage|whenever you cast .+|"
    r"whenever a land (?:you control enters|enters the battlefield under your control)|"
    r"when you set this scheme in motion", re.I)
"""Trigger events of abilities that aren't mana abilities and can't add mana before costs to
attack or block are paid (even a creature sacrificed while paying them dies before its
trigger resolves)."""


@template("mana", rf"(?:[^—]+ — )?{_ADDS}", "Dark Ritual: Add {B}{B}{B}.",
          frozenset({"spell"}))
def _spell_mana(m: re.Match[str], ctx: Context) -> Piece | None:
    # No spell is cast while attackers or blockers are declared, and mana empties between
    # steps (CR 500.4, 508.1i): a spell's mana never pays those costs.
    return static()


@template("mana", rf"(?:[^—,]+ — )?(?P<when>(?:when|whenever|at) [^,]+), {_ADDS}",
          "Burning-Tree Emissary: When ~ enters, add {R}{G}.",
          frozenset({"triggered", "static"}))  # "Landfall — Whenever ..." reads as static
def _trigger_mana(m: re.Match[str], ctx: Context) -> Piece | None:
    # Not a mana ability (CR 605.1b): it goes on the stack, after the costs are paid. Only
    # events that can't come from paying costs (a triggered mana ability, "whenever you tap a
    # land for mana", does add mana while they are paid; so may one on a sacrifice).
    when = m.group("when")
    if re.search(r"\bmana\b|\btap|\bactivate|\bsacrific|\bdiscard|\bcounter|\"", when, re.I):
        return None
    return static() if _WHEN_NOT_PAYING.fullmatch(when) else None


@template("mana", _CHAPTERS + _ADDS, "Arni Slays the Troll: II — Add {R}.")
def _chapter_mana(m: re.Match[str], ctx: Context) -> Piece | None:
    # A chapter ability triggers in the precombat main phase (CR 714.3b); its mana empties.
    return static() if "Saga" in ctx.subtypes else None


# --- activated abilities that can't be activated ----------------------------------------------

_HOLDER = r"(?P<holder>enchanted (?:creature|permanent|artifact)|equipped creature)"
_HOLDER_DOES = (r"(?: (?P<does>can't attack or block|can't block|can't attack|"
                r"can't attack, block, or transform|can't attack, block, or crew vehicles|"
                r"gets (?P<p>[+-]\d+)/(?P<t>[+-]\d+)|"
                r"doesn't untap during its controller's untap step),?(?: and)?)?")


@template("attachment", _HOLDER + _HOLDER_DOES + r" its activated abilities can't be activated",
          "Arrest: Enchanted creature can't attack or block, and its activated abilities "
          "can't be activated.")
def _arrest(m: re.Match[str], ctx: Context) -> Piece | None:
    does = (m.group("does") or "").casefold()
    out: list[Effect] = []
    if does.startswith("can't attack"):
        out.append(CantAttack(affects=_ATTACHED))
    if does.startswith("can't attack,") or does.startswith(("can't attack or block",
                                                            "can't block")):
        out.append(CantBlock(affects=_ATTACHED))
    if m.group("p") is not None:
        out.append(ModifyPowerToughness(affects=_ATTACHED, power=int(m.group("p")),
                                        toughness=int(m.group("t"))))
    # "doesn't untap": the board says what is tapped, so it changes nothing in combat.
    return static(*out, NoActivatedAbilities(affects=_ATTACHED))


@template("attachment", r"enchanted (?:creature|permanent|artifact)'s activated abilities "
          r"can't be activated",
          "Detainment Spell: Enchanted creature's activated abilities can't be activated.")
def _arrest_only(m: re.Match[str], ctx: Context) -> Piece | None:
    return static(NoActivatedAbilities(affects=_ATTACHED))


@template("mana", r"activated abilities of (?P<what>[a-z, ]+?)(?P<who> you control| your "
          r"opponents control)? can't be activated(?P<mana> unless they're mana abilities)?",
          "Collector Ouphe: Activated abilities of artifacts can't be activated.")
def _silence(m: re.Match[str], ctx: Context) -> Piece | None:
    words = re.split(r",? and |, ", m.group("what"))
    sels = [selector(w + (m.group("who") or "")) for w in words]
    if any(s is None or s.which != "all" or len(s.types) != 1 or s.subtypes_any
           or s.colors_any or s.types_none for s in sels):
        return None
    if m.group("mana"):
        return static()  # mana abilities still pay; nothing else is activated in combat
    return static(*(NoActivatedAbilities(affects=s) for s in sels if s is not None))


TEMPLATES: tuple[Template, ...] = (
    _add, _add_either, _add_any, _add_chosen, _add_n_one_colour, _add_n_any, _add_n_two_colours,
    _add_plus_each, _add_for_each, _add_amount, _spell_mana, _trigger_mana, _chapter_mana, _arrest,
    _arrest_only, _silence)
"""The mana-ability templates and what stops mana abilities."""
