"""Templates of static abilities that hold only while a condition is true ("as long as").

"~ gets +1/+1 as long as you control a Wizard", "As long as you control an artifact, ~ has
flying", "Metalcraft — ~ gets +2/+2 as long as you control three or more artifacts",
"Enchanted creature has vigilance as long as you control a Gate": the condition clause is split off,
the rest of the sentence is compiled by the other families' templates, and the condition is
attached to every effect it produces (CR 611.3a). A sentence is left to the other families
when one of their templates models it whole ("As long as ~ is untapped, ...", "during your
turn"); it stays unmodelled when the condition is outside the vocabulary (cards in
graveyards, what happened this turn, "defending player controls", a duration "for as long
as") or any effect of the rest can't carry a condition.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from mtgcombat.rules.effects import (
    Condition,
    Controls,
    Effect,
    Graveyard,
    HandSize,
    Life,
    ModifyPowerToughness,
    Selector,
    SourceCounters,
    SourceState,
    YourTurn,
)
from mtgcombat.rules.effects.conditions import PlayerRel
from mtgcombat.rules.text.phrases import number, selector, subtype_word, type_word
from mtgcombat.rules.text.templates import (
    FAMILIES,
    Context,
    Piece,
    Template,
    first_match,
    static,
)

_ABILITY_WORD = r"(?:[A-Z][\w' ]{2,30} — )?"
"""An ability word before the sentence ("Metalcraft — "), which has no rules meaning
(CR 207.2c)."""

_QUANTITY = re.compile(
    r"(?P<q>no|an?|another|one or more|at least (?P<least>\w+)|(?P<more>\w+) or more|"
    r"(?P<fewer>\w+) or fewer|exactly (?P<exact>\w+)) (?P<what>.+)", re.I)
_CONTROLS = re.compile(r"(?P<who>you|an opponent) controls? (?P<rest>.+)", re.I)
_LIFE = re.compile(r"(?P<who>you|an opponent) (?:have|has) (?P<n>\d+) or (?P<dir>less|more) "
                   r"life", re.I)
_HAND = re.compile(r"you have (?:(?P<none>no)|(?P<n>\w+) or (?P<dir>more|fewer)) cards? "
                   r"in hand", re.I)
_STATE = re.compile(r"(?P<subj>~|it|enchanted creature|equipped creature) is (?P<state>tapped|"
                    r"untapped|attacking|blocking|equipped|enchanted)", re.I)
_ITS = re.compile(r"it's (?P<state>tapped|untapped|attacking|blocking|equipped|enchanted)",
                  re.I)
_TURN = re.compile(r"it's (?P<not>not )?your turn", re.I)
_COUNTERS = re.compile(r"(?P<subj>~|it) has (?:(?P<one>an?|one or more)|(?P<n>\w+) or more) "
                       r"(?:(?P<counter>[+\-]\d/[+\-]\d|[a-z]+) )?counters? on it", re.I)
_ATTACHED_SUBJECTS = ("enchanted creature", "equipped creature")
_GRAVEYARD = re.compile(
    r"(?:there(?: are| is|'s) (?P<q1>no|an?|\w+ or more) (?P<what1>(?:[\w-]+ )?)cards?|"
    r"(?P<q2>an?|\w+ or more) (?P<what2>(?:[\w-]+ )?)cards? (?:are|is)) in your graveyard",
    re.I)
_OPPONENT_GRAVEYARD = re.compile(r"an opponent has (?P<n>\w+) or more cards in their graveyard",
                                 re.I)
_DELIRIUM = re.compile(r"there are (?P<n>\w+) or more card types among cards in your "
                       r"graveyard", re.I)
PERMANENT_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")
"""The card types of permanent cards (CR 110.4)."""


def _controls(text: str) -> Controls | None:
    """"you control a Wizard", "you control no Islands", "an opponent controls three or more
    artifacts"."""
    m = _CONTROLS.fullmatch(text)
    q = _QUANTITY.fullmatch(m.group("rest")) if m else None
    if m is None or q is None:
        return None
    word = q.group("q").casefold()
    least: int | None = 1
    most: int | None = None
    if word == "no":
        least, most = 0, 0
    elif q.group("least") or q.group("more"):
        least = number(q.group("least") or q.group("more"))
    elif q.group("fewer"):
        least, most = 0, number(q.group("fewer"))
        if most is None:
            return None
    elif q.group("exact"):
        least = most = number(q.group("exact"))
    what = ("another " if word == "another" else "") + q.group("what")
    sel = selector(what)
    if least is None or sel is None or sel.controller != "any" or (
            sel.which not in ("all", "others")):
        return None
    player: PlayerRel = "you" if m.group("who").casefold() == "you" else "opponent"
    if player == "opponent" and (sel.which != "all" or most is not None):
        return None  # "no opponent controls" reads differently; "another" is yours
    return Controls(player=player, permanent=sel, at_least=least, at_most=most)


def _life_or_hand(text: str) -> Condition | None:
    """"you have 5 or less life", "an opponent has 10 or less life", "you have no cards in
    hand", "you have seven or more cards in hand"."""
    if m := _LIFE.fullmatch(text):
        n = int(m.group("n"))
        player = "you" if m.group("who").casefold() == "you" else "opponent"
        bound = "at_most" if m.group("dir").casefold() == "less" else "at_least"
        return Life.model_validate({"player": player, bound: n})
    if m := _HAND.fullmatch(text):
        if m.group("none"):
            return HandSize(at_most=0)
        k = number(m.group("n"))
        if k is None:
            return None
        return HandSize(at_least=k) if m.group("dir").casefold() == "more" else HandSize(
            at_most=k)
    return None


def _graveyard(text: str) -> Graveyard | None:
    """"there are seven or more cards in your graveyard" (threshold), "there are four or more
    card types among cards in your graveyard" (delirium), "there are four or more permanent
    cards in your graveyard" (descend 4), "a Lesson card is in your graveyard", "an opponent
    has eight or more cards in their graveyard"."""
    if m := _OPPONENT_GRAVEYARD.fullmatch(text):
        n = number(m.group("n"))
        return None if n is None else Graveyard(player="opponent", at_least=n)
    if m := _DELIRIUM.fullmatch(text):
        n = number(m.group("n"))
        return None if n is None else Graveyard(at_least=n, count="card_types")
    m = _GRAVEYARD.fullmatch(text)
    if m is None:
        return None
    q = (m.group("q1") or m.group("q2")).casefold()
    least = 0 if q == "no" else number(q.removesuffix(" or more"))
    what = (m.group("what1") or m.group("what2") or "").strip()
    if least is None:
        return None
    bounds: dict[str, object] = {"at_least": 0, "at_most": 0} if q == "no" else {
        "at_least": least}
    if not what:
        return Graveyard.model_validate(bounds)
    if what.casefold() == "permanent":
        return Graveyard.model_validate({**bounds, "types_any": list(PERMANENT_TYPES)})
    if kind := type_word(what):
        return Graveyard.model_validate({**bounds, "types_any": [kind]})
    if sub := subtype_word(what):
        return Graveyard.model_validate({**bounds, "subtypes_any": [sub]})
    return None


def _of(subject: str, it: str) -> str | None:
    """Whose state a condition's subject names: the source (``self``) or the permanent it is
    attached to; ``it`` is what the rest of the sentence is about."""
    s = subject.casefold()
    if s == "it":
        s = it.casefold()
    if s == "~":
        return "self"
    return "attached" if s in _ATTACHED_SUBJECTS else None


def _source(text: str, it: str) -> Condition | None:
    """"~ is equipped", "it's attacking", "enchanted creature is tapped", "~ has two or more
    +1/+1 counters on it", "it's your turn"."""
    if m := _TURN.fullmatch(text):
        return YourTurn(yours=not m.group("not"))
    subject, state = "", ""
    if m := _STATE.fullmatch(text):
        subject, state = m.group("subj"), m.group("state")
    elif m := _ITS.fullmatch(text):
        subject, state = "it", m.group("state")
    if state:
        of = _of(subject, it)
        return None if of is None else SourceState.model_validate(
            {"of": of, "state": state.casefold()})
    if (m := _COUNTERS.fullmatch(text)) and _of(m.group("subj"), it) == "self":
        n = 1 if m.group("one") else number(m.group("n"))
        counter = m.group("counter")
        return None if n is None else SourceCounters(
            counter=counter.casefold() if counter else None, at_least=n)
    return None


def condition(text: str, it: str = "~") -> Condition | None:
    """The condition an "as long as" clause states (without "as long as"), or None when it is
    outside the vocabulary; ``it`` is the subject of the rest of the sentence."""
    return _controls(text) or _life_or_hand(text) or _graveyard(text) or _source(text, it)


def _others(text: str, ctx: Context) -> tuple[str, Piece] | None:
    """What the other families' templates make of a static sentence ``text``, with the
    family of the template that models it."""
    from mtgcombat.rules.text.families import TEMPLATES  # the joined list includes this module

    return first_match(TEMPLATES, text, replace(ctx, kind="static"), _OWN)


def _with_condition(effect: Effect, cond: Condition) -> Effect | None:
    fields = type(effect).model_fields
    if "condition" not in fields or effect.model_dump().get("condition") is not None:
        return None
    return effect.model_copy(update={"condition": cond})


_FIRST = re.compile(_ABILITY_WORD + r"as long as (?P<cond>[^,]+), (?P<rest>.+)", re.I)
_LAST = re.compile(_ABILITY_WORD + r"(?P<rest>.+?),? as long as (?P<cond>[^,]+)", re.I)
_IT_IS_A = re.compile(r"(?P<subj>enchanted creature|equipped creature) (?P<pred>.+?),? as long "
                      r"as it's (?P<what>an? [\w-]+|[\w-]+)", re.I)
"""A quality of the attached permanent: "Enchanted creature gets +2/+2 as long as it's a
Vampire" reads as "As long as enchanted creature is a Vampire, it gets +2/+2"."""


def _split(text: str) -> tuple[str, str] | None:
    """The rest of the sentence and the condition, "it" at the start of the rest written as
    the condition's subject."""
    if m := _FIRST.fullmatch(text):
        cond, rest = m.group("cond"), m.group("rest")
        if re.match(r"it\b", rest, re.I):
            subject = re.match(r"(~|enchanted creature|equipped creature) (?:is|has)\b", cond,
                               re.I)
            if subject is None:
                return None
            rest = subject.group(1) + rest[2:]
        return rest, cond
    if m := _LAST.fullmatch(text):
        return m.group("rest"), m.group("cond")
    return None


@lru_cache(maxsize=4096)
def conditional(text: str, ctx: Context) -> tuple[str, Piece] | None:
    """A static sentence with an "as long as" clause: the family of the rest of the sentence
    and the piece it compiles to, its condition attached; None when another family models
    the sentence whole or it can't be modelled."""
    low = text.casefold()
    if ctx.kind != "static" or "for as long as" in low or low.count("as long as") != 1:
        return None
    if _others(text, ctx) is not None:
        return None  # modelled whole by another family
    if m := _IT_IS_A.fullmatch(text):
        found = _others(f"As long as {m.group('subj')} is {m.group('what')}, it "
                        f"{m.group('pred')}", ctx)
        if found is not None:
            return found
    split = _split(text)
    if split is None:
        return None
    rest, cond_text = split
    subject = re.match(r"(enchanted creature|equipped creature|~) ", rest, re.I)
    cond = condition(cond_text, subject.group(1) if subject else "")
    found = _others(rest, ctx) if cond is not None else None
    if cond is None or found is None:
        return None
    family, piece = found
    if piece.resolved or piece.keywords or not piece.effects:
        return None
    effects = [_with_condition(e, cond) for e in piece.effects]
    if any(e is None for e in effects):
        return None
    return family, static(*(e for e in effects if e is not None))


def _for_family(family: str) -> Template:
    """The template of conditional sentences whose rest belongs to ``family``: a sentence is
    counted in the family of what it does, not of its condition."""

    def build(m: re.Match[str], ctx: Context) -> Piece | None:
        found = conditional(m.group(0), ctx)
        return found[1] if found is not None and found[0] == family else None

    return Template(family, r"(?:.+ )?as long as .+", build,
                    "~ gets +1/+1 as long as you control a Mountain. (Wild Nacatl)")


_COMPLEMENT = {"types": "types_none", "subtypes_any": "subtypes_none",
               "colors_any": "colors_none"}
"""A quality of the attached permanent and the selector field of its absence."""


def _otherwise(m: re.Match[str], ctx: Context) -> Piece | None:
    """"Enchanted creature gets +2/+2 as long as it's a Vampire. Otherwise, it gets -2/-2."
    (Gift of Fangs): the second change applies to the enchanted creature while it isn't one
    (one card type, subtype or colour)."""
    prev = ctx.before[-1] if ctx.before else ""
    if ctx.kind != "static" or not (it := _IT_IS_A.fullmatch(prev.rstrip("."))):
        return None
    found = conditional(prev.rstrip("."), ctx)
    if found is None or len(found[1].effects) != 1:
        return None
    eff = found[1].effects[0]
    if not isinstance(eff, ModifyPowerToughness) or eff.condition is not None or eff.per:
        return None
    quality = {k: v for k, v in eff.affects.model_dump(exclude_defaults=True).items()
               if k != "which"}
    if (eff.affects.which != "attached" or len(quality) != 1
            or (field := next(iter(quality))) not in _COMPLEMENT or len(quality[field]) != 1
            or it.group("subj").casefold() != "enchanted creature"):
        return None
    affects = Selector(which="attached", **{_COMPLEMENT[field]: quality[field]})
    return static(ModifyPowerToughness(affects=affects, power=int(m.group("p")),
                                       toughness=int(m.group("t"))))


_OTHERWISE = Template("pump", r"otherwise, it gets (?P<p>[+-]\d+)/(?P<t>[+-]\d+)", _otherwise,
                      "Gift of Fangs: Enchanted creature gets +2/+2 as long as it's a Vampire. "
                      "Otherwise, it gets -2/-2.", frozenset({"static"}))

TEMPLATES: tuple[Template, ...] = (*(_for_family(f) for f in FAMILIES), _OTHERWISE)
"""The templates of this module, one per family, tried before every other family's, and
the "otherwise" of an attached permanent's quality."""

_OWN: frozenset[int] = frozenset(id(t) for t in TEMPLATES)
