"""More templates of the damage family: prevention that removes +1/+1 counters (the
Phantoms), prevention of a part of each source's damage (the Spheres), and creatures that
assign no combat damage once their own combat trigger's choice is made (Ophidian). Joined
into :data:`~mtgcombat.rules.text.families.damage.TEMPLATES`.
"""

from __future__ import annotations

import re
from typing import Literal

from mtgcombat.rules.effects import (
    SELF,
    AssignsNoCombatDamage,
    ModifyDamage,
    PreventDamageTo,
    Selector,
)
from mtgcombat.rules.text.phrases import number, selector
from mtgcombat.rules.text.templates import Context, Piece, Template, resolving, static, template


@template("damage", r"if damage would be dealt to ~(?P<while> while it has a \+1/\+1 counter on "
                    r"it)?, prevent that damage(?: and remove (?P<n>a|that many) \+1/\+1 "
                    r"counters? from (?:it|~))?",
          "Phantom Centaur: If damage would be dealt to this creature, prevent that damage. "
          "Remove a +1/+1 counter from this creature.", kinds=frozenset({"static"}))
def _shedding(m: re.Match[str], ctx: Context) -> Piece | None:
    """All damage to the permanent is prevented; with "remove a +1/+1 counter" (the next
    sentence, or in the same one) it loses one counter per damage event, with "that many",
    one per 1 damage."""
    after = [a.casefold() for a in ctx.after]
    if m.group("n") is None:
        if after == ["remove a +1/+1 counter from ~."]:
            how: str | None = "one"
        elif not after and m.group("while") is None:
            how = None
        else:
            return None
    elif after:
        return None
    else:
        how = "one" if m.group("n") == "a" else "that_many"
    if how is None:
        return static(PreventDamageTo(affects=SELF))
    return static(PreventDamageTo(affects=SELF, remove_counters="one" if how == "one"
                                  else "that_many", while_counter=m.group("while") is not None))


@template("damage", r"if (?P<src>an? [a-z ]+?) would deal (?:combat )?damage to (?P<who>you|"
                    r"equipped creature|enchanted creature|a planeswalker you control), "
                    r"prevent (?P<n>\w+) of that damage",
          "Sphere of Law: If a red source would deal damage to you, prevent 2 of that damage.",
          kinds=frozenset({"static"}))
def _prevent_some(m: re.Match[str], ctx: Context) -> Piece | None:
    """N of each matching source's damage each time (a source deals combat damage to one
    player, planeswalker or attached creature at most once a step)."""
    n = number(m.group("n"))
    sources = _damage_source(m.group("src"))
    if n is None or n < 1 or sources is False or ctx.after:
        return None
    who = m.group("who")
    if who == "you":
        return static(PreventDamageTo(affects=None, you=True, sources=sources, amount=n))
    affects = selector("planeswalkers you control") if who.startswith("a ") else Selector(
        which="attached")
    return static(PreventDamageTo(affects=affects, sources=sources, amount=n))


def _damage_source(phrase: str) -> Selector | None | Literal[False]:
    """The sources "a (red) source (an opponent controls)", "a creature", "an artifact" name
    (None: every source; False: outside the phrase reader)."""
    words = re.fullmatch(r"an? (?P<q>[a-z]+ )?source(?P<rest> .+)?", phrase)
    if words is not None:
        sel = selector(f"{words.group('q') or ''}creatures{words.group('rest') or ''}")
        if sel is None or sel.which != "all":
            return False
        sel = sel.model_copy(update={"types": [t for t in sel.types if t != "Creature"]})
        return None if sel == Selector() else sel
    if phrase in ("a creature", "an artifact"):
        return selector(phrase.split()[1] + "s") or False
    return False


@template("damage", r"if (?P<who>you|a player) do(?:es)?, ~ assigns no combat damage this turn",
          "Bone Dancer: Whenever ~ attacks and isn't blocked, you may put the top creature card "
          "of defending player's graveyard onto the battlefield under your control. If you do, "
          "~ assigns no combat damage this turn.", kinds=frozenset({"triggered"}))
def _assigns_none(m: re.Match[str], ctx: Context) -> Piece | None:
    """What a resolution of the permanent's own combat trigger does when the choice was made:
    the board records such a resolution only then."""
    may = "you may" if m.group("who") == "you" else "any player may"
    if ctx.after or len(ctx.before) != 1 or not re.match(
            r"whenever ~ (?:attacks(?: and isn't blocked| or blocks)?|blocks|becomes blocked), "
            + may + " ", ctx.before[0].casefold()):
        return None
    return resolving(AssignsNoCombatDamage())


_RECIPIENTS: dict[str | None, str] = {
    None: "any", "a permanent or player": "any", "a player": "players", "you": "you",
    "an opponent": "opponents", "a creature": "creatures",
    "an opponent or a permanent an opponent controls": "opponents_and_theirs",
}
"""A damage increase's recipient phrase → its ``recipients``."""


@template("damage", r"if (?P<src>[^,]+?) would deal (?:combat )?damage(?P<t1> this turn)?(?: to "
                    r"(?P<to>[^,]+?))?(?P<t2> this turn)?, (?:it|that source) deals (?:(?P<m>"
                    r"double|triple) that damage|that much damage plus (?P<n>\w+))(?: to "
                    r"(?:that [a-z ]+?|you))? instead",
          "Furnace of Rath: If a source would deal damage to a permanent or player, it deals "
          "double that damage to that permanent or player instead.",
          kinds=frozenset({"static", "spell", "activated"}))
def _increase(m: re.Match[str], ctx: Context) -> Piece | None:
    """Damage doubled, tripled or increased by N (a spell's damage, never combat damage:
    nothing for combat)."""
    src = m.group("src").casefold()
    this_turn = m.group("t1") is not None or m.group("t2") is not None
    if this_turn != (ctx.kind != "static") or ctx.after:
        return None
    to = m.group("to").casefold() if m.group("to") else None
    if re.search(r"\b(?:spells?|instant or sorcery)\b", src):
        return Piece() if to in _RECIPIENTS else None
    sources = _increase_source(src)
    n = 2 if m.group("m") == "double" else 3 if m.group("m") else number(m.group("n") or "")
    if sources is False or to not in _RECIPIENTS or n is None or n < 1:
        return None
    effect = ModifyDamage(sources=sources, recipients=_RECIPIENTS[to],  # type: ignore[arg-type]
                          multiply=n if m.group("m") else 1, add=0 if m.group("m") else n)
    return static(effect) if ctx.kind == "static" else resolving(effect)


def _increase_source(phrase: str) -> Selector | None | Literal[False]:
    """The sources a damage increase names: ``~``, the attached creature, or "a (red)
    source (you control)", "another source you control", "a creature (Wizard) you control"
    (None: every source)."""
    if phrase in ("~", "this creature"):
        return SELF
    if phrase in ("equipped creature", "enchanted creature"):
        return Selector(which="attached")
    others = phrase.startswith("another ")
    if others:
        phrase = "a " + phrase.removeprefix("another ")
    phrase = re.sub(r"^any ", "a ", phrase)
    sel = _damage_source(phrase)
    if sel is False and (words := re.fullmatch(r"an? ([a-z]+) you control", phrase)):
        sel = selector(f"{words.group(1)}s you control") or False
        if sel is not False and sel.which != "all":
            return False
    if sel is False or not others:
        return sel
    return (sel or Selector()).model_copy(update={"which": "others"})


TEMPLATES: tuple[Template, ...] = (_shedding, _prevent_some, _assigns_none, _increase)
"""The templates of this module, in the order they are tried."""
