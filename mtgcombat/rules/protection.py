"""Protection (CR 702.16): the qualities a ``protection from ...`` keyword names, and whether a
creature has one. Protection acts on blocking (702.16f, :mod:`mtgcombat.compile.blocks`) and
on damage (702.16e, :mod:`mtgcombat.damage.prevention`)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from mtgcombat.errors import BoardError
from mtgcombat.rules.colors import COLOR_WORDS
from mtgcombat.rules.types import is_type_word

_SPLIT = re.compile(r",? and from |, from |,? and |, or |,? or ")


def qualities(keywords: Iterable[str]) -> tuple[str, ...]:
    """The qualities of every ``protection from ...`` keyword (``from demons and from dragons``
    gives ``demons``, ``dragons``)."""
    out: list[str] = []
    for kw in keywords:
        if kw.startswith("protection from "):
            out.extend(p.strip() for p in _SPLIT.split(kw[len("protection from "):]))
    return tuple(out)


def _type_forms(word: str) -> set[str]:
    """A type word's singular candidates (``dragons`` -> ``dragon``, ``elves`` -> ``elf``)."""
    w = word.casefold()
    return {w, w[:-1], w[:-2], w[:-3] + "f", w[:-3] + "y"} if len(w) > 3 else {w}


def quality_matches(quality: str, colors: frozenset[str], types: frozenset[str],
                    subtypes: frozenset[str]) -> bool:
    """Does a creature with these characteristics have ``quality`` (CR 702.16a)? A quality
    this library does not model (``non...``, ``the chosen color``) is a :class:`BoardError`
    saying so, never a silent "no"."""
    if quality in COLOR_WORDS:
        return COLOR_WORDS[quality] in colors
    if quality in ("everything", "creatures", "all"):
        return True
    if quality in ("all colors", "each color"):
        return bool(colors)
    if quality == "multicolored":
        return len(colors) >= 2
    if quality == "monocolored":
        return len(colors) == 1
    if quality == "colorless":
        return not colors
    if is_type_word(quality):
        have = {t.casefold() for t in types | subtypes}
        return bool(_type_forms(quality) & have)
    raise BoardError(f"'protection from {quality}' is not modelled (known: colours, "
                     "creatures, everything, multicolored, monocolored, colorless, card types "
                     "and subtypes)")
