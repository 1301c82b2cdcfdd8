"""The combat text of a board that the engine does not model.

A board may name any printed card; a card's ``unmodelled`` sentences
(:class:`~mtgcombat.rules.catalog.UnmodelledSentence`) are its combat text that the engine
ignores. :func:`board_unmodelled` gathers them for every permanent on the battlefield and every
top-level ``effects`` entry naming a card (a resolved spell or ability; of a modal one, only
the text of the chosen modes and the rest of the card), so that every answer
can say what it ignores, and :func:`check_modelled` refuses such a board (``--strict``).

What has no text here: a face-down permanent (a 2/2 with no abilities, CR 708.2) and a
phased-out permanent with what is attached to it (treated as though it doesn't exist,
CR 702.26b).
"""

from __future__ import annotations

from dataclasses import dataclass

from mtgcombat.board.model import Board, Permanent
from mtgcombat.board.resolved import CardEffect
from mtgcombat.errors import BoardError
from mtgcombat.rules.catalog import Catalog, chosen_unmodelled, default_catalog
from mtgcombat.rules.types import shown


@dataclass(frozen=True)
class Unmodelled:
    """One unmodelled combat sentence (or keyword) of a board: where it is (``permanent``: a
    permanent id, or ``effects[i]`` for the top-level ``effects`` entry ``i``), the card
    printing it, its text and its template family; ``path`` is the JSON path of the card
    name in the board."""

    permanent: str
    card: str
    text: str
    family: str
    path: str

    def to_json(self) -> dict[str, str]:
        """``{"permanent", "card", "text", "family"}``."""
        return {"permanent": self.permanent, "card": self.card, "text": self.text,
                "family": self.family}


def _present(board: Board) -> list[tuple[int, Permanent]]:
    """The permanents (with their index) that exist now: not phased out, nor attached
    (directly or through others) to a phased-out permanent."""
    perms = {p.id: p for p in board.permanents}

    def phased(p: Permanent) -> bool:
        seen: set[str] = set()
        while True:
            if p.phased_out:
                return True
            if p.attached_to is None or p.attached_to not in perms or p.id in seen:
                return False
            seen.add(p.id)
            p = perms[p.attached_to]

    return [(i, p) for i, p in enumerate(board.permanents) if not phased(p)]


def board_unmodelled(board: Board, catalog: Catalog | None = None) -> list[Unmodelled]:
    """Every unmodelled combat sentence of ``board``'s cards, in board order: permanents
    first (face-down and phased-out ones have none), then top-level ``effects`` entries."""
    catalog = catalog or default_catalog()
    out: list[Unmodelled] = []
    for i, perm in _present(board):
        if perm.card is None or perm.face_down:
            continue
        card = catalog.get(perm.card)
        out.extend(Unmodelled(perm.id, card.name, u.text, u.family,
                              f"$.permanents[{i}].card") for u in card.unmodelled)
    for i, eff in enumerate(board.effects):
        if isinstance(eff, CardEffect):
            card = catalog.get(eff.card)
            out.extend(Unmodelled(f"effects[{i}]", card.name, u.text, u.family,
                                  f"$.effects[{i}].card")
                       for u in chosen_unmodelled(card, eff.ability, eff.modes))
    return out


def check_modelled(board: Board, catalog: Catalog | None = None,
                   file: str | None = None) -> list[Unmodelled]:
    """:func:`board_unmodelled`, refusing a board that has any (``--strict``): a
    :class:`BoardError` at the first one's card, naming the card and the sentence."""
    found = board_unmodelled(board, catalog)
    if found:
        first = found[0]
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        where = "" if first.permanent.startswith("effects[") else f" ({shown(first.permanent)})"
        raise BoardError(f"strict: {shown(first.card)}{where} has combat text that is not "
                         f"modelled: {shown(first.text, 200)}{more}", path=first.path, file=file)
    return found
