"""Triggered abilities with lasting effects that the board records as resolved.

"Landfall — Whenever a land you control enters, ~ gets +2/+2 until end of turn.", "When ~
enters, target creature gets +1/+1 until end of turn.": the effect after the trigger
condition is compiled as a spell's effect would be (by the other families' templates), and
applies once per resolution the board records in the permanent's ``activations`` (with its
targets), like an activated ability. A trigger met during combat (attacking, blocking,
dealing damage) is not one of these: the board records the state before combat. A "may", an
"if" (intervening condition), a choice or a pronoun whose object another sentence gives keeps
the sentence unmodelled, and so does an effect that isn't a lasting one.
"""

from __future__ import annotations

import re
from dataclasses import replace

from mtgcombat.rules.text.templates import Context, Piece, Template, first_match, template

_UNSURE = re.compile(r"^(?:you may|if |choose|that |it |its |they |those |each player|"
                     r"an opponent|target opponent|for each)", re.I)


def _as_spell(text: str, ctx: Context) -> Piece | None:
    """What the other families' templates make of ``text`` as the effect of a resolving
    ability."""
    from mtgcombat.rules.text.families import TEMPLATES  # the joined list includes this module

    ability = replace(ctx, kind="activated")  # resolves like an activated ability of ~
    found = first_match(TEMPLATES, text, ability, {id(_resolved_trigger)})
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


TEMPLATES: tuple[Template, ...] = (_resolved_trigger,)
"""The resolved-trigger template (tried last)."""
