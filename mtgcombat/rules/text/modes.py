"""Modal spells and abilities in card text: which lines are modes, and how many are chosen.

A modal spell or ability (CR 700.2) is a line ending in an instruction to choose ("Choose one
—", "When ~ enters, choose one or both —", "Choose three. You may choose the same mode more
than once.") followed by its modes, one bullet line each; a Spree spell's modes (CR 702.172,
one or more) are its ``+ {cost} —`` lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mtgcombat.rules.text.sentences import SPREE_MODE


@dataclass(frozen=True)
class Choice:
    """How many of a modal ability's modes are chosen: ``low`` to ``high``; ``repeat``: the
    same mode may be chosen more than once (CR 700.2d)."""

    low: int
    high: int
    repeat: bool = False


_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4}
_START = r"(?:^|(?<=[,:.—]) )"
"""Where the instruction starts: the line's start, or after a cost, a trigger condition or an
ability word."""
_WHO = r"(?:choose|an opponent chooses)"
_DASH = r" ?—"
_EXACTLY = re.compile(_START + _WHO + r" (one|two|three|four)(?: at random)?"
                      r"(?: that hasn't been chosen(?: this turn)?)?" + _DASH + "$", re.I)
_SENTENCE = re.compile(_START + r"choose (one|two|three|four)\."
                       r"(?: Activate only [^.]*\.| Each mode must target a different player\.)?$",
                       re.I)
_BOTH = re.compile(_START + _WHO + r" one or both(?:" + _DASH + r"|\. Each mode must target a "
                   r"different player\.)$", re.I)
_MORE = re.compile(_START + _WHO + r" one or more" + _DASH + "$", re.I)
_UP_TO = re.compile(_START + r"choose up to (one|two|three)" + _DASH + "$", re.I)
_REPEAT = re.compile(_START + r"choose (two|three|four)\. You may choose the same mode more "
                     r"than once\.$", re.I)
_OR_MORE = re.compile(_START + r"choose one\. If [^.]*, (?:you may )?choose (both|two|one or "
                      r"more) instead\.$", re.I)
"""One mode, or more when a condition holds ("If you control a commander as you cast this
spell, you may choose both instead"): the board says what was chosen."""


def modal_heads(lines: list[str]) -> dict[int, list[int]]:
    """Each line followed by bullet (or Spree) lines (counting from 0) → those lines (its
    modes, in printed order)."""
    heads: dict[int, list[int]] = {}
    head: int | None = None
    for i, line in enumerate(lines):
        if line.lstrip().startswith("•") or SPREE_MODE.match(line.lstrip()):
            if head is not None:
                heads.setdefault(head, []).append(i)
        else:
            head = i
    return heads


def choice(head: str, modes: int) -> Choice | None:
    """How many of ``modes`` modes the instruction ending ``head`` (its line, reminder text
    dropped) lets a player choose; None when it depends on something the board doesn't say
    ("Choose X", "choose up to that many", "choose any number")."""
    text = " ".join(head.split())
    found = _EXACTLY.search(text) or _SENTENCE.search(text)
    if found:
        return _fits(Choice(_NUMBERS[found.group(1).lower()], _NUMBERS[found.group(1).lower()]),
                     modes)
    more = _OR_MORE.search(text)
    if _BOTH.search(text) or (more is not None and more.group(1).lower() == "both"):
        return _fits(Choice(1, 2), modes) if modes == 2 else None
    if more is not None and more.group(1).lower() == "two":
        return _fits(Choice(1, 2), modes)
    if _MORE.search(text) or more is not None or text == "Spree":
        return _fits(Choice(1, modes), modes)
    if (found := _UP_TO.search(text)) is not None:
        return _fits(Choice(0, _NUMBERS[found.group(1).lower()]), modes)
    if (found := _REPEAT.search(text)) is not None:
        n = _NUMBERS[found.group(1).lower()]
        return Choice(n, n, repeat=True)
    return None


def _fits(c: Choice, modes: int) -> Choice | None:
    """``c`` when it can be chosen among ``modes`` distinct modes (two or more)."""
    return c if 2 <= modes and c.high <= modes else None
