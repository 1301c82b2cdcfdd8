"""Forge tokens as custom permanents: token script names and inline token definitions.

A token script name (``T:c_4_4_a_construct``) packs the token: its colours (letters of
``wubrg``, ``c`` for colourless, ``all`` for all five), power and toughness, then words:
``a`` (artifact) and ``e`` (enchantment), creature types and keywords (``flying``,
``firststrike``), sometimes a word naming a printing or a special rule
(``b_1_1_bird_flying_noblock``). An inline definition (``t:Knight,P:2,T:2,Cost:no cost,
Color:W,Types:Creature-Knight,Keywords:Vigilance,Image:...``) gives its name and
characteristics as ``Key:Value`` fields (types and keywords joined by ``-``). Either becomes
the characteristics of a custom permanent (a script token named by its subtypes, as Forge
names it); the words and fields that can't be read are returned so that the importer
reports them.
"""

from __future__ import annotations

import re
from typing import Any

from mtgcombat.rules.colors import COLOR_WORDS
from mtgcombat.rules.keywords import UnknownKeyword, canonical_keyword
from mtgcombat.rules.types import UnknownName, card_type, subtype, supertype

_SCRIPT_KEYWORDS = {"firststrike": "first strike", "doublestrike": "double strike"}
"""Script words that spell a keyword without its space."""
_SCRIPT_TYPES = {"a": "Artifact", "e": "Enchantment"}
"""Script words that add a card type."""
_COLOR_LETTERS = "WUBRG"


def _colors(code: str) -> list[str] | None:
    """A script's colour part as colour letters, or None when it isn't one."""
    low = code.casefold()
    if low == "c":
        return []
    if low == "all":
        return list(_COLOR_LETTERS)
    if low and all(ch in "wubrg" for ch in low):
        return [c for c in _COLOR_LETTERS if c.casefold() in low]
    return None


def _keyword(word: str) -> str | None:
    """The keyword a script word or definition field names, or None."""
    word = _SCRIPT_KEYWORDS.get(word.casefold(), word)
    try:
        return canonical_keyword(word)
    except UnknownKeyword:
        return None


def _subtype(word: str) -> str | None:
    try:
        return subtype(word)
    except UnknownName:
        return None


def script_token(script: str) -> tuple[dict[str, Any], list[str]]:
    """The custom-permanent fields (``name``, ``types``, ``subtypes``, ``colors``, ``power``,
    ``toughness``, ``keywords``) of a token script name, and the parts it couldn't read."""
    parts = [p for p in script.split("_") if p]
    unread: list[str] = []
    colors = _colors(parts[0]) if parts else None
    if colors is None:
        unread.append(f"colour code {parts[0] if parts else script!r} not understood")
        colors = []
    fields: dict[str, Any] = {"colors": colors}
    rest = parts[1:]
    if len(rest) >= 2 and all(p.lstrip("-").isdigit() for p in rest[:2]):
        fields["power"], fields["toughness"] = int(rest[0]), int(rest[1])
        types = ["Creature"]
        rest = rest[2:]
    else:
        types = []
        unread.append("no power and toughness in the script name")
    subtypes: list[str] = []
    keywords: list[str] = []
    for word in rest:
        if word.casefold() in _SCRIPT_TYPES:
            types.insert(0, _SCRIPT_TYPES[word.casefold()])
        elif (kw := _keyword(word)) is not None:
            keywords.append(kw)
        elif (sub := _subtype(word)) is not None:
            subtypes.append(sub)
        else:
            unread.append(f"script word {word!r} not understood")
    if not types:
        types = ["Creature"]
    fields.update(name=" ".join(subtypes) or script, types=types, subtypes=subtypes,
                  keywords=keywords)
    return fields, unread


def _type_words(words: list[str]) -> tuple[list[str], list[str], list[str]]:
    """Definition ``Types`` words split into card types, subtypes, and words not read
    (supertypes are dropped: the board's custom permanents have none)."""
    types: list[str] = []
    subtypes: list[str] = []
    unread: list[str] = []
    for w in words:
        try:
            types.append(card_type(w))
            continue
        except UnknownName:
            pass
        try:
            supertype(w)
            continue
        except UnknownName:
            pass
        sub = _subtype(w)
        if sub is None:
            unread.append(f"type {w!r} not understood")
        else:
            subtypes.append(sub)
    return types, subtypes, unread


def _definition_colors(value: str | None, image: str) -> tuple[list[str], list[str]]:
    """A definition's ``Color`` as colour letters (``W``, ``WU``, ``W/U``, ``white``; ``C``:
    colourless) and what couldn't be read. Without ``Color`` Forge takes the colours of the
    mana cost, none for ``no cost``; when the image name's colour code says otherwise, that is
    reported."""
    if value is None:
        code = _colors(image.split("_", 1)[0]) if "_" in image else None
        if code:
            return [], [f"no Color field, so Forge makes it colourless, though its image "
                        f"{image!r} is {''.join(code)}"]
        return [], []
    letters: list[str] = []
    unread: list[str] = []
    for part in re.split(r"[/,\s]+", value.strip()):
        word = COLOR_WORDS.get(part.casefold())
        if word is not None:
            letters.append(word)
        elif part.upper() in ("", "C", "COLORLESS"):
            continue
        elif all(ch in _COLOR_LETTERS for ch in part.upper()):
            letters.extend(part.upper())
        else:
            unread.append(f"colour {part!r} not understood")
    return [c for c in _COLOR_LETTERS if c in letters], unread


def inline_token(text: str) -> tuple[dict[str, Any], list[str]]:
    """The custom-permanent fields of an inline token definition (the text after ``t:``)
    and the fields it couldn't read."""
    name, *pairs = (p.strip() for p in text.split(","))
    values: dict[str, str] = {}
    for pair in pairs:
        key, _, value = pair.partition(":")
        values[key.strip().casefold()] = value.strip()
    types, subtypes, unread = _type_words([w for w in values.get("types", "").split("-") if w])
    colors, unread_colors = _definition_colors(values.get("color"), values.get("image", ""))
    unread.extend(unread_colors)
    keywords: list[str] = []
    for k in values.get("keywords", "").split("-"):
        if k.strip():
            kw = _keyword(k.strip())
            if kw is None:
                unread.append(f"keyword {k.strip()!r} not understood")
            else:
                keywords.append(kw)
    fields: dict[str, Any] = {"name": name or "token", "types": types, "subtypes": subtypes,
                              "colors": colors, "keywords": keywords}
    for key, out in (("p", "power"), ("t", "toughness")):
        try:
            fields[out] = int(values[key])
        except (KeyError, ValueError):
            if "Creature" in types:
                unread.append(f"{out} {values.get(key)!r} not understood")
    return fields, unread
