"""The syntax of mana strings (CR 107.4), checked when a board or the catalog is loaded.

A cost is a run of symbols in braces: ``{2}``, ``{W}``, ``{C}``, hybrid ``{R/G}``, Phyrexian
``{W/P}``, monocoloured hybrid ``{2/W}`` and, where the effect says where X comes from, ``{X}``.
Produced mana is ``{W}``..``{G}``, ``{C}``, ``{W/U}`` (one of two colours) or ``{any}``. The
payment step parses them again.
"""

from __future__ import annotations

import re

MAX_MANA = 1_000_000
"""The largest generic amount a mana symbol may write."""

COLOR_LETTERS = frozenset("WUBRG")
_SYMBOL = re.compile(r"\{([^{}]*)\}")


def _shown(text: str) -> str:
    return repr(text if len(text) <= 60 else text[:60] + "…")


def _check_symbol(body: str, text: str, allow_x: bool) -> None:
    """One cost symbol (the text between braces)."""
    if body.isdigit() and body.isascii():
        if len(body) > 7 or int(body) > MAX_MANA:
            raise ValueError(f"mana amount {{{body[:10]}}} is over {MAX_MANA} in {_shown(text)}")
        return
    if body == "X":
        if not allow_x:
            raise ValueError(f"{{X}} needs an 'x' saying where X comes from: {_shown(text)}")
        return
    parts = body.split("/")
    phyrexian = len(parts) > 1 and parts[-1] == "P"
    colors = parts[:-1] if phyrexian else parts
    if len(colors) == 2 and colors[0] == "2" and colors[1] in COLOR_LETTERS and not phyrexian:
        return
    ok = (bool(colors) and len(colors) <= 2 and all(c in COLOR_LETTERS for c in colors)
          and len(set(colors)) == len(colors))
    if not ok and colors == ["C"] and not phyrexian:
        ok = True
    if not ok:
        raise ValueError(f"unknown mana symbol {{{body[:20]}}} in {_shown(text)} (expected "
                         "{N}, {W}, {U}, {B}, {R}, {G}, {C}, {W/U}, {W/P}, {2/W} or {X})")


def check_cost(text: str, *, allow_x: bool = False) -> str:
    """``text`` if it is a mana cost; ``ValueError`` naming the bad part otherwise."""
    if not text:
        return text
    rest = _SYMBOL.sub("", text)
    if rest.strip() or not _SYMBOL.search(text):
        raise ValueError(f"not a mana cost: {_shown(text)} (expected symbols in braces, "
                         "like '{2}{W}')")
    for body in _SYMBOL.findall(text):
        _check_symbol(body, text, allow_x)
    return text


def check_produced(text: str) -> str:
    """``text`` if it is produced mana (``{G}``, ``{any}``, ``{C}{C}``); ``ValueError``
    otherwise."""
    if _SYMBOL.sub("", text).strip() or not _SYMBOL.search(text):
        raise ValueError(f"not produced mana: {_shown(text)} (expected symbols in braces, "
                         "like '{G}' or '{any}')")
    for body in _SYMBOL.findall(text):
        pair = body.split("/")
        if len(pair) == 2 and set(pair) <= COLOR_LETTERS and pair[0] != pair[1]:
            continue  # one mana of either colour ("any combination of {W} and/or {U}")
        if body not in ("any", "chosen", "C") and body not in COLOR_LETTERS:
            raise ValueError(f"unknown produced mana {{{body[:20]}}} in {_shown(text)} "
                             "(expected {W}, {U}, {B}, {R}, {G}, {C}, {W/U} (either), "
                             "{any} or {chosen})")
    return text


def has_x(text: str | None) -> bool:
    """Does the mana string write ``{X}``?"""
    return bool(text) and "{X}" in (text or "")
