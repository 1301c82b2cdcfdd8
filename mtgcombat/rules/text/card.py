"""A printed card of the oracle corpus as a catalog :class:`~mtgcombat.rules.catalog.Card`.

Its characteristics come from the corpus; its keywords, effects, resolved effects and abilities
from compiling its text (:mod:`.compile`). What the compiler can't model, and what the corpus
can't vouch for (no text where a card may have some, a power of ``*``), is listed in the
card's ``unmodelled`` sentences.
"""

from __future__ import annotations

from pydantic import ValidationError

from mtgcombat.errors import BoardError
from mtgcombat.rules.catalog import Card, CardAbility, CardMode, ModeChoice, UnmodelledSentence
from mtgcombat.rules.corpus import CorpusCard
from mtgcombat.rules.mana_syntax import check_cost
from mtgcombat.rules.text.compile import Ability, CompiledText, Unmodelled, compile_face

_ENCHANT_WORDS = ("creature", "land", "artifact", "enchantment", "planeswalker", "battle",
                  "permanent", "player")


def _enchant(keywords: tuple[str, ...]) -> str | None:
    for kw in keywords:
        if kw.startswith("enchant "):
            what = kw[len("enchant "):]
            if what in ("opponent", "player or planeswalker"):
                return "player"
            for word in _ENCHANT_WORDS:
                if what.startswith(word) or what.endswith(word):
                    return word
            return "permanent"
    return None


def _mana_cost(cost: str | None) -> str | None:
    if not cost:
        return None
    try:
        check_cost(cost, allow_x=True)
    except ValueError:
        return None
    return cost


def _pt(value: str | None) -> int | None:
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


NO_TEXT = ("(the oracle corpus has no rules text for this card: right for a vanilla creature, "
           "but if the printed card has text, it is not modelled; `mtgcombat cards import` "
           "reads a newer bulk file)")
"""The note on a creature the corpus gives no text for (its source can't tell a vanilla
creature from missing text)."""


def _notes(card: CorpusCard, compiled: CompiledText) -> list[Unmodelled]:
    """What the corpus itself can't vouch for, as unmodelled notes."""
    face = card.face
    notes: list[Unmodelled] = []
    if "no_text" in card.flags and "Creature" in face.types:
        notes.append(Unmodelled(NO_TEXT, "characteristic"))
    fixed = _pt(face.power) is not None and _pt(face.toughness) is not None
    if "Creature" in face.types and not fixed and not any(
            family == "characteristic"
            for family in [*(u.family for u in compiled.unmodelled),
                           *(f for f, _ in compiled.modelled)]):
        notes.append(Unmodelled(f"(power/toughness {face.power}/{face.toughness} is defined "
                                "by text that is not modelled)", "characteristic"))
    return notes


def _ability(a: Ability) -> CardAbility:
    """A compiled ability as the catalog writes it."""
    choose = None if a.choice is None else ModeChoice(min=a.choice.low, max=a.choice.high,
                                                      repeat=a.choice.repeat)
    return CardAbility(text=a.text, resolved=list(a.resolved), choose=choose,
                       modes=[CardMode(text=m.text, resolved=list(m.resolved))
                              for m in a.modes])


def card_from_corpus(card: CorpusCard) -> Card:
    """The catalog card for the face of ``card`` its lookup named."""
    face = card.face
    if face.missing:
        raise BoardError(f"the oracle corpus has no characteristics for {face.name!r} (a face "
                         f"of {card.name!r}); describe it with a custom permanent instead")
    compiled = compile_face(face, card.name)
    unmodelled = [*compiled.unmodelled, *_notes(card, compiled)]
    creature = "Creature" in face.types
    power, toughness = _pt(face.power), _pt(face.toughness)
    try:
        return Card.model_validate({
            "name": face.name, "mana_cost": _mana_cost(face.mana_cost),
            "supertypes": list(face.supertypes), "types": list(face.types),
            "subtypes": list(face.subtypes), "colors": list(face.colors),
            "power": power if power is not None or not creature else 0,
            "toughness": toughness if toughness is not None or not creature else 0,
            "loyalty": _pt(face.loyalty), "defense": _pt(face.defense),
            "keywords": list(compiled.keywords), "enchant": _enchant(compiled.keywords),
            "text": face.text, "effects": list(compiled.effects),
            "resolved": list(compiled.resolved), "origin": "corpus",
            "abilities": [_ability(a) for a in compiled.abilities],
            "notes": " ".join(f"{what.rstrip('.')}: {note}." for what, note in compiled.recorded),
            "unmodelled": [UnmodelledSentence(text=u.text, family=u.family)
                           for u in unmodelled],
        })
    except ValidationError as exc:
        err = exc.errors()[0]
        raise BoardError(f"the oracle corpus entry for {face.name!r} is not usable: "
                         f"{err['msg']} at {'.'.join(str(p) for p in err['loc'])}") from None
