"""Card entries of a puzzle as board permanents and card names.

Names are looked up in the oracle corpus (:mod:`mtgcombat.rules.corpus`): ``|Transformed``,
``|Modal`` and ``|Flipped`` put the back face up (a file may also name the back face itself),
and a name the corpus doesn't know, or a face it has no characteristics for, is a note. Tokens
become custom permanents (:mod:`mtgcombat.forge.tokens`) of base power and toughness 0 with
their printed values added by an effect of their own, so that counters and other effects
still apply (a board's explicit ``power``/``toughness`` would be final).

Counters: ``P1P1`` and ``M1M1`` are the board's ``+1/+1`` and ``-1/-1`` counters (CR
122.1a); another power/toughness counter (``P1P0``) is kept by name and its change applied
as an effect of the permanent itself; ``LOYALTY`` and ``DEFENSE`` set loyalty and defense;
any other counter is kept by its lower-case name (``LORE`` → ``lore``), with a note when no
card on the board mentions it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from mtgcombat.errors import BoardError
from mtgcombat.forge.parse import CardEntry
from mtgcombat.forge.report import Note
from mtgcombat.forge.tokens import inline_token, script_token
from mtgcombat.rules.corpus import CorpusFace, close_names, lookup

_PT_COUNTER = re.compile(r"^([PM])(\d+)([PM])(\d+)$")
_HELD = frozenset({
    "id", "tapped", "summonsick", "counters", "attachedto", "attaching", "attacking",
    "damage", "facedown", "transformed", "modal", "flipped", "phasedout", "owner",
    "enchantingplayer", "set", "art", "noetbtrigs",
})
"""Options the board holds, or that only matter while the game is set up (``NoETBTrigs``) or
to the printing (``Set``, ``Art``)."""
_STATUS_WORDS = {
    "renowned": "renown", "monstrous": "monstrous", "saddled": "saddle",
    "suspected": "suspect", "solved": "solved", "isringbearer": "ring-bearer",
    "iscommander": "commander", "classlevel": "level", "unlockedroom": "unlock",
    "istoken": "token", "foretold": "foretell", "foretoldthisturn": "foretell",
    "onadventure": "adventure",
}
"""Status options → the word a card's text uses when it checks that status."""
_SPLIT_LAYOUTS = frozenset({"split", "aftermath"})


@dataclass
class Context:
    """What a conversion gathers: notes, and each permanent's printed text (for counters)."""

    notes: list[Note] = field(default_factory=list)
    texts: dict[str, str] = field(default_factory=dict)
    card_ok: Callable[[str], str | None] | None = None
    """Checks that the catalog can build a card name: None when it can, else why not."""

    def note(self, kind: str, where: str, message: str, matters: bool = True) -> None:
        """Add one :class:`Note`."""
        self.notes.append(Note(kind, where, message, matters))


def slug(name: str) -> str:
    """A card name as an id: lower case, every run of other characters than ``a-z`` and
    ``0-9`` one ``_``, none at either end (``Ugin's Construct`` → ``ugin_s_construct``)."""
    return re.sub(r"[^0-9a-z]+", "_", name.casefold()).strip("_") or "card"


def entry_slug(entry: CardEntry) -> str:
    """The slug of an entry's name: a ``t:`` token's text up to its first comma, a ``T:``
    token's script name, otherwise the card name."""
    if entry.inline_token:
        return slug(entry.name[2:].split(",", 1)[0])
    if entry.script_token:
        return slug(entry.name[2:])
    return slug(entry.name)


def card_name(entry: CardEntry, where: str, ctx: Context, *,
              back: bool = False) -> tuple[str, CorpusFace] | None:
    """The board card name and printed face for ``entry`` (the back face with ``back``), or
    None with a note when there is none the board can use."""
    found = lookup(entry.name)
    if found is None:
        close = close_names(entry.name)
        hint = f"; did you mean {', '.join(map(repr, close))}?" if close else ""
        ctx.note("unknown_card", where, f"{entry.name!r} is not in the oracle corpus{hint}")
        return None
    index = found.face_index
    if back and index == 0:
        if len(found.faces) < 2:
            ctx.note("no_back_face", where, f"{found.name!r} has no back face; the front "
                     "face is used")
        else:
            index = 1
    face = found.faces[index]
    if face.missing:
        ctx.note("missing_face", where, f"the oracle corpus has no characteristics for "
                 f"{face.name!r} (a face of {found.name!r})")
        return None
    name = found.name if index == 0 and found.layout in _SPLIT_LAYOUTS else face.name
    why = ctx.card_ok(name) if ctx.card_ok is not None else None
    if why is not None:
        ctx.note("unusable_card", where, why)
        return None
    return name, face


def _counter_pairs(value: str, where: str, ctx: Context) -> list[tuple[str, int]]:
    """``TYPE=N,TYPE=N`` as pairs; unreadable ones are notes."""
    out: list[tuple[str, int]] = []
    for part in value.split(","):
        kind, _, count = part.strip().partition("=")
        if not part.strip():
            continue
        try:
            out.append((kind.strip().upper(), int(count)))
        except ValueError:
            ctx.note("bad_counter", where, f"counter {part.strip()!r} is not TYPE=N")
    return out


def apply_counters(perm: dict[str, Any], value: str, where: str, ctx: Context) -> None:
    """The ``Counters:`` option into ``perm``: counters, loyalty, defense and the effect of
    power/toughness counters other than +1/+1 and -1/-1."""
    counters: dict[str, int] = perm.setdefault("counters", {})
    for kind, n in _counter_pairs(value, where, ctx):
        if n <= 0:
            continue
        m = _PT_COUNTER.match(kind)
        if kind in ("LOYALTY", "DEFENSE"):
            perm[kind.casefold()] = n
        elif m is not None:
            p = int(m.group(2)) * (1 if m.group(1) == "P" else -1)
            t = int(m.group(4)) * (1 if m.group(3) == "P" else -1)
            name = f"{p:+d}/{t:+d}"
            counters[name] = counters.get(name, 0) + n
            if name not in ("+1/+1", "-1/-1"):
                perm.setdefault("effects", []).append(
                    {"kind": "modify_pt", "affects": {"which": "self"}, "power": p * n,
                     "toughness": t * n})
        else:
            counters[kind.casefold()] = counters.get(kind.casefold(), 0) + n
    if not counters:
        perm.pop("counters")


def note_counters(perm: dict[str, Any], ctx: Context) -> None:
    """A note for each counter of ``perm`` that is neither a power/toughness counter nor
    mentioned by any card on the board."""
    texts = " ".join(ctx.texts.values()).casefold()
    for name in perm.get("counters", {}):
        if "/" not in name and f"{name} counter" not in texts:
            ctx.note("counter", perm["id"], f"{perm['counters'][name]} {name} counter(s): no "
                     "card on the board mentions them", matters=False)


def _token(entry: CardEntry, where: str, ctx: Context) -> dict[str, Any]:
    """A token entry's custom-permanent fields."""
    if entry.inline_token:
        fields, unread = inline_token(entry.name[2:])
    else:
        fields, unread = script_token(entry.name[2:])
    for part in unread:
        ctx.note("token", where, f"token {entry_slug(entry)!r}: {part}")
    ctx.texts[where] = " ".join(fields.get("keywords", []))
    power, toughness = fields.pop("power", 0), fields.pop("toughness", 0)
    if power or toughness:
        fields["effects"] = [{"kind": "modify_pt", "affects": {"which": "self"},
                              "power": power, "toughness": toughness}]
    return fields


def base_permanent(entry: CardEntry, pid: str, controller: str,
                   ctx: Context) -> dict[str, Any] | None:
    """The permanent for a battlefield entry before attachments and combat: card or token,
    tapped, summoning sickness, face-down, phased-out, damage, owner and counters; None with
    a note when the card can't be put on the board."""
    perm: dict[str, Any] = {"id": pid}
    if entry.token:
        perm.update(_token(entry, pid, ctx))
        if not perm["types"]:
            ctx.note("token", pid, f"token {entry.name[:80]!r} has no card type the board "
                     "knows; left out")
            return None
    else:
        back = entry.has("transformed") or entry.has("modal") or entry.has("flipped")
        found = card_name(entry, pid, ctx, back=back)
        if found is None and not entry.has("facedown"):
            ctx.note("left_out", pid, f"{entry.name!r} is left out of the board")
            return None
        if found is None:
            perm.update(name="face-down card", types=["Creature"])
        else:
            perm["card"], face = found
            ctx.texts[pid] = face.text
            if not entry.has("facedown"):
                _note_variable_pt(face, pid, ctx)
    perm["controller"] = controller
    _state(entry, perm, ctx)
    return perm


def _note_variable_pt(face: CorpusFace, pid: str, ctx: Context) -> None:
    """A note for a creature whose power or toughness its own text defines (``*``, CR
    604.3): the board has no field for what it counts."""
    pt = f"{face.power}/{face.toughness}"
    if "*" not in pt:
        return
    if "graveyard" in face.text.casefold():
        ctx.note("graveyard_count", pid, f"{face.name} is {pt}, counting cards in a "
                 "graveyard: the board's graveyards are names, the count is what the "
                 "catalog models of its text")
    else:
        ctx.note("variable_pt", pid, f"{face.name} is {pt}, defined by its text: the board "
                 "has what the catalog models of it")


def _state(entry: CardEntry, perm: dict[str, Any], ctx: Context) -> None:
    """Tapped, face-down, phased-out, damage and counters into ``perm``; other options as
    notes."""
    pid = perm["id"]
    for key, out in (("tapped", "tapped"), ("facedown", "face_down"),
                     ("phasedout", "phased_out")):
        if entry.has(key):
            perm[out] = True
    damage = entry.get("damage")
    if damage is not None:
        try:
            perm["damage"] = max(0, int(damage))
        except ValueError:
            ctx.note("bad_option", pid, f"Damage:{damage} is not a number")
    counters = entry.get("counters")
    if counters is not None:
        apply_counters(perm, counters, pid, ctx)
    text = ctx.texts.get(pid, "").casefold()
    held = _choices(entry, perm)
    for key, value in entry.options:
        if key in _HELD or key in held:
            continue
        shown = f"{key}:{value}" if value else key
        if key in _STATUS_WORDS:
            ctx.note("status", pid, f"status {shown!r} is not held by the board",
                     matters=_STATUS_WORDS[key] in text)
        else:
            ctx.note("option", pid, f"option {shown!r} is not held by the board")


def _choices(entry: CardEntry, perm: dict[str, Any]) -> set[str]:
    """``ChosenColor`` (one colour) and ``ChosenType`` into the permanent's ``chosen``, when the
    board format has that field; the options held."""
    from mtgcombat.board.model import Permanent

    if "chosen" not in Permanent.model_fields:
        return set()
    chosen: dict[str, str] = {}
    color = entry.get("chosencolor")
    if color is not None and "," not in color and color.strip():
        chosen["color"] = color.strip()
    kind = entry.get("chosentype")
    if kind is not None and kind.strip():
        chosen["creature_type"] = kind.strip()
    if chosen:
        perm["chosen"] = chosen
    return {k for k, f in (("chosencolor", "color"), ("chosentype", "creature_type"))
            if f in chosen}


def zone_names(entries: list[CardEntry], where: str, ctx: Context) -> list[str]:
    """The card names of a hand or graveyard (unknown ones are notes)."""
    names: list[str] = []
    for e in entries:
        if e.token:
            ctx.note("zone", where, f"a token ({e.name[:80]!r}) is left out")
            continue
        found = card_name(e, where, ctx)
        if found is not None:
            names.append(found[0])
    return names


def check_card(name: str) -> str | None:
    """None when the default catalog builds ``name``, else why not (for :class:`Context`)."""
    from mtgcombat.rules.catalog import default_catalog

    try:
        default_catalog().get(name)
    except BoardError as err:
        return err.message
    return None
