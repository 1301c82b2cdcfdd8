"""Templates of the cost families: costs to attack (CR 508.1d, 508.1h) and to block (509.1d).

"Creatures can't attack you (or planeswalkers you control) unless their controller pays {2}
for each creature they control that's attacking you" (Ghostly Prison, Propaganda, Sphere of
Safety's X), "~ can't attack (or block) unless you pay / sacrifice / return / tap ...",
"Enchanted creature can't attack unless its controller pays {3}", and the activated "This
turn, creatures can't attack (block) unless their controller pays {X} for each ..." (War Tax,
War Cadence: one cost per activation, whose X the board records). A cost is always paid per
creature (CR 508.1d), which "for each creature they control that's attacking" spells out.
"""

from __future__ import annotations

import re

from mtgcombat.rules.effects import (
    AttackCost,
    BlockCost,
    Cost,
    CostPick,
    Effect,
    Selector,
    XCount,
    XSource,
)
from mtgcombat.rules.text.families.attacks import (
    NOT_KEYWORDS,
    PRE,
    SCOPE,
    SCOPES,
    counted,
    piece,
    subject,
)
from mtgcombat.rules.text.phrases import selector
from mtgcombat.rules.text.templates import Context, Piece, Template, static, template

_MANA = re.compile(r"(?:\{[0-9WUBRGCXSP/]+\})+", re.I)
_X_WORDS: dict[str, XSource] = {
    "the number of enchantments you control": "your_enchantments",
    "the number of basic land types among lands you control": "your_basic_land_types",
    "the number of cards in your hand": "your_hand_size",
}
"""``where X is ...`` → where X comes from."""
_EACH_X: dict[str, XSource] = {"card in your hand": "your_hand_size"}
"""``pays {1} for each ...`` → where X comes from."""


def _per_creature(each: str, verb: str, subj: str) -> bool:
    """Does ``for each <each>`` only restate that the cost is paid per creature (CR 508.1d)?
    (``creature they control that's attacking you``, ``of those creatures``, ``blocking
    creature they control``; an adjective must be the subject's: ``green creature``.)"""
    ing = "attacking" if verb == "attack" else "blocking"
    if each.casefold() == "of those creatures":
        return True
    m = re.fullmatch(rf"(?:(?P<adj>[\w-]+) )?creature they control that's {ing}(?: you)?|"
                     rf"{ing} creature they control", each, re.I)
    if m is None:
        return False
    adj = m.group("adj")
    return adj is None or adj.casefold() in subj.casefold().split()


def _pick(what: str) -> CostPick | None:
    """``two Islands`` / ``a land of their choice`` / ``an enchantment you control`` → which
    permanents the payer picks (always among their own)."""
    what = re.sub(r" of their choice$| you control$", "", what.strip(), flags=re.I)
    found = counted(what)
    if found is None:
        return None
    n, sel = found
    if sel.which != "all" or sel.controller != "any":
        return None
    return CostPick(count=n, filter=sel)


def _cost(act: str, obj: str) -> Cost | None:
    """The cost a payer's action names, or None."""
    act = act.casefold().rstrip("s")
    if act == "pay":
        if _MANA.fullmatch(obj):
            return Cost(mana=obj.upper())
        life = re.fullmatch(r"(\d+) life", obj)
        return Cost(life=int(life.group(1))) if life else None
    if act == "sacrifice":
        pick = _pick(obj)
        return Cost(sacrifice=[pick]) if pick else None
    if act == "return":
        m = re.fullmatch(r"(.+) to its owner's hand", obj, re.I)
        pick = _pick(m.group(1)) if m else None
        return Cost(return_to_hand=[pick]) if pick else None
    if act == "tap" and re.fullmatch(
            r"an untapped creature you control not declared as an attacking or blocking "
            r"creature this combat|an untapped creature you control", obj, re.I):
        return Cost(tap_untapped_creatures=1)
    return None


Groups = dict[str, str | None]
"""A cost sentence's matched parts, by group name."""


def _x_source(cost: Cost, g: Groups, ctx: Context) -> tuple[Cost, XSource | None] | None:
    """The cost with ``{X}`` and where X comes from (``for each card in your hand``, ``where X
    is ...``, an activation's X), or None when the count isn't expressible."""
    each, where, subj = g["each"], g["where"], g["subj"] or ""
    verb = "attack" if (g["verb"] or "").casefold() == "attack" else "block"
    if where is not None:
        if cost.mana != "{X}" or (each and not _per_creature(each, verb, subj)):
            return None
        x = _X_WORDS.get(where.casefold())
        return (cost, x) if x else None
    if each and not _per_creature(each, verb, subj):
        if cost.mana != "{1}":
            return None
        x = _EACH_X.get(each.casefold())
        if x is None:
            on = re.fullmatch(r"(.+) on the battlefield", each, re.I)
            sel = selector(on.group(1)) if on else None
            if sel is None or sel.which != "all":
                return None
            x = XCount(count=sel)
        return Cost(mana="{X}"), x
    if cost.mana is not None and "X" in cost.mana:
        return (cost, "activation") if "{X}" in ctx.cost and g["dur0"] else None
    return cost, None


def _effects(g: Groups, sel: Selector, ctx: Context) -> tuple[list[Effect], bool] | None:
    """The cost effects of a matched cost sentence on the creatures ``sel`` selects, and
    whether the cost comes once per recorded activation (``{X}`` of the activation)."""
    cost = _cost(g["act"] or "", g["obj"] or "")
    if cost is None:
        return None
    if (g["payer"] or "").casefold() == "you" and sel.which != "self":
        return None  # "you pay" only for your own creature
    found = _x_source(cost, g, ctx)
    if found is None:
        return None
    cost, x = found
    verb = (g["verb"] or "").casefold()
    scope = SCOPES[g["scope"] or ""]
    if scope != "any" and verb != "attack":
        return None
    out: list[Effect] = []
    if "attack" in verb:
        out.append(AttackCost(affects=sel, scope=scope, cost=cost, x=x))
    if "block" in verb:
        out.append(BlockCost(affects=sel, cost=cost, x=x))
    return out, x == "activation"


_COST = (r"(?P<subj>.+?) can't (?P<verb>attack or block|attack|block)" + SCOPE
         + r" unless (?P<payer>their controller|its controller|you) (?P<act>pays?|"
         r"sacrifices?|returns?|taps?) (?P<obj>.+?)(?: for each (?P<each>.+?))?"
         r"(?:, where x is (?P<where>.+))?")


@template("attack_cost", PRE + _COST,
          "Ghostly Prison: Creatures can't attack you unless their controller pays {2} for "
          "each creature they control that's attacking you.", NOT_KEYWORDS)
def _cost_to(m: re.Match[str], ctx: Context) -> Piece | None:
    sel = subject(m.group("subj"))
    built = _effects(m.groupdict(), sel, ctx) if sel is not None else None
    if built is None:
        return None
    out, per_activation = built
    if per_activation:  # one cost per recorded activation, as its activations list says
        return static(*out) if ctx.kind == "activated" else None
    return piece(m, ctx, *out)


_INNER = re.compile(_COST, re.I)


@template("attack_cost",
          r"until end of turn, target creature gains \"~ (?P<inner>can't [^\"]+?)\.?\"",
          "Whipgrass Entangler: Until end of turn, target creature gains \"This creature "
          "can't attack or block unless its controller pays {1} for each Cleric on the "
          "battlefield.\"", frozenset({"spell", "activated"}))
def _gains_cost(m: re.Match[str], ctx: Context) -> Piece | None:
    """A targeted creature gains, until end of turn, a cost to attack or block itself."""
    inner = _INNER.fullmatch("~ " + m.group("inner"))
    if inner is None or inner.group("payer").casefold() != "its controller":
        return None
    g = {**inner.groupdict(), "dur0": None}
    built = _effects(g, Selector(which="targets"), ctx)
    if built is None or built[1]:
        return None
    return Piece(resolved=tuple(built[0]))


TEMPLATES: tuple[Template, ...] = (_cost_to, _gains_cost)
"""The templates of this module, in the order they are tried."""

