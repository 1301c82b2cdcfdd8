"""Templates for sentences whose only effect is putting or removing counters.

"Put a flying counter on target creature.", "This creature enters with a menace counter on
it.", "Put a +1/+1 counter and an indestructible counter on ~.": once the spell or ability
has resolved (or the permanent has entered), the counters are in the board's ``counters``,
and the engine applies what they do: +1/+1 and -1/-1 counters change power and toughness (CR
613.4c) and a keyword counter (CR 122.1b) gives its keyword. So such a sentence compiles to no
effect but to a note that the board records its result; before it resolves, the board shows
no counter. Sentences about other counters (shield, stun, +1/+0, ...), counters on players, a
number the board doesn't say (``X``, "that many"), or with any other effect are left to other
templates or reported.

Timing: a trigger met before blockers are declared (on entering, at the beginning of combat,
on attacking) resolves before the combat questions that see its counters, so its result is
board state too; a trigger met later in combat (on blocking, on being blocked, on dealing
combat damage) could change the combat it is part of (a counter between the first-strike
and the regular combat damage step), and a reflexive "when you do" one depends on the
ability it follows: those are not matched.
"""

from __future__ import annotations

import re

from mtgcombat.rules.keywords import KEYWORD_COUNTERS
from mtgcombat.rules.text.families.keywords import keyword_effects, keyword_status
from mtgcombat.rules.text.templates import Context, Piece, Template, template

NOTE = ("its counters are in the board's counters once it resolved (the engine applies +1/+1 "
        "and -1/-1 counters, CR 613.4c, and keyword counters, CR 122.1b)")
"""What a counter sentence's compiled card says the board records."""

_AMOUNT = r"(?:an?|one|two|three|four|five|an additional)"
_KIND = r"(?:[+\-−]1/[+\-−]1|[a-z][a-z ]*?)"
_WHAT = (rf"(?P<counters>(?:your choice of )?{_AMOUNT} {_KIND}(?: counters?)?"
         rf"(?:(?:,|,? and|,? or) (?:{_AMOUNT} )?{_KIND}(?: counters?)?)* counters?)")
_OBJECT = r"(?P<obj>[^,.]+?)"
_HEAD = r"(?:(?P<head>(?:when|whenever|at) [^,]+), (?:if [^,]+, )?)?"
_LATE = re.compile(r"\b(?:block|blocks|blocked|blocking|damage|when you do|dies|unblocked)\b",
                   re.I)
"""Trigger conditions met after blockers are declared (or reflexive ones)."""
_OTHER_VERB = re.compile(r"\b(?:and|then|gains?|gets?|until|where|for each|if|unless|"
                         r"instead|that many|x)\b", re.I)
"""Words in what the counters are put on that mean another effect or a number not given."""
_ITEM = re.compile(rf"(?:{_AMOUNT} )?({_KIND})(?: counters?)?")
_SEPARATOR = re.compile(r",? (?:and|or) |, ")


def _kinds(counters: str) -> list[str] | None:
    """The kinds of counter ``counters`` names (``a +1/+1 counter and a flying counter``,
    ``your choice of a +1/+1, first strike, or trample counter``), or None when one is a kind
    the engine doesn't apply or none is a keyword counter (a sentence of +1/+1 counters only
    is board state the classifier already leaves out)."""
    text = counters.removeprefix("your choice of ")
    kinds: list[str] = []
    for item in _SEPARATOR.split(text):
        m = _ITEM.fullmatch(item.strip())
        if m is None:
            return None
        kinds.append(m.group(1).replace("−", "-"))
    keyword = [k for k in kinds if k not in ("+1/+1", "-1/-1")]
    if not keyword or any(k not in KEYWORD_COUNTERS or keyword_status(k) != "modelled"
                          or keyword_effects(k) for k in keyword):
        return None
    return kinds


def _recorded(m: re.Match[str], ctx: Context) -> Piece | None:
    head = m.groupdict().get("head")
    if head is not None and _LATE.search(head):
        return None
    if ctx.kind == "triggered" and head is None:
        return None  # the trigger condition is in another sentence: its timing is unknown
    obj = m.groupdict().get("obj") or ""
    if _OTHER_VERB.search(obj) or _kinds(m.group("counters")) is None:
        return None
    return Piece(notes=(NOTE,))


@template("keywords", rf"{_HEAD}(?:you may )?(?:then )?put {_WHAT} on {_OBJECT}",
          "Call a Surprise Witness: Put a flying counter on it.",
          kinds=frozenset({"static", "activated", "triggered", "spell"}))
def _put(m: re.Match[str], ctx: Context) -> Piece | None:
    return _recorded(m, ctx)


@template("keywords", rf"~ enters with {_WHAT} on it",
          "Biting-Palm Ninja: This creature enters with a menace counter on it.")
def _enters_with(m: re.Match[str], ctx: Context) -> Piece | None:
    return _recorded(m, ctx)


TEMPLATES: tuple[Template, ...] = (_put, _enters_with)
"""The templates of this module, in the order they are tried."""
