"""Templates of the declare-blockers families (CR 509.1): block restrictions, evasion, block
requirements and block capacity.

A sentence is ``<subject> <predicate>``: the subject is the card itself (``~``), the
permanent it is attached to, a class of creatures, or (for a spell or activated ability)
the creatures it targets; the predicate is one of the block rules of
:mod:`mtgcombat.rules.effects.block`. A static ability lasts while its source is on the
battlefield; a spell or activated ability must say ``this turn`` (or ``this combat``, or
start ``Until end of turn,``) and its effects apply when it resolves. A target's filters
("target creature with power 2 or less") only say what may be targeted: the effect applies
to whatever the board records as targeted.

:func:`predicate_effects` is public so that other families can compile the block part of a
compound sentence ("gets +2/+2 and can't block").
"""

from __future__ import annotations

import re
from collections.abc import Callable

from mtgcombat.rules.effects import (
    SELF,
    CanBlockAdditional,
    CanBlockOnly,
    CantBeBlocked,
    CantBeBlockedByMoreThan,
    CantBeBlockedExceptBy,
    CantBeBlockedUnlessAllBlock,
    CantBlock,
    CantBlockAlone,
    CantBlockUnlessOtherBlocks,
    Effect,
    MaxBlockers,
    MustBeBlocked,
    MustBeBlockedByExactlyOne,
    MustBlock,
    MustBlockAttackers,
    Selector,
)
from mtgcombat.rules.text.phrases import number, selector
from mtgcombat.rules.text.sentences import AbilityKind
from mtgcombat.rules.text.templates import Context, Piece, Template, resolving, static, template

_KINDS: frozenset[AbilityKind] = frozenset({"static", "spell", "activated", "triggered"})
_TARGETS = Selector(which="targets")
_TIME = re.compile(r" this (?:turn|combat)\b", re.I)
_UP_TO = re.compile(r"^(?:up to \w+ |any number of )(?=(?:another |other )?target )")
_CONTROLS = re.compile(r"^(.+?) ((?:you|an opponent|your opponents|defending player) "
                       r"controls?) ((?:with|without) .+)$")
_PRONOUNS = frozenset({"it", "they", "them", "that creature", "those creatures",
                       "each of them", "that permanent"})
_COMPLEMENTABLE = frozenset({"types", "subtypes_any", "colors_any", "keywords_any",
                             "power_greater_than", "power_less_than"})
_NO_FILTER = Selector().model_dump()


def _select(phrase: str) -> Selector | None:
    """:func:`selector`, also reading ``creatures you control with flying`` (a controller
    before a ``with`` clause); not ``that player controls``."""
    if "that player" in phrase.casefold():
        return None  # a player named by another sentence or chosen, not a target
    sel = selector(phrase)
    if sel is None:
        m = _CONTROLS.match(phrase.strip())
        if m:
            sel = selector(f"{m.group(1)} {m.group(3)} {m.group(2)}")
    return sel


def subject(phrase: str, ctx: Context) -> Selector | None:
    """The selector of a sentence's subject, or None: ``~`` (not on an instant or sorcery),
    the attached permanent, a class of creatures, or targets (recorded on the board, so the
    target phrase's filters are not kept). Pronouns (``it``, ``that creature``) refer to an
    earlier sentence and are not understood."""
    low = _UP_TO.sub("", " ".join(phrase.casefold().split()))
    if low in _PRONOUNS:
        return None
    if low == "~":
        return None if ctx.types & {"Instant", "Sorcery"} else SELF
    if re.match(r"^(?:another |other )?target ", low):
        rest = re.sub(r"^(?:another |other )", "", low)
        return _TARGETS if _select(rest) is not None else None
    if low == "creatures with power less than ~'s power":
        return Selector(types=["Creature"], power_less_than="source")
    sel = _select(phrase)
    if sel is None or sel.which == "targets":
        return None
    return sel


def _drop_creature(sel: Selector) -> Selector:
    """An attacker or blocker selector without the card type every such creature has."""
    if "Creature" not in sel.types:
        return sel
    return sel.model_copy(update={"types": [t for t in sel.types if t != "Creature"]})


def _relative(sel: Selector) -> bool:
    return "source" in (sel.power_greater_than, sel.power_less_than)


def others(phrase: str, *, source_is_subject: bool, it_is_self: bool = False
           ) -> list[Selector] | None:
    """The creatures on the other side of a block rule (``creatures with flying``, ``Walls``,
    ``Vampires or Zombies``: a union, one selector each), or None. A power relative to the
    source ("with greater power") is understood only when the subject is the source."""
    low = " ".join(phrase.casefold().split())
    if low == "~" or (low == "it" and it_is_self):
        return [SELF]
    whole = _select(low)
    parts: list[Selector | None] = [whole]
    if whole is None:
        pieces = low.split(" and/or ") if " and/or " in low else low.split(" or ")
        if len(pieces) < 2:
            return None
        parts = [_select(p) for p in pieces]
    out: list[Selector] = []
    for sel in parts:
        if sel is None or sel.which != "all" or (_relative(sel) and not source_is_subject):
            return None
        out.append(_drop_creature(sel))
    return out


def _filters(sel: Selector) -> dict[str, object]:
    """The fields of ``sel`` that differ from an unfiltered selector."""
    return {k: v for k, v in sel.model_dump().items() if v != _NO_FILTER[k]}


def complement(sels: list[Selector]) -> Selector | None:
    """The creatures matching none of ``sels`` ("except by creatures with flying or reach"
    → without flying and without reach), or None when that is not one selector: each
    selector must filter on one characteristic only."""
    lists: dict[str, set[str]] = {}
    bounds: dict[str, int] = {}
    for sel in sels:
        found = _filters(_drop_creature(sel))
        if len(found) != 1 or not set(found) <= _COMPLEMENTABLE:
            return None
        ((key, value),) = found.items()
        if key == "types" and isinstance(value, list) and len(value) == 1:
            lists.setdefault("types_none", set()).update(value)
        elif key in ("subtypes_any", "colors_any", "keywords_any") and isinstance(value, list):
            lists.setdefault(key.replace("_any", "_none"), set()).update(value)
        elif key in ("power_greater_than", "power_less_than") and isinstance(value, int):
            flipped = "power_less_than" if key == "power_greater_than" else "power_greater_than"
            if flipped in bounds:
                return None
            bounds[flipped] = value + 1 if key == "power_greater_than" else value - 1
        else:
            return None
    try:
        return Selector.model_validate({**{k: sorted(v) for k, v in lists.items()}, **bounds})
    except ValueError:
        return None


_Rule = Callable[[re.Match[str], Selector, bool, bool], tuple[Effect, ...] | None]
_RULES: list[tuple[re.Pattern[str], _Rule]] = []


def _rule(pattern: str) -> Callable[[_Rule], _Rule]:
    def wrap(build: _Rule) -> _Rule:
        _RULES.append((re.compile(pattern, re.I), build))
        return build
    return wrap


@_rule(r"can't block")
def _cant_block(m: re.Match[str], who: Selector, me: bool, it: bool) -> tuple[Effect, ...]:
    return (CantBlock(affects=who),)


@_rule(r"can't block alone")
def _alone(m: re.Match[str], who: Selector, me: bool, it: bool) -> tuple[Effect, ...]:
    return (CantBlockAlone(affects=who),)


@_rule(r"can't block unless (?:at least )?(?P<n>\w+) other creatures (?:also )?block")
def _unless_others(m: re.Match[str], who: Selector, me: bool, it: bool
                   ) -> tuple[Effect, ...] | None:
    n = number(m["n"])
    if n is None or n < 1:
        return None
    return (CantBlockUnlessOtherBlocks(affects=who, other=Selector(types=["Creature"]),
                                       count=n),)


@_rule(r"can't block unless (?P<o>(?:a|another) .+?) also blocks")
def _unless_other(m: re.Match[str], who: Selector, me: bool, it: bool
                  ) -> tuple[Effect, ...] | None:
    other = _select(re.sub(r"^another ", "a ", m["o"].casefold()))
    if other is None or other.which != "all" or (_relative(other) and not me):
        return None
    return (CantBlockUnlessOtherBlocks(affects=who, other=other),)


@_rule(r"can't block (?P<o>.+)")
def _cant_block_these(m: re.Match[str], who: Selector, me: bool, it: bool
                      ) -> tuple[Effect, ...] | None:
    sels = others(m["o"], source_is_subject=me, it_is_self=it)
    return None if sels is None else tuple(CantBlock(affects=who, attackers=s) for s in sels)


@_rule(r"can block only (?P<o>.+)")
def _only(m: re.Match[str], who: Selector, me: bool, it: bool) -> tuple[Effect, ...] | None:
    sels = others(m["o"], source_is_subject=me, it_is_self=it)
    if sels is None or len(sels) != 1:
        return None
    return (CanBlockOnly(affects=who, attackers=sels[0]),)


@_rule(r"can't be blocked")
def _unblockable(m: re.Match[str], who: Selector, me: bool, it: bool) -> tuple[Effect, ...]:
    return (CantBeBlocked(affects=who),)


@_rule(r"can't be blocked by more than (?P<n>\w+) creatures?")
def _more_than(m: re.Match[str], who: Selector, me: bool, it: bool
               ) -> tuple[Effect, ...] | None:
    n = number(m["n"])
    if n is None or n < 1 or (n == 1) != (m[0].casefold().endswith("creature")):
        return None
    return (CantBeBlockedByMoreThan(affects=who, count=n),)


@_rule(r"can't be blocked except by (?P<n>\w+) or more creatures")
def _except_count(m: re.Match[str], who: Selector, me: bool, it: bool
                  ) -> tuple[Effect, ...] | None:
    n = number(m["n"])
    if n is None or n < 2:
        return None
    return (CantBeBlockedExceptBy(affects=who, count=n),)


@_rule(r"can't be blocked except by (?P<o>.+)")
def _except_by(m: re.Match[str], who: Selector, me: bool, it: bool
               ) -> tuple[Effect, ...] | None:
    sels = others(m["o"], source_is_subject=me)
    by = None if sels is None else complement(sels)
    return None if by is None else (CantBeBlocked(affects=who, by=by),)


@_rule(r"can't be blocked unless all creatures defending player controls block it")
def _all_block(m: re.Match[str], who: Selector, me: bool, it: bool) -> tuple[Effect, ...]:
    return (CantBeBlockedUnlessAllBlock(affects=who),)


@_rule(r"can't be blocked by (?P<o>.+)")
def _blocked_by(m: re.Match[str], who: Selector, me: bool, it: bool
                ) -> tuple[Effect, ...] | None:
    sels = others(m["o"], source_is_subject=me)
    return None if sels is None else tuple(CantBeBlocked(affects=who, by=s) for s in sels)


@_rule(r"must be blocked(?: each combat)? if able")
def _must_be_blocked(m: re.Match[str], who: Selector, me: bool, it: bool
                     ) -> tuple[Effect, ...]:
    return (MustBeBlocked(affects=who),)


@_rule(r"must be blocked by exactly one creature if able")
def _exactly_one(m: re.Match[str], who: Selector, me: bool, it: bool) -> tuple[Effect, ...]:
    return (MustBeBlockedByExactlyOne(affects=who),)


@_rule(r"blocks?(?: each combat)? if able")
def _must_block(m: re.Match[str], who: Selector, me: bool, it: bool) -> tuple[Effect, ...]:
    return (MustBlock(affects=who),)


@_rule(r"blocks? (?P<o>~|it)(?: each combat)? if able")
def _must_block_me(m: re.Match[str], who: Selector, me: bool, it: bool
                   ) -> tuple[Effect, ...] | None:
    if m["o"] == "it" and not it:
        return None
    return (MustBlockAttackers(blockers=who, attackers=SELF),)


@_rule(r"can block (?:an additional (?:(?P<n>\w+) creatures|creature)|"
       r"(?P<any>any number of creatures))(?: each combat)?")
def _additional(m: re.Match[str], who: Selector, me: bool, it: bool
                ) -> tuple[Effect, ...] | None:
    if m["any"]:
        return (CanBlockAdditional(affects=who, count=None),)
    n = 1 if m["n"] is None else number(m["n"])
    if n is None or n < 2 and m["n"] is not None:
        return None
    return (CanBlockAdditional(affects=who, count=n),)


def predicate_effects(who: Selector, predicate: str, *, it_is_self: bool = False
                      ) -> tuple[tuple[Effect, ...], bool] | None:
    """The effects of a block predicate (``can't block creatures with flying``, ``can't be
    blocked this turn except by Walls``) said of the creatures ``who`` selects, and whether
    it lasts only this turn; None when it is not understood. ``it_is_self``: ``it`` in the
    predicate means the source ("creatures with power less than ~'s power can't block it")."""
    text = " ".join(predicate.split())
    timed = _TIME.search(text) is not None
    text = _TIME.sub("", text, count=1)
    for pattern, build in _RULES:
        m = pattern.fullmatch(text)
        if m is not None:
            out = build(m, who, who == SELF, it_is_self)
            return None if out is None else (out, timed)
    return None


def _piece(m: re.Match[str], ctx: Context, effects: tuple[Effect, ...], timed: bool,
           who: Selector) -> Piece | None:
    """Static effects of a static ability; effects on resolution of a spell, an activated
    ability or a trigger condition's ability that lasts this turn; anything else (a lasting
    effect from a spell, a timed one or targets in a static ability) is not modelled. A
    resolved effect on "enchanted/equipped creature" is not modelled either: it applies to
    the creature the source was attached to at resolution, which the board doesn't record
    (the source may have been sacrificed to pay the cost)."""
    if who.which == "attached" and (timed or m["head"]):
        return None
    if m["head"]:
        return resolving(*effects) if timed and ctx.kind != "spell" else None
    if ctx.kind == "static" and not timed and who.which != "targets":
        return static(*effects)
    if ctx.kind in ("spell", "activated") and timed:
        return resolving(*effects)
    return None


def _subjects(phrase: str, ctx: Context) -> list[Selector] | None:
    """The subject, or both classes of ``green creatures and white creatures`` (what is
    said of the two is said of each)."""
    who = subject(phrase, ctx)
    if who is not None:
        return [who]
    parts = phrase.split(" and ")
    if len(parts) != 2:
        return None
    both = [subject(p, ctx) for p in parts]
    if any(w is None or w.which != "all" for w in both):
        return None
    return [w for w in both if w is not None]


def _sentence(m: re.Match[str], ctx: Context) -> Piece | None:
    """``<subject> <predicate>[ and <predicate>]``."""
    whos = _subjects(m["subj"], ctx)
    if whos is None:
        return None
    # "it" is the source after "creatures with power less than ~'s power" and in a trigger
    # of its own ("Whenever ~ attacks, target creature ... blocks it this combat if able")
    it_is_self = "~'s" in m["subj"] or re.match(r"(?:when|whenever) ~ ", m["head"] or "",
                                                re.I) is not None
    effects: list[Effect] = []
    times: set[bool] = set()
    for who in whos:
        for part in re.split(r" and (?=(?:can't|can|must|blocks?) )", m["pred"]):
            found = predicate_effects(who, part, it_is_self=it_is_self)
            if found is None:
                return None
            effects.extend(found[0])
            times.add(found[1])
    timed = bool(m["eot"]) or True in times
    if len(times) > 1 and not m["eot"]:
        return None
    return _piece(m, ctx, tuple(effects), timed, whos[0])


_PRE = (r"(?:(?!max speed)[a-z][a-z' -]{0,38}[a-z] — )?"
        r"(?:(?P<head>(?:when|whenever|at) (?![^,]*(?:you do|this way))[^,]+), )?"
        r"(?:(?P<eot>until end of turn), )?")
"""What may precede a sentence's subject: an ability or flavor word (CR 207.2c, 207.2d: no
rules meaning; not "Max speed", a condition), a trigger condition (the effect is what the
triggered ability does when it resolves; not a reflexive "when you do") and a leading
duration."""
_LEAD = _PRE + r"(?P<subj>.+?) "


@template("block_restriction", _LEAD + r"(?P<pred>(?:can't block|can block only)\b.*)",
          "This creature can't block.", kinds=_KINDS)
def _restriction(m: re.Match[str], ctx: Context) -> Piece | None:
    return _sentence(m, ctx)


@template("evasion", _LEAD + r"(?P<pred>can't be blocked\b.*)",
          "This creature can't be blocked by Walls.", kinds=_KINDS)
def _evasion(m: re.Match[str], ctx: Context) -> Piece | None:
    return _sentence(m, ctx)


@template("block_requirement", _LEAD + r"(?P<pred>(?:must be blocked|blocks?)\b.*)",
          "This creature blocks each combat if able.", kinds=_KINDS)
def _requirement(m: re.Match[str], ctx: Context) -> Piece | None:
    return _sentence(m, ctx)


@template("block_capacity", _LEAD + r"(?P<pred>can block (?:an additional|any number)\b.*)",
          "This creature can block an additional creature each combat.", kinds=_KINDS)
def _capacity(m: re.Match[str], ctx: Context) -> Piece | None:
    return _sentence(m, ctx)


@template("block_requirement",
          _PRE + r"all (?P<blk>.+?) able to block (?P<att>.+?)"
          r"(?P<time> this (?:turn|combat))? do so",
          "All creatures able to block enchanted creature do so.", kinds=_KINDS)
def _lure(m: re.Match[str], ctx: Context) -> Piece | None:
    blockers = _select(m["blk"])
    attackers = subject(m["att"], ctx)
    if blockers is None or blockers.which != "all" or _relative(blockers) or attackers is None:
        return None
    return _piece(m, ctx, (MustBlockAttackers(blockers=blockers, attackers=attackers),),
                  bool(m["eot"] or m["time"]), attackers)


@template("block_restriction", r"no more than (?P<n>\w+) creatures? can block each combat",
          "No more than one creature can block each combat.")
def _max_blockers(m: re.Match[str], ctx: Context) -> Piece | None:
    n = number(m["n"])
    return None if n is None else static(MaxBlockers(count=n))


TEMPLATES: tuple[Template, ...] = (
    _lure, _max_blockers, _evasion, _requirement, _capacity, _restriction,
)
"""The templates of this module, in the order they are tried."""
