"""Templates of the combat_trigger family: abilities that trigger on a creature's own attack
or block and change it until end of turn.

"Whenever ~ attacks, it gets +1/+1 until end of turn" resolves in the declare attackers step,
before blockers are declared; "whenever ~ blocks / becomes blocked" resolves in the declare
blockers step, before combat damage. Neither has a choice, so for the rest of the combat the
ability is the same as a static change of the creature while it is attacking, blocking or
blocked (:class:`~mtgcombat.rules.effects.Selector`'s ``attacking``, ``blocking`` and
``blocked`` filters, read from the board's ``attack`` and ``blocks``). Triggers with a choice
("you may"), a target, a count ("for each creature blocking it"), a trigger per blocker
("becomes blocked by a creature") or a condition ("attacks alone", "while saddled") are not
modelled. The static "~ has first strike as long as it's attacking" (or blocking) is the same
filter on the creature or on the enchanted or equipped creature.
"""

from __future__ import annotations

import re

from mtgcombat.rules.effects import Effect, GrantKeywords, ModifyPowerToughness, Selector
from mtgcombat.rules.text.phrases import PT_CHANGE, keyword_list, signed
from mtgcombat.rules.text.templates import Context, Piece, Template, static, template

_EVENTS: dict[str, tuple[Selector, ...]] = {
    "attacks": (Selector(which="self", attacking="any"),),
    "blocks": (Selector(which="self", blocking=True),),
    "becomes blocked": (Selector(which="self", blocked=True),),
    "attacks or blocks": (Selector(which="self", attacking="any"),
                          Selector(which="self", blocking=True)),
    "blocks or becomes blocked": (Selector(which="self", blocking=True),
                                  Selector(which="self", blocked=True)),
}
"""A self trigger's event → when its until-end-of-turn change holds, for the combat."""

_EVENT = "|".join(sorted(_EVENTS, key=len, reverse=True))
_KWS = r"(?P<kws>[a-z ,]+?)"
_KWS2 = r"(?P<kws2>[a-z ,]+?)"


def _changes(event: str, pt: tuple[int, int] | None, kws: str | None) -> Piece | None:
    """The static effects of a self trigger on ``event`` that gives ``pt`` and keywords."""
    keywords: list[str] | None = None
    if kws is not None:
        keywords = keyword_list(kws)
        if keywords is None:
            return None
    out: list[Effect] = []
    for sel in _EVENTS[event.casefold()]:
        if pt is not None:
            out.append(ModifyPowerToughness(affects=sel, power=pt[0], toughness=pt[1]))
        if keywords is not None:
            out.append(GrantKeywords(affects=sel, keywords=keywords))
    return static(*out)


@template("combat_trigger", rf"whenever ~ (?P<ev>{_EVENT}), (?:it|~) gets {PT_CHANGE} "
                            rf"(?:and gains {_KWS} )?until end of turn",
          "Benalish Veteran: Whenever this creature attacks, it gets +1/+1 until end of turn.",
          kinds=frozenset({"triggered"}))
def _self_pump(m: re.Match[str], ctx: Context) -> Piece | None:
    return _changes(m.group("ev"), (signed(m.group("p")), signed(m.group("t"))), m.group("kws"))


@template("combat_trigger", rf"whenever ~ (?P<ev>{_EVENT}), (?:it|~) gains {_KWS} "
                            rf"(?:and gets {PT_CHANGE} )?until end of turn",
          "Kagha, Shadow Archdruid: Whenever Kagha attacks, it gains deathtouch until end of turn.",
          kinds=frozenset({"triggered"}))
def _self_gains(m: re.Match[str], ctx: Context) -> Piece | None:
    pt = None if m.group("p") is None else (signed(m.group("p")), signed(m.group("t")))
    return _changes(m.group("ev"), pt, m.group("kws"))


_STATES: dict[str, dict[str, object]] = {
    "attacking": {"attacking": "any"},
    "blocking": {"blocking": True},
}
"""A static condition on the creature's own combat state → its selector filter."""
_HOLDER = {"~": "self", "enchanted creature": "attached", "equipped creature": "attached"}
_PRED = rf"(?:gets {PT_CHANGE}(?: and has {_KWS})?|has {_KWS2})"


def _while(holder: str, state: str, m: re.Match[str]) -> Piece | None:
    """The static effects of "<holder> gets/has ... as long as it's <state>"."""
    sel = Selector.model_validate({"which": _HOLDER[holder.casefold()],
                                   **_STATES[state.casefold()]})
    pt = None if m.group("p") is None else (signed(m.group("p")), signed(m.group("t")))
    kws_text = m.group("kws") or m.group("kws2")
    keywords = keyword_list(kws_text) if kws_text is not None else None
    if kws_text is not None and keywords is None:
        return None
    out: list[Effect] = []
    if pt is not None:
        out.append(ModifyPowerToughness(affects=sel, power=pt[0], toughness=pt[1]))
    if keywords is not None:
        out.append(GrantKeywords(affects=sel, keywords=keywords))
    return static(*out)


@template("combat_trigger", rf"(?P<who>~|enchanted creature|equipped creature) {_PRED} as long "
                            r"as it's (?P<state>attacking|blocking)",
          "Blood Petal Celebrant: This creature has first strike as long as it's attacking.")
def _while_suffix(m: re.Match[str], ctx: Context) -> Piece | None:
    return _while(m.group("who"), m.group("state"), m)


@template("combat_trigger", rf"as long as (?P<who>~|enchanted creature|equipped creature) is "
                            rf"(?P<state>attacking|blocking), it {_PRED}",
          "Adanto Vanguard: As long as this creature is attacking, it gets +2/+0.")
def _while_prefix(m: re.Match[str], ctx: Context) -> Piece | None:
    return _while(m.group("who"), m.group("state"), m)


TEMPLATES: tuple[Template, ...] = (_self_pump, _self_gains, _while_suffix, _while_prefix)
"""The templates of this module, in the order they are tried."""
