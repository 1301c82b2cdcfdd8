"""Quoted abilities granted to other permanents: ``Creatures you control have "..."``.

A granted ability (CR 113.10, 613.1f) is compiled as the text of the permanent that gets it:
``~`` inside the quotation marks is that permanent. What it compiles to is given to the
sentence's subject instead:

* an ability that can't matter to combat (``"{T}: Draw a card."``, ``"At the beginning of
  your upkeep, ..."``) adds nothing, so the rest of the sentence can be modelled
  ("Equipped creature gets +1/+1 and has "{2}: Draw a card."" is the +1/+1);
* keywords (``"Ward—Pay 3 life"``) and static abilities of the permanent itself
  (``"This creature can't block."``, ``"This creature gets +1/+1."``) become the same effects
  on the subject;
* anything else — an activated or triggered ability with effects that matter to combat
  (the board records the activations and resolutions of a permanent's own abilities, not
  of granted ones), a condition, an amount counted relative to the permanent, any other
  object named relative to it — leaves the sentence unmodelled.
"""

from __future__ import annotations

import re
from typing import Any

from mtgcombat.rules.effects import Effect, GrantKeywords, Selector
from mtgcombat.rules.text.templates import Context, Piece

QUOTED = re.compile(r"\"([^\"]*)\"|“([^”]*)”")
"""A quoted ability: its text is the first or the second group."""
PLACEHOLDER = "quoted"
"""What a quoted ability is written as while the predicate around it is read (``quoted0``)."""
_GRANTEE = "Granted Ability Holder"
"""The name the granted text is compiled under (``~`` in it is the permanent that has it)."""
_PLAIN: dict[str, frozenset[str]] = {
    "cant_block": frozenset({"attackers"}),
    "cant_attack": frozenset({"scope"}),
    "cant_attack_alone": frozenset(),
    "can_only_attack_alone": frozenset(),
    "cant_block_alone": frozenset(),
    "must_attack": frozenset({"scope"}),
    "must_block": frozenset(),
    "must_be_blocked": frozenset(),
    "cant_be_blocked": frozenset({"by"}),
    "cant_be_blocked_except_by": frozenset({"count"}),
    "cant_be_blocked_by_more_than": frozenset({"count"}),
    "can_block_additional": frozenset({"count"}),
    "modify_power_toughness": frozenset({"power", "toughness"}),
    "grant_keywords": frozenset({"keywords"}),
}
"""Effect kinds a granted static ability may compile to → the fields besides ``affects`` it
may set (none of them relative to the source); anything else is not carried over."""


def protect(predicate: str) -> tuple[str, list[str]]:
    """``predicate`` with each quoted ability written ``quotedN`` (so commas and "and"
    inside it don't split the predicate), and the quoted texts in order."""
    quotes: list[str] = []

    def keep(m: re.Match[str]) -> str:
        quotes.append(m.group(1) if m.group(1) is not None else m.group(2))
        return f"{PLACEHOLDER}{len(quotes) - 1}"

    return QUOTED.sub(keep, predicate), quotes


def split_quoted(text: str) -> tuple[str, list[int]]:
    """A keyword list with quoted abilities in it (``flying and quoted0``): the keywords'
    text without them, and the quoted abilities' numbers."""
    numbers = [int(n) for n in re.findall(PLACEHOLDER + r"(\d+)", text, re.I)]
    rest = re.sub(r"(?:,\s*|\s+)?(?:and\s+)?" + PLACEHOLDER + r"\d+", "", text, flags=re.I)
    return rest.strip(" ,"), numbers


def _plain_selector(value: Any) -> bool:
    """Is a nested selector free of references to the source (``other``, "with greater
    power", attached to it, controlled by its controller)?"""
    sel = Selector.model_validate(value)
    return (sel.which == "all" and sel.controller == "any" and sel.attached_to is None
            and "source" not in (sel.power_greater_than, sel.power_less_than))


_OWN_STATE = frozenset({"tapped", "attacking", "blocking", "blocked", "counter"})
"""Filters on the permanent itself ("as long as it's attacking"): they stay true of it when
the ability is granted."""


def _subject(own: Selector, subject: Selector) -> Selector | None:
    """``subject`` filtered by what the granted ability says of the permanent that has it
    (``which: self`` with state filters), or None when it says more."""
    fields = own.model_dump(exclude_defaults=True)
    if fields.pop("which", None) != "self" or any(f not in _OWN_STATE for f in fields):
        return None
    if fields.get("attacking") == "you":  # attacking the controller of the granted ability
        return None
    if any(getattr(subject, f) is not None for f in fields):
        return None
    return subject.model_copy(update=fields)


def _carried(effect: Effect, subject: Selector) -> Effect | None:
    """``effect`` of the permanent that has the granted ability, given to ``subject``
    instead, or None when it says more than "this permanent ..."."""
    fields = effect.model_dump(exclude_defaults=True, exclude={"kind"})
    allowed = _PLAIN.get(effect.kind)
    own = getattr(effect, "affects", None)
    if allowed is None or not isinstance(own, Selector):
        return None
    fields.pop("affects", None)
    if any(f not in allowed for f in fields):
        return None
    if any(not _plain_selector(fields[f]) for f in ("by", "attackers") if f in fields):
        return None
    affects = _subject(own, subject)
    return None if affects is None else effect.model_copy(update={"affects": affects})


def granted(ability: str, subject: Selector) -> list[Effect] | None:
    """What a quoted ability granted to ``subject`` does in combat: no effects when it can't
    matter to combat, its keywords and plain static effects given to ``subject``, or None
    when it can't be modelled."""
    from mtgcombat.rules.text.compile import compile_text  # the compiler joins the families

    compiled = compile_text(ability, _GRANTEE, types=frozenset({"Creature"}))
    if not compiled.has_combat_text:
        return []
    if (compiled.unmodelled or compiled.resolved or compiled.abilities or compiled.recorded):
        return None
    from mtgcombat.rules.text.families.anthems import grantable

    keywords = list(compiled.keywords)
    if keywords and not grantable(keywords):
        return None
    out: list[Effect] = [GrantKeywords(affects=subject, keywords=keywords)] if keywords else []
    for effect in compiled.effects:
        carried = _carried(effect, subject)
        if carried is None:
            return None
        out.append(carried)
    return out


def nothing_or(effects: list[Effect] | None, m: re.Match[str], ctx: Context) -> Piece | None:
    """The piece of a sentence whose predicate compiled to no effects (``[]``: it only grants
    quoted abilities that can't matter to combat): an empty piece when the classifier would
    report the sentence (for words inside the quotation marks), so it is modelled as doing
    nothing in combat; None otherwise, so the sentence stays what it was (not combat text)."""
    if effects is None:
        return None
    from mtgcombat.rules.text.classify import combat_family
    from mtgcombat.rules.text.families import damage
    from mtgcombat.rules.text.sentences import Sentence
    from mtgcombat.rules.text.templates import first_match

    text = m.string
    if first_match(damage.TEMPLATES, text, ctx) is not None:
        return None  # the damage family's own reading ("draws a card after combat damage")
    flagged = combat_family(Sentence(text, text, ctx.kind, 0, limit=ctx.limit))
    return Piece() if flagged is not None else None
