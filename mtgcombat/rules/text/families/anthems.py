"""Templates of the anthem, attachment and pump families: power/toughness and keyword changes.

* **anthem**: static abilities of a permanent, "Creatures you control get +1/+1",
  "Other Goblins you control get +1/+1 and have haste", "Creatures your opponents control
  get -1/-0", "All creatures have double strike and attack each combat if able" (CR 613
  layers 6 and 7c).
* **attachment**: an Aura's or Equipment's static ability on the permanent it is attached to,
  "Enchanted creature gets +2/+2 and has flying", "Equipped creature gets +1/+1 and can't be
  blocked by more than one creature", "As long as equipped creature is tapped, ...".
* **pump**: what an instant, a sorcery or an activated ability does until end of turn,
  "Target creature gets +3/+3 until end of turn", "~ gets +1/+0 until end of turn",
  "Creatures you control get +1/+1 and gain trample until end of turn" (applied once per
  recorded activation or resolution; the creatures it affects are those the board shows, as
  the board records a resolution of this turn).

Keywords lost ("Enchanted creature loses flying", CR 613.1f), quoted abilities granted
(:mod:`.grants`), a soulbond pair's "both creatures have flying" (CR 702.95) and "can attack
as though it didn't have defender" are read here too.

A sentence is modelled only if every part of it is: a granted keyword whose combat rules
aren't applied (bushido, exalted, ...), a condition outside the vocabulary ("as long as you
control an artifact"), an amount that isn't a number (+X/+X, "for each ...") or a subject that
refers back to another sentence ("it", "that creature") leave it unmodelled.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from mtgcombat.rules.effects import (
    SELF,
    AttacksDespiteDefender,
    CantAttack,
    CantBeBlocked,
    CantBeBlockedByMoreThan,
    CantBlock,
    CounterCount,
    Effect,
    GrantKeywords,
    GraveyardCount,
    ModifyPowerToughness,
    MustAttack,
    MustBlock,
    Selector,
)
from mtgcombat.rules.keywords import canonical_keyword
from mtgcombat.rules.text.families.conditions import PERMANENT_TYPES
from mtgcombat.rules.text.families.grants import granted, nothing_or, protect, split_quoted
from mtgcombat.rules.text.families.keywords import (
    CHARACTERISTIC_KEYWORDS,
    keyword_effects,
    keyword_status,
    recorded_note,
)
from mtgcombat.rules.text.phrases import keyword_list, selector, signed, subtype_word, type_word
from mtgcombat.rules.text.sentences import AbilityKind
from mtgcombat.rules.text.templates import Context, Piece, Template, for_kind, static, template

_PT = re.compile(r"([+\-−]\d{1,3})/([+\-−]\d{1,3})")
_PARTS = re.compile(r",\s*and\s+|,\s*|\s+and\s+")
_VERB = re.compile(r"^(?:gets?|has|have|gains?|loses?|can't|can attack|attacks?|blocks?)\b")
_BACK_REFERENCES = frozenset({"it", "they", "them", "that creature", "those creatures",
                              "the creature"})
_QUANTIFIED_TARGETS = re.compile(r"^(?:up to (?:one|two|three|four|five)|one or two|two|three|"
                                 r"any number of) target ")
""""Up to two target creatures": the creatures the board says were targeted."""
_STATIC_VERBS = ("get", "have", "lose")
_PUMP_VERBS = ("get", "gain", "lose")
_RESTRICTIONS: dict[str, tuple[str, ...]] = {
    "can't block": ("cant_block",),
    "can't attack": ("cant_attack",),
    "can't attack or block": ("cant_attack", "cant_block"),
    "can't be blocked": ("cant_be_blocked",),
    "can't be blocked by more than one creature": ("cant_be_blocked_by_more_than",),
    "can't attack you or planeswalkers you control": ("cant_attack_you",),
    "attacks each combat if able": ("must_attack",),
    "attack each combat if able": ("must_attack",),
    "blocks each combat if able": ("must_block",),
    "can attack as though it didn't have defender": ("despite_defender",),
    "can attack as though they didn't have defender": ("despite_defender",),
    "block each combat if able": ("must_block",),
}
"""Combat predicates a static P/T or keyword sentence may also give its subject."""


def grantable(keywords: list[str]) -> bool:
    """May an effect grant these keywords? Keywords the engine applies to whatever permanent
    has them, and keywords that don't act in combat (hexproof, ward, ...), may; keywords whose
    combat rules aren't modelled, those compiled to effects of their own (decayed) and those
    the characteristics read from the printed card (changeling) may not."""
    return all(kw not in CHARACTERISTIC_KEYWORDS and not keyword_effects(kw)
               and keyword_status(kw) != "unmodelled" for kw in keywords)


def _split(predicate: str) -> list[str] | None:
    """The predicates of ``gets +1/+1, has flying and first strike, and can't block``: a part
    without a verb continues the keyword list before it."""
    out: list[str] = []
    for part in _PARTS.split(predicate.strip()):
        if not part:
            return None
        if _VERB.match(part):
            out.append(part)
        elif out and re.match(r"^(?:has|have|gains?|loses?) ", out[-1]):
            out[-1] += " and " + part
        else:
            return None
    return out


def _keywords(text: str) -> list[str] | None:
    """A keyword list, or one protection keyword with several qualities (``protection from red
    and from blue``)."""
    kws = keyword_list(text)
    if kws is None and re.fullmatch(r"protection from [\w ]+?(?:,? and from [\w ]+?)+", text):
        try:
            kws = [canonical_keyword(text)]
        except ValueError:
            return None
    return kws


def _restriction(name: str, subject: Selector) -> Effect:
    if name == "cant_block":
        return CantBlock(affects=subject)
    if name == "cant_attack":
        return CantAttack(affects=subject)
    if name == "cant_attack_you":
        return CantAttack(affects=subject, scope="you_and_planeswalkers")
    if name == "cant_be_blocked":
        return CantBeBlocked(affects=subject)
    if name == "cant_be_blocked_by_more_than":
        return CantBeBlockedByMoreThan(affects=subject, count=1)
    if name == "must_attack":
        return MustAttack(affects=subject)
    if name == "despite_defender":
        return AttacksDespiteDefender(affects=subject)
    return MustBlock(affects=subject)


_ATTACHED_TO_IT = re.compile(r"(aura|equipment|aura\+equipment) attached to it")
_COUNTER_ON = re.compile(r"([+\-]\d/[+\-]\d|[a-z]+) counter on (it|~)")
_HOSTS: dict[str, Literal["self", "attached"]] = {"self": "self", "attached": "attached"}


def _graveyard_count(kinds: str) -> GraveyardCount | None:
    """``creature``, ``instant+sorcery`` (written "instant and sorcery"), ``artifact and/or
    enchantment``, ``permanent``, ``Lesson`` (cards in your graveyard of one of these card
    types, or subtypes), or None."""
    words = [w for w in re.split(r"\+| and/or | or ", kinds) if w]
    if words == ["permanent"]:
        return GraveyardCount(graveyard="you", types_any=list(PERMANENT_TYPES))
    types = [type_word(w) for w in words]
    subtypes = [subtype_word(w) for w in words]
    if all(types):
        return GraveyardCount(graveyard="you", types_any=[t for t in types if t])
    if all(subtypes):
        return GraveyardCount(graveyard="you", subtypes_any=[t for t in subtypes if t])
    return None


def _per(text: str, subject: Selector) -> dict[str, Any] | None:
    """What a static ``for each ...`` counts, as ``per`` (permanents: "Forest you control",
    "Aura attached to it") or ``per_amount`` (counters on the source, cards in your hand)
    fields, or None. "Other" is relative to the source, so it only counts right when the
    source itself is the subject; "it" is the subject, the source or what it is attached
    to."""
    low = text.casefold()
    if m := _ATTACHED_TO_IT.fullmatch(low):
        host = _HOSTS.get(subject.which)
        subtypes = ["Aura", "Equipment"] if "+" in low else [m.group(1).title()]
        return None if host is None else {"per": Selector(subtypes_any=subtypes,
                                                          attached_to=host)}
    if low == "card in your hand":
        return {"per_amount": "your_hand_size"}
    if m := re.fullmatch(r"(?:(.+) )?card in your graveyard", text, re.I):
        count = _graveyard_count(m.group(1) or "")
        return None if count is None else {"per_amount": count}
    if m := _COUNTER_ON.fullmatch(low):
        if m.group(2) == "it" and subject.which != "self":
            return None
        return {"per_amount": CounterCount(counter=m.group(1))}
    sel = selector(text)
    if sel is None or sel.which not in ("all", "others"):
        return None
    if sel.which == "others" and subject.which != "self":
        return None
    return {"per": sel}


def _lost(text: str, subject: Selector) -> list[Effect] | None:
    """What "loses ``text``" takes from ``subject``: keywords whose rules the engine applies to
    whatever permanent has them (not "all abilities", nor a protection, which may be one
    quality of a longer protection keyword, nor a keyword whose effects are board state)."""
    kws = keyword_list(text)
    if kws is None or not grantable(kws) or any(
            kw.startswith("protection") or recorded_note(kw) is not None for kw in kws):
        return None
    return [GrantKeywords(affects=subject, keywords=kws, lose=True)]


def _grants(text: str, subject: Selector, quotes: list[str]) -> list[Effect] | None:
    """What "has / gains ``text``" gives ``subject``: keywords and quoted abilities
    (``flying and quoted0``, see :mod:`.grants`)."""
    text, numbers = split_quoted(text)
    out: list[Effect] = []
    if text:
        kws = _keywords(text)
        if kws is None or not grantable(kws):
            return None
        out.append(GrantKeywords(affects=subject, keywords=kws))
    elif not numbers:
        return None
    for n in numbers:
        effects = granted(quotes[n], subject) if n < len(quotes) else None
        if effects is None:
            return None
        out.extend(effects)
    return out


def _part(part: str, subject: Selector, verbs: tuple[str, ...],
          combat: bool, quotes: list[str]) -> list[Effect] | None:
    """The effects of one predicate (``gets +2/+2``, ``has flying``, ``can't block``; with
    ``combat``, a static ability's, ``gets +1/+1 for each Forest you control`` too)."""
    low = re.sub(r"^(gets?) an additional ", r"\1 ", part.casefold())  # adds to another change
    m = re.fullmatch(r"(get|gain|have|has|lose)s? (.+)", low)
    if m is not None:
        verb = "have" if m.group(1) == "has" else m.group(1)
        if verb not in verbs:
            return None
        if verb == "get":
            pt = re.fullmatch(_PT.pattern + r"(?: for each (.+))?", m.group(2))
            if pt is None or (pt.group(3) and not combat):
                return None
            per = _per(pt.group(3), subject) if pt.group(3) else {}
            if per is None:
                return None
            return [ModifyPowerToughness(affects=subject, power=signed(pt.group(1)),
                                         toughness=signed(pt.group(2)), **per)]
        if verb == "lose":
            return _lost(m.group(2), subject)
        if combat and verb == "have" and m.group(2) == "protection from the chosen color":
            return [GrantKeywords(affects=subject, keywords=[], chosen_color_protection=True)]
        return _grants(m.group(2), subject, quotes)
    names = _RESTRICTIONS.get(low) if combat else None
    if names is None:
        return None
    return [_restriction(n, subject) for n in names]


def changes(predicate: str, subject: Selector, verbs: tuple[str, ...],
            combat: bool = False) -> list[Effect] | None:
    """The effects of a predicate list on ``subject``, or None when a part isn't understood.
    ``verbs``: which of get / have / gain the sentence may use; ``combat``: whether combat
    predicates (``can't block``, ``attacks each combat if able``) may join them."""
    predicate = re.sub(r"\bAura and Equipment attached to it\b", "Aura+Equipment attached to it",
                       predicate, flags=re.I)
    predicate = re.sub(r"\b(\w+) and (\w+) card in your graveyard\b",
                       r"\1+\2 card in your graveyard", predicate, flags=re.I)
    predicate, quotes = protect(predicate)
    parts = _split(re.sub(r"^each ", "", predicate.strip(), flags=re.I))
    if not parts:
        return None
    out: list[Effect] = []
    for part in parts:
        effects = _part(part, subject, verbs, combat, quotes)
        if effects is None:
            return None
        out.extend(effects)
    return out


def subject_of(phrase: str, ctx: Context) -> Selector | None:
    """The selector of a sentence's subject, or None when it refers back to another sentence
    ("it", "that creature"), or when it makes no sense for the ability's kind: targets only
    for spells and activated abilities; the source itself, what it is attached to and the
    other permanents only for a permanent's abilities."""
    low = re.sub(r" also$", "", " ".join(phrase.casefold().split()))  # "X also get ..."
    if low in _BACK_REFERENCES:
        return None
    low = _QUANTIFIED_TARGETS.sub("target ", low)
    if low.startswith("another target "):
        if any(re.search(r"\btargets?\b", t, re.I) for t in (*ctx.before, *ctx.after)):
            return None  # two targets of one ability: the record doesn't tell them apart
        low = low[len("another "):]  # the source can't be the target: still its target
    attacking_you = re.fullmatch(r"(.+ creatures?) attacking you", low)
    sel = selector(attacking_you.group(1) if attacking_you else low)
    if sel is None:
        return None
    if attacking_you:
        if sel.attacking is not None:
            return None
        sel = sel.model_copy(update={"attacking": "you"})
    if sel.which == "targets" and ctx.kind not in ("spell", "activated"):
        return None
    if sel.which in ("self", "attached", "others") and ctx.kind == "spell":
        return None
    return sel


def _static_piece(m: re.Match[str], ctx: Context) -> Piece | None:
    sel = subject_of(m.group("subj"), ctx)
    if sel is None:
        return None
    effects = changes(m.group("pred"), sel, _STATIC_VERBS, combat=True)
    return nothing_or(effects, m, ctx) if not effects else static(*effects)


_ATTACHED_SUBJECT = r"(?P<subj>(?:enchanted|equipped) creature)"
_STATIC_PREDICATE = r"(?P<pred>(?:each )?(?:gets?|has|have|loses?|can attack as though)\b.+)"


@template("attachment", _ATTACHED_SUBJECT + r" (?P<pred>(?:gets|has|loses)\b.+)",
          "Enchanted creature gets +1/+1 and has flying. (Aerial Modification)")
def _attached(m: re.Match[str], ctx: Context) -> Piece | None:
    """Enchanted / equipped creature gets +N/+N, has keywords, can't block ..."""
    return _static_piece(m, ctx)


@template("attachment",
          r"as long as (?:enchanted|equipped) creature is (?P<state>tapped|untapped), "
          r"(?P<subj>.+?) (?P<pred>gets?\b.+)",
          "As long as equipped creature is tapped, tapped creatures you control get +2/+0. "
          "(Sword of the Paruns)")
def _while_attached_tapped(m: re.Match[str], ctx: Context) -> Piece | None:
    """P/T changes only while the permanent the source is attached to is (un)tapped."""
    sel = subject_of(m.group("subj"), ctx)
    effects = changes(m.group("pred"), sel, ("get",)) if sel is not None else None
    if not effects:
        return None
    tapped = m.group("state").casefold() == "tapped"
    return static(*(e.model_copy(update={"while_attached_tapped": tapped}) for e in effects))


@template("anthem", r"as long as ~ is untapped, (?P<subj>.+?) (?P<pred>gets?\b.+)",
          "As long as ~ is untapped, green creatures you control get +1/+1. "
          "(Juniper Order Advocate)")
def _while_untapped(m: re.Match[str], ctx: Context) -> Piece | None:
    """P/T changes only while the source itself is untapped ("it": the source)."""
    subj = m.group("subj")
    sel = SELF if subj.casefold() == "it" else subject_of(subj, ctx)
    effects = changes(m.group("pred"), sel, ("get",)) if sel is not None else None
    if not effects:
        return None
    return static(*(e.model_copy(update={"while_untapped": True}) for e in effects))


@template("attachment",
          r"as long as (?:enchanted|equipped) (?:creature|permanent) is (?:an? )?"
          r"(?P<cond>[\w-]+), it (?P<pred>(?:gets|has)\b.+)",
          "As long as enchanted creature is red, it gets +1/+1 and has first strike. "
          "(Fists of the Demigod)")
def _while_attached_is(m: re.Match[str], ctx: Context) -> Piece | None:
    """Changes of the attached permanent while it has a colour, a type or a subtype, or is
    attacking (the condition is a filter on the attached permanent)."""
    cond = selector(f"{m.group('cond')} permanent")
    if ctx.kind != "static" or cond is None or cond.which != "all" or cond.controller != "any":
        return None
    sel = cond.model_copy(update={"which": "attached"})
    effects = changes(m.group("pred"), sel, _STATIC_VERBS, combat=True)
    return static(*effects) if effects else None


_COUNTER = (r"(?:an?|one or more) (?P<counter>[+\-]\d/[+\-]\d|[a-z]+) counters? "
            r"on (?:it|him|her)")


@template("anthem", r"~ (?P<pred>(?:gets|has)\b.+?) as long as it has " + _COUNTER,
          "~ has reach as long as it has a +1/+1 counter on it. (Ainok Artillerist)")
def _with_counter(m: re.Match[str], ctx: Context) -> Piece | None:
    """The source gets or has something while it has a counter of a kind."""
    return _self_with_counter(m, ctx)


@template("anthem", r"as long as ~ has " + _COUNTER + r", it (?P<pred>(?:gets|has)\b.+)",
          "As long as ~ has an oil counter on it, it has double strike. (Hound of Urabrask)")
def _with_counter_first(m: re.Match[str], ctx: Context) -> Piece | None:
    """The same, the condition written first."""
    return _self_with_counter(m, ctx)


def _self_with_counter(m: re.Match[str], ctx: Context) -> Piece | None:
    if ctx.kind != "static":
        return None
    sel = Selector(which="self", counter=m.group("counter").casefold())
    effects = changes(m.group("pred"), sel, _STATIC_VERBS, combat=True)
    return static(*effects) if effects else None


PAIR = Selector(types=["Creature"], paired=True)
"""Soulbond's "both creatures" / "each of those creatures": the source and its pair."""


@template("anthem", r"as long as ~ is paired with another creature, (?:both creatures|each of "
          r"those creatures) " + _STATIC_PREDICATE,
          "As long as ~ is paired with another creature, both creatures have flying. "
          "(Wingcrafter)")
def _paired(m: re.Match[str], ctx: Context) -> Piece | None:
    """Soulbond (CR 702.95): what the source and the creature paired with it get or have
    while they are paired (the board's ``paired_with``)."""
    if ctx.kind != "static":
        return None
    effects = changes(m.group("pred"), PAIR, _STATIC_VERBS, combat=True)
    return static(*effects) if effects else None


_YOUR_TURN = {"during your turn": True, "as long as it's your turn": True,
              "during turns other than yours": False, "as long as it's not your turn": False}


@template("anthem", r"(?P<turn>during your turn|during turns other than yours|"
          r"as long as it's (?:not )?your turn), (?P<subj>.+?) " + _STATIC_PREDICATE,
          "During your turn, ~ has first strike. (Ahn-Crop Invader)")
def _during_turn(m: re.Match[str], ctx: Context) -> Piece | None:
    """Changes only during its controller's turn, or only during other turns."""
    return _turn_piece(m, ctx, _YOUR_TURN[m.group("turn").casefold()])


@template("anthem", r"(?P<subj>.+?) " + _STATIC_PREDICATE + r" during your turn",
          "~ has first strike during your turn. (Razorkin Needlehead)")
def _during_turn_last(m: re.Match[str], ctx: Context) -> Piece | None:
    """The same, the condition written last."""
    return _turn_piece(m, ctx, True)


def _turn_piece(m: re.Match[str], ctx: Context, yours: bool) -> Piece | None:
    sel = subject_of(m.group("subj"), ctx)
    if sel is None or ctx.kind != "static":
        return None
    effects = changes(m.group("pred"), sel.model_copy(update={"your_turn": yours}),
                      _STATIC_VERBS, combat=True)
    return static(*effects) if effects else None


@template("anthem", r"(?P<subj>.+?) " + _STATIC_PREDICATE,
          "Other Goblins you control get +1/+1 and have mountainwalk. (Goblin King)")
def _anthem(m: re.Match[str], ctx: Context) -> Piece | None:
    """A static P/T or keyword change of a group, or of the source itself."""
    return _static_piece(m, ctx)


_PUMP_PREDICATE = r"(?P<pred>(?:each )?(?:gets?|gains?|loses?)\b.+?)"
_PUMP_KINDS: frozenset[AbilityKind] = frozenset({"activated", "spell"})


def _pump_piece(m: re.Match[str], ctx: Context) -> Piece | None:
    sel = subject_of(m.group("subj"), ctx)
    if sel is None:
        return None
    effects = changes(m.group("pred"), sel, _PUMP_VERBS)
    return nothing_or(effects, m, ctx) if not effects else for_kind(ctx, *effects)


@template("pump", r"(?P<subj>.+?) " + _PUMP_PREDICATE + r" until end of turn",
          "Target creature gets +2/+0 and gains first strike until end of turn. "
          "(Brute Force, Ancestors' Aid)", kinds=_PUMP_KINDS)
def _pump(m: re.Match[str], ctx: Context) -> Piece | None:
    """A spell's or activated ability's P/T or keyword change until end of turn."""
    return _pump_piece(m, ctx)


@template("pump", r"until end of turn, (?P<subj>.+?) " + _PUMP_PREDICATE,
          "Until end of turn, target creature gets +1/+1 and gains flying.",
          kinds=_PUMP_KINDS)
def _pump_first(m: re.Match[str], ctx: Context) -> Piece | None:
    """The same, the duration written first."""
    return _pump_piece(m, ctx)


@template("attack_restriction", r"(?P<subj>.+?) (?:(?P<pred>gets?\b.+?) until end of turn and )?"
          r"can attack this turn as though (?:it|they) didn't have defender",
          "This creature can attack this turn as though it didn't have defender. (Dark Maze)",
          kinds=_PUMP_KINDS)
def _despite_defender(m: re.Match[str], ctx: Context) -> Piece | None:
    """A spell's or activated ability's "can attack this turn as though it didn't have
    defender" (CR 702.3b), with a P/T change until end of turn before it."""
    sel = subject_of(m.group("subj"), ctx)
    if sel is None:
        return None
    effects = changes(m.group("pred"), sel, ("get",)) if m.group("pred") else []
    if effects is None:
        return None
    return for_kind(ctx, *effects, AttacksDespiteDefender(affects=sel))


TEMPLATES: tuple[Template, ...] = (
    _while_attached_tapped, _while_attached_is, _while_untapped, _with_counter,
    _with_counter_first, _during_turn, _during_turn_last, _paired,
    _attached, _anthem, _pump, _pump_first, _despite_defender,
)
"""The templates of this module, in the order they are tried."""
