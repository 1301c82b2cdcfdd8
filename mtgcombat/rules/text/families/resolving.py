"""Resolving abilities whose effects the board records: triggered abilities with lasting
effects, and pronouns naming what a resolving ability made, chose or targeted.

"Landfall — Whenever a land you control enters, ~ gets +2/+2 until end of turn.", "When ~
enters, target creature gets +1/+1 until end of turn.": the effect after the trigger
condition is compiled as a spell's effect would be (by the other families' templates), and
applies once per resolution the board records in the permanent's ``activations`` (with its
targets), like an activated ability. A trigger met during combat (attacking, blocking,
dealing damage) is not one of these: the board records the state before combat. A "may", an
"if" (intervening condition), a choice or a pronoun whose object another sentence gives keeps
the sentence unmodelled, and so does an effect that isn't a lasting one; but "you may ... If
you do, ~ gets +2/+2 until end of turn." (Brawl-Bash Ogre, also after the permanent's own
combat trigger) applies per recorded resolution, which the board records only when the
choice was made. A later sentence of
such a trigger ("When ~ enters, attach it to target creature you control. That creature gains
first strike until end of turn.") is compiled the same way.

A pronoun starting a sentence of a spell, an activated or a triggered ability ("Create a 3/3
token. It gains haste until end of turn.", "Put a creature card from your hand onto the
battlefield. That creature gains haste.", "Put a +1/+1 counter on ~. It gains menace until end
of turn.") refers to the source itself when the sentence before acts on it alone, and otherwise
to the permanents the board's record of the resolution lists in ``targets``: its one target, or
the objects it made or chose without targeting (:func:`referent`). A change without a duration
("It gains haste.") lasts; one until end of turn or until your next turn applies while the
record is on the board.
"""

from __future__ import annotations

import re
from dataclasses import replace

from mtgcombat.rules.effects import (
    SELF,
    Effect,
    GrantKeywords,
    ModifyPowerToughness,
    Selector,
    SourceState,
)
from mtgcombat.rules.text.families.anthems import changes, subject_of
from mtgcombat.rules.text.sentences import AbilityKind
from mtgcombat.rules.text.templates import (
    Context,
    Piece,
    Template,
    first_match,
    resolving,
    template,
)

_UNSURE = re.compile(r"^(?:you may|if |choose|that |it |its |they |those |each player|"
                     r"an opponent|target opponent|for each)", re.I)


def _as_spell(text: str, ctx: Context) -> Piece | None:
    """What the other families' templates make of ``text`` as the effect of a resolving
    ability."""
    from mtgcombat.rules.text.families import TEMPLATES  # the joined list includes this module

    ability = replace(ctx, kind="activated")  # resolves like an activated ability of ~
    found = first_match(TEMPLATES, text, ability, {id(_resolved_trigger), id(_later_sentence)})
    return found[1] if found is not None else None


_IN_COMBAT = re.compile(r"\b(?:attack|block|damage|defending)", re.I)
"""Trigger conditions met during the combat being decided: their resolutions aren't on the
board yet, so such triggers are left to the combat-trigger family (or reported)."""


@template("resolved_trigger", r"(?:when|whenever|at) .+?, [^,].+",
          "Steppe Lynx: Landfall — Whenever a land you control enters, ~ gets +2/+2 until end "
          "of turn.", frozenset({"triggered"}))
def _resolved_trigger(m: re.Match[str], ctx: Context) -> Piece | None:
    text = m.group(0)
    for split in re.finditer(r", (?=[^,])", text):  # the trigger condition may hold commas
        head, rest = text[:split.start()], text[split.end():]
        if _UNSURE.match(rest) or _IN_COMBAT.search(head) or head.casefold() == "when you do":
            continue
        piece = _as_spell(rest, ctx)
        if piece is not None and not piece.effects and not piece.keywords and piece.resolved:
            return Piece(resolved=piece.resolved)
    return None


_PRONOUN = (r"(?P<subj>it|he|she|they|that creature|that permanent|that token|those tokens|"
            r"those creatures|those permanents|the creature|the token|the tokens)")
_RESOLVED_KINDS: frozenset[AbilityKind] = frozenset({"spell", "activated", "triggered"})
_TARGET = re.compile(r"\btargets?\b", re.I)
_NOT_PERMANENT_TARGET = re.compile(r"\btarget (?:player|opponent|spell|ability)|any target",
                                   re.I)
_NEW_OBJECT = re.compile(r"\b(?:creates?|tokens?|cop(?:y|ies)|conjures?|duplicates?)\b", re.I)
_BACK = r"(?:it|that creature|that permanent|them|those creatures|those permanents)"
_KEEPS_REFERENT = re.compile(r"(?:un)?tap " + _BACK + r"|put (?:a|an|one|two|three|x) "
                             r"\S+ counters? on " + _BACK, re.I)
"""A sentence between the targeting one and the pronoun that refers back to the same
object and introduces no other (Threaten: "Untap that creature.")."""
_ON_SELF = re.compile(r"(?:.*, )?(?:then )?(?:put (?:a|an|one|two|three|four|five|x) \S+ "
                      r"counters? on ~|(?:un)?tap ~|return ~ from your graveyard to the "
                      r"battlefield(?: tapped)?)", re.I)
"""A sentence whose only object is the source ("Put two +1/+1 counters on ~.")."""


_MAY = re.compile(r"\byou may\b|\bif you do\b|\bunless\b", re.I)
"""A choice in the sentences before: whether the ability did something isn't recorded."""


def _costs_self(ctx: Context) -> bool:
    """Does an activated ability's cost act on the source, which stays on the battlefield
    ("Remove two +1/+1 counters from ~: He gains indestructible ...")?"""
    cost = ctx.cost.casefold()
    return (ctx.kind == "activated" and "~" in cost
            and not re.search(r"\b(?:sacrifice|exile|return|discard) ~", cost))


def _recorded_trigger(before: list[str]) -> bool:
    """Is the triggered ability whose first sentences are ``before`` one whose resolutions
    the board records: a trigger condition first, not met during combat, and no reflexive
    trigger ("When you do, ...") among them."""
    return (re.match(r"(?:when|whenever|at)\b", before[0], re.I) is not None
            and not _IN_COMBAT.search(before[0])
            and not any(re.match(r"when you do\b", b, re.I) for b in before))


def referent(ctx: Context, plural: bool) -> Selector | None:
    """What a pronoun starting a sentence of a resolving ability refers to, given the
    sentences around it (``ctx.before`` / ``ctx.after``): the source itself when the sentence
    before acts on it alone; otherwise the permanents the board's record of the resolution
    lists in ``targets`` — the one object the ability targeted, or, when it targets nothing,
    the objects it made or chose without targeting (a token it created, a card it returned
    to the battlefield, the creatures it untapped). None when that can't be told: nothing
    before, a trigger met in combat, more than one target, a target that isn't a permanent,
    a new object besides a target, another sentence in between that acts on something else,
    or a choice ("you may", "if you do") before a target or the source (the record can't
    say whether the ability acted on it)."""
    before = [b.rstrip(".") for b in ctx.before]
    if any(_TARGET.search(a) for a in ctx.after):
        return None
    if not before:
        return SELF if not plural and _costs_self(ctx) else None
    if ctx.kind == "triggered" and not _recorded_trigger(before):
        return None
    text = " ".join(before)
    targeted = [k for k, b in enumerate(before) if _TARGET.search(b)]
    if not targeted and not (not plural and _ON_SELF.fullmatch(before[-1])):
        return Selector(which="targets")
    if _MAY.search(text):  # a choice that may have left the target or the source alone
        return None
    if not targeted:
        return SELF
    if (len(_TARGET.findall(text)) > 1 or _NOT_PERMANENT_TARGET.search(text)
            or _NEW_OBJECT.search(text)
            or not all(_KEEPS_REFERENT.fullmatch(b) for b in before[targeted[0] + 1:])):
        return None
    return Selector(which="targets")


_CHOSEN_PROTECTION = re.compile(r"(?:(?P<rest>.+?) and )?gains? protection from "
                                r"(?P<color>the color of your choice|the chosen color)", re.I)


def resolved_changes(predicate: str, subject: Selector, ctx: Context) -> list[Effect] | None:
    """The effects of a resolving ability's predicate (``gets +1/+1 and gains flying``), with
    protection from the colour chosen as it resolves (the record's ``chosen_color``: "the
    color of your choice", or "the chosen color" after "Choose a color.") as its last part;
    None when a part isn't understood."""
    chosen = _CHOSEN_PROTECTION.fullmatch(predicate)
    if chosen is not None and chosen.group("color").casefold() == "the chosen color" and (
            [b.rstrip(".").casefold() for b in ctx.before] != ["choose a color"]):
        return None
    if chosen is None:
        return changes(predicate, subject, ("get", "gain"))
    rest = chosen.group("rest")
    effects = changes(rest, subject, ("get", "gain")) if rest else []
    if effects is None or (rest and not effects):
        return None
    return [*effects, GrantKeywords(affects=subject, keywords=[], chosen_color_protection=True)]


def _referring_piece(m: re.Match[str], ctx: Context) -> Piece | None:
    subj = m.group("subj").casefold()
    sel = referent(ctx, subj in ("they", "those tokens", "those creatures", "those permanents",
                                 "the tokens"))
    if sel is None or (sel.which == "self" and ctx.kind == "spell"):
        return None
    effects = resolved_changes(m.group("pred"), sel, ctx)
    return resolving(*effects) if effects else None


@template("pump", _PRONOUN + r" (?P<pred>(?:gets?|gains?)\b.+?)"
          r"(?: until end of turn| until your next turn)?",
          "Artistic Process: Create a 3/3 blue and red Elemental creature token with flying. "
          "It gains haste until end of turn.", kinds=_RESOLVED_KINDS)
def _pronoun(m: re.Match[str], ctx: Context) -> Piece | None:
    """A resolving ability's change of the object an earlier sentence of it named: "It gains
    haste until end of turn.", "That token gains haste." (no duration: it lasts), "It gets
    +2/+2 until end of turn." (:func:`referent`)."""
    return _referring_piece(m, ctx)


@template("pump", r"until end of turn, " + _PRONOUN + r" (?P<pred>(?:gets?|gains?)\b.+)",
          "Until end of turn, it gets +1/+1 and gains haste.", kinds=_RESOLVED_KINDS)
def _pronoun_first(m: re.Match[str], ctx: Context) -> Piece | None:
    """The same, the duration written first."""
    return _referring_piece(m, ctx)


@template("pump", r"(?P<subj>.+?) (?P<pred>(?:gets?|gains?)\b.*?protection from (?:the color of "
          r"your choice|the chosen color)) until end of turn",
          "Gods Willing: Target creature you control gains protection from the color of your "
          "choice until end of turn.", kinds=frozenset({"spell", "activated"}))
def _chosen_protection(m: re.Match[str], ctx: Context) -> Piece | None:
    """Protection from a colour chosen as the spell or ability resolves, until end of turn:
    the record says which (``chosen_color``)."""
    sel = subject_of(m.group("subj"), ctx)
    effects = resolved_changes(m.group("pred"), sel, ctx) if sel is not None else None
    return resolving(*effects) if effects else None


_X_AMOUNTS = re.compile(r"([+\-−])(x|0)/([+\-−])(x|0)", re.I)
_DEFINES_X = re.compile(r"\bwhere x\b|\bx (?:is|was|equals?|can't)\b", re.I)
_X_KINDS: frozenset[AbilityKind] = frozenset({"spell", "activated"})


def _unit(sign: str, amount: str) -> str:
    """One amount of ``+X/-0`` as the change per 1 of X (``+1``, ``-1``, ``+0``)."""
    return "+0" if amount == "0" else ("+1" if sign == "+" else "-1")


@template("pump", r"(?P<subj>.+?) (?P<pred>(?:each )?gets? [+\-−](?:x|0)/[+\-−](?:x|0)"
          r"(?: and gains? [^,]+(?:, [^,]+)*)?) until end of turn",
          "Kessig Wolf Run: {X}{R}{G}, {T}: Target creature gets +X/+0 and gains trample until "
          "end of turn.", kinds=_X_KINDS)
def _pump_x(m: re.Match[str], ctx: Context) -> Piece | None:
    """A change by X until end of turn ("+X/+0", "-X/-X", "+X/-X"), X being the spell's or
    activated ability's own (its cost's: ``{X}``, "Sacrifice X Squirrels"), applied with the
    ``x`` the board records for the resolution. An X another sentence defines, or that an
    activated ability's cost doesn't mention, is left unmodelled."""
    pred = m.group("pred")
    pt = _X_AMOUNTS.search(pred)
    if (pt is None or "x" not in (pt.group(2).casefold(), pt.group(4).casefold())
            or any(_DEFINES_X.search(t) for t in (*ctx.before, *ctx.after))
            or (ctx.kind == "activated" and not re.search(r"\bX\b", ctx.cost))):
        return None
    unit = (pred[:pt.start()] + _unit(pt.group(1), pt.group(2).casefold()) + "/"
            + _unit(pt.group(3), pt.group(4).casefold()) + pred[pt.end():])
    sel = subject_of(m.group("subj"), ctx)
    effects = changes(unit, sel, ("get", "gain")) if sel is not None else None
    if not effects:
        return None
    return resolving(*(e.model_copy(update={"times_x": True})
                       if isinstance(e, ModifyPowerToughness) else e for e in effects))


@template("pump", r"(?P<subj>.+?) (?P<pred>(?:gets?|gains?)\b.+?) for as long as ~ remains tapped",
          "Tawnos's Weaponry: {2}, {T}: Target creature gets +1/+1 for as long as this artifact "
          "remains tapped.", kinds=frozenset({"activated"}))
def _while_tapped(m: re.Match[str], ctx: Context) -> Piece | None:
    """An activated ability's change that lasts while its source stays tapped: it applies
    while the source, tapped by the ability's ``{T}`` cost, is still tapped."""
    sel = subject_of(m.group("subj"), ctx)
    if sel is None or "{T}" not in ctx.cost:
        return None
    effects = changes(m.group("pred"), sel, ("get", "gain"))
    if not effects:
        return None
    tapped = SourceState(state="tapped")
    return resolving(*(e.model_copy(update={"condition": tapped}) for e in effects))


@template("resolved_trigger", r"(?P<rest>[^,]+|until end of turn, .+)",
          "Coral Sword: When ~ enters, attach it to target creature you control. That "
          "creature gains first strike until end of turn.", frozenset({"triggered"}))
def _later_sentence(m: re.Match[str], ctx: Context) -> Piece | None:
    """A later sentence of a triggered ability whose resolutions the board records, compiled
    as the effect of a resolving ability (a pronoun after a target already reads as that
    target, :mod:`..sentences`)."""
    before = [b.rstrip(".") for b in ctx.before]
    if (not before or not _recorded_trigger(before) or _UNSURE.match(m.group(0))
            or m.group(0).casefold().startswith("the ") or any(_MAY.search(b) for b in before)):
        return None
    piece = _as_spell(m.group(0), ctx)
    if piece is not None and not piece.effects and not piece.keywords and piece.resolved:
        return Piece(resolved=piece.resolved)
    return None


_MAY_HEAD = re.compile(r"(?:[^—]+ — )?(?P<head>(?:when|whenever|at) [^,]+), you may "
                       r"(?P<what>[^.]+)\.?", re.I)
_SELF_COMBAT = re.compile(r"whenever ~ (?:attacks|blocks|attacks or blocks|becomes blocked|"
                          r"blocks or becomes blocked)|at the beginning of combat on your turn",
                          re.I)
"""Combat triggers whose resolution, once it happened, the board may record (they resolve
before blockers are declared, or before combat damage)."""


@template("pump", r"if you do, (?P<rest>.+)",
          "Brawl-Bash Ogre: Whenever ~ attacks, you may sacrifice another creature. If you "
          "do, ~ gets +2/+2 until end of turn.", frozenset({"triggered"}))
def _if_you_do(m: re.Match[str], ctx: Context) -> Piece | None:
    """What a triggered ability "you may ... If you do, ..." does when the choice was made:
    the board records its resolution (in ``activations``) only then, with its targets. The
    trigger is the permanent's own combat trigger or one met before combat, its choice has
    no target, and "it" is the source only after a trigger about ~ itself."""
    may = _MAY_HEAD.fullmatch(ctx.before[0]) if len(ctx.before) == 1 else None
    if may is None or ctx.after or _TARGET.search(may.group("what")) or _TARGET.search(
            may.group("head")) or re.search(r"\bfor each\b|\bx\b", may.group("what"), re.I):
        return None
    head = may.group("head")
    about_self = _SELF_COMBAT.fullmatch(head) is not None
    if not about_self and (_IN_COMBAT.search(head) or re.search(r"when you do", head, re.I)):
        return None
    rest = m.group("rest")
    if re.match(r"it\b", rest, re.I):
        if not (about_self or re.match(r"(?:when|whenever) ~ ", head, re.I)):
            return None
        rest = "~" + rest[2:]
    elif _UNSURE.match(rest):
        return None
    piece = _as_spell(rest[0].upper() + rest[1:], ctx)
    if piece is None or piece.effects or piece.keywords or not piece.resolved:
        return None
    return Piece(resolved=piece.resolved)


TEMPLATES: tuple[Template, ...] = (_pronoun, _pronoun_first, _chosen_protection, _pump_x,
                                   _while_tapped, _if_you_do, _resolved_trigger, _later_sentence)
"""The templates of this module, in the order they are tried (the resolved-trigger one
last)."""
